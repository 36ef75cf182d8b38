//! epoll instances kept as Linux keeps them (epoll(7)): an interest list and a ready list.
//!
//! The order `epoll_wait` reports descriptors in is the order of its ready list, which is
//! the order in which the watched files *woke* the instance. The wake-ups happen here, at
//! the OS operations that cause them on Linux (a write to a pipe wakes its readers, a
//! read of a full pipe its writers, the last close of an end both sides, ...), so in the
//! vm they happen in the order the explored schedule performs those operations: the ready
//! order is a function of the interleaving, as on Linux, and none is invented or lost.
//!
//! The rules, from the kernel's `fs/eventpoll.c` behaviour as epoll(7) documents it:
//! a wake-up with poll flags `key` appends an armed item whose interest meets `key` (or
//! any armed item when `key` is 0) at the tail, unless it is on the list already;
//! `epoll_ctl` ADD/MOD append the item when it is ready at once; `epoll_wait` takes items
//! from the head up to `maxevents`, drops those no longer ready, reports the others and
//! puts level-triggered ones back at the tail; `EPOLLONESHOT` disarms an item once
//! reported; items not taken stay at the head in their order.

use super::fd::Desc;
use super::{Node, Os};
use crate::errno::{EBADF, EEXIST, EINVAL, ENOENT, EPERM};
use std::collections::VecDeque;

pub const EPOLLIN: u32 = 0x1;
pub const EPOLLOUT: u32 = 0x4;
pub const EPOLLERR: u32 = 0x8;
pub const EPOLLHUP: u32 = 0x10;
pub const EPOLLEXCLUSIVE: u32 = 1 << 28;
pub const EPOLLWAKEUP: u32 = 1 << 29;
pub const EPOLLONESHOT: u32 = 1 << 30;
pub const EPOLLET: u32 = 1 << 31;
/// Flags that are not readiness (an item left with only these is disarmed).
const PRIVATE: u32 = EPOLLWAKEUP | EPOLLONESHOT | EPOLLET | EPOLLEXCLUSIVE;
/// The interest flags ravel models: the readiness it computes is exactly these.
const MODELLED: u32 = EPOLLIN | EPOLLOUT | EPOLLERR | EPOLLHUP | EPOLLONESHOT | EPOLLET | EPOLLWAKEUP;

pub const EPOLL_CTL_ADD: u32 = 1;
pub const EPOLL_CTL_DEL: u32 = 2;
pub const EPOLL_CTL_MOD: u32 = 3;

/// One registration: descriptor `fd` of description `desc`, as Linux keys it (a
/// duplicate of `fd` keeps the description, and the registration, alive).
#[derive(Clone, Debug, Hash, PartialEq, Eq)]
pub struct Item {
    pub fd: u64,
    pub desc: u32,
    /// Interest (with `EPOLLERR | EPOLLHUP`, which are always reported) and mode flags.
    pub events: u32,
    pub data: u64,
}

/// An epoll instance.
#[derive(Clone, Debug, Default, Hash)]
pub struct Epoll {
    pub items: Vec<Item>,
    /// `(fd, desc)` of the items on the ready list, head first.
    pub ready: VecDeque<(u64, u32)>,
}

/// Who a wake-up on a node reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Descriptions reading the node (data arrived, a connection is queued).
    Readers,
    /// Descriptions writing it (room was made).
    Writers,
    /// Both (an end was closed).
    All,
}

/// Why `epoll_ctl` did not register.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CtlError {
    Errno(u64),
    /// Something ravel does not model (the message names it).
    Unsupported(&'static str),
}

impl Os {
    /// The description index behind `fd`.
    pub fn desc_of(&self, fd: u64) -> Option<u32> {
        self.fds.index(fd)
    }

    /// True when `fd` is an epoll descriptor.
    pub fn is_epoll(&self, fd: u64) -> bool {
        self.desc_of(fd).is_some_and(|d| self.epolls.contains_key(&d))
    }

    /// `epoll_create1`: a new instance behind a new descriptor.
    pub fn epoll_create(&mut self, cloexec: bool) -> Result<u64, u64> {
        let fd = self.open_desc(None, None, super::fd::O_RDWR, cloexec)?;
        let d = self.desc_of(fd).ok_or(EBADF)?;
        self.epolls.insert(d, Epoll::default());
        Ok(fd)
    }

    /// `epoll_ctl(epfd, op, fd, {events, data})`.
    pub fn epoll_ctl(&mut self, epfd: u64, op: u32, fd: u64, events: u32, data: u64) -> Result<(), CtlError> {
        let errno = CtlError::Errno;
        let ep = self.desc_of(epfd).ok_or(errno(EBADF))?;
        let target = self.desc_of(fd).ok_or(errno(EBADF))?;
        if !self.epolls.contains_key(&ep) || epfd == fd {
            return Err(errno(EINVAL));
        }
        if self.epolls.contains_key(&target) {
            return Err(CtlError::Unsupported("epoll_ctl on an epoll descriptor (nested epoll)"));
        }
        let desc = self.fds.descs[target as usize].as_ref().ok_or(errno(EBADF))?;
        if !self.pollable(desc) {
            return Err(errno(EPERM));
        }
        if op != EPOLL_CTL_DEL {
            if events & EPOLLEXCLUSIVE != 0 {
                return Err(match op {
                    EPOLL_CTL_ADD if events & EPOLLONESHOT == 0 => {
                        CtlError::Unsupported("EPOLLEXCLUSIVE (which of several instances wakes is up to the kernel)")
                    }
                    _ => errno(EINVAL),
                });
            }
            if events & !MODELLED != 0 {
                return Err(CtlError::Unsupported(
                    "epoll events other than EPOLLIN, EPOLLOUT, EPOLLET and EPOLLONESHOT",
                ));
            }
            let socket = desc.sock.is_some() || desc.rd.is_some() && desc.wr.is_some() && desc.rd != desc.wr;
            if events & EPOLLET != 0 && socket {
                // A socket wakes readers per arriving segment or message buffer and writers
                // per acknowledgement or consumed buffer: edges ravel does not keep.
                return Err(CtlError::Unsupported("EPOLLET on a socket (its edges follow segments and buffers)"));
            }
        }
        let instance = self.epolls.get_mut(&ep).ok_or(errno(EINVAL))?;
        let at = instance.items.iter().position(|i| (i.fd, i.desc) == (fd, target));
        match (op, at) {
            (EPOLL_CTL_ADD, Some(_)) => return Err(errno(EEXIST)),
            (EPOLL_CTL_ADD, None) => {
                instance.items.push(Item { fd, desc: target, events: events | EPOLLERR | EPOLLHUP, data })
            }
            (EPOLL_CTL_DEL | EPOLL_CTL_MOD, None) => return Err(errno(ENOENT)),
            (EPOLL_CTL_DEL, Some(i)) => {
                instance.items.remove(i);
                instance.ready.retain(|&k| k != (fd, target));
                return Ok(());
            }
            (EPOLL_CTL_MOD, Some(i)) => {
                let item = &mut instance.items[i];
                item.events = events | EPOLLERR | EPOLLHUP;
                item.data = data;
            }
            _ => return Err(errno(EINVAL)),
        }
        // ADD and MOD poll the file and queue the item when it is ready already.
        if self.item_events(events | EPOLLERR | EPOLLHUP, target) != 0 {
            let instance = self.epolls.get_mut(&ep).ok_or(errno(EINVAL))?;
            if !instance.ready.contains(&(fd, target)) {
                instance.ready.push_back((fd, target));
            }
        }
        Ok(())
    }

    /// Whether a description supports poll (regular files and directories do not:
    /// `epoll_ctl` gives `EPERM`).
    fn pollable(&self, d: &Desc) -> bool {
        let node = d.sock.or(d.rd).or(d.wr);
        !matches!(node.map(|n| &self.fs.nodes[n as usize]), Some(Node::File { .. } | Node::Unmade { .. } | Node::Dir))
    }

    /// What an item with `events` reports for description `d` now (0: not ready).
    fn item_events(&self, events: u32, d: u32) -> u32 {
        match self.fds.descs[d as usize].as_ref() {
            Some(desc) => self.desc_events(desc, (events & !PRIVATE) as u16) as u32 & events,
            None => 0,
        }
    }

    /// True when `epoll_wait` on description `ep` has items to look at (Linux wakes a
    /// sleeping waiter then, and it scans).
    pub fn epoll_has_ready(&self, ep: u32) -> bool {
        self.epolls.get(&ep).is_some_and(|e| !e.ready.is_empty())
    }

    /// The nodes of the items on `ep`'s ready list (what a scan polls).
    pub fn epoll_ready_nodes(&self, ep: u32) -> Vec<u32> {
        let Some(e) = self.epolls.get(&ep) else { return Vec::new() };
        let descs = e.ready.iter().filter_map(|&(_, d)| self.fds.descs[d as usize].as_ref());
        descs.flat_map(|d| [d.rd, d.wr, d.sock]).flatten().collect()
    }

    /// `epoll_wait`'s scan of instance `ep`: up to `max` `(events, data)` pairs, in ready
    /// list order; items no longer ready leave the list.
    pub fn epoll_scan(&mut self, ep: u32, max: usize) -> Vec<(u32, u64)> {
        let Some(mut e) = self.epolls.remove(&ep) else { return Vec::new() };
        let mut out = Vec::new();
        let mut requeue = Vec::new();
        while out.len() < max {
            let Some(key) = e.ready.pop_front() else { break };
            let Some(item) = e.items.iter_mut().find(|i| (i.fd, i.desc) == key) else { continue };
            let r = self.item_events(item.events, item.desc);
            if r == 0 {
                continue;
            }
            out.push((r, item.data));
            if item.events & EPOLLONESHOT != 0 {
                item.events &= PRIVATE;
            } else if item.events & EPOLLET == 0 {
                requeue.push(key);
            }
        }
        e.ready.extend(requeue);
        self.epolls.insert(ep, e);
        out
    }

    /// A wake-up with poll flags `key` (0: any) on node `n` reaching `side`: queues the
    /// armed items it concerns; notes the instances that changed in `woken`.
    pub(super) fn wake(&mut self, n: u32, key: u32, side: Side) {
        if self.epolls.is_empty() {
            return;
        }
        let descs = &self.fds.descs;
        for (&ep, e) in self.epolls.iter_mut() {
            let mut changed = false;
            for item in &e.items {
                let Some(d) = descs[item.desc as usize].as_ref() else { continue };
                if item.events & !PRIVATE == 0 || key != 0 && key & item.events == 0 || !reaches(d, n, side) {
                    continue;
                }
                let k = (item.fd, item.desc);
                if !e.ready.contains(&k) {
                    e.ready.push_back(k);
                    changed = true;
                }
            }
            if changed && !self.woken.contains(&ep) {
                self.woken.push(ep);
            }
        }
    }

    /// True when an epoll item watches node `n` (an operation on it may wake an instance).
    pub fn watched(&self, n: u32) -> bool {
        self.epolls
            .values()
            .flat_map(|e| &e.items)
            .any(|i| self.fds.descs[i.desc as usize].as_ref().is_some_and(|d| [d.rd, d.wr, d.sock].contains(&Some(n))))
    }

    /// The instances woken since the last call (their events are the caller's to log).
    pub fn take_woken(&mut self) -> Vec<u32> {
        std::mem::take(&mut self.woken)
    }

    /// Description `d` is closed for good: its registrations go (and so does the instance
    /// when it is one).
    pub(super) fn forget_desc(&mut self, d: u32) {
        self.epolls.remove(&d);
        for e in self.epolls.values_mut() {
            e.items.retain(|i| i.desc != d);
            e.ready.retain(|k| k.1 != d);
        }
    }
}

/// Whether a wake-up on node `n` for `side` reaches description `d`. A pipe has one pair
/// of wait queues for both ends (`pipe_poll` waits on both), so a wake-up reaches every
/// end; a socket (or socket pair end) is woken on its own queue only.
fn reaches(d: &Desc, n: u32, side: Side) -> bool {
    let pipe_end = d.sock.is_none() && d.rd.is_some() != d.wr.is_some();
    let (rd, wr) = (d.rd == Some(n) || d.sock == Some(n), d.wr == Some(n) || d.sock == Some(n));
    match side {
        _ if pipe_end => rd || wr,
        Side::Readers => rd,
        Side::Writers => wr,
        Side::All => rd || wr,
    }
}

/// The key of epoll instance (description) `d` for the explorers' events.
pub fn epoll_key(d: u32) -> u64 {
    super::KEY_BASE + 0x1_0000_0000 + d as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::os::fd::O_WRONLY;

    fn pipe(os: &mut Os) -> (u64, u64) {
        let p = os.fs.add(Node::Pipe { buf: Default::default(), readers: 0, writers: 0 });
        (os.open_desc(Some(p), None, 0, false).unwrap(), os.open_desc(None, Some(p), O_WRONLY, false).unwrap())
    }

    #[test]
    fn ready_order_is_wake_order_and_level_triggered_items_go_to_the_tail() {
        let mut os = Os::new(&[], "/");
        let ep = os.epoll_create(false).unwrap();
        let (r1, w1) = pipe(&mut os);
        let (r2, w2) = pipe(&mut os);
        os.epoll_ctl(ep, EPOLL_CTL_ADD, r1, EPOLLIN, 1).unwrap();
        os.epoll_ctl(ep, EPOLL_CTL_ADD, r2, EPOLLIN, 2).unwrap();
        let d = os.desc_of(ep).unwrap();
        os.write(w2, b"b", &[]).unwrap();
        os.write(w1, b"a", &[]).unwrap();
        assert_eq!(os.take_woken(), vec![d]);
        assert_eq!(os.epoll_scan(d, 1), vec![(EPOLLIN, 2)]);
        assert_eq!(os.epoll_scan(d, 1), vec![(EPOLLIN, 1)], "the reported item went to the tail");
        assert_eq!(os.epoll_scan(d, 8), vec![(EPOLLIN, 2), (EPOLLIN, 1)]);
        os.read(r2, 8).unwrap();
        assert_eq!(os.epoll_scan(d, 8), vec![(EPOLLIN, 1)], "a drained pipe leaves the list");
    }

    #[test]
    fn edge_triggered_and_oneshot_items_report_once_per_wake_up() {
        let mut os = Os::new(&[], "/");
        let ep = os.epoll_create(false).unwrap();
        let d = os.desc_of(ep).unwrap();
        let (r1, w1) = pipe(&mut os);
        let (r2, w2) = pipe(&mut os);
        os.epoll_ctl(ep, EPOLL_CTL_ADD, r1, EPOLLIN | EPOLLET, 1).unwrap();
        os.epoll_ctl(ep, EPOLL_CTL_ADD, r2, EPOLLIN | EPOLLONESHOT, 2).unwrap();
        os.write(w1, b"a", &[]).unwrap();
        os.write(w2, b"b", &[]).unwrap();
        assert_eq!(os.epoll_scan(d, 8), vec![(EPOLLIN, 1), (EPOLLIN, 2)]);
        assert_eq!(os.epoll_scan(d, 8), vec![], "both still readable, but no new edge / disarmed");
        os.write(w1, b"a", &[]).unwrap();
        os.write(w2, b"b", &[]).unwrap();
        assert_eq!(os.epoll_scan(d, 8), vec![(EPOLLIN, 1)], "a new write is a new edge; one-shot stays off");
        os.epoll_ctl(ep, EPOLL_CTL_MOD, r2, EPOLLIN | EPOLLONESHOT, 3).unwrap();
        assert_eq!(os.epoll_scan(d, 8), vec![(EPOLLIN, 3)], "re-armed and ready");
    }

    #[test]
    fn errors_and_the_end_of_a_description() {
        let mut os = Os::new(&[], "/");
        let ep = os.epoll_create(false).unwrap();
        let d = os.desc_of(ep).unwrap();
        let (r, w) = pipe(&mut os);
        let f = os.fs.create(b"/f", 0o644).unwrap();
        let file = os.open_desc(Some(f), Some(f), 2, false).unwrap();
        assert_eq!(os.epoll_ctl(ep, EPOLL_CTL_ADD, file, EPOLLIN, 0), Err(CtlError::Errno(EPERM)));
        assert_eq!(os.epoll_ctl(ep, EPOLL_CTL_MOD, r, EPOLLIN, 0), Err(CtlError::Errno(ENOENT)));
        assert_eq!(os.epoll_ctl(r, EPOLL_CTL_ADD, w, EPOLLOUT, 0), Err(CtlError::Errno(EINVAL)));
        assert_eq!(os.epoll_ctl(ep, EPOLL_CTL_ADD, 99, EPOLLIN, 0), Err(CtlError::Errno(EBADF)));
        os.epoll_ctl(ep, EPOLL_CTL_ADD, w, EPOLLOUT, 7).unwrap();
        assert_eq!(os.epoll_ctl(ep, EPOLL_CTL_ADD, w, EPOLLOUT, 7), Err(CtlError::Errno(EEXIST)));
        os.close(r).unwrap();
        assert_eq!(os.epoll_scan(d, 8), vec![(EPOLLOUT | EPOLLERR, 7)], "no reader left: EPOLLERR");
        os.close(w).unwrap();
        assert!(os.epolls[&d].items.is_empty(), "closing the description removes its item");
    }
}
