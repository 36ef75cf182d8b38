//! IMM, the intermediate memory model (Podkopaev, Lahav, Vafeiadis: "Bridging the Gap
//! between Programming Languages and Hardware Weak Memory Models", POPL 2019, with the
//! `seq_cst` accesses of its Coq development), over execution graphs. RC11's
//! happens-before (release sequences read by acquires) and its coherence and `psc`, and
//! instead of RC11's `acyclic(po ∪ rf)` the hardware's weaker order `ar`, which must be
//! acyclic:
//!
//! `ar = rfe ∪ bob ∪ ppo ∪ detour ∪ psc ∪ [W_ex⊒acq] ; po ; [W]`, where the barrier order
//! `bob = po ; [W⊒rel] ∪ [R⊒acq] ; po ∪ po ; [F] ∪ [F] ; po ∪ [W⊒rel] ; po|loc ; [W]`,
//! `detour = (coe ; rfe) ∩ po`, and the preserved program order
//! `ppo = [R] ; (deps ∪ rfi)+ ; [W]`.
//!
//! Dependencies are not tracked, so `ppo` keeps the part that needs none: what follows
//! the read half of a read-modify-write (`[R_ex] ; po`, which hardware orders by the
//! exclusive access or, for a failed compare-and-swap, by its branch). The search builds
//! no `po ∪ rf` cycle (a revisiting write keeps everything before it), which is IMM with
//! every read a dependency of its thread's later writes: load buffering, which IMM allows
//! without dependencies, is not explored. Thread creation, joins and ends order like
//! fences.

use super::facts::{acquires, releases, Facts};
use super::graph::{Label, Rmw};
use super::model::Consistency;
use super::rc11::{coherent, is_fence, psc, Rc11};
use super::relation::Relation;

pub(crate) struct Imm;

impl Consistency for Imm {
    /// RC11's: program order, thread creation and joins, and synchronises-with.
    fn happens_before(&self, f: &Facts) -> Relation {
        Rc11.happens_before(f)
    }

    fn consistent(&self, f: &Facts) -> bool {
        let hb = &self.happens_before(f);
        let eco = f.rf.clone().union(&f.co).union(&f.fr).closure();
        coherent(f, hb, &eco) && ar(f, hb, &eco).acyclic()
    }
}

/// `ar`, the order no consistent graph has a cycle in (`psc` included, so its own
/// axiom follows).
fn ar(f: &Facts, hb: &Relation, eco: &Relation) -> Relation {
    let thread = |i: usize| f.places[i].thread;
    let rfe = f.rf.filter(|w, r| thread(w) != thread(r));
    let coe = f.co.filter(|a, b| thread(a) != thread(b));
    let detour = coe.then(&rfe).filter(|a, b| f.po.has(a, b));
    let internal = f.po.filter(|a, b| preserved(f, a, b));
    let ar = rfe.union(&detour).union(&internal).union(&f.threads);
    match psc(f, hb, eco) {
        Some(psc) => ar.union(&psc),
        None => ar,
    }
}

/// Whether program order from `a` to `b` is in `bob`, `ppo` or `[W_ex⊒acq] ; po ; [W]`.
fn preserved(f: &Facts, a: usize, b: usize) -> bool {
    let (x, y) = (f.event(a), f.event(b));
    let barrier =
        |i: usize| is_fence(f, i) || matches!(f.event(i).label, Label::Spawn(_) | Label::Join(_) | Label::End);
    let is_read = |e: &super::graph::Event| matches!(e.label, Label::Read { .. });
    let exclusive_read = matches!(x.label, Label::Read { rmw, .. } if rmw != Rmw::No);
    let exclusive_acquire_write = matches!(x.label, Label::Write { rmw: true, .. }) && acquires(x.order);
    barrier(a)
        || barrier(b)
        || (y.is_write() && releases(y.order))
        || (is_read(x) && acquires(x.order))
        || (x.is_write() && releases(x.order) && y.is_write() && f.same_loc(a, b))
        || ((exclusive_read || exclusive_acquire_write) && y.is_write())
}
