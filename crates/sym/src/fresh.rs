//! The solver layer that answers for variables bound by a single (dis)equality.
//!
//! A program that draws a fresh input and compares it with a known value
//! (`do x = nondet(); while (x == seed);`) asks "can `x == seed` hold?" under a path
//! condition that never mentions `x`. The answer is "whenever the path condition holds", yet
//! a bit-blasting solver pays for the whole path condition again, and model normalisation
//! costs one more call per variable. When the variable with the greatest id occurs in only
//! one constraint, and that constraint is `v == e` or `v != e` with `v` not in `e`, this
//! layer solves the other constraints and then sets `v` itself: `e`'s value for `==`, the
//! least value other than `e`'s for `!=`. Repeated while it applies.
//!
//! The model stays the lexicographically least one in variable-id order (see
//! [`z3_backend`](crate::z3_backend)): `v` comes last in that order, so the least values of
//! the other variables are those of the other constraints alone (some `v` always fits), and
//! `v` then gets its least fitting value.

use std::time::Instant;

use crate::expr::{CmpOp, ExprId, ExprPool, Node};
use crate::solver::{normalise, Solver, SolverResult, SolverStats};

/// Peels variables bound by one (dis)equality off a query before the inner solver sees it.
pub struct FreshVarSolver<S> {
    inner: S,
    stats: SolverStats,
}

/// A peeled variable: `var` (or not) equal to `value`.
struct Binding {
    var: u32,
    equal: bool,
    value: ExprId,
}

impl<S: Solver> FreshVarSolver<S> {
    /// Wrap `inner`.
    pub fn new(inner: S) -> Self {
        FreshVarSolver { inner, stats: SolverStats::default() }
    }

    /// The wrapped solver.
    pub fn inner(&self) -> &S {
        &self.inner
    }

    /// The wrapped solver, mutably.
    pub fn inner_mut(&mut self) -> &mut S {
        &mut self.inner
    }

    fn answer(&mut self, constraints: &[ExprId], pool: &ExprPool) -> SolverResult {
        let Some(mut rest) = normalise(constraints, pool) else {
            return SolverResult::Unsat;
        };
        let mut bindings = Vec::new();
        while let Some((i, binding)) = peelable(&rest, pool) {
            rest.swap_remove(i);
            bindings.push(binding);
        }
        if bindings.is_empty() {
            self.stats.core_calls += 1;
            return self.inner.check(&rest, pool);
        }
        let mut model = if rest.is_empty() {
            Default::default()
        } else {
            self.stats.core_calls += 1;
            match self.inner.check(&rest, pool) {
                SolverResult::Sat(m) => m,
                other => return other,
            }
        };
        // The last peeled variable has the least id: the others' values may depend on it.
        for b in bindings.iter().rev() {
            let e = pool.eval(b.value, &model);
            let v = if b.equal { e } else { u128::from(e == 0) };
            model.set(b.var, v);
        }
        SolverResult::Sat(model)
    }
}

/// The constraint binding the greatest variable of `constraints`, if that variable occurs in
/// it alone and it is `v == e` or `v != e` with `v` not in `e`.
fn peelable(constraints: &[ExprId], pool: &ExprPool) -> Option<(usize, Binding)> {
    let top = constraints.iter().filter_map(|&c| pool.vars(c).last().copied()).max()?;
    let mut holders = constraints.iter().enumerate().filter(|(_, c)| pool.vars(**c).binary_search(&top).is_ok());
    let (i, &c) = holders.next()?;
    if holders.next().is_some() {
        return None;
    }
    let (equal, value) = pool.relation(c, top)?;
    Some((i, Binding { var: top, equal, value }))
}

impl ExprPool {
    /// Constraint `c` as `v == e` (`(true, e)`) or `v != e` (`(false, e)`) with `e` free of
    /// `v`, if it has that form (negations are built as `(v == e) ^ 1`).
    pub fn relation(&self, c: ExprId, v: u32) -> Option<(bool, ExprId)> {
        let (negated, c) = self.strip_not(c);
        let Node::Cmp { op: op @ (CmpOp::Eq | CmpOp::Ne), a, b } = *self.node(c) else { return None };
        let is_v = |x: ExprId| matches!(*self.node(x), Node::Var { id, .. } if id == v);
        let other = if is_v(a) {
            b
        } else if is_v(b) {
            a
        } else {
            return None;
        };
        if self.vars(other).binary_search(&v).is_ok() {
            return None;
        }
        Some(((op == CmpOp::Eq) != negated, other))
    }
}

impl<S: Solver> Solver for FreshVarSolver<S> {
    fn check(&mut self, constraints: &[ExprId], pool: &ExprPool) -> SolverResult {
        let start = Instant::now();
        self.stats.queries += 1;
        let r = self.answer(constraints, pool);
        self.stats.record(&r, start.elapsed());
        r
    }

    fn stats(&self) -> SolverStats {
        self.stats
    }
}
