//! The `ravel` command line.

mod args;
mod cc;
mod check;
mod clang_flags;
mod compile_db;
mod dot;
mod enforce;
mod explain;
#[cfg(test)]
mod fuzz;
mod html;
mod input_file;
mod json_report;
mod output;
mod predict;
mod report;
mod sarif;
mod schedules;
mod signals;
mod source;
mod stacks;
mod svcomp_witness;
mod witness;

use anyhow::Result;
use clap::{Parser, Subcommand, ValueEnum};
use ravel_explore::{DporOptions, EngineKind, StatesOptions, UnfoldOptions};
use ravel_vm::{Config, Granularity, MemoryModel};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// The explorers clone interpreter states at every step (many small vectors and maps):
/// mimalloc's thread-local free lists make those allocations far cheaper than glibc's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use args::EXIT_INPUT;
use signals::Phase;

#[derive(Parser)]
#[command(
    name = "ravel",
    version,
    about = "Finds concurrency bugs in multithreaded C programs",
    after_help = args::EXIT_CODES
)]
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

/// The memory models `--memory-model` names.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum MemoryModelArg {
    /// Sequential consistency: every store is visible to all threads at once.
    Sc,
    /// Total store order (x86): a thread's stores wait in a FIFO buffer before others
    /// see them; its own loads see them first; locked operations and seq_cst fences wait
    /// for the buffer to empty (dpor engine only).
    Tso,
}

/// When timed waits end, as `--time` names it.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum TimeArg {
    /// A sleep, a poll time-out or a timed wait may end at any point of the schedule:
    /// every timing is explored.
    Any,
    /// Discrete-event time: a timed wait ends only when no other thread can run, earliest
    /// deadline first, and the clock jumps to it. For programs whose threads sleep in
    /// loops forever (event loops); explores fewer timings, so never says safe.
    Discrete,
}

impl TimeArg {
    fn model(self) -> ravel_vm::TimeModel {
        match self {
            TimeArg::Any => ravel_vm::TimeModel::Any,
            TimeArg::Discrete => ravel_vm::TimeModel::Discrete,
        }
    }
}

/// Which standard streams are terminals, as `--tty` names them.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum TtyArg {
    /// None: the streams are pipes, so output does not depend on where ravel's goes.
    None,
    /// Standard input only.
    Stdin,
    /// Standard output only.
    Stdout,
    /// Standard input, output and error.
    All,
}

impl TtyArg {
    /// The streams as bits of `ravel_vm::Config::tty` (bit n: descriptor n).
    fn streams(self) -> u8 {
        match self {
            TtyArg::None => 0,
            TtyArg::Stdin => 1,
            TtyArg::Stdout => 2,
            TtyArg::All => 7,
        }
    }
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

// Parsed once per process: the size of its largest variant does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand)]
enum Command {
    /// Execute the program once under a seeded random schedule.
    Run {
        /// The program: .c, .i, .ll or .bc files (several are compiled and linked into one
        /// program), or an SV-COMP task (.yml).
        #[arg(required_unless_present = "compile_commands")]
        files: Vec<PathBuf>,
        /// Build the program from a compilation database (compile_commands.json) instead
        /// of FILES: each C entry compiled with its own flags, the --target's source linked
        /// with what it needs of the others (NAME.ravel.bc beside the database).
        #[arg(long = "compile-commands", value_name = "FILE", conflicts_with = "files", requires = "target")]
        compile_commands: Option<PathBuf>,
        /// The program of --compile-commands: its source defining `main` (a path or file
        /// name) or the program's name (that source's file name without extension).
        #[arg(long, value_name = "NAME", requires = "compile_commands")]
        target: Option<String>,
        /// Start in this function instead of `main` (a library without `main` works too):
        /// each integer parameter is a nondeterministic input, each pointer the address of
        /// a fresh zeroed 4 KiB heap block.
        #[arg(long, value_name = "FUNCTION")]
        entry: Option<String>,
        /// Seed of the scheduler and of nondeterministic inputs.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Input values from a test file of `ravel check --tests` (given to the
        /// nondeterministic inputs in order; later ones are random).
        #[arg(long)]
        inputs: Option<PathBuf>,
        /// Stop after this many seconds, compilation included (verdict unknown).
        #[arg(long, value_parser = args::seconds)]
        timeout: Option<Duration>,
        /// Stop after this many executed instructions (verdict unknown).
        #[arg(long)]
        max_steps: Option<u64>,
        /// Memory ravel may use, in MiB, before stopping with verdict unknown (default: half
        /// the machine's memory).
        #[arg(long, value_parser = args::mebibytes)]
        max_memory: Option<u64>,
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
        /// Do not look for data races (by default the execution's first race is its error,
        /// found by the same detector as `ravel check`'s).
        #[arg(long)]
        no_races: bool,
        /// Write the execution's witness to this file: `ravel replay FILE` re-executes
        /// exactly this run (its schedule and input values), error included.
        #[arg(long)]
        witness: Option<PathBuf>,
        /// A file the program finds: NAME=PATH copies host file PATH (the program's
        /// writes stay in memory; other host files are copied on first open).
        #[arg(long = "file", value_parser = args::host_file)]
        files_in: Vec<ravel_vm::FileSpec>,
        /// A file of symbolic input bytes the program finds: NAME=SIZE.
        #[arg(long = "sym-file", value_parser = args::sym_file)]
        sym_files: Vec<ravel_vm::FileSpec>,
        /// The scripted peer makes a connection that sends the bytes of FILE, then closes
        /// it; repeat the flag for more connections, made in order. The first socket of
        /// the program that listens gets them all waiting, or each connect to an address
        /// no socket of the program listens on reaches the next one.
        #[arg(long = "peer-script", value_name = "FILE")]
        peer_script: Vec<String>,
        /// The scripted peer first sends N symbolic input bytes (the request).
        #[arg(long = "sym-packet", value_name = "N", value_parser = clap::value_parser!(u64).range(0..=65536))]
        sym_packet: Option<u64>,
        /// When timed waits (sleeps, poll time-outs, timed condition waits) end.
        #[arg(long, value_enum, default_value_t = TimeArg::Any)]
        time: TimeArg,
        /// Which standard streams are terminals (`isatty` answers 1, `fstat` says
        /// character device).
        #[arg(long, value_enum, default_value_t = TtyArg::None)]
        tty: TtyArg,
        /// Program arguments (argv[1..]): the words after it up to `--` or ravel's next
        /// long option; a word spelled like one of ravel's options is given as --args=WORD.
        #[arg(long, value_name = "WORDS", allow_hyphen_values = true, action = clap::ArgAction::Append)]
        args: Vec<String>,
        /// Extra clang flags, after `--`.
        #[arg(last = true)]
        clang_flags: Vec<String>,
    },
    /// Explore every schedule: verdict safe, unsafe (with a witness) or unknown.
    Check {
        /// The program: .c, .i, .ll or .bc files (several are compiled and linked into one
        /// program), or an SV-COMP task (.yml).
        #[arg(required_unless_present_any = ["compile_commands", "explain"])]
        files: Vec<PathBuf>,
        /// Build the program from a compilation database (compile_commands.json) instead
        /// of FILES: each C entry compiled with its own flags, the --target's source linked
        /// with what it needs of the others (NAME.ravel.bc beside the database).
        #[arg(long = "compile-commands", value_name = "FILE", conflicts_with = "files", requires = "target")]
        compile_commands: Option<PathBuf>,
        /// The program of --compile-commands: its source defining `main` (a path or file
        /// name) or the program's name (that source's file name without extension).
        #[arg(long, value_name = "NAME", requires = "compile_commands")]
        target: Option<String>,
        /// Start in this function instead of `main` (a library without `main` works too):
        /// each integer parameter is a nondeterministic input, each pointer the address of
        /// a fresh zeroed 4 KiB heap block.
        #[arg(long, value_name = "FUNCTION")]
        entry: Option<String>,
        /// Scheduling points (SV-COMP tasks need `all`).
        #[arg(long, value_enum, default_value_t = Interleave::Sync)]
        interleave: Interleave,
        /// Exploration algorithm.
        #[arg(long, value_enum, default_value_t = EngineArg::Auto)]
        engine: EngineArg,
        /// Memory model: which orders of stores other threads may observe.
        #[arg(long, value_enum, default_value_t = MemoryModelArg::Sc)]
        memory_model: MemoryModelArg,
        /// Threads the dpor search uses (default: every core); the counts, verdict and
        /// witnesses are those of `-j 1`.
        #[arg(short = 'j', long = "jobs", value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
        jobs: Option<u64>,
        /// Stop after this many seconds, compilation included (verdict unknown).
        #[arg(long, value_parser = args::seconds)]
        timeout: Option<Duration>,
        /// Stop after this many executions, blocked ones included (verdict unknown).
        #[arg(long)]
        max_executions: Option<u64>,
        /// Memory ravel may use, in MiB, before stopping with verdict unknown (default: half
        /// the machine's memory).
        #[arg(long, value_parser = args::mebibytes)]
        max_memory: Option<u64>,
        /// Instructions per execution (for loops that never end).
        #[arg(long, default_value_t = 50_000_000)]
        max_steps: u64,
        /// Scheduling steps per execution; longer executions are cut (verdict unknown).
        #[arg(long, default_value_t = 20_000)]
        max_depth: usize,
        /// Explore only schedules with at most K preemptions (switches away from a thread
        /// that could go on): a bug finder's mode, in which most concurrency bugs show with
        /// 2 or fewer. The dpor engine (naive too); the verdict is never `safe` once a
        /// schedule was left out.
        #[arg(long, value_name = "K")]
        preemption_bound: Option<u32>,
        /// Write the first error's execution as a graph in Graphviz's DOT language: a column
        /// per thread, and which write each read read from, which unlock each lock found,
        /// which step created each thread (`dot -Tsvg FILE` renders it).
        #[arg(long, value_name = "FILE")]
        dot: Option<PathBuf>,
        /// Print what an error kind (as a report names it, e.g. data-race) means and how it
        /// is usually fixed, and exit.
        #[arg(long, value_name = "KIND", exclusive = true)]
        explain: Option<String>,
        /// Explore everything and report every distinct error. By default the search goes
        /// on after the first error for as many executions again (at least 10,000) and
        /// reports every distinct error it met, grouped by kind.
        #[arg(long, conflicts_with = "first_error")]
        all_errors: bool,
        /// Stop at the first error.
        #[arg(long)]
        first_error: bool,
        /// Do not report data races.
        #[arg(long)]
        no_races: bool,
        /// Do not report deadlocks (the states engine can then prove programs that create
        /// threads without bound, where it cannot decide deadlock freedom).
        #[arg(long)]
        no_deadlocks: bool,
        /// Do not report hangs (executions where every thread that can run only spins on
        /// values no other thread can change any more, the others blocked).
        #[arg(long)]
        no_hangs: bool,
        /// `abort()` and fatal signals end their path without an error, as SV-COMP tasks
        /// use them to cut infeasible paths (`--property` implies it; SV-COMP's own
        /// `assume_abort_if_not` is always read so).
        #[arg(long)]
        abort_is_assume: bool,
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
        #[arg(long, default_value = "10", value_parser = args::seconds)]
        solver_timeout: Duration,
        /// Let condition-variable waits also return without a signal.
        #[arg(long)]
        spurious_wakeups: bool,
        /// SV-COMP mode: check this property file; prints TRUE, FALSE or UNKNOWN last.
        #[arg(long)]
        property: Option<PathBuf>,
        /// Write the witness of the first error to this file.
        #[arg(long)]
        witness: Option<PathBuf>,
        /// With --property: write an SV-COMP GraphML 1.0 witness to this file (a violation
        /// witness for FALSE, a correctness witness for TRUE).
        #[arg(long, requires = "property")]
        witness_graphml: Option<PathBuf>,
        /// With --property: write an SV-COMP YAML violation witness (format 2.2, waypoints
        /// with thread ids) to this file for FALSE.
        #[arg(long, requires = "property")]
        witness_yaml: Option<PathBuf>,
        /// Write the errors as a SARIF 2.1.0 log to this file (for code scanning in CI).
        #[arg(long)]
        sarif: Option<PathBuf>,
        /// Write a self-contained HTML page with each error's interleaving (a column per
        /// thread) to this file.
        #[arg(long)]
        html: Option<PathBuf>,
        /// Write scheduling constraints to this file for binaries built by `ravel enforce
        /// build`: the admissible prefixes verified so far, replaced as the exploration
        /// verifies more (fewer constraints), finally none when every schedule is verified.
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
        /// A file the program finds: NAME=PATH copies host file PATH (the program's
        /// writes stay in memory; other host files are copied on first open).
        #[arg(long = "file", value_parser = args::host_file)]
        files_in: Vec<ravel_vm::FileSpec>,
        /// A file of symbolic input bytes the program finds: NAME=SIZE.
        #[arg(long = "sym-file", value_parser = args::sym_file)]
        sym_files: Vec<ravel_vm::FileSpec>,
        /// The scripted peer makes a connection that sends the bytes of FILE, then closes
        /// it; repeat the flag for more connections, made in order. The first socket of
        /// the program that listens gets them all waiting, or each connect to an address
        /// no socket of the program listens on reaches the next one.
        #[arg(long = "peer-script", value_name = "FILE")]
        peer_script: Vec<String>,
        /// The scripted peer first sends N symbolic input bytes (the request).
        #[arg(long = "sym-packet", value_name = "N", value_parser = clap::value_parser!(u64).range(0..=65536))]
        sym_packet: Option<u64>,
        /// When timed waits (sleeps, poll time-outs, timed condition waits) end.
        #[arg(long, value_enum, default_value_t = TimeArg::Any)]
        time: TimeArg,
        /// Which standard streams are terminals (`isatty` answers 1, `fstat` says
        /// character device).
        #[arg(long, value_enum, default_value_t = TtyArg::None)]
        tty: TtyArg,
        /// Program arguments (argv[1..]): the words after it up to `--` or ravel's next
        /// long option; a word spelled like one of ravel's options is given as --args=WORD.
        #[arg(long, value_name = "WORDS", allow_hyphen_values = true, action = clap::ArgAction::Append)]
        args: Vec<String>,
        /// Extra clang flags, after `--`.
        #[arg(last = true)]
        clang_flags: Vec<String>,
    },
    /// Predict the bugs of every feasible reordering of one recorded execution (each
    /// confirmed by replay).
    Predict(predict::PredictArgs),
    /// Re-execute a witness written by `ravel check --witness`, or follow an SV-COMP
    /// violation witness (GraphML or YAML) and tell whether it is confirmed.
    Replay {
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
    },
    /// Input-covering schedules: per epoch, the synchronisation orders with the inputs
    /// they cover (`-o` for `ravel enforce build --schedules`; `--check` for the verdict
    /// under enforcement).
    Schedules(schedules::SchedulesArgs),
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
    /// A C compiler for build systems (`make CC="ravel cc"`): runs clang-19 as asked and
    /// records bitcode beside each object (`foo.o.bc`) and program (`prog.bc`, for
    /// `ravel check prog.bc`).
    #[command(disable_help_flag = true, disable_version_flag = true)]
    Cc {
        /// clang's arguments, as a build system passes them.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
        args: Vec<String>,
    },
}

/// The long options of `command` and its subcommands (what ends `--args`).
fn long_options(command: &clap::Command) -> std::collections::HashSet<String> {
    let mut names: std::collections::HashSet<String> =
        command.get_arguments().filter_map(|a| a.get_long()).map(str::to_string).collect();
    names.extend(["help".to_string(), "version".to_string()]);
    for sub in command.get_subcommands() {
        names.extend(long_options(sub));
    }
    names
}

/// The stack of the thread that does ravel's work (see `main`).
const WORK_STACK: usize = 1 << 30;

/// Executions `check` goes on looking for other errors after the first (or as many as the
/// first took, if more): enough for the errors a race hides in a small program, bounded
/// so that a search that cannot end still reports the bug it found.
const FURTHER_ERRORS: u64 = 10_000;

fn main() -> ExitCode {
    let command = <Cli as clap::CommandFactory>::command().mut_subcommands(|c| c.after_help(args::EXIT_CODES));
    let long_options = long_options(&command);
    let argv = args::spread_program_args(std::env::args_os().collect(), |o| long_options.contains(o));
    let parsed = command
        .try_get_matches_from(argv)
        .and_then(|matches| <Cli as clap::FromArgMatches>::from_arg_matches(&matches));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) => {
            match args::unknown_option(&e) {
                Some(message) => eprintln!("{message}"),
                None => {
                    let _ = e.print();
                }
            }
            return ExitCode::from(args::clap_exit_code(&e));
        }
    };
    signals::install();
    // Loading and lowering recurse over the program's structure (a very large program, a
    // computed goto's tangle of blocks): the work runs on a thread with a stack of its own
    // size, not on the main thread's 8 MiB.
    let worker = std::thread::Builder::new().name("ravel".into()).stack_size(WORK_STACK).spawn(move || run(cli));
    let outcome = match worker {
        Ok(handle) => handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
        Err(e) => Err(anyhow::anyhow!("cannot start ravel's worker thread: {e}")),
    };
    match outcome {
        Ok(code) => ExitCode::from(code),
        Err(e) if matches!(e.downcast_ref(), Some(ravel_ir::LoadError::Interrupted)) => {
            eprintln!("ravel: interrupted");
            ExitCode::from(signals::EXIT_INTERRUPTED)
        }
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

/// Compiles and loads `file`, stopping the compilers at `deadline`; `None` when the
/// deadline passed first.
fn load(
    files: &[PathBuf],
    clang_flags: &[String],
    deadline: Option<std::time::Instant>,
    entry: Option<&str>,
) -> Result<Option<std::sync::Arc<ravel_ir::Program>>> {
    signals::enter(Phase::Compiling);
    let loaded = check::load_program_within(files, clang_flags, deadline, entry);
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
fn compile_timeout(command: &str, program: &std::path::Path, json: bool) -> u8 {
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
        crate::output::out!("{}", json_report::report(header, Vec::new(), serde_json::json!({})));
    } else {
        eprintln!("ravel: verdict: unknown ({why})");
    }
    2
}

/// The memory limit in bytes: `--max-memory` MiB, or the default share of the machine.
fn memory_limit(mib: Option<u64>) -> Option<u64> {
    mib.map(|m| m << 20).or_else(ravel_vm::resident::default_limit)
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
            compile_commands,
            target,
            entry,
            interleave,
            engine,
            memory_model,
            jobs,
            timeout,
            max_executions,
            max_memory,
            max_steps,
            max_depth,
            preemption_bound,
            dot,
            explain,
            all_errors,
            first_error,
            no_races,
            no_deadlocks,
            no_hangs,
            abort_is_assume,
            cartesian,
            enumerate_inputs,
            max_sym_branches,
            solver_timeout,
            spurious_wakeups,
            property,
            witness,
            witness_graphml,
            witness_yaml,
            sarif,
            html,
            enforce_out,
            tests,
            no_cutoffs,
            standby_interval,
            alt_k,
            random_order,
            json,
            files_in,
            sym_files,
            peer_script,
            sym_packet,
            time,
            tty,
            args,
            clang_flags,
        } => {
            if let Some(kind) = explain {
                crate::output::out!("{}", explain::explain(&kind)?);
                return Ok(0);
            }
            let peer = args::peer(&peer_script, sym_packet)?;
            let files = match (compile_commands, target) {
                (Some(db), Some(name)) => vec![compile_db::build(&db, &name)?],
                _ => files,
            };
            let (files, clang_flags) = check::resolve_inputs(files, clang_flags)?;
            let file = files[0].clone();
            if tests.is_some() && matches!(engine, EngineArg::Unfold | EngineArg::States) {
                anyhow::bail!("--tests is only supported with --engine dpor and naive");
            }
            if memory_model == MemoryModelArg::Tso && matches!(engine, EngineArg::Unfold | EngineArg::States) {
                anyhow::bail!("--memory-model tso is only supported with --engine dpor, naive and auto");
            }
            if enforce_out.is_some() && memory_model == MemoryModelArg::Tso {
                anyhow::bail!(
                    "--enforce-out needs --memory-model sc: the native runtime orders events sequentially consistently, so it cannot enforce schedules with buffered stores"
                );
            }
            if preemption_bound.is_some() && matches!(engine, EngineArg::Unfold | EngineArg::States) {
                anyhow::bail!("--preemption-bound needs the dpor engine (--engine dpor, naive or auto)");
            }
            if preemption_bound.is_some() && memory_model == MemoryModelArg::Tso {
                anyhow::bail!("--preemption-bound counts thread switches under --memory-model sc only");
            }
            if enforce_out.is_some() && matches!(engine, EngineArg::Unfold | EngineArg::States) {
                anyhow::bail!("--enforce-out needs the dpor engine (--engine dpor, naive or auto)");
            }
            let started = std::time::Instant::now();
            let Some(program) = load(&files, &clang_flags, timeout.map(|t| started + t), entry.as_deref())? else {
                let code = compile_timeout("check", &file, json);
                match (property.is_some(), json) {
                    (true, true) => eprintln!("UNKNOWN"),
                    (true, false) => crate::output::out!("UNKNOWN"),
                    _ => {}
                }
                return Ok(code);
            };
            let mut argv = vec![file.display().to_string()];
            argv.extend(args);
            let mut opts = ravel_explore::Options {
                argv,
                files: files_in.into_iter().chain(sym_files).collect(),
                peer,
                engine: match engine {
                    // Only dpor's depth-first search tells which prefixes are verified.
                    _ if enforce_out.is_some() || preemption_bound.is_some() => EngineKind::Dpor,
                    EngineArg::Dpor | EngineArg::Naive => EngineKind::Dpor,
                    EngineArg::Unfold => EngineKind::Unfold,
                    EngineArg::States => EngineKind::States,
                    EngineArg::Auto => EngineKind::Auto,
                },
                granularity: granularity(interleave),
                detect_races: !no_races,
                deadlocks_are_errors: !no_deadlocks,
                hangs_are_errors: !no_hangs,
                abort_ends_path: abort_is_assume,
                all_errors,
                further_errors: (!first_error).then_some(FURTHER_ERRORS),
                budget: ravel_explore::Budget { deadline: timeout.map(|t| started + t), executions: max_executions },
                max_memory: memory_limit(max_memory),
                max_steps,
                max_depth,
                progress: std::io::IsTerminal::is_terminal(&std::io::stderr()) && !json,
                symbolic: enumerate_inputs.is_none(),
                input_domain: enumerate_inputs.unwrap_or(2).max(1),
                max_sym_branches,
                solver_timeout: solver_timeout.max(Duration::from_millis(1)),
                spurious_wakeups,
                collect_tests: tests.is_some(),
                dpor: DporOptions {
                    naive: engine == EngineArg::Naive,
                    // The helpers of -j do not count preemptions.
                    jobs: if preemption_bound.is_some() {
                        1
                    } else {
                        jobs.map_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()), |j| j as usize)
                    },
                    join_at_epochs: false,
                    one_order_per_path: None,
                    prefix_events: None,
                    preemption_bound,
                },
                unfold: UnfoldOptions {
                    cutoffs: !no_cutoffs,
                    standby_interval: standby_interval.max(1),
                    alt_k: alt_k.max(1),
                    random_order,
                },
                states: StatesOptions { cartesian },
                memory_model: match memory_model {
                    MemoryModelArg::Sc => MemoryModel::Sc,
                    MemoryModelArg::Tso => MemoryModel::Tso,
                },
                time: time.model(),
                tty: tty.streams(),
                ..Default::default()
            };
            let prp_text = match &property {
                Some(p) => input_file::read_text(p)?,
                None => String::new(),
            };
            let property = property.map(|p| check::Property::from_file(&p)).transpose()?;
            if let Some(p) = property {
                opts = check::property_options(p, opts);
            }
            let collector = enforce_out.as_deref().map(|p| enforce::Collector::new(p, &opts.argv[0]));
            opts.verified_sink = collector.as_ref().map(enforce::Collector::sink);
            let explored = std::time::Instant::now();
            signals::enter(Phase::Exploring);
            let mut outcome = ravel_explore::check(program.clone(), &opts);
            if let (ravel_explore::Verdict::Unsafe, Some(why)) = (&outcome.verdict, &outcome.incomplete) {
                outcome.notes.push(format!("not every execution was explored, so more errors may exist: {why}"));
            }
            signals::enter(Phase::Other);
            let seconds = explored.elapsed().as_secs_f64();
            if opts.progress {
                eprint!("\r\x1b[K");
            }
            if let Some(dir) = &tests {
                check::write_tests(dir, &file, &outcome.tests)?;
            }
            match (&witness, outcome.errors.first()) {
                (Some(path), Some(first)) => {
                    let w = witness::sealed(check::complete_witness(&first.witness, &program, &files, &clang_flags))?;
                    witness::write(path, &w)?;
                    if let Err(e) = witness::check_flags(&clang_flags) {
                        eprintln!("ravel: warning: `ravel replay` will refuse this witness: {e}");
                    }
                }
                (Some(path), None) => {
                    if witness::remove_stale(path)? {
                        eprintln!("ravel: note: removed the witness {} of an earlier run", path.display());
                    }
                }
                (None, _) => {}
            }
            let report = (json || sarif.is_some() || html.is_some())
                .then(|| check::to_json(&program, &outcome, &opts, &files, &clang_flags, seconds));
            if let (Some(path), Some(report)) = (&sarif, &report) {
                let log = sarif::from_report(report, witness.as_deref().filter(|_| !outcome.errors.is_empty()));
                output::write_file(path, serde_json::to_string_pretty(&log)?.as_bytes())?;
            }
            match (&dot, outcome.errors.first()) {
                (Some(path), Some(first)) => {
                    let (m, graph) =
                        ravel_explore::replay_graph(program.clone(), &first.witness, &opts, outcome.sym.clone())?;
                    output::write_file(path, dot::render(&program, &m, &graph).as_bytes())?;
                }
                (Some(path), None) => eprintln!("ravel: note: no error, so no graph in {}", path.display()),
                (None, _) => {}
            }
            if let (Some(path), Some(report)) = (&html, &report) {
                output::write_file(path, html::from_report(report).as_bytes())?;
            }
            if let (true, Some(report)) = (json, &report) {
                crate::output::out!("{}", serde_json::to_string_pretty(report)?);
            } else {
                eprint!("{}", check::render(&program, &outcome, &opts, seconds));
            }
            if let Some(collector) = collector {
                // Safe with races reported and no property: race-free, so native runs are
                // sequentially consistent too.
                let all_verified =
                    outcome.verdict == ravel_explore::Verdict::Safe && opts.detect_races && property.is_none();
                collector.finish(&program, opts.argv.clone(), opts.max_steps, all_verified)?;
            }
            if let Some(p) = property {
                let answer = check::svcomp_answer(p, &outcome);
                let outputs =
                    svcomp_witness::Outputs { graphml: witness_graphml.as_deref(), yaml: witness_yaml.as_deref() };
                let spec = svcomp_witness::specification(p, &prp_text);
                svcomp_witness::write_for_answer(&program, &outcome, &opts, &files, p, answer, spec, outputs)?;
                // The answer is the last line of stdout, unless stdout is the JSON report.
                if json {
                    eprintln!("{answer}");
                } else {
                    crate::output::out!("{answer}");
                }
                return Ok(match answer {
                    "TRUE" => 0,
                    "FALSE" => 1,
                    _ => 2,
                });
            }
            Ok(check::exit_code(&outcome.verdict))
        }
        Command::Replay { witness, files, json, force, clang_flags } => {
            // A signal stops the compilation (and a second one ravel).
            signals::enter(Phase::Compiling);
            if svcomp_witness::is_svcomp_file(&witness) {
                return svcomp_witness::read::replay(&witness, files, clang_flags, json, force);
            }
            if !files.is_empty() || !clang_flags.is_empty() {
                anyhow::bail!("a ravel witness names its program and flags itself: give the witness alone");
            }
            check::replay_file(&witness, json, force)
        }
        Command::Predict(args) => predict::run(args),
        Command::Cc { args } => cc::run(&args),
        Command::Enforce { command } => enforce::run(command),
        Command::Schedules(args) => schedules::run(args),
        Command::Compile { files, output, clang_flags } => {
            let work = ravel_ir::frontend::Workdir::new()?;
            signals::enter(Phase::Compiling);
            let compiled = ravel_ir::frontend::compile(&files, &clang_flags, &work, None);
            if signals::enter(Phase::Other) {
                return Err(ravel_ir::LoadError::Interrupted.into());
            }
            let compiled = compiled?;
            for note in &compiled.notes {
                eprintln!("ravel: note: {note}");
            }
            std::fs::copy(&compiled.bitcode, &output)?;
            Ok(0)
        }
        Command::Run {
            files,
            compile_commands,
            target,
            entry,
            seed,
            inputs,
            timeout,
            max_steps,
            max_memory,
            interleave,
            json,
            verbose,
            no_races,
            witness,
            files_in,
            sym_files,
            peer_script,
            sym_packet,
            time,
            tty,
            args,
            clang_flags,
        } => {
            let peer = args::peer(&peer_script, sym_packet)?;
            let files = match (compile_commands, target) {
                (Some(db), Some(name)) => vec![compile_db::build(&db, &name)?],
                _ => files,
            };
            let (files, clang_flags) = check::resolve_inputs(files, clang_flags)?;
            let file = files[0].clone();
            let given = inputs.map(|p| check::read_test(&p)).transpose()?.unwrap_or_default();
            let started = std::time::Instant::now();
            let Some(program) = load(&files, &clang_flags, timeout.map(|t| started + t), entry.as_deref())? else {
                return Ok(compile_timeout("run", &file, json));
            };
            let mut argv = vec![file.display().to_string()];
            argv.extend(args);
            let config = Config {
                granularity: granularity(interleave),
                argv,
                max_steps: max_steps.unwrap_or(u64::MAX),
                capture_stdout: json,
                max_memory: memory_limit(max_memory),
                files: files_in.into_iter().chain(sym_files).collect(),
                peer,
                time: time.model(),
                tty: tty.streams(),
                ..Config::default()
            };
            let timeout = timeout.map(|t| t.saturating_sub(started.elapsed()));
            let recorded = config.clone();
            let outcome = ravel_explore::run_random(program.clone(), config, seed, timeout, given, !no_races);
            let w = ravel_explore::run_witness(&outcome, &recorded, !no_races);
            // An error's report gives its places with their call stacks, which only a
            // replay of the run keeps (the run itself does without, at full speed).
            let replayed =
                w.as_ref().filter(|_| matches!(outcome.machine.end(), Some(ravel_vm::End::Error(_)))).and_then(|w| {
                    ravel_explore::replay(program.clone(), w, &ravel_explore::Options::of_witness(w), false).ok()
                });
            match (&witness, &w) {
                (Some(_), None) => eprintln!(
                    "ravel: warning: no witness written: the run took more than {} steps, too long to keep its schedule",
                    ravel_vm::SCHEDULE_KEEP
                ),
                (Some(path), Some(w)) => {
                let w = witness::sealed(check::complete_witness(w, &program, &files, &clang_flags))?;
                witness::write(path, &w)?;
                if let Err(e) = witness::check_flags(&clang_flags) {
                    eprintln!("ravel: warning: `ravel replay` will refuse this witness: {e}");
                }
                }
                (None, _) => {}
            }
            let report = report::RunReport::new(&outcome, seed, replayed.as_ref());
            if json {
                crate::output::out!(
                    "{}",
                    serde_json::to_string_pretty(&report.to_json(&file, &outcome.machine, replayed.as_ref()))?
                );
            } else {
                eprint!("{}", report.render(verbose));
            }
            Ok(report.exit_code())
        }
    }
}
