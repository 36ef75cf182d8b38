//! What `ravel check` takes: its own flags, grouped by concern, and the groups it shares
//! with `ravel run` ([`crate::shared_args`]).

use super::engine_arg::EngineArg;
use crate::args;
use crate::shared_args::{Budget, Environment, Interleave, ProgramSource};
use clap::ValueEnum;
use std::path::PathBuf;
use std::time::Duration;

/// The flags of `ravel check`.
#[derive(clap::Args)]
pub struct CheckArgs {
    /// The program: .c, .i, .ll or .bc files (several are compiled and linked into one
    /// program), or an SV-COMP task (.yml).
    #[arg(required_unless_present_any = ["compile_commands", "explain"])]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub source: ProgramSource,
    /// Scheduling points (SV-COMP tasks need `all`).
    #[arg(long, value_enum, default_value_t = Interleave::Sync)]
    pub interleave: Interleave,
    /// Exploration algorithm.
    #[arg(long, value_enum, default_value_t = EngineArg::AUTO)]
    pub engine: EngineArg,
    /// Memory model: which orders of stores other threads may observe.
    #[arg(long, value_enum, default_value_t = MemoryModelArg::Sc)]
    pub memory_model: MemoryModelArg,
    /// Threads the dpor and graph searches use (default: every core); the counts, verdict
    /// and witnesses are those of `-j 1`.
    #[arg(short = 'j', long = "jobs", value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub jobs: Option<u64>,
    /// Write the dpor search's `-j` jobs (and those of MPI helper ranks) to this file as
    /// JSON Lines: who gave each out and when, who took it, its work, its message sizes,
    /// whether it was committed; and the search's own time. With `--engine graph -j 1`:
    /// the tree of graphs, each graph's parent, work and size (`bench/mpi/simulate`
    /// replays either on more ranks; see docs/mpi.md).
    #[arg(long, value_name = "FILE")]
    pub job_log: Option<PathBuf>,
    #[command(flatten)]
    pub budget: Budget,
    /// Stop after this many executions, blocked ones included (verdict unknown).
    #[arg(long)]
    pub max_executions: Option<u64>,
    /// Instructions per execution (for loops that never end).
    #[arg(long, default_value_t = 50_000_000)]
    pub max_steps: u64,
    /// Scheduling steps per execution; longer executions are cut (verdict unknown).
    #[arg(long, default_value_t = 20_000)]
    pub max_depth: usize,
    /// Explore only schedules with at most K preemptions (switches away from a thread
    /// that could go on): a bug finder's mode, in which most concurrency bugs show with
    /// 2 or fewer. The dpor engine (naive too); the verdict is never `safe` once a
    /// schedule was left out.
    #[arg(long, value_name = "K")]
    pub preemption_bound: Option<u32>,
    /// Write the first error's execution as a graph in Graphviz's DOT language: a column
    /// per thread, and which write each read read from, which unlock each lock found,
    /// which step created each thread (`dot -Tsvg FILE` renders it).
    #[arg(long, value_name = "FILE")]
    pub dot: Option<PathBuf>,
    /// Print what an error kind (as a report names it, e.g. data-race) means and how it
    /// is usually fixed, and exit.
    #[arg(long, value_name = "KIND", exclusive = true)]
    pub explain: Option<String>,
    #[command(flatten)]
    pub errors: ErrorArgs,
    #[command(flatten)]
    pub pct: PctArgs,
    /// States engine: forget constraints between different threads' inputs, and the
    /// values of globals that differ from a state on the current path that is otherwise
    /// the same, so that states built from ever new inputs or counts repeat (proofs
    /// only: a bug found gives unknown).
    #[arg(long)]
    pub cartesian: bool,
    /// Instead of treating nondeterministic inputs symbolically, try each with the
    /// values 0..N (types with at most N values are covered exhaustively; wider ones
    /// make "safe" unreachable).
    #[arg(long)]
    pub enumerate_inputs: Option<u64>,
    /// Branches on symbolic inputs per execution; longer executions are cut (verdict
    /// unknown).
    #[arg(long, default_value_t = 10_000)]
    pub max_sym_branches: u32,
    /// Seconds one solver query may take (an undecided query makes the verdict unknown).
    #[arg(long, default_value = "10", value_parser = args::seconds)]
    pub solver_timeout: Duration,
    /// Let condition-variable waits also return without a signal.
    #[arg(long)]
    pub spurious_wakeups: bool,
    /// SV-COMP mode: check this property file; prints TRUE, FALSE or UNKNOWN last.
    #[arg(long)]
    pub property: Option<PathBuf>,
    #[command(flatten)]
    pub outputs: OutputFiles,
    #[command(flatten)]
    pub unfold: UnfoldArgs,
    /// Print the report as JSON on stdout.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub env: Environment,
}

/// Which errors count, and when the search stops at them.
#[derive(clap::Args)]
pub struct ErrorArgs {
    /// Explore everything and report every distinct error. By default the search goes
    /// on after the first error for as many executions again (at least 10,000) and
    /// reports every distinct error it met, grouped by kind.
    #[arg(long, conflicts_with = "first_error")]
    pub all_errors: bool,
    /// Stop at the first error.
    #[arg(long)]
    pub first_error: bool,
    /// Do not report data races.
    #[arg(long)]
    pub no_races: bool,
    /// Do not report deadlocks (the states engine can then prove programs that create
    /// threads without bound, where it cannot decide deadlock freedom).
    #[arg(long)]
    pub no_deadlocks: bool,
    /// Do not report hangs (executions where every thread that can run only spins on
    /// values no other thread can change any more, the others blocked).
    #[arg(long)]
    pub no_hangs: bool,
    /// `abort()` and fatal signals end their path without an error, as SV-COMP tasks
    /// use them to cut infeasible paths (`--property` implies it; SV-COMP's own
    /// `assume_abort_if_not` is always read so).
    #[arg(long)]
    pub abort_is_assume: bool,
}

/// Files the check writes besides its report.
#[derive(clap::Args)]
pub struct OutputFiles {
    /// Write the witness of the first error to this file.
    #[arg(long)]
    pub witness: Option<PathBuf>,
    /// With --property: write an SV-COMP GraphML 1.0 witness to this file (a violation
    /// witness for FALSE, a correctness witness for TRUE).
    #[arg(long, requires = "property")]
    pub witness_graphml: Option<PathBuf>,
    /// With --property: write an SV-COMP YAML violation witness (format 2.2, waypoints
    /// with thread ids) to this file for FALSE.
    #[arg(long, requires = "property")]
    pub witness_yaml: Option<PathBuf>,
    /// Write the errors as a SARIF 2.1.0 log to this file (for code scanning in CI).
    #[arg(long)]
    pub sarif: Option<PathBuf>,
    /// Write a self-contained HTML page with each error's interleaving (a column per
    /// thread) to this file.
    #[arg(long)]
    pub html: Option<PathBuf>,
    /// Write scheduling constraints to this file for binaries built by `ravel enforce
    /// build`: the admissible prefixes verified so far, replaced as the exploration
    /// verifies more (fewer constraints), finally none when every schedule is verified.
    #[arg(long)]
    pub enforce_out: Option<PathBuf>,
    /// Write one test file per distinct input vector of the explored executions into
    /// this directory (replay one with `ravel run --inputs FILE`).
    #[arg(long)]
    pub tests: Option<PathBuf>,
}

/// Settings of the unfold engine.
#[derive(clap::Args)]
pub struct UnfoldArgs {
    /// Unfold engine: do not stop at cutoff events (for comparison; infinite loops
    /// then run into --max-depth).
    #[arg(long)]
    pub no_cutoffs: bool,
    /// Unfold engine: keep an interpreter snapshot every N events along the current
    /// branch (smaller: more memory, less re-execution).
    #[arg(long, default_value_t = 16)]
    pub standby_interval: usize,
    /// Unfold engine: alternatives conflict with the last K explored events (1 is
    /// quasi-optimal; larger K explores fewer redundant branches, searches longer).
    #[arg(long, default_value_t = 1)]
    pub alt_k: usize,
    /// Unfold engine: choose the next event pseudo-randomly with this seed instead of
    /// lowest thread first (still exhaustive).
    #[arg(long)]
    pub random_order: Option<u64>,
}

/// The PCT sampler's flags (`--engine pct`).
#[derive(clap::Args)]
pub struct PctArgs {
    /// PCT: runs to sample.
    #[arg(long, default_value_t = 1000)]
    pub runs: u64,
    /// PCT: the bug depth targeted (d - 1 priority change points per run; 0: uniformly
    /// random schedules, a baseline).
    #[arg(long, default_value_t = 3)]
    pub depth: u32,
    /// PCT: the first run's seed (run i uses seed + i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// The memory models `--memory-model` names.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MemoryModelArg {
    /// Sequential consistency: every store is visible to all threads at once.
    Sc,
    /// Total store order (x86): a thread's stores wait in a FIFO buffer before others
    /// see them; its own loads see them first; locked operations and seq_cst fences wait
    /// for the buffer to empty (dpor engine; the graph engine follows its axioms).
    Tso,
    /// RC11, the repaired C11 memory model: relaxed, release/acquire and seq_cst atomics
    /// as C11 defines them (graph engine only).
    Rc11,
    /// IMM, the intermediate model C11 compiles to hardware through: RC11's atomics,
    /// with fewer orders between a thread's accesses (graph engine only).
    Imm,
}
