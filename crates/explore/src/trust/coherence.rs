//! Coherence, `irreflexive(hb ; eco?)`, without building `eco`: every access of a
//! location has a place in its coherence order (a write its own, a read that of the write
//! it reads), and no access may happen before one placed earlier (before or at a write's
//! place, for a later write).

use super::graph::{Graph, Label, Pos, Source};
use super::views::HappensBefore;
use rustc_hash::FxHashMap;

/// Whether no event happens before an event it is extended-coherence-after.
pub(crate) fn coherent(g: &Graph, hb: &HappensBefore) -> bool {
    accesses_by_location(g).values().all(|accesses| {
        accesses.iter().all(|b| {
            let observed = accesses.iter().filter(|a| hb.has(a.pos, b.pos)).map(|a| a.place).max();
            observed.is_none_or(|seen| if b.write { seen < b.place } else { seen <= b.place })
        })
    })
}

/// One access and its place in its location's coherence order (0: the initial value).
struct Access {
    pos: Pos,
    place: usize,
    write: bool,
}

/// The accesses of each location with their places.
fn accesses_by_location(g: &Graph) -> FxHashMap<u64, Vec<Access>> {
    let mut by_loc: FxHashMap<u64, Vec<Access>> = FxHashMap::default();
    for (loc, writes) in &g.co {
        let list = by_loc.entry(*loc).or_default();
        list.extend(writes.iter().enumerate().map(|(k, &pos)| Access { pos, place: k + 1, write: true }));
    }
    for (pos, e) in g.events() {
        if let Label::Read { loc, rf, .. } = e.label {
            let place = match rf {
                Source::Init => 0,
                Source::Write(w) => g.co_rank(loc, Source::Write(w)),
            };
            by_loc.entry(loc).or_default().push(Access { pos, place, write: false });
        }
    }
    by_loc
}
