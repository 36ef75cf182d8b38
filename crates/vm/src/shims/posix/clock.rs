//! Clocks and sleeps on the virtual clock: every read advances it by `os::TICK_NS`, a
//! sleep by its duration (and is a scheduling point, like a yield).

use super::{event, fail, read_word, write_word, Args, Flow};
use crate::events::AccessKind;
use crate::machine::Machine;
use crate::memory::Fault;
use crate::os::{CLOCK_KEY, EPOCH_NS, TICK_NS};
use ravel_ir::Builtin;

const NS: u64 = 1_000_000_000;
/// Monotonic clocks read as if the machine booted this long before the epoch.
const UPTIME_NS: u64 = 1000 * NS;
/// `clock_nanosleep`'s flag for an absolute wake-up time.
pub(crate) const TIMER_ABSTIME: u64 = 1;

/// Reading of clock `id` at virtual time `now`, `None` for an unknown clock.
pub(crate) fn clock_reading(id: u64, now: u64) -> Option<u64> {
    match id {
        // CLOCK_REALTIME, _COARSE, CLOCK_TAI
        0 | 5 | 11 => Some(now),
        // CLOCK_MONOTONIC, _RAW, _COARSE, CLOCK_BOOTTIME, and the CPU-time clocks
        1 | 2 | 3 | 4 | 6 | 7 => Some(now - EPOCH_NS + UPTIME_NS),
        _ => None,
    }
}

/// Writes a `struct timespec` (or `timeval` with `div` 1000) of `ns` at `addr`.
pub(super) fn write_time(m: &mut Machine, addr: u64, ns: u64, div: u64) -> Result<(), Fault> {
    let lb = m.program.model.long_bytes;
    write_word(m, addr, lb, ns / NS)?;
    write_word(m, addr + lb as u64, lb, (ns % NS) / div)
}

/// Reads a `struct timespec` (or `timeval` with `unit` 1000, its fraction in
/// microseconds) as nanoseconds; `None` when it is invalid.
pub(super) fn read_time(m: &mut Machine, addr: u64, unit: u64) -> Result<Option<u64>, Fault> {
    let lb = m.program.model.long_bytes;
    let bits = lb * 8;
    let sec = ravel_ir::sign_extend(read_word(m, addr, lb)?, bits) as i64;
    let frac = ravel_ir::sign_extend(read_word(m, addr + lb as u64, lb)?, bits) as i64;
    if sec < 0 || !(0..(NS / unit) as i64).contains(&frac) {
        return Ok(None);
    }
    Ok(Some((sec as u64).saturating_mul(NS).saturating_add(frac as u64 * unit)))
}

/// The `struct timespec` at `addr` as nanoseconds, `None` when it is unreadable or invalid.
pub(crate) fn timespec_ns(m: &mut Machine, addr: u64) -> Option<u64> {
    read_time(m, addr, 1).ok().flatten()
}

pub(super) fn call(m: &mut Machine, t: usize, b: Builtin, a: &Args) -> Option<Flow> {
    use Builtin::*;
    if !matches!(
        b,
        Time | Clock
            | Timestamp
            | Gettimeofday
            | ClockGettime
            | ClockGetres
            | Sleep
            | Usleep
            | Nanosleep
            | ClockNanosleep
    ) {
        return None;
    }
    if b != ClockGetres {
        event(m, t, CLOCK_KEY, AccessKind::Rmw);
    }
    let r = (|| -> Result<Flow, Fault> {
        Ok(match b {
            Time => {
                let secs = m.os.advance(TICK_NS) / NS;
                if a.get(0) != 0 {
                    write_word(m, a.get(0), m.program.model.long_bytes, secs)?;
                }
                Flow::Return(secs)
            }
            // Processor time in microseconds (`CLOCKS_PER_SEC` is 1,000,000): the virtual
            // time since the process started.
            Clock => Flow::Return((m.os.advance(TICK_NS) - EPOCH_NS) / 1000),
            // x86 `rdtsc`: cycles of a 1 GHz counter, the virtual nanoseconds since start.
            Timestamp => Flow::Return(m.os.advance(TICK_NS) - EPOCH_NS),
            Gettimeofday => {
                let now = m.os.advance(TICK_NS);
                if a.get(0) != 0 {
                    write_time(m, a.get(0), now, 1000)?;
                }
                if a.get(1) != 0 {
                    m.memory.write(a.get(1), &[0; 8])?;
                }
                Flow::Return(0)
            }
            ClockGettime => {
                let now = m.os.advance(TICK_NS);
                match clock_reading(a.get(0) & 0xffff_ffff, now) {
                    Some(ns) => {
                        write_time(m, a.get(1), ns, 1)?;
                        Flow::Return(0)
                    }
                    None => fail(m, t, crate::errno::EINVAL),
                }
            }
            ClockGetres => match clock_reading(a.get(0) & 0xffff_ffff, EPOCH_NS) {
                Some(_) if a.get(1) != 0 => {
                    write_time(m, a.get(1), 1, 1)?;
                    Flow::Return(0)
                }
                Some(_) => Flow::Return(0),
                None => fail(m, t, crate::errno::EINVAL),
            },
            Sleep => {
                m.end_timed_wait(t, (a.get(0) & 0xffff_ffff) * NS);
                Flow::Return(0)
            }
            Usleep => {
                m.end_timed_wait(t, (a.get(0) & 0xffff_ffff) * 1000);
                Flow::Return(0)
            }
            Nanosleep => match read_time(m, a.get(0), 1)? {
                Some(ns) => {
                    m.end_timed_wait(t, ns);
                    Flow::Return(0)
                }
                None => fail(m, t, crate::errno::EINVAL),
            },
            ClockNanosleep => {
                let (clock, flags) = (a.get(0) & 0xffff_ffff, a.get(1));
                // Under discrete time a sleep lasts from when the thread began it.
                let began = match m.config.time {
                    crate::TimeModel::Discrete => m.threads[t].arrived_ns,
                    crate::TimeModel::Any => m.os.now_ns,
                };
                let Some(start) = clock_reading(clock, began) else {
                    return Ok(Flow::Return(crate::errno::EINVAL));
                };
                match read_time(m, a.get(2), 1)? {
                    Some(ns) if flags & TIMER_ABSTIME != 0 => {
                        m.end_timed_wait(t, ns.saturating_sub(start));
                        Flow::Return(0)
                    }
                    Some(ns) => {
                        m.end_timed_wait(t, ns);
                        Flow::Return(0)
                    }
                    None => Flow::Return(crate::errno::EINVAL),
                }
            }
            _ => unreachable!("filtered above"),
        })
    })();
    Some(r.unwrap_or_else(|e| super::super::fault_flow(m, t, e)))
}
