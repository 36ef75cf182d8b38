//! Counts of the synchronisation calls an execution made, by kind of object: the
//! statistics of a check report them (lock and condition-variable events, as the
//! unfolding papers tabulate them). Counted once per call, where the pthread shim
//! dispatches it, never in the interpreter loop.

use ravel_ir::Builtin;

/// Synchronisation calls along one execution (a machine's clone carries them on, like
/// its instruction count).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SyncCalls {
    /// Mutex, spin-lock and rwlock operations (init and destroy included).
    pub lock: u64,
    /// Condition-variable operations (init and destroy included).
    pub condvar: u64,
}

impl SyncCalls {
    /// Counts call `b` when it is a lock or condition-variable operation.
    pub(crate) fn count(&mut self, b: Builtin) {
        use Builtin::*;
        match b {
            MutexInit | MutexLock | MutexTryLock | MutexTimedLock | MutexUnlock | MutexDestroy | SpinInit
            | SpinLock | SpinTryLock | SpinUnlock | SpinDestroy | RwInit | RwRdLock | RwWrLock | RwTryRdLock
            | RwTryWrLock | RwUnlock | RwDestroy => self.lock += 1,
            CondInit | CondWait | CondTimedWait | CondSignal | CondBroadcast | CondDestroy => self.condvar += 1,
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_locks_and_condvars_apart() {
        let mut c = SyncCalls::default();
        for b in [Builtin::MutexLock, Builtin::RwUnlock, Builtin::CondWait, Builtin::ThreadCreate] {
            c.count(b);
        }
        assert_eq!(c, SyncCalls { lock: 2, condvar: 1 });
    }
}
