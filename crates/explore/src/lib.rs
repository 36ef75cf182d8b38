//! Exhaustive exploration of thread schedules: the engines behind `ravel check`, with
//! what they share (statistics, witnesses, race detection, replay).

mod clock;
mod dpor;
mod footprint;
mod race;
mod states;
mod tests;
mod unfold;

use ravel_ir::Program;
use ravel_vm::{Chooser, Granularity, Machine, ProgramError, SharedSym, SymEngine, TraceEntry};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Which exploration algorithm to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// Dynamic partial-order reduction with sleep sets.
    Dpor,
    /// Every interleaving, no reduction (for comparison and cross-checking).
    Naive,
    /// Unfolding-based partial-order reduction with cutoff events (finishes on programs
    /// that loop forever over finitely many states).
    Unfold,
    /// Explicit-state search with thread symmetry and thread-count acceleration
    /// (finishes on programs that create threads without bound over finitely many
    /// local states).
    States,
    /// A portfolio: with a time limit, the states engine for a third of the time, then
    /// (when inputs are involved) its Cartesian abstraction for the rest of half the time
    /// (at least a sixth), then dpor for the rest while inconclusive; else dpor.
    Auto,
}

/// Settings of an exploration.
#[derive(Clone, Debug)]
pub struct Options {
    pub engine: Engine,
    pub granularity: Granularity,
    /// Report data races (non-atomic conflicting accesses unordered by synchronisation).
    pub detect_races: bool,
    /// Keep exploring after an error to collect every distinct one...
    pub all_errors: bool,
    /// ...except after an error of one of these kinds (SV-COMP: the property's violation).
    pub stop_at: Vec<ravel_vm::ErrorKind>,
    /// Errors that only end their execution for the property checked (SV-COMP
    /// no-data-race: a failed assertion aborts the program): one without a concrete
    /// schedule does not make the verdict unknown.
    pub ends_only: Vec<ravel_vm::ErrorKind>,
    pub max_executions: Option<u64>,
    pub timeout: Option<Duration>,
    /// Instructions per execution.
    pub max_steps: u64,
    /// Scheduling steps per execution.
    pub max_depth: usize,
    /// Print a progress line on stderr.
    pub progress: bool,
    /// Relocking a normal mutex is pthread misuse (else the thread hangs, as natively).
    pub strict_pthread: bool,
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
    /// Collect the input values of every complete execution (`ravel check --tests`).
    pub collect_tests: bool,
    /// Unfold engine: stop at events that reach an already-seen state by a longer way.
    pub cutoffs: bool,
    /// Unfold engine: keep an interpreter snapshot every this many events along the
    /// current branch (memory) instead of re-executing from the start (time).
    pub standby_interval: usize,
    /// Unfold engine: alternatives must conflict with this many of the latest explored
    /// events (1: quasi-optimal and cheap; larger: fewer redundant branches).
    pub alt_k: usize,
    /// Unfold engine: pick the next event at random with this seed instead of the lowest
    /// thread first (the exploration stays complete).
    pub random_order: Option<u64>,
    /// Report deadlocks (SV-COMP properties do not count them; the states engine cannot
    /// decide them once it accelerated thread counts).
    pub deadlocks_are_errors: bool,
    /// States engine, abstract search: forget what the path constraint says between the
    /// inputs of different threads (`Machine::forget_cross_constraints`) and the values
    /// of globals that only count (`states::Explorer::widen_counters`), so that states
    /// built from ever new inputs or counts repeat; a proof stays a proof, a bug found
    /// then gives unknown.
    pub cartesian: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            engine: Engine::Dpor,
            granularity: Granularity::Sync,
            detect_races: true,
            all_errors: false,
            stop_at: Vec::new(),
            ends_only: Vec::new(),
            max_executions: None,
            timeout: None,
            max_steps: 50_000_000,
            max_depth: 20_000,
            progress: false,
            strict_pthread: true,
            symbolic: true,
            input_domain: 2,
            max_sym_branches: 10_000,
            solver_timeout: Duration::from_secs(10),
            spurious_wakeups: false,
            collect_tests: false,
            cutoffs: true,
            standby_interval: 16,
            alt_k: 1,
            random_order: None,
            deadlocks_are_errors: true,
            cartesian: false,
        }
    }
}

/// Counters of an exploration.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Stats {
    /// Complete executions (one per equivalence class).
    pub executions: u64,
    /// Executions cut by an assumption, `abort()` or a spin loop nobody can release.
    pub blocked: u64,
    /// Partial executions the sleep sets proved redundant (optimal DPOR has none).
    pub sleep_blocked: u64,
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
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// The vm settings executions of an exploration run with (replays add output and the
/// trace).
fn vm_config(opts: &Options) -> ravel_vm::Config {
    ravel_vm::Config {
        granularity: opts.granularity,
        echo_output: false,
        log_events: true,
        record_trace: false,
        max_steps: opts.max_steps,
        strict_pthread: opts.strict_pthread,
        spurious_wakeups: opts.spurious_wakeups,
        detect_races: opts.detect_races,
        ..Default::default()
    }
}

/// Starts one execution of an exploration: the machine at main's first visible operation,
/// with `forced` as the leading choices on the way there, and the chooser that made them.
fn start_execution(
    program: &Arc<Program>,
    opts: &Options,
    started: std::time::Instant,
    sym: Option<SharedSym>,
    forced: &[u64],
) -> (Machine, dpor::ScheduleChooser) {
    let mut chooser = dpor::ScheduleChooser {
        forced: forced.iter().copied().collect(),
        domain: opts.input_domain,
        ..Default::default()
    };
    let deadline = opts.timeout.map(|d| started + d);
    let mut config = vm_config(opts);
    // The states engine compares states up to thread permutation: handles nobody reads
    // must not tell threads apart.
    config.anonymous_handles = opts.engine == Engine::States && program.thread_handles_unread();
    // It also sees the loops that branches on inputs drive inside one thread.
    config.pause_at_symbolic_branches = opts.engine == Engine::States;
    let machine = Machine::with_inputs(program.clone(), config, deadline, &mut chooser, sym);
    (machine, chooser)
}

/// Why "safe" is out of reach when inputs were enumerated over too few values.
fn partial_inputs_note(opts: &Options) -> String {
    format!("nondeterministic inputs were only tried with the values 0..{} (--enumerate-inputs)", opts.input_domain)
}

/// Set when the user interrupts ravel (Ctrl-C): every engine stops at its next check of
/// the exploration's limits and answers unknown with what it explored so far.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Asks the running exploration to stop as soon as it can (safe to call from a signal
/// handler's thread).
pub fn interrupt() {
    INTERRUPTED.store(true, Ordering::Relaxed);
}

/// The exploration-wide limit reached after `explored` executions, if any.
fn exploration_limit(opts: &Options, started: std::time::Instant, explored: u64) -> Option<String> {
    if INTERRUPTED.load(Ordering::Relaxed) {
        return Some("interrupted".into());
    }
    if let Some(max) = opts.max_executions {
        if explored >= max {
            return Some(format!("the exploration reached {max} executions (--max-executions)"));
        }
    }
    if opts.timeout.is_some_and(|d| started.elapsed() > d) {
        return Some("the time limit was reached (--timeout)".into());
    }
    None
}

/// Prints the progress line (at most twice a second): executions (or states) and their
/// rate, the blocked and wasted ones, the time so far.
fn progress_line(stats: &Stats, started: std::time::Instant, last_ms: &mut u128) {
    let now = started.elapsed();
    if now.as_millis() < *last_ms + 500 {
        return;
    }
    *last_ms = now.as_millis();
    let (n, what) = if stats.states > 0 { (stats.states, "states") } else { (stats.executions, "executions") };
    let rate = n as f64 / now.as_secs_f64().max(1e-9);
    let mut line = format!("{n} {what} ({rate:.0}/s), {} blocked", stats.blocked);
    if stats.sleep_blocked > 0 {
        line += &format!(", {} sleep-set blocked", stats.sleep_blocked);
    }
    eprint!("\r\x1b[K{line}, {:.1}s", now.as_secs_f64());
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
    pub clang_flags: Vec<String>,
    pub interleave: String,
    /// Whether data races were errors in the exploration that found this execution.
    #[serde(default = "default_true")]
    pub detect_races: bool,
    #[serde(default = "default_true")]
    pub strict_pthread: bool,
    #[serde(default)]
    pub spurious_wakeups: bool,
    /// Inputs were symbolic (the choices then include the sides of symbolic branches).
    #[serde(default)]
    pub symbolic: bool,
    /// Values of the symbolic inputs that drive this execution (for people and tests;
    /// replay recomputes them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub inputs: Vec<InputValue>,
    pub init_choices: Vec<u64>,
    pub steps: Vec<WitnessStep>,
    /// Steps end before branches on symbolic inputs (the states engine's executions).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub branch_steps: bool,
}

/// An error with the execution that exhibits it.
#[derive(Clone, Debug)]
pub struct FoundError {
    pub error: ProgramError,
    pub witness: Witness,
    pub trace: Vec<TraceEntry>,
}

/// Adds `found` to `errors` unless an error of the same kind at the same place is there
/// already; returns whether the exploration stops here (the first error, or one of the
/// kinds it stops at).
fn record_error(errors: &mut Vec<FoundError>, opts: &Options, found: FoundError) -> bool {
    let (kind, loc) = (found.error.kind, found.error.loc);
    if !errors.iter().any(|f| f.error.kind == kind && f.error.loc == loc) {
        errors.push(found);
    }
    !opts.all_errors || opts.stop_at.contains(&kind)
}

/// The answer of an exploration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Safe,
    Unsafe,
    Unknown(String),
}

/// Result of [`check`].
pub struct Outcome {
    pub verdict: Verdict,
    pub errors: Vec<FoundError>,
    pub stats: Stats,
    /// Why the exploration did not cover everything, if it did not.
    pub incomplete: Option<String>,
    /// Distinct input vectors of the explored executions, in exploration order (with
    /// `collect_tests`).
    pub tests: Vec<Vec<InputValue>>,
    /// The expressions and solver caches of the exploration (symbolic inputs only), for
    /// cheap replays of its witnesses.
    pub sym: Option<SharedSym>,
}

/// Explores all schedules of `program`.
pub fn check(program: Arc<Program>, opts: &Options) -> Outcome {
    if opts.engine == Engine::Auto {
        return check_portfolio(program, opts);
    }
    let (errors, stats, incomplete, tests, sym) = if opts.engine == Engine::Unfold {
        let mut ex = unfold::Explorer::new(program, opts);
        ex.explore();
        (ex.errors, ex.stats, ex.incomplete, Vec::new(), ex.sym)
    } else if opts.engine == Engine::States {
        let mut ex = states::Explorer::new(program, opts);
        ex.explore();
        (ex.errors, ex.stats, ex.incomplete, Vec::new(), ex.sym)
    } else {
        let mut ex = dpor::Explorer::new(program, opts);
        ex.explore();
        (ex.errors, ex.stats, ex.incomplete, ex.tests.take(), ex.sym)
    };
    outcome(errors, stats, incomplete, tests, sym)
}

/// The verdict and report of an exploration's findings.
fn outcome(
    errors: Vec<FoundError>,
    mut stats: Stats,
    incomplete: Option<String>,
    tests: Vec<Vec<InputValue>>,
    sym: Option<SharedSym>,
) -> Outcome {
    if let Some(sym) = &sym {
        (stats.solver_queries, stats.solver_calls) = sym.borrow().counts();
    }
    let verdict = if !errors.is_empty() {
        Verdict::Unsafe
    } else if let Some(why) = incomplete.clone() {
        Verdict::Unknown(why)
    } else {
        Verdict::Safe
    };
    Outcome { verdict, errors, stats, incomplete, tests, sym }
}

/// [`Engine::Auto`]: the states engine decides programs with few distinct states (and
/// those that create threads without bound) quickly, and dpor the rest; in between, the
/// states engine with [`Options::cartesian`] may prove what the exact search could not.
fn check_portfolio(program: Arc<Program>, opts: &Options) -> Outcome {
    let dpor = Options { engine: Engine::Dpor, ..opts.clone() };
    // The states engine sees races only when every shared access is a scheduling point.
    let states_apply = !opts.detect_races || opts.granularity == ravel_vm::Granularity::All;
    let Some(total) = opts.timeout.filter(|_| !opts.collect_tests && states_apply) else {
        return check(program, &dpor);
    };
    // Scouting first: a bug it finds needs neither of the searches. The same explorer
    // searches last, its time limit counted from now.
    let mut ex = dpor::Explorer::new(program.clone(), &dpor);
    let finish = |ex: dpor::Explorer| outcome(ex.errors, ex.stats, ex.incomplete, Vec::new(), ex.sym);
    if ex.scout() {
        return finish(ex);
    }
    let states = Options { engine: Engine::States, timeout: Some(total / 3), ..opts.clone() };
    let started = std::time::Instant::now();
    let first = check(program.clone(), &states);
    if !matches!(first.verdict, Verdict::Unknown(_)) {
        return first;
    }
    // States built from ever new inputs may repeat once what ties different threads'
    // inputs together is forgotten; that search can only prove. It gets a sixth of the
    // time, or what is left of the states engine's half.
    if first.stats.solver_queries > 0 {
        let budget = (total / 2).saturating_sub(started.elapsed()).max(total / 6);
        let cartesian = Options { timeout: Some(budget), cartesian: true, ..states };
        let second = check(program, &cartesian);
        if second.verdict == Verdict::Safe {
            return second;
        }
    }
    ex.search();
    finish(ex)
}

/// Replays the choices of a witness, in order.
struct ReplayChooser(std::collections::VecDeque<u64>);

impl Chooser for ReplayChooser {
    fn nondet(&mut self, _bits: u32, _loc: ravel_ir::SrcLoc) -> u64 {
        self.0.pop_front().unwrap_or(0)
    }

    fn choose(&mut self, _n: usize) -> usize {
        self.0.pop_front().unwrap_or(0) as usize
    }
}

/// Why a witness does not fit the program.
#[derive(Debug, thiserror::Error)]
#[error("the witness does not match this program: {0}")]
pub struct ReplayError(pub String);

/// Re-executes a witness; returns the machine at the end (its `end` says what happened).
pub fn replay(
    program: Arc<Program>,
    witness: &Witness,
    opts: &Options,
    echo_output: bool,
) -> Result<Machine, ReplayError> {
    replay_with(program, witness, opts, echo_output, None)
}

/// [`replay`] reusing the expressions and solver caches of the exploration that found the
/// witness (its queries are then answered from the cache instead of by Z3 again).
pub fn replay_with(
    program: Arc<Program>,
    witness: &Witness,
    opts: &Options,
    echo_output: bool,
    engine: Option<SharedSym>,
) -> Result<Machine, ReplayError> {
    let config = ravel_vm::Config {
        echo_output,
        record_trace: true,
        pause_at_symbolic_branches: witness.branch_steps,
        ..vm_config(opts)
    };
    let mut chooser = ReplayChooser(witness.init_choices.iter().copied().collect());
    let sym = witness
        .symbolic
        .then(|| engine.unwrap_or_else(|| SymEngine::shared(opts.solver_timeout, opts.max_sym_branches)));
    let mut m = Machine::with_inputs(program, config, None, &mut chooser, sym);
    let mut races = race::RaceDetector::default();
    for (i, s) in witness.steps.iter().enumerate() {
        if m.is_done() {
            return Err(ReplayError(format!("the execution ended before step {i}")));
        }
        if !m.enabled().contains(&s.thread) {
            return Err(ReplayError(format!("thread {} cannot run at step {i}", s.thread)));
        }
        let mut chooser = ReplayChooser(s.choices.iter().copied().collect());
        m.step(s.thread, &mut chooser);
        let log = m.take_log();
        if opts.detect_races && m.end.is_none() {
            if let Some(r) = races.transition(s.thread, &log) {
                m.end = Some(ravel_vm::End::Error(race::race_error(&mut m, &r)));
            }
        }
    }
    if !m.is_done() && m.enabled().is_empty() {
        m.report_deadlock();
    }
    m.flush_stdout();
    Ok(m)
}
