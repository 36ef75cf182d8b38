//! Memory models as consistency predicates over execution graphs, one file each: which
//! graphs a model allows and its happens-before (for its own axioms and for races).

use super::graph::{Graph, Pos, Source};
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

    /// Which of `choices` for access `e` (what a read reads, the write a write goes right
    /// after) leave `g` consistent, where nothing depends on `e`, a write `e` is
    /// coherence-latest, and `g` without `e` is consistent: what the search asks of each
    /// access it adds, answered at once.
    fn allowed(&self, g: &Graph, e: Pos, choices: &[Source]) -> Vec<bool> {
        by_full_checks(self, g, e, choices)
    }
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
