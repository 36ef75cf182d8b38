//! Optional recording (`Config::record_accesses`) of what `ravel enforce` names natively:
//! every load, store and atomic access (shared or not, as ThreadSanitizer's
//! instrumentation sees them), every heap allocation, and operations on mutexes,
//! condition variables, barriers, semaphores, read-write locks and spinlocks, in execution
//! order. What the native runtime does not order (`pthread_once`, timed mutex locks,
//! condition waits that time out) is recorded too, so that constraints are not written for
//! executions that use it. This module holds the recorded operations and their names, as
//! plain data; `native_recorder` records them and `native_names` names them.

use crate::events::AccessKind;
use ravel_ir::Builtin;
use serde::Serialize;
use std::fmt;

/// One recorded operation; `thread` is an index into `Machine::threads`, `obj` into
/// `Memory::objects`.
#[derive(Clone, Debug)]
pub enum Recorded {
    Access {
        thread: usize,
        obj: u32,
        offset: u64,
        len: u64,
        kind: AccessKind,
        /// A mutex operation or an atomic access: synchronisation (`ravel schedules`
        /// orders these events only).
        sync: bool,
        /// The synchronisation function this is an operation of (none for memory
        /// accesses), so that callers may leave out functions whose order cannot matter.
        op: Option<Builtin>,
    },
    Alloc {
        thread: usize,
        obj: u32,
    },
    /// A synchronisation operation the native runtime cannot order yet.
    Unordered {
        thread: usize,
        builtin: Builtin,
    },
    /// A condition wait that ended without a signal.
    Unsignalled {
        thread: usize,
    },
    /// A signal woke `thread` although another thread had waited longer: the native
    /// runtime wakes waiters in arrival order, so it would not run this execution.
    OutOfOrderWake {
        thread: usize,
    },
    /// A `ravel_epoch()` call: an epoch of `ravel schedules` starts, if no other thread
    /// was running (`alone`).
    Epoch {
        thread: usize,
        alone: bool,
    },
    /// A block or string operation (`memcpy`, `strlen`, ...) on object `obj`: natively not
    /// an event, so the accesses of other threads to `obj` cannot be ordered around it.
    Block {
        thread: usize,
        obj: u32,
        builtin: Builtin,
    },
}

/// A memory object named independently of its address (the constraint file's `objects`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ObjectName {
    Global { symbol: String },
    Heap { thread: String, ordinal: u32 },
}

impl fmt::Display for ObjectName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ObjectName::Global { symbol } => write!(f, "global:{symbol}"),
            ObjectName::Heap { thread, ordinal } => write!(f, "heap:{thread}#{ordinal}"),
        }
    }
}

/// One named access, in execution order.
#[derive(Clone, Debug)]
pub struct NamedEvent {
    pub thread: String,
    pub object: ObjectName,
    pub offset: u64,
    pub len: u64,
    /// The number of earlier accesses of `thread` to `object`+`offset`.
    pub k: u32,
    pub kind: AccessKind,
    /// A mutex operation or an atomic access.
    pub sync: bool,
    /// The `ravel_epoch()` calls before it in the execution that no other thread ran
    /// beside (markers while other threads run do not divide an execution).
    pub epoch: u32,
}

impl NamedEvent {
    pub fn writes(&self) -> bool {
        self.kind != AccessKind::Read
    }

    /// The line the native runtime's `RAVEL_EVENTS_OUT` writes for the same event.
    pub fn line(&self) -> String {
        let kind = match self.kind {
            AccessKind::Read => "read",
            AccessKind::Write => "write",
            AccessKind::Rmw | AccessKind::FailedRmw | AccessKind::Commute => "rmw",
        };
        format!("{} {}+{} #{} {kind}", self.thread, self.object, self.offset, self.k)
    }
}

/// A recorded execution's named events, and why they cannot be enforced natively, if so
/// (one sentence per problem).
#[derive(Clone, Debug, Default)]
pub struct Named {
    pub events: Vec<NamedEvent>,
    /// For each event, the index in `Machine::recorded` it was named from (so that a
    /// prefix of the execution is a prefix of `events`).
    pub positions: Vec<usize>,
    pub problems: Vec<String>,
    /// A signal woke a waiter out of arrival order (also one of `problems`). Natively such
    /// an execution never happens: the same execution with the longest waiter woken does.
    pub out_of_order_wake: bool,
}

impl Named {
    /// The number of events named from the first `recorded` entries of the execution.
    pub fn upto(&self, recorded: usize) -> usize {
        self.positions.partition_point(|&p| p < recorded)
    }
}
