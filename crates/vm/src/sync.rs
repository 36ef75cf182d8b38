//! Semantics of the synchronisation objects, independent of the pthread ABI: mutexes,
//! condition variables, read-write locks, barriers and semaphores, keyed by the address
//! of the program's object. The pthread models decode arguments and call these.

use rustc_hash::FxHashMap;
use std::collections::VecDeque;

/// Mutex kinds with their relock behaviour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MutexKind {
    Normal,
    Recursive,
    ErrorCheck,
}

#[derive(Clone, Debug)]
pub struct Mutex {
    pub kind: MutexKind,
    pub owner: Option<usize>,
    pub count: u32,
}

#[derive(Clone, Debug, Default)]
pub struct Cond {
    /// Waiting threads in arrival order.
    pub waiters: VecDeque<usize>,
}

#[derive(Clone, Debug, Default)]
pub struct RwLock {
    pub readers: Vec<usize>,
    pub writer: Option<usize>,
}

#[derive(Clone, Debug)]
pub struct Barrier {
    pub count: u32,
    pub arrived: u32,
    pub generation: u64,
}

/// All synchronisation state of a machine.
#[derive(Clone, Debug, Default)]
pub struct SyncState {
    pub mutexes: FxHashMap<u64, Mutex>,
    pub conds: FxHashMap<u64, Cond>,
    pub rwlocks: FxHashMap<u64, RwLock>,
    pub barriers: FxHashMap<u64, Barrier>,
    pub sems: FxHashMap<u64, u32>,
    /// Key destructors (function addresses, 0 = none) by key; `None` once deleted.
    pub keys: Vec<Option<u64>>,
    /// Statically initialised objects (`Program::static_inits`) destroyed since: they
    /// may be initialised again.
    pub static_destroyed: std::collections::BTreeSet<u64>,
}

/// Outcome of trying to acquire a mutex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LockOutcome {
    Acquired,
    /// Held by another thread.
    Busy,
    /// Error-checking mutex already held by the caller.
    Deadlock,
    /// Normal mutex relocked by its owner: the thread would hang forever.
    SelfDeadlock,
}

impl SyncState {
    /// The mutex at `addr`; `default_kind` is used when the program never initialised it
    /// (static initialisers), as read from its memory by the caller.
    pub fn mutex(&mut self, addr: u64, default_kind: MutexKind) -> &mut Mutex {
        self.mutexes.entry(addr).or_insert(Mutex { kind: default_kind, owner: None, count: 0 })
    }

    pub fn try_lock(&mut self, addr: u64, kind: MutexKind, t: usize) -> LockOutcome {
        let m = self.mutex(addr, kind);
        match m.owner {
            None => {
                m.owner = Some(t);
                m.count = 1;
                LockOutcome::Acquired
            }
            Some(o) if o == t => match m.kind {
                MutexKind::Recursive => {
                    m.count += 1;
                    LockOutcome::Acquired
                }
                MutexKind::ErrorCheck => LockOutcome::Deadlock,
                MutexKind::Normal => LockOutcome::SelfDeadlock,
            },
            Some(_) => LockOutcome::Busy,
        }
    }

    /// Releases one level of the mutex; `Err` when the caller does not own it.
    pub fn unlock(&mut self, addr: u64, kind: MutexKind, t: usize) -> Result<(), Option<usize>> {
        let m = self.mutex(addr, kind);
        if m.owner != Some(t) {
            return Err(m.owner);
        }
        m.count -= 1;
        if m.count == 0 {
            m.owner = None;
        }
        Ok(())
    }

    /// True when thread `t` could acquire the mutex now (or would get an error at once).
    pub fn can_lock(&mut self, addr: u64, kind: MutexKind, t: usize) -> bool {
        let m = self.mutex(addr, kind);
        m.owner.is_none() || m.owner == Some(t)
    }

    pub fn can_read_lock(&self, addr: u64) -> bool {
        self.rwlocks.get(&addr).is_none_or(|r| r.writer.is_none())
    }

    pub fn can_write_lock(&self, addr: u64) -> bool {
        self.rwlocks.get(&addr).is_none_or(|r| r.writer.is_none() && r.readers.is_empty())
    }
}
