//! The [`Solver`] interface and the KLEE-style decorators around the core solver.
//!
//! A solver answers whether a conjunction of width-1 constraints is satisfiable and, if so,
//! gives a [`Model`]. Layers implement the same trait and wrap one another:
//!
//! ```text
//! CachingSolver → IndependenceSolver → FreshVarSolver → CachingSolver → Z3Solver
//! ```
//!
//! ([`default_solver`](crate::chain::default_solver) builds this chain.) The outer cache answers repeated whole queries at
//! the cost of a hash lookup; independence splits a query into parts that share no variable;
//! in each part, the fresh-variable layer settles the variables that one (dis)equality alone
//! binds; and the inner cache then answers the parts that did not change — typically
//! everything but the part the newest branch condition touches. Every layer counts its own [`SolverStats`].

use std::time::{Duration, Instant};

use rustc_hash::FxHashMap;

use crate::expr::{Assignment, ExprId, ExprPool};

/// Values for the variables of a satisfiable query (deterministic: see
/// [`z3_backend`](crate::z3_backend)). Variables it does not list are 0.
pub type Model = Assignment;

/// The answer to a query.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SolverResult {
    /// Satisfiable, with a model.
    Sat(Model),
    /// Unsatisfiable.
    Unsat,
    /// Undecided (time limit reached or the solver gave up), with the reason.
    Unknown(String),
}

impl SolverResult {
    /// Whether this is [`SolverResult::Sat`].
    pub fn is_sat(&self) -> bool {
        matches!(self, SolverResult::Sat(_))
    }

    /// Whether this is [`SolverResult::Unsat`].
    pub fn is_unsat(&self) -> bool {
        matches!(self, SolverResult::Unsat)
    }

    /// The model of a satisfiable answer.
    pub fn model(&self) -> Option<&Model> {
        match self {
            SolverResult::Sat(m) => Some(m),
            _ => None,
        }
    }
}

/// What one solver layer did.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct SolverStats {
    /// Queries this layer received.
    pub queries: u64,
    /// Queries answered from this layer's cache (caching layers only).
    pub cache_hits: u64,
    /// Calls this layer made to the layer below (for Z3: calls to Z3, model normalisation
    /// included).
    pub core_calls: u64,
    /// Time spent in this layer, layers below included.
    pub time: Duration,
    /// Answers by kind.
    pub sat: u64,
    /// Unsatisfiable answers.
    pub unsat: u64,
    /// Unknown answers.
    pub unknown: u64,
    /// SAT answers whose model could not be normalised within the time limit (Z3 only).
    pub unminimised: u64,
}

impl SolverStats {
    pub(crate) fn record(&mut self, r: &SolverResult, time: Duration) {
        self.time += time;
        match r {
            SolverResult::Sat(_) => self.sat += 1,
            SolverResult::Unsat => self.unsat += 1,
            SolverResult::Unknown(_) => self.unknown += 1,
        }
    }
}

/// A satisfiability checker for conjunctions of width-1 expressions.
pub trait Solver {
    /// Is the conjunction of `constraints` (each of width 1, true = 1) satisfiable?
    fn check(&mut self, constraints: &[ExprId], pool: &ExprPool) -> SolverResult;

    /// This layer's counters.
    fn stats(&self) -> SolverStats;

    /// Is `cond` possible under `constraints`?
    fn may_be_true(&mut self, constraints: &[ExprId], cond: ExprId, pool: &ExprPool) -> SolverResult {
        let mut all = constraints.to_vec();
        all.push(cond);
        self.check(&all, pool)
    }
}

impl<S: Solver + ?Sized> Solver for Box<S> {
    fn check(&mut self, constraints: &[ExprId], pool: &ExprPool) -> SolverResult {
        (**self).check(constraints, pool)
    }

    fn stats(&self) -> SolverStats {
        (**self).stats()
    }
}

/// Drops constant-true constraints, sorts and deduplicates the rest; `None` when one is
/// constant false (or a variable-free constraint evaluates to false).
pub fn normalise(constraints: &[ExprId], pool: &ExprPool) -> Option<Vec<ExprId>> {
    let mut out = Vec::with_capacity(constraints.len());
    for &c in constraints {
        assert_eq!(pool.bits(c), 1, "constraint {c:?} is not of width 1");
        let v = match pool.as_const(c) {
            Some(v) => Some(v),
            // No variables (e.g. a kept division by zero): decide it by evaluation.
            None if pool.vars(c).is_empty() => Some(pool.eval(c, &Assignment::new())),
            None => None,
        };
        match v {
            Some(0) => return None,
            Some(_) => {}
            None => out.push(c),
        }
    }
    out.sort_unstable();
    out.dedup();
    Some(out)
}

// -------------------------------------------------------------------- caching

/// Exact query cache: the key is the normalised (sorted, deduplicated) constraint set, so
/// the same set in any order hits. Unknown answers are not cached (a later try may succeed).
/// Trivial queries (a constant-false constraint, or nothing left) never reach the inner solver.
pub struct CachingSolver<S> {
    inner: S,
    stats: SolverStats,
    pool_uid: u64,
    cache: FxHashMap<Vec<ExprId>, SolverResult>,
}

impl<S: Solver> CachingSolver<S> {
    /// Wrap `inner`.
    pub fn new(inner: S) -> Self {
        CachingSolver { inner, stats: SolverStats::default(), pool_uid: 0, cache: FxHashMap::default() }
    }

    /// The wrapped solver.
    pub fn inner(&self) -> &S {
        &self.inner
    }

    /// The wrapped solver, mutably.
    pub fn inner_mut(&mut self) -> &mut S {
        &mut self.inner
    }

    /// Number of cached answers.
    pub fn cache_len(&self) -> usize {
        self.cache.len()
    }

    /// Forget every cached answer.
    pub fn clear(&mut self) {
        self.cache.clear();
    }

    fn answer(&mut self, constraints: &[ExprId], pool: &ExprPool) -> SolverResult {
        if pool.uid() != self.pool_uid {
            self.cache.clear();
            self.pool_uid = pool.uid();
        }
        let Some(key) = normalise(constraints, pool) else {
            return SolverResult::Unsat;
        };
        if key.is_empty() {
            return SolverResult::Sat(Model::new());
        }
        if let Some(r) = self.cache.get(&key) {
            self.stats.cache_hits += 1;
            return r.clone();
        }
        self.stats.core_calls += 1;
        let r = self.inner.check(&key, pool);
        if !matches!(r, SolverResult::Unknown(_)) {
            self.cache.insert(key, r.clone());
        }
        r
    }
}

impl<S: Solver> Solver for CachingSolver<S> {
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

// -------------------------------------------------------------------- independence

/// Splits the constraints into groups that share no variable (connected components of the
/// "shares a variable" relation), solves each group with the inner solver, and merges the
/// models. A group's answer depends only on that group, so the inner cache can answer the
/// groups a new constraint did not touch. Any unsatisfiable group makes the whole
/// unsatisfiable; otherwise any unknown group makes it unknown.
pub struct IndependenceSolver<S> {
    inner: S,
    stats: SolverStats,
}

impl<S: Solver> IndependenceSolver<S> {
    /// Wrap `inner`.
    pub fn new(inner: S) -> Self {
        IndependenceSolver { inner, stats: SolverStats::default() }
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
        let Some(cs) = normalise(constraints, pool) else {
            return SolverResult::Unsat;
        };
        let groups = components(&cs, pool);
        if groups.len() <= 1 {
            if cs.is_empty() {
                return SolverResult::Sat(Model::new());
            }
            self.stats.core_calls += 1;
            return self.inner.check(&cs, pool);
        }
        let mut model = Model::new();
        let mut unknown = None;
        for g in groups {
            self.stats.core_calls += 1;
            match self.inner.check(&g, pool) {
                SolverResult::Sat(m) => model.extend(m),
                SolverResult::Unsat => return SolverResult::Unsat,
                SolverResult::Unknown(r) => {
                    unknown.get_or_insert(r);
                }
            }
        }
        match unknown {
            Some(r) => SolverResult::Unknown(r),
            None => SolverResult::Sat(model),
        }
    }
}

impl<S: Solver> Solver for IndependenceSolver<S> {
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

/// Groups of `constraints` that share no variable, each in the input order, the groups
/// ordered by their first constraint. Variable-free constraints form groups of their own.
pub fn components(constraints: &[ExprId], pool: &ExprPool) -> Vec<Vec<ExprId>> {
    crate::parts::group_conjuncts(constraints, |c| pool.vars(c), |_| true, true)
}

/// The constraints that share variables, directly or through other constraints, with
/// `seeds` — all that matters to decide `seeds` when `constraints` are known satisfiable.
pub fn relevant(constraints: &[ExprId], seeds: &[ExprId], pool: &ExprPool) -> Vec<ExprId> {
    let mut vars: rustc_hash::FxHashSet<u32> = seeds.iter().flat_map(|&s| pool.vars(s).iter().copied()).collect();
    let mut taken = vec![false; constraints.len()];
    loop {
        let mut grew = false;
        for (i, &c) in constraints.iter().enumerate() {
            if !taken[i] && pool.vars(c).iter().any(|v| vars.contains(v)) {
                taken[i] = true;
                grew = true;
                vars.extend(pool.vars(c).iter().copied());
            }
        }
        if !grew {
            break;
        }
    }
    constraints.iter().zip(taken).filter(|(_, t)| *t).map(|(&c, _)| c).collect()
}
