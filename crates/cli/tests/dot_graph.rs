//! `ravel check --dot FILE` (issue 40): the first error's execution as a DOT graph — a
//! cluster per thread with its steps in order, the edges that order steps of different
//! threads, the failing step red, a race's two accesses joined by a `race` edge.

mod common;

use common::scratch;
use std::path::Path;
use std::process::Command;

fn dot_of(program: &str, flags: &[&str]) -> String {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs").join(program);
    let out = scratch("dot", program, "graph.dot");
    let status = Command::new(env!("CARGO_BIN_EXE_ravel"))
        .arg("check")
        .arg(&file)
        .args(flags)
        .arg("--dot")
        .arg(&out)
        .output()
        .expect("ravel runs")
        .status;
    assert_eq!(status.code(), Some(1), "{program} is unsafe");
    std::fs::read_to_string(&out).expect("the graph was written")
}

#[test]
fn a_deadlock_graph_has_a_column_per_thread_and_the_creation_edge() {
    let dot = dot_of("report_deadlock_stacks.c", &[]);
    assert!(dot.starts_with("digraph execution {") && dot.trim_end().ends_with('}'), "{dot}");
    assert!(dot.contains("label=\"thread [0]\"") && dot.contains("label=\"thread [0.1]\""), "{dot}");
    assert!(dot.contains("label=\"create\""), "{dot}");
    assert_eq!(dot.matches("color=red, penwidth=2").count(), 1, "one failing step: {dot}");
}

#[test]
fn a_race_graph_joins_the_two_accesses_and_shows_reads_from() {
    let dot = dot_of("report_race_three_calls_deep.c", &[]);
    assert!(dot.contains("label=\"race\""), "{dot}");
    // With every access a step, the graph has reads-from edges between the threads.
    let dot = dot_of("check_choice_variant_keeps_its_reordering.c", &["--no-races", "--interleave", "all"]);
    assert!(dot.contains("label=\"rf\""), "{dot}");
}
