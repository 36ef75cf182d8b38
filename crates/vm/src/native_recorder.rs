//! The machine's hooks that fill the record `Machine::recorded` returns when `Config::record_accesses` is
//! set (see `native_record` for what is recorded and why).

use crate::events::AccessKind;
use crate::machine::Machine;
use crate::memory::ObjKind;
use crate::native_record::Recorded;
use ravel_ir::Builtin;

impl Machine {
    /// Records an access of thread `t` to `len` bytes of object `obj` at `offset`
    /// (`sync`: an atomic access).
    #[inline]
    pub(crate) fn record_access(&mut self, t: usize, obj: u32, offset: u64, len: u64, kind: AccessKind, sync: bool) {
        if self.config.record_accesses && self.keeps_access(t, obj) {
            self.journal.record_native(Recorded::Access { thread: t, obj, offset, len, kind, sync, op: None });
        }
    }

    /// Whether an access of thread `t` to `obj` is recorded. Stack and thread-local memory
    /// has no native name: only the first access of each thread to such an object is
    /// kept, which is all [`name_events`](crate::native_names::name_events) needs to see
    /// that another thread uses it (a thread's local loop would otherwise fill memory).
    /// Constants are never events.
    fn keeps_access(&mut self, t: usize, obj: u32) -> bool {
        match self.memory.objects[obj as usize].kind {
            ObjKind::Global | ObjKind::Heap => true,
            ObjKind::ConstGlobal => false,
            _ => self.journal.first_local_access(t, obj),
        }
    }

    /// Records that thread `t` called `ravel_epoch()`.
    pub(crate) fn record_epoch(&mut self, t: usize) {
        if self.config.record_accesses {
            let alone = !self.threads.others_running(t);
            self.journal.record_native(Recorded::Epoch { thread: t, alone });
        }
    }

    /// Records the heap block at `addr` that thread `t` allocated.
    pub(crate) fn record_alloc(&mut self, t: usize, addr: u64) {
        if self.config.record_accesses && addr != 0 {
            if let Some((obj, _)) = self.memory.find(addr) {
                self.journal.record_native(Recorded::Alloc { thread: t, obj });
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
                self.journal.record_native(Recorded::Block { thread: t, obj, builtin: b });
            }
        }
    }

    /// Records the pthread operation `b` on the object at `addr` (`mutex`: its second
    /// argument, the mutex of a condition wait), `blocked` when the call blocked. Every operation on a
    /// synchronisation object is one event, a one-byte read-modify-write of the object, as
    /// the native runtime names it; a condition wait is two (joining the waiters, then
    /// releasing the mutex), its wake-up a third (see [`Machine::record_reacquire`]).
    pub(crate) fn record_native_sync(&mut self, t: usize, b: Builtin, addr: u64, mutex: u64, blocked: bool) {
        use Builtin::*;
        if !self.config.record_accesses {
            return;
        }
        match b {
            // A blocked attempt runs again when it can proceed: only that one is an event.
            MutexLock | MutexTryLock | MutexUnlock | SpinLock | SpinTryLock | SpinUnlock | RwRdLock | RwWrLock
            | RwTryRdLock | RwTryWrLock | SemWait | SemTryWait | SemTimedWait
                if blocked => {}
            MutexLock | MutexTryLock | MutexUnlock | SpinLock | SpinTryLock | SpinUnlock => {
                self.record_sync_event(t, addr, b)
            }
            CondWait | CondTimedWait => {
                self.record_sync_event(t, addr, b);
                self.record_sync_event(t, mutex, b);
            }
            CondInit | CondSignal | CondBroadcast | CondDestroy | RwInit | RwRdLock | RwWrLock | RwTryRdLock
            | RwTryWrLock | RwUnlock | RwDestroy | BarrierInit | BarrierWait | BarrierDestroy | SemInit | SemWait
            | SemTryWait | SemTimedWait | SemPost | SemDestroy | SemGetValue => self.record_sync_event(t, addr, b),
            MutexInit | MutexDestroy | SpinInit | SpinDestroy => {}
            _ if crate::events::is_sync_op(b) => {
                self.journal.record_native(Recorded::Unordered { thread: t, builtin: b })
            }
            Once => self.journal.record_native(Recorded::Unordered { thread: t, builtin: b }),
            _ => {}
        }
    }

    /// Records operation `b` of thread `t` on the synchronisation object at `addr`.
    fn record_sync_event(&mut self, t: usize, addr: u64, b: Builtin) {
        if let Some((obj, offset)) = self.memory.find(addr) {
            if self.keeps_access(t, obj) {
                let access =
                    Recorded::Access { thread: t, obj, offset, len: 1, kind: AccessKind::Rmw, sync: true, op: Some(b) };
                self.journal.record_native(access);
            }
        }
    }

    /// Records that a signal woke waiter `t` while another had waited longer.
    pub(crate) fn record_out_of_order_wake(&mut self, t: usize) {
        if self.config.record_accesses {
            self.journal.record_native(Recorded::OutOfOrderWake { thread: t });
        }
    }

    /// Records thread `t` re-locking `mutex` at the end of a condition wait.
    pub(crate) fn record_reacquire(&mut self, t: usize, mutex: u64) {
        if self.config.record_accesses {
            self.record_sync_event(t, mutex, Builtin::CondWait);
        }
    }

    /// Records that a condition wait of thread `t` on `cond` ended without a signal (a
    /// time-out or a spurious wake-up): an event on the condition variable, and a reason
    /// not to enforce the execution (natively a time-out depends on real time).
    pub(crate) fn record_unsignalled_wake(&mut self, t: usize, cond: u64) {
        if self.config.record_accesses {
            self.record_sync_event(t, cond, Builtin::CondWait);
            self.journal.record_native(Recorded::Unsignalled { thread: t });
        }
    }
}
