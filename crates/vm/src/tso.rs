//! The machine under TSO at fences: a thread stops at a fence while its store buffer is
//! not empty (the buffers are in `tso_buffers`, the model and the buffers' data in
//! `store_buffer`).

use crate::events::{AccessKind, Loc};
use crate::machine::Machine;
use crate::memory::ObjKind;
use crate::store_buffer::{call_fence, is_fence, CallFence};
use ravel_ir::{Callee, Inst};

impl Machine {
    /// Records that thread `t` executes a fence now (its buffer is empty): when stores of
    /// it were made visible since its last fence, the step reads the last one's location,
    /// which orders it after them.
    fn note_fence(&mut self, t: usize) {
        let Some(b) = self.buffers.get_mut(t) else { return };
        if b.fenced < b.enqueued {
            b.fenced = b.enqueued;
            let loc = Loc::Buffered(t as u32, b.enqueued - 1);
            self.log_event(t, loc, AccessKind::Read);
        }
    }

    /// True when thread `t` is stopped at an operation that waits for its buffer to empty
    /// and the buffer is not empty (so it cannot run yet).
    pub(crate) fn waits_for_buffer(&self, t: usize) -> bool {
        self.buffer(t).is_some() && self.pending_is_fence(t)
    }

    fn pending_is_fence(&self, t: usize) -> bool {
        let th = &self.threads[t];
        let Some(fr) = th.frames.last() else { return false };
        let f = &self.program.functions[fr.func as usize];
        match f.code.get(fr.pc as usize) {
            Some(inst) => is_fence(inst, th.frames.len(), |g| self.program.functions[g as usize].atomic),
            None => false,
        }
    }
}

impl Machine {
    /// Under TSO, whether thread `t` must stop before `inst` (the interpreter loop then
    /// returns): a fence waits for the buffer to empty, and is always the first operation
    /// of a step, so that where steps begin never depends on when stores became visible.
    /// A fence that is a visible operation anyway (a shared read-modify-write, a
    /// synchronisation call) asks for the step's grant itself; any other takes it here.
    pub(crate) fn stops_at_fence(&mut self, t: usize, inst: &Inst, granted: &mut bool) -> bool {
        let depth = self.threads[t].frames.len();
        if !is_fence(inst, depth, |g| self.program.functions[g as usize].atomic) {
            return false;
        }
        if self.buffered(t) > 0 {
            if let Inst::Call { callee: Callee::Builtin(b), .. } = inst {
                if call_fence(*b) == CallFence::Approximate {
                    self.ending.note_imprecise(crate::Imprecision::ApproximateFence(b.c_name().to_string()));
                }
            }
            return true;
        }
        if self.fence_is_visible(t, inst) {
            if *granted {
                self.note_fence(t);
            }
            return false;
        }
        if !*granted {
            return true;
        }
        *granted = false;
        self.note_fence(t);
        false
    }

    /// Whether fence `inst` of thread `t` is a visible operation by itself (it then takes
    /// the step's grant where it executes).
    fn fence_is_visible(&mut self, t: usize, inst: &Inst) -> bool {
        if self.threads[t].atomic_depth > 0 {
            return false;
        }
        let addr = match inst {
            Inst::Rmw { addr, .. } | Inst::CmpXchg { addr, .. } | Inst::Store { addr, .. } => *addr,
            Inst::Call { callee: Callee::Builtin(b), .. } => return crate::shims::is_visible(*b),
            Inst::Call { callee: Callee::Func(_), .. } => return true,
            _ => return false,
        };
        let Some(fr) = self.threads[t].frames.last() else { return false };
        let a = crate::values::rd(&self.program, &self.threads[t].regs, fr.base, addr) & self.program.model.ptr_mask();
        match self.memory.find(a) {
            Some((id, _)) => {
                let obj = &self.memory.objects[id as usize];
                obj.shared && obj.kind != ObjKind::ConstGlobal && (!obj.unread || self.config.detect_races)
            }
            None => false,
        }
    }
}
