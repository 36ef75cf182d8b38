//! `epoll_create`, `epoll_create1`, `epoll_ctl`, `epoll_wait` and `epoll_pwait`: the ABI
//! of the instances in `crate::os` (x86-64's packed `struct epoll_event`: the events at
//! offset 0, the data at 4). A waiting `epoll_wait` is a visible operation, enabled when
//! its instance's ready list is not empty (when Linux wakes the waiter); a scan that finds
//! nothing ready sleeps again.

use super::{event, fail, plain_access, read_word, write_word, Args, Flow};
use crate::errno;
use crate::events::AccessKind;
use crate::machine::Machine;
use crate::memory::Fault;
use crate::os::epoll_consts::EPOLL_CTL_DEL;
use crate::os::{epoll_key, node_key, CtlError, CLOCK_KEY, TABLE_KEY};
use ravel_ir::Builtin;

type R = Result<Flow, Fault>;

const EPOLL_CLOEXEC: u64 = 0o2000000;
/// Size of `struct epoll_event` on x86-64 (packed).
const EVENT_BYTES: u64 = 12;
/// The most events one call may ask for (Linux: `INT_MAX / sizeof(struct epoll_event)`).
const MAX_EVENTS: i64 = i32::MAX as i64 / EVENT_BYTES as i64;
const NS_PER_MS: u64 = 1_000_000;

pub(super) fn call(m: &mut Machine, t: usize, b: Builtin, a: &Args) -> Option<Flow> {
    use Builtin::*;
    let int = |i: usize| ravel_ir::sign_extend(a.get(i), 32) as i64;
    let r = match b {
        EpollCreate if int(0) <= 0 => Ok(fail(m, t, errno::EINVAL)),
        EpollCreate => Ok(create(m, t, 0)),
        EpollCreate1 => Ok(create(m, t, a.get(0) & 0xffff_ffff)),
        EpollCtl => ctl(m, t, a),
        EpollWait => wait(m, t, a),
        EpollPwait if a.get(4) != 0 => {
            m.unsupported(t, "epoll_pwait with a signal mask");
            Ok(Flow::End)
        }
        EpollPwait => wait(m, t, a),
        _ => return None,
    };
    Some(r.unwrap_or_else(|e| super::super::fault_flow(m, t, e)))
}

fn create(m: &mut Machine, t: usize, flags: u64) -> Flow {
    if flags & !EPOLL_CLOEXEC != 0 {
        return fail(m, t, errno::EINVAL);
    }
    event(m, t, TABLE_KEY, AccessKind::Rmw);
    match m.os.epoll_create(flags != 0) {
        Ok(fd) => Flow::Return(fd),
        Err(e) => fail(m, t, e),
    }
}

/// Logs an event on each node of `fd`'s description (what polling it reads).
fn fd_nodes_event(m: &mut Machine, t: usize, fd: u64) {
    if let Some(d) = m.os.fds.get(fd) {
        let nodes: Vec<u32> = [d.rd, d.wr, d.sock].into_iter().flatten().collect();
        for n in nodes {
            event(m, t, node_key(n), AccessKind::Rmw);
        }
    }
}

fn ctl(m: &mut Machine, t: usize, a: &Args) -> R {
    let (epfd, op, fd, ev) =
        (a.get(0) & 0xffff_ffff, (a.get(1) & 0xffff_ffff) as u32, a.get(2) & 0xffff_ffff, a.get(3));
    // `EPOLL_CTL_DEL` ignores the event (it may be NULL).
    let (events, data) = if op == EPOLL_CTL_DEL {
        (0, 0)
    } else {
        plain_access(m, t, ev, EVENT_BYTES, false);
        (read_word(m, ev, 4)? as u32, read_word(m, ev + 4, 8)?)
    };
    event(m, t, TABLE_KEY, AccessKind::Read);
    if let Some(d) = m.os.desc_of(epfd) {
        event(m, t, epoll_key(d), AccessKind::Rmw);
    }
    fd_nodes_event(m, t, fd);
    Ok(match m.os.epoll_ctl(epfd, op, fd, events, data) {
        Ok(()) => Flow::Return(0),
        Err(CtlError::Errno(e)) => fail(m, t, e),
        Err(CtlError::Unsupported(what)) => {
            m.unsupported(t, what);
            Flow::End
        }
    })
}

/// The arguments of a wait: (epoll description, events buffer, maxevents, time-out in
/// ms), or the `errno` it fails with at once.
fn wait_args(m: &Machine, a: &Args) -> Result<(u32, u64, i64, i64), u64> {
    let max = ravel_ir::sign_extend(a.get(2), 32) as i64;
    if max <= 0 || max > MAX_EVENTS {
        return Err(errno::EINVAL);
    }
    let ep = m.os.desc_of(a.get(0) & 0xffff_ffff).ok_or(errno::EBADF)?;
    if !m.os.epolls.contains_key(&ep) {
        return Err(errno::EINVAL);
    }
    Ok((ep, a.get(1), max, ravel_ir::sign_extend(a.get(3), 32) as i64))
}

/// True when thread `t`, stopped at `epoll_wait` with arguments `a`, can run: it has a
/// time-out, fails at once, or its instance has items on the ready list.
pub(super) fn enabled(m: &Machine, a: &Args) -> bool {
    match wait_args(m, a) {
        Ok((ep, _, _, timeout)) => timeout >= 0 || m.os.epoll_has_ready(ep),
        Err(_) => true,
    }
}

/// The time-out in nanoseconds of an `epoll_wait` that will wait (`None`: it does not,
/// or waits without one).
pub(crate) fn timeout_ns(m: &Machine, a: &Args) -> Option<u64> {
    let (ep, _, _, timeout) = wait_args(m, a).ok()?;
    (timeout > 0 && !m.os.epoll_has_ready(ep)).then(|| timeout as u64 * NS_PER_MS)
}

fn wait(m: &mut Machine, t: usize, a: &Args) -> R {
    event(m, t, TABLE_KEY, AccessKind::Read);
    let (ep, buf, max, timeout) = match wait_args(m, a) {
        Ok(w) => w,
        Err(e) => return Ok(fail(m, t, e)),
    };
    event(m, t, epoll_key(ep), AccessKind::Rmw);
    for n in m.os.epoll_ready_nodes(ep) {
        event(m, t, node_key(n), AccessKind::Rmw);
    }
    let woken = m.os.epoll_has_ready(ep);
    let got = m.os.epoll_scan(ep, max as usize);
    if got.is_empty() {
        return Ok(match timeout {
            0 => Flow::Return(0),
            // Woken, but what woke it is no longer ready: it sleeps again.
            _ if woken => Flow::Block,
            to if to < 0 => Flow::Block,
            ms => {
                event(m, t, CLOCK_KEY, AccessKind::Rmw);
                m.end_timed_wait(t, ms as u64 * NS_PER_MS);
                Flow::Return(0)
            }
        });
    }
    plain_access(m, t, buf, EVENT_BYTES * got.len() as u64, true);
    for (i, &(events, data)) in got.iter().enumerate() {
        let at = buf + EVENT_BYTES * i as u64;
        write_word(m, at, 4, events as u64)?;
        write_word(m, at + 4, 8, data)?;
    }
    Ok(Flow::Return(got.len() as u64))
}
