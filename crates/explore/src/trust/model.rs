//! Memory models as consistency predicates over execution graphs, one file each: which
//! graphs a model allows and its happens-before (for its own axioms and for races).

use super::graph::Graph;
use super::views::HappensBefore;
use ravel_vm::MemoryModel;

/// What a memory model decides of a graph.
pub(crate) trait Consistency: Sync {
    /// Happens-before: the order no access may be reordered against, and the one races
    /// are judged by; `None` for a graph with a `po ∪ rf` cycle.
    fn happens_before(&self, g: &Graph) -> Option<HappensBefore>;
    /// Whether the graph is allowed (the atomicity of read-modify-writes aside, which the
    /// search checks itself).
    fn consistent(&self, g: &Graph) -> bool;
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
