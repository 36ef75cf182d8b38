//! The check every instrumented access makes, against the calling thread's state.

use crate::runtime::{self, Runtime, ACTIVE};
use crate::thread_state::{Kind, ThreadState};
use std::cell::Cell;
use std::sync::atomic::Ordering;

thread_local! {
    static CURRENT: Cell<*mut ThreadState> = const { Cell::new(std::ptr::null_mut()) };
}

/// The state of a new thread `name`, as the constraints (if any) know it.
fn state_of(name: String) -> ThreadState {
    let (events, tid) = runtime::get().map_or((None, u32::MAX), |rt| rt.thread_of(&name));
    ThreadState::new(name, events, tid)
}

/// Completes the event `ts` started, if any.
fn flush(ts: &mut ThreadState, rt: &Runtime) {
    if let Some(e) = ts.pending.take() {
        rt.complete(e);
    }
}

/// Makes `name` the calling thread's id (at the start of a thread the program created).
pub fn enter(name: String) {
    let ts = Box::into_raw(Box::new(state_of(name)));
    CURRENT.with(|c| c.set(ts));
}

/// The calling thread's state (main's is made on first use). Callbacks never nest, so
/// only one reference exists at a time.
#[allow(clippy::mut_from_ref)]
pub fn current() -> &'static mut ThreadState {
    let mut p = CURRENT.with(|c| c.get());
    if p.is_null() {
        p = Box::into_raw(Box::new(state_of("[0]".into())));
        CURRENT.with(|c| c.set(p));
    }
    // SAFETY: `p` comes from Box::into_raw and is never freed (a thread's state lives as
    // long as the process; threads are few); it is only used by its own thread, and the
    // runtime's callbacks do not call each other while holding the reference.
    unsafe { &mut *p }
}

/// Called before an access of `kind` to `len` bytes at `addr`: names it and waits while
/// no admissible prefix allows it.
#[inline(always)]
pub fn before(addr: usize, len: u64, kind: Kind) {
    if ACTIVE.load(Ordering::Relaxed) {
        before_slow(addr, len, kind);
    }
}

#[cold]
fn before_slow(addr: usize, len: u64, kind: Kind) {
    let Some(rt) = runtime::get() else { return };
    let ts = current();
    flush(ts, rt);
    let Some((obj, offset)) = rt.locate(addr) else { return };
    let count = ts.counters.entry((obj, offset)).or_insert(0);
    let k = *count;
    *count += 1;
    if rt.tracing() {
        rt.record(&ts.name, obj, offset, k, kind);
    } else {
        let event = ts.events.and_then(|ev| ev.get(&(obj, offset, k))).copied();
        if matches!(kind, Kind::Rmw) {
            rt.check_listed(ts, event, obj, offset, k);
        }
        rt.admit(ts, event, obj, offset, len, kind.writes());
        ts.pending = event;
    }
}

/// Called after an operation the runtime performs itself (atomics, lock operations) and
/// before a thread blocks or ends: completes the thread's started event.
#[inline(always)]
pub fn after() {
    if ACTIVE.load(Ordering::Relaxed) {
        if let Some(rt) = runtime::get() {
            flush(current(), rt);
        }
    }
}

/// Performs `op` as one event on the synchronisation object at `addr` (a mutex, condition
/// variable, barrier, semaphore, read-write lock or spinlock; the interpreter names each
/// operation on one a one-byte read-modify-write of the object): waits until the
/// constraints admit the event, runs `op`, and completes the event. This is the runtime's
/// "wait until event X is admitted": `op` must not block on another thread's event (a
/// blocking call completes the event first, as condition waits and barriers do).
pub fn sync_event<R>(addr: usize, op: impl FnOnce() -> R) -> R {
    before(addr, 1, Kind::Rmw);
    let r = op();
    after();
    r
}

/// Whether the run is under constraints (not free of them, not tracing): then blocking
/// calls must not end because of real time, which the verified executions did not see.
pub fn enforcing() -> bool {
    ACTIVE.load(Ordering::Acquire) && runtime::get().is_some_and(|rt| !rt.tracing())
}
