//! The argument groups `ravel run` and `ravel check` share, flattened into both so that
//! each flag is defined, documented and resolved once.

use crate::args;
use clap::ValueEnum;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Where the program comes from besides its FILES (which each command requires on its own
/// terms), and the clang flags that build it.
#[derive(clap::Args)]
pub struct ProgramSource {
    /// Build the program from a compilation database (compile_commands.json) instead
    /// of FILES: each C entry compiled with its own flags, the --target's source linked
    /// with what it needs of the others (NAME.ravel.bc beside the database).
    #[arg(long = "compile-commands", value_name = "FILE", conflicts_with = "files", requires = "target")]
    pub compile_commands: Option<PathBuf>,
    /// The program of --compile-commands: its source defining `main` (a path or file
    /// name) or the program's name (that source's file name without extension).
    #[arg(long, value_name = "NAME", requires = "compile_commands")]
    pub target: Option<String>,
    /// Start in this function instead of `main` (a library without `main` works too):
    /// each integer parameter is a nondeterministic input, each pointer the address of
    /// a fresh zeroed 4 KiB heap block.
    #[arg(long, value_name = "FUNCTION")]
    pub entry: Option<String>,
    /// Extra clang flags, after `--`.
    #[arg(last = true)]
    pub clang_flags: Vec<String>,
}

impl ProgramSource {
    /// The program's source files and clang flags: those of the compilation database's
    /// target, of an SV-COMP task, or `files` as given.
    pub fn resolve(&self, files: Vec<PathBuf>) -> anyhow::Result<(Vec<PathBuf>, Vec<String>)> {
        let files = match (&self.compile_commands, &self.target) {
            (Some(db), Some(name)) => vec![crate::compile_db::build(db, name)?],
            _ => files,
        };
        crate::program::resolve_inputs(files, self.clang_flags.clone())
    }
}

/// The resources ravel may spend.
#[derive(clap::Args)]
pub struct Budget {
    /// Stop after this many seconds, compilation included (verdict unknown).
    #[arg(long, value_parser = args::seconds)]
    pub timeout: Option<Duration>,
    /// Memory ravel may use, in MiB, before stopping with verdict unknown (default: half
    /// the machine's memory).
    #[arg(long, value_parser = args::mebibytes)]
    pub max_memory: Option<u64>,
}

impl Budget {
    /// The memory limit in bytes: `--max-memory` MiB, or the default share of the machine.
    pub fn memory_limit(&self) -> Option<u64> {
        self.max_memory.map(|m| m << 20).or_else(ravel_vm::resident::default_limit)
    }
}

/// The world the program sees: its files, its network peer, its clock, its terminals and
/// its arguments.
#[derive(clap::Args)]
pub struct Environment {
    /// A file the program finds: NAME=PATH copies host file PATH (the program's
    /// writes stay in memory; other host files are copied on first open).
    #[arg(long = "file", value_parser = args::host_file)]
    pub files_in: Vec<ravel_vm::FileSpec>,
    /// A file of symbolic input bytes the program finds: NAME=SIZE.
    #[arg(long = "sym-file", value_parser = args::sym_file)]
    pub sym_files: Vec<ravel_vm::FileSpec>,
    /// The scripted peer makes a connection that sends the bytes of FILE, then closes
    /// it; repeat the flag for more connections, made in order. The first socket of
    /// the program that listens gets them all waiting, or each connect to an address
    /// no socket of the program listens on reaches the next one.
    #[arg(long = "peer-script", value_name = "FILE")]
    pub peer_script: Vec<String>,
    /// The scripted peer first sends N symbolic input bytes (the request).
    #[arg(long = "sym-packet", value_name = "N", value_parser = clap::value_parser!(u64).range(0..=65536))]
    pub sym_packet: Option<u64>,
    /// When timed waits (sleeps, poll time-outs, timed condition waits) end.
    #[arg(long, value_enum, default_value_t = TimeArg::Any)]
    pub time: TimeArg,
    /// Which standard streams are terminals (`isatty` answers 1, `fstat` says
    /// character device).
    #[arg(long, value_enum, default_value_t = TtyArg::None)]
    pub tty: TtyArg,
    /// Program arguments (argv[1..]): the words after it up to `--` or ravel's next
    /// long option; a word spelled like one of ravel's options is given as --args=WORD.
    #[arg(long, value_name = "WORDS", allow_hyphen_values = true, action = clap::ArgAction::Append)]
    pub args: Vec<String>,
}

/// [`Environment`] resolved for the vm's `Config` and explore's `Options`.
pub struct World {
    /// The program's arguments after `argv[0]`.
    pub args: Vec<String>,
    /// The files it finds (`--file`, `--sym-file`).
    pub files: Vec<ravel_vm::FileSpec>,
    /// Its scripted network peer, if any.
    pub peer: Option<Arc<ravel_vm::Peer>>,
    /// When its timed waits end.
    pub time: ravel_vm::TimeModel,
    /// Which of its standard streams are terminals (bit n: descriptor n).
    pub tty: u8,
}

impl Environment {
    /// The program's world; fails on a peer script that cannot be read.
    pub fn resolve(&self) -> anyhow::Result<World> {
        Ok(World {
            peer: args::peer(&self.peer_script, self.sym_packet)?,
            args: self.args.clone(),
            files: self.files_in.iter().chain(&self.sym_files).cloned().collect(),
            time: self.time.model(),
            tty: self.tty.streams(),
        })
    }
}

impl World {
    /// The `argv` of the program built from source file `program`.
    pub fn argv(&self, program: &std::path::Path) -> Vec<String> {
        std::iter::once(program.display().to_string()).chain(self.args.iter().cloned()).collect()
    }
}

/// Scheduling points, as `--interleave` names them.
#[derive(Clone, Copy, ValueEnum)]
pub enum Interleave {
    /// Only synchronisation and atomic operations are scheduling points.
    Sync,
    /// Every shared memory access is a scheduling point (SV-COMP semantics).
    All,
}

impl Interleave {
    /// The vm's granularity.
    pub fn granularity(self) -> ravel_vm::Granularity {
        match self {
            Interleave::Sync => ravel_vm::Granularity::Sync,
            Interleave::All => ravel_vm::Granularity::All,
        }
    }
}

/// When timed waits end, as `--time` names it.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TimeArg {
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
pub enum TtyArg {
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
