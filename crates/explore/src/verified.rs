//! The verified part of the schedule space as the dpor exploration proceeds, for
//! `ravel check --enforce-out` (Iteratively Relaxed Scheduling, Metzler et al.: a native
//! run may follow any verified trace prefix, and runs freely once it has completed a
//! prefix every extension of which was verified).
//!
//! Two kinds of *admissible prefixes* are collected:
//! - every execution that ended without error (a whole execution: nothing extends it);
//! - the path to a node of the depth-first search once the search has left it: every
//!   Mazurkiewicz class with a linearisation that starts with that path was then explored,
//!   inside the node's subtree or (the classes its sleep set excluded) in a subtree left
//!   earlier. Only when nothing the search met was left unverified (no error, no truncated
//!   or blocked execution, no imprecision): otherwise a class the sleep set excluded may be
//!   among the unverified ones.
//!
//! An entry whose schedule extends another's is dropped (a run following it follows the
//! shorter one too), so the set stays the frontier of the search: when the root is left
//! the set is one empty prefix, and nothing needs enforcing.

use ravel_vm::native_record::Named;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A transition of a schedule: the agent that ran and the choices it made.
pub type ScheduleStep = (usize, Vec<u64>);

/// One admissible prefix.
#[derive(Clone, Debug)]
pub struct Admissible {
    /// The choices made before the first scheduling point, then the transitions.
    pub init: Vec<u64>,
    pub schedule: Vec<ScheduleStep>,
    /// The execution the events come from; the prefix is its first `events` named events.
    pub named: Arc<Named>,
    pub events: usize,
    /// A whole execution (else a prefix all of whose extensions were verified).
    pub complete: bool,
}

impl Admissible {
    /// Whether `self` is `other` or extends it.
    fn extends(&self, other: &Admissible) -> bool {
        self.init == other.init
            && self.schedule.len() >= other.schedule.len()
            && self.schedule[..other.schedule.len()] == other.schedule[..]
    }
}

/// The admissible prefixes so far.
#[derive(Clone, Debug, Default)]
pub struct Verified {
    pub entries: Vec<Admissible>,
    /// Executions verified so far (equivalence classes, scouting runs included).
    pub classes: u64,
    /// Why the first execution that could not be used natively could not, if one could not.
    pub problems: Vec<String>,
}

impl Verified {
    /// Whether every schedule is verified (one prefix without events).
    pub fn everything(&self) -> bool {
        self.entries.iter().any(|e| e.events == 0 && !e.complete)
    }
}

/// Where the exploration hands its verified prefixes (the CLI writes them to a file).
#[derive(Clone)]
pub struct VerifiedSink(pub Arc<dyn Fn(&Verified) + Send + Sync>);

impl std::fmt::Debug for VerifiedSink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("VerifiedSink")
    }
}

/// How often the sink hears of a changed set at most (each call may write a file).
const CHECKPOINT: Duration = Duration::from_secs(1);

/// The latest verified execution of the search: its named events and, per transition, the
/// number of recorded entries after it (the prefix of a node it passed is a prefix of it).
pub(crate) struct LastExecution {
    pub named: Arc<Named>,
    pub recorded_after: Vec<usize>,
    pub init: Vec<u64>,
    pub schedule: Vec<ScheduleStep>,
}

/// The dpor explorer's bookkeeping of what is verified.
pub(crate) struct Tracker {
    sink: VerifiedSink,
    pub set: Verified,
    /// Whether subtrees may become admissible prefixes: races are reported (a race-free
    /// class runs natively as the interpreter ran it; a racy one may not, once free).
    prefixes: bool,
    /// Something met was not verified: no more prefixes from subtrees.
    pub tainted: bool,
    pub last: Option<LastExecution>,
    written: Option<Instant>,
    dirty: bool,
}

impl Tracker {
    pub fn new(sink: VerifiedSink, prefixes: bool) -> Tracker {
        Tracker { sink, set: Verified::default(), prefixes, tainted: false, last: None, written: None, dirty: false }
    }

    /// Adds `entry` unless an entry it extends is there; drops the entries that extend it.
    fn add(&mut self, entry: Admissible) {
        if self.set.entries.iter().any(|e| !e.complete && entry.extends(e)) {
            return;
        }
        self.set.entries.retain(|e| !e.extends(&entry));
        self.set.entries.push(entry);
        self.dirty = true;
    }

    /// An execution ended without error; `named` are its named events. Returns it for
    /// [`Tracker::last`] when it can be used natively.
    pub fn execution(&mut self, named: Named, init: Vec<u64>, schedule: Vec<ScheduleStep>) -> Option<Arc<Named>> {
        if !named.problems.is_empty() {
            if self.set.problems.is_empty() {
                self.set.problems = named.problems;
            }
            return None;
        }
        self.set.classes += 1;
        let named = Arc::new(named);
        let events = named.events.len();
        self.add(Admissible { init, schedule, named: named.clone(), events, complete: true });
        self.checkpoint(false);
        Some(named)
    }

    /// The search left the node after the first `depth` transitions of the latest
    /// execution: every extension of that prefix is verified, unless something was not.
    pub fn subtree_done(&mut self, depth: usize) {
        if !self.prefixes || self.tainted {
            return;
        }
        let Some(last) = &self.last else { return };
        let events = match depth.checked_sub(1) {
            None => 0,
            Some(d) => match last.recorded_after.get(d) {
                Some(&r) => last.named.upto(r),
                None => return,
            },
        };
        let entry = Admissible {
            init: last.init.clone(),
            schedule: last.schedule[..depth.min(last.schedule.len())].to_vec(),
            named: last.named.clone(),
            events,
            complete: false,
        };
        self.add(entry);
        self.checkpoint(false);
    }

    /// Hands the set to the sink if it changed (at most every [`CHECKPOINT`], unless
    /// `now`).
    pub fn checkpoint(&mut self, now: bool) {
        if !self.dirty || !(now || self.written.is_none_or(|w| w.elapsed() >= CHECKPOINT)) {
            return;
        }
        (self.sink.0)(&self.set);
        self.written = Some(Instant::now());
        self.dirty = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(schedule: &[usize], complete: bool) -> Admissible {
        Admissible {
            init: Vec::new(),
            schedule: schedule.iter().map(|&t| (t, Vec::new())).collect(),
            named: Arc::new(Named::default()),
            events: schedule.len(),
            complete,
        }
    }

    fn tracker() -> Tracker {
        Tracker::new(VerifiedSink(Arc::new(|_| {})), true)
    }

    #[test]
    fn a_finished_subtree_replaces_the_executions_below_it() {
        let mut t = tracker();
        t.add(entry(&[0, 1, 2], true));
        t.add(entry(&[0, 2, 1], true));
        t.add(entry(&[1, 0], true));
        t.add(entry(&[0], false));
        let left: Vec<_> = t.set.entries.iter().map(|e| e.schedule.len()).collect();
        assert_eq!(left, [2, 1]);
        // An execution below an admissible prefix adds nothing.
        t.add(entry(&[0, 3], true));
        assert_eq!(t.set.entries.len(), 2);
    }
}
