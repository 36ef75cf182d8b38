//! `ravel enforce` and `ravel check --enforce-out`: run the native program only under
//! schedules ravel verified (Iteratively Relaxed Scheduling, Metzler et al.). The
//! runtime linked into the program is `crates/rt`; this module builds the program and
//! writes the constraints it enforces.

mod build;
mod constraints;
mod globals;
mod names;

use anyhow::{bail, Result};
use clap::Subcommand;
use ravel_explore::{Verified, VerifiedSink};
use ravel_ir::Program;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
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
        /// Input-covering schedules (from `ravel schedules -o`) embedded in the binary: the
        /// program reads its inputs from RAVEL_INPUTS and runs under the schedules they
        /// select (RAVEL_SCHEDULES overrides the file; empty: none).
        #[arg(long, conflicts_with = "constraints")]
        schedules: Option<PathBuf>,
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
    /// Constraints that make the native program follow a witness's execution up to its
    /// error (replayed in the interpreter, its dependent accesses ordered as there): a
    /// binary from `enforce build` run under them shows the error natively, confirming it
    /// outside ravel.
    Witness {
        /// A witness of `ravel check --witness`.
        witness: PathBuf,
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Compare constraint files, older first: the admissible prefixes and orderings of each,
    /// and how many orderings each newer one adds or removes.
    Relax {
        #[arg(required = true, num_args = 2..)]
        files: Vec<PathBuf>,
    },
}

/// Runs an `enforce` subcommand.
pub fn run(command: EnforceCommand) -> Result<u8> {
    match command {
        EnforceCommand::Build { files, output, constraints, schedules, clang_flags } => {
            let embed = build::Embedded { constraints: constraints.as_deref(), schedules: schedules.as_deref() };
            build::build(&files, &output, embed, &clang_flags)?;
            Ok(0)
        }
        EnforceCommand::Events { files, seed, clang_flags } => {
            let program = crate::program::load_program(&files, &clang_flags)?;
            let argv = vec![files[0].display().to_string()];
            let m = names::record_run(&program, argv, seed, u64::MAX, SEARCH_TIME);
            if !names::ended_cleanly(&m) {
                bail!("the execution with seed {seed} did not end normally: {:?}", m.end());
            }
            for e in ravel_vm::native_names::name_events(&m).events {
                crate::output::out!("{}", e.line());
            }
            Ok(0)
        }
        EnforceCommand::Witness { witness, output } => {
            let w = crate::witness::read(&witness, false)?;
            if let Some(entry) = &w.entry {
                bail!("the witness starts in `{entry}` (--entry), but a native build starts in `main`");
            }
            let program = crate::program::load_witness_program(&w)?;
            let opts = ravel_explore::Options { name_native_events: true, ..ravel_explore::Options::of_witness(&w) };
            let m = ravel_explore::replay(program, &w, &opts, false)?;
            let Some(ravel_vm::End::Error(e)) = m.end() else {
                bail!("{} does not replay to an error: {:?}", witness.display(), m.end());
            };
            if !m.input_values().is_empty() {
                bail!("the witness gives the program inputs (symbolic files or values), which the native runtime cannot make take its values");
            }
            let named = ravel_vm::native_names::name_events(&m);
            if !named.problems.is_empty() {
                bail!("the runtime cannot follow this execution: {}", named.problems.join("; "));
            }
            let source = format!("the execution of witness {} up to its {}", witness.display(), e.kind.name());
            let file = constraints::from_error_prefix(&named.events, source);
            constraints::write(&output, &file)?;
            let edges: usize = file.prefixes[0].events.iter().map(|e| e.after.len()).sum();
            eprintln!(
                "ravel: note: wrote {} constrained events ({edges} orderings) of the witness's execution up to its {} to {}",
                file.prefixes[0].events.len(),
                e.kind.name(),
                output.display()
            );
            Ok(0)
        }
        EnforceCommand::Relax { files } => {
            let mut previous: Option<constraints::Size> = None;
            for f in &files {
                let size = constraints::size(f)?;
                let removed = previous.map_or(String::new(), |p| {
                    format!(", {:+} orderings against the file before", size.orderings as i64 - p.orderings as i64)
                });
                let free = if size.free { " (a run is free from the start: every schedule is verified)" } else { "" };
                crate::output::out!(
                    "{}: {} verified executions, {} admissible prefixes, {} constrained events, {} orderings{removed}{free}",
                    f.display(),
                    size.executions,
                    size.prefixes,
                    size.events,
                    size.orderings
                );
                previous = Some(size);
            }
            Ok(0)
        }
    }
}

/// Random schedules tried for an error-free execution.
const SEEDS: u64 = 100;

/// Time spent looking for an error-free execution.
const SEARCH_TIME: Duration = Duration::from_secs(30);

/// `--enforce-out`: receives the admissible prefixes as the exploration verifies them and
/// replaces the constraint file with each new set (atomically), so that a program started
/// later runs with fewer constraints.
pub struct Collector {
    out: PathBuf,
    program: String,
    latest: Arc<Mutex<Option<Verified>>>,
}

impl Collector {
    pub fn new(out: &Path, program: &str) -> Collector {
        Collector { out: out.to_path_buf(), program: program.to_string(), latest: Default::default() }
    }

    fn source(program: &str, v: &Verified) -> String {
        format!("the admissible prefixes of {program} after {} verified executions of ravel check (dpor)", v.classes)
    }

    /// The sink the exploration hands its prefixes to.
    pub fn sink(&self) -> VerifiedSink {
        let (out, program, latest) = (self.out.clone(), self.program.clone(), self.latest.clone());
        VerifiedSink(Arc::new(move |v: &Verified| {
            if let Ok(mut l) = latest.lock() {
                *l = Some(v.clone());
            }
            if v.entries.is_empty() {
                return;
            }
            let file = constraints::from_verified(v, Self::source(&program, v));
            if let Err(e) = constraints::write(&out, &file) {
                eprintln!("ravel: warning: {e:#}");
            }
        }))
    }

    /// Writes the final constraints once the exploration is over. When it verified every
    /// schedule (`all_verified`: verdict safe, which under sequential consistency with
    /// races reported also means race-free, so native runs behave sequentially
    /// consistently) nothing needs enforcing: one empty prefix. When it verified no
    /// execution the runtime can enforce (an error in the first one, say), the constraints
    /// of one execution the interpreter runs to its end without error with every shared
    /// access a scheduling point (oldest thread first, else random): that schedule is verified
    /// whatever the verdict of the whole exploration. Each interpreted execution runs at
    /// most `max_steps` instructions.
    pub fn finish(self, program: &Arc<Program>, argv: Vec<String>, max_steps: u64, all_verified: bool) -> Result<()> {
        let out = &self.out;
        let latest = self.latest.lock().ok().and_then(|mut l| l.take()).unwrap_or_default();
        if all_verified || latest.everything() {
            let source = format!("every schedule of {} was verified: nothing to enforce", self.program);
            constraints::write(out, &constraints::everything(latest.classes, source))?;
            eprintln!("ravel: note: every schedule is verified: wrote an empty admissible prefix to {}", out.display());
            return Ok(());
        }
        if !latest.entries.is_empty() {
            let file = constraints::from_verified(&latest, Self::source(&self.program, &latest));
            constraints::write(out, &file)?;
            let orderings: usize = file.prefixes.iter().flat_map(|p| &p.events).map(|e| e.after.len()).sum();
            eprintln!(
                "ravel: note: wrote {} admissible prefixes ({} events, {orderings} orderings) from {} verified executions to {}",
                file.prefixes.len(),
                file.events.len(),
                latest.classes,
                out.display()
            );
            return Ok(());
        }
        // The oldest-thread-first schedule first (threads hand over control least, so a
        // native run waits least), with a third of the search time; then random ones.
        let deadline = Instant::now() + SEARCH_TIME;
        let oldest = names::record_oldest_first(program, argv.clone(), max_steps, SEARCH_TIME / 3);
        let candidates =
            std::iter::once((oldest, "oldest thread first".to_string())).chain((1..=SEEDS).map_while(|seed| {
                let left = deadline.checked_duration_since(Instant::now())?;
                Some((names::record_run(program, argv.clone(), seed, max_steps, left), format!("random, seed {seed}")))
            }));
        for (m, schedule) in candidates {
            if !names::ended_cleanly(&m) {
                continue;
            }
            if !m.input_values().is_empty() {
                bail!(
                    "no constraints written to {}: the program reads inputs (symbolic files or values), which the native runtime cannot make take the verified values",
                    out.display()
                );
            }
            let named = ravel_vm::native_names::name_events(&m);
            if !named.problems.is_empty() {
                bail!("no constraints written to {}: {}", out.display(), named.problems.join("; "));
            }
            let source = format!(
                "one schedule of {} that ravel executed to its end without error ({schedule}, every shared access a scheduling point)",
                self.program
            );
            let file = constraints::from_execution(&named.events, source);
            constraints::write(out, &file)?;
            let edges: usize = file.prefixes[0].events.iter().map(|e| e.after.len()).sum();
            eprintln!(
                "ravel: note: the exploration verified no execution the runtime can enforce{}: wrote {} constrained events ({edges} orderings) of one error-free schedule ({schedule}) to {}",
                latest.problems.first().map_or(String::new(), |p| format!(" ({p})")),
                file.prefixes[0].events.len(),
                out.display()
            );
            return Ok(());
        }
        bail!(
            "no constraints written to {}: no schedule ended without error (oldest thread first, then up to {SEEDS} random ones in {} s)",
            out.display(),
            SEARCH_TIME.as_secs()
        )
    }
}
