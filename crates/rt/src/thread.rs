//! Per-thread state and the check every instrumented access makes.

use crate::runtime::{self, Runtime, ThreadEvents, ACTIVE};
use std::cell::Cell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicUsize, Ordering};

/// How an event touches its location (as the interpreter's `AccessKind` names it).
#[derive(Clone, Copy)]
pub enum Kind {
    Read,
    Write,
    Rmw,
}

impl Kind {
    fn writes(self) -> bool {
        !matches!(self, Kind::Read)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Read => "read",
            Kind::Write => "write",
            Kind::Rmw => "rmw",
        }
    }
}

/// A multiplicative hash for the small integer keys of the per-access maps (SipHash
/// would cost more than the rest of the check).
#[derive(Default)]
pub struct IntHasher(u64);

impl Hasher for IntHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(n as u64);
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

type Counters = HashMap<(u32, u64), u32, BuildHasherDefault<IntHasher>>;

pub struct ThreadState {
    /// Hierarchical id as the interpreter prints it: `[0]`, `[0.1]`, `[0.1.2]`.
    pub name: String,
    children: u32,
    allocations: u32,
    /// Accesses so far per named location.
    counters: Counters,
    events: Option<&'static ThreadEvents>,
    /// The thread's index among the threads the constraints name (`u32::MAX`: none).
    pub tid: u32,
    /// The parking slot the thread waits in.
    pub slot: usize,
    /// A named event this thread has started: it is complete once the thread reaches its
    /// next callback (the access itself follows the callback).
    pending: Option<u32>,
}

/// Parking slots handed out so far.
static SLOTS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    static CURRENT: Cell<*mut ThreadState> = const { Cell::new(std::ptr::null_mut()) };
}

impl ThreadState {
    fn new(name: String) -> ThreadState {
        let (events, tid) = runtime::get().map_or((None, u32::MAX), |rt| rt.thread_of(&name));
        let slot = SLOTS.fetch_add(1, Ordering::Relaxed);
        ThreadState {
            name,
            children: 0,
            allocations: 0,
            counters: Counters::default(),
            events,
            tid,
            slot,
            pending: None,
        }
    }

    /// The id of the next thread this one creates.
    pub fn next_child(&mut self) -> String {
        self.children += 1;
        format!("{}.{}]", &self.name[..self.name.len() - 1], self.children)
    }

    /// Whether this thread created a thread.
    pub fn has_children(&self) -> bool {
        self.children > 0
    }

    /// The ordinal of this thread's next allocation.
    pub fn next_allocation(&mut self) -> u32 {
        self.allocations += 1;
        self.allocations - 1
    }

    /// Completes the started event, if any.
    pub fn flush(&mut self, rt: &Runtime) {
        if let Some(e) = self.pending.take() {
            rt.complete(e);
        }
    }
}

/// Makes `name` the calling thread's id (at the start of a thread the program created).
pub fn enter(name: String) {
    let ts = Box::into_raw(Box::new(ThreadState::new(name)));
    CURRENT.with(|c| c.set(ts));
}

/// The calling thread's state (main's is made on first use). Callbacks never nest, so
/// only one reference exists at a time.
#[allow(clippy::mut_from_ref)]
pub fn current() -> &'static mut ThreadState {
    let mut p = CURRENT.with(|c| c.get());
    if p.is_null() {
        p = Box::into_raw(Box::new(ThreadState::new("[0]".into())));
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
    ts.flush(rt);
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
            current().flush(rt);
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
