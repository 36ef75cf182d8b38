//! The formula: concurrent SSA of the trace with π-functions, happens-before as an integer
//! order `O(e)` per event, and a *cut* `X`: the events ordered before `X` form the
//! predicted prefix, and only their guards, π-functions and locks constrain (the
//! feasible-prefix relaxation: what the threads do after `X` does not matter, so a
//! violation that sends a thread into an untaken branch is still found).
//!
//! - Φ_PO: program order, thread creation before the child's first event, the child's last
//!   event before the join. Orders need not be distinct: every constraint that relates two
//!   events is strict, so events with equal orders are unrelated and either order of them
//!   is a schedule.
//! - Φ_VD: a guard before the cut holds.
//! - Φ_PI: a read before the cut takes the value of a write ordered before it with no other
//!   write of its location in between, or the initial value when no write precedes it.
//! - Φ_sync: two critical sections of one lock that both start before the cut do not
//!   overlap; a condition-variable wait that re-acquires before the cut follows a signal.
//! - context bound `K`: the prefix splits into intervals of the order, each run by one
//!   thread: `K + 1` plus one per thread end, join and wait of the trace (switches there
//!   are not preemptions).
//!
//! Each candidate adds its own constraint in a solver scope (push/pop), so the base formula
//! is built once.
//!
//! With a window ([`crate::window`]) the events before and after it get their recorded
//! order as constants, the window's events an order between the two: only the window's
//! reads choose among writes and only its critical sections need pairwise constraints.

use crate::sources::{SourceFinder, Sources};
use crate::trace::{word, Trace};
use crate::window::Zone;
use ravel_sym::{bv_const, ExprId, ExprPool, Z3Terms};
use ravel_vm::RecKind;
use rustc_hash::FxHashMap;
use std::time::Duration;
use z3::ast::{Ast, Bool, Int, BV};
use z3::{Params, SatResult};

/// What a candidate asks of the order.
#[derive(Clone, Copy, Debug)]
pub enum Query {
    /// Guard event `0` is the cut and fails (its thread takes the other side).
    FailGuard(usize),
    /// Accesses `0` and `1` are both next to run after the prefix (each thread's previous
    /// event before the cut, the accesses not): in some linearization they are adjacent.
    CoEnabled(usize, usize),
    /// Event `1` of another thread comes between events `0` and `2` of one thread, `2` at
    /// the cut (an atomicity violation).
    Between(usize, usize, usize),
}

impl Query {
    /// Whether a window with these zones can reorder what the query asks for: its
    /// accesses in the window (a failing guard may also come after it).
    pub fn reorders_in(&self, zones: &[Zone]) -> bool {
        let inside = |e: usize| zones[e] == Zone::Window;
        match *self {
            Query::FailGuard(g) => zones[g] != Zone::Before,
            Query::CoEnabled(a, b) => inside(a) && inside(b),
            Query::Between(a, r, b) => inside(a) && inside(r) && inside(b),
        }
    }
}

/// A solver answer: the order of every event of the trace and the cut, when there is one.
pub enum Answer {
    Sat(Vec<i64>, i64),
    Unsat,
    Unknown,
}

/// The base formula of one trace in a Z3 solver.
pub struct Encoder<'a> {
    trace: &'a Trace,
    pool: &'a ExprPool,
    /// The trace's expressions as Z3 terms, read variables fixed outside a window
    /// substituted by their values.
    terms: Z3Terms,
    solver: z3::Solver,
    order: Vec<Int>,
    cut: Int,
    /// Reads with an encoded π-function (more than one possible source).
    pub pi_functions: usize,
    /// How large the formula is.
    pub sizes: Sizes,
    /// Per read with a π-function, "it takes the source it took in the recorded run".
    stays: Vec<Bool>,
    timeout: Duration,
    /// Z3 resource units one query of a window may use (see [`WINDOW_WORK`]).
    work: Option<u32>,
    /// Each event's zone when only a window of the trace is reordered.
    zones: Option<&'a [Zone]>,
}

/// What a read takes when no write it may choose precedes it: the location's initial
/// value, or (in a window) the latest write of the zone before it.
#[derive(Clone, Copy)]
enum Base {
    Initial(u64),
    Write(usize),
}

/// Reads that may change their source in the first, restricted query.
const NEAR: usize = 2;

/// Z3 resource units (its `rlimit`) a window's query may use: a bound on work rather than
/// time, so that what windows find does not depend on the machine's load (on an idle
/// machine about 3 s). The wall-clock limit still applies.
const WINDOW_WORK: u32 = 4_000_000;

/// Sources and lock pairs beyond which the formula is not built (the analysis is then
/// unknown). Z3 4.8 takes time and memory superlinear in them to take the formula in
/// (its first `push`, which no time limit interrupts): 2.7 s and 0.5 GB at 7,700, 85 s
/// and 3.4 GB at 46,000 (`bench/predict/stress.c`).
const MAX_TERMS: usize = 25_000;

/// Why the formula of a trace was not built.
#[derive(Debug)]
pub struct TooLarge {
    pub sizes: Sizes,
}

/// Sizes of the encoding (the columns of the scaling benchmark).
#[derive(Clone, Copy, Debug, Default)]
pub struct Sizes {
    /// Sources of the valued reads before pruning (every write of the location and the
    /// initial value) and after.
    pub sources: usize,
    pub sources_pruned: usize,
    /// Reads whose source is the same write in every reordering (no π-function).
    pub reads_fixed: usize,
    /// Pairs of critical sections of one lock that need a constraint.
    pub lock_pairs: usize,
}

impl<'a> Encoder<'a> {
    /// Builds the base formula of `trace` (of its window when `zones` is given), unless
    /// it would exceed [`MAX_TERMS`].
    pub fn new(
        trace: &'a Trace,
        pool: &'a ExprPool,
        bound: Option<u32>,
        timeout: Duration,
        zones: Option<&'a [Zone]>,
    ) -> Result<Encoder<'a>, TooLarge> {
        let solver = z3::Solver::new();
        // Outside a window an event's order is its recorded position: a constant.
        let n = trace.events.len() as i64;
        let order: Vec<Int> = (0..trace.events.len())
            .map(|i| match zones.map(|z| z[i]) {
                Some(Zone::Before) => Int::from_i64(i as i64),
                Some(Zone::After) => Int::from_i64(2 * n + i as i64),
                _ => Int::new_const(format!("o{i}")),
            })
            .collect();
        let cut = Int::new_const("cut");
        let mut enc = Encoder {
            trace,
            pool,
            terms: Z3Terms::new(),
            solver,
            order,
            cut,
            pi_functions: 0,
            sizes: Sizes::default(),
            stays: Vec::new(),
            timeout,
            work: zones.map(|_| WINDOW_WORK),
            zones,
        };
        enc.set_timeout(timeout);
        let finder = SourceFinder::new(trace);
        enc.program_order();
        // The π-functions first: outside a window they fix read values by substitution,
        // which must precede every translation of an expression over those reads.
        enc.pi(&finder)?;
        enc.guards();
        enc.locks(&finder)?;
        enc.signals();
        if let Some(k) = bound {
            enc.context_bound(k);
        }
        // Z3 takes the formula in at its first scope: here, so that the encoding time
        // includes it and each query only adds its own constraints.
        enc.solver.push();
        Ok(enc)
    }

    fn within_budget(&self) -> Result<(), TooLarge> {
        match self.sizes.sources_pruned + self.sizes.lock_pairs > MAX_TERMS {
            true => Err(TooLarge { sizes: self.sizes }),
            false => Ok(()),
        }
    }

    /// `O(e) < X`: event `e` is in the predicted prefix.
    fn before_cut(&self, e: usize) -> Bool {
        self.order[e].lt(&self.cut)
    }

    fn lt(&self, a: usize, b: usize) -> Bool {
        self.order[a].lt(&self.order[b])
    }

    /// The event before `e` in its thread, or the creation of its thread.
    fn previous(&self, e: usize) -> Option<usize> {
        let t = self.trace.events[e].thread;
        let evs = &self.trace.threads[t];
        let k = evs.partition_point(|&j| j < e);
        match k.checked_sub(1) {
            Some(k) => Some(evs[k]),
            None => self.trace.events.iter().position(|x| x.kind == RecKind::Spawn { child: t }),
        }
    }

    fn program_order(&mut self) {
        let t = self.trace;
        for evs in &t.threads {
            for w in evs.windows(2) {
                self.solver.assert(self.lt(w[0], w[1]));
            }
        }
        for (i, e) in t.events.iter().enumerate() {
            match e.kind {
                RecKind::Spawn { child } => {
                    if let Some(&first) = t.threads.get(child).and_then(|c| c.first()) {
                        self.solver.assert(self.lt(i, first));
                    }
                }
                RecKind::Join { child } => {
                    if let Some(&last) = t.threads.get(child).and_then(|c| c.last()) {
                        self.solver.assert(self.lt(last, i));
                    }
                }
                _ => {}
            }
        }
        let zero = Int::from_i64(0);
        for o in &self.order {
            self.solver.assert(o.ge(&zero));
        }
        // A window: the events before it keep their recorded order (constants below `n`),
        // those after it too (constants above `2n`), the window's events lie between.
        if let Some(zones) = self.zones {
            let n = zones.len() as i64;
            let (low, high) = (Int::from_i64(n), Int::from_i64(2 * n));
            for (o, _) in self.order.iter().zip(zones).filter(|(_, &z)| z == Zone::Window) {
                self.solver.assert(o.gt(&low));
                self.solver.assert(o.lt(&high));
            }
        }
    }

    fn guards(&mut self) {
        for (i, e) in self.trace.events.iter().enumerate() {
            if let RecKind::Guard { cond, .. } = e.kind {
                let c = self.boolean(cond);
                self.solver.assert(self.before_cut(i).implies(&c));
            }
        }
    }

    /// π-functions of the valued reads, over their pruned sources ([`SourceFinder`]).
    fn pi(&mut self, finder: &SourceFinder) -> Result<(), TooLarge> {
        let t = self.trace;
        // Writes per extent (address, size), and the extents of each word: a read whose
        // extent overlaps another one is pinned to the value it read.
        let mut writes: FxHashMap<(u64, u32), Vec<usize>> = FxHashMap::default();
        let mut extents: FxHashMap<u64, Vec<(u64, u32)>> = FxHashMap::default();
        let mut initial: FxHashMap<(u64, u32), u64> = FxHashMap::default();
        for (i, e) in t.events.iter().enumerate() {
            let (addr, bytes, first_value) = match e.kind {
                RecKind::Read { addr, bytes, value, .. } => (addr, bytes, value),
                RecKind::Write { addr, bytes, old, .. } => {
                    writes.entry((addr, bytes)).or_default().push(i);
                    (addr, bytes, old)
                }
                _ => continue,
            };
            initial.entry((addr, bytes)).or_insert(first_value);
            let list = extents.entry(word(addr)).or_default();
            if !list.contains(&(addr, bytes)) {
                list.push((addr, bytes));
            }
        }
        let overlaps = |addr: u64, bytes: u32| {
            bytes > 8
                || extents.get(&word(addr)).is_some_and(|l| {
                    l.iter().any(|&(a, b)| (a, b) != (addr, bytes) && a < addr + bytes as u64 && addr < a + b as u64)
                })
        };
        let mut reads: FxHashMap<(u64, u32), Vec<usize>> = FxHashMap::default();
        for (r, e) in t.events.iter().enumerate() {
            let RecKind::Read { addr, bytes, var, value, .. } = e.kind else { continue };
            if !t.valued[r] {
                continue;
            }
            if overlaps(addr, bytes) || word(addr + bytes as u64 - 1) != word(addr) {
                let v = self.read_variable(var);
                self.solver.assert(self.before_cut(r).implies(v.eq(bv_const(bytes * 8, value as u128))));
                continue;
            }
            reads.entry((addr, bytes)).or_default().push(r);
        }
        if let Some(zones) = self.zones {
            self.fix_outside_window(zones, &writes, &initial, &mut reads);
        }
        let mut locations: Vec<_> = reads.into_iter().collect();
        locations.sort_unstable();
        for (extent, rs) in locations {
            let ws = writes.get(&extent).map(Vec::as_slice).unwrap_or_default();
            let init = initial.get(&extent).copied().unwrap_or(0);
            self.sizes.sources += rs.len() * (ws.len() + 1);
            match self.zones {
                None => {
                    let sources = finder.sources(ws, &rs);
                    self.sizes.sources_pruned +=
                        sources.iter().map(|s| s.writes.len() + s.initial as usize).sum::<usize>();
                    self.within_budget()?;
                    for (&r, src) in rs.iter().zip(&sources) {
                        self.read_from(r, src, observed(ws, r), Base::Initial(init));
                    }
                }
                Some(zones) => self.window_reads(finder, zones, ws, &rs, init)?,
            }
        }
        Ok(())
    }

    /// Reads outside a window whose source is known (the latest write of their zone before
    /// them, the value before the window, or the initial value) take that value by
    /// substitution, in recorded order so that chains of them fold: the events before the
    /// window become constants, those after it terms over the window's choices. They are
    /// removed from `reads`; what is left gets π-functions.
    fn fix_outside_window(
        &mut self,
        zones: &[Zone],
        writes: &FxHashMap<(u64, u32), Vec<usize>>,
        initial: &FxHashMap<(u64, u32), u64>,
        reads: &mut FxHashMap<(u64, u32), Vec<usize>>,
    ) {
        let mut known: Vec<usize> = Vec::new();
        let mut all: Vec<(usize, (u64, u32))> =
            reads.iter().flat_map(|(&x, rs)| rs.iter().map(move |&r| (r, x))).collect();
        all.sort_unstable();
        for (r, extent) in all {
            let ws = writes.get(&extent).map(Vec::as_slice).unwrap_or_default();
            let latest = |z: Zone| ws[..ws.partition_point(|&w| w < r)].iter().rev().find(|&&w| zones[w] == z).copied();
            let source = match zones[r] {
                Zone::Window => continue,
                Zone::Before => latest(Zone::Before),
                Zone::After => match latest(Zone::After) {
                    Some(w) => Some(w),
                    None if ws.iter().any(|&w| zones[w] == Zone::Window) => continue,
                    None => ws.iter().rev().find(|&&w| zones[w] == Zone::Before).copied(),
                },
            };
            let RecKind::Read { var, bytes, .. } = self.trace.events[r].kind else { continue };
            let init = initial.get(&extent).copied().unwrap_or(0);
            let base = source.map_or(Base::Initial(init), Base::Write);
            let value = self.base_value(base, bytes * 8);
            self.terms.substitute(var, value.simplify());
            self.sizes.reads_fixed += 1;
            known.push(r);
        }
        known.sort_unstable();
        for rs in reads.values_mut() {
            rs.retain(|r| known.binary_search(r).is_err());
        }
    }

    /// The reads of one location that [`Encoder::fix_outside_window`] left: a window read
    /// chooses among the window's writes, the latest write before the window standing for
    /// the initial value; a read after the window with no write of its zone before it
    /// takes the latest of the window's writes.
    fn window_reads(
        &mut self,
        finder: &SourceFinder,
        zones: &[Zone],
        ws: &[usize],
        rs: &[usize],
        init: u64,
    ) -> Result<(), TooLarge> {
        let inside: Vec<usize> = ws.iter().copied().filter(|&w| zones[w] == Zone::Window).collect();
        let base =
            ws.iter().rev().find(|&&w| zones[w] == Zone::Before).map_or(Base::Initial(init), |&w| Base::Write(w));
        let window_rs: Vec<usize> = rs.iter().copied().filter(|&r| zones[r] == Zone::Window).collect();
        let mut window_sources = finder.sources(&inside, &window_rs).into_iter();
        for &r in rs {
            let src = match zones[r] {
                Zone::Window => window_sources.next().expect("one source list per window read"),
                _ => Sources { writes: inside.clone(), initial: false },
            };
            self.sizes.sources_pruned += src.writes.len() + src.initial as usize;
            self.within_budget()?;
            self.read_from(r, &src, observed(ws, r), base);
        }
        Ok(())
    }

    /// Bit-vector expression `e` as a term.
    fn value(&mut self, e: ExprId) -> BV {
        self.terms.translate(self.pool, &[e]);
        self.terms.bv(e)
    }

    /// Width-1 expression `e` as a Boolean term.
    fn boolean(&mut self, e: ExprId) -> Bool {
        self.terms.translate(self.pool, &[e]);
        self.terms.boolean(e)
    }

    /// The Z3 constant of a read's variable (the value the read takes).
    fn read_variable(&self, var: u32) -> BV {
        Z3Terms::variable(self.pool, var).expect("the recorder makes a variable per read")
    }

    /// The π-function of read `r`: in the prefix it takes the value of its latest source
    /// before it (the base value when none precedes it). A selector per source; `S(r)` is
    /// the order of the source taken, and every other source ordered before the read is
    /// ordered before `S(r)`: quadratic in the sources of one location, not cubic.
    fn read_from(&mut self, r: usize, src: &Sources, observed: Option<usize>, base: Base) {
        let RecKind::Read { var, bytes, .. } = self.trace.events[r].kind else { return };
        let bits = bytes * 8;
        let v = self.read_variable(var);
        let in_prefix = self.before_cut(r);
        let fixed = match (src.fixed(), src.writes.is_empty()) {
            (Some(w), _) => Some(self.written(w, bits)),
            (None, true) => Some(self.base_value(base, bits)),
            _ => None,
        };
        if let Some(val) = fixed {
            self.sizes.reads_fixed += 1;
            self.solver.assert(in_prefix.implies(v.eq(&val)));
            return;
        }
        self.pi_functions += 1;
        let taken = Int::new_const(format!("src{r}"));
        let mut options = Vec::with_capacity(src.writes.len() + 1);
        for &w in &src.writes {
            let select = Bool::new_const(format!("rf{r}.{w}"));
            let val = self.written(w, bits);
            let holds = Bool::and(&[self.lt(w, r), taken.eq(&self.order[w]), v.eq(&val)]);
            self.solver.assert(select.implies(&holds));
            // Not taken but before the read: before the one taken.
            let earlier = Bool::or(&[select.clone(), self.lt(w, r).not(), self.order[w].lt(&taken)]);
            self.solver.assert(earlier);
            if Some(w) == observed {
                self.stays.push(select.clone());
            }
            options.push(select);
        }
        if src.initial {
            let select = Bool::new_const(format!("rf{r}.init"));
            let val = self.base_value(base, bits);
            let holds = Bool::and(&[taken.eq(Int::from_i64(-1)), v.eq(&val)]);
            self.solver.assert(select.implies(&holds));
            if observed == base_write(base) {
                self.stays.push(select.clone());
            }
            options.push(select);
        }
        self.solver.assert(in_prefix.implies(Bool::or(&options)));
    }

    /// The value write `w` stores.
    fn written(&mut self, w: usize, bits: u32) -> BV {
        match self.trace.events[w].kind {
            RecKind::Write { value, .. } => self.value(value),
            _ => BV::fresh_const("opaque", bits),
        }
    }

    fn base_value(&mut self, base: Base, bits: u32) -> BV {
        match base {
            Base::Initial(init) => bv_const(bits, init as u128),
            Base::Write(w) => self.written(w, bits),
        }
    }

    /// Critical sections of one lock in different threads do not overlap (when both start
    /// in the prefix); pairs that every reordering orders need no constraint.
    fn locks(&mut self, finder: &SourceFinder) -> Result<(), TooLarge> {
        let mut by_lock: FxHashMap<u64, Vec<(usize, usize, Option<usize>)>> = FxHashMap::default();
        for (m, t, a, r) in self.trace.outermost_sections() {
            by_lock.entry(m).or_default().push((t, a, r));
        }
        let mut locks: Vec<_> = by_lock.into_values().collect();
        locks.sort_unstable();
        let ordered = |r: Option<usize>, a: usize| r.is_some_and(|r| finder.must.before(r, a));
        for list in locks {
            for (i, &(t1, a1, r1)) in list.iter().enumerate() {
                for &(t2, a2, r2) in &list[i + 1..] {
                    if t1 == t2 || ordered(r1, a2) || ordered(r2, a1) || self.zones_order((a1, r1), (a2, r2)) {
                        continue;
                    }
                    self.sizes.lock_pairs += 1;
                    self.within_budget()?;
                    let mut either = vec![self.before_cut(a1).not(), self.before_cut(a2).not()];
                    if let Some(r1) = r1 {
                        either.push(self.lt(r1, a2));
                    }
                    if let Some(r2) = r2 {
                        either.push(self.lt(r2, a1));
                    }
                    self.solver.assert(Bool::or(&either));
                }
            }
        }
        Ok(())
    }

    /// Whether the zones of a window keep two critical sections apart: each lies in one
    /// zone, and not both in the window (sections before and after the window keep the
    /// recorded order, in which they did not overlap).
    fn zones_order(&self, (a1, r1): (usize, Option<usize>), (a2, r2): (usize, Option<usize>)) -> bool {
        let Some(zones) = self.zones else { return false };
        let zone = |a: usize, r: Option<usize>| match r {
            Some(r) if zones[a] == zones[r] => Some(zones[a]),
            None if zones[a] == Zone::After => Some(Zone::After),
            _ => None,
        };
        match (zone(a1, r1), zone(a2, r2)) {
            (Some(z1), Some(z2)) => z1 != Zone::Window || z2 != Zone::Window,
            _ => false,
        }
    }

    /// A wait's re-acquisition in the prefix follows a signal of its condition variable
    /// that follows the wait.
    fn signals(&mut self) {
        let t = self.trace;
        for evs in &t.threads {
            for (k, &w) in evs.iter().enumerate() {
                let RecKind::Wait { cond, mutex } = t.events[w].kind else { continue };
                let Some(&relock) = evs[k + 1..]
                    .iter()
                    .find(|&&j| matches!(t.events[j].kind, RecKind::Lock { mutex: m } if m == mutex))
                else {
                    continue;
                };
                let options: Vec<Bool> = t
                    .events
                    .iter()
                    .enumerate()
                    .filter(|(_, e)| matches!(e.kind, RecKind::Signal { cond: c } if c == cond))
                    .map(|(s, _)| Bool::and(&[self.lt(w, s), self.lt(s, relock)]))
                    .collect();
                self.solver.assert(self.before_cut(relock).implies(Bool::or(&options)));
            }
        }
    }

    /// At most `k` context switches in the prefix besides those a thread's end, a join or
    /// a wait allows: the order splits into `k + 1 + f` intervals (`f` the ends, joins and
    /// waits of the trace), each run by one thread.
    fn context_bound(&mut self, k: u32) {
        let t = self.trace;
        let free = t
            .events
            .iter()
            .filter(|e| matches!(e.kind, RecKind::Exit | RecKind::Join { .. } | RecKind::Wait { .. }))
            .count();
        // More intervals than events constrain nothing (every order splits into at most
        // one run per event): a larger bound is the same formula, without its size.
        let intervals = (k as usize).saturating_add(1 + free).min(t.events.len().max(1));
        let bounds: Vec<Int> = (0..=intervals).map(|j| Int::new_const(format!("ctx{j}"))).collect();
        let owners: Vec<Int> = (0..intervals).map(|j| Int::new_const(format!("owner{j}"))).collect();
        self.solver.assert(bounds[0].eq(Int::from_i64(0)));
        for w in bounds.windows(2) {
            self.solver.assert(w[0].le(&w[1]));
        }
        self.solver.assert(bounds[intervals].ge(&self.cut));
        for (i, e) in t.events.iter().enumerate() {
            let o = &self.order[i];
            let tid = Int::from_i64(e.thread as i64);
            let placed: Vec<Bool> = (0..intervals)
                .map(|j| Bool::and(&[bounds[j].le(o), o.lt(&bounds[j + 1]), owners[j].eq(&tid)]))
                .collect();
            self.solver.assert(self.before_cut(i).implies(Bool::or(&placed)));
        }
    }

    /// Asks for an order with the query's events in the prefix as it says.
    pub fn solve(&mut self, query: &Query) -> Answer {
        self.solver.push();
        let q = self.query(query);
        self.solver.assert(q);
        // First the reorderings where at most `NEAR` reads change their source, with a
        // quarter of the time: a model there is a model of the whole formula; only when
        // there is none, the whole formula.
        let mut answer = Answer::Unsat;
        // A window is small: its queries go straight to the whole formula.
        if self.stays.len() > NEAR && self.work.is_none() {
            let stays: Vec<(&Bool, i32)> = self.stays.iter().map(|s| (s, 1)).collect();
            let near = Bool::pb_ge(&stays, (self.stays.len() - NEAR) as i32);
            self.solver.push();
            self.solver.assert(near);
            self.set_timeout(self.timeout / 4);
            answer = self.check();
            self.set_timeout(self.timeout);
            self.solver.pop(1);
        }
        if !matches!(answer, Answer::Sat(..)) {
            answer = self.check();
        }
        self.solver.pop(1);
        answer
    }

    fn set_timeout(&self, timeout: Duration) {
        let mut params = Params::new();
        params.set_u32("timeout", timeout.as_millis().min(u32::MAX as u128) as u32);
        if let Some(work) = self.work {
            params.set_u32("rlimit", work);
        }
        self.solver.set_params(&params);
    }

    fn check(&self) -> Answer {
        match self.solver.check() {
            SatResult::Sat => match self.solver.get_model() {
                Some(model) => {
                    let order =
                        self.order.iter().map(|o| model.eval(o, true).and_then(|v| v.as_i64()).unwrap_or(0)).collect();
                    let cut = model.eval(&self.cut, true).and_then(|v| v.as_i64()).unwrap_or(0);
                    Answer::Sat(order, cut)
                }
                None => Answer::Unknown,
            },
            SatResult::Unsat => Answer::Unsat,
            SatResult::Unknown => Answer::Unknown,
        }
    }

    fn query(&mut self, query: &Query) -> Bool {
        match *query {
            Query::FailGuard(g) => {
                let RecKind::Guard { cond, .. } = self.trace.events[g].kind else { return Bool::from_bool(false) };
                let c = self.boolean(cond);
                Bool::and(&[self.order[g].eq(&self.cut), c.not()])
            }
            Query::CoEnabled(a, b) => {
                let mut conj = vec![self.before_cut(a).not(), self.before_cut(b).not()];
                for e in [a, b] {
                    if let Some(p) = self.previous(e) {
                        conj.push(self.before_cut(p));
                    }
                }
                Bool::and(&conj)
            }
            Query::Between(a, r, b) => Bool::and(&[self.lt(a, r), self.lt(r, b), self.order[b].eq(&self.cut)]),
        }
    }
}

/// The write read `r` saw in the recorded run: the latest one before it in the trace.
fn observed(ws: &[usize], r: usize) -> Option<usize> {
    ws[..ws.partition_point(|&w| w < r)].last().copied()
}

fn base_write(base: Base) -> Option<usize> {
    match base {
        Base::Initial(_) => None,
        Base::Write(w) => Some(w),
    }
}
