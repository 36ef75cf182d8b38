//! The instruction set of the lowered program.
//!
//! Everything the interpreter needs is resolved here once: register slots instead of names,
//! byte offsets instead of GEP types, model ids instead of callee names, global addresses
//! instead of symbols. Register values are stored as 64-bit words; a value wider than 64
//! bits (i128, aggregates, vectors) occupies consecutive words holding its memory image.

use crate::builtins::Builtin;

/// Index of a register word in a frame.
pub type Reg = u32;
/// Index of a function in [`Program::functions`].
pub type FuncId = u32;
/// Index of an instruction inside a function's code.
pub type Pc = u32;

/// An instruction operand: a register, an inline constant that fits in one word, or a
/// multi-word constant stored in [`Program::wide_consts`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opd {
    Reg(Reg),
    Imm(u64),
    Wide(u32),
}

/// Integer binary operations (on canonical, zero-extended words) and comparison
/// predicates: the one definition, with their semantics, in `ravel_arith`.
pub use ravel_arith::{BinOp, CmpOp as ICmp};

/// Floating-point binary operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FBinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

/// Floating-point comparison predicates (ordered/unordered as in LLVM).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FCmp {
    False,
    Oeq,
    Ogt,
    Oge,
    Olt,
    Ole,
    One,
    Ord,
    Uno,
    Ueq,
    Ugt,
    Uge,
    Ult,
    Ule,
    Une,
    True,
}

/// Conversions. Widths are in bits; float kinds use 32/64.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastOp {
    Trunc,
    ZExt,
    SExt,
    FpTrunc,
    FpExt,
    FpToUi,
    FpToSi,
    UiToFp,
    SiToFp,
}

/// Read-modify-write operations of `atomicrmw` (and the `__sync`/`__atomic` builtins).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RmwOp {
    Xchg,
    Add,
    Sub,
    And,
    Nand,
    Or,
    Xor,
    Max,
    Min,
    UMax,
    UMin,
    FAdd,
    FSub,
    FMax,
    FMin,
    UIncWrap,
    UDecWrap,
}

/// Memory ordering of an atomic access; `NotAtomic` for plain accesses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Ordering {
    NotAtomic,
    Relaxed,
    Acquire,
    Release,
    AcqRel,
    SeqCst,
}

/// How a call finds its target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Callee {
    Func(FuncId),
    Builtin(Builtin),
    /// A function pointer; resolved to a function through its address at run time.
    Indirect(Opd),
}

/// One argument of a call: where its value is and how big it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arg {
    pub opd: Opd,
    /// Size in bytes of the value (its store size in memory).
    pub bytes: u32,
    pub is_float: bool,
    /// For `byval` pointer arguments: bytes the callee gets a private copy of (else 0).
    pub byval: u32,
}

/// A register-to-register copy of `words` words, used for phi moves and bitcasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub dst: Reg,
    pub src: Opd,
    pub words: u32,
}

/// A lowered instruction. Integer widths `bits` are at most 64 unless the variant is `Wide*`.
#[derive(Clone, Debug, PartialEq)]
pub enum Inst {
    Bin {
        op: BinOp,
        bits: u32,
        dst: Reg,
        a: Opd,
        b: Opd,
    },
    /// Integer operation on widths 65..=128 (two words).
    WideBin {
        op: BinOp,
        bits: u32,
        dst: Reg,
        a: Opd,
        b: Opd,
    },
    Cmp {
        pred: ICmp,
        bits: u32,
        dst: Reg,
        a: Opd,
        b: Opd,
    },
    WideCmp {
        pred: ICmp,
        bits: u32,
        dst: Reg,
        a: Opd,
        b: Opd,
    },
    FBin {
        op: FBinOp,
        double: bool,
        dst: Reg,
        a: Opd,
        b: Opd,
    },
    FNeg {
        double: bool,
        dst: Reg,
        a: Opd,
    },
    FCmp {
        pred: FCmp,
        double: bool,
        dst: Reg,
        a: Opd,
        b: Opd,
    },
    /// `fadd` .. `frem` on x86_fp80 (`long double`), in software: operands and result
    /// take two register words (the 80-bit memory image).
    F80Bin {
        op: FBinOp,
        dst: Reg,
        a: Opd,
        b: Opd,
    },
    F80Neg {
        dst: Reg,
        a: Opd,
    },
    F80Cmp {
        pred: FCmp,
        dst: Reg,
        a: Opd,
        b: Opd,
    },
    /// Integer and float conversions; a float side of 80 bits is x86_fp80.
    Cast {
        op: CastOp,
        from: u32,
        to: u32,
        dst: Reg,
        a: Opd,
    },
    Select {
        /// Width of an integer or pointer value (0 for others): a symbolic condition
        /// makes an if-then-else expression of this width.
        bits: u32,
        dst: Reg,
        cond: Opd,
        t: Opd,
        f: Opd,
        words: u32,
    },
    Move(Move),
    /// Builds an aggregate/vector value from parts: `(byte offset, bytes, value)`.
    Build {
        dst: Reg,
        words: u32,
        parts: Box<[(u32, u32, Opd)]>,
    },
    /// Extracts `bytes` at byte offset `offset` of a multi-word value; `dyn_index` adds
    /// `index * stride` (extractelement with a variable index).
    Extract {
        dst: Reg,
        src: Opd,
        offset: u32,
        bytes: u32,
        dyn_index: Option<(Opd, u32)>,
    },
    /// Copies `src` into `dst` and overwrites `bytes` at `offset` (+ `index * stride`) with `elem`.
    Insert {
        dst: Reg,
        src: Opd,
        words: u32,
        offset: u32,
        bytes: u32,
        elem: Opd,
        dyn_index: Option<(Opd, u32)>,
    },
    /// Shuffles vector elements: each output element picks input element `i` of the
    /// concatenation of `a` and `b` (`None` = undef, zero here).
    Shuffle {
        dst: Reg,
        a: Opd,
        b: Opd,
        in_len: u32,
        elem_bytes: u32,
        mask: Box<[Option<u32>]>,
        words: u32,
    },
    /// Element-wise integer/float op on vectors: applied `len` times on `elem_bits` lanes.
    VecBin {
        op: BinOp,
        elem_bits: u32,
        len: u32,
        dst: Reg,
        a: Opd,
        b: Opd,
    },
    VecCmp {
        pred: ICmp,
        elem_bits: u32,
        len: u32,
        dst: Reg,
        a: Opd,
        b: Opd,
    },
    VecCast {
        op: CastOp,
        from: u32,
        to: u32,
        len: u32,
        dst: Reg,
        a: Opd,
    },
    /// `dst = base + Σ index_i * scale_i + offset`, indices sign-extended from their width.
    Gep {
        dst: Reg,
        base: Opd,
        offset: i64,
        indices: Box<[(Opd, u32, i64)]>,
        ptr_bits: u32,
    },
    Alloca {
        dst: Reg,
        elem_bytes: u64,
        count: Opd,
        count_bits: u32,
        align: u32,
    },
    Load {
        dst: Reg,
        addr: Opd,
        bytes: u32,
        order: Ordering,
    },
    Store {
        addr: Opd,
        val: Opd,
        bytes: u32,
        order: Ordering,
    },
    Rmw {
        op: RmwOp,
        dst: Reg,
        addr: Opd,
        val: Opd,
        bits: u32,
        order: Ordering,
    },
    /// Result is `{old value, success flag}` laid out as an LLVM struct: value words, then flag.
    CmpXchg {
        dst: Reg,
        addr: Opd,
        expected: Opd,
        new: Opd,
        bits: u32,
        flag_offset: u32,
        order: Ordering,
    },
    Fence {
        order: Ordering,
    },
    /// `ret_bits` is the width of an integer/pointer result (models need it to produce
    /// canonical values), or the result's size in bits otherwise.
    Call {
        dst: Option<(Reg, u32)>,
        callee: Callee,
        args: Box<[Arg]>,
        fixed_args: u32,
        ret_bits: u32,
    },
    /// `va_arg` instruction (rare; clang expands most uses inline).
    VaArg {
        dst: Reg,
        list: Opd,
        bytes: u32,
    },
    Ret {
        val: Option<(Opd, u32)>,
    },
    Jump {
        target: Pc,
    },
    Branch {
        cond: Opd,
        then_pc: Pc,
        else_pc: Pc,
    },
    Switch {
        val: Opd,
        bits: u32,
        cases: Box<[(u64, Pc)]>,
        default: Pc,
    },
    /// Indirect branch to a block address (`blockaddress` values are `function address + pc`).
    Unreachable,
    /// An IR construct ravel does not support; executing it stops with "unsupported".
    Unsupported {
        what: Box<str>,
    },
}

impl Inst {
    /// The register the instruction writes its result to, if any.
    pub fn def(&self) -> Option<Reg> {
        use Inst::*;
        match self {
            Bin { dst, .. }
            | WideBin { dst, .. }
            | Cmp { dst, .. }
            | WideCmp { dst, .. }
            | FBin { dst, .. }
            | FNeg { dst, .. }
            | FCmp { dst, .. }
            | F80Bin { dst, .. }
            | F80Neg { dst, .. }
            | F80Cmp { dst, .. }
            | Cast { dst, .. }
            | Select { dst, .. }
            | Build { dst, .. }
            | Extract { dst, .. }
            | Insert { dst, .. }
            | Shuffle { dst, .. }
            | VecBin { dst, .. }
            | VecCmp { dst, .. }
            | VecCast { dst, .. }
            | Gep { dst, .. }
            | Alloca { dst, .. }
            | Load { dst, .. }
            | Rmw { dst, .. }
            | CmpXchg { dst, .. }
            | VaArg { dst, .. } => Some(*dst),
            Move(m) => Some(m.dst),
            Call { dst, .. } => dst.map(|d| d.0),
            Store { .. }
            | Fence { .. }
            | Ret { .. }
            | Jump { .. }
            | Branch { .. }
            | Switch { .. }
            | Unreachable
            | Unsupported { .. } => None,
        }
    }

    /// Every operand the instruction reads, for analyses that follow values.
    pub fn operands(&self) -> Vec<Opd> {
        use Inst::*;
        match self {
            Bin { a, b, .. }
            | WideBin { a, b, .. }
            | Cmp { a, b, .. }
            | WideCmp { a, b, .. }
            | FBin { a, b, .. }
            | FCmp { a, b, .. }
            | F80Bin { a, b, .. }
            | F80Cmp { a, b, .. }
            | VecBin { a, b, .. }
            | VecCmp { a, b, .. }
            | Shuffle { a, b, .. } => vec![*a, *b],
            FNeg { a, .. } | F80Neg { a, .. } | Cast { a, .. } | VecCast { a, .. } => vec![*a],
            Select { cond, t, f, .. } => vec![*cond, *t, *f],
            Move(m) => vec![m.src],
            Build { parts, .. } => parts.iter().map(|p| p.2).collect(),
            Extract { src, dyn_index, .. } => std::iter::once(*src).chain(dyn_index.map(|d| d.0)).collect(),
            Insert { src, elem, dyn_index, .. } => [*src, *elem].into_iter().chain(dyn_index.map(|d| d.0)).collect(),
            Gep { base, indices, .. } => std::iter::once(*base).chain(indices.iter().map(|i| i.0)).collect(),
            Alloca { count, .. } => vec![*count],
            Load { addr, .. } => vec![*addr],
            Store { addr, val, .. } | Rmw { addr, val, .. } => vec![*addr, *val],
            CmpXchg { addr, expected, new, .. } => vec![*addr, *expected, *new],
            Call { callee, args, .. } => {
                let callee = match callee {
                    Callee::Indirect(o) => Some(*o),
                    _ => None,
                };
                callee.into_iter().chain(args.iter().map(|a| a.opd)).collect()
            }
            VaArg { list, .. } => vec![*list],
            Ret { val } => val.map(|v| v.0).into_iter().collect(),
            Branch { cond, .. } => vec![*cond],
            Switch { val, .. } => vec![*val],
            Fence { .. } | Jump { .. } | Unreachable | Unsupported { .. } => Vec::new(),
        }
    }
}

/// A source position: index into [`Program::files`], line and column (0 = unknown).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SrcLoc {
    pub file: u32,
    pub line: u32,
    pub col: u32,
}
