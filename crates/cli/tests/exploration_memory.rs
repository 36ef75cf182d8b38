//! Optimal DPOR keeps only the current path (its nodes, sleep sets, wakeup trees and a few
//! snapshots): memory must not grow with the number of executions explored.

use std::process::Command;

#[test]
fn memory_stays_flat_over_a_hundred_thousand_executions() {
    let program = concat!(env!("CARGO_MANIFEST_DIR"), "/../../bench/explore/lockcounter.c");
    let out = Command::new(env!("CARGO_BIN_EXE_ravel"))
        .args(["check", program, "--interleave", "all", "--no-races", "--engine", "dpor"])
        .args(["--max-executions", "100000", "--json", "--", "-DN=4", "-DM=5"])
        .output()
        .expect("ravel runs");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    let stats = &report["stats"];
    let explored = stats["executions"].as_u64().unwrap() + stats["blocked"].as_u64().unwrap();
    // The capped first round's executions count against the limit too: there main waits
    // at its fourth creation while the first three workers run, 2,000 of them.
    assert!(explored >= 97_000, "only {explored} executions: {report}");
    assert_eq!(stats["sleep_blocked"].as_u64(), Some(0), "{report}");
    let mib = report["peak_memory_mib"].as_f64().expect("peak memory is measured");
    assert!(mib < 200.0, "peak memory {mib:.0} MiB after {explored} executions");
}
