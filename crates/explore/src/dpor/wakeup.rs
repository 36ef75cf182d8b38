//! Steps, sleep sets and wakeup trees of optimal DPOR (Abdulla, Aronis, Jonsson, Sagonas:
//! "Source Sets: A Foundation for Optimal Dynamic Partial Order Reduction", JACM 2017).
//!
//! A wakeup tree at a node of the search holds the sequences of steps still to be explored
//! from there, each the reversal of a race found in an earlier execution. A sequence that a
//! branch already covers up to reordering of independent steps is not inserted again, and
//! one that starts with a sleeping thread is dropped: that is what makes every equivalence
//! class explored exactly once, with no execution blocked by its sleep set.

use crate::footprint::Footprint;
use ravel_vm::AccessKind;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// One transition as sleep sets and wakeup trees see it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub(crate) struct Step {
    pub thread: usize,
    /// Choice values forced when the step is executed again (empty: defaults).
    pub choices: Vec<u64>,
    pub footprint: Footprint,
    /// Threads this step created: everything they do depends on it.
    pub spawns: Vec<usize>,
    /// The step ends the program: it depends on every step.
    pub global: bool,
}

impl Step {
    /// Whether the two steps do not commute. A failed compare-and-swap only read.
    pub fn depends(&self, other: &Step) -> bool {
        self.thread == other.thread
            || self.global
            || other.global
            || self.spawns.contains(&other.thread)
            || other.spawns.contains(&self.thread)
            || self.footprint.conflicts(&other.footprint)
    }

    /// Whether the two steps are the same choice variant of a thread's step: their forced
    /// choices agree, an unforced choice taking its default, 0.
    pub fn same_variant(&self, other: &Step) -> bool {
        self.thread == other.thread && same_choices(&self.choices, &other.choices)
    }

    /// Whether the variant `self` forces begins with the choice prefix `prefix`.
    pub fn starts_variant(&self, prefix: &[u64]) -> bool {
        prefix.iter().enumerate().all(|(i, v)| self.choices.get(i).copied().unwrap_or(0) == *v)
    }

    /// Adds what `other` (another variant of the same step) did, for the sleep set.
    pub fn absorb(&mut self, other: &Step) {
        self.footprint.extend(&other.footprint);
        for c in &other.spawns {
            if !self.spawns.contains(c) {
                self.spawns.push(*c);
            }
        }
        self.global |= other.global;
    }

    /// The step as it may behave once moved before the write it read from: a failed
    /// compare-and-swap may then succeed, and its choices are made afresh (the step
    /// itself when neither applies, without a copy).
    pub fn reversed(&self) -> Cow<'_, Step> {
        let failed = self.footprint.0.iter().any(|&(_, k, _)| k == AccessKind::FailedRmw);
        if !failed && self.choices.is_empty() {
            return Cow::Borrowed(self);
        }
        let footprint = Footprint(
            self.footprint
                .0
                .iter()
                .map(|&(l, k, m)| (l, if k == AccessKind::FailedRmw { AccessKind::Rmw } else { k }, m))
                .collect(),
        );
        Cow::Owned(Step { choices: Vec::new(), footprint, ..self.clone() })
    }
}

/// Whether two forced choice vectors make the same choices (missing values are 0).
pub(crate) fn same_choices(a: &[u64], b: &[u64]) -> bool {
    (0..a.len().max(b.len())).all(|i| a.get(i).copied().unwrap_or(0) == b.get(i).copied().unwrap_or(0))
}

/// Where a branch starting with `next` can take `seq` in: as [`weak_initial`], but a
/// branch of `seq`'s thread must run the same choice variant of its step, unless that step
/// is all that is left of `seq` (every variant of a branch's first step is explored from
/// its node). Following another variant would explore the rest of `seq` where its steps
/// cannot happen.
fn branch_takes(seq: &[&Step], next: &Step) -> Option<Option<usize>> {
    weak_initial(seq, next).filter(|k| k.is_none_or(|k| seq.len() == 1 || seq[k].same_variant(next)))
}

/// Where thread `next.thread` can start `seq`: `Some(Some(k))` when its first step in `seq`
/// (at `k`) has no predecessor there, `Some(None)` when it has no step in `seq` and its next
/// step `next` commutes with all of `seq` (a *weak initial*), `None` otherwise.
fn weak_initial(seq: &[&Step], next: &Step) -> Option<Option<usize>> {
    match seq.iter().position(|s| s.thread == next.thread) {
        // Any happens-before chain into `k` ends with a step `k` depends on directly.
        Some(k) => (!seq[..k].iter().any(|s| s.depends(seq[k]))).then_some(Some(k)),
        None => (!seq.iter().any(|s| s.depends(next))).then_some(None),
    }
}

/// True when a sleeping thread can start `seq`: then every execution starting with `seq`
/// is equivalent to one explored already.
pub(crate) fn slept(sleep: &[std::rc::Rc<Step>], seq: &[&Step]) -> bool {
    sleep.iter().any(|s| weak_initial(seq, s).is_some())
}

/// An ordered tree of step sequences; the leftmost branch is explored first.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub(crate) struct WakeupTree {
    children: Vec<(Step, WakeupTree)>,
    /// An insertion appended a branch here since [`WakeupTree::forget_growth`] (`-j`: a
    /// helper's own additions, which a sequence the search adds later must not follow).
    grown: bool,
}

/// A branch added under the leftmost branch of a tree: `route` is the threads of the
/// children followed from the tree's root (the leftmost's first), `chain` what was
/// appended at the end of that route (`-j`: what a helper exploring the leftmost branch
/// must be told).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Graft {
    /// Thread and forced choices of each branch followed.
    pub route: Vec<(usize, Vec<u64>)>,
    pub chain: Vec<Step>,
}

/// What an insertion did to a tree.
#[derive(Debug, PartialEq)]
pub(crate) enum Inserted {
    /// Nothing: a branch covers the sequence.
    Covered,
    /// A branch was appended outside the leftmost branch.
    Beside,
    /// A branch was appended under the top-level branch at this index (described when
    /// the index is below the number asked for).
    Under(usize, Option<Graft>),
}

impl WakeupTree {
    pub fn is_empty(&self) -> bool {
        self.children.is_empty()
    }

    /// Takes the leftmost branch: its first step and the tree below it.
    pub fn pop_first(&mut self) -> Option<(Step, WakeupTree)> {
        (!self.children.is_empty()).then(|| self.children.remove(0))
    }

    /// Takes the first top-level branch that runs thread `thread`'s step with a choice
    /// variant starting with `prefix`: the search explores that variant next, and the
    /// sequences below the branch go with it.
    pub fn take_variant(&mut self, thread: usize, prefix: &[u64]) -> Option<(Step, WakeupTree)> {
        let at = self.children.iter().position(|(s, _)| s.thread == thread && s.starts_variant(prefix))?;
        Some(self.children.remove(at))
    }

    /// Adds a one-step branch (the naive engine explores every thread this way).
    pub fn push(&mut self, step: Step) {
        self.children.push((step, WakeupTree::default()));
    }

    /// A tree of one branch (`-j`: the branch a helper explores).
    pub fn from_branch(branch: (Step, WakeupTree)) -> WakeupTree {
        WakeupTree { children: vec![branch], grown: false }
    }

    /// The top-level branch at `index` (0: the leftmost, which is explored next).
    pub fn branch(&self, index: usize) -> Option<&(Step, WakeupTree)> {
        self.children.get(index)
    }

    /// Inserts `seq` unless a branch already covers it: walking down, a child whose thread
    /// can start what is left of `seq` is followed (its step taken out of `seq`); reaching a
    /// leaf means an execution equivalent to `seq` will be explored anyway. Only what is
    /// added is copied. An addition under one of the `describe` leftmost branches comes
    /// with its [`Graft`].
    pub fn insert(&mut self, mut seq: Vec<&Step>, describe: usize) -> Inserted {
        let mut node = self;
        // The threads of the children followed (only to describe a graft), and the index
        // of the first of them.
        let mut route = Vec::new();
        let mut under = None;
        loop {
            if seq.is_empty() {
                return Inserted::Covered;
            }
            let hit = node.children.iter().enumerate().find_map(|(c, (s, _))| branch_takes(&seq, s).map(|k| (c, k)));
            let Some((c, k)) = hit else {
                let chain: Vec<Step> = seq.into_iter().cloned().collect();
                node.grown = true;
                let Some(under) = under else {
                    node.children.push(self::chain(chain));
                    return Inserted::Beside;
                };
                let graft = (under < describe).then(|| Graft { route, chain: chain.clone() });
                node.children.push(self::chain(chain));
                return Inserted::Under(under, graft);
            };
            under.get_or_insert(c);
            if describe > 0 {
                let first = &node.children[c].0;
                route.push((first.thread, first.choices.clone()));
            }
            if let Some(k) = k {
                seq.remove(k);
            }
            node = &mut node.children[c].1;
            if node.children.is_empty() {
                return Inserted::Covered;
            }
        }
    }

    /// Appends `chain` at the end of `route` (a [`Graft`]), as the search appended it to
    /// its copy of this tree: fails when a child on the route is gone (explored) or a
    /// branch was appended there since ([`WakeupTree::forget_growth`]), which would have
    /// come after it. The end of the route may have no children left: they are in
    /// progress. Returns the index of the top-level branch the route starts with.
    pub fn graft(&mut self, route: &[(usize, Vec<u64>)], chain: &[Step]) -> Result<Option<usize>, ()> {
        let mut node = self;
        let mut first = None;
        for (thread, choices) in route {
            let c = node
                .children
                .iter()
                .position(|(s, _)| s.thread == *thread && same_choices(&s.choices, choices))
                .ok_or(())?;
            first.get_or_insert(c);
            node = &mut node.children[c].1;
        }
        if node.grown {
            return Err(());
        }
        node.children.push(self::chain(chain.to_vec()));
        Ok(first)
    }

    /// Clears every "appended since" mark (`-j`: a helper's tree starts as the search's).
    pub fn forget_growth(&mut self) {
        self.grown = false;
        for (_, below) in &mut self.children {
            below.forget_growth();
        }
    }
}

/// A tree that is one branch.
fn chain(seq: Vec<Step>) -> (Step, WakeupTree) {
    let mut steps = seq.into_iter().rev();
    let last = steps.next().expect("a non-empty sequence");
    let mut branch = (last, WakeupTree::default());
    for s in steps {
        branch = (s, WakeupTree { children: vec![branch], grown: false });
    }
    branch
}

#[cfg(test)]
mod tests {
    use super::*;
    use ravel_vm::Loc;

    fn step(thread: usize, accesses: &[(u64, AccessKind)]) -> Step {
        let footprint = Footprint(accesses.iter().map(|&(a, k)| (Loc::Mem(a), k, crate::footprint::WHOLE)).collect());
        Step { thread, footprint, ..Default::default() }
    }

    const UNDER: Inserted = Inserted::Under(0, None);
    const R: AccessKind = AccessKind::Read;
    const W: AccessKind = AccessKind::Write;

    #[test]
    fn a_leaf_covers_sequences_it_commutes_with() {
        let mut tree = WakeupTree::default();
        tree.insert(vec![&step(1, &[(8, R)])], 0);
        // Another reader commutes with the first: the leaf covers it.
        tree.insert(vec![&step(2, &[(8, R)])], 0);
        assert_eq!(tree.children.len(), 1);
        // A writer of the same word does not.
        tree.insert(vec![&step(3, &[(8, W)])], 0);
        assert_eq!(tree.children.len(), 2);
    }

    #[test]
    fn insertion_follows_initials_and_stops_at_leaves() {
        let mut tree = WakeupTree::default();
        tree.insert(vec![&step(1, &[(8, W)]), &step(2, &[(16, W)])], 0);
        // Both threads of the branch start this sequence in turn and the branch ends: the
        // exploration below it will meet thread 3 anyway.
        tree.insert(vec![&step(2, &[(16, W)]), &step(1, &[(8, W)]), &step(3, &[(8, R)])], 0);
        assert_eq!(tree.children.len(), 1);
        assert!(tree.children[0].1.children[0].1.children.is_empty());
        // Thread 3's write conflicts with thread 2's: it branches below thread 1.
        tree.insert(vec![&step(1, &[(8, W)]), &step(3, &[(16, W)])], 0);
        let below: Vec<usize> = tree.children[0].1.children.iter().map(|(s, _)| s.thread).collect();
        assert_eq!(below, vec![2, 3]);
    }

    #[test]
    fn insertion_tells_when_the_leftmost_branch_changed() {
        let mut tree = WakeupTree::default();
        assert_ne!(tree.insert(vec![&step(1, &[(8, W)]), &step(2, &[(16, W)])], 0), UNDER);
        // A new branch beside it leaves it as it was.
        assert_ne!(tree.insert(vec![&step(3, &[(8, W)])], 0), UNDER);
        // A sequence the leaf covers changes nothing either.
        assert_ne!(tree.insert(vec![&step(1, &[(8, W)]), &step(2, &[(16, W)]), &step(4, &[(24, R)])], 0), UNDER);
        // One that branches below thread 1 changes the leftmost branch.
        assert_eq!(tree.insert(vec![&step(1, &[(8, W)]), &step(5, &[(16, W)])], 0), UNDER);
        // The second branch is a leaf: it covers what starts with it.
        assert_eq!(tree.insert(vec![&step(3, &[(8, W)]), &step(1, &[(8, R)])], 0), Inserted::Covered);
        // Below a later branch: its index, and its graft when asked for.
        assert_eq!(tree.insert(vec![&step(6, &[(8, W)]), &step(7, &[(40, W)])], 0), Inserted::Beside);
        assert_eq!(tree.insert(vec![&step(6, &[(8, W)]), &step(8, &[(40, W)])], 0), Inserted::Under(2, None));
        let Inserted::Under(2, Some(graft)) = tree.insert(vec![&step(6, &[(8, W)]), &step(9, &[(40, W)])], 3) else {
            panic!("an insertion under the third branch, described")
        };
        assert_eq!(graft.route, vec![(6, vec![])]);
    }

    #[test]
    fn a_graft_replays_an_insertion_unless_the_tree_grew_there() {
        let mut tree = WakeupTree::default();
        tree.insert(vec![&step(1, &[(8, W)]), &step(2, &[(16, W)])], 0);
        let copy = tree.clone();
        let Inserted::Under(0, Some(graft)) = tree.insert(vec![&step(1, &[(8, W)]), &step(5, &[(16, W)])], 1) else {
            panic!("an insertion under the leftmost branch")
        };
        assert_eq!(graft.route, vec![(1, vec![])]);
        assert_eq!(graft.chain.iter().map(|s| s.thread).collect::<Vec<_>>(), vec![5]);
        // The helper's copy gets the same branch in the same place.
        let mut helper = copy.clone();
        helper.forget_growth();
        assert_eq!(helper.graft(&graft.route, &graft.chain), Ok(Some(0)));
        let threads = |t: &WakeupTree| t.children[0].1.children.iter().map(|(s, _)| s.thread).collect::<Vec<_>>();
        assert_eq!(threads(&helper), threads(&tree));
        // A copy that appended there itself would explore its own branch first: refused.
        let mut grown = copy;
        grown.forget_growth();
        grown.insert(vec![&step(1, &[(8, W)]), &step(6, &[(16, W)])], 0);
        assert_eq!(grown.graft(&graft.route, &graft.chain), Err(()));
        // So is a route through a child that is gone.
        let mut explored = tree.clone();
        explored.pop_first();
        assert_eq!(explored.graft(&graft.route, &graft.chain), Err(()));
    }

    #[test]
    fn a_sequence_follows_a_branch_only_in_its_choice_variant() {
        let variant = |v: u64| Step { choices: vec![v], ..step(1, &[(8, R)]) };
        let (zero, one, later) = (variant(0), variant(1), step(2, &[(16, W)]));
        let mut tree = WakeupTree::default();
        tree.insert(vec![&zero, &later], 0);
        // The other variant of thread 1's step is another branch: what follows it there
        // cannot be explored below variant 0.
        assert_eq!(tree.insert(vec![&one, &later], 0), Inserted::Beside);
        // Unforced choices are the defaults: the same variant as 0.
        assert_eq!(tree.insert(vec![&step(1, &[(8, R)]), &later], 0), Inserted::Covered);
        // A sequence that is only the step: every variant is explored where it runs.
        let mut single = WakeupTree::default();
        single.insert(vec![&zero, &later], 0);
        assert_eq!(single.insert(vec![&one], 0), Inserted::Covered);
        // The search takes a variant's branch when it explores that variant.
        let (taken, _) = tree.take_variant(1, &[1]).expect("the branch of variant 1");
        assert_eq!(taken.choices, vec![1]);
        assert!(tree.take_variant(1, &[1]).is_none());
    }

    #[test]
    fn a_sleeping_thread_that_starts_the_sequence_blocks_it() {
        let sleep = vec![std::rc::Rc::new(step(1, &[(8, R)]))];
        assert!(slept(&sleep, &[&step(2, &[(16, W)])]));
        assert!(!slept(&sleep, &[&step(2, &[(8, W)])]));
        assert!(slept(&sleep, &[&step(1, &[(8, R)]), &step(2, &[(8, W)])]));
    }

    #[test]
    fn a_failed_compare_and_swap_reads_until_reversed() {
        let failed = step(1, &[(8, AccessKind::FailedRmw)]);
        assert!(!failed.depends(&step(2, &[(8, R)])));
        assert!(failed.reversed().depends(&step(2, &[(8, R)])));
    }
}
