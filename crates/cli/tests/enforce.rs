//! `ravel enforce` end to end on `tests/enforce/`: the native runtime names the same
//! events as the interpreter, constrained runs end (no deadlock) and are deterministic,
//! constraints from a safe schedule rule out a bug that unconstrained runs show, and a
//! construct the runtime cannot interpose is refused with its line. Needs
//! `libravel_rt.a` beside the ravel binary (`cargo build --release` of the workspace).

mod common;

use common::{ravel, text};

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Programs with a schedule-independent control flow per thread.
const PROGRAMS: &[&str] = &[
    "atomics",
    "calloc_realloc",
    "four_workers",
    "global_array",
    "heap_struct",
    "mutex_counter",
    "nested_threads",
    "racy_writes",
    "statics",
    "struct_lock",
    "sync_barrier",
    "sync_condvar",
    "sync_rwlock",
    "sync_semaphore",
    "thread_heap",
];

fn source(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/enforce").join(format!("{name}.c")).display().to_string()
}

/// A file in test `test`'s own directory.
fn scratch(test: &str, name: &str) -> PathBuf {
    common::scratch("enforce", test, name)
}

/// Builds `name` natively for test `test`; returns the binary.
fn build(test: &str, name: &str) -> PathBuf {
    let exe = Path::new(env!("CARGO_BIN_EXE_ravel")).parent().unwrap().join("libravel_rt.a");
    assert!(exe.exists(), "{} is missing: build the workspace (cargo build --release)", exe.display());
    let bin = scratch(test, name);
    let out = ravel(&["enforce", "build", &source(name), "-o", bin.to_str().unwrap()]);
    assert!(out.status.success(), "build of {name} failed: {}", text(&out.stderr));
    bin
}

/// Runs the binary (at most a minute: a stuck run fails the test instead of hanging it).
fn run(bin: &Path, env: &[(&str, &str)]) -> Output {
    Command::new("timeout").arg("60").arg(bin).envs(env.iter().copied()).output().expect("the binary runs")
}

fn sorted_lines(s: &str) -> Vec<String> {
    let mut v: Vec<String> = s.lines().map(str::to_string).collect();
    v.sort();
    v
}

#[test]
fn native_runs_name_the_interpreters_events() {
    for name in PROGRAMS {
        let bin = build("names", name);
        let events = scratch("names", &format!("{name}.events"));
        let native = run(&bin, &[("RAVEL_EVENTS_OUT", events.to_str().unwrap())]);
        let exited = native.status.code().is_some_and(|c| c != 124);
        assert!(exited, "{name}: native run failed: {:?} {}", native.status, text(&native.stderr));
        let vm = ravel(&["enforce", "events", &source(name)]);
        assert!(vm.status.success(), "{name}: {}", text(&vm.stderr));
        let native_events = sorted_lines(&std::fs::read_to_string(&events).unwrap());
        assert!(!native_events.is_empty(), "{name}: no events");
        assert_eq!(native_events, sorted_lines(&text(&vm.stdout)), "{name}: native vs interpreter");
    }
}

/// Writes constraints for `name` with `ravel check --enforce-out` after at most
/// `executions` executions (one: the constraints of one error-free schedule).
fn constraints_after(test: &str, name: &str, executions: u32) -> PathBuf {
    let file = scratch(test, &format!("{name}-{executions}.json"));
    let n = executions.to_string();
    let out = ravel(&["check", &source(name), "--max-executions", &n, "--enforce-out", file.to_str().unwrap()]);
    assert!(file.exists(), "{name}: no constraints: {}", text(&out.stderr));
    file
}

fn constraints(test: &str, name: &str) -> PathBuf {
    constraints_after(test, name, 1)
}

/// The number of verified executions and of admissible prefixes of a constraint file, and
/// whether one of them is a finished subtree rather than a whole execution.
fn shape(file: &Path) -> (u64, usize, bool) {
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    let prefixes = v["prefixes"].as_array().unwrap();
    let subtree = prefixes.iter().any(|p| p["complete"] == false);
    (v["executions"].as_u64().unwrap(), prefixes.len(), subtree)
}

/// Under one schedule's constraints native threads hand over control as rarely as the
/// program allows: the first verified schedule (and, for a racy program, the schedule the
/// constraints fall back to) runs the oldest thread until it blocks, so the created
/// threads' events come in creation order (a newest-first or random schedule interleaves
/// them, and each hand-off is a wait natively).
#[test]
fn the_first_schedule_runs_threads_in_creation_order() {
    for name in ["racy_writes", "mutex_counter", "struct_lock"] {
        let file = constraints("creation_order", name);
        let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let listed = v["prefixes"][0]["events"].as_array().unwrap();
        let threads: Vec<&str> = listed
            .iter()
            .map(|e| v["events"][e["event"].as_u64().unwrap() as usize]["thread"].as_str().unwrap())
            .collect();
        let created: Vec<&str> = threads.iter().copied().filter(|t| *t != "[0]").collect();
        assert!(created.len() > 2 && created.windows(2).all(|w| w[0] <= w[1]), "{name}: {threads:?}");
    }
}

#[test]
fn constrained_runs_end_and_repeat_the_verified_outcome() {
    for name in PROGRAMS.iter().chain(&["bug_lost_update"]) {
        let bin = build("repeat", name);
        let c = constraints("repeat", name);
        let first = run(&bin, &[("RAVEL_CONSTRAINTS", c.to_str().unwrap())]);
        assert!(first.status.code().is_some_and(|s| s != 124), "{name}: {:?} {}", first.status, text(&first.stderr));
        for _ in 0..20 {
            let again = run(&bin, &[("RAVEL_CONSTRAINTS", c.to_str().unwrap())]);
            assert_eq!(again.status.code(), first.status.code(), "{name}: {}", text(&again.stderr));
        }
    }
}

/// Constraints written after more and more executions, up to the error, never let a native
/// run reach the failing orders, and never leave a run stuck.
#[test]
fn relaxed_constraints_grow_and_keep_runs_inside_the_verified_part() {
    let bin = build("relax", "late_bug");
    let mut files = Vec::new();
    for n in [1, 2, 4, 8, 1000] {
        let c = constraints_after("relax", "late_bug", n);
        for i in 0..100 {
            let out = run(&bin, &[("RAVEL_CONSTRAINTS", c.to_str().unwrap())]);
            assert!(out.status.success(), "after {n} executions, run {i}: {:?} {}", out.status, text(&out.stderr));
        }
        files.push(c);
    }
    let shapes: Vec<_> = files.iter().map(|f| shape(f)).collect();
    assert_eq!(shapes[0], (1, 1, false), "one execution first");
    assert!(shapes.windows(2).all(|w| w[0].0 <= w[1].0), "{shapes:?}");
    assert!(shapes.last().unwrap().2, "no finished subtree in the end: {shapes:?}");
    let shown = (0..100).any(|_| !run(&bin, &[]).status.success());
    assert!(shown, "100 unconstrained runs never showed the failing order");
    let paths: Vec<&str> = files.iter().map(|f| f.to_str().unwrap()).collect();
    let relax = ravel(&[&["enforce", "relax"], &paths[..]].concat());
    assert!(relax.status.success(), "{}", text(&relax.stderr));
    assert_eq!(text(&relax.stdout).lines().count(), files.len());
}

/// For each synchronisation object: a bug that unconstrained native runs show, ruled out by
/// the constraints of the first verified schedules, whose order of operations on the
/// object the runtime imposes (barrier arrivals, condition waits and signals, semaphore and
/// read-write lock operations) without a stuck run. The interpreter lets a timed wait time
/// out at any moment, so depth-first search first spins in `late_timed`'s waiting loop;
/// its constraints come from the later executions that were signalled.
#[test]
fn constraints_order_condition_variables_barriers_semaphores_and_rwlocks() {
    let cases: &[(&str, &[&str])] = &[
        ("late_cond", &["--max-executions", "1"]),
        ("late_timed", &["--max-executions", "8", "--max-depth", "300"]),
        ("late_barrier", &["--max-executions", "1"]),
        ("late_sem", &["--max-executions", "1"]),
        ("late_rwlock", &["--max-executions", "1"]),
    ];
    for &(name, limits) in cases {
        let bin = build("sync", name);
        let c = scratch("sync", &format!("{name}.json"));
        let out = ravel(&[&["check", &source(name), "--enforce-out", c.to_str().unwrap()], limits].concat());
        assert!(c.exists(), "{name}: no constraints: {}", text(&out.stderr));
        let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&c).unwrap()).unwrap();
        let sync_object =
            |o: &serde_json::Value| ["c", "b", "s", "rw"].contains(&o["global"]["symbol"].as_str().unwrap_or(""));
        assert!(v["objects"].as_array().unwrap().iter().any(sync_object), "{name}: the object is not constrained: {v}");
        for i in 0..100 {
            let out = run(&bin, &[("RAVEL_CONSTRAINTS", c.to_str().unwrap())]);
            assert!(out.status.success(), "{name}, constrained run {i}: {:?} {}", out.status, text(&out.stderr));
        }
        let shown = (0..1000).any(|_| !run(&bin, &[]).status.success());
        assert!(shown, "{name}: 1000 unconstrained runs never showed the failing order");
    }
}

/// The indexer of `bench/explore` with 16 threads (32,768 classes): several seconds of
/// exploration, so that the file is replaced at least once before the end (the 4,096
/// classes of `bench/enforce/indexer.c` take less than the one second between versions).
fn long_indexer() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../bench/explore/indexer.c").display().to_string()
}

/// The file is replaced while the exploration runs (each version complete and usable),
/// and ends empty once every schedule is verified.
#[test]
fn the_constraint_file_is_replaced_as_the_exploration_proceeds() {
    let file = scratch("checkpoints", "indexer.json");
    let mut check = Command::new(env!("CARGO_BIN_EXE_ravel"))
        .args(["check", &long_indexer(), "--enforce-out", file.to_str().unwrap(), "--", "-DN=16"])
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut seen = std::collections::BTreeSet::new();
    while check.try_wait().unwrap().is_none() {
        if let Ok(t) = std::fs::read_to_string(&file) {
            let v: serde_json::Value = serde_json::from_str(&t).expect("every version is whole JSON");
            seen.insert(v["executions"].as_u64().unwrap());
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(seen.len() >= 2, "versions seen while exploring: {seen:?}");
    let (_, prefixes, subtree) = shape(&file);
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert!(prefixes == 1 && subtree && v["events"].as_array().unwrap().is_empty(), "{v}");
}

#[test]
fn enforce_out_refuses_tso() {
    let file = scratch("tso", "c.json");
    let out =
        ravel(&["check", &source("mutex_counter"), "--memory-model", "tso", "--enforce-out", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(3));
    assert!(text(&out.stderr).contains("--memory-model sc"), "{}", text(&out.stderr));
}

#[test]
fn constraints_from_a_safe_schedule_rule_out_the_bug() {
    let bin = build("bug", "bug_lost_update");
    let c = constraints("bug", "bug_lost_update");
    for i in 0..1000 {
        let out = run(&bin, &[("RAVEL_CONSTRAINTS", c.to_str().unwrap())]);
        assert!(out.status.success(), "constrained run {i} shows the bug: {}", text(&out.stderr));
    }
    let shown = (0..1000).any(|_| !run(&bin, &[]).status.success());
    assert!(shown, "1000 unconstrained runs never showed the lost update");
}

#[test]
fn embedded_constraints_apply_without_the_environment() {
    let c = constraints("embedded", "bug_lost_update");
    let bin = scratch("embedded", "bug_embedded");
    let out = ravel(&[
        "enforce",
        "build",
        &source("bug_lost_update"),
        "-o",
        bin.to_str().unwrap(),
        "--constraints",
        c.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    for _ in 0..200 {
        assert!(run(&bin, &[]).status.success());
    }
}

#[test]
fn inline_assembly_is_refused_with_its_line() {
    let bin = scratch("asm", "inline_asm");
    let out = ravel(&["enforce", "build", &source("inline_asm"), "-o", bin.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(3));
    let err = text(&out.stderr);
    assert!(err.contains("inline_asm.c:4") && err.contains("inline assembly"), "{err}");
}

/// A witness replayed natively: the constraints of `enforce witness` make every run of the
/// native binary fail the assertion the interpreter found.
#[test]
fn a_witness_replays_natively() {
    let bin = build("witness", "rare_assert");
    let (w, c) = (scratch("witness", "w.json"), scratch("witness", "c.json"));
    let out = ravel(&["check", &source("rare_assert"), "--witness", w.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let out = ravel(&["enforce", "witness", w.to_str().unwrap(), "-o", c.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    for i in 0..20 {
        let out = run(&bin, &[("RAVEL_CONSTRAINTS", c.to_str().unwrap())]);
        use std::os::unix::process::ExitStatusExt;
        let aborted = out.status.code() == Some(134) || out.status.signal() == Some(6);
        assert!(aborted, "constrained run {i}: {:?} {}", out.status, text(&out.stderr));
        assert!(text(&out.stderr).contains("Assertion"), "run {i}: {}", text(&out.stderr));
    }
}
