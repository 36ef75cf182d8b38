//! Barriers: threads arrive and block until the last of a round arrives; that one is
//! the serial thread and goes on at once, the others wake when their round is over.

use super::blocking::block;
use super::{Progress, SyncError};
use crate::events::{barrier_arrival, AccessKind, Arrival, Loc};
use crate::machine::Machine;
use crate::sync_state::Barrier;
use crate::thread::Wait;

/// `pthread_barrier_init` for `count` threads.
pub(crate) fn init(m: &mut Machine, addr: u64, count: u32) -> Result<Progress, SyncError> {
    if count == 0 {
        return Err(SyncError::Invalid);
    }
    m.sync
        .barriers
        .insert(addr, Barrier { count, arrived: 0, generation: 0, members: Vec::new(), previous: Vec::new() });
    Ok(Progress::Done)
}

/// `pthread_barrier_destroy`.
pub(crate) fn destroy(m: &mut Machine, addr: u64) -> Result<Progress, SyncError> {
    m.sync.barriers.remove(&addr);
    Ok(Progress::Done)
}

/// What thread `t` arriving at the barrier now conflicts with (see
/// [`barrier_arrival`]); `None` for an uninitialised barrier.
pub(crate) fn arrival(m: &Machine, t: usize, addr: u64, result_read: bool) -> Option<Arrival> {
    let bar = m.sync.barriers.get(&addr)?;
    let newcomer = bar.generation > 0 && !bar.previous.contains(&(t as u32));
    Some(Arrival { barrier: addr, round: bar.generation as u32, result_read, newcomer })
}

/// Thread `t` arrives at the barrier. When the caller does not read the result
/// (`result_read` false), the last arriver blocks like the others and leaves in a step of
/// its own: no arrival is then special, so the arrivals of a round commute.
pub(crate) fn wait(m: &mut Machine, t: usize, addr: u64, result_read: bool) -> Result<Progress, SyncError> {
    let Some(arrival) = arrival(m, t, addr, result_read) else {
        return Err(SyncError::Misuse("wait on an uninitialised barrier".into()));
    };
    for (loc, kind) in barrier_arrival(arrival) {
        m.log_event(t, loc, kind);
    }
    let bar = m.sync.barriers.get_mut(&addr).expect("arrival found the barrier");
    let generation = bar.generation;
    bar.arrived += 1;
    bar.members.push(t as u32);
    if bar.arrived >= bar.count {
        bar.arrived = 0;
        bar.generation += 1;
        bar.previous = std::mem::take(&mut bar.members);
        if result_read {
            return Ok(Progress::Serial);
        }
    }
    block(m, t, Wait::Barrier { addr, generation });
    Ok(Progress::Blocked)
}

/// True once the round that arrived in `generation` is over (or the barrier is gone).
pub(crate) fn is_open(m: &Machine, addr: u64, generation: u64) -> bool {
    m.sync.barriers.get(&addr).is_none_or(|b| b.generation != generation)
}

/// Thread `t` leaves the open barrier after round `generation`: the wait returns 0.
pub(crate) fn leave(m: &mut Machine, t: usize, addr: u64, generation: u64) {
    // Waking up only observes that the round is over: wake-ups commute, with each other
    // and with the next round's arrivals.
    m.log_event(t, Loc::Round(addr, generation as u32), AccessKind::Read);
    m.threads[t].wait = Wait::None;
    m.complete_call(t, Some(0));
}
