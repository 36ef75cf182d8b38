//! Errors the interpreter detects in the program under test.

use ravel_ir::SrcLoc;
use serde::{Deserialize, Serialize};

/// The kinds of program errors, with stable names used in reports, JSON and tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorKind {
    AssertionFailure,
    ReachError,
    OutOfBounds,
    NullDereference,
    UseAfterFree,
    DoubleFree,
    InvalidFree,
    DivisionByZero,
    Deadlock,
    PthreadMisuse,
    StackOverflow,
    DataRace,
    /// `llvm.trap` or `__builtin_trap()`.
    Trap,
    /// `unreachable` executed: undefined behaviour such as falling off a non-void function.
    Unreachable,
    /// Abnormal termination: `abort()`, `raise(SIGABRT)`, a fatal signal.
    Abort,
    /// No thread can ever make progress again and the program has not ended: every live
    /// thread is blocked or spins on values no other thread can change.
    Hang,
    /// A `longjmp` to a frame that has returned, to another thread's `setjmp`, or through
    /// a buffer `setjmp` never filled.
    InvalidJump,
}

impl ErrorKind {
    /// Every kind, for what must cover them all (explanations, rule tables).
    pub const ALL: [ErrorKind; 17] = [
        ErrorKind::AssertionFailure,
        ErrorKind::ReachError,
        ErrorKind::OutOfBounds,
        ErrorKind::NullDereference,
        ErrorKind::UseAfterFree,
        ErrorKind::DoubleFree,
        ErrorKind::InvalidFree,
        ErrorKind::DivisionByZero,
        ErrorKind::Deadlock,
        ErrorKind::PthreadMisuse,
        ErrorKind::StackOverflow,
        ErrorKind::DataRace,
        ErrorKind::Trap,
        ErrorKind::Unreachable,
        ErrorKind::Abort,
        ErrorKind::Hang,
        ErrorKind::InvalidJump,
    ];

    /// The stable kebab-case name.
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::AssertionFailure => "assertion-failure",
            ErrorKind::ReachError => "reach-error",
            ErrorKind::OutOfBounds => "out-of-bounds",
            ErrorKind::NullDereference => "null-dereference",
            ErrorKind::UseAfterFree => "use-after-free",
            ErrorKind::DoubleFree => "double-free",
            ErrorKind::InvalidFree => "invalid-free",
            ErrorKind::DivisionByZero => "division-by-zero",
            ErrorKind::Deadlock => "deadlock",
            ErrorKind::PthreadMisuse => "pthread-misuse",
            ErrorKind::StackOverflow => "stack-overflow",
            ErrorKind::DataRace => "data-race",
            ErrorKind::Trap => "trap",
            ErrorKind::Unreachable => "unreachable",
            ErrorKind::Abort => "abort",
            ErrorKind::Hang => "hang",
            ErrorKind::InvalidJump => "invalid-longjmp",
        }
    }
}

/// A detected error: what, where, and in which thread.
#[derive(Clone, Debug, Serialize)]
pub struct ProgramError {
    pub kind: ErrorKind,
    pub message: String,
    /// Index of the thread that hit it.
    pub thread: usize,
    #[serde(skip)]
    pub loc: SrcLoc,
    /// The other places the error involves, with their threads: the earlier access of a
    /// data race, the operations the other threads of a deadlock are blocked at.
    #[serde(skip)]
    pub related: Vec<(usize, SrcLoc)>,
    /// The start of the heap block the error is about (a use after free, a double free, a
    /// race on a block), whose allocation a report shows.
    #[serde(skip)]
    pub block: Option<u64>,
    /// The error's other place is not ordered before it by any synchronisation: the free
    /// of a use after free made by another thread, which also races with the use (what
    /// ThreadSanitizer reports as heap-use-after-free).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub racing_free: bool,
}

impl ProgramError {
    /// An error at one place.
    pub fn at(kind: ErrorKind, message: String, thread: usize, loc: SrcLoc) -> ProgramError {
        ProgramError { kind, message, thread, loc, related: Vec::new(), block: None, racing_free: false }
    }

    /// Every place the error involves, in a canonical order: two reports of the same race
    /// (in either order) or of the same deadlock have the same places.
    pub fn places(&self) -> Vec<SrcLoc> {
        let mut all: Vec<SrcLoc> = std::iter::once(self.loc).chain(self.related.iter().map(|&(_, l)| l)).collect();
        all.sort();
        all
    }
}
