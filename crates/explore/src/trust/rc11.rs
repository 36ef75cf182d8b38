//! RC11, the repaired C11 memory model (Lahav, Vafeiadis, Kang, Hur, Dreyer: "Repairing
//! Sequential Consistency in C/C++11", PLDI 2017), over execution graphs: happens-before
//! from release sequences read by acquires (through fences too), coherence
//! (`irreflexive(hb ; eco?)`) and the `psc` axiom for `seq_cst` accesses and fences.
//! No-thin-air (`acyclic(po ∪ rf)`) holds by construction: graphs grow along it.

use super::coherence::{coherent, latest_seen};
use super::facts::{acquires, Facts};
use super::graph::{Event, Graph, Label, Pos, Source};
use super::model::{by_full_checks, by_revisited_graph, Consistency};
use super::psc::{seq_cst_accesses_ordered, seq_cst_cycle_through};
use super::relation::Relation;
use super::views::{join, HappensBefore, Synchronisation};
use ravel_ir::Ordering;
use std::sync::Arc;

pub(crate) struct Rc11;

impl Consistency for Rc11 {
    fn happens_before(&self, g: &Graph) -> Option<Arc<HappensBefore>> {
        g.happens_before(Synchronisation::Release)
    }

    fn consistent(&self, g: &Graph) -> bool {
        let Some(hb) = self.happens_before(g) else { return false };
        if !coherent(g, &hb) {
            return false;
        }
        let seq_cst = |e: &Event| e.order == Ordering::SeqCst;
        if !g.events().any(|(_, e)| seq_cst(e)) {
            return true;
        }
        if !g.events().any(|(_, e)| seq_cst(e) && matches!(e.label, Label::Fence)) {
            return seq_cst_accesses_ordered(g, &hb);
        }
        let f = Facts::of(g);
        let hb = hb.relation(&f);
        let eco = f.rf.clone().union(&f.co).union(&f.fr).closure();
        psc(&f, &hb, &eco).is_none_or(|psc| psc.acyclic())
    }

    /// With no `seq_cst` fence: coherence asks that `e` be placed no earlier than what it
    /// happens after (with what an acquire read gets from the write it reads), and `psc`
    /// changes only if `e` is `seq_cst` (then a cycle must pass through `e`, whose view is
    /// the only one its choice changes).
    fn allowed(&self, g: &Graph, e: Pos, choices: &[Source]) -> Vec<bool> {
        let Some(mut hb) = self.happens_before(g).filter(|_| !seq_cst_fence(g)) else {
            return by_full_checks(self, g, e, choices);
        };
        let before = Before::of(g, &hb, e);
        let mut with_choice = (g.event(e).order == Ordering::SeqCst).then(|| g.clone());
        choices
            .iter()
            .map(|&s| {
                let Some(view) = before.coherent(g, &hb, e, s) else { return false };
                let Some(h) = &mut with_choice else { return true };
                h.choose(e, s);
                Arc::make_mut(&mut hb).set_view(e, &view);
                !seq_cst_cycle_through(h, &hb, e)
            })
            .collect()
    }

    /// For a read that is not `seq_cst`, with no `seq_cst` fence: what `read` and `write`
    /// happen after is kept, unchanged, so their views in the revisit's graph are those
    /// in `g`, and deleting other writes keeps the order of the coherence places
    /// compared: `g`'s views decide, without building the revisit's graph.
    fn allowed_revisit(&self, g: &Graph, read: Pos, write: Pos, view: &[u32]) -> bool {
        let quick = g.event(read).order != Ordering::SeqCst && !seq_cst_fence(g);
        match self.happens_before(g).filter(|_| quick) {
            Some(hb) => Before::of(g, &hb, read).coherent(g, &hb, read, Source::Write(write)).is_some(),
            None => by_revisited_graph(self, g, read, write, view),
        }
    }
}

/// Whether `g` has a `seq_cst` fence.
fn seq_cst_fence(g: &Graph) -> bool {
    g.events().any(|(_, x)| x.order == Ordering::SeqCst && matches!(x.label, Label::Fence))
}

/// An access before its choice: its view from program order and the latest coherence
/// place among the accesses of its location that view has.
struct Before {
    view: Vec<u32>,
    seen: usize,
}

impl Before {
    fn of(g: &Graph, hb: &HappensBefore, e: Pos) -> Before {
        let view = hb.program_view(g, e);
        let loc = g.event(e).loc().expect("an access");
        Before { seen: latest_seen(g, loc, e, &view), view }
    }

    /// The view access `e` gets with choice `s` (an acquire read also what the write it
    /// reads releases), when coherence allows `s`: nothing that view has is placed later.
    fn coherent(&self, g: &Graph, hb: &HappensBefore, e: Pos, s: Source) -> Option<Vec<u32>> {
        let event = g.event(e);
        let loc = event.loc().expect("an access");
        let acquire = matches!(event.label, Label::Read { .. }) && acquires(event.order);
        let released = match (acquire, s) {
            (true, Source::Write(w)) => hb.released(w),
            _ => None,
        };
        let mut view = self.view.clone();
        let seen = match released {
            Some(released) => {
                join(&mut view, released);
                latest_seen(g, loc, e, &view)
            }
            None => self.seen,
        };
        (seen <= g.co_rank(loc, s)).then_some(view)
    }
}

pub(super) fn is_fence(f: &Facts, i: usize) -> bool {
    matches!(f.event(i).label, Label::Fence)
}

/// `psc_base ∪ psc_F`, the order `seq_cst` accesses and fences must agree on; `None`
/// when the graph has none.
pub(super) fn psc(f: &Facts, hb: &Relation, eco: &Relation) -> Option<Relation> {
    let n = f.n();
    let sc = |i: usize| f.order(i) == Ordering::SeqCst;
    if !(0..n).any(sc) {
        return None;
    }
    let sc_access = Relation::identity_on(n, |i| sc(i) && f.event(i).loc().is_some());
    let sc_fence = Relation::identity_on(n, |i| sc(i) && is_fence(f, i));
    let mut po_other_loc = Relation::empty(n);
    let mut hb_same_loc = Relation::empty(n);
    for a in 0..n {
        for b in f.po.successors(a) {
            if !f.same_loc(a, b) {
                po_other_loc.add(a, b);
            }
        }
        for b in hb.successors(a) {
            if f.same_loc(a, b) {
                hb_same_loc.add(a, b);
            }
        }
    }
    let scb =
        f.po.clone().union(&po_other_loc.then(hb).then(&po_other_loc)).union(&hb_same_loc).union(&f.co).union(&f.fr);
    let hb_opt = hb.clone().or_identity();
    let before = sc_access.clone().union(&sc_fence.then(&hb_opt));
    let after = sc_access.union(&hb_opt.then(&sc_fence));
    let psc_base = before.then(&scb).then(&after);
    let psc_fences = sc_fence.then(&hb.clone().union(&hb.then(eco).then(hb))).then(&sc_fence);
    Some(psc_base.union(&psc_fences))
}
