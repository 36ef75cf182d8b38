//! `pthread_once`: the control word in the program's memory goes 0 (never run) → 1 (the
//! init routine runs; other callers wait) → 2 (done), as glibc's does.

use super::{Progress, SyncError};
use crate::error::ErrorKind;
use crate::events::{AccessKind, Loc};
use crate::machine::Machine;
use crate::memory::Fault;
use crate::thread::FrameKind;

const RUNNING: u32 = 1;
const DONE: u32 = 2;

fn control_word(m: &mut Machine, control: u64) -> Option<u32> {
    m.memory.read(control, 4).ok().map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// Thread `t` calls `pthread_once(control, routine)`: the first caller runs the routine
/// (address `routine`), later ones return at once.
pub(crate) fn call(m: &mut Machine, t: usize, control: u64, routine: u64) -> Result<Progress, SyncError> {
    match control_word(m, control) {
        Some(0) => {
            let _ = m.memory.write(control, &RUNNING.to_le_bytes());
            let Some(f) = m.program.function_at(routine) else {
                return Err(SyncError::Fault(Fault::new(
                    ErrorKind::NullDereference,
                    "pthread_once with an invalid init routine",
                )));
            };
            m.push_frame(t, f, &[], &[], None, FrameKind::Once(control));
            Ok(Progress::Running)
        }
        Some(_) => Ok(Progress::Done),
        None => {
            let f = m
                .memory
                .check(control, 4, false)
                .err()
                .unwrap_or_else(|| Fault::new(ErrorKind::OutOfBounds, "bad once control"));
            Err(SyncError::Fault(f))
        }
    }
}

/// True unless another thread is running the init routine.
pub(crate) fn can_call(m: &mut Machine, control: u64) -> bool {
    control_word(m, control) != Some(RUNNING)
}

/// The init routine of thread `t` returned: the once control is done and the call
/// returns 0.
pub(crate) fn finish(m: &mut Machine, t: usize, control: u64) {
    let _ = m.memory.write(control, &DONE.to_le_bytes());
    m.log_event(t, Loc::Sync(control), AccessKind::Rmw);
    m.complete_call(t, Some(0));
}
