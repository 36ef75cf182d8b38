//! The end of an object's life as a visible access. `free`, `realloc`, `munmap` and the
//! return of a frame whose locals another thread can reach write the whole object as far
//! as other threads are concerned: an access of another thread is either ordered before
//! the end (and then explored in both orders, or checked for a race) or comes after it,
//! where it faults as a use after free. Without this, a free was invisible and an
//! exploration could never run the other thread's access after it.

use crate::events::LogEntry;
use crate::machine::Machine;
use crate::memory::{ObjId, ObjKind};
use ravel_ir::SrcLoc;

impl Machine {
    /// Whether ending object `id` concerns other threads: it is alive, reachable by them,
    /// and not read-only.
    fn ends_shared(&self, id: ObjId) -> bool {
        let obj = &self.memory.objects[id as usize];
        obj.alive && obj.shared && obj.kind != ObjKind::ConstGlobal
    }

    /// Whether ending a shared object is a scheduling point for thread `t`: every shared
    /// access is one (`--interleave all`) or the thread is inside an atomic section (where
    /// it is part of the section's step).
    fn object_end_is_event(&self, t: usize) -> bool {
        self.threads[t].atomic_depth > 0 || self.config.granularity == crate::Granularity::All
    }

    /// Decides, as [`Machine::gate`] does for an access, whether thread `t` may end the
    /// objects `ids` now: false when one of them is shared and the end is a scheduling
    /// point the thread has not been granted (it must stop before the operation).
    pub(crate) fn gate_object_end(&mut self, t: usize, ids: &[ObjId], granted: &mut bool) -> bool {
        if !ids.iter().any(|&id| self.ends_shared(id)) || self.threads[t].atomic_depth > 0 {
            return true;
        }
        if self.object_end_is_event(t) && !self.alone(t) {
            if !*granted {
                return false;
            }
            *granted = false;
        }
        true
    }

    /// Logs that thread `t` ends object `id` at `at` (before it is released), when other
    /// threads can reach it.
    pub(crate) fn log_object_end(&mut self, t: usize, id: ObjId, at: SrcLoc) {
        if !self.config.log_events || !self.ends_shared(id) {
            return;
        }
        let obj = &self.memory.objects[id as usize];
        let (addr, len) = (obj.base, obj.size);
        let event = self.object_end_is_event(t);
        self.note_site(t, at);
        self.journal.log(LogEntry::Free { thread: t, addr, len, event, at });
    }

    /// The heap block a `free`, `realloc` or `munmap` of `addr` would end, if `addr` is the
    /// start of a live one.
    pub(crate) fn block_at(&mut self, addr: u64) -> Option<ObjId> {
        let (id, off) = self.memory.find(addr)?;
        let obj = &self.memory.objects[id as usize];
        (off == 0 && obj.alive && obj.kind == ObjKind::Heap).then_some(id)
    }
}
