//! `ravel check --job-log`: a `-j 2` run writes one well-formed line per job (each given
//! out, and ended: explored or settled), a line for the search, and
//! `bench/mpi/simulate` replays it.

mod common;

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The log of sigma (N=5) explored with two threads, in test `test`'s directory.
fn logged_run(test: &str) -> (PathBuf, Vec<Value>) {
    let log = common::scratch("job_log", test, "jobs.jsonl");
    let program = root().join("bench/explore/sigma.c");
    let args = ["--interleave", "all", "--no-races", "--engine", "dpor", "-j", "2", "--job-log"];
    let mut all: Vec<&str> = vec!["check", program.to_str().unwrap()];
    all.extend(args);
    all.extend([log.to_str().unwrap(), "--", "-DN=5"]);
    let out = common::ravel(&all);
    assert_eq!(out.status.code(), Some(0), "stderr: {}", common::text(&out.stderr));
    let text = std::fs::read_to_string(&log).expect("the log is written");
    let lines = text.lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    (log, lines)
}

#[test]
fn every_job_is_given_out_and_ends() {
    let (_, lines) = logged_run("ends");
    let jobs: BTreeMap<u64, &Value> =
        lines.iter().filter(|l| l["kind"] == "job").map(|l| (l["job"].as_u64().expect("a job number"), l)).collect();
    let searches: Vec<&Value> = lines.iter().filter(|l| l["kind"] == "search").collect();
    assert_eq!(jobs.len() + searches.len(), lines.len(), "every line is a job or the search");
    assert_eq!(searches.len(), 1);
    assert!(!jobs.is_empty(), "two threads gave out no job");
    let mut committed_executions = 0;
    for (id, job) in &jobs {
        let given_out = job["given_out"].as_f64().unwrap_or_else(|| panic!("job {id} was never given out"));
        assert!(job["depth"].is_u64() && job["job_bytes"].as_u64() > Some(0), "job {id}: {job}");
        if let Some(giver) = job["giver"].as_u64() {
            assert!(giver < *id && jobs.contains_key(&giver), "job {id}: giver {giver} unknown");
        }
        let (finished, settled) = (job["finished"].as_f64(), job["settled"].as_f64());
        assert!(finished.is_some() || settled.is_some(), "job {id} never ended: {job}");
        if let Some(taken) = job["taken"].as_f64() {
            assert!(taken >= given_out && finished.is_some(), "job {id}: taken, never finished: {job}");
            assert!(job["work"].as_f64() >= Some(0.0) && job["result_bytes"].as_u64() > Some(0), "job {id}: {job}");
        }
        if job["outcome"] == "committed" {
            assert!(finished <= settled, "job {id}: committed before it finished: {job}");
            if job["giver"].is_null() {
                committed_executions += job["executions"].as_u64().expect("executions");
            }
        }
    }
    let search = searches[0];
    assert!(committed_executions <= search["executions"].as_u64().expect("executions"));
    for field in ["work", "waited", "nested", "commits", "logging"] {
        assert!(search[field].as_f64() >= Some(0.0), "search {field}: {search}");
    }
}

#[test]
fn the_simulation_replays_the_log() {
    let (log, _) = logged_run("simulate");
    let out = Command::new("python3")
        .arg(root().join("bench/mpi/simulate"))
        .arg(&log)
        .args(["--ranks", "1,2,4", "--measured", "1=1,2=1"])
        .output()
        .expect("python3 runs");
    let stdout = common::text(&out.stdout);
    assert!(out.status.success(), "stderr: {}", common::text(&out.stderr));
    let rows = stdout.lines().filter(|l| !l.starts_with('#')).skip(1).count();
    assert_eq!(rows, 3, "a row per rank count: {stdout}");
    assert!(stdout.contains("R=2"), "no validation lines: {stdout}");
}
