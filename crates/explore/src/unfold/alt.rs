//! Alternatives: where the exploration goes after a subtree, so that every maximal
//! configuration is reached without exploring one twice.
//!
//! After the events of the sleep set `D` were explored from `C`, an alternative is a set
//! of events `J` such that `C ∪ J` is a configuration, `J` avoids `D`, and `C ∪ J`
//! conflicts with the last `k` events of `D` (k-partial alternatives; `--alt-k`). With
//! `k = 1` an alternative is the local configuration of one event in immediate conflict
//! with the event just explored; a larger `k` prunes more redundant branches (fewer
//! sleep-set blocked configurations) for a costlier search.

use super::structure::{EvId, Event};
use super::Explorer;
use rustc_hash::{FxHashMap, FxHashSet};

/// Candidate events tried per alternative search before settling for "none" beyond the
/// first target (the exploration stays complete; it may just explore more).
const MAX_TRIES: usize = 10_000;

/// The alternative being built.
#[derive(Default)]
struct Partial {
    events: Vec<EvId>,
    member: FxHashSet<EvId>,
    consumed: FxHashMap<super::structure::Cond, EvId>,
    tries: usize,
}

impl Explorer<'_> {
    /// An alternative to the sleep set of the node at `depth` (whose last event is the one
    /// just explored), as the events to add to `C`, sorted.
    pub(super) fn alternative(&self, depth: usize) -> Option<Vec<EvId>> {
        let d = &self.nodes[depth].d;
        let targets: Vec<EvId> = d.iter().rev().take(self.cx.opts.unfold.alt_k.max(1)).copied().collect();
        let mut partial = Partial::default();
        if self.conflict_with_all(d, &targets, &mut partial) && !partial.events.is_empty() {
            partial.events.sort_unstable();
            return Some(partial.events);
        }
        None
    }

    /// Extends `partial` so that it conflicts with every event of `targets`.
    fn conflict_with_all(&self, d: &[EvId], targets: &[EvId], partial: &mut Partial) -> bool {
        let Some((&target, rest)) = targets.split_first() else { return true };
        let te = &self.u.events[target as usize];
        let taken = |c| self.config.consumer(c).is_some() || partial.consumed.contains_key(c);
        if te.conds.iter().any(taken) {
            return self.conflict_with_all(d, rest, partial);
        }
        for c in &te.conds {
            for &f in self.u.consumers_of(c) {
                if f == target || !self.usable(d, &self.u.events[f as usize], f, partial) {
                    continue;
                }
                partial.tries += 1;
                if partial.tries > MAX_TRIES {
                    return false;
                }
                let present = |x: EvId| self.config.contains(x) || partial.member.contains(&x);
                let refuse = |x: EvId| !self.usable(d, &self.u.events[x as usize], x, partial);
                let Some(add) = self.u.closure_unless(&[f], present, refuse) else { continue };
                let mark = partial.events.len();
                for &x in &add {
                    partial.events.push(x);
                    partial.member.insert(x);
                    for c in &self.u.events[x as usize].conds {
                        partial.consumed.insert(*c, x);
                    }
                }
                if self.conflict_with_all(d, rest, partial) {
                    return true;
                }
                for x in partial.events.split_off(mark) {
                    partial.member.remove(&x);
                    for c in &self.u.events[x as usize].conds {
                        partial.consumed.remove(c);
                    }
                }
            }
        }
        false
    }

    /// `x` may join the alternative: not in the sleep set, not a cutoff or ending event,
    /// and none of its tokens already consumed by `C` or by the alternative.
    fn usable(&self, d: &[EvId], ev: &Event, x: EvId, partial: &Partial) -> bool {
        !d.contains(&x)
            && !ev.cutoff
            && ev.ending.is_none()
            && ev.conds.iter().all(|c| self.config.consumer(c).is_none() && !partial.consumed.contains_key(c))
    }
}
