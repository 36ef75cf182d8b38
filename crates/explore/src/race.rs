//! Data-race detection over one explored execution: happens-before from synchronisation
//! (vector clocks through synchronisation locations), shadow state per byte for plain
//! accesses. A race is two accesses of different threads to the same byte, at least one
//! a write, neither atomic, unordered by happens-before.

use crate::clock::VClock;
use ravel_ir::SrcLoc;
use ravel_vm::{AccessKind, ChannelOp, Loc, LogEntry};
use rustc_hash::FxHashMap;

/// The last accesses of one byte.
#[derive(Clone, Debug, Default)]
struct Shadow {
    write: Option<Access>,
    reads: Vec<Access>,
}

impl Shadow {
    /// The earlier access of this byte that races with an access of thread `t` (a write
    /// when `write`) whose clock is `clock`: the last write, or for a write any read, not
    /// ordered before it.
    fn conflict(&self, t: usize, clock: &VClock, write: bool) -> Option<(Access, How)> {
        let unordered = |x: &Access| x.thread != t && !clock.covers(x.thread, x.epoch);
        let earlier = self.write.filter(unordered).map(|w| (w, How::Write));
        earlier.or_else(|| self.reads.iter().find(|r| write && unordered(r)).map(|&r| (r, How::Read)))
    }
}

/// Bytes per [`ShadowChunk`].
const CHUNK: u64 = 64;

/// The shadows of [`CHUNK`] consecutive bytes. Detectors are cloned with every snapshot
/// an engine keeps (unfold keeps one per few events of a configuration and clones one
/// per event it tries), so chunks are shared between clones and copied only when one
/// of them writes: a per-byte map copied whole made a long program's snapshots cost
/// gigabytes (memcached under unfold).
#[derive(Clone, Debug)]
struct ShadowChunk(Vec<Shadow>);

impl Default for ShadowChunk {
    fn default() -> Self {
        ShadowChunk(vec![Shadow::default(); CHUNK as usize])
    }
}

#[derive(Clone, Copy, Debug)]
struct Access {
    thread: usize,
    epoch: u32,
    at: SrcLoc,
    /// Index of the transition that made it (for reports).
    step: usize,
}

/// How a racing access touched the byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    Read,
    Write,
    /// The end of the object's life (`free`, a returning frame's locals).
    Free,
}

impl How {
    fn of(write: bool) -> How {
        if write {
            How::Write
        } else {
            How::Read
        }
    }

    /// The word reports use for it.
    pub fn name(self) -> &'static str {
        match self {
            How::Read => "read",
            How::Write => "write",
            How::Free => "free",
        }
    }

    /// The verb traces use for it.
    pub fn verb(self) -> &'static str {
        match self {
            How::Read => "reads",
            How::Write => "writes",
            How::Free => "frees",
        }
    }
}

/// A detected race: the earlier and the later access.
#[derive(Clone, Debug)]
pub struct Race {
    pub addr: u64,
    pub first: (usize, SrcLoc, How),
    pub second: (usize, SrcLoc, How),
    /// The transition (index in the execution) of the first access.
    pub first_step: usize,
}

/// What happens-before a pipe's (or a socket's) bytes carry: the clock of each send not
/// yet consumed whole, by the stream offsets where it starts and ends, and the writers'
/// closes.
#[derive(Clone, Default)]
struct Stream {
    sent: u64,
    received: u64,
    sends: std::collections::VecDeque<(std::ops::Range<u64>, VClock)>,
    closed: VClock,
}

/// Happens-before state of one execution.
#[derive(Default)]
pub struct RaceDetector {
    threads: Vec<VClock>,
    sync: FxHashMap<Loc, VClock>,
    /// Pipes and sockets by their node's key ([`LogEntry::Channel`]).
    streams: FxHashMap<u64, Stream>,
    /// Shadows by chunk number (address / [`CHUNK`]).
    shadow: FxHashMap<u64, std::rc::Rc<ShadowChunk>>,
    /// Who ended each object and at which of their epochs, by the object's start: a later
    /// use after free is told racing (unordered with the free) or ordered by it.
    ended: FxHashMap<u64, (usize, u32)>,
    /// Transitions processed so far.
    steps: usize,
}

ravel_vm::clone_reusing!(RaceDetector { threads, sync, streams, shadow, ended, steps });

impl RaceDetector {
    fn clock(&mut self, t: usize) -> &mut VClock {
        while self.threads.len() <= t {
            // A thread's own epochs start at 1, so its first accesses are never "covered"
            // by a clock that knows nothing of it.
            let mut c = VClock::default();
            c.set(self.threads.len(), 1);
            self.threads.push(c);
        }
        &mut self.threads[t]
    }

    fn tick(&mut self, t: usize) {
        let c = self.clock(t);
        let v = c.get(t) + 1;
        c.set(t, v);
    }

    /// Processes the log of one transition of thread `t`; returns the races found, in
    /// order, each pair of places once (the whole log is processed, so detection can go on
    /// after them).
    pub fn transition(&mut self, t: usize, log: &[LogEntry]) -> Vec<Race> {
        self.tick(t);
        self.steps += 1;
        let mut found: Vec<Race> = Vec::new();
        let mut note = |race: Option<Race>| {
            if let Some(r) = race.filter(|r| !found.iter().any(|f| f.first.1 == r.first.1 && f.second.1 == r.second.1))
            {
                found.push(r);
            }
        };
        // Bytes moved through a pipe synchronise as data flows (below), not as the step's
        // events on its node do; the descriptor table (which numbers `open`, `accept` and
        // `close` hand out) orders steps for the engines but carries no data between
        // threads, so it synchronises nothing (ThreadSanitizer does not either).
        let channels: smallvec::SmallVec<[u64; 2]> = log
            .iter()
            .filter_map(|e| match e {
                LogEntry::Channel { key, .. } => Some(*key),
                _ => None,
            })
            .collect();
        let orders_only =
            |loc: &Loc| matches!(loc, Loc::Sync(k) if channels.contains(k) || *k == ravel_vm::DESCRIPTOR_TABLE);
        for entry in log {
            match entry {
                LogEntry::Event { loc, atomic: true, .. } if orders_only(loc) => {}
                LogEntry::Event { thread, loc, kind, atomic: true, .. } => {
                    let t = *thread;
                    let clock = self.clock(t).clone();
                    let l = self.sync.entry(*loc).or_default();
                    if *kind != AccessKind::Write {
                        let acquired = l.clone();
                        self.clock(t).join(&acquired);
                    }
                    // A failed compare-and-swap only read: it releases nothing.
                    if kind.writes() {
                        let clock = if *kind == AccessKind::Rmw { self.clock(t).clone() } else { clock };
                        self.sync.entry(*loc).or_default().join(&clock);
                        // Accesses after a release are not covered by it.
                        self.tick(t);
                    }
                }
                LogEntry::Event { thread, kind, atomic: false, addr, len, at, .. } => {
                    note(self.plain(*thread, *addr, *len, *kind != AccessKind::Read, *at));
                }
                LogEntry::Plain { thread, addr, len, write, at } => {
                    note(self.plain(*thread, *addr, *len, *write, *at));
                }
                LogEntry::Free { thread, addr, len, at, .. } => note(self.end_of_object(*thread, *addr, *len, *at)),
                LogEntry::Touch { .. } => {}
                // A store made visible releases what its thread did before buffering it
                // (the clock its entry into the buffer recorded); its plain access was
                // checked then.
                LogEntry::Flush { thread, seq, addr, atomic: true, .. } => {
                    let entered = self.sync.get(&Loc::Buffered(*thread as u32, *seq)).cloned().unwrap_or_default();
                    self.sync.entry(Loc::Mem(addr & !7)).or_default().join(&entered);
                }
                LogEntry::Flush { atomic: false, .. } => {}
                LogEntry::Spawn { child } => {
                    let parent = self.clock(t).clone();
                    self.clock(*child).join(&parent);
                    self.tick(t);
                }
                LogEntry::Channel { thread, key, op } => self.channel(*thread, *key, *op),
            }
        }
        found
    }

    /// Thread `t` used the stream `key` ([`LogEntry::Channel`]): a send releases its clock
    /// with its bytes, a receive acquires the clocks of the sends whose bytes it consumes
    /// (of the writers' closes, at the end of the stream).
    fn channel(&mut self, t: usize, key: u64, op: ChannelOp) {
        let clock = self.clock(t).clone();
        let stream = self.streams.entry(key).or_default();
        match op {
            ChannelOp::CloseReader => return,
            ChannelOp::Send(bytes) => {
                stream.sends.push_back((stream.sent..stream.sent + bytes, clock));
                stream.sent += bytes;
            }
            ChannelOp::CloseWriter => stream.closed.join(&clock),
            ChannelOp::Receive(bytes) => {
                let mut acquired = if bytes == 0 { stream.closed.clone() } else { VClock::default() };
                stream.received += bytes;
                // Only sends with a byte among those consumed: the one consumed in part
                // stays for the rest of its bytes.
                while let Some((sent, c)) = stream.sends.front().filter(|(sent, _)| sent.start < stream.received) {
                    acquired.join(c);
                    if sent.end > stream.received {
                        break;
                    }
                    stream.sends.pop_front();
                }
                self.clock(t).join(&acquired);
                return;
            }
        }
        // Accesses after a release are not covered by it.
        self.tick(t);
    }

    fn plain(&mut self, t: usize, addr: u64, len: u64, write: bool, at: SrcLoc) -> Option<Race> {
        let clock = self.clock(t).clone();
        let me = Access { thread: t, epoch: clock.get(t), at, step: self.steps.saturating_sub(1) };
        let mut race = None;
        let mut chunk: Option<(u64, &mut ShadowChunk)> = None;
        for a in addr..addr + len.max(1) {
            if chunk.as_ref().is_none_or(|(n, _)| *n != a / CHUNK) {
                let shared = self.shadow.entry(a / CHUNK).or_default();
                chunk = Some((a / CHUNK, std::rc::Rc::make_mut(shared)));
            }
            let sh = &mut chunk.as_mut().expect("set above").1 .0[(a % CHUNK) as usize];
            if let (None, Some((x, how))) = (&race, sh.conflict(t, &clock, write)) {
                race = Some(Race {
                    addr: a,
                    first: (x.thread, x.at, how),
                    second: (t, at, How::of(write)),
                    first_step: x.step,
                });
            }
            if write {
                sh.write = Some(me);
                sh.reads.clear();
            } else {
                sh.reads.retain(|r| r.thread != t);
                sh.reads.push(me);
            }
        }
        race
    }

    /// Whether the end of the object starting at `start` (a free, a frame's end) is
    /// unordered with what thread `t` does now: a use after free that is also a race,
    /// as ThreadSanitizer reports it (heap-use-after-free). `None` when no end is known.
    pub fn end_races_with(&mut self, start: u64, t: usize) -> Option<bool> {
        let (by, epoch) = *self.ended.get(&start)?;
        Some(by != t && !self.clock(t).covers(by, epoch))
    }

    /// Thread `t` ends the object `[addr, addr + len)` at `at`: a write of every byte as
    /// far as races go. Only bytes accessed before need a look (a later access to the
    /// dead object faults as a use after free), and their shadows go with the object.
    fn end_of_object(&mut self, t: usize, addr: u64, len: u64, at: SrcLoc) -> Option<Race> {
        let clock = self.clock(t).clone();
        self.ended.insert(addr, (t, clock.get(t)));
        let end = addr + len.max(1);
        let (first, last) = (addr / CHUNK, (end - 1) / CHUNK);
        let mut chunks: Vec<u64> = if last - first < self.shadow.len() as u64 {
            (first..=last).filter(|n| self.shadow.contains_key(n)).collect()
        } else {
            self.shadow.keys().copied().filter(|n| (first..=last).contains(n)).collect()
        };
        chunks.sort_unstable();
        let mut race = None;
        for n in chunks {
            let chunk = std::rc::Rc::make_mut(self.shadow.get_mut(&n).expect("listed above"));
            for a in addr.max(n * CHUNK)..end.min((n + 1) * CHUNK) {
                let sh = std::mem::take(&mut chunk.0[(a % CHUNK) as usize]);
                if let (None, Some((x, how))) = (&race, sh.conflict(t, &clock, true)) {
                    race = Some(Race {
                        addr: a,
                        first: (x.thread, x.at, how),
                        second: (t, at, How::Free),
                        first_step: x.step,
                    });
                }
            }
        }
        race
    }
}

/// The program error reporting a race, with names for the location and threads.
pub fn race_error(m: &mut ravel_vm::Machine, race: &Race) -> ravel_vm::ProgramError {
    let what = m.symbolize(race.addr);
    // file:line:column, the file without its directory (the report's places give it whole).
    let place = |at: SrcLoc| format!("{}:{}:{}", m.program().file_name(at), at.line, at.col);
    let message = format!(
        "data race on {what}: {} in thread {} at {} and {} in thread {} at {}",
        race.first.2.name(),
        m.threads()[race.first.0].name(),
        place(race.first.1),
        race.second.2.name(),
        m.threads()[race.second.0].name(),
        place(race.second.1)
    );
    ravel_vm::ProgramError {
        related: vec![(race.first.0, race.first.1)],
        block: m.heap_block(race.addr),
        ..ravel_vm::ProgramError::at(ravel_vm::ErrorKind::DataRace, message, race.second.0, race.second.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(thread: usize, addr: u64, write: bool) -> LogEntry {
        LogEntry::Plain { thread, addr, len: 4, write, at: SrcLoc::default() }
    }

    fn sync(thread: usize, kind: AccessKind) -> LogEntry {
        LogEntry::Event { thread, loc: Loc::Sync(64), kind, atomic: true, addr: 0, len: 0, at: SrcLoc::default() }
    }

    #[test]
    fn unordered_writes_race() {
        let mut d = RaceDetector::default();
        assert!(d.transition(0, &[LogEntry::Spawn { child: 1 }]).is_empty());
        assert!(d.transition(0, &[plain(0, 100, true)]).is_empty());
        assert!(!d.transition(1, &[plain(1, 100, true)]).is_empty());
    }

    #[test]
    fn lock_orders_accesses_but_not_after_release() {
        let mut d = RaceDetector::default();
        d.transition(0, &[LogEntry::Spawn { child: 1 }]);
        assert!(d.transition(0, &[sync(0, AccessKind::Rmw), plain(0, 100, true), sync(0, AccessKind::Rmw)]).is_empty());
        assert!(d.transition(1, &[sync(1, AccessKind::Rmw), plain(1, 100, true)]).is_empty());
        let mut d = RaceDetector::default();
        d.transition(0, &[LogEntry::Spawn { child: 1 }]);
        d.transition(0, &[sync(0, AccessKind::Rmw), sync(0, AccessKind::Rmw), plain(0, 100, true)]);
        assert!(!d.transition(1, &[sync(1, AccessKind::Rmw), plain(1, 100, false)]).is_empty());
    }

    #[test]
    fn reads_do_not_race_with_reads() {
        let mut d = RaceDetector::default();
        d.transition(0, &[LogEntry::Spawn { child: 1 }]);
        d.transition(0, &[plain(0, 100, false)]);
        assert!(d.transition(1, &[plain(1, 100, false)]).is_empty());
        assert!(!d.transition(1, &[plain(1, 102, true)]).is_empty());
    }
}
