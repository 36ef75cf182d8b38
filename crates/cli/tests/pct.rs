//! `ravel check --engine pct` (issue 42): probabilistic concurrency testing finds a bug
//! of depth 3 among 11 threads and about 1,900 steps that uniformly random schedules
//! (`--depth 0`, `ravel run`'s scheduler) miss, its witness replays, and it never answers
//! `safe`: without an error the verdict is unknown and states the runs and the depth.

mod common;

use common::{check_json, scratch};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn program(folder: &str, name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests").join(folder).join(name)
}

/// The JSON report of `ravel check FILE --engine pct ARGS...` and its exit code.
fn pct(file: &Path, args: &[&str]) -> (Value, Option<i32>) {
    check_json(file, "120", &[&["--engine", "pct"], args].concat())
}

#[test]
fn priorities_find_an_ordering_bug_that_uniform_schedules_miss() {
    let file = program("pct", "ordered_stages.c");
    let witness = scratch("pct", "stages", "w.json");
    let (found, code) = pct(&file, &["--runs", "300", "--witness", witness.to_str().unwrap()]);
    assert_eq!((found["verdict"].as_str(), code), (Some("unsafe"), Some(1)), "{found}");
    assert_eq!(found["errors"][0]["kind"], "assertion-failure", "{found}");
    let replay = Command::new(env!("CARGO_BIN_EXE_ravel")).arg("replay").arg(&witness).output().unwrap();
    assert_eq!(replay.status.code(), Some(1), "{}", String::from_utf8_lossy(&replay.stderr));
    let (uniform, code) = pct(&file, &["--runs", "300", "--depth", "0"]);
    assert_eq!((uniform["verdict"].as_str(), code), (Some("unknown"), Some(2)), "{uniform}");
    let reason = uniform["reason"].as_str().unwrap_or("");
    assert!(reason.starts_with("no bug found in 300 PCT runs of depth 0"), "{uniform}");
}

#[test]
fn a_correct_program_is_never_safe_under_sampling() {
    let (report, code) = pct(&program("programs", "spin_tas_lock_ok.c"), &["--runs", "40"]);
    assert_eq!((report["verdict"].as_str(), code), (Some("unknown"), Some(2)), "{report}");
    let reason = report["reason"].as_str().unwrap_or("");
    assert!(reason.starts_with("no bug found in 40 PCT runs of depth 3"), "{report}");
    assert!(reason.contains("sampling never proves a program safe"), "{report}");
    assert_eq!(report["stats"]["executions"], 40, "{report}");
}

#[test]
fn store_buffers_are_refused_before_compiling() {
    let out = Command::new(env!("CARGO_BIN_EXE_ravel"))
        .args(["check", "/nonexistent/x.c", "--engine", "pct", "--memory-model", "tso"])
        .output()
        .expect("ravel runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(stderr.contains("--memory-model tso is only supported with --engine dpor, naive, auto"), "{stderr}");
}
