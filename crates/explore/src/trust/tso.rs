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

use super::digraph::Digraph;
use super::execution::MUTEX;
use super::graph::{Event, Graph, Label, Pos, Rmw};
use super::model::Consistency;
use super::sc::SequentialConsistency;
use super::views::HappensBefore;
use ravel_ir::Ordering;
use std::sync::Arc;

pub(crate) struct TotalStoreOrder;

impl Consistency for TotalStoreOrder {
    /// As under sequential consistency: atomic accesses synchronise whatever their order,
    /// as dpor's TSO judges races.
    fn happens_before(&self, g: &Graph) -> Option<Arc<HappensBefore>> {
        SequentialConsistency.happens_before(g)
    }

    fn consistent(&self, g: &Graph) -> bool {
        let mut per_location = Digraph::over(g);
        add_program_order_per_location(g, &mut per_location);
        per_location.add_communication(g, |_, _| true);
        if !per_location.acyclic() {
            return false;
        }
        let mut global = Digraph::over(g);
        add_preserved_program_order(g, &mut global);
        global.add_thread_order(g);
        global.add_communication(g, |w, r| w.thread != r.thread);
        global.acyclic()
    }
}

/// `po|loc`: each access before its thread's next access of the same location.
fn add_program_order_per_location(g: &Graph, order: &mut Digraph) {
    for (t, evs) in g.threads.iter().enumerate() {
        let mut last: Vec<(u64, Pos)> = Vec::new();
        for (i, e) in evs.iter().enumerate() {
            let Some(loc) = e.loc() else { continue };
            let p = Pos { thread: t as u32, index: i as u32 };
            match last.iter_mut().find(|(l, _)| *l == loc) {
                Some((_, before)) => {
                    order.add(*before, p);
                    *before = p;
                }
                None => last.push((loc, p)),
            }
        }
    }
}

/// `ppo`, by edges with its transitive closure: a load or a barrier before its thread's
/// next event and next load or barrier, a store before its thread's next store or
/// barrier (a store is never before a later load, except through a barrier).
fn add_preserved_program_order(g: &Graph, order: &mut Digraph) {
    for (t, evs) in g.threads.iter().enumerate() {
        let thread = t as u32;
        // The latest event still waiting for its next event, next load or barrier, and
        // next store or barrier.
        let (mut any, mut load, mut store): (Option<u32>, Option<u32>, Option<u32>) = (None, None, None);
        for (i, e) in evs.iter().enumerate() {
            let kind = kind(e);
            if kind == Kind::Ignored {
                continue;
            }
            let here = Pos { thread, index: i as u32 };
            let mut link = |from: &mut Option<u32>| {
                if let Some(index) = from.take() {
                    order.add(Pos { thread, index }, here);
                }
            };
            link(&mut any);
            if kind != Kind::Store {
                link(&mut load);
            }
            if kind != Kind::Load {
                link(&mut store);
            }
            let index = Some(i as u32);
            match kind {
                Kind::Store => store = index,
                _ => (any, load) = (index, index),
            }
        }
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

fn kind(e: &Event) -> Kind {
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
