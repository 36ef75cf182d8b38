//! Read-write locks: many readers or one writer; relocking by a holder is a deadlock
//! error rather than a hang.

use super::{claim_initialisation, note_destroyed, Progress, SyncError};
use crate::machine::Machine;
use crate::sync_state::RwLock;

/// `pthread_rwlock_init`.
pub(crate) fn init(m: &mut Machine, t: usize, call: &str, addr: u64) -> Result<Progress, SyncError> {
    claim_initialisation(m, t, call, addr)?;
    m.sync.rwlocks.insert(addr, RwLock::default());
    Ok(Progress::Done)
}

/// `pthread_rwlock_destroy`.
pub(crate) fn destroy(m: &mut Machine, addr: u64) -> Result<Progress, SyncError> {
    if m.sync.rwlocks.get(&addr).is_some_and(|r| r.writer.is_some() || !r.readers.is_empty()) {
        return Err(SyncError::Misuse("destroy of a locked read-write lock".into()));
    }
    m.sync.rwlocks.remove(&addr);
    note_destroyed(m, addr);
    Ok(Progress::Done)
}

/// Thread `t` takes a read lock; `try_only` fails instead of blocking.
pub(crate) fn read_lock(m: &mut Machine, t: usize, addr: u64, try_only: bool) -> Result<Progress, SyncError> {
    let rw = m.sync.rwlocks.entry(addr).or_default();
    if rw.writer == Some(t) {
        Err(SyncError::Deadlock)
    } else if rw.writer.is_none() {
        rw.readers.push(t);
        Ok(Progress::Done)
    } else if try_only {
        Err(SyncError::Busy)
    } else {
        Ok(Progress::Blocked)
    }
}

/// Thread `t` takes the write lock; `try_only` fails instead of blocking.
pub(crate) fn write_lock(m: &mut Machine, t: usize, addr: u64, try_only: bool) -> Result<Progress, SyncError> {
    let rw = m.sync.rwlocks.entry(addr).or_default();
    if rw.writer == Some(t) || rw.readers.contains(&t) {
        Err(SyncError::Deadlock)
    } else if rw.writer.is_none() && rw.readers.is_empty() {
        rw.writer = Some(t);
        Ok(Progress::Done)
    } else if try_only {
        Err(SyncError::Busy)
    } else {
        Ok(Progress::Blocked)
    }
}

/// Thread `t` releases its read or write lock.
pub(crate) fn unlock(m: &mut Machine, t: usize, addr: u64) -> Result<Progress, SyncError> {
    let rw = m.sync.rwlocks.entry(addr).or_default();
    if rw.writer == Some(t) {
        rw.writer = None;
    } else if let Some(i) = rw.readers.iter().position(|&r| r == t) {
        rw.readers.remove(i);
    } else {
        return Err(SyncError::Misuse("unlock of a read-write lock the thread does not hold".into()));
    }
    Ok(Progress::Done)
}

/// True when a read lock by thread `t` would not block (it succeeds or fails at once).
pub(crate) fn can_read_lock(m: &Machine, t: usize, addr: u64) -> bool {
    m.sync.rwlocks.get(&addr).is_none_or(|r| r.writer.is_none() || r.writer == Some(t))
}

/// True when a write lock by thread `t` would not block (it succeeds or fails at once).
pub(crate) fn can_write_lock(m: &Machine, t: usize, addr: u64) -> bool {
    m.sync
        .rwlocks
        .get(&addr)
        .is_none_or(|r| (r.writer.is_none() && r.readers.is_empty()) || r.writer == Some(t) || r.readers.contains(&t))
}
