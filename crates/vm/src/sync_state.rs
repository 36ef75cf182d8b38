//! The state of the program's synchronisation objects, as plain data keyed by the
//! object's address: what `sync/` changes (one module per object) and what the
//! engines' state fingerprints read.

use rustc_hash::FxHashMap;
use std::collections::{BTreeSet, VecDeque};

/// All synchronisation state of a machine.
#[derive(Debug, Default)]
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
    pub static_destroyed: BTreeSet<u64>,
}

crate::clone_reusing!(SyncState { mutexes, conds, rwlocks, barriers, sems, keys, static_destroyed });

/// Mutex kinds with their relock behaviour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MutexKind {
    Normal,
    Recursive,
    ErrorCheck,
}

impl MutexKind {
    /// The kind glibc stores as `value` (`PTHREAD_MUTEX_RECURSIVE` = 1,
    /// `PTHREAD_MUTEX_ERRORCHECK` = 2, anything else normal).
    pub(crate) fn from_glibc(value: Option<u32>) -> MutexKind {
        match value {
            Some(1) => MutexKind::Recursive,
            Some(2) => MutexKind::ErrorCheck,
            _ => MutexKind::Normal,
        }
    }
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
    /// Rounds completed.
    pub generation: u64,
    /// Threads that arrived in the current round and in the previous one: only what the
    /// explorers are told depends on them (see `events::barrier_arrival`), so state
    /// descriptions leave them out.
    pub members: Vec<u32>,
    pub previous: Vec<u32>,
}
