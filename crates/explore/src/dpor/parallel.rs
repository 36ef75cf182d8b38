//! `-j N`: the depth-first search on several cores, with exactly the result of one.
//!
//! Optimal DPOR is sequential in one respect only: a branch of a node is explored after
//! the branches before it, whose races may add sequences to its wakeup tree. So helpers
//! explore *speculatively*: when a node on the current path still has a branch waiting,
//! a helper thread re-executes the path to that node and explores the branch's whole
//! subtree, with the sleep set the node will have then (the branch being explored now
//! added), recording instead of applying what it would insert into the wakeup trees of
//! that node and the ones above. When the search comes back to the node, the helper's
//! result is committed as if the branch had been explored there and then: its insertions
//! in their order, its statistics and errors, its step into the sleep set. The only
//! thing that can make the speculation differ from what the search would have done is
//! an insertion that changed the waiting branch meanwhile; the wakeup tree reports
//! those. The search then sends the helper what it added (a [`Graft`]: where in the
//! branch, what), and the helper adds it to its own copy, provided that its exploration
//! so far is what it would have been with the addition there from the start: the place
//! is not explored yet, and the helper has appended nothing there itself (that would
//! come after the search's addition). Otherwise the helper stops and marks its job dead,
//! and the search gives the branch out again as it is now (or, back at the node,
//! explores it itself); so it does too when a graft reaches the helper only after it
//! finished.
//! Helpers give out jobs from their own paths the same way (the insertions of such a job
//! at or above the helper's node are recorded for the search in their turn), and a thread
//! waiting for a result runs queued jobs meanwhile: a long branch is split among the
//! threads instead of keeping the search waiting for one helper. A thread about to wait
//! for the helper of a node's leftmost branch with nothing queued gives out the node's
//! next branch too and takes it itself: its job's sleep set holds the steps of the
//! branches before it, which is what the node's will hold unless one of those steps has
//! choice variants (checked when the result is committed; otherwise it is thrown away).
//! Counts, verdicts and witnesses are therefore those of `-j 1`.
//!
//! Helpers do not speculate on executions with symbolic inputs (a solver's answers may
//! depend on its history), with `--enforce-out`, the test collection or an execution
//! sink (`ravel schedules`; all follow the search's order), or in a round cut short by a
//! thread cap.

use super::wakeup::Graft;
use super::{Explorer, Node, Run, Step, Taken, WakeupTree};
use crate::exec::THREAD_CAPS;
use crate::job_log::{thread_cpu, JobLog, Taker, WorkClock};
use crate::{FoundError, Options, Stats, Unknown};
use ravel_ir::Program;
use rustc_hash::{FxHashMap, FxHashSet, FxHasher};
use std::cell::Cell;
use std::collections::VecDeque;
use std::hash::{Hash, Hasher};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Instant;

/// A branch for a helper: everything it needs to explore the branch's subtree exactly as
/// the search would.
#[derive(Clone)]
pub(super) struct Job {
    pub(super) id: u64,
    pub(super) init: Vec<u64>,
    /// The steps to the node, each with the agents runnable before it.
    pub(super) prefix: Vec<PrefixStep>,
    /// The races of the first transitions as the search's replay to the node keeps them
    /// (those of the snapshot it starts from; the re-executed ones have none).
    pub(super) races: Vec<Vec<usize>>,
    /// Agents runnable at the node, its sleep set, the branch and the thread cap.
    pub(super) runnable: Vec<usize>,
    pub(super) sleep: Vec<Step>,
    pub(super) branch: (Step, WakeupTree),
    pub(super) thread_cap: usize,
    /// Executions the search can still use (its execution limit).
    pub(super) budget: Option<u64>,
    /// Set when the job is of no use any more: the search stopped it, or its helper met
    /// a graft too late.
    pub(super) cancel: Arc<AtomicBool>,
    /// What the search added to the branch since it gave it out.
    pub(super) grafts: Grafts,
}

/// Additions to a branch a helper explores, in the order the search made them.
pub(super) type Grafts = Arc<Mutex<Vec<Graft>>>;

#[derive(Clone)]
pub(super) struct PrefixStep {
    pub(super) agent: usize,
    pub(super) forced: Vec<u64>,
    pub(super) runnable: Vec<usize>,
}

/// What a helper found in a branch's subtree.
#[derive(Clone)]
pub(super) struct JobResult {
    pub(super) id: u64,
    /// The subtree was explored to its end (or to the error that stops the search).
    pub(super) finished: bool,
    /// The branch's step with its explored choice variants, for the node's sleep set
    /// (none when the branch could not be followed).
    pub(super) union: Option<Step>,
    /// Wakeup sequences for the node and those above it, in the order they came.
    pub(super) insertions: Vec<(usize, Vec<Step>)>,
    pub(super) stats: Stats,
    pub(super) errors: Vec<FoundError>,
    pub(super) incomplete: Option<Unknown>,
    /// The subtree reached the round's thread cap, or symbolic inputs.
    pub(super) unusable: bool,
    /// The job ran out of the executions the search had left (see [`Job::budget`]).
    pub(super) exhausted: bool,
    /// The helper failed (a bug, counted in the statistics): the search explores the
    /// branch itself.
    pub(super) failed: bool,
    /// Grafts applied; when fewer than the search sent, the rest came too late.
    pub(super) grafted: usize,
    /// A graft could not be applied: the helper stopped.
    pub(super) diverged: bool,
}

/// A branch a helper is exploring: its job.
#[derive(Clone, Debug)]
pub(super) struct Speculation {
    id: u64,
    cancel: Arc<AtomicBool>,
    grafts: Grafts,
    /// Grafts sent so far.
    sent: usize,
    /// For a branch given out behind others of its node: what the job took their steps
    /// to add to the node's sleep set (they hold when none of them explored variants).
    assumed: Vec<Step>,
}

impl Speculation {
    /// Whether the job ended without a use: its helper met a graft it could not apply
    /// (or the search cancelled it).
    fn dead(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// Tells the helper what the search added below its branch.
    pub fn forward(&mut self, graft: Graft) {
        lock(&self.grafts).push(graft);
        self.sent += 1;
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A helper that panicked holds no lock (it panics inside its job only).
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The helper side of a job while it runs.
#[derive(Default)]
pub(super) struct JobState {
    /// The job's number (the giver of the jobs this explorer gives out, in a job log).
    pub id: u64,
    pub floor: usize,
    pub insertions: Insertions,
    pub union: Option<Step>,
    pub finished: bool,
    pub unusable: bool,
    pub exhausted: bool,
    pub grafts: Grafts,
    pub grafted: usize,
    pub diverged: bool,
}

/// The wakeup sequences a job found for its node and those above, in the order they came,
/// each once: a race with a step above the branch is found again in execution after
/// execution (lockcounter: 99 % of them), and the search would ignore the repeats (the
/// first one is in the tree or asleep by then).
#[derive(Default)]
pub(super) struct Insertions {
    list: Vec<(usize, Vec<Step>)>,
    /// Indices into `list` by the hash of depth and sequence.
    index: FxHashMap<u64, Vec<usize>>,
}

impl Insertions {
    /// Records `seq` for the node at `depth` unless it was recorded already.
    pub fn record(&mut self, depth: usize, seq: Vec<&Step>) {
        let mut hasher = FxHasher::default();
        (depth, &seq).hash(&mut hasher);
        let Insertions { list, index } = self;
        let same = index.entry(hasher.finish()).or_default();
        if same.iter().any(|&i| list[i].0 == depth && list[i].1.iter().eq(seq.iter().copied())) {
            return;
        }
        same.push(list.len());
        list.push((depth, seq.into_iter().cloned().collect()));
    }
}

/// What the threads of one search share: jobs waiting for a thread, results waiting for
/// the explorer that gave the job out. Every explorer (the search's and the helpers') gives
/// out jobs, and one waiting for a result takes jobs meanwhile, so a long branch is split
/// among the threads instead of keeping the search waiting.
pub(super) struct Shared {
    state: Mutex<State>,
    changed: Condvar,
    /// Ends every helper (the search or its round is over).
    pub(super) cancel: Arc<AtomicBool>,
    /// With `--job-log`: where the jobs' takers go.
    log: Option<Arc<JobLog>>,
}

/// Job numbers, unique in the process: a job log tells the jobs of every round apart.
static NEXT_JOB: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// With a job log: the thread's number in it (0: the search's, n: helper n's).
    static THREAD: Cell<usize> = const { Cell::new(0) };
}

#[derive(Default)]
struct State {
    queue: VecDeque<Job>,
    results: FxHashMap<u64, JobResult>,
    /// Jobs cancelled while running: their results are dropped when they arrive.
    abandoned: FxHashSet<u64>,
    /// Threads with nothing to do: helpers without a job, explorers waiting for a result.
    idle: usize,
    /// Helper ranks of a cluster with nothing to do (see `remote.rs`).
    remote_idle: usize,
    closed: bool,
}

/// How the wait for a job's result ended.
enum Answer {
    Done(Box<JobResult>),
    /// No thread had taken the job yet: the explorer explores the branch itself.
    TakenBack,
    /// The exploration stops (or this explorer's own job was cancelled).
    Stopped,
}

/// An explorer's access to the helpers.
pub(super) struct Handle {
    shared: Arc<Shared>,
    /// Set when a job answered that it met symbolic inputs or the thread cap: this
    /// explorer gives out no more jobs.
    off: bool,
}

/// The helper threads of a search; dropping it ends them.
pub(super) struct Pool {
    pub(super) shared: Arc<Shared>,
    helpers: Vec<JoinHandle<()>>,
    /// With a cluster: the thread that gives jobs to the other ranks.
    dispatcher: Option<JoinHandle<()>>,
    /// What a helper started later needs.
    program: Arc<Program>,
    opts: Options,
    started: Instant,
}

impl Pool {
    /// Starts `n` helpers.
    pub fn new(program: Arc<Program>, opts: &Options, started: Instant, n: usize) -> Pool {
        let shared = Arc::new(Shared {
            state: Mutex::new(State::default()),
            changed: Condvar::new(),
            cancel: Arc::new(AtomicBool::new(false)),
            log: opts.job_log.clone(),
        });
        let opts = Options { progress: false, ..opts.clone() };
        let dispatcher = opts.cluster.clone().and_then(|cluster| {
            let (shared, settings) = (shared.clone(), super::remote::Settings::of(&opts));
            let spawned = std::thread::Builder::new()
                .name("ravel-dispatch".into())
                .spawn(move || super::remote::dispatch(&shared, &cluster, settings));
            spawned.ok()
        });
        let mut pool = Pool { shared, helpers: Vec::new(), dispatcher, program, opts, started };
        pool.grow_to(n);
        pool
    }

    /// Helpers it has.
    pub fn helpers(&self) -> usize {
        self.helpers.len()
    }

    /// Starts helpers until it has `n` (the cores a portfolio member beside the search ran
    /// on are free); they take jobs from the next ones given out.
    pub fn grow_to(&mut self, n: usize) {
        while self.helpers.len() < n {
            let (program, opts, shared, started) =
                (self.program.clone(), self.opts.clone(), self.shared.clone(), self.started);
            let number = self.helpers.len() + 1;
            // A helper re-executes paths as deep as the search's: the search's stack.
            let spawned = std::thread::Builder::new()
                .name("ravel-helper".into())
                .stack_size(crate::engine::SEARCH_STACK)
                .spawn(move || {
                    // Its own copy: the interpreter clones its program's `Arc` at every
                    // step, and on a shared one those counts (and the fields on their
                    // cache line) would bounce between the cores (lockcounter: 15 % more CPU).
                    let program = Arc::new(Program::clone(&program));
                    THREAD.set(number);
                    helper(program, opts, started, shared)
                });
            match spawned {
                Ok(h) => self.helpers.push(h),
                Err(_) => return,
            }
        }
    }

    /// An explorer's access to these helpers.
    pub fn handle(&self) -> Handle {
        Handle::new(self.shared.clone())
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.shared.cancel.store(true, Ordering::Relaxed);
        self.shared.lock().closed = true;
        self.shared.changed.notify_all();
        for h in self.helpers.drain(..).chain(self.dispatcher.take()) {
            let _ = h.join();
        }
    }
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        lock(&self.state)
    }

    /// Hands a job's result to the explorer that gave the job out.
    pub(super) fn deliver(&self, result: JobResult) {
        let mut state = self.lock();
        if !state.abandoned.remove(&result.id) {
            state.results.insert(result.id, result);
        }
        drop(state);
        self.changed.notify_all();
    }

    /// The next job waiting, for a helper rank; `None` when none waits.
    pub(super) fn pop_job(&self) -> Option<Job> {
        self.lock().queue.pop_front()
    }

    /// The job log, if one is kept.
    pub(super) fn log(&self) -> Option<&JobLog> {
        self.log.as_deref()
    }

    /// Notes in the job log that `by` took job `id`.
    fn taken(&self, id: u64, by: Taker) {
        if let Some(log) = &self.log {
            log.taken(id, by);
        }
    }

    /// Tells the explorers how many helper ranks would take a job now.
    pub(super) fn set_remote_idle(&self, n: usize) {
        self.lock().remote_idle = n;
    }

    /// Whether the search (or its round) is over.
    pub(super) fn over(&self) -> bool {
        self.cancel.load(Ordering::Relaxed) || self.lock().closed
    }

    /// Waits until something changes (a job is given out or cancelled), at most `patience`.
    pub(super) fn nap(&self, patience: std::time::Duration) {
        let state = self.lock();
        drop(self.changed.wait_timeout(state, patience).unwrap_or_else(|e| e.into_inner()));
    }

    /// The next job for an idle helper; `None` once the search is over.
    fn next_job(&self) -> Option<Job> {
        let mut state = self.lock();
        loop {
            if state.closed {
                return None;
            }
            if let Some(job) = state.queue.pop_front() {
                drop(state);
                self.taken(job.id, Taker::Thread(THREAD.get()));
                return Some(job);
            }
            state.idle += 1;
            state = self.changed.wait(state).unwrap_or_else(|e| e.into_inner());
            state.idle -= 1;
        }
    }
}

impl Handle {
    fn new(shared: Arc<Shared>) -> Handle {
        Handle { shared, off: false }
    }

    /// Whether job `id` has answered already.
    fn answered(&self, id: u64) -> bool {
        self.shared.lock().results.contains_key(&id)
    }

    /// Whether no job waits for a thread.
    fn nothing_queued(&self) -> bool {
        self.shared.lock().queue.is_empty()
    }

    /// Whether a thread would take a new job now.
    fn wanted(&self) -> bool {
        let state = self.shared.lock();
        !self.off && state.idle + state.remote_idle > state.queue.len()
    }

    fn submit(&self, job: Job) -> u64 {
        let id = job.id;
        let mut state = self.shared.lock();
        state.queue.push_back(job);
        drop(state);
        self.shared.changed.notify_all();
        id
    }

    /// Cancels the job of `spec`, whose branch changed (or whose explorer stopped).
    pub fn abandon(&self, spec: Speculation) {
        spec.cancel.store(true, Ordering::Relaxed);
        let mut state = self.shared.lock();
        let queued = state.queue.len();
        state.queue.retain(|j| j.id != spec.id);
        if state.queue.len() == queued && state.results.remove(&spec.id).is_none() {
            state.abandoned.insert(spec.id);
        }
        drop(state);
        self.shared.changed.notify_all();
    }

    /// Waits for the result of job `id`, running other jobs with `run` meanwhile; gives
    /// up when `stop` says so.
    fn wait(&self, id: u64, mut run: impl FnMut(Job) -> JobResult, stop: impl Fn() -> bool) -> Answer {
        let shared = &self.shared;
        let mut state = shared.lock();
        loop {
            if let Some(result) = state.results.remove(&id) {
                return Answer::Done(Box::new(result));
            }
            if let Some(at) = state.queue.iter().position(|j| j.id == id) {
                state.queue.remove(at);
                return Answer::TakenBack;
            }
            if state.closed || stop() {
                state.abandoned.insert(id);
                return Answer::Stopped;
            }
            if let Some(job) = state.queue.pop_front() {
                drop(state);
                shared.taken(job.id, Taker::Thread(THREAD.get()));
                shared.deliver(run(job));
                state = shared.lock();
                continue;
            }
            state.idle += 1;
            // Ctrl-C sets a flag without waking anybody: look again now and then.
            let timeout = std::time::Duration::from_millis(50);
            state = shared.changed.wait_timeout(state, timeout).unwrap_or_else(|e| e.into_inner()).0;
            state.idle -= 1;
        }
    }
}

fn helper(program: Arc<Program>, opts: Options, started: Instant, shared: Arc<Shared>) {
    // Made on the first job: a helper that never gets one costs no solver context.
    let mut explorer: Option<Explorer> = None;
    while let Some(job) = shared.next_job() {
        let explorer =
            explorer.get_or_insert_with(|| Explorer::helper(program.clone(), &opts, started, shared.cancel.clone()));
        shared.deliver(explorer.run_job_safely(job, &shared));
    }
}

impl JobResult {
    pub(super) fn unusable(id: u64) -> JobResult {
        JobResult {
            id,
            finished: false,
            union: None,
            insertions: Vec::new(),
            stats: Stats::default(),
            errors: Vec::new(),
            incomplete: None,
            unusable: true,
            exhausted: false,
            failed: false,
            grafted: 0,
            diverged: false,
        }
    }
}

impl<'a> Explorer<'a> {
    pub(super) fn helper(program: Arc<Program>, opts: &'a Options, started: Instant, cancel: Arc<AtomicBool>) -> Self {
        let mut explorer = Explorer::new(program.clone(), opts);
        // The executions run exactly as the search's do (`Explorer::new` adjusts them).
        let vm = explorer.cx.vm.clone();
        explorer.cx = crate::engine::Context::helper(program, opts, started, cancel);
        explorer.cx.vm = vm;
        explorer
    }

    /// Gives out the shallowest branches waiting on the current path (the largest
    /// subtrees: few jobs keep the threads busy) while some thread would take them; under
    /// an execution limit, only branches expected to end within a quarter of what it leaves
    /// (`branch_sizes`), since a job cut by the limit is of no use.
    pub(super) fn speculate(&mut self) {
        if self.searching_on_after_errors() {
            return;
        }
        let budget = self.cx.executions_left();
        let sizes = &self.branch_sizes;
        let eligible = |(depth, n): &(usize, &Node)| {
            n.speculations.first().is_none_or(|s| s.dead())
                && !n.wakeup.is_empty()
                && n.taken.as_ref().is_some_and(|t| t.variants.is_empty())
                && budget.is_none_or(|b| sizes.fits(*depth, b))
        };
        while self.pool.as_ref().is_some_and(Handle::wanted) && !self.capped {
            let found = self.path.iter().enumerate().find(eligible).map(|(depth, _)| depth);
            let Some(depth) = found else { return };
            let (job, assumed) = self.job_for(depth, 0);
            let spec = self.submit(job, assumed);
            let speculations = &mut self.path[depth].speculations;
            if speculations.is_empty() {
                speculations.push(spec);
            } else {
                // Its helper met a graft too late: the branch goes out again as it is now.
                let old = std::mem::replace(&mut speculations[0], spec);
                self.cx.stats.helper_abandoned += 1;
                if let Some(clock) = &self.clock {
                    clock.log.settled(old.id, "replaced", clock.own_work(), 0.0, 0.0);
                }
                self.pool.as_ref().expect("a pool").abandon(old);
            }
        }
    }

    /// Back at the node at `depth`, about to wait for the helper of its leftmost branch
    /// with nothing queued to run meanwhile: gives out the node's next branch after those
    /// given out (this thread takes it while it waits, instead of idling). Its job takes
    /// the steps of the branches before it as their sleep-set entries; `settle` checks that.
    fn speculate_behind(&mut self, depth: usize) {
        let node = &self.path[depth];
        // The leftmost branch's speculation is out of the list while it is settled.
        let index = node.speculations.len() + 1;
        let budget = self.cx.executions_left();
        let fits = budget.is_none_or(|b| self.branch_sizes.fits(depth, b));
        let idle = self.pool.as_ref().is_some_and(|p| !p.off && p.nothing_queued());
        if self.searching_on_after_errors() || self.capped || !fits || !idle || node.wakeup.branch(index).is_none() {
            return;
        }
        let (job, assumed) = self.job_for(depth, index);
        let spec = self.submit(job, assumed);
        self.path[depth].speculations.push(spec);
    }

    /// Whether the search goes on for a while after errors it found
    /// ([`crate::Options::further_errors`]): it then explores alone. Helpers lost there —
    /// on `check_trylock_poll.c` under `--interleave all`, where every execution fails,
    /// `-j 2` made 532 executions in 10 s against 38,882 with `-j 1` (why is not known
    /// yet; `--all-errors` and SV-COMP's property mode keep their helpers).
    fn searching_on_after_errors(&self) -> bool {
        !self.cx.errors.is_empty() && self.cx.opts.further_errors_budget().is_some()
    }

    fn submit(&self, mut job: Job, assumed: Vec<Step>) -> Speculation {
        job.id = NEXT_JOB.fetch_add(1, Ordering::Relaxed);
        if let Some(clock) = &self.clock {
            let (at, cpu) = (clock.own_work(), thread_cpu());
            let bytes = super::remote::job_bytes(&job, self.cx.opts);
            clock.logging.set(clock.logging.get() + thread_cpu() - cpu);
            clock.log.given_out(job.id, self.job.as_ref().map(|j| j.id), job.prefix.len(), at, bytes);
        }
        let (cancel, grafts) = (job.cancel.clone(), job.grafts.clone());
        let id = self.pool.as_ref().expect("a pool").submit(job);
        Speculation { id, cancel, grafts, sent: 0, assumed }
    }

    /// The job for the node's top-level branch at `index`, and the steps of the branches
    /// before it that its sleep set takes as explored.
    fn job_for(&self, depth: usize, index: usize) -> (Job, Vec<Step>) {
        let node = &self.path[depth];
        let prefix = self.path[..depth]
            .iter()
            .map(|n| {
                let taken = n.taken.as_ref().expect("path nodes have transitions");
                PrefixStep {
                    agent: taken.thread,
                    forced: taken.choices.iter().map(|(v, _)| *v).collect(),
                    runnable: n.runnable.clone(),
                }
            })
            .collect();
        let snapshot = (0..=depth).rev().find_map(|i| self.path[i].snapshot.as_deref());
        let races = snapshot.map_or_else(Vec::new, |run| run.infos.iter().map(|i| i.races.clone()).collect());
        let assumed: Vec<Step> = (0..index).filter_map(|i| node.wakeup.branch(i)).map(|(s, _)| s.clone()).collect();
        let in_progress = node.taken.as_ref().map(Taken::union);
        let sleep =
            node.sleep.iter().map(|s| (**s).clone()).chain(in_progress).chain(assumed.iter().cloned()).collect();
        let job = Job {
            id: 0,
            init: self.init_choices.iter().map(|(v, _)| *v).collect(),
            prefix,
            races,
            runnable: node.runnable.clone(),
            sleep,
            branch: node.wakeup.branch(index).expect("a waiting branch").clone(),
            thread_cap: self.thread_cap,
            budget: self.cx.executions_left(),
            cancel: Arc::new(AtomicBool::new(false)),
            grafts: Grafts::default(),
        };
        (job, assumed)
    }

    /// Back at the node at `depth` with its branch done: commits the speculation on its next
    /// branch if it still holds. Returns true when it did (the branch is then explored).
    pub(super) fn settle(&mut self, depth: usize) -> bool {
        if self.pool.is_none() || self.path[depth].speculations.is_empty() {
            return false;
        }
        let spec = self.path[depth].speculations.remove(0);
        let Some(clock) = &self.clock else { return self.settle_speculation(depth, spec).0 };
        let (id, at, before) = (spec.id, clock.own_work(), clock.time);
        let (committed, outcome) = self.settle_speculation(depth, spec);
        if let Some(clock) = self.clock.as_mut() {
            let (waited, commit) = (clock.time.waited - before.waited, clock.time.commits - before.commits);
            let at = clock.waiting_from.take().unwrap_or(at);
            clock.log.settled(id, outcome, at, waited, commit);
        }
        committed
    }

    /// [`Explorer::settle`] on the speculation taken from the node at `depth`; with what
    /// became of it, for a job log.
    fn settle_speculation(&mut self, depth: usize, spec: Speculation) -> (bool, &'static str) {
        let pool = self.pool.as_ref().expect("a pool");
        let node = &mut self.path[depth];
        // The branches before it were explored with variants: its job's sleep set is wrong.
        let explored = node.sleep.len().checked_sub(spec.assumed.len()).map(|from| &node.sleep[from..]);
        if explored.is_none_or(|e| !e.iter().map(|s| &**s).eq(spec.assumed.iter())) {
            self.cx.stats.helper_abandoned += 1;
            pool.abandon(spec);
            return (false, "sleep-set");
        }
        if !pool.answered(spec.id) {
            self.speculate_behind(depth);
        }
        let pool = self.pool.as_ref().expect("a pool");
        let shared = pool.shared.clone();
        let (program, opts, started) = (self.cx.program(), self.cx.opts, self.cx.started());
        let spare = &mut self.spare;
        // With a job log: the CPU and wall time the jobs run meanwhile took.
        let timing = self.clock.is_some();
        let (mut nested_cpu, mut nested_wall) = (0.0, std::time::Duration::ZERO);
        // While the branch's helper runs, this thread helps with the jobs given out.
        let run = |job: Job| {
            let nested = spare.get_or_insert_with(|| {
                Box::new(Explorer::helper(program.clone(), opts, started, shared.cancel.clone()))
            });
            let since = timing.then(|| (thread_cpu(), Instant::now()));
            let result = nested.run_job_safely(job, &shared);
            if let Some((cpu, wall)) = since {
                nested_cpu += thread_cpu() - cpu;
                nested_wall += wall.elapsed();
            }
            result
        };
        if let Some(clock) = self.clock.as_mut() {
            // After the job given out behind this one (`speculate_behind`).
            clock.waiting_from = Some(clock.own_work());
        }
        let cx = &self.cx;
        let waiting = timing.then(Instant::now);
        let answer = pool.wait(spec.id, run, || cx.cancelled());
        if let (Some(clock), Some(waiting)) = (self.clock.as_mut(), waiting) {
            clock.time.nested += nested_cpu;
            clock.time.waited += waiting.elapsed().saturating_sub(nested_wall).as_secs_f64();
        }
        let result = match answer {
            Answer::Done(result) => result,
            Answer::TakenBack => return (false, "taken-back"),
            Answer::Stopped => return (false, "stopped"),
        };
        if result.diverged || result.grafted != spec.sent {
            // The search added to the branch where the helper had been already.
            self.cx.stats.helper_abandoned += 1;
            return (false, "diverged");
        }
        if result.unusable {
            self.cx.stats.helper_failures += u64::from(result.failed);
            // Symbolic inputs or a thread cap: no more speculation from here this round.
            if let Some(pool) = self.pool.as_mut() {
                pool.off = true;
            }
            return (false, "unusable");
        }
        // The first error starts the bounded search for further errors at its own
        // execution, somewhere inside the branch: only the search knows where that ends
        // (committed whole, the bound would count from the branch's end instead).
        let first_error = self.cx.errors.is_empty() && !result.errors.is_empty();
        if first_error && self.cx.opts.further_errors_budget().is_some() {
            return (false, "first-error");
        }
        let usable = (result.finished || !result.errors.is_empty()) && !result.exhausted;
        // A round cut short by its thread cap, or an execution limit the branch would pass,
        // stops the search inside the branch: only the search itself knows where.
        let last_round = self.thread_cap == THREAD_CAPS[THREAD_CAPS.len() - 1];
        let beyond = self.cx.limit_reached_after(result.stats.explored());
        let cut = (self.capped && !last_round) || beyond.is_some();
        if !usable || cut {
            // The branch takes more executions than this helper's job has left (its budget
            // only shrank since it gave the branch out): the job cannot end within it, and
            // exploring the branch again here would only be undone by the search.
            let exhausted = result.exhausted || matches!(beyond, Some(Unknown::Executions(_)));
            if let Some(job) = self.job.as_mut().filter(|_| exhausted) {
                job.exhausted = true;
                self.halted = true;
                return (true, "exhausted");
            }
            return (false, "cut");
        }
        let commit_started = timing.then(thread_cpu);
        self.path[depth].wakeup.pop_first();
        for (at, seq) in &result.insertions {
            self.insert_wakeup(*at, seq.iter().collect());
        }
        if let Some(union) = result.union {
            self.path[depth].sleep.push(Rc::new(union));
        }
        let (mine, theirs) = (&mut self.cx.stats, &result.stats);
        mine.executions += theirs.executions;
        mine.blocked += theirs.blocked;
        mine.sleep_blocked += theirs.sleep_blocked;
        mine.infeasible_wakeups += theirs.infeasible_wakeups;
        mine.transitions += theirs.transitions;
        mine.work.add(&theirs.work);
        mine.helped += theirs.explored();
        self.branch_sizes.helped(depth, theirs.explored());
        mine.helper_failures += theirs.helper_failures;
        mine.helper_abandoned += theirs.helper_abandoned;
        mine.helper_grafts += theirs.helper_grafts + result.grafted as u64;
        if let Some(why) = result.incomplete {
            self.cx.note(why);
        }
        for error in result.errors {
            if self.cx.record_error(error) {
                self.halted = true;
                break;
            }
        }
        if let (Some(clock), Some(cpu)) = (self.clock.as_mut(), commit_started) {
            clock.time.commits += thread_cpu() - cpu;
        }
        (true, "committed")
    }

    /// While a helper re-executes the path: at the depth of the search's snapshot, the
    /// races its transitions carry there and a snapshot.
    fn prefix_snapshot(&self, run: &mut Run, at: usize, races: &mut Option<Vec<Vec<usize>>>) -> Option<Box<Run>> {
        if run.infos.len() != at {
            return None;
        }
        for (info, races) in run.infos.iter_mut().zip(races.take().unwrap_or_default()) {
            // The path's nodes share the transitions only for their steps, which stay.
            Rc::make_mut(info).races = races;
        }
        Some(Box::new(run.clone()))
    }

    /// Runs `job` with the helpers of `shared`; a helper that fails answers anyway, so
    /// that the branch is explored where the job came from.
    pub(super) fn run_job_safely(&mut self, job: Job, shared: &Arc<Shared>) -> JobResult {
        let id = job.id;
        self.cx.job_cancel = Some(job.cancel.clone());
        self.cx.job_budget = job.budget;
        self.pool = Some(Handle::new(shared.clone()));
        self.clock = self.cx.opts.job_log.clone().map(WorkClock::start);
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.run_job(job)));
        // Whatever this job gave out is of no use any more.
        let pool = self.pool.take().expect("a pool");
        for spec in self.path.iter_mut().flat_map(|n| n.speculations.drain(..)) {
            if let Some(clock) = &self.clock {
                clock.log.settled(spec.id, "giver-ended", clock.own_work(), 0.0, 0.0);
            }
            pool.abandon(spec);
        }
        let result = result.unwrap_or_else(|_| JobResult { failed: true, ..JobResult::unusable(id) });
        if let Some(clock) = self.clock.take() {
            let counts = (result.stats.explored(), result.stats.transitions);
            clock.log.finished(id, counts, Some(clock.stop()), super::remote::result_bytes(&result));
        }
        result
    }

    /// A helper's work: re-executes the path to the job's node and explores its branch.
    fn run_job(&mut self, job: Job) -> JobResult {
        self.thread_cap = job.thread_cap;
        self.capped = false;
        self.halted = false;
        self.cx.forget();
        self.cx.errors.clear();
        let (mut run, made) = self.new_run(&job.init);
        self.init_choices = made;
        self.path = Vec::with_capacity(job.prefix.len() + 1);
        // The one snapshot the search's replays below the node start from, as it is there:
        // so the helper re-executes (and counts) exactly what the search would.
        let at = job.races.len();
        let mut races = Some(job.races);
        for step in job.prefix {
            let snapshot = self.prefix_snapshot(&mut run, at, &mut races);
            self.path.push(Node { runnable: step.runnable, snapshot, ..Default::default() });
            let (info, choices) = self.execute(&mut run, step.agent, &step.forced, false);
            let taken = Taken::new(step.agent, choices, info, Vec::new());
            self.path.last_mut().expect("a node").taken = Some(taken);
        }
        let snapshot = self.prefix_snapshot(&mut run, at, &mut races);
        // Races of the path were reported where they were first found.
        run.races_found.clear();
        let floor = self.path.len();
        let mut wakeup = WakeupTree::from_branch(job.branch);
        wakeup.forget_growth();
        self.path.push(Node {
            runnable: job.runnable,
            sleep: job.sleep.into_iter().map(Rc::new).collect(),
            wakeup,
            snapshot,
            ..Default::default()
        });
        // The search counts what it explores below the node, not the way there.
        self.cx.stats = Stats::default();
        self.job = Some(JobState { id: job.id, floor, grafts: job.grafts, ..Default::default() });
        self.backtrack_all();
        let state = self.job.take().unwrap_or_default();
        JobResult {
            id: job.id,
            finished: state.finished,
            union: state.union,
            insertions: state.insertions.list,
            stats: std::mem::take(&mut self.cx.stats),
            errors: std::mem::take(&mut self.cx.errors),
            incomplete: self.cx.incomplete.take(),
            unusable: state.unusable || self.capped,
            exhausted: state.exhausted,
            failed: false,
            grafted: state.grafted,
            diverged: state.diverged,
        }
    }

    /// A helper between two executions: applies what the search added to its branch
    /// since. Returns false when an addition came too late (the job then stops).
    pub(super) fn receive_grafts(&mut self) -> bool {
        let Some(job) = self.job.as_mut() else { return true };
        let grafts = std::mem::take(&mut *lock(&job.grafts));
        job.grafted += grafts.len();
        let floor = job.floor;
        for graft in &grafts {
            if self.apply_graft(floor, graft).is_err() {
                let job = self.job.as_mut().expect("a job");
                job.diverged = true;
                self.halted = true;
                // The search may give the branch out again at once (`Speculation::dead`).
                if let Some(cancel) = &self.cx.job_cancel {
                    cancel.store(true, Ordering::Relaxed);
                }
                return false;
            }
        }
        true
    }

    /// Adds `graft` (its route starting at the node at `depth`) where the search added
    /// it: down the path while the route follows the branches in progress, then in the
    /// wakeup tree of the node where it leaves them. A graft under a branch given out
    /// again goes on to that branch's helper.
    fn apply_graft(&mut self, mut depth: usize, graft: &Graft) -> Result<(), ()> {
        let mut route = &graft.route[..];
        while let Some((thread, choices)) = route.first() {
            let in_progress = depth + 1 < self.path.len()
                && self.path[depth].taken.as_ref().is_some_and(|t| t.runs(*thread, choices));
            if !in_progress {
                break;
            }
            depth += 1;
            route = &route[1..];
        }
        let node = &mut self.path[depth];
        let under = node.wakeup.graft(route, &graft.chain)?;
        if let Some(spec) = under.and_then(|index| node.speculations.get_mut(index)) {
            spec.forward(Graft { route: route.to_vec(), chain: graft.chain.clone() });
        }
        Ok(())
    }
}
