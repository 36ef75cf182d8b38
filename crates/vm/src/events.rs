//! What the explorers observe of an execution: the shared accesses and synchronisation
//! operations each step performs (as events on locations), and what a stopped thread is
//! about to do.

use crate::machine::Machine;
use crate::memory::ObjKind;
use crate::thread::Wait;
use ravel_ir::{Builtin, Callee, Inst, Ordering, SrcLoc};

/// A location events conflict on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Loc {
    /// An aligned 8-byte word of memory.
    Mem(u64),
    /// A synchronisation object (mutex, condition variable, ...) by address.
    Sync(u64),
    /// The termination of a thread, which `pthread_join` reads.
    ThreadEnd(usize),
    /// Store number `seq` of a thread's store buffer under TSO: written when the store
    /// enters the buffer and when it becomes visible, read by the thread's next fence.
    Buffered(u32, u32),
}

/// How an event touches its location.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AccessKind {
    Read,
    Write,
    /// Atomic read-modify-write (also every synchronisation operation).
    Rmw,
    /// A compare-and-swap that failed: it only read, but would write in another order.
    FailedRmw,
}

impl AccessKind {
    /// Whether an access of this kind changes its location (a failed compare-and-swap
    /// does not).
    pub fn writes(self) -> bool {
        matches!(self, AccessKind::Write | AccessKind::Rmw)
    }
}

/// One entry of the per-step log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogEntry {
    /// A scheduling-relevant access by `thread` (usually the stepping thread; a new
    /// thread's first code, even its whole run, may happen inside its creator's step);
    /// `atomic` for synchronisation, atomic instructions and accesses inside atomic
    /// sections (these synchronise and never race).
    Event { thread: usize, loc: Loc, kind: AccessKind, atomic: bool, addr: u64, len: u64, at: SrcLoc },
    /// A non-atomic shared access that is not a scheduling point (checked for races), by
    /// `thread` (a new thread's first code runs inside its creator's step).
    Plain { thread: usize, addr: u64, len: u64, write: bool, at: SrcLoc },
    /// The step created thread `child`.
    Spawn { child: usize },
    /// Under TSO: store `seq` of `thread`'s buffer (`len` bytes at `addr`) became visible
    /// to every thread; `atomic` when it was an atomic store (it then releases what the
    /// thread had done before it entered the buffer).
    Flush { thread: usize, seq: u32, addr: u64, len: u64, atomic: bool, at: SrcLoc },
    /// An access at a symbolic address may touch this word too (under other inputs).
    /// `event`: the access was a scheduling point, so the word belongs to the step's
    /// footprint. Race detection only sees the address the current inputs chose.
    Touch { loc: Loc, kind: AccessKind, event: bool },
}

/// What a stopped thread will do when stepped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PendingKind {
    Access(Loc, AccessKind),
    Spawn,
    Join(usize),
    /// A visible operation without a location (output, yield, atomic section entry).
    Other,
}

/// The pending operation of a thread and whether it can run now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pending {
    pub kind: PendingKind,
    pub enabled: bool,
}

/// Whether a builtin is a synchronisation operation on the object its first argument names.
pub(crate) fn is_sync_op(b: Builtin) -> bool {
    use Builtin::*;
    matches!(
        b,
        MutexInit
            | MutexLock
            | MutexTryLock
            | MutexTimedLock
            | MutexUnlock
            | MutexDestroy
            | CondInit
            | CondSignal
            | CondBroadcast
            | CondDestroy
            | RwInit
            | RwRdLock
            | RwWrLock
            | RwTryRdLock
            | RwTryWrLock
            | RwUnlock
            | RwDestroy
            | BarrierInit
            | BarrierWait
            | BarrierDestroy
            | SemInit
            | SemWait
            | SemTryWait
            | SemTimedWait
            | SemPost
            | SemDestroy
            | SemGetValue
            | SpinInit
            | SpinLock
            | SpinTryLock
            | SpinUnlock
            | SpinDestroy
    )
}

/// How many of the latest plain accesses [`Machine::log_plain`] compares with.
const PLAIN_LOOKBACK: usize = 8;

impl Machine {
    /// Logs an event when the machine records events (exploration mode).
    #[inline]
    pub(crate) fn log_event(&mut self, thread: usize, loc: Loc, kind: AccessKind) {
        if self.config.log_events {
            self.log.push(LogEntry::Event { thread, loc, kind, atomic: true, addr: 0, len: 0, at: SrcLoc::default() });
        }
    }

    /// Logs a plain access unless one of the latest entries, since the last other entry,
    /// is the same access: repeating it tells race detection nothing new, and a loop that
    /// runs long inside one step (a spinning thread) then logs in bounded memory.
    fn log_plain(&mut self, entry: LogEntry) {
        let recent = self.log.iter().rev().take(PLAIN_LOOKBACK).take_while(|e| matches!(e, LogEntry::Plain { .. }));
        if !recent.into_iter().any(|e| *e == entry) {
            self.log.push(entry);
        }
    }

    /// Decides whether a shared-memory access of thread `t` is a scheduling point and logs
    /// it. Returns false when the thread must stop before the access.
    #[inline]
    pub(crate) fn gate(
        &mut self,
        t: usize,
        id: u32,
        (addr, len): (u64, u64),
        order: Ordering,
        kind: AccessKind,
        granted: &mut bool,
    ) -> bool {
        let obj = &self.memory.objects[id as usize];
        if !obj.shared || obj.kind == ObjKind::ConstGlobal || (obj.unread && !self.config.detect_races) {
            return true;
        }
        let in_atomic = self.threads[t].atomic_depth > 0;
        // Under TSO a store into the buffer, or a load from it, is the thread's own business.
        let local = self.config.memory_model == crate::MemoryModel::Tso
            && match kind {
                AccessKind::Write => self.buffers_store(t, id, order),
                AccessKind::Read => self.fully_forwarded(t, addr, len),
                _ => false,
            };
        if local && order != Ordering::NotAtomic {
            return true;
        }
        let is_event =
            !local && (in_atomic || order != Ordering::NotAtomic || self.config.granularity == crate::Granularity::All);
        // Outside exploration, a lone thread has nobody to interleave with.
        let alone = !self.config.log_events && self.live_threads <= 1;
        if is_event && !in_atomic && !alone {
            if !*granted {
                return false;
            }
            *granted = false;
        }
        if self.config.log_events {
            let at = self.current_loc(t);
            if is_event {
                if (addr & 7) + len > 8 {
                    self.imprecise.get_or_insert_with(|| "a shared access spans several memory words".into());
                }
                let atomic = in_atomic || order != Ordering::NotAtomic;
                self.log.push(LogEntry::Event { thread: t, loc: Loc::Mem(addr & !7), kind, atomic, addr, len, at });
            } else {
                self.log_plain(LogEntry::Plain { thread: t, addr, len, write: kind != AccessKind::Read, at });
            }
            if let Some(whole) = self.sym.as_mut().and_then(|st| st.whole_object.take()) {
                let obj = &self.memory.objects[whole as usize];
                let (start, end) = (obj.base & !7, obj.base + obj.size);
                for w in (start..end).step_by(8).filter(|&w| w != addr & !7) {
                    self.log.push(LogEntry::Touch { loc: Loc::Mem(w), kind, event: is_event });
                }
            }
        }
        true
    }

    /// Turns the logged event of a compare-and-swap at `addr` that did not write into a
    /// failed one (it commutes with other reads).
    pub(crate) fn mark_failed_rmw(&mut self, addr: u64) {
        let word = Loc::Mem(addr & !7);
        let last = self.log.iter_mut().rev().find_map(|e| match e {
            LogEntry::Event { loc, kind, .. } if *loc == word => Some(kind),
            _ => None,
        });
        if let Some(kind @ AccessKind::Rmw) = last {
            *kind = AccessKind::FailedRmw;
        }
    }

    /// A fingerprint of thread `t`'s local state together with the memory write counter:
    /// equal fingerprints at two visits of the same point mean the thread made no progress
    /// and nothing it could observe changed (a spin loop waiting for another thread).
    pub fn spin_signature(&self, t: usize) -> u64 {
        self.state_signature(t)
    }

    /// Hash of thread `t`'s whole call stack (functions, pcs, registers) and wait state,
    /// with the memory write counter.
    pub(crate) fn state_signature(&self, t: usize) -> u64 {
        use std::hash::{Hash, Hasher};
        let th = &self.threads[t];
        let mut h = rustc_hash::FxHasher::default();
        self.memory.write_epoch.hash(&mut h);
        for fr in &th.frames {
            (fr.func, fr.pc, fr.base).hash(&mut h);
        }
        th.regs.hash(&mut h);
        th.wait.hash(&mut h);
        self.buffers.get(t).hash(&mut h);
        h.finish()
    }

    /// True when some live thread loops forever without side effects (the execution does
    /// not terminate, which is not an error).
    pub fn any_stuck(&self) -> bool {
        self.threads.iter().any(|th| !th.finished && th.stuck == Some(self.memory.write_epoch))
    }

    /// True when thread `t` is inside an atomic section.
    pub fn in_atomic(&self, t: usize) -> bool {
        self.threads[t].atomic_depth > 0
    }

    /// Takes the events logged since the last call.
    pub fn take_log(&mut self) -> Vec<LogEntry> {
        std::mem::take(&mut self.log)
    }

    /// What thread `t` is stopped at.
    pub fn pending(&mut self, t: usize) -> Pending {
        let enabled = self.is_enabled(t);
        let kind = match self.threads[t].wait {
            Wait::Cond { cond, .. } => PendingKind::Access(Loc::Sync(cond), AccessKind::Rmw),
            Wait::Reacquire { mutex, .. } => PendingKind::Access(Loc::Sync(mutex), AccessKind::Rmw),
            Wait::Barrier { addr, .. } => PendingKind::Access(Loc::Sync(addr), AccessKind::Rmw),
            Wait::Exit { .. } => PendingKind::Other,
            Wait::None => self.pending_instruction(t),
        };
        Pending { kind, enabled }
    }

    fn pending_instruction(&mut self, t: usize) -> PendingKind {
        let prog = self.program.clone();
        let Some(fr) = self.threads[t].frames.last() else { return PendingKind::Other };
        let base = fr.base;
        let regs = &self.threads[t].regs;
        let word = |o| (crate::interp::rd(&prog, regs, base, o) & prog.model.ptr_mask()) & !7;
        match prog.functions[fr.func as usize].code.get(fr.pc as usize) {
            Some(Inst::Load { addr, .. }) => PendingKind::Access(Loc::Mem(word(*addr)), AccessKind::Read),
            Some(Inst::Store { addr, .. }) => PendingKind::Access(Loc::Mem(word(*addr)), AccessKind::Write),
            Some(Inst::Rmw { addr, .. } | Inst::CmpXchg { addr, .. }) => {
                PendingKind::Access(Loc::Mem(word(*addr)), AccessKind::Rmw)
            }
            Some(Inst::Call { callee: Callee::Builtin(b), args, .. }) => {
                let p0 =
                    args.first().map_or(0, |a| crate::interp::rd(&prog, regs, base, a.opd) & prog.model.ptr_mask());
                match b {
                    Builtin::ThreadCreate => PendingKind::Spawn,
                    Builtin::ThreadJoin => match self.thread_by_handle(p0) {
                        Some(c) => PendingKind::Join(c),
                        None => PendingKind::Other,
                    },
                    Builtin::CondWait | Builtin::CondTimedWait | Builtin::Once => {
                        PendingKind::Access(Loc::Sync(p0), AccessKind::Rmw)
                    }
                    b if is_sync_op(*b) => PendingKind::Access(Loc::Sync(p0), AccessKind::Rmw),
                    b => crate::models::posix::pending(self, *b, p0).unwrap_or(PendingKind::Other),
                }
            }
            _ => PendingKind::Other,
        }
    }
}
