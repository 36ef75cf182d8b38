//! x86-TSO over execution graphs, in its axiomatic form (Owens, Sarkar, Sewell: "A Better
//! x86 Memory Model: x86-TSO"; Alglave, Maranget, Tautschnig: "Herding Cats"): a store
//! waits in its thread's buffer, so a later load of the thread may pass it and nothing
//! else is reordered. Two axioms: each location alone is sequentially consistent
//! (`po|loc ∪ rf ∪ co ∪ fr` acyclic, which lets a load read its own thread's buffered
//! store early), and the preserved program order with what other threads see, `ppo ∪ rfe
//! ∪ co ∪ fr` (with thread creation and joins), is acyclic, where `ppo` is program order
//! without store-to-load pairs unless a full barrier lies between them.
//!
//! The barriers are what compiles to locked instructions or `mfence`, as the vm's
//! store buffers have them: read-modify-writes (a failed compare-and-swap too),
//! `seq_cst` stores (`xchg`), `seq_cst` fences, mutex operations, thread creation, joins
//! and ends. Acquire, release and acq_rel fences compile to nothing on x86, and orders
//! matter no further.

use super::execution::MUTEX;
use super::facts::Facts;
use super::graph::{Label, Rmw};
use super::model::Consistency;
use super::relation::Relation;
use super::sc::SequentialConsistency;
use ravel_ir::Ordering;

pub(crate) struct TotalStoreOrder;

impl Consistency for TotalStoreOrder {
    /// As under sequential consistency: atomic accesses synchronise whatever their order,
    /// as dpor's TSO judges races.
    fn happens_before(&self, f: &Facts) -> Relation {
        SequentialConsistency.happens_before(f)
    }

    fn consistent(&self, f: &Facts) -> bool {
        let communication = f.rf.clone().union(&f.co).union(&f.fr);
        let per_location = f.po.filter(|a, b| f.same_loc(a, b)).union(&communication);
        if !per_location.acyclic() {
            return false;
        }
        let kinds: Vec<Kind> = (0..f.n()).map(|i| kind(f, i)).collect();
        let ppo = f.po.filter(|a, b| {
            !matches!((kinds[a], kinds[b]), (Kind::Ignored, _) | (_, Kind::Ignored) | (Kind::Store, Kind::Load))
        });
        let rfe = f.rf.filter(|w, r| f.places[w].thread != f.places[r].thread);
        ppo.union(&f.threads).union(&rfe).union(&f.co).union(&f.fr).acyclic()
    }
}

/// What an event is to the preserved program order: pairs through a barrier are ordered
/// by going through it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Load,
    /// A store that waits in the buffer.
    Store,
    /// A full barrier: nothing passes it.
    Barrier,
    /// No instruction (a fence weaker than `seq_cst`) or no memory access (the end of an
    /// object's life): orders nothing.
    Ignored,
}

fn kind(f: &Facts, i: usize) -> Kind {
    let e = f.event(i);
    match e.label {
        Label::Read { rmw: Rmw::No, .. } => Kind::Load,
        Label::Read { .. } | Label::Write { rmw: true, .. } => Kind::Barrier,
        Label::Write { loc, .. } if loc & MUTEX != 0 || e.order == Ordering::SeqCst => Kind::Barrier,
        Label::Write { .. } => Kind::Store,
        Label::Fence if e.order == Ordering::SeqCst => Kind::Barrier,
        Label::Fence | Label::Free { .. } => Kind::Ignored,
        Label::Spawn(_) | Label::Join(_) | Label::End => Kind::Barrier,
    }
}
