//! The litmus programs of `tests/litmus/` (their header format is in the README there):
//! under every model the graph engine's verdict and its exact count of consistent graphs
//! (cross-checked with GenMC when they were written), every unsafe verdict's witness
//! replaying to its error; under `sc` dpor agrees on both; under `tso` dpor's verdict
//! (store buffers) is the header's and the graph engine's (TSO's axioms). Under `imm` a
//! program whose explored graphs leave room for load buffering may answer `unknown` for
//! that reason instead (the engine tracks no dependencies), a few at most.

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

/// Verdict, executions and the reason of an unknown verdict of one check.
fn check(file: &Path, args: &[&str]) -> Result<(String, u64, String), String> {
    let (json, _) = check_json(file, "60", args);
    let verdict = json["verdict"].as_str().ok_or_else(|| format!("no verdict with {args:?}"))?;
    let reason = json["reason"].as_str().unwrap_or_default().to_string();
    Ok((verdict.to_string(), json["stats"]["executions"].as_u64().unwrap_or(0), reason))
}

/// The memory models the graph engine follows, each with its header line.
const GRAPH_MODELS: [&str; 4] = ["sc", "tso", "rc11", "imm"];

/// Why the graph engine answers `unknown` under `imm` where the explored graphs leave room
/// for load buffering (a `po ∪ rf` cycle, which IMM allows when no dependency orders a
/// read before a later write, and which the engine, tracking no dependencies, never
/// builds). The header's `imm` line is GenMC's, which tracks dependencies.
const LOAD_BUFFERING: &str = "IMM: load buffering (a cycle of reads and later writes across threads) is not \
                              explored; ravel does not track dependencies";

/// The programs decided under `imm` at least: 68 of 71 when this was written, the three
/// unknown for [`LOAD_BUFFERING`] being `lb_rlx`, `lb_data_po` and `lb_datas` (load
/// buffering without dependencies, with one, with two).
const IMM_DECIDED_AT_LEAST: usize = 68;

/// What the graph engine answered under `model`.
enum Answer {
    /// The header's verdict and count.
    Decided(String),
    /// `imm` only: unknown for [`LOAD_BUFFERING`], with no more graphs than the header's.
    LoadBuffering,
}

/// The graph engine under `model`: the verdict with its witness replayed, and the count
/// without the assertion. Under `imm` the answer may be unknown for load buffering
/// instead (never `safe` where the header says `unsafe`, nor the reverse), with at most
/// the header's count of graphs.
fn graph_engine(file: &Path, model: &str, want: &(String, u64)) -> Result<Answer, String> {
    let witness = std::env::temp_dir().join(format!(
        "ravel-litmus-{}-{}-{model}.json",
        std::process::id(),
        file.file_stem().unwrap().to_string_lossy()
    ));
    let w = witness.to_string_lossy().to_string();
    let (verdict, _, reason) = check(file, &["--engine", "graph", "--memory-model", model, "--witness", &w])?;
    let load_buffering = model == "imm" && verdict == "unknown" && reason == LOAD_BUFFERING;
    if verdict != want.0 && !load_buffering {
        return Err(format!("[{model}] verdict {verdict} ({reason}), expected {}", want.0));
    }
    if verdict == "unsafe" {
        let out = ravel(&["replay", &w]);
        let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        if out.status.code() != Some(1) || !said.contains("assertion-failure") {
            return Err(format!("[{model}] the witness does not replay to the assertion"));
        }
    }
    let (verdict, count, reason) = check(file, &["--engine", "graph", "--memory-model", model, "--", "-DCOUNT"])?;
    if load_buffering {
        if verdict != "unknown" || reason != LOAD_BUFFERING || count > want.1 {
            return Err(format!(
                "[{model}] without the assertion: {verdict} ({reason}) in {count} graphs, expected unknown for load \
                 buffering in at most {}",
                want.1
            ));
        }
        return Ok(Answer::LoadBuffering);
    }
    if verdict != "safe" || count != want.1 {
        return Err(format!("[{model}] without the assertion: {verdict} in {count} graphs, expected {}", want.1));
    }
    Ok(Answer::Decided(want.0.clone()))
}

/// The failures of one program, and whether `imm` answered unknown for load buffering.
fn check_file(file: &Path) -> (Vec<String>, bool) {
    let text = std::fs::read_to_string(file).unwrap();
    let mut failures = Vec::new();
    let mut graph_tso = None;
    let mut imm_unknown = false;
    for model in GRAPH_MODELS {
        let Some(want) = expectation(&text, model) else {
            failures.push(format!("no {model} line"));
            continue;
        };
        match graph_engine(file, model, &want) {
            Ok(Answer::Decided(verdict)) if model == "tso" => graph_tso = Some(verdict),
            Ok(Answer::Decided(_)) => {}
            Ok(Answer::LoadBuffering) => imm_unknown = true,
            Err(m) => failures.push(m),
        }
    }
    // dpor (sequential consistency, and operational TSO) agrees on the verdicts, and under
    // sequential consistency on the count (these programs observe every write order).
    if let Some(want) = expectation(&text, "sc") {
        match check(file, &["--engine", "dpor", "--", "-DCOUNT"]) {
            Ok((v, n, _)) if v == "safe" && n == want.1 => {}
            other => failures.push(format!("[sc] dpor counts {other:?}, expected {}", want.1)),
        }
    }
    if let Some(want) = expectation(&text, "tso") {
        match check(file, &["--engine", "dpor", "--memory-model", "tso"]) {
            Ok((v, _, _)) if v == want.0 && graph_tso.as_ref().is_none_or(|g| *g == v) => {}
            other => failures
                .push(format!("[tso] dpor says {other:?}, expected {} (the graph engine: {graph_tso:?})", want.0)),
        }
    }
    (failures, imm_unknown)
}

#[test]
fn litmus_counts_and_verdicts() {
    let files = litmus_programs();
    assert!(files.len() >= 60, "the litmus suite has {} programs", files.len());
    let total = files.len();
    let queue = Mutex::new(files);
    let failures = Mutex::new(Vec::new());
    let imm_unknown = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let Some(file) = queue.lock().unwrap().pop() else { break };
                let name = file.file_name().unwrap().to_string_lossy().to_string();
                let (found, unknown) = check_file(&file);
                for m in found {
                    failures.lock().unwrap().push(format!("{name}: {m}"));
                }
                if unknown {
                    imm_unknown.lock().unwrap().push(name);
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
    let mut unknown = imm_unknown.into_inner().unwrap();
    unknown.sort();
    let decided = total - unknown.len();
    eprintln!("imm: {decided} programs decided, {} unknown for load buffering: {unknown:?}", unknown.len());
    assert!(
        decided >= IMM_DECIDED_AT_LEAST,
        "imm decides {decided} programs, fewer than {IMM_DECIDED_AT_LEAST}: unknown for load buffering {unknown:?}"
    );
}

/// Under RC11 the graph engine on two threads (subtrees of the tree of graphs taken by
/// the other thread) explores what it does on one: verdict, counts, witnesses.
#[test]
fn rc11_on_two_threads_as_on_one() {
    let essence = |file: &Path, jobs: &str, extra: &[&str]| {
        let args = [&["--engine", "graph", "--memory-model", "rc11", "-j", jobs][..], extra].concat();
        let (json, _) = check_json(file, "60", &args);
        let stats = &json["stats"];
        let witnesses: Vec<_> = json["errors"].as_array().into_iter().flatten().map(|e| e["witness"].clone()).collect();
        serde_json::json!([
            json["verdict"],
            json["reason"],
            stats["executions"],
            stats["blocked"],
            stats["transitions"],
            witnesses
        ])
    };
    for file in litmus_programs() {
        for extra in [&[][..], &["--", "-DCOUNT"]] {
            let one = essence(&file, "1", extra);
            assert_eq!(essence(&file, "2", extra), one, "{} {extra:?}", file.display());
        }
    }
}
