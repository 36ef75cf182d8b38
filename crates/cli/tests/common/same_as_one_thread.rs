//! The programs `-j N` and MPI helper ranks are tested on: each must give exactly what one
//! thread gives (verdict, reason, counts with transitions, the errors' witnesses step by
//! step), under dpor and under the graph engine.

use serde_json::Value;
use std::process::Command;

/// `ravel check FILE --json -j JOBS EXTRA -- FLAGS`, started through `launcher` (such as
/// `mpirun -np 3`) when it is not empty.
pub fn check_with(launcher: &[&str], file: &str, jobs: u32, extra: &[&str], flags: &[&str]) -> Value {
    let path = format!("{}/../../{file}", env!("CARGO_MANIFEST_DIR"));
    let ravel = env!("CARGO_BIN_EXE_ravel");
    let mut command = match launcher.split_first() {
        Some((first, rest)) => {
            let mut c = Command::new(first);
            c.args(rest).arg(ravel);
            c
        }
        None => Command::new(ravel),
    };
    let out = command
        .args(["check", &path, "--json", "-j", &jobs.to_string()])
        .args(extra)
        .arg("--")
        .args(flags)
        // Open MPI refuses to start as root without these (CI runs as root).
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        .output()
        .expect("ravel runs");
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{file}: no JSON report ({e}); stderr: {}", String::from_utf8_lossy(&out.stderr)))
}

/// What must not depend on the number of threads or ranks.
pub fn essence(report: &Value) -> Value {
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

pub const DPOR_ALL: &[&str] = &["--interleave", "all", "--no-races", "--engine", "dpor"];
const DPOR_TSO: &[&str] = &["--interleave", "all", "--no-races", "--engine", "dpor", "--memory-model", "tso"];

/// File, options, compiler flags.
pub type Case = (&'static str, &'static [&'static str], &'static [&'static str]);

pub const CASES: &[Case] = &[
    ("bench/explore/sigma.c", DPOR_ALL, &["-DN=6"]),
    ("bench/explore/fib_bench.c", DPOR_ALL, &["-DN=3"]),
    ("bench/explore/lastzero.c", DPOR_ALL, &["-DN=7"]),
    ("bench/explore/readers.c", DPOR_ALL, &["-DN=9"]),
    ("bench/explore/indexer.c", DPOR_ALL, &["-DN=14"]),
    ("bench/explore/szymanski.c", DPOR_ALL, &[]),
    ("bench/explore/lockcounter.c", DPOR_ALL, &["-DN=3", "-DM=3"]),
    // Under TSO both mutual exclusion algorithms fail, after hundreds of executions.
    ("bench/explore/szymanski.c", DPOR_TSO, &[]),
    ("bench/explore/lamport.c", DPOR_TSO, &[]),
    ("bench/explore/sigma.c", DPOR_TSO, &["-DN=4"]),
    // An error and its witness.
    ("tests/programs/check_lost_update.c", &["--interleave", "all", "--engine", "dpor"], &[]),
    // A limit inside a branch a helper explored.
    (
        "bench/explore/sigma.c",
        &["--interleave", "all", "--no-races", "--engine", "dpor", "--max-executions", "5000"],
        &["-DN=6"],
    ),
];

/// The graph engine's cases: those of [`CASES`] under the graph engine, and programs with
/// errors (races) where it stops at the first one, goes on for further ones, or
/// explores every graph.
pub fn graph_cases() -> Vec<(&'static str, Vec<&'static str>, &'static [&'static str])> {
    let graph = |extra: &[&'static str]| extra.iter().map(|&a| if a == "dpor" { "graph" } else { a }).collect();
    let races: [(&'static str, &'static [&'static str]); 3] = [
        ("bench/explore/szymanski.c", &[]),
        ("bench/explore/readers.c", &["-DN=5"]),
        ("bench/explore/lastzero.c", &["-DN=6"]),
    ];
    let mut cases: Vec<_> = CASES.iter().map(|&(file, extra, flags)| (file, graph(extra), flags)).collect();
    for (file, flags) in races {
        for mode in [&[][..], &["--first-error"], &["--all-errors"]] {
            cases.push((file, [&["--engine", "graph"][..], mode].concat(), flags));
        }
    }
    cases
}
