//! What `ravel check` writes besides its verdict: test files, the witness, the SARIF log,
//! the DOT graph, the HTML page, and the report itself (JSON on stdout or text on stderr).

use super::args::CheckArgs;
use crate::output::{self, out};
use crate::{dot, html, sarif, test_files, witness};
use anyhow::Result;
use ravel_explore::{Options, Outcome};
use ravel_ir::Program;
use std::path::PathBuf;
use std::sync::Arc;

/// A finished check: the program, how it was built and explored, what was found.
pub struct Checked<'a> {
    pub program: &'a Arc<Program>,
    pub files: &'a [PathBuf],
    pub clang_flags: &'a [String],
    pub opts: &'a Options,
    pub outcome: &'a Outcome,
    /// How long the exploration took.
    pub seconds: f64,
}

/// Writes every output `args` asks for, then the report.
pub fn write_all(args: &CheckArgs, c: &Checked) -> Result<()> {
    if let Some(dir) = &args.outputs.tests {
        test_files::write_tests(dir, &c.files[0], &c.outcome.tests)?;
    }
    write_witness(args, c)?;
    let report = (args.json || args.outputs.sarif.is_some() || args.outputs.html.is_some())
        .then(|| super::json::to_json(c.program, c.outcome, c.opts, c.files, c.clang_flags, c.seconds));
    if let (Some(path), Some(report)) = (&args.outputs.sarif, &report) {
        let log = sarif::from_report(report, args.outputs.witness.as_deref().filter(|_| !c.outcome.errors.is_empty()));
        output::write_file(path, serde_json::to_string_pretty(&log)?.as_bytes())?;
    }
    write_graph(args, c)?;
    if let (Some(path), Some(report)) = (&args.outputs.html, &report) {
        output::write_file(path, html::from_report(report).as_bytes())?;
    }
    if let (true, Some(report)) = (args.json, &report) {
        out!("{}", serde_json::to_string_pretty(report)?);
    } else {
        eprint!("{}", super::render::render(c.program, c.outcome, c.opts, c.seconds));
    }
    Ok(())
}

/// `--witness`: the first error's, or none (an earlier run's is removed).
fn write_witness(args: &CheckArgs, c: &Checked) -> Result<()> {
    match (&args.outputs.witness, c.outcome.errors.first()) {
        (Some(path), Some(first)) => witness::save(path, &first.witness, c.program, c.files, c.clang_flags)?,
        (Some(path), None) => {
            if witness::remove_stale(path)? {
                eprintln!("ravel: note: removed the witness {} of an earlier run", path.display());
            }
        }
        (None, _) => {}
    }
    Ok(())
}

/// `--dot`: the first error's execution graph.
fn write_graph(args: &CheckArgs, c: &Checked) -> Result<()> {
    match (&args.dot, c.outcome.errors.first()) {
        (Some(path), Some(first)) => {
            let (m, graph) =
                ravel_explore::replay_graph(c.program.clone(), &first.witness, c.opts, c.outcome.sym.clone())?;
            output::write_file(path, dot::render(c.program, &m, &graph).as_bytes())?;
        }
        (Some(path), None) => eprintln!("ravel: note: no error, so no graph in {}", path.display()),
        (None, _) => {}
    }
    Ok(())
}
