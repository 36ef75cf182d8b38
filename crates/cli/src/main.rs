//! The `ravel` command line.

mod report;
mod source;

use anyhow::Result;
use clap::{Parser, Subcommand, ValueEnum};
use ravel_vm::{Config, Granularity};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

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

#[derive(Subcommand)]
enum Command {
    /// Execute the program once under a seeded random schedule.
    Run {
        /// A .c, .i, .ll or .bc file.
        file: PathBuf,
        /// Seed of the scheduler and of nondeterministic inputs.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stop after this many seconds (verdict unknown).
        #[arg(long)]
        timeout: Option<f64>,
        /// Stop after this many executed instructions (verdict unknown).
        #[arg(long)]
        max_steps: Option<u64>,
        /// Scheduling points.
        #[arg(long, value_enum, default_value_t = Interleave::All)]
        interleave: Interleave,
        /// Print the report as one JSON object on stderr.
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
    /// Write the canonical bitcode ravel interprets (for benchmarks and debugging).
    Compile {
        file: PathBuf,
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

fn run(cli: Cli) -> Result<u8> {
    match cli.command {
        Command::Compile { file, output, clang_flags } => {
            let work = ravel_ir::frontend::Workdir::new()?;
            let bc = ravel_ir::frontend::compile(&file, &clang_flags, &work)?;
            std::fs::copy(&bc, &output)?;
            Ok(0)
        }
        Command::Run { file, seed, timeout, max_steps, interleave, json, verbose, args, clang_flags } => {
            let program = Arc::new(ravel_ir::load(&file, &clang_flags)?);
            let mut argv = vec![file.display().to_string()];
            argv.extend(args);
            let config = Config {
                granularity: match interleave {
                    Interleave::Sync => Granularity::Sync,
                    Interleave::All => Granularity::All,
                },
                argv,
                max_steps: max_steps.unwrap_or(u64::MAX),
                ..Config::default()
            };
            let timeout = timeout.map(Duration::from_secs_f64);
            let outcome = ravel_vm::run_random(program, config, seed, timeout);
            let report = report::RunReport::new(&outcome, seed);
            if json {
                eprintln!("{}", serde_json::to_string(&report.to_json())?);
            } else {
                eprint!("{}", report.render(verbose));
            }
            Ok(report.exit_code())
        }
    }
}
