//! RC11's `psc` axiom for graphs whose `seq_cst` events are all accesses (no `seq_cst`
//! fence): `psc` is then `scb` between `seq_cst` accesses, a relation over those few
//! events, each pair decided from the happens-before views.

use super::graph::{Graph, Label, Pos, Source};
use super::relation::Relation;
use super::views::HappensBefore;
use ravel_ir::Ordering;

/// Whether `psc_base` over the `seq_cst` accesses is acyclic (no `seq_cst` fence in `g`).
pub(crate) fn seq_cst_accesses_ordered(g: &Graph, hb: &HappensBefore) -> bool {
    let accesses = seq_cst_accesses(g);
    let mut psc = Relation::empty(accesses.len());
    for (i, a) in accesses.iter().enumerate() {
        for (j, b) in accesses.iter().enumerate() {
            if i != j && sc_before(hb, a, b) {
                psc.add(i, j);
            }
        }
    }
    psc.acyclic()
}

/// Whether `psc_base` over the `seq_cst` accesses has a cycle through access `e`, in a
/// graph where the others are ordered (no `seq_cst` fence in `g`): a search from `e`
/// alone, where building the whole relation and checking it cost a quarter of the search
/// of programs of `seq_cst` atomics.
pub(crate) fn seq_cst_cycle_through(g: &Graph, hb: &HappensBefore, e: Pos) -> bool {
    let accesses = seq_cst_accesses(g);
    let Some(start) = accesses.iter().position(|a| a.pos == e) else { return false };
    let mut seen = vec![false; accesses.len()];
    let mut todo = vec![start];
    while let Some(i) = todo.pop() {
        for (j, b) in accesses.iter().enumerate() {
            if j == i || !sc_before(hb, &accesses[i], b) {
                continue;
            }
            if j == start {
                return true;
            }
            if !seen[j] {
                seen[j] = true;
                todo.push(j);
            }
        }
    }
    false
}

/// The `seq_cst` accesses of `g`.
fn seq_cst_accesses(g: &Graph) -> Vec<ScAccess> {
    g.events()
        .filter(|(_, e)| e.order == Ordering::SeqCst && e.loc().is_some())
        .map(|(pos, _)| ScAccess::of(g, pos))
        .collect()
}

/// A `seq_cst` access with what `scb` needs of it.
struct ScAccess {
    pos: Pos,
    loc: u64,
    /// Its place in its location's coherence order, that of the write it reads for a read.
    place: usize,
    write: bool,
    /// Its thread's first later event of another location, and last earlier one (the two
    /// ends of `po|≠loc ; hb ; po|≠loc`).
    next_other: Option<Pos>,
    previous_other: Option<Pos>,
}

impl ScAccess {
    fn of(g: &Graph, pos: Pos) -> ScAccess {
        let e = g.event(pos);
        let loc = e.loc().expect("an access");
        let place = match e.label {
            Label::Read { rf, .. } => g.co_rank(loc, rf),
            _ => g.co_rank(loc, Source::Write(pos)),
        };
        let evs = &g.threads[pos.thread as usize];
        let other = |i: &usize| evs[*i].loc() != Some(loc);
        let at = |index: usize| Pos { index: index as u32, ..pos };
        ScAccess {
            pos,
            loc,
            place,
            write: e.is_write(),
            next_other: (pos.index as usize + 1..evs.len()).find(other).map(at),
            previous_other: (0..pos.index as usize).rev().find(other).map(at),
        }
    }
}

/// `scb` from `a` to `b`: `po ∪ po|≠loc ; hb ; po|≠loc ∪ hb|loc ∪ co ∪ fr`.
fn sc_before(hb: &HappensBefore, a: &ScAccess, b: &ScAccess) -> bool {
    let po = a.pos.thread == b.pos.thread && a.pos.index < b.pos.index;
    let same_loc = a.loc == b.loc;
    let through = matches!((a.next_other, b.previous_other), (Some(x), Some(y)) if hb.has(x, y));
    // co (write to later write) and fr (read to a write after the one it reads).
    let communication = same_loc && b.write && a.place < b.place;
    po || through || (same_loc && hb.has(a.pos, b.pos)) || communication
}
