//! `ravel run --witness FILE` (issue 40): the witness of one seeded random execution makes
//! `ravel replay` re-execute it exactly. Every program under `tests/programs/` with a
//! `run:` expectation is run (one seed each, 1 to 3 in turn), and the replay of its
//! witness must end the same way: the same verdict, the same first error (kind and
//! message), or the same exit status when there was none (a run goes on after a race,
//! its witness stops at the race).

mod common;

use common::{c_programs, parse_header, scratch, Expect};
use serde_json::Value;
use std::path::Path;
use std::process::Command;

/// The JSON report of `ravel ARGS...`.
fn report(args: &mut Command) -> Result<Value, String> {
    let out = args.output().map_err(|e| format!("cannot run ravel: {e}"))?;
    serde_json::from_slice(&out.stdout)
        .map_err(|_| format!("no JSON report (exit {:?}): {}", out.status.code(), String::from_utf8_lossy(&out.stderr)))
}

/// How an execution ended, as both reports say it: its first error, else its exit status.
fn ending(r: &Value) -> (String, String, String, String) {
    let text = |v: &Value| v.as_str().map_or_else(|| v.to_string(), str::to_string);
    let error = &r["errors"][0];
    let status = if error.is_null() { text(&r["exit_status"]) } else { String::new() };
    (text(&r["verdict"]), text(&error["kind"]), text(&error["message"]), status)
}

/// Runs `file` with `seed` and a witness, replays the witness, and compares the endings.
fn run_and_replay(file: &Path, e: &Expect, seed: u64) -> Option<String> {
    let stem = file.file_stem().unwrap().to_string_lossy();
    let witness = scratch("run-witness", &stem, &format!("{stem}-{seed}.json"));
    let mut run = Command::new(env!("CARGO_BIN_EXE_ravel"));
    run.arg("run").arg(file).args(["--seed", &seed.to_string(), "--json", "--timeout", "60", "--witness"]);
    run.arg(&witness).args(&e.flags).args(e.args.iter().map(|a| format!("--args={a}")));
    if !e.clang.is_empty() {
        run.arg("--").args(&e.clang);
    }
    let ran = match report(&mut run) {
        Ok(r) => r,
        Err(m) => return Some(format!("{stem} seed {seed}: run: {m}")),
    };
    // A run stopped by a limit is not an execution to replay.
    if ran["verdict"] == "unknown" {
        return None;
    }
    let mut replay = Command::new(env!("CARGO_BIN_EXE_ravel"));
    replay.arg("replay").arg(&witness).arg("--json");
    let replayed = match report(&mut replay) {
        Ok(r) => r,
        Err(m) => return Some(format!("{stem} seed {seed}: replay: {m}")),
    };
    let (a, b) = (ending(&ran), ending(&replayed));
    (a != b).then(|| format!("{stem} seed {seed}: run ended {a:?}, its replay {b:?}"))
}

#[test]
fn every_run_replays_from_its_witness() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for file in c_programs("") {
        let text = std::fs::read_to_string(&file).unwrap();
        let Some(e) = parse_header(&text).filter(|e| e.run.is_some()) else { continue };
        // One seed each keeps CI short; the seed varies by program so schedules differ.
        let seed = 1 + checked % 3;
        checked += 1;
        failures.extend(run_and_replay(&file, &e, seed));
    }
    assert!(checked >= 300, "only {checked} runs");
    assert!(failures.is_empty(), "{} of {checked} runs:\n{}", failures.len(), failures.join("\n"));
}
