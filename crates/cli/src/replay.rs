//! `ravel replay`: re-executes a ravel witness, or follows an SV-COMP violation witness.

use crate::error_text::{render_interleaving, render_places};
use crate::flags::Flagged;
use crate::json_report;
use crate::output::out;
use crate::place::place;
use crate::signals::{self, Phase};
use crate::source::Sources;
use anyhow::Result;
use ravel_explore::Options;
use ravel_vm::End;
use serde_json::json;
use std::path::{Path, PathBuf};

/// What `ravel replay` takes.
#[derive(clap::Args)]
pub struct ReplayArgs {
    witness: PathBuf,
    /// For an SV-COMP witness: the program (default: the witness's program file), or an
    /// SV-COMP task (.yml).
    files: Vec<PathBuf>,
    #[arg(long)]
    json: bool,
    /// Replay even if the program changed since the witness was written (the schedule
    /// may then no longer fit it).
    #[arg(long)]
    force: bool,
    /// For an SV-COMP witness: extra clang flags, after `--` (-m32 is added for a
    /// 32bit witness).
    #[arg(last = true)]
    clang_flags: Vec<String>,
}

/// Runs `ravel replay`; the exit code follows the replayed execution's verdict.
pub fn run(args: ReplayArgs) -> Result<u8> {
    let ReplayArgs { witness, files, json, force, clang_flags } = args;
    // A signal stops the compilation (and a second one ravel).
    signals::enter(Phase::Compiling);
    if crate::svcomp_witness::is_svcomp_file(&witness) {
        return crate::svcomp_witness::read::replay(&witness, files, clang_flags, json, force);
    }
    if !files.is_empty() || !clang_flags.is_empty() {
        anyhow::bail!("a ravel witness names its program and flags itself: give the witness alone");
    }
    replay_file(&witness, json, force)
}

/// `ravel replay`: re-executes a witness and reports what happens.
fn replay_file(path: &Path, json_out: bool, force: bool) -> Result<u8> {
    let witness = crate::witness::read(path, force)?;
    let program = crate::program::load_witness_program(&witness)?;
    let opts = Options::of_witness(&witness);
    let m = ravel_explore::replay(program.clone(), &witness, &opts, !json_out)?;
    let (code, verdict, headline) = match m.end() {
        Some(End::Error(e)) => (1, "unsafe", format!("error: {}: {}", e.kind.name(), e.message)),
        Some(End::Exit(s)) => (0, "ok", format!("the execution exits with status {s}")),
        Some(End::AssumeFailed(loc)) => {
            let at = place(&program, *loc);
            (0, "ok", format!("the execution was cut off by an assumption at {at} (no error on this path)"))
        }
        Some(End::Abort(loc)) => (0, "ok", format!("the program called abort() at {}", place(&program, *loc))),
        Some(End::Unsupported { what, loc, .. }) => {
            (2, "unknown", format!("unsupported: {what} at {}", place(&program, *loc)))
        }
        Some(End::Limit(why)) => (2, "unknown", format!("limit reached: {}", Flagged(why))),
        None => (2, "unknown", "the witness ends before the execution does".into()),
    };
    let name = |t: usize| m.threads().get(t).map_or_else(|| t.to_string(), |th| th.name());
    if json_out {
        let mut sources = Sources::default();
        let errors = match m.end() {
            Some(End::Error(e)) => vec![json_report::error(&program, e, Some(&m), None, &mut sources)],
            _ => Vec::new(),
        };
        let reason = (verdict == "unknown").then(|| headline.clone());
        let header = json_report::Header {
            command: "replay",
            program: Path::new(&witness.program),
            verdict,
            reason,
            memory_model: if witness.memory_model.is_empty() { "sc" } else { &witness.memory_model },
            notes: &[],
        };
        let exit_status = match m.end() {
            Some(End::Exit(s)) => Some(*s),
            _ => None,
        };
        out!(
            "{}",
            serde_json::to_string_pretty(&json_report::report(header, errors, json!({"exit_status": exit_status})))?
        );
    } else {
        eprintln!("ravel: replay: {headline}");
        if let Some(End::Error(e)) = m.end() {
            eprint!("{}", render_places(&program, e, Some(&m), &name));
        }
        eprint!("{}", render_interleaving(&program, m.trace(), |t| m.threads()[t].name()));
    }
    Ok(code)
}
