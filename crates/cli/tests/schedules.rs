//! `ravel schedules` end to end: every enumerated set is input-covering (1,000 random
//! inputs per program each select a schedule and run to completion under it, natively),
//! a selected schedule fixes the run's synchronisation order, an input no schedule covers
//! stops the program, and `--check` reports the verdict under enforcement. Needs
//! `libravel_rt.a` beside the ravel binary (`cargo build --release` of the workspace).

mod common;

use common::{ravel, text};

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn source(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(path).display().to_string()
}

/// A file in test `test`'s own directory.
fn scratch(test: &str, name: &str) -> PathBuf {
    common::scratch("schedules", test, name)
}

/// Computes the schedules of `path` and builds it natively with them; returns the binary
/// and the number of inputs.
fn build(test: &str, path: &str) -> (PathBuf, usize) {
    build_with(test, path, &[])
}

/// [`build`] with more arguments of `ravel schedules`.
fn build_with(test: &str, path: &str, flags: &[&str]) -> (PathBuf, usize) {
    build_for(test, path, flags, &[])
}

/// [`build_with`] with clang flags for both the schedules and the native build.
fn build_for(test: &str, path: &str, flags: &[&str], clang: &[&str]) -> (PathBuf, usize) {
    let name = Path::new(path).file_stem().unwrap().to_str().unwrap().to_string();
    let schedules = scratch(test, &format!("{name}.json"));
    let mut args = vec!["schedules".to_string(), source(path), "-o".into(), schedules.display().to_string()];
    args.extend(flags.iter().map(|f| f.to_string()));
    args.push("--".into());
    args.extend(clang.iter().map(|f| f.to_string()));
    let out = ravel(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(out.status.success(), "{name}: {}{}", text(&out.stdout), text(&out.stderr));
    let bin = scratch(test, &name);
    let (src, schedules) = (source(path), schedules.display().to_string());
    let mut args = vec!["enforce", "build", &src, "-o", bin.to_str().unwrap(), "--schedules", &schedules, "--"];
    args.extend(clang);
    let out = ravel(&args);
    assert!(out.status.success(), "build of {name} failed: {}", text(&out.stderr));
    let file: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&schedules).unwrap()).unwrap();
    (bin, file["inputs"].as_array().unwrap().len())
}

/// The `--json` summary of `ravel schedules` on `path` with more arguments `flags` and
/// clang flags `clang`, and its exit code.
fn summary(path: &str, flags: &[&str], clang: &[&str]) -> (serde_json::Value, Option<i32>) {
    let src = source(path);
    let mut args = vec!["schedules", src.as_str(), "--json"];
    args.extend(flags);
    args.push("--");
    args.extend(clang);
    let out = ravel(&args);
    let s = serde_json::from_str(text(&out.stdout).trim()).unwrap_or_else(|e| panic!("{e}: {}", text(&out.stdout)));
    (s, out.status.code())
}

/// Runs the binary with `inputs` (at most a minute: a stuck run fails the test).
fn run(bin: &Path, inputs: &[i64]) -> Output {
    let list: Vec<String> = inputs.iter().map(i64::to_string).collect();
    Command::new("timeout")
        .arg("60")
        .arg(bin)
        .env("RAVEL_INPUTS", list.join(","))
        .env("RAVEL_SCHEDULES_REPORT", "1")
        .output()
        .expect("the binary runs")
}

/// A seeded stream of inputs: mostly small values around the programs' thresholds, some
/// anywhere in the 32-bit range.
struct Inputs(u64);

impl Inputs {
    fn next(&mut self) -> i64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let r = (self.0 >> 33) as i64;
        if r % 4 == 0 {
            r as i32 as i64
        } else {
            r % 9 - 3
        }
    }

    fn draw(&mut self, n: usize) -> Vec<i64> {
        (0..n).map(|_| self.next()).collect()
    }
}

/// Runs `path` natively under its schedules for 1,000 random input vectors; `expected`
/// gives the output an input vector must print, when known.
fn covered(path: &str, expected: impl Fn(&[i64]) -> Option<String>) {
    covered_for(path, &[], expected)
}

/// [`covered`] with clang flags (e.g. the thread count).
fn covered_for(path: &str, clang: &[&str], expected: impl Fn(&[i64]) -> Option<String>) {
    covered_with(path, &[], clang, expected)
}

/// [`covered_for`] with more arguments of `ravel schedules`.
fn covered_with(path: &str, flags: &[&str], clang: &[&str], expected: impl Fn(&[i64]) -> Option<String>) {
    let test = format!("covering{}{}", flags.concat(), clang.concat());
    let (bin, n) = build_for(&test, path, flags, clang);
    let mut inputs = Inputs(n as u64 + 17);
    for _ in 0..1000 {
        let v = inputs.draw(n);
        let out = run(&bin, &v);
        let err = text(&out.stderr);
        assert!(out.status.success(), "{path} with inputs {v:?}: {:?} {err}", out.status);
        assert!(err.contains("schedules selected"), "{path} with inputs {v:?} selected nothing: {err}");
        if let Some(want) = expected(&v) {
            assert_eq!(text(&out.stdout).trim(), want, "{path} with inputs {v:?}");
        }
    }
}

#[test]
fn fork_join_inputs_are_covered() {
    covered("bench/schedules/forkjoin.c", |_| None);
}

#[test]
fn task_pool_inputs_are_covered_and_counted_right() {
    covered("bench/schedules/taskpool.c", pool_matches);
}

#[test]
fn pfscan_inputs_are_covered_and_counted_right() {
    covered("bench/schedules/pfscan.c", pool_matches);
}

/// What radix.c prints for inputs `v` (max_key, then the keys): the largest key, each
/// key being its input modulo max_key (clamped to [1, 63]) as unsigned (its assertion
/// checks the order).
fn radix_largest(v: &[i64], keys: usize) -> String {
    let max_key = v[0].clamp(1, 63) as u32;
    v[1..=keys].iter().map(|&k| (k as i32 as u32) % max_key).max().unwrap().to_string()
}

#[test]
fn radix_inputs_are_covered_and_sorted() {
    covered("bench/schedules/radix.c", |v| Some(radix_largest(v, 4)));
    covered_for("bench/schedules/radix.c", &["-DNTHREADS=8"], |v| Some(radix_largest(v, 16)));
    covered_for("bench/schedules/radix.c", &["-DNTHREADS=4", "-DPAUSE_FLAGS"], |v| Some(radix_largest(v, 8)));
}

#[test]
fn radix_has_a_schedule_per_pass_count_at_every_thread_count() {
    // max_key in [1, 63] makes 1, 2 or 3 digit passes; the keys are abstract, so only the
    // passes split schedules, and `--check` cannot say safe.
    for threads in [2, 4, 8] {
        let (s, code) = summary("bench/schedules/radix.c", &["--check"], &[&format!("-DNTHREADS={threads}")]);
        assert_eq!(code, Some(2), "{s}");
        assert_eq!((s["executions"].as_u64(), s["total"].as_u64()), (Some(5), Some(3)), "{threads}: {s}");
        assert_eq!(s["verdict"], "unknown", "{s}");
        assert!(s["abstracted"].as_str().is_some_and(|at| at.contains("radix.c:")), "{s}");
    }
}

/// What radix.c -DADAPTIVE prints for inputs `v` (max_key, the number of keys, at most
/// `most`, then the keys): the largest key.
fn adaptive_radix_largest(v: &[i64], most: usize) -> String {
    let keys = v[1].clamp(1, most as i64) as usize;
    radix_largest(&[&v[..1], &v[2..2 + keys]].concat(), keys)
}

#[test]
fn radix_whose_threads_follow_the_keys_has_more_schedules_with_more_threads() {
    // The sort uses 1, 2, 4, ... up to NTHREADS threads as the number of keys (an input)
    // allows, each count of 2 or more with 1, 2 or 3 passes (one thread alone has no
    // flags, and barrier waits are not ordered: 1 schedule): 1 + 3 per doubling.
    for (threads, total, executions) in [(2, 4, 20), (4, 7, 40), (8, 10, 80)] {
        let flags = [format!("-DNTHREADS={threads}"), "-DADAPTIVE".into()];
        let (s, _) = summary("bench/schedules/radix.c", &[], &[&flags[0], &flags[1]]);
        assert_eq!((s["executions"].as_u64(), s["total"].as_u64()), (Some(executions), Some(total)), "{threads}: {s}");
    }
    covered_for("bench/schedules/radix.c", &["-DNTHREADS=8", "-DADAPTIVE"], |v| Some(adaptive_radix_largest(v, 16)));
}

#[test]
fn abstract_options_make_fork_join_one_path() {
    // 32 options compared in the workers: 65,536 paths when symbolic, one when abstract;
    // the one schedule still serves every input natively.
    let (s, _) = summary("bench/schedules/forkjoin.c", &[], &["-DNTHREADS=8", "-DABSTRACT_OPTIONS"]);
    assert_eq!((s["executions"].as_u64(), s["total"].as_u64()), (Some(1), Some(1)), "{s}");
    covered_for("bench/schedules/forkjoin.c", &["-DNTHREADS=8", "-DABSTRACT_OPTIONS"], |_| None);
}

#[test]
fn an_abstract_value_leaves_every_verdict_unknown() {
    // order.c with -DABSTRACT_INPUT makes its input abstract, although it decides a lock:
    // the schedules follow one of its values, and neither verdict may be safe.
    let src = source("tests/schedules/order.c");
    let out = ravel(&["schedules", &src, "--check", "--", "-DABSTRACT_INPUT"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains("verdict under enforcement: unknown: a value was made abstract at"));
    assert!(text(&out.stdout).contains("order.c:"), "{}", text(&out.stdout));
    let out = ravel(&["check", &src, "--", "-DABSTRACT_INPUT"]);
    let report = format!("{}{}", text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(2), "{report}");
    assert!(report.contains("verdict: unknown (a value was made abstract at"), "{report}");
}

#[test]
fn a_run_that_leaves_its_schedule_stops() {
    // The schedule followed order.c's abstract input at one value (the third worker does
    // not lock); an input that makes it lock synchronises outside the schedule, and the
    // runtime stops the program rather than run an unverified order.
    let (bin, _) = build_for("misused", "tests/schedules/order.c", &[], &["-DABSTRACT_INPUT"]);
    let out = run(&bin, &[-1]);
    assert_eq!((out.status.code(), text(&out.stdout).trim()), (Some(0), "12"), "{}", text(&out.stderr));
    for _ in 0..20 {
        let out = run(&bin, &[5]);
        assert!(!out.status.success(), "{}", text(&out.stdout));
        assert!(text(&out.stderr).contains("thread [0.3] left the selected schedule"), "{}", text(&out.stderr));
    }
}

#[test]
fn phase_inputs_are_covered_in_every_epoch() {
    covered("bench/schedules/phases.c", |_| None);
}

#[test]
fn a_selected_schedule_fixes_the_lock_order() {
    let (bin, _) = build("order", "tests/schedules/order.c");
    for x in [-4, 0, 1, 7] {
        let first = text(&run(&bin, &[x]).stdout);
        assert_eq!(first.trim().len(), if x > 0 { 3 } else { 2 }, "input {x}: {first}");
        for _ in 0..100 {
            assert_eq!(text(&run(&bin, &[x]).stdout), first, "input {x}: another order ran");
        }
    }
}

#[test]
fn an_input_no_schedule_covers_stops_the_program() {
    let (bin, _) = build("uncovered", "tests/schedules/order.c");
    let file = scratch("uncovered", "order.json");
    let mut s: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    // Keep only the schedules of positive inputs.
    let kept: Vec<serde_json::Value> = s["root"]["schedules"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|sch| sch["events"].as_array().unwrap().len() == 6)
        .cloned()
        .collect();
    assert!(!kept.is_empty());
    s["root"]["schedules"] = serde_json::Value::Array(kept);
    // The decision tree names schedules by index: without it the runtime tries the kept
    // schedules in order.
    s["root"].as_object_mut().unwrap().remove("selector");
    let narrowed = scratch("uncovered", "narrowed.json");
    std::fs::write(&narrowed, s.to_string()).unwrap();
    let out = Command::new(&bin).env("RAVEL_INPUTS", "-1").env("RAVEL_SCHEDULES", &narrowed).output().unwrap();
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("no schedule of epoch 1 covers the inputs [-1]"), "{}", text(&out.stderr));
    assert!(run(&bin, &[]).status.code() != Some(0), "missing inputs must stop the program");
}

#[test]
fn every_schedule_with_several_condition_waiters_runs_natively() {
    let flags = ["--keep-unselected", "--all-orders"];
    let (bin, _) = build_with("cond_waiters", "tests/schedules/cond_waiters.c", &flags);
    let file = scratch("cond_waiters", "cond_waiters.json");
    let s: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let all = s["root"]["schedules"].as_array().unwrap().clone();
    assert!(all.len() > 2, "{s}");
    for (i, schedule) in all.iter().enumerate() {
        let mut one = s.clone();
        one["root"]["schedules"] = serde_json::Value::Array(vec![schedule.clone()]);
        let path = scratch("cond_waiters", &format!("only{i}.json"));
        std::fs::write(&path, one.to_string()).unwrap();
        let out = Command::new("timeout")
            .args(["20", bin.to_str().unwrap()])
            .env("RAVEL_INPUTS", "5")
            .env("RAVEL_SCHEDULES", &path)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "schedule {i} of {}: {}", all.len(), text(&out.stderr));
        assert_eq!(text(&out.stdout).trim(), "5 5", "schedule {i}");
    }
}

/// What the task pools print: the tasks (at most 2) whose data matches the key.
fn pool_matches(v: &[i64]) -> Option<String> {
    let tasks = v[0].clamp(0, 2) as usize;
    Some(v[2..2 + tasks].iter().filter(|&&d| d == v[1]).count().to_string())
}

#[test]
fn prefix_schedules_of_eight_workers_cover_every_input_natively() {
    // Every order of 8 workers is unknown after 150 s; ordering only the first 8 lock
    // operations is about a thousand executions, and the run is free after them.
    let pool = "bench/schedules/pfscan.c";
    let flags = ["--all-orders", "--prefix", "8", "--check"];
    let (s, code) = summary(pool, &flags, &["-DNTHREADS=8"]);
    assert_eq!((code, s["verdict"].as_str()), (Some(2), Some("unknown")), "{s}");
    assert!(s["reason"].as_str().unwrap().contains("--prefix"), "{s}");
    assert!(s["cut"].as_u64() > Some(0) && s["prefix_schedules"] == s["total"], "{s}");
    covered_with(pool, &["--all-orders", "--prefix", "8"], &["-DNTHREADS=8"], pool_matches);
    let json = std::fs::read_to_string(scratch("covering--all-orders--prefix8-DNTHREADS=8", "pfscan.json")).unwrap();
    let file: serde_json::Value = serde_json::from_str(&json).unwrap();
    for schedule in file["root"]["schedules"].as_array().unwrap() {
        assert_eq!(schedule["free_after"], true, "{schedule}");
        assert!(schedule["events"].as_array().unwrap().len() <= 8, "{schedule}");
    }
}

#[test]
fn a_prefix_gets_every_order_of_its_operations() {
    // lu's 8 workers each lock once per phase: the orders of a phase's first 8 operations
    // are which 4 workers lock first, in which order (8 * 7 * 6 * 5). A prefix of the
    // whole phase (16) cuts nothing: both phases, joined, as without a prefix.
    let lu = "bench/schedules/lu.c";
    let (s, _) = summary(lu, &["--all-orders", "--prefix", "8"], &["-DNTHREADS=8"]);
    assert_eq!((s["enumerated"].as_u64(), s["epochs"].as_u64()), (Some(1680), Some(1)), "{s}");
    let (s, _) = summary(lu, &["--all-orders", "--prefix", "16"], &["-DNTHREADS=8"]);
    assert_eq!(
        (s["cut"].as_u64(), s["epochs"].as_u64(), s["enumerated"].as_u64()),
        (Some(0), Some(2), Some(80640)),
        "{s}"
    );
}

#[test]
fn a_bug_after_the_prefix_is_never_called_verified() {
    // The race comes after each worker's two lock pairs: found without a prefix, and past
    // a prefix of 2 operations (the one more run to find the prefix's orders is still a
    // lock), where only an unknown verdict is right. A prefix of the whole run (8 lock
    // operations) cuts nothing and changes nothing.
    let bug = "tests/schedules/late_bug.c";
    for (flags, code, verdict) in [
        (&["--check"][..], 1, "unsafe"),
        (&["--check", "--prefix", "2"][..], 2, "unknown"),
        (&["--check", "--prefix", "8"][..], 1, "unsafe"),
    ] {
        let (s, exit) = summary(bug, flags, &[]);
        assert_eq!((exit, s["verdict"].as_str()), (Some(code), Some(verdict)), "{flags:?}: {s}");
    }
    let out = ravel(&["schedules", &source(bug), "--check", "--prefix", "2"]);
    let stdout = text(&out.stdout);
    assert!(stdout.contains("verdict under enforcement: unknown: the schedules order only the first 2"), "{stdout}");
}

#[test]
fn check_reports_the_verdict_under_enforcement() {
    let out = ravel(&["schedules", &source("tests/schedules/input_bug.c"), "--check"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains("inputs [42] select no error-free schedule"), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains("verdict under enforcement: unsafe"));
    let out = ravel(&["schedules", &source("tests/schedules/deadlock.c"), "--check"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains("1 deadlocking"), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains("verdict under enforcement: safe"));
}

#[test]
fn an_order_that_fails_makes_another_explored() {
    // The order followed first deadlocks for input 0; the serial one (each thread until it
    // blocks or ends) does not, so input 0 selects it, and it runs to its end.
    let out = ravel(&["schedules", &source("tests/schedules/deadlock.c"), "--json", "--check"]);
    let s: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(s["exploration"], "serial order where one failed", "{s}");
    assert_eq!((s["deadlocking"].as_u64(), s["verdict"].as_str()), (Some(1), Some("safe")), "{s}");
    let (bin, _) = build("deadlock", "tests/schedules/deadlock.c");
    for x in [0, 1, 0, -5] {
        for _ in 0..50 {
            let out = run(&bin, &[x]);
            assert_eq!(out.status.code(), Some(0), "input {x}: {}", text(&out.stderr));
        }
    }
}

#[test]
fn orders_are_explored_again_only_for_the_inputs_whose_orders_failed() {
    // commands' refund (input 0 = 5) deadlocks in the first order, not in the serial one,
    // which only the refund's 16 paths (4 flags) get: 112 executions with 4 or 8 workers,
    // against 10,048 with 4 when every path gets every order.
    let commands = "bench/schedules/commands.c";
    for workers in ["-DNTHREADS=4", "-DNTHREADS=8"] {
        let (s, code) = summary(commands, &["--check"], &[workers]);
        assert_eq!(s["exploration"], "serial order where one failed", "{s}");
        assert_eq!((code, s["verdict"].as_str(), s["executions"].as_u64()), (Some(0), Some("safe"), Some(112)), "{s}");
    }
    let (every, code) = summary(commands, &["--check", "--all-orders"], &["-DNTHREADS=4"]);
    assert_eq!((code, every["executions"].as_u64()), (Some(0), Some(10_048)), "{every}");
    covered_for(commands, &["-DNTHREADS=4"], |_| None);
    // Input 0 of reader_first fails in both orders; every order of its path finds the one
    // that serves it.
    let (s, code) = summary("tests/schedules/reader_first.c", &["--check"], &[]);
    assert_eq!(s["exploration"], "every order where two failed", "{s}");
    assert_eq!((code, s["verdict"].as_str(), s["erroneous"].as_u64()), (Some(0), Some("safe"), Some(1)), "{s}");
    // The other inputs' one path, input 0's two orders, and one failing execution of the
    // one-order rungs kept beside them (its path condition is written differently); with
    // the region not applied, the serial and every-order rungs would run both paths.
    assert_eq!(s["executions"].as_u64(), Some(4), "{s}");
    covered("tests/schedules/reader_first.c", |_| None);
    // An input with only failing orders is still found, after every order of it.
    let (s, code) = summary("tests/schedules/input_bug.c", &["--check"], &[]);
    assert_eq!((code, s["verdict"].as_str()), (Some(1), Some("unsafe")), "{s}");
    assert_eq!(s["exploration"], "every order where two failed", "{s}");
}

#[test]
fn task_pools_with_eight_workers_take_one_order_per_path() {
    // Every order of 8 workers is millions of classes (unknown after 150 s); one order per
    // path of the inputs: 12 executions, and the pools still count right natively.
    for prog in ["taskpool", "pfscan"] {
        let (s, _) = summary(&format!("bench/schedules/{prog}.c"), &[], &["-DNTHREADS=8"]);
        assert_eq!(s["exploration"], "one order per path", "{s}");
        assert_eq!((s["executions"].as_u64(), s["total"].as_u64()), (Some(12), Some(7)), "{prog}: {s}");
        covered_for(&format!("bench/schedules/{prog}.c"), &["-DNTHREADS=8"], pool_matches);
    }
}

#[test]
fn a_pool_with_as_many_tasks_as_workers_has_a_schedule_per_match_pattern() {
    // Up to 8 tasks, each matching or not: 1 + 2 + ... + 256 = 511 input regions, each
    // with its own order of the counter's lock; every drawn input selects one natively.
    let (s, _) = summary("bench/schedules/taskpool.c", &[], &["-DNTHREADS=8", "-DMAXTASKS=8"]);
    assert_eq!((s["executions"].as_u64(), s["total"].as_u64()), (Some(768), Some(511)), "{s}");
    covered_for("bench/schedules/taskpool.c", &["-DNTHREADS=8", "-DMAXTASKS=8"], |v| {
        let tasks = v[0].clamp(0, 8) as usize;
        Some(v[2..2 + tasks].iter().filter(|&&d| d == v[1]).count().to_string())
    });
}

#[test]
fn barrier_waits_whose_result_matters_are_ordered() {
    let out = ravel(&["schedules", &source("tests/schedules/barrier_serial.c"), "--keep-unselected", "--all-orders"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains("2 schedules in 1 set"), "{}", text(&out.stdout));
    let flags = ["--keep-unselected", "--all-orders"];
    let (bin, _) = build_with("barrier_serial", "tests/schedules/barrier_serial.c", &flags);
    for _ in 0..20 {
        let out = run(&bin, &[]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    }
}

#[test]
fn barrier_rounds_are_covered_and_their_waits_are_not_ordered() {
    // The results of the waits are ignored: only the checksum's two lock orders remain,
    // and either serves every input.
    let out = ravel(&["schedules", &source("bench/schedules/barrier.c"), "--json", "--all-orders"]);
    let s: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!((s["enumerated"].as_u64(), s["total"].as_u64()), (Some(2), Some(1)), "{s}");
    covered("bench/schedules/barrier.c", |_| None);
}

#[test]
fn epochs_join_only_at_equal_states() {
    let figures = |extra: &[&str]| {
        let file = source("tests/schedules/last_writer.c");
        let mut args = vec!["schedules", &file, "--json", "--all-orders"];
        args.extend(extra);
        let s: serde_json::Value = serde_json::from_str(text(&ravel(&args).stdout).trim()).unwrap();
        (s["executions"].as_u64(), s["joined"].as_u64(), s["total"].as_u64(), s)
    };
    // Phase 1's orders leave different last writers: phase 2 runs below both; after it the
    // states agree whatever phase 1 did, so the second execution below each order joins.
    let (executions, joined, total, s) = figures(&[]);
    assert_eq!((executions, joined, total), (Some(2), Some(2), Some(2)), "{s}");
    let (executions, joined, total, s) = figures(&["--no-join"]);
    assert_eq!((executions, joined, total), (Some(4), Some(0), Some(2)), "{s}");
    // Sums in another order are one state: phases with 2 threads joins in both phases.
    let out = ravel(&["schedules", &source("bench/schedules/phases.c"), "--json", "--all-orders"]);
    let s: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!((s["executions"].as_u64(), s["joined"].as_u64()), (Some(1), Some(2)), "{s}");
}

/// Every order below every order, as a set per epoch (the order of the schedules within an
/// epoch is the order the exploration found them in).
fn orders_tree(epoch: &serde_json::Value) -> Vec<String> {
    let mut out: Vec<String> = epoch["schedules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let below = if s["next"].is_null() { Vec::new() } else { orders_tree(&s["next"]) };
            format!("{}:[{}]", s["events"], below.join(","))
        })
        .collect();
    out.sort();
    out
}

#[test]
fn joins_keep_the_tree_of_every_order() {
    // Three phases of three threads: with every order kept, the tree built from joined
    // executions is the one built from every execution (216 of them).
    let tree = |join: bool| {
        let file = scratch("joins_tree", if join { "join.json" } else { "nojoin.json" });
        let path = file.display().to_string();
        let src = source("bench/schedules/phases.c");
        let mut args = vec!["schedules", &src, "--keep-unselected", "--all-orders", "--json", "-o", &path];
        if !join {
            args.push("--no-join");
        }
        args.extend(["--", "-DPHASES=3", "-DNTHREADS=3"]);
        let s: serde_json::Value = serde_json::from_str(text(&ravel(&args).stdout).trim()).unwrap();
        let f: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        (s["executions"].as_u64(), s["joined"].as_u64(), orders_tree(&f["root"]))
    };
    let (executions, joined, joined_tree) = tree(true);
    let (all, none, full_tree) = tree(false);
    assert_eq!((executions, joined, all, none), (Some(1), Some(15), Some(216), Some(0)));
    assert_eq!(joined_tree.len(), 6);
    assert_eq!(joined_tree, full_tree);
}

#[test]
fn fork_join_loops_get_epoch_markers_and_stay_covered() {
    let out = ravel(&["schedules", &source("bench/schedules/lu.c"), "--json", "--all-orders"]);
    let s: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(s["markers_placed"], 1, "{s}");
    assert_eq!(s["epochs"], 2, "one epoch per phase: {s}");
    assert_eq!(s["enumerated"], 4, "two lock orders per phase, the second phase's below the kept one: {s}");
    assert_eq!(s["total"], 2, "either order serves every input: one per phase is kept: {s}");
    // Both orders of phase 1 reach one state: the second stops there ("join on all
    // threads"), and so does the second order of phase 2 at the loop's last test.
    assert_eq!((s["executions"].as_u64(), s["joined"].as_u64()), (Some(1), Some(2)), "{s}");
    let lu = source("bench/schedules/lu.c");
    let out = ravel(&["schedules", &lu, "--json", "--no-join", "--keep-unselected", "--all-orders"]);
    let s: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!((s["executions"].as_u64(), s["joined"].as_u64()), (Some(4), Some(0)), "{s}");
    assert_eq!(s["enumerated"], 6, "below each of the first phase's orders: {s}");
    let out = ravel(&["schedules", &source("bench/schedules/lu.c"), "--json", "--keep-unselected", "--all-orders"]);
    let s: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!((s["enumerated"].as_u64(), s["total"].as_u64()), (Some(6), Some(6)), "joined, the same tree: {s}");
    let out = ravel(&["schedules", &source("bench/schedules/lu.c"), "--json", "--no-auto-epochs"]);
    let s: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!((s["markers_placed"].as_u64(), s["epochs"].as_u64()), (Some(0), Some(1)), "{s}");
    covered("bench/schedules/lu.c", |_| None);
}
