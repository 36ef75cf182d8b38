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
//! those, and the search then cancels the helper's job (a new one may start on the
//! changed branch).
//! Counts, verdicts and witnesses are therefore those of `-j 1`.
//!
//! Helpers do not speculate on executions with symbolic inputs (a solver's answers may
//! depend on its history), with `--enforce-out`, the test collection or an execution
//! sink (`ravel schedules`; all follow the search's order), or in a round cut short by a
//! thread cap.

use super::{Explorer, Node, Run, Step, Taken, WakeupTree};
use crate::{FoundError, Options, Stats, Unknown};
use ravel_ir::Program;
use rustc_hash::{FxHashMap, FxHashSet};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;

/// A branch for a helper: everything it needs to explore the branch's subtree exactly as
/// the search would.
pub(super) struct Job {
    id: u64,
    init: Vec<u64>,
    /// The steps to the node, each with the agents runnable before it.
    prefix: Vec<PrefixStep>,
    /// The races of the first transitions as the search's replay to the node keeps them
    /// (those of the snapshot it starts from; the re-executed ones have none).
    races: Vec<Vec<usize>>,
    /// Agents runnable at the node, its sleep set, the branch and the thread cap.
    runnable: Vec<usize>,
    sleep: Vec<Step>,
    branch: (Step, WakeupTree),
    thread_cap: usize,
    /// Set when the branch changed: the job is of no use any more.
    cancel: Arc<AtomicBool>,
}

struct PrefixStep {
    agent: usize,
    forced: Vec<u64>,
    runnable: Vec<usize>,
}

/// What a helper found in a branch's subtree.
pub(super) struct JobResult {
    id: u64,
    /// The subtree was explored to its end (or to the error that stops the search).
    finished: bool,
    /// The branch's step with its explored choice variants, for the node's sleep set
    /// (none when the branch could not be followed).
    union: Option<Step>,
    /// Wakeup sequences for the node and those above it, in the order they came.
    insertions: Vec<(usize, Vec<Step>)>,
    stats: Stats,
    errors: Vec<FoundError>,
    incomplete: Option<Unknown>,
    /// The subtree reached the round's thread cap, or symbolic inputs.
    unusable: bool,
}

/// A branch a helper is exploring: its job.
#[derive(Clone, Debug)]
pub(super) struct Speculation {
    id: u64,
    cancel: Arc<AtomicBool>,
}

/// The helper side of a job while it runs.
#[derive(Default)]
pub(super) struct JobState {
    pub floor: usize,
    pub insertions: Vec<(usize, Vec<Step>)>,
    pub union: Option<Step>,
    pub finished: bool,
    pub unusable: bool,
}

/// The helper threads of a search.
pub(super) struct Pool {
    jobs: Option<Sender<Job>>,
    results: Receiver<JobResult>,
    helpers: Vec<JoinHandle<()>>,
    cancel: Arc<AtomicBool>,
    outstanding: usize,
    next_id: u64,
    arrived: FxHashMap<u64, JobResult>,
    /// Jobs cancelled: their results are dropped when they arrive.
    abandoned: FxHashSet<u64>,
}

impl Pool {
    /// Starts `n` helpers (none when the program cannot be shared between threads).
    pub fn new(program: Arc<Program>, opts: &Options, started: Instant, n: usize) -> Pool {
        let (jobs, job_queue) = channel::<Job>();
        let (done, results) = channel();
        let job_queue = Arc::new(Mutex::new(job_queue));
        let cancel = Arc::new(AtomicBool::new(false));
        let opts = Options { progress: false, ..opts.clone() };
        let helpers = (0..n)
            .map(|_| {
                let (program, opts, cancel) = (program.clone(), opts.clone(), cancel.clone());
                let (job_queue, done) = (job_queue.clone(), done.clone());
                std::thread::spawn(move || helper(program, opts, started, cancel, job_queue, done))
            })
            .collect();
        Pool {
            jobs: Some(jobs),
            results,
            helpers,
            cancel,
            outstanding: 0,
            next_id: 0,
            arrived: FxHashMap::default(),
            abandoned: FxHashSet::default(),
        }
    }

    /// Whether a helper is free, taking in the results that arrived.
    fn idle(&mut self) -> bool {
        while let Ok(result) = self.results.try_recv() {
            self.take_in(result);
        }
        self.outstanding < self.helpers.len()
    }

    fn take_in(&mut self, result: JobResult) {
        self.outstanding -= 1;
        if !self.abandoned.remove(&result.id) {
            self.arrived.insert(result.id, result);
        }
    }

    /// Cancels the job of `spec`, whose branch changed.
    pub fn abandon(&mut self, spec: Speculation) {
        spec.cancel.store(true, Ordering::Relaxed);
        if self.arrived.remove(&spec.id).is_none() {
            self.abandoned.insert(spec.id);
        }
    }

    fn submit(&mut self, mut job: Job) -> u64 {
        job.id = self.next_id;
        self.next_id += 1;
        self.outstanding += 1;
        let id = job.id;
        if let Some(jobs) = &self.jobs {
            // A helper that died (a panic) leaves its job unanswered: `wait` notices.
            let _ = jobs.send(job);
        }
        id
    }

    /// The result of job `id`, waiting for it; `None` if no helper can answer any more.
    fn wait(&mut self, id: u64) -> Option<JobResult> {
        while !self.arrived.contains_key(&id) {
            let result = self.results.recv().ok()?;
            self.take_in(result);
        }
        self.arrived.remove(&id)
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
        self.jobs = None;
        for h in self.helpers.drain(..) {
            let _ = h.join();
        }
    }
}

fn helper(
    program: Arc<Program>,
    opts: Options,
    started: Instant,
    cancel: Arc<AtomicBool>,
    jobs: Arc<Mutex<Receiver<Job>>>,
    results: Sender<JobResult>,
) {
    // Made on the first job: a helper that never gets one costs no solver context.
    let mut explorer: Option<Explorer> = None;
    loop {
        let job = match jobs.lock() {
            Ok(queue) => queue.recv(),
            Err(_) => return,
        };
        let Ok(job) = job else { return };
        let id = job.id;
        let explorer =
            explorer.get_or_insert_with(|| Explorer::helper(program.clone(), &opts, started, cancel.clone()));
        explorer.cx.job_cancel = Some(job.cancel.clone());
        // A helper that fails answers anyway, so that the search explores the branch itself.
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| explorer.run_job(job)));
        let result = result.unwrap_or_else(|_| JobResult::unusable(id));
        if results.send(result).is_err() {
            return;
        }
    }
}

impl JobResult {
    fn unusable(id: u64) -> JobResult {
        JobResult {
            id,
            finished: false,
            union: None,
            insertions: Vec::new(),
            stats: Stats::default(),
            errors: Vec::new(),
            incomplete: None,
            unusable: true,
        }
    }
}

impl<'a> Explorer<'a> {
    fn helper(program: Arc<Program>, opts: &'a Options, started: Instant, cancel: Arc<AtomicBool>) -> Self {
        let mut explorer = Explorer::new(program.clone(), opts);
        // The executions run exactly as the search's do (`Explorer::new` adjusts them).
        let vm = explorer.cx.vm.clone();
        explorer.cx = crate::engine::Context::helper(program, opts, started, cancel);
        explorer.cx.vm = vm;
        explorer
    }

    /// Starts helpers on the shallowest branches waiting on the current path, while some
    /// are idle.
    pub(super) fn speculate(&mut self) {
        let Some(pool) = &mut self.pool else { return };
        if !pool.idle() || self.capped {
            return;
        }
        let eligible = |n: &Node| {
            n.speculation.is_none() && !n.wakeup.is_empty() && n.taken.as_ref().is_some_and(|t| t.variants.is_empty())
        };
        let Some(depth) = self.path.iter().position(eligible) else { return };
        let job = self.job_for(depth);
        let cancel = job.cancel.clone();
        let pool = self.pool.as_mut().expect("a pool");
        let id = pool.submit(job);
        self.path[depth].speculation = Some(Speculation { id, cancel });
        self.speculate();
    }

    fn job_for(&self, depth: usize) -> Job {
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
        let taken = node.taken.as_ref().expect("a branch in progress");
        let sleep = node.sleep.iter().map(|s| (**s).clone()).chain([taken.union.clone()]).collect();
        Job {
            id: 0,
            init: self.init_choices.iter().map(|(v, _)| *v).collect(),
            prefix,
            races,
            runnable: node.runnable.clone(),
            sleep,
            branch: node.wakeup.first().expect("a waiting branch").clone(),
            thread_cap: self.thread_cap,
            cancel: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Back at the node at `depth` with its branch done: commits the speculation on its next
    /// branch if it still holds. Returns true when it did (the branch is then explored).
    pub(super) fn settle(&mut self, depth: usize) -> bool {
        let Some(spec) = self.path[depth].speculation.take() else { return false };
        let Some(result) = self.pool.as_mut().and_then(|p| p.wait(spec.id)) else {
            self.pool = None;
            return false;
        };
        if result.unusable {
            // Symbolic inputs or a thread cap: no more speculation this round.
            self.pool = None;
            return false;
        }
        let usable = result.finished || !result.errors.is_empty();
        // A round cut short by its thread cap, or an execution limit the branch would pass,
        // stops the search inside the branch: only the search itself knows where.
        let last_round = self.thread_cap == super::THREAD_CAPS[super::THREAD_CAPS.len() - 1];
        let cut = (self.capped && !last_round) || self.cx.limit_reached_after(result.stats.explored()).is_some();
        if !usable || cut {
            return false;
        }
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
        mine.helped += theirs.explored();
        if let Some(why) = result.incomplete {
            self.cx.note(why);
        }
        for error in result.errors {
            if self.cx.record_error(error) {
                self.halted = true;
                break;
            }
        }
        true
    }

    /// While a helper re-executes the path: at the depth of the search's snapshot, the
    /// races its transitions carry there and a snapshot.
    fn prefix_snapshot(&self, run: &mut Run, at: usize, races: &mut Option<Vec<Vec<usize>>>) -> Option<Box<Run>> {
        if run.infos.len() != at {
            return None;
        }
        for (info, races) in run.infos.iter_mut().zip(races.take().unwrap_or_default()) {
            Rc::get_mut(info).expect("transitions of a fresh execution are not shared").races = races;
        }
        Some(Box::new(run.clone()))
    }

    /// A helper's work: re-executes the path to the job's node and explores its branch.
    fn run_job(&mut self, job: Job) -> JobResult {
        self.thread_cap = job.thread_cap;
        self.capped = false;
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
            let (union, choices) = self.execute(&mut run, step.agent, &step.forced, false);
            let taken = Taken { thread: step.agent, choices, union, variants: Vec::new() };
            self.path.last_mut().expect("a node").taken = Some(taken);
        }
        let snapshot = self.prefix_snapshot(&mut run, at, &mut races);
        // Races of the path were reported where they were first found.
        run.races_found.clear();
        let floor = self.path.len();
        self.path.push(Node {
            runnable: job.runnable,
            sleep: job.sleep.into_iter().map(Rc::new).collect(),
            wakeup: WakeupTree::from_branch(job.branch),
            snapshot,
            ..Default::default()
        });
        // The search counts what it explores below the node, not the way there.
        self.cx.stats = Stats::default();
        self.job = Some(JobState { floor, ..Default::default() });
        self.backtrack_all();
        let state = self.job.take().unwrap_or_default();
        JobResult {
            id: job.id,
            finished: state.finished,
            union: state.union,
            insertions: state.insertions,
            stats: std::mem::take(&mut self.cx.stats),
            errors: std::mem::take(&mut self.cx.errors),
            incomplete: self.cx.incomplete.take(),
            unusable: state.unusable || self.capped,
        }
    }
}
