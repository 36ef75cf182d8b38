//! `poll`, `select` and `pselect`: one readiness check of a set of descriptors, which
//! blocks (a visible operation, enabled once a descriptor is ready) or ends a timed wait
//! on the virtual clock. They differ only in how the set and the result are encoded.

use super::{event, fail, plain_access, read_word, write_word, Args, Flow};
use crate::errno;
use crate::events::AccessKind;
use crate::machine::Machine;
use crate::memory::Fault;
use crate::os::{node_key, CLOCK_KEY, TABLE_KEY};
use ravel_ir::Builtin;

type R = Result<Flow, Fault>;

const POLLIN: u16 = 1;
const POLLOUT: u16 = 4;
const POLLERR: u16 = 8;
const POLLHUP: u16 = 0x10;
/// What makes a descriptor count in `select`'s read set / write set (Linux's
/// `POLLIN_SET` / `POLLOUT_SET`; the exception set waits for `POLLPRI`, which no modelled
/// file has).
const READ_SET: u16 = POLLIN | POLLHUP | POLLERR;
const WRITE_SET: u16 = POLLOUT | POLLERR;
const NS_PER_MS: u64 = 1_000_000;

pub(super) fn call(m: &mut Machine, t: usize, b: Builtin, a: &Args) -> Option<Flow> {
    let r = match b {
        Builtin::Poll => poll(m, t, a.get(0), a.get(1), ravel_ir::sign_extend(a.get(2), 32) as i64),
        Builtin::Select | Builtin::Pselect => select(m, t, b, a),
        _ => return None,
    };
    Some(r.unwrap_or_else(|e| super::super::fault_flow(m, t, e)))
}

/// The `struct pollfd` entries at `fds`: (address, fd, events).
fn pollfds(m: &mut Machine, fds: u64, n: u64) -> Result<Vec<(u64, i64, u16)>, Fault> {
    (0..n.min(1 << 16))
        .map(|i| {
            let at = fds + 8 * i;
            let fd = ravel_ir::sign_extend(read_word(m, at, 4)?, 32) as i64;
            Ok((at, fd, read_word(m, at + 4, 2)? as u16))
        })
        .collect()
}

/// True when thread `t`, stopped at `poll`/`select`/`pselect` with arguments `a`, can run:
/// the call has a time-out, fails at once, or finds a descriptor ready.
pub(super) fn enabled(m: &mut Machine, b: Builtin, a: &Args) -> bool {
    timeout_ns(m, b, a).is_some() || ready_now(m, b, a)
}

/// The time-out of a waiting call in nanoseconds; `None` for none (it blocks), also when
/// the time-out is unreadable or invalid (the call then fails at once: see `ready_now`).
pub(crate) fn timeout_ns(m: &mut Machine, b: Builtin, a: &Args) -> Option<u64> {
    match b {
        Builtin::Poll => u64::try_from(ravel_ir::sign_extend(a.get(2), 32) as i64).ok().map(|ms| ms * NS_PER_MS),
        Builtin::Select | Builtin::Pselect if a.get(4) != 0 => {
            super::clock::read_time(m, a.get(4), if b == Builtin::Select { 1000 } else { 1 }).ok().flatten()
        }
        _ => None,
    }
}

/// True when the call returns at once: a descriptor is ready, or its arguments cannot
/// be read (it then fails at once).
pub(crate) fn ready_now(m: &mut Machine, b: Builtin, a: &Args) -> bool {
    if b == Builtin::Poll {
        return match pollfds(m, a.get(0), a.get(1)) {
            Ok(entries) => entries.iter().any(|&(_, fd, ev)| m.os.poll_events(fd, ev) != 0),
            Err(_) => true,
        };
    }
    if a.get(4) != 0 && timeout_ns(m, b, a).is_none() {
        return true;
    }
    match (read_sets(m, a), select_entries(m, a)) {
        (Ok(Ok(sets)), Ok(Ok(entries))) => {
            let revents: Vec<u16> = entries.iter().map(|&(fd, ev)| m.os.poll_events(fd, ev)).collect();
            selected(&sets, &entries, &revents).0 > 0
        }
        _ => true,
    }
}

/// What `select` reports: the count of ready bits and the sets it writes back.
fn selected(sets: &Sets, entries: &[(i64, u16)], revents: &[u16]) -> (u64, [Vec<u64>; 3]) {
    let mut out: [Vec<u64>; 3] = sets.words.clone().map(|w| vec![0; w.len()]);
    let mut count = 0;
    for (&(fd, _), &r) in entries.iter().zip(revents) {
        let fd = fd as u64;
        for (set, mask) in [(0, READ_SET), (1, WRITE_SET)] {
            if sets.has(set, fd) && r & mask != 0 {
                out[set][(fd / 64) as usize] |= 1 << (fd % 64);
                count += 1;
            }
        }
    }
    (count, out)
}

/// Polls `(fd, events)` entries: logs a read of the descriptor table and an event on each
/// node polled, and returns each entry's `revents`; `None` after stopping at an epoll
/// descriptor (its readiness is nested and not modelled).
fn poll_entries(m: &mut Machine, t: usize, entries: &[(i64, u16)]) -> Option<Vec<u16>> {
    event(m, t, TABLE_KEY, AccessKind::Read);
    let mut out = Vec::with_capacity(entries.len());
    for &(fd, ev) in entries {
        if fd >= 0 && m.os.is_epoll(fd as u64) {
            m.unsupported(t, "poll or select on an epoll descriptor (nested readiness)");
            return None;
        }
        if let Some(d) = (fd >= 0).then(|| m.os.fds.get(fd as u64)).flatten() {
            let nodes: Vec<u32> = d.rd.into_iter().chain(d.wr).collect();
            for node in nodes {
                event(m, t, node_key(node), AccessKind::Rmw);
            }
        }
        out.push(m.os.poll_events(fd, ev));
    }
    Some(out)
}

/// A wait that found nothing ready: it blocks without a time-out, else (a time-out other
/// than 0) it ends its timed wait on the virtual clock.
fn nothing_ready(m: &mut Machine, t: usize, timeout_ns: Option<u64>) -> Option<Flow> {
    match timeout_ns {
        None => Some(Flow::Block),
        Some(0) => None,
        Some(ns) => {
            event(m, t, CLOCK_KEY, AccessKind::Rmw);
            m.end_timed_wait(t, ns);
            None
        }
    }
}

fn poll(m: &mut Machine, t: usize, fds: u64, n: u64, timeout: i64) -> R {
    if n > m.os.max_fds() as u64 {
        return Ok(fail(m, t, errno::EINVAL));
    }
    let entries = pollfds(m, fds, n)?;
    let asked: Vec<(i64, u16)> = entries.iter().map(|&(_, fd, ev)| (fd, ev)).collect();
    let Some(revents) = poll_entries(m, t, &asked) else { return Ok(Flow::End) };
    let ready = revents.iter().filter(|&&r| r != 0).count() as u64;
    let timeout_ns = u64::try_from(timeout).ok().map(|ms| ms * NS_PER_MS);
    if ready == 0 {
        if let Some(f) = nothing_ready(m, t, timeout_ns) {
            return Ok(f);
        }
    }
    for (&(at, _, _), r) in entries.iter().zip(revents) {
        write_word(m, at + 6, 2, r as u64)?;
    }
    Ok(Flow::Return(ready))
}

/// The `fd_set`s of a `select`: the number of descriptors, the three set addresses (0:
/// none) and the words of each set (64 descriptors a word, x86-64's layout).
struct Sets {
    nfds: u64,
    addr: [u64; 3],
    words: [Vec<u64>; 3],
}

fn read_sets(m: &mut Machine, a: &Args) -> Result<Result<Sets, u64>, Fault> {
    let nfds = ravel_ir::sign_extend(a.get(0), 32) as i64;
    if nfds < 0 {
        return Ok(Err(errno::EINVAL));
    }
    let nfds = (nfds as u64).min(m.os.max_fds() as u64);
    let addr = [a.get(1), a.get(2), a.get(3)];
    let mut words: [Vec<u64>; 3] = Default::default();
    for (w, &at) in words.iter_mut().zip(&addr) {
        if at != 0 {
            *w = (0..nfds.div_ceil(64)).map(|i| read_word(m, at + 8 * i, 8)).collect::<Result<_, _>>()?;
        }
    }
    Ok(Ok(Sets { nfds, addr, words }))
}

impl Sets {
    fn has(&self, set: usize, fd: u64) -> bool {
        self.words[set].get((fd / 64) as usize).is_some_and(|w| w >> (fd % 64) & 1 != 0)
    }
}

/// The descriptors in the sets of a `select` and what each waits for; `Err(errno)` when
/// the call fails (a negative count, a descriptor in a set that is not open).
fn select_entries(m: &mut Machine, a: &Args) -> Result<Result<Vec<(i64, u16)>, u64>, Fault> {
    let sets = match read_sets(m, a)? {
        Ok(s) => s,
        Err(e) => return Ok(Err(e)),
    };
    let mut entries = Vec::new();
    for fd in 0..sets.nfds {
        // A descriptor only in the exception set is checked and polled for nothing.
        let ev = if sets.has(0, fd) { POLLIN } else { 0 } | if sets.has(1, fd) { POLLOUT } else { 0 };
        if ev != 0 || sets.has(2, fd) {
            if m.os.fds.get(fd).is_none() {
                return Ok(Err(errno::EBADF));
            }
            entries.push((fd as i64, ev));
        }
    }
    Ok(Ok(entries))
}

/// `select(nfds, readfds, writefds, exceptfds, timeval)` and `pselect(..., timespec,
/// sigmask)`: the sets are rewritten to the ready descriptors; `select` sets its time-out
/// to what is left (0 after timing out, all of it when it returns at once).
fn select(m: &mut Machine, t: usize, b: Builtin, a: &Args) -> R {
    if b == Builtin::Pselect && a.get(5) != 0 {
        m.unsupported(t, "pselect with a signal mask");
        return Ok(Flow::End);
    }
    let timeout_ns = match (a.get(4), timeout_ns(m, b, a)) {
        (0, _) => None,
        (_, None) => return Ok(fail(m, t, errno::EINVAL)),
        (_, ns) => ns,
    };
    let sets = match read_sets(m, a)? {
        Ok(s) => s,
        Err(e) => return Ok(fail(m, t, e)),
    };
    let entries = match select_entries(m, a)? {
        Ok(e) => e,
        Err(e) => return Ok(fail(m, t, e)),
    };
    for (set, &at) in sets.addr.iter().enumerate().filter(|s| *s.1 != 0) {
        plain_access(m, t, at, 8 * sets.words[set].len() as u64, false);
    }
    let Some(revents) = poll_entries(m, t, &entries) else { return Ok(Flow::End) };
    let (count, out) = selected(&sets, &entries, &revents);
    if count == 0 {
        if let Some(f) = nothing_ready(m, t, timeout_ns) {
            return Ok(f);
        }
        if b == Builtin::Select && timeout_ns.is_some_and(|ns| ns > 0) {
            super::clock::write_time(m, a.get(4), 0, 1000)?;
        }
    }
    for (set, &at) in sets.addr.iter().enumerate().filter(|s| *s.1 != 0) {
        plain_access(m, t, at, 8 * out[set].len() as u64, true);
        for (i, &w) in out[set].iter().enumerate() {
            write_word(m, at + 8 * i as u64, 8, w)?;
        }
    }
    Ok(Flow::Return(count))
}
