//! File descriptors and open file descriptions, and what reading and writing them does:
//! regular files at an offset, pipes that block readers while empty and writers while
//! full, event counters.

use super::epoll::{Side, EPOLLIN, EPOLLOUT};
use super::fs::{Node, PIPE_CAPACITY};
use super::Os;
use ravel_sym::ExprId;
use std::collections::BTreeMap;
use std::rc::Rc;

use crate::errno::{EAGAIN, EBADF, EFBIG, EINVAL, EISDIR, EMFILE, ENOTCONN, EPIPE, ESPIPE};

/// Access mode and status flags (Linux values).
pub const O_WRONLY: u32 = 1;
pub const O_RDWR: u32 = 2;
pub const O_APPEND: u32 = 0o2000;
pub const O_NONBLOCK: u32 = 0o4000;

/// `poll` event bits (Linux values).
pub const POLLIN: u16 = 1;
pub const POLLOUT: u16 = 4;
pub const POLLERR: u16 = 8;
pub const POLLHUP: u16 = 0x10;
pub const POLLNVAL: u16 = 0x20;

/// Bytes with the symbolic shadows of some of them (by index), as files hold them.
pub type Bytes = (Vec<u8>, Vec<(usize, ExprId)>);

/// An open file description: what `open`, `pipe`, ... create and `dup` shares.
#[derive(Clone, Debug, Hash)]
pub struct Desc {
    /// The node reads take from and the one writes go to (they differ for an end of a
    /// socket pair; a pipe end has only one).
    pub rd: Option<u32>,
    pub wr: Option<u32>,
    pub offset: u64,
    /// Access mode and status flags as `fcntl(F_GETFL)` reports them.
    pub flags: u32,
    /// Descriptors referring to it.
    pub refs: u32,
    /// The socket node of a socket (its addresses, listening queue, options); `rd`/`wr`
    /// are its data pipes once it is connected.
    pub sock: Option<u32>,
    /// A directory's entries as the first `getdents64` from offset 0 saw them (later
    /// reads continue in them, as a real listing is not disturbed by changes).
    pub listing: Option<Rc<[super::dir::DirEntry]>>,
}

/// Descriptors: each the index of its description and its close-on-exec flag.
#[derive(Clone, Debug, Hash)]
pub struct FdTable {
    pub fds: Vec<Option<(u32, bool)>>,
    pub descs: Vec<Option<Desc>>,
}

/// Whether a read or write on a descriptor can complete now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ready {
    Now,
    /// It blocks until another thread writes, reads or closes the other end.
    Block,
}

impl FdTable {
    /// Descriptors 0, 1 and 2 on the terminal nodes 0, 1, 2.
    pub fn with_std_streams() -> FdTable {
        let d = |n: u32, flags| {
            Some(Desc { rd: Some(n), wr: Some(n), offset: 0, flags, refs: 1, sock: None, listing: None })
        };
        FdTable {
            fds: (0..3).map(|i| Some((i, false))).collect(),
            descs: vec![d(0, 0), d(1, O_WRONLY), d(2, O_WRONLY)],
        }
    }

    /// The index of the description behind `fd`, when `fd` is open.
    pub fn index(&self, fd: u64) -> Option<u32> {
        self.fds.get(usize::try_from(fd).ok()?).copied().flatten().map(|(d, _)| d)
    }

    /// The description behind `fd`.
    pub fn get(&self, fd: u64) -> Option<&Desc> {
        self.descs[self.index(fd)? as usize].as_ref()
    }

    pub(super) fn get_mut(&mut self, fd: u64) -> Option<&mut Desc> {
        let d = self.index(fd)?;
        self.descs[d as usize].as_mut()
    }

    /// The close-on-exec flag of `fd`.
    pub fn cloexec(&self, fd: u64) -> Option<bool> {
        self.fds.get(usize::try_from(fd).ok()?).copied().flatten().map(|(_, c)| c)
    }

    /// Sets the close-on-exec flag of an open `fd`.
    pub fn set_cloexec(&mut self, fd: u64, on: bool) {
        if let Some(Some((_, c))) = usize::try_from(fd).ok().and_then(|i| self.fds.get_mut(i)) {
            *c = on;
        }
    }

    /// Sets the offset of `fd`'s description (`pread`/`pwrite` move it and back).
    pub fn set_offset(&mut self, fd: u64, offset: u64) {
        if let Some(d) = self.get_mut(fd) {
            d.offset = offset;
        }
    }

    /// Sets the status flags of `fd`'s description (the access mode stays).
    pub fn set_flags(&mut self, fd: u64, flags: u32) {
        if let Some(d) = self.get_mut(fd) {
            d.flags = (d.flags & 3) | (flags & (O_APPEND | O_NONBLOCK));
        }
    }

    /// The lowest free descriptor at or above `min`, below `max`.
    fn free_slot(&self, min: usize, max: usize) -> Option<usize> {
        (min..max).find(|&i| self.fds.get(i).is_none_or(|s| s.is_none()))
    }

    fn put(&mut self, fd: usize, desc: u32, cloexec: bool) {
        if self.fds.len() <= fd {
            self.fds.resize(fd + 1, None);
        }
        self.fds[fd] = Some((desc, cloexec));
    }
}

impl Os {
    /// What `poll` reports (`revents`) for descriptor `fd` asked for `events`: readiness
    /// of its pipe, event counter or socket; `POLLNVAL` for a closed descriptor.
    pub fn poll_events(&self, fd: i64, events: u16) -> u16 {
        if fd < 0 {
            return 0;
        }
        match self.fds.get(fd as u64) {
            Some(d) => self.desc_events(d, events),
            None => POLLNVAL,
        }
    }

    /// What polling description `d` for `events` reports (`POLLERR` and `POLLHUP`
    /// always count), as Linux's `pipe_poll`/`eventfd_poll`/socket poll compute it.
    pub fn desc_events(&self, d: &Desc, events: u16) -> u16 {
        let mut r = 0;
        if let (Some(Node::Socket(s)), None) = (d.sock.map(|n| &self.fs.nodes[n as usize]), d.rd) {
            // Not connected: a listening socket is readable when a connection waits.
            r = match s.listening {
                true if !s.queue.is_empty() => POLLIN,
                true => 0,
                false => POLLOUT | POLLHUP,
            };
            return r & (events | POLLERR | POLLHUP | POLLNVAL);
        }
        match d.rd.map(|n| &self.fs.nodes[n as usize]) {
            Some(Node::Pipe { buf, writers, .. }) => {
                if !buf.is_empty() {
                    r |= POLLIN;
                }
                if *writers == 0 {
                    r |= POLLHUP;
                }
            }
            Some(Node::Event { count, .. }) if *count == 0 => {}
            Some(_) => r |= POLLIN,
            None => {}
        }
        match d.wr.map(|n| &self.fs.nodes[n as usize]) {
            Some(Node::Pipe { buf, readers, .. }) => {
                if *readers == 0 {
                    r |= POLLERR;
                }
                if buf.len() < PIPE_CAPACITY {
                    r |= POLLOUT;
                }
            }
            Some(_) => r |= POLLOUT,
            None => {}
        }
        r & (events | POLLERR | POLLHUP | POLLNVAL)
    }

    /// Opens a new description of the nodes; `Err(EMFILE)` when no descriptor is free
    /// (nothing changes then).
    pub fn open_desc(&mut self, rd: Option<u32>, wr: Option<u32>, flags: u32, cloexec: bool) -> Result<u64, u64> {
        self.open_desc_with(rd, wr, flags, cloexec, None, true)
    }

    /// [`Os::open_desc`] of socket node `sock`; `count`: add the description to the
    /// reader/writer counts of its pipes (false when they include it already).
    pub fn open_desc_with(
        &mut self,
        rd: Option<u32>,
        wr: Option<u32>,
        flags: u32,
        cloexec: bool,
        sock: Option<u32>,
        count: bool,
    ) -> Result<u64, u64> {
        let fd = self.fds.free_slot(0, self.max_fds()).ok_or(EMFILE)?;
        if count {
            self.count(rd, wr, 1);
        }
        self.fds.descs.push(Some(Desc { rd, wr, offset: 0, flags, refs: 1, sock, listing: None }));
        self.fds.put(fd, (self.fds.descs.len() - 1) as u32, cloexec);
        Ok(fd as u64)
    }

    /// Closes `fd`: the nodes whose state changed (a pipe losing a reader or writer).
    pub fn close(&mut self, fd: u64) -> Result<Vec<u32>, u64> {
        let i = usize::try_from(fd).map_err(|_| EBADF)?;
        let (d, _) = self.fds.fds.get_mut(i).and_then(Option::take).ok_or(EBADF)?;
        let desc = self.fds.descs[d as usize].as_mut().ok_or(EBADF)?;
        desc.refs -= 1;
        if desc.refs > 0 {
            return Ok(Vec::new());
        }
        let desc = self.fds.descs[d as usize].take().ok_or(EBADF)?;
        self.forget_desc(d);
        let mut touched = Vec::new();
        for (n, reading) in [(desc.rd, true), (desc.wr, false)] {
            let Some(n) = n else { continue };
            if let Node::Pipe { readers, writers, .. } = &mut self.fs.nodes[n as usize] {
                if reading {
                    *readers -= 1;
                } else {
                    *writers -= 1;
                }
                let ended = *readers == 0 || *writers == 0;
                touched.push(n);
                if ended {
                    // The last reader or writer went: both sides wake (without poll flags).
                    self.wake(n, 0, Side::All);
                }
            }
        }
        if let Some(s) = desc.sock.filter(|&s| self.socket_refs(s) == 0) {
            touched.push(s);
            touched.extend(self.drop_waiting(s));
        }
        Ok(touched)
    }

    /// `dup`/`dup2`/`F_DUPFD`: a new descriptor for `old`'s description, `new` itself
    /// (closed first if open) or the lowest free one at or above `min`.
    pub fn dup(&mut self, old: u64, new: Option<u64>, min: u64, cloexec: bool) -> Result<u64, u64> {
        let d = self.fds.index(old).ok_or(EBADF)?;
        let max = self.max_fds();
        let fd = match new {
            Some(n) if n == old => return Ok(n),
            Some(n) if n as usize >= max => return Err(EBADF),
            Some(n) => {
                let _ = self.close(n);
                n as usize
            }
            None => self.fds.free_slot(min as usize, max).ok_or(EMFILE)?,
        };
        if let Some(desc) = self.fds.descs[d as usize].as_mut() {
            desc.refs += 1;
        }
        self.fds.put(fd, d, cloexec);
        Ok(fd as u64)
    }

    /// Whether reading `fd` completes now.
    pub fn read_ready(&self, fd: u64) -> Ready {
        self.read_ready_with(fd, false)
    }

    /// [`Os::read_ready`]; `dontwait`: this call does not block (`MSG_DONTWAIT`).
    pub fn read_ready_with(&self, fd: u64, dontwait: bool) -> Ready {
        let Some(d) = self.fds.get(fd) else { return Ready::Now };
        let nonblock = d.flags & O_NONBLOCK != 0 || dontwait;
        match d.rd.map(|n| &self.fs.nodes[n as usize]) {
            Some(Node::Pipe { buf, writers, .. }) if buf.is_empty() && *writers > 0 && !nonblock => Ready::Block,
            Some(Node::Event { count: 0, .. }) if !nonblock => Ready::Block,
            _ => Ready::Now,
        }
    }

    /// Whether writing `n` bytes to `fd` completes now (a pipe with readers blocks while
    /// that many bytes, at most its capacity, do not fit).
    pub fn write_ready(&self, fd: u64, n: u64) -> Ready {
        self.write_ready_with(fd, n, false)
    }

    /// [`Os::write_ready`]; `dontwait`: this call does not block (`MSG_DONTWAIT`).
    pub fn write_ready_with(&self, fd: u64, n: u64, dontwait: bool) -> Ready {
        let Some(d) = self.fds.get(fd) else { return Ready::Now };
        match d.wr.map(|n| &self.fs.nodes[n as usize]) {
            Some(Node::Pipe { buf, readers, .. })
                if *readers > 0
                    && d.flags & O_NONBLOCK == 0
                    && !dontwait
                    && PIPE_CAPACITY - buf.len() < (n as usize).clamp(1, PIPE_CAPACITY) =>
            {
                Ready::Block
            }
            _ => Ready::Now,
        }
    }

    /// Reads up to `n` bytes from `fd` (not the terminal): the bytes and the symbolic
    /// shadows of some of them, by index.
    #[cfg(test)]
    pub fn read(&mut self, fd: u64, n: u64) -> Result<Bytes, u64> {
        self.read_with(fd, n, false)
    }

    /// [`Os::read`]; `dontwait`: an empty pipe gives `EAGAIN` (`MSG_DONTWAIT`).
    pub fn read_with(&mut self, fd: u64, n: u64, dontwait: bool) -> Result<Bytes, u64> {
        let d = self.fds.get(fd).ok_or(EBADF)?;
        if self.is_epoll(fd) {
            return Err(EINVAL);
        }
        if d.flags & 3 == O_WRONLY {
            return Err(EBADF);
        }
        if d.rd.is_none() && d.sock.is_some() {
            return Err(ENOTCONN);
        }
        let (ino, offset, nonblock) = (d.rd.ok_or(EBADF)?, d.offset, d.flags & O_NONBLOCK != 0 || dontwait);
        match &mut self.fs.nodes[ino as usize] {
            Node::File { data, sym } => {
                let start = (offset as usize).min(data.len());
                let end = start.saturating_add(n as usize).min(data.len());
                let bytes = data[start..end].to_vec();
                let shadows = sym.range(start as u64..end as u64).map(|(&o, &e)| (o as usize - start, e)).collect();
                if let Some(d) = self.fds.get_mut(fd) {
                    d.offset = end as u64;
                }
                Ok((bytes, shadows))
            }
            Node::Dir => Err(EISDIR),
            Node::Pipe { buf, writers, .. } => {
                // With every write end closed an empty pipe is at its end (0), not empty for now.
                if buf.is_empty() && nonblock && *writers > 0 {
                    return Err(EAGAIN);
                }
                let was_full = buf.len() == PIPE_CAPACITY;
                let k = buf.len().min(n as usize);
                let (bytes, shadows): (Vec<u8>, Vec<Option<ExprId>>) = buf.drain(..k).unzip();
                if was_full && k > 0 {
                    // Room again: the writers wake (a pipe wakes them only then).
                    self.wake(ino, EPOLLOUT, Side::Writers);
                }
                Ok((bytes, shadows.into_iter().enumerate().filter_map(|(i, e)| Some((i, e?))).collect()))
            }
            Node::Event { count, semaphore } => {
                if n < 8 {
                    return Err(EINVAL);
                }
                if *count == 0 {
                    return Err(EAGAIN);
                }
                let v = if *semaphore { 1 } else { *count };
                *count -= v;
                self.wake(ino, EPOLLOUT, Side::Writers);
                Ok((v.to_le_bytes().to_vec(), Vec::new()))
            }
            Node::Std(_) => Ok((Vec::new(), Vec::new())),
            Node::Unmade { .. } | Node::Host { .. } | Node::Socket(_) | Node::Sink { .. } => Err(EBADF),
        }
    }

    /// Writes `bytes` (with symbolic shadows by index) to `fd` (not the terminal): the
    /// count written.
    #[cfg(test)]
    pub fn write(&mut self, fd: u64, bytes: &[u8], shadows: &[(usize, ExprId)]) -> Result<u64, u64> {
        self.write_with(fd, bytes, shadows, false)
    }

    /// [`Os::write`]; `dontwait`: a full pipe gives `EAGAIN` (`MSG_DONTWAIT`).
    pub fn write_with(
        &mut self,
        fd: u64,
        bytes: &[u8],
        shadows: &[(usize, ExprId)],
        dontwait: bool,
    ) -> Result<u64, u64> {
        let d = self.fds.get(fd).ok_or(EBADF)?;
        if self.is_epoll(fd) {
            return Err(EINVAL);
        }
        if d.flags & 3 == 0 && d.rd == d.wr && d.sock.is_none() {
            return Err(EBADF);
        }
        if d.wr.is_none() && d.sock.is_some() {
            return Err(ENOTCONN);
        }
        let (ino, append, nonblock) =
            (d.wr.ok_or(EBADF)?, d.flags & O_APPEND != 0, d.flags & O_NONBLOCK != 0 || dontwait);
        let mut offset = d.offset;
        // A file written here has the virtual clock's time from now on.
        self.fs.times.remove(&ino);
        let written = match &mut self.fs.nodes[ino as usize] {
            Node::File { data, sym } => {
                let data = Rc::make_mut(data);
                if append {
                    offset = data.len() as u64;
                }
                let start = offset as usize;
                let end =
                    start.checked_add(bytes.len()).filter(|&e| e as u64 <= super::fs::MAX_HOST_FILE).ok_or(EFBIG)?;
                if data.len() < end {
                    data.resize(end, 0);
                }
                data[start..end].copy_from_slice(bytes);
                let sym = Rc::make_mut(sym);
                let stale: Vec<u64> = sym.range(start as u64..end as u64).map(|(&o, _)| o).collect();
                for o in stale {
                    sym.remove(&o);
                }
                sym.extend(shadows.iter().map(|&(i, e)| ((start + i) as u64, e)));
                offset = end as u64;
                bytes.len() as u64
            }
            Node::Pipe { buf, readers, .. } => {
                if *readers == 0 {
                    return Err(EPIPE);
                }
                let room = PIPE_CAPACITY - buf.len();
                if room == 0 && nonblock {
                    return Err(EAGAIN);
                }
                let k = bytes.len().min(room);
                let sh: BTreeMap<usize, ExprId> = shadows.iter().copied().collect();
                buf.extend((0..k).map(|i| (bytes[i], sh.get(&i).copied())));
                if k > 0 {
                    self.wake(ino, EPOLLIN, Side::Readers);
                }
                k as u64
            }
            Node::Event { count, .. } => {
                if bytes.len() < 8 {
                    return Err(EINVAL);
                }
                let v = u64::from_le_bytes(bytes[..8].try_into().map_err(|_| EINVAL)?);
                if v == u64::MAX || count.checked_add(v).is_none_or(|c| c == u64::MAX) {
                    return Err(if nonblock { EAGAIN } else { EINVAL });
                }
                *count += v;
                self.wake(ino, EPOLLIN, Side::Readers);
                8
            }
            Node::Sink { received } => {
                *received = received.saturating_add(bytes.len() as u64);
                bytes.len() as u64
            }
            Node::Dir => return Err(EISDIR),
            Node::Std(_) | Node::Unmade { .. } | Node::Host { .. } | Node::Socket(_) => return Err(EBADF),
        };
        if let Some(d) = self.fds.get_mut(fd) {
            d.offset = offset;
        }
        Ok(written)
    }

    /// `truncate`: sets the length of file node `n` (new bytes are zeros).
    pub fn truncate(&mut self, n: u32, len: u64) -> Result<(), u64> {
        if len > super::fs::MAX_HOST_FILE {
            return Err(EFBIG);
        }
        match &mut self.fs.nodes[n as usize] {
            Node::File { data, sym } => {
                Rc::make_mut(data).resize(len as usize, 0);
                Rc::make_mut(sym).retain(|&o, _| o < len);
                // A file changed here has the virtual clock's time from now on.
                self.fs.times.remove(&n);
                Ok(())
            }
            Node::Dir => Err(EISDIR),
            _ => Err(EINVAL),
        }
    }

    /// `rename` of file node `n` from name `from` to `to` (replacing what `to` named).
    pub fn rename(&mut self, from: &[u8], to: &[u8], n: u32) {
        let (from, to) = (self.fs.resolve(from), self.fs.resolve(to));
        if from != to {
            self.fs.names.remove(&from);
            self.fs.looked_up.insert(from);
            self.fs.looked_up.insert(to.clone());
            self.fs.names.insert(to, n);
        }
    }

    /// `lseek`: the new offset.
    pub fn seek(&mut self, fd: u64, off: i64, whence: u64) -> Result<u64, u64> {
        let d = self.fds.get(fd).ok_or(EBADF)?;
        let ino = d.rd.or(d.wr).ok_or(EBADF)?;
        let size = match &self.fs.nodes[ino as usize] {
            Node::File { .. } | Node::Unmade { .. } | Node::Dir => self.fs.size(ino) as i64,
            _ => return Err(ESPIPE),
        };
        let base = match whence {
            0 => 0,
            1 => d.offset as i64,
            2 => size,
            _ => return Err(EINVAL),
        };
        let new = base.checked_add(off).filter(|&o| o >= 0).ok_or(EINVAL)?;
        if let Some(d) = self.fds.get_mut(fd) {
            d.offset = new as u64;
        }
        Ok(new as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Node, Os};
    use super::*;

    #[test]
    fn pipe_reader_blocks_until_data_or_last_writer_closes() {
        let mut os = Os::new(&[], "/");
        let p = os.fs.add(Node::Pipe { buf: Default::default(), readers: 0, writers: 0 });
        let r = os.open_desc(Some(p), None, 0, false).unwrap();
        let w = os.open_desc(None, Some(p), O_WRONLY, false).unwrap();
        let w2 = os.dup(w, None, 0, false).unwrap();
        assert_eq!((r, w, w2), (3, 4, 5));
        assert_eq!(os.read_ready(r), Ready::Block);
        assert_eq!(os.write(w, b"ab", &[]), Ok(2));
        assert_eq!(os.read(r, 1).unwrap().0, b"a");
        assert_eq!(os.read(r, 8).unwrap().0, b"b");
        os.close(w).unwrap();
        assert_eq!(os.read_ready(r), Ready::Block, "a duplicate of the write end is still open");
        os.close(w2).unwrap();
        assert_eq!(os.read_ready(r), Ready::Now);
        assert_eq!(os.read(r, 8).unwrap().0, b"", "end of file");
        os.close(r).unwrap();
        assert_eq!(os.close(r), Err(EBADF));
    }

    #[test]
    fn nonblocking_read_of_a_pipe_without_writers_is_end_of_file() {
        let mut os = Os::new(&[], "/");
        let p = os.fs.add(Node::Pipe { buf: Default::default(), readers: 0, writers: 0 });
        let r = os.open_desc(Some(p), None, O_NONBLOCK, false).unwrap();
        let w = os.open_desc(None, Some(p), O_WRONLY, false).unwrap();
        assert_eq!(os.read(r, 8).err(), Some(EAGAIN), "empty for now");
        assert_eq!(os.write(w, b"a", &[]), Ok(1));
        os.close(w).unwrap();
        assert_eq!(os.read(r, 8).unwrap().0, b"a");
        assert_eq!(os.read(r, 8).unwrap().0, b"", "end of file, not EAGAIN");
    }
}
