//! `--engine graph -j N`: N threads explore the tree of graphs a subtree at a time. Every
//! graph has a unique parent and its children follow from the graph alone, so subtrees
//! need nothing from each other: an idle thread asks, and a busy one, between two graphs,
//! gives away the revisit it would explore last (the shallowest of its stack) with a copy
//! of its graph; the taker explores that subtree alone and gives away from it in turn.
//! The ledger (`ledger.rs`) merges what the tasks found in one thread's order, on this
//! thread, which also ends the search where one thread would.

use super::graph::Graph;
use super::ledger::{Ledger, Visit};
use super::{Explorer, Revisit};
use crate::engine::{Context, SEARCH_STACK};
use crate::{FoundError, Outcome, Unknown};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// What the threads share.
struct Shared {
    state: Mutex<State>,
    /// Wakes idle threads (a gift, the end).
    gifts: Condvar,
    /// Wakes the merge (a task ended, the search stopped or was halted).
    merge: Condvar,
    /// Idle threads and gifts not taken yet, read between two graphs without the lock.
    idle: AtomicUsize,
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
struct Gift {
    task: usize,
    start: Option<(Graph, Revisit)>,
}

/// Explores every graph with `threads` threads; `root`'s context receives the merge.
pub(super) fn explore(root: Explorer<'_>, threads: usize) -> Outcome {
    let mut acct = root.cx;
    let mut load_buffering = root.load_buffering;
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
        untaken: AtomicUsize::new(1),
        cancel: Arc::new(AtomicBool::new(false)),
    };
    let (program, opts, started) = (acct.program(), acct.opts, acct.started());
    std::thread::scope(|s| {
        for n in 0..threads {
            let (shared, program) = (&shared, program.clone());
            let spawned = std::thread::Builder::new()
                .name(format!("ravel-graph-{n}"))
                .stack_size(SEARCH_STACK)
                .spawn_scoped(s, move || {
                    work(shared, || Context::helper(program.clone(), opts, started, shared.cancel.clone()))
                });
            spawned.expect("a search thread starts");
        }
        merge_until_over(&shared, &mut acct);
    });
    let mut state = lock(&shared);
    if let Some(why) = state.halted.take() {
        state.ledger.finish_all();
        state.ledger.merge(&mut acct);
        acct.note(why);
    }
    for t in 0..state.ledger.tasks.len() {
        let touched = state.ledger.touched(t);
        let task = &mut state.ledger.tasks[t];
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

fn lock(shared: &Shared) -> MutexGuard<'_, State> {
    shared.state.lock().unwrap_or_else(|e| e.into_inner())
}

/// Merges the tasks' visits as they come until the search is over, then ends the threads.
fn merge_until_over(shared: &Shared, acct: &mut Context) {
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
fn halts(why: &Unknown) -> bool {
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
            let stats = self.cx.stats.clone();
            let go_on = self.visit();
            let visit = Visit {
                executions: self.cx.stats.executions - stats.executions,
                blocked: self.cx.stats.blocked - stats.blocked,
                transitions: self.cx.stats.transitions - stats.transitions,
            };
            let errors: Vec<FoundError> = self.cx.errors.drain(..).collect();
            let note = self.cx.incomplete.take();
            if let Some(why) = note.as_ref().filter(|why| halts(why)) {
                return self.halt(shared, why.clone());
            }
            if !self.record(shared, task, (visit, errors, note), !go_on) || !go_on || !self.next() {
                return;
            }
            i += 1;
            if shared.idle.load(Ordering::Relaxed) > shared.untaken.load(Ordering::Relaxed) {
                if let Some(start) = self.give_away() {
                    give(shared, task, start);
                }
            }
        }
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

/// Task `giver` gives the subtree of `start` away.
fn give(shared: &Shared, giver: usize, start: (Graph, Revisit)) {
    let mut state = lock(shared);
    let task = state.ledger.give(giver);
    state.pool.push_back(Gift { task, start: Some(start) });
    shared.untaken.fetch_add(1, Ordering::Relaxed);
    drop(state);
    shared.gifts.notify_one();
}
