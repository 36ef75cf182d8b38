//! Sequential consistency over execution graphs: some interleaving explains every read,
//! that is, program order, reads-from, coherence and from-reads form no cycle (Shasha and
//! Snir's formulation). Atomic accesses synchronise whatever their order.

use super::digraph::Digraph;
use super::graph::Graph;
use super::model::Consistency;
use super::views::{HappensBefore, Synchronisation};

pub(crate) struct SequentialConsistency;

impl Consistency for SequentialConsistency {
    fn happens_before(&self, g: &Graph) -> Option<HappensBefore> {
        HappensBefore::of(g, Synchronisation::Atomic)
    }

    fn consistent(&self, g: &Graph) -> bool {
        let mut order = Digraph::over(g);
        order.add_program_order(g);
        order.add_thread_order(g);
        order.add_communication(g, |_, _| true);
        order.acyclic()
    }
}
