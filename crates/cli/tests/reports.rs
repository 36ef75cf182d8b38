//! Snapshot tests of the human reports: every program under `tests/programs/` whose header
//! has a `report: COMMAND FLAGS...` line is run with that command, and its standard error,
//! with paths made relative and times and memory blanked, must equal
//! `tests/programs/reports/NAME.txt`. `RAVEL_BLESS=1` rewrites the snapshots instead.

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

#[test]
fn reports_match_their_snapshots() {
    let dir = programs_dir().canonicalize().expect("tests/programs exists");
    let bless = std::env::var_os("RAVEL_BLESS").is_some();
    let mut failures = Vec::new();
    let mut checked = 0;
    for file in c_programs("") {
        let file = file.canonicalize().unwrap();
        let text = std::fs::read_to_string(&file).unwrap();
        let Some(command) = parse_header(&text).map(|e| e.report).filter(|r| !r.is_empty()) else { continue };
        let out = Command::new(env!("CARGO_BIN_EXE_ravel"))
            .arg(&command[0])
            .arg(&file)
            .args(&command[1..])
            .current_dir(&dir)
            .output()
            .expect("ravel runs");
        let got = normalise(&String::from_utf8_lossy(&out.stderr), &dir);
        let name = file.file_stem().unwrap().to_string_lossy().to_string();
        let snapshot = dir.join("reports").join(format!("{name}.txt"));
        checked += 1;
        if bless {
            std::fs::create_dir_all(snapshot.parent().unwrap()).unwrap();
            std::fs::write(&snapshot, &got).unwrap();
            continue;
        }
        match std::fs::read_to_string(&snapshot) {
            Ok(want) if want == got => {}
            Ok(want) => failures.push(format!("{name}: the report changed\n--- expected\n{want}--- got\n{got}")),
            Err(_) => failures.push(format!("{name}: no snapshot {} (run with RAVEL_BLESS=1)", snapshot.display())),
        }
    }
    assert!(checked >= 5, "only {checked} programs have report snapshots");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
