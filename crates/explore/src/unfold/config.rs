//! The configuration being explored: a causally closed, conflict-free set of events,
//! grown and shrunk one event at a time along the exploration's current branch.

use super::structure::{Cond, EvId, Event, Place, Unfolding};
use rustc_hash::FxHashMap;

/// [`Configuration::position`] of an event not in `C`.
const ABSENT: u32 = u32::MAX;

/// The current configuration `C`, with what the engine asks of it.
#[derive(Default)]
pub struct Configuration {
    /// The events in the order they were added (an execution order).
    pub events: Vec<EvId>,
    /// Position of each event in `events` ([`ABSENT`] when not in `C`).
    position: Vec<u32>,
    /// Producer of the current token of each place (absent: the initial token).
    holder: FxHashMap<Place, EvId>,
    /// Events of `C` on each place, in order.
    chains: FxHashMap<Place, Vec<EvId>>,
    /// Which event of `C` consumed each condition.
    consumed: FxHashMap<Cond, EvId>,
    /// Previous holders, to undo the last addition.
    undo: Vec<Vec<(Place, Option<EvId>)>>,
}

impl Configuration {
    pub fn contains(&self, e: EvId) -> bool {
        self.position_of(e).is_some()
    }

    /// Where `e` is in [`Configuration::events`], if it is in `C`.
    pub fn position_of(&self, e: EvId) -> Option<usize> {
        self.position.get(e as usize).copied().filter(|&p| p != ABSENT).map(|p| p as usize)
    }

    /// The current token of `place`.
    pub fn cond(&self, place: Place) -> Cond {
        Cond { place, producer: self.holder.get(&place).copied() }
    }

    /// The events of `C` on `place`, in order.
    pub fn chain(&self, place: Place) -> &[EvId] {
        self.chains.get(&place).map_or(&[], |v| v.as_slice())
    }

    /// The event of `C` that consumed `c`, if one did.
    pub fn consumer(&self, c: &Cond) -> Option<EvId> {
        self.consumed.get(c).copied()
    }

    /// Threads that may have tokens in `C`.
    pub fn threads(&self) -> Vec<u32> {
        let mut out: Vec<u32> = self
            .chains
            .keys()
            .filter_map(|p| match p {
                Place::Thread(t) => Some(*t),
                _ => None,
            })
            .chain([0])
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Adds `e`, an extension of `C`.
    pub fn push(&mut self, id: EvId, e: &Event) {
        if self.position.len() <= id as usize {
            self.position.resize(id as usize + 1, ABSENT);
        }
        self.position[id as usize] = self.events.len() as u32;
        self.events.push(id);
        let mut undo = Vec::new();
        for c in &e.conds {
            self.consumed.insert(*c, id);
            self.chains.entry(c.place).or_default().push(id);
            undo.push((c.place, self.holder.insert(c.place, id)));
        }
        for &child in &e.spawned {
            let place = Place::Thread(child);
            self.chains.entry(place).or_default();
            undo.push((place, self.holder.insert(place, id)));
        }
        self.undo.push(undo);
    }

    /// Removes the event added last.
    pub fn pop(&mut self, u: &Unfolding) {
        let Some(id) = self.events.pop() else { return };
        self.position[id as usize] = ABSENT;
        let e = &u.events[id as usize];
        for c in &e.conds {
            self.consumed.remove(c);
            if let Some(chain) = self.chains.get_mut(&c.place) {
                chain.pop();
            }
        }
        for (place, old) in self.undo.pop().unwrap_or_default().into_iter().rev() {
            match old {
                Some(h) => self.holder.insert(place, h),
                None => self.holder.remove(&place),
            };
        }
    }
}
