//! Happens-before as vector clocks: per event, how many of each thread's first events
//! happen before it or are it. Computed in one pass along `po ∪ rf` and thread creation
//! (the order graphs grow in), linear in the events times the threads, where a closure of
//! bit matrices is cubic in the events.

use super::facts::{acquires, atomic, releases, Facts};
use super::graph::{Graph, Label, Pos, Rmw, Source};
use super::relation::Relation;

/// What synchronises a write with the reads of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Synchronisation {
    /// An atomic write with every atomic read of it, whatever their orders (how sc and
    /// tso judge races).
    Atomic,
    /// RC11's `sw`: a release (write, or fence before an atomic write) heading a release
    /// sequence with an acquire read of it, or with an acquire fence after an atomic read
    /// of it.
    Release,
}

/// The happens-before views of a graph's events, kept per thread with where their
/// computation stands, so that a graph that grows by appending events extends them
/// ([`HappensBefore::extend`]) instead of computing them anew for each event the search
/// adds.
#[derive(Clone, Debug)]
pub(crate) struct HappensBefore {
    /// The graph's threads: the length of each view.
    threads: usize,
    /// Per thread: its events' views, one after the other.
    views: Vec<Vec<u32>>,
    /// Per thread, under [`Synchronisation::Release`]: for each event, the view an
    /// acquire reading it gets (a write's, when a release sequence has it), [`NOTHING`]
    /// first for none.
    released: Vec<Vec<u32>>,
    pass: Pass,
}

/// What a view of [`HappensBefore::released`] begins with when there is none (no view
/// counts that many events).
const NOTHING: u32 = u32::MAX;

impl HappensBefore {
    /// Views of none of the events of `g` yet, with room for all of them.
    pub fn new(g: &Graph, sync: Synchronisation) -> HappensBefore {
        let threads = g.threads.len();
        let room = |evs: &Vec<_>| Vec::with_capacity(evs.len() * threads);
        let release = sync == Synchronisation::Release;
        HappensBefore {
            threads,
            views: g.threads.iter().map(room).collect(),
            released: if release { g.threads.iter().map(room).collect() } else { Vec::new() },
            pass: Pass::new(threads, sync),
        }
    }

    /// Whether these are views of graphs of `threads` threads under `sync`.
    pub fn fits(&self, threads: usize, sync: Synchronisation) -> bool {
        self.threads == threads && self.pass.sync == sync
    }

    /// Computes the views of the events of `g` not computed yet: `g` is the graph of the
    /// views computed so far with events appended. False when some are left out, on a
    /// `po ∪ rf` cycle.
    pub fn extend(&mut self, g: &Graph) -> bool {
        let threads = self.threads;
        loop {
            let mut progressed = false;
            for t in 0..threads {
                while self.pass.next[t] < g.threads[t].len() as u32 {
                    let p = Pos { thread: t as u32, index: self.pass.next[t] };
                    if !self.pass.ready(g, p) {
                        break;
                    }
                    self.visit(g, p);
                    progressed = true;
                }
            }
            if (0..threads).all(|t| self.pass.next[t] as usize == g.threads[t].len()) {
                return true;
            }
            if !progressed {
                return false;
            }
        }
    }

    /// Whether `p`'s view is computed.
    pub fn covers(&self, p: Pos) -> bool {
        self.pass.next.get(p.thread as usize).is_some_and(|&n| n > p.index)
    }

    /// How many of each thread's first events happen before `p` or are `p`.
    pub fn view(&self, p: Pos) -> &[u32] {
        view_in(&self.views, self.threads, p)
    }

    /// Whether `a` happens before `b` (`a` not `b`).
    pub fn has(&self, a: Pos, b: Pos) -> bool {
        a != b && self.view(b)[a.thread as usize] > a.index
    }

    /// Replaces `p`'s view (for an event nothing depends on, whose choice changes it).
    pub fn set_view(&mut self, p: Pos, view: &[u32]) {
        let at = p.index as usize * self.threads;
        self.views[p.thread as usize][at..at + self.threads].copy_from_slice(view);
    }

    /// What an acquire reading write `w` gets from it, under
    /// [`Synchronisation::Release`] (`None`: no release sequence has it).
    pub fn released(&self, w: Pos) -> Option<&[u32]> {
        released_by(&self.released, self.threads, w)
    }

    /// The view `p` gets from program order and its thread's creation alone (`p`
    /// included), from the views of the events before it.
    pub fn program_view(&self, g: &Graph, p: Pos) -> Vec<u32> {
        let mut view = Vec::new();
        self.program_view_into(g, p, &mut view);
        view
    }

    fn program_view_into(&self, g: &Graph, p: Pos, view: &mut Vec<u32>) {
        view.clear();
        if p.index > 0 {
            view.extend_from_slice(self.view(Pos { index: p.index - 1, ..p }));
        } else if let Some(spawn) = g.parent[p.thread as usize] {
            view.extend_from_slice(self.view(spawn));
        } else {
            view.resize(self.threads, 0);
        }
        view[p.thread as usize] = p.index + 1;
    }

    /// As a relation over `f`'s numbering of the same graph (for axioms written in them).
    pub fn relation(&self, f: &Facts) -> Relation {
        let mut hb = Relation::empty(f.n());
        for (b, &q) in f.places.iter().enumerate() {
            for (a, &p) in f.places.iter().enumerate() {
                if self.has(p, q) {
                    hb.add(a, b);
                }
            }
        }
        hb
    }

    /// Computes `p`'s view (and, under release/acquire, what it releases).
    fn visit(&mut self, g: &Graph, p: Pos) {
        let t = p.thread as usize;
        let threads = self.threads;
        let e = g.event(p);
        let mut view = std::mem::take(&mut self.pass.view);
        self.program_view_into(g, p, &mut view);
        match e.label {
            Label::Join(child) => {
                if let Some(last) = g.threads[child as usize].len().checked_sub(1) {
                    join(&mut view, self.view(Pos { thread: child, index: last as u32 }));
                }
            }
            Label::Read { rf: Source::Write(w), .. } if atomic(e.order) => match self.pass.sync {
                Synchronisation::Atomic => {
                    if atomic(g.event(w).order) {
                        join(&mut view, self.view(w));
                    }
                }
                Synchronisation::Release => {
                    if let Some(released) = released_by(&self.released, threads, w) {
                        join(&mut self.pass.acquirable[t * threads..(t + 1) * threads], released);
                        if acquires(e.order) {
                            join(&mut view, released);
                        }
                    }
                }
            },
            Label::Fence if self.pass.sync == Synchronisation::Release && acquires(e.order) => {
                join(&mut view, &self.pass.acquirable[t * threads..(t + 1) * threads]);
            }
            _ => {}
        }
        self.views[t].extend_from_slice(&view);
        self.pass.view = view;
        if self.pass.sync == Synchronisation::Release {
            self.note_release(g, p);
        }
        self.pass.next[t] += 1;
    }

    /// Records what `p` releases, once its view is known: a release write its own view,
    /// an atomic write that of its thread's latest release fence and latest release write
    /// of its location before it, and the write half of a read-modify-write also what the
    /// write its read half read releases (release sequences).
    fn note_release(&mut self, g: &Graph, p: Pos) {
        let t = p.thread as usize;
        let threads = self.threads;
        let e = g.event(p);
        let mut released = std::mem::take(&mut self.pass.view);
        released.clear();
        released.resize(threads, 0);
        let mut any = false;
        match e.label {
            Label::Fence if releases(e.order) => self.pass.release_fence[t] = Some(p),
            Label::Write { loc, rmw, .. } => {
                let mut add = |view: &[u32]| {
                    join(&mut released, view);
                    any = true;
                };
                if atomic(e.order) {
                    if releases(e.order) {
                        let writes = &mut self.pass.release_writes[t];
                        writes.retain(|&(l, _)| l != loc);
                        writes.push((loc, p));
                    }
                    if let Some(&(_, head)) = self.pass.release_writes[t].iter().find(|&&(l, _)| l == loc) {
                        add(view_in(&self.views, threads, head));
                    }
                    if let Some(fence) = self.pass.release_fence[t] {
                        add(view_in(&self.views, threads, fence));
                    }
                }
                if rmw {
                    let read = g.event(Pos { index: p.index - 1, ..p });
                    if let Label::Read { rf: Source::Write(w), rmw: kind, .. } = read.label {
                        if kind != Rmw::No {
                            if let Some(carried) = released_by(&self.released, threads, w) {
                                add(carried);
                            }
                        }
                    }
                }
            }
            _ => {}
        }
        if !any {
            released[0] = NOTHING;
        }
        self.released[t].extend_from_slice(&released);
        self.pass.view = released;
    }
}

/// Event `p`'s view among `views`, each `threads` long.
fn view_in(views: &[Vec<u32>], threads: usize, p: Pos) -> &[u32] {
    let at = p.index as usize * threads;
    &views[p.thread as usize][at..at + threads]
}

/// What an acquire reading write `w` gets from it, of what each event releases.
fn released_by(released: &[Vec<u32>], threads: usize, w: Pos) -> Option<&[u32]> {
    let at = w.index as usize * threads;
    let view = released.get(w.thread as usize)?.get(at..at + threads)?;
    (view[0] != NOTHING).then_some(view)
}

/// Where a computation of views stands: each thread's next event, and what releases
/// carry.
#[derive(Clone, Debug)]
struct Pass {
    sync: Synchronisation,
    next: Vec<u32>,
    /// The view being computed (kept to spare an allocation per event).
    view: Vec<u32>,
    /// Per thread: its latest release fence, its latest release write of each location,
    /// and (one view after the other) what its atomic reads so far give a later acquire
    /// fence.
    release_fence: Vec<Option<Pos>>,
    release_writes: Vec<Vec<(u64, Pos)>>,
    acquirable: Vec<u32>,
}

impl Pass {
    fn new(threads: usize, sync: Synchronisation) -> Pass {
        // What releases carry is kept under release/acquire synchronisation only.
        let release = sync == Synchronisation::Release;
        Pass {
            sync,
            next: vec![0; threads],
            view: Vec::with_capacity(threads),
            release_fence: if release { vec![None; threads] } else { Vec::new() },
            release_writes: if release { vec![Vec::new(); threads] } else { Vec::new() },
            acquirable: if release { vec![0; threads * threads] } else { Vec::new() },
        }
    }

    fn done(&self, p: Pos) -> bool {
        self.next[p.thread as usize] > p.index
    }

    /// Whether every event `p` directly depends on has its view.
    fn ready(&self, g: &Graph, p: Pos) -> bool {
        if p.index == 0 {
            if let Some(spawn) = g.parent[p.thread as usize] {
                if !self.done(spawn) {
                    return false;
                }
            }
        }
        match g.event(p).label {
            Label::Read { rf: Source::Write(w), .. } => self.done(w),
            Label::Join(child) => match g.threads[child as usize].len() {
                0 => true,
                len => self.done(Pos { thread: child, index: len as u32 - 1 }),
            },
            _ => true,
        }
    }
}

/// `into ⊔= other`.
pub(crate) fn join(into: &mut [u32], other: &[u32]) {
    for (x, &y) in into.iter_mut().zip(other) {
        *x = (*x).max(y);
    }
}
