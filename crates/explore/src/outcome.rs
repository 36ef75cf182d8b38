//! What an exploration answers: the verdict, with the reason when it is unknown, the
//! errors with their witnesses, and the statistics.

use crate::note::pct_guarantee;
use crate::{Capability, EngineKind};
use ravel_vm::{
    Abstraction, ErrorKind, Hint, Imprecision, Limit, Machine, ProgramError, SharedSym, SyncCalls, TraceEntry,
};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The answer of an exploration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Safe,
    Unsafe,
    Unknown(Unknown),
}

/// Why an exploration cannot conclude "safe": a limit, something it could not explore
/// exactly, or something it does not support. Engines keep the first reason they meet.
/// Its text says what happened in words (`Display`); reports and the JSON `reason` show it
/// with the command-line option that governs it, which the CLI names ([`Unknown::write`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Unknown {
    /// The user interrupted ravel (Ctrl-C).
    Interrupted,
    /// The exploration's time limit.
    Time,
    /// The exploration's limit on executions (the states engine counts states).
    Executions(u64),
    /// The memory limit, in bytes.
    Memory(u64),
    /// An execution, configuration or path was cut at the depth limit.
    Depth { max: usize, unit: DepthUnit },
    /// An execution created more threads than the last round allows.
    Threads(usize),
    /// An exploration-wide limit was reached during a round that capped the threads per
    /// execution, so the uncapped search never ran.
    InRound { limit: Box<Unknown>, cap: usize },
    /// Nondeterministic inputs were enumerated over their first values only.
    PartialInputs(u64),
    /// A limit of one execution (instructions, branches on symbolic inputs, threads for
    /// the address space); the time and memory limits are [`Unknown::Time`] and
    /// [`Unknown::Memory`] wherever they are met.
    Limit(Limit),
    /// The vm explored fewer behaviours than the program has (a symbolic input made
    /// concrete, a solver query it could not decide, ...).
    Imprecise(Imprecision),
    /// A symbolic value was made abstract (`ravel_abstract_*`, at this place) and
    /// followed at one value. The weakest reason: any other replaces it.
    Abstracted(Abstraction),
    /// `ravel schedules --prefix`: the schedules order only the first this many
    /// synchronisation operations of an epoch and leave the rest of a run free natively;
    /// that rest was not explored.
    FreeSuffix(u32),
    /// `--preemption-bound`: schedules with more preemptions than this were left out.
    Preemptions(u32),
    /// `--engine pct` sampled this many runs of this depth without an error (with the most
    /// threads and steps a run had, which bound the chance of missing a bug per run).
    Sampled { runs: u64, depth: u32, threads: usize, steps: u64 },
    /// The search for errors beyond the first stopped after this many more executions
    /// ([`crate::Options::further_errors`]).
    FurtherErrors(u64),
    /// An operation ravel does not support; without its place, the vm's words alone.
    Unsupported { what: String, at: Option<(String, u32)> },
    /// An engine bug (a re-execution did not do the same thing again).
    Internal(String),
    /// dpor: an access at a symbolic address was checked for races at one address only.
    SymbolicAddressRace,
    /// unfold: thread numbers would not name the same thread in every execution.
    ConcurrentCreation,
    /// unfold: a conflicting extension had too many token combinations to try.
    TooManyCombinations,
    /// The engine chosen lacks something the options need. (Decided before any search,
    /// so never sent between processes.)
    #[serde(skip)]
    EngineLacks(EngineLacks),
    /// states: an access at a symbolic address hides which races it may take part in.
    SymbolicAddressHidesRaces,
    /// states: a library call touched shared memory; its accesses are no scheduling
    /// points, so races they take part in do not show as states.
    LibraryCallHidesRaces,
    /// states: deadlock freedom is not decided once thread counts were accelerated.
    DeadlocksUndecided,
    /// states: a deadlock was reached only with unboundedly many threads.
    DeadlockNeedsUnboundedThreads,
    /// states: copying a thread would exhaust the 32-bit address space.
    ThreadCopiesExhaustAddresses,
    /// states: a race was found but its two accesses could not be replayed.
    RaceNotReplayed,
    /// states: something was reached through abstract states only (unboundedly many
    /// threads; with `cartesian`, also forgotten constraints or counter values).
    NoConcreteSchedule { found: Unscheduled, cartesian: bool },
    /// graph, under IMM: the explored graphs have threads that read and later write in a
    /// cycle, so IMM may allow load buffering (a `po ∪ rf` cycle) the search does not
    /// build, for want of the program's dependencies.
    LoadBuffering,
}

/// What the depth limit counts in each engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DepthUnit {
    /// dpor: scheduling steps of an execution.
    Steps,
    /// unfold: events of a configuration.
    Events,
    /// states: states on the search path.
    States,
}

/// What the states engine reached without a concrete schedule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Unscheduled {
    DataRace,
    Error { kind: ErrorKind, message: String },
}

impl From<Limit> for Unknown {
    /// The reason an execution's limit gives: the exploration's own for time and memory.
    fn from(limit: Limit) -> Unknown {
        match limit {
            Limit::Time => Unknown::Time,
            Limit::Memory(bytes) => Unknown::Memory(bytes),
            other => Unknown::Limit(other),
        }
    }
}

/// The words a front end gives for the option that governs a reason (a flag name), if one does.
pub type HintFor = fn(&Unknown) -> Option<&'static str>;

impl Unknown {
    /// Writes the reason in words, with the words `hint` gives for it (the CLI's flag names)
    /// in parentheses after what happened: flags are the front end's to name, where they
    /// read well is the sentence's to say. A limit met in a capped round takes its hint
    /// from `hint` too.
    pub fn write(&self, f: &mut fmt::Formatter<'_>, hint: HintFor) -> fmt::Result {
        let flag = Hint(hint(self));
        match self {
            Unknown::Interrupted => write!(f, "interrupted"),
            Unknown::Time => Limit::Time.write(f, flag.0),
            Unknown::Executions(max) => write!(f, "the exploration reached {max} executions{flag}"),
            Unknown::Memory(limit) => Limit::Memory(*limit).write(f, flag.0),
            Unknown::Depth { max, unit } => {
                let (what, units) = match unit {
                    DepthUnit::Steps => ("an execution", "scheduling steps"),
                    DepthUnit::Events => ("a configuration", "events"),
                    DepthUnit::States => ("a path", "states"),
                };
                write!(f, "{what} exceeded {max} {units}{flag}")
            }
            Unknown::Threads(cap) => write!(f, "an execution created more than {cap} threads"),
            Unknown::InRound { limit, cap } => {
                limit.write(f, hint)?;
                write!(f, ", in the round that caps executions at {cap} threads")
            }
            Unknown::PartialInputs(n) => {
                write!(f, "nondeterministic inputs were only tried with the values 0..{n}{flag}")
            }
            Unknown::Limit(limit) => limit.write(f, flag.0),
            Unknown::Imprecise(why) => why.write(f, flag.0),
            Unknown::Abstracted(at) => {
                write!(f, "a value was made abstract at {at} (ravel_abstract), so its other values were not explored")
            }
            Unknown::FreeSuffix(n) => write!(
                f,
                "the schedules order only the first {n} synchronisation operations of an epoch{flag}: the rest of a run is free under enforcement and was not explored"
            ),
            Unknown::Preemptions(k) => write!(
                f,
                "only schedules with at most {k} preemptions were explored{flag}: a bug that needs more may remain"
            ),
            Unknown::Sampled { runs, depth, threads, steps } => write!(
                f,
                "no bug found in {runs} PCT runs of depth {depth} ({}); sampling never proves a program safe",
                pct_guarantee(*depth, *threads, *steps)
            ),
            Unknown::FurtherErrors(n) => {
                write!(f, "the search for further errors stopped {n} executions after the first error{flag}")
            }
            Unknown::Unsupported { what, at: Some((file, line)) } => write!(f, "unsupported: {what} at {file}:{line}"),
            Unknown::Unsupported { what, at: None } => write!(f, "{what}"),
            Unknown::Internal(what) => write!(f, "internal error: {what}"),
            Unknown::SymbolicAddressRace => write!(
                f,
                "an access at a symbolic address was checked for data races only at the address the inputs chose"
            ),
            Unknown::ConcurrentCreation => {
                write!(f, "threads created concurrently by several threads are not supported by the unfold engine")
            }
            Unknown::TooManyCombinations => {
                write!(f, "an event had too many combinations of earlier tokens to try (unfold engine)")
            }
            Unknown::EngineLacks(lacks) => lacks.write(f, flag.0),
            Unknown::SymbolicAddressHidesRaces => {
                write!(f, "an access at a symbolic address hides which races it may take part in")
            }
            Unknown::LibraryCallHidesRaces => {
                write!(f, "a library call's accesses of shared memory hide which races they take part in (states engine)")
            }
            Unknown::DeadlocksUndecided => {
                write!(f, "deadlocks are not decided with unboundedly many threads (states engine)")
            }
            Unknown::DeadlockNeedsUnboundedThreads => {
                write!(f, "a deadlock needs unboundedly many threads (states engine)")
            }
            Unknown::ThreadCopiesExhaustAddresses => {
                write!(f, "copies of threads would exhaust the 32-bit address space (states engine)")
            }
            Unknown::RaceNotReplayed => write!(f, "a data race was found but its two accesses could not be replayed"),
            Unknown::NoConcreteSchedule { found, cartesian } => {
                let how = if *cartesian {
                    "in the abstraction (unboundedly many threads, forgotten constraints between threads' inputs, \
                     or forgotten values of counters)"
                } else {
                    "with unboundedly many threads"
                };
                write!(f, "{found} is reachable {how}, but the states engine has no concrete schedule for it{flag}")
            }
            Unknown::LoadBuffering => write!(
                f,
                "IMM: load buffering (a cycle of reads and later writes across threads) is not explored; ravel does \
                 not track dependencies"
            ),
        }
    }
}

/// The words alone.
impl fmt::Display for Unknown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, |_| None)
    }
}

impl fmt::Display for Unscheduled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unscheduled::DataRace => write!(f, "a data race"),
            Unscheduled::Error { kind, message } => write!(f, "an error ({kind:?}: {message})"),
        }
    }
}

/// Result of [`crate::check`].
pub struct Outcome {
    pub verdict: Verdict,
    pub errors: Vec<FoundError>,
    pub stats: Stats,
    /// Why the exploration did not cover everything, if it did not.
    pub incomplete: Option<Unknown>,
    /// Distinct input vectors of the explored executions, in exploration order (with
    /// `collect_tests`).
    pub tests: Vec<Vec<InputValue>>,
    /// The expressions and solver caches of the exploration (symbolic inputs only), for
    /// cheap replays of its witnesses.
    pub sym: Option<SharedSym>,
    /// What the verdict holds for beyond the options, for people (how the search was
    /// adapted to the program).
    pub notes: Vec<crate::Note>,
}

impl Outcome {
    /// The outcome of an exploration that could not start, for the reason given.
    pub fn unknown(why: Unknown) -> Outcome {
        Outcome {
            verdict: Verdict::Unknown(why.clone()),
            errors: Vec::new(),
            stats: Stats::default(),
            incomplete: Some(why),
            tests: Vec::new(),
            sym: None,
            notes: Vec::new(),
        }
    }

    /// Puts the errors of each kind together, kinds in the order their first error was
    /// found (so the first error stays first, and a race found early does not scatter the
    /// assertion failures found after it).
    pub fn group_errors_by_kind(&mut self) {
        let kinds: Vec<ravel_vm::ErrorKind> = self.errors.iter().map(|e| e.error.kind).collect();
        let first_of = |kind| kinds.iter().position(|&k| k == kind).unwrap_or(0);
        self.errors.sort_by_key(|e| first_of(e.error.kind));
    }
}

/// Counters of an exploration.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Stats {
    /// Complete executions (one per equivalence class).
    pub executions: u64,
    /// Executions cut by an assumption, `abort()` or a spin loop nobody can release.
    pub blocked: u64,
    /// Partial executions the sleep sets proved redundant (optimal DPOR has none).
    pub sleep_blocked: u64,
    /// Dpor with `join_at_epochs`: executions stopped at an epoch-start state whose
    /// continuation another path explores (not among `executions`).
    #[serde(skip_serializing_if = "is_zero")]
    pub joined: u64,
    /// Wakeup sequences that could not be followed because their next thread was blocked
    /// (wasted work: the race they reversed could not be reversed after all).
    #[serde(skip_serializing_if = "is_zero")]
    pub infeasible_wakeups: u64,
    /// Transitions executed, replays included.
    pub transitions: u64,
    /// Feasibility questions about branches on symbolic inputs.
    pub solver_queries: u64,
    /// Those that reached Z3 (the others were answered by caches).
    pub solver_calls: u64,
    /// Unfold engine: events in the unfolding, cutoff events among them, and
    /// configurations that ended because only cutoff events could extend them.
    #[serde(skip_serializing_if = "is_zero")]
    pub events: u64,
    #[serde(skip_serializing_if = "is_zero")]
    pub cutoffs: u64,
    #[serde(skip_serializing_if = "is_zero")]
    pub cut: u64,
    /// States engine: distinct states explored.
    #[serde(skip_serializing_if = "is_zero")]
    pub states: u64,
    /// Dpor with `-j`: the executions among the above that helper threads explored; the
    /// graph engine with `-j`: those of subtrees a thread took from another (it varies
    /// from run to run with the threads' timing; nothing else does).
    #[serde(skip_serializing_if = "is_zero")]
    pub helped: u64,
    /// Dpor with `-j`: helper jobs that failed (a bug: the search explored their branches
    /// itself, so the results stand, but nothing ran in parallel there).
    #[serde(skip_serializing_if = "is_zero")]
    pub helper_failures: u64,
    /// Dpor with `-j`: helper jobs whose work was thrown away because the search added to
    /// their branch where they had been already (it varies with the threads' timing).
    #[serde(skip_serializing_if = "is_zero")]
    pub helper_abandoned: u64,
    /// Dpor with `-j`: sequences the search added to a branch a helper was exploring and
    /// the helper took over (it varies with the threads' timing).
    #[serde(skip_serializing_if = "is_zero")]
    pub helper_grafts: u64,
    /// What the interpreter did for dpor and unfold.
    #[serde(flatten)]
    pub work: Work,
}

/// What the interpreter did during an exploration (dpor and unfold), for comparing
/// engines and programs the way the unfolding papers tabulate them. Counted per step
/// from the machine's own per-execution counters, re-executions included (like
/// `transitions`), so the interpreter loop pays nothing for them.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(default)]
pub struct Work {
    /// LLVM instructions interpreted.
    #[serde(skip_serializing_if = "is_zero")]
    pub instructions: u64,
    /// The most threads one execution created (main included).
    #[serde(skip_serializing_if = "is_zero")]
    pub max_threads: u64,
    /// Mutex, spin-lock and rwlock calls executed.
    #[serde(skip_serializing_if = "is_zero")]
    pub lock_calls: u64,
    /// Condition-variable calls executed.
    #[serde(skip_serializing_if = "is_zero")]
    pub condvar_calls: u64,
    /// Decisions inside steps that had more than one alternative: branches on symbolic
    /// inputs, enumerated input values, the waiter a signal wakes.
    #[serde(skip_serializing_if = "is_zero")]
    pub choices: u64,
    /// Complete executions (among `executions`) that ended in an error.
    #[serde(skip_serializing_if = "is_zero")]
    pub error_executions: u64,
}

impl Work {
    /// Counts one step of `machine` that ran from the counters in `before` and made
    /// `choices` (value, alternatives).
    pub fn count_step(&mut self, before: (u64, SyncCalls), machine: &Machine, choices: &[(u64, u64)]) {
        let calls = machine.sync_calls();
        self.instructions += machine.steps().saturating_sub(before.0);
        self.lock_calls += calls.lock.saturating_sub(before.1.lock);
        self.condvar_calls += calls.condvar.saturating_sub(before.1.condvar);
        self.choices += choices.iter().filter(|(_, n)| *n > 1).count() as u64;
        self.max_threads = self.max_threads.max(machine.threads().len() as u64);
    }

    /// The counters a step starts from.
    pub fn before(machine: &Machine) -> (u64, SyncCalls) {
        (machine.steps(), machine.sync_calls())
    }

    /// The counters a new machine starts from (its run to main's first visible operation
    /// counts as a step).
    pub fn before_start() -> (u64, SyncCalls) {
        (0, SyncCalls::default())
    }

    /// Adds another search's (or an earlier phase's) work.
    pub fn add(&mut self, other: &Work) {
        self.instructions += other.instructions;
        self.max_threads = self.max_threads.max(other.max_threads);
        self.lock_calls += other.lock_calls;
        self.condvar_calls += other.condvar_calls;
        self.choices += other.choices;
        self.error_executions += other.error_executions;
    }
}

impl Witness {
    /// Records the world the program ran in: its arguments, working directory, files
    /// (host copies and symbolic ones) and scripted peer.
    pub(crate) fn set_environment(
        &mut self,
        argv: &[String],
        cwd: &str,
        files: &[ravel_vm::FileSpec],
        peer: Option<&ravel_vm::Peer>,
    ) {
        self.argv = argv.to_vec();
        self.cwd = cwd.to_string();
        for f in files {
            match f.flag() {
                (true, v) => self.sym_files.push(v),
                (false, v) => self.files.push(v),
            }
        }
        if let Some(p) = peer {
            let mut paths = p.scripts.iter().map(|s| s.path.clone());
            self.peer_script = paths.next();
            self.more_peer_scripts = paths.collect();
            self.sym_packet = p.sym_packet;
        }
    }

    /// The program's files: `program`, then `more_sources`.
    pub fn files(&self) -> Vec<std::path::PathBuf> {
        std::iter::once(&self.program).chain(&self.more_sources).map(std::path::PathBuf::from).collect()
    }
}

impl Stats {
    /// Executions explored to their end, blocked ones included (what the limit on
    /// executions counts).
    pub fn explored(&self) -> u64 {
        self.executions + self.blocked + self.sleep_blocked
    }

    /// Adds the work of an earlier phase of the same exploration (transitions, solver
    /// queries, events, states); the executions stay this phase's own, one per equivalence
    /// class of the search that gave the verdict.
    pub fn absorb_earlier(&mut self, earlier: &Stats) {
        self.infeasible_wakeups += earlier.infeasible_wakeups;
        self.transitions += earlier.transitions;
        self.solver_queries += earlier.solver_queries;
        self.solver_calls += earlier.solver_calls;
        self.events += earlier.events;
        self.cutoffs += earlier.cutoffs;
        self.cut += earlier.cut;
        self.states += earlier.states;
        let executions = self.work.error_executions;
        self.work.add(&earlier.work);
        // Like `executions`, the errors counted are this phase's own.
        self.work.error_executions = executions;
    }
}

fn is_zero<T: Default + PartialEq>(n: &T) -> bool {
    *n == T::default()
}

/// An error with the execution that exhibits it.
#[derive(Clone, Debug)]
pub struct FoundError {
    pub error: ProgramError,
    pub witness: Witness,
    pub trace: Vec<TraceEntry>,
}

/// The value of one symbolic input in an execution.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct InputValue {
    /// Source line of the call that made the input.
    pub line: u32,
    pub bits: u32,
    pub value: u128,
}

/// One step of a witness: which thread ran, and the choices it made.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct WitnessStep {
    pub thread: usize,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<u64>,
    /// Under TSO: the step is the thread's store buffer making its oldest store visible,
    /// not the thread's own.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub flush: bool,
    /// Under an axiomatic model (the graph engine): the value the step's scheduled access
    /// reads, which need not be the latest write's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read: Option<u64>,
    /// Under an axiomatic model: the step's store is not the coherence-latest write of
    /// its location so far, so memory keeps the value it has.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hide: bool,
}

fn is_sc(name: &str) -> bool {
    name.is_empty() || name == "sc"
}

fn is_any_time(name: &str) -> bool {
    name.is_empty() || name == "any"
}

fn default_true() -> bool {
    true
}

/// Everything needed to re-execute one execution exactly.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Witness {
    /// Format tag, so old files are recognised.
    pub format: String,
    pub program: String,
    /// The other files of a program given as several (compiled and linked with `program`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub more_sources: Vec<String>,
    pub clang_flags: Vec<String>,
    /// The function the program started in instead of `main` (`--entry`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entry: Option<String>,
    /// The program's arguments, `argv[0]` included (empty in old witnesses: the default).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub argv: Vec<String>,
    /// `--file NAME=PATH` values: host files copied into the program's file system.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<String>,
    /// `--sym-file NAME=SIZE` values: files of symbolic bytes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sym_files: Vec<String>,
    /// `--peer-script FILE`: what the scripted peer sends on its first connection.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub peer_script: Option<String>,
    /// Further `--peer-script` files: the peer's later connections, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub more_peer_scripts: Vec<String>,
    /// `--sym-packet N`: symbolic bytes the scripted peer sends first.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub sym_packet: u64,
    /// The program's working directory at start (empty in old witnesses: the replaying
    /// ravel's own).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub cwd: String,
    /// SHA-256 of the program file's bytes when the witness was written (hex), so a
    /// replay of a changed program is refused instead of silently diverging.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub source_sha256: String,
    /// SHA-256 of `clang_flags` (hex, each flag followed by a NUL byte), so flags edited
    /// after the fact are noticed.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub flags_sha256: String,
    pub interleave: String,
    /// The memory model of the exploration ("sc" when absent).
    #[serde(default, skip_serializing_if = "is_sc")]
    pub memory_model: String,
    /// Whether data races were errors in the exploration that found this execution.
    #[serde(default = "default_true")]
    pub detect_races: bool,
    #[serde(default = "default_true")]
    pub strict_pthread: bool,
    /// `abort()` ended its path without an error in the exploration (SV-COMP mode).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub abort_ends_path: bool,
    #[serde(default)]
    pub spurious_wakeups: bool,
    /// Standard streams that were terminals (`--tty`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub tty: u8,
    /// Initialising a statically initialised lock again did not end the execution
    /// (`ravel_vm::Config::defer_reinit`): such an error ends a replay at the last step only.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub defer_reinit: bool,
    /// When timed waits ended ("any" when absent; see `ravel_vm::TimeModel`).
    #[serde(default, skip_serializing_if = "is_any_time")]
    pub time: String,
    /// Inputs were symbolic (the choices then include the sides of symbolic branches).
    #[serde(default)]
    pub symbolic: bool,
    /// Values of the symbolic inputs that drive this execution (for people and tests;
    /// replay recomputes them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub inputs: Vec<InputValue>,
    pub init_choices: Vec<u64>,
    pub steps: Vec<WitnessStep>,
    /// Which of the races of the last step this witness shows (a transition may race
    /// several times; `--all-errors` reports each).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub race_index: u64,
    /// Steps end before branches on symbolic inputs (the states engine's executions).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub branch_steps: bool,
    /// An exit ended the process at once instead of waiting until no other thread could
    /// run (`ravel run` and the unfolding engine; see `ravel_vm::Config::defer_exit`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub exit_at_once: bool,
    /// The exploration decided what each read read (the graph engine): a replay follows
    /// the steps' `read` and `hide`, and no store waits in a buffer, under TSO too (the
    /// engine realised TSO by its axioms).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub decided_reads: bool,
}

/// Why an engine cannot run an exploration: it lacks something its options need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineLacks {
    pub engine: EngineKind,
    pub need: Capability,
}

impl EngineLacks {
    /// Writes what the engine lacks in words; for data races under sync interleaving,
    /// `hint` (the CLI's flags) replaces the condition the engine needs by the options that
    /// meet it.
    pub fn write(&self, f: &mut fmt::Formatter<'_>, hint: Option<&str>) -> fmt::Result {
        let engine = self.engine.name();
        match self.need {
            Capability::RacesUnderSync => {
                let only = hint.unwrap_or("when every shared access is a scheduling point");
                write!(f, "the {engine} engine looks for data races only {only}")
            }
            need => write!(f, "the {engine} engine cannot explore {}", need.describe()),
        }
    }
}

/// The words alone.
impl fmt::Display for EngineLacks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words of each reason; the CLI's rendering adds the flags (its own tests check
    /// that what users read does not change).
    #[test]
    fn reasons_read_in_words() {
        let cases = [
            (Unknown::Interrupted, "interrupted"),
            (Unknown::Time, "the time limit was reached"),
            (Unknown::Executions(20), "the exploration reached 20 executions"),
            (Unknown::Memory(3 << 20), "the memory limit of 3 MiB was reached"),
            (
                Unknown::Depth { max: 7, unit: DepthUnit::Steps },
                "an execution exceeded 7 scheduling steps",
            ),
            (Unknown::Depth { max: 7, unit: DepthUnit::Events }, "a configuration exceeded 7 events"),
            (Unknown::Depth { max: 7, unit: DepthUnit::States }, "a path exceeded 7 states"),
            (Unknown::Threads(16), "an execution created more than 16 threads"),
            (
                Unknown::InRound { limit: Box::new(Unknown::Time), cap: 4 },
                "the time limit was reached, in the round that caps executions at 4 threads",
            ),
            (
                Unknown::PartialInputs(2),
                "nondeterministic inputs were only tried with the values 0..2",
            ),
            (Unknown::Limit(Limit::Steps(5)), "the execution ran more than 5 instructions"),
            (Unknown::Imprecise(Imprecision::AccessSpansWords), "a shared access spans several memory words"),
            (
                Unknown::Abstracted(Abstraction { file: "a.c".into(), line: 3 }),
                "a value was made abstract at a.c:3 (ravel_abstract), so its other values were not explored",
            ),
            (
                Unknown::FreeSuffix(4),
                "the schedules order only the first 4 synchronisation operations of an epoch: the rest of a run is free under enforcement and was not explored",
            ),
            (
                Unknown::Unsupported { what: "inline asm".into(), at: Some(("a.c".into(), 3)) },
                "unsupported: inline asm at a.c:3",
            ),
            (Unknown::Unsupported { what: "inline asm".into(), at: None }, "inline asm"),
            (
                Unknown::FurtherErrors(9),
                "the search for further errors stopped 9 executions after the first error",
            ),
            (
                Unknown::Preemptions(2),
                "only schedules with at most 2 preemptions were explored: a bug that needs more may remain",
            ),
            (Unknown::Internal("re-execution diverged".into()), "internal error: re-execution diverged"),
            (
                Unknown::SymbolicAddressRace,
                "an access at a symbolic address was checked for data races only at the address the inputs chose",
            ),
            (
                Unknown::ConcurrentCreation,
                "threads created concurrently by several threads are not supported by the unfold engine",
            ),
            (
                Unknown::TooManyCombinations,
                "an event had too many combinations of earlier tokens to try (unfold engine)",
            ),
            (
                Unknown::EngineLacks(EngineLacks { engine: EngineKind::STATES, need: Capability::RacesUnderSync }),
                "the states engine looks for data races only when every shared access is a scheduling point",
            ),
            (
                Unknown::SymbolicAddressHidesRaces,
                "an access at a symbolic address hides which races it may take part in",
            ),
            (
                Unknown::LibraryCallHidesRaces,
                "a library call's accesses of shared memory hide which races they take part in (states engine)",
            ),
            (Unknown::DeadlocksUndecided, "deadlocks are not decided with unboundedly many threads (states engine)"),
            (Unknown::DeadlockNeedsUnboundedThreads, "a deadlock needs unboundedly many threads (states engine)"),
            (
                Unknown::ThreadCopiesExhaustAddresses,
                "copies of threads would exhaust the 32-bit address space (states engine)",
            ),
            (Unknown::RaceNotReplayed, "a data race was found but its two accesses could not be replayed"),
            (
                Unknown::LoadBuffering,
                "IMM: load buffering (a cycle of reads and later writes across threads) is not explored; ravel does \
                 not track dependencies",
            ),
            (
                Unknown::NoConcreteSchedule { found: Unscheduled::DataRace, cartesian: false },
                "a data race is reachable with unboundedly many threads, but the states engine has no concrete \
                 schedule for it",
            ),
            (
                Unknown::NoConcreteSchedule {
                    found: Unscheduled::Error { kind: ErrorKind::AssertionFailure, message: "x".into() },
                    cartesian: true,
                },
                "an error (AssertionFailure: x) is reachable in the abstraction (unboundedly many threads, forgotten \
                 constraints between threads' inputs, or forgotten values of counters), but the states engine has \
                 no concrete schedule for it",
            ),
        ];
        for (reason, text) in cases {
            assert_eq!(reason.to_string(), text);
        }
    }
}
