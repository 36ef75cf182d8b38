//! `ravel enforce` and `ravel check --enforce-out`: run the native program only under
//! schedules ravel verified (Iteratively Relaxed Scheduling, Metzler et al.). The
//! runtime linked into the program is `crates/rt`; this module builds the program and
//! writes the constraints it enforces.

mod build;
mod constraints;
mod names;

use anyhow::{bail, Result};
use clap::Subcommand;
use ravel_ir::Program;
use std::path::{Path, PathBuf};
use std::sync::Arc;

#[derive(Subcommand)]
pub enum EnforceCommand {
    /// Build the program natively, instrumented and linked with ravel's runtime, which
    /// enforces the constraints of `--constraints` or of the file `RAVEL_CONSTRAINTS`
    /// names at run time (none: native speed).
    Build {
        /// C files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[arg(short, long)]
        output: PathBuf,
        /// Constraints (from `ravel check --enforce-out`) embedded in the binary; the
        /// environment variable RAVEL_CONSTRAINTS overrides them (empty: none).
        #[arg(long)]
        constraints: Option<PathBuf>,
        /// Extra clang flags, after `--`.
        #[arg(last = true)]
        clang_flags: Vec<String>,
    },
    /// Print the accesses of one interpreted execution, named as the native runtime names
    /// them (compare with the binary's RAVEL_EVENTS_OUT).
    Events {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Seed of the schedule.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Extra clang flags, after `--`.
        #[arg(last = true)]
        clang_flags: Vec<String>,
    },
}

/// Runs an `enforce` subcommand.
pub fn run(command: EnforceCommand) -> Result<u8> {
    match command {
        EnforceCommand::Build { files, output, constraints, clang_flags } => {
            build::build(&files, &output, constraints.as_deref(), &clang_flags)?;
            Ok(0)
        }
        EnforceCommand::Events { files, seed, clang_flags } => {
            let program = crate::check::load_program(&files, &clang_flags)?;
            let argv = vec![files[0].display().to_string()];
            let m = names::record_run(&program, argv, seed);
            if !names::ended_cleanly(&m) {
                bail!("the execution with seed {seed} did not end normally: {:?}", m.end);
            }
            for e in names::name_events(&m).events {
                println!("{}", e.line());
            }
            Ok(0)
        }
    }
}

/// Random schedules tried for an error-free execution.
const SEEDS: u64 = 100;

/// Writes to `out` the constraints of one execution of `program` that the interpreter
/// ran to its end without error, with every shared access a scheduling point: that
/// schedule is verified whatever the verdict of the whole exploration, and a native run
/// respecting its happens-before order of dependent events is equivalent to it.
pub fn write_constraints(program: &Arc<Program>, argv: Vec<String>, out: &Path) -> Result<()> {
    for seed in 1..=SEEDS {
        let m = names::record_run(program, argv.clone(), seed);
        if !names::ended_cleanly(&m) {
            continue;
        }
        let named = names::name_events(&m);
        if !named.problems.is_empty() {
            bail!("no constraints written to {}: {}", out.display(), named.problems.join("; "));
        }
        let source = format!(
            "one schedule of {} that ravel executed to its end without error (random, seed {seed}, every shared access a scheduling point)",
            argv[0]
        );
        let file = constraints::build(&named.events, source);
        std::fs::write(out, serde_json::to_string_pretty(&file)?)?;
        let edges: usize = file.events.iter().map(|e| e.after.len()).sum();
        eprintln!(
            "ravel: note: wrote {} constrained events ({edges} orderings) from one error-free schedule to {}",
            file.events.len(),
            out.display()
        );
        return Ok(());
    }
    bail!("no constraints written to {}: none of {SEEDS} random schedules ended without error", out.display())
}
