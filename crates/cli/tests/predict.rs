//! `ravel predict` on the annotated programs of `tests/programs/` that carry a
//! `predict:` expectation (`safe`, or `unsafe KIND` with KIND an error kind or
//! `atomicity-violation`) and `predict-flags:`. An unsafe answer must be confirmed, and
//! its saved witness must replay with `ravel replay`; a safe answer must come with no
//! prediction at all, confirmed or not (no false alarms, no unconfirmed predictions).

use std::path::{Path, PathBuf};
use std::process::Command;

struct Expect {
    verdict: String,
    flags: Vec<String>,
}

fn header(text: &str) -> Option<Expect> {
    let block = text.split("/* ravel-test").nth(1)?.split("*/").next()?;
    let mut verdict = None;
    let mut flags = Vec::new();
    for line in block.lines() {
        let line = line.trim().trim_start_matches('*').trim();
        if let Some(v) = line.strip_prefix("predict:") {
            verdict = Some(v.trim().to_string());
        } else if let Some(v) = line.strip_prefix("predict-flags:") {
            flags = v.split_whitespace().map(String::from).collect();
        }
    }
    Some(Expect { verdict: verdict?, flags })
}

fn programs() -> Vec<(PathBuf, Expect)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("tests/programs exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    files.sort();
    files
        .into_iter()
        .filter_map(|p| {
            let text = std::fs::read_to_string(&p).ok()?;
            header(&text).map(|e| (p, e))
        })
        .collect()
}

fn check(file: &Path, expect: &Expect) -> Result<(), String> {
    let witness = std::env::temp_dir().join(format!(
        "ravel-predict-{}-{}.json",
        std::process::id(),
        file.file_stem().unwrap_or_default().to_string_lossy()
    ));
    let out = Command::new(env!("CARGO_BIN_EXE_ravel"))
        .arg("predict")
        .arg(file)
        .args(&expect.flags)
        .arg("--json")
        .arg("--save-witness")
        .arg(&witness)
        .output()
        .map_err(|e| e.to_string())?;
    let report: serde_json::Value = serde_json::from_slice(&out.stdout)
        .map_err(|e| format!("no JSON report ({e}); stderr: {}", String::from_utf8_lossy(&out.stderr)))?;
    let confirmed = report["confirmed"].as_array().cloned().unwrap_or_default();
    let unconfirmed = report["unconfirmed"].as_array().cloned().unwrap_or_default();
    let code = out.status.code();
    if expect.verdict == "safe" {
        if code != Some(0) || !confirmed.is_empty() || !unconfirmed.is_empty() {
            return Err(format!("expected no prediction, got exit {code:?}: {report}"));
        }
        return Ok(());
    }
    let kind = expect.verdict.strip_prefix("unsafe").map(str::trim).unwrap_or_default();
    if code != Some(1) || !confirmed.iter().any(|c| c["kind"] == kind) {
        return Err(format!("expected a confirmed {kind}, got exit {code:?}: {report}"));
    }
    let replay = Command::new(env!("CARGO_BIN_EXE_ravel"))
        .arg("replay")
        .arg(&witness)
        .arg("--json")
        .output()
        .map_err(|e| e.to_string())?;
    let _ = std::fs::remove_file(&witness);
    let stdout = String::from_utf8_lossy(&replay.stdout);
    let replayed_kind = serde_json::from_str::<serde_json::Value>(&stdout).ok().map(|r| r["errors"][0]["kind"].clone());
    let replayed = match kind {
        // An atomicity violation is an interleaving, not an error: the witness replays in full.
        "atomicity-violation" => matches!(replay.status.code(), Some(0) | Some(2)),
        _ => replay.status.code() == Some(1) && replayed_kind.is_some_and(|k| k == kind),
    };
    if !replayed {
        let stderr = String::from_utf8_lossy(&replay.stderr);
        return Err(format!("the witness does not replay: exit {:?}: {stdout}{stderr}", replay.status.code()));
    }
    Ok(())
}

#[test]
fn predict_programs() {
    let cases = programs();
    assert!(!cases.is_empty(), "no program has a predict: expectation");
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|(file, expect)| check(file, expect).err().map(|e| format!("{}: {e}", file.display())))
        .collect();
    assert!(failures.is_empty(), "{} of {} failed:\n{}", failures.len(), cases.len(), failures.join("\n"));
}
