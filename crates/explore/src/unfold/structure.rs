//! The unfolding: a prime event structure built from the program's runs.
//!
//! It is the unfolding of a net whose places are the threads and the objects events touch
//! (a mutex, a condition variable, an atomic word, a thread's termination, the shared path
//! constraint of symbolic inputs). Every event consumes the current token of each place it
//! touches and puts back a new one, so events on a common place are ordered in every
//! configuration: that is the dependency relation (for locks exactly the acquisition
//! order). A *condition* is a token: a place and the event that produced it. Two events
//! consuming the same condition are in immediate conflict; an event's causes are the
//! producers of its conditions. An event is named by its thread, its conditions and the
//! choices made inside it, so every run that reaches it finds the same event.

use super::order::Rank;
pub(crate) use crate::exec::Place;
use rustc_hash::FxHashMap;
use std::hash::{Hash, Hasher};

/// Index of an event in [`Unfolding::events`]; causes always have smaller indices, so
/// sorting a causally closed set by index gives a valid execution order.
pub type EvId = u32;

/// A token: a place and the event that produced it (`None`: the initial token).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cond {
    pub place: Place,
    pub producer: Option<EvId>,
}

/// How an event ends the execution, when it does. Such events are never added to a
/// configuration: nothing can follow them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The process exits normally.
    Exit,
    /// `abort()`, a failed assumption: the execution is cut, not an error.
    Blocked,
    /// An error was reported from this event.
    Error,
    /// A per-execution limit stopped it (the verdict cannot be "safe").
    Truncated,
}

/// One event.
#[derive(Clone, Debug)]
pub struct Event {
    pub thread: u32,
    /// Consumed conditions; the thread's own comes first.
    pub conds: Vec<Cond>,
    /// Threads this event created (it produces their first tokens).
    pub spawned: Vec<u32>,
    /// Values of the choices made inside the event (symbolic branches, signal targets...).
    pub choices: Vec<u64>,
    /// Vector clock: per thread, how many of its events are in the local configuration.
    pub vc: Vec<u32>,
    /// Reaches an already-seen state by a longer way: never extended.
    pub cutoff: bool,
    /// What happened, independent of the causes (thread, places, choices): two
    /// continuations of one state make the same labels.
    pub label: u64,
    /// Length of the longest chain of causes ending here (1 for an event without causes).
    pub depth: u32,
    pub ending: Option<Ending>,
}

impl Event {
    /// Position of the event among its thread's events (1-based).
    pub fn index(&self) -> u32 {
        self.vc.get(self.thread as usize).copied().unwrap_or(0)
    }

    /// The places the event touches besides its thread.
    pub fn resources(&self) -> impl Iterator<Item = Place> + '_ {
        self.conds[1..].iter().map(|c| c.place)
    }
}

/// What a new event is made of (before it gets its causal data).
pub struct Draft {
    pub thread: u32,
    pub conds: Vec<Cond>,
    pub spawned: Vec<u32>,
    pub choices: Vec<u64>,
    /// `fingerprint(after) ^ fingerprint(before)` of the event's step.
    pub delta: u128,
    pub ending: Option<Ending>,
}

/// Every event found so far, with the indices the engine queries.
#[derive(Default)]
pub struct Unfolding {
    pub events: Vec<Event>,
    deltas: Vec<u128>,
    by_name: FxHashMap<(u32, Vec<Cond>, Vec<u64>), EvId>,
    /// Consumers of each condition (immediate conflicts are among them).
    consumers: FxHashMap<Cond, Vec<EvId>>,
    /// Per fingerprint, the event with the smallest local configuration seen reaching it,
    /// with that configuration's size. Its [`Rank`] is rebuilt only when another event
    /// reaches the same fingerprint with as many events: keeping ranks would cost memory
    /// quadratic in the depth of the unfolding.
    smallest: FxHashMap<u128, (u32, EvId)>,
    /// Fingerprint of the initial state.
    pub initial_fp: u128,
    /// Whether equal fingerprints make cutoffs.
    pub cutoffs: bool,
    /// Visit marks for closures: (current stamp, stamp per event).
    marks: std::cell::RefCell<(u32, Vec<u32>)>,
    pub cutoff_count: u64,
}

impl Unfolding {
    pub fn new(cutoffs: bool) -> Unfolding {
        Unfolding { cutoffs, ..Default::default() }
    }

    /// The event named by `draft`, created if new; `true` when it was created.
    pub fn intern(&mut self, draft: Draft) -> (EvId, bool) {
        let name = (draft.thread, draft.conds.clone(), draft.choices.clone());
        if let Some(&id) = self.by_name.get(&name) {
            return (id, false);
        }
        let id = self.events.len() as EvId;
        let producers: Vec<EvId> = draft.conds.iter().filter_map(|c| c.producer).collect();
        let local = self.closure(&producers);
        let mut vc: Vec<u32> = Vec::new();
        for &p in &producers {
            let pv = &self.events[p as usize].vc;
            if vc.len() < pv.len() {
                vc.resize(pv.len(), 0);
            }
            for (a, b) in vc.iter_mut().zip(pv) {
                *a = (*a).max(*b);
            }
        }
        let t = draft.thread as usize;
        if vc.len() <= t {
            vc.resize(t + 1, 0);
        }
        vc[t] += 1;
        let fp = local.iter().fold(self.initial_fp ^ draft.delta, |fp, &e| fp ^ self.deltas[e as usize]);
        let depth = 1 + producers.iter().map(|&p| self.events[p as usize].depth).max().unwrap_or(0);
        let label = {
            let mut h = rustc_hash::FxHasher::default();
            (draft.thread, draft.conds.iter().map(|c| c.place).collect::<Vec<_>>(), &draft.choices).hash(&mut h);
            h.finish()
        };
        let mut cutoff = false;
        if self.cutoffs && draft.ending.is_none() {
            let size = local.len() as u32 + 1;
            cutoff = match self.smallest.get(&fp).copied() {
                Some((best, _)) if best != size => best < size,
                Some((_, best)) => {
                    let own = Rank::of(local.iter().map(|&e| self.foata_pair(e)).chain([(depth, label)]));
                    self.rank(best) < own
                }
                None => false,
            };
            if !cutoff {
                self.smallest.insert(fp, (size, id));
            }
            self.cutoff_count += cutoff as u64;
        }
        for c in &draft.conds {
            self.consumers.entry(*c).or_default().push(id);
        }
        self.events.push(Event {
            thread: draft.thread,
            conds: draft.conds,
            spawned: draft.spawned,
            choices: draft.choices,
            vc,
            cutoff,
            label,
            depth,
            ending: draft.ending,
        });
        self.deltas.push(draft.delta);
        self.by_name.insert(name, id);
        (id, true)
    }

    /// The causal closure of `roots` (the roots included), sorted.
    pub fn closure(&self, roots: &[EvId]) -> Vec<EvId> {
        self.closure_outside(roots, |_| false)
    }

    /// The causal closure of `roots` without the events `stop` says are already present
    /// (a causally closed set, so the search does not go below them), sorted.
    pub fn closure_outside(&self, roots: &[EvId], stop: impl Fn(EvId) -> bool) -> Vec<EvId> {
        self.closure_unless(roots, stop, |_| false).unwrap_or_default()
    }

    /// Like [`Unfolding::closure_outside`], but `None` as soon as an event of the closure
    /// is one `reject` refuses.
    pub fn closure_unless(
        &self,
        roots: &[EvId],
        stop: impl Fn(EvId) -> bool,
        reject: impl Fn(EvId) -> bool,
    ) -> Option<Vec<EvId>> {
        let mut marks = self.marks.borrow_mut();
        let (stamp, seen) = &mut *marks;
        *stamp += 1;
        if seen.len() < self.events.len() {
            seen.resize(self.events.len(), 0);
        }
        let mut out: Vec<EvId> = Vec::new();
        let mut todo: Vec<EvId> = roots.iter().copied().filter(|&r| !stop(r)).collect();
        while let Some(e) = todo.pop() {
            if seen[e as usize] == *stamp {
                continue;
            }
            seen[e as usize] = *stamp;
            if reject(e) {
                return None;
            }
            out.push(e);
            for c in &self.events[e as usize].conds {
                if let Some(p) = c.producer.filter(|&p| !stop(p) && seen[p as usize] != *stamp) {
                    todo.push(p);
                }
            }
        }
        out.sort_unstable();
        Some(out)
    }

    /// The rank of event `e`'s local configuration.
    fn rank(&self, e: EvId) -> Rank {
        Rank::of(self.closure(&[e]).into_iter().map(|x| self.foata_pair(x)))
    }

    /// (causal depth, label) of event `e`, its entry in a Foata normal form.
    fn foata_pair(&self, e: EvId) -> (u32, u64) {
        let ev = &self.events[e as usize];
        (ev.depth, ev.label)
    }

    /// Events consuming `c`.
    pub fn consumers_of(&self, c: &Cond) -> &[EvId] {
        self.consumers.get(c).map_or(&[], |v| v.as_slice())
    }

    /// `a` is a cause of `b` (or `b` itself), for two events of one configuration.
    pub fn precedes(&self, a: EvId, b: EvId) -> bool {
        let (ea, eb) = (&self.events[a as usize], &self.events[b as usize]);
        eb.vc.get(ea.thread as usize).copied().unwrap_or(0) >= ea.index()
    }
}
