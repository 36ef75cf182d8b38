//! Concolic execution: symbolic shadows of registers and memory bytes, the path
//! constraint, and the decisions at branches whose condition depends on symbolic inputs.
//!
//! Every value that depends on a symbolic input carries an expression (its *shadow*); the
//! concrete value held in the register or memory byte is always that expression evaluated
//! under the current model. The side of a branch the model takes costs no solver call.
//! When the explorer chooses the other side, the solver gives a model of the path
//! constraint plus that side, and every shadowed register and byte is re-evaluated under
//! it: that is exactly the state the execution would have reached had the inputs had those
//! values from the start, because the path so far is the same. Values that cannot stay
//! symbolic (addresses, floats, arguments of library functions) are *concretised*: the
//! constraint `expr == value` joins the path constraint and the execution is marked
//! imprecise, since the other values were not explored.

use crate::interp::{rd, rd_words};
use crate::machine::{Chooser, End, Machine, Stop};
use crate::memory::ObjId;
use crate::thread::FrameKind;
use ravel_ir::{Arg, BinOp, Builtin, CastOp, FuncId, ICmp, Inst, Opd, SrcLoc};
use ravel_sym::{Assignment, CmpOp, ExprId, ExprPool, Solver, SolverResult, SolverStats, Z3Config};
use std::cell::RefCell;
use std::rc::Rc;
use std::time::{Duration, Instant};

/// The solver chain: cache → independence → cache → Z3.
type Chain = ravel_sym::CachingSolver<ravel_sym::IndependenceSolver<ravel_sym::CachingSolver<ravel_sym::Z3Solver>>>;

/// What outlives one execution: expressions (hash-consed across executions, so the solver's
/// caches recognise repeated queries) and the solver chain.
pub struct SymEngine {
    pub pool: ExprPool,
    solver: Chain,
    /// Symbolic branches one execution may make before it is cut short.
    pub max_branches: u32,
    query_timeout: Duration,
}

/// The engine shared by the executions of one exploration.
pub type SharedSym = Rc<RefCell<SymEngine>>;

impl SymEngine {
    /// An engine whose every query has `query_timeout`.
    pub fn shared(query_timeout: Duration, max_branches: u32) -> SharedSym {
        let solver = ravel_sym::default_solver(Z3Config { timeout: query_timeout, ..Z3Config::default() });
        Rc::new(RefCell::new(SymEngine { pool: ExprPool::new(), solver, max_branches, query_timeout }))
    }

    /// Is `cond` possible together with `pc`? Each query gets its time limit, but never
    /// beyond the exploration's `deadline`.
    fn may_be_true(&mut self, pc: &[ExprId], cond: ExprId, deadline: Option<Instant>) -> SolverResult {
        let mut limit = self.query_timeout;
        if let Some(d) = deadline {
            limit = limit.min(d.saturating_duration_since(Instant::now()));
            if limit.is_zero() {
                return SolverResult::Unknown("the time limit was reached".into());
            }
        }
        self.solver.inner_mut().inner_mut().inner_mut().set_timeout(limit);
        self.solver.may_be_true(pc, cond, &self.pool)
    }

    /// Feasibility questions asked, and how many of them reached Z3 (the rest were
    /// answered by the caches or by splitting off unchanged independent parts).
    pub fn counts(&self) -> (u64, u64) {
        let z3: SolverStats = self.solver.inner().inner().inner().stats();
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
pub(crate) struct SymState {
    pub engine: SharedSym,
    /// Path constraint: width-1 expressions that all hold.
    pub pc: Vec<ExprId>,
    /// Current values of the inputs; satisfies `pc`.
    pub model: Assignment,
    pub inputs: Vec<Input>,
    pub branches: u32,
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
        SymState {
            engine,
            pc: Vec::new(),
            model: Assignment::new(),
            inputs: Vec::new(),
            branches: 0,
            pending_ret: None,
            pending_load: None,
            pending_store: None,
            whole_object: None,
        }
    }
}

fn sym_bin(op: BinOp) -> ravel_sym::BinOp {
    use ravel_sym::BinOp as S;
    match op {
        BinOp::Add => S::Add,
        BinOp::Sub => S::Sub,
        BinOp::Mul => S::Mul,
        BinOp::UDiv => S::UDiv,
        BinOp::SDiv => S::SDiv,
        BinOp::URem => S::URem,
        BinOp::SRem => S::SRem,
        BinOp::And => S::And,
        BinOp::Or => S::Or,
        BinOp::Xor => S::Xor,
        BinOp::Shl => S::Shl,
        BinOp::LShr => S::LShr,
        BinOp::AShr => S::AShr,
    }
}

fn sym_cmp(p: ICmp) -> CmpOp {
    match p {
        ICmp::Eq => CmpOp::Eq,
        ICmp::Ne => CmpOp::Ne,
        ICmp::Ugt => CmpOp::Ugt,
        ICmp::Uge => CmpOp::Uge,
        ICmp::Ult => CmpOp::Ult,
        ICmp::Ule => CmpOp::Ule,
        ICmp::Sgt => CmpOp::Sgt,
        ICmp::Sge => CmpOp::Sge,
        ICmp::Slt => CmpOp::Slt,
        ICmp::Sle => CmpOp::Sle,
    }
}

/// `e` zero-extended or truncated to `bits`.
fn fit(pool: &mut ExprPool, e: ExprId, bits: u32) -> ExprId {
    let w = pool.bits(e);
    match w.cmp(&bits) {
        std::cmp::Ordering::Equal => e,
        std::cmp::Ordering::Less => pool.zext(e, bits),
        std::cmp::Ordering::Greater => pool.trunc(e, bits),
    }
}

/// Library functions that only print their arguments: symbolic arguments are shown with
/// their current values without constraining them (output never decides a verdict).
fn output_only(b: Builtin) -> bool {
    use Builtin::*;
    matches!(b, Printf | Fprintf | Vprintf | Vfprintf | Puts | Fputs | Putchar | Fputc | Fwrite | Fflush)
}

/// Register operands of instructions that have no symbolic semantics.
fn reg_operands(inst: &Inst) -> Vec<Opd> {
    match inst {
        Inst::WideBin { a, b, .. } | Inst::WideCmp { a, b, .. } => vec![*a, *b],
        Inst::FBin { a, b, .. } | Inst::FCmp { a, b, .. } => vec![*a, *b],
        Inst::FNeg { a, .. } => vec![*a],
        Inst::Build { parts, .. } => parts.iter().map(|(_, _, v)| *v).collect(),
        Inst::Extract { src, dyn_index, .. } => std::iter::once(*src).chain(dyn_index.map(|(o, _)| o)).collect(),
        Inst::Insert { src, elem, dyn_index, .. } => {
            [*src, *elem].into_iter().chain(dyn_index.map(|(o, _)| o)).collect()
        }
        Inst::Shuffle { a, b, .. } | Inst::VecBin { a, b, .. } | Inst::VecCmp { a, b, .. } => vec![*a, *b],
        Inst::VecCast { a, .. } => vec![*a],
        Inst::Gep { base, indices, .. } => std::iter::once(*base).chain(indices.iter().map(|(o, _, _)| *o)).collect(),
        Inst::Alloca { count, .. } => vec![*count],
        Inst::Load { addr, .. } => vec![*addr],
        Inst::Store { addr, .. } => vec![*addr],
        Inst::Rmw { addr, val, .. } => vec![*addr, *val],
        Inst::CmpXchg { addr, expected, new, .. } => vec![*addr, *expected, *new],
        Inst::VaArg { list, .. } => vec![*list],
        Inst::Call { callee: ravel_ir::Callee::Indirect(o), .. } => vec![*o],
        _ => Vec::new(),
    }
}

/// The destination register an instruction overwrites, if any.
fn destination(inst: &Inst) -> Option<u32> {
    match inst {
        Inst::Bin { dst, .. }
        | Inst::WideBin { dst, .. }
        | Inst::Cmp { dst, .. }
        | Inst::WideCmp { dst, .. }
        | Inst::FBin { dst, .. }
        | Inst::FNeg { dst, .. }
        | Inst::FCmp { dst, .. }
        | Inst::Cast { dst, .. }
        | Inst::Select { dst, .. }
        | Inst::Build { dst, .. }
        | Inst::Extract { dst, .. }
        | Inst::Insert { dst, .. }
        | Inst::Shuffle { dst, .. }
        | Inst::VecBin { dst, .. }
        | Inst::VecCmp { dst, .. }
        | Inst::VecCast { dst, .. }
        | Inst::Gep { dst, .. }
        | Inst::Alloca { dst, .. }
        | Inst::Rmw { dst, .. }
        | Inst::CmpXchg { dst, .. }
        | Inst::VaArg { dst, .. } => Some(*dst),
        Inst::Move(m) => Some(m.dst),
        _ => None,
    }
}

impl Machine {
    /// Whether this execution treats inputs symbolically.
    #[inline]
    pub fn is_symbolic(&self) -> bool {
        self.sym.is_some()
    }

    /// Whether this execution made more symbolic branches than allowed (then the whole
    /// exploration stops: a program that branches this much on inputs would not finish).
    pub fn sym_branch_limit_hit(&self) -> bool {
        self.sym.as_ref().is_some_and(|st| st.branches > st.engine.borrow().max_branches)
    }

    /// The symbolic inputs of this execution with their values under the current model.
    pub fn input_values(&self) -> Vec<(Input, u128)> {
        let Some(st) = &self.sym else { return Vec::new() };
        st.inputs.iter().map(|i| (i.clone(), st.model.value(i.var))).collect()
    }

    /// Shadow of operand `o` of thread `t`'s frame at `base`.
    #[inline]
    pub(crate) fn shadow(&self, t: usize, base: usize, o: Opd) -> Option<ExprId> {
        match o {
            Opd::Reg(r) => self.threads[t].sym_regs.get(&((base + r as usize) as u32)).copied(),
            _ => None,
        }
    }

    /// Sets (or with `None` clears) the shadow of register `dst`; constants need none.
    pub(crate) fn set_shadow(&mut self, t: usize, base: usize, dst: u32, e: Option<ExprId>) {
        let key = (base + dst as usize) as u32;
        let e = e.filter(|&e| self.with_pool(|p| p.as_const(e).is_none()));
        let regs = &mut self.threads[t].sym_regs;
        match e {
            Some(e) => {
                regs.insert(key, e);
            }
            None => {
                if !regs.is_empty() {
                    regs.remove(&key);
                }
            }
        }
    }

    fn with_pool<R>(&self, f: impl FnOnce(&mut ExprPool) -> R) -> R {
        let st = self.sym.as_ref().expect("symbolic mode");
        let mut eng = st.engine.borrow_mut();
        f(&mut eng.pool)
    }

    /// Operand `o` as an expression of `bits` bits: its shadow or its concrete value.
    fn operand_expr(&self, t: usize, base: usize, o: Opd, bits: u32) -> ExprId {
        let shadow = self.shadow(t, base, o);
        let concrete = rd(&self.program, &self.threads[t].regs, base, o);
        self.with_pool(|p| match shadow {
            Some(e) => fit(p, e, bits),
            None => p.constant(bits, concrete as u128 & ravel_sym::expr::mask(bits)),
        })
    }

    /// A fresh symbolic input of `bits` bits; returns its current value and makes it the
    /// shadow of the model's return value.
    pub(crate) fn fresh_input(&mut self, bits: u32, result_bits: u32, loc: SrcLoc) -> u64 {
        let st = self.sym.as_mut().expect("symbolic mode");
        let var = st.inputs.len() as u32;
        st.inputs.push(Input { var, bits, loc });
        let value = st.model.value(var) as u64;
        let mut eng = st.engine.borrow_mut();
        let e = eng.pool.var(var, bits, &format!("in{var}"));
        let e = if result_bits > bits { eng.pool.zext(e, result_bits) } else { e };
        drop(eng);
        st.pending_ret = Some(e);
        value
    }

    /// Makes `len` bytes at `addr` fresh symbolic inputs (one per byte).
    pub(crate) fn fresh_bytes(&mut self, addr: u64, len: u64, loc: SrcLoc) -> Result<(), crate::memory::Fault> {
        let bytes: Vec<u8> = (0..len).map(|_| self.fresh_input(8, 8, loc) as u8).collect();
        self.memory.write(addr, &bytes)?;
        let (id, off) = self.memory.check(addr, len.max(1), true)?;
        let st = self.sym.as_mut().expect("symbolic mode");
        st.pending_ret = None;
        let first = st.inputs.len() - len as usize;
        let mut eng = st.engine.borrow_mut();
        for i in 0..len as usize {
            let e = eng.pool.var((first + i) as u32, 8, &format!("in{}", first + i));
            self.memory.sym.insert((id, (off + i) as u32), e);
        }
        Ok(())
    }

    /// Turns the symbolic operand `o` into its concrete value for good.
    fn concretize(&mut self, t: usize, base: usize, o: Opd, why: &str) {
        let Some(e) = self.shadow(t, base, o) else { return };
        let v = rd(&self.program, &self.threads[t].regs, base, o);
        self.constrain_to(e, v as u128, why, t);
        if let Opd::Reg(r) = o {
            self.threads[t].sym_regs.remove(&((base + r as usize) as u32));
        }
    }

    /// Adds `e == value` to the path constraint and notes the lost precision.
    fn constrain_to(&mut self, e: ExprId, value: u128, why: &str, t: usize) {
        let st = self.sym.as_mut().expect("symbolic mode");
        let mut eng = st.engine.borrow_mut();
        let bits = eng.pool.bits(e);
        let c = eng.pool.constant(bits, value & ravel_sym::expr::mask(bits));
        let eq = eng.pool.eq(e, c);
        drop(eng);
        st.pc.push(eq);
        if self.imprecise.is_none() {
            let loc = self.current_loc(t);
            let file = self.program.files.get(loc.file as usize).cloned().unwrap_or_default();
            self.imprecise = Some(format!(
                "a symbolic input was made concrete ({why}) at {file}:{}, so its other values were not explored",
                loc.line
            ));
        }
    }

    /// Constrains the symbolic bytes library models read concretely since the last call.
    pub(crate) fn flush_concretized(&mut self, t: usize, why: &str) {
        if self.memory.concretized.is_empty() {
            return;
        }
        let reads = std::mem::take(&mut self.memory.concretized);
        for (e, v) in reads {
            self.constrain_to(e, v as u128, why, t);
        }
    }

    /// Runs before the concrete semantics of `inst`: computes the shadow of its result,
    /// concretises operands that cannot stay symbolic, and decides symbolic branches
    /// (possibly switching the model, which rewrites the concrete state).
    pub(crate) fn sym_pre(
        &mut self,
        t: usize,
        base: usize,
        inst: &Inst,
        chooser: &mut dyn Chooser,
    ) -> Result<(), Stop> {
        if let Some(st) = self.sym.as_mut().filter(|st| st.pending_load.is_some() || st.pending_store.is_some()) {
            // Left by an access that yielded before running: it will be prepared again.
            (st.pending_load, st.pending_store, st.whole_object) = (None, None, None);
        }
        if self.threads[t].sym_regs.is_empty() {
            return Ok(());
        }
        match inst {
            Inst::Bin { op, bits, dst, a, b } => {
                let (sa, sb) = (self.shadow(t, base, *a), self.shadow(t, base, *b));
                if sa.is_none() && sb.is_none() {
                    self.set_shadow(t, base, *dst, None);
                    return Ok(());
                }
                let (ea, eb) = (self.operand_expr(t, base, *a, *bits), self.operand_expr(t, base, *b, *bits));
                if matches!(op, BinOp::UDiv | BinOp::URem | BinOp::SDiv | BinOp::SRem) && sb.is_some() {
                    let divisor = rd(&self.program, &self.threads[t].regs, base, *b);
                    let nonzero = self.with_pool(|p| {
                        let z = p.constant(*bits, 0);
                        p.ne(eb, z)
                    });
                    if !self.sym_decide(t, nonzero, divisor != 0, chooser)? {
                        return Ok(());
                    }
                    if matches!(op, BinOp::SDiv | BinOp::SRem) {
                        let (x, y) = (
                            rd(&self.program, &self.threads[t].regs, base, *a),
                            rd(&self.program, &self.threads[t].regs, base, *b),
                        );
                        let min = 1u64 << (bits - 1);
                        let all = crate::interp::mask(u64::MAX, *bits);
                        let overflow_now = x == min && y == all;
                        let no_overflow = self.with_pool(|p| {
                            let (m, n1) = (p.constant(*bits, min as u128), p.constant(*bits, all as u128));
                            let (c1, c2) = (p.eq(ea, m), p.eq(eb, n1));
                            let both = p.and(c1, c2);
                            p.not(both)
                        });
                        if !self.sym_decide(t, no_overflow, !overflow_now, chooser)? {
                            return Ok(());
                        }
                    }
                }
                let e = self.with_pool(|p| p.bin(sym_bin(*op), ea, eb));
                self.set_shadow(t, base, *dst, Some(e));
            }
            Inst::Cmp { pred, bits, dst, a, b } => {
                if self.shadow(t, base, *a).is_none() && self.shadow(t, base, *b).is_none() {
                    self.set_shadow(t, base, *dst, None);
                    return Ok(());
                }
                let (ea, eb) = (self.operand_expr(t, base, *a, *bits), self.operand_expr(t, base, *b, *bits));
                let e = self.with_pool(|p| p.cmp(sym_cmp(*pred), ea, eb));
                self.set_shadow(t, base, *dst, Some(e));
            }
            Inst::Cast { op, from, to, dst, a } => {
                let Some(s) = self.shadow(t, base, *a) else {
                    self.set_shadow(t, base, *dst, None);
                    return Ok(());
                };
                let cast = match op {
                    CastOp::Trunc => Some(ravel_sym::CastOp::Trunc),
                    CastOp::ZExt => Some(ravel_sym::CastOp::ZExt),
                    CastOp::SExt => Some(ravel_sym::CastOp::SExt),
                    _ => None,
                };
                match cast {
                    Some(c) if *from <= 64 && *to <= 64 => {
                        let e = self.with_pool(|p| {
                            let x = fit(p, s, *from);
                            p.cast(c, x, *to)
                        });
                        self.set_shadow(t, base, *dst, Some(e));
                    }
                    _ => {
                        self.concretize(t, base, *a, "converted to floating point or a wide integer");
                        self.set_shadow(t, base, *dst, None);
                    }
                }
            }
            Inst::Select { bits, dst, cond, t: tv, f: fv, words } => {
                let c = rd(&self.program, &self.threads[t].regs, base, *cond) & 1 != 0;
                match self.shadow(t, base, *cond) {
                    Some(sc) if *words == 1 && (1..=64).contains(bits) => {
                        let (et, ef) = (self.operand_expr(t, base, *tv, *bits), self.operand_expr(t, base, *fv, *bits));
                        let e = self.with_pool(|p| {
                            let c1 = fit(p, sc, 1);
                            p.ite(c1, et, ef)
                        });
                        self.set_shadow(t, base, *dst, Some(e));
                    }
                    sc => {
                        if sc.is_some() {
                            self.concretize(t, base, *cond, "a select of non-integer values");
                        }
                        let chosen = if c { *tv } else { *fv };
                        let e = if *words == 1 { self.shadow(t, base, chosen) } else { None };
                        self.set_shadow(t, base, *dst, e);
                    }
                }
            }
            Inst::Move(m) => {
                let e = if m.words == 1 { self.shadow(t, base, m.src) } else { None };
                self.set_shadow(t, base, m.dst, e);
            }
            Inst::Branch { cond, .. } => {
                if let Some(sc) = self.shadow(t, base, *cond) {
                    let c = rd(&self.program, &self.threads[t].regs, base, *cond) & 1 != 0;
                    let e = self.with_pool(|p| fit(p, sc, 1));
                    self.sym_decide(t, e, c, chooser)?;
                }
            }
            Inst::Switch { val, bits, cases, .. } => {
                if let Some(sv) = self.shadow(t, base, *val) {
                    let e = self.with_pool(|p| fit(p, sv, *bits));
                    for (case, _) in cases.iter() {
                        let v = crate::interp::mask(rd(&self.program, &self.threads[t].regs, base, *val), *bits);
                        let k = crate::interp::mask(*case, *bits);
                        let is_case = self.with_pool(|p| {
                            let c = p.constant(*bits, k as u128);
                            p.eq(e, c)
                        });
                        if self.sym_decide(t, is_case, v == k, chooser)? {
                            break;
                        }
                    }
                }
            }
            // Calls, returns, loads and stores move shadows in their own arms.
            Inst::Call { .. } | Inst::Ret { .. } => {
                for o in reg_operands(inst) {
                    self.concretize(t, base, o, "a call through a symbolic function pointer");
                }
            }
            Inst::Load { addr, bytes, .. } => self.sym_address(t, base, *addr, *bytes, None, chooser)?,
            Inst::Store { addr, bytes, val, .. } => self.sym_address(t, base, *addr, *bytes, Some(*val), chooser)?,
            Inst::Gep { dst, base: b, offset, indices, ptr_bits } => {
                let mut operands = std::iter::once(b).chain(indices.iter().map(|(o, _, _)| o));
                if operands.all(|o| self.shadow(t, base, *o).is_none()) {
                    self.set_shadow(t, base, *dst, None);
                    return Ok(());
                }
                let pb = *ptr_bits;
                let start = self.operand_expr(t, base, *b, pb);
                let parts: Vec<(ExprId, u32, i64)> = indices
                    .iter()
                    .map(|(o, bits, scale)| (self.operand_expr(t, base, *o, *bits), *bits, *scale))
                    .collect();
                let e = self.with_pool(|p| {
                    let off = p.constant(pb, *offset as u128 & ravel_sym::expr::mask(pb));
                    let mut e = p.add(start, off);
                    for (idx, bits, scale) in parts {
                        let wide = if bits < pb { p.sext(idx, pb) } else { fit(p, idx, pb) };
                        let k = p.constant(pb, scale as u128 & ravel_sym::expr::mask(pb));
                        let term = p.mul(wide, k);
                        e = p.add(e, term);
                    }
                    e
                });
                self.set_shadow(t, base, *dst, Some(e));
            }
            other => {
                for o in reg_operands(other) {
                    self.concretize(t, base, o, "an operation without symbolic semantics");
                }
                if let Some(d) = destination(other) {
                    self.set_shadow(t, base, d, None);
                }
            }
        }
        Ok(())
    }

    /// Decides a branch on the width-1 symbolic condition `cond`, whose current value is
    /// `concrete`. The current side costs no solver call; when the other side is feasible
    /// the explorer chooses (0 = current side, 1 = the other, switching the model). Returns
    /// the side taken.
    pub(crate) fn sym_decide(
        &mut self,
        t: usize,
        cond: ExprId,
        concrete: bool,
        chooser: &mut dyn Chooser,
    ) -> Result<bool, Stop> {
        if let Some(c) = self.with_pool(|p| p.as_const(cond)) {
            return Ok(c != 0);
        }
        self.flush_concretized(t, "read by a library function");
        let st = self.sym.as_mut().expect("symbolic mode");
        st.branches += 1;
        let max = st.engine.borrow().max_branches;
        if st.branches > max {
            self.end = Some(End::Limit(format!(
                "an execution made more than {max} branches on symbolic inputs (--max-sym-branches)"
            )));
            return Err(Stop::End);
        }
        let (taken, other) = self.with_pool(|p| {
            let not = p.not(cond);
            if concrete {
                (cond, not)
            } else {
                (not, cond)
            }
        });
        let deadline = self.deadline;
        let st = self.sym.as_mut().expect("symbolic mode");
        let answer = st.engine.borrow_mut().may_be_true(&st.pc, other, deadline);
        if self.past_deadline(&answer) {
            return Err(Stop::End);
        }
        let st = self.sym.as_mut().expect("symbolic mode");
        match answer {
            SolverResult::Sat(model) => {
                if chooser.choose(2) == 1 {
                    st.pc.push(other);
                    self.switch_model(model);
                    return Ok(!concrete);
                }
                st.pc.push(taken);
            }
            SolverResult::Unsat => {}
            SolverResult::Unknown(why) => {
                st.pc.push(taken);
                self.imprecise.get_or_insert(format!("the solver could not decide a branch: {why}"));
            }
        }
        Ok(concrete)
    }

    /// `__VERIFIER_assume(c)` with a symbolic `c`: adds it to the path constraint, switching
    /// to a model that satisfies it when the current one does not. Returns whether it holds.
    pub(crate) fn sym_assume(&mut self, t: usize, base: usize, arg: &Arg) -> bool {
        let concrete =
            rd(&self.program, &self.threads[t].regs, base, arg.opd) & ravel_sym::expr::mask(arg.bytes * 8) as u64;
        let Some(s) = self.shadow(t, base, arg.opd) else { return concrete != 0 };
        self.flush_concretized(t, "read by a library function");
        let cond = self.with_pool(|p| {
            let bits = p.bits(s);
            let z = p.constant(bits, 0);
            p.ne(s, z)
        });
        let deadline = self.deadline;
        let st = self.sym.as_mut().expect("symbolic mode");
        if concrete != 0 {
            st.pc.push(cond);
            return true;
        }
        let answer = st.engine.borrow_mut().may_be_true(&st.pc, cond, deadline);
        if self.past_deadline(&answer) {
            return false;
        }
        let st = self.sym.as_mut().expect("symbolic mode");
        match answer {
            SolverResult::Sat(model) => {
                st.pc.push(cond);
                self.switch_model(model);
                true
            }
            SolverResult::Unsat => false,
            SolverResult::Unknown(why) => {
                self.imprecise.get_or_insert(format!("the solver could not decide an assumption: {why}"));
                false
            }
        }
    }

    /// An undecided query past the exploration's deadline ends the execution with the
    /// time limit (rather than a note about the solver).
    fn past_deadline(&mut self, answer: &SolverResult) -> bool {
        let late = matches!(answer, SolverResult::Unknown(_)) && self.deadline.is_some_and(|d| Instant::now() >= d);
        if late {
            self.end = Some(End::Limit("the time limit was reached (--timeout)".into()));
        }
        late
    }

    /// Adopts `model` (it satisfies the path constraint) and re-evaluates every shadowed
    /// register and memory byte under it.
    fn switch_model(&mut self, model: Assignment) {
        let st = self.sym.as_mut().expect("symbolic mode");
        st.model.extend(model);
        let eng = st.engine.borrow();
        for th in &mut self.threads {
            for (&r, &e) in &th.sym_regs {
                th.regs[r as usize] = eng.pool.eval(e, &st.model) as u64;
            }
        }
        for (&(id, off), &e) in &self.memory.sym {
            self.memory.objects[id as usize].bytes[off as usize] = eng.pool.eval(e, &st.model) as u8;
        }
    }

    /// Before a call of library function `b`: handles the arguments that are symbolic.
    /// Returns false when the call must not run (an assumption that cannot hold).
    pub(crate) fn sym_before_builtin(
        &mut self,
        t: usize,
        base: usize,
        b: Builtin,
        args: &[Arg],
        chooser: &mut dyn Chooser,
    ) -> Result<(), Stop> {
        self.sym.as_mut().expect("symbolic mode").pending_ret = None;
        if self.threads[t].sym_regs.is_empty() {
            return Ok(());
        }
        match b {
            Builtin::Assume => {
                if let Some(a) = args.first() {
                    self.sym_assume(t, base, a);
                    if self.end.is_some() {
                        return Err(Stop::End);
                    }
                }
            }
            Builtin::RavelAssert => {
                if let Some(a) = args.first() {
                    if let Some(s) = self.shadow(t, base, a.opd) {
                        let c = rd(&self.program, &self.threads[t].regs, base, a.opd) != 0;
                        let cond = self.with_pool(|p| {
                            let bits = p.bits(s);
                            let z = p.constant(bits, 0);
                            p.ne(s, z)
                        });
                        self.sym_decide(t, cond, c, chooser)?;
                    }
                }
            }
            Builtin::Expect => {
                let e = args.first().and_then(|a| self.shadow(t, base, a.opd));
                self.sym.as_mut().expect("symbolic mode").pending_ret = e;
            }
            b if output_only(b) => {}
            _ => {
                for a in args {
                    self.concretize(t, base, a.opd, "passed to a library function");
                }
            }
        }
        Ok(())
    }

    /// After a library call returned a value into `dst`: its shadow, and the bytes the
    /// model read concretely.
    pub(crate) fn sym_after_builtin(&mut self, t: usize, base: usize, b: Builtin, dst: Option<u32>) {
        if output_only(b) {
            self.memory.concretized.clear();
        } else {
            self.flush_concretized(t, "read by a library function");
        }
        let e = self.sym.as_mut().expect("symbolic mode").pending_ret.take();
        if let Some(r) = dst {
            self.set_shadow(t, base, r, e);
        }
    }

    /// Objects up to this size are read and written at symbolic offsets (one
    /// if-then-else per possible offset); larger ones get their address concretised.
    const MAX_SYMBOLIC_OBJECT: u64 = 4096;

    /// A load or store at address operand `addr`: when the address is symbolic and points
    /// into an object, decides (with the solver) that it stays in bounds — the other side
    /// moves the address elsewhere, possibly out of every object, which the concrete access
    /// then reports — and prepares the value read or the bytes written at the symbolic
    /// offset. In a shared object the access may touch any of its words, which its events
    /// say. Addresses into large objects are concretised.
    fn sym_address(
        &mut self,
        t: usize,
        base: usize,
        addr: Opd,
        len: u32,
        store: Option<Opd>,
        chooser: &mut dyn Chooser,
    ) -> Result<(), Stop> {
        let Some(ae) = self.shadow(t, base, addr) else { return Ok(()) };
        if len > 8 {
            self.concretize(t, base, addr, "used as the address of an aggregate");
            return Ok(());
        }
        let pb = self.program.model.ptr_bytes * 8;
        let len64 = len as u64;
        for _ in 0..16 {
            let a = rd(&self.program, &self.threads[t].regs, base, addr) & self.program.model.ptr_mask();
            let Some((id, _)) = self.memory.find(a) else { break };
            let obj = &self.memory.objects[id as usize];
            if !obj.alive || obj.size > Self::MAX_SYMBOLIC_OBJECT || obj.size < len64 {
                break;
            }
            let shared = obj.shared;
            let (obase, room) = (obj.base, obj.size - len64 + 1);
            let (off, inside) = self.with_pool(|p| {
                let a = fit(p, ae, pb);
                let b = p.constant(pb, obase as u128);
                let off = p.sub(a, b);
                let r = p.constant(pb, room as u128);
                (off, p.ult(off, r))
            });
            let concrete_inside = a.wrapping_sub(obase) < room;
            if !self.sym_decide(t, inside, concrete_inside, chooser)? {
                if concrete_inside {
                    continue; // the model moved the address: resolve it again
                }
                break; // out of bounds under the current model: the access reports it
            }
            if shared {
                self.sym.as_mut().expect("symbolic mode").whole_object = Some(id);
            }
            match store {
                None => {
                    let e = self.select_at(id, off, len);
                    self.sym.as_mut().expect("symbolic mode").pending_load = Some(e);
                }
                Some(v) => {
                    let value = self.operand_expr(t, base, v, len * 8);
                    let bytes = self.update_at(id, off, len, value);
                    self.sym.as_mut().expect("symbolic mode").pending_store = Some((id, bytes));
                }
            }
            return Ok(());
        }
        self.concretize(t, base, addr, "used as an address");
        Ok(())
    }

    /// Byte `p` of object `id` as an expression (its shadow or its concrete value).
    fn byte_expr(&self, pool: &mut ExprPool, id: ObjId, p: usize) -> ExprId {
        match self.memory.sym.get(&(id, p as u32)) {
            Some(&e) => e,
            None => pool.constant(8, self.memory.objects[id as usize].bytes[p] as u128),
        }
    }

    /// The `len` bytes of object `id` at symbolic offset `off` (known to be in bounds).
    fn select_at(&self, id: ObjId, off: ExprId, len: u32) -> ExprId {
        let size = self.memory.objects[id as usize].size as usize;
        let len = len as usize;
        self.with_pool(|p| {
            let bits = p.bits(off);
            let word = |p: &mut ExprPool, k: usize| {
                let mut e = self.byte_expr(p, id, k + len - 1);
                for i in (0..len - 1).rev() {
                    let lo = self.byte_expr(p, id, k + i);
                    e = p.concat(e, lo);
                }
                e
            };
            let last = size - len;
            let mut acc = word(p, last);
            for k in (0..last).rev() {
                let w = word(p, k);
                let kc = p.constant(bits, k as u128);
                let here = p.eq(off, kc);
                acc = p.ite(here, w, acc);
            }
            acc
        })
    }

    /// Every byte of object `id` after writing `value` (`len` bytes) at symbolic offset
    /// `off` (known to be in bounds).
    fn update_at(&self, id: ObjId, off: ExprId, len: u32, value: ExprId) -> Vec<ExprId> {
        let size = self.memory.objects[id as usize].size as usize;
        let len = len as usize;
        self.with_pool(|p| {
            let bits = p.bits(off);
            let parts: Vec<ExprId> = (0..len as u32)
                .map(|j| if j == 0 { p.trunc(value, 8) } else { p.extract(value, j * 8 + 7, j * 8) })
                .collect();
            (0..size)
                .map(|byte| {
                    let mut e = self.byte_expr(p, id, byte);
                    for (j, part) in parts.iter().enumerate() {
                        if byte >= j && byte - j <= size - len {
                            let kc = p.constant(bits, (byte - j) as u128);
                            let here = p.eq(off, kc);
                            e = p.ite(here, *part, e);
                        }
                    }
                    e
                })
                .collect()
        })
    }

    /// After a store: installs the shadows a store at a symbolic address prepared.
    /// Returns whether there were any.
    pub(crate) fn sym_stored(&mut self) -> bool {
        let Some((id, bytes)) = self.sym.as_mut().and_then(|st| st.pending_store.take()) else { return false };
        for (p, e) in bytes.into_iter().enumerate() {
            if self.with_pool(|pool| pool.as_const(e).is_none()) {
                self.memory.sym.insert((id, p as u32), e);
            } else {
                self.memory.sym.remove(&(id, p as u32));
            }
        }
        true
    }

    /// The shadow a load at a symbolic address prepared.
    pub(crate) fn sym_loaded(&mut self) -> Option<ExprId> {
        self.sym.as_mut().and_then(|st| st.pending_load.take())
    }

    /// Shadow of `len` loaded bytes of object `id` at `off` (`None`: all concrete).
    pub(crate) fn sym_load(&mut self, id: ObjId, off: usize, len: usize) -> Option<ExprId> {
        let parts: Vec<Option<ExprId>> =
            (0..len).map(|i| self.memory.sym.get(&(id, (off + i) as u32)).copied()).collect();
        if parts.iter().all(Option::is_none) {
            return None;
        }
        let bytes = self.memory.objects[id as usize].bytes[off..off + len].to_vec();
        Some(self.with_pool(|p| {
            let byte = |p: &mut ExprPool, i: usize| parts[i].unwrap_or_else(|| p.constant(8, bytes[i] as u128));
            let mut e = byte(p, len - 1);
            for i in (0..len - 1).rev() {
                let lo = byte(p, i);
                e = p.concat(e, lo);
            }
            e
        }))
    }

    /// Records the shadow of a stored value in memory (the store already cleared the
    /// range's old shadows).
    pub(crate) fn sym_store(&mut self, id: ObjId, off: usize, len: usize, e: ExprId) {
        let parts: Vec<ExprId> = self.with_pool(|p| {
            let v = fit(p, e, len as u32 * 8);
            (0..len as u32).map(|i| if i == 0 { p.trunc(v, 8) } else { p.extract(v, i * 8 + 7, i * 8) }).collect()
        });
        for (i, part) in parts.into_iter().enumerate() {
            if self.with_pool(|p| p.as_const(part).is_none()) {
                self.memory.sym.insert((id, (off + i) as u32), part);
            }
        }
    }

    /// Makes the symbolic bytes of a range concrete (an access without symbolic semantics).
    pub(crate) fn concretize_bytes(&mut self, t: usize, id: ObjId, off: usize, len: usize, why: &str) {
        for i in 0..len {
            if let Some(e) = self.memory.sym.remove(&(id, (off + i) as u32)) {
                let v = self.memory.objects[id as usize].bytes[off + i];
                self.constrain_to(e, v as u128, why, t);
            }
        }
    }

    /// Moves the shadows of returned values and argument values across calls: called
    /// with the shadows collected before the call, once the callee's frame exists.
    pub(crate) fn sym_enter(&mut self, t: usize, params: &[(u32, ExprId)]) {
        let Some(base) = self.threads[t].frames.last().map(|f| f.base) else { return };
        for &(reg, e) in params {
            self.threads[t].sym_regs.insert((base + reg as usize) as u32, e);
        }
    }

    /// Shadows of the arguments of a call of program function `func`, as (parameter
    /// register, expression); variadic symbolic arguments are concretised.
    pub(crate) fn sym_args(
        &mut self,
        t: usize,
        base: usize,
        func: FuncId,
        args: &[Arg],
        fixed: u32,
    ) -> Vec<(u32, ExprId)> {
        if self.threads[t].sym_regs.is_empty() {
            return Vec::new();
        }
        let prog = self.program.clone();
        let callee = &prog.functions[func as usize];
        let mut out = Vec::new();
        for (i, a) in args.iter().enumerate() {
            let Some(e) = self.shadow(t, base, a.opd) else { continue };
            let param = callee
                .params
                .get(i)
                .filter(|(_, words)| *words == 1 && a.byval == 0 && (!callee.is_var_arg || i < fixed as usize));
            match param {
                Some((reg, _)) => out.push((*reg, e)),
                None => self.concretize(t, base, a.opd, "passed as a variadic argument"),
            }
        }
        out
    }

    /// Returns from the current frame when the thread holds symbolic values: the caller's
    /// destination register receives the shadow of the returned value.
    pub(crate) fn sym_return(&mut self, t: usize, base: usize, val: Option<(Opd, u32)>) {
        let Some((kind, ret)) = self.threads[t].frames.last().map(|f| (f.kind, f.ret)) else { return };
        let shadow = match val {
            Some((o, 1)) => self.shadow(t, base, o),
            _ => None,
        };
        // A thread's return value matters only if someone joins it and looks (the join
        // then notes the lost precision); main's is the exit status; handlers' are unused.
        if kind == FrameKind::Start && t != 0 && shadow.is_some() {
            self.threads[t].retval_symbolic = true;
        }
        let value = val.map(|(o, w)| rd_words(&self.program, &self.threads[t].regs, base, o, w));
        self.return_from(t, value);
        if kind == FrameKind::Call {
            if let (Some((r, 1)), Some(caller)) = (ret, self.threads[t].frames.last()) {
                let caller_base = caller.base;
                self.set_shadow(t, caller_base, r, shadow);
            }
        }
    }
}
