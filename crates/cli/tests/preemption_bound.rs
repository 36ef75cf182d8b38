//! `ravel check --preemption-bound K` (issue 40): only schedules with at most K
//! preemptions are explored. A bug that needs more is not found, a bug within the bound
//! is (with a witness that replays), and the verdict is never `safe` once a schedule was
//! left out; a correct program's bounded search explores fewer executions.

mod common;

use common::{check_json, scratch};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn program(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs").join(name)
}

/// The JSON report of `ravel check FILE ARGS...` and its exit code.
fn check(file: &Path, args: &[&str]) -> (Value, Option<i32>) {
    check_json(file, "60", args)
}

#[test]
fn a_lock_order_deadlock_needs_one_preemption() {
    let file = program("report_deadlock_stacks.c");
    let (none, code) = check(&file, &["--preemption-bound", "0"]);
    assert_eq!((none["verdict"].as_str(), code), (Some("unknown"), Some(2)), "{none}");
    assert!(none["reason"].as_str().unwrap_or("").contains("at most 0 preemptions"), "{none}");
    let witness = scratch("preemption", "deadlock", "w.json");
    let (one, code) = check(&file, &["--preemption-bound", "1", "--witness", witness.to_str().unwrap()]);
    assert_eq!((one["verdict"].as_str(), code), (Some("unsafe"), Some(1)), "{one}");
    assert_eq!(one["errors"][0]["kind"], "deadlock");
    let replay = Command::new(env!("CARGO_BIN_EXE_ravel")).arg("replay").arg(&witness).output().unwrap();
    assert_eq!(replay.status.code(), Some(1), "the witness replays to the deadlock");
}

#[test]
fn a_correct_program_is_never_safe_under_a_bound_that_left_schedules_out() {
    let file = program("report_race_three_calls_deep.c");
    let (full, _) = check(&file, &["--no-races", "--engine", "dpor", "--interleave", "all"]);
    let (bounded, code) = check(&file, &["--no-races", "--interleave", "all", "--preemption-bound", "0"]);
    assert_eq!(full["verdict"], "safe", "{full}");
    assert_eq!((bounded["verdict"].as_str(), code), (Some("unknown"), Some(2)), "{bounded}");
    let executions = |r: &Value| r["stats"]["executions"].as_u64().unwrap_or(0);
    assert!(executions(&bounded) < executions(&full), "bounded {bounded} against {full}");
}

#[test]
fn other_engines_and_tso_are_refused() {
    let file = program("report_deadlock_stacks.c");
    for args in [["--engine", "unfold"], ["--memory-model", "tso"]] {
        let (_, code) = check(&file, &[&args[..], &["--preemption-bound", "1"]].concat());
        assert_eq!(code, Some(3), "{args:?}");
    }
}
