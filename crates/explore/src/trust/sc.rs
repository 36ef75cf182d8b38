//! Sequential consistency over execution graphs: some interleaving explains every read,
//! that is, program order, reads-from, coherence and from-reads form no cycle (Shasha and
//! Snir's formulation). Atomic accesses synchronise whatever their order.

use super::facts::{atomic, Facts};
use super::model::Consistency;
use super::relation::Relation;

pub(crate) struct SequentialConsistency;

impl Consistency for SequentialConsistency {
    fn happens_before(&self, f: &Facts) -> Relation {
        let mut sw = Relation::empty(f.n());
        for w in 0..f.n() {
            for r in f.rf.successors(w) {
                if atomic(f.order(w)) && atomic(f.order(r)) {
                    sw.add(w, r);
                }
            }
        }
        f.po.clone().union(&f.threads).union(&sw).closure()
    }

    fn consistent(&self, f: &Facts) -> bool {
        f.po.clone().union(&f.threads).union(&f.rf).union(&f.co).union(&f.fr).acyclic()
    }
}
