//! Conflicting extensions: events whose causes are all in `C` but that conflict with some
//! event of `C`. They are what alternatives are made of.
//!
//! A thread's next event after one of its tokens `x` is the same operation whatever else
//! happened (its local state depends only on its causal past); what varies is which token
//! of each place it touches it consumes. So for every token `x` of every thread and every
//! choice of earlier tokens `y_r` on the places `r` its next event touches, the engine
//! checks with vector clocks that `[x] ∪ [y_r]` holds exactly those tokens, re-executes
//! that configuration and runs the thread once more.

use super::structure::{Cond, EvId, Place};
use super::{Explorer, Tokens};
use crate::exec::Snapshot;
use ravel_vm::{Loc, PendingKind};

/// Combinations of earlier tokens tried per thread position before giving up (the
/// verdict then cannot be "safe").
const MAX_COMBINATIONS: usize = 4096;

impl Explorer<'_> {
    /// Adds to the unfolding the conflicting extensions of the current configuration that
    /// its parent did not have (`state` is its interpreter state). Those have the event
    /// added last, `e`, among their causes: anything else was a conflicting extension of
    /// the parent already, or enabled there. So only the tokens `e` produced are new
    /// choices: the token of `e`'s thread, or `e`'s token on one of the places.
    pub(super) fn conflicting_extensions(&mut self, state: &mut Snapshot) {
        let Some(&newest) = self.config.events.last() else { return };
        let newest_places: Vec<Place> = self.u.events[newest as usize].resources().collect();
        // Thread positions (thread, token) whose next event can consume a token of the
        // newest event: the threads' current ends (right after the newest event is one).
        // Not before an event `e` of `C` on one of its places: the events on a place form
        // a chain ending at the newest event, so `e` is a cause of the newest event, and an
        // event consuming `e`'s thread token after the newest would conflict with its own
        // cause.
        let mut slots: Vec<(u32, Option<EvId>)> = Vec::new();
        for t in self.config.threads() {
            let x = self.config.cond(Place::Thread(t)).producer;
            if x.is_some() || t == 0 {
                slots.push((t, x));
            }
        }
        for (t, x) in slots {
            let after_newest = x == Some(newest);
            let places = self.next_places(t, x, state);
            if places.is_empty() || !(after_newest || places.iter().any(|p| newest_places.contains(p))) {
                continue;
            }
            if after_newest {
                let all: Vec<Vec<Option<EvId>>> = places.iter().map(|&r| self.token_options(r, x)).collect();
                self.try_combinations(t, x, &places, &all);
            } else {
                // The newest event's token on one place, any token on the others.
                for k in (0..places.len()).filter(|&k| newest_places.contains(&places[k])) {
                    let options: Vec<Vec<Option<EvId>>> = (0..places.len())
                        .map(|j| if j == k { vec![Some(newest)] } else { self.token_options(places[j], x) })
                        .collect();
                    self.try_combinations(t, x, &places, &options);
                }
            }
            if self.stop {
                return;
            }
        }
    }

    /// The tokens of `r` an event after `x` may consume: those whose consumer in `C` (if
    /// any) is not a cause of `x`. Along the chain of `r` that is a suffix, found from the
    /// end.
    fn token_options(&self, r: Place, x: Option<EvId>) -> Vec<Option<EvId>> {
        let chain = self.config.chain(r);
        let mut out = Vec::new();
        for i in (0..=chain.len()).rev() {
            if let (Some(&next), Some(x)) = (chain.get(i), x) {
                if self.u.precedes(next, x) {
                    break;
                }
            }
            out.push(i.checked_sub(1).map(|k| chain[k]));
        }
        out
    }

    /// Tries every combination of the given token options.
    fn try_combinations(&mut self, t: u32, x: Option<EvId>, places: &[Place], options: &[Vec<Option<EvId>>]) {
        let total = options.iter().try_fold(1usize, |n, o| n.checked_mul(o.len()));
        if total.is_none_or(|n| n > MAX_COMBINATIONS) {
            self.cx.note(crate::Unknown::TooManyCombinations);
            return;
        }
        let mut pick = vec![0usize; options.len()];
        loop {
            let ys: Vec<Option<EvId>> = pick.iter().zip(options).map(|(&k, o)| o[k]).collect();
            self.try_extension(t, x, places, &ys);
            if self.stop {
                return;
            }
            let Some(k) = (0..pick.len()).rev().find(|&k| pick[k] + 1 < options[k].len()) else { return };
            pick[k] += 1;
            for p in &mut pick[k + 1..] {
                *p = 0;
            }
        }
    }

    /// The places (besides its own) that thread `t`'s event after its current token `x`
    /// touches: those of any such event found before, or of the operation it is blocked at.
    fn next_places(&mut self, t: u32, x: Option<EvId>, state: &mut Snapshot) -> Vec<Place> {
        let own = Cond { place: Place::Thread(t), producer: x };
        if let Some(&e) = self.u.consumers_of(&own).first() {
            return self.u.events[e as usize].resources().collect();
        }
        if self.config.cond(Place::Thread(t)) != own || t as usize >= state.machine.threads().len() {
            return Vec::new();
        }
        match state.machine.pending(t as usize).kind {
            PendingKind::Access(loc, _) => vec![Place::Res(loc)],
            // Unfolding keeps every barrier operation on the barrier's resource (arrivals do
            // not commute here).
            PendingKind::Arrive(a) => vec![Place::Res(Loc::Sync(a.barrier))],
            PendingKind::Leave(barrier, _) => vec![Place::Res(Loc::Sync(barrier))],
            PendingKind::Join(child) => vec![Place::Res(Loc::ThreadEnd(child))],
            PendingKind::Spawn | PendingKind::Other => Vec::new(),
        }
    }

    /// Runs thread `t` after token `x` consuming the tokens `ys` of `places`, if that is a
    /// configuration not tried before.
    fn try_extension(&mut self, t: u32, x: Option<EvId>, places: &[Place], ys: &[Option<EvId>]) {
        let roots = || x.into_iter().chain(ys.iter().flatten().copied());
        let inside = |e: EvId| roots().any(|r| self.u.precedes(e, r));
        for (&place, &y) in places.iter().zip(ys) {
            if self.config.consumer(&Cond { place, producer: y }).is_some_and(inside) {
                return;
            }
        }
        let probe: Vec<Cond> = std::iter::once(Cond { place: Place::Thread(t), producer: x })
            .chain(places.iter().zip(ys).map(|(&place, &producer)| Cond { place, producer }))
            .collect();
        if !self.tried.insert((t, probe)) {
            return;
        }
        let set = self.u.closure(&roots().collect::<Vec<_>>());
        let Some(mut base) = self.state_of_set(&set) else { return };
        if base.machine.end().is_some() || !base.machine.enabled().contains(&(t as usize)) {
            return;
        }
        self.add_events(&base, t, Tokens::Of(&set));
    }

    /// The interpreter state of a causally closed subset of `C`, re-executed from the
    /// deepest standby state on the current branch that it contains.
    fn state_of_set(&mut self, set: &[EvId]) -> Option<Snapshot> {
        let contains = |e: &EvId| set.binary_search(e).is_ok();
        // The standby states usable are those of the nodes up to the first event of `C`
        // outside the set.
        let within = self.config.events.iter().position(|e| !contains(e)).unwrap_or(self.config.events.len());
        let base =
            (0..=within.min(self.nodes.len() - 1)).rev().find(|&i| self.nodes[i].snapshot.is_some()).unwrap_or(0);
        let mut s = self.nodes[base].snapshot.clone()?;
        let in_prefix = |e: &EvId| self.config.position_of(*e).is_some_and(|p| p < base);
        let rest: Vec<EvId> = set.iter().copied().filter(|e| !in_prefix(e)).collect();
        for e in rest {
            if !self.replay_event(&mut s, e) {
                return None;
            }
        }
        Some(s)
    }
}
