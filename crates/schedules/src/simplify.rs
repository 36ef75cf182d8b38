//! Smaller selectors: a constraint every input reaching its epoch satisfies becomes
//! `true` (a fork-join program's single schedule then needs no expression at all), an
//! `ends` without a next epoch is dropped (nothing follows either way), and the
//! expression nodes nothing reads any more are removed.

use crate::dag::Dag;
use ravel_schedule_format::{Epoch, Node};
use ravel_sym::{ExprId, ExprPool, Solver, SolverResult, Z3Config};
use rustc_hash::FxHashMap;
use std::time::Duration;

struct Simplifier<'a> {
    dag: &'a mut Dag,
    pool: ExprPool,
    made: FxHashMap<u32, ExprId>,
    solver: ravel_sym::DefaultChain,
    truth: u32,
}

/// Simplifies the tree under `root` in place and compacts `dag`.
pub fn simplify(root: &mut Epoch, dag: &mut Dag, timeout: Duration) {
    let solver = ravel_sym::default_solver(Z3Config { timeout, ..Z3Config::default() });
    let truth = dag.bool_const(true);
    let mut s = Simplifier { dag, pool: ExprPool::new(), made: FxHashMap::default(), solver, truth };
    let reaching = s.pool.true_();
    s.epoch(root, reaching);
    compact(root, dag);
}

impl Simplifier<'_> {
    fn expr(&mut self, i: u32) -> ExprId {
        self.dag.to_pool(i, &mut self.pool, &mut self.made)
    }

    fn epoch(&mut self, epoch: &mut Epoch, reaching: ExprId) {
        for s in &mut epoch.schedules {
            let c = self.expr(s.constraint);
            let not_c = self.pool.not(c);
            let counter = self.pool.and(reaching, not_c);
            // Only a proof (unsat) replaces a constraint; an undecided query keeps it.
            if self.solver.check(&[counter], &self.pool) == SolverResult::Unsat {
                s.constraint = self.truth;
            }
            let Some(next) = &mut s.next else {
                s.ends = None;
                continue;
            };
            let mut goes_on = self.pool.and(reaching, c);
            if let Some(e) = s.ends {
                let ends = self.expr(e);
                let stays = self.pool.not(ends);
                goes_on = self.pool.and(goes_on, stays);
            }
            self.epoch(next, goes_on);
        }
    }
}

/// Calls `f` on every expression index the tree under `epoch` holds.
fn for_each_root(epoch: &mut Epoch, f: &mut impl FnMut(&mut u32)) {
    for fail in &mut epoch.failing {
        f(&mut fail.constraint);
    }
    for s in &mut epoch.schedules {
        f(&mut s.constraint);
        if let Some(e) = &mut s.ends {
            f(e);
        }
        if let Some(next) = &mut s.next {
            for_each_root(next, f);
        }
    }
}

/// Keeps only the nodes the tree reads (renumbered, order kept).
fn compact(root: &mut Epoch, dag: &mut Dag) {
    let mut live = vec![false; dag.nodes.len()];
    let mut stack: Vec<u32> = Vec::new();
    for_each_root(root, &mut |r| stack.push(*r));
    while let Some(i) = stack.pop() {
        if !std::mem::replace(&mut live[i as usize], true) {
            stack.extend(dag.nodes[i as usize].operands());
        }
    }
    let mut new_index = vec![u32::MAX; dag.nodes.len()];
    let mut kept = Dag::default();
    for (i, node) in dag.nodes.iter().enumerate().filter(|(i, _)| live[*i]) {
        let n = |o: u32| new_index[o as usize];
        let renamed = match *node {
            Node::Bin { op, a, b } => Node::Bin { op, a: n(a), b: n(b) },
            Node::Cmp { op, a, b } => Node::Cmp { op, a: n(a), b: n(b) },
            Node::Cast { op, a, bits } => Node::Cast { op, a: n(a), bits },
            Node::Ite { cond, then, els } => Node::Ite { cond: n(cond), then: n(then), els: n(els) },
            Node::Concat { hi, lo } => Node::Concat { hi: n(hi), lo: n(lo) },
            Node::Extract { a, hi, lo } => Node::Extract { a: n(a), hi, lo },
            ref leaf => leaf.clone(),
        };
        new_index[i] = kept.add(renamed);
    }
    for_each_root(root, &mut |r| *r = new_index[*r as usize]);
    *dag = kept;
}
