//! Thread-specific data keys: a key names one value per thread (0 until set) and the
//! destructor the thread's end runs on it; a deleted key names nothing.

use super::{Progress, SyncError};
use crate::machine::Machine;

/// `pthread_key_create` with `destructor` (a function address, 0 = none): the new key.
pub(crate) fn create(m: &mut Machine, destructor: u64) -> u32 {
    let key = m.sync.keys.len() as u32;
    m.sync.keys.push(Some(destructor));
    key
}

/// `pthread_key_delete`.
pub(crate) fn delete(m: &mut Machine, key: u64) -> Result<Progress, SyncError> {
    match m.sync.keys.get_mut(key as usize) {
        Some(k @ Some(_)) => {
            *k = None;
            Ok(Progress::Done)
        }
        _ => Err(SyncError::Invalid),
    }
}

/// `pthread_setspecific` by thread `t`.
pub(crate) fn set(m: &mut Machine, t: usize, key: u64, value: u64) -> Result<Progress, SyncError> {
    if !matches!(m.sync.keys.get(key as usize), Some(Some(_))) {
        return Err(SyncError::Invalid);
    }
    m.threads[t].specific.insert(key as u32, value);
    Ok(Progress::Done)
}

/// `pthread_getspecific` by thread `t`.
pub(crate) fn get(m: &Machine, t: usize, key: u64) -> u64 {
    m.threads[t].specific.get(&(key as u32)).copied().unwrap_or(0)
}
