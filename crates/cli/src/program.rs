//! The program under test: which files make it (an SV-COMP task names its own), and
//! compiling and loading them, within the time limit.

use crate::json_report;
use crate::output::out;
use crate::signals::{self, Phase};
use anyhow::{Context, Result};
use ravel_explore::Witness;
use ravel_ir::Program;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Loads a program and tells the user on standard error about any change made to it.
pub fn load_program(files: &[PathBuf], clang_flags: &[String]) -> Result<Arc<Program>> {
    load_program_within(files, clang_flags, None, None)
}

/// The program a witness names, starting where it started.
pub fn load_witness_program(w: &Witness) -> Result<Arc<Program>> {
    load_program_within(&w.files(), &w.clang_flags, None, w.entry.as_deref())
}

/// [`load_program`], with the compilers stopped at `deadline`, starting in function
/// `entry` instead of `main` when given (`--entry`).
pub fn load_program_within(
    files: &[PathBuf],
    clang_flags: &[String],
    deadline: Option<std::time::Instant>,
    entry: Option<&str>,
) -> Result<Arc<Program>> {
    let program = ravel_ir::load_starting_in(files, clang_flags, deadline, entry)?;
    for note in &program.notes {
        eprintln!("ravel: note: {note}");
    }
    Ok(Arc::new(program))
}

/// The files and clang flags of the program named on the command line: the files as
/// given, or those of an SV-COMP task definition (`.yml`: its `input_files`, and `-m32`
/// for the ILP32 data model).
pub fn resolve_inputs(files: Vec<PathBuf>, mut clang_flags: Vec<String>) -> Result<(Vec<PathBuf>, Vec<String>)> {
    let is_task = |f: &PathBuf| f.extension().is_some_and(|e| e == "yml" || e == "yaml");
    let [task] = files.as_slice() else {
        if let Some(task) = files.iter().find(|f| is_task(f)) {
            anyhow::bail!("{} is an SV-COMP task definition: give it alone", task.display());
        }
        return Ok((files, clang_flags));
    };
    if !is_task(task) {
        return Ok((files, clang_flags));
    }
    let text = crate::input_file::read_text(task)?;
    let dir = task.parent().unwrap_or(Path::new("."));
    let doc: serde_norway::Value =
        serde_norway::from_str(&text).with_context(|| format!("{} is not YAML", task.display()))?;
    let names = match doc.get("input_files") {
        Some(serde_norway::Value::String(one)) => vec![one.clone()],
        Some(serde_norway::Value::Sequence(many)) => {
            many.iter().filter_map(|v| v.as_str().map(str::to_string)).collect()
        }
        _ => Vec::new(),
    };
    // The task's files lie beside it (relative names); an absolute name is refused.
    if let Some(abs) = names.iter().find(|n| Path::new(n).is_absolute()) {
        anyhow::bail!("{} names the input file {abs:?}, not one relative to the task", task.display());
    }
    let inputs: Vec<PathBuf> = names.iter().map(|n| dir.join(n)).collect();
    let ilp32 = doc.get("options").and_then(|o| o.get("data_model")).and_then(|m| m.as_str()) == Some("ILP32");
    if ilp32 && !clang_flags.iter().any(|f| f == "-m32") {
        clang_flags.push("-m32".into());
    }
    if inputs.is_empty() {
        anyhow::bail!("{} names no input_files (is it an SV-COMP task definition?)", task.display());
    }
    Ok((inputs, clang_flags))
}

/// Compiles and loads `file`, stopping the compilers at `deadline`; `None` when the
/// deadline passed first.
pub fn load(
    files: &[PathBuf],
    clang_flags: &[String],
    deadline: Option<std::time::Instant>,
    entry: Option<&str>,
) -> Result<Option<std::sync::Arc<ravel_ir::Program>>> {
    signals::enter(Phase::Compiling);
    let loaded = load_program_within(files, clang_flags, deadline, entry);
    if signals::enter(Phase::Other) {
        return Err(ravel_ir::LoadError::Interrupted.into());
    }
    match loaded {
        Err(e) if matches!(e.downcast_ref(), Some(ravel_ir::LoadError::Timeout)) => Ok(None),
        other => other.map(Some),
    }
}

/// Reports a compilation stopped by `--timeout`: verdict unknown, as the JSON report of
/// `command` on stdout with `--json`, else as the verdict line.
pub fn compile_timeout(command: &str, program: &std::path::Path, json: bool) -> u8 {
    let why = ravel_ir::LoadError::Timeout.to_string();
    if json {
        let header = json_report::Header {
            command,
            program,
            verdict: "unknown",
            reason: Some(why),
            notes: &[],
            memory_model: "sc",
        };
        out!("{}", json_report::report(header, Vec::new(), serde_json::json!({})));
    } else {
        eprintln!("ravel: verdict: unknown ({why})");
    }
    2
}
