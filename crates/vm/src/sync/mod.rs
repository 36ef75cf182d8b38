//! Semantics of the synchronisation objects (and of creating and joining threads and thread-specific
//! keys), independent of the pthread ABI: one module per object owns its state changes and its wake-ups, keyed by the address of the
//! program's object; [`blocking`] is the one way a thread waits inside a call. The
//! pthread shim decodes arguments, calls these and turns a [`SyncError`] into an error
//! number.

pub(crate) mod barrier;
pub(crate) mod blocking;
pub(crate) mod condvar;
pub(crate) mod join;
pub(crate) mod keys;
pub(crate) mod mutex;
pub(crate) mod once;
pub(crate) mod rwlock;
pub(crate) mod semaphore;
pub(crate) mod threads;

use crate::error::{ErrorKind, ProgramError};
use crate::machine::Machine;
use crate::memory::Fault;

/// An operation that did not fail: what the calling thread does next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Progress {
    /// Completed: the call returns 0.
    Done,
    /// Completed as the one thread a barrier opening elects.
    Serial,
    /// The thread cannot go on yet: it stays at the call (lock-like operations are
    /// retried once enabled) or waits with a reason (see [`blocking`]).
    Blocked,
    /// The thread runs code the operation called (`pthread_once`'s init routine).
    Running,
}

/// Why an operation failed; the shim maps each to the error number POSIX gives.
#[derive(Clone, Debug)]
pub(crate) enum SyncError {
    /// Held by another thread (`EBUSY`).
    Busy,
    /// Would deadlock the caller (`EDEADLK`).
    Deadlock,
    /// A timed operation could not complete (`ETIMEDOUT`).
    TimedOut,
    /// A try operation on a semaphore at zero (`EAGAIN`).
    Again,
    /// The caller does not own the object (`EPERM`).
    NotOwner,
    /// An invalid argument (`EINVAL`).
    Invalid,
    /// No thread has the handle (`ESRCH`).
    NoSuchThread,
    /// Undefined behaviour the program must not commit: ends the execution.
    Misuse(String),
    /// A bad memory access or call on the program's behalf: ends the execution.
    Fault(Fault),
}

/// Whether initialising `addr` by `call` (its C name) is allowed: not when its
/// declaration initialised it statically and it was not destroyed since (POSIX:
/// undefined behaviour). Afterwards the object counts as initialised. Only under
/// strict pthread semantics; with `Config::defer_reinit` the misuse is reported aside
/// and the initialisation goes on, as with glibc.
pub(crate) fn claim_initialisation(m: &mut Machine, t: usize, call: &str, addr: u64) -> Result<(), SyncError> {
    // SV-COMP semantics (not strict) allow what glibc does: the zero bytes are overwritten.
    if !m.config.strict_pthread {
        return Ok(());
    }
    let Some(init) = m.program.static_inits.get(&addr).cloned() else {
        return Ok(());
    };
    if m.sync.static_destroyed.remove(&addr) {
        return Ok(());
    }
    let name = m.symbolize(addr);
    let file = init.file.rsplit('/').next().unwrap_or(&init.file);
    let message = format!(
        "{call} of {name}, a {} already initialised by {} at {file}:{} (initialising an initialised object is undefined)",
        init.kind.noun(),
        init.initializer,
        init.line
    );
    if m.config.defer_reinit {
        let loc = m.current_loc(t);
        m.ending.defer(ProgramError::at(ErrorKind::PthreadMisuse, message, t, loc));
        return Ok(());
    }
    Err(SyncError::Misuse(message))
}

/// Notes that the object at `addr` was destroyed: a statically initialised one may be
/// initialised again.
pub(crate) fn note_destroyed(m: &mut Machine, addr: u64) {
    if m.program.static_inits.contains_key(&addr) {
        m.sync.static_destroyed.insert(addr);
    }
}
