//! The selector as a decision tree (Bergan's selector): per epoch, a tree whose inner
//! nodes test one atom of the constraints (a comparison the program branched on, or a
//! whole constraint too large to split) and whose leaves name the schedule, so a run
//! evaluates only the tests on its own path. It selects exactly what the ordered list
//! does: the first schedule whose constraint holds.
//!
//! Each constraint is put in disjunctive normal form over its atoms (negation is `xor`
//! with 1, as `Dag` builds it). The tree is grown from the first term not yet
//! contradicted by the tests above: once all its literals are decided, its schedule is
//! the answer (every term of an earlier schedule is contradicted, so no earlier
//! constraint holds); otherwise the node tests one of its undecided atoms.
//!
//! Schedules no leaf names are never selected (an earlier schedule takes all their
//! inputs): [`prune`] drops them, and the set keeps only what some input can run.
//!
//! Where several schedules serve an input, the tree prefers the most parallel one: the
//! schedules are first ordered by their busiest threads' event counts (fewest first), a
//! proxy for how evenly the work is spread (a task pool's order in which one worker takes
//! every task runs the tasks one after another natively).

use ravel_schedule_format::{BinOp, Decision, Epoch, Event, Node, Schedule};
use rustc_hash::FxHashMap;

/// An atom and the value it must have.
type Literal = (u32, bool);
/// A conjunction of literals.
type Term = Vec<Literal>;

/// Terms one constraint may expand to before it is tested as one atom instead.
const MAX_TERMS: usize = 256;
/// Nodes one epoch's tree may have; past that the epoch keeps the ordered list.
pub const MAX_NODES: usize = 200_000;

/// What the trees came to.
#[derive(Debug, Default, Clone, Copy)]
pub struct TreeSize {
    /// Nodes over every epoch's tree.
    pub nodes: usize,
    /// The longest path's tests.
    pub depth: usize,
    /// Epochs whose tree would have exceeded [`MAX_NODES`] (they keep the list).
    pub too_large: usize,
}

/// Gives `epoch` its decision tree over the expressions `exprs` (its schedules in the
/// order of preference, see [`busiest_first`]); an epoch whose tree would exceed
/// [`MAX_NODES`] keeps the ordered list.
pub fn build(epoch: &mut Epoch, exprs: &[Node]) {
    let mut terms = Vec::new();
    for (i, s) in epoch.schedules.iter().enumerate() {
        for t in dnf_or_atom(exprs, s.constraint) {
            terms.push((i as u32, t));
        }
    }
    let mut b = Builder { terms, out: Vec::new(), decided: FxHashMap::default() };
    let alive: Vec<usize> = (0..b.terms.len()).collect();
    if b.node(&alive).is_some() {
        epoch.selector = b.out;
    }
}

/// Adds the size of the trees under `epoch` to `size`.
pub fn measure(epoch: &Epoch, size: &mut TreeSize) {
    fn depth(tree: &[Decision], node: u32) -> usize {
        match tree.get(node as usize) {
            Some(&Decision::Test { then, els, .. }) => 1 + depth(tree, then).max(depth(tree, els)),
            _ => 0,
        }
    }
    match epoch.selector.is_empty() {
        true => size.too_large += 1,
        false => {
            size.nodes += epoch.selector.len();
            size.depth = size.depth.max(depth(&epoch.selector, 0));
        }
    }
    for s in &epoch.schedules {
        if let Some(next) = &s.next {
            measure(next, size);
        }
    }
}

/// Drops the schedules of `epoch` its tree never picks (none when it has no tree);
/// returns which were kept.
pub fn prune(epoch: &mut Epoch) -> Vec<bool> {
    if epoch.selector.is_empty() {
        return vec![true; epoch.schedules.len()];
    }
    let mut picked = vec![false; epoch.schedules.len()];
    for d in &epoch.selector {
        if let Decision::Pick { schedule: Some(s) } = *d {
            picked[s as usize] = true;
        }
    }
    let mut renumbered = vec![None; picked.len()];
    let mut kept = 0;
    for (i, &p) in picked.iter().enumerate() {
        if p {
            renumbered[i] = Some(kept);
            kept += 1;
        }
    }
    let mut i = 0;
    epoch.schedules.retain(|_| {
        i += 1;
        picked[i - 1]
    });
    for d in &mut epoch.selector {
        if let Decision::Pick { schedule: Some(s) } = d {
            *s = renumbered[*s as usize].unwrap_or(*s);
        }
    }
    picked
}

/// The number of events of each thread in `s`, busiest thread first: the order of
/// preference among schedules (fewest first), a proxy for the most parallel order.
pub fn busiest_first(s: &Schedule, events: &[Event]) -> Vec<usize> {
    let mut per_thread: FxHashMap<&str, usize> = FxHashMap::default();
    for &e in &s.events {
        *per_thread.entry(events[e as usize].thread.as_str()).or_default() += 1;
    }
    let mut counts: Vec<usize> = per_thread.into_values().collect();
    counts.sort_unstable_by(|a, b| b.cmp(a));
    counts
}

struct Builder {
    /// (schedule, term), in schedule order.
    terms: Vec<(u32, Term)>,
    out: Vec<Decision>,
    /// The atoms the tests above the current node decided.
    decided: FxHashMap<u32, bool>,
}

impl Builder {
    /// The node for the terms `alive` (a superset of those not contradicted); none when
    /// the tree grows past [`MAX_NODES`].
    fn node(&mut self, alive: &[usize]) -> Option<u32> {
        if self.out.len() >= MAX_NODES {
            return None;
        }
        let alive: Vec<usize> = alive
            .iter()
            .copied()
            .filter(|&t| self.terms[t].1.iter().all(|(a, v)| self.decided.get(a).is_none_or(|d| d == v)))
            .collect();
        let index = self.out.len() as u32;
        let Some(&first) = alive.first() else {
            self.out.push(Decision::Pick { schedule: None });
            return Some(index);
        };
        let (schedule, term) = &self.terms[first];
        let Some(&(atom, _)) = term.iter().find(|(a, _)| !self.decided.contains_key(a)) else {
            self.out.push(Decision::Pick { schedule: Some(*schedule) });
            return Some(index);
        };
        self.out.push(Decision::Pick { schedule: None });
        self.decided.insert(atom, true);
        let then = self.node(&alive);
        self.decided.insert(atom, false);
        let els = self.node(&alive);
        self.decided.remove(&atom);
        self.out[index as usize] = Decision::Test { expr: atom, then: then?, els: els? };
        Some(index)
    }
}

/// The terms of constraint `c`, or `c` itself as one atom when it expands to too many.
fn dnf_or_atom(exprs: &[Node], c: u32) -> Vec<Term> {
    dnf(exprs, c, true).unwrap_or_else(|| vec![vec![(c, true)]])
}

/// The disjunctive normal form of width-1 expression `e` (negated when not `positive`);
/// none past [`MAX_TERMS`] terms.
fn dnf(exprs: &[Node], e: u32, positive: bool) -> Option<Vec<Term>> {
    let terms = match &exprs[e as usize] {
        Node::Const { bits: 1, value } => match (value == "1") == positive {
            true => vec![Vec::new()],
            false => Vec::new(),
        },
        &Node::Bin { op: BinOp::And, a, b } if positive => product(dnf(exprs, a, true)?, dnf(exprs, b, true)?)?,
        &Node::Bin { op: BinOp::And, a, b } => union(dnf(exprs, a, false)?, dnf(exprs, b, false)?)?,
        &Node::Bin { op: BinOp::Or, a, b } if positive => union(dnf(exprs, a, true)?, dnf(exprs, b, true)?)?,
        &Node::Bin { op: BinOp::Or, a, b } => product(dnf(exprs, a, false)?, dnf(exprs, b, false)?)?,
        &Node::Bin { op: BinOp::Xor, a, b } if is_true(exprs, b) => dnf(exprs, a, !positive)?,
        &Node::Bin { op: BinOp::Xor, a, b } if is_true(exprs, a) => dnf(exprs, b, !positive)?,
        _ => vec![vec![(e, positive)]],
    };
    Some(terms)
}

fn is_true(exprs: &[Node], e: u32) -> bool {
    matches!(&exprs[e as usize], Node::Const { bits: 1, value } if value == "1")
}

fn union(mut a: Vec<Term>, b: Vec<Term>) -> Option<Vec<Term>> {
    a.extend(b);
    (a.len() <= MAX_TERMS).then_some(a)
}

/// The conjunctions of a term of `a` with one of `b`, without contradictory ones.
fn product(a: Vec<Term>, b: Vec<Term>) -> Option<Vec<Term>> {
    if a.len() * b.len() > MAX_TERMS {
        return None;
    }
    let mut out = Vec::new();
    for x in &a {
        for y in &b {
            let mut t = x.clone();
            for &(atom, v) in y {
                match t.iter().find(|(a, _)| *a == atom) {
                    Some(&(_, w)) if w != v => break,
                    Some(_) => {}
                    None => t.push((atom, v)),
                }
            }
            // A contradiction broke off early: some literal of `y` is missing.
            if y.iter().all(|l| t.contains(l)) {
                out.push(t);
            }
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ravel_schedule_format::{eval, CmpOp, Schedule};

    fn schedule(constraint: u32) -> Schedule {
        Schedule { constraint, ends: None, executions: 1, events: vec![], next: None, free_after: false }
    }

    /// Over input x (8 bits): a = x < 4, b = x == 9; schedules: (a and not b), (a or b),
    /// (not a); the tree must pick what the list picks for every x.
    #[test]
    fn the_tree_picks_the_first_schedule_whose_constraint_holds() {
        let exprs = vec![
            Node::Input { index: 0, bits: 8 },
            Node::Const { bits: 8, value: "4".into() },
            Node::Cmp { op: CmpOp::Ult, a: 0, b: 1 },
            Node::Const { bits: 8, value: "9".into() },
            Node::Cmp { op: CmpOp::Eq, a: 0, b: 3 },
            Node::Const { bits: 1, value: "1".into() },
            Node::Bin { op: BinOp::Xor, a: 4, b: 5 },
            Node::Bin { op: BinOp::And, a: 2, b: 6 },
            Node::Bin { op: BinOp::Or, a: 2, b: 4 },
            Node::Bin { op: BinOp::Xor, a: 2, b: 5 },
        ];
        let mut epoch = Epoch { schedules: vec![schedule(7), schedule(8), schedule(9)], ..Epoch::default() };
        build(&mut epoch, &exprs);
        let mut size = TreeSize::default();
        measure(&epoch, &mut size);
        assert!(size.nodes > 1 && size.depth >= 2 && size.too_large == 0, "{size:?}");
        for x in 0..=255u128 {
            let values = eval(&exprs, &[x]).unwrap();
            let listed = epoch.schedules.iter().position(|s| values[s.constraint as usize] == 1);
            let mut node = 0;
            let picked = loop {
                match epoch.selector[node] {
                    Decision::Test { expr, then, els } => {
                        node = if values[expr as usize] == 1 { then } else { els } as usize
                    }
                    Decision::Pick { schedule } => break schedule.map(|s| s as usize),
                }
            };
            assert_eq!(picked, listed, "x = {x}");
        }
        // (a or b) is only picked for x == 9; (not a) for x >= 4: every schedule stays.
        prune(&mut epoch);
        assert_eq!(epoch.schedules.len(), 3);
    }

    #[test]
    fn a_schedule_an_earlier_one_always_takes_is_dropped() {
        let exprs = vec![
            Node::Input { index: 0, bits: 8 },
            Node::Const { bits: 8, value: "4".into() },
            Node::Cmp { op: CmpOp::Ult, a: 0, b: 1 },
            Node::Const { bits: 1, value: "1".into() },
        ];
        // true, x < 4, true: only the first can ever be selected.
        let mut epoch = Epoch { schedules: vec![schedule(3), schedule(2), schedule(3)], ..Epoch::default() };
        build(&mut epoch, &exprs);
        prune(&mut epoch);
        assert_eq!(epoch.schedules.len(), 1);
        assert_eq!(epoch.selector, vec![Decision::Pick { schedule: Some(0) }]);
    }

    #[test]
    fn of_two_schedules_for_every_input_the_more_parallel_is_kept() {
        let exprs = vec![Node::Const { bits: 1, value: "1".into() }];
        let event = |thread: &str, k| Event { thread: thread.into(), object: 0, offset: 0, k };
        // Events 0-3: thread a's; 4-5: thread b's.
        let events = vec![event("a", 0), event("a", 1), event("a", 2), event("a", 3), event("b", 0), event("b", 1)];
        let mut one_busy = schedule(0);
        one_busy.events = vec![0, 1, 2, 3];
        let mut shared = schedule(0);
        shared.events = vec![0, 1, 4, 5];
        let mut schedules = vec![one_busy, shared];
        schedules.sort_by_cached_key(|s| busiest_first(s, &events));
        let mut epoch = Epoch { schedules, ..Epoch::default() };
        build(&mut epoch, &exprs);
        prune(&mut epoch);
        assert_eq!(epoch.schedules.len(), 1);
        assert_eq!(epoch.schedules[0].events, vec![0, 1, 4, 5]);
    }
}
