//! The lowered, indexed program the interpreter executes.
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

/// A function body, ready to run.
#[derive(Clone, Debug)]
pub struct Function {
    pub name: String,
    /// Register slot and word count of every parameter.
    pub params: Vec<(Reg, u32)>,
    /// What each parameter's type is, for `--entry` (see [`Program::set_entry`]).
    pub param_kinds: Vec<ParamKind>,
    pub is_var_arg: bool,
    /// Number of register words a frame of this function needs.
    pub frame_words: u32,
    pub code: Vec<Inst>,
    /// Source location of each instruction (parallel to `code`).
    pub locs: Vec<SrcLoc>,
    /// True for functions named `__VERIFIER_atomic_*`: they execute without interruption.
    pub atomic: bool,
    pub loc: SrcLoc,
    /// Which registers may still be read at each pc.
    pub live: crate::liveness::Liveness,
    /// The pcs of the `alloca`s whose address never leaves the frame (sorted): the vm
    /// gives their next activation the same object (see [`crate::private_allocas`]).
    pub private_allocas: Vec<Pc>,
    /// The code in the form the interpreter's fast loop runs (see [`crate::dense`]).
    pub dense: crate::dense::Dense,
}

/// A global variable with its address and initial memory image.
#[derive(Clone, Debug)]
pub struct Global {
    pub name: String,
    pub addr: u64,
    pub size: u64,
    /// The initial bytes, up to `size`: those past the end are zero (see [`Global::image`]).
    pub init: Vec<u8>,
    pub is_const: bool,
    pub thread_local: bool,
    /// No load can observe its contents (see `unread.rs`): stores into it may be skipped.
    pub unread: bool,
    /// Declared but defined by no linked file and not provided by ravel: its size and
    /// contents are unknown, so the vm refuses every access to it as unsupported (its
    /// address may still be taken and compared). [`addr::EXTERN_SPAN`] bytes are reserved.
    pub external: bool,
}

impl Global {
    /// The global's initial contents, `size` bytes. The zero tail comes from a zeroed
    /// allocation, which the system backs with memory only where it is written, so a
    /// huge zero-filled global costs what the program touches.
    /// An undefined external global has no contents (no access to it succeeds).
    pub fn image(&self) -> Vec<u8> {
        if self.external {
            return Vec::new();
        }
        let mut bytes = vec![0; self.size as usize];
        bytes[..self.init.len()].copy_from_slice(&self.init);
        bytes
    }
}

/// Facts of the target's data model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DataModel {
    pub ptr_bytes: u32,
    pub long_bytes: u32,
}

impl DataModel {
    /// Mask that keeps a value within pointer width.
    pub fn ptr_mask(&self) -> u64 {
        if self.ptr_bytes == 8 {
            u64::MAX
        } else {
            u32::MAX as u64
        }
    }
}

/// The address map shared by the loader and the vm: where functions and globals live.
pub mod addr {
    /// Functions get fake addresses so function pointers are ordinary integers.
    pub const FUNC_BASE: u64 = 0x0001_0000;
    /// Each function occupies this many bytes of the function segment.
    pub const FUNC_STRIDE: u64 = 16;
    /// First global's address.
    pub const GLOBAL_BASE: u64 = 0x0100_0000;
    /// Unused bytes between objects so off-by-one accesses hit no object.
    pub const RED_ZONE: u64 = 16;
    /// Bytes reserved for an undefined external global, whose real size is unknown:
    /// accesses anywhere in them are refused as unsupported rather than reported as
    /// out of bounds of a guessed size.
    pub const EXTERN_SPAN: u64 = 64 * 1024;

    /// The function whose address is `v` among `functions` functions, if any.
    pub fn function_at(v: u64, functions: usize) -> Option<super::FuncId> {
        let off = v.checked_sub(FUNC_BASE)?;
        let id = off / FUNC_STRIDE;
        (off % FUNC_STRIDE == 0 && id < functions as u64).then_some(id as super::FuncId)
    }
}

/// The whole program.
#[derive(Clone, Debug)]
pub struct Program {
    pub functions: Vec<Function>,
    pub globals: Vec<Global>,
    /// Multi-word constants referenced by [`Opd::Wide`].
    pub wide_consts: Vec<u64>,
    pub main: Option<FuncId>,
    /// The function `--entry` chose to start in instead of C's `main` (then `main` is
    /// it): the vm passes it made-up arguments (see [`ParamKind`]) instead of `argc`,
    /// `argv` and `envp`.
    pub entry: Option<String>,
    /// Global constructors in the order they run.
    pub ctors: Vec<FuncId>,
    pub model: DataModel,
    /// Source file paths referenced by [`SrcLoc::file`].
    pub files: Vec<String>,
    /// First address past the globals.
    pub globals_end: u64,
    /// Addresses of the `FILE` handles behind `stdin`, `stdout` and `stderr`.
    pub std_streams: [u64; 3],
    /// Which globals each program point may still access.
    pub effects: crate::effects::Effects,
    /// Changes the frontend made to the input ([`crate::frontend::Compiled::notes`]).
    pub notes: Vec<String>,
    /// C types of the globals that have named parts, by global name (for reports).
    pub global_types: std::collections::HashMap<String, crate::debug_types::DebugType>,
    /// Globals the source initialises with a `PTHREAD_*_INITIALIZER`, by address (so the
    /// vm can report initialising them again).
    pub static_inits: std::collections::HashMap<u64, crate::static_init::StaticInit>,
}

/// A parameter's type as far as `--entry` can make up a value for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// An integer of this many bits: a nondeterministic input.
    Int(u32),
    /// A pointer: the address of a fresh zeroed heap block.
    Ptr,
    /// Anything else (floating point, vectors, aggregates passed by value).
    Other,
}

/// Bytes of the block a pointer parameter of an `--entry` function points to.
pub const ENTRY_BLOCK_BYTES: u64 = 4096;

impl Program {
    /// Makes the function `name` the program's start instead of `main` (`--entry`, as
    /// GenMC's `--program-entry-function` and CBMC's `--function`): it runs as the first
    /// thread with an input for each integer parameter and a fresh zeroed block of
    /// [`ENTRY_BLOCK_BYTES`] for each pointer. The error says why it cannot be.
    pub fn set_entry(&mut self, name: &str) -> Result<(), String> {
        let Some(id) = self.functions.iter().position(|f| f.name == name) else {
            return Err(format!("the program has no function `{name}` (--entry)"));
        };
        let f = &self.functions[id];
        if matches!(f.code.first(), Some(Inst::Unsupported { .. })) {
            return Err(format!("`{name}` is only declared, not defined, in the program (--entry)"));
        }
        if let Some(i) = f.param_kinds.iter().position(|k| *k == ParamKind::Other) {
            return Err(format!(
                "parameter {} of `{name}` is neither an integer nor a pointer, so --entry cannot make up its \
                 value; write a `main` that calls `{name}` with the arguments you want checked",
                i + 1
            ));
        }
        self.main = Some(id as FuncId);
        self.entry = Some(name.to_string());
        Ok(())
    }

    /// True when no thread handle `pthread_create` stores can ever be read: each call
    /// stores it into a local variable or global used for nothing else, and the program
    /// never joins, detaches or compares threads. Thread ids are then unobservable.
    pub fn thread_handles_unread(&self) -> bool {
        let consumes = |b: &Builtin| {
            matches!(b, Builtin::ThreadJoin | Builtin::ThreadDetach | Builtin::ThreadSelf | Builtin::ThreadEqual)
        };
        let mut cells: Vec<(usize, Opd)> = Vec::new();
        for (fi, f) in self.functions.iter().enumerate() {
            for inst in &f.code {
                if let Inst::Call { callee: Callee::Builtin(b), args, .. } = inst {
                    if consumes(b) {
                        return false;
                    }
                    if *b == Builtin::ThreadCreate {
                        match args.first() {
                            Some(a) => cells.push((fi, a.opd)),
                            None => return false,
                        }
                    }
                }
            }
        }
        let referenced = self.referenced_functions();
        cells.iter().all(|&(fi, cell)| !referenced[fi] || self.only_handle_cell(fi, cell))
    }

    /// The first atomic operation weaker than `seq_cst` in a function that can run, if
    /// any: ravel interleaves under sequential consistency, so such a program may have
    /// behaviours (weak-memory reorderings) no exploration shows.
    pub fn weak_atomic(&self) -> Option<SrcLoc> {
        let weak =
            |o: &Ordering| matches!(o, Ordering::Relaxed | Ordering::Acquire | Ordering::Release | Ordering::AcqRel);
        let referenced = self.referenced_functions();
        self.functions.iter().enumerate().filter(|&(fi, _)| referenced[fi]).find_map(|(_, f)| {
            f.code.iter().zip(&f.locs).find_map(|(inst, loc)| {
                let order = match inst {
                    Inst::Load { order, .. }
                    | Inst::Store { order, .. }
                    | Inst::Rmw { order, .. }
                    | Inst::CmpXchg { order, .. }
                    | Inst::Fence { order } => order,
                    _ => return None,
                };
                weak(order).then_some(*loc)
            })
        })
    }

    /// Which functions can run: main, the constructors, and every function called or
    /// whose address is taken (the lowering keeps unused wrappers of library functions).
    /// One pass over the code and the globals' bytes, so its cost is linear in the
    /// program's size (asked of each function, it was quadratic: 84 s on 40,000
    /// one-line functions).
    fn referenced_functions(&self) -> Vec<bool> {
        let mut referenced = vec![false; self.functions.len()];
        let mut mark = |addr: u64| {
            if let Some(f) = self.function_at(addr) {
                referenced[f as usize] = true;
            }
        };
        for f in self.main.iter().chain(&self.ctors) {
            mark(Program::function_addr(*f));
        }
        let width = self.model.ptr_bytes as usize;
        for g in &self.globals {
            for w in g.init.windows(width) {
                let mut word = [0u8; 8];
                word[..width].copy_from_slice(w);
                mark(u64::from_le_bytes(word));
            }
        }
        for inst in self.functions.iter().flat_map(|f| f.code.iter()) {
            if let Inst::Call { callee: Callee::Func(c), .. } = inst {
                mark(Program::function_addr(*c));
            }
            for o in inst.operands() {
                if let Opd::Imm(v) = o {
                    mark(v);
                }
            }
        }
        referenced
    }

    /// `cell` (a pointer operand of function `fi`) is a local variable of `fi` or a
    /// global, and every use of it is as the handle argument of `pthread_create`.
    fn only_handle_cell(&self, fi: usize, cell: Opd) -> bool {
        let is_create_arg = |inst: &Inst, o: Opd| {
            matches!(inst, Inst::Call { callee: Callee::Builtin(Builtin::ThreadCreate), args, .. }
                if args.first().is_some_and(|a| a.opd == o)
                    && inst.operands().iter().filter(|&&x| x == o).count() == 1)
        };
        let only_creates =
            |code: &[Inst], o: Opd| code.iter().all(|inst| !inst.operands().contains(&o) || is_create_arg(inst, o));
        match cell {
            Opd::Reg(r) => {
                let code = &self.functions[fi].code;
                code.iter().any(|i| matches!(i, Inst::Alloca { dst, .. } if *dst == r)) && only_creates(code, cell)
            }
            Opd::Imm(addr) => {
                let Some(g) = self.globals.iter().find(|g| g.addr == addr) else { return false };
                let bytes = &addr.to_le_bytes()[..self.model.ptr_bytes as usize];
                let in_data = self.globals.iter().any(|h| h.init.windows(bytes.len()).any(|w| w == bytes));
                !g.thread_local && !in_data && self.functions.iter().all(|f| only_creates(&f.code, cell))
            }
            Opd::Wide(_) => false,
        }
    }

    /// The name of `loc`'s file without its directory, as messages show it next to a line
    /// (reports give the whole path among the error's places).
    pub fn file_name(&self, loc: SrcLoc) -> &str {
        self.files.get(loc.file as usize).map_or("", |f| f.rsplit('/').next().unwrap_or(f))
    }

    /// The function whose address is `addr`, if any.
    pub fn function_at(&self, addr: u64) -> Option<FuncId> {
        addr::function_at(addr, self.functions.len())
    }

    /// The address of function `f` as seen by the program.
    pub fn function_addr(f: FuncId) -> u64 {
        addr::FUNC_BASE + f as u64 * addr::FUNC_STRIDE
    }

    /// Reads the words of a wide constant.
    pub fn wide(&self, idx: u32, words: u32) -> &[u64] {
        &self.wide_consts[idx as usize..(idx + words) as usize]
    }
}
