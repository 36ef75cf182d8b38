//! What the runtime keeps per thread: its name and children, its counts of accesses to
//! named locations, and its place among the threads the constraints name.

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
    /// Whether the access changes its location (so conflicts with every other access).
    pub fn writes(self) -> bool {
        !matches!(self, Kind::Read)
    }

    /// The kind as trace files name it.
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

/// Accesses so far per (object, offset).
type Counters = IntMap<(u32, u64), u32>;

/// One thread of the running program, as the runtime tracks it.
pub struct ThreadState {
    /// Hierarchical id as the interpreter prints it: `[0]`, `[0.1]`, `[0.1.2]`.
    pub name: String,
    children: u32,
    allocations: u32,
    /// Accesses so far per named location.
    pub counters: Counters,
    /// The events the constraints name for this thread.
    pub events: Option<&'static ThreadEvents>,
    /// The thread's index among the threads the constraints name (`u32::MAX`: none).
    pub tid: u32,
    /// The parking slot the thread waits in.
    pub slot: usize,
    /// A named event this thread has started: it is complete once the thread reaches its
    /// next callback (the access itself follows the callback).
    pub pending: Option<u32>,
}

/// Parking slots handed out so far.
static SLOTS: AtomicUsize = AtomicUsize::new(0);

impl ThreadState {
    /// The state of a new thread `name`, with its `events` and index `tid` among the
    /// threads the constraints name (see `Runtime::thread_of`).
    pub fn new(name: String, events: Option<&'static ThreadEvents>, tid: u32) -> ThreadState {
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
}

/// A map with small integer (or short string) keys, hashed cheaply: built at start-up,
/// where SipHash was a measurable share of a short constrained run.
pub type IntMap<K, V> = HashMap<K, V, BuildHasherDefault<IntHasher>>;

/// The named events of one thread: (object, offset, k) → event index.
pub type ThreadEvents = IntMap<(u32, u64, u32), u32>;
