//! Shims of library functions and intrinsics: they decode the C ABI (argument layout,
//! return values, errno) and call the semantics in `memory`, `sync`, `os` and `libc`.

mod args;
mod file_stream;
mod intrinsics;
mod libc;
mod math;
pub(crate) mod posix;
mod pthread;
mod stdio;

use crate::machine::{Chooser, Machine};
use crate::memory::Fault;
use ravel_ir::{Arg, Builtin};

pub(crate) use args::{evaluate, Args};

pub(crate) use crate::errno::{EAGAIN, EBUSY, EDEADLK, EINVAL, EPERM, ERANGE, ESRCH, ETIMEDOUT};

/// What the interpreter does after a model ran.
pub(crate) enum Flow {
    /// Write this word to the destination and continue after the call.
    Return(u64),
    /// Write these words (multi-word result) and continue after the call.
    ReturnWords(Vec<u64>),
    /// The model changed the thread's frames itself (pushed a frame, exited): continue there.
    Stay,
    /// The call created thread `new` and moved past itself: the new thread runs up to its
    /// first visible operation before the caller goes on (so its first events follow its
    /// creation), then the caller continues as after [`Flow::Stay`].
    Spawned(usize),
    /// The thread blocks at this call (pc unchanged): yield to the scheduler.
    Block,
    /// The execution ended (error, exit).
    End,
}

/// True for models that are scheduling points: synchronisation, thread operations, output
/// (so output order between threads follows the schedule) and explicit yields.
pub(crate) fn is_visible(b: Builtin) -> bool {
    use Builtin::*;
    crate::events::is_sync_op(b)
        || posix::is_visible(b)
        || matches!(
            b,
            ThreadCreate
                | ThreadJoin
                | ThreadDetach
                | ThreadExit
                | CondWait
                | CondTimedWait
                | Once
                | Printf
                | Fprintf
                | Vprintf
                | Vfprintf
                | Puts
                | Fputs
                | Putchar
                | Fputc
                | Fwrite
                | AtomicBegin
                | SchedYield
                | Exit
                | Abort
        )
}

/// Runs the model of `b` for thread `t`.
pub(crate) fn call(
    m: &mut Machine,
    t: usize,
    b: Builtin,
    spec: &[Arg],
    ret_bits: u32,
    chooser: &mut dyn Chooser,
) -> Flow {
    let args = evaluate(m, t, spec, ret_bits);
    m.memory.library_touches.clear();
    if let Some(f) = pthread::call(m, t, b, &args, chooser) {
        // Synchronisation state changed: a thread polling it is not spinning uselessly
        // (a creation counts once its thread ran, see `Flow::Spawned`).
        if !matches!(f, Flow::Spawned(_)) {
            m.memory.write_epoch += 1;
        }
        log_sync(m, t, b, &args, &f);
        record_sync(m, t, b, &args, &f);
        m.record_native_sync(t, b, args.get(0), args.get(1), matches!(f, Flow::Block));
        return f;
    }
    let at = m.config.log_events.then(|| m.current_loc(t));
    m.record_block(t, b, args.get(0), args.get(1));
    if matches!(b, Builtin::Memcpy | Builtin::Memmove | Builtin::Memset)
        && args.get(2) >= LARGE_BLOCK
        && !m.room_for(args.get(2))
    {
        return Flow::End;
    }
    let copied = m.os.fs.copied_bytes;
    if let Some(f) = posix::call(m, t, b, &args, chooser) {
        // Host files copied in count against the memory limit as allocations do.
        if m.os.fs.copied_bytes >> 24 != copied >> 24 {
            m.check_memory();
        }
        // Under `--interleave sync` the call logged what it touched itself.
        if m.config.granularity == crate::Granularity::Sync {
            m.memory.library_touches.clear();
        }
        log_library_accesses(m, t, b, at);
        return f;
    }
    let f = match stdio::call(m, t, b, &args) {
        Some(f) => f,
        None => match intrinsics::call(m, t, b, &args) {
            Some(f) => f,
            None => libc::call(m, t, b, &args, chooser),
        },
    };
    if matches!(b, Builtin::AtomicBegin | Builtin::AtomicEnd) {
        record_sync(m, t, b, &args, &f);
    }
    log_library_accesses(m, t, b, at);
    f
}

/// Size from which a block copy or fill checks the memory limit before it runs.
const LARGE_BLOCK: u64 = 16 << 20;

/// Bytes of shared memory up to which one library call's accesses are checked for data
/// races; a call that touches more leaves the verdict imprecise.
const RACE_CHECKED_BYTES: u64 = 1 << 20;

/// Logs the shared memory the library model of `b` touched (called by thread `t` at `at`)
/// as plain accesses of the call, which the race detector checks. The call runs as one
/// step: when races are detected that is exact, because another thread's access between
/// two of its accesses would race with one of them. Without race detection, or past
/// [`RACE_CHECKED_BYTES`], the call's accesses escape the exploration, and the verdict
/// says so.
fn log_library_accesses(m: &mut Machine, t: usize, b: Builtin, at: Option<ravel_ir::SrcLoc>) {
    let touches = std::mem::take(&mut m.memory.library_touches);
    let Some(at) = at else { return };
    if touches.is_empty() || m.alone(t) {
        return;
    }
    let bytes: u64 = touches.iter().map(|&(_, len, _)| len).sum();
    let all = m.config.granularity == crate::Granularity::All;
    let place = format!("`{}` at {}:{}", b.c_name(), m.program.file_name(at), at.line);
    if !m.config.detect_races {
        // Under `--interleave sync` plain accesses are not scheduling points anyway.
        if all {
            m.ending.note_imprecise(crate::Imprecision::LibraryStep { place });
        }
    } else if bytes > RACE_CHECKED_BYTES {
        m.ending.note_imprecise(crate::Imprecision::LibraryTooLarge { place, bytes });
    } else {
        for (addr, len, write) in touches {
            m.journal.log(crate::events::LogEntry::Plain { thread: t, addr, len, write, at });
        }
    }
}

/// Logs the events of a completed synchronisation call for the explorers.
fn log_sync(m: &mut Machine, t: usize, b: Builtin, a: &Args, f: &Flow) {
    use crate::events::{AccessKind, Loc};
    if !m.config.log_events {
        return;
    }
    match (b, f) {
        (Builtin::CondWait | Builtin::CondTimedWait, Flow::Block) => {
            m.log_event(t, Loc::Sync(a.get(1)), AccessKind::Rmw);
            m.log_event(t, Loc::Sync(a.get(0)), AccessKind::Rmw);
        }
        // A barrier wait logs its arrival itself (`sync::barrier::wait`).
        (Builtin::BarrierWait, _) => {}
        // The first caller of pthread_once claims it (and releases when the init routine
        // returns): the claim decides which caller runs the routine.
        (Builtin::Once, Flow::Stay) => m.log_event(t, Loc::Sync(a.get(0)), AccessKind::Rmw),
        (_, Flow::Block | Flow::End) => {}
        (Builtin::ThreadJoin, _) => {
            if let Some(c) = m.threads.by_handle(a.get(0)) {
                m.log_event(t, Loc::ThreadEnd(c), AccessKind::Read);
            }
        }
        (Builtin::Once, _) => m.log_event(t, Loc::Sync(a.get(0)), AccessKind::Rmw),
        (b, _) if crate::events::is_sync_op(b) => m.log_event(t, Loc::Sync(a.get(0)), AccessKind::Rmw),
        _ => {}
    }
}

/// Records a completed synchronisation call in the trace of `ravel predict`.
fn record_sync(m: &mut Machine, t: usize, b: Builtin, a: &Args, f: &Flow) {
    use crate::record::RecKind;
    use Builtin::*;
    if !m.is_recording() {
        return;
    }
    let p0 = a.get(0);
    let kind = match (b, f) {
        (MutexLock | SpinLock | MutexTimedLock | MutexTryLock | SpinTryLock, Flow::Return(0)) => {
            RecKind::Lock { mutex: p0 }
        }
        (MutexUnlock | SpinUnlock, Flow::Return(0)) => RecKind::Unlock { mutex: p0 },
        (CondWait | CondTimedWait, Flow::Block) => RecKind::Wait { cond: p0, mutex: a.get(1) },
        (CondSignal | CondBroadcast, Flow::Return(_)) => RecKind::Signal { cond: p0 },
        (ThreadJoin, Flow::Return(0)) => match m.threads.by_handle(p0) {
            Some(child) => RecKind::Join { child },
            None => return,
        },
        (AtomicBegin, _) => RecKind::AtomicBegin,
        (AtomicEnd, _) => RecKind::AtomicEnd,
        _ => return,
    };
    m.record(t, kind);
}

/// Reads the next `bytes`-sized argument of a `va_list` and advances it.
pub(crate) fn va_arg_next(m: &mut Machine, list: u64, bytes: u32) -> Result<u64, Fault> {
    let mut src = stdio::VaListArgs::open(m, list)?;
    let v = src.next_raw(bytes)?;
    src.close()?;
    Ok(v)
}

/// Converts a memory fault into the end of the execution.
pub(crate) fn fault_flow(m: &mut Machine, t: usize, f: Fault) -> Flow {
    m.fault(t, f);
    Flow::End
}
