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

use crate::ending::End;
use crate::machine::{Chooser, Machine, Stop};
use crate::symbolic::{fit, nonzero, Input};
use crate::values::rd;
use ravel_ir::{Arg, Opd, SrcLoc};
use ravel_sym::{Assignment, ExprId, ExprPool, SolverResult};
use std::time::Instant;

mod calls;
mod forget;
mod memory;
mod prune;
mod transfer;

impl Machine {
    /// Whether this execution treats inputs symbolically.
    #[inline]
    pub fn is_symbolic(&self) -> bool {
        self.sym.is_some()
    }

    /// Whether every value is concrete: no input was made symbolic (yet), so no shadow
    /// exists and the interpreter's fast loop, which keeps none, runs exactly as the
    /// general one. Most programs never read an input.
    #[inline]
    pub(crate) fn all_concrete(&self) -> bool {
        self.sym.as_ref().is_none_or(|st| st.inputs.is_empty())
    }

    /// The symbolic inputs of this execution with their values under the current model.
    pub fn input_values(&self) -> Vec<(Input, u128)> {
        let Some(st) = &self.sym else { return Vec::new() };
        st.inputs.iter().map(|i| (i.clone(), st.model.value(i.var))).collect()
    }

    /// The path constraint (width-1 expressions that all hold) and the pool they live in;
    /// `None` when inputs are not symbolic.
    pub fn path_constraint<R>(&self, f: impl FnOnce(&ExprPool, &[ExprId]) -> R) -> Option<R> {
        let st = self.sym.as_ref()?;
        let eng = st.engine.borrow();
        Some(f(&eng.pool, &st.pc))
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

    pub(crate) fn with_pool<R>(&self, f: impl FnOnce(&mut ExprPool) -> R) -> R {
        let st = self.sym.as_ref().expect("symbolic mode");
        let mut eng = st.engine.borrow_mut();
        f(&mut eng.pool)
    }

    /// Operand `o` as an expression of `bits` bits: its shadow or its concrete value.
    pub(super) fn operand_expr(&self, t: usize, base: usize, o: Opd, bits: u32) -> ExprId {
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
        let (var, e) = st.new_input(bits, loc);
        let value = st.model.value(var) as u64;
        let e = if result_bits > bits { st.engine.borrow_mut().pool.zext(e, result_bits) } else { e };
        st.pending_ret = Some(e);
        value
    }

    /// A fresh input for each of `vars`, with the same width, place and current value:
    /// the map from each old variable to its copy.
    pub(crate) fn fresh_copies(&mut self, vars: &[u32]) -> rustc_hash::FxHashMap<u32, ExprId> {
        let st = self.sym.as_mut().expect("symbolic mode");
        let mut map = rustc_hash::FxHashMap::default();
        for &old in vars {
            let input = st.inputs.iter().find(|i| i.var == old).expect("every variable is an input").clone();
            let (var, e) = st.new_input(input.bits, input.loc);
            let value = st.model.value(old);
            st.model.set(var, value);
            map.insert(old, e);
        }
        map
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
            let var = st.inputs[first + i].var;
            let e = eng.pool.var(var, 8, &format!("in{}", var >> 8));
            self.memory.sym.insert((id, (off + i) as u32), e);
        }
        Ok(())
    }

    /// Turns the symbolic operand `o` into its concrete value for good.
    pub(super) fn concretize(&mut self, t: usize, base: usize, o: Opd, why: &str) {
        let Some(e) = self.shadow(t, base, o) else { return };
        let v = rd(&self.program, &self.threads[t].regs, base, o);
        self.constrain_to(e, v as u128, why, t);
        if let Opd::Reg(r) = o {
            self.threads[t].sym_regs.remove(&((base + r as usize) as u32));
        }
    }

    /// Adds `e == value` to the path constraint and notes the lost precision.
    pub(super) fn constrain_to(&mut self, e: ExprId, value: u128, why: &str, t: usize) {
        let st = self.sym.as_mut().expect("symbolic mode");
        let mut eng = st.engine.borrow_mut();
        let bits = eng.pool.bits(e);
        let c = eng.pool.constant(bits, value & ravel_sym::expr::mask(bits));
        let eq = eng.pool.eq(e, c);
        drop(eng);
        st.pc.push(eq);
        if self.ending.imprecise().is_none() {
            let loc = self.current_loc(t);
            let file = self.program.files.get(loc.file as usize).cloned().unwrap_or_default();
            self.ending.note_imprecise(crate::Imprecision::Concretized { why: why.to_string(), file, line: loc.line });
        }
    }

    /// Notes the first place thread `t` made a symbolic value abstract.
    pub(super) fn note_abstracted(&mut self, t: usize) {
        if self.ending.abstracted().is_none() {
            let loc = self.current_loc(t);
            let file = self.program.files.get(loc.file as usize).cloned().unwrap_or_default();
            self.ending.note_abstracted(crate::Abstraction { file, line: loc.line });
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
            self.ending.set(End::Limit(crate::Limit::SymBranches(max)));
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
        if self.journal.recording().is_some() {
            // A recorded run keeps its path: the side taken is a guard of the trace.
            self.sym.as_mut().expect("symbolic mode").pc.push(taken);
            return Ok(concrete);
        }
        let deadline = self.ending.deadline();
        let st = self.sym.as_mut().expect("symbolic mode");
        st.queries += 1;
        let answer = st.engine.borrow_mut().may_be_true_in_region(&st.pc, other, deadline);
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
                self.ending.note_imprecise(crate::Imprecision::Undecided { assumption: false, why: why.to_string() });
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
        let cond = self.with_pool(|p| nonzero(p, s));
        let deadline = self.ending.deadline();
        let st = self.sym.as_mut().expect("symbolic mode");
        if concrete != 0 {
            st.pc.push(cond);
            return true;
        }
        st.queries += 1;
        let answer = st.engine.borrow_mut().may_be_true_in_region(&st.pc, cond, deadline);
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
                self.ending.note_imprecise(crate::Imprecision::Undecided { assumption: true, why: why.to_string() });
                false
            }
        }
    }

    /// An undecided query past the exploration's deadline ends the execution with the
    /// time limit (rather than a note about the solver).
    pub(super) fn past_deadline(&mut self, answer: &SolverResult) -> bool {
        let late =
            matches!(answer, SolverResult::Unknown(_)) && self.ending.deadline().is_some_and(|d| Instant::now() >= d);
        if late {
            self.ending.set(End::Limit(crate::Limit::Time));
        }
        late
    }

    /// Adopts `model` (it satisfies the path constraint) and re-evaluates every shadowed
    /// register and memory byte under it.
    pub(super) fn switch_model(&mut self, model: Assignment) {
        let st = self.sym.as_mut().expect("symbolic mode");
        st.model.extend(model);
        let eng = st.engine.borrow();
        for th in self.threads.iter_mut() {
            for (&r, &e) in &th.sym_regs {
                th.regs[r as usize] = eng.pool.eval(e, &st.model) as u64;
            }
        }
        for (&(id, off), &e) in &self.memory.sym {
            let obj = &mut self.memory.objects[id as usize];
            // A dead object's shadows stay behind, but its contents are gone and never
            // read again.
            if obj.alive {
                crate::memory::bytes_mut(&mut obj.bytes)[off as usize] = eng.pool.eval(e, &st.model) as u8;
            }
        }
    }
}
