//! What the integration tests share: the `/* ravel-test` header of the programs under
//! `tests/programs/` (the format is in the README there), the list of those programs, and
//! running ravel with a scratch directory per test.
#![allow(dead_code)] // each test binary uses its own part

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs the ravel binary under test.
pub fn ravel(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ravel")).args(args).output().expect("ravel runs")
}

/// The JSON report of `ravel check FILE --json --timeout T ARGS...` (null when there is
/// none) and its exit code.
pub fn check_json(file: &Path, timeout: &str, args: &[&str]) -> (serde_json::Value, Option<i32>) {
    let out = Command::new(env!("CARGO_BIN_EXE_ravel"))
        .arg("check")
        .arg(file)
        .args(["--json", "--timeout", timeout])
        .args(args)
        .output()
        .expect("ravel runs");
    (serde_json::from_slice(&out.stdout).unwrap_or(serde_json::Value::Null), out.status.code())
}

pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A file in test `test`'s own directory of test suite `suite` (tests run in parallel and
/// build the same programs).
pub fn scratch(suite: &str, test: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ravel-{suite}-test-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Expectations parsed from a program's `/* ravel-test` header.
#[derive(Default, Debug)]
pub struct Expect {
    pub run: Option<String>,
    pub exit: i64,
    pub stdout: Option<Vec<String>>,
    pub seeds: u64,
    pub clang: Vec<String>,
    pub args: Vec<String>,
    /// `ravel check` expectations: (interleave, expectation text).
    pub checks: Vec<(&'static str, String)>,
    pub check_flags: Vec<String>,
    /// `flags:` extra flags for `ravel run` and every `ravel check` (`$DIR` is this
    /// directory), such as `--peer-script $DIR/inputs/x.txt`.
    pub flags: Vec<String>,
    /// What `--engine unfold` must give in sync mode when it differs from dpor (programs
    /// that loop forever: dpor stops at its bound, unfold finishes), with exact counts.
    pub unfold: Option<String>,
    /// What `--engine states --no-races --interleave all` must give.
    pub states: Option<String>,
    /// What `--engine states --interleave all` must give (races reported).
    pub states_races: Option<String>,
    /// `report:` the command and flags whose human report has a snapshot.
    pub report: Vec<String>,
    /// `report-formats:` the other renderings of the same run with snapshots (json, sarif,
    /// html).
    pub report_formats: Vec<String>,
    /// `ravel check --memory-model tso` expectations: (interleave, expectation text).
    pub tso: Vec<(&'static str, String)>,
}

pub fn parse_header(text: &str) -> Option<Expect> {
    let start = text.find("/* ravel-test")?;
    let end = start + text[start..].find("*/")?;
    let mut e = Expect { seeds: 3, ..Default::default() };
    for line in text[start..end].lines().skip(1) {
        let line = line.trim_start().trim_start_matches('*');
        let line = line.strip_prefix(' ').unwrap_or(line);
        let Some((key, value)) = line.split_once(':') else {
            continue;
        };
        let value = value.strip_prefix(' ').unwrap_or(value);
        match key.trim() {
            "run" => e.run = Some(value.trim().to_string()),
            "exit" => e.exit = value.trim().parse().unwrap_or(0),
            "stdout" => e.stdout.get_or_insert_with(Vec::new).push(value.trim_end().to_string()),
            "seeds" => e.seeds = value.trim().parse().unwrap_or(3),
            "clang" => e.clang = value.split_whitespace().map(str::to_string).collect(),
            "args" => e.args = value.split_whitespace().map(str::to_string).collect(),
            "check" => e.checks.push(("sync", value.trim().to_string())),
            "check-all" => e.checks.push(("all", value.trim().to_string())),
            "check-unfold" => e.unfold = Some(value.trim().to_string()),
            "check-states" => e.states = Some(value.trim().to_string()),
            "check-states-races" => e.states_races = Some(value.trim().to_string()),
            "check-flags" => e.check_flags.extend(value.split_whitespace().map(str::to_string)),
            "flags" => {
                let dir = programs_dir().display().to_string();
                let flags: Vec<String> = value.split_whitespace().map(|f| f.replace("$DIR", &dir)).collect();
                e.check_flags.extend(flags.iter().cloned());
                e.flags = flags;
            }
            // `ravel run`'s own flags, then an optional reason in parentheses.
            "run-flags" => {
                let flags = value.split_once(" (").map_or(value, |(flags, _)| flags);
                e.flags.extend(flags.split_whitespace().map(str::to_string))
            }
            "check-tso" => e.tso.push(("all", value.trim().to_string())),
            "check-tso-sync" => e.tso.push(("sync", value.trim().to_string())),
            "report" => e.report = value.split_whitespace().map(str::to_string).collect(),
            "report-formats" => e.report_formats = value.split_whitespace().map(str::to_string).collect(),
            _ => {}
        }
    }
    Some(e)
}

pub fn programs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs")
}

/// The C programs under `tests/programs/` whose path contains `filter`, sorted.
pub fn c_programs(filter: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(programs_dir())
        .expect("tests/programs exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .filter(|p| p.to_string_lossy().contains(filter))
        .collect();
    files.sort();
    files
}
