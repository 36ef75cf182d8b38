//! Runs every annotated C program under `tests/programs/` through the `ravel` binary and
//! checks the outcome, exit status and stdout its header comment expects (see the README
//! there for the format).

mod common;

use common::{c_programs, parse_header, Expect};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

/// Runs one program with one seed; returns a failure message or None.
fn check_run(file: &Path, e: &Expect, run: &str, seed: u64) -> Option<String> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ravel"));
    cmd.arg("run").arg(file).arg("--seed").arg(seed.to_string()).arg("--json").arg("--timeout").arg("60");
    cmd.args(&e.flags);
    if !e.args.is_empty() {
        cmd.args(e.args.iter().map(|a| format!("--args={a}")));
    }
    if !e.clang.is_empty() {
        cmd.arg("--").args(&e.clang);
    }
    let out = match cmd.output() {
        Ok(o) => o,
        Err(err) => return Some(format!("cannot run ravel: {err}")),
    };
    let stderr = String::from_utf8_lossy(&out.stderr);
    let report: serde_json::Value = match serde_json::from_slice(&out.stdout) {
        Ok(v) => v,
        Err(_) => {
            return Some(format!("seed {seed}: no JSON report (exit {:?}); stderr:\n{stderr}", out.status.code()))
        }
    };
    if report["schema"] != "ravel-report/1" || report["command"] != "run" {
        return Some(format!("seed {seed}: not a run report: {report}"));
    }
    let stdout = report["stdout"].as_str().unwrap_or("");
    let got = match report["verdict"].as_str().unwrap_or("") {
        "unsafe" => format!("error {}", report["errors"][0]["kind"].as_str().unwrap_or("?")),
        other => other.to_string(),
    };
    if got != run {
        return Some(format!("seed {seed}: expected `{run}`, got `{got}`: {}", report["message"]));
    }
    let code = out.status.code();
    let want_code = match run.split_whitespace().next() {
        Some("ok") => Some(0),
        Some("error") => Some(1),
        _ => Some(2),
    };
    if code != want_code {
        return Some(format!("seed {seed}: exit code {code:?}, expected {want_code:?}"));
    }
    if run == "ok" && report["exit_status"].is_null() {
        // An assumption cut this execution off: no error, but no output to compare either.
        return None;
    }
    if run == "ok" && report["exit_status"].as_i64() != Some(e.exit) {
        return Some(format!("seed {seed}: program exit status {}, expected {}", report["exit_status"], e.exit));
    }
    if let Some(lines) = &e.stdout {
        let got: Vec<&str> = stdout.lines().collect();
        if got != lines.iter().map(String::as_str).collect::<Vec<_>>() {
            return Some(format!("seed {seed}: stdout differs\n--- expected\n{}\n--- got\n{stdout}", lines.join("\n")));
        }
    }
    None
}

/// What one `ravel check` run reported.
struct CheckResult {
    verdict: String,
    kind: String,
    executions: u64,
    blocked: u64,
    states: u64,
    solver_queries: u64,
}

/// Runs `ravel check` with one engine: its name, then flags of its own.
fn run_check(
    file: &Path,
    e: &Expect,
    interleave: &str,
    engine: &[&str],
    witness: &Path,
) -> Result<CheckResult, String> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ravel"));
    cmd.arg("check").arg(file).args(["--json", "--interleave", interleave, "--engine"]).args(engine);
    cmd.args(["--timeout", "60"]);
    cmd.arg("--witness").arg(witness).args(&e.check_flags);
    // Each program argument alone (`--args=WORD`): verbatim even when spelled like an option.
    if !e.args.is_empty() {
        cmd.args(e.args.iter().map(|a| format!("--args={a}")));
    }
    if !e.clang.is_empty() {
        cmd.arg("--").args(&e.clang);
    }
    let out = cmd.output().map_err(|err| format!("cannot run ravel: {err}"))?;
    // Kept beside the witness for the schema check at the end.
    std::fs::write(witness.with_extension("report.json"), &out.stdout).ok();
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).map_err(|_| {
        format!("no JSON from check (exit {:?}): {}", out.status.code(), String::from_utf8_lossy(&out.stderr))
    })?;
    let stats = &report["stats"];
    let count = |key: &str| stats[key].as_u64().unwrap_or(0);
    Ok(CheckResult {
        verdict: report["verdict"].as_str().unwrap_or("?").to_string(),
        kind: report["errors"][0]["kind"].as_str().unwrap_or("").to_string(),
        executions: count("executions"),
        blocked: count("blocked"),
        states: count("states"),
        solver_queries: count("solver_queries"),
    })
}

/// An expected outcome: `verdict [error-kind] [executions=N] [blocked=N] [states=N]`
/// (`states` counts the distinct states of the states engine).
#[derive(Clone, Default)]
struct Want {
    verdict: String,
    kind: Option<String>,
    executions: Option<u64>,
    blocked: Option<u64>,
    states: Option<u64>,
}

fn parse_want(want: &str) -> Want {
    let mut words = want.split_whitespace();
    let mut w = Want { verdict: words.next().unwrap_or("").to_string(), ..Want::default() };
    for word in words {
        if let Some(n) = word.strip_prefix("executions=") {
            w.executions = n.parse::<u64>().ok();
        } else if let Some(n) = word.strip_prefix("blocked=") {
            w.blocked = n.parse::<u64>().ok();
        } else if let Some(n) = word.strip_prefix("states=") {
            w.states = n.parse::<u64>().ok();
        } else {
            w.kind = Some(word.to_string());
        }
    }
    w
}

/// Runs one engine and compares with `want`; an unsafe verdict's witness must replay.
fn expect_engine(
    file: &Path,
    e: &Expect,
    interleave: &str,
    engine: &[&str],
    want: &Want,
) -> Result<CheckResult, String> {
    let dir = std::env::temp_dir().join(format!("ravel-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).ok();
    let stem = file.file_stem().unwrap().to_string_lossy();
    let witness = dir.join(format!("{stem}-{interleave}-{}.json", engine.join("")));
    let r = run_check(file, e, interleave, engine, &witness).map_err(|m| format!("[{interleave} {engine:?}] {m}"))?;
    let engine = engine.join(" ");
    let text = || {
        format!(
            "[{interleave} {engine}] got {} {} executions={} blocked={} states={}",
            r.verdict, r.kind, r.executions, r.blocked, r.states
        )
    };
    if r.verdict != want.verdict || want.kind.as_ref().is_some_and(|k| *k != r.kind) {
        return Err(format!("{}, expected {} {}", text(), want.verdict, want.kind.clone().unwrap_or_default()));
    }
    let differs = |want: Option<u64>, got: u64| want.is_some_and(|n| n != got);
    if differs(want.executions, r.executions) || differs(want.blocked, r.blocked) || differs(want.states, r.states) {
        return Err(format!(
            "{}, expected executions={:?} blocked={:?} states={:?}",
            text(),
            want.executions,
            want.blocked,
            want.states
        ));
    }
    if r.verdict == "unsafe" {
        let out = Command::new(env!("CARGO_BIN_EXE_ravel")).arg("replay").arg(&witness).arg("--json").output();
        if out.map(|o| o.status.code()).ok().flatten() != Some(1) {
            return Err(format!("[{interleave} {engine}] the witness does not replay to the error"));
        }
    }
    Ok(r)
}

/// The states engine with its flags (it needs `--no-races`, which may be given already).
fn states_engine(e: &Expect) -> &'static [&'static str] {
    if e.check_flags.iter().any(|f| f == "--no-races") {
        &["states"]
    } else {
        &["states", "--no-races"]
    }
}

/// Checks one `check:` expectation: verdict, error kind, exact counts, witness replay, the
/// naive engine's agreement, the unfold engine's (with its own counts in sync mode) and, in
/// `all` mode, the states engine's.
fn check_expectation(file: &Path, e: &Expect, interleave: &str, want: &str) -> Option<String> {
    let want = parse_want(want);
    let r = match expect_engine(file, e, interleave, &["dpor"], &want) {
        Ok(r) => r,
        Err(m) => return Some(m),
    };
    // A program without inputs never needs the solver.
    let text = std::fs::read_to_string(file).unwrap_or_default();
    let has_inputs =
        ["nondet", "klee_", "ravel_symbolic", "--sym-file", "--sym-packet"].iter().any(|w| text.contains(w));
    if !has_inputs && r.solver_queries > 0 {
        return Some(format!("[{interleave}] {} solver queries in a program without inputs", r.solver_queries));
    }
    if interleave == "sync" {
        let same = Want { verdict: r.verdict.clone(), kind: want.kind.clone(), ..Want::default() };
        let unfold = e.unfold.as_deref().map(parse_want).unwrap_or(same);
        // Cutoffs may end configurations early (a state seen before): counts are those of
        // the partial-order reduction alone, measured without them.
        let verdict = Want { verdict: unfold.verdict.clone(), kind: unfold.kind.clone(), ..Want::default() };
        if let Err(m) = expect_engine(file, e, interleave, &["unfold"], &verdict) {
            return Some(m);
        }
        if unfold.executions.is_some() || unfold.blocked.is_some() {
            if let Err(m) = expect_engine(file, e, interleave, &["unfold", "--no-cutoffs"], &unfold) {
                return Some(m);
            }
        }
    } else {
        // In `all` granularity unfold must agree with dpor too (SV-COMP mode).
        let same = Want { verdict: r.verdict.clone(), kind: want.kind.clone(), ..Want::default() };
        if let Err(m) = expect_engine(file, e, interleave, &["unfold"], &same) {
            return Some(m);
        }
        // So must the states engine, races included, unless the program says what it
        // answers (`check-states-races:`, checked on its own).
        if e.states_races.is_none() {
            if let Err(m) = expect_engine(file, e, interleave, &["states"], &same) {
                return Some(m);
            }
        }
    }
    let dir = std::env::temp_dir().join(format!("ravel-check-{}", std::process::id()));
    let witness = dir.join(format!("{}-{interleave}-naive.json", file.file_stem().unwrap().to_string_lossy()));
    match run_check(file, e, interleave, &["naive"], &witness) {
        Ok(n) if n.verdict == r.verdict || n.verdict == "unknown" => {}
        Ok(n) => {
            return Some(format!(
                "[{interleave}] naive engine disagrees: {} {} vs {} {}",
                n.verdict, n.kind, r.verdict, r.kind
            ))
        }
        Err(m) => return Some(format!("[{interleave}] naive: {m}")),
    }
    graph_agrees(file, e, interleave, &r)
}

/// The graph engine (sequential consistency, every shared access an event) answers as
/// dpor does, or unknown for what it does not follow yet; its witnesses replay. Programs
/// with flags of their own are left to the engines the flags are for.
fn graph_agrees(file: &Path, e: &Expect, interleave: &str, r: &CheckResult) -> Option<String> {
    if !e.check_flags.is_empty() {
        return None;
    }
    let dir = std::env::temp_dir().join(format!("ravel-check-{}", std::process::id()));
    let witness = dir.join(format!("{}-{interleave}-graph.json", file.file_stem().unwrap().to_string_lossy()));
    match run_check(file, e, interleave, &["graph"], &witness) {
        Ok(g) if g.verdict == "unknown" => None,
        Ok(g) if g.verdict != r.verdict => {
            Some(format!("[{interleave}] graph engine disagrees: {} {} vs {} {}", g.verdict, g.kind, r.verdict, r.kind))
        }
        Ok(g) if g.verdict == "unsafe" => {
            let out = Command::new(env!("CARGO_BIN_EXE_ravel")).arg("replay").arg(&witness).output();
            match out {
                Ok(o) if o.status.code() == Some(1) => None,
                _ => Some(format!("[{interleave}] the graph engine's witness does not replay to an error")),
            }
        }
        Ok(_) => None,
        Err(m) => Some(format!("[{interleave}] graph: {m}")),
    }
}

/// Checks one `check-tso:` expectation: dpor under TSO (verdict, exact counts, witness
/// replay), and the naive engine under TSO, which runs every interleaving of threads and
/// store buffers, must agree on the verdict.
fn check_tso(file: &Path, e: &Expect, interleave: &str, want: &str) -> Option<String> {
    let want = parse_want(want);
    let tso = ["--memory-model", "tso"];
    let r = match expect_engine(file, e, interleave, &["dpor", tso[0], tso[1]], &want) {
        Ok(r) => r,
        Err(m) => return Some(m),
    };
    let dir = std::env::temp_dir().join(format!("ravel-check-{}", std::process::id()));
    let witness = dir.join(format!("{}-{interleave}-naive-tso.json", file.file_stem().unwrap().to_string_lossy()));
    match run_check(file, e, interleave, &["naive", tso[0], tso[1]], &witness) {
        Ok(n) if n.verdict == r.verdict || n.verdict == "unknown" => None,
        Ok(n) => {
            Some(format!("[{interleave} tso] naive disagrees: {} {} vs {} {}", n.verdict, n.kind, r.verdict, r.kind))
        }
        Err(m) => Some(format!("[{interleave} tso] naive: {m}")),
    }
}

#[test]
fn annotated_programs() {
    let filter = std::env::var("RAVEL_TEST_FILTER").unwrap_or_default();
    let files = c_programs(&filter);
    let queue = Mutex::new(files.clone());
    let failures = Mutex::new(Vec::new());
    let checked = Mutex::new(0usize);
    let check_count = Mutex::new(0usize);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let Some(file) = queue.lock().unwrap().pop() else {
                    break;
                };
                let text = std::fs::read_to_string(&file).unwrap_or_default();
                let name = file.file_name().unwrap().to_string_lossy().to_string();
                let Some(e) = parse_header(&text) else {
                    failures.lock().unwrap().push(format!("{name}: no ravel-test header"));
                    continue;
                };
                for (interleave, want) in &e.checks {
                    if let Some(msg) = check_expectation(&file, &e, interleave, want) {
                        failures.lock().unwrap().push(format!("{name}: {msg}"));
                    }
                    *check_count.lock().unwrap() += 1;
                }
                for (interleave, want) in &e.tso {
                    if let Some(msg) = check_tso(&file, &e, interleave, want) {
                        failures.lock().unwrap().push(format!("{name}: {msg}"));
                    }
                    *check_count.lock().unwrap() += 1;
                }
                let states = [(&e.states, states_engine(&e)), (&e.states_races, &["states"][..])];
                for (want, engine) in states {
                    let Some(want) = want else { continue };
                    if let Err(msg) = expect_engine(&file, &e, "all", engine, &parse_want(want)) {
                        failures.lock().unwrap().push(format!("{name}: {msg}"));
                    }
                    *check_count.lock().unwrap() += 1;
                }
                let Some(run) = e.run.clone() else { continue };
                for seed in 1..=e.seeds {
                    if let Some(msg) = check_run(&file, &e, &run, seed) {
                        failures.lock().unwrap().push(format!("{name}: {msg}"));
                        break;
                    }
                }
                *checked.lock().unwrap() += 1;
            });
        }
    });
    let dir = std::env::temp_dir().join(format!("ravel-check-{}", std::process::id()));
    let mut failures = failures.into_inner().unwrap();
    failures.extend(reports_follow_the_schema(&dir));
    std::fs::remove_dir_all(&dir).ok();
    let checked = checked.into_inner().unwrap();
    let check_count = check_count.into_inner().unwrap();
    eprintln!("ran {checked} programs and {check_count} check expectations, {} failed", failures.len());
    assert!(failures.is_empty(), "{} of {} programs failed:\n\n{}", failures.len(), files.len(), failures.join("\n\n"));
    if filter.is_empty() {
        assert!(checked >= 60, "only {checked} programs have run expectations");
        assert!(check_count >= 30, "only {check_count} check expectations");
    }
}

/// Validates every JSON report of `check` kept in `dir` against
/// `schemas/ravel-report-1.json` (with `scripts/validate-json`); returns the failure.
fn reports_follow_the_schema(dir: &Path) -> Option<String> {
    let reports: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".report.json"))
        .collect();
    if reports.is_empty() {
        return None;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let schema = root.join("schemas/ravel-report-1.json");
    let out = Command::new("python3").arg(root.join("scripts/validate-json")).arg(schema).args(&reports).output();
    match out {
        Ok(o) if o.status.success() => None,
        Ok(o) => Some(format!("reports do not follow the schema:\n{}", String::from_utf8_lossy(&o.stdout))),
        Err(e) => Some(format!("cannot run scripts/validate-json: {e}")),
    }
}

/// The verdict and first error kind of `ravel check` (default engine) under `flags`.
fn verdict_under(file: &Path, e: &Expect, flags: &[&str]) -> (String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ravel"));
    cmd.arg("check").arg(file).args(["--json", "--timeout", "30"]).args(flags);
    cmd.args(e.check_flags.iter().filter(|f| !flags.contains(&f.as_str())));
    if !e.args.is_empty() {
        cmd.args(e.args.iter().map(|a| format!("--args={a}")));
    }
    if !e.clang.is_empty() {
        cmd.arg("--").args(&e.clang);
    }
    let report: serde_json::Value =
        cmd.output().ok().and_then(|out| serde_json::from_slice(&out.stdout).ok()).unwrap_or(serde_json::Value::Null);
    let text = |v: &serde_json::Value| v.as_str().unwrap_or("?").to_string();
    (text(&report["verdict"]), text(&report["errors"][0]["kind"]))
}

/// No combination of `--no-races` and `--interleave sync|all` says `safe` for a program in
/// which another finds an error other than a race: a search that was not exhaustive for
/// the program must not conclude.
#[test]
fn no_flag_combination_hides_an_error() {
    let filter = std::env::var("RAVEL_TEST_FILTER").unwrap_or_default();
    let files = c_programs(&filter);
    let queue = Mutex::new(files);
    let failures = Mutex::new(Vec::new());
    let combinations: [&[&str]; 4] = [
        &["--interleave", "sync"],
        &["--interleave", "all"],
        &["--interleave", "sync", "--no-races"],
        &["--interleave", "all", "--no-races"],
    ];
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let Some(file) = queue.lock().unwrap().pop() else { break };
                let text = std::fs::read_to_string(&file).unwrap_or_default();
                let Some(e) = parse_header(&text).filter(|e| !e.checks.is_empty()) else { continue };
                let verdicts: Vec<_> = combinations.iter().map(|flags| verdict_under(&file, &e, flags)).collect();
                let error = verdicts.iter().position(|(v, kind)| v == "unsafe" && kind != "data-race");
                let safe = verdicts.iter().position(|(v, _)| v == "safe");
                if let (Some(u), Some(s)) = (error, safe) {
                    let name = file.file_name().unwrap().to_string_lossy().to_string();
                    failures.lock().unwrap().push(format!(
                        "{name}: safe with {:?} but {} with {:?}",
                        combinations[s], verdicts[u].1, combinations[u]
                    ));
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
