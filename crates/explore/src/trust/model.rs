//! Memory models as consistency predicates over execution graphs, one file each: which
//! graphs a model allows and its happens-before (for its own axioms and for races).

use super::graph::{Graph, Pos, Source};
use super::views::HappensBefore;
use super::{restrict, set_rf};
use ravel_vm::MemoryModel;
use std::sync::Arc;

/// What a memory model decides of a graph.
pub(crate) trait Consistency: Sync {
    /// Happens-before: the order no access may be reordered against, and the one races
    /// are judged by; `None` for a graph with a `po ∪ rf` cycle.
    fn happens_before(&self, g: &Graph) -> Option<Arc<HappensBefore>>;
    /// Whether the graph is allowed (the atomicity of read-modify-writes aside, which the
    /// search checks itself).
    fn consistent(&self, g: &Graph) -> bool;

    /// Which of `choices` for access `e` (what a read reads, the write a write goes right
    /// after) leave `g` consistent, where nothing depends on `e`, a write `e` is
    /// coherence-latest (or already right after the one choice asked about), and `g`
    /// without `e` is consistent: what the search asks of each access it adds, answered at
    /// once.
    fn allowed(&self, g: &Graph, e: Pos, choices: &[Source]) -> Vec<bool> {
        by_full_checks(self, g, e, choices)
    }

    /// Whether the graph a backward revisit makes is consistent: `g` restricted to
    /// `view` (which keeps `read`, `write` and what they depend on), `read` reading from
    /// `write`, which does not depend on it. Nothing kept depends on `read`, and what is
    /// kept besides it is part of `g`, consistent: only the new choice of `read` is in
    /// question.
    fn allowed_revisit(&self, g: &Graph, read: Pos, write: Pos, view: &[u32]) -> bool {
        by_revisited_graph(self, g, read, write, view)
    }
}

/// [`Consistency::allowed_revisit`] by building the revisit's graph and asking
/// [`Consistency::allowed`] of it.
pub(crate) fn by_revisited_graph<M: Consistency + ?Sized>(
    model: &M,
    g: &Graph,
    read: Pos,
    write: Pos,
    view: &[u32],
) -> bool {
    let stamp = g.event(write).stamp;
    let mut g = g.clone();
    restrict(&mut g, stamp);
    g.keep(view);
    let source = Source::Write(write);
    set_rf(&mut g, read, source, false);
    model.allowed(&g, read, &[source])[0]
}

/// [`Consistency::allowed`] by checking the whole graph with each choice.
pub(crate) fn by_full_checks<M: Consistency + ?Sized>(model: &M, g: &Graph, e: Pos, choices: &[Source]) -> Vec<bool> {
    let mut h = g.clone();
    choices
        .iter()
        .map(|&s| {
            h.choose(e, s);
            model.consistent(&h)
        })
        .collect()
}

/// The consistency predicate of `model`, when the graph search supports it.
pub(crate) fn of(model: MemoryModel) -> Option<&'static dyn Consistency> {
    match model.name() {
        "sc" => Some(&super::sc::SequentialConsistency),
        "tso" => Some(&super::tso::TotalStoreOrder),
        "rc11" => Some(&super::rc11::Rc11),
        "imm" => Some(&super::imm::Imm),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::graph::{Event, Graph, Label, Pos, Rmw, Source};
    use super::super::{rc11::Rc11, sc::SequentialConsistency, tso::TotalStoreOrder};
    use super::{by_full_checks, Consistency};
    use ravel_ir::{Ordering, SrcLoc};

    const X: u64 = 0x100;
    const Y: u64 = 0x200;

    fn event(label: Label, order: Ordering) -> Event {
        let at = SrcLoc::default();
        Event { label, order, stamp: 0, step: 0, scheduled: true, added_max: true, revisitable: true, at }
    }

    fn write(g: &mut Graph, t: u32, loc: u64, order: Ordering) -> Pos {
        let w = g.push(t, event(Label::Write { loc, len: 4, value: 1, rmw: false }, order));
        g.place_write(loc, w, g.co_max(loc));
        w
    }

    fn read(g: &mut Graph, t: u32, loc: u64, rf: Source, order: Ordering) -> Pos {
        g.push(t, event(Label::Read { loc, len: 4, rf, value: 0, rmw: Rmw::No }, order))
    }

    /// Store buffering: each thread writes one location, then reads the other's initial
    /// value; the second read.
    fn store_buffering(order: Ordering) -> (Graph, Pos) {
        let mut g = Graph::default();
        write(&mut g, 0, X, order);
        read(&mut g, 0, Y, Source::Init, order);
        write(&mut g, 1, Y, order);
        let r = read(&mut g, 1, X, Source::Init, order);
        (g, r)
    }

    /// Message passing: data written, then a flag; the flag read, then the data's initial
    /// value.
    fn message_passing(write_flag: Ordering, read_flag: Ordering) -> (Graph, Pos, Pos) {
        let mut g = Graph::default();
        let data = write(&mut g, 0, X, Ordering::NotAtomic);
        let flag = write(&mut g, 0, Y, write_flag);
        read(&mut g, 1, Y, Source::Write(flag), read_flag);
        let r = read(&mut g, 1, X, Source::Init, Ordering::NotAtomic);
        (g, r, data)
    }

    /// A model's quick answer for the choices of `e` is that of whole-graph checks.
    fn agrees(model: &dyn Consistency, g: &Graph, e: Pos, choices: &[Source]) -> Vec<bool> {
        let quick = model.allowed(g, e, choices);
        assert_eq!(quick, by_full_checks(model, g, e, choices));
        quick
    }

    #[test]
    fn sc_forbids_store_buffering_and_tso_allows_it() {
        let (g, r) = store_buffering(Ordering::NotAtomic);
        assert!(!SequentialConsistency.consistent(&g));
        assert!(TotalStoreOrder.consistent(&g));
        let choices = [Source::Init, Source::Write(Pos { thread: 0, index: 0 })];
        assert_eq!(agrees(&SequentialConsistency, &g, r, &choices), [false, true]);
        assert_eq!(agrees(&TotalStoreOrder, &g, r, &choices), [true, true]);
    }

    #[test]
    fn rc11_orders_message_passing_by_release_and_acquire_only() {
        let (g, r, data) = message_passing(Ordering::Release, Ordering::Acquire);
        assert!(!Rc11.consistent(&g));
        let choices = [Source::Init, Source::Write(data)];
        assert_eq!(agrees(&Rc11, &g, r, &choices), [false, true]);
        let (g, r, _) = message_passing(Ordering::Relaxed, Ordering::Acquire);
        assert!(Rc11.consistent(&g));
        assert_eq!(agrees(&Rc11, &g, r, &choices), [true, true]);
        let (g, r, _) = message_passing(Ordering::SeqCst, Ordering::SeqCst);
        assert_eq!(agrees(&Rc11, &g, r, &choices), [false, true]);
    }

    #[test]
    fn rc11_forbids_store_buffering_of_seq_cst_accesses_only() {
        let choices = [Source::Init, Source::Write(Pos { thread: 0, index: 0 })];
        let (g, r) = store_buffering(Ordering::SeqCst);
        assert!(!Rc11.consistent(&g));
        assert_eq!(agrees(&Rc11, &g, r, &choices), [false, true]);
        let (g, r) = store_buffering(Ordering::Relaxed);
        assert!(Rc11.consistent(&g));
        assert_eq!(agrees(&Rc11, &g, r, &choices), [true, true]);
    }

    #[test]
    fn a_write_goes_no_earlier_than_what_it_happens_after() {
        // Thread 1 reads thread 0's write of x (acquire from release), then writes x: its
        // write cannot go before the one it saw, under sc and rc11 alike.
        let mut g = Graph::default();
        let seen = write(&mut g, 0, X, Ordering::Release);
        read(&mut g, 1, X, Source::Write(seen), Ordering::Acquire);
        let w = write(&mut g, 1, X, Ordering::Relaxed);
        let choices = [Source::Init];
        assert_eq!(agrees(&SequentialConsistency, &g, w, &choices), [false]);
        assert_eq!(agrees(&Rc11, &g, w, &choices), [false]);
    }
}
