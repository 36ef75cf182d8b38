//! The `ravel` command line.

mod args;
mod cc;
mod check;
mod clang_flags;
mod cluster;
mod compile_db;
mod dot;
mod enforce;
mod error_text;
mod explain;
mod flags;
#[cfg(test)]
mod fuzz;
mod html;
mod input_file;
mod json_report;
mod output;
mod place;
mod predict;
mod program;
mod property;
mod replay;
mod report;
mod run;
mod sarif;
mod schedules;
mod shared_args;
mod signals;
mod source;
mod stacks;
mod svcomp_witness;
mod test_files;
mod witness;

use anyhow::Result;
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

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

// Parsed once per process: the size of its largest variant does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand)]
enum Command {
    /// Execute the program once under a seeded random schedule.
    Run(run::RunArgs),
    /// Explore every schedule: verdict safe, unsafe (with a witness) or unknown.
    Check(check::CheckArgs),
    /// Predict the bugs of every feasible reordering of one recorded execution (each
    /// confirmed by replay).
    Predict(predict::PredictArgs),
    /// Re-execute a witness written by `ravel check --witness`, or follow an SV-COMP
    /// violation witness (GraphML or YAML) and tell whether it is confirmed.
    Replay(replay::ReplayArgs),
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

/// Runs the subcommand; its exit code.
fn run(cli: Cli) -> Result<u8> {
    match cli.command {
        Command::Check(args) => check::run(args),
        Command::Run(args) => run::run(args),
        Command::Replay(args) => replay::run(args),
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
    }
}
