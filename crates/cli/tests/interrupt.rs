//! Ctrl-C stops an exploration with a report: verdict unknown (interrupted), the partial
//! statistics, exit status 2.

use std::process::{Command, Stdio};
use std::time::Duration;

#[test]
fn ctrl_c_reports_the_partial_exploration() {
    let program = concat!(env!("CARGO_MANIFEST_DIR"), "/../../bench/explore/lockcounter.c");
    let child = Command::new(env!("CARGO_BIN_EXE_ravel"))
        .args(["check", program, "--interleave", "all", "--no-races", "--engine", "dpor", "--json"])
        .args(["--", "-DN=4", "-DM=5"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("ravel starts");
    // Long enough for clang and the start of the exploration; the program has about 10^10
    // classes, so the exploration is still running.
    std::thread::sleep(Duration::from_secs(3));
    let killed = Command::new("kill").args(["-INT", &child.id().to_string()]).status().expect("kill runs");
    assert!(killed.success());
    let out = child.wait_with_output().expect("ravel ends");
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stdout));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    assert_eq!(report["verdict"], "unknown");
    assert_eq!(report["reason"], "interrupted");
    assert!(report["stats"]["executions"].as_u64().unwrap() > 0, "{report}");
}
