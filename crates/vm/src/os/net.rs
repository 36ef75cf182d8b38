//! Stream sockets: addresses, binding, listening queues, connections between two
//! sockets of the program (a loopback pair of pipes) and connections to the scripted
//! peer (`--peer-script`, `--sym-packet`), each of which sends its bytes and then closes
//! its side, and takes whatever the program sends. There is no network: a connect to an
//! address no socket of the program listens on reaches the peer's next connection (each
//! is made once) or is refused.

use super::epoll::Side;
use super::fd::Desc;
use super::fs::Node;
use super::Os;
use crate::errno::{EADDRINUSE, EAFNOSUPPORT, EBADF, ECONNREFUSED, EINVAL, EISCONN, ENOTCONN, ENOTSOCK};
use std::collections::VecDeque;

pub const AF_UNIX: u16 = 1;
pub const AF_INET: u16 = 2;
pub const AF_INET6: u16 = 10;

/// First port `bind` to port 0 (or `listen`/`connect` of an unbound socket) hands out.
const EPHEMERAL_PORT: u16 = 40000;

/// The scripted peer (`--peer-script FILE`, repeated for more connections, and
/// `--sym-packet N`): it makes one connection per script (one without a script when only
/// symbolic bytes are asked for); each sends `sym_packet` input bytes, then its script's
/// bytes, then closes its side. Several connections let a server's per-connection
/// bookkeeping (accepting one while a worker serves another) be checked.
#[derive(Clone, Debug, Default)]
pub struct Peer {
    /// The connections' scripts, in the order the connections are made.
    pub scripts: Vec<Script>,
    pub sym_packet: u64,
}

/// What one connection of the scripted peer sends after its symbolic bytes.
#[derive(Clone, Debug, Default)]
pub struct Script {
    pub bytes: std::sync::Arc<[u8]>,
    /// The host file the script was read from (for witnesses).
    pub path: String,
}

impl Peer {
    /// Adds a connection that sends the bytes of `--peer-script FILE` (at most 1 MiB).
    pub fn with_script(mut self, path: &str) -> Result<Peer, String> {
        let bytes = super::fs::read_regular(path.as_ref(), 1 << 20)?;
        self.scripts.push(Script { bytes: bytes.into(), path: path.into() });
        Ok(self)
    }

    /// How many connections the peer makes.
    pub fn connections(&self) -> u32 {
        self.scripts.len().max(1) as u32
    }

    /// The script bytes connection `i` sends (none for a connection without a script).
    pub fn script(&self, i: u32) -> &[u8] {
        self.scripts.get(i as usize).map_or(&[], |s| &s.bytes)
    }
}

/// A socket address: family, port (host order; 0 for `AF_UNIX`) and host bytes (4 for
/// IPv4, 16 for IPv6, the path for `AF_UNIX`).
#[derive(Clone, Debug, Hash, PartialEq, Eq)]
pub struct Addr {
    pub family: u16,
    pub port: u16,
    pub host: Vec<u8>,
}

impl Addr {
    /// Decodes a `struct sockaddr_*` of `bytes` (its length as the program gave it).
    pub fn parse(bytes: &[u8]) -> Result<Addr, u64> {
        let word = |i: usize| bytes.get(i..i + 2).map(|b| [b[0], b[1]]).ok_or(EINVAL);
        let family = u16::from_le_bytes(word(0)?);
        let port = u16::from_be_bytes(word(2).unwrap_or([0, 0]));
        let host = match family {
            AF_INET => bytes.get(4..8).ok_or(EINVAL)?.to_vec(),
            AF_INET6 => bytes.get(8..24).ok_or(EINVAL)?.to_vec(),
            AF_UNIX => {
                let path = &bytes[2..];
                path[..path.iter().position(|&c| c == 0).unwrap_or(path.len())].to_vec()
            }
            _ => return Err(EAFNOSUPPORT),
        };
        Ok(Addr { family, port: if family == AF_UNIX { 0 } else { port }, host })
    }

    /// The `struct sockaddr_in` / `sockaddr_in6` / `sockaddr_un` of the address.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = self.family.to_le_bytes().to_vec();
        match self.family {
            AF_UNIX => {
                out.extend_from_slice(&self.host);
                out.push(0);
            }
            AF_INET => {
                out.extend_from_slice(&self.port.to_be_bytes());
                out.extend_from_slice(&self.host);
                out.resize(16, 0);
            }
            _ => {
                out.extend_from_slice(&self.port.to_be_bytes());
                out.extend_from_slice(&[0; 4]); // flow info
                out.extend_from_slice(&self.host);
                out.resize(28, 0); // scope id
            }
        }
        out
    }

    /// The wildcard address of a family (`INADDR_ANY`, `in6addr_any`) with port 0.
    fn any(family: u16) -> Addr {
        let host = match family {
            AF_INET => vec![0; 4],
            AF_INET6 => vec![0; 16],
            _ => Vec::new(),
        };
        Addr { family, port: 0, host }
    }

    /// The loopback address of the family, for the local end of a connection.
    fn loopback(family: u16, port: u16) -> Addr {
        let host = match family {
            AF_INET => vec![127, 0, 0, 1],
            AF_INET6 => (0..16).map(|i| (i == 15) as u8).collect(),
            _ => Vec::new(),
        };
        Addr { family, port, host }
    }

    /// Whether a socket bound here takes connections to `to`.
    fn takes(&self, to: &Addr) -> bool {
        self.family == to.family && self.port == to.port && (self.host == to.host || self.host.iter().all(|&b| b == 0))
    }
}

/// A connection waiting in a listening socket's queue for `accept`.
#[derive(Clone, Debug, Hash)]
pub enum Waiting {
    /// From a socket of the program: the pipes the accepted end reads and writes (their
    /// reader/writer counts already include it) and the connecting socket's address.
    Local { rd: u32, wr: u32, from: Addr },
    /// Connection `i` of the scripted peer (its pipes are made at `accept`).
    Peer(u32),
}

/// The state of a socket beyond its data pipes.
#[derive(Clone, Debug, Hash)]
pub struct Socket {
    pub family: u16,
    pub local: Option<Addr>,
    pub remote: Option<Addr>,
    pub listening: bool,
    pub queue: VecDeque<Waiting>,
    /// `setsockopt` values by (level, name), as `getsockopt` returns them.
    pub options: Vec<(u32, u32, Vec<u8>)>,
}

/// Where a `connect` went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Connected {
    /// To a listening socket of the program (the connecting descriptor is attached).
    Local,
    /// To connection `i` of the scripted peer: the caller makes its pipes and attaches
    /// them.
    Peer(u32),
}

impl Os {
    /// A new unbound socket node.
    pub fn new_socket(&mut self, family: u16) -> u32 {
        let s =
            Socket { family, local: None, remote: None, listening: false, queue: VecDeque::new(), options: Vec::new() };
        self.fs.add(Node::Socket(Box::new(s)))
    }

    /// The socket node behind `fd`: `Err(EBADF)` when it is not open, `Err(ENOTSOCK)` when
    /// it is no socket.
    pub fn socket_of(&self, fd: u64) -> Result<u32, u64> {
        self.fds.get(fd).ok_or(EBADF)?.sock.ok_or(ENOTSOCK)
    }

    pub fn socket(&self, n: u32) -> &Socket {
        match &self.fs.nodes[n as usize] {
            Node::Socket(s) => s,
            _ => unreachable!("socket nodes are made by new_socket"),
        }
    }

    fn socket_mut(&mut self, n: u32) -> &mut Socket {
        match &mut self.fs.nodes[n as usize] {
            Node::Socket(s) => s,
            _ => unreachable!("socket nodes are made by new_socket"),
        }
    }

    /// A free port for an implicit or port-0 bind.
    fn ephemeral(&mut self) -> u16 {
        self.next_port = self.next_port.max(EPHEMERAL_PORT);
        let p = self.next_port;
        self.next_port = self.next_port.wrapping_add(1);
        p
    }

    /// Binds socket `n` to `addr` (port 0: an ephemeral one).
    pub fn bind(&mut self, n: u32, mut addr: Addr) -> Result<(), u64> {
        let s = self.socket(n);
        if s.local.is_some() {
            return Err(EINVAL);
        }
        if addr.family != s.family {
            return Err(EINVAL);
        }
        if addr.family != AF_UNIX && addr.port == 0 {
            addr.port = self.ephemeral();
        }
        let taken = self.fs.nodes.iter().any(|node| match node {
            Node::Socket(o) => o.local.as_ref().is_some_and(|l| *l == addr),
            _ => false,
        });
        if taken {
            return Err(EADDRINUSE);
        }
        self.socket_mut(n).local = Some(addr);
        Ok(())
    }

    /// Makes socket `n` listen; the scripted peer's connections not made yet (of
    /// `peer_connections`) wait in the queue of the first socket that listens, in order.
    pub fn listen(&mut self, n: u32, peer_connections: u32) -> Result<(), u64> {
        if self.socket(n).remote.is_some() {
            return Err(EINVAL);
        }
        if self.socket(n).local.is_none() {
            let family = self.socket(n).family;
            let mut a = Addr::any(family);
            a.port = self.ephemeral();
            self.socket_mut(n).local = Some(a);
        }
        let first = !self.socket(n).listening;
        self.socket_mut(n).listening = true;
        if first {
            let waiting = self.peer_made..peer_connections;
            self.peer_made = self.peer_made.max(peer_connections);
            self.socket_mut(n).queue.extend(waiting.map(Waiting::Peer));
            if !self.socket(n).queue.is_empty() {
                self.wake(n, super::epoll::EPOLLIN, Side::Readers);
            }
        }
        Ok(())
    }

    /// Connects socket descriptor `fd` (socket node `n`) to `to`; an address nobody in the
    /// program listens on reaches the scripted peer's next connection (of
    /// `peer_connections`) while it has one left.
    pub fn connect(&mut self, fd: u64, n: u32, to: Addr, peer_connections: u32) -> Result<Connected, u64> {
        let s = self.socket(n);
        if s.listening {
            return Err(EINVAL);
        }
        if s.remote.is_some() {
            return Err(EISCONN);
        }
        if to.family != s.family {
            return Err(EAFNOSUPPORT);
        }
        let listener = (0..self.fs.nodes.len() as u32).find(|&l| match &self.fs.nodes[l as usize] {
            Node::Socket(o) => o.listening && o.local.as_ref().is_some_and(|a| a.takes(&to)),
            _ => false,
        });
        if self.socket(n).local.is_none() {
            let port = if to.family == AF_UNIX { 0 } else { self.ephemeral() };
            self.socket_mut(n).local = Some(Addr::loopback(to.family, port));
        }
        self.socket_mut(n).remote = Some(to);
        let Some(l) = listener else {
            if self.peer_made < peer_connections {
                self.peer_made += 1;
                return Ok(Connected::Peer(self.peer_made - 1));
            }
            self.socket_mut(n).remote = None;
            return Err(ECONNREFUSED);
        };
        // Two pipes: `up` from the connecting socket to the accepted one, `down` back.
        let up = self.fs.add(Node::Pipe { buf: Default::default(), readers: 1, writers: 0 });
        let down = self.fs.add(Node::Pipe { buf: Default::default(), readers: 0, writers: 1 });
        self.attach(fd, down, up);
        let from = self.socket(n).local.clone().unwrap_or_else(|| Addr::any(AF_UNIX));
        self.socket_mut(l).queue.push_back(Waiting::Local { rd: up, wr: down, from });
        self.wake(l, super::epoll::EPOLLIN, Side::Readers);
        Ok(Connected::Local)
    }

    /// Points the (unconnected) socket descriptor `fd` at data pipes `rd` and `wr`, counting
    /// it as their reader and writer.
    pub fn attach(&mut self, fd: u64, rd: u32, wr: u32) {
        self.count(Some(rd), Some(wr), 1);
        if let Some(d) = self.fds.get_mut(fd) {
            d.rd = Some(rd);
            d.wr = Some(wr);
        }
        // Connected: the socket's own waiters wake (its state changed).
        if let Some(s) = self.fds.get(fd).and_then(|d| d.sock) {
            self.wake(s, 0, Side::All);
        }
    }

    /// Takes the first connection waiting at listening socket `n`.
    pub fn take_waiting(&mut self, n: u32) -> Option<Waiting> {
        self.socket_mut(n).queue.pop_front()
    }

    /// Puts a connection back at the head of listening socket `n`'s queue (its `accept`
    /// found no free descriptor).
    pub fn requeue(&mut self, n: u32, w: Waiting) {
        self.socket_mut(n).queue.push_front(w);
    }

    /// Records a `setsockopt` value (its effect is not modelled beyond `getsockopt`).
    pub fn set_option(&mut self, n: u32, level: u32, opt: u32, value: Vec<u8>) {
        let s = self.socket_mut(n);
        s.options.retain(|o| (o.0, o.1) != (level, opt));
        s.options.push((level, opt, value));
    }

    /// Whether `accept` on `fd` completes now: it waits while a blocking listening
    /// socket's queue is empty.
    pub fn accept_ready(&self, fd: u64, nonblock: bool) -> bool {
        let Ok(n) = self.socket_of(fd) else { return true };
        let blocking = self.fds.get(fd).is_some_and(|d| d.flags & super::fd::O_NONBLOCK == 0) && !nonblock;
        let s = self.socket(n);
        !(s.listening && s.queue.is_empty() && blocking)
    }

    /// A descriptor for an accepted connection on listening socket `listener`: a new
    /// socket node with the given remote address over the data pipes `(rd, wr)`
    /// (`counted`: their reader/writer counts already include it).
    pub fn open_accepted(
        &mut self,
        listener: u32,
        (rd, wr): (u32, u32),
        remote: Addr,
        counted: bool,
        flags: u32,
        cloexec: bool,
    ) -> Result<u64, u64> {
        let family = self.socket(listener).family;
        let local = self.socket(listener).local.clone();
        let n = self.new_socket(family);
        let s = self.socket_mut(n);
        s.local = local;
        s.remote = Some(remote);
        self.open_desc_with(Some(rd), Some(wr), flags, cloexec, Some(n), !counted)
    }

    /// The address the scripted peer's connection `i` comes from (a port of its own each).
    pub fn peer_addr(&self, listener: u32, i: u32) -> Addr {
        Addr::loopback(self.socket(listener).family, 54321u16.wrapping_add(i as u16))
    }

    /// `shutdown`: closes the reading (`how` 0), writing (1) or both (2) directions of the
    /// connection behind `fd`; the nodes whose state changed.
    pub fn shutdown(&mut self, fd: u64, how: u64) -> Result<Vec<u32>, u64> {
        let d = self.fds.get(fd).ok_or(EBADF)?.clone();
        if d.sock.is_none() {
            return Err(ENOTSOCK);
        }
        let (Some(rd), Some(wr)) = (d.rd, d.wr) else { return Err(ENOTCONN) };
        if how > 2 {
            return Err(EINVAL);
        }
        let mut touched = Vec::new();
        // A closed direction is a fresh pipe: reads see end of file, writes a broken pipe.
        if how != 1 {
            self.count(Some(rd), None, -1);
            let eof = self.fs.add(Node::Pipe { buf: Default::default(), readers: 1, writers: 0 });
            touched.extend([rd, eof]);
            self.set_ends(fd, Some(eof), None);
        }
        if how != 0 {
            self.count(None, Some(wr), -1);
            let broken = self.fs.add(Node::Pipe { buf: Default::default(), readers: 0, writers: 1 });
            touched.extend([wr, broken]);
            self.set_ends(fd, None, Some(broken));
        }
        for &n in &touched {
            self.wake(n, 0, Side::All);
        }
        if let Some(s) = d.sock {
            self.wake(s, 0, Side::All);
        }
        Ok(touched)
    }

    fn set_ends(&mut self, fd: u64, rd: Option<u32>, wr: Option<u32>) {
        if let Some(d) = self.fds.get_mut(fd) {
            d.rd = rd.or(d.rd);
            d.wr = wr.or(d.wr);
        }
    }

    /// Adds `by` to the reader count of pipe `rd` and the writer count of pipe `wr`.
    pub(super) fn count(&mut self, rd: Option<u32>, wr: Option<u32>, by: i32) {
        for (n, reading) in [(rd, true), (wr, false)] {
            let Some(n) = n else { continue };
            if let Node::Pipe { readers, writers, .. } = &mut self.fs.nodes[n as usize] {
                let c = if reading { readers } else { writers };
                *c = c.saturating_add_signed(by);
            }
        }
    }

    /// Drops the connections waiting at a listening socket that is closed for good: the
    /// connecting sides then see end of file (a real kernel resets them).
    pub(super) fn drop_waiting(&mut self, n: u32) -> Vec<u32> {
        let Node::Socket(s) = &mut self.fs.nodes[n as usize] else { return Vec::new() };
        let queue = std::mem::take(&mut s.queue);
        let mut touched = Vec::new();
        for w in queue {
            if let Waiting::Local { rd, wr, .. } = w {
                self.count(Some(rd), Some(wr), -1);
                touched.extend([rd, wr]);
            }
        }
        touched
    }

    /// Descriptions that refer to socket node `n`.
    pub(super) fn socket_refs(&self, n: u32) -> usize {
        self.fds.descs.iter().flatten().filter(|d: &&Desc| d.sock == Some(n)).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v4(port: u16) -> Addr {
        Addr { family: AF_INET, port, host: vec![127, 0, 0, 1] }
    }

    #[test]
    fn addresses_round_trip() {
        for a in [v4(80), Addr::loopback(AF_INET6, 11211), Addr { family: AF_UNIX, port: 0, host: b"/tmp/s".to_vec() }]
        {
            assert_eq!(Addr::parse(&a.encode()), Ok(a));
        }
        assert_eq!(Addr::parse(&[9, 0, 0, 0]), Err(EAFNOSUPPORT));
    }

    #[test]
    fn connect_reaches_a_listener_then_the_peer_then_nobody() {
        let mut os = Os::new(&[], "/");
        let l = os.new_socket(AF_INET);
        let lfd = os.open_desc_with(None, None, 2, false, Some(l), true).unwrap();
        os.bind(l, Addr::any(AF_INET)).unwrap();
        let port = os.socket(l).local.as_ref().unwrap().port;
        assert_ne!(port, 0, "port 0 gets an ephemeral port");
        os.listen(l, 0).unwrap();
        assert!(!os.accept_ready(lfd, false), "nobody connected yet");
        let c = os.new_socket(AF_INET);
        let cfd = os.open_desc_with(None, None, 2, false, Some(c), true).unwrap();
        assert_eq!(os.connect(cfd, c, v4(port), 1), Ok(Connected::Local));
        assert!(os.accept_ready(lfd, false));
        assert!(matches!(os.take_waiting(l), Some(Waiting::Local { .. })));
        let c2 = os.new_socket(AF_INET);
        let c2fd = os.open_desc_with(None, None, 2, false, Some(c2), true).unwrap();
        assert_eq!(os.connect(c2fd, c2, v4(1), 1), Ok(Connected::Peer(0)));
        let c3 = os.new_socket(AF_INET);
        let c3fd = os.open_desc_with(None, None, 2, false, Some(c3), true).unwrap();
        assert_eq!(os.connect(c3fd, c3, v4(1), 1), Err(ECONNREFUSED), "the peer connects once");
    }

    #[test]
    fn the_peers_connections_wait_at_the_first_listener_in_order() {
        let mut os = Os::new(&[], "/");
        let c = os.new_socket(AF_INET);
        let cfd = os.open_desc_with(None, None, 2, false, Some(c), true).unwrap();
        assert_eq!(os.connect(cfd, c, v4(1), 3), Ok(Connected::Peer(0)), "a connect takes the first");
        let l = os.new_socket(AF_INET);
        os.bind(l, v4(11211)).unwrap();
        os.listen(l, 3).unwrap();
        let l2 = os.new_socket(AF_INET);
        os.bind(l2, v4(11212)).unwrap();
        os.listen(l2, 3).unwrap();
        assert!(matches!(os.take_waiting(l), Some(Waiting::Peer(1))));
        assert!(matches!(os.take_waiting(l), Some(Waiting::Peer(2))));
        assert!(os.take_waiting(l).is_none());
        assert!(os.take_waiting(l2).is_none(), "the second listener gets none");
    }
}
