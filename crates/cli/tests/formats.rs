//! The report formats for tools and people: every program under `tests/programs/` that
//! `check` finds unsafe (in the first mode its header expects that) gets a SARIF log that follows the published SARIF 2.1.0 schema and
//! an HTML page that a real browser (headless Chromium) renders with its interleaving.

mod common;

use common::{c_programs, parse_header};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The published SARIF 2.1.0 schema, which `scripts/setup` downloads next to the build
/// (it is not ours to put in the repository); `RAVEL_SARIF_SCHEMA` may name another copy.
fn sarif_schema() -> PathBuf {
    std::env::var_os("RAVEL_SARIF_SCHEMA")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/schemas/sarif-schema-2.1.0.json"))
}

/// The headless browser that renders the pages.
fn chromium(args: &[&str]) -> std::process::Output {
    Command::new("chromium")
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"])
        .args(args)
        .output()
        .expect("chromium runs (scripts/setup installs it)")
}

#[test]
fn unsafe_programs_get_valid_sarif_and_html() {
    let dir = std::env::temp_dir().join(format!("ravel-formats-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut logs = Vec::new();
    let mut pages = Vec::new();
    for file in c_programs("") {
        let text = std::fs::read_to_string(&file).unwrap();
        let Some(e) = parse_header(&text) else { continue };
        let Some((mode, _)) = e.checks.iter().find(|(_, want)| want.starts_with("unsafe")) else { continue };
        let stem = file.file_stem().unwrap().to_string_lossy().to_string();
        let (sarif, html, witness) =
            (dir.join(format!("{stem}.sarif")), dir.join(format!("{stem}.html")), dir.join(format!("{stem}.json")));
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_ravel"));
        cmd.arg("check").arg(&file).args(["--interleave", mode]).arg("--sarif").arg(&sarif).arg("--html").arg(&html);
        cmd.arg("--witness").arg(&witness).args(["--timeout", "60"]).args(&e.check_flags);
        if !e.args.is_empty() {
            cmd.args(e.args.iter().map(|a| format!("--args={a}")));
        }
        if !e.clang.is_empty() {
            cmd.arg("--").args(&e.clang);
        }
        let out = cmd.output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{stem}: {}", String::from_utf8_lossy(&out.stderr));
        let log: Value = serde_json::from_slice(&std::fs::read(&sarif).unwrap()).unwrap();
        let results = log["runs"][0]["results"].as_array().cloned().unwrap_or_default();
        assert!(!results.is_empty(), "{stem}: no SARIF result");
        let first = &results[0];
        assert_eq!(first["attachments"][0]["artifactLocation"]["uri"], format!("file://{}", witness.display()));
        assert!(first["locations"][0]["physicalLocation"]["region"]["startLine"].as_u64() > Some(0), "{stem}");
        let page = std::fs::read_to_string(&html).unwrap();
        assert!(page.contains("id=\"verdict\" class=\"verdict-unsafe\""), "{stem}");
        logs.push(sarif);
        pages.push((stem, html));
    }
    assert!(logs.len() >= 30, "only {} unsafe programs", logs.len());
    let schema = sarif_schema();
    if schema.is_file() {
        let validate = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/validate-json");
        let out = Command::new("python3").arg(validate).arg(&schema).args(&logs).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
    } else {
        // Without network the schema cannot be had; the structure was checked above.
        eprintln!("note: no SARIF schema at {}: logs checked for their structure only", schema.display());
    }
    // A browser renders a sample of the pages: the verdict and an interleaving row per step.
    for (stem, html) in pages.iter().step_by(pages.len() / 5 + 1) {
        let url = format!("file://{}", html.display());
        let dom = String::from_utf8_lossy(&chromium(&["--dump-dom", &url]).stdout).to_string();
        assert!(dom.contains("id=\"verdict\""), "{stem}: the page did not render:\n{dom}");
        // The header row and at least one step (an error in main's first step has one).
        assert!(dom.contains("<table class=\"interleaving\">") && dom.matches("<tr").count() >= 2, "{stem}: {dom}");
        let shot = dir.join(format!("{stem}.png"));
        chromium(&[&format!("--screenshot={}", shot.display()), "--window-size=1000,600", &url]);
        assert!(std::fs::metadata(&shot).map(|m| m.len() > 1000).unwrap_or(false), "{stem}: no screenshot");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// BenchExec's tool-info module builds ravel's command line from a task definition and
/// reads the answer, as SV-COMP's infrastructure would (`contrib/benchexec`).
#[test]
fn benchexec_tool_info_reads_ravels_answers() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let check = root.join("contrib/benchexec/check_tool_info.py");
    let prp = root.join("tests/trust/unreach-call.prp");
    for (task, expected) in [("task.yml", "false(unreach-call)"), ("safe_task.yml", "true")] {
        let out = Command::new("python3")
            .arg(&check)
            .arg(env!("CARGO_BIN_EXE_ravel"))
            .arg(root.join("tests/trust").join(task))
            .arg(&prp)
            .arg(expected)
            .output()
            .expect("python3 runs");
        assert!(out.status.success(), "{task}: {}", String::from_utf8_lossy(&out.stderr));
    }
}

/// An `unknown` verdict's SARIF is no clean run: the execution did not succeed and the
/// reason is a tool notification; a `safe` one succeeded.
#[test]
fn unknown_verdicts_are_not_clean_sarif_runs() {
    let dir = tempfile::tempdir().unwrap();
    let branches = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/hostile/branches.c");
    let safe = dir.path().join("single.c");
    std::fs::write(&safe, "int main(void) { return 0; }\n").unwrap();
    for (program, code, ok) in [(&branches, 2, false), (&safe, 0, true)] {
        let sarif = dir.path().join("r.sarif");
        let out = Command::new(env!("CARGO_BIN_EXE_ravel"))
            .arg("check")
            .arg(program)
            .args(["--max-executions", "1", "--sarif"])
            .arg(&sarif)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(code), "{}", String::from_utf8_lossy(&out.stderr));
        let log: Value = serde_json::from_slice(&std::fs::read(&sarif).unwrap()).unwrap();
        let invocation = &log["runs"][0]["invocations"][0];
        assert_eq!(invocation["executionSuccessful"], ok, "{invocation}");
        let notes = invocation["toolExecutionNotifications"].as_array().map_or(0, Vec::len);
        assert_eq!(notes, usize::from(!ok), "{invocation}");
    }
}
