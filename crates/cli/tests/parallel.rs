//! `-j N` explores with helper threads and must give exactly what `-j 1` gives: verdict,
//! counts (transitions included), and the witnesses of the errors (step by step).

use serde_json::Value;
use std::process::Command;

fn check(file: &str, jobs: u32, extra: &[&str], flags: &[&str]) -> Value {
    let path = format!("{}/../../{file}", env!("CARGO_MANIFEST_DIR"));
    let out = Command::new(env!("CARGO_BIN_EXE_ravel"))
        .args(["check", &path, "--json", "-j", &jobs.to_string()])
        .args(extra)
        .arg("--")
        .args(flags)
        .output()
        .expect("ravel runs");
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{file}: no JSON report ({e})"))
}

/// What must not depend on the number of threads.
fn essence(report: &Value) -> Value {
    let stats = &report["stats"];
    let witnesses: Vec<Value> =
        report["errors"].as_array().into_iter().flatten().map(|e| e["witness"].clone()).collect();
    serde_json::json!({
        "verdict": report["verdict"],
        "reason": report["reason"],
        "executions": stats["executions"],
        "blocked": stats["blocked"],
        "sleep_blocked": stats["sleep_blocked"],
        "infeasible_wakeups": stats["infeasible_wakeups"],
        "transitions": stats["transitions"],
        "witnesses": witnesses,
    })
}

const DPOR_ALL: &[&str] = &["--interleave", "all", "--no-races", "--engine", "dpor"];

#[test]
fn helpers_change_nothing_but_the_time() {
    let cases: &[(&str, &[&str], &[&str])] = &[
        ("bench/explore/sigma.c", DPOR_ALL, &["-DN=6"]),
        ("bench/explore/fib_bench.c", DPOR_ALL, &["-DN=3"]),
        ("bench/explore/lastzero.c", DPOR_ALL, &["-DN=7"]),
        ("bench/explore/readers.c", DPOR_ALL, &["-DN=9"]),
        ("bench/explore/indexer.c", DPOR_ALL, &["-DN=14"]),
        ("bench/explore/szymanski.c", DPOR_ALL, &[]),
        ("bench/explore/lockcounter.c", DPOR_ALL, &["-DN=3", "-DM=3"]),
        // Under TSO both mutual exclusion algorithms fail, after hundreds of executions.
        (
            "bench/explore/szymanski.c",
            &["--interleave", "all", "--no-races", "--engine", "dpor", "--memory-model", "tso"],
            &[],
        ),
        (
            "bench/explore/lamport.c",
            &["--interleave", "all", "--no-races", "--engine", "dpor", "--memory-model", "tso"],
            &[],
        ),
        (
            "bench/explore/sigma.c",
            &["--interleave", "all", "--no-races", "--engine", "dpor", "--memory-model", "tso"],
            &["-DN=4"],
        ),
        // An error and its witness.
        ("tests/programs/check_lost_update.c", &["--interleave", "all", "--engine", "dpor"], &[]),
        // A limit inside a branch a helper explored.
        (
            "bench/explore/sigma.c",
            &["--interleave", "all", "--no-races", "--engine", "dpor", "--max-executions", "5000"],
            &["-DN=6"],
        ),
    ];
    let (mut helped, mut grafts) = (0, 0);
    for (file, extra, flags) in cases {
        let one = check(file, 1, extra, flags);
        let expected = essence(&one);
        for jobs in [2, 3] {
            let many = check(file, jobs, extra, flags);
            assert_eq!(essence(&many), expected, "{file} {extra:?} {flags:?} with -j {jobs}");
            helped += many["stats"]["helped"].as_u64().unwrap_or(0);
            grafts += many["stats"]["helper_grafts"].as_u64().unwrap_or(0);
            assert!(many["stats"]["helper_failures"].is_null(), "a helper failed: {file} {extra:?} -j {jobs}");
        }
        assert!(one["stats"]["helped"].is_null(), "-j 1 has no helpers");
    }
    assert!(helped > 0, "helpers explored nothing");
    // The search adds to branches it gave out all the time (hundreds of times on readers
    // and lastzero): the helpers must have taken some of that over.
    assert!(grafts > 0, "no helper took over an addition to its branch");
}

/// With an execution limit, helpers take the branches expected to end within it (the
/// shallowest ones never would, and their work was thrown away): they must explore some
/// of the executions, with the counts of `-j 1`.
#[test]
fn helpers_work_under_an_execution_limit() {
    let extra: Vec<&str> = DPOR_ALL.iter().copied().chain(["--max-executions", "20000"]).collect();
    let flags = &["-DN=4", "-DM=4"];
    let one = check("bench/explore/lockcounter.c", 1, &extra, flags);
    let many = check("bench/explore/lockcounter.c", 2, &extra, flags);
    assert_eq!(essence(&many), essence(&one));
    assert!(many["stats"]["helped"].as_u64().unwrap_or(0) > 0, "helpers explored nothing under the limit");
}
