//! The execution graph the search grows: each thread's events in program order, what
//! each read reads from, the coherence order of each location's writes, and stamps saying
//! in which order events were added — what a revisit keeps and what it deletes.

use super::views::{HappensBefore, Synchronisation};
use ravel_ir::{Ordering, SrcLoc};
use rustc_hash::FxHashMap;
use std::sync::{Arc, Mutex};

/// An event's place: its thread (the graph's numbering) and its index in the thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Pos {
    pub thread: u32,
    pub index: u32,
}

/// What a read reads from: a location's initial value or a write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Source {
    Init,
    Write(Pos),
}

/// Whether a read is the read half of a read-modify-write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rmw {
    No,
    /// An update that always writes (fetch-and-add, exchange).
    Update,
    /// A compare-and-swap: it writes when it reads this value.
    Cas(u64),
}

/// What an event does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Label {
    /// A load of `len` bytes at `loc`; `rmw`: whether it is the read half of a
    /// read-modify-write (its write half follows when it writes).
    Read {
        loc: u64,
        len: u64,
        rf: Source,
        value: u64,
        rmw: Rmw,
    },
    /// A store; `rmw`: the write half of a read-modify-write (the event before it).
    Write {
        loc: u64,
        len: u64,
        value: u64,
        rmw: bool,
    },
    Fence,
    /// Created the graph's thread `child`.
    Spawn(u32),
    /// Waited for thread `child` to end.
    Join(u32),
    /// The thread ended.
    End,
    /// The end of a shared object's life (free, a frame's return): for races, a write of
    /// its bytes.
    Free {
        addr: u64,
        len: u64,
    },
}

/// One event and what the search knows of it.
#[derive(Clone, Debug)]
pub(crate) struct Event {
    pub label: Label,
    pub order: Ordering,
    pub stamp: u32,
    /// The thread's step the event belongs to (replays set reads step by step).
    pub step: u32,
    /// The step's scheduled access: the one whose read the search decides.
    pub scheduled: bool,
    /// Added reading from the coherence-latest write (a read), or as it (a write).
    pub added_max: bool,
    /// A backward revisit may still change what it reads.
    pub revisitable: bool,
    pub at: SrcLoc,
}

impl Event {
    pub fn loc(&self) -> Option<u64> {
        match self.label {
            Label::Read { loc, .. } | Label::Write { loc, .. } => Some(loc),
            _ => None,
        }
    }

    pub fn is_write(&self) -> bool {
        matches!(self.label, Label::Write { .. })
    }

    pub fn rf(&self) -> Option<Source> {
        match self.label {
            Label::Read { rf, .. } => Some(rf),
            _ => None,
        }
    }
}

/// The events of each thread, in program order.
#[derive(Clone, Debug, Default)]
pub(crate) struct Graph {
    pub threads: Vec<Vec<Event>>,
    /// The event that created each thread (`None` for `main`).
    pub parent: Vec<Option<Pos>>,
    /// Each location's writes in coherence order (its initial value comes before them).
    pub co: FxHashMap<u64, Vec<Pos>>,
    /// Each location's length and initial value.
    pub init: FxHashMap<u64, (u64, u64)>,
    stamps: u32,
    /// Happens-before as last computed ([`Graph::happens_before`]): appending events
    /// keeps it, anything that changes or removes an event drops it (so events change
    /// only through the methods here, flags aside).
    hb: HbCache,
}

/// The happens-before views of a graph, extended as events are appended: the search
/// asks for them at each access it adds, and computing them anew each time cost as much
/// as running the program.
#[derive(Debug, Default)]
struct HbCache(Mutex<Option<Arc<HappensBefore>>>);

impl Clone for HbCache {
    fn clone(&self) -> HbCache {
        HbCache(Mutex::new(self.0.lock().expect("never poisoned").clone()))
    }
}

impl HbCache {
    fn drop_views(&mut self) {
        *self.0.get_mut().expect("never poisoned") = None;
    }

    /// Drops the views when they cover event `p`, which changes.
    fn changed(&mut self, p: Pos) {
        let cache = self.0.get_mut().expect("never poisoned");
        if cache.as_ref().is_some_and(|hb| hb.covers(p)) {
            *cache = None;
        }
    }
}

impl Graph {
    pub fn event(&self, p: Pos) -> &Event {
        &self.threads[p.thread as usize][p.index as usize]
    }

    pub fn event_mut(&mut self, p: Pos) -> &mut Event {
        &mut self.threads[p.thread as usize][p.index as usize]
    }

    /// Every event with its place.
    pub fn events(&self) -> impl Iterator<Item = (Pos, &Event)> {
        self.threads.iter().enumerate().flat_map(|(t, evs)| {
            evs.iter().enumerate().map(move |(i, e)| (Pos { thread: t as u32, index: i as u32 }, e))
        })
    }

    /// Makes room for thread `t` (and the numbers before it).
    fn make_thread(&mut self, t: u32) {
        while self.threads.len() <= t as usize {
            self.threads.push(Vec::new());
            self.parent.push(None);
        }
    }

    /// Records that thread `t` was created by event `spawn`.
    pub fn set_parent(&mut self, t: u32, spawn: Pos) {
        self.make_thread(t);
        if self.parent[t as usize] != Some(spawn) {
            self.parent[t as usize] = Some(spawn);
            self.hb.changed(Pos { thread: t, index: 0 });
        }
    }

    /// Happens-before under `sync`, extended from the views last computed when the graph
    /// only grew since; `None` when `po ∪ rf` with thread creation and joins has a cycle
    /// (no graph the search builds has one).
    pub fn happens_before(&self, sync: Synchronisation) -> Option<Arc<HappensBefore>> {
        let mut cache = self.hb.0.lock().expect("never poisoned");
        let threads = self.threads.len();
        let hb = match &mut *cache {
            Some(hb) if hb.fits(threads, sync) => hb,
            other => other.insert(Arc::new(HappensBefore::new(self, sync))),
        };
        Arc::make_mut(hb).extend(self).then(|| hb.clone())
    }

    /// Appends an event to thread `t` (a new thread when `t` is the next number).
    pub fn push(&mut self, t: u32, mut event: Event) -> Pos {
        self.make_thread(t);
        self.stamps += 1;
        event.stamp = self.stamps;
        let index = self.threads[t as usize].len() as u32;
        self.threads[t as usize].push(event);
        Pos { thread: t, index }
    }

    /// The value a read of `loc` reading from `source` gets.
    pub fn value_of(&self, loc: u64, source: Source) -> u64 {
        match source {
            Source::Init => self.init.get(&loc).map_or(0, |&(_, v)| v),
            Source::Write(w) => match self.event(w).label {
                Label::Write { value, .. } => value,
                _ => unreachable!("reads read from writes"),
            },
        }
    }

    pub fn writes(&self, loc: u64) -> &[Pos] {
        self.co.get(&loc).map_or(&[], Vec::as_slice)
    }

    /// The coherence-latest write of `loc`.
    pub fn co_max(&self, loc: u64) -> Source {
        self.writes(loc).last().map_or(Source::Init, |&w| Source::Write(w))
    }

    /// Where `source` stands in `loc`'s coherence order (0: the initial value).
    pub fn co_rank(&self, loc: u64, source: Source) -> usize {
        match source {
            Source::Init => 0,
            Source::Write(w) => 1 + self.writes(loc).iter().position(|&x| x == w).expect("a write of its location"),
        }
    }

    /// Places write `w` of `loc` right after `after` in coherence order.
    pub fn place_write(&mut self, loc: u64, w: Pos, after: Source) {
        let list = self.co.entry(loc).or_default();
        list.retain(|&x| x != w);
        let at = match after {
            Source::Init => 0,
            Source::Write(a) => 1 + list.iter().position(|&x| x == a).expect("placed after a write of its location"),
        };
        list.insert(at, w);
    }

    /// Makes read `e` read from `source`, or places write `e` right after it in
    /// coherence order: the choice the search makes for each event.
    pub fn choose(&mut self, e: Pos, source: Source) {
        match self.event(e).label {
            Label::Read { loc, .. } => {
                let value = self.value_of(loc, source);
                if let Label::Read { rf, value: v, .. } = &mut self.event_mut(e).label {
                    (*rf, *v) = (source, value);
                }
                self.hb.changed(e);
            }
            Label::Write { loc, .. } => self.place_write(loc, e, source),
            _ => unreachable!("only accesses choose"),
        }
    }

    /// The reads of `loc` that read from `source`.
    pub fn readers(&self, loc: u64, source: Source) -> impl Iterator<Item = Pos> + '_ {
        self.events()
            .filter(move |(_, e)| matches!(e.label, Label::Read { loc: l, rf, .. } if l == loc && rf == source))
            .map(|(p, _)| p)
    }

    /// The events `p` depends on through program order, reads-from, thread creation and
    /// joins (`p` included): how many of each thread's first events.
    pub fn prefix(&self, p: Pos) -> Vec<u32> {
        let mut view = vec![0u32; self.threads.len()];
        let mut todo = vec![p];
        while let Some(q) = todo.pop() {
            let t = q.thread as usize;
            if view[t] > q.index {
                continue;
            }
            for i in view[t]..=q.index {
                let e = &self.threads[t][i as usize];
                match e.label {
                    Label::Read { rf: Source::Write(w), .. } => todo.push(w),
                    Label::Join(child) => {
                        if let Some(last) = self.threads[child as usize].len().checked_sub(1) {
                            todo.push(Pos { thread: child, index: last as u32 });
                        }
                    }
                    _ => {}
                }
            }
            if view[t] == 0 {
                if let Some(spawn) = self.parent[t] {
                    todo.push(spawn);
                }
            }
            view[t] = q.index + 1;
        }
        view
    }

    /// How many of each thread's first events were added no later than stamp `s`.
    pub fn added_by(&self, s: u32) -> Vec<u32> {
        self.threads.iter().map(|evs| evs.iter().take_while(|e| e.stamp <= s).count() as u32).collect()
    }

    /// Keeps only each thread's first `view[t]` events (a set closed under program order,
    /// creation and reads-from).
    pub fn keep(&mut self, view: &[u32]) {
        self.hb.drop_views();
        for (t, evs) in self.threads.iter_mut().enumerate() {
            evs.truncate(view.get(t).copied().unwrap_or(0) as usize);
        }
        let kept = |p: &Pos| p.index < view.get(p.thread as usize).copied().unwrap_or(0);
        for list in self.co.values_mut() {
            list.retain(kept);
        }
        while self.threads.last().is_some_and(Vec::is_empty) && self.threads.len() > 1 {
            self.threads.pop();
            self.parent.pop();
        }
    }

    /// Restarts stamping after `s` (what a restriction to `s` keeps).
    pub fn restamp_after(&mut self, s: u32) {
        self.stamps = s;
    }
}

/// Whether `p` is among the events of `view`.
pub(crate) fn in_view(view: &[u32], p: Pos) -> bool {
    view.get(p.thread as usize).is_some_and(|&n| p.index < n)
}
