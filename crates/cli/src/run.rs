//! `ravel run`: executes the program once under a seeded random schedule.

use crate::output::out;
use crate::shared_args::{Budget, Environment, Interleave, ProgramSource};
use crate::{program, report, test_files, witness};
use anyhow::Result;
use ravel_vm::Config;
use std::path::PathBuf;
use std::time::Instant;

/// The flags of `ravel run`.
#[derive(clap::Args)]
pub struct RunArgs {
    /// The program: .c, .i, .ll or .bc files (several are compiled and linked into one
    /// program), or an SV-COMP task (.yml).
    #[arg(required_unless_present = "compile_commands")]
    files: Vec<PathBuf>,
    #[command(flatten)]
    source: ProgramSource,
    /// Seed of the scheduler and of nondeterministic inputs.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Input values from a test file of `ravel check --tests` (given to the
    /// nondeterministic inputs in order; later ones are random).
    #[arg(long)]
    inputs: Option<PathBuf>,
    #[command(flatten)]
    budget: Budget,
    /// Stop after this many executed instructions (verdict unknown).
    #[arg(long)]
    max_steps: Option<u64>,
    /// Scheduling points.
    #[arg(long, value_enum, default_value_t = Interleave::All)]
    interleave: Interleave,
    /// Print the report as one JSON object on stdout (the program's own stdout is then
    /// in its `stdout` field).
    #[arg(long)]
    json: bool,
    /// Also report notes such as threads still running at exit.
    #[arg(short, long)]
    verbose: bool,
    /// Do not look for data races (by default every race of the execution is reported
    /// once, found by the same detector as `ravel check`'s, and the run goes on after
    /// it, as under ThreadSanitizer).
    #[arg(long)]
    no_races: bool,
    /// Write the execution's witness to this file: `ravel replay FILE` re-executes
    /// exactly this run (its schedule and input values) up to its first error (a race's
    /// witness stops at the race).
    #[arg(long)]
    witness: Option<PathBuf>,
    #[command(flatten)]
    env: Environment,
}

/// Runs `ravel run`; the exit code tells whether the execution ended well (0), in an
/// error (1) or undecided (2).
pub fn run(args: RunArgs) -> Result<u8> {
    let world = args.env.resolve()?;
    let (files, clang_flags) = args.source.resolve(args.files.clone())?;
    let file = files[0].clone();
    let given = args.inputs.as_deref().map(test_files::read_test).transpose()?.unwrap_or_default();
    let started = Instant::now();
    let deadline = args.budget.timeout.map(|t| started + t);
    let Some(program) = program::load(&files, &clang_flags, deadline, args.source.entry.as_deref())? else {
        return Ok(program::compile_timeout("run", &file, args.json));
    };
    let config = Config {
        granularity: args.interleave.granularity(),
        argv: world.argv(&file),
        max_steps: args.max_steps.unwrap_or(u64::MAX),
        capture_stdout: args.json,
        max_memory: args.budget.memory_limit(),
        files: world.files,
        peer: world.peer,
        time: world.time,
        tty: world.tty,
        ..Config::default()
    };
    let timeout = args.budget.timeout.map(|t| t.saturating_sub(started.elapsed()));
    let recorded = config.clone();
    let (outcome, races) =
        ravel_explore::run_random(program.clone(), config, args.seed, timeout, given, !args.no_races);
    let w = ravel_explore::run_witness(&outcome, &recorded, !args.no_races);
    // Each error's report gives its places with their call stacks, which only a replay
    // keeps (the run itself does without, at full speed): a race's replay stops at it.
    let ended_in = match outcome.machine.end() {
        Some(ravel_vm::End::Error(e)) => Some(e),
        _ => None,
    };
    let mut witnesses: Vec<Option<ravel_explore::Witness>> =
        races.iter().map(|r| w.as_ref().map(|w| r.witness(w))).collect();
    if ended_in.is_some() {
        witnesses.push(w.clone());
    }
    let replays: Vec<Option<ravel_vm::Machine>> = witnesses
        .iter()
        .map(|w| {
            let w = w.as_ref()?;
            ravel_explore::replay(program.clone(), w, &ravel_explore::Options::of_witness(w), false).ok()
        })
        .collect();
    let errors: Vec<report::RunError> = races
        .iter()
        .map(|r| &r.error)
        .chain(ended_in)
        .zip(&replays)
        .map(|(error, shown_by)| report::RunError { error, shown_by: shown_by.as_ref() })
        .collect();
    // The witness of the first error (a race's stops at it), else of the whole run.
    let first = witnesses.first().cloned().unwrap_or(w);
    match (&args.witness, &first) {
        (Some(_), None) => eprintln!(
            "ravel: warning: no witness written: the run took more than {} steps, too long to keep its schedule",
            ravel_vm::SCHEDULE_KEEP
        ),
        (Some(path), Some(w)) => witness::save(path, w, &program, &files, &clang_flags)?,
        (None, _) => {}
    }
    let report = report::RunReport::new(&outcome, args.seed, &errors);
    if args.json {
        out!("{}", serde_json::to_string_pretty(&report.to_json(&file, &outcome.machine, &errors))?);
    } else {
        eprint!("{}", report.render(args.verbose));
    }
    Ok(report.exit_code())
}
