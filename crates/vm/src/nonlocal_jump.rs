//! Non-local jumps: `setjmp`/`longjmp` (with `_setjmp`, `__sigsetjmp`, `siglongjmp` and
//! the fortified `__longjmp_chk`) and glibc's cleanup handlers, which its
//! `pthread_cleanup_push` macro builds from `__sigsetjmp` and `__pthread_register_cancel`.
//!
//! A `jmp_buf` holds where its `setjmp` call is: a mark, the thread, the frame's depth and
//! serial number, and the call's pc (five 32-bit words, which fit every ABI's `jmp_buf`).
//! A `longjmp` unwinds to that frame, ending the locals of every frame it leaves as their
//! returns would (a visible end when another thread can reach them), and makes the
//! `setjmp` call return again. A jump into a frame that has returned, into another
//! thread, or through a buffer `setjmp` never filled is an error, as it is undefined.

use crate::error::ErrorKind;
use crate::machine::Machine;
use crate::memory::{Fault, ObjId};
use crate::shims::Flow;
use crate::thread::FrameKind;
use ravel_ir::{Builtin, Pc};

/// The first word of a filled `jmp_buf` ("RJMP"): tells a buffer `setjmp` filled from one
/// it did not.
const MARK: u32 = 0x524a_4d50;
/// Bytes of a filled buffer.
const BUF_BYTES: u64 = 20;

/// Where a `setjmp` call returns again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct JumpPoint {
    /// Index of the frame in its thread's stack.
    depth: usize,
    /// The frame's serial number: the same activation, not a later one at that depth.
    serial: u32,
    /// The `setjmp` call.
    pc: Pc,
}

impl Machine {
    /// `setjmp(buf)`: records thread `t`'s current call in `buf`; returns 0.
    pub(crate) fn set_jump(&mut self, t: usize, buf: u64) -> Result<u64, Fault> {
        let th = &self.threads[t];
        let Some(fr) = th.frames.last() else { return Ok(0) };
        let words = [MARK, t as u32, (th.frames.len() - 1) as u32, fr.serial, fr.pc];
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        self.memory.write(buf, &bytes)?;
        Ok(0)
    }

    /// Where a `longjmp` of thread `t` through `buf` lands, or why it cannot.
    pub(crate) fn jump_target(&mut self, t: usize, buf: u64) -> Result<JumpPoint, Fault> {
        let bytes = self.memory.read(buf, BUF_BYTES)?;
        let word = |i: usize| u32::from_le_bytes([bytes[4 * i], bytes[4 * i + 1], bytes[4 * i + 2], bytes[4 * i + 3]]);
        let invalid = |why: &str| Fault::new(ErrorKind::InvalidJump, format!("longjmp {why}"));
        if word(0) != MARK {
            return Err(invalid("through a jmp_buf that setjmp did not fill"));
        }
        if word(1) as usize != t {
            return Err(invalid("to a setjmp of another thread"));
        }
        let point = JumpPoint { depth: word(2) as usize, serial: word(3), pc: word(4) };
        match self.threads[t].frames.get(point.depth) {
            Some(fr) if fr.serial == point.serial => Ok(point),
            _ => Err(invalid("to a function that has already returned")),
        }
    }

    /// The locals that thread `t`'s call of `b` (first argument `arg`) ends by jumping:
    /// a `longjmp` through `arg`, or `__pthread_unwind_next` to the next cleanup handler
    /// (for the scheduling gate). None for other calls and for an invalid jump (it then
    /// faults without ending anything).
    pub(crate) fn locals_a_jump_ends(&mut self, t: usize, b: Builtin, arg: u64) -> Vec<ObjId> {
        let buf = match b {
            Builtin::Longjmp => arg,
            Builtin::CleanupNext => match self.threads[t].cleanups.last() {
                Some(&buf) => buf,
                None => return Vec::new(),
            },
            _ => return Vec::new(),
        };
        let Ok(point) = self.jump_target(t, buf) else { return Vec::new() };
        self.threads[t].frames[point.depth + 1..].iter().flat_map(|fr| fr.allocas.iter().copied()).collect()
    }

    /// `longjmp(buf, value)`: unwinds thread `t` to the `setjmp` call `buf` records and
    /// makes it return `value` (1 for 0).
    pub(crate) fn long_jump(&mut self, t: usize, buf: u64, value: u64) -> Flow {
        match self.jump_target(t, buf) {
            Ok(point) => self.jump_to(t, point, if value as u32 == 0 { 1 } else { value }),
            Err(f) => {
                self.fault(t, f);
                Flow::End
            }
        }
    }

    fn jump_to(&mut self, t: usize, point: JumpPoint, value: u64) -> Flow {
        let frames = &self.threads[t].frames;
        if let Some(fr) = frames[point.depth + 1..].iter().find(|fr| fr.kind != FrameKind::Call) {
            let what = match fr.kind {
                FrameKind::Signal(_) => "out of a signal handler",
                FrameKind::Destructor => "out of a thread-specific data destructor",
                FrameKind::Once(_) => "out of a pthread_once routine",
                _ => "out of an atexit handler or constructor",
            };
            self.unsupported(t, format!("longjmp {what}"));
            return Flow::End;
        }
        let at = self.current_loc(t);
        while self.threads[t].frames.len() > point.depth + 1 {
            self.pop_frame(t, Some(at));
        }
        if let Some(fr) = self.threads[t].frames.last_mut() {
            fr.pc = point.pc;
        }
        self.complete_call(t, Some(value));
        Flow::Stay
    }

    /// `__pthread_register_cancel(buf)`: a cleanup handler is pushed.
    pub(crate) fn push_cleanup(&mut self, t: usize, buf: u64) {
        self.threads[t].cleanups.push(buf);
    }

    /// `__pthread_unregister_cancel(buf)`: the innermost cleanup handler is popped.
    pub(crate) fn pop_cleanup(&mut self, t: usize, buf: u64) {
        let cleanups = &mut self.threads[t].cleanups;
        if let Some(i) = cleanups.iter().rposition(|&b| b == buf) {
            cleanups.truncate(i);
        }
    }

    /// `pthread_exit(value)`: runs the thread's cleanup handlers, innermost first (each
    /// ends in `__pthread_unwind_next`), then ends the thread.
    pub(crate) fn exit_thread(&mut self, t: usize, value: u64) -> Flow {
        let at = self.current_loc(t);
        self.threads[t].exit_at = at;
        self.threads[t].exiting_with = Some(value);
        self.unwind_next(t)
    }

    /// `__pthread_unwind_next(buf)` (or the start of an exit): jumps to the next cleanup
    /// handler's `setjmp`, or ends the thread when none is left.
    pub(crate) fn unwind_next(&mut self, t: usize) -> Flow {
        match self.threads[t].cleanups.pop() {
            Some(buf) => self.long_jump(t, buf, 1),
            None => {
                let value = self.threads[t].exiting_with.unwrap_or(0);
                let at = self.threads[t].exit_at;
                self.begin_thread_exit(t, value, at);
                Flow::Stay
            }
        }
    }
}
