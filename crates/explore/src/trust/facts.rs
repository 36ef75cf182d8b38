//! The base relations of an execution graph, over its events numbered densely: program
//! order, thread creation and joins, reads-from, coherence and from-reads — what every
//! memory model's axioms start from.

use super::graph::{Graph, Label, Pos, Source};
use super::relation::Relation;
use ravel_ir::Ordering;

/// A graph's events numbered `0..n` and its base relations.
pub(crate) struct Facts<'g> {
    pub g: &'g Graph,
    /// The number of thread `t`'s first event.
    offsets: Vec<usize>,
    pub places: Vec<Pos>,
    /// Program order.
    pub po: Relation,
    /// A thread's creation before its events, a thread's end before its join.
    pub threads: Relation,
    pub rf: Relation,
    pub co: Relation,
    pub fr: Relation,
}

impl<'g> Facts<'g> {
    pub fn of(g: &'g Graph) -> Facts<'g> {
        let mut offsets = Vec::with_capacity(g.threads.len());
        let mut places = Vec::new();
        for (t, evs) in g.threads.iter().enumerate() {
            offsets.push(places.len());
            places.extend((0..evs.len()).map(|i| Pos { thread: t as u32, index: i as u32 }));
        }
        let n = places.len();
        let mut f = Facts {
            g,
            offsets,
            places,
            po: Relation::empty(n),
            threads: Relation::empty(n),
            rf: Relation::empty(n),
            co: Relation::empty(n),
            fr: Relation::empty(n),
        };
        f.build();
        f
    }

    pub fn n(&self) -> usize {
        self.places.len()
    }

    pub fn id(&self, p: Pos) -> usize {
        self.offsets[p.thread as usize] + p.index as usize
    }

    pub fn event(&self, i: usize) -> &super::graph::Event {
        self.g.event(self.places[i])
    }

    fn build(&mut self) {
        let g = self.g;
        for (t, evs) in g.threads.iter().enumerate() {
            let base = self.offsets[t];
            for i in 0..evs.len() {
                for j in i + 1..evs.len() {
                    self.po.add(base + i, base + j);
                }
                match evs[i].label {
                    Label::Spawn(child) => {
                        let c = self.offsets.get(child as usize).copied();
                        for k in 0..g.threads.get(child as usize).map_or(0, Vec::len) {
                            self.threads.add(base + i, c.expect("a created thread is numbered") + k);
                        }
                    }
                    Label::Join(child) => {
                        if let Some(last) = g.threads[child as usize].len().checked_sub(1) {
                            self.threads.add(self.offsets[child as usize] + last, base + i);
                        }
                    }
                    _ => {}
                }
            }
        }
        for (loc, writes) in &g.co {
            let ids: Vec<usize> = writes.iter().map(|&w| self.id(w)).collect();
            for (k, &a) in ids.iter().enumerate() {
                for &b in &ids[k + 1..] {
                    self.co.add(a, b);
                }
            }
            for (r, e) in g.events() {
                let Label::Read { loc: l, rf, .. } = e.label else { continue };
                if l != *loc {
                    continue;
                }
                let rank = g.co_rank(l, rf);
                let r = self.id(r);
                if let Source::Write(w) = rf {
                    self.rf.add(self.id(w), r);
                }
                for &later in &ids[rank..] {
                    self.fr.add(r, later);
                }
            }
        }
    }

    /// Whether events `a` and `b` access the same location.
    pub fn same_loc(&self, a: usize, b: usize) -> bool {
        matches!((self.event(a).loc(), self.event(b).loc()), (Some(x), Some(y)) if x == y)
    }

    /// The order of event `i`.
    pub fn order(&self, i: usize) -> Ordering {
        self.event(i).order
    }
}

/// Whether an access of this order is atomic (`⊒ rlx`).
pub(crate) fn atomic(o: Ordering) -> bool {
    o != Ordering::NotAtomic
}

/// `⊒ acq`.
pub(crate) fn acquires(o: Ordering) -> bool {
    matches!(o, Ordering::Acquire | Ordering::AcqRel | Ordering::SeqCst)
}

/// `⊒ rel`.
pub(crate) fn releases(o: Ordering) -> bool {
    matches!(o, Ordering::Release | Ordering::AcqRel | Ordering::SeqCst)
}
