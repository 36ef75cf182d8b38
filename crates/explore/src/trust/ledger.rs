//! What the subtrees of the parallel graph search (`steal.rs`) explored, merged in the
//! order one thread visits the graphs, so that the counts, the errors (and which of them
//! is reported), the reason a verdict is not `safe` and the execution limits are those
//! of `-j 1`.
//!
//! A task is a subtree: the root graph's, or a revisit a task gave away. A task gives
//! away the revisit it would explore last (the bottom of its stack), so everything it
//! explores after a gift comes before that gift in one thread's order: a task's own
//! graphs come first, then the subtrees it gave away, the last one first.

use super::imm::LoadBuffering;
use crate::engine::Context;
use crate::{FoundError, Unknown, Work};
use ravel_ir::SrcLoc;
use ravel_vm::ErrorKind;
use std::cmp::Ordering;
use std::collections::VecDeque;

/// What one graph's visit added to the counts.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Visit {
    pub executions: u64,
    pub blocked: u64,
    pub transitions: u64,
}

/// A task's place in one thread's order: the gifts from the root task to it, the giver's
/// `k`-th gift written `u32::MAX - k` (later gifts come first).
pub(super) type Key = Vec<u32>;

/// The order of visit `a.1` of the task at key `a.0` and visit `b.1` of the one at `b.0`
/// in one thread's search.
pub(super) fn order(a: (&[u32], u64), b: (&[u32], u64)) -> Ordering {
    if let Some((x, y)) = a.0.iter().zip(b.0).find(|(x, y)| x != y) {
        return x.cmp(y);
    }
    // A task's own visits come before the subtrees it gave away.
    a.0.len().cmp(&b.0.len()).then(a.1.cmp(&b.1))
}

/// One subtree and what its visits found, those not merged yet.
#[derive(Default)]
pub(super) struct Task {
    pub key: Key,
    parent: Option<usize>,
    /// Which of its giver's gifts it is.
    rank: usize,
    /// Its gifts, in the order given.
    gifts: Vec<usize>,
    /// The visits not merged yet, and how many were merged before them.
    pub visits: VecDeque<Visit>,
    merged: u64,
    /// By visit: the first error of each kind and places, the first reason the verdict is
    /// not `safe` (and the first abstraction, which any other reason replaces).
    pub errors: VecDeque<(u64, FoundError)>,
    seen: Vec<(ErrorKind, Vec<SrcLoc>)>,
    pub notes: VecDeque<(u64, Unknown)>,
    noted: [bool; 2],
    /// The visit after which one thread's search stops (an error it stops at, a reason
    /// that ends the search).
    pub stop: Option<u64>,
    pub finished: bool,
    /// What its explorer did, and saw of load buffering (IMM), once finished.
    pub work: Work,
    pub load_buffering: Option<LoadBuffering>,
}

impl Task {
    /// Takes another rank's record of this task's subtree (see [`Record`]): the task is
    /// finished.
    pub fn take_record(&mut self, record: Task) {
        let Task { visits, errors, notes, stop, work, .. } = record;
        (self.visits, self.errors, self.notes, self.stop, self.work) = (visits, errors, notes, stop, work);
        self.finished = true;
    }

    /// Records the next visit; returns its number in the task.
    pub fn record(&mut self, visit: Visit, errors: Vec<FoundError>, note: Option<Unknown>, stops: bool) -> u64 {
        let i = self.merged + self.visits.len() as u64;
        self.visits.push_back(visit);
        for found in errors {
            let id = (found.error.kind, found.error.places());
            if !self.seen.contains(&id) {
                self.seen.push(id);
                self.errors.push_back((i, found));
            }
        }
        if let Some(why) = note {
            let abstracted = matches!(why, Unknown::Abstracted(_)) as usize;
            if !std::mem::replace(&mut self.noted[abstracted], true) {
                self.notes.push_back((i, why));
            }
        }
        if stops {
            self.stop = Some(i);
        }
        i
    }
}

/// Where the merged visits go (the search's context): what the merge needs of it.
pub(super) trait Account {
    /// The limit reached before the next visit by the counts so far, if any.
    fn limit(&self) -> Option<Unknown>;
    fn note(&mut self, why: Unknown);
    /// The next visit (of a task taken from another thread: `taken`) with what it found,
    /// and whether one thread's search stops after it.
    fn visit(&mut self, taken: bool, visit: Visit, errors: Vec<FoundError>, note: Option<Unknown>, stops: bool);
    /// Shows how far the merge is.
    fn progress(&mut self) {}
}

impl Account for Context<'_> {
    fn limit(&self) -> Option<Unknown> {
        self.count_limit_reached()
    }

    fn note(&mut self, why: Unknown) {
        Context::note(self, why);
    }

    fn visit(&mut self, taken: bool, visit: Visit, errors: Vec<FoundError>, note: Option<Unknown>, _: bool) {
        // An error counts its execution, as `Context::record_error` sees it.
        self.stats.executions += visit.executions;
        for found in errors {
            self.record_error(found);
        }
        self.stats.blocked += visit.blocked;
        self.stats.transitions += visit.transitions;
        if taken {
            self.stats.helped += visit.executions + visit.blocked;
        }
        if let Some(why) = note {
            Context::note(self, why);
        }
    }

    fn progress(&mut self) {
        Context::progress(self);
    }
}

/// Every task, and how far their visits are merged.
pub(super) struct Ledger {
    pub tasks: Vec<Task>,
    /// The task whose visits are merged next (none: the merge ended).
    cursor: Option<usize>,
    /// Where one thread's search ends, once known: visits from there on are not needed.
    horizon: Option<(Key, u64)>,
}

impl Ledger {
    /// The ledger of a search that has only its root task.
    pub fn new() -> Self {
        Ledger { tasks: vec![Task::default()], cursor: Some(0), horizon: None }
    }

    /// A new task: a gift of task `giver`.
    pub fn give(&mut self, giver: usize) -> usize {
        let rank = self.tasks[giver].gifts.len();
        let mut key = self.tasks[giver].key.clone();
        key.push(u32::MAX - rank as u32);
        let task = self.tasks.len();
        self.tasks.push(Task { key, parent: Some(giver), rank, ..Task::default() });
        self.tasks[giver].gifts.push(task);
        task
    }

    /// Whether the merge ended: every graph merged, or where one thread stops.
    pub fn ended(&self) -> bool {
        self.cursor.is_none()
    }

    /// Whether one thread's search visits graph `i` of task `t` (as far as known).
    pub fn needed(&self, t: usize, i: u64) -> bool {
        let at = (self.tasks[t].key.as_slice(), i);
        !self.ended() && self.horizon.as_ref().is_none_or(|(key, j)| order(at, (key, *j)) == Ordering::Less)
    }

    /// One thread's search ends before visit `i` of task `t` (or earlier).
    pub fn stop_before(&mut self, t: usize, i: u64) {
        let key = &self.tasks[t].key;
        if self.needed(t, i) {
            self.horizon = Some((key.clone(), i));
        }
    }

    /// Whether task `t` is the one being merged.
    pub fn merging(&self, t: usize) -> bool {
        self.cursor == Some(t)
    }

    /// Every task ends where it is (the search was halted): what they explored is merged.
    pub fn finish_all(&mut self) {
        for task in &mut self.tasks {
            task.finished = true;
        }
    }

    /// Merges into `acct` the visits that come next in one thread's order, as that thread
    /// counts them, with its execution limits checked before each visit.
    pub fn merge(&mut self, acct: &mut impl Account) {
        while let Some(t) = self.cursor {
            let task = &mut self.tasks[t];
            while let Some(visit) = task.visits.pop_front() {
                let i = task.merged;
                if let Some(why) = acct.limit() {
                    acct.note(why);
                    return self.end_before(t, i);
                }
                task.merged += 1;
                let mut errors = Vec::new();
                while task.errors.front().is_some_and(|&(at, _)| at == i) {
                    errors.push(task.errors.pop_front().expect("one is there").1);
                }
                let note = task.notes.front().is_some_and(|&(at, _)| at == i).then(|| task.notes.pop_front());
                let stops = task.stop == Some(i);
                acct.visit(t != 0, visit, errors, note.flatten().map(|(_, why)| why), stops);
                if stops {
                    return self.end_before(t, i + 1);
                }
            }
            if !task.finished {
                return;
            }
            self.cursor = self.next(t);
        }
    }

    /// Whether any of task `t`'s visits were merged.
    pub fn touched(&self, t: usize) -> bool {
        self.tasks[t].merged > 0
    }

    fn end_before(&mut self, t: usize, i: u64) {
        self.stop_before(t, i);
        self.cursor = None;
    }

    /// The task after task `t`'s own visits: its last gift, or the next subtree after its.
    fn next(&self, t: usize) -> Option<usize> {
        if let Some(&last) = self.tasks[t].gifts.last() {
            return Some(last);
        }
        let mut t = t;
        loop {
            let task = &self.tasks[t];
            let giver = task.parent?;
            if task.rank > 0 {
                return Some(self.tasks[giver].gifts[task.rank - 1]);
            }
            t = giver;
        }
    }
}
