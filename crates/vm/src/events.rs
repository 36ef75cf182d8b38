//! What the explorers observe of an execution, as plain data: the shared accesses and
//! synchronisation operations each step performs (as events on locations), and what a
//! stopped thread is about to do. The machine fills them in (`event_log`, `pending`).

use ravel_ir::{Builtin, SrcLoc};

/// A location events conflict on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
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
    /// Round `1` of the barrier at address `0` (rounds wrap after 2^32): its arrivals
    /// update it, its departures read it (see [`barrier_arrival`]).
    Round(u64, u32),
}

/// How an event touches its location.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum AccessKind {
    Read,
    Write,
    /// Atomic read-modify-write (also every synchronisation operation).
    Rmw,
    /// A compare-and-swap that failed: it only read, but would write in another order.
    FailedRmw,
    /// An update that commutes with every other `Commute` of its location (a barrier
    /// arrival whose result nobody reads): both orders reach the same state, so two of
    /// them never conflict; against any other access it is a write.
    Commute,
}

impl AccessKind {
    /// Whether an access of this kind changes its location (a failed compare-and-swap
    /// does not).
    pub fn writes(self) -> bool {
        matches!(self, AccessKind::Write | AccessKind::Rmw | AccessKind::Commute)
    }

    /// Whether an access of this kind and one of `other` on the same bytes depend on each
    /// other: one of them writes, and they are not two commuting updates.
    pub fn conflicts(self, other: AccessKind) -> bool {
        (self.writes() || other.writes()) && !(self == AccessKind::Commute && other == AccessKind::Commute)
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
    /// The end of object `[addr, addr + len)`'s life by `thread` (`free`, `realloc`,
    /// `munmap`, the return of the frame that holds it, the thread's end): an access of
    /// all its bytes, so that another thread's access is ordered with it (a later one is
    /// a use after free) or races with it. `event`: a scheduling point, so every word of
    /// the object is in the step's footprint.
    Free { thread: usize, addr: u64, len: u64, event: bool, at: SrcLoc },
    /// What a step did to a pipe or a socket (`key`: its node's synchronisation key), for
    /// the race detector alone: happens-before flows from a send to the receive that
    /// consumes its bytes, and from the writers' closes to a receive at the end. The
    /// step's events on the node still order the steps for the engines; the detector
    /// takes its synchronisation from these instead.
    Channel { thread: usize, key: u64, op: ChannelOp },
    /// An access at a symbolic address may touch this word too (under other inputs).
    /// `event`: the access was a scheduling point, so the word belongs to the step's
    /// footprint. Race detection only sees the address the current inputs chose.
    Touch { loc: Loc, kind: AccessKind, event: bool },
}

/// What a step did to a pipe ([`LogEntry::Channel`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChannelOp {
    /// Wrote this many bytes.
    Send(u64),
    /// Read this many bytes (0: the end of the stream).
    Receive(u64),
    /// Closed a writing end.
    CloseWriter,
    /// Closed a reading end (which tells the writers nothing but `EPIPE`).
    CloseReader,
}

/// What a stopped thread will do when stepped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PendingKind {
    Access(Loc, AccessKind),
    /// Arrives at a barrier (the accesses are [`barrier_arrival`]'s).
    Arrive(Arrival),
    /// Leaves the barrier at `0` once round `1` is over: reads the round.
    Leave(u64, u32),
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

/// A thread's arrival at a barrier, as much as decides what it conflicts with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrival {
    pub barrier: u64,
    pub round: u32,
    /// The caller reads the result (which says whether this arrival was the last).
    pub result_read: bool,
    /// The thread did not arrive in the previous round (there was one).
    pub newcomer: bool,
}

/// The accesses of an arrival. Arrivals whose result nobody reads commute within their
/// round (every order of them reaches the same state, the last arriver blocking and
/// leaving like the others): a commuting update of the round, and a read of the barrier
/// so that an arrival that reads its result (a read-modify-write of the barrier, which
/// also writes the round) is ordered with them. A newcomer could have arrived in the
/// previous round instead, had it come earlier: it writes that round, so it conflicts
/// with its arrivals. Departures read their round, so they follow all of its arrivals
/// but commute with the next round's.
pub fn barrier_arrival(a: Arrival) -> impl Iterator<Item = (Loc, AccessKind)> {
    let (own, barrier) = match a.result_read {
        true => ((Loc::Round(a.barrier, a.round), AccessKind::Write), (Loc::Sync(a.barrier), AccessKind::Rmw)),
        false => ((Loc::Round(a.barrier, a.round), AccessKind::Commute), (Loc::Sync(a.barrier), AccessKind::Read)),
    };
    let previous = a.newcomer.then(|| (Loc::Round(a.barrier, a.round.wrapping_sub(1)), AccessKind::Write));
    [barrier, own].into_iter().chain(previous)
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
