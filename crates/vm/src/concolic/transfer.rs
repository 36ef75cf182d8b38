//! The symbolic semantics of each instruction: which result gets which shadow, which
//! operands must become concrete, and where a branch splits.

use crate::machine::{Chooser, Machine, Stop};
use crate::symbolic::{fit, nonzero};
use crate::values::rd;
use ravel_ir::{BinOp, CastOp, Inst, Opd};
use ravel_sym::ExprId;

/// Register operands of instructions that have no symbolic semantics.
fn reg_operands(inst: &Inst) -> Vec<Opd> {
    match inst {
        Inst::WideBin { a, b, .. } | Inst::WideCmp { a, b, .. } => vec![*a, *b],
        Inst::FBin { a, b, .. } | Inst::FCmp { a, b, .. } => vec![*a, *b],
        Inst::F80Bin { a, b, .. } | Inst::F80Cmp { a, b, .. } => vec![*a, *b],
        Inst::FNeg { a, .. } | Inst::F80Neg { a, .. } => vec![*a],
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
        | Inst::F80Bin { dst, .. }
        | Inst::F80Neg { dst, .. }
        | Inst::F80Cmp { dst, .. }
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
    /// With [`Config::pause_at_symbolic_branches`](crate::Config), stops thread `t` before a
    /// branch on the non-constant `cond` the first time it gets there; its next step
    /// decides the branch.
    fn pause_before_branch(&mut self, t: usize, cond: ExprId) -> Result<(), Stop> {
        if !self.config.pause_at_symbolic_branches || self.with_pool(|p| p.as_const(cond).is_some()) {
            return Ok(());
        }
        let th = &mut self.threads[t];
        th.at_branch = !th.at_branch;
        if th.at_branch {
            Err(Stop::Yield)
        } else {
            Ok(())
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
                    let nonzero = self.with_pool(|p| nonzero(p, eb));
                    if !self.sym_decide(t, nonzero, divisor != 0, chooser)? {
                        return Ok(());
                    }
                    if matches!(op, BinOp::SDiv | BinOp::SRem) {
                        let (x, y) = (
                            rd(&self.program, &self.threads[t].regs, base, *a),
                            rd(&self.program, &self.threads[t].regs, base, *b),
                        );
                        let min = 1u64 << (bits - 1);
                        let all = crate::values::mask(u64::MAX, *bits);
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
                let e = self.with_pool(|p| p.bin(*op, ea, eb));
                self.set_shadow(t, base, *dst, Some(e));
            }
            Inst::Cmp { pred, bits, dst, a, b } => {
                if self.shadow(t, base, *a).is_none() && self.shadow(t, base, *b).is_none() {
                    self.set_shadow(t, base, *dst, None);
                    return Ok(());
                }
                let (ea, eb) = (self.operand_expr(t, base, *a, *bits), self.operand_expr(t, base, *b, *bits));
                let e = self.with_pool(|p| p.cmp(*pred, ea, eb));
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
            Inst::Branch { cond, then_pc, else_pc } => {
                if let Some(sc) = self.shadow(t, base, *cond) {
                    let c = rd(&self.program, &self.threads[t].regs, base, *cond) & 1 != 0;
                    let e = self.with_pool(|p| fit(p, sc, 1));
                    self.pause_before_branch(t, e)?;
                    self.sym_decide(t, e, c, chooser)?;
                    self.note_guard_origin(t, Some(if c { (*then_pc, *else_pc) } else { (*else_pc, *then_pc) }));
                }
            }
            Inst::Switch { val, bits, cases, .. } => {
                if let Some(sv) = self.shadow(t, base, *val) {
                    let e = self.with_pool(|p| fit(p, sv, *bits));
                    self.pause_before_branch(t, e)?;
                    for (case, _) in cases.iter() {
                        let v = crate::values::mask(rd(&self.program, &self.threads[t].regs, base, *val), *bits);
                        let k = crate::values::mask(*case, *bits);
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
}
