//! Z3 checks of an epoch tree: that the schedules cover every input (the negation of the
//! disjunction of the root's constraints is unsatisfiable, and below every schedule the
//! next epoch's schedules cover the inputs that do not end the program there), and which
//! schedules are infeasible (an unsatisfiable constraint: no input selects them).

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

struct Checker<'a> {
    dag: &'a Dag,
    inputs: &'a [InputSpec],
    pool: ExprPool,
    made: FxHashMap<u32, ExprId>,
    solver: ravel_sym::DefaultChain,
    found: Coverage,
}

/// Checks the tree under `root` over the program's `inputs`.
pub fn check(root: &Epoch, dag: &Dag, inputs: &[InputSpec], timeout: Duration) -> Coverage {
    let solver = ravel_sym::default_solver(Z3Config { timeout, ..Z3Config::default() });
    let mut c =
        Checker { dag, inputs, pool: ExprPool::new(), made: FxHashMap::default(), solver, found: Coverage::default() };
    let t = c.pool.true_();
    c.epoch(root, t, 0);
    c.found
}

impl Checker<'_> {
    fn expr(&mut self, i: u32) -> ExprId {
        self.dag.to_pool(i, &mut self.pool, &mut self.made)
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

    /// Checks that the schedules of `epoch` cover `reaching` (the inputs that reach it),
    /// and the epochs below.
    fn epoch(&mut self, epoch: &Epoch, reaching: ExprId, depth: usize) {
        let constraints: Vec<ExprId> = epoch.schedules.iter().map(|s| self.expr(s.constraint)).collect();
        let any = constraints.iter().copied().reduce(|a, b| self.pool.or(a, b)).unwrap_or_else(|| self.pool.false_());
        let none = self.pool.not(any);
        let gap = self.pool.and(reaching, none);
        if self.found.uncovered.is_none() {
            if let Some(values) = self.satisfiable(gap) {
                self.found.uncovered = Some((depth, values));
            }
        }
        for (s, &c) in epoch.schedules.iter().zip(&constraints) {
            if self.satisfiable(c).is_none() {
                self.found.infeasible += 1;
            }
            let Some(next) = &s.next else { continue };
            let goes_on = match s.ends {
                Some(e) => {
                    let ends = self.expr(e);
                    let stays = self.pool.not(ends);
                    self.pool.and(c, stays)
                }
                None => c,
            };
            self.epoch(next, goes_on, depth + 1);
        }
    }
}
