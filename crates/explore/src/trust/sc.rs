//! Sequential consistency over execution graphs: some interleaving explains every read,
//! that is, program order, reads-from, coherence and from-reads form no cycle (Shasha and
//! Snir's formulation). Atomic accesses synchronise whatever their order.

use super::digraph::Digraph;
use super::graph::{Graph, Pos, Source};
use super::model::Consistency;
use super::views::{HappensBefore, Synchronisation};
use std::sync::Arc;

pub(crate) struct SequentialConsistency;

impl Consistency for SequentialConsistency {
    fn happens_before(&self, g: &Graph) -> Option<Arc<HappensBefore>> {
        g.happens_before(Synchronisation::Atomic)
    }

    fn consistent(&self, g: &Graph) -> bool {
        order(g).acyclic()
    }

    /// A cycle through `e` leaves it to a write coherence-after its choice (the next write
    /// for a read, its own successor for a write) and comes back through the event
    /// before it: the choices allowed are those no later than every write of its
    /// location that reaches that event.
    fn allowed(&self, g: &Graph, e: Pos, choices: &[Source]) -> Vec<bool> {
        let loc = g.event(e).loc().expect("an access");
        let before = match e.index {
            0 => g.parent[e.thread as usize],
            i => Some(Pos { index: i - 1, ..e }),
        };
        let latest_reaching = before.map_or(0, |before| {
            let order = order(g);
            let reaching = order.reaching(before, e);
            let writes = g.writes(loc).iter().enumerate();
            writes.filter(|&(_, &w)| w != e && reaching[order.id(w) as usize]).map(|(k, _)| k + 1).max().unwrap_or(0)
        });
        choices.iter().map(|&s| g.co_rank(loc, s) >= latest_reaching).collect()
    }
}

/// `po ∪ rf ∪ co ∪ fr` with thread creation and joins.
fn order(g: &Graph) -> Digraph {
    let mut order = Digraph::over(g);
    order.add_program_order(g);
    order.add_thread_order(g);
    order.add_communication(g, |_, _| true);
    order
}
