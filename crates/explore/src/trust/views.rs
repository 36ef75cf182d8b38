//! Happens-before as vector clocks: per event, how many of each thread's first events
//! happen before it or are it. Computed in one pass along `po ∪ rf` and thread creation
//! (the order graphs grow in), linear in the events times the threads, where a closure of
//! bit matrices is cubic in the events.

use super::facts::{acquires, atomic, releases, Facts};
use super::graph::{Graph, Label, Pos, Rmw, Source};
use super::relation::Relation;

/// What synchronises a write with the reads of it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Synchronisation {
    /// An atomic write with every atomic read of it, whatever their orders (how sc and
    /// tso judge races).
    Atomic,
    /// RC11's `sw`: a release (write, or fence before an atomic write) heading a release
    /// sequence with an acquire read of it, or with an acquire fence after an atomic read
    /// of it.
    Release,
}

/// The happens-before views of a graph's events.
pub(crate) struct HappensBefore {
    threads: usize,
    offsets: Vec<usize>,
    views: Vec<u32>,
    /// Per write (dense numbering), under [`Synchronisation::Release`]: the view an
    /// acquire reading it gets, when any.
    released: Vec<Option<Vec<u32>>>,
}

impl HappensBefore {
    /// The views of `g`'s events; `None` when `po ∪ rf` with thread creation and joins has
    /// a cycle (no graph the search builds has one).
    pub fn of(g: &Graph, sync: Synchronisation) -> Option<HappensBefore> {
        let threads = g.threads.len();
        let mut offsets = Vec::with_capacity(threads);
        let mut n = 0;
        for evs in &g.threads {
            offsets.push(n);
            n += evs.len();
        }
        let released = match sync {
            Synchronisation::Release => vec![None; n],
            Synchronisation::Atomic => Vec::new(),
        };
        let mut hb = HappensBefore { threads, offsets, views: vec![0; n * threads], released };
        let mut pass = Pass::new(g, sync);
        loop {
            let mut progressed = false;
            for t in 0..threads {
                while pass.next[t] < g.threads[t].len() as u32 {
                    let p = Pos { thread: t as u32, index: pass.next[t] };
                    if !pass.ready(p) {
                        break;
                    }
                    pass.visit(&mut hb, p);
                    progressed = true;
                }
            }
            if (0..threads).all(|t| pass.next[t] as usize == g.threads[t].len()) {
                return Some(hb);
            }
            if !progressed {
                return None;
            }
        }
    }

    fn id(&self, p: Pos) -> usize {
        self.offsets[p.thread as usize] + p.index as usize
    }

    /// How many of each thread's first events happen before `p` or are `p`.
    pub fn view(&self, p: Pos) -> &[u32] {
        let at = self.id(p) * self.threads;
        &self.views[at..at + self.threads]
    }

    /// Whether `a` happens before `b` (`a` not `b`).
    pub fn has(&self, a: Pos, b: Pos) -> bool {
        a != b && self.view(b)[a.thread as usize] > a.index
    }

    /// Replaces `p`'s view (for an event nothing depends on, whose choice changes it).
    pub fn set_view(&mut self, p: Pos, view: &[u32]) {
        let at = self.id(p) * self.threads;
        self.views[at..at + self.threads].copy_from_slice(view);
    }

    /// What an acquire reading write `w` gets from it, under
    /// [`Synchronisation::Release`] (`None`: no release sequence has it).
    pub fn released(&self, w: Pos) -> Option<&[u32]> {
        self.released.get(self.id(w)).and_then(Option::as_deref)
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
}

/// The state of one computation: each thread's next event, and what releases carry.
struct Pass<'g> {
    g: &'g Graph,
    sync: Synchronisation,
    next: Vec<u32>,
    /// The view being computed (kept to spare an allocation per event).
    view: Vec<u32>,
    /// Per thread: its latest release fence, its latest release write of each location,
    /// and what its atomic reads so far give a later acquire fence.
    release_fence: Vec<Option<Pos>>,
    release_writes: Vec<Vec<(u64, Pos)>>,
    acquirable: Vec<Vec<u32>>,
}

impl<'g> Pass<'g> {
    fn new(g: &'g Graph, sync: Synchronisation) -> Pass<'g> {
        let threads = g.threads.len();
        // What releases carry is kept under release/acquire synchronisation only.
        let release = sync == Synchronisation::Release;
        Pass {
            g,
            sync,
            next: vec![0; threads],
            view: Vec::with_capacity(threads),
            release_fence: if release { vec![None; threads] } else { Vec::new() },
            release_writes: if release { vec![Vec::new(); threads] } else { Vec::new() },
            acquirable: if release { vec![vec![0; threads]; threads] } else { Vec::new() },
        }
    }

    fn done(&self, p: Pos) -> bool {
        self.next[p.thread as usize] > p.index
    }

    /// Whether every event `p` directly depends on has its view.
    fn ready(&self, p: Pos) -> bool {
        let g = self.g;
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

    /// Computes `p`'s view (and, for a write, what it releases).
    fn visit(&mut self, hb: &mut HappensBefore, p: Pos) {
        let g = self.g;
        let t = p.thread as usize;
        let e = g.event(p);
        let mut view = std::mem::take(&mut self.view);
        hb.program_view_into(g, p, &mut view);
        match e.label {
            Label::Join(child) => {
                if let Some(last) = g.threads[child as usize].len().checked_sub(1) {
                    join(&mut view, hb.view(Pos { thread: child, index: last as u32 }));
                }
            }
            Label::Read { rf: Source::Write(w), .. } if atomic(e.order) => match self.sync {
                Synchronisation::Atomic => {
                    if atomic(g.event(w).order) {
                        join(&mut view, hb.view(w));
                    }
                }
                Synchronisation::Release => {
                    if let Some(released) = &hb.released[hb.id(w)] {
                        join(&mut self.acquirable[t], released);
                        if acquires(e.order) {
                            join(&mut view, released);
                        }
                    }
                }
            },
            Label::Fence if self.sync == Synchronisation::Release && acquires(e.order) => {
                join(&mut view, &self.acquirable[t]);
            }
            _ => {}
        }
        let id = hb.id(p);
        hb.views[id * hb.threads..(id + 1) * hb.threads].copy_from_slice(&view);
        self.view = view;
        if self.sync == Synchronisation::Release {
            self.note_release(hb, p);
        }
        self.next[t] += 1;
    }

    /// What `p` releases, once its view is known: a release write its own view, an atomic
    /// write that of its thread's latest release fence and latest release write of its
    /// location before it, and the write half of a read-modify-write also what the write
    /// its read half read releases (release sequences).
    fn note_release(&mut self, hb: &mut HappensBefore, p: Pos) {
        let g = self.g;
        let t = p.thread as usize;
        let e = g.event(p);
        match e.label {
            Label::Fence if releases(e.order) => self.release_fence[t] = Some(p),
            Label::Write { loc, rmw, .. } => {
                let mut released: Option<Vec<u32>> = None;
                let mut add = |view: &[u32]| match &mut released {
                    Some(r) => join(r, view),
                    None => released = Some(view.to_vec()),
                };
                if atomic(e.order) {
                    if releases(e.order) {
                        let writes = &mut self.release_writes[t];
                        writes.retain(|&(l, _)| l != loc);
                        writes.push((loc, p));
                    }
                    if let Some(&(_, head)) = self.release_writes[t].iter().find(|&&(l, _)| l == loc) {
                        add(hb.view(head));
                    }
                    if let Some(fence) = self.release_fence[t] {
                        add(hb.view(fence));
                    }
                }
                if rmw {
                    let read = g.event(Pos { index: p.index - 1, ..p });
                    if let Label::Read { rf: Source::Write(w), rmw: kind, .. } = read.label {
                        if kind != Rmw::No {
                            if let Some(carried) = &hb.released[hb.id(w)] {
                                add(carried);
                            }
                        }
                    }
                }
                let id = hb.id(p);
                hb.released[id] = released;
            }
            _ => {}
        }
    }
}

/// `into ⊔= other`.
pub(crate) fn join(into: &mut [u32], other: &[u32]) {
    for (x, &y) in into.iter_mut().zip(other) {
        *x = (*x).max(y);
    }
}
