//! Recording one execution as a *concurrent trace program* for predictive analysis
//! (`ravel predict`): per thread, its shared accesses, synchronisation operations and the
//! conditions its path took, with the value of every read of shared memory a fresh
//! symbolic variable. Values computed from those reads (stored values, branch and
//! assertion conditions) are then expressions over the read variables, so an analysis can
//! ask what the same code would do had a read returned another write's value.
//!
//! Recording needs symbolic mode (the shadows carry the expressions). It changes the
//! execution in three ways only: shared reads get fresh variables whose values are the
//! loaded ones, branches on them never query the solver (the side taken is kept as a
//! guard), and nondeterministic inputs stay concrete (they come from the chooser, so the
//! recorded run is the seeded one).

use ravel_ir::SrcLoc;
use ravel_sym::ExprId;

/// Where a guard comes from: what the thread would do had it not held.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GuardOrigin {
    /// A division, a symbolic address, an assumption, a value made concrete.
    Path,
    /// A conditional branch in function `func` that went to pc `taken`, not `untaken`.
    Branch { func: u32, taken: u32, untaken: u32 },
    /// The condition of `ravel_assert`/`__VERIFIER_assert`: its failure is an error.
    Assert,
}

/// What one recorded event does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecKind {
    /// A read of shared memory; `var` (of `bytes * 8` bits) stands for the value read,
    /// `value` is what this execution read; `atomic` for the read of an atomic
    /// read-modify-write (it never races).
    Read {
        addr: u64,
        bytes: u32,
        var: u32,
        value: u64,
        atomic: bool,
    },
    /// A write of shared memory: `value` (of `bytes * 8` bits) over read variables; `old`
    /// is what the location held before (its initial value when no write came earlier).
    Write {
        addr: u64,
        bytes: u32,
        value: ExprId,
        old: u64,
        atomic: bool,
    },
    /// The thread's path requires `cond` (width 1) to hold here.
    Guard {
        cond: ExprId,
        origin: GuardOrigin,
    },
    Lock {
        mutex: u64,
    },
    Unlock {
        mutex: u64,
    },
    /// A condition-variable wait released `mutex` (its re-acquisition is a later `Lock`).
    Wait {
        cond: u64,
        mutex: u64,
    },
    Signal {
        cond: u64,
    },
    Spawn {
        child: usize,
    },
    Join {
        child: usize,
    },
    /// The thread finished.
    Exit,
    AtomicBegin,
    AtomicEnd,
}

/// One event of a recorded execution.
#[derive(Clone, Debug)]
pub struct RecEvent {
    pub thread: usize,
    /// How many scheduling steps ran before this event (0: during start-up; the event
    /// belongs to step `step` when it is by that step's thread).
    pub step: u32,
    pub at: SrcLoc,
    pub kind: RecKind,
}

/// A recorded execution.
#[derive(Clone, Debug, Default)]
pub struct Recording {
    pub events: Vec<RecEvent>,
    /// The thread of each scheduling step, in order (step `k` is `steps[k - 1]`).
    pub steps: Vec<usize>,
    /// Path-constraint entries already turned into guards.
    pub(crate) pc_seen: usize,
}
