//! The core solver: Z3 through the `z3` crate, linked against the system `libz3`.
//!
//! # Translation
//!
//! Expressions become Z3 terms through [`Z3Terms`](crate::z3_terms::Z3Terms), once per pool,
//! so the path condition shared by many queries is built only once.
//!
//! # Incremental use
//!
//! A `Z3Solver` keeps two Z3 solvers alive — one for queries without arrays (Z3's solver for
//! the `QF_BV` logic, an incremental bit-blasting SAT solver) and one for queries with arrays
//! (Z3's default solver) — and runs each query in its own `push`/`pop` scope. Making a Z3
//! solver costs about 10 ms; a scope costs well under 1 ms, so this is what makes many small
//! queries cheap. Whatever Z3 keeps between queries cannot change the answers' models (see
//! below); the solvers are rebuilt every [`Z3Config::reset_every`] queries to bound that state.
//! Every Z3 call gets what remains of the query's time limit.
//!
//! # Deterministic models
//!
//! Z3's models are not canonical: they depend on the order terms were created, on what the
//! context saw before, and on its heuristics. ravel needs *same formula → same model* so that
//! executions replay, so after a SAT answer the model is normalised to the **lexicographically
//! smallest** one:
//!
//! 1. The query's bit-vector variables are taken in increasing variable id. Each is set to the
//!    least unsigned value it can take given the constraints and the values already chosen for
//!    the variables before it: ask for `v < current value` (unsatisfiable: done — the usual
//!    case when the value is forced), then for `v = 0`; otherwise descend from the highest
//!    set bit of the current model's value, and for each `1` bit ask whether the same high
//!    part with that bit cleared is satisfiable (bits that are already `0` need no query: the
//!    current model is a witness). The value found is then asserted before the next variable.
//! 2. Array contents matter only where they are read. Each read of an array variable (a
//!    `select` whose store chain ends at the array; ordered by array id, then by the id of the
//!    `select` node) is minimised the same way, as the term `array[index]`.
//! 3. The model lists every variable of the query and, for each array, the elements at the
//!    indices read (everything else reads as 0).
//!
//! The lexicographic minimum is a property of the formula alone, so it does not depend on
//! Z3's internal choices nor on what the solver was asked before. It is also compatible with
//! constraint independence: the minimum of independent parts merged is the minimum of the
//! whole. Cost: one extra Z3 call per variable whose value is forced or already least, two when
//! it can be 0, otherwise at most two plus one per set bit; each is an incremental call under
//! an assumption. If the time limit runs out during normalisation, the (valid) model reached
//! so far is returned and counted in [`SolverStats::unminimised`]: only then may a model
//! depend on timing.

use std::time::{Duration, Instant};

use z3::ast::{Bool, BV};
use z3::{Params, SatResult};

use crate::expr::{Assignment, ExprId, ExprPool, Node};
use crate::solver::{Solver, SolverResult, SolverStats};
use crate::z3_terms::{bv_const, Z3Terms};

/// Settings of a [`Z3Solver`].
#[derive(Clone, Debug)]
pub struct Z3Config {
    /// Time limit of one [`check`](Solver::check), model normalisation included.
    pub timeout: Duration,
    /// Normalise models to the lexicographic minimum (see the module docs). Turning this off
    /// makes models depend on Z3's heuristics.
    pub canonical_models: bool,
    /// Make the persistent Z3 solvers afresh after this many queries (bounds the state Z3
    /// keeps between queries); 0 = never.
    pub reset_every: u32,
}

impl Default for Z3Config {
    fn default() -> Self {
        Z3Config { timeout: Duration::from_secs(10), canonical_models: true, reset_every: 10_000 }
    }
}

/// The Z3-backed core [`Solver`].
///
/// Z3 objects live in the thread's Z3 context, so a `Z3Solver` is neither `Send` nor `Sync`:
/// make one per thread.
pub struct Z3Solver {
    config: Z3Config,
    stats: SolverStats,
    terms: Z3Terms,
    /// Persistent Z3 solvers, for queries without and with arrays; each query runs in its
    /// own push/pop scope.
    bv_solver: Option<z3::Solver>,
    abv_solver: Option<z3::Solver>,
    /// Queries since the solvers were last made afresh.
    since_reset: u32,
}

impl Z3Solver {
    /// A solver with the given settings.
    pub fn new(config: Z3Config) -> Self {
        Z3Solver {
            config,
            stats: SolverStats::default(),
            terms: Z3Terms::new(),
            bv_solver: None,
            abv_solver: None,
            since_reset: 0,
        }
    }

    /// A solver whose queries are limited to `timeout`.
    pub fn with_timeout(timeout: Duration) -> Self {
        Self::new(Z3Config { timeout, ..Z3Config::default() })
    }

    /// The settings.
    pub fn config(&self) -> &Z3Config {
        &self.config
    }

    /// Change the time limit of later queries.
    pub fn set_timeout(&mut self, timeout: Duration) {
        self.config.timeout = timeout;
    }

    /// Forget the translated terms and Z3's state (all are rebuilt on demand).
    pub fn clear_cache(&mut self) {
        self.terms.clear();
        self.bv_solver = None;
        self.abv_solver = None;
        self.since_reset = 0;
    }

    fn solve(&mut self, constraints: &[ExprId], pool: &ExprPool, start: Instant) -> SolverResult {
        let deadline = start + self.config.timeout;
        self.terms.translate(pool, constraints);
        if self.config.reset_every != 0 && self.since_reset >= self.config.reset_every {
            self.bv_solver = None;
            self.abv_solver = None;
            self.since_reset = 0;
        }
        self.since_reset += 1;
        let arrays = constraints.iter().any(|&c| pool.vars(c).iter().any(|&v| is_array_var(pool, v)));
        let slot = if arrays { &mut self.abv_solver } else { &mut self.bv_solver };
        let solver = match slot.take() {
            Some(s) => s,
            // QF_BV gets Z3's incremental bit-blasting SAT solver; with arrays, the default.
            None if arrays => z3::Solver::new(),
            None => z3::Solver::new_for_logic("QF_BV").unwrap_or_default(),
        };
        solver.push();
        let r = self.solve_in(&solver, constraints, pool, deadline);
        solver.pop(1);
        let slot = if arrays { &mut self.abv_solver } else { &mut self.bv_solver };
        *slot = Some(solver);
        r
    }

    fn solve_in(
        &mut self,
        solver: &z3::Solver,
        constraints: &[ExprId],
        pool: &ExprPool,
        deadline: Instant,
    ) -> SolverResult {
        for &c in constraints {
            solver.assert(self.terms.boolean(c));
        }
        match run(solver, None, deadline, &mut self.stats) {
            SatResult::Sat => {}
            SatResult::Unsat => return SolverResult::Unsat,
            SatResult::Unknown => return SolverResult::Unknown(reason_unknown(solver, deadline)),
        }
        let mut model = solver.get_model().expect("Z3 gave no model for a SAT answer");

        // The query's variables, in id order.
        let mut var_ids: Vec<u32> = constraints.iter().flat_map(|&c| pool.vars(c).iter().copied()).collect();
        var_ids.sort_unstable();
        var_ids.dedup();
        let mut bv_vars = Vec::new();
        let mut arrays = Vec::new();
        for v in var_ids {
            let node = pool.var_node(v).expect("variable without a node");
            match *pool.node(node) {
                Node::Var { bits, .. } => bv_vars.push((v, self.terms.bv(node), bits)),
                Node::ArrayVar { .. } => arrays.push(v),
                _ => unreachable!(),
            }
        }
        // Reads of array variables: (array id, select id, index, array[index] term, widths).
        let mut reads = Vec::new();
        if !arrays.is_empty() {
            for id in pool.reachable(constraints) {
                if let Node::Select { array, index } = *pool.node(id) {
                    let root = pool.array_root(array).expect("select from a non-array");
                    let base = self.terms.array(pool.var_node(root).expect("array without a node"));
                    let (ib, eb) = pool.array_sort(array).expect("array sort");
                    let read = base.select(&self.terms.bv(index)).as_bv().expect("array element is a bit-vector");
                    reads.push((root, id, self.terms.bv(index), ib, read, eb));
                }
            }
            reads.sort_by_key(|r| (r.0, r.1));
        }

        if self.config.canonical_models {
            let targets = bv_vars.iter().map(|(_, t, b)| (t, *b)).chain(reads.iter().map(|r| (&r.4, r.5)));
            let mut complete = true;
            for (term, bits) in targets {
                if !minimise(solver, &mut model, term, bits, deadline, &mut self.stats) {
                    complete = false;
                    break;
                }
            }
            if !complete {
                self.stats.unminimised += 1;
            }
        }

        let mut out = Assignment::new();
        for (v, term, bits) in &bv_vars {
            out.values.insert(*v, value(&model, term, *bits));
        }
        for a in arrays {
            out.arrays.insert(a, Default::default());
        }
        for (root, _, index, ib, read, eb) in &reads {
            let i = value(&model, index, *ib);
            let v = value(&model, read, *eb);
            out.set_element(*root, i, v);
        }
        SolverResult::Sat(out)
    }
}

impl Default for Z3Solver {
    fn default() -> Self {
        Self::new(Z3Config::default())
    }
}

impl Solver for Z3Solver {
    fn check(&mut self, constraints: &[ExprId], pool: &ExprPool) -> SolverResult {
        let start = Instant::now();
        self.stats.queries += 1;
        let r = self.solve(constraints, pool, start);
        self.stats.record(&r, start.elapsed());
        r
    }

    fn stats(&self) -> SolverStats {
        self.stats
    }
}

fn is_array_var(pool: &ExprPool, v: u32) -> bool {
    pool.var_node(v).is_some_and(|n| matches!(pool.node(n), Node::ArrayVar { .. }))
}

/// The value of `term` in `model`.
fn value(model: &z3::Model, term: &BV, bits: u32) -> u128 {
    let part = |t: &BV| model.eval(t, true).and_then(|v| v.as_u64()).expect("Z3 model value") as u128;
    if bits <= 64 {
        part(term)
    } else {
        (part(&term.extract(bits - 1, 64)) << 64) | part(&term.extract(63, 0))
    }
}

/// One Z3 call with what remains of the time limit, under an optional assumption.
fn run(solver: &z3::Solver, assumption: Option<&Bool>, deadline: Instant, stats: &mut SolverStats) -> SatResult {
    let now = Instant::now();
    if now >= deadline {
        return SatResult::Unknown;
    }
    let ms = (deadline - now).as_millis().clamp(1, u32::MAX as u128) as u32;
    let mut p = Params::new();
    p.set_u32("timeout", ms);
    solver.set_params(&p);
    stats.core_calls += 1;
    match assumption {
        None => solver.check(),
        Some(a) => solver.check_assumptions(std::slice::from_ref(a)),
    }
}

fn reason_unknown(solver: &z3::Solver, deadline: Instant) -> String {
    match solver.get_reason_unknown() {
        Some(r) if !r.is_empty() => r,
        _ if Instant::now() >= deadline => "timeout".to_string(),
        _ => "unknown".to_string(),
    }
}

/// Pins `term` to its least value consistent with the solver's assertions (which the current
/// `model` satisfies), updating `model`. Returns false if the time limit ran out; the model is
/// still valid then.
fn minimise(
    solver: &z3::Solver,
    model: &mut z3::Model,
    term: &BV,
    bits: u32,
    deadline: Instant,
    stats: &mut SolverStats,
) -> bool {
    let mut cur = value(model, term, bits);
    // Is the current value already the least? (Always so when the value is forced.)
    if cur != 0 {
        match run(solver, Some(&term.bvult(bv_const(bits, cur))), deadline, stats) {
            SatResult::Sat => {
                *model = solver.get_model().expect("model");
                cur = value(model, term, bits);
            }
            SatResult::Unsat => {
                solver.assert(term.eq(bv_const(bits, cur)));
                return true;
            }
            SatResult::Unknown => return false,
        }
    }
    if cur != 0 {
        match run(solver, Some(&term.eq(bv_const(bits, 0))), deadline, stats) {
            SatResult::Sat => {
                *model = solver.get_model().expect("model");
                cur = 0;
            }
            SatResult::Unknown => return false,
            SatResult::Unsat => {
                let top = 127 - cur.leading_zeros();
                for k in (0..=top).rev() {
                    if (cur >> k) & 1 == 0 {
                        continue;
                    }
                    // Same bits above k, bit k cleared, anything below.
                    let want = (cur >> k) & !1;
                    let trial = term.extract(bits - 1, k).eq(bv_const(bits - k, want));
                    match run(solver, Some(&trial), deadline, stats) {
                        SatResult::Sat => {
                            *model = solver.get_model().expect("model");
                            cur = value(model, term, bits);
                            debug_assert_eq!(cur >> k, want);
                        }
                        SatResult::Unsat => {}
                        SatResult::Unknown => return false,
                    }
                }
            }
        }
    }
    solver.assert(term.eq(bv_const(bits, cur)));
    true
}
