//! The POSIX ABI: decodes arguments and C structures, sets `errno`, and calls the
//! process model in `crate::os`. Every call on shared OS state is a visible operation
//! whose event names the OS object it touches (see `os::node_key`), so the explorers see
//! which calls conflict; a call on a pipe that must wait is disabled until it can run.

mod attrs;
mod clock;
mod dirs;
mod epoll;
mod fd;
mod files;
mod net;
mod poll;
mod process;
mod signal;

use super::{Args, Flow};
use crate::events::{AccessKind, Loc, LogEntry, PendingKind};
use crate::machine::{Chooser, Machine};
use crate::os::{self, Ready};
use ravel_ir::Builtin;

pub(crate) use clock::{clock_reading, timespec_ns, TIMER_ABSTIME};
pub(crate) use epoll::timeout_ns as epoll_timeout_ns;
pub(crate) use poll::{ready_now as poll_ready_now, timeout_ns as poll_timeout_ns};

/// Runs the model of `b` when it is a POSIX function.
pub(super) fn call(m: &mut Machine, t: usize, b: Builtin, a: &Args, chooser: &mut dyn Chooser) -> Option<Flow> {
    let flow = clock::call(m, t, b, a)
        .or_else(|| process::call(m, t, b, a))
        .or_else(|| signal::call(m, t, b, a))
        .or_else(|| fd::call(m, t, b, a, chooser))
        .or_else(|| files::call(m, t, b, a))
        .or_else(|| dirs::call(m, t, b, a))
        .or_else(|| attrs::call(m, t, b, a))
        .or_else(|| poll::call(m, t, b, a))
        .or_else(|| epoll::call(m, t, b, a))
        .or_else(|| net::call(m, t, b, a, chooser))
        .or_else(|| unsupported(m, t, b, a));
    // The epoll instances the call woke changed: their waiters see it.
    for ep in m.os.take_woken() {
        event(m, t, os::epoll_key(ep), AccessKind::Rmw);
    }
    flow
}

/// `__ravel_unsupported(what)`: ravel's C library met something it does not model.
fn unsupported(m: &mut Machine, t: usize, b: Builtin, a: &Args) -> Option<Flow> {
    if b != Builtin::RavelUnsupported {
        return None;
    }
    let what = m.memory.c_string(a.get(0), Some(200)).unwrap_or_default();
    m.unsupported(t, String::from_utf8_lossy(&what).into_owned());
    Some(Flow::End)
}

/// True for the POSIX functions that are scheduling points: those that read or change
/// the clock, signal state, descriptors or files.
pub(crate) fn is_visible(b: Builtin) -> bool {
    use Builtin::*;
    clock_op(b) || signal_op(b) || fd_op(b) || net_op(b) || matches!(b, Getrlimit | Setrlimit)
}

fn net_op(b: Builtin) -> bool {
    use Builtin::*;
    matches!(
        b,
        Socket
            | Bind
            | Listen
            | Accept
            | Accept4
            | Connect
            | Send
            | Recv
            | Sendto
            | Recvfrom
            | Sendmsg
            | Recvmsg
            | Setsockopt
            | Getsockopt
            | Getsockname
            | Getpeername
            | Shutdown
            | Readv
            | Writev
    )
}

fn clock_op(b: Builtin) -> bool {
    use Builtin::*;
    matches!(b, Time | Clock | Timestamp | Gettimeofday | ClockGettime | Sleep | Usleep | Nanosleep | ClockNanosleep)
}

fn signal_op(b: Builtin) -> bool {
    use Builtin::*;
    matches!(b, Signal | Sigaction | Sigprocmask | PthreadSigmask | Raise | Kill | PthreadKill | Sigwait)
}

fn fd_op(b: Builtin) -> bool {
    use Builtin::*;
    matches!(
        b,
        Open | Openat
            | Creat
            | Read
            | Write
            | Close
            | Lseek
            | Stat
            | Fstat
            | Lstat
            | Unlink
            | Access
            | Dup
            | Dup2
            | Fcntl
            | Pipe
            | Pipe2
            | Socketpair
            | Eventfd
            | Poll
            | Select
            | Pselect
            | EpollCreate
            | EpollCreate1
            | EpollCtl
            | EpollWait
            | EpollPwait
            | Isatty
            | Pread
            | Pwrite
            | Ftruncate
            | Truncate
            | Rename
            | Mkdir
            | Mkdirat
            | Rmdir
            | Unlinkat
            | Chdir
            | Fchdir
            | Getdents64
            | RavelGetcwd
            | RavelRealpath
            | Chmod
            | Fchmod
            | Fchmodat
            | Chown
            | Fchown
            | Fchownat
            | Umask
            | Utimensat
            | Futimens
    )
}

/// Calls on one descriptor: their event is on the node behind it.
fn on_one_fd(b: Builtin) -> bool {
    use Builtin::*;
    matches!(b, Read | Write | Lseek | Fstat | Isatty | Readv | Writev | Send | Recv | Sendmsg | Recvmsg)
}

/// Calls that write to their descriptor (their event is on the node written).
fn writes(b: Builtin) -> bool {
    use Builtin::*;
    matches!(b, Write | Writev | Send | Sendto | Sendmsg)
}

/// The location the event of `on_one_fd` call on `fd` touches: the node it reads (or
/// writes), or the descriptor table when `fd` is not open (then it only reads that).
fn fd_loc(m: &Machine, b: Builtin, fd: u64) -> (Loc, AccessKind) {
    match m.os.fds.get(fd).and_then(|d| if writes(b) { d.wr.or(d.rd) } else { d.rd.or(d.wr) }) {
        Some(n) => (Loc::Sync(os::node_key(n)), AccessKind::Rmw),
        None => (Loc::Sync(os::TABLE_KEY), AccessKind::Read),
    }
}

/// What a thread stopped at POSIX call `b` (first argument `p0`) will touch, when it is
/// one place; `None` for calls that touch several (they may conflict with anything).
pub(crate) fn pending(m: &Machine, b: Builtin, p0: u64) -> Option<PendingKind> {
    if clock_op(b) {
        return Some(PendingKind::Access(Loc::Sync(os::CLOCK_KEY), AccessKind::Rmw));
    }
    if signal_op(b) {
        return Some(PendingKind::Access(Loc::Sync(os::SIGNAL_KEY), AccessKind::Rmw));
    }
    if on_one_fd(b) {
        let watched =
            m.os.fds.get(p0).is_some_and(|d| [d.rd, d.wr, d.sock].into_iter().flatten().any(|n| m.os.watched(n)));
        if watched {
            // It may wake an epoll instance too.
            return Some(PendingKind::Other);
        }
        let (loc, kind) = fd_loc(m, b, p0);
        return Some(PendingKind::Access(loc, kind));
    }
    is_visible(b).then_some(PendingKind::Other)
}

/// True when thread `t`, stopped at POSIX call `b`, can run it now: reads of an empty
/// pipe and writes to a full one wait, as do `poll` and `select` without a time-out while
/// nothing is ready, `epoll_wait` while its ready list is empty, and `sigwait` while none
/// of its signals is pending.
pub(crate) fn enabled(m: &mut Machine, t: usize, b: Builtin, a: &Args) -> bool {
    match b {
        Builtin::Sigwait => signal::sigwait_enabled(m, t, a),
        Builtin::Read => m.os.read_ready(a.get(0)) == Ready::Now,
        Builtin::Write => m.os.write_ready(a.get(0), a.get(2)) == Ready::Now,
        Builtin::Poll | Builtin::Select | Builtin::Pselect => poll::enabled(m, b, a),
        Builtin::EpollWait | Builtin::EpollPwait => epoll::enabled(m, a),
        _ => net::enabled(m, b, a).unwrap_or(true),
    }
}

/// Logs the event of an OS call on `key`.
fn event(m: &mut Machine, t: usize, key: u64, kind: AccessKind) {
    m.log_event(t, Loc::Sync(key), kind);
}

/// Sets `errno` to `e` and returns -1.
fn fail(m: &mut Machine, t: usize, e: u64) -> Flow {
    match super::pthread::set_errno(m, t, e) {
        Ok(()) => Flow::Return(u64::MAX),
        Err(f) => super::fault_flow(m, t, f),
    }
}

/// Logs a library access to program memory like the instruction it stands for, so the
/// race detector sees it. Under `--interleave sync` that makes it as precise as a plain
/// access; under `all` it is still not a scheduling point (the caller says so).
pub(crate) fn plain_access(m: &mut Machine, t: usize, addr: u64, len: u64, write: bool) {
    if !m.config.log_events || len == 0 {
        return;
    }
    let shared = m.memory.find(addr).is_some_and(|(id, _)| m.memory.objects[id as usize].shared);
    if shared {
        let at = m.current_loc(t);
        m.journal.log(LogEntry::Plain { thread: t, addr, len, write, at });
    }
}

/// Little-endian word of `bytes` bytes at `addr`.
fn read_word(m: &mut Machine, addr: u64, bytes: u32) -> Result<u64, crate::memory::Fault> {
    let b = m.memory.read(addr, bytes as u64)?;
    let mut w = [0u8; 8];
    w[..b.len()].copy_from_slice(&b);
    Ok(u64::from_le_bytes(w))
}

/// Writes the low `bytes` bytes of `v` at `addr`.
fn write_word(m: &mut Machine, addr: u64, bytes: u32, v: u64) -> Result<(), crate::memory::Fault> {
    m.memory.write(addr, &v.to_le_bytes()[..bytes as usize])
}
