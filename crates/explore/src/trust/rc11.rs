//! RC11, the repaired C11 memory model (Lahav, Vafeiadis, Kang, Hur, Dreyer: "Repairing
//! Sequential Consistency in C/C++11", PLDI 2017), over execution graphs: happens-before
//! from release sequences read by acquires (through fences too), coherence
//! (`irreflexive(hb ; eco?)`) and the `psc` axiom for `seq_cst` accesses and fences.
//! No-thin-air (`acyclic(po ∪ rf)`) holds by construction: graphs grow along it.

use super::facts::{acquires, atomic, releases, Facts};
use super::graph::{Label, Rmw};
use super::model::Consistency;
use super::relation::Relation;
use ravel_ir::Ordering;

pub(crate) struct Rc11;

impl Consistency for Rc11 {
    fn happens_before(&self, f: &Facts) -> Relation {
        f.po.clone().union(&f.threads).union(&synchronises_with(f)).closure()
    }

    fn consistent(&self, f: &Facts) -> bool {
        let hb = &self.happens_before(f);
        let eco = f.rf.clone().union(&f.co).union(&f.fr).closure();
        coherent(f, hb, &eco) && sc_acyclic(f, hb, &eco)
    }
}

pub(super) fn is_fence(f: &Facts, i: usize) -> bool {
    matches!(f.event(i).label, Label::Fence)
}

/// `sw = [E⊒rel] ; ([F] ; po)? ; rs ; rf ; [R⊒rlx] ; (po ; [F])? ; [E⊒acq]`, where the
/// release sequence `rs = [W] ; po|loc? ; [W⊒rlx] ; (rf ; rmw)*`.
pub(super) fn synchronises_with(f: &Facts) -> Relation {
    let n = f.n();
    let mut sw = Relation::empty(n);
    for a in (0..n).filter(|&a| releases(f.order(a))) {
        // The writes that head a release sequence of `a`.
        let heads: Vec<usize> = if is_fence(f, a) {
            f.po.successors(a).filter(|&w| f.event(w).is_write() && atomic(f.order(w))).collect()
        } else if f.event(a).is_write() {
            vec![a]
        } else {
            continue;
        };
        let mut sequence = Vec::new();
        for h in heads {
            sequence.push(h);
            sequence.extend(
                f.po.successors(h).filter(|&w| f.event(w).is_write() && atomic(f.order(w)) && f.same_loc(h, w)),
            );
        }
        // Read-modify-writes reading from the sequence continue it.
        let mut k = 0;
        while k < sequence.len() {
            let w = sequence[k];
            for r in f.rf.successors(w) {
                let rmw_write = r + 1;
                if matches!(f.event(r).label, Label::Read { rmw, .. } if rmw != Rmw::No)
                    && rmw_write < n
                    && f.places[rmw_write].thread == f.places[r].thread
                    && matches!(f.event(rmw_write).label, Label::Write { rmw: true, .. })
                    && !sequence.contains(&rmw_write)
                {
                    sequence.push(rmw_write);
                }
            }
            k += 1;
        }
        for &w in &sequence {
            for r in f.rf.successors(w).filter(|&r| atomic(f.order(r))) {
                if acquires(f.order(r)) {
                    sw.add(a, r);
                }
                for fence in f.po.successors(r).filter(|&x| is_fence(f, x) && acquires(f.order(x))) {
                    sw.add(a, fence);
                }
            }
        }
    }
    sw
}

/// `irreflexive(hb ; eco?)`.
pub(super) fn coherent(f: &Facts, hb: &Relation, eco: &Relation) -> bool {
    hb.irreflexive() && (0..f.n()).all(|a| hb.successors(a).all(|b| !eco.has(b, a)))
}

/// `acyclic(psc_base ∪ psc_F)`.
fn sc_acyclic(f: &Facts, hb: &Relation, eco: &Relation) -> bool {
    psc(f, hb, eco).is_none_or(|psc| psc.acyclic())
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
