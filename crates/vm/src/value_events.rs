//! What the machine records of shared accesses for an engine that decides what each read
//! reads (see `value_control`), as plain data.

use ravel_ir::{Ordering, SrcLoc};

/// One shared memory access or fence of a step, in program order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValueEvent {
    /// `role`: how the access came to run in the step. `read`: the value
    /// a load or the read half of a read-modify-write returned; `written`: the value
    /// stored (none for a load or a failed compare-and-swap); `before`: memory's contents
    /// before the access; `expected`: what a compare-and-swap compares with.
    Access {
        thread: usize,
        addr: u64,
        len: u64,
        order: Ordering,
        role: AccessRole,
        read: Option<u64>,
        written: Option<u64>,
        before: u64,
        expected: Option<u64>,
        at: SrcLoc,
    },
    /// A fence of this order (`atomic_thread_fence`) by `thread`.
    Fence { thread: usize, order: Ordering },
}

/// How a recorded access came to run in its step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccessRole {
    /// The step's visible operation: the one whose read an engine may set.
    Scheduled,
    /// Made while its thread ran alone (no other thread could interleave).
    Alone,
    /// Inside an atomic section (`__VERIFIER_atomic_*`), which runs as one step.
    InAtomicSection,
}

/// The memory access a stopped thread will make when stepped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PendingMemory {
    pub addr: u64,
    pub len: u64,
    pub reads: bool,
    pub writes: bool,
    pub order: Ordering,
}

/// The engine's directions for the next step and what the machine recorded.
#[derive(Clone, Debug, Default)]
pub(crate) struct Values {
    /// What the scheduled access's read returns instead of memory's contents.
    pub(crate) read: Option<u64>,
    /// The scheduled access's store leaves memory as it is.
    pub(crate) hide_store: bool,
    pub(crate) events: Vec<ValueEvent>,
    /// The last event is the access the current instruction gated (its values follow).
    pub(crate) open: bool,
}
