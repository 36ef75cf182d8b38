//! The one way a thread waits inside a call. It blocks with a reason ([`Wait`], which
//! carries the deadline of a timed wait); the module of the object it waits on says when
//! it may wake ([`can_wake`]) and finishes the call when it does ([`wake`]).
//!
//! Lock-like operations (mutexes, read-write locks, semaphores, joins) do not block this
//! way: they stay at their call, disabled, and run again once they can complete, so
//! that only the successful attempt is an event.

use super::{barrier, condvar, mutex};
use crate::machine::Machine;
use crate::thread::Wait;

/// Thread `t` waits for `reason`.
pub(crate) fn block(m: &mut Machine, t: usize, reason: Wait) {
    m.threads[t].wait = reason;
}

/// True when waiting thread `t` may wake now (false when it does not wait).
pub(crate) fn can_wake(m: &mut Machine, t: usize) -> bool {
    match m.threads[t].wait {
        Wait::None => false,
        Wait::Exit { .. } => true,
        Wait::Terminate { .. } => false,
        Wait::Cond { deadline, .. } => condvar::can_wake_unsignalled(m, deadline),
        Wait::Reacquire { mutex, .. } => mutex::can_lock(m, t, mutex),
        Wait::Barrier { addr, generation } => barrier::is_open(m, addr, generation),
    }
}

/// Wakes thread `t` and finishes the call it waited in; false when it does not wait.
pub(crate) fn wake(m: &mut Machine, t: usize) -> bool {
    let wait = m.threads[t].wait;
    if wait == Wait::None {
        return false;
    }
    m.memory.write_epoch += 1;
    match wait {
        Wait::Cond { cond, mutex, deadline } => condvar::wake_unsignalled(m, t, cond, mutex, deadline),
        Wait::Reacquire { .. } => condvar::reacquire(m, t),
        Wait::Barrier { addr, generation } => barrier::leave(m, t, addr, generation),
        Wait::Exit { status } => {
            m.threads[t].wait = Wait::None;
            m.begin_exit(t, status);
        }
        Wait::Terminate { status } => {
            m.threads[t].wait = Wait::None;
            m.ending.set_alone(true);
            m.terminate(status);
        }
        Wait::None => {}
    }
    true
}
