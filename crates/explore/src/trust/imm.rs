//! IMM, the intermediate memory model (Podkopaev, Lahav, Vafeiadis: "Bridging the Gap
//! between Programming Languages and Hardware Weak Memory Models", POPL 2019, with the
//! `seq_cst` accesses of its Coq development), over execution graphs. RC11's
//! happens-before (release sequences read by acquires) and its coherence and `psc`, and
//! instead of RC11's `acyclic(po ∪ rf)` the hardware's weaker order `ar`, which must be
//! acyclic:
//!
//! `ar = rfe ∪ bob ∪ ppo ∪ detour ∪ psc ∪ [W_ex⊒acq] ; po ; [W]`, where the barrier order
//! `bob = po ; [W⊒rel] ∪ [R⊒acq] ; po ∪ po ; [F] ∪ [F] ; po ∪ [W⊒rel] ; po|loc ; [W]`,
//! `detour = (coe ; rfe) ∩ po`, and the preserved program order
//! `ppo = [R] ; (deps ∪ rfi)+ ; [W]`.
//!
//! Dependencies are not tracked, so `ppo` keeps the part that needs none: what follows
//! the read half of a read-modify-write (`[R_ex] ; po`, which hardware orders by the
//! exclusive access or, for a failed compare-and-swap, by its branch). The search builds
//! no `po ∪ rf` cycle (a revisiting write keeps everything before it), which is IMM with
//! every read a dependency of its thread's later writes: load buffering, which IMM allows
//! without dependencies, is not explored. [`LoadBuffering`] watches the explored graphs
//! for the shape such a cycle needs and, where it finds it, the verdict is not `safe`.
//! Thread creation, joins and ends order like fences.

use super::coherence::coherent;
use super::facts::{acquires, releases, Facts};
use super::graph::{Graph, Label, Rmw};
use super::model::Consistency;
use super::rc11::{is_fence, psc, Rc11};
use super::relation::Relation;
use super::views::HappensBefore;
use rustc_hash::{FxHashMap, FxHashSet};
use std::sync::Arc;

pub(crate) struct Imm;

impl Consistency for Imm {
    /// RC11's: program order, thread creation and joins, and synchronises-with.
    fn happens_before(&self, g: &Graph) -> Option<Arc<HappensBefore>> {
        Rc11.happens_before(g)
    }

    fn consistent(&self, g: &Graph) -> bool {
        let Some(hb) = self.happens_before(g) else { return false };
        if !coherent(g, &hb) {
            return false;
        }
        let f = Facts::of(g);
        let hb = hb.relation(&f);
        let eco = f.rf.clone().union(&f.co).union(&f.fr).closure();
        ar(&f, &hb, &eco).acyclic()
    }
}

/// `ar`, the order no consistent graph has a cycle in (`psc` included, so its own
/// axiom follows).
fn ar(f: &Facts, hb: &Relation, eco: &Relation) -> Relation {
    let thread = |i: usize| f.places[i].thread;
    let rfe = f.rf.filter(|w, r| thread(w) != thread(r));
    let coe = f.co.filter(|a, b| thread(a) != thread(b));
    let detour = coe.then(&rfe).filter(|a, b| f.po.has(a, b));
    let internal = f.po.filter(|a, b| preserved(f, a, b));
    let ar = rfe.union(&detour).union(&internal).union(&f.threads);
    match psc(f, hb, eco) {
        Some(psc) => ar.union(&psc),
        None => ar,
    }
}

/// Whether program order from `a` to `b` is in `bob`, `ppo` or `[W_ex⊒acq] ; po ; [W]`.
fn preserved(f: &Facts, a: usize, b: usize) -> bool {
    let (x, y) = (f.event(a), f.event(b));
    let barrier =
        |i: usize| is_fence(f, i) || matches!(f.event(i).label, Label::Spawn(_) | Label::Join(_) | Label::End);
    let is_read = |e: &super::graph::Event| matches!(e.label, Label::Read { .. });
    let exclusive_read = matches!(x.label, Label::Read { rmw, .. } if rmw != Rmw::No);
    let exclusive_acquire_write = matches!(x.label, Label::Write { rmw: true, .. }) && acquires(x.order);
    barrier(a)
        || barrier(b)
        || (y.is_write() && releases(y.order))
        || (is_read(x) && acquires(x.order))
        || (x.is_write() && releases(x.order) && y.is_write() && f.same_loc(a, b))
        || ((exclusive_read || exclusive_acquire_write) && y.is_write())
}

/// Whether the explored graphs leave room for load buffering, the `po ∪ rf` cycles IMM
/// allows and the search never builds (see the module's text).
///
/// Over the explored graphs it gathers, per thread: the locations the thread writes
/// po-after one of its reads, each with whether some such write is unordered after such
/// a read by the thread's own part of `ar` (barriers, acquires, releases, the exclusive
/// reads of read-modify-writes, chained through the thread; dependencies unknown, so not
/// counted), and the locations it reads po-before one of its writes. Thread `A` leads to
/// thread `B` when `B` reads, before a write of its own, a location `A` writes after a
/// read; the lead is *free* when such a write of `A` may be unordered after its read.
/// Load buffering may have been missed when a free lead `A → B` lies on a cycle of leads
/// (through two threads at least: a thread never leads to itself).
///
/// Why that is enough (informally): a `po ∪ rf` cycle goes through each of its threads
/// from a read to a write po-after it, whose location the next thread on the cycle reads
/// before its own write; the cycle's threads are a cycle of leads. IMM allows the cycle
/// only if it is not in `ar`, so at least one of those read-to-write stretches is not
/// ordered by `ar`, in particular not by the thread's barriers nor by a dependency: that
/// write exists, at its location, whatever the read returns, so the pair shows in the
/// explored graphs (which have every value the read can return without a cycle), and its
/// lead is free. Threads are named across graphs by who created them (the `k`-th thread
/// created by a thread's own name), not by the graphs' numbering, which follows creation
/// order; the leads are gathered over all graphs, which only adds to them.
#[derive(Default)]
pub(crate) struct LoadBuffering {
    threads: FxHashMap<Vec<u32>, Accesses>,
}

/// What one thread does across the explored graphs.
#[derive(Default)]
struct Accesses {
    /// The locations written po-after a read, with whether such a write may be unordered
    /// after such a read.
    later_writes: FxHashMap<u64, bool>,
    /// The locations read po-before a write.
    earlier_reads: FxHashSet<u64>,
}

impl LoadBuffering {
    /// Gathers what graph `g` (complete or not) shows.
    pub fn observe(&mut self, g: &Graph) {
        let f = Facts::of(g);
        let ordered = f.po.filter(|a, b| preserved(&f, a, b)).closure();
        let names = thread_names(g);
        let mut base = 0;
        for (t, evs) in g.threads.iter().enumerate() {
            let ids = base..base + evs.len();
            base += evs.len();
            let is_read = |i: usize| matches!(f.event(i).label, Label::Read { .. });
            let is_write = |i: usize| f.event(i).is_write();
            let Some(last_write) = ids.clone().rev().find(|&i| is_write(i)) else { continue };
            let Some(first_read) = ids.clone().find(|&i| is_read(i)) else { continue };
            if first_read > last_write {
                continue;
            }
            let acc = self.threads.entry(names[t].clone()).or_default();
            for i in first_read..=last_write {
                let loc = f.event(i).loc();
                if let (true, Some(loc)) = (is_read(i), loc) {
                    acc.earlier_reads.insert(loc);
                }
                if let (true, Some(loc)) = (is_write(i), loc) {
                    let free = (first_read..i).any(|r| is_read(r) && !ordered.has(r, i));
                    *acc.later_writes.entry(loc).or_default() |= free;
                }
            }
        }
    }

    /// Adds what another part of the search gathered (`-j`: each subtree gathers its own).
    pub fn merge(&mut self, other: LoadBuffering) {
        for (name, theirs) in other.threads {
            let mine = self.threads.entry(name).or_default();
            for (loc, free) in theirs.later_writes {
                *mine.later_writes.entry(loc).or_default() |= free;
            }
            mine.earlier_reads.extend(theirs.earlier_reads);
        }
    }

    /// Whether a free lead lies on a cycle of leads: load buffering may have been missed.
    pub fn possible(&self) -> bool {
        let threads: Vec<&Accesses> = self.threads.values().collect();
        let n = threads.len();
        // lead[a][b]: None, Some(false) (a lead), Some(true) (a free lead).
        let lead = |a: usize, b: usize| -> Option<bool> {
            if a == b {
                return None;
            }
            let mut out = None;
            for (loc, &free) in &threads[a].later_writes {
                if threads[b].earlier_reads.contains(loc) {
                    out = Some(out.unwrap_or(false) || free);
                }
            }
            out
        };
        let leads: Vec<Vec<Option<bool>>> = (0..n).map(|a| (0..n).map(|b| lead(a, b)).collect()).collect();
        let reaches = |from: usize, to: usize| {
            let mut seen = vec![false; n];
            let mut todo = vec![from];
            seen[from] = true;
            while let Some(a) = todo.pop() {
                if a == to {
                    return true;
                }
                for b in 0..n {
                    if leads[a][b].is_some() && !seen[b] {
                        seen[b] = true;
                        todo.push(b);
                    }
                }
            }
            false
        };
        (0..n).any(|a| (0..n).any(|b| leads[a][b] == Some(true) && reaches(b, a)))
    }
}

/// Each graph thread's name: empty for `main`, else its creator's name and which of the
/// threads its creator created it is (from 0).
fn thread_names(g: &Graph) -> Vec<Vec<u32>> {
    fn name(g: &Graph, t: usize, names: &mut Vec<Option<Vec<u32>>>) -> Vec<u32> {
        if let Some(n) = &names[t] {
            return n.clone();
        }
        let n = match g.parent.get(t).copied().flatten() {
            None => Vec::new(),
            Some(spawn) => {
                let parent = spawn.thread as usize;
                let k = g.threads[parent][..spawn.index as usize]
                    .iter()
                    .filter(|e| matches!(e.label, Label::Spawn(_)))
                    .count();
                let mut n = name(g, parent, names);
                n.push(k as u32);
                n
            }
        };
        names[t] = Some(n.clone());
        n
    }
    let mut names = vec![None; g.threads.len()];
    (0..g.threads.len()).map(|t| name(g, t, &mut names)).collect()
}
