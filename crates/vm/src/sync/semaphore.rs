//! Counting semaphores.

use super::{Progress, SyncError};
use crate::machine::Machine;

/// How `sem_wait` behaves at zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SemMode {
    /// Wait for a post.
    Block,
    /// Fail with "again".
    Try,
    /// Fail with "timed out" (ravel's timed waits on a semaphore never wait).
    Timed,
}

/// `sem_init` with `value`.
pub(crate) fn init(m: &mut Machine, addr: u64, value: u32) -> Result<Progress, SyncError> {
    m.sync.sems.insert(addr, value);
    Ok(Progress::Done)
}

/// `sem_destroy`.
pub(crate) fn destroy(m: &mut Machine, addr: u64) -> Result<Progress, SyncError> {
    m.sync.sems.remove(&addr);
    Ok(Progress::Done)
}

/// `sem_post`.
pub(crate) fn post(m: &mut Machine, addr: u64) -> Result<Progress, SyncError> {
    *m.sync.sems.entry(addr).or_insert(0) += 1;
    Ok(Progress::Done)
}

/// `sem_wait` and its try and timed forms.
pub(crate) fn wait(m: &mut Machine, addr: u64, mode: SemMode) -> Result<Progress, SyncError> {
    let v = m.sync.sems.entry(addr).or_insert(0);
    if *v > 0 {
        *v -= 1;
        return Ok(Progress::Done);
    }
    match mode {
        SemMode::Block => Ok(Progress::Blocked),
        SemMode::Try => Err(SyncError::Again),
        SemMode::Timed => Err(SyncError::TimedOut),
    }
}

/// The semaphore's value (0 when never initialised).
pub(crate) fn value(m: &Machine, addr: u64) -> u32 {
    m.sync.sems.get(&addr).copied().unwrap_or(0)
}

/// True when `sem_wait` would not block.
pub(crate) fn can_wait(m: &Machine, addr: u64) -> bool {
    value(m, addr) > 0
}
