//! File descriptors: `open`, `read`, `write`, `close`, `lseek`, `stat`, `dup`, `fcntl`,
//! pipes, socket pairs and `eventfd`, over the in-memory file system of
//! `crate::os`. The terminal streams keep writing to ravel's stdout/stderr; stdin is empty.

use super::{event, fail, plain_access, write_word, Args, Flow};
use crate::errno;
use crate::events::{AccessKind, ChannelOp, LogEntry};
use crate::machine::{Chooser, Machine};
use crate::memory::Fault;
use crate::os::fd_consts::{O_NONBLOCK, O_RDWR, O_WRONLY};
use crate::os::{node_key, At, Node, Ready, TABLE_KEY};
use ravel_ir::Builtin;
use std::rc::Rc;

const O_CREAT: u64 = 0o100;
const O_EXCL: u64 = 0o200;
const O_TRUNC: u64 = 0o1000;
const O_DIRECTORY: u64 = 0o200000;
const O_CLOEXEC: u64 = 0o2000000;
const FD_CLOEXEC: u64 = 1;

type R = Result<Flow, Fault>;

pub(super) fn call(m: &mut Machine, t: usize, b: Builtin, a: &Args, chooser: &mut dyn Chooser) -> Option<Flow> {
    use Builtin::*;
    if matches!(b, Lseek | Fstat | Isatty) && m.os.is_epoll(a.get(0)) {
        m.unsupported(t, format!("{} of an epoll descriptor", b.c_name()));
        return Some(Flow::End);
    }
    let r = match b {
        Open => open(m, t, At::Cwd, a.get(0), a.get(1), a.get(2), chooser),
        Openat => open(m, t, super::dirs::at(a.get(0)), a.get(1), a.get(2), a.get(3), chooser),
        Creat => open(m, t, At::Cwd, a.get(0), O_CREAT | O_TRUNC | O_WRONLY as u64, a.get(1), chooser),
        Read => read(m, t, a.get(0), &[(a.get(1), a.get(2))], false),
        Write => write(m, t, a.get(0), &[(a.get(1), a.get(2))], SendHow::default()),
        Close => Ok(close(m, t, a.get(0))),
        Lseek => {
            fd_event(m, t, b, a.get(0));
            Ok(match m.os.seek(a.get(0), a.get(1) as i64, a.get(2) & 0xffff_ffff) {
                Ok(off) => Flow::Return(off),
                Err(e) => fail(m, t, e),
            })
        }
        Stat | Lstat => stat_path(m, t, a.get(0), a.get(1), chooser),
        Fstat => {
            fd_event(m, t, b, a.get(0));
            match m.os.fds.get(a.get(0)).and_then(|d| d.sock.or(d.rd).or(d.wr)) {
                Some(n) => fill_stat(m, t, n, a.get(1)),
                None => Ok(fail(m, t, errno::EBADF)),
            }
        }
        Unlink => super::dirs::named(m, t, At::Cwd, a.get(0), |m, t, name| Ok(unlink(m, t, &name))),
        Access => super::dirs::named(m, t, At::Cwd, a.get(0), |m, t, name| {
            Ok(match m.os.fs.lookup(&name) {
                Ok(Some(n)) if !permits(m, n, a.get(1) as u32 & 7) => fail(m, t, errno::EACCES),
                Ok(Some(_)) => Flow::Return(0),
                Ok(None) => fail(m, t, errno::ENOENT),
                Err(e) => fail(m, t, e),
            })
        }),
        Dup => Ok(dup(m, t, a.get(0), None, 0, false)),
        Dup2 => Ok(dup(m, t, a.get(0), Some(a.get(1) & 0xffff_ffff), 0, false)),
        Fcntl => Ok(fcntl(m, t, a.get(0), a.get(1) & 0xffff_ffff, a.get(2))),
        Pipe | Pipe2 => pipe(m, t, a.get(0), if b == Pipe2 { a.get(1) } else { 0 }),
        Socketpair => socketpair(m, t, a),
        Eventfd => Ok(eventfd(m, t, a.get(0) & 0xffff_ffff, a.get(1))),
        Isatty => {
            // The standard streams are pipes, never terminals, so that a program's output
            // does not depend on where ravel's own output goes.
            // It answers 0 (not -1) when it fails.
            fd_event(m, t, b, a.get(0));
            let node = m.os.fds.get(a.get(0)).and_then(|d| d.rd.or(d.wr));
            if node.is_some_and(|n| is_terminal(m, n)) {
                return Some(Flow::Return(1));
            }
            let e = if node.is_some() { errno::ENOTTY } else { errno::EBADF };
            Ok(match fail(m, t, e) {
                Flow::Return(_) => Flow::Return(0),
                other => other,
            })
        }
        _ => return None,
    };
    Some(r.unwrap_or_else(|e| super::super::fault_flow(m, t, e)))
}

/// Logs what the step did to the pipe `node` (a pipe's or a socket's end) for the race
/// detector ([`LogEntry::Channel`]); nothing for other nodes, whose events synchronise.
fn channel(m: &mut Machine, t: usize, node: Option<u32>, op: ChannelOp) {
    if !m.config.log_events {
        return;
    }
    let Some(n) = node.filter(|&n| matches!(m.os.fs.nodes[n as usize], Node::Pipe { .. })) else { return };
    m.journal.log(LogEntry::Channel { thread: t, key: node_key(n), op });
}

/// Whether node `n` is a standard stream `--tty` made a terminal.
fn is_terminal(m: &Machine, n: u32) -> bool {
    matches!(m.os.fs.nodes[n as usize], Node::Std(s) if m.config.tty & (1 << s) != 0)
}

/// Logs the event of a call on one descriptor (see `super::fd_loc`).
fn fd_event(m: &mut Machine, t: usize, b: Builtin, fd: u64) {
    let (loc, kind) = super::fd_loc(m, b, fd);
    m.log_event(t, loc, kind);
}

/// Logs a change of the descriptor table that touches `fd`'s nodes.
pub(super) fn table_event(m: &mut Machine, t: usize, fd: Option<u64>) {
    event(m, t, TABLE_KEY, AccessKind::Rmw);
    if let Some(d) = fd.and_then(|fd| m.os.fds.get(fd)) {
        let nodes: Vec<u32> = d.rd.into_iter().chain(d.wr).collect();
        for n in nodes {
            event(m, t, node_key(n), AccessKind::Rmw);
        }
    }
}

/// `unlink` of the absolute name `name` (not of a directory).
pub(super) fn unlink(m: &mut Machine, t: usize, name: &[u8]) -> Flow {
    match m.os.fs.lookup(name) {
        Ok(Some(n)) if matches!(m.os.fs.nodes[n as usize], Node::Dir) => fail(m, t, errno::EISDIR),
        Ok(Some(n)) => {
            event(m, t, node_key(n), AccessKind::Rmw);
            m.os.fs.unlink(name);
            Flow::Return(0)
        }
        Ok(None) => fail(m, t, errno::ENOENT),
        Err(e) => fail(m, t, e),
    }
}

/// `n` fresh input bytes: symbolic (with their expressions) when the machine is, else
/// chosen by `chooser` (seeded random under `ravel run`).
pub(super) fn input_bytes(
    m: &mut Machine,
    t: usize,
    n: u64,
    chooser: &mut dyn Chooser,
) -> Vec<(u8, Option<ravel_sym::ExprId>)> {
    let loc = m.current_loc(t);
    (0..n)
        .map(|_| {
            if m.is_symbolic() && !m.is_recording() {
                let v = m.fresh_input(8, 8, loc) as u8;
                (v, m.sym.as_mut().and_then(|st| st.pending_ret.take()))
            } else {
                (chooser.nondet(8, loc) as u8, None)
            }
        })
        .collect()
}

/// Makes the symbolic bytes of a `--sym-file` node on its first use.
fn materialize(m: &mut Machine, t: usize, n: u32, chooser: &mut dyn Chooser) {
    let Node::Unmade { size } = m.os.fs.nodes[n as usize] else { return };
    let bytes = input_bytes(m, t, size, chooser);
    let sym = bytes.iter().enumerate().filter_map(|(i, &(_, e))| Some((i as u64, e?))).collect();
    let data = bytes.into_iter().map(|(b, _)| b).collect();
    m.os.fs.nodes[n as usize] = Node::File { data: Rc::new(data), sym: Rc::new(sym) };
}

/// Whether the modelled user, who owns every file, may access node `n` as `want` asks
/// (`R_OK` 4, `W_OK` 2, `X_OK` 1): the owner's permission bits.
pub(super) fn permits(m: &Machine, n: u32, want: u32) -> bool {
    (m.os.fs.perm(n) >> 6) & want == want
}

fn open(m: &mut Machine, t: usize, at: At, path: u64, flags: u64, mode: u64, chooser: &mut dyn Chooser) -> R {
    let path = super::dirs::read_path(m, t, path)?;
    event(m, t, TABLE_KEY, AccessKind::Rmw);
    let Some(name) = super::dirs::absolute(m, t, at, &path) else { return Ok(Flow::End) };
    let name = match name {
        Ok(name) => name,
        Err(e) => return Ok(fail(m, t, e)),
    };
    let access = (flags & 3) as u32;
    let writing = access == O_WRONLY || access == O_RDWR;
    let want = if writing { 2 } else { 0 } | if access != O_WRONLY { 4 } else { 0 };
    let made = match m.os.fs.lookup(&name) {
        Err(e) => Err(e),
        Ok(Some(_)) if flags & O_CREAT != 0 && flags & O_EXCL != 0 => Err(errno::EEXIST),
        Ok(Some(n)) if !permits(m, n, want) => Err(errno::EACCES),
        Ok(Some(n)) => Ok(n),
        Ok(None) if flags & O_CREAT != 0 => m.os.fs.create(&name, mode as u32),
        Ok(None) => Err(errno::ENOENT),
    };
    let n = match made {
        Ok(n) => n,
        Err(e) => return Ok(fail(m, t, e)),
    };
    event(m, t, node_key(n), AccessKind::Rmw);
    materialize(m, t, n, chooser);
    match &mut m.os.fs.nodes[n as usize] {
        Node::Dir if writing => return Ok(fail(m, t, errno::EISDIR)),
        Node::File { .. } if flags & O_DIRECTORY != 0 => return Ok(fail(m, t, errno::ENOTDIR)),
        Node::File { data, sym } if writing && flags & O_TRUNC != 0 => {
            *data = Rc::default();
            *sym = Rc::default();
            m.os.fs.times.remove(&n);
        }
        _ => {}
    }
    let status = access | (flags as u32 & (crate::os::fd_consts::O_APPEND | O_NONBLOCK));
    Ok(match m.os.open_desc(Some(n), Some(n), status, flags & O_CLOEXEC != 0) {
        Ok(fd) => Flow::Return(fd),
        Err(e) => fail(m, t, e),
    })
}

/// Total length of buffer segments (`read` has one, `readv`/`recvmsg` several).
pub(super) fn seg_len(segs: &[(u64, u64)]) -> u64 {
    segs.iter().fold(0u64, |n, s| n.saturating_add(s.1))
}

/// `read` (and `recv`, `readv`, `recvmsg`): reads into the segments `(address, length)`
/// in order; `dontwait`: this call does not block (`MSG_DONTWAIT`).
pub(super) fn read(m: &mut Machine, t: usize, fd: u64, segs: &[(u64, u64)], dontwait: bool) -> R {
    fd_event(m, t, Builtin::Read, fd);
    if m.os.read_ready_with(fd, dontwait) == Ready::Block {
        return Ok(Flow::Block);
    }
    let (bytes, shadows) = match m.os.read_with(fd, seg_len(segs), dontwait) {
        Ok(r) => r,
        Err(e) => return Ok(fail(m, t, e)),
    };
    let from = m.os.fds.get(fd).and_then(|d| d.rd);
    channel(m, t, from, ChannelOp::Receive(bytes.len() as u64));
    let mut done = 0;
    for &(buf, len) in segs {
        let k = (len as usize).min(bytes.len() - done);
        if k == 0 {
            continue;
        }
        plain_access(m, t, buf, k as u64, true);
        m.memory.write(buf, &bytes[done..done + k])?;
        let mine: Vec<_> =
            shadows.iter().filter(|s| (done..done + k).contains(&s.0)).map(|&(i, e)| (i - done, e)).collect();
        m.memory.set_sym_range(buf, &mine);
        done += k;
    }
    Ok(Flow::Return(bytes.len() as u64))
}

/// How a write-like call treats blocking and broken connections (`send` flags).
#[derive(Clone, Copy, Default)]
pub(super) struct SendHow {
    /// `MSG_DONTWAIT`: a full pipe gives `EAGAIN`.
    pub dontwait: bool,
    /// `MSG_NOSIGNAL`: a broken connection gives `EPIPE` without `SIGPIPE`.
    pub nosignal: bool,
}

/// `write` (and `send`, `writev`, `sendmsg`): writes the segments in order.
pub(super) fn write(m: &mut Machine, t: usize, fd: u64, segs: &[(u64, u64)], how: SendHow) -> R {
    fd_event(m, t, Builtin::Write, fd);
    let n = seg_len(segs);
    if m.os.write_ready_with(fd, n, how.dontwait) == Ready::Block {
        return Ok(Flow::Block);
    }
    let node = m.os.fds.get(fd).and_then(|d| d.wr);
    if node.is_some() {
        // The bytes are checked and read only when the descriptor is writable.
        for &(buf, len) in segs.iter().filter(|s| s.1 > 0) {
            plain_access(m, t, buf, len, false);
        }
    }
    let (mut bytes, mut shadows) = (Vec::new(), Vec::new());
    if node.is_some() {
        for &(buf, len) in segs.iter().filter(|s| s.1 > 0) {
            let base = bytes.len();
            shadows.extend(m.memory.sym_range(buf, len).into_iter().map(|(i, e)| (base + i, e)));
            let before = m.memory.concretized.len();
            bytes.extend(m.memory.read(buf, len)?);
            m.memory.concretized.truncate(before);
        }
    }
    if let Some(Node::Std(s)) = node.map(|n| &m.os.fs.nodes[n as usize]) {
        let s = *s as usize;
        if s == 0 {
            return Ok(fail(m, t, errno::EBADF));
        }
        m.memory.concretized.clear();
        m.output.write(s, &bytes);
        return Ok(Flow::Return(n));
    }
    Ok(match m.os.write_with(fd, &bytes, &shadows, how.dontwait) {
        Ok(k) => {
            channel(m, t, node, ChannelOp::Send(k));
            Flow::Return(k)
        }
        Err(errno::EPIPE) if how.nosignal => fail(m, t, errno::EPIPE),
        Err(errno::EPIPE) => {
            super::super::pthread::set_errno(m, t, errno::EPIPE)?;
            super::signal::flow(crate::signals::deliver(m, t, crate::os::signal_consts::SIGPIPE, u64::MAX))
        }
        Err(e) => fail(m, t, e),
    })
}

pub(super) fn close(m: &mut Machine, t: usize, fd: u64) -> Flow {
    table_event(m, t, Some(fd));
    let ends = m.os.fds.get(fd).map(|d| (d.rd, d.wr)).unwrap_or_default();
    channel(m, t, ends.0, ChannelOp::CloseReader);
    channel(m, t, ends.1, ChannelOp::CloseWriter);
    match m.os.close(fd) {
        Ok(_) => Flow::Return(0),
        Err(e) => fail(m, t, e),
    }
}

fn dup(m: &mut Machine, t: usize, old: u64, new: Option<u64>, min: u64, cloexec: bool) -> Flow {
    table_event(m, t, Some(old));
    if let Some(n) = new {
        table_event(m, t, Some(n));
    }
    match m.os.dup(old, new, min, cloexec) {
        Ok(fd) => Flow::Return(fd),
        Err(e) => fail(m, t, e),
    }
}

fn fcntl(m: &mut Machine, t: usize, fd: u64, cmd: u64, arg: u64) -> Flow {
    match cmd {
        0 | 1030 => return dup(m, t, fd, None, arg & 0xffff_ffff, cmd == 1030),
        1..=4 => table_event(m, t, Some(fd)),
        _ => {
            m.unsupported(t, format!("fcntl command {cmd}"));
            return Flow::End;
        }
    }
    if m.os.fds.get(fd).is_none() {
        return fail(m, t, errno::EBADF);
    }
    match cmd {
        1 => Flow::Return(m.os.fds.cloexec(fd).map_or(0, |c| c as u64)),
        2 => {
            m.os.fds.set_cloexec(fd, arg & FD_CLOEXEC != 0);
            Flow::Return(0)
        }
        3 => Flow::Return(m.os.fds.get(fd).map_or(0, |d| d.flags as u64)),
        _ => {
            m.os.fds.set_flags(fd, arg as u32);
            Flow::Return(0)
        }
    }
}

/// Opens two descriptions (rolled back when the second has no descriptor) and stores
/// their descriptors as `int[2]` at `out`.
fn open_pair(m: &mut Machine, t: usize, ends: [(Option<u32>, Option<u32>, u32); 2], cloexec: bool, out: u64) -> R {
    event(m, t, TABLE_KEY, AccessKind::Rmw);
    let first = match m.os.open_desc(ends[0].0, ends[0].1, ends[0].2, cloexec) {
        Ok(fd) => fd,
        Err(e) => return Ok(fail(m, t, e)),
    };
    let second = match m.os.open_desc(ends[1].0, ends[1].1, ends[1].2, cloexec) {
        Ok(fd) => fd,
        Err(e) => {
            let _ = m.os.close(first);
            return Ok(fail(m, t, e));
        }
    };
    for n in ends.iter().flat_map(|e| [e.0, e.1]).flatten() {
        event(m, t, node_key(n), AccessKind::Rmw);
    }
    write_word(m, out, 4, first)?;
    write_word(m, out + 4, 4, second)?;
    Ok(Flow::Return(0))
}

fn pipe(m: &mut Machine, t: usize, out: u64, flags: u64) -> R {
    let p = m.os.fs.add(Node::Pipe { buf: Default::default(), readers: 0, writers: 0 });
    let nb = flags as u32 & O_NONBLOCK;
    open_pair(m, t, [(Some(p), None, nb), (None, Some(p), O_WRONLY | nb)], flags & O_CLOEXEC != 0, out)
}

fn socketpair(m: &mut Machine, t: usize, a: &Args) -> R {
    const AF_UNIX: u64 = 1;
    const SOCK_STREAM: u64 = 1;
    let (domain, ty) = (a.get(0) & 0xffff_ffff, a.get(1) & 0xffff_ffff);
    if domain != AF_UNIX || ty & 0xf != SOCK_STREAM {
        m.unsupported(t, "socketpair other than AF_UNIX/SOCK_STREAM");
        return Ok(Flow::End);
    }
    let p = m.os.fs.add(Node::Pipe { buf: Default::default(), readers: 0, writers: 0 });
    let q = m.os.fs.add(Node::Pipe { buf: Default::default(), readers: 0, writers: 0 });
    let f = O_RDWR | (ty as u32 & O_NONBLOCK);
    open_pair(m, t, [(Some(p), Some(q), f), (Some(q), Some(p), f)], ty & O_CLOEXEC != 0, a.get(3))
}

fn eventfd(m: &mut Machine, t: usize, init: u64, flags: u64) -> Flow {
    const EFD_SEMAPHORE: u64 = 1;
    event(m, t, TABLE_KEY, AccessKind::Rmw);
    let n = m.os.fs.add(Node::Event { count: init, semaphore: flags & EFD_SEMAPHORE != 0 });
    event(m, t, node_key(n), AccessKind::Rmw);
    match m.os.open_desc(Some(n), Some(n), O_RDWR | (flags as u32 & O_NONBLOCK), flags & O_CLOEXEC != 0) {
        Ok(fd) => Flow::Return(fd),
        Err(e) => fail(m, t, e),
    }
}

fn stat_path(m: &mut Machine, t: usize, path: u64, buf: u64, chooser: &mut dyn Chooser) -> R {
    let path = m.memory.c_string(path, None)?;
    event(m, t, TABLE_KEY, AccessKind::Rmw);
    match m.os.fs.lookup(&path) {
        Ok(Some(n)) => {
            event(m, t, node_key(n), AccessKind::Rmw);
            materialize(m, t, n, chooser);
            fill_stat(m, t, n, buf)
        }
        Ok(None) => Ok(fail(m, t, errno::ENOENT)),
        Err(e) => Ok(fail(m, t, e)),
    }
}

/// Writes glibc's x86-64 `struct stat` for node `n` at `buf`.
fn fill_stat(m: &mut Machine, t: usize, n: u32, buf: u64) -> R {
    if m.program.model.ptr_bytes != 8 {
        m.unsupported(t, "stat on a 32-bit target");
        return Ok(Flow::End);
    }
    let kind: u64 = match m.os.fs.nodes[n as usize] {
        Node::File { .. } | Node::Unmade { .. } | Node::Host { .. } => 0o100000,
        Node::Dir => 0o040000,
        Node::Std(_) if is_terminal(m, n) => 0o020000,
        Node::Pipe { .. } | Node::Std(_) => 0o010000,
        Node::Event { .. } => 0,
        Node::Socket(_) | Node::Sink { .. } => 0o140000,
    };
    let mode = kind | m.os.fs.perm(n) as u64;
    let size = m.os.fs.size(n);
    let (atime, mtime) = m.os.fs.times.get(&n).copied().unwrap_or((m.os.now_ns, m.os.now_ns));
    let mut st = [0u8; 144];
    let mut put = |off: usize, v: u64, bytes: usize| st[off..off + bytes].copy_from_slice(&v.to_le_bytes()[..bytes]);
    put(0, 1, 8); // st_dev
    put(8, n as u64 + 1, 8); // st_ino
    put(16, 1, 8); // st_nlink
    put(24, mode, 4);
    put(28, 1000, 4); // st_uid
    put(32, 1000, 4); // st_gid
    put(48, size, 8);
    put(56, 4096, 8); // st_blksize
    put(64, size.div_ceil(512), 8); // st_blocks
                                    // st_atim, st_mtim, st_ctim (the status change time is shown as the modification's)
    for (off, time) in [(72, atime), (88, mtime), (104, mtime)] {
        put(off, time / 1_000_000_000, 8);
        put(off + 8, time % 1_000_000_000, 8);
    }
    plain_access(m, t, buf, 144, true);
    m.memory.write(buf, &st)?;
    Ok(Flow::Return(0))
}
