//! Snapshot tests of the human reports: every program under `tests/programs/` whose header
//! has a `report: COMMAND FLAGS...` line is run with that command, and its standard error,
//! with paths made relative and times and memory blanked, must equal
//! `tests/programs/reports/NAME.txt`; with `report-formats: json sarif html`, the JSON
//! report, SARIF log and HTML page of the same run must equal `NAME.json`, `NAME.sarif`
//! and `NAME.html` (times and memory blanked). `RAVEL_BLESS=1` rewrites the snapshots
//! instead.

mod common;

use common::{c_programs, parse_header, programs_dir};
use std::path::Path;
use std::process::Command;

/// Blanks what changes from run to run: the directory, seconds, memory.
fn normalise(text: &str, dir: &Path) -> String {
    let text = text.replace(&format!("{}/", dir.display()), "");
    text.lines()
        .map(|l| {
            l.split(", ")
                .map(|part| {
                    if part.ends_with('s') && part.trim_end_matches('s').parse::<f64>().is_ok() {
                        "Ts".to_string()
                    } else if part.starts_with("peak memory ") {
                        "peak memory M MiB".to_string()
                    } else {
                        part.to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(", ")
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// Blanks what changes from run to run in a JSON report or SARIF log (parsed): times,
/// memory and the work of `-j`'s helpers.
fn normalise_json(text: &str, dir: &Path) -> String {
    let text = text.replace(&format!("{}/", dir.display()), "").replace(&dir.display().to_string(), ".");
    let mut v: serde_json::Value = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(e) => return format!("not JSON ({e}):\n{text}"),
    };
    fn blank(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(map) => {
                // What `-j`'s helper threads did varies with their timing.
                map.retain(|k, _| k != "helped" && !k.starts_with("helper_"));
                for (k, x) in map.iter_mut() {
                    if k == "seconds" || k == "peak_memory_mib" {
                        *x = serde_json::json!(0);
                    } else {
                        blank(x);
                    }
                }
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(blank),
            _ => {}
        }
    }
    blank(&mut v);
    serde_json::to_string_pretty(&v).unwrap() + "\n"
}

/// Compares `got` with the snapshot `name` (or writes it when blessing).
fn compare(dir: &Path, name: &str, got: &str, bless: bool, failures: &mut Vec<String>) {
    let snapshot = dir.join("reports").join(name);
    if bless {
        std::fs::create_dir_all(snapshot.parent().unwrap()).unwrap();
        std::fs::write(&snapshot, got).unwrap();
        return;
    }
    match std::fs::read_to_string(&snapshot) {
        Ok(want) if want == got => {}
        Ok(want) => failures.push(format!("{name}: the report changed\n--- expected\n{want}--- got\n{got}")),
        Err(_) => failures.push(format!("{name}: no snapshot {} (run with RAVEL_BLESS=1)", snapshot.display())),
    }
}

#[test]
fn reports_match_their_snapshots() {
    let dir = programs_dir().canonicalize().expect("tests/programs exists");
    let bless = std::env::var_os("RAVEL_BLESS").is_some();
    let scratch = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    let mut checked = 0;
    for file in c_programs("") {
        let file = file.canonicalize().unwrap();
        let text = std::fs::read_to_string(&file).unwrap();
        let Some(e) = parse_header(&text).filter(|e| !e.report.is_empty()) else { continue };
        let command = &e.report;
        let name = file.file_stem().unwrap().to_string_lossy().to_string();
        let (sarif, html) = (scratch.path().join(format!("{name}.sarif")), scratch.path().join(format!("{name}.html")));
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_ravel"));
        cmd.arg(&command[0]).arg(&file).args(&command[1..]).current_dir(&dir);
        for format in &e.report_formats {
            match format.as_str() {
                "json" => cmd.arg("--json"),
                "sarif" => cmd.arg("--sarif").arg(&sarif),
                "html" => cmd.arg("--html").arg(&html),
                other => panic!("{name}: unknown report format {other}"),
            };
        }
        if !e.clang.is_empty() {
            cmd.arg("--").args(&e.clang);
        }
        let out = cmd.output().expect("ravel runs");
        checked += 1;
        compare(
            &dir,
            &format!("{name}.txt"),
            &normalise(&String::from_utf8_lossy(&out.stderr), &dir),
            bless,
            &mut failures,
        );
        for format in &e.report_formats {
            let got = match format.as_str() {
                "json" => normalise_json(&String::from_utf8_lossy(&out.stdout), &dir),
                "sarif" => normalise_json(&std::fs::read_to_string(&sarif).unwrap_or_default(), &dir),
                _ => std::fs::read_to_string(&html).unwrap_or_default().replace(&format!("{}/", dir.display()), ""),
            };
            compare(&dir, &format!("{name}.{format}"), &got, bless, &mut failures);
        }
    }
    assert!(checked >= 5, "only {checked} programs have report snapshots");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
