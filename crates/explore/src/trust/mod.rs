//! The execution-graph search (`--engine graph`): TruSt, truly stateless optimal dynamic
//! partial-order reduction (Kokologiannakis, Marmanis, Gladstein, Vafeiadis, POPL 2022),
//! over the same interpreter as the other engines, under a memory model given as a
//! consistency predicate (`sc`, `tso`, `rc11`, `imm`). Each consistent execution graph is
//! visited once: a read chooses the write it reads from, a write its place in coherence
//! order, and a write may revisit an earlier read when everything the revisit deletes was
//! added maximally. Every graph has a unique parent, so the search keeps only the graphs
//! on its current path (polynomial memory) and each graph is realised by running the
//! program again with the reads it decides.

mod coherence;
mod digraph;
mod execution;
mod extend;
mod facts;
mod graph;
mod imm;
mod ledger;
mod model;
mod psc;
mod rc11;
mod relation;
mod remote;
mod sc;
mod steal;
mod tree_log;
mod tso;
mod views;
mod wire;

use crate::engine::{Context, Engine};
use crate::{Capability, Options, Outcome, Unknown};
use graph::{Graph, Label, Pos, Source};
use model::Consistency;
use ravel_ir::Program;
use ravel_vm::Granularity;
use std::sync::Arc;

pub(crate) use remote::serve;

/// The search: the graphs on the current path, each with the revisits still to try.
pub(crate) struct Explorer<'a> {
    cx: Context<'a>,
    model: Option<&'static dyn Consistency>,
    stack: Vec<Exec>,
    /// Under IMM: what the explored graphs show of load buffering, which the search does
    /// not build.
    load_buffering: Option<imm::LoadBuffering>,
    /// Graphs visited so far, and the number of the one whose revisit made the current
    /// graph (the tree a job log records, `tree_log.rs`).
    visits: u32,
    parent: Option<u32>,
    /// The machine every execution starts from (see `execution.rs`).
    start: Option<ravel_vm::Machine>,
}

/// A graph and the revisits of it still to explore (those of its events' alternatives),
/// each with the number of the visit that found it (its graph's parent).
#[derive(Default)]
struct Exec {
    graph: Graph,
    work: Vec<(Revisit, u32)>,
}

/// One way to change a graph into another one to visit.
#[derive(Clone, Copy, Debug)]
enum Revisit {
    /// Read `read` reads from `from` instead (a forward revisit).
    Read { read: Pos, from: Source },
    /// Write `write` goes right after `after` in coherence order instead.
    Co { write: Pos, after: Source },
    /// Read `read` reads from the later write `write`; what was added after `read` and
    /// `write` does not depend on is deleted.
    Backward { read: Pos, write: Pos },
}

impl<'a> Engine<'a> for Explorer<'a> {
    const NAME: &'static str = "graph";
    const ABOUT: &'static str =
        "Execution graphs (TruSt): each consistent graph once, reads choosing the write they read from; the engine \
         of axiomatic memory models (RC11, IMM), and of TSO by its axioms";
    const LACKS: &'static [Capability] = &[Capability::CollectTests, Capability::PreemptionBound, Capability::Sinks];
    const EVERY_ACCESS: bool = true;

    fn new(program: Arc<Program>, opts: &'a Options) -> Self {
        Explorer::with_context(Context::new(program, opts))
    }

    fn run(self) -> Outcome {
        if self.model.is_none() {
            let model = self.cx.opts.memory_model.name();
            let mut cx = self.cx;
            cx.note(Unknown::Internal(format!("the graph engine has no consistency check for {model}")));
            return cx.into_outcome(Vec::new());
        }
        // Under IMM the helper ranks wait: what a subtree saw of load buffering stays
        // with it.
        let ranks = self.cx.opts.cluster.is_some() && self.load_buffering.is_none();
        match self.cx.opts.dpor.jobs {
            0 | 1 if !ranks => self.explore(),
            threads => steal::explore(self, threads.max(1), ranks.then_some(remote::dispatch)),
        }
    }
}

impl<'a> Explorer<'a> {
    /// The search of the root graph in context `cx` (its subtrees start from there too:
    /// see [`Explorer::take_over`]).
    fn with_context(mut cx: Context<'a>) -> Self {
        let opts = cx.opts;
        // Every shared access is an event: reads choose what they read, and a plain
        // access unordered with a conflicting one is a race the model judges.
        cx.vm.granularity = Granularity::All;
        cx.vm.record_values = true;
        cx.vm.defer_exit = false;
        // Inputs are not followed yet: a program that makes one answers unknown.
        cx.sym = None;
        let load_buffering = (opts.memory_model.name() == "imm").then(imm::LoadBuffering::default);
        let model = model::of(opts.memory_model);
        Explorer { cx, model, stack: vec![Exec::default()], load_buffering, visits: 0, parent: None, start: None }
    }

    /// Explores every graph on this thread (`-j 1`), recording the tree of graphs when a
    /// job log is kept.
    fn explore(mut self) -> Outcome {
        let mut tree = self.cx.opts.job_log.clone().map(tree_log::TreeLog::new);
        loop {
            if let Some(why) = self.cx.limit_reached() {
                self.cx.note(why);
                break;
            }
            let go_on = self.visit();
            if let Some(tree) = &mut tree {
                tree.visited(self.parent, self.graph());
            }
            if !go_on || !self.next() {
                break;
            }
            self.cx.progress();
        }
        if let Some(tree) = tree {
            tree.write();
        }
        // Errors found stand (every graph explored is consistent under IMM); `safe` needs
        // every graph, and those with load buffering were not built.
        if self.load_buffering.as_ref().is_some_and(imm::LoadBuffering::possible) {
            self.cx.note(Unknown::LoadBuffering);
        }
        self.cx.into_outcome(Vec::new())
    }
}

impl Explorer<'_> {
    /// Runs the program along the current graph (see [`Explorer::execute`]) and takes
    /// note of what the graph shows of load buffering. False when the search stops here.
    fn visit(&mut self) -> bool {
        let go_on = self.execute();
        if let Some(lb) = &mut self.load_buffering {
            lb.observe(&self.stack.last().expect("a graph was explored").graph);
        }
        self.visits += 1;
        go_on
    }

    /// Starts on the subtree of revisit `item` of `graph` instead of the root graph:
    /// what one thread explores after taking that revisit off its stack.
    fn take_over(&mut self, graph: Graph, item: Revisit) {
        self.stack = vec![Exec { graph, work: vec![(item, 0)] }];
    }

    /// Gives away the revisit this search would explore last (the shallowest) with a copy
    /// of its graph, when another one is left to explore here.
    fn give_away(&mut self) -> Option<(Graph, Revisit)> {
        if self.stack.iter().map(|e| e.work.len()).sum::<usize>() < 2 {
            return None;
        }
        let exec = self.stack.iter_mut().find(|e| !e.work.is_empty())?;
        let (item, _) = exec.work.remove(0);
        Some((exec.graph.clone(), item))
    }

    fn consistency(&self) -> &'static dyn Consistency {
        self.model.expect("checked when the search starts")
    }

    /// Whether `g` is consistent under the model, atomicity aside.
    fn consistent(&self, g: &Graph) -> bool {
        if !updates_unsplit(g) {
            return false;
        }
        self.consistency().consistent(g)
    }

    /// Turns the current graph into the next one to visit; false when none is left.
    fn next(&mut self) -> bool {
        loop {
            let Some(exec) = self.stack.last_mut() else { return false };
            let Some((item, origin)) = exec.work.pop() else {
                self.stack.pop();
                continue;
            };
            // A forward revisit's choice was found consistent when its event was added
            // (`Consistency::allowed`), on the graph `restrict` brings back: the events
            // added up to it, unchanged since (the revisits of later events come off the
            // stack first, and backward ones change copies).
            let ready = match item {
                Revisit::Read { read, from } => {
                    let g = &mut self.stack.last_mut().expect("popped from it").graph;
                    restrict(g, g.event(read).stamp);
                    set_rf(g, read, from, false);
                    true
                }
                Revisit::Co { write, after } => self.revisit_co(write, after),
                Revisit::Backward { read, write } => self.revisit_backward(read, write),
            };
            if ready {
                self.parent = Some(origin);
                return true;
            }
        }
    }

    /// Places `write` after `after` instead (a place found consistent when it was added);
    /// its own revisits follow from there.
    fn revisit_co(&mut self, write: Pos, after: Source) -> bool {
        let g = &mut self.stack.last_mut().expect("popped from it").graph;
        restrict(g, g.event(write).stamp);
        let loc = g.event(write).loc().expect("a write has a location");
        g.place_write(loc, write, after);
        g.event_mut(write).added_max = false;
        self.push_backward_revisits(write);
        !self.violates_atomicity(&self.stack.last().expect("kept").graph, write)
    }

    /// Visits the graph where `read` reads from `write`, without what was added after
    /// `read` that `write` does not depend on: a graph of its own, with its own revisits.
    fn revisit_backward(&mut self, read: Pos, write: Pos) -> bool {
        let mut g = self.stack.last().expect("popped from it").graph.clone();
        let stamp = g.event(write).stamp;
        restrict(&mut g, stamp);
        let prefix = g.prefix(write);
        let view = join(&g.added_by(g.event(read).stamp), &prefix);
        g.keep(&view);
        for (t, &n) in prefix.iter().enumerate() {
            for e in &mut g.threads[t][..n as usize] {
                e.revisitable = false;
            }
        }
        let loc = g.event(read).loc().expect("a read has a location");
        if loc & execution::MUTEX != 0 && g.value_of(loc, Source::Write(write)) != execution::FREE {
            // The lock finds the mutex held: its thread waits there, and locks anew once
            // the mutex is free.
            let mut waiting = view.clone();
            waiting[read.thread as usize] = read.index;
            g.keep(&waiting);
        } else {
            let max = g.co_max(loc) == Source::Write(write);
            set_rf(&mut g, read, Source::Write(write), max);
        }
        if !self.consistent(&g) {
            return false;
        }
        self.stack.push(Exec { graph: g, work: Vec::new() });
        true
    }
}

/// Whether no plain write comes between what a read-modify-write read and its write in
/// coherence order (two read-modify-writes reading the same write are the search's own
/// business: it revisits one of them, then drops the graph).
fn updates_unsplit(g: &Graph) -> bool {
    g.events().all(|(p, e)| {
        let Label::Write { loc, rmw: true, .. } = e.label else { return true };
        let source = g.event(Pos { index: p.index - 1, ..p }).rf().expect("the read half of an update");
        let writes = g.writes(loc);
        let (from, to) = (g.co_rank(loc, source), g.co_rank(loc, Source::Write(p)) - 1);
        from > to || writes[from..to].iter().all(|&w| matches!(g.event(w).label, Label::Write { rmw: true, .. }))
    })
}

/// Keeps the events added no later than stamp `s`.
fn restrict(g: &mut Graph, s: u32) {
    let view = g.added_by(s);
    g.keep(&view);
    g.restamp_after(s);
}

/// Makes `read` read from `from`.
fn set_rf(g: &mut Graph, read: Pos, from: Source, added_max: bool) {
    g.choose(read, from);
    g.event_mut(read).added_max = added_max;
}

/// The union of two views.
fn join(a: &[u32], b: &[u32]) -> Vec<u32> {
    (0..a.len().max(b.len())).map(|t| a.get(t).copied().unwrap_or(0).max(b.get(t).copied().unwrap_or(0))).collect()
}
