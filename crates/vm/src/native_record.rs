//! Optional recording (`Config::record_accesses`) of what `ravel enforce` names natively:
//! every load, store and atomic access (shared or not, as ThreadSanitizer's
//! instrumentation sees them), every heap allocation, and operations on mutexes,
//! condition variables, barriers, semaphores, read-write locks and spinlocks, in execution
//! order. What the native runtime does not order (`pthread_once`, timed mutex locks,
//! condition waits that time out) is recorded too, so that constraints are not written for
//! executions that use it. [`name_events`] names the recorded accesses as
//! the native runtime does (thread id, global symbol or heap block by allocating thread and
//! ordinal, offset, and the k-th access of the thread to that location).

use crate::events::AccessKind;
use crate::machine::Machine;
use crate::memory::ObjKind;
use crate::models::Flow;
use ravel_ir::Builtin;
use serde::Serialize;
use std::collections::HashMap;
use std::fmt;

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
        /// A mutex operation or an atomic access: synchronisation (`ravel schedules`
        /// orders these events only).
        sync: bool,
        /// The synchronisation function this is an operation of (none for memory
        /// accesses), so that callers may leave out functions whose order cannot matter.
        op: Option<Builtin>,
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
    /// A condition wait that ended without a signal.
    Unsignalled {
        thread: usize,
    },
    /// A signal woke `thread` although another thread had waited longer: the native
    /// runtime wakes waiters in arrival order, so it would not run this execution.
    OutOfOrderWake {
        thread: usize,
    },
    /// A `ravel_epoch()` call: an epoch of `ravel schedules` starts, if no other thread
    /// was running (`alone`).
    Epoch {
        thread: usize,
        alone: bool,
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
    /// Records an access of thread `t` to `len` bytes of object `obj` at `offset`
    /// (`sync`: an atomic access).
    #[inline]
    pub(crate) fn record_access(&mut self, t: usize, obj: u32, offset: u64, len: u64, kind: AccessKind, sync: bool) {
        if self.config.record_accesses && self.keeps_access(t, obj) {
            self.recorded.push(Recorded::Access { thread: t, obj, offset, len, kind, sync, op: None });
        }
    }

    /// Whether an access of thread `t` to `obj` is recorded. Stack and thread-local memory
    /// has no native name: only the first access of each thread to such an object is
    /// kept, which is all [`name_events`] needs to see that another thread uses it (a
    /// thread's local loop would otherwise fill memory). Constants are never events.
    fn keeps_access(&mut self, t: usize, obj: u32) -> bool {
        match self.memory.objects[obj as usize].kind {
            ObjKind::Global | ObjKind::Heap => true,
            ObjKind::ConstGlobal => false,
            _ => self.recorded_locals.insert((t, obj)),
        }
    }

    /// Records that thread `t` called `ravel_epoch()`.
    pub(crate) fn record_epoch(&mut self, t: usize) {
        if self.config.record_accesses {
            let alone = self.threads.iter().enumerate().all(|(i, th)| i == t || th.finished);
            self.recorded.push(Recorded::Epoch { thread: t, alone });
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

    /// Records the pthread operation `b` on the object at `addr` (`mutex`: its second
    /// argument, the mutex of a condition wait) that returned `flow`. Every operation on a
    /// synchronisation object is one event, a one-byte read-modify-write of the object, as
    /// the native runtime names it; a condition wait is two (joining the waiters, then
    /// releasing the mutex), its wake-up a third (see [`Machine::record_reacquire`]).
    pub(crate) fn record_native_sync(&mut self, t: usize, b: Builtin, addr: u64, mutex: u64, flow: &Flow) {
        use Builtin::*;
        if !self.config.record_accesses {
            return;
        }
        let blocked = matches!(flow, Flow::Block);
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
            _ if crate::events::is_sync_op(b) => self.recorded.push(Recorded::Unordered { thread: t, builtin: b }),
            Once => self.recorded.push(Recorded::Unordered { thread: t, builtin: b }),
            _ => {}
        }
    }

    /// Records operation `b` of thread `t` on the synchronisation object at `addr`.
    fn record_sync_event(&mut self, t: usize, addr: u64, b: Builtin) {
        if let Some((obj, offset)) = self.memory.find(addr) {
            if self.keeps_access(t, obj) {
                let access =
                    Recorded::Access { thread: t, obj, offset, len: 1, kind: AccessKind::Rmw, sync: true, op: Some(b) };
                self.recorded.push(access);
            }
        }
    }

    /// Records that a signal woke waiter `t` while another had waited longer.
    pub(crate) fn record_out_of_order_wake(&mut self, t: usize) {
        if self.config.record_accesses {
            self.recorded.push(Recorded::OutOfOrderWake { thread: t });
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
            self.recorded.push(Recorded::Unsignalled { thread: t });
        }
    }
}

/// A memory object named independently of its address (the constraint file's `objects`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ObjectName {
    Global { symbol: String },
    Heap { thread: String, ordinal: u32 },
}

impl fmt::Display for ObjectName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ObjectName::Global { symbol } => write!(f, "global:{symbol}"),
            ObjectName::Heap { thread, ordinal } => write!(f, "heap:{thread}#{ordinal}"),
        }
    }
}

/// One named access, in execution order.
#[derive(Clone, Debug)]
pub struct NamedEvent {
    pub thread: String,
    pub object: ObjectName,
    pub offset: u64,
    pub len: u64,
    /// The number of earlier accesses of `thread` to `object`+`offset`.
    pub k: u32,
    pub kind: AccessKind,
    /// A mutex operation or an atomic access.
    pub sync: bool,
    /// The `ravel_epoch()` calls before it in the execution that no other thread ran
    /// beside (markers while other threads run do not divide an execution).
    pub epoch: u32,
}

impl NamedEvent {
    pub fn writes(&self) -> bool {
        self.kind != AccessKind::Read
    }

    /// The line the native runtime's `RAVEL_EVENTS_OUT` writes for the same event.
    pub fn line(&self) -> String {
        let kind = match self.kind {
            AccessKind::Read => "read",
            AccessKind::Write => "write",
            AccessKind::Rmw | AccessKind::FailedRmw => "rmw",
        };
        format!("{} {}+{} #{} {kind}", self.thread, self.object, self.offset, self.k)
    }
}

/// A recorded execution's named events, and why they cannot be enforced natively, if so
/// (one sentence per problem).
#[derive(Clone, Debug, Default)]
pub struct Named {
    pub events: Vec<NamedEvent>,
    /// For each event, the index in `Machine::recorded` it was named from (so that a
    /// prefix of the execution is a prefix of `events`).
    pub positions: Vec<usize>,
    pub problems: Vec<String>,
    /// A signal woke a waiter out of arrival order (also one of `problems`). Natively such
    /// an execution never happens: the same execution with the longest waiter woken does.
    pub out_of_order_wake: bool,
}

impl Named {
    /// The number of events named from the first `recorded` entries of the execution.
    pub fn upto(&self, recorded: usize) -> usize {
        self.positions.partition_point(|&p| p < recorded)
    }
}

/// Names the recorded accesses of `m`.
pub fn name_events(m: &Machine) -> Named {
    name_events_ordering(m, &[])
}

/// [`name_events`], where the synchronisation functions `harmless` are left out (no event,
/// no problem): the caller knows their order cannot matter (`ravel schedules` for barrier waits whose result
/// the program ignores).
pub fn name_events_ordering(m: &Machine, harmless: &[Builtin]) -> Named {
    let mut heap: HashMap<u32, ObjectName> = HashMap::new();
    let mut allocations: HashMap<usize, u32> = HashMap::new();
    let mut counts: HashMap<(usize, u32, u64), u32> = HashMap::new();
    let mut local_users: HashMap<u32, (usize, bool)> = HashMap::new();
    let mut named = Named::default();
    let mut epoch = 0;
    // Objects block operations touched, and the threads that touch each object.
    let mut blocks: Vec<(usize, u32, Builtin)> = Vec::new();
    let mut users: HashMap<u32, Vec<usize>> = HashMap::new();
    for (position, r) in m.recorded.iter().enumerate() {
        match *r {
            Recorded::Block { thread, obj, builtin } => {
                blocks.push((thread, obj, builtin));
                let u = users.entry(obj).or_default();
                if !u.contains(&thread) {
                    u.push(thread);
                }
            }
            Recorded::Alloc { thread, obj } => {
                let n = allocations.entry(thread).or_insert(0);
                heap.insert(obj, ObjectName::Heap { thread: m.threads[thread].name(), ordinal: *n });
                *n += 1;
            }
            Recorded::Unordered { builtin, .. } if harmless.contains(&builtin) => {}
            Recorded::Unordered { thread, builtin } => {
                let problem = format!(
                    "thread {} calls {}, which `ravel enforce` cannot order yet",
                    m.threads[thread].name(),
                    builtin.c_name()
                );
                if !named.problems.contains(&problem) {
                    named.problems.push(problem);
                }
            }
            Recorded::Unsignalled { thread } => {
                let problem = format!(
                    "a condition wait of thread {} ends without a signal (a time-out), which depends on real time natively",
                    m.threads[thread].name()
                );
                if !named.problems.contains(&problem) {
                    named.problems.push(problem);
                }
            }
            Recorded::OutOfOrderWake { thread } => {
                named.out_of_order_wake = true;
                let problem = format!(
                    "a signal wakes thread {} before a thread that waited longer, which the native runtime \
                     (waking in arrival order) never does",
                    m.threads[thread].name()
                );
                if !named.problems.contains(&problem) {
                    named.problems.push(problem);
                }
            }
            Recorded::Epoch { alone, .. } => epoch += alone as u32,
            Recorded::Access { op: Some(b), .. } if harmless.contains(&b) => {}
            Recorded::Access { thread, obj, offset, len, kind, sync, .. } => {
                let u = users.entry(obj).or_default();
                if !u.contains(&thread) {
                    u.push(thread);
                }
                let o = &m.memory.objects[obj as usize];
                let object = match o.kind {
                    ObjKind::Global => ObjectName::Global { symbol: o.name.to_string() },
                    ObjKind::Heap => match heap.get(&obj) {
                        Some(n) => n.clone(),
                        None => continue,
                    },
                    ObjKind::ConstGlobal => continue,
                    _ => {
                        // Stack and thread-local memory has no native name: fine while one
                        // thread uses it.
                        let (first, shared) = local_users.entry(obj).or_insert((thread, false));
                        if *first != thread && !*shared {
                            *shared = true;
                            named.problems.push(format!(
                                "thread {} uses a local variable of thread {} ({}), which the native runtime cannot name",
                                m.threads[thread].name(),
                                m.threads[*first].name(),
                                m.memory.describe(obj)
                            ));
                        }
                        continue;
                    }
                };
                let count = counts.entry((thread, obj, offset)).or_insert(0);
                named.positions.push(position);
                named.events.push(NamedEvent {
                    thread: m.threads[thread].name(),
                    object,
                    offset,
                    len,
                    k: *count,
                    kind,
                    sync,
                    epoch,
                });
                *count += 1;
            }
        }
    }
    // Constants cannot conflict. Others are refused even when thread creation or joining
    // orders the block operation (conservative).
    for (thread, obj, builtin) in blocks {
        let constant = m.memory.objects[obj as usize].kind == ObjKind::ConstGlobal;
        if !constant && users.get(&obj).is_some_and(|u| u.iter().any(|&o| o != thread)) {
            let problem = format!(
                "thread {} calls {} on {}, which other threads use too: block operations are not ordered natively",
                m.threads[thread].name(),
                builtin.c_name(),
                m.memory.describe(obj)
            );
            if !named.problems.contains(&problem) {
                named.problems.push(problem);
            }
        }
    }
    named
}
