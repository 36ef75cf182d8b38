//! The litmus programs of `tests/litmus/` (their header format is in the README there):
//! under every model the graph engine's verdict and its exact count of consistent graphs
//! (cross-checked with GenMC when they were written), every unsafe verdict's witness
//! replaying to its error; under `sc` dpor agrees on both; under `tso` dpor's verdict
//! (store buffers) is the header's and the graph engine's (TSO's axioms).

mod common;

use common::{check_json, ravel};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

fn litmus_programs() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/litmus");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("tests/litmus exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    files.sort();
    files
}

/// The `MODEL: VERDICT executions=N` line of the header.
fn expectation(text: &str, model: &str) -> Option<(String, u64)> {
    let header = text.split("*/").next()?;
    let line = header.lines().find_map(|l| l.strip_prefix(&format!(" * {model}: ")))?;
    let (verdict, count) = line.split_once(" executions=")?;
    Some((verdict.trim().to_string(), count.trim().parse().ok()?))
}

/// Verdict and executions of one check.
fn check(file: &Path, args: &[&str]) -> Result<(String, u64), String> {
    let (json, _) = check_json(file, "60", args);
    let verdict = json["verdict"].as_str().ok_or_else(|| format!("no verdict with {args:?}"))?;
    Ok((verdict.to_string(), json["stats"]["executions"].as_u64().unwrap_or(0)))
}

/// The memory models the graph engine follows, each with its header line.
const GRAPH_MODELS: [&str; 4] = ["sc", "tso", "rc11", "imm"];

/// The programs whose weak outcome under IMM is load buffering: a `po ∪ rf` cycle, which
/// IMM allows when no dependency orders the read before the write. The graph engine
/// tracks no dependencies and builds no such cycle (as if every read were a dependency
/// of its thread's later writes), so under `imm` it answers these as RC11 does, not as
/// their `imm` line (GenMC's, which tracks dependencies) says.
const LOAD_BUFFERING: [&str; 2] = ["lb_data_po.c", "lb_rlx.c"];

/// The graph engine under `model`: the verdict with its witness replayed, and the count
/// without the assertion; returns the verdict.
fn graph_engine(file: &Path, model: &str, want: &(String, u64)) -> Result<String, String> {
    let witness = std::env::temp_dir().join(format!(
        "ravel-litmus-{}-{}-{model}.json",
        std::process::id(),
        file.file_stem().unwrap().to_string_lossy()
    ));
    let w = witness.to_string_lossy().to_string();
    let (verdict, _) = check(file, &["--engine", "graph", "--memory-model", model, "--witness", &w])?;
    if verdict != want.0 {
        return Err(format!("[{model}] verdict {verdict}, expected {}", want.0));
    }
    if verdict == "unsafe" {
        let out = ravel(&["replay", &w]);
        let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        if out.status.code() != Some(1) || !said.contains("assertion-failure") {
            return Err(format!("[{model}] the witness does not replay to the assertion"));
        }
    }
    let (verdict, count) = check(file, &["--engine", "graph", "--memory-model", model, "--", "-DCOUNT"])?;
    if verdict != "safe" || count != want.1 {
        return Err(format!("[{model}] without the assertion: {verdict} in {count} graphs, expected {}", want.1));
    }
    Ok(want.0.clone())
}

fn check_file(file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).unwrap();
    let mut failures = Vec::new();
    let mut graph_tso = None;
    let load_buffering = LOAD_BUFFERING.iter().any(|f| file.ends_with(f));
    for model in GRAPH_MODELS {
        let line = if model == "imm" && load_buffering { "rc11" } else { model };
        let Some(want) = expectation(&text, line) else {
            failures.push(format!("no {model} line"));
            continue;
        };
        match graph_engine(file, model, &want) {
            Ok(verdict) if model == "tso" => graph_tso = Some(verdict),
            Ok(_) => {}
            Err(m) => failures.push(m),
        }
    }
    // dpor (sequential consistency, and operational TSO) agrees on the verdicts, and under
    // sequential consistency on the count (these programs observe every write order).
    if let Some(want) = expectation(&text, "sc") {
        match check(file, &["--engine", "dpor", "--", "-DCOUNT"]) {
            Ok((v, n)) if v == "safe" && n == want.1 => {}
            other => failures.push(format!("[sc] dpor counts {other:?}, expected {}", want.1)),
        }
    }
    if let Some(want) = expectation(&text, "tso") {
        match check(file, &["--engine", "dpor", "--memory-model", "tso"]) {
            Ok((v, _)) if v == want.0 && graph_tso.as_ref().is_none_or(|g| *g == v) => {}
            other => failures
                .push(format!("[tso] dpor says {other:?}, expected {} (the graph engine: {graph_tso:?})", want.0)),
        }
    }
    failures
}

#[test]
fn litmus_counts_and_verdicts() {
    let files = litmus_programs();
    assert!(files.len() >= 60, "the litmus suite has {} programs", files.len());
    let queue = Mutex::new(files);
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let Some(file) = queue.lock().unwrap().pop() else { break };
                let name = file.file_name().unwrap().to_string_lossy().to_string();
                for m in check_file(&file) {
                    failures.lock().unwrap().push(format!("{name}: {m}"));
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}
