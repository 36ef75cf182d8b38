//! Mutexes (spinlocks are normal mutexes): ownership, recursion, and what relocking
//! and unlocking by the wrong thread do for each kind.

use super::{claim_initialisation, note_destroyed, Progress, SyncError};
use crate::machine::Machine;
use crate::sync_state::{Mutex, MutexKind};

/// Outcome of trying to acquire a mutex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LockOutcome {
    Acquired,
    /// Held by another thread.
    Busy,
    /// Error-checking mutex already held by the caller.
    Deadlock,
    /// Normal mutex relocked by its owner: the thread would hang forever.
    SelfDeadlock,
}

/// How a lock call behaves when the mutex is not available.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LockMode {
    /// Wait until it is.
    Block,
    /// Fail with "busy".
    Try,
    /// Fail with "timed out" (ravel's timed locks never wait).
    Timed,
}

impl Machine {
    /// Kind of the mutex at `addr`: as initialised, or as the static initialiser wrote it
    /// into the `__kind` field of glibc's layout.
    pub(crate) fn mutex_kind(&mut self, addr: u64) -> MutexKind {
        if let Some(m) = self.sync.mutexes.get(&addr) {
            return m.kind;
        }
        let off = if self.program.model.ptr_bytes == 8 { 16 } else { 12 };
        let word = self.memory.read(addr + off, 4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
        MutexKind::from_glibc(word.ok())
    }
}

/// The mutex at `addr`, created with its static initialiser's kind on first use.
fn mutex_at(m: &mut Machine, addr: u64) -> &mut Mutex {
    let kind = m.mutex_kind(addr);
    m.sync.mutexes.entry(addr).or_insert(Mutex { kind, owner: None, count: 0 })
}

fn try_lock(m: &mut Machine, addr: u64, t: usize) -> LockOutcome {
    let mx = mutex_at(m, addr);
    match mx.owner {
        None => {
            mx.owner = Some(t);
            mx.count = 1;
            LockOutcome::Acquired
        }
        Some(o) if o == t => match mx.kind {
            MutexKind::Recursive => {
                mx.count += 1;
                LockOutcome::Acquired
            }
            MutexKind::ErrorCheck => LockOutcome::Deadlock,
            MutexKind::Normal => LockOutcome::SelfDeadlock,
        },
        Some(_) => LockOutcome::Busy,
    }
}

/// Releases one level of the mutex; `Err` with its owner when the caller does not own it.
fn release(m: &mut Machine, addr: u64, t: usize) -> Result<(), Option<usize>> {
    let mx = mutex_at(m, addr);
    if mx.owner != Some(t) {
        return Err(mx.owner);
    }
    mx.count -= 1;
    if mx.count == 0 {
        mx.owner = None;
    }
    Ok(())
}

/// `pthread_mutex_init` (and `pthread_spin_init`, `call` naming which) with `kind`.
pub(crate) fn init(m: &mut Machine, t: usize, call: &str, addr: u64, kind: MutexKind) -> Result<Progress, SyncError> {
    if owner(m, addr).is_some() {
        return Err(SyncError::Misuse("initialisation of a locked mutex".into()));
    }
    claim_initialisation(m, t, call, addr)?;
    m.sync.mutexes.insert(addr, Mutex { kind, owner: None, count: 0 });
    Ok(Progress::Done)
}

/// Thread `t` locks the mutex at `addr`.
pub(crate) fn lock(m: &mut Machine, t: usize, addr: u64, mode: LockMode) -> Result<Progress, SyncError> {
    match (try_lock(m, addr, t), mode) {
        (LockOutcome::Acquired, _) => Ok(Progress::Done),
        (_, LockMode::Try) => Err(SyncError::Busy),
        (LockOutcome::Busy | LockOutcome::SelfDeadlock, LockMode::Timed) => Err(SyncError::TimedOut),
        (LockOutcome::Deadlock, _) => Err(SyncError::Deadlock),
        (LockOutcome::Busy, LockMode::Block) => Ok(Progress::Blocked),
        (LockOutcome::SelfDeadlock, LockMode::Block) if !m.config.strict_pthread => {
            m.threads[t].hung = true;
            Ok(Progress::Blocked)
        }
        (LockOutcome::SelfDeadlock, LockMode::Block) => {
            Err(SyncError::Misuse("relock of a non-recursive mutex by the thread that holds it (self-deadlock)".into()))
        }
    }
}

/// Thread `t` unlocks the mutex at `addr` (one level of a recursive one).
pub(crate) fn unlock(m: &mut Machine, t: usize, addr: u64) -> Result<Progress, SyncError> {
    let kind = m.mutex_kind(addr);
    match release(m, addr, t) {
        Ok(()) => Ok(Progress::Done),
        Err(_) if kind != MutexKind::Normal => Err(SyncError::NotOwner),
        Err(None) => Err(SyncError::Misuse("unlock of a mutex that is not locked".into())),
        Err(Some(o)) => Err(SyncError::Misuse(format!("unlock of a mutex owned by thread {}", m.threads[o].name()))),
    }
}

/// Releases the mutex completely (every level) for a condition wait; `Err` when thread
/// `t` does not hold it.
pub(crate) fn release_for_wait(m: &mut Machine, t: usize, addr: u64) -> Result<(), SyncError> {
    let kind = m.mutex_kind(addr);
    if release(m, addr, t).is_err() {
        return Err(if kind == MutexKind::Normal {
            SyncError::Misuse("pthread_cond_wait with a mutex the thread does not hold".into())
        } else {
            SyncError::NotOwner
        });
    }
    if let Some(mx) = m.sync.mutexes.get_mut(&addr) {
        mx.owner = None;
        mx.count = 0;
    }
    Ok(())
}

/// Thread `t` takes the mutex back at the end of a condition wait (see
/// [`super::condvar`]); the caller checked [`can_lock`].
pub(crate) fn reacquire(m: &mut Machine, t: usize, addr: u64) {
    let _ = try_lock(m, addr, t);
}

/// `pthread_mutex_destroy`.
pub(crate) fn destroy(m: &mut Machine, addr: u64) -> Result<Progress, SyncError> {
    if owner(m, addr).is_some() {
        return Err(SyncError::Misuse("destroy of a locked mutex".into()));
    }
    m.sync.mutexes.remove(&addr);
    note_destroyed(m, addr);
    Ok(Progress::Done)
}

/// True when thread `t` could lock the mutex now (or would get an error at once).
pub(crate) fn can_lock(m: &mut Machine, t: usize, addr: u64) -> bool {
    let mx = mutex_at(m, addr);
    mx.owner.is_none() || mx.owner == Some(t)
}

/// The thread holding the mutex at `addr`, if any.
pub(crate) fn owner(m: &Machine, addr: u64) -> Option<usize> {
    m.sync.mutexes.get(&addr).and_then(|mx| mx.owner)
}
