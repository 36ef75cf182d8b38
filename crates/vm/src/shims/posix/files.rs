//! File calls beyond open/read/write: positioned reads and writes (`pread`, `pwrite`),
//! `ftruncate`/`truncate` and `rename`, over the in-memory file system of `crate::os`.

use super::fd::{read, write, SendHow};
use super::{event, fail, Args, Flow};
use crate::errno;
use crate::events::AccessKind;
use crate::machine::Machine;
use crate::memory::Fault;
use crate::os::{node_key, Node, TABLE_KEY};
use ravel_ir::Builtin;

pub(super) fn call(m: &mut Machine, t: usize, b: Builtin, a: &Args) -> Option<Flow> {
    use Builtin::*;
    let r = match b {
        Pread | Pwrite => positioned(m, t, b, a),
        Ftruncate => {
            event(m, t, TABLE_KEY, AccessKind::Read);
            let node = m.os.fds.get(a.get(0)).map(|d| (d.wr, d.flags & 3 != 0));
            Ok(match node {
                Some((Some(n), true)) => truncate(m, t, n, a.get(1)),
                Some(_) => fail(m, t, errno::EINVAL),
                None => fail(m, t, errno::EBADF),
            })
        }
        Truncate => m.memory.c_string(a.get(0), None).map(|path| {
            event(m, t, TABLE_KEY, AccessKind::Rmw);
            match m.os.fs.lookup(&path) {
                Ok(Some(n)) => truncate(m, t, n, a.get(1)),
                Ok(None) => fail(m, t, errno::ENOENT),
                Err(e) => fail(m, t, e),
            }
        }),
        Rename => rename(m, t, a.get(0), a.get(1)),
        _ => return None,
    };
    Some(r.unwrap_or_else(|e| super::super::fault_flow(m, t, e)))
}

/// `pread`/`pwrite`: a read or write at an offset that leaves the descriptor's offset as
/// it was. Only regular files have offsets (`ESPIPE` for pipes and sockets); a `pwrite`
/// to a file opened with `O_APPEND` appends, as on Linux.
fn positioned(m: &mut Machine, t: usize, b: Builtin, a: &Args) -> Result<Flow, Fault> {
    let (fd, buf, len, at) = (a.get(0), a.get(1), a.get(2), a.get(3) as i64);
    let Some(d) = m.os.fds.get(fd) else {
        event(m, t, TABLE_KEY, AccessKind::Read);
        return Ok(fail(m, t, errno::EBADF));
    };
    let node = if b == Builtin::Pwrite { d.wr } else { d.rd };
    let saved = d.offset;
    if !matches!(node.map(|n| &m.os.fs.nodes[n as usize]), Some(Node::File { .. } | Node::Dir)) {
        event(m, t, TABLE_KEY, AccessKind::Read);
        return Ok(fail(m, t, errno::ESPIPE));
    }
    if at < 0 {
        return Ok(fail(m, t, errno::EINVAL));
    }
    m.os.fds.set_offset(fd, at as u64);
    let flow = if b == Builtin::Pwrite {
        write(m, t, fd, &[(buf, len)], SendHow::default())
    } else {
        read(m, t, fd, &[(buf, len)], false)
    };
    m.os.fds.set_offset(fd, saved);
    flow
}

/// Sets the length of file node `n` (new bytes are zeros).
fn truncate(m: &mut Machine, t: usize, n: u32, len: u64) -> Flow {
    event(m, t, node_key(n), AccessKind::Rmw);
    if (len as i64) < 0 {
        return fail(m, t, errno::EINVAL);
    }
    match m.os.truncate(n, len) {
        Ok(()) => Flow::Return(0),
        Err(e) => fail(m, t, e),
    }
}

/// `rename`: the node of `from` takes the name `to`, replacing a file there. Directories
/// are not renamed (their files' names would move with them).
fn rename(m: &mut Machine, t: usize, from: u64, to: u64) -> Result<Flow, Fault> {
    let (from, to) = (m.memory.c_string(from, None)?, m.memory.c_string(to, None)?);
    event(m, t, TABLE_KEY, AccessKind::Rmw);
    let n = match m.os.fs.lookup(&from) {
        Ok(Some(n)) => n,
        Ok(None) => return Ok(fail(m, t, errno::ENOENT)),
        Err(e) => return Ok(fail(m, t, e)),
    };
    if matches!(m.os.fs.nodes[n as usize], Node::Dir) {
        m.unsupported(t, "rename of a directory");
        return Ok(Flow::End);
    }
    match m.os.fs.lookup(&to) {
        Ok(Some(old)) if matches!(m.os.fs.nodes[old as usize], Node::Dir) => return Ok(fail(m, t, errno::EISDIR)),
        Ok(Some(old)) => event(m, t, node_key(old), AccessKind::Rmw),
        Ok(None) => {}
        Err(e) => return Ok(fail(m, t, e)),
    }
    event(m, t, node_key(n), AccessKind::Rmw);
    m.os.rename(&from, &to, n);
    Ok(Flow::Return(0))
}
