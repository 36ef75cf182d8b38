//! Joining and detaching threads: a join waits at its call until the thread ends (like a
//! lock, it runs again once enabled), then takes its return value once.

use super::{Progress, SyncError};
use crate::machine::Machine;

/// True when thread `t` can execute its join of the thread with `handle` now: the thread
/// ended, or the join fails at once.
pub(crate) fn can_join(m: &Machine, t: usize, handle: u64) -> bool {
    m.threads
        .by_handle(handle)
        .is_none_or(|j| m.threads[j].finished || j == t || m.threads[j].detached || m.threads[j].joined)
}

/// `pthread_join` by thread `t` of the thread with `handle`: the joined thread's return
/// value, or `None` while it runs (the caller stays at its call). `wants_value`: the
/// program reads the value (a symbolic one is then concretised, and the execution says so).
pub(crate) fn join(m: &mut Machine, t: usize, handle: u64, wants_value: bool) -> Result<Option<u64>, SyncError> {
    let Some(j) = m.threads.by_handle(handle) else {
        return Err(SyncError::NoSuchThread);
    };
    if j == t {
        return Err(SyncError::Deadlock);
    }
    // Named only when something is reported (a name is formatted).
    let name = |m: &Machine| m.threads[j].name();
    if m.threads[j].detached {
        return Err(SyncError::Misuse(format!("join of detached thread {}", name(m))));
    }
    if m.threads[j].joined {
        return Err(SyncError::Misuse(format!("join of thread {}, which was already joined", name(m))));
    }
    if !m.threads[j].finished {
        return Ok(None);
    }
    m.threads[j].joined = true;
    if wants_value && m.threads[j].retval_symbolic {
        let name = name(m);
        m.ending.note_imprecise(crate::Imprecision::SymbolicReturn(name));
    }
    Ok(Some(m.threads[j].retval))
}

/// `pthread_detach` of the thread with `handle`.
pub(crate) fn detach(m: &mut Machine, handle: u64) -> Result<Progress, SyncError> {
    match m.threads.by_handle(handle) {
        None => Err(SyncError::NoSuchThread),
        Some(j) if m.threads[j].detached || m.threads[j].joined => Err(SyncError::Invalid),
        Some(j) => {
            m.threads[j].detached = true;
            Ok(Progress::Done)
        }
    }
}
