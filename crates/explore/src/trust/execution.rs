//! One execution of the program along the current graph: the graph's events again, each
//! read reading what the graph says (and a store that is not coherence-latest leaving
//! memory as it is), then on with new events — each added with the graphs it opens —
//! until the program ends; then what the end means for the search.

use super::graph::{Event, Label, Pos, Rmw, Source};
use super::Explorer;
use crate::engine::Ended;
use crate::exec::ScheduleChooser;
use crate::race::{race_error, How, Race};
use crate::{DepthUnit, FoundError, Unknown, Witness, WitnessStep};
use ravel_ir::{Builtin, Ordering, SrcLoc};
use ravel_vm::{AccessKind, AccessRole, Loc, LogEntry, Machine, ValueEvent};

/// Where an execution stands against the graph it follows.
#[derive(Default)]
struct Run {
    /// The machine's thread of each graph thread, and the graph's of each machine thread.
    vm_of: Vec<Option<usize>>,
    graph_of: Vec<usize>,
    /// Per graph thread: its events executed so far, and its steps (0: its code before
    /// its first visible operation).
    done: Vec<u32>,
    steps: Vec<u32>,
    /// Per graph thread: its end is an event already.
    ended: Vec<bool>,
    witness: Vec<WitnessStep>,
    /// Events added in the current step (checked for races).
    added: Vec<Pos>,
}

impl Run {
    fn map(&mut self, graph_thread: u32, vm_thread: usize) {
        let g = graph_thread as usize;
        if self.vm_of.len() <= g {
            self.vm_of.resize(g + 1, None);
            self.done.resize(g + 1, 0);
            self.steps.resize(g + 1, 0);
            self.ended.resize(g + 1, false);
        }
        self.vm_of[g] = Some(vm_thread);
        if self.graph_of.len() <= vm_thread {
            self.graph_of.resize(vm_thread + 1, usize::MAX);
        }
        self.graph_of[vm_thread] = g;
    }

    fn executed(&self, p: Pos) -> bool {
        self.done.get(p.thread as usize).is_some_and(|&d| p.index < d)
    }
}

/// Why an execution stopped short.
enum Stop {
    /// The graph breaks an axiom or atomicity: nothing more to see in it.
    Dropped,
    /// The search ends here (an error that stops it, an unsupported operation).
    Search,
}

impl Explorer<'_> {
    /// Runs the program along the current graph and on to its end. False when the search
    /// stops here.
    pub(super) fn execute(&mut self) -> bool {
        let Some(mut m) = self.start() else {
            return self.unsupported("nondeterministic inputs", SrcLoc::default());
        };
        let mut run = Run::default();
        run.map(0, 0);
        match self.absorb(&mut m, &mut run, None) {
            Ok(()) => {}
            Err(Stop::Dropped) => return self.blocked(),
            Err(Stop::Search) => return false,
        }
        loop {
            if m.is_done() {
                break;
            }
            if let Some(why) = self.cx.limit_reached() {
                self.cx.note(why);
                return false;
            }
            let events: usize = self.graph().threads.iter().map(Vec::len).sum();
            let max = self.cx.opts.max_depth.min(MAX_EVENTS);
            if events > max {
                // Checks cost a power of the graph's size, and a spin loop grows it
                // without end: the search stops here.
                self.cx.note(Unknown::Depth { max, unit: DepthUnit::Events });
                return false;
            }
            let replaying = self
                .graph()
                .threads
                .iter()
                .enumerate()
                .any(|(t, evs)| run.done.get(t).is_none_or(|&d| d < evs.len() as u32));
            let next = match replaying {
                true => self.ready(&run, &mut m),
                false => (0..m.threads().len()).find(|&t| m.can_step(t)),
            };
            let Some(vt) = next else {
                if m.enabled().is_empty() {
                    m.report_stall(&[]);
                    break;
                }
                let why = "no thread can take the graph's next step".to_string();
                self.cx.note(Unknown::Internal(format!("the graph engine lost its execution: {why}")));
                return false;
            };
            let gt = run.graph_of[vt];
            run.steps[gt] += 1;
            let (read, hide) = self.direction(&run, gt as u32);
            m.direct_next_access(read, hide);
            let call = m.pending_builtin(vt);
            let mut chooser = ScheduleChooser { domain: self.cx.opts.input_domain, ..Default::default() };
            m.step(vt, &mut chooser);
            if !chooser.made.is_empty() {
                return self.unsupported("nondeterministic inputs", m.current_loc(vt));
            }
            run.witness.push(WitnessStep { thread: vt, read, hide, ..Default::default() });
            match self.absorb(&mut m, &mut run, Some((vt, call))) {
                Ok(()) => {}
                Err(Stop::Dropped) => return self.blocked(),
                Err(Stop::Search) => return false,
            }
            self.cx.stats.transitions += 1;
        }
        self.ended(m, run)
    }

    /// The machine at main's first visible operation, the same in every execution (no
    /// inputs are followed): made once, then cloned (its state is copy-on-write). `None`
    /// when main's first code makes an input.
    fn start(&mut self) -> Option<Machine> {
        if let Some(start) = &self.start {
            let m = start.clone();
            self.cx.note_step(false, &m);
            self.cx.stats.work.count_step(crate::Work::before_start(), &m, &[]);
            return Some(m);
        }
        let (m, made) = self.cx.start(&[]);
        if !made.is_empty() {
            return None;
        }
        self.start = Some(m.clone());
        Some(m)
    }

    fn blocked(&mut self) -> bool {
        self.cx.stats.blocked += 1;
        true
    }

    fn unsupported(&mut self, what: &str, at: SrcLoc) -> bool {
        let why = self.cx.unsupported(format!("{what} with the graph engine"), at);
        self.cx.note(why);
        false
    }

    /// What the end of the execution means.
    fn ended(&mut self, m: Machine, run: Run) -> bool {
        match m.end().cloned().map(|end| self.cx.ended(end)) {
            Some(Ended::Complete) => self.cx.stats.executions += 1,
            Some(Ended::Blocked) | None => self.cx.stats.blocked += 1,
            Some(Ended::Error(error)) => {
                self.cx.stats.executions += 1;
                let witness = self.witness(run.witness);
                return !self.cx.record_error(FoundError { error, witness, trace: m.trace().to_vec() });
            }
            Some(Ended::Unsupported(why) | Ended::Limit(why)) => {
                self.cx.note(why);
                return false;
            }
        }
        true
    }

    fn witness(&self, steps: Vec<WitnessStep>) -> Witness {
        Witness { steps, ..Witness::default() }
    }

    /// The enabled machine thread whose next graph step can run now (every read of it
    /// reads a write executed already), the earliest added first. Only the threads the
    /// graph would run are asked whether they are enabled: asking all of them each step
    /// costs more than the rest of the step.
    fn ready(&self, run: &Run, m: &mut Machine) -> Option<usize> {
        let g = self.graph();
        // The stamp of the event machine thread `vt` runs next, when it can run now.
        let next = |vt: usize| {
            let gt = *run.graph_of.get(vt)?;
            let evs = g.threads.get(gt)?;
            let done = run.done[gt] as usize;
            let first = evs.get(done)?;
            let step = run.steps[gt] + 1;
            let ready = evs[done..].iter().take_while(|e| e.step == step).all(|e| match e.rf() {
                Some(Source::Write(w)) => run.executed(w),
                _ => true,
            });
            ready.then_some(first.stamp)
        };
        // Candidates by stamp (each event has its own), the earliest enabled one.
        let mut after = 0;
        loop {
            let (stamp, vt) =
                (0..m.threads().len()).filter_map(|vt| Some((next(vt)?, vt))).filter(|&(s, _)| s > after).min()?;
            if m.can_step(vt) {
                return Some(vt);
            }
            after = stamp;
        }
    }

    /// For the next step of graph thread `t`: the value its scheduled access reads (as
    /// the graph says), and whether its store leaves memory as it is (a write later in
    /// coherence order ran already).
    fn direction(&self, run: &Run, t: u32) -> (Option<u64>, bool) {
        let g = self.graph();
        let Some(evs) = g.threads.get(t as usize) else { return (None, false) };
        let done = run.done[t as usize] as usize;
        let step = run.steps[t as usize];
        let Some(e) = evs.get(done).filter(|e| e.step == step && e.scheduled) else { return (None, false) };
        let later_ran =
            |loc: u64, after: Source| g.writes(loc)[g.co_rank(loc, after)..].iter().any(|&w| run.executed(w));
        let this = Pos { thread: t, index: done as u32 };
        match e.label {
            Label::Read { loc, rf, value, rmw, .. } => {
                let write = match evs.get(done + 1) {
                    Some(Event { label: Label::Write { rmw: true, .. }, .. }) => {
                        Some(Source::Write(Pos { index: this.index + 1, ..this }))
                    }
                    _ if rmw.writes(value) => Some(rf),
                    _ => None,
                };
                (Some(value), write.is_some_and(|after| later_ran(loc, after)))
            }
            Label::Write { loc, .. } => (None, later_ran(loc, Source::Write(this))),
            _ => (None, false),
        }
    }

    /// Takes what the last step did (or the start, `stepped` none) into the graph: each
    /// event the graph has is checked against it, each new one added.
    fn absorb(
        &mut self,
        m: &mut Machine,
        run: &mut Run,
        stepped: Option<(usize, Option<Builtin>)>,
    ) -> Result<(), Stop> {
        let log = m.take_log();
        let values = m.take_value_events();
        run.added.clear();
        // Every shared access must be one the graph sees with its values: a library
        // function's (memcpy, strlen, ...) is logged without them.
        let logged = log.iter().filter(|e| matches!(e, LogEntry::Event { loc: Loc::Mem(_), .. })).count();
        let valued = values.iter().filter(|v| matches!(v, ValueEvent::Access { .. })).count();
        if logged != valued || log.iter().any(|e| matches!(e, LogEntry::Plain { .. } | LogEntry::Touch { .. })) {
            self.unsupported("memory accesses of library functions (memcpy, strlen, ...)", SrcLoc::default());
            return Err(Stop::Search);
        }
        let mutex_call = stepped.and_then(|(vt, call)| call.filter(|b| mutex_op(*b).is_some()).map(|b| (vt, b)));
        for entry in &log {
            match entry {
                LogEntry::Event { loc: Loc::Sync(_), thread, .. }
                    if mutex_call.is_some_and(|(vt, _)| vt == *thread) => {}
                LogEntry::Event { loc: Loc::Sync(_) | Loc::Round(..) | Loc::Buffered(..), at, .. } => {
                    self.unsupported("pthread synchronisation objects (mutexes, condition variables, barriers)", *at);
                    return Err(Stop::Search);
                }
                LogEntry::Channel { .. } => {
                    self.unsupported("pipes and sockets", SrcLoc::default());
                    return Err(Stop::Search);
                }
                _ => {}
            }
        }
        if let Some((vt, _)) = stepped {
            let gt = run.graph_of[vt] as u32;
            let step = run.steps[gt as usize];
            let at = SrcLoc::default();
            for entry in &log {
                match *entry {
                    LogEntry::Event { thread, loc: Loc::Sync(addr), at, .. } if thread == vt => {
                        let Some((_, call)) = mutex_call else { continue };
                        self.take_mutex_op(run, (gt, step, at), addr, call)?;
                    }
                    LogEntry::Event { thread, loc: Loc::ThreadEnd(child), kind: AccessKind::Read, at, .. }
                        if thread == vt =>
                    {
                        let child = run.graph_of[child] as u32;
                        self.take(run, gt, plain(Label::Join(child), step, at))?;
                    }
                    LogEntry::Spawn { child } => {
                        let g = self.graph();
                        let next = g.threads.get(gt as usize).and_then(|evs| evs.get(run.done[gt as usize] as usize));
                        let graph_child = match next.map(|e| &e.label) {
                            Some(Label::Spawn(c)) => *c,
                            _ => g.threads.len().max(run.vm_of.len()) as u32,
                        };
                        let pos = self.take(run, gt, plain(Label::Spawn(graph_child), step, at))?;
                        run.map(graph_child, child);
                        self.graph_mut().set_parent(graph_child, pos);
                    }
                    _ => {}
                }
            }
        }
        for v in values {
            match v {
                ValueEvent::Fence { thread, order } => {
                    let gt = run.graph_of[thread] as u32;
                    let step = run.steps[gt as usize];
                    self.take(run, gt, Event { order, ..plain(Label::Fence, step, SrcLoc::default()) })?;
                }
                ValueEvent::Access { thread, addr, len, order, role, read, written, before, expected, at } => {
                    if role == AccessRole::InAtomicSection {
                        self.unsupported("atomic sections (__VERIFIER_atomic_*)", at);
                        return Err(Stop::Search);
                    }
                    let scheduled = role == AccessRole::Scheduled;
                    let gt = run.graph_of[thread] as u32;
                    let step = run.steps[gt as usize];
                    if let Some(why) = self.check_location(addr, len, read.unwrap_or(before)) {
                        self.unsupported(why, at);
                        return Err(Stop::Search);
                    }
                    let access = |label| Event { order, scheduled, ..plain(label, step, at) };
                    if let Some(value) = read {
                        let rmw = match (written, expected) {
                            (_, Some(e)) => Rmw::Cas(e),
                            (Some(_), None) => Rmw::Update,
                            (None, None) => Rmw::No,
                        };
                        let label = Label::Read { loc: addr, len, rf: Source::Init, value, rmw };
                        self.take(run, gt, access(label))?;
                    }
                    if let Some(value) = written {
                        let label = Label::Write { loc: addr, len, value, rmw: read.is_some() };
                        self.take(run, gt, Event { scheduled: scheduled && read.is_none(), ..access(label) })?;
                    }
                }
            }
        }
        for entry in &log {
            if let LogEntry::Free { thread, addr, len, event: true, at } = *entry {
                let gt = run.graph_of[thread] as u32;
                let step = run.steps[gt as usize];
                self.take(run, gt, plain(Label::Free { addr, len }, step, at))?;
            }
        }
        for vt in 0..m.threads().len() {
            let gt = run.graph_of.get(vt).copied().unwrap_or(usize::MAX);
            if gt != usize::MAX && m.threads()[vt].finished && !run.ended[gt] {
                run.ended[gt] = true;
                let step = run.steps[gt];
                self.take(run, gt as u32, plain(Label::End, step, SrcLoc::default()))?;
            }
        }
        self.check_races(m, run)
    }

    /// The events of a mutex operation of thread `t` on the mutex at `addr`: a lock reads
    /// the mutex free (an unlock, its initialisation or initial state) and writes it held,
    /// a compare-and-swap that acquires and releases; an unlock, an initialisation or a
    /// destruction writes it free.
    fn take_mutex_op(
        &mut self,
        run: &mut Run,
        (t, step, at): (u32, u32, SrcLoc),
        addr: u64,
        call: Builtin,
    ) -> Result<(), Stop> {
        let loc = addr | MUTEX;
        if self.check_location(loc, 8, FREE).is_some() {
            self.unsupported("a mutex at this address", at);
            return Err(Stop::Search);
        }
        let event = |label, order| Event { order, scheduled: true, ..plain(label, step, at) };
        match mutex_op(call) {
            Some(MutexOp::Lock) => {
                let read = Label::Read { loc, len: 8, rf: Source::Init, value: FREE, rmw: Rmw::Cas(FREE) };
                self.take(run, t, event(read, Ordering::Acquire))?;
                let write = Label::Write { loc, len: 8, value: HELD, rmw: true };
                self.take(run, t, Event { scheduled: false, ..event(write, Ordering::Acquire) })?;
            }
            Some(MutexOp::Release) => {
                let write = Label::Write { loc, len: 8, value: FREE, rmw: false };
                self.take(run, t, event(write, Ordering::Release))?;
            }
            None => {}
        }
        Ok(())
    }

    /// Checks `event` against the graph's next event of thread `t`, or adds it when the
    /// graph has none.
    fn take(&mut self, run: &mut Run, t: u32, event: Event) -> Result<Pos, Stop> {
        let done = run.done[t as usize];
        let g = self.graph();
        let pos = Pos { thread: t, index: done };
        if let Some(known) = g.threads.get(t as usize).and_then(|evs| evs.get(done as usize)) {
            if !same(known, &event) {
                let why = format!("thread {t}'s event {done} was {:?}, now {:?}", known.label, event.label);
                self.cx.note(Unknown::Internal(format!("the graph engine lost its execution: {why}")));
                return Err(Stop::Search);
            }
            run.done[t as usize] += 1;
            return Ok(pos);
        }
        let (pos, goes_on) = match event.label {
            Label::Read { loc, value, .. } => {
                let pos = self.add_read(t, event);
                let expected = self.graph().value_of(loc, self.graph().co_max(loc));
                if expected != value {
                    let why = format!("a read of {loc:#x} got {value}, the latest write wrote {expected}");
                    self.cx.note(Unknown::Internal(format!("the graph engine lost its execution: {why}")));
                    return Err(Stop::Search);
                }
                (pos, true)
            }
            Label::Write { .. } => self.add_write(t, event),
            _ => (self.graph_mut().push(t, event), true),
        };
        run.done[t as usize] += 1;
        run.added.push(pos);
        if goes_on {
            Ok(pos)
        } else {
            Err(Stop::Dropped)
        }
    }

    /// Records the initial value of a location first met; why the graph engine cannot
    /// follow an access to it (one overlapping another location), if so.
    fn check_location(&mut self, addr: u64, len: u64, initial: u64) -> Option<&'static str> {
        let g = self.graph_mut();
        if len > 8 {
            return Some("an access of more than 8 bytes to shared memory");
        }
        match g.init.get(&addr) {
            Some(&(l, _)) if l == len => return None,
            Some(_) => return Some("accesses of different sizes to one location"),
            None => {}
        }
        let overlaps = (addr.saturating_sub(7)..addr + len)
            .any(|a| a != addr && g.init.get(&a).is_some_and(|&(l, _)| a + l > addr));
        if overlaps {
            return Some("accesses to overlapping locations");
        }
        g.init.insert(addr, (len, initial));
        None
    }

    /// Reports a data race between an event added by the last step and another one:
    /// conflicting accesses of different threads, one of them not atomic, unordered by
    /// the model's happens-before.
    fn check_races(&mut self, m: &mut Machine, run: &Run) -> Result<(), Stop> {
        if !self.cx.opts.detect_races || run.added.is_empty() {
            return Ok(());
        }
        let g = self.graph();
        let range = |e: &Event| match e.label {
            Label::Read { loc, len, .. } | Label::Write { loc, len, .. } => Some((loc, len, e.is_write())),
            Label::Free { addr, len } => Some((addr, len, true)),
            _ => None,
        };
        if !run.added.iter().any(|&p| range(g.event(p)).is_some()) {
            return Ok(());
        }
        let Some(hb) = self.consistency().happens_before(g) else { return Ok(()) };
        let mut found = None;
        'search: for &p in &run.added {
            let e = g.event(p);
            let Some((a, alen, awrite)) = range(e) else { continue };
            for (q, other) in g.events() {
                if q.thread == p.thread {
                    continue;
                }
                let Some((b, blen, bwrite)) = range(other) else { continue };
                let plain_one = e.order == Ordering::NotAtomic || other.order == Ordering::NotAtomic;
                if !(awrite || bwrite) || !plain_one || a >= b + blen || b >= a + alen {
                    continue;
                }
                if hb.has(p, q) || hb.has(q, p) {
                    continue;
                }
                let how = |e: &Event| match e.label {
                    Label::Free { .. } => How::Free,
                    Label::Write { .. } => How::Write,
                    _ => How::Read,
                };
                let vm = |t: u32| run.vm_of[t as usize].unwrap_or(0);
                found = Some(Race {
                    addr: a.max(b),
                    first: (vm(q.thread), other.at, how(other)),
                    second: (vm(p.thread), e.at, how(e)),
                    first_step: 0,
                });
                break 'search;
            }
        }
        let Some(race) = found else { return Ok(()) };
        let error = race_error(m, &race);
        let witness = self.witness(run.witness.clone());
        self.cx.stats.executions += 1;
        let stop = self.cx.record_error(FoundError { error, witness, trace: m.trace().to_vec() });
        Err(if stop { Stop::Search } else { Stop::Dropped })
    }
}

/// The most events an execution graph may have (`--max-depth` lowers it).
const MAX_EVENTS: usize = 300;

/// Where the graph keeps a mutex's state: its address with a bit no memory address has.
pub(super) const MUTEX: u64 = 1 << 63;
/// A mutex's values: free (as initialised) and held.
pub(super) const FREE: u64 = 0;
const HELD: u64 = 1;

/// What a mutex operation does to the mutex, as the graph models it.
enum MutexOp {
    Lock,
    /// Unlock, initialisation, destruction: the mutex is free after it.
    Release,
}

/// The mutex operations the graph engine models (trylocks, timed locks, condition
/// variables and the other objects answer unknown).
fn mutex_op(b: Builtin) -> Option<MutexOp> {
    match b {
        Builtin::MutexLock => Some(MutexOp::Lock),
        Builtin::MutexUnlock | Builtin::MutexInit | Builtin::MutexDestroy => Some(MutexOp::Release),
        _ => None,
    }
}

/// A non-access event of step `step`.
fn plain(label: Label, step: u32, at: SrcLoc) -> Event {
    Event {
        label,
        order: Ordering::NotAtomic,
        stamp: 0,
        step,
        scheduled: false,
        added_max: true,
        revisitable: true,
        at,
    }
}

/// Whether an event the program made again is the graph's (what it read is the graph's
/// to say, and was directed).
fn same(known: &Event, new: &Event) -> bool {
    let same_label = match (&known.label, &new.label) {
        (Label::Read { loc: a, value: v, .. }, Label::Read { loc: b, value: w, .. }) => a == b && v == w,
        (x, y) => x == y,
    };
    same_label && known.step == new.step
}
