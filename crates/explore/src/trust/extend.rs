//! Adding an event the program just made to the current graph, with the other graphs it
//! opens: a read's other consistent writes (forward revisits), a write's other coherence
//! places, and the earlier reads a write may revisit (backward revisits, taken only when
//! everything they delete was added maximally, which makes each graph's parent unique).

use super::execution::{FREE, MUTEX};
use super::graph::{in_view, Event, Graph, Label, Pos, Rmw, Source};
use super::{join, set_rf, Explorer, Revisit};

impl Explorer<'_> {
    pub(super) fn graph(&self) -> &Graph {
        &self.stack.last().expect("a graph is being explored").graph
    }

    pub(super) fn graph_mut(&mut self) -> &mut Graph {
        &mut self.stack.last_mut().expect("a graph is being explored").graph
    }

    fn push_work(&mut self, item: Revisit) {
        let origin = self.visits;
        self.stack.last_mut().expect("a graph is being explored").work.push((item, origin));
    }

    /// Adds read `event` of thread `t`, which read the coherence-latest write; a read the
    /// search decides (`event.scheduled`) opens a graph for each other write it may read.
    pub(super) fn add_read(&mut self, t: u32, event: Event) -> Pos {
        let scheduled = event.scheduled;
        let pos = self.graph_mut().push(t, event);
        let g = self.graph();
        let Label::Read { loc, rmw, .. } = g.event(pos).label else { unreachable!("a read") };
        let chosen = g.co_max(loc);
        // What the read depends on besides the write it reads from.
        let prefix = g.prefix(pos);
        set_rf(self.graph_mut(), pos, chosen, true);
        if !scheduled {
            return pos;
        }
        let g = self.graph();
        let sources: Vec<Source> = std::iter::once(Source::Init)
            .chain(g.writes(loc).iter().map(|&w| Source::Write(w)))
            .filter(|&source| {
                let value = g.value_of(loc, source);
                // A lock reading the mutex held is a thread waiting, not an event.
                source != chosen
                    && !(rmw.writes(value) && read_by_settled_rmw(g, loc, source, pos, &prefix))
                    && !(loc & MUTEX != 0 && value != FREE)
            })
            .collect();
        if sources.is_empty() {
            return pos;
        }
        let allowed = self.consistency().allowed(g, pos, &sources);
        for (from, _) in sources.into_iter().zip(allowed).filter(|&(_, ok)| ok) {
            self.push_work(Revisit::Read { read: pos, from });
        }
        pos
    }

    /// Adds write `event` of thread `t`: coherence-latest, or right after what its read
    /// half read for a read-modify-write; pushes its other places and the reads it may
    /// revisit. False when the graph cannot go on (it breaks an axiom or the atomicity of
    /// a read-modify-write: its revisits still count).
    pub(super) fn add_write(&mut self, t: u32, event: Event) -> (Pos, bool) {
        let Label::Write { loc, rmw, .. } = event.label else { unreachable!("a write") };
        let latest = self.graph().co_max(loc);
        let pos = self.graph_mut().push(t, event);
        let after = match rmw {
            true => self.graph().event(Pos { index: pos.index - 1, ..pos }).rf().expect("the read half of an update"),
            false => latest,
        };
        self.graph_mut().place_write(loc, pos, after);
        let at_max = self.graph().co_max(loc) == Source::Write(pos);
        self.graph_mut().event_mut(pos).added_max = at_max;
        if !rmw {
            let g = self.graph();
            let places: Vec<Source> = std::iter::once(Source::Init)
                .chain(g.writes(loc).iter().map(|&w| Source::Write(w)))
                .filter(|&s| s != after && s != Source::Write(pos) && !splits_update(g, loc, s))
                .collect();
            if !places.is_empty() {
                let allowed = self.consistency().allowed(g, pos, &places);
                for (after, _) in places.into_iter().zip(allowed).filter(|&(_, ok)| ok) {
                    self.push_work(Revisit::Co { write: pos, after });
                }
            }
        }
        // An update placed before the coherence-latest write (after what its read half
        // read): its model decides the place as it decides the choices of any access just
        // added, the graph without it being consistent.
        if !at_max && !self.consistency().allowed(self.graph(), pos, &[after])[0] {
            return (pos, false);
        }
        self.push_backward_revisits(pos);
        (pos, !self.violates_atomicity(self.graph(), pos))
    }

    /// Pushes the backward revisits of `write`: each earlier read of its location that it
    /// does not depend on, latest first, as long as the revisit is a maximal extension.
    pub(super) fn push_backward_revisits(&mut self, write: Pos) {
        let g = self.graph();
        let loc = g.event(write).loc().expect("a write has a location");
        let prefix = g.prefix(write);
        let conflict = pending_rmw_stamp(g, write);
        let mut reads: Vec<Pos> = g
            .events()
            .filter(|(p, e)| {
                matches!(e.label, Label::Read { loc: l, .. } if l == loc)
                    && e.revisitable
                    && !in_view(&prefix, *p)
                    && conflict.is_none_or(|s| e.stamp <= s)
            })
            .map(|(p, _)| p)
            .collect();
        reads.sort_by_key(|&r| std::cmp::Reverse(g.event(r).stamp));
        let mut found = Vec::new();
        for read in reads {
            let view = join(&g.added_by(g.event(read).stamp), &prefix);
            if !self.coherent_revisit(read, write, &view) {
                continue;
            }
            if !maximal_extension(g, read, write, &view) {
                break;
            }
            found.push(read);
        }
        for read in found {
            self.push_work(Revisit::Backward { read, write });
        }
    }

    /// Whether the graph the revisit of `read` by `write` makes (keeping `view`) is
    /// consistent.
    fn coherent_revisit(&self, read: Pos, write: Pos, view: &[u32]) -> bool {
        self.consistency().allowed_revisit(self.graph(), read, write, view)
    }

    /// Whether read-modify-write `write` and another one read from the same write: only
    /// one of them can be right after it in coherence order.
    pub(super) fn violates_atomicity(&self, g: &Graph, write: Pos) -> bool {
        let Label::Write { loc, rmw: true, .. } = g.event(write).label else { return false };
        let source = g.event(Pos { index: write.index - 1, ..write }).rf().expect("the read half of an update");
        let own = Pos { index: write.index - 1, ..write };
        g.readers(loc, source).any(|r| r != own && rmw_write_of(g, r).is_some())
    }
}

/// Whether a plain write of `loc` placed right after `after` in coherence order would
/// come between what a read-modify-write read and its write.
fn splits_update(g: &Graph, loc: u64, after: Source) -> bool {
    let place = g.co_rank(loc, after);
    g.writes(loc).iter().enumerate().any(|(k, &u)| {
        let Label::Write { rmw: true, .. } = g.event(u).label else { return false };
        let read = g.event(Pos { index: u.index - 1, ..u }).rf().expect("the read half of an update");
        g.co_rank(loc, read) <= place && place < k + 1
    })
}

/// The write half of read `r`, when `r` is the read half of a read-modify-write that wrote.
fn rmw_write_of(g: &Graph, r: Pos) -> Option<Pos> {
    let next = Pos { index: r.index + 1, ..r };
    let evs = &g.threads[r.thread as usize];
    matches!(evs.get(next.index as usize).map(|e| &e.label), Some(Label::Write { rmw: true, .. })).then_some(next)
}

/// Whether `source` of `loc` is read by a read-modify-write that wrote and can no longer
/// be revisited (or that read `pos` depends on): `pos` cannot update after it too.
fn read_by_settled_rmw(g: &Graph, loc: u64, source: Source, pos: Pos, prefix: &[u32]) -> bool {
    g.readers(loc, source)
        .any(|r| r != pos && rmw_write_of(g, r).is_some() && (!g.event(r).revisitable || in_view(prefix, r)))
}

/// For a read-modify-write `write`: the smallest stamp of the write halves of the other
/// read-modify-writes that read from the same write (reads added after it are not
/// revisited: they belong to a graph that breaks atomicity).
fn pending_rmw_stamp(g: &Graph, write: Pos) -> Option<u32> {
    let Label::Write { loc, rmw: true, .. } = g.event(write).label else { return None };
    let source = g.event(Pos { index: write.index - 1, ..write }).rf()?;
    g.readers(loc, source)
        .filter(|&r| r.thread != write.thread || r.index + 1 != write.index)
        .filter_map(|r| rmw_write_of(g, r))
        .map(|w| g.event(w).stamp)
        .min()
}

/// TruSt's condition for revisiting `read` by `write`, keeping `view`: `write`'s next
/// write in coherence order stays, and every event deleted (and `read` itself) was added
/// maximally — reading the coherence-latest write, or as it, with nothing kept after it —
/// and was not itself revisited by a deleted write.
fn maximal_extension(g: &Graph, read: Pos, write: Pos, view: &[u32]) -> bool {
    let loc = g.event(write).loc().expect("a write has a location");
    if !matches!(g.event(write).label, Label::Write { rmw: true, .. }) {
        let writes = g.writes(loc);
        let at = writes.iter().position(|&w| w == write).expect("placed");
        if let Some(&next) = writes.get(at + 1) {
            if !in_view(view, next) {
                return false;
            }
        }
    }
    g.events().filter(|&(p, _)| p == read || !in_view(view, p)).all(|(p, e)| {
        if !e.added_max {
            return false;
        }
        let Some(l) = e.loc() else { return true };
        let source = e.rf().unwrap_or(Source::Write(p));
        let rank = g.co_rank(l, source);
        if g.writes(l)[rank..].iter().any(|&w| w != write && in_view(view, w)) {
            return false;
        }
        match e.rf() {
            Some(Source::Write(w)) => in_view(view, w) || g.event(w).stamp < e.stamp,
            _ => true,
        }
    })
}

impl Rmw {
    /// Whether the read half, reading `value`, writes.
    pub(super) fn writes(self, value: u64) -> bool {
        match self {
            Rmw::No => false,
            Rmw::Update => true,
            Rmw::Cas(expected) => value == expected,
        }
    }
}
