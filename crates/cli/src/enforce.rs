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
use std::time::{Duration, Instant};

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
    /// Compare constraint files, older first: how many orderings each newer one removes.
    Relax {
        #[arg(required = true, num_args = 2..)]
        files: Vec<PathBuf>,
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
            let m = names::record_run(&program, argv, seed, u64::MAX, SEARCH_TIME);
            if !names::ended_cleanly(&m) {
                bail!("the execution with seed {seed} did not end normally: {:?}", m.end);
            }
            for e in ravel_vm::native_record::name_events(&m).events {
                println!("{}", e.line());
            }
            Ok(0)
        }
        EnforceCommand::Relax { files } => {
            let mut previous: Option<(usize, usize)> = None;
            for f in &files {
                let (events, orderings) = constraints::size(f)?;
                let removed = previous
                    .map_or(String::new(), |(_, o)| format!(", {} orderings fewer", o as i64 - orderings as i64));
                println!("{}: {events} constrained events, {orderings} orderings{removed}", f.display());
                previous = Some((events, orderings));
            }
            Ok(0)
        }
    }
}

/// Random schedules tried for an error-free execution.
const SEEDS: u64 = 100;

/// Time spent looking for an error-free execution.
const SEARCH_TIME: Duration = Duration::from_secs(30);

/// Writes the constraints for `program` to `out`. When the exploration verified every
/// schedule (`all_verified`: verdict safe, which under sequential consistency also means
/// race-free, so native runs behave sequentially consistently), nothing needs enforcing:
/// the file is empty, the end of the relaxation. Otherwise the constraints of one
/// execution the interpreter ran to its end without error, with every shared access a
/// scheduling point: that schedule is verified whatever the verdict of the whole
/// exploration, and a native run respecting its happens-before order of dependent events
/// is equivalent to it.
/// Each interpreted execution runs at most `max_steps` instructions.
pub fn write_constraints(
    program: &Arc<Program>,
    argv: Vec<String>,
    max_steps: u64,
    all_verified: bool,
    out: &Path,
) -> Result<()> {
    if all_verified {
        let source = format!("every schedule of {} was verified (verdict safe): nothing to enforce", argv[0]);
        let file = constraints::build(&[], source);
        std::fs::write(out, serde_json::to_string_pretty(&file)?)?;
        eprintln!("ravel: note: every schedule is verified: wrote empty constraints to {}", out.display());
        return Ok(());
    }
    let deadline = Instant::now() + SEARCH_TIME;
    for seed in 1..=SEEDS {
        let Some(left) = deadline.checked_duration_since(Instant::now()) else { break };
        let m = names::record_run(program, argv.clone(), seed, max_steps, left);
        if !names::ended_cleanly(&m) {
            continue;
        }
        let named = ravel_vm::native_record::name_events(&m);
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
    bail!(
        "no constraints written to {}: no random schedule ended without error (tried up to {SEEDS} in {} s)",
        out.display(),
        SEARCH_TIME.as_secs()
    )
}
