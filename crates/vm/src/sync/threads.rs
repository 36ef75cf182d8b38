//! Creating threads: the new thread's hierarchical id and memory region, the handle the
//! program sees, and its start routine's frame. The pthread shim decodes
//! `pthread_create`'s arguments and attributes and calls these in order.

use crate::ending::End;
use crate::machine::Machine;
use crate::memory::Memory;
use crate::thread::{FrameKind, Thread};
use ravel_ir::FuncId;

/// Adds a thread created by thread `t`: its id is the next child of `t`'s, its memory
/// region follows from that id. Returns its index, or `None` after ending the execution
/// with a limit when that region would overlap another thread's.
pub(crate) fn create(m: &mut Machine, t: usize, detached: bool) -> Option<usize> {
    let mut path = m.threads[t].path.clone();
    path.push(m.threads[t].children);
    m.threads[t].children += 1;
    if region_clash(m, Memory::slot_for(&path)) {
        m.ending.set(End::Limit(crate::Limit::ThreadRegions));
        return None;
    }
    let mut th = Thread::new(path.clone(), Memory::slot_for(&path));
    th.detached = detached;
    let new = m.threads.spawn(th);
    // A new thread starts with its creator's signal mask (POSIX).
    let mask = m.os.signals.mask(t);
    if mask != 0 {
        m.os.signals.set_mask(new, mask);
    }
    m.note_creation_site(new, t);
    Some(new)
}

/// The handle the program receives for thread `new` (0 for every thread when explorers
/// compare states up to thread permutation, see `Config::anonymous_handles`).
pub(crate) fn handle(m: &Machine, new: usize) -> u64 {
    if m.config.anonymous_handles {
        0
    } else {
        crate::thread_table::ThreadTable::handle_of(new)
    }
}

/// Starts thread `new`, created by `t`, in `start(arg)`: `t`'s call returns 0 (the
/// interpreter then runs the new thread up to its first visible operation, see
/// `Flow::Spawned`).
pub(crate) fn start(m: &mut Machine, t: usize, new: usize, start: FuncId, arg: u64) {
    m.memory.publish_words(&[arg]);
    if m.config.log_events {
        m.journal.log(crate::events::LogEntry::Spawn { child: new });
    }
    m.record(t, crate::record::RecKind::Spawn { child: new });
    m.push_frame(new, start, &[vec![arg]], &[], None, FrameKind::Start);
    m.complete_call(t, Some(0));
}

/// True when a thread with allocation slot `slot` would share its address region with
/// an existing thread of another slot, or with memory another slot ever allocated
/// (dead objects stay where they were): 32-bit targets wrap the region numbers.
pub(crate) fn region_clash(m: &Machine, slot: usize) -> bool {
    if m.program.model.ptr_bytes == 8 {
        return false; // 64-bit regions never wrap
    }
    let base = m.memory.slot_bounds(slot).0;
    let clashes = |other: usize| other != slot && m.memory.slot_bounds(other).0 == base;
    m.threads.iter().any(|th| clashes(th.slot))
        || m.memory.region_tops().any(|(other, next)| next > m.memory.slot_bounds(other).0 && clashes(other))
}
