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
    assert!(stderr.contains("--memory-model tso is only supported with --engine dpor, naive, graph, auto"), "{stderr}");
}

/// Each race of a run that went on after it has a witness that stops at that race: two
/// races in one run, both replayed (a witness of the whole run once replayed to its end
/// and showed no race).
#[test]
fn every_race_of_a_run_replays_from_its_witness() {
    let (report, code) = pct(&program("programs", "trust_all_errors_two_races.c"), &["--runs", "5"]);
    assert_eq!((report["verdict"].as_str(), code), (Some("unsafe"), Some(1)), "{report}");
    let errors = report["errors"].as_array().expect("errors");
    assert!(errors.len() >= 2, "{report}");
    for (i, error) in errors.iter().enumerate() {
        let path = scratch("pct", "two_races", &format!("w{i}.json"));
        std::fs::write(&path, error["witness"].to_string()).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_ravel")).arg("replay").arg(&path).arg("--json").output().unwrap();
        let replayed: Value = serde_json::from_slice(&out.stdout).unwrap_or_default();
        assert_eq!(replayed["errors"][0]["message"], error["message"], "{replayed}");
    }
}

/// `-j` threads share the runs out (each run depends on its number only) and the sample
/// is taken in run order: the verdict, counts and witness of one thread.
#[test]
fn threads_share_the_runs_and_change_nothing_but_the_time() {
    let file = program("pct", "ordered_stages.c");
    let (one, _) = pct(&file, &["--runs", "300", "-j", "1"]);
    let (two, _) = pct(&file, &["--runs", "300", "-j", "2"]);
    for key in ["verdict", "reason"] {
        assert_eq!(one[key], two[key], "{key}");
    }
    assert_eq!(one["stats"]["executions"], two["stats"]["executions"]);
    assert_eq!(one["stats"]["transitions"], two["stats"]["transitions"]);
    assert_eq!(one["errors"][0]["witness"], two["errors"][0]["witness"]);
}
