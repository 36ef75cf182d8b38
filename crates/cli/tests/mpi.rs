//! `mpirun -np 3 ravel check`: helper ranks explore rank 0's jobs, and the report is what
//! one thread alone gives (verdict, reason, counts, witnesses). Built with `--features
//! mpi` only (scripts/setup builds so, with Open MPI installed); without it, a process
//! started as one of several ranks refuses to run.

#[path = "common/same_as_one_thread.rs"]
mod same;

use same::{check_with, essence, graph_cases, CASES};

#[cfg(feature = "mpi")]
const MPIRUN: &[&str] = &["mpirun", "--oversubscribe", "-np", "3"];

#[cfg(feature = "mpi")]
#[test]
fn helper_ranks_change_nothing_but_the_time() {
    let mut used = 0;
    for (file, extra, flags) in CASES {
        let one = check_with(&[], file, 1, extra, flags);
        for jobs in [1, 2] {
            let ranks = check_with(MPIRUN, file, jobs, extra, flags);
            assert_eq!(essence(&ranks), essence(&one), "{file} {extra:?} {flags:?} on 3 ranks with -j {jobs}");
            let stats = ranks["ranks"].as_array().unwrap_or_else(|| panic!("{file}: no per-rank statistics"));
            assert_eq!(stats.len(), 3, "{file}: one entry per rank");
            used += stats.iter().map(|r| r["results"].as_u64().unwrap_or(0)).sum::<u64>();
        }
    }
    assert!(used > 0, "the helper ranks explored nothing the search used");
}

/// The graph engine over ranks (subtrees of the tree of graphs explored by the helper
/// ranks): the report of one thread alone.
#[cfg(feature = "mpi")]
#[test]
fn graph_subtrees_over_ranks_change_nothing_but_the_time() {
    let mut used = 0;
    for (file, extra, flags) in graph_cases() {
        let one = check_with(&[], file, 1, &extra, flags);
        for jobs in [1, 2] {
            let ranks = check_with(MPIRUN, file, jobs, &extra, flags);
            assert_eq!(essence(&ranks), essence(&one), "{file} {extra:?} {flags:?} on 3 ranks with -j {jobs}");
            let stats = ranks["ranks"].as_array().unwrap_or_else(|| panic!("{file}: no per-rank statistics"));
            used += stats.iter().map(|r| r["results"].as_u64().unwrap_or(0)).sum::<u64>();
        }
    }
    assert!(used > 0, "the helper ranks explored no subtree the search used");
}

/// A program with a bug: found, with the witness of one thread, which replays.
#[cfg(feature = "mpi")]
#[test]
fn a_bug_is_found_across_ranks_and_replays() {
    let file = "tests/programs/check_lost_update.c";
    let extra = &["--interleave", "all", "--engine", "dpor"];
    let report = check_with(MPIRUN, file, 1, extra, &[]);
    assert_eq!(report["verdict"], "unsafe");
    let witness = &report["errors"][0]["witness"];
    let dir = tempfile::tempdir().expect("a scratch directory");
    let path = dir.path().join("witness.json");
    std::fs::write(&path, witness.to_string()).expect("the witness is written");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ravel"))
        .args(["replay", path.to_str().expect("utf-8")])
        .output()
        .expect("ravel replay runs");
    assert_eq!(out.status.code(), Some(1), "the replay reproduces the error: {}", String::from_utf8_lossy(&out.stderr));
}

/// Without MPI support, a process that the launcher's environment says is one of several
/// ranks stops at once instead of running the whole search once per rank.
#[cfg(not(feature = "mpi"))]
#[test]
fn without_mpi_support_a_rank_refuses_to_run() {
    let (file, extra, flags) = CASES[0];
    let path = format!("{}/../../{file}", env!("CARGO_MANIFEST_DIR"));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ravel"))
        .args(["check", &path])
        .args(extra)
        .arg("--")
        .args(flags)
        .env("OMPI_COMM_WORLD_SIZE", "3")
        .output()
        .expect("ravel runs");
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("built without MPI support"));
    let _ = (check_with, essence, graph_cases);
}

/// PCT's runs shared out over ranks (and each rank's `-j` threads): the sample of one
/// thread alone, the bug and its witness included.
#[cfg(feature = "mpi")]
#[test]
fn pct_runs_shared_over_ranks_give_one_threads_sample() {
    for file in ["tests/programs/check_lost_update.c", "bench/explore/sigma.c"] {
        let extra = &["--engine", "pct", "--runs", "200", "--depth", "3"];
        let flags = &["-DN=5"];
        let one = check_with(&[], file, 1, extra, flags);
        for jobs in [1, 2] {
            let ranks = check_with(MPIRUN, file, jobs, extra, flags);
            assert_eq!(essence(&ranks), essence(&one), "{file}: PCT on 3 ranks with -j {jobs}");
        }
    }
}
