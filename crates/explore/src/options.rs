//! Settings of an exploration: which engine, the limits and what counts as an error, with
//! each engine's own settings in its options struct.

use crate::{Capability, DporOptions, EngineKind, PctOptions, StatesOptions, UnfoldOptions};
use ravel_vm::{ErrorKind, Granularity, MemoryModel};
use std::time::{Duration, Instant};

/// What an exploration may spend: one absolute deadline (every engine, helper and
/// portfolio member stops at the same instant, so no level re-derives a timeout) and an
/// allowance of executions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    pub deadline: Option<Instant>,
    pub executions: Option<u64>,
}

impl Budget {
    /// A budget of `timeout` from now and `executions`.
    pub fn new(timeout: Option<Duration>, executions: Option<u64>) -> Budget {
        Budget { deadline: timeout.map(|t| Instant::now() + t), executions }
    }

    /// The time left before the deadline, if there is one.
    pub fn time_left(&self) -> Option<Duration> {
        self.deadline.map(|d| d.saturating_duration_since(Instant::now()))
    }

    /// Whether the deadline has passed.
    pub fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// What is left after `explored` executions of it were spent.
    pub fn after(&self, explored: u64) -> Budget {
        Budget { executions: self.executions.map(|n| n.saturating_sub(explored)), ..*self }
    }
}

/// Settings of an exploration.
#[derive(Clone, Debug)]
pub struct Options {
    pub engine: EngineKind,
    pub granularity: Granularity,
    /// Report data races (non-atomic conflicting accesses unordered by synchronisation).
    pub detect_races: bool,
    /// Keep exploring after an error to collect every distinct one...
    pub all_errors: bool,
    /// Without `all_errors`: after the first error, keep looking for other distinct errors
    /// for this many more executions (and at least as many as the first took), then stop
    /// with what was found ([`crate::Unknown::FurtherErrors`]): the default command's
    /// middle way, so that a race does not hide an assertion failure, nor an unbounded
    /// search keep a found bug from being reported. `None`: stop at the first error.
    pub further_errors: Option<u64>,
    /// ...except after an error of one of these kinds (SV-COMP: the property's violation).
    pub stop_at: Vec<ErrorKind>,
    /// Errors that only end their execution for the property checked (SV-COMP
    /// no-data-race: a failed assertion aborts the program): one without a concrete
    /// schedule does not make the verdict unknown.
    pub ends_only: Vec<ErrorKind>,
    /// When the exploration must end and how many executions it may take.
    pub budget: Budget,
    /// Bytes ravel may hold before the exploration stops (`unknown (memory limit)`).
    pub max_memory: Option<u64>,
    /// Instructions per execution.
    pub max_steps: u64,
    /// Scheduling steps per execution.
    pub max_depth: usize,
    /// Print a progress line on stderr.
    pub progress: bool,
    /// Relocking a normal mutex is pthread misuse (else the thread hangs, as natively).
    pub strict_pthread: bool,
    /// `abort()` ends the path without an error (SV-COMP's `assume_abort_if_not`).
    pub abort_ends_path: bool,
    /// Nondeterministic inputs are symbolic: branches on them split the exploration into
    /// the feasible sides. Otherwise each input is enumerated over `input_domain` values.
    pub symbolic: bool,
    /// Values tried for each nondeterministic input when not symbolic (all of them for
    /// types this small).
    pub input_domain: u64,
    /// Branches on symbolic inputs per execution before it is cut short.
    pub max_sym_branches: u32,
    /// Time limit of one solver query (an undecided query makes the verdict unknown).
    pub solver_timeout: Duration,
    /// Explore spurious wake-ups of condition-variable waits.
    pub spurious_wakeups: bool,
    /// Standard streams that are terminals ([`ravel_vm::Config::tty`]).
    pub tty: u8,
    /// Collect the input values of every complete execution (`ravel check --tests`).
    pub collect_tests: bool,
    /// Report deadlocks (SV-COMP properties do not count them; the states engine cannot
    /// decide them once it accelerated thread counts).
    pub deadlocks_are_errors: bool,
    /// Report hangs: executions where every thread that can run only spins (or loops
    /// without effect) and the others are blocked (with `deadlocks_are_errors` only).
    pub hangs_are_errors: bool,
    /// Settings only one engine reads, beside it (the CLI maps its flags onto them).
    pub dpor: DporOptions,
    pub unfold: UnfoldOptions,
    pub states: StatesOptions,
    pub pct: PctOptions,
    /// The program's arguments, `argv[0]` included.
    pub argv: Vec<String>,
    /// When stores become visible to other threads (TSO: only the dpor engine explores it).
    pub memory_model: MemoryModel,
    /// Files of the program's file system (`--file`, `--sym-file`).
    pub files: Vec<ravel_vm::FileSpec>,
    /// Hand the admissible prefixes to this sink as they are verified (`--enforce-out`;
    /// dpor only: executions then record what the native runtime names).
    pub verified_sink: Option<crate::VerifiedSink>,
    /// Hand every ended execution to this sink (`ravel schedules`; dpor only).
    pub execution_sink: Option<crate::ExecutionSink>,
    /// Record what the native runtime names (`ravel enforce witness` replays a witness so).
    pub name_native_events: bool,
    /// Explore only the paths these inputs follow (symbolic inputs only).
    pub input_region: Option<crate::InputRegion>,
    /// The scripted peer of the program's sockets (`--peer-script`, `--sym-packet`).
    pub peer: Option<std::sync::Arc<ravel_vm::Peer>>,
    /// When timed waits end (`--time`): under discrete time no verdict is `safe`.
    pub time: ravel_vm::TimeModel,
    /// The program's working directory at start (ravel's own unless a witness says).
    pub cwd: String,
    /// Set by the portfolio for each of its members: the search waits for its turn at
    /// every limit check (see `turns.rs`). `None` everywhere else.
    pub turn: Option<crate::turns::Turn>,
    /// On rank 0 of an MPI job: the other ranks, which explore dpor's jobs beside its
    /// `-j` threads (see `dpor/remote.rs`). `None` everywhere else.
    pub cluster: Option<std::sync::Arc<crate::cluster::Cluster>>,
    /// Record dpor's `-j` jobs here (`ravel check --job-log`; see `job_log.rs`).
    pub job_log: Option<std::sync::Arc<crate::JobLog>>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            engine: EngineKind::DPOR,
            granularity: Granularity::Sync,
            detect_races: true,
            all_errors: false,
            further_errors: None,
            stop_at: Vec::new(),
            ends_only: Vec::new(),
            budget: Budget::default(),
            max_memory: None,
            max_steps: 50_000_000,
            max_depth: 20_000,
            progress: false,
            strict_pthread: true,
            abort_ends_path: false,
            symbolic: true,
            input_domain: 2,
            max_sym_branches: 10_000,
            solver_timeout: Duration::from_secs(10),
            spurious_wakeups: false,
            tty: 0,
            collect_tests: false,
            deadlocks_are_errors: true,
            hangs_are_errors: true,
            dpor: DporOptions::default(),
            unfold: UnfoldOptions::default(),
            states: StatesOptions::default(),
            pct: PctOptions::default(),
            argv: vec!["prog".into()],
            memory_model: MemoryModel::Sc,
            files: Vec::new(),
            verified_sink: None,
            execution_sink: None,
            name_native_events: false,
            input_region: None,
            peer: None,
            time: ravel_vm::TimeModel::Any,
            cwd: ravel_vm::host_cwd(),
            turn: None,
            cluster: None,
            job_log: None,
        }
    }
}

impl Options {
    /// Whether an error leaves the exploration going (every error wanted, or a search
    /// for further ones): races and re-initialisations then do not end their execution.
    pub fn keeps_looking(&self) -> bool {
        self.all_errors || self.further_errors.is_some()
    }

    /// What these options demand of an engine beyond what every engine does.
    pub fn needs(&self) -> Vec<Capability> {
        let sinks = self.verified_sink.is_some() || self.execution_sink.is_some() || self.name_native_events;
        [
            (self.memory_model.rules().store_buffers(), Capability::StoreBuffers),
            (self.collect_tests, Capability::CollectTests),
            (self.dpor.preemption_bound.is_some(), Capability::PreemptionBound),
            (sinks, Capability::Sinks),
            (self.detect_races && self.granularity == Granularity::Sync, Capability::RacesUnderSync),
            (!self.memory_model.rules().operational(), Capability::AxiomaticModel),
        ]
        .into_iter()
        .filter_map(|(needed, what)| needed.then_some(what))
        .collect()
    }

    /// The executions the search for further errors may take beyond the first error's
    /// count, when it is bounded (not with `all_errors`).
    pub fn further_errors_budget(&self) -> Option<u64> {
        self.further_errors.filter(|_| !self.all_errors)
    }

    /// The settings a witness was found under (granularity, races, pthread strictness,
    /// abort meaning, spurious wake-ups), for running it again or exploring from it.
    pub fn of_witness(w: &crate::Witness) -> Options {
        Options {
            granularity: if w.interleave == "all" { Granularity::All } else { Granularity::Sync },
            detect_races: w.detect_races,
            strict_pthread: w.strict_pthread,
            abort_ends_path: w.abort_ends_path,
            spurious_wakeups: w.spurious_wakeups,
            tty: w.tty,
            cwd: if w.cwd.is_empty() { ravel_vm::host_cwd() } else { w.cwd.clone() },
            ..Options::default()
        }
    }
}
