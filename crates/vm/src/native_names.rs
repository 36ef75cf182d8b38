//! Names a finished execution's recorded operations (`native_record`) as the native
//! runtime of `ravel enforce` does: thread id, global symbol or heap block by allocating
//! thread and ordinal, offset, and the k-th access of the thread to that location.

use crate::machine::Machine;
use crate::memory::ObjKind;
use crate::native_record::{Named, NamedEvent, ObjectName, Recorded};
use ravel_ir::Builtin;
use std::collections::HashMap;

/// Names the recorded accesses of `m`.
pub fn name_events(m: &Machine) -> Named {
    name_events_ordering(m, &[])
}

/// [`name_events`], where the synchronisation functions `harmless` are left out (no event,
/// no problem): the caller knows their order cannot matter (`ravel schedules` for barrier
/// waits whose result the program ignores).
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
    for (position, r) in m.journal.recorded().iter().enumerate() {
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
                    ObjKind::Global => ObjectName::Global { symbol: m.memory.name(obj).to_string() },
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
