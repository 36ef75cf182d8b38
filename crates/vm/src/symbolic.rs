//! The symbolic part of executions as data: the engine (expression pool and solver) the
//! executions of one exploration share, one execution's symbolic state (path constraint,
//! model, inputs) and the expression helpers on them. `concolic` runs the machine with it.
use crate::memory::ObjId;
use ravel_ir::SrcLoc;
use ravel_sym::{Assignment, ExprId, ExprPool, Solver, SolverResult, SolverStats, Z3Config};
use std::cell::RefCell;
use std::rc::Rc;
use std::time::{Duration, Instant};

/// The solver chain: cache → fresh variables → independence → cache → Z3.
type Chain = ravel_sym::DefaultChain;

/// What outlives one execution: expressions (hash-consed across executions, so the solver's
/// caches recognise repeated queries) and the solver chain.
pub struct SymEngine {
    pub pool: ExprPool,
    solver: Chain,
    /// Symbolic branches one execution may make before it is cut short.
    pub max_branches: u32,
    query_timeout: Duration,
    /// The inputs the exploration is restricted to ([`SymEngine::restrict`]): a condition
    /// that every query adds, and a model of it that every execution starts from.
    region: Option<(ExprId, Assignment)>,
}

/// The engine shared by the executions of one exploration.
pub type SharedSym = Rc<RefCell<SymEngine>>;

impl SymEngine {
    /// An engine whose every query has `query_timeout`.
    pub fn shared(query_timeout: Duration, max_branches: u32) -> SharedSym {
        let solver = ravel_sym::default_solver(Z3Config { timeout: query_timeout, ..Z3Config::default() });
        Rc::new(RefCell::new(SymEngine { pool: ExprPool::new(), solver, max_branches, query_timeout, region: None }))
    }

    /// Restricts the exploration to the inputs satisfying the width-1 condition `build`
    /// makes in the pool (variables named as [`SymState::new_input`] names inputs): each
    /// execution starts from a model of it and a branch side is taken only if some input
    /// of the region takes it, so exactly the paths the region's inputs follow are
    /// explored. A path's constraint stays its own (the region is not added to it): the
    /// path is what any input satisfying it runs. Nothing is restricted when the solver
    /// finds no model of the condition (exploring more is sound, only slower).
    pub fn restrict(&mut self, build: impl FnOnce(&mut ExprPool) -> ExprId) {
        let cond = build(&mut self.pool);
        let truth = self.pool.true_();
        if let SolverResult::Sat(model) = self.may_be_true(&[], cond, None) {
            if cond != truth {
                self.region = Some((cond, model));
            }
        }
    }

    /// The values an execution's inputs start with: a model of the region, if any.
    pub(crate) fn start_model(&self) -> Assignment {
        self.region.as_ref().map(|(_, m)| m.clone()).unwrap_or_default()
    }

    /// Is `cond` possible together with `pc`, for an input of the region (if the
    /// exploration is restricted to one)? Each query gets its time limit, but never beyond
    /// the exploration's `deadline`.
    pub(crate) fn may_be_true_in_region(
        &mut self,
        pc: &[ExprId],
        cond: ExprId,
        deadline: Option<Instant>,
    ) -> SolverResult {
        let cond = match self.region {
            Some((region, _)) => self.pool.and(cond, region),
            None => cond,
        };
        self.may_be_true(pc, cond, deadline)
    }

    /// Is `cond` possible together with `pc` (for any input)? Each query gets its time
    /// limit, but never beyond the exploration's `deadline`.
    pub(crate) fn may_be_true(&mut self, pc: &[ExprId], cond: ExprId, deadline: Option<Instant>) -> SolverResult {
        let mut limit = self.query_timeout;
        if let Some(d) = deadline {
            limit = limit.min(d.saturating_duration_since(Instant::now()));
            if limit.is_zero() {
                return SolverResult::Unknown("the time limit was reached".into());
            }
        }
        self.solver.inner_mut().inner_mut().inner_mut().inner_mut().set_timeout(limit);
        self.solver.may_be_true(pc, cond, &self.pool)
    }

    /// Feasibility questions asked, and how many of them reached Z3 (the rest were
    /// answered by the caches or by splitting off unchanged independent parts).
    pub fn counts(&self) -> (u64, u64) {
        let z3: SolverStats = self.solver.inner().inner().inner().inner().stats();
        (self.solver.stats().queries, z3.queries)
    }
}

/// One symbolic input of an execution.
#[derive(Clone, Debug)]
pub struct Input {
    pub var: u32,
    pub bits: u32,
    pub loc: SrcLoc,
}

/// The symbolic part of one execution.
#[derive(Clone)]
pub(crate) struct SymState {
    pub engine: SharedSym,
    /// Path constraint: width-1 expressions that all hold.
    pub pc: Vec<ExprId>,
    /// Length of `pc` after it was last pruned (see `Machine::prune_path_constraint`).
    pub pruned: usize,
    /// Current values of the inputs; satisfies `pc`.
    pub model: Assignment,
    pub inputs: Vec<Input>,
    pub branches: u32,
    /// Solver questions asked about the path constraint (each one reads it, even when
    /// the answer adds nothing).
    pub queries: u64,
    /// Shadow of the value a library model is returning.
    pub pending_ret: Option<ExprId>,
    /// Shadow of the value a load at a symbolic address reads.
    pub pending_load: Option<ExprId>,
    /// New shadows of every byte of the object a store at a symbolic address writes.
    pub pending_store: Option<(ObjId, Vec<ExprId>)>,
    /// The shared object an access at a symbolic address may touch anywhere.
    pub whole_object: Option<ObjId>,
}

impl SymState {
    pub fn new(engine: SharedSym) -> SymState {
        let model = engine.borrow().start_model();
        SymState {
            engine,
            pc: Vec::new(),
            pruned: 0,
            model,
            inputs: Vec::new(),
            branches: 0,
            queries: 0,
            pending_ret: None,
            pending_load: None,
            pending_store: None,
            whole_object: None,
        }
    }

    /// Registers a new input of `bits` bits made at `loc`: its variable and expression.
    /// The variable id carries the width: in another execution the input made at this
    /// position may have another type, and ids name one sort in the shared pool.
    pub(crate) fn new_input(&mut self, bits: u32, loc: SrcLoc) -> (u32, ExprId) {
        let var = ((self.inputs.len() as u32) << 8) | (bits & 0xff);
        self.inputs.push(Input { var, bits, loc });
        let e = self.engine.borrow_mut().pool.var(var, bits, &format!("in{}", var >> 8));
        (var, e)
    }
}

/// `e` zero-extended or truncated to `bits`.
pub(crate) fn fit(pool: &mut ExprPool, e: ExprId, bits: u32) -> ExprId {
    let w = pool.bits(e);
    match w.cmp(&bits) {
        std::cmp::Ordering::Equal => e,
        std::cmp::Ordering::Less => pool.zext(e, bits),
        std::cmp::Ordering::Greater => pool.trunc(e, bits),
    }
}

/// `e != 0`, the truth of a C condition.
pub(crate) fn nonzero(pool: &mut ExprPool, e: ExprId) -> ExprId {
    let z = pool.constant(pool.bits(e), 0);
    pool.ne(e, z)
}

/// Little-endian bytes (8-bit expressions) back into one value: `bytes[0]` lowest.
pub(crate) fn concat_bytes(pool: &mut ExprPool, bytes: &[ExprId]) -> ExprId {
    let (&last, rest) = bytes.split_last().expect("at least one byte");
    rest.iter().rev().fold(last, |e, &lo| pool.concat(e, lo))
}

/// The `len` little-endian bytes (8-bit expressions) of `value`.
pub(crate) fn split_bytes(pool: &mut ExprPool, value: ExprId, len: u32) -> Vec<ExprId> {
    (0..len).map(|j| if j == 0 { pool.trunc(value, 8) } else { pool.extract(value, j * 8 + 7, j * 8) }).collect()
}
