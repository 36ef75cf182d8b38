//! File attributes: permission bits (`chmod` family, `umask`), owners (`chown` family)
//! and times (`utimensat`, `futimens`), which `stat` shows.
//!
//! The process runs as the unprivileged user 1000 (group 1000), who owns every file: a
//! change of owner to anyone else is `EPERM`, as it is for such a user on Linux.

use super::dirs::{at, named};
use super::{event, fail, plain_access, Args, Flow};
use crate::errno;
use crate::events::AccessKind;
use crate::machine::Machine;
use crate::memory::Fault;
use crate::os::{node_key, At, TABLE_KEY};
use ravel_ir::Builtin;

/// The modelled user and group (`getuid`, `getgid`).
const USER: u32 = 1000;
/// `timespec` nanoseconds meaning "now" and "leave alone".
const UTIME_NOW: u64 = (1 << 30) - 1;
const UTIME_OMIT: u64 = (1 << 30) - 2;

type R = Result<Flow, Fault>;

/// A change to make to a node's attributes.
#[derive(Clone, Copy)]
enum Change {
    Mode(u32),
    Owner(u32, u32),
    /// The address of two `timespec`s (0: both now).
    Times(u64),
}

pub(super) fn call(m: &mut Machine, t: usize, b: Builtin, a: &Args) -> Option<Flow> {
    use Builtin::*;
    let (w0, w1, w2) = (a.get(0), a.get(1) as u32, a.get(2) as u32);
    let r = match b {
        Chmod => by_name(m, t, At::Cwd, w0, Change::Mode(w1)),
        Fchmodat => by_name(m, t, at(w0), a.get(1), Change::Mode(w2)),
        Fchmod => by_fd(m, t, w0, Change::Mode(w1)),
        Chown => by_name(m, t, At::Cwd, w0, Change::Owner(w1, w2)),
        Fchownat => by_name(m, t, at(w0), a.get(1), Change::Owner(w2, a.get(3) as u32)),
        Fchown => by_fd(m, t, w0, Change::Owner(w1, w2)),
        // A null name changes the file open at the descriptor (Linux).
        Utimensat if a.get(1) == 0 => by_fd(m, t, w0, Change::Times(a.get(2))),
        Utimensat => by_name(m, t, at(w0), a.get(1), Change::Times(a.get(2))),
        Futimens => by_fd(m, t, w0, Change::Times(a.get(1))),
        Umask => {
            event(m, t, TABLE_KEY, AccessKind::Rmw);
            let old = std::mem::replace(&mut m.os.fs.umask, w0 as u32 & 0o777);
            Ok(Flow::Return(old as u64))
        }
        _ => return None,
    };
    Some(r.unwrap_or_else(|e| super::super::fault_flow(m, t, e)))
}

fn by_name(m: &mut Machine, t: usize, at: At, path: u64, change: Change) -> R {
    named(m, t, at, path, |m, t, name| match m.os.fs.lookup(&name) {
        Ok(Some(n)) => apply(m, t, n, change),
        Ok(None) => Ok(fail(m, t, errno::ENOENT)),
        Err(e) => Ok(fail(m, t, e)),
    })
}

fn by_fd(m: &mut Machine, t: usize, fd: u64, change: Change) -> R {
    event(m, t, TABLE_KEY, AccessKind::Read);
    match m.os.fds.get(fd).and_then(|d| d.sock.or(d.rd).or(d.wr)) {
        Some(n) => apply(m, t, n, change),
        None => Ok(fail(m, t, errno::EBADF)),
    }
}

fn apply(m: &mut Machine, t: usize, n: u32, change: Change) -> R {
    event(m, t, node_key(n), AccessKind::Rmw);
    match change {
        Change::Mode(mode) => {
            m.os.fs.perms.insert(n, mode & 0o7777);
        }
        Change::Owner(uid, gid) => {
            if ![u32::MAX, USER].contains(&uid) || ![u32::MAX, USER].contains(&gid) {
                return Ok(fail(m, t, errno::EPERM));
            }
        }
        Change::Times(addr) => {
            let now = m.os.now_ns;
            let old = m.os.fs.times.get(&n).copied().unwrap_or((now, now));
            let set = match addr {
                0 => Times::Set(now, now),
                _ if m.program.model.ptr_bytes != 8 => Times::Unsupported("file times on a 32-bit target"),
                _ => times(m, t, addr, old)?,
            };
            match set {
                Times::Set(atime, mtime) => {
                    m.os.fs.times.insert(n, (atime, mtime));
                }
                Times::Invalid => return Ok(fail(m, t, errno::EINVAL)),
                Times::Unsupported(what) => {
                    m.unsupported(t, what);
                    return Ok(Flow::End);
                }
            }
        }
    }
    Ok(Flow::Return(0))
}

/// What two `timespec`s ask for.
enum Times {
    /// Access and modification time, ns since the epoch.
    Set(u64, u64),
    Invalid,
    Unsupported(&'static str),
}

/// The times of the two `timespec`s at `addr` (x86-64 layout), `UTIME_NOW` and
/// `UTIME_OMIT` applied to `old` (access, modification).
fn times(m: &mut Machine, t: usize, addr: u64, old: (u64, u64)) -> Result<Times, Fault> {
    plain_access(m, t, addr, 32, false);
    let mut out = [old.0, old.1];
    for (i, slot) in out.iter_mut().enumerate() {
        let secs = super::read_word(m, addr + 16 * i as u64, 8)?;
        let nsecs = super::read_word(m, addr + 16 * i as u64 + 8, 8)?;
        *slot = match nsecs {
            UTIME_NOW => m.os.now_ns,
            UTIME_OMIT => *slot,
            n if n >= 1_000_000_000 => return Ok(Times::Invalid),
            // The model keeps times as nanoseconds since the epoch.
            _ if (secs as i64) < 0 => return Ok(Times::Unsupported("a file time before 1970")),
            n => secs.saturating_mul(1_000_000_000).saturating_add(n),
        };
    }
    Ok(Times::Set(out[0], out[1]))
}
