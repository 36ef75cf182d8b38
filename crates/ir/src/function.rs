//! A lowered function: its code with the per-function facts computed once at load time.

use crate::inst::{Inst, Pc, Reg, SrcLoc};

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
