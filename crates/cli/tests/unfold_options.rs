//! The unfold engine's search options change how it explores, never what it finds: the
//! same verdict and, where every configuration is explored once, the same count.

use std::path::Path;
use std::process::Command;

fn program(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs").join(name).display().to_string()
}

/// (verdict, executions, sleep-set blocked) of `ravel check --engine unfold` with `flags`.
fn unfold(name: &str, flags: &[&str]) -> (String, u64, u64) {
    let out = Command::new(env!("CARGO_BIN_EXE_ravel"))
        .args(["check", &program(name), "--json", "--engine", "unfold"])
        .args(flags)
        .output()
        .expect("ravel runs");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON report");
    let stat = |k: &str| report["stats"][k].as_u64().unwrap_or(0);
    (report["verdict"].as_str().unwrap_or("?").to_string(), stat("executions"), stat("sleep_blocked"))
}

#[test]
fn alternatives_and_event_order_do_not_change_results() {
    let cases = [
        ("check_lock_counter4.c", "safe", 24),
        ("check_iriw.c", "safe", 27),
        ("check_writers4.c", "safe", 24),
        ("sym_lock_counter.c", "safe", 4),
        ("unfold_token_ring.c", "safe", 0),
    ];
    let variants: [&[&str]; 4] =
        [&[], &["--alt-k", "3"], &["--random-order", "7"], &["--alt-k", "2", "--random-order", "1"]];
    for (name, verdict, executions) in cases {
        for flags in variants {
            // Counts are the partial-order reduction's, without cutoffs (the ring needs them).
            let no_cutoffs: &[&str] = if name.starts_with("unfold_") { &[] } else { &["--no-cutoffs"] };
            let (v, n, blocked) = unfold(name, &[flags, no_cutoffs].concat());
            assert_eq!(v, verdict, "{name} {flags:?}");
            assert_eq!(n, executions, "{name} {flags:?}: executions");
            assert_eq!(blocked, 0, "{name} {flags:?}: sleep-set blocked");
        }
    }
}

#[test]
fn bugs_in_endless_loops_are_found_in_any_order() {
    for seed in ["1", "2", "3"] {
        for name in ["unfold_token_ring_bug.c", "unfold_peterson_bug.c", "unfold_bounded_buffer_if_bug.c"] {
            let (v, _, _) = unfold(name, &["--random-order", seed]);
            assert_eq!(v, "unsafe", "{name} with --random-order {seed}");
        }
    }
}

#[test]
fn without_cutoffs_an_endless_loop_stays_unknown() {
    let (v, _, _) = unfold("unfold_token_ring.c", &["--no-cutoffs", "--max-depth", "200", "--max-executions", "20"]);
    assert_eq!(v, "unknown");
}
