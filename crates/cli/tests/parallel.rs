//! `-j N` explores with helper threads and must give exactly what `-j 1` gives: verdict,
//! counts (transitions included), and the witnesses of the errors (step by step). Under
//! dpor the helpers take branches of the search; under the graph engine threads take
//! subtrees of the tree of graphs.

#[path = "common/same_as_one_thread.rs"]
mod same;

use same::{essence, graph_cases, CASES, DPOR_ALL};
use serde_json::Value;

fn check(file: &str, jobs: u32, extra: &[&str], flags: &[&str]) -> Value {
    same::check_with(&[], file, jobs, extra, flags)
}

#[test]
fn helpers_change_nothing_but_the_time() {
    let cases = CASES;
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

/// The graph engine on two and three threads: every program of [`CASES`] (under the graph
/// engine), and errors met in subtrees other threads explored, whichever comes first in
/// one thread's order being reported (stopping there, or going on for further errors).
#[test]
fn graph_subtrees_change_nothing_but_the_time() {
    let mut helped = 0;
    for (file, extra, flags) in graph_cases() {
        let one = check(file, 1, &extra, flags);
        let expected = essence(&one);
        for jobs in [2, 3] {
            let many = check(file, jobs, &extra, flags);
            assert_eq!(essence(&many), expected, "{file} {extra:?} {flags:?} with -j {jobs}");
            helped += many["stats"]["helped"].as_u64().unwrap_or(0);
        }
    }
    assert!(helped > 0, "only the root task's thread explored");
}
