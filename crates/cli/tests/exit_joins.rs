//! Exits without joins (issue 44): every program in `tests/exit-joins/` lets `main` return
//! while its threads may still run, and joins them first with `-DJOIN`. An exit only cuts
//! executions short, and each execution it cuts is a prefix of one in which it waits, so
//! the classes (dpor's execution count) and the verdicts must be the same both ways.

use std::path::{Path, PathBuf};
use std::process::Command;

fn programs() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/exit-joins");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/exit-joins")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    files.sort();
    files
}

/// Verdict and execution count of `ravel check FILE FLAGS -- CLANG`.
fn check(file: &Path, flags: &[&str], clang: &[&str]) -> (String, u64) {
    let out = Command::new(env!("CARGO_BIN_EXE_ravel"))
        .arg("check")
        .arg(file)
        .args(flags)
        .args(["--json", "-j", "1", "--"])
        .args(clang)
        .output()
        .expect("ravel runs");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!("{}: no JSON report ({e}): {}", file.display(), String::from_utf8_lossy(&out.stderr))
    });
    let verdict = report["verdict"].as_str().unwrap_or_default().to_string();
    (verdict, report["stats"]["executions"].as_u64().unwrap_or_default())
}

#[test]
fn an_exit_without_joins_explores_the_classes_of_the_joined_program() {
    let files = programs();
    assert!(files.len() >= 15, "at least 15 programs, found {}", files.len());
    let every_access = ["--engine", "dpor", "--interleave", "all", "--no-races"];
    for file in &files {
        let without = check(file, &every_access, &[]);
        let with = check(file, &every_access, &["-DJOIN"]);
        assert_eq!(without.0, "safe", "{}", file.display());
        assert_eq!(without, with, "{}: without joins (left) and with them (right)", file.display());
        // The default command (synchronisation points, data races reported) agrees too.
        let default = (check(file, &[], &[]).0, check(file, &[], &["-DJOIN"]).0);
        assert_eq!(default.0, default.1, "{}: default command", file.display());
    }
}
