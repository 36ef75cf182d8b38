//! What the engines have in common: the trait [`crate::check`] runs them through, and the
//! context every exploration keeps — program, options, limits, statistics, errors, the
//! reason the verdict cannot be safe, progress — so that limits, progress lines and error
//! records work the same in every engine.

use crate::exec::ScheduleChooser;
use crate::{Capability, FoundError, Options, Outcome, Stats, Unknown, Verdict};
use ravel_ir::{Program, SrcLoc};
use ravel_vm::{End, Granularity, Machine, ProgramError, SharedSym, SymEngine};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// An exploration algorithm. Adding one is a type implementing this, its module, and its
/// line in the registry (`ENGINES` in `lib.rs`): the name, the one-line description and
/// what it lacks come from here, so [`crate::EngineKind`] and the CLI's `--engine` list it
/// without further edits.
pub(crate) trait Engine<'a>: Sized {
    /// Its name, as `--engine` spells it and reports name it.
    const NAME: &'static str;

    /// What it does, in one line (`--engine`'s help lists it).
    const ABOUT: &'static str;

    /// What of the options' demands the engine cannot meet: options that need one of
    /// these are refused before it is built ([`crate::EngineLacks`]).
    const LACKS: &'static [Capability] = &[];

    /// Every shared access is a scheduling point whatever [`crate::Options::granularity`]
    /// says (the graph engine: each is an event of the graph).
    const EVERY_ACCESS: bool = false;

    /// The engine for `program` under `opts`, which it supports (see [`Engine::LACKS`]).
    fn new(program: Arc<Program>, opts: &'a Options) -> Self;

    /// Explores the program (up to the limits) and reports what it found.
    fn run(self) -> Outcome;
}

/// `engine` restricted to `opts.input_region`, if any (see [`crate::InputRegion`]).
fn restricted(engine: SharedSym, opts: &Options) -> SharedSym {
    if let Some(region) = &opts.input_region {
        engine.borrow_mut().restrict(|pool| (region.0)(pool));
    }
    engine
}

/// The vm settings executions of an exploration run with (replays add output and the
/// trace).
pub(crate) fn vm_config(opts: &Options) -> ravel_vm::Config {
    ravel_vm::Config {
        granularity: opts.granularity,
        echo_output: false,
        log_events: true,
        record_trace: false,
        max_steps: opts.max_steps,
        max_memory: opts.max_memory,
        strict_pthread: opts.strict_pthread,
        abort_ends_path: opts.abort_ends_path,
        spurious_wakeups: opts.spurious_wakeups,
        tty: opts.tty,
        detect_races: opts.detect_races,
        argv: opts.argv.clone(),
        memory_model: opts.memory_model,
        files: opts.files.clone(),
        record_accesses: opts.verified_sink.is_some() || opts.execution_sink.is_some() || opts.name_native_events,
        keep_path_constraint: opts.execution_sink.is_some(),
        peer: opts.peer.clone(),
        time: opts.time,
        cwd: opts.cwd.clone(),
        // Natively an exit kills the other threads at once: what names native events
        // must exit where the program does.
        defer_exit: opts.verified_sink.is_none() && opts.execution_sink.is_none() && !opts.name_native_events,
        ..Default::default()
    }
}

/// The stack of a thread that runs a search (a portfolio member, a `-j` helper): what
/// ravel's own worker thread has, since lowering and searching deep paths recurse.
pub(crate) const SEARCH_STACK: usize = 1 << 30;

/// What the end of an execution means for an exploration ([`Context::ended`]).
pub(crate) enum Ended {
    /// The program exited.
    Complete,
    /// `abort()` read as an assumption, or a failed assumption: the path is cut, no error.
    Blocked,
    Error(ProgramError),
    /// An operation ravel does not support: the exploration cannot conclude.
    Unsupported(Unknown),
    /// A per-execution limit (or the exploration's own, see [`Context::limit_reached`]).
    Limit(Unknown),
}

/// The state of one exploration that does not depend on the algorithm.
pub(crate) struct Context<'a> {
    program: Arc<Program>,
    pub opts: &'a Options,
    /// The vm settings executions start with (an engine may adjust them).
    pub vm: ravel_vm::Config,
    started: Instant,
    pub stats: Stats,
    pub errors: Vec<FoundError>,
    /// Why "safe" cannot be concluded (the first reason met), if something was not covered.
    pub incomplete: Option<Unknown>,
    /// Executions of earlier rounds (they count against `max_executions`).
    spent: u64,
    last_progress_ms: u128,
    /// Limit checks so far, to sample the memory use every so often (see
    /// [`Context::limit_at`]), and whether a sample exceeded the limit (then it stays so).
    memory_checks: std::cell::Cell<u32>,
    memory_exceeded: std::cell::Cell<bool>,
    /// Expressions and solver shared by all executions (symbolic inputs only).
    pub sym: Option<SharedSym>,
    /// Set when a parallel exploration no longer needs this one's work.
    cancel: Option<Arc<AtomicBool>>,
    /// Set when the search no longer needs a helper's current job.
    pub job_cancel: Option<Arc<AtomicBool>>,
    /// Executions a helper's current job may take: beyond them, the search will have
    /// reached its execution limit before it could use the job.
    pub job_budget: Option<u64>,
    /// With [`Options::further_errors`]: the executions (earlier rounds' included) at the
    /// first error.
    first_error_at: Option<u64>,
}

/// Why an execution's events may not capture every behaviour (what `note_step` notes).
pub fn step_notes(machine: &Machine) -> impl Iterator<Item = Unknown> + '_ {
    let imprecise = machine.imprecise().cloned().map(Unknown::Imprecise);
    imprecise.into_iter().chain(machine.abstracted().cloned().map(Unknown::Abstracted))
}

/// What the end of an execution of `program` means for the exploration (the same in
/// every engine).
pub fn ended(program: &Program, end: End) -> Ended {
    match end {
        End::Exit(_) => Ended::Complete,
        End::Abort(_) | End::AssumeFailed(_) => Ended::Blocked,
        End::Error(e) => Ended::Error(e),
        End::Unsupported { what, loc, .. } => Ended::Unsupported(unsupported(program, what, loc)),
        End::Limit(limit) => Ended::Limit(limit.into()),
    }
}

/// The reason an unsupported operation at `loc` of `program` stops the exploration.
fn unsupported(program: &Program, what: String, loc: SrcLoc) -> Unknown {
    let file = program.files.get(loc.file as usize).cloned().unwrap_or_default();
    Unknown::Unsupported { what, at: Some((file, loc.line)) }
}

impl<'a> Context<'a> {
    pub fn new(program: Arc<Program>, opts: &'a Options) -> Self {
        Context {
            program,
            opts,
            vm: vm_config(opts),
            started: Instant::now(),
            stats: Stats::default(),
            errors: Vec::new(),
            incomplete: None,
            spent: 0,
            last_progress_ms: 0,
            memory_checks: Default::default(),
            memory_exceeded: Default::default(),
            sym: opts.symbolic.then(|| restricted(SymEngine::shared(opts.solver_timeout, opts.max_sym_branches), opts)),
            cancel: None,
            job_cancel: None,
            job_budget: None,
            first_error_at: None,
        }
    }

    /// The context of a helper of a parallel exploration: it shares the exploration's start
    /// (so time limits end together) and stops when `cancel` is set.
    pub fn helper(program: Arc<Program>, opts: &'a Options, started: Instant, cancel: Arc<AtomicBool>) -> Self {
        Context { started, cancel: Some(cancel), ..Context::new(program, opts) }
    }

    /// The program explored.
    pub fn program(&self) -> Arc<Program> {
        self.program.clone()
    }

    /// When the exploration started.
    pub fn started(&self) -> Instant {
        self.started
    }

    /// When every error is wanted, a re-initialisation (`ravel_vm::Config::defer_reinit`)
    /// is reported without ending its execution, as glibc goes on after it; the engine
    /// takes such errors from the machine after each step.
    pub fn defer_reinit(&mut self) {
        self.vm.defer_reinit =
            self.opts.keeps_looking() && !self.opts.stop_at.contains(&ravel_vm::ErrorKind::PthreadMisuse);
    }

    /// Starts one execution: the machine at main's first visible operation, with `forced`
    /// as the leading choices on the way there, and the choices made.
    pub fn start(&mut self, forced: &[u64]) -> (Machine, Vec<(u64, u64)>) {
        let mut chooser = ScheduleChooser {
            forced: forced.iter().copied().collect(),
            domain: self.opts.input_domain,
            ..Default::default()
        };
        let deadline = self.opts.budget.deadline;
        let machine =
            Machine::with_inputs(self.program.clone(), self.vm.clone(), deadline, &mut chooser, self.sym.clone());
        self.note_step(chooser.partial, &machine);
        self.stats.work.count_step(crate::Work::before_start(), &machine, &chooser.made);
        (machine, chooser.made)
    }

    /// Notes why the verdict cannot be safe, unless a reason is known already.
    /// An abstracted value gives way to any other reason.
    pub fn note(&mut self, why: Unknown) {
        match &self.incomplete {
            Some(Unknown::Abstracted(_)) if !matches!(why, Unknown::Abstracted(_)) => self.incomplete = Some(why),
            _ => {
                self.incomplete.get_or_insert(why);
            }
        }
    }

    /// Notes what a step of `machine` left unexplored: input values not tried (`partial`),
    /// then the vm's own imprecision.
    pub fn note_step(&mut self, partial: bool, machine: &Machine) {
        if partial {
            self.note(Unknown::PartialInputs(self.opts.input_domain));
        }
        for why in step_notes(machine) {
            self.note(why);
        }
    }

    /// What the end of an execution means for the exploration (see [`ended`]).
    pub fn ended(&self, end: End) -> Ended {
        ended(&self.program, end)
    }

    /// The reason an unsupported operation at `loc` stops the exploration.
    pub fn unsupported(&self, what: String, loc: SrcLoc) -> Unknown {
        unsupported(&self.program, what, loc)
    }

    /// The exploration-wide limit reached, if any, counting the executions of this round
    /// and the earlier ones.
    pub fn limit_reached(&self) -> Option<Unknown> {
        self.limit_at(self.spent + self.stats.explored())
    }

    /// The limit the executions so far reach by their count alone (see
    /// [`Context::count_limit_at`]).
    pub fn count_limit_reached(&self) -> Option<Unknown> {
        self.count_limit_at(self.spent + self.stats.explored())
    }

    /// The limit that `more` executions beyond those so far would reach, if any.
    pub fn limit_reached_after(&self, more: u64) -> Option<Unknown> {
        self.limit_at(self.spent + self.stats.explored() + more)
    }

    /// Executions left before the execution limit (or a helper's job budget).
    pub fn executions_left(&self) -> Option<u64> {
        let explored = self.spent + self.stats.explored();
        [self.opts.budget.executions, self.job_budget, self.error_cap()]
            .into_iter()
            .flatten()
            .min()
            .map(|m| m.saturating_sub(explored))
    }

    /// The execution count at which the bounded search for further errors ends: as many
    /// executions again as the first error took, and at least the budget.
    fn error_cap(&self) -> Option<u64> {
        let first = self.first_error_at?;
        Some(first + first.max(self.opts.further_errors_budget()?))
    }

    /// Whether the exploration was interrupted (Ctrl-C), or this helper or its job cancelled.
    pub fn cancelled(&self) -> bool {
        let set = |c: &Option<Arc<AtomicBool>>| c.as_ref().is_some_and(|c| c.load(Ordering::Relaxed));
        crate::interrupt::interrupted() || set(&self.cancel) || set(&self.job_cancel)
    }

    /// The limit that `explored` executions (or states) reach by their count alone: the
    /// execution budget (or a helper's job budget), the bounded search for further errors.
    /// A parallel search applies these in the order one thread explores, the others
    /// (time, memory, interruption) where they strike.
    pub fn count_limit_at(&self, explored: u64) -> Option<Unknown> {
        let spent = |max: u64| explored >= max || self.job_budget.is_some_and(|b| explored >= b);
        if let Some(max) = self.opts.budget.executions.filter(|&max| spent(max)) {
            return Some(Unknown::Executions(max));
        }
        let (first, cap) = (self.first_error_at?, self.error_cap()?);
        (explored >= cap).then(|| Unknown::FurtherErrors(explored - first))
    }

    /// The exploration-wide limit reached after `explored` executions (or states), if any.
    pub fn limit_at(&self, explored: u64) -> Option<Unknown> {
        // A portfolio member waits here for its turn.
        if self.cancelled() || self.opts.turn.as_ref().is_some_and(|turn| !turn.wait()) {
            return Some(Unknown::Interrupted);
        }
        if let Some(why) = self.count_limit_at(explored) {
            return Some(why);
        }
        if self.opts.budget.out_of_time() {
            return Some(Unknown::Time);
        }
        // Reading the memory use costs a file read: sampled once every 1024 checks (a
        // check comes with every scheduling step, so that is still many times a second).
        let limit = self.opts.max_memory?;
        let checks = self.memory_checks.get().wrapping_add(1);
        self.memory_checks.set(checks);
        if checks % 1024 == 1 && ravel_vm::resident::exceeds(limit) {
            self.memory_exceeded.set(true);
        }
        self.memory_exceeded.get().then_some(Unknown::Memory(limit))
    }

    /// Forgets the counts and the reason of what was explored so far (a scouting or an
    /// earlier round), so that the search reports exactly its own.
    pub fn forget(&mut self) {
        self.stats = Stats::default();
        self.incomplete = None;
    }

    /// Starts a new round of the search: the executions so far still count against the
    /// limit, the rest is forgotten.
    pub fn new_round(&mut self) {
        self.spent += self.stats.explored();
        self.forget();
    }

    /// Adds `found` to the errors unless an error of the same kind at the same place is
    /// there already; returns whether the exploration stops here (the first error, or one
    /// of the kinds it stops at).
    pub fn record_error(&mut self, mut found: FoundError) -> bool {
        let kind = found.error.kind;
        // The witness replays under the settings this exploration really used.
        let w = &mut found.witness;
        w.interleave = if self.vm.granularity == Granularity::All { "all" } else { "sync" }.into();
        w.memory_model = self.opts.memory_model.name().into();
        w.detect_races = self.opts.detect_races;
        w.strict_pthread = self.opts.strict_pthread;
        w.abort_ends_path = self.opts.abort_ends_path;
        w.spurious_wakeups = self.opts.spurious_wakeups;
        w.tty = self.opts.tty;
        w.time = self.opts.time.name().into();
        w.defer_reinit = self.vm.defer_reinit;
        w.exit_at_once = !self.vm.defer_exit;
        w.decided_reads = self.vm.record_values;
        w.set_environment(&self.opts.argv, &self.opts.cwd, &self.opts.files, self.opts.peer.as_deref());
        // Helpers get the search's cap through their job budgets.
        if self.errors.is_empty() && self.cancel.is_none() {
            self.first_error_at = Some(self.spent + self.stats.explored());
        }
        if !self.is_known(&found.error) {
            self.errors.push(found);
        }
        !self.opts.keeps_looking() || self.opts.stop_at.contains(&kind)
    }

    /// Whether an error of the same kind at the same places was recorded already.
    pub fn is_known(&self, error: &ravel_vm::ProgramError) -> bool {
        let places = error.places();
        self.errors.iter().any(|f| f.error.kind == error.kind && f.error.places() == places)
    }

    /// Prints the progress line when asked to (at most twice a second): executions (or
    /// states) and their rate, the blocked and wasted ones, the time so far.
    pub fn progress(&mut self) {
        // A helper's statistics are only a part: the search prints the whole.
        if !self.opts.progress || self.cancel.is_some() {
            return;
        }
        let now = self.started.elapsed();
        if now.as_millis() < self.last_progress_ms + 500 {
            return;
        }
        self.last_progress_ms = now.as_millis();
        let stats = &self.stats;
        // Every explored execution counts, blocked ones included (and those of earlier
        // rounds), so the rate never reads 0/s while work is being done.
        let explored = self.spent + stats.explored();
        let (n, what) = if stats.states > 0 { (stats.states, "states") } else { (explored, "executions") };
        let rate = n as f64 / now.as_secs_f64().max(1e-9);
        let mut line = format!("{n} {what} ({rate:.0}/s): {} complete, {} blocked", stats.executions, stats.blocked);
        if stats.sleep_blocked > 0 {
            line += &format!(", {} sleep-set blocked", stats.sleep_blocked);
        }
        // Under MPI: the other ranks' work as they answered it (committed in order later).
        if let Some(cluster) = &self.opts.cluster {
            let answered: u64 = cluster.rank_stats().iter().map(|r| r.executions).sum();
            line += &format!(", {} ranks ({answered} executions answered by the others)", cluster.size());
        }
        eprint!("\r\x1b[K{line}, {:.1}s", now.as_secs_f64());
    }

    /// The verdict and report of what was found, with the input vectors collected.
    pub fn into_outcome(self, tests: Vec<Vec<crate::InputValue>>) -> Outcome {
        let mut stats = self.stats;
        if let Some(sym) = &self.sym {
            (stats.solver_queries, stats.solver_calls) = sym.borrow().counts();
        }
        let verdict = if !self.errors.is_empty() {
            Verdict::Unsafe
        } else if let Some(why) = self.incomplete.clone() {
            Verdict::Unknown(why)
        } else {
            Verdict::Safe
        };
        Outcome {
            verdict,
            errors: self.errors,
            stats,
            incomplete: self.incomplete,
            tests,
            sym: self.sym,
            notes: Vec::new(),
        }
    }
}
