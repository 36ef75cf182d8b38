//! Condition variables: a wait begins here (release the mutex, join the waiters, block)
//! and ends here (woken by a signal, a time-out or a spurious wake-up, then re-lock the
//! mutex before the call returns).

use super::blocking::block;
use super::{claim_initialisation, mutex, note_destroyed, Progress, SyncError};
use crate::events::{AccessKind, Loc};
use crate::machine::{Chooser, Machine};
use crate::sync_state::Cond;
use crate::thread::Wait;

/// `pthread_cond_init`.
pub(crate) fn init(m: &mut Machine, t: usize, call: &str, addr: u64) -> Result<Progress, SyncError> {
    claim_initialisation(m, t, call, addr)?;
    m.sync.conds.insert(addr, Cond::default());
    Ok(Progress::Done)
}

/// `pthread_cond_destroy`.
pub(crate) fn destroy(m: &mut Machine, addr: u64) -> Result<Progress, SyncError> {
    if m.sync.conds.get(&addr).is_some_and(|c| !c.waiters.is_empty()) {
        return Err(SyncError::Misuse("destroy of a condition variable that threads wait on".into()));
    }
    m.sync.conds.remove(&addr);
    note_destroyed(m, addr);
    Ok(Progress::Done)
}

/// Thread `t` waits on `cond`, releasing `mutex`; a timed wait ends at the latest at
/// `deadline` (absolute, ns on the real-time clock).
pub(crate) fn wait(
    m: &mut Machine,
    t: usize,
    cond: u64,
    mutex: u64,
    deadline: Option<u64>,
) -> Result<Progress, SyncError> {
    mutex::release_for_wait(m, t, mutex)?;
    m.sync.conds.entry(cond).or_default().waiters.push_back(t);
    block(m, t, Wait::Cond { cond, mutex, deadline });
    Ok(Progress::Blocked)
}

/// `pthread_cond_signal`: wakes one waiter, which one is the chooser's decision.
pub(crate) fn signal(m: &mut Machine, cond: u64, chooser: &mut dyn Chooser) -> Result<Progress, SyncError> {
    let waiters = &mut m.sync.conds.entry(cond).or_default().waiters;
    let (woken, longest_waiting) = match waiters.len() {
        0 => (None, true),
        1 => (waiters.pop_front(), true),
        _ if m.config.signal_longest_waiter => (waiters.pop_front(), true),
        n => {
            let chosen = chooser.choose(n);
            (waiters.remove(chosen), chosen == 0)
        }
    };
    if let (Some(w), false) = (woken, longest_waiting) {
        m.record_out_of_order_wake(w);
    }
    woken.into_iter().for_each(|w| signalled(m, w));
    Ok(Progress::Done)
}

/// `pthread_cond_broadcast`: wakes every waiter.
pub(crate) fn broadcast(m: &mut Machine, cond: u64) -> Result<Progress, SyncError> {
    let woken: Vec<usize> = m.sync.conds.entry(cond).or_default().waiters.drain(..).collect();
    woken.into_iter().for_each(|w| signalled(m, w));
    Ok(Progress::Done)
}

/// Waiter `w` was signalled: it goes on to re-lock its mutex.
fn signalled(m: &mut Machine, w: usize) {
    if let Wait::Cond { mutex, .. } = m.threads[w].wait {
        m.threads[w].wait = Wait::Reacquire { mutex, timed_out: false };
    }
}

/// A waiter may stop waiting unsignalled only by timing out, or spuriously where
/// wake-ups without a signal are explored.
pub(crate) fn can_wake_unsignalled(m: &Machine, deadline: Option<u64>) -> bool {
    deadline.is_some() || m.config.spurious_wakeups
}

/// Thread `t` stops waiting on `cond` without a signal: a timed wait times out, an
/// untimed one wakes up spuriously. It then re-locks `mutex`, at once if it can.
pub(crate) fn wake_unsignalled(m: &mut Machine, t: usize, cond: u64, mutex: u64, deadline: Option<u64>) {
    if let (Some(d), crate::TimeModel::Discrete) = (deadline, m.config.time) {
        m.os.now_ns = m.os.now_ns.max(d);
    }
    m.log_event(t, Loc::Sync(cond), AccessKind::Rmw);
    m.record_unsignalled_wake(t, cond);
    if let Some(c) = m.sync.conds.get_mut(&cond) {
        c.waiters.retain(|&w| w != t);
    }
    m.threads[t].wait = Wait::Reacquire { mutex, timed_out: deadline.is_some() };
    // Re-locking waits for the mutex like any lock. Whether it can lock at once depends
    // on the mutex, so the step reads it either way.
    if mutex::can_lock(m, t, mutex) {
        reacquire(m, t);
    } else {
        m.log_event(t, Loc::Sync(mutex), AccessKind::Read);
    }
}

/// Thread `t`, woken, re-locks its mutex (the caller checked it can) and returns from
/// the wait: 0, or `ETIMEDOUT` after a time-out.
pub(crate) fn reacquire(m: &mut Machine, t: usize) {
    let Wait::Reacquire { mutex, timed_out } = m.threads[t].wait else {
        return;
    };
    m.log_event(t, Loc::Sync(mutex), AccessKind::Rmw);
    m.record_reacquire(t, mutex);
    m.record(t, crate::record::RecKind::Lock { mutex });
    mutex::reacquire(m, t, mutex);
    m.threads[t].wait = Wait::None;
    m.complete_call(t, Some(if timed_out { crate::errno::ETIMEDOUT } else { 0 }));
}
