//! Stateless exploration of all thread schedules with optimal dynamic partial-order
//! reduction (Optimal-DPOR with wakeup trees: Abdulla, Aronis, Jonsson, Sagonas, JACM 2017).
//!
//! The explorer drives the vm step by step (a *transition* = one visible operation plus
//! the thread's local code after it). Two transitions of different threads are dependent
//! when their footprints conflict. While an execution runs, each transition notes the
//! earlier transitions it is in a reversible race with (dependent, not ordered by anything
//! else, and it could have run before them); when the execution ends, each race of the
//! transitions it added is reversed by inserting, at the node before the first transition,
//! the sequence that runs what does not depend on it and then the second one, into that
//! node's wakeup tree — unless a sleeping thread or an existing branch covers it. Every
//! Mazurkiewicz class of executions is then completed exactly once and no execution ends
//! blocked by its sleep set. Backtracking restores the nearest snapshot of the execution
//! on the path and re-executes the recorded schedule from there.

mod agents;
mod bounded;
mod branch_sizes;
mod history;
mod joins;
mod parallel;
mod remote;

pub use remote::{serve, stop_helpers};
mod spin;
mod start;
mod wakeup;

use crate::clock::VClock;
use crate::engine::Ended;
use crate::exec::{check_step, input_values, next_choices, Races, ScheduleChooser, THREAD_CAPS};
use crate::footprint::{byte_mask, WHOLE};
use crate::race::RaceDetector;
use crate::verified::{LastExecution, ScheduleStep, Tracker};
use crate::{ExecutionEnd, FoundError, Options, OrderRule, Outcome, Unknown, Witness, WitnessStep};
use agents::{Agent, Agents};
use branch_sizes::BranchSizes;
use history::{History, Link};
use ravel_ir::Program;
use ravel_vm::native_record::Recorded;
use ravel_vm::{AccessKind, End, Limit, Loc, LogEntry, Machine, PendingKind, ProgramError};
use smallvec::SmallVec;
use spin::SpinMarks;
use std::rc::Rc;
use std::sync::Arc;
use wakeup::{Inserted, Step, WakeupTree};

/// Executions a round with a thread cap below the last one may take once an execution
/// reached the cap: those rounds only look for shallow bugs first, and the last round
/// explores everything anyway.
const ROUND_BUDGET: u64 = 2000;

/// Executions the scouting before the systematic search may take.
const SCOUT_RUNS: usize = 32;

/// How the first execution from each point of the search picks among the enabled threads.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Policy {
    /// The lowest thread id.
    Systematic,
    /// Scouting for `--enforce-out` only, before the others: the lowest thread id, as the
    /// systematic search's first execution, but verified at once. Each thread runs until it
    /// blocks, in creation order, so the first admissible prefix is the one that makes a
    /// native run hand control between threads least (fewest waits under enforcement).
    OldestFirst,
    /// Scouting before the systematic search: main first, then the newest thread, and a
    /// step that ends the program last. Bugs that need every thread to run before one old
    /// thread looks (or before main exits) show in the very first execution this way,
    /// while the depth-first search reaches them only after the orders near its start.
    NewestFirst,
    /// Scouting: main first while it creates threads, then the others in turn (the next
    /// id after the thread that ran last), main and a step that ends the program last.
    /// Interleaving as finely as possible reaches the extreme values of shared counters
    /// that a search starting from whole threads in a row reaches last, and a thread that
    /// loops forever does not starve the others.
    TakeTurns,
}

/// The transition taken from a node on the current path.
struct Taken {
    thread: usize,
    choices: Vec<(u64, u64)>,
    /// The first choice variant's transition.
    first: Rc<TransInfo>,
    /// Union over the choice variants explored so far, once there are several (boxed:
    /// nodes move often, and few transitions have choice variants).
    absorbed: Option<Box<Step>>,
    /// Choice prefixes of this thread's step still to explore from this node (a stack).
    variants: Vec<Vec<u64>>,
}

impl Taken {
    fn new(thread: usize, choices: Vec<(u64, u64)>, first: Rc<TransInfo>, variants: Vec<Vec<u64>>) -> Self {
        Taken { thread, choices, first, absorbed: None, variants }
    }

    /// Union over the choice variants explored so far (for the sleep set): built only when
    /// asked, since most nodes are left behind without it.
    fn union(&self) -> Step {
        self.absorbed.as_deref().unwrap_or(&self.first.step).clone()
    }

    fn into_union(self) -> Step {
        self.absorbed.map_or_else(|| self.first.step.clone(), |s| *s)
    }

    fn absorb(&mut self, step: &Step) {
        self.absorbed.get_or_insert_with(|| Box::new(self.first.step.clone())).absorb(step);
    }

    /// Whether the variant being explored is thread `thread`'s with these forced choices.
    fn runs(&self, thread: usize, choices: &[u64]) -> bool {
        let made: SmallVec<[u64; 4]> = self.choices.iter().map(|(v, _)| *v).collect();
        self.thread == thread && wakeup::same_choices(&made, choices)
    }
}

/// Where the search goes on: a step from the node at `depth`, then the sequences of
/// `wakeup`.
struct Backtrack {
    depth: usize,
    thread: usize,
    /// Choices the step is executed with.
    forced: Vec<u64>,
    /// How many of them are another variant of the step taken there before, whose
    /// alternatives are on that node's stack already (0 for a new branch).
    fixed: usize,
    wakeup: WakeupTree,
}

/// A state on the current path.
#[derive(Default)]
struct Node {
    /// Threads the machine could run here, spinning or not.
    runnable: Vec<usize>,
    /// Sequences still to explore from here.
    wakeup: WakeupTree,
    /// Threads whose next step from here is covered by executions explored already.
    sleep: Vec<Rc<Step>>,
    taken: Option<Taken>,
    /// The execution as it stood at this node.
    snapshot: Option<Box<Run>>,
    /// Helpers exploring the leftmost waiting branches, in their order (`-j`).
    speculations: Vec<parallel::Speculation>,
    /// Preemptions on the path before this node (`--preemption-bound`).
    preemptions: u32,
}

/// Nodes between two snapshots of the execution on the current path around depth
/// `depth`: 8 near the start, then sparser so that a long path holds a few hundred
/// snapshots at most (each costs memory in proportion to the depth).
fn snapshot_interval(depth: usize) -> usize {
    (depth.next_power_of_two() / 32).max(8)
}

/// Every variant of a choice vector that differs from `made` at some position from `from`
/// on (keeping what comes before), deepest position and lowest value last, for a stack.
fn choice_siblings(made: &[(u64, u64)], from: usize) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for pos in from..made.len() {
        let prefix: Vec<u64> = made[..pos].iter().map(|(v, _)| *v).collect();
        for x in (0..made[pos].1).rev().filter(|&x| x != made[pos].0) {
            let mut p = prefix.clone();
            p.push(x);
            out.push(p);
        }
    }
    out
}

/// Per-transition happens-before data (recomputed when a replay re-executes a step).
#[derive(Clone)]
struct TransInfo {
    step: Step,
    /// Where the chains of the accesses of `step`'s footprint continue (see `history`).
    links: smallvec::SmallVec<[Link; 2]>,
    vc: VClock,
    /// Earlier transitions this one is in a reversible race with.
    races: Vec<usize>,
    /// The number of entries in `Machine::recorded` after it (`--enforce-out`).
    recorded: usize,
}

/// Where one execution of the current path stands (cloned as a snapshot every
/// [`snapshot_interval`] nodes, so that backtracking re-executes only the steps since).
struct Run {
    machine: Machine,
    /// Shared with the snapshots (a transition's data never changes once recorded).
    infos: Vec<Rc<TransInfo>>,
    /// The accesses of each location so far.
    history: History,
    /// Index of each thread's latest transition (for program order), and spawn points.
    last_of_thread: Vec<Option<usize>>,
    spawned_at: Vec<Option<usize>>,
    races: RaceDetector,
    counts: Vec<u32>,
    /// The threads' states before their steps since the last write: a thread back at one
    /// of its own is spinning.
    spin_marks: SpinMarks,
    /// The races of the latest transition, which do not end the execution (with
    /// `all_errors`), to record once the transition is on the path.
    races_found: Vec<ProgramError>,
    /// The hash of the transitions so far (threads and choices), which tells the path
    /// that explores an epoch-start state's continuation from the others (`joins.rs`).
    path_hash: u64,
    /// With `join_at_epochs`: (epoch, state) of each epoch-start state passed, epochs
    /// counted as `ravel_epoch()` calls made alone.
    epoch_states: Vec<(u32, u32)>,
    /// The last state passed is explored by another path: the execution stops.
    joined: bool,
    /// With `prefix_events`: the synchronisation operations since the last `ravel_epoch()`
    /// call made alone, and the length of the machine's record once they were that many.
    epoch_sync: u32,
    prefix_end: Option<usize>,
    /// The first data race of the execution, which (with `all_errors`) did not end it: an
    /// execution sink is told the execution failed with it.
    raced: Option<ProgramError>,
}

ravel_vm::clone_reusing!(Run {
    machine,
    infos,
    history,
    last_of_thread,
    spawned_at,
    races,
    counts,
    spin_marks,
    races_found,
    path_hash,
    epoch_states,
    joined,
    epoch_sync,
    prefix_end,
    raced
});

/// A copy of `run`, made in one of the `spare` runs when there is one (no allocation then).
/// The runs are boxed: they move in and out of the nodes' boxed snapshots whole.
#[allow(clippy::vec_box)]
#[inline]
fn copy_into_spare(spare: &mut Vec<Box<Run>>, run: &Run) -> Box<Run> {
    match spare.pop() {
        Some(mut copy) => {
            (*copy).clone_from(run);
            copy
        }
        None => Box::new(run.clone()),
    }
}

/// Dropped runs kept for their allocations, at most this many (a run is copied into a
/// recycled one with `clone_from`, which reuses every buffer).
const SPARE_RUNS: usize = 32;

/// What ended one execution.
enum Ending {
    Complete,
    Blocked,
    SleepBlocked,
    /// The wakeup sequences that led here could not be followed.
    Infeasible,
    /// Cut short by a per-execution limit.
    Truncated(Unknown),
    /// Stopped at an epoch-start state another path explores (`joins.rs`).
    Joined,
    /// Stopped once the epoch had more than `prefix_events` synchronisation operations;
    /// the prefix ends at this length of the machine's record.
    Cut(usize),
    Error(ProgramError),
    Stop(Unknown),
}

pub(crate) struct Explorer<'a> {
    cx: crate::engine::Context<'a>,
    path: Vec<Node>,
    init_choices: Vec<(u64, u64)>,
    /// Distinct input vectors seen (with `collect_tests`).
    tests: crate::tests::TestSet,
    /// Threads an execution may create in this round, and whether one reached that.
    thread_cap: usize,
    capped: bool,
    policy: Policy,
    agents: Agents,
    /// The log of the previous transition, kept for its allocation.
    log_buffer: Vec<LogEntry>,
    /// The admissible prefixes so far, when asked for (`Options::verified_sink`).
    verified: Option<Tracker>,
    /// The helper threads of `-j` (owned by the search).
    workers: Option<parallel::Pool>,
    /// Whether this round's search may give jobs to helpers at all.
    helpers_usable: bool,
    /// Access to the helpers, which explore waiting branches ahead of this explorer.
    pool: Option<parallel::Handle>,
    /// Runs the jobs this thread takes while it waits for a helper (made on first use).
    spare: Option<Box<Explorer<'a>>>,
    /// Set in a helper: the branch it explores.
    job: Option<parallel::JobState>,
    /// A helper's result stopped the search.
    halted: bool,
    /// With a job log (`Options::job_log`): where this explorer's time goes.
    clock: Option<crate::job_log::WorkClock>,
    /// Dropped snapshots and runs, recycled by [`Explorer::copy_run`]. Boxed because they
    /// move in and out of the nodes' boxed snapshots whole.
    #[allow(clippy::vec_box)]
    spare_runs: Vec<Box<Run>>,
    /// The epoch-start states met, with `join_at_epochs`.
    joins: Option<joins::Joins>,
    /// What the branches of each depth took (for `-j` with an execution limit).
    branch_sizes: BranchSizes,
    /// The prefix every execution starts with, when only its continuations are explored.
    start: Option<start::Start>,
}

impl<'a> crate::engine::Engine<'a> for Explorer<'a> {
    const NAME: &'static str = "dpor";
    const ABOUT: &'static str = "Dynamic partial-order reduction";
    /// It runs the program as it executes: reads read the latest write (or its buffer's).
    const LACKS: &'static [crate::Capability] = &[crate::Capability::AxiomaticModel];

    fn new(program: Arc<Program>, opts: &'a Options) -> Self {
        Explorer::new(program, opts)
    }

    fn run(self) -> Outcome {
        let opts = self.cx.opts;
        if opts.dpor.preemption_bound.is_some() && !opts.dpor.naive {
            return bounded::check(self.cx.program(), opts);
        }
        self.explore_all()
    }
}

impl<'a> Explorer<'a> {
    /// The whole search under these options, a preemption bound read as dpor's own.
    fn explore_all(mut self) -> Outcome {
        self.explore();
        self.into_outcome()
    }

    pub fn new(program: Arc<Program>, opts: &'a Options) -> Self {
        let mut cx = crate::engine::Context::new(program, opts);
        cx.defer_reinit();
        // Natively a signal wakes the longest waiter (`ravel enforce`'s runtime): one order
        // per path follows that; every order includes the other wake-ups POSIX allows.
        cx.vm.signal_longest_waiter = opts.dpor.one_order_per_path.is_some();
        Explorer {
            cx,
            path: Vec::new(),
            init_choices: Vec::new(),
            tests: Default::default(),
            thread_cap: THREAD_CAPS[0],
            capped: false,
            policy: Policy::Systematic,
            agents: Agents::new(opts.memory_model),
            log_buffer: Vec::new(),
            // Subtrees are admissible only when races count as errors: a racy extension
            // would not run natively as the interpreter ran it once no longer ordered.
            verified: opts.verified_sink.clone().map(|sink| {
                let prefixes = opts.detect_races && opts.stop_at.is_empty() && opts.ends_only.is_empty();
                Tracker::new(sink, prefixes)
            }),
            workers: None,
            helpers_usable: false,
            pool: None,
            spare: None,
            job: None,
            halted: false,
            clock: None,
            spare_runs: Vec::new(),
            branch_sizes: BranchSizes::default(),
            joins: (opts.dpor.join_at_epochs && opts.dpor.one_order_per_path.is_none()).then(joins::Joins::default),
            start: None,
        }
    }

    /// Explores only the continuations of `prefix` (see `start.rs`).
    pub fn start_with(&mut self, prefix: &Witness) {
        self.start = Some(start::Start::new(prefix));
    }

    fn new_run(&mut self, init: &[u64]) -> (Run, Vec<(u64, u64)>) {
        let (machine, made) = self.cx.start(init);
        let run = Run {
            machine,
            infos: Vec::new(),
            history: History::default(),
            last_of_thread: vec![None],
            spawned_at: vec![None],
            races: RaceDetector::default(),
            counts: vec![0],
            spin_marks: SpinMarks::default(),
            races_found: Vec::new(),
            path_hash: 0,
            epoch_states: Vec::new(),
            joined: false,
            epoch_sync: 0,
            prefix_end: None,
            raced: None,
        };
        (run, made)
    }

    /// Explores everything; stops at the first error unless `all_errors`.
    pub fn explore(&mut self) {
        self.clock = self.cx.opts.job_log.clone().map(crate::job_log::WorkClock::start);
        // Scouting runs start from the beginning: with a given start, only the search.
        if self.start.is_some() || !self.scout() {
            self.search();
        }
        if let Some(clock) = self.clock.take() {
            let counts = (self.cx.stats.explored(), self.cx.stats.transitions);
            clock.log.search_ended(clock.started(), clock.stop(), counts);
        }
    }

    /// What the exploration found so far, with the input vectors collected.
    pub(crate) fn into_outcome(mut self) -> Outcome {
        if let Some(v) = &mut self.verified {
            v.checkpoint(true);
        }
        let tests = self.tests.take();
        self.cx.into_outcome(tests)
    }

    /// The systematic search, in rounds of growing thread caps.
    pub(crate) fn search(&mut self) {
        // Rounds under a low thread cap truncate executions, which verify nothing: the
        // admissible prefixes (and the executions a sink hears of) come from the complete
        // search alone.
        let whole = self.verified.is_some() || self.cx.opts.execution_sink.is_some();
        let caps = if whole { &THREAD_CAPS[THREAD_CAPS.len() - 1..] } else { &THREAD_CAPS[..] };
        for &cap in caps {
            self.thread_cap = cap;
            self.capped = false;
            self.branch_sizes = BranchSizes::default();
            self.start_helpers();
            self.cx.new_round();
            self.tests = Default::default();
            self.explore_round();
            let last = cap == THREAD_CAPS[THREAD_CAPS.len() - 1];
            if let Some(limit) = self.cx.limit_reached().filter(|_| self.capped && !last) {
                self.cx.incomplete = Some(Unknown::InRound { limit: Box::new(limit), cap });
            }
            // With --all-errors a bug found under a low cap does not end the search: the
            // next rounds run the threads the cap cut off, where other bugs may be.
            let found = !self.cx.errors.is_empty() && !self.cx.opts.keeps_looking();
            if last || found || !self.capped || self.cx.limit_reached().is_some() {
                return;
            }
        }
    }

    /// Runs a few executions under each scouting policy, one per variant of the inputs'
    /// choices (the deepest choice first), up to [`SCOUT_RUNS`] each; true when the exploration
    /// must stop (an error was found, or a limit reached). Otherwise the scouting's counts
    /// are forgotten, so the systematic search reports exactly its own.
    pub(crate) fn scout(&mut self) -> bool {
        self.thread_cap = THREAD_CAPS[THREAD_CAPS.len() - 1];
        let mut stop = false;
        let enforcing = self.verified.is_some().then_some(Policy::OldestFirst);
        for policy in enforcing.into_iter().chain([Policy::NewestFirst, Policy::TakeTurns]) {
            self.policy = policy;
            stop = self.scout_runs();
            if stop {
                break;
            }
        }
        self.policy = Policy::Systematic;
        if stop && (!self.cx.errors.is_empty() || self.cx.limit_reached().is_some()) {
            return true;
        }
        self.cx.forget();
        self.tests = Default::default();
        false
    }

    fn scout_runs(&mut self) -> bool {
        let mut init: Vec<u64> = Vec::new();
        let mut runs = 0;
        loop {
            let (mut run, made) = self.new_run(&init);
            self.init_choices = made;
            self.path = vec![Node::default()];
            let mut stop = self.forward(&mut run);
            runs += 1;
            while !stop && runs < SCOUT_RUNS {
                let Some((depth, thread, forced)) = self.choice_variant() else { break };
                let Ok(mut run) = self.replay(depth) else { return false };
                self.step(&mut run, depth, thread, (&forced, forced.len()), false, WakeupTree::default());
                stop = self.forward(&mut run);
                runs += 1;
            }
            if stop || runs >= SCOUT_RUNS {
                return stop;
            }
            match next_choices(&self.init_choices) {
                Some(next) => init = next,
                None => return false,
            }
        }
    }

    /// The deepest transition on the path with another variant of its choices, trimming
    /// the path to it.
    fn choice_variant(&mut self) -> Option<(usize, usize, Vec<u64>)> {
        while let Some(node) = self.path.last() {
            if let Some(taken) = &node.taken {
                if let Some(next) = next_choices(&taken.choices) {
                    return Some((self.path.len() - 1, taken.thread, next));
                }
            }
            self.path.pop();
        }
        None
    }

    /// One complete exploration with the current thread cap.
    fn explore_round(&mut self) {
        let mut init: Vec<u64> = self.start.as_ref().map_or_else(Vec::new, |s| s.init.clone());
        loop {
            // Executions that end before their first scheduling point (every input
            // enumerated in main alone) never reach `forward`'s check.
            if let Some(why) = self.cx.limit_reached() {
                self.cx.note(why);
                return;
            }
            let (mut run, made) = self.new_run(&init);
            self.init_choices = made.clone();
            self.path = vec![Node { snapshot: Some(Box::new(run.clone())), ..Default::default() }];
            if !self.run_start(&mut run) || self.forward(&mut run) || self.backtrack_all() {
                return;
            }
            // A given start fixes the initial choices too.
            match next_choices(&self.init_choices).filter(|_| self.start.is_none()) {
                Some(next) => init = next,
                None => return,
            }
        }
    }

    /// Explores from every backtrack point left on the path, deepest first; returns true
    /// when the round must end (the search stops, or the round's budget is spent).
    fn backtrack_all(&mut self) -> bool {
        loop {
            let last_round = self.thread_cap == THREAD_CAPS[THREAD_CAPS.len() - 1];
            if !last_round && self.capped && self.cx.stats.executions + self.cx.stats.blocked >= ROUND_BUDGET {
                return true;
            }
            let Some(Backtrack { depth, thread, forced, fixed, wakeup }) = self.backtrack_point() else {
                return self.halted;
            };
            let mut run = match self.replay(depth) {
                Ok(run) => run,
                Err(why) => {
                    self.cx.note(why);
                    return true;
                }
            };
            if !self.enabled_below_cap(&mut run.machine).contains(&thread)
                || self.is_spinning(&run, thread)
                || self.beyond_bound(&run, depth, thread)
            {
                self.cx.stats.infeasible_wakeups += 1;
                continue;
            }
            self.step(&mut run, depth, thread, (&forced, fixed), true, wakeup);
            self.grow_helpers();
            self.speculate();
            let stop = self.forward(&mut run);
            self.recycle(run);
            if stop {
                return true;
            }
        }
    }

    /// A copy of the snapshot at node `at`, in a recycled run when one is spare.
    fn copy_run(&mut self, at: usize) -> Box<Run> {
        copy_into_spare(&mut self.spare_runs, self.path[at].snapshot.as_deref().expect("a snapshot"))
    }

    /// Keeps a dropped run for its allocations.
    fn recycle(&mut self, run: Box<Run>) {
        if self.spare_runs.len() < SPARE_RUNS {
            self.spare_runs.push(run);
        }
    }

    /// Drops the nodes of the path from `len` on, recycling their snapshots.
    fn truncate_path(&mut self, len: usize) {
        while self.path.len() > len {
            if let Some(run) = self.path.pop().and_then(|n| n.snapshot) {
                self.recycle(run);
            }
        }
    }

    /// Starts the helpers of `-j` for a new round (those of the last one are dropped).
    fn start_helpers(&mut self) {
        let o = self.cx.opts;
        // Admissible prefixes, collected tests and the executions handed to a sink follow
        // the search's order.
        let ordered = self.verified.is_some() || o.collect_tests || o.execution_sink.is_some();
        let usable = !o.dpor.naive && !ordered && self.job.is_none();
        self.pool = None;
        self.workers = None;
        self.helpers_usable = usable;
        let jobs = self.jobs();
        if (jobs > 1 || o.cluster.is_some()) && usable {
            let workers = parallel::Pool::new(self.cx.program(), o, self.cx.started(), jobs.max(1) - 1);
            self.pool = Some(workers.handle());
            self.workers = Some(workers);
        }
    }

    /// Threads the search may use: its `-j`, or more once the portfolio allows them.
    fn jobs(&self) -> usize {
        let o = self.cx.opts;
        o.dpor.jobs.max(o.turn.as_ref().map_or(0, |t| t.threads()))
    }

    /// Starts the helpers the portfolio allows since the round began (a member beside the
    /// search left its core); they take the jobs given out from now on.
    fn grow_helpers(&mut self) {
        let jobs = self.jobs();
        if !self.helpers_usable || jobs <= 1 || self.workers.as_ref().is_some_and(|w| w.helpers() >= jobs - 1) {
            return;
        }
        match &mut self.workers {
            Some(workers) => workers.grow_to(jobs - 1),
            None => {
                let workers = parallel::Pool::new(self.cx.program(), self.cx.opts, self.cx.started(), jobs - 1);
                self.pool = Some(workers.handle());
                self.workers = Some(workers);
            }
        }
    }

    /// Re-executes the path up to (not including) the transition at `depth`.
    /// `Err` when the execution does not follow the recorded path (which would be a bug:
    /// executions are deterministic given their schedule and choices).
    fn replay(&mut self, depth: usize) -> Result<Box<Run>, Unknown> {
        let from = (0..=depth).rev().find(|&i| self.path[i].snapshot.is_some());
        let (mut run, from) = match from {
            Some(i) => (self.copy_run(i), i),
            None => {
                let init: Vec<u64> = self.init_choices.iter().map(|(v, _)| *v).collect();
                (Box::new(self.new_run(&init).0), 0)
            }
        };
        for i in from..depth {
            if i % 256 == 255 {
                if let Some(why) = self.cx.limit_reached() {
                    return Err(why);
                }
            }
            let taken = self.path[i].taken.as_ref().expect("path nodes have transitions");
            let (t, forced) = (taken.thread, taken.choices.iter().map(|(v, _)| *v).collect::<Vec<u64>>());
            let m = &run.machine;
            if let Some(End::Limit(why)) = m.end() {
                return Err((*why).into());
            }
            if m.end().is_some() || !self.agents.can_run(m, t) {
                return Err(Unknown::Internal(format!("re-execution diverged at step {i} (thread {t} cannot run)")));
            }
            let (_, made) = self.execute(&mut run, t, &forced, false);
            if let Some(End::Limit(why)) = run.machine.end() {
                return Err((*why).into());
            }
            if self.path[i].taken.as_ref().is_none_or(|k| made != k.choices) {
                return Err(Unknown::Internal(format!("re-execution diverged at step {i} (different choices)")));
            }
        }
        Ok(run)
    }

    /// Finds the deepest node with something left to explore — another variant of the
    /// choices of the step taken there, or a wakeup sequence — trimming the path to it. A
    /// step whose variants are all explored goes to its node's sleep set.
    fn backtrack_point(&mut self) -> Option<Backtrack> {
        if !self.receive_grafts() {
            return None;
        }
        let found = self.next_backtrack_point();
        // The nodes left behind are done: the shallowest of them is an admissible prefix.
        if let Some(v) = self.verified.as_mut().filter(|_| self.policy == Policy::Systematic) {
            let kept = found.as_ref().map_or(0, |b| b.depth + 1);
            if v.last.as_ref().is_some_and(|l| l.schedule.len() >= kept) {
                v.subtree_done(kept);
            }
        }
        found
    }

    fn next_backtrack_point(&mut self) -> Option<Backtrack> {
        let naive = self.cx.opts.dpor.naive;
        while let Some(depth) = self.path.len().checked_sub(1) {
            let node = &mut self.path[depth];
            if let Some(taken) = &mut node.taken {
                if let Some(prefix) = taken.variants.pop() {
                    // Sequences given to this variant of the step go with it.
                    let (thread, fixed) = (taken.thread, prefix.len());
                    let Some((step, wakeup)) = node.wakeup.take_variant(thread, &prefix) else {
                        return Some(Backtrack { depth, thread, forced: prefix, fixed, wakeup: WakeupTree::default() });
                    };
                    let mut forced = prefix;
                    forced.extend(step.choices.iter().skip(fixed));
                    return Some(Backtrack { depth, thread, forced, fixed, wakeup });
                }
            }
            // A helper's branch is done once the search is back at its node.
            if let Some(job) = self.job.as_mut().filter(|j| j.floor == depth && node.wakeup.is_empty()) {
                job.union = node.taken.take().map(Taken::into_union);
                job.finished = true;
                return None;
            }
            // A node with nothing left to explore is dropped below: no sleep set needed.
            let pending = !node.speculations.is_empty() || !node.wakeup.is_empty();
            if node.taken.is_some() {
                self.branch_sizes.ended(depth, self.cx.stats.explored());
            }
            let node = &mut self.path[depth];
            if let Some(taken) = node.taken.take().filter(|_| !naive && pending) {
                node.sleep.push(Rc::new(taken.into_union()));
            }
            if self.settle(depth) {
                if self.halted {
                    return None;
                }
                continue;
            }
            let node = &mut self.path[depth];
            if let Some((step, wakeup)) = node.wakeup.pop_first() {
                return Some(Backtrack { depth, thread: step.thread, forced: step.choices, fixed: 0, wakeup });
            }
            self.truncate_path(depth);
        }
        None
    }

    /// Runs the current execution to its end from the last node of the path: along the
    /// wakeup sequences it was given, then with the first thread the policy picks that is
    /// not asleep. Returns true when the whole exploration must stop.
    fn forward(&mut self, run: &mut Run) -> bool {
        let ending = loop {
            if let Some(end) = run.machine.end() {
                break match self.cx.ended(end.clone()) {
                    Ended::Complete => Ending::Complete,
                    Ended::Blocked => Ending::Blocked,
                    Ended::Error(e) => Ending::Error(e),
                    Ended::Unsupported(why) => Ending::Stop(why),
                    // The time limit ends everything; an instruction limit only this execution.
                    Ended::Limit(why)
                        if self.cx.limit_reached().is_some()
                            || matches!(why, Unknown::Limit(Limit::SymBranches(_))) =>
                    {
                        Ending::Stop(why)
                    }
                    Ended::Limit(why) => Ending::Truncated(why),
                };
            }
            if run.joined {
                break Ending::Joined;
            }
            if let Some(end) = run.prefix_end.filter(|_| self.past_prefix(run)) {
                break Ending::Cut(end);
            }
            if let Some(why) = self.cx.limit_reached() {
                break Ending::Stop(why);
            }
            if let Some(why) = self.execution_too_long(run) {
                break Ending::Truncated(why);
            }
            let depth = self.path.len() - 1;
            let runnable = self.enabled_below_cap(&mut run.machine);
            let enabled: SmallVec<[usize; 16]> =
                runnable.iter().copied().filter(|&t| !self.is_spinning(run, t)).collect();
            self.path[depth].runnable = runnable;
            let mut next = None;
            let given = !self.path[depth].wakeup.is_empty();
            // A spinning thread would only repeat its last step.
            while let Some((step, below)) = self.path[depth].wakeup.pop_first() {
                if enabled.contains(&step.thread) && !self.beyond_bound(run, depth, step.thread) {
                    next = Some((step, below));
                    break;
                }
                self.cx.stats.infeasible_wakeups += 1;
            }
            if let Some((step, below)) = next {
                self.step(run, depth, step.thread, (&step.choices, 0), true, below);
                continue;
            }
            // The sequences this node was given could not run: the races they reversed
            // could not be reversed, and everything else from here is covered elsewhere.
            if given {
                break Ending::Infeasible;
            }
            if enabled.is_empty() && self.held_at_cap(&run.machine) {
                // What the others wait for may come after the held creation.
                self.capped = true;
                break Ending::Truncated(Unknown::Threads(self.thread_cap));
            }
            if enabled.is_empty() {
                let spinning: SmallVec<[usize; 4]> = (0..run.machine.threads().len())
                    .filter(|&t| self.is_spinning(run, self.agents.of_thread(t)))
                    .collect();
                let hangs = !spinning.is_empty() || run.machine.any_stuck();
                if run.machine.exit_waits() {
                    run.machine.report_stall(&spinning);
                    continue;
                }
                if !self.cx.opts.deadlocks_are_errors || (hangs && !self.cx.opts.hangs_are_errors) {
                    break Ending::Blocked;
                }
                run.machine.report_stall(&spinning);
                continue;
            }
            let node = &self.path[depth];
            let mut candidates: SmallVec<[usize; 16]> =
                enabled.iter().copied().filter(|t| !node.sleep.iter().any(|s| s.thread == *t)).collect();
            if self.cx.opts.dpor.preemption_bound.is_some() && !candidates.is_empty() {
                candidates.retain(|t| !self.beyond_bound(run, depth, *t));
                if candidates.is_empty() {
                    break Ending::Infeasible;
                }
            }
            let Some(t) = self.pick(&candidates, run) else { break Ending::SleepBlocked };
            if self.cx.opts.dpor.naive {
                for &q in enabled.iter().filter(|&&q| q != t) {
                    self.path[depth].wakeup.push(Step { thread: q, ..Default::default() });
                }
            }
            self.step(run, depth, t, (&[], 0), true, WakeupTree::default());
        };
        self.finish_execution(run, ending)
    }

    /// With `prefix_events`: whether the epoch went past its first that many
    /// synchronisation operations. The execution then stops, but only after one more (a
    /// *frontier*, left out of the prefix), so that its races with the prefix's operations
    /// are reversed: the orders in which another thread's operation enters the prefix.
    fn past_prefix(&self, run: &Run) -> bool {
        self.cx.opts.dpor.prefix_events.is_some_and(|n| run.epoch_sync > n)
    }

    /// The thread the current execution runs next, among `candidates` (ascending ids).
    fn pick(&self, candidates: &[usize], run: &Run) -> Option<usize> {
        let first = *candidates.first()?;
        let m = &run.machine;
        match self.policy {
            Policy::Systematic => match self.cx.opts.dpor.one_order_per_path {
                Some(OrderRule::LeastRecent) => self.least_recent(candidates, run),
                Some(OrderRule::Serial) => Self::serial(candidates, run),
                None => Some(first),
            },
            Policy::OldestFirst => Some(first),
            Policy::NewestFirst => {
                let rank = |t: usize| (!self.exits_next(m, t), t == 0, t);
                candidates.iter().copied().max_by_key(|&t| rank(t))
            }
            Policy::TakeTurns => self.take_turns(candidates, m),
        }
    }

    /// Whether agent `a` is a thread whose next step ends it.
    fn exits_next(&self, m: &Machine, a: usize) -> bool {
        matches!(self.agents.get(a), Agent::Thread(t) if m.exits_next(t))
    }

    /// One order per path: main first while it creates threads, then the thread that ran
    /// least recently (never first, lowest id among equals), a step that ends its thread
    /// last. Natively each step is followed by the thread's local work up to its next
    /// synchronisation, so an order in which a thread that just worked comes after the
    /// others (main putting the next task before a worker comes back for one) lets the
    /// work overlap under enforcement instead of waiting for it.
    fn least_recent(&self, candidates: &[usize], run: &Run) -> Option<usize> {
        let m = &run.machine;
        if candidates.contains(&0) && m.creates_thread_next(0) {
            return Some(0);
        }
        let ran = |a: usize| run.last_of_thread.get(a).copied().flatten();
        candidates.iter().copied().min_by_key(|&t| (self.exits_next(m, t), ran(t), t))
    }

    /// One thread after another: the one that ran most recently goes on, threads that
    /// never ran last (lowest id first).
    fn serial(candidates: &[usize], run: &Run) -> Option<usize> {
        let ran = |a: usize| run.last_of_thread.get(a).copied().flatten();
        candidates.iter().copied().min_by_key(|&t| (std::cmp::Reverse(ran(t)), t))
    }

    /// Main first while it creates threads, then the others in turn (the next id after the
    /// thread that ran last), main and a step that ends the program last.
    fn take_turns(&self, candidates: &[usize], m: &Machine) -> Option<usize> {
        if candidates.contains(&0) && m.creates_thread_next(0) {
            return Some(0);
        }
        let last = self.path.iter().rev().skip(1).find_map(|n| n.taken.as_ref().map(|k| k.thread));
        let after = |t: usize| t.wrapping_sub(last.unwrap_or(0) + 1);
        let rank = |t: usize| (self.exits_next(m, t), t == 0, after(t));
        candidates.iter().copied().min_by_key(|&t| rank(t))
    }

    /// The agents that can take a step, but for threads that would create a thread past
    /// the round's thread cap: they wait, and the others go on (bugs among the threads
    /// already there stay within the round's reach; cutting the whole execution at the
    /// creation hid them behind a creator that creates threads in a loop).
    fn enabled_below_cap(&self, m: &mut Machine) -> Vec<usize> {
        let mut agents = self.agents.enabled(m);
        if m.threads().len() >= self.thread_cap {
            agents.retain(|&a| !matches!(self.agents.get(a), Agent::Thread(t) if m.creates_thread_next(t)));
        }
        agents
    }

    /// Whether a thread waits at the round's thread cap (see `enabled_below_cap`).
    fn held_at_cap(&self, m: &Machine) -> bool {
        m.threads().len() >= self.thread_cap
            && (0..m.threads().len()).any(|t| !m.threads()[t].finished && m.creates_thread_next(t))
    }

    /// Limits of one execution: reaching one cuts that execution short (so "safe" is out
    /// of reach) but the exploration goes on and may still find errors elsewhere.
    fn execution_too_long(&mut self, run: &Run) -> Option<Unknown> {
        let max = self.cx.opts.max_depth;
        if run.infos.len() >= max {
            return Some(Unknown::Depth { max, unit: crate::DepthUnit::Steps });
        }
        None
    }

    /// Preemptions on the path once agent `t` runs from node `depth`: one more than before
    /// it when the thread that ran last could go on (runnable, not spinning) and `t` is
    /// another.
    fn preemptions_after(&self, run: &Run, depth: usize, t: usize) -> u32 {
        let node = &self.path[depth];
        let last = depth.checked_sub(1).and_then(|d| self.path[d].taken.as_ref()).map(|k| k.thread);
        let switch = last.is_some_and(|p| p != t && node.runnable.contains(&p) && !self.is_spinning(run, p));
        node.preemptions + u32::from(switch)
    }

    /// Whether running agent `t` from node `depth` goes past `--preemption-bound`; such a
    /// schedule is left out, and the verdict says so.
    fn beyond_bound(&mut self, run: &Run, depth: usize, t: usize) -> bool {
        let Some(k) = self.cx.opts.dpor.preemption_bound else { return false };
        let beyond = self.preemptions_after(run, depth, t) > k;
        if beyond {
            self.cx.note(Unknown::Preemptions(k));
        }
        beyond
    }

    /// A thread spins when it is back at a local state it stood in before one of its
    /// steps with no memory written since: it cannot make progress until another thread
    /// writes (see `spin`).
    fn is_spinning(&self, run: &Run, a: usize) -> bool {
        let m = &run.machine;
        let Agent::Thread(t) = self.agents.get(a) else { return false };
        t < m.threads().len() && !m.threads()[t].finished && run.spin_marks.spinning(m, t)
    }

    /// Executes a transition of `t` with the choices `forced` from the node at `depth` and
    /// appends the child node, which explores `wakeup` first. On another variant of the
    /// step taken there, the alternatives of the choices after the first `fixed` join the
    /// node's stack.
    fn step(
        &mut self,
        run: &mut Run,
        depth: usize,
        t: usize,
        choices: (&[u64], usize),
        analyse: bool,
        wakeup: WakeupTree,
    ) {
        let (forced, fixed) = choices;
        let preemptions = self.preemptions_after(run, depth, t);
        let (info, made) = self.execute(run, t, forced, analyse);
        let step = &info.step;
        let node = &mut self.path[depth];
        // A naive exploration never fills a sleep set (see `backtrack_point`).
        let sleep = node.sleep.iter().filter(|s| !s.depends(step)).cloned().collect();
        match &mut node.taken {
            Some(taken) if taken.thread == t => {
                taken.absorb(step);
                taken.variants.extend(choice_siblings(&made, fixed));
                taken.choices = made;
            }
            _ => {
                self.branch_sizes.started(depth, self.cx.stats.explored());
                let variants = choice_siblings(&made, 0);
                node.taken = Some(Taken::new(t, made, info.clone(), variants));
            }
        }
        self.truncate_path(depth + 1);
        let snapshot = (depth + 1)
            .is_multiple_of(snapshot_interval(depth + 1))
            .then(|| copy_into_spare(&mut self.spare_runs, run));
        self.path.push(Node { sleep, wakeup, snapshot, preemptions, ..Default::default() });
        for (index, error) in std::mem::take(&mut run.races_found).into_iter().enumerate() {
            if run.raced.is_none() && self.cx.opts.execution_sink.is_some() {
                run.raced = Some(error.clone());
            }
            let mut witness = self.witness();
            witness.inputs = input_values(&run.machine);
            witness.race_index = index as u64;
            // Recording cannot stop the search: races are not among the kinds it stops at.
            self.cx.record_error(FoundError { error, witness, trace: run.machine.trace().to_vec() });
        }
        // Its replay ends at the error (replays never defer).
        for error in run.machine.take_deferred() {
            let mut witness = self.witness();
            witness.inputs = input_values(&run.machine);
            self.cx.record_error(FoundError { error, witness, trace: run.machine.trace().to_vec() });
        }
    }

    /// Runs one transition of `t` on the machine and updates the execution's
    /// happens-before data; with `analyse`, notes the races of the new transition.
    fn execute(&mut self, run: &mut Run, t: usize, forced: &[u64], analyse: bool) -> (Rc<TransInfo>, Vec<(u64, u64)>) {
        let agent = self.agents.get(t);
        let owner = self.agents.thread(t);
        if run.counts.len() <= t {
            run.counts.resize(t + 1, 0);
        }
        let mut chooser = ScheduleChooser {
            forced: forced.iter().copied().collect(),
            domain: self.cx.opts.input_domain,
            ..Default::default()
        };
        let before = crate::Work::before(&run.machine);
        let recorded_before = run.machine.recorded().len();
        match agent {
            Agent::Thread(_) => {
                run.spin_marks.before_step(&run.machine, owner);
                run.machine.step(owner, &mut chooser);
            }
            Agent::Buffer(_) => run.machine.flush(owner),
        }
        let mut log = std::mem::take(&mut self.log_buffer);
        run.machine.swap_log(&mut log);
        let on_race = Races::exploring(self.cx.opts);
        run.races_found.extend(check_step(&mut run.races, &mut run.machine, owner, &log, on_race));
        let mut step = Step { thread: t, ..Default::default() };
        for entry in &log {
            match entry {
                LogEntry::Event { loc, kind, addr, len, .. } => {
                    let mask = if matches!(loc, Loc::Mem(_)) { byte_mask(*addr, *len) } else { WHOLE };
                    step.footprint.0.push((*loc, *kind, mask));
                }
                LogEntry::Spawn { child } => {
                    let child = &self.agents.of_thread(*child);
                    if run.spawned_at.len() <= *child {
                        run.spawned_at.resize(child + 1, None);
                        run.last_of_thread.resize(child + 1, None);
                        run.counts.resize(child + 1, 0);
                    }
                    run.spawned_at[*child] = Some(run.infos.len());
                    step.spawns.push(*child);
                }
                LogEntry::Touch { loc, kind, event } => {
                    if *event {
                        step.footprint.0.push((*loc, *kind, WHOLE));
                    }
                    if self.cx.opts.detect_races {
                        self.cx.note(Unknown::SymbolicAddressRace);
                    }
                }
                LogEntry::Plain { .. } | LogEntry::Free { event: false, .. } | LogEntry::Channel { .. } => {}
                LogEntry::Free { addr, len, event: true, .. } => {
                    step.footprint.0.extend(crate::footprint::whole_range(*addr, *len, AccessKind::Write))
                }
                LogEntry::Flush { thread, seq, addr, len, .. } => {
                    step.footprint.0.push((Loc::Buffered(*thread as u32, *seq), AccessKind::Write, WHOLE));
                    step.footprint.0.push((Loc::Mem(addr & !7), AccessKind::Write, byte_mask(*addr, *len)));
                }
            }
        }
        self.log_buffer = log;
        // A step that ends the program stops every other thread: it depends on all of them
        // (a deferred exit, which ran when no other thread could, stops none).
        step.global = run.machine.end().is_some() && !run.machine.ended_alone();
        step.choices = chooser.made.iter().map(|(v, _)| *v).collect();
        self.cx.note_step(chooser.partial, &run.machine);
        let (vc, races) = self.happens_before(run, &step, analyse);
        let index = run.infos.len();
        let links = run.history.record(index, &step.footprint);
        if run.last_of_thread.len() <= t {
            run.last_of_thread.resize(t + 1, None);
        }
        run.last_of_thread[t] = Some(index);
        let recorded = run.machine.recorded().len();
        if self.joins.is_some() {
            run.path_hash = joins::extend_path(run.path_hash, t, &chooser.made);
        }
        let info = Rc::new(TransInfo { step, links, vc, races, recorded });
        run.infos.push(info.clone());
        if self.policy == Policy::Systematic {
            self.meet_epoch_state(run, recorded_before);
        }
        if let Some(n) = self.cx.opts.dpor.prefix_events {
            count_epoch_sync(run, recorded_before, n);
        }
        self.cx.stats.transitions += 1;
        self.cx.stats.work.count_step(before, &run.machine, &chooser.made);
        (info, chooser.made)
    }

    /// With `join_at_epochs`: when the latest transition called `ravel_epoch()` alone and
    /// every step of every other agent happens before it, notes the state reached (and
    /// whether the execution stops there, see `joins.rs`). `before` is the length of the
    /// machine's record before the transition.
    fn meet_epoch_state(&mut self, run: &mut Run, before: usize) {
        let Some(joins) = self.joins.as_mut() else { return };
        let alone = |r: &Recorded| matches!(r, Recorded::Epoch { alone: true, .. });
        if !run.machine.recorded()[before..].iter().any(alone) {
            return;
        }
        let last = run.infos.len() - 1;
        let (t, vc) = (run.infos[last].step.thread, &run.infos[last].vc);
        let ordered = run
            .last_of_thread
            .iter()
            .enumerate()
            .all(|(q, k)| q == t || k.is_none_or(|k| vc.covers(q, run.infos[k].vc.get(q))));
        if !ordered {
            return;
        }
        let epoch = run.machine.recorded().iter().filter(|r| alone(r)).count() as u32;
        match joins.meet(&run.machine, run.path_hash) {
            joins::AtState::Continue(id) => run.epoch_states.push((epoch, id)),
            joins::AtState::Join(id) => {
                run.epoch_states.push((epoch, id));
                run.joined = true;
            }
        }
    }

    /// Computes the clock of a new transition and, with `analyse`, the earlier transitions
    /// it is in a reversible race with: dependent, of another thread, not ordered before it
    /// by anything else, and such that it could have run first. On a memory word those are
    /// the last write (for a read) or the reads since it, else the last write (for a
    /// write). On a synchronisation object, operations the new one could not have preceded
    /// (an unlock before a lock) are passed over for the latest one it could (the lock
    /// before that unlock). A thread's end is never reversed (joins wait for it), and a step
    /// that ends the program races with the latest step of every other thread.
    fn happens_before(&mut self, run: &mut Run, step: &Step, analyse: bool) -> (VClock, Vec<usize>) {
        let t = step.thread;
        // The transition the new one follows in its agent's order (or its creation).
        let pre = run.last_of_thread.get(t).copied().flatten().or_else(|| run.spawned_at.get(t).copied().flatten());
        let mut vc = pre.map_or_else(VClock::default, |k| run.infos[k].vc.clone());
        // Direct predecessors and race candidates, with the location that orders them.
        let mut direct: SmallVec<[(usize, Option<Loc>); 8]> = SmallVec::new();
        let mut candidates: SmallVec<[(usize, Option<Loc>); 8]> = SmallVec::new();
        if step.global && analyse {
            // It could not have run earlier if it waited for one of those steps.
            let waits = step.footprint.0.iter().any(|(l, ..)| !matches!(l, Loc::Mem(_)));
            let agents = self.agents;
            let joined = |k: usize| match agents.get(run.infos[k].step.thread) {
                Agent::Thread(q) => step.footprint.0.iter().any(|(l, ..)| *l == Loc::ThreadEnd(q)),
                Agent::Buffer(_) => false,
            };
            for (q, last) in run.last_of_thread.iter().enumerate() {
                let could = |k: usize| !waits || self.reversible(run, k, t) != Some(false);
                if let Some(k) = last.filter(|&k| q != t && !joined(k) && could(k)) {
                    candidates.push((k, None));
                }
            }
        }
        // A deferred exit ran once nothing else could: it comes after the last step of
        // every other thread and reverses none.
        if run.machine.ended_alone() {
            for (q, last) in run.last_of_thread.iter().enumerate() {
                if let Some(k) = last.filter(|_| q != t) {
                    direct.push((k, None));
                }
            }
        }
        for &(loc, kind, mask) in &step.footprint.0 {
            if !run.history.contains(loc) {
                continue;
            }
            let preds = run.history.predecessors(loc, kind, mask, &run.infos);
            direct.extend(preds.iter().map(|&k| (k, Some(loc))));
            if !analyse {
                continue;
            }
            match loc {
                // A write the reads since it ordered before the new access is no longer
                // in a race with it: the check below drops it.
                Loc::Mem(_) => candidates.extend(preds.iter().map(|&k| (k, Some(loc)))),
                // Orders, never reversed: a join after a thread's end.
                Loc::ThreadEnd(_) => {}
                // A buffered store is made visible after it entered the buffer and before a
                // fence of its thread reads it: those never reverse. A load its thread served
                // from the buffer before does: made visible first, the store lets the load
                // read memory (and another thread's store in between).
                Loc::Buffered(..) => {
                    let reads =
                        |k: &&usize| run.infos[**k].step.footprint.0.iter().any(|&(l, a, _)| l == loc && !a.writes());
                    candidates.extend(preds.iter().filter(reads).map(|&k| (k, Some(loc))));
                }
                Loc::Sync(_) | Loc::Round(..) => {
                    for (k, other, _) in run.history.accesses(loc, false, &run.infos) {
                        if !kind.conflicts(other) {
                            continue;
                        }
                        if run.infos[k].step.thread == t {
                            break;
                        }
                        match self.reversible(run, k, t) {
                            Some(true) => {
                                candidates.push((k, Some(loc)));
                                break;
                            }
                            None => candidates.push((k, Some(loc))),
                            Some(false) => {}
                        }
                    }
                }
            }
        }
        for (j, _) in &direct {
            vc.join(&run.infos[*j].vc);
        }
        run.counts[t] += 1;
        vc.set(t, run.counts[t]);
        let infos = &run.infos;
        // Operations on one synchronisation object are ordered through it anyway.
        let sync = |l: Option<Loc>| matches!(l, Some(Loc::Sync(_) | Loc::Round(..)));
        let covered_by = |d: usize, j: usize| {
            let tj = infos[j].step.thread;
            infos[d].vc.covers(tj, infos[j].vc.get(tj))
        };
        // Orders no reversal can undo: a join after the thread's end; a store made visible
        // after it entered the buffer, a fence after the store was made visible.
        let fixed = |d: usize, l: Option<Loc>| match l {
            Some(Loc::ThreadEnd(_)) => true,
            Some(b @ Loc::Buffered(..)) => infos[d].step.footprint.0.iter().any(|&(x, k, _)| x == b && k.writes()),
            _ => false,
        };
        let mut races: Vec<usize> = candidates
            .iter()
            .filter(|&&(j, l)| {
                let tj = infos[j].step.thread;
                tj != t
                    && !pre.is_some_and(|k| infos[k].vc.covers(tj, infos[j].vc.get(tj)))
                    && !candidates.iter().any(|&(c, cl)| c != j && (cl != l || !sync(l)) && covered_by(c, j))
                    && !direct.iter().any(|&(d, dl)| d != j && dl != l && covered_by(d, j))
                    && !direct.iter().any(|&(d, dl)| d == j && fixed(d, dl))
            })
            .map(|&(j, _)| j)
            .collect();
        races.sort_unstable();
        races.dedup();
        (vc, races)
    }

    /// Whether thread `t`'s operation on a synchronisation object could have run right
    /// before transition `k` (with the transitions after `k` that do not depend on it).
    /// The object is in the same state there as at node `k`, so when `t` was already
    /// waiting at that operation there, the node knows; otherwise nobody knows (`None`).
    /// Under TSO a thread waiting for its buffer to empty is enabled by its buffer's steps,
    /// so the thread is idle only when its buffer is too.
    fn reversible(&self, run: &Run, k: usize, t: usize) -> Option<bool> {
        let existed = run.spawned_at.get(t).copied().flatten().is_none_or(|s| s < k);
        let idle = |a: usize| run.last_of_thread.get(a).copied().flatten().is_none_or(|p| p < k);
        let buffer = self.agents.buffer_of(t);
        (existed && idle(t) && buffer.is_none_or(idle)).then(|| self.path[k].runnable.contains(&t))
    }

    /// Reverses the races of the execution: each race (j, i) asks for the transitions after
    /// `j` that do not depend on it, then `i`, from the node before `j`. Races of the
    /// replayed prefix count too: what the sequence holds after `i` depends on the whole
    /// execution, and a sleeping thread that covered an earlier version may not cover it
    /// (skipping them lost 136 of sigma's 2,027,025 classes at N = 8). When the last transition ended the program, or the execution was `cut`
    /// short by a limit after it, the threads it cut off may take their next step before it.
    fn reverse_races(&mut self, run: &mut Run, cut: bool) {
        let n = run.infos.len();
        for i in 0..n {
            for r in 0..run.infos[i].races.len() {
                let j = run.infos[i].races[r];
                let tj = run.infos[j].step.thread;
                let nj = run.infos[j].vc.get(tj);
                let last = run.infos[i].step.reversed();
                let last = last.as_ref();
                let mut seq: Vec<&Step> = (j + 1..n)
                    .filter(|&k| k != i && !run.infos[k].vc.covers(tj, nj))
                    .map(|k| &run.infos[k].step)
                    .collect();
                seq.push(last);
                self.insert_wakeup(j, seq);
            }
        }
        let Some(last) = run.infos.last().filter(|l| l.step.global || cut).map(|l| l.step.thread) else { return };
        for q in self.path[n - 1].runnable.clone() {
            if q != last {
                let step = self.pending_step(&mut run.machine, q);
                self.insert_wakeup(n - 1, vec![&step]);
            }
        }
    }

    /// Adds `seq` to the wakeup tree of the node at `depth` unless it is covered there.
    fn insert_wakeup(&mut self, depth: usize, seq: Vec<&Step>) {
        if depth < self.floor() {
            return;
        }
        if let Some(job) = self.job.as_mut().filter(|j| depth <= j.floor) {
            job.insertions.record(depth, seq);
            return;
        }
        let node = &mut self.path[depth];
        if wakeup::slept(&node.sleep, &seq) {
            return;
        }
        // The branch a helper explores grew: the helper is told (see `parallel`).
        if let Inserted::Under(index, Some(graft)) = node.wakeup.insert(seq, node.speculations.len()) {
            node.speculations[index].forward(graft);
        }
    }

    /// Accounts for an ended execution; returns true when exploration must stop.
    fn finish_execution(&mut self, run: &mut Run, ending: Ending) -> bool {
        self.cx.progress();
        if let Some(job) = self.job.as_mut().filter(|_| !run.machine.input_values().is_empty()) {
            job.unusable = true;
            return true;
        }
        if self.verified.is_some() {
            self.note_verified(run, &ending);
        }
        // Scouting runs are redone by the systematic search.
        if let Some(sink) = self.cx.opts.execution_sink.as_ref().filter(|_| self.policy == Policy::Systematic) {
            // An execution that raced failed, although the race did not end it.
            let raced =
                run.raced.as_ref().filter(|_| matches!(ending, Ending::Complete | Ending::Joined | Ending::Cut(_)));
            let end = match &ending {
                _ if raced.is_some() => raced.map(ExecutionEnd::Error),
                Ending::Complete => Some(ExecutionEnd::Complete),
                Ending::Error(e) => Some(ExecutionEnd::Error(e)),
                Ending::Blocked => Some(ExecutionEnd::Blocked),
                Ending::Truncated(why) => Some(ExecutionEnd::Truncated(why)),
                Ending::Joined => Some(ExecutionEnd::Joined),
                Ending::Cut(end) => Some(ExecutionEnd::Cut(*end)),
                Ending::SleepBlocked | Ending::Infeasible | Ending::Stop(_) => None,
            };
            if let Some(end) = end {
                (sink.0)(&run.machine, end, &run.epoch_states);
            }
        }
        if self.cx.opts.collect_tests && matches!(ending, Ending::Complete | Ending::Error(_)) {
            self.tests.add(input_values(&run.machine));
        }
        let dpor = &self.cx.opts.dpor;
        let systematic = self.policy == Policy::Systematic && !dpor.naive && dpor.one_order_per_path.is_none();
        if systematic && !matches!(ending, Ending::Stop(_)) {
            // Like a truncated execution, a cut one has every other runnable thread's next
            // step as an alternative to its last: they could have come first.
            self.reverse_races(run, matches!(ending, Ending::Truncated(_) | Ending::Cut(_)));
        }
        match ending {
            Ending::Complete | Ending::Cut(_) => self.cx.stats.executions += 1,
            Ending::Joined => self.cx.stats.joined += 1,
            Ending::Blocked => self.cx.stats.blocked += 1,
            Ending::SleepBlocked => self.cx.stats.sleep_blocked += 1,
            Ending::Infeasible => {}
            Ending::Truncated(why) => {
                self.cx.stats.blocked += 1;
                self.cx.note(why);
            }
            Ending::Stop(why) => {
                if let Some(job) = self.job.as_mut().filter(|_| matches!(why, Unknown::Executions(_))) {
                    job.exhausted = true;
                }
                self.cx.note(why);
                return true;
            }
            Ending::Error(error) => {
                self.cx.stats.executions += 1;
                self.cx.stats.work.error_executions += 1;
                let mut witness = self.witness();
                witness.inputs = input_values(&run.machine);
                let found = FoundError { error, witness, trace: run.machine.trace().to_vec() };
                return self.cx.record_error(found);
            }
        }
        false
    }

    /// `--enforce-out`: adds an execution that ended without error to the admissible
    /// prefixes, and keeps the systematic search's latest execution, whose prefixes are
    /// those of the nodes the search leaves next. Executions that end otherwise verify
    /// nothing, so no subtree is admissible any more (see `verified.rs`); those the sleep
    /// sets or the wakeup sequences ended are covered elsewhere.
    fn note_verified(&mut self, run: &Run, ending: &Ending) {
        let systematic = self.policy == Policy::Systematic;
        let complete = matches!(ending, Ending::Complete);
        let covered = matches!(ending, Ending::SleepBlocked | Ending::Infeasible);
        // A choice (an input's value, a symbolic branch, which waiter a signal wakes) is
        // made natively by the input or the scheduler, not by the constraints: a native run
        // that chose otherwise would leave the execution without breaking any of its
        // orders, or go free after a prefix verified for another value. Such executions
        // are not used at all.
        let chosen = |c: &[(u64, u64)]| c.iter().any(|&(_, n)| n > 1);
        let data = chosen(&self.init_choices)
            || self.path.iter().filter_map(|n| n.taken.as_ref()).any(|k| chosen(&k.choices))
            || !run.machine.input_values().is_empty();
        let doubtful = !self.cx.errors.is_empty() || self.cx.incomplete.is_some() || data;
        let init: Vec<u64> = self.init_choices.iter().map(|(v, _)| *v).collect();
        let schedule: Vec<ScheduleStep> = self
            .path
            .iter()
            .filter_map(|n| n.taken.as_ref())
            .map(|k| (k.thread, k.choices.iter().map(|(v, _)| *v).collect()))
            .collect();
        let Some(v) = self.verified.as_mut() else { return };
        if systematic && (doubtful || !(complete || covered)) {
            v.tainted = true;
        }
        if data {
            v.last = None;
            if v.set.problems.is_empty() {
                v.set.problems.push("the execution depends on inputs or choices the runtime cannot make".into());
            }
        }
        if data || !(complete || systematic && covered) {
            return;
        }
        let named = ravel_vm::native_names::name_events(&run.machine);
        let named = if complete {
            v.execution(named, init.clone(), schedule.clone())
        } else {
            named.problems.is_empty().then(|| Arc::new(named))
        };
        if systematic {
            let recorded_after = run.infos.iter().map(|i| i.recorded).collect();
            v.last = named.map(|named| LastExecution { named, recorded_after, init, schedule });
        }
    }

    /// The schedule of the current path.
    fn witness(&self) -> Witness {
        Witness {
            symbolic: self.cx.sym.is_some(),
            init_choices: self.init_choices.iter().map(|(v, _)| *v).collect(),
            steps: self
                .path
                .iter()
                .filter_map(|n| n.taken.as_ref())
                .map(|k| WitnessStep {
                    thread: self.agents.thread(k.thread),
                    choices: k.choices.iter().map(|(v, _)| *v).collect(),
                    flush: matches!(self.agents.get(k.thread), Agent::Buffer(_)),
                    ..Default::default()
                })
                .collect(),
            ..Witness::default()
        }
    }
}

impl Explorer<'_> {
    /// The next step of agent `q` as far as the machine can tell before it runs: the access
    /// it is stopped at (a buffer's oldest store); a creation or an operation without a
    /// location may do anything.
    fn pending_step(&self, m: &mut Machine, q: usize) -> Step {
        let mut step = Step { thread: q, ..Default::default() };
        let t = match self.agents.get(q) {
            Agent::Thread(t) => t,
            Agent::Buffer(t) => {
                if let Some(loc) = m.buffer_head(t) {
                    step.footprint.0.push((loc, AccessKind::Write, WHOLE));
                }
                return step;
            }
        };
        match m.pending(t).kind {
            PendingKind::Access(loc, kind) => step.footprint.0.push((loc, kind, WHOLE)),
            PendingKind::Arrive(a) => step.footprint.0.extend(ravel_vm::barrier_arrival(a).map(|(l, k)| (l, k, WHOLE))),
            PendingKind::Leave(barrier, round) => {
                step.footprint.0.push((Loc::Round(barrier, round), AccessKind::Read, WHOLE))
            }
            PendingKind::Join(c) => step.footprint.0.push((Loc::ThreadEnd(c), AccessKind::Read, WHOLE)),
            PendingKind::Spawn | PendingKind::Other => step.global = true,
        }
        step
    }
}

/// Counts the synchronisation operations of the latest transition (whose record starts
/// at `before`) into the current epoch's, which a `ravel_epoch()` call made alone restarts,
/// and notes where the record had the epoch's first `n`.
fn count_epoch_sync(run: &mut Run, before: usize, n: u32) {
    for (i, r) in run.machine.recorded()[before..].iter().enumerate() {
        match r {
            Recorded::Epoch { alone: true, .. } => (run.epoch_sync, run.prefix_end) = (0, None),
            Recorded::Access { sync: true, .. } => {
                run.epoch_sync += 1;
                if run.epoch_sync == n {
                    run.prefix_end = Some(before + i + 1);
                }
            }
            _ => {}
        }
    }
}
