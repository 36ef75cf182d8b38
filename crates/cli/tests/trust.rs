//! What a user relies on beyond verdicts: one JSON report shape on stdout for every
//! command, complete witnesses, several input files, SV-COMP task files, program
//! arguments, one-line messages for missing functions, the portfolio's use of the states
//! engine and exact limits.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn ravel(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ravel")).args(args).output().expect("ravel runs")
}

fn trust(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/trust").join(name).display().to_string()
}

fn program(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs").join(name).display().to_string()
}

/// The JSON report on stdout, checked for the common fields.
fn report(out: &Output, command: &str) -> Value {
    let r: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|_| {
        panic!(
            "stdout is not one JSON report:\n{}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    assert_eq!(r["schema"], "ravel-report/1");
    assert_eq!(r["command"], command);
    for key in ["program", "verdict", "reason", "memory_model", "notes", "errors"] {
        assert!(r.get(key).is_some(), "no `{key}` in {r}");
    }
    r
}

fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("ravel-trust-{}-{name}", std::process::id()))
}

#[test]
fn check_run_and_replay_share_one_report_shape_on_stdout() {
    let witness = scratch("shape.json");
    let w = witness.to_str().unwrap();
    let file = program("trust_race_report_sync.c");
    let check = ravel(&["check", &file, "--json", "--witness", w]);
    assert_eq!(check.status.code(), Some(1));
    let c = report(&check, "check");
    assert_eq!(c["verdict"], "unsafe");
    let error = &c["errors"][0];
    assert_eq!(error["kind"], "data-race");
    assert_eq!(error["location"]["line"], 12);
    assert!(error["location"]["column"].as_u64().unwrap() > 0);
    assert_eq!(error["related"][0]["line"], 12);
    assert!(error["interleaving"].as_array().unwrap().len() >= 4, "{error}");
    // The embedded witness is complete: it replays like the written one.
    let embedded = scratch("embedded.json");
    std::fs::write(&embedded, error["witness"].to_string()).unwrap();
    for path in [witness.as_path(), embedded.as_path()] {
        let replay = ravel(&["replay", path.to_str().unwrap(), "--json"]);
        assert_eq!(replay.status.code(), Some(1));
        let r = report(&replay, "replay");
        assert_eq!(r["verdict"], "unsafe");
        assert_eq!(r["errors"][0]["kind"], "data-race");
    }
    let run = ravel(&["run", &trust("hello_threads.c"), "--json"]);
    assert_eq!(run.status.code(), Some(0));
    let r = report(&run, "run");
    assert_eq!(r["verdict"], "ok");
    assert_eq!(r["stdout"], "hello from the program\n");
    std::fs::remove_file(witness).ok();
    std::fs::remove_file(embedded).ok();
}

#[test]
fn property_answer_goes_to_stderr_with_json() {
    let prp = trust("unreach-call.prp");
    let out = ravel(&["check", &trust("task.yml"), "--property", &prp, "--json"]);
    let r = report(&out, "check");
    assert_eq!(r["verdict"], "unsafe");
    assert_eq!(String::from_utf8_lossy(&out.stderr).lines().last(), Some("FALSE"));
    let plain = ravel(&["check", &trust("task.yml"), "--property", &prp]);
    assert_eq!(String::from_utf8_lossy(&plain.stdout).lines().last(), Some("FALSE"));
}

#[test]
fn a_task_file_names_its_sources_and_data_model() {
    // sizeof(long) is 4 only under the task's ILP32 data model.
    let flags = ["--interleave", "all", "--no-races", "--json"];
    let task = ravel(&[&["check", &trust("task.yml")][..], &flags].concat());
    assert_eq!(report(&task, "check")["errors"][0]["kind"], "reach-error");
    let lp64 = ravel(&[&["check", &trust("racy_task.c")][..], &flags].concat());
    assert_eq!(report(&lp64, "check")["verdict"], "safe");
}

#[test]
fn several_files_make_one_program() {
    let witness = scratch("queue.json");
    let w = witness.to_str().unwrap();
    let out = ravel(&["check", &trust("queue_main.c"), &trust("queue.c"), "--witness", w]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("data race on global `q.count`"), "{stderr}");
    let replay = ravel(&["replay", w]);
    assert_eq!(replay.status.code(), Some(1), "{}", String::from_utf8_lossy(&replay.stderr));
    std::fs::remove_file(witness).ok();
}

#[test]
fn a_missing_function_gets_its_c_name_and_a_hint() {
    let out = ravel(&["check", &trust("queue_main.c")]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    let verdict = stderr.lines().next().unwrap_or("");
    assert!(verdict.contains("call to undefined function `q_init`"), "{stderr}");
    assert!(verdict.contains("pass the file that defines it"), "{stderr}");
    assert!(!verdict.contains("@q_init") && !verdict.contains("debugloc"), "IR text in: {verdict}");
}

#[test]
fn auto_decides_with_the_states_engine_without_a_time_limit() {
    // Four threads, five locked increments each: too many classes for dpor to finish
    // quickly, few distinct states.
    let out =
        ravel(&["check", &program("trust_max_executions_locks.c"), "--interleave", "all", "--no-races", "--json"]);
    let r = report(&out, "check");
    assert_eq!(r["verdict"], "safe");
    assert!(r["notes"].to_string().contains("states engine"), "{r}");
}

#[test]
fn max_executions_stops_exactly() {
    let file = program("trust_max_executions_locks.c");
    for engine in ["dpor", "unfold", "auto"] {
        let out = ravel(&["check", &file, "--max-executions", "5", "--engine", engine, "--json"]);
        let r = report(&out, "check");
        assert_eq!(r["verdict"], "unknown", "{engine}: {r}");
        let stats = &r["stats"];
        let explored =
            ["executions", "blocked", "sleep_blocked"].iter().map(|k| stats[k].as_u64().unwrap_or(0)).sum::<u64>();
        assert!(explored <= 5, "{engine}: {explored} executions explored");
    }
}

#[test]
fn all_errors_reports_every_race_of_one_transition_and_each_replays() {
    // Under sync the two threads' bodies are single transitions racing on x and on y.
    for engine in ["dpor", "unfold"] {
        let out =
            ravel(&["check", &program("trust_all_errors_two_races.c"), "--all-errors", "--json", "--engine", engine]);
        let r = report(&out, "check");
        let errors = r["errors"].as_array().cloned().unwrap_or_default();
        let messages: Vec<&str> = errors.iter().filter_map(|e| e["message"].as_str()).collect();
        assert_eq!(messages.len(), 2, "{engine}: {messages:?}");
        assert!(messages.iter().any(|m| m.contains("global `x`")), "{engine}: {messages:?}");
        assert!(messages.iter().any(|m| m.contains("global `y`")), "{engine}: {messages:?}");
        replay_each(&errors, &format!("two-races-{engine}"));
    }
}

/// Replays the witness of each error and checks it reaches that error (`tag` names the
/// witness files apart from other tests').
fn replay_each(errors: &[serde_json::Value], tag: &str) {
    for (i, e) in errors.iter().enumerate() {
        let path = scratch(&format!("{tag}-{i}.json"));
        std::fs::write(&path, e["witness"].to_string()).unwrap();
        let replay = ravel(&["replay", path.to_str().unwrap(), "--json"]);
        let replayed = report(&replay, "replay");
        assert_eq!(replayed["errors"][0]["message"], e["message"], "{tag}: witness {i} replays another error");
        std::fs::remove_file(path).ok();
    }
}

#[test]
fn all_errors_goes_on_after_a_reinitialisation_under_both_engines() {
    // Two statically initialised objects initialised again, then a race: three errors.
    for engine in ["dpor", "unfold"] {
        let out = ravel(&[
            "check",
            &program("pthread_static_reinit_all_errors.c"),
            "--all-errors",
            "--json",
            "--engine",
            engine,
        ]);
        let errors = report(&out, "check")["errors"].as_array().cloned().unwrap_or_default();
        let kinds: Vec<&str> = errors.iter().filter_map(|e| e["kind"].as_str()).collect();
        assert_eq!(kinds, ["pthread-misuse", "pthread-misuse", "data-race"], "{engine}");
        replay_each(&errors, &format!("reinit-{engine}"));
    }
}
