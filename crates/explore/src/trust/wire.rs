//! The graph engine's values as messages between ranks (`remote.rs`): a graph with the
//! revisit that starts a subtree, and a subtree's record. The search's own types carry
//! no serde (nor do the interpreter's orderings and places), so these mirror them.

use super::graph::{Event, Graph, Label, Pos, Rmw, Source};
use super::ledger::{Task, Visit};
use super::Revisit;
use crate::wire::WireFound;
use crate::{Unknown, Work};
use ravel_ir::{Ordering, SrcLoc};
use serde::{Deserialize, Serialize};

type WirePos = (u32, u32);
/// A source: none for the initial value.
type WireSource = Option<WirePos>;

/// A subtree to explore: the graph and the revisit that turns it into the subtree's root.
#[derive(Serialize, Deserialize)]
pub(super) struct WireGift {
    threads: Vec<Vec<WireEvent>>,
    parent: Vec<Option<WirePos>>,
    co: Vec<(u64, Vec<WirePos>)>,
    init: Vec<(u64, (u64, u64))>,
    revisit: WireRevisit,
}

#[derive(Serialize, Deserialize)]
struct WireEvent {
    label: WireLabel,
    order: u8,
    stamp: u32,
    step: u32,
    /// Scheduled, added maximally, revisitable.
    flags: (bool, bool, bool),
    at: (u32, u32, u32),
}

#[derive(Serialize, Deserialize)]
enum WireLabel {
    Read { loc: u64, len: u64, rf: WireSource, value: u64, rmw: Option<Option<u64>> },
    Write { loc: u64, len: u64, value: u64, rmw: bool },
    Fence,
    Spawn(u32),
    Join(u32),
    End,
    Free { addr: u64, len: u64 },
}

#[derive(Serialize, Deserialize)]
enum WireRevisit {
    Read(WirePos, WireSource),
    Co(WirePos, WireSource),
    Backward(WirePos, WirePos),
}

const ORDERS: [Ordering; 6] =
    [Ordering::NotAtomic, Ordering::Relaxed, Ordering::Acquire, Ordering::Release, Ordering::AcqRel, Ordering::SeqCst];

fn pos(p: Pos) -> WirePos {
    (p.thread, p.index)
}

fn of_pos((thread, index): WirePos) -> Pos {
    Pos { thread, index }
}

fn source(s: Source) -> WireSource {
    match s {
        Source::Init => None,
        Source::Write(w) => Some(pos(w)),
    }
}

fn of_source(s: WireSource) -> Source {
    s.map_or(Source::Init, |w| Source::Write(of_pos(w)))
}

impl WireGift {
    pub fn of(graph: &Graph, revisit: Revisit) -> WireGift {
        let event = |e: &Event| WireEvent {
            label: match e.label {
                Label::Read { loc, len, rf, value, rmw } => {
                    let rmw = match rmw {
                        Rmw::No => None,
                        Rmw::Update => Some(None),
                        Rmw::Cas(expected) => Some(Some(expected)),
                    };
                    WireLabel::Read { loc, len, rf: source(rf), value, rmw }
                }
                Label::Write { loc, len, value, rmw } => WireLabel::Write { loc, len, value, rmw },
                Label::Fence => WireLabel::Fence,
                Label::Spawn(t) => WireLabel::Spawn(t),
                Label::Join(t) => WireLabel::Join(t),
                Label::End => WireLabel::End,
                Label::Free { addr, len } => WireLabel::Free { addr, len },
            },
            order: ORDERS.iter().position(|&o| o == e.order).expect("every ordering is listed") as u8,
            stamp: e.stamp,
            step: e.step,
            flags: (e.scheduled, e.added_max, e.revisitable),
            at: (e.at.file, e.at.line, e.at.col),
        };
        WireGift {
            threads: graph.threads.iter().map(|evs| evs.iter().map(event).collect()).collect(),
            parent: graph.parent.iter().map(|p| p.map(pos)).collect(),
            co: graph.co.iter().map(|(&loc, ws)| (loc, ws.iter().copied().map(pos).collect())).collect(),
            init: graph.init.iter().map(|(&loc, &v)| (loc, v)).collect(),
            revisit: match revisit {
                Revisit::Read { read, from } => WireRevisit::Read(pos(read), source(from)),
                Revisit::Co { write, after } => WireRevisit::Co(pos(write), source(after)),
                Revisit::Backward { read, write } => WireRevisit::Backward(pos(read), pos(write)),
            },
        }
    }

    pub fn into_start(self) -> (Graph, Revisit) {
        let event = |e: WireEvent| Event {
            label: match e.label {
                WireLabel::Read { loc, len, rf, value, rmw } => {
                    let rmw = match rmw {
                        None => Rmw::No,
                        Some(None) => Rmw::Update,
                        Some(Some(expected)) => Rmw::Cas(expected),
                    };
                    Label::Read { loc, len, rf: of_source(rf), value, rmw }
                }
                WireLabel::Write { loc, len, value, rmw } => Label::Write { loc, len, value, rmw },
                WireLabel::Fence => Label::Fence,
                WireLabel::Spawn(t) => Label::Spawn(t),
                WireLabel::Join(t) => Label::Join(t),
                WireLabel::End => Label::End,
                WireLabel::Free { addr, len } => Label::Free { addr, len },
            },
            order: ORDERS.get(e.order as usize).copied().unwrap_or(Ordering::SeqCst),
            stamp: e.stamp,
            step: e.step,
            scheduled: e.flags.0,
            added_max: e.flags.1,
            revisitable: e.flags.2,
            at: SrcLoc { file: e.at.0, line: e.at.1, col: e.at.2 },
        };
        let mut graph = Graph::default();
        graph.threads = self.threads.into_iter().map(|evs| evs.into_iter().map(event).collect()).collect();
        graph.parent = self.parent.into_iter().map(|p| p.map(of_pos)).collect();
        graph.co = self.co.into_iter().map(|(loc, ws)| (loc, ws.into_iter().map(of_pos).collect())).collect();
        graph.init = self.init.into_iter().collect();
        // Stamping goes on after the latest event: a graph is given away restricted to
        // what was added up to its latest event.
        let latest = graph.events().map(|(_, e)| e.stamp).max().unwrap_or(0);
        graph.restamp_after(latest);
        let revisit = match self.revisit {
            WireRevisit::Read(read, from) => Revisit::Read { read: of_pos(read), from: of_source(from) },
            WireRevisit::Co(write, after) => Revisit::Co { write: of_pos(write), after: of_source(after) },
            WireRevisit::Backward(read, write) => Revisit::Backward { read: of_pos(read), write: of_pos(write) },
        };
        (graph, revisit)
    }
}

/// A subtree's record (see `ledger::Record`), and why its rank stopped short, if it did.
#[derive(Serialize, Deserialize)]
pub(super) struct WireRecord {
    /// Per visit: executions, blocked, transitions.
    visits: Vec<(u64, u64, u64)>,
    errors: Vec<(u64, WireFound)>,
    notes: Vec<(u64, Unknown)>,
    stop: Option<u64>,
    work: Work,
    halted: Option<Unknown>,
}

impl WireRecord {
    pub fn of(task: Task, halted: Option<Unknown>) -> WireRecord {
        WireRecord {
            visits: task.visits.into_iter().map(|v| (v.executions, v.blocked, v.transitions)).collect(),
            errors: task.errors.into_iter().map(|(i, found)| (i, WireFound::of(found))).collect(),
            notes: task.notes.into_iter().collect(),
            stop: task.stop,
            work: task.work,
            halted,
        }
    }

    /// The record, why its rank stopped short, and the executions it explored.
    pub fn into_record(self) -> (Task, Option<Unknown>, u64) {
        let explored = self.visits.iter().map(|v| v.0 + v.1).sum();
        let mut task = Task::default();
        task.visits = self
            .visits
            .into_iter()
            .map(|(executions, blocked, transitions)| Visit { executions, blocked, transitions })
            .collect();
        task.errors = self.errors.into_iter().map(|(i, found)| (i, found.into_found())).collect();
        task.notes = self.notes.into_iter().collect();
        task.stop = self.stop;
        task.work = self.work;
        (task, self.halted, explored)
    }
}
