//! The interpreter's side of event identity: one execution recorded by the vm
//! (`Config::record_accesses`), its accesses named as the native runtime names them
//! (thread id, global symbol or heap block by allocating thread and ordinal, offset, and
//! the k-th access of the thread to that location).

use ravel_ir::Program;
use ravel_vm::native_record::Recorded;
use ravel_vm::{AccessKind, Config, End, Granularity, Machine, ObjKind};
use serde::Serialize;
use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

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
pub struct Named {
    pub events: Vec<NamedEvent>,
    pub problems: Vec<String>,
}

/// Runs the program once in the vm under the seeded random schedule with every shared
/// access a scheduling point, recording what the native runtime names; at most
/// `max_steps` instructions and `timeout`.
pub fn record_run(program: &Arc<Program>, argv: Vec<String>, seed: u64, max_steps: u64, timeout: Duration) -> Machine {
    let config = Config {
        granularity: Granularity::All,
        argv,
        max_steps,
        echo_output: false,
        capture_stdout: true,
        record_accesses: true,
        ..Config::default()
    };
    ravel_vm::run_random(program.clone(), config, seed, Some(timeout), Vec::new()).machine
}

/// Whether the execution ended without an error (an exit, whatever its status).
pub fn ended_cleanly(m: &Machine) -> bool {
    matches!(m.end, Some(End::Exit(_)))
}

/// Names the recorded accesses of `m`.
pub fn name_events(m: &Machine) -> Named {
    let mut heap: HashMap<u32, ObjectName> = HashMap::new();
    let mut allocations: HashMap<usize, u32> = HashMap::new();
    let mut counts: HashMap<(usize, u32, u64), u32> = HashMap::new();
    let mut local_users: HashMap<u32, (usize, bool)> = HashMap::new();
    let mut named = Named { events: Vec::new(), problems: Vec::new() };
    // Objects block operations touched, and the threads that touch each object.
    let mut blocks: Vec<(usize, u32, ravel_ir::Builtin)> = Vec::new();
    let mut users: HashMap<u32, Vec<usize>> = HashMap::new();
    for r in &m.recorded {
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
            Recorded::Access { thread, obj, offset, len, kind } => {
                let u = users.entry(obj).or_default();
                if !u.contains(&thread) {
                    u.push(thread);
                }
                let o = &m.memory.objects[obj as usize];
                let object = match o.kind {
                    ObjKind::Global => ObjectName::Global { symbol: o.name.clone() },
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
                named.events.push(NamedEvent {
                    thread: m.threads[thread].name(),
                    object,
                    offset,
                    len,
                    k: *count,
                    kind,
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
