//! The `ravel` command line.

mod check;
mod enforce;
mod json_report;
mod report;
mod source;

use anyhow::Result;
use clap::{Parser, Subcommand, ValueEnum};
use ravel_explore::{DporOptions, EngineKind, StatesOptions, UnfoldOptions};
use ravel_vm::{Config, Granularity};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// The explorers clone interpreter states at every step (many small vectors and maps):
/// mimalloc's thread-local free lists make those allocations far cheaper than glibc's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Exit code for usage and input errors (DESIGN.md: 0 safe, 1 unsafe, 2 unknown, 3 input).
const EXIT_INPUT: u8 = 3;

#[derive(Parser)]
#[command(name = "ravel", version, about = "Finds concurrency bugs in multithreaded C programs")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum Interleave {
    /// Only synchronisation and atomic operations are scheduling points.
    Sync,
    /// Every shared memory access is a scheduling point (SV-COMP semantics).
    All,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum EngineArg {
    /// Dynamic partial-order reduction.
    Dpor,
    /// Every interleaving (no reduction).
    Naive,
    /// Unfolding-based POR with cutoff events (finishes on finite-state infinite loops).
    Unfold,
    /// Explicit states with thread symmetry and thread-count acceleration (finishes on
    /// programs that create threads without bound; races need --interleave all).
    States,
    /// dpor's scouting runs, states for a third of --timeout (5 s without one), then (with
    /// inputs) the abstract states search (--cartesian) for the rest of half the time,
    /// then dpor; only dpor when races are reported under --interleave sync.
    Auto,
}

#[derive(Subcommand)]
enum Command {
    /// Execute the program once under a seeded random schedule.
    Run {
        /// The program: .c, .i, .ll or .bc files (several are compiled and linked into one
        /// program), or an SV-COMP task (.yml).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Seed of the scheduler and of nondeterministic inputs.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Input values from a test file of `ravel check --tests` (given to the
        /// nondeterministic inputs in order; later ones are random).
        #[arg(long)]
        inputs: Option<PathBuf>,
        /// Stop after this many seconds (verdict unknown).
        #[arg(long)]
        timeout: Option<f64>,
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
        /// Program arguments (argv[1..]).
        #[arg(long, num_args = 0.., allow_hyphen_values = true)]
        args: Vec<String>,
        /// Extra clang flags, after `--`.
        #[arg(last = true)]
        clang_flags: Vec<String>,
    },
    /// Explore every schedule: verdict safe, unsafe (with a witness) or unknown.
    Check {
        /// The program: .c, .i, .ll or .bc files (several are compiled and linked into one
        /// program), or an SV-COMP task (.yml).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Scheduling points (SV-COMP tasks need `all`).
        #[arg(long, value_enum, default_value_t = Interleave::Sync)]
        interleave: Interleave,
        /// Exploration algorithm.
        #[arg(long, value_enum, default_value_t = EngineArg::Auto)]
        engine: EngineArg,
        /// Stop after this many seconds (verdict unknown).
        #[arg(long)]
        timeout: Option<f64>,
        /// Stop after this many executions (verdict unknown).
        #[arg(long)]
        max_executions: Option<u64>,
        /// Instructions per execution (for loops that never end).
        #[arg(long, default_value_t = 50_000_000)]
        max_steps: u64,
        /// Scheduling steps per execution; longer executions are cut (verdict unknown).
        #[arg(long, default_value_t = 20_000)]
        max_depth: usize,
        /// Report every distinct error, not just the first.
        #[arg(long)]
        all_errors: bool,
        /// Do not report data races.
        #[arg(long)]
        no_races: bool,
        /// Do not report deadlocks (the states engine can then prove programs that create
        /// threads without bound, where it cannot decide deadlock freedom).
        #[arg(long)]
        no_deadlocks: bool,
        /// States engine: forget constraints between different threads' inputs, and the
        /// values of globals that differ from a state on the current path that is otherwise
        /// the same, so that states built from ever new inputs or counts repeat (proofs
        /// only: a bug found gives unknown).
        #[arg(long)]
        cartesian: bool,
        /// Instead of treating nondeterministic inputs symbolically, try each with the
        /// values 0..N (types with at most N values are covered exhaustively; wider ones
        /// make "safe" unreachable).
        #[arg(long)]
        enumerate_inputs: Option<u64>,
        /// Branches on symbolic inputs per execution; longer executions are cut (verdict
        /// unknown).
        #[arg(long, default_value_t = 10_000)]
        max_sym_branches: u32,
        /// Seconds one solver query may take (an undecided query makes the verdict unknown).
        #[arg(long, default_value_t = 10.0)]
        solver_timeout: f64,
        /// Let condition-variable waits also return without a signal.
        #[arg(long)]
        spurious_wakeups: bool,
        /// SV-COMP mode: check this property file; prints TRUE, FALSE or UNKNOWN last.
        #[arg(long)]
        property: Option<PathBuf>,
        /// Write the witness of the first error to this file.
        #[arg(long)]
        witness: Option<PathBuf>,
        /// Write scheduling constraints from a verified schedule to this file, for
        /// binaries built by `ravel enforce build`.
        #[arg(long)]
        enforce_out: Option<PathBuf>,
        /// Write one test file per distinct input vector of the explored executions into
        /// this directory (replay one with `ravel run --inputs FILE`).
        #[arg(long)]
        tests: Option<PathBuf>,
        /// Unfold engine: do not stop at cutoff events (for comparison; infinite loops
        /// then run into --max-depth).
        #[arg(long)]
        no_cutoffs: bool,
        /// Unfold engine: keep an interpreter snapshot every N events along the current
        /// branch (smaller: more memory, less re-execution).
        #[arg(long, default_value_t = 16)]
        standby_interval: usize,
        /// Unfold engine: alternatives conflict with the last K explored events (1 is
        /// quasi-optimal; larger K explores fewer redundant branches, searches longer).
        #[arg(long, default_value_t = 1)]
        alt_k: usize,
        /// Unfold engine: choose the next event pseudo-randomly with this seed instead of
        /// lowest thread first (still exhaustive).
        #[arg(long)]
        random_order: Option<u64>,
        /// Print the report as JSON on stdout.
        #[arg(long)]
        json: bool,
        /// Program arguments (argv[1..]).
        #[arg(long, num_args = 0.., allow_hyphen_values = true)]
        args: Vec<String>,
        /// Extra clang flags, after `--`.
        #[arg(last = true)]
        clang_flags: Vec<String>,
    },
    /// Re-execute a witness written by `ravel check --witness`.
    Replay {
        witness: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Run the native program under verified schedules (build, inspect events).
    Enforce {
        #[command(subcommand)]
        command: enforce::EnforceCommand,
    },
    /// Write the canonical bitcode ravel interprets (for benchmarks and debugging).
    Compile {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[arg(short, long)]
        output: PathBuf,
        #[arg(last = true)]
        clang_flags: Vec<String>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            let text = format!("{e:#}");
            let mut lines = text.lines();
            eprintln!("ravel: error: {}", lines.next().unwrap_or("unknown error"));
            for l in lines {
                eprintln!("  {l}");
            }
            ExitCode::from(EXIT_INPUT)
        }
    }
}

fn granularity(i: Interleave) -> Granularity {
    match i {
        Interleave::Sync => Granularity::Sync,
        Interleave::All => Granularity::All,
    }
}

fn run(cli: Cli) -> Result<u8> {
    match cli.command {
        Command::Check {
            files,
            interleave,
            engine,
            timeout,
            max_executions,
            max_steps,
            max_depth,
            all_errors,
            no_races,
            no_deadlocks,
            cartesian,
            enumerate_inputs,
            max_sym_branches,
            solver_timeout,
            spurious_wakeups,
            property,
            witness,
            enforce_out,
            tests,
            no_cutoffs,
            standby_interval,
            alt_k,
            random_order,
            json,
            args,
            clang_flags,
        } => {
            let (files, clang_flags) = check::resolve_inputs(files, clang_flags)?;
            let file = files[0].clone();
            if tests.is_some() && matches!(engine, EngineArg::Unfold | EngineArg::States) {
                anyhow::bail!("--tests is only supported with --engine dpor and naive");
            }
            let program = check::load_program(&files, &clang_flags)?;
            let mut argv = vec![file.display().to_string()];
            argv.extend(args);
            let mut opts = ravel_explore::Options {
                argv,
                engine: match engine {
                    EngineArg::Dpor | EngineArg::Naive => EngineKind::Dpor,
                    EngineArg::Unfold => EngineKind::Unfold,
                    EngineArg::States => EngineKind::States,
                    EngineArg::Auto => EngineKind::Auto,
                },
                granularity: granularity(interleave),
                detect_races: !no_races,
                deadlocks_are_errors: !no_deadlocks,
                all_errors,
                max_executions,
                timeout: timeout.map(Duration::from_secs_f64),
                max_steps,
                max_depth,
                progress: std::io::IsTerminal::is_terminal(&std::io::stderr()) && !json,
                symbolic: enumerate_inputs.is_none(),
                input_domain: enumerate_inputs.unwrap_or(2).max(1),
                max_sym_branches,
                solver_timeout: Duration::from_secs_f64(solver_timeout.max(0.001)),
                spurious_wakeups,
                collect_tests: tests.is_some(),
                dpor: DporOptions { naive: engine == EngineArg::Naive },
                unfold: UnfoldOptions {
                    cutoffs: !no_cutoffs,
                    standby_interval: standby_interval.max(1),
                    alt_k: alt_k.max(1),
                    random_order,
                },
                states: StatesOptions { cartesian },
                ..Default::default()
            };
            let property = property.map(|p| check::Property::from_file(&p)).transpose()?;
            if let Some(p) = property {
                opts = check::property_options(p, opts);
            }
            let started = std::time::Instant::now();
            stop_on_ctrl_c();
            let outcome = ravel_explore::check(program.clone(), &opts);
            let seconds = started.elapsed().as_secs_f64();
            if opts.progress {
                eprint!("\r\x1b[K");
            }
            if let Some(dir) = &tests {
                check::write_tests(dir, &file, &outcome.tests)?;
            }
            if let (Some(path), Some(first)) = (&witness, outcome.errors.first()) {
                let w = check::complete_witness(&first.witness, &files, &clang_flags);
                std::fs::write(path, serde_json::to_string_pretty(&w)?)?;
            }
            if json {
                let report = check::to_json(&program, &outcome, &opts, &files, &clang_flags, seconds);
                println!("{}", serde_json::to_string_pretty(&report)?);
            } else {
                eprint!("{}", check::render(&program, &outcome, &opts, seconds));
            }
            if let Some(path) = &enforce_out {
                // Safe with races reported and no property: race-free, so native runs are
                // sequentially consistent too.
                let all_verified =
                    outcome.verdict == ravel_explore::Verdict::Safe && opts.detect_races && property.is_none();
                enforce::write_constraints(&program, opts.argv.clone(), opts.max_steps, all_verified, path)?;
            }
            if let Some(p) = property {
                let answer = check::svcomp_answer(p, &outcome);
                // The answer is the last line of stdout, unless stdout is the JSON report.
                if json {
                    eprintln!("{answer}");
                } else {
                    println!("{answer}");
                }
                return Ok(match answer {
                    "TRUE" => 0,
                    "FALSE" => 1,
                    _ => 2,
                });
            }
            Ok(check::exit_code(&outcome.verdict))
        }
        Command::Enforce { command } => enforce::run(command),
        Command::Replay { witness, json } => check::replay_file(&witness, json),
        Command::Compile { files, output, clang_flags } => {
            let work = ravel_ir::frontend::Workdir::new()?;
            let compiled = ravel_ir::frontend::compile(&files, &clang_flags, &work)?;
            for note in &compiled.notes {
                eprintln!("ravel: note: {note}");
            }
            std::fs::copy(&compiled.bitcode, &output)?;
            Ok(0)
        }
        Command::Run { files, seed, inputs, timeout, max_steps, interleave, json, verbose, args, clang_flags } => {
            let (files, clang_flags) = check::resolve_inputs(files, clang_flags)?;
            let file = files[0].clone();
            let given = inputs.map(|p| check::read_test(&p)).transpose()?.unwrap_or_default();
            let program = check::load_program(&files, &clang_flags)?;
            let mut argv = vec![file.display().to_string()];
            argv.extend(args);
            let config = Config {
                granularity: granularity(interleave),
                argv,
                max_steps: max_steps.unwrap_or(u64::MAX),
                capture_stdout: json,
                ..Config::default()
            };
            let timeout = timeout.map(Duration::from_secs_f64);
            let outcome = ravel_vm::run_random(program, config, seed, timeout, given);
            let report = report::RunReport::new(&outcome, seed);
            if json {
                println!("{}", serde_json::to_string_pretty(&report.to_json(&file, &outcome.machine))?);
            } else {
                eprint!("{}", report.render(verbose));
            }
            Ok(report.exit_code())
        }
    }
}

/// Ctrl-C during an exploration: the first stops it (the partial statistics and the
/// verdict `unknown (interrupted)` are reported as usual), a second ends ravel at once.
fn stop_on_ctrl_c() {
    let pressed = std::sync::atomic::AtomicBool::new(false);
    let handler = move || {
        if pressed.swap(true, std::sync::atomic::Ordering::Relaxed) {
            std::process::exit(130);
        }
        ravel_explore::interrupt();
    };
    if let Err(e) = ctrlc::set_handler(handler) {
        eprintln!("ravel: warning: Ctrl-C will end ravel without a report ({e})");
    }
}
