//! Leaving a call: the end of a modelled call (its result written, the caller moved past
//! it) and the return from a frame, which delivers the value as the frame's kind says
//! (to the caller, or as the end of a thread, an exit handler, a signal handler...).

use crate::machine::Machine;
use crate::memory::NOT_PRIVATE;
use crate::thread::FrameKind;
use ravel_ir::Inst;

impl Machine {
    /// Pops the current frame, delivering `value` according to the frame's kind.
    pub(crate) fn return_from(&mut self, t: usize, value: Option<Vec<u64>>) {
        let Some((fr, at)) = self.pop_frame(t, None) else { return };
        let first = value.as_ref().and_then(|v| v.first().copied()).unwrap_or(0);
        match fr.kind {
            FrameKind::Call => {
                if let (Some((r, words)), Some(v)) = (fr.ret, value) {
                    let th = &mut self.threads[t];
                    if let Some(caller) = th.frames.last() {
                        let b = caller.base + r as usize;
                        let n = (words as usize).min(v.len());
                        th.regs[b..b + n].copy_from_slice(&v[..n]);
                    }
                }
            }
            FrameKind::Start => {
                // With exit handlers to run, the exit is a step of its own: they race with
                // the other threads. Without, a deferred exit does nothing until its end.
                let handlers = self.ending.has_atexit() || !self.config.defer_exit;
                if t == 0 && self.config.log_events && !self.threads.alone() && handlers {
                    self.threads[t].wait = crate::thread::Wait::Exit { status: first as i32 };
                } else if t == 0 {
                    self.begin_exit(t, first as i32);
                } else {
                    self.begin_thread_exit(t, first, at);
                }
            }
            FrameKind::Ctor => {}
            FrameKind::AtExit => self.continue_exit(t),
            FrameKind::Destructor => self.continue_thread_exit(t),
            FrameKind::Signal(ret) => crate::signals::handler_returned(self, t, ret),
            FrameKind::Once(control) => crate::sync::once::finish(self, t, control),
        }
    }

    /// Pops thread `t`'s innermost frame and ends its locals (at `ended_at`, or where the
    /// frame stands), without delivering a result: the frame and that place.
    pub(crate) fn pop_frame(
        &mut self,
        t: usize,
        ended_at: Option<ravel_ir::SrcLoc>,
    ) -> Option<(crate::thread::Frame, ravel_ir::SrcLoc)> {
        let th = &mut self.threads[t];
        th.loop_count = 0;
        let fr = th.frames.pop()?;
        th.regs.truncate(fr.base);
        if !th.sym_regs.is_empty() {
            th.sym_regs.retain(|&k, _| (k as usize) < fr.base);
        }
        th.stack_bytes =
            th.stack_bytes.saturating_sub(self.program.functions[fr.func as usize].frame_words as u64 * 8 + 64);
        if fr.atomic {
            th.atomic_depth = th.atomic_depth.saturating_sub(1);
        }
        let at = ended_at.unwrap_or_else(|| {
            self.program.functions[fr.func as usize].locs.get(fr.pc as usize).copied().unwrap_or_default()
        });
        for &id in &fr.allocas {
            self.log_object_end(t, id, at);
            let th = &mut self.threads[t];
            let obj = &self.memory.objects[id as usize];
            th.stack_bytes = th.stack_bytes.saturating_sub(obj.size());
            if obj.private_alloca != NOT_PRIVATE {
                th.spare_allocas.push((fr.func, obj.private_alloca, id));
            }
            self.memory.release(id, Some((t, at)));
        }
        Some((fr, at))
    }

    /// Writes `value` into the destination of the Call at the current pc and moves past it.
    pub(crate) fn complete_call(&mut self, t: usize, value: Option<u64>) {
        let prog = self.program.clone();
        let Some(fr) = self.threads[t].frames.last() else {
            return;
        };
        let (pc, base) = (fr.pc, fr.base);
        if let (Inst::Call { dst: Some((r, _)), .. }, Some(v)) =
            (&prog.functions[fr.func as usize].code[pc as usize], value)
        {
            self.threads[t].regs[base + *r as usize] = v;
            if self.sym.is_some() {
                self.set_shadow(t, base, *r, None);
            }
        }
        if let Some(fr) = self.threads[t].frames.last_mut() {
            fr.pc = pc + 1;
        }
    }
}
