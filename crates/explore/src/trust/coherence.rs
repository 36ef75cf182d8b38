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

/// The latest coherence place among the accesses of `loc` other than `e` that `view`
/// has (0 when none): an access seeing `view` may be placed no earlier.
pub(crate) fn latest_seen(g: &Graph, loc: u64, e: Pos, view: &[u32]) -> usize {
    let seen = |p: Pos| p != e && view.get(p.thread as usize).is_some_and(|&n| p.index < n);
    let writes = g.writes(loc).iter().enumerate().filter(|&(_, &w)| seen(w)).map(|(k, _)| k + 1);
    let reads = g.events().filter(|&(p, _)| seen(p)).filter_map(|(_, ev)| match ev.label {
        Label::Read { loc: l, rf, .. } if l == loc => Some(g.co_rank(loc, rf)),
        _ => None,
    });
    writes.chain(reads).max().unwrap_or(0)
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
