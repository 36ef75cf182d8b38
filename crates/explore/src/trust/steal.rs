//! `--engine graph -j N`: N threads explore the tree of graphs a subtree at a time. Every
//! graph has a unique parent and its children follow from the graph alone, so subtrees
//! need nothing from each other: an idle thread asks, and a busy one, between two graphs,
//! gives away the revisit it would explore last (the shallowest of its stack) with a copy
//! of its graph; the taker explores that subtree alone and gives away from it in turn.
//! The ledger (`ledger.rs`) merges what the tasks found in one thread's order, on this
//! thread, which also ends the search where one thread would. Under MPI, rank 0's
//! dispatcher (`remote.rs`) gives gifts to the threads of the other ranks too, and takes
//! theirs.

use super::graph::Graph;
use super::ledger::{Account, Ledger, Task, Visit};
use super::{Explorer, Revisit};
use crate::engine::{Context, SEARCH_STACK};
use crate::{Cluster, FoundError, Options, Outcome, Unknown};
use ravel_ir::Program;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// What the threads share.
pub(super) struct Shared {
    state: Mutex<State>,
    /// Wakes idle threads (a gift, the end).
    gifts: Condvar,
    /// Wakes the merge (a task ended, the search stopped or was halted).
    merge: Condvar,
    /// Idle threads (and ranks) and gifts not taken yet, read between two graphs without
    /// the lock.
    idle: AtomicUsize,
    idle_ranks: AtomicUsize,
    untaken: AtomicUsize,
    /// Set when the search ends: executions under way stop.
    cancel: Arc<AtomicBool>,
}

struct State {
    ledger: Ledger,
    pool: VecDeque<Gift>,
    /// Why the search stopped wherever it stood (time, memory, interruption).
    halted: Option<Unknown>,
    /// Tasks being explored.
    running: usize,
}

impl State {
    fn over(&self) -> bool {
        self.ledger.ended() || self.halted.is_some()
    }
}

/// A task waiting for a thread: the root graph, or a revisit of a graph.
pub(super) struct Gift {
    pub task: usize,
    pub start: Option<(Graph, Revisit)>,
}

/// What a search on several threads explores with.
struct Search<'o> {
    program: Arc<Program>,
    opts: &'o Options,
    started: std::time::Instant,
    threads: usize,
}

/// What gives gifts to the other ranks of the cluster while the threads search
/// (`remote::dispatch`).
pub(super) type Dispatcher = fn(&Shared, &Cluster, &Options);

/// Explores every graph with `threads` threads (and, with `ranks`, the other ranks of the
/// cluster); `root`'s context receives the merge.
pub(super) fn explore(root: Explorer<'_>, threads: usize, ranks: Option<Dispatcher>) -> Outcome {
    let mut acct = root.cx;
    let mut load_buffering = root.load_buffering;
    let search = Search { program: acct.program(), opts: acct.opts, started: acct.started(), threads };
    let cluster = acct.opts.cluster.clone();
    let ranks = cluster.as_deref().zip(ranks);
    let mut ledger = search.run(&mut acct, ranks);
    for t in 0..ledger.tasks.len() {
        let touched = ledger.touched(t);
        let task = &mut ledger.tasks[t];
        acct.stats.work.add(&task.work);
        if let (Some(all), Some(lb), true) = (&mut load_buffering, task.load_buffering.take(), touched) {
            all.merge(lb);
        }
    }
    if load_buffering.as_ref().is_some_and(super::imm::LoadBuffering::possible) {
        acct.note(Unknown::LoadBuffering);
    }
    acct.into_outcome(Vec::new())
}

impl Search<'_> {
    /// Explores every graph, merging into `acct`; the tasks. A halted search (time,
    /// memory, interruption) merges what was explored, then notes why.
    fn run(&self, acct: &mut impl Account, ranks: Option<(&Cluster, Dispatcher)>) -> Ledger {
        let shared = Shared {
            state: Mutex::new(State {
                ledger: Ledger::new(),
                pool: VecDeque::from([Gift { task: 0, start: None }]),
                halted: None,
                running: 0,
            }),
            gifts: Condvar::new(),
            merge: Condvar::new(),
            idle: AtomicUsize::new(0),
            idle_ranks: AtomicUsize::new(0),
            untaken: AtomicUsize::new(1),
            cancel: Arc::default(),
        };
        let (opts, started) = (self.opts, self.started);
        std::thread::scope(|s| {
            for n in 0..self.threads {
                let (shared, program) = (&shared, self.program.clone());
                let spawned = std::thread::Builder::new()
                    .name(format!("ravel-graph-{n}"))
                    .stack_size(SEARCH_STACK)
                    .spawn_scoped(s, move || {
                        work(shared, || Context::helper(program.clone(), opts, started, shared.cancel.clone()))
                    });
                spawned.expect("a search thread starts");
            }
            if let Some((cluster, dispatch)) = ranks {
                let shared = &shared;
                let spawned = std::thread::Builder::new()
                    .name("ravel-graph-ranks".into())
                    .spawn_scoped(s, move || dispatch(shared, cluster, opts));
                spawned.expect("the dispatcher starts");
            }
            merge_until_over(&shared, acct);
        });
        let mut state = shared.state.into_inner().unwrap_or_else(|e| e.into_inner());
        if let Some(why) = state.halted.take() {
            state.ledger.finish_all();
            state.ledger.merge(acct);
            acct.note(why);
        }
        state.ledger
    }
}

fn lock(shared: &Shared) -> MutexGuard<'_, State> {
    shared.state.lock().unwrap_or_else(|e| e.into_inner())
}

impl Shared {
    /// Whether the search is over (merged to its end, or halted).
    pub fn over(&self) -> bool {
        lock(self).over()
    }

    /// A gift of a revisit for another rank, if one waits; `idle` ranks want one (the
    /// threads give more while they do).
    pub fn take_for_rank(&self, idle: usize) -> Option<Gift> {
        self.idle_ranks.store(idle, Ordering::Relaxed);
        let mut state = lock(self);
        if idle == 0 || state.over() {
            return None;
        }
        let at = state.pool.iter().position(|g| g.start.is_some())?;
        let gift = state.pool.remove(at).expect("it is there");
        self.untaken.fetch_sub(1, Ordering::Relaxed);
        state.running += 1;
        Some(gift)
    }

    /// A gift a rank could not be sent goes back to the pool.
    pub fn give_back(&self, gift: Gift) {
        let mut state = lock(self);
        state.pool.push_front(gift);
        state.running -= 1;
        self.untaken.fetch_add(1, Ordering::Relaxed);
        drop(state);
        self.gifts.notify_one();
    }

    /// Task `task`'s rank never answered: it ends with what it had (nothing).
    pub fn abandon(&self, task: usize) {
        let mut state = lock(self);
        state.ledger.tasks[task].finished = true;
        state.running -= 1;
        drop(state);
        self.merge.notify_one();
    }

    /// Threads and ranks waiting for a gift, beyond the gifts waiting for them.
    pub fn hungry(&self) -> usize {
        let idle = self.idle.load(Ordering::Relaxed) + self.idle_ranks.load(Ordering::Relaxed);
        idle.saturating_sub(self.untaken.load(Ordering::Relaxed))
    }

    /// Whether any of task `task`'s graphs may still be needed.
    pub fn needed(&self, task: usize) -> bool {
        lock(self).ledger.needed(task, 0)
    }

    /// Another rank's record of task `task`'s subtree, or, with `halted`, of the part it
    /// explored before it had to stop for that reason (which stops this search too).
    pub fn answered(&self, task: usize, record: Task, halted: Option<Unknown>) {
        let mut state = lock(self);
        state.ledger.tasks[task].take_record(record);
        state.running -= 1;
        if let Some(why) = halted.filter(halts) {
            if !state.over() {
                state.halted = Some(why);
                self.cancel.store(true, Ordering::Relaxed);
                self.gifts.notify_all();
            }
        }
        drop(state);
        self.merge.notify_one();
    }
}

/// Merges the tasks' visits as they come until the search is over, then ends the threads.
fn merge_until_over(shared: &Shared, acct: &mut impl Account) {
    let mut state = lock(shared);
    loop {
        state.ledger.merge(acct);
        acct.progress();
        if state.ledger.ended() || (state.halted.is_some() && state.running == 0) {
            break;
        }
        // The merge also finds where an execution limit stops the search: every so often
        // while the task it merges goes on.
        state = shared.merge.wait_timeout(state, Duration::from_millis(10)).unwrap_or_else(|e| e.into_inner()).0;
    }
    shared.cancel.store(true, Ordering::Relaxed);
    drop(state);
    shared.gifts.notify_all();
}

/// One thread: takes gifts and explores them until the search is over.
fn work<'a>(shared: &Shared, context: impl Fn() -> Context<'a>) {
    while let Some(gift) = take(shared) {
        let mut explorer = Explorer::with_context(context());
        if let Some((graph, item)) = gift.start {
            explorer.take_over(graph, item);
            explorer.explore_task(shared, gift.task, true);
        } else {
            explorer.explore_task(shared, gift.task, false);
        }
        let mut state = lock(shared);
        let task = &mut state.ledger.tasks[gift.task];
        task.finished = true;
        task.work = std::mem::take(&mut explorer.cx.stats.work);
        task.load_buffering = explorer.load_buffering.take();
        state.running -= 1;
        drop(state);
        shared.merge.notify_one();
    }
}

/// The next gift, waiting for one; none once the search is over.
fn take(shared: &Shared) -> Option<Gift> {
    let mut state = lock(shared);
    loop {
        if state.over() {
            return None;
        }
        if let Some(gift) = state.pool.pop_front() {
            shared.untaken.fetch_sub(1, Ordering::Relaxed);
            state.running += 1;
            return Some(gift);
        }
        shared.idle.fetch_add(1, Ordering::Relaxed);
        state = shared.gifts.wait(state).unwrap_or_else(|e| e.into_inner());
        shared.idle.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Whether a limit stops the whole search wherever it stands, not at a place in one
/// thread's order.
pub(super) fn halts(why: &Unknown) -> bool {
    matches!(why, Unknown::Time | Unknown::Memory(_) | Unknown::Interrupted)
}

impl Explorer<'_> {
    /// Explores task `task` (its first revisit first, when `revisit`), recording each
    /// visit, giving revisits away to idle threads, until it is done or not needed.
    fn explore_task(&mut self, shared: &Shared, task: usize, revisit: bool) {
        if revisit && !self.next() {
            return;
        }
        let mut i = 0;
        loop {
            if !lock(shared).ledger.needed(task, i) {
                return;
            }
            // Beyond its execution limit a task is past where one thread would stop.
            if let Some(why) = self.cx.limit_reached() {
                return self.halt(shared, why);
            }
            let (visit, go_on) = self.recorded_visit();
            if let Some(why) = visit.2.as_ref().filter(|why| halts(why)) {
                return self.halt(shared, why.clone());
            }
            if !self.record(shared, task, visit, !go_on) || !go_on || !self.next() {
                return;
            }
            i += 1;
            let idle = shared.idle.load(Ordering::Relaxed) + shared.idle_ranks.load(Ordering::Relaxed);
            if idle > shared.untaken.load(Ordering::Relaxed) {
                if let Some(start) = self.give_away() {
                    give(shared, task, start);
                }
            }
        }
    }

    /// Visits the current graph (see [`Explorer::visit`]): what it added to the counts,
    /// its errors and the reason it noted (each visit's own: nothing is deduplicated
    /// here), and whether the search goes on.
    pub(super) fn recorded_visit(&mut self) -> ((Visit, Vec<FoundError>, Option<Unknown>), bool) {
        let stats = self.cx.stats.clone();
        let go_on = self.visit();
        let visit = Visit {
            executions: self.cx.stats.executions - stats.executions,
            blocked: self.cx.stats.blocked - stats.blocked,
            transitions: self.cx.stats.transitions - stats.transitions,
        };
        let errors: Vec<FoundError> = self.cx.errors.drain(..).collect();
        ((visit, errors, self.cx.incomplete.take()), go_on)
    }

    /// Records a visit of task `task`; whether the task goes on.
    fn record(
        &self,
        shared: &Shared,
        task: usize,
        (visit, errors, note): (Visit, Vec<FoundError>, Option<Unknown>),
        stops: bool,
    ) -> bool {
        let mut state = lock(shared);
        let i = state.ledger.tasks[task].record(visit, errors, note, stops);
        if stops {
            state.ledger.stop_before(task, i + 1);
        }
        let merging = state.ledger.merging(task);
        let go_on = state.ledger.needed(task, i + 1);
        drop(state);
        if stops && merging {
            shared.merge.notify_one();
        }
        go_on
    }

    /// Stops the whole search for `why`, unless it ended already or `why` is a limit of
    /// this task's own count.
    fn halt(&self, shared: &Shared, why: Unknown) {
        if !halts(&why) {
            return;
        }
        let mut state = lock(shared);
        if state.over() {
            return;
        }
        state.halted = Some(why);
        drop(state);
        shared.cancel.store(true, Ordering::Relaxed);
        shared.merge.notify_one();
        shared.gifts.notify_all();
    }
}

/// Task `giver` gives the subtree of `start` away (a thread's task, or one explored on
/// another rank).
pub(super) fn give(shared: &Shared, giver: usize, start: (Graph, Revisit)) {
    let mut state = lock(shared);
    let task = state.ledger.give(giver);
    state.pool.push_back(Gift { task, start: Some(start) });
    shared.untaken.fetch_add(1, Ordering::Relaxed);
    drop(state);
    shared.gifts.notify_one();
}
