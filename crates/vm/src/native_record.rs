//! Optional recording (`Config::record_accesses`) of what `ravel enforce` names natively:
//! every load, store and atomic access (shared or not, as ThreadSanitizer's
//! instrumentation sees them), every heap allocation, and mutex operations, in execution
//! order. Synchronisation the native runtime does not order (condition variables,
//! barriers, semaphores, rwlocks, spinlocks, `pthread_once`) is recorded too, so that constraints are
//! not written for executions that use it.

use crate::events::AccessKind;
use crate::machine::Machine;
use crate::models::Flow;
use ravel_ir::Builtin;

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
    /// A block or string operation (`memcpy`, `strlen`, ...) on object `obj`: natively not
    /// an event, so the accesses of other threads to `obj` cannot be ordered around it.
    Block {
        thread: usize,
        obj: u32,
        builtin: Builtin,
    },
}

impl Machine {
    /// Records an access of thread `t` to `len` bytes of object `obj` at `offset`.
    #[inline]
    pub(crate) fn record_access(&mut self, t: usize, obj: u32, offset: u64, len: u64, kind: AccessKind) {
        if self.config.record_accesses {
            self.recorded.push(Recorded::Access { thread: t, obj, offset, len, kind });
        }
    }

    /// Records the heap block at `addr` that thread `t` allocated.
    pub(crate) fn record_alloc(&mut self, t: usize, addr: u64) {
        if self.config.record_accesses && addr != 0 {
            if let Some((obj, _)) = self.memory.find(addr) {
                self.recorded.push(Recorded::Alloc { thread: t, obj });
            }
        }
    }

    /// Records the objects a block or string operation `b` with pointer arguments `p0`
    /// (and, for two-pointer operations, `p1`) touches.
    pub(crate) fn record_block(&mut self, t: usize, b: Builtin, p0: u64, p1: u64) {
        use Builtin::*;
        if !self.config.record_accesses {
            return;
        }
        let pointers: &[u64] = match b {
            Memcpy | Memmove | Memcmp | Strcpy | Strncpy | Strcat | Strncat | Strcmp | Strncmp | Strstr => &[p0, p1],
            Memset | Memchr | Strlen | Strnlen | Strchr | Strrchr => &[p0],
            _ => return,
        };
        for &p in pointers {
            if let Some((obj, _)) = self.memory.find(p) {
                self.recorded.push(Recorded::Block { thread: t, obj, builtin: b });
            }
        }
    }

    /// Records the pthread operation `b` on the object at `addr` that returned `flow`.
    pub(crate) fn record_native_sync(&mut self, t: usize, b: Builtin, addr: u64, flow: &Flow) {
        use Builtin::*;
        if !self.config.record_accesses || matches!(flow, Flow::Block) {
            return;
        }
        match b {
            MutexLock | MutexTryLock | MutexUnlock => {
                if let Some((obj, offset)) = self.memory.find(addr) {
                    self.record_access(t, obj, offset, 1, AccessKind::Rmw);
                }
            }
            _ if crate::events::is_sync_op(b) && !matches!(b, MutexInit | MutexDestroy) => {
                self.recorded.push(Recorded::Unordered { thread: t, builtin: b });
            }
            CondWait | CondTimedWait | Once => self.recorded.push(Recorded::Unordered { thread: t, builtin: b }),
            _ => {}
        }
    }
}
