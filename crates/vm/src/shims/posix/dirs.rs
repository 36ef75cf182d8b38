//! Directories and names: `mkdir`, `rmdir`, `unlinkat`, the working directory (`chdir`,
//! `fchdir`, `getcwd`), `realpath` and `getdents64` (which ravel's libc reads
//! directory streams with), over the in-memory file system of `crate::os`.

use super::{event, fail, plain_access, Args, Flow};
use crate::errno;
use crate::events::AccessKind;
use crate::machine::Machine;
use crate::memory::Fault;
use crate::os::{node_key, At, Fs, Node, Unresolved, TABLE_KEY};
use ravel_ir::Builtin;

const AT_FDCWD: i64 = -100;
const AT_REMOVEDIR: u64 = 0x200;
/// Longest name `realpath` gives (`PATH_MAX`, its buffer's size).
pub(super) const PATH_MAX: u64 = 4096;

type R = Result<Flow, Fault>;

pub(super) fn call(m: &mut Machine, t: usize, b: Builtin, a: &Args) -> Option<Flow> {
    use Builtin::*;
    let r = match b {
        Mkdir => named(m, t, At::Cwd, a.get(0), |m, t, name| mkdir(m, t, &name, a.get(1))),
        Mkdirat => named(m, t, at(a.get(0)), a.get(1), |m, t, name| mkdir(m, t, &name, a.get(2))),
        Rmdir => named(m, t, At::Cwd, a.get(0), rmdir),
        Unlinkat if a.get(2) & AT_REMOVEDIR != 0 => named(m, t, at(a.get(0)), a.get(1), rmdir),
        Unlinkat => named(m, t, at(a.get(0)), a.get(1), |m, t, name| Ok(super::fd::unlink(m, t, &name))),
        Chdir => named(m, t, At::Cwd, a.get(0), |m, t, name| {
            Ok(match m.os.chdir(&name) {
                Ok(()) => Flow::Return(0),
                Err(e) => fail(m, t, e),
            })
        }),
        Fchdir => Ok(fchdir(m, t, a.get(0))),
        RavelGetcwd => getcwd(m, t, a.get(0), a.get(1)),
        RavelRealpath => realpath(m, t, a.get(0), a.get(1)),
        Getdents64 => getdents(m, t, a.get(0), a.get(1), a.get(2)),
        _ => return None,
    };
    Some(r.unwrap_or_else(|e| super::super::fault_flow(m, t, e)))
}

/// What a `*at` call's directory argument names.
pub(super) fn at(dirfd: u64) -> At {
    match ravel_ir::sign_extend(dirfd, 32) as i64 {
        AT_FDCWD => At::Cwd,
        fd => At::Fd(fd as u64),
    }
}

/// The C string at `addr` (a name), read as the program's memory is.
pub(super) fn read_path(m: &mut Machine, t: usize, addr: u64) -> Result<Vec<u8>, Fault> {
    let path = m.memory.c_string(addr, None)?;
    plain_access(m, t, addr, path.len() as u64 + 1, false);
    Ok(path)
}

/// The absolute name of `path` relative to `at`, or its error number; `None` after
/// stopping as unsupported (a directory descriptor whose directory was removed).
pub(super) fn absolute(m: &mut Machine, t: usize, at: At, path: &[u8]) -> Option<Result<Vec<u8>, u64>> {
    if path.is_empty() {
        return Some(Err(errno::ENOENT));
    }
    match m.os.at_path(at, path) {
        Ok(name) => Some(Ok(name)),
        Err(Unresolved::Errno(e)) => Some(Err(e)),
        Err(Unresolved::Removed) => {
            m.unsupported(t, "a name relative to a removed directory");
            None
        }
    }
}

/// Runs `f` on the absolute name of the path at `addr` relative to `at`, after logging
/// the name lookup (errors in the name fail the call).
pub(super) fn named(
    m: &mut Machine,
    t: usize,
    at: At,
    addr: u64,
    f: impl FnOnce(&mut Machine, usize, Vec<u8>) -> R,
) -> R {
    let path = read_path(m, t, addr)?;
    event(m, t, TABLE_KEY, AccessKind::Rmw);
    match absolute(m, t, at, &path) {
        Some(Ok(name)) => f(m, t, name),
        Some(Err(e)) => Ok(fail(m, t, e)),
        None => Ok(Flow::End),
    }
}

fn mkdir(m: &mut Machine, t: usize, name: &[u8], mode: u64) -> R {
    Ok(match m.os.mkdir(name, mode as u32) {
        Ok(n) => {
            event(m, t, node_key(n), AccessKind::Rmw);
            Flow::Return(0)
        }
        Err(e) => fail(m, t, e),
    })
}

fn rmdir(m: &mut Machine, t: usize, name: Vec<u8>) -> R {
    if Fs::is_proc(&name) {
        m.unsupported(t, "rmdir under /proc");
        return Ok(Flow::End);
    }
    Ok(match m.os.rmdir(&name) {
        Ok(n) => {
            event(m, t, node_key(n), AccessKind::Rmw);
            Flow::Return(0)
        }
        Err(e) => fail(m, t, e),
    })
}

fn fchdir(m: &mut Machine, t: usize, fd: u64) -> Flow {
    event(m, t, TABLE_KEY, AccessKind::Rmw);
    let Some(n) = m.os.fds.get(fd).and_then(|d| d.rd) else { return fail(m, t, errno::EBADF) };
    if !matches!(m.os.fs.nodes[n as usize], Node::Dir) {
        return fail(m, t, errno::ENOTDIR);
    }
    let Some(name) = m.os.fs.path_of(n) else {
        m.unsupported(t, "fchdir into a removed directory");
        return Flow::End;
    };
    match m.os.chdir(&name) {
        Ok(()) => Flow::Return(0),
        Err(e) => fail(m, t, e),
    }
}

/// Writes `bytes` and a NUL at `buf`, which holds `size` bytes (`ERANGE` when they do
/// not fit).
fn put_name(m: &mut Machine, t: usize, bytes: &[u8], buf: u64, size: u64, too_long: u64) -> R {
    if bytes.len() as u64 >= size {
        return Ok(fail(m, t, too_long));
    }
    let mut out = bytes.to_vec();
    out.push(0);
    plain_access(m, t, buf, out.len() as u64, true);
    m.memory.write(buf, &out)?;
    Ok(Flow::Return(0))
}

/// `__ravel_getcwd(buf, size)`: the working directory into `buf` (0, or -1 with `errno`);
/// ravel's libc makes `getcwd` of it. `ENOENT` once the directory was removed.
fn getcwd(m: &mut Machine, t: usize, buf: u64, size: u64) -> R {
    event(m, t, TABLE_KEY, AccessKind::Rmw);
    if size == 0 {
        return Ok(fail(m, t, errno::EINVAL));
    }
    let cwd = m.os.fs.cwd.clone();
    if let Err(e) = m.os.dir_node(&cwd) {
        return Ok(fail(m, t, e));
    }
    put_name(m, t, &cwd, buf, size, errno::ERANGE)
}

/// `__ravel_realpath(path, out)`: the absolute name of an existing file into `out`
/// (`PATH_MAX` bytes). `..` is resolved lexically, which only a symbolic link could make
/// wrong: a host link on the way stops as unsupported. Every directory on the way must
/// exist (`ENOENT`) and be one (`ENOTDIR`), as the kernel checks.
fn realpath(m: &mut Machine, t: usize, path: u64, out: u64) -> R {
    let path = read_path(m, t, path)?;
    event(m, t, TABLE_KEY, AccessKind::Rmw);
    if path.is_empty() {
        return Ok(fail(m, t, errno::ENOENT));
    }
    let start = if path.first() == Some(&b'/') { b"/".to_vec() } else { m.os.fs.cwd.clone() };
    let mut name = start;
    let parts: Vec<&[u8]> = path.split(|&c| c == b'/').filter(|c| !c.is_empty() && *c != b".").collect();
    for (i, part) in parts.iter().enumerate() {
        if let Err(e) = m.os.dir_node(&name) {
            return Ok(fail(m, t, e));
        }
        name = m.os.fs.resolve(&[&name[..], b"/", part].concat());
        if *part != b".." && is_host_link(&name) {
            let shown = String::from_utf8_lossy(&name).into_owned();
            m.unsupported(t, format!("realpath through the host's symbolic link {shown}"));
            return Ok(Flow::End);
        }
        if i + 1 == parts.len() {
            match m.os.fs.lookup(&name) {
                Ok(Some(_)) => {}
                Ok(None) => return Ok(fail(m, t, errno::ENOENT)),
                Err(e) => return Ok(fail(m, t, e)),
            }
        }
    }
    if parts.is_empty() {
        if let Err(e) = m.os.dir_node(&name) {
            return Ok(fail(m, t, e));
        }
    }
    put_name(m, t, &name, out, PATH_MAX, errno::ENAMETOOLONG)
}

/// Whether the host has a symbolic link named `name`.
fn is_host_link(name: &[u8]) -> bool {
    std::str::from_utf8(name).is_ok_and(|p| std::fs::symlink_metadata(p).is_ok_and(|md| md.file_type().is_symlink()))
}

/// `getdents64(fd, buf, count)`: the next entries of the directory open at `fd`.
fn getdents(m: &mut Machine, t: usize, fd: u64, buf: u64, count: u64) -> R {
    event(m, t, TABLE_KEY, AccessKind::Rmw);
    let dir = m.os.fds.get(fd).and_then(|d| d.rd);
    if let Some(n) = dir {
        event(m, t, node_key(n), AccessKind::Rmw);
        if m.os.fs.path_of(n).is_some_and(|name| Fs::is_proc(&name)) {
            m.unsupported(t, "listing a directory under /proc");
            return Ok(Flow::End);
        }
    }
    Ok(match m.os.dir_records(fd, count) {
        Ok(records) => {
            plain_access(m, t, buf, records.len() as u64, true);
            m.memory.write(buf, &records)?;
            Flow::Return(records.len() as u64)
        }
        Err(e) => fail(m, t, e),
    })
}
