//! Stream sockets: `socket`, `bind`, `listen`, `accept`, `connect`, `send`/`recv` and
//! their `to`/`from`/`msg` forms, `readv`/`writev`, socket options and names,
//! `shutdown`, over `crate::os` (connections are pairs of pipes; see `os::net`).
//! Datagram sockets and ancillary data stop as unsupported.

use super::fd::{input_bytes, read, seg_len, table_event, write, SendHow};
use super::{event, fail, read_word, write_word, Args, Flow};
use crate::errno;
use crate::events::AccessKind;
use crate::machine::{Chooser, Machine};
use crate::memory::Fault;
use crate::os::fd_consts::{O_NONBLOCK, O_RDWR};
use crate::os::net_consts::*;
use crate::os::{node_key, Addr, Connected, Node, Waiting, TABLE_KEY};
use ravel_ir::Builtin;

type R = Result<Flow, Fault>;

const SOCK_STREAM: u64 = 1;
const SOCK_DGRAM: u64 = 2;
const SOCK_NONBLOCK: u64 = 0o4000;
const SOCK_CLOEXEC: u64 = 0o2000000;
const MSG_PEEK: u64 = 2;
const MSG_DONTWAIT: u64 = 0x40;
const MSG_WAITALL: u64 = 0x100;
const MSG_NOSIGNAL: u64 = 0x4000;
const SOL_SOCKET: u32 = 1;
const SO_TYPE: u32 = 3;
const SO_ERROR: u32 = 4;
const SO_SNDBUF: u32 = 7;
const SO_RCVBUF: u32 = 8;
const SO_RCVTIMEO: u32 = 20;
const SO_SNDTIMEO: u32 = 21;
const SO_ACCEPTCONN: u32 = 30;

pub(super) fn call(m: &mut Machine, t: usize, b: Builtin, a: &Args, chooser: &mut dyn Chooser) -> Option<Flow> {
    use Builtin::*;
    let int = |i: usize| a.get(i) & 0xffff_ffff;
    let r = match b {
        Socket => Ok(socket(m, t, int(0), int(1))),
        Bind => bind(m, t, a.get(0), a.get(1), int(2)),
        Listen => Ok(listen(m, t, a.get(0))),
        Accept | Accept4 => accept(m, t, a.get(0), a.get(1), a.get(2), if b == Accept4 { int(3) } else { 0 }, chooser),
        Connect => connect(m, t, a.get(0), a.get(1), int(2), chooser),
        Send | Sendto => match flags(m, t, int(3), false) {
            Some(_) if b == Sendto && a.get(4) != 0 => Ok(stop(m, t, "sendto with an address on a stream socket")),
            Some(how) => write(m, t, a.get(0), &[(a.get(1), a.get(2))], how),
            None => Ok(Flow::End),
        },
        Recv | Recvfrom => match flags(m, t, int(3), true) {
            Some(how) => recv(m, t, a.get(0), &[(a.get(1), a.get(2))], how, (a.get(4), a.get(5))),
            None => Ok(Flow::End),
        },
        Sendmsg | Recvmsg => msg(m, t, b, a.get(0), a.get(1), int(2)),
        Readv | Writev => match iovecs(m, a.get(1), int(2)) {
            Ok(segs) if b == Readv => read(m, t, a.get(0), &segs, false),
            Ok(segs) => write(m, t, a.get(0), &segs, SendHow::default()),
            Err(e) => Err(e),
        },
        Setsockopt => setsockopt(m, t, a.get(0), int(1) as u32, int(2) as u32, a.get(3), int(4)),
        Getsockopt => getsockopt(m, t, a.get(0), int(1) as u32, int(2) as u32, a.get(3), a.get(4)),
        Getsockname | Getpeername => name(m, t, a.get(0), a.get(1), a.get(2), b == Getpeername),
        Shutdown => Ok(shutdown(m, t, a.get(0), int(1))),
        _ => return None,
    };
    Some(r.unwrap_or_else(|e| super::super::fault_flow(m, t, e)))
}

/// Ends the execution as unsupported.
fn stop(m: &mut Machine, t: usize, what: &str) -> Flow {
    m.unsupported(t, what);
    Flow::End
}

/// Decodes `send`/`recv` flags; `None` (after stopping) for flags ravel does not model.
fn flags(m: &mut Machine, t: usize, f: u64, receiving: bool) -> Option<SendHow> {
    let known = MSG_DONTWAIT | MSG_NOSIGNAL;
    if f & !known != 0 {
        let what = match (f & MSG_PEEK != 0, f & MSG_WAITALL != 0) {
            (true, _) => "recv with MSG_PEEK",
            (_, true) => "recv with MSG_WAITALL",
            _ if receiving => "recv flags other than MSG_DONTWAIT",
            _ => "send flags other than MSG_DONTWAIT and MSG_NOSIGNAL",
        };
        stop(m, t, what);
        return None;
    }
    Some(SendHow { dontwait: f & MSG_DONTWAIT != 0, nosignal: f & MSG_NOSIGNAL != 0 })
}

/// Whether the receive-like call `b` (arguments `a`) on a socket completes now, and for
/// send-like calls whether the bytes fit; `accept` waits for a connection.
pub(super) fn enabled(m: &mut Machine, b: Builtin, a: &Args) -> Option<bool> {
    use crate::os::Ready::Now;
    use Builtin::*;
    let dontwait = |i: usize| a.get(i) & MSG_DONTWAIT != 0;
    Some(match b {
        Accept | Accept4 => m.os.accept_ready(a.get(0), false),
        Recv | Recvfrom => m.os.read_ready_with(a.get(0), dontwait(3)) == Now,
        Recvmsg => m.os.read_ready_with(a.get(0), dontwait(2)) == Now,
        Readv => m.os.read_ready(a.get(0)) == Now,
        Send | Sendto => m.os.write_ready_with(a.get(0), a.get(2), dontwait(3)) == Now,
        Writev | Sendmsg => {
            let (iov, n) = if b == Writev { (a.get(1), a.get(2)) } else { msg_iov(m, a.get(1)).unwrap_or((0, 0)) };
            let len = iovecs(m, iov, n & 0xffff_ffff).map_or(0, |s| seg_len(&s));
            m.os.write_ready_with(a.get(0), len, b == Sendmsg && dontwait(2)) == Now
        }
        _ => return None,
    })
}

/// The `struct iovec` array at `iov` (`n` entries): (base, length) segments.
fn iovecs(m: &mut Machine, iov: u64, n: u64) -> Result<Vec<(u64, u64)>, Fault> {
    let pb = m.program.model.ptr_bytes;
    (0..n.min(1024))
        .map(|i| {
            let at = iov + i * 2 * pb as u64;
            Ok((read_word(m, at, pb)?, read_word(m, at + pb as u64, pb)?))
        })
        .collect()
}

/// `msg_iov` and `msg_iovlen` of the `struct msghdr` at `hdr`.
fn msg_iov(m: &mut Machine, hdr: u64) -> Result<(u64, u64), Fault> {
    let pb = m.program.model.ptr_bytes as u64;
    Ok((read_word(m, hdr + 2 * pb, pb as u32)?, read_word(m, hdr + 3 * pb, pb as u32)?))
}

/// `sendmsg`/`recvmsg`: the buffers of a `struct msghdr`; no addresses or ancillary data.
fn msg(m: &mut Machine, t: usize, b: Builtin, fd: u64, hdr: u64, f: u64) -> R {
    let pb = m.program.model.ptr_bytes;
    let name = read_word(m, hdr, pb)?;
    let control_len = read_word(m, hdr + 5 * pb as u64, pb)?;
    let (iov, n) = msg_iov(m, hdr)?;
    let segs = iovecs(m, iov, n)?;
    let receiving = b == Builtin::Recvmsg;
    if control_len != 0 {
        return Ok(stop(m, t, "sendmsg/recvmsg with ancillary data"));
    }
    if name != 0 && !receiving {
        return Ok(stop(m, t, "sendmsg with an address on a stream socket"));
    }
    let Some(how) = flags(m, t, f, receiving) else { return Ok(Flow::End) };
    if !receiving {
        return write(m, t, fd, &segs, how);
    }
    let flow = recv(m, t, fd, &segs, how, (0, 0))?;
    if let Flow::Return(k) = flow {
        if k != u64::MAX {
            // No sender address on a connected stream; no flags to report.
            if name != 0 {
                write_word(m, hdr + pb as u64, 4, 0)?;
            }
            write_word(m, hdr + 6 * pb as u64, 4, 0)?;
        }
    }
    Ok(flow)
}

/// `recv`/`recvfrom`; `from`: where `recvfrom` stores the sender's address and length.
fn recv(m: &mut Machine, t: usize, fd: u64, segs: &[(u64, u64)], how: SendHow, from: (u64, u64)) -> R {
    if let Err(e) = m.os.socket_of(fd) {
        event(m, t, TABLE_KEY, AccessKind::Read);
        return Ok(fail(m, t, e));
    }
    let flow = read(m, t, fd, segs, how.dontwait)?;
    if matches!(flow, Flow::Return(k) if k != u64::MAX) && from.0 != 0 {
        name(m, t, fd, from.0, from.1, true)?;
    }
    Ok(flow)
}

/// The socket node behind `fd`, or `Err(errno)` after logging the table read.
fn sock(m: &mut Machine, t: usize, fd: u64) -> Result<u32, u64> {
    m.os.socket_of(fd).inspect_err(|_| event(m, t, TABLE_KEY, AccessKind::Read))
}

/// The socket node of descriptor `fd`; otherwise the shim returns -1 with errno set.
macro_rules! socket_or_fail {
    ($m:expr, $t:expr, $fd:expr) => {
        match sock($m, $t, $fd) {
            Ok(n) => n,
            Err(e) => return Ok(fail($m, $t, e)),
        }
    };
}

fn socket(m: &mut Machine, t: usize, domain: u64, ty: u64) -> Flow {
    let family = domain as u16;
    if ![AF_UNIX, AF_INET, AF_INET6].contains(&family) || domain > 0xffff {
        return fail(m, t, errno::EAFNOSUPPORT);
    }
    match ty & 0xf {
        SOCK_STREAM => {}
        SOCK_DGRAM => return stop(m, t, "datagram (UDP) sockets"),
        _ => return stop(m, t, "sockets other than SOCK_STREAM"),
    }
    event(m, t, TABLE_KEY, AccessKind::Rmw);
    let n = m.os.new_socket(family);
    let nb = if ty & SOCK_NONBLOCK != 0 { O_NONBLOCK } else { 0 };
    match m.os.open_desc_with(None, None, O_RDWR | nb, ty & SOCK_CLOEXEC != 0, Some(n), true) {
        Ok(fd) => Flow::Return(fd),
        Err(e) => fail(m, t, e),
    }
}

/// The socket `fd` names and the socket address of `len` bytes at `addr` (`bind` and
/// `connect`'s arguments), or the error number to fail with.
fn sock_and_addr(m: &mut Machine, t: usize, fd: u64, addr: u64, len: u64) -> Result<Result<(u32, Addr), u64>, Fault> {
    let n = match sock(m, t, fd) {
        Ok(n) => n,
        Err(e) => return Ok(Err(e)),
    };
    let bytes = m.memory.read(addr, len.min(128))?;
    Ok(Addr::parse(&bytes).map(|to| (n, to)))
}

fn bind(m: &mut Machine, t: usize, fd: u64, addr: u64, len: u64) -> R {
    let (n, to) = match sock_and_addr(m, t, fd, addr, len)? {
        Ok(found) => found,
        Err(e) => return Ok(fail(m, t, e)),
    };
    // Which addresses are taken is global state.
    event(m, t, TABLE_KEY, AccessKind::Rmw);
    event(m, t, node_key(n), AccessKind::Rmw);
    Ok(match m.os.bind(n, to) {
        Ok(()) => Flow::Return(0),
        Err(e) => fail(m, t, e),
    })
}

fn listen(m: &mut Machine, t: usize, fd: u64) -> Flow {
    let n = match sock(m, t, fd) {
        Ok(n) => n,
        Err(e) => return fail(m, t, e),
    };
    event(m, t, TABLE_KEY, AccessKind::Rmw);
    event(m, t, node_key(n), AccessKind::Rmw);
    let peer = peer_connections(m);
    match m.os.listen(n, peer) {
        Ok(()) => Flow::Return(0),
        Err(e) => fail(m, t, e),
    }
}

/// How many connections the scripted peer makes (none without a peer).
fn peer_connections(m: &Machine) -> u32 {
    m.config.peer.as_ref().map_or(0, |p| p.connections())
}

/// The pipes of connection `i` to the scripted peer: what it sends (its input bytes, then
/// its script, then end of file) and where the program's bytes go.
fn peer_pipes(m: &mut Machine, t: usize, i: u32, chooser: &mut dyn Chooser) -> (u32, u32) {
    let peer = m.config.peer.clone().unwrap_or_default();
    let mut buf: std::collections::VecDeque<_> = input_bytes(m, t, peer.sym_packet, chooser).into();
    buf.extend(peer.script(i).iter().map(|&b| (b, None)));
    let rd = m.os.fs.add(Node::Pipe { buf, readers: 0, writers: 0 });
    let wr = m.os.fs.add(Node::Sink { received: 0 });
    (rd, wr)
}

fn accept(m: &mut Machine, t: usize, fd: u64, addr: u64, lenp: u64, f: u64, chooser: &mut dyn Chooser) -> R {
    let n = socket_or_fail!(m, t, fd);
    event(m, t, TABLE_KEY, AccessKind::Rmw);
    event(m, t, node_key(n), AccessKind::Rmw);
    if !m.os.socket(n).listening {
        return Ok(fail(m, t, errno::EINVAL));
    }
    if !m.os.accept_ready(fd, false) {
        return Ok(Flow::Block);
    }
    let Some(waiting) = m.os.take_waiting(n) else { return Ok(fail(m, t, errno::EAGAIN)) };
    let (rd, wr, from, counted) = match &waiting {
        Waiting::Local { rd, wr, from } => (*rd, *wr, from.clone(), true),
        Waiting::Peer(i) => {
            let (rd, wr) = peer_pipes(m, t, *i, chooser);
            (rd, wr, m.os.peer_addr(n, *i), false)
        }
    };
    let nb = if f & SOCK_NONBLOCK != 0 { O_NONBLOCK } else { 0 };
    let new = match m.os.open_accepted(n, (rd, wr), from.clone(), counted, O_RDWR | nb, f & SOCK_CLOEXEC != 0) {
        Ok(fd) => fd,
        Err(e) => {
            m.os.requeue(n, waiting);
            return Ok(fail(m, t, e));
        }
    };
    for p in [rd, wr] {
        event(m, t, node_key(p), AccessKind::Rmw);
    }
    if addr != 0 {
        put_addr(m, &from, addr, lenp)?;
    }
    Ok(Flow::Return(new))
}

fn connect(m: &mut Machine, t: usize, fd: u64, addr: u64, len: u64, chooser: &mut dyn Chooser) -> R {
    let (n, to) = match sock_and_addr(m, t, fd, addr, len)? {
        Ok(found) => found,
        Err(e) => return Ok(fail(m, t, e)),
    };
    // A connection reaches a listening socket's queue: global state, like the table.
    event(m, t, TABLE_KEY, AccessKind::Rmw);
    event(m, t, node_key(n), AccessKind::Rmw);
    let peer = peer_connections(m);
    Ok(match m.os.connect(fd, n, to, peer) {
        Ok(Connected::Local) => Flow::Return(0),
        Ok(Connected::Peer(i)) => {
            let (rd, wr) = peer_pipes(m, t, i, chooser);
            m.os.attach(fd, rd, wr);
            Flow::Return(0)
        }
        Err(e) => fail(m, t, e),
    })
}

/// Stores `a` as a socket address at `addr` (at most `*lenp` bytes) and its full length
/// at `lenp`.
fn put_addr(m: &mut Machine, a: &Addr, addr: u64, lenp: u64) -> Result<(), Fault> {
    let bytes = a.encode();
    let room = read_word(m, lenp, 4)? as usize;
    m.memory.write(addr, &bytes[..bytes.len().min(room)])?;
    write_word(m, lenp, 4, bytes.len() as u64)
}

fn name(m: &mut Machine, t: usize, fd: u64, addr: u64, lenp: u64, peer: bool) -> R {
    let n = socket_or_fail!(m, t, fd);
    event(m, t, node_key(n), AccessKind::Rmw);
    let s = m.os.socket(n);
    let a = if peer { s.remote.clone() } else { s.local.clone() };
    let a = match a {
        Some(a) => a,
        None if peer => return Ok(fail(m, t, errno::ENOTCONN)),
        None => Addr::parse(&s.family.to_le_bytes()).unwrap_or(Addr { family: s.family, port: 0, host: Vec::new() }),
    };
    put_addr(m, &a, addr, lenp)?;
    Ok(Flow::Return(0))
}

fn setsockopt(m: &mut Machine, t: usize, fd: u64, level: u32, opt: u32, val: u64, len: u64) -> R {
    let n = socket_or_fail!(m, t, fd);
    event(m, t, node_key(n), AccessKind::Rmw);
    let bytes = m.memory.read(val, len.min(256))?;
    if level == SOL_SOCKET && matches!(opt, SO_RCVTIMEO | SO_SNDTIMEO) && bytes.iter().any(|&b| b != 0) {
        return Ok(stop(m, t, "socket time-outs (SO_RCVTIMEO, SO_SNDTIMEO)"));
    }
    m.os.set_option(n, level, opt, bytes);
    Ok(Flow::Return(0))
}

fn getsockopt(m: &mut Machine, t: usize, fd: u64, level: u32, opt: u32, val: u64, lenp: u64) -> R {
    let n = socket_or_fail!(m, t, fd);
    event(m, t, node_key(n), AccessKind::Rmw);
    let s = m.os.socket(n);
    let stored = s.options.iter().find(|o| o.0 == level && o.1 == opt).map(|o| o.2.clone());
    let value = match (stored, level, opt) {
        (Some(v), _, _) => v,
        (None, SOL_SOCKET, SO_TYPE) => (SOCK_STREAM as u32).to_le_bytes().to_vec(),
        (None, SOL_SOCKET, SO_ERROR) => 0u32.to_le_bytes().to_vec(),
        (None, SOL_SOCKET, SO_ACCEPTCONN) => (s.listening as u32).to_le_bytes().to_vec(),
        (None, SOL_SOCKET, SO_SNDBUF) => 16384u32.to_le_bytes().to_vec(),
        (None, SOL_SOCKET, SO_RCVBUF) => 131072u32.to_le_bytes().to_vec(),
        _ => return Ok(stop(m, t, &format!("getsockopt of option {opt} at level {level} never set"))),
    };
    let room = read_word(m, lenp, 4)? as usize;
    m.memory.write(val, &value[..value.len().min(room)])?;
    write_word(m, lenp, 4, value.len().min(room) as u64)?;
    Ok(Flow::Return(0))
}

fn shutdown(m: &mut Machine, t: usize, fd: u64, how: u64) -> Flow {
    table_event(m, t, Some(fd));
    match m.os.shutdown(fd, how) {
        Ok(nodes) => {
            for p in nodes {
                event(m, t, node_key(p), AccessKind::Rmw);
            }
            Flow::Return(0)
        }
        Err(e) => fail(m, t, e),
    }
}
