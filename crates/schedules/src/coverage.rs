//! Z3 checks of an epoch tree, one epoch at a time from the root: that the schedules
//! cover every input reaching the epoch (the inputs that selected the schedule above
//! and do not end the program there), which schedules are infeasible (an unsatisfiable
//! constraint: no input selects them), and smaller selectors: a constraint every
//! reaching input satisfies becomes `true` (a fork-join program's single schedule then
//! needs no expression at all).

use crate::dag::Dag;
use ravel_schedule_format::{Epoch, InputSpec};
use ravel_sym::{ExprId, ExprPool, Solver, SolverResult, Z3Config};
use rustc_hash::FxHashMap;
use std::time::Duration;

/// What the checks found.
#[derive(Debug, Default)]
pub struct Coverage {
    /// Input values no error-free schedule covers, with the epoch (from 0), if any.
    pub uncovered: Option<(usize, Vec<u128>)>,
    /// Schedules whose constraint no input satisfies.
    pub infeasible: usize,
    /// Why a check could not be decided, if one could not.
    pub undecided: Option<String>,
}

/// The checker, kept across the epochs of one tree.
pub struct Checker<'a> {
    inputs: &'a [InputSpec],
    pool: ExprPool,
    made: FxHashMap<u32, ExprId>,
    solver: ravel_sym::DefaultChain,
    pub found: Coverage,
}

impl<'a> Checker<'a> {
    /// A checker over the program's `inputs`.
    pub fn new(inputs: &'a [InputSpec], timeout: Duration) -> Checker<'a> {
        let solver = ravel_sym::default_solver(Z3Config { timeout, ..Z3Config::default() });
        Checker { inputs, pool: ExprPool::new(), made: FxHashMap::default(), solver, found: Coverage::default() }
    }

    /// The condition every input satisfies (the root epoch's reaching inputs).
    pub fn everything(&mut self) -> ExprId {
        self.pool.true_()
    }

    fn expr(&mut self, dag: &Dag, i: u32) -> ExprId {
        dag.to_pool(i, &mut self.pool, &mut self.made)
    }

    /// Whether `f` can hold; `Some(values)` of the inputs when it can.
    fn satisfiable(&mut self, f: ExprId) -> Option<Vec<u128>> {
        match self.solver.check(&[f], &self.pool) {
            SolverResult::Sat(model) => Some(
                self.inputs
                    .iter()
                    .enumerate()
                    .map(|(i, spec)| model.value(((i as u32) << 8) | (spec.bits & 0xff)))
                    .collect(),
            ),
            SolverResult::Unsat => None,
            SolverResult::Unknown(why) => {
                self.found.undecided.get_or_insert(why);
                None
            }
        }
    }

    /// Checks the schedules of `epoch` (at `depth`) against `reaching`, the inputs that
    /// reach it, and simplifies their constraints; returns, per schedule, the inputs that
    /// go on from it to the next epoch.
    pub fn level(&mut self, epoch: &mut Epoch, reaching: ExprId, depth: usize, dag: &mut Dag) -> Vec<ExprId> {
        let constraints: Vec<ExprId> = epoch.schedules.iter().map(|s| self.expr(dag, s.constraint)).collect();
        let any = constraints.iter().copied().reduce(|a, b| self.pool.or(a, b)).unwrap_or_else(|| self.pool.false_());
        let none = self.pool.not(any);
        let gap = self.pool.and(reaching, none);
        if self.found.uncovered.is_none() {
            if let Some(values) = self.satisfiable(gap) {
                self.found.uncovered = Some((depth, values));
            }
        }
        let truth = dag.bool_const(true);
        let mut goes_on = Vec::new();
        for (s, &c) in epoch.schedules.iter_mut().zip(&constraints) {
            if self.satisfiable(c).is_none() {
                self.found.infeasible += 1;
            }
            let not_c = self.pool.not(c);
            let counter = self.pool.and(reaching, not_c);
            // Only a proof (unsat) replaces a constraint; an undecided query keeps it.
            if self.solver.check(&[counter], &self.pool) == SolverResult::Unsat {
                s.constraint = truth;
            }
            let mut on = self.pool.and(reaching, c);
            if let Some(e) = s.ends {
                let ends = self.expr(dag, e);
                let stays = self.pool.not(ends);
                on = self.pool.and(on, stays);
            }
            goes_on.push(on);
        }
        goes_on
    }
}
