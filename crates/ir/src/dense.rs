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

use crate::builtins::Builtin;
use crate::inst::*;
use crate::liveness::successors;

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
/// (non-atomic) and at most 8 bytes. A fused op executes several consecutive
/// instructions of `code` (the one at its pc and the next one or two), and the ops at
/// the following pcs stay the versions of those instructions alone, so execution may
/// enter or leave anywhere in between.
#[derive(Clone, Copy, Debug, PartialEq)]
#[rustfmt::skip]
pub enum Op {
    /// The general interpreter executes this instruction.
    Slow,
    BinRR { op: BinOp, bits: u8, dst: Reg, a: Reg, b: Reg },
    BinRI { op: BinOp, bits: u8, dst: Reg, a: Reg, b: u64 },
    // The commonest operations have ops of their own: the interpreter then knows the
    // operation from the op alone.
    AddRR { bits: u8, dst: Reg, a: Reg, b: Reg },
    AddRI { bits: u8, dst: Reg, a: Reg, b: u64 },
    SubRR { bits: u8, dst: Reg, a: Reg, b: Reg },
    SubRI { bits: u8, dst: Reg, a: Reg, b: u64 },
    MulRR { bits: u8, dst: Reg, a: Reg, b: Reg },
    MulRI { bits: u8, dst: Reg, a: Reg, b: u64 },
    CmpRR { pred: ICmp, bits: u8, dst: Reg, a: Reg, b: Reg },
    CmpRI { pred: ICmp, bits: u8, dst: Reg, a: Reg, b: Src },
    /// `Cmp` then `Branch` on its result (the result is still written).
    CmpBr { pred: ICmp, bits: u8, dst: Reg, a: Reg, b: Src, then_pc: Pc, else_pc: Pc },
    Cast { op: CastOp, from: u8, to: u8, dst: Reg, a: Src },
    FBin { op: FBinOp, double: bool, dst: Reg, a: Src, b: Src },
    /// `double` arithmetic, an op per operation.
    FAdd { dst: Reg, a: Src, b: Src },
    FSub { dst: Reg, a: Src, b: Src },
    FMul { dst: Reg, a: Src, b: Src },
    FDiv { dst: Reg, a: Src, b: Src },
    FCmp { pred: FCmp, double: bool, dst: Reg, a: Src, b: Src },
    Select { dst: Reg, cond: Src, t: Src, f: Src },
    Move { dst: Reg, src: Src },
    /// `Move` then `Jump` (the phi move of a control-flow edge).
    MoveJump { dst: Reg, src: Src, target: Pc },
    /// A GEP (with the cast of its index fused in when [`Index::ext`] says so).
    Gep(Index),
    /// A GEP, then a load from its result.
    GepLoad { ix: Index, dst: Reg, bytes: u8 },
    /// A GEP, then a store to its result.
    GepStore { ix: Index, val: Src, bytes: u8 },
    Load { dst: Reg, addr: Src, bytes: u8 },
    Store { addr: Src, val: Src, bytes: u8 },
    Jump { target: Pc },
    Branch { cond: Src, then_pc: Pc, else_pc: Pc },
    /// A call of a program function with a fixed parameter list, no by-value arguments
    /// and no atomic section: the arguments go straight into the callee's registers
    /// (they are read from the `Inst::Call` at the same pc).
    CallDirect { func: FuncId },
    /// A call through a function pointer without by-value arguments: the arguments go
    /// straight into registers when the function it names qualifies as for
    /// [`Op::CallDirect`].
    CallIndirect { target: Src },
    /// Returns a one-word value.
    Ret { val: Src },
    /// A call of `sqrt` on a `double`: arithmetic, though C spells it as a call.
    Sqrt { dst: Reg, a: Src },
}

/// The address computation of a GEP with at most one variable index:
/// `inner = base + offset + sext(index) * scale`, masked to `ptr_bits`. When the index is
/// the result of the integer cast just before the GEP (C's `a[i]` with an `int i`
/// extends `i` first), the cast is part of it: `ext_dst = ext(index)` first. When the GEP
/// is followed by a constant-offset GEP of its result (C's `a[i].f`), that one is part of
/// it too: `dst = inner + field`; otherwise `inner` is `dst` and `field` 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Index {
    pub dst: Reg,
    pub inner: Reg,
    pub field: i32,
    /// The field GEP is fused in.
    pub nested: bool,
    pub base: Src,
    /// The index (before the cast); `scale` is 0 for a GEP without variable index.
    pub index: Src,
    /// The fused cast (`SExt`, `ZExt` or `Trunc` from `from` to `index_bits` bits).
    pub ext: Option<CastOp>,
    pub ext_dst: Reg,
    pub from: u8,
    pub index_bits: u8,
    pub ptr_bits: u8,
    pub scale: i32,
    pub offset: i32,
    /// 64-bit index and pointers: the address is plain wrapping arithmetic.
    pub wide: bool,
}

impl Index {
    /// How many instructions of the code the address computation stands for.
    pub fn insts(&self) -> u64 {
        1 + self.ext.is_some() as u64 + self.nested as u64
    }
}

/// The dense form of one function: an op per instruction and the constants they use.
#[derive(Clone, Debug, Default)]
pub struct Dense {
    pub ops: Vec<Op>,
    pub consts: Vec<u64>,
    /// The most instructions control can run through without a jump or branch: the fast
    /// loop checks its step budget only when control jumps.
    pub max_straight: u64,
}

/// The width of an integer the fast loop handles, as stored in ops.
fn narrow(bits: u32) -> Option<u8> {
    (1..=64).contains(&bits).then_some(bits as u8)
}

impl Dense {
    /// Builds the dense form of `code`; `direct(f, n)` says whether a call of function
    /// `f` with `n` arguments can pass them straight into registers (fixed arity, not
    /// atomic).
    pub fn new(code: &[Inst], direct: impl Fn(FuncId, usize) -> bool) -> Dense {
        let mut d = Dense { ops: Vec::with_capacity(code.len()), consts: Vec::new(), max_straight: 0 };
        let mut straight = 0;
        for pc in 0..code.len() {
            let op = d.op(&code[pc..], &direct).unwrap_or(Op::Slow);
            d.ops.push(op);
            straight += 1;
            if successors(&code[pc], pc as Pc, code.len()) != [pc as Pc + 1] {
                d.max_straight = d.max_straight.max(straight);
                straight = 0;
            }
        }
        d.max_straight = d.max_straight.max(straight);
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

    /// The address computation of `gep` (a GEP with at most one variable index), with
    /// the cast `(op, from, dst, operand)` before it fused in.
    fn index(&mut self, ext: Option<(CastOp, u32, Reg, Opd)>, gep: &Inst) -> Option<Index> {
        let Inst::Gep { dst, base, offset, indices, ptr_bits } = gep else { return None };
        // The fused op reads the base before it writes the cast's result.
        if ext.is_some_and(|e| *base == Opd::Reg(e.2)) {
            return None;
        }
        let base = self.src(*base)?;
        let (index, index_bits, scale) = match indices[..] {
            [] => (base, 64, 0),
            [(index, bits, scale)] => {
                let index = ext.map_or(index, |e| e.3);
                (self.src(index)?, narrow(bits)?, i32::try_from(scale).ok()?)
            }
            _ => return None,
        };
        Some(Index {
            dst: *dst,
            inner: *dst,
            field: 0,
            nested: false,
            base,
            index,
            ext: ext.map(|e| e.0),
            ext_dst: ext.map_or(0, |e| e.2),
            from: ext.map_or(Some(0), |e| narrow(e.1))?,
            index_bits,
            ptr_bits: narrow(*ptr_bits)?,
            scale,
            offset: i32::try_from(*offset).ok()?,
            wide: index_bits == 64 && *ptr_bits == 64,
        })
    }

    /// The op of address computation `ix`, with what follows fused in: a constant-offset
    /// GEP of its result, then a load or store of the address.
    fn access(&mut self, mut ix: Index, rest: &[Inst]) -> Option<Op> {
        let mut next = rest.first();
        if let Some(Inst::Gep { dst, base: Opd::Reg(b), offset, indices, ptr_bits }) = next {
            if *b == ix.dst && indices.is_empty() && *ptr_bits == ix.ptr_bits as u32 {
                if let Ok(field) = i32::try_from(*offset) {
                    (ix.dst, ix.field, ix.nested) = (*dst, field, true);
                    next = rest.get(1);
                }
            }
        }
        Some(match next {
            Some(Inst::Load { dst, addr: Opd::Reg(a), bytes, order: Ordering::NotAtomic })
                if *a == ix.dst && (1..=8).contains(bytes) =>
            {
                Op::GepLoad { ix, dst: *dst, bytes: *bytes as u8 }
            }
            Some(Inst::Store { addr: Opd::Reg(a), val, bytes, order: Ordering::NotAtomic })
                if *a == ix.dst && (1..=8).contains(bytes) =>
            {
                Op::GepStore { ix, val: self.src(*val)?, bytes: *bytes as u8 }
            }
            _ => Op::Gep(ix),
        })
    }

    /// The op for the first instruction of `code` (the rest is what follows it).
    fn op(&mut self, code: &[Inst], direct: &impl Fn(FuncId, usize) -> bool) -> Option<Op> {
        let reg = |o: Opd| match o {
            Opd::Reg(r) => Some(r),
            _ => None,
        };
        let next = code.get(1);
        Some(match &code[0] {
            Inst::Bin { op, bits, dst, a, b } => {
                let (bits, a, dst) = (narrow(*bits)?, reg(*a)?, *dst);
                match (*op, *b) {
                    (BinOp::Add, Opd::Reg(b)) => Op::AddRR { bits, dst, a, b },
                    (BinOp::Add, Opd::Imm(b)) => Op::AddRI { bits, dst, a, b },
                    (BinOp::Sub, Opd::Reg(b)) => Op::SubRR { bits, dst, a, b },
                    (BinOp::Sub, Opd::Imm(b)) => Op::SubRI { bits, dst, a, b },
                    (BinOp::Mul, Opd::Reg(b)) => Op::MulRR { bits, dst, a, b },
                    (BinOp::Mul, Opd::Imm(b)) => Op::MulRI { bits, dst, a, b },
                    (op, Opd::Reg(b)) => Op::BinRR { op, bits, dst, a, b },
                    (op, Opd::Imm(b)) => Op::BinRI { op, bits, dst, a, b },
                    (_, Opd::Wide(_)) => return None,
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
            Inst::Cast { op: op @ (CastOp::SExt | CastOp::ZExt | CastOp::Trunc), from, to, dst, a }
                if matches!(next, Some(Inst::Gep { indices, .. })
                    if matches!(indices[..], [(Opd::Reg(i), bits, _)] if i == *dst && bits == *to)) =>
            {
                let ix = self.index(Some((*op, *from, *dst, *a)), next?)?;
                self.access(ix, &code[2..])?
            }
            Inst::Cast { op, from, to, dst, a } => {
                Op::Cast { op: *op, from: narrow(*from)?, to: narrow(*to)?, dst: *dst, a: self.src(*a)? }
            }
            Inst::FBin { op, double, dst, a, b } => {
                let (dst, a, b) = (*dst, self.src(*a)?, self.src(*b)?);
                match (op, double) {
                    (FBinOp::Add, true) => Op::FAdd { dst, a, b },
                    (FBinOp::Sub, true) => Op::FSub { dst, a, b },
                    (FBinOp::Mul, true) => Op::FMul { dst, a, b },
                    (FBinOp::Div, true) => Op::FDiv { dst, a, b },
                    _ => Op::FBin { op: *op, double: *double, dst, a, b },
                }
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
            gep @ Inst::Gep { .. } => {
                let ix = self.index(None, gep)?;
                self.access(ix, &code[1..])?
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
            Inst::Call { callee: Callee::Indirect(target), args, .. } if args.iter().all(|a| a.byval == 0) => {
                Op::CallIndirect { target: self.src(*target)? }
            }
            Inst::Ret { val: Some((o, 1)) } => Op::Ret { val: self.src(*o)? },
            Inst::Call { callee: Callee::Builtin(Builtin::Sqrt), args, dst: Some((dst, 1)), ret_bits: 64, .. }
                if matches!(args[..], [Arg { bytes: 8, is_float: true, byval: 0, .. }]) =>
            {
                Op::Sqrt { dst: *dst, a: self.src(args[0].opd)? }
            }
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
    fn an_array_access_is_one_op_and_each_part_has_its_own() {
        let code = [
            Inst::Cast { op: CastOp::SExt, from: 32, to: 64, dst: 5, a: Opd::Reg(1) },
            Inst::Gep { dst: 6, base: Opd::Reg(2), offset: 8, indices: Box::new([(Opd::Reg(5), 64, 4)]), ptr_bits: 64 },
            Inst::Load { dst: 7, addr: Opd::Reg(6), bytes: 4, order: Ordering::NotAtomic },
            Inst::Gep { dst: 8, base: Opd::Reg(2), offset: 16, indices: Box::new([]), ptr_bits: 64 },
            Inst::Store { addr: Opd::Reg(8), val: Opd::Imm(0), bytes: 8, order: Ordering::NotAtomic },
        ];
        let d = Dense::new(&code, |_, _| false);
        let Op::GepLoad { ix, dst: 7, bytes: 4 } = d.ops[0] else { panic!("{:?}", d.ops[0]) };
        assert_eq!((ix.ext, ix.ext_dst, ix.from, ix.dst, ix.scale, ix.offset), (Some(CastOp::SExt), 5, 32, 6, 4, 8));
        assert_eq!(ix.insts(), 2);
        assert!(matches!(d.ops[1], Op::GepLoad { ix: Index { ext: None, dst: 6, .. }, .. }));
        assert!(matches!(d.ops[2], Op::Load { dst: 7, bytes: 4, .. }));
        assert!(matches!(d.ops[3], Op::GepStore { ix: Index { scale: 0, offset: 16, .. }, bytes: 8, .. }));
        assert!(matches!(d.ops[4], Op::Store { bytes: 8, .. }));
    }

    #[test]
    fn a_field_of_an_array_element_is_one_op() {
        // `&b[i]` with 56-byte elements, `i` extended into register 5.
        let element = |dst| Inst::Gep {
            dst,
            base: Opd::Reg(2),
            offset: 0,
            indices: Box::new([(Opd::Reg(5), 64, 56)]),
            ptr_bits: 64,
        };
        let code = [
            Inst::Cast { op: CastOp::SExt, from: 32, to: 64, dst: 5, a: Opd::Reg(1) },
            element(6),
            Inst::Gep { dst: 7, base: Opd::Reg(6), offset: 24, indices: Box::new([]), ptr_bits: 64 },
            Inst::Store { addr: Opd::Reg(7), val: Opd::Reg(3), bytes: 8, order: Ordering::NotAtomic },
            element(8),
            Inst::Gep { dst: 9, base: Opd::Reg(5), offset: 8, indices: Box::new([]), ptr_bits: 64 },
        ];
        let d = Dense::new(&code, |_, _| false);
        let Op::GepStore { ix, bytes: 8, .. } = d.ops[0] else { panic!("{:?}", d.ops[0]) };
        assert_eq!((ix.ext_dst, ix.inner, ix.dst, ix.scale, ix.field, ix.insts()), (5, 6, 7, 56, 24, 3));
        // The next GEP does not use the first one's result: not fused.
        let Op::Gep(ix) = d.ops[4] else { panic!("{:?}", d.ops[4]) };
        assert_eq!((ix.inner, ix.dst, ix.field, ix.insts()), (8, 8, 0, 1));
    }

    #[test]
    fn sqrt_of_a_double_is_an_op() {
        let arg = Arg { opd: Opd::Reg(1), bytes: 8, is_float: true, byval: 0 };
        let call = |bytes| Inst::Call {
            dst: Some((2, 1)),
            callee: Callee::Builtin(Builtin::Sqrt),
            args: Box::new([Arg { bytes, ..arg }]),
            fixed_args: 1,
            ret_bits: 64,
        };
        let d = Dense::new(&[call(8), call(4)], |_, _| false);
        assert!(matches!(d.ops[0], Op::Sqrt { dst: 2, a: Src(1) }));
        assert_eq!(d.ops[1], Op::Slow);
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
