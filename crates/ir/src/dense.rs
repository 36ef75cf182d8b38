//! A denser form of a function's code for the interpreter's fast loop.
//!
//! [`Inst`] is what every analysis reads and what the general interpreter executes. Its
//! operands are enums the interpreter must decode on every read, and its variants are
//! large. The fast loop runs on [`Op`]s instead: one per pc (same indices as
//! [`Function::code`], so locations, liveness and pending operations stay as they are),
//! operands pre-resolved to register indices or a per-function constant table, shapes
//! specialised (register/immediate operands), and a compare followed by the branch on its
//! result fused into one op. Whatever the fast loop does not handle is [`Op::Slow`]: the
//! general interpreter executes the `Inst` at that pc.

use crate::program::*;

/// An operand of a dense op: a register of the frame, or (with [`Src::CONST`] set) an
/// index into [`Dense::consts`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Src(u32);

impl Src {
    const CONST: u32 = 1 << 31;

    /// The operand's value in a frame with registers `regs`.
    #[inline(always)]
    pub fn get(self, regs: &[u64], consts: &[u64]) -> u64 {
        if self.0 & Self::CONST == 0 {
            regs[self.0 as usize]
        } else {
            consts[(self.0 & !Self::CONST) as usize]
        }
    }
}

/// One dense op. Integer widths are at most 64 bits; memory accesses are plain
/// (non-atomic) and at most 8 bytes. Fused ops execute two instructions of `code` (the
/// one at their pc and the next), and the op at the next pc stays the plain version of
/// that instruction, so execution may enter or leave between the two.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Op {
    /// The general interpreter executes this instruction.
    Slow,
    BinRR {
        op: BinOp,
        bits: u8,
        dst: Reg,
        a: Reg,
        b: Reg,
    },
    BinRI {
        op: BinOp,
        bits: u8,
        dst: Reg,
        a: Reg,
        b: u64,
    },
    CmpRR {
        pred: ICmp,
        bits: u8,
        dst: Reg,
        a: Reg,
        b: Reg,
    },
    CmpRI {
        pred: ICmp,
        bits: u8,
        dst: Reg,
        a: Reg,
        b: Src,
    },
    /// `Cmp` then `Branch` on its result (the result is still written).
    CmpBr {
        pred: ICmp,
        bits: u8,
        dst: Reg,
        a: Reg,
        b: Src,
        then_pc: Pc,
        else_pc: Pc,
    },
    Cast {
        op: CastOp,
        from: u8,
        to: u8,
        dst: Reg,
        a: Src,
    },
    FBin {
        op: FBinOp,
        double: bool,
        dst: Reg,
        a: Src,
        b: Src,
    },
    FCmp {
        pred: FCmp,
        double: bool,
        dst: Reg,
        a: Src,
        b: Src,
    },
    Select {
        dst: Reg,
        cond: Src,
        t: Src,
        f: Src,
    },
    Move {
        dst: Reg,
        src: Src,
    },
    /// `Move` then `Jump` (the phi move of a control-flow edge).
    MoveJump {
        dst: Reg,
        src: Src,
        target: Pc,
    },
    /// `dst = base + sext(index) * scale + offset`, masked to `ptr_bits`.
    Gep {
        dst: Reg,
        base: Src,
        index: Src,
        index_bits: u8,
        ptr_bits: u8,
        scale: i32,
        offset: i32,
    },
    /// A GEP without variable indices.
    GepConst {
        dst: Reg,
        base: Src,
        offset: i32,
        ptr_bits: u8,
    },
    Load {
        dst: Reg,
        addr: Src,
        bytes: u8,
    },
    Store {
        addr: Src,
        val: Src,
        bytes: u8,
    },
    Jump {
        target: Pc,
    },
    Branch {
        cond: Src,
        then_pc: Pc,
        else_pc: Pc,
    },
    /// A call of a program function with a fixed parameter list, no by-value arguments
    /// and no atomic section: the arguments go straight into the callee's registers
    /// (they are read from the `Inst::Call` at the same pc).
    CallDirect {
        func: FuncId,
    },
    /// Returns a one-word value.
    Ret {
        val: Src,
    },
}

/// The dense form of one function: an op per instruction and the constants they use.
#[derive(Clone, Debug, Default)]
pub struct Dense {
    pub ops: Vec<Op>,
    pub consts: Vec<u64>,
}

impl Dense {
    /// Builds the dense form of `code`; `direct(f)` says whether calls of function `f`
    /// can pass their arguments straight into registers (fixed arity, not atomic).
    pub fn new(code: &[Inst], direct: impl Fn(FuncId, usize) -> bool) -> Dense {
        let mut d = Dense { ops: Vec::with_capacity(code.len()), consts: Vec::new() };
        for (pc, inst) in code.iter().enumerate() {
            let op = d.op(inst, code.get(pc + 1), &direct).unwrap_or(Op::Slow);
            d.ops.push(op);
        }
        d
    }

    fn src(&mut self, o: Opd) -> Option<Src> {
        match o {
            Opd::Reg(r) if r < Src::CONST => Some(Src(r)),
            Opd::Imm(v) => {
                let i = match self.consts.iter().position(|&c| c == v) {
                    Some(i) => i,
                    None => {
                        self.consts.push(v);
                        self.consts.len() - 1
                    }
                };
                (i < Src::CONST as usize).then_some(Src(i as u32 | Src::CONST))
            }
            _ => None,
        }
    }

    fn op(&mut self, inst: &Inst, next: Option<&Inst>, direct: &impl Fn(FuncId, usize) -> bool) -> Option<Op> {
        let reg = |o: Opd| match o {
            Opd::Reg(r) => Some(r),
            _ => None,
        };
        let narrow = |bits: u32| (1..=64).contains(&bits).then_some(bits as u8);
        Some(match inst {
            Inst::Bin { op, bits, dst, a, b } => {
                let (bits, a) = (narrow(*bits)?, reg(*a)?);
                match *b {
                    Opd::Reg(b) => Op::BinRR { op: *op, bits, dst: *dst, a, b },
                    Opd::Imm(b) => Op::BinRI { op: *op, bits, dst: *dst, a, b },
                    Opd::Wide(_) => return None,
                }
            }
            Inst::Cmp { pred, bits, dst, a, b } => {
                let (bits, a) = (narrow(*bits)?, reg(*a)?);
                match next {
                    Some(Inst::Branch { cond: Opd::Reg(c), then_pc, else_pc }) if c == dst => {
                        let b = self.src(*b)?;
                        Op::CmpBr { pred: *pred, bits, dst: *dst, a, b, then_pc: *then_pc, else_pc: *else_pc }
                    }
                    _ => match *b {
                        Opd::Reg(b) => Op::CmpRR { pred: *pred, bits, dst: *dst, a, b },
                        b => Op::CmpRI { pred: *pred, bits, dst: *dst, a, b: self.src(b)? },
                    },
                }
            }
            Inst::Cast { op, from, to, dst, a } => {
                Op::Cast { op: *op, from: narrow(*from)?, to: narrow(*to)?, dst: *dst, a: self.src(*a)? }
            }
            Inst::FBin { op, double, dst, a, b } => {
                Op::FBin { op: *op, double: *double, dst: *dst, a: self.src(*a)?, b: self.src(*b)? }
            }
            Inst::FCmp { pred, double, dst, a, b } => {
                Op::FCmp { pred: *pred, double: *double, dst: *dst, a: self.src(*a)?, b: self.src(*b)? }
            }
            Inst::Select { dst, cond, t, f, words: 1, .. } => {
                Op::Select { dst: *dst, cond: self.src(*cond)?, t: self.src(*t)?, f: self.src(*f)? }
            }
            Inst::Move(Move { dst, src, words: 1 }) => {
                let src = self.src(*src)?;
                match next {
                    Some(Inst::Jump { target }) => Op::MoveJump { dst: *dst, src, target: *target },
                    _ => Op::Move { dst: *dst, src },
                }
            }
            Inst::Gep { dst, base, offset, indices, ptr_bits } => {
                let (offset, ptr_bits) = (i32::try_from(*offset).ok()?, narrow(*ptr_bits)?);
                let base = self.src(*base)?;
                match &indices[..] {
                    [] => Op::GepConst { dst: *dst, base, offset, ptr_bits },
                    [(index, bits, scale)] => Op::Gep {
                        dst: *dst,
                        base,
                        index: self.src(*index)?,
                        index_bits: narrow(*bits)?,
                        ptr_bits,
                        scale: i32::try_from(*scale).ok()?,
                        offset,
                    },
                    _ => return None,
                }
            }
            Inst::Load { dst, addr, bytes, order: Ordering::NotAtomic } if (1..=8).contains(bytes) => {
                Op::Load { dst: *dst, addr: self.src(*addr)?, bytes: *bytes as u8 }
            }
            Inst::Store { addr, val, bytes, order: Ordering::NotAtomic } if (1..=8).contains(bytes) => {
                Op::Store { addr: self.src(*addr)?, val: self.src(*val)?, bytes: *bytes as u8 }
            }
            Inst::Jump { target } => Op::Jump { target: *target },
            Inst::Branch { cond, then_pc, else_pc } => {
                Op::Branch { cond: self.src(*cond)?, then_pc: *then_pc, else_pc: *else_pc }
            }
            Inst::Call { callee: Callee::Func(func), args, .. }
                if direct(*func, args.len()) && args.iter().all(|a| a.byval == 0) =>
            {
                Op::CallDirect { func: *func }
            }
            Inst::Ret { val: Some((o, 1)) } => Op::Ret { val: self.src(*o)? },
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compare_and_branch_fuse_and_the_branch_stays_plain() {
        let code = [
            Inst::Cmp { pred: ICmp::Slt, bits: 32, dst: 3, a: Opd::Reg(1), b: Opd::Imm(240) },
            Inst::Branch { cond: Opd::Reg(3), then_pc: 2, else_pc: 3 },
            Inst::Move(Move { dst: 1, src: Opd::Imm(7), words: 1 }),
            Inst::Jump { target: 0 },
            Inst::Unreachable,
        ];
        let d = Dense::new(&code, |_, _| false);
        assert_eq!(d.ops.len(), code.len());
        assert!(matches!(d.ops[0], Op::CmpBr { dst: 3, a: 1, then_pc: 2, else_pc: 3, .. }));
        assert!(matches!(d.ops[1], Op::Branch { then_pc: 2, else_pc: 3, .. }));
        assert!(matches!(d.ops[2], Op::MoveJump { dst: 1, target: 0, .. }));
        assert_eq!(d.ops[4], Op::Slow);
        let Op::CmpBr { b, .. } = d.ops[0] else { unreachable!() };
        assert_eq!(b.get(&[], &d.consts), 240);
    }

    #[test]
    fn wide_values_and_atomics_stay_slow() {
        let code = [
            Inst::Bin { op: BinOp::Add, bits: 128, dst: 0, a: Opd::Reg(2), b: Opd::Reg(4) },
            Inst::Load { dst: 0, addr: Opd::Reg(1), bytes: 4, order: Ordering::SeqCst },
            Inst::Store { addr: Opd::Reg(1), val: Opd::Reg(2), bytes: 16, order: Ordering::NotAtomic },
        ];
        let d = Dense::new(&code, |_, _| true);
        assert!(d.ops.iter().all(|op| *op == Op::Slow));
    }
}
