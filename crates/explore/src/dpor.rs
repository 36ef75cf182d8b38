//! Stateless exploration of all thread schedules with dynamic partial-order reduction.
//!
//! The explorer drives the vm step by step (a *transition* = one visible operation plus
//! the thread's local code after it). Two transitions of different threads are dependent
//! when their footprints conflict. After each transition, the latest earlier dependent
//! transition that could have been swapped with it (the thread was enabled there and it
//! is not already ordered before the thread) gets the thread added to its backtrack set
//! (Flanagan–Godefroid race reversal). Sleep sets stop every reordering of independent
//! transitions that was already covered, so each Mazurkiewicz class of executions is
//! completed exactly once; the partial executions sleep sets cut are counted separately.
//! Backtracking re-executes the program from the start along the recorded schedule.

use crate::clock::VClock;
use crate::footprint::Footprint;
use crate::race::RaceDetector;
use crate::{Engine, FoundError, Options, Stats, Witness, WitnessStep};
use ravel_ir::Program;
use ravel_vm::{AccessKind, Chooser, End, Loc, LogEntry, Machine, ProgramError, SharedSym, SymEngine};
use rustc_hash::FxHashMap;
use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Instant;

/// Choices handed to the machine: forced values first, then defaults; records what was
/// chosen and how many alternatives each choice had.
#[derive(Default)]
pub(crate) struct ScheduleChooser {
    pub forced: VecDeque<u64>,
    /// (value, number of alternatives)
    pub made: Vec<(u64, u64)>,
    /// Set when an input had more values than were tried (so "safe" is out of reach).
    pub partial: bool,
    /// Values tried per input (the first `domain` values of its type).
    pub domain: u64,
}

impl Chooser for ScheduleChooser {
    fn nondet(&mut self, bits: u32, _loc: ravel_ir::SrcLoc) -> u64 {
        let all = if bits >= 64 { u64::MAX } else { 1u64 << bits };
        if self.domain < all {
            self.partial = true;
        }
        let options = self.domain.min(all);
        let v = self.forced.pop_front().unwrap_or(0);
        self.made.push((v, options));
        v
    }

    fn choose(&mut self, n: usize) -> usize {
        let v = self.forced.pop_front().unwrap_or(0);
        self.made.push((v, n as u64));
        v as usize
    }
}

/// Threads per execution in the successive rounds of the exploration. A program that
/// creates threads without bound makes its first execution as deep as the cap allows, and a
/// depth-first search from there rarely returns to the shallow reorderings where bugs
/// usually are; so the first rounds cap the thread count low (a truncated execution is only
/// an under-approximation), and a round in which no execution reached its cap was complete.
pub(crate) const THREAD_CAPS: [usize; 3] = [4, 16, 1000];

/// Executions the scouting before the systematic search may take.
const SCOUT_RUNS: usize = 32;

/// How the first execution from each point of the search picks among the enabled threads.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Policy {
    /// The lowest thread id.
    Systematic,
    /// Scouting before the systematic search: main first, then the newest thread, and a
    /// step that ends the program last. Bugs that need every thread to run before one old
    /// thread looks (or before main exits) show in the very first execution this way,
    /// while the depth-first search reaches them only after the orders near its start.
    NewestFirst,
    /// Scouting: main first while it creates threads, then the others in turn (the next
    /// id after the thread that ran last), main and a step that ends the program last.
    /// Interleaving as finely as possible reaches the extreme values of shared counters
    /// that a search starting from whole threads in a row reaches last, and a thread that
    /// loops forever does not starve the others.
    TakeTurns,
}

/// Next choice vector in odometer order, or `None` when every combination was tried.
pub(crate) fn next_choices(made: &[(u64, u64)]) -> Option<Vec<u64>> {
    let k = made.iter().rposition(|(v, n)| *n > 0 && v + 1 < *n)?;
    let mut next: Vec<u64> = made[..k].iter().map(|(v, _)| *v).collect();
    next.push(made[k].0 + 1);
    Some(next)
}

/// The transition taken from a node on the current path.
#[derive(Clone, Debug)]
struct Taken {
    thread: usize,
    choices: Vec<(u64, u64)>,
    /// Union over the choice variants explored so far (for the sleep set).
    union: Footprint,
}

/// A state on the current path.
#[derive(Clone, Debug, Default)]
struct Node {
    enabled: Vec<usize>,
    backtrack: Vec<usize>,
    done: Vec<usize>,
    sleep: Vec<(usize, Footprint)>,
    taken: Option<Taken>,
}

/// The accesses of one location so far.
#[derive(Default)]
struct LocHistory {
    /// The last write and the reads after it: a new access's clock needs only theirs,
    /// since every earlier access happens before them.
    last_write: Option<usize>,
    reads_since: Vec<usize>,
    /// Every access, for race reversal: a lock handoff must be reversed at an earlier
    /// acquisition, where the other thread could still take the lock.
    all: Vec<(usize, AccessKind)>,
}

/// Per-transition happens-before data, rebuilt on every replay.
struct TransInfo {
    thread: usize,
    vc: VClock,
}

/// Where one execution of the current path stands.
struct Run {
    machine: Machine,
    infos: Vec<TransInfo>,
    /// Dependency history per location.
    history: FxHashMap<Loc, LocHistory>,
    /// Index of each thread's latest transition (for program order), and spawn points.
    last_of_thread: Vec<Option<usize>>,
    spawned_at: Vec<Option<usize>>,
    races: RaceDetector,
    counts: Vec<u32>,
    /// Spin signature of each thread when it was last stepped.
    last_sig: Vec<Option<u64>>,
}

/// What ended one execution.
enum Ending {
    Complete,
    Blocked,
    SleepBlocked,
    /// Cut short by a per-execution limit.
    Truncated(String),
    Error(ProgramError),
    Stop(String),
}

pub(crate) struct Explorer<'a> {
    program: Arc<Program>,
    opts: &'a Options,
    path: Vec<Node>,
    init_choices: Vec<(u64, u64)>,
    pub stats: Stats,
    pub errors: Vec<FoundError>,
    /// Why "safe" cannot be concluded, if something was not covered.
    pub incomplete: Option<String>,
    started: Instant,
    last_progress_ms: u128,
    /// Expressions and solver shared by all executions (symbolic inputs only).
    pub sym: Option<SharedSym>,
    /// Distinct input vectors seen (with `collect_tests`).
    pub tests: crate::tests::TestSet,
    /// Threads an execution may create in this round, and whether one reached that.
    thread_cap: usize,
    capped: bool,
    /// Executions of earlier rounds (they count against `--max-executions`).
    spent: u64,
    policy: Policy,
}

impl<'a> Explorer<'a> {
    pub fn new(program: Arc<Program>, opts: &'a Options) -> Self {
        Explorer {
            program,
            opts,
            path: Vec::new(),
            init_choices: Vec::new(),
            stats: Stats::default(),
            errors: Vec::new(),
            incomplete: None,
            started: Instant::now(),
            last_progress_ms: 0,
            sym: opts.symbolic.then(|| SymEngine::shared(opts.solver_timeout, opts.max_sym_branches)),
            tests: Default::default(),
            thread_cap: THREAD_CAPS[0],
            capped: false,
            spent: 0,
            policy: Policy::Systematic,
        }
    }

    fn new_run(&mut self, init: &[u64]) -> (Run, Vec<(u64, u64)>) {
        let (machine, chooser) = crate::start_execution(&self.program, self.opts, self.started, self.sym.clone(), init);
        let run = Run {
            machine,
            infos: Vec::new(),
            history: FxHashMap::default(),
            last_of_thread: vec![None],
            spawned_at: vec![None],
            races: RaceDetector::default(),
            counts: vec![0],
            last_sig: vec![None],
        };
        if chooser.partial {
            self.note_partial_inputs();
        }
        if let Some(why) = &run.machine.imprecise {
            self.incomplete.get_or_insert_with(|| why.clone());
        }
        (run, chooser.made)
    }

    fn note_partial_inputs(&mut self) {
        self.incomplete.get_or_insert_with(|| crate::partial_inputs_note(self.opts));
    }

    /// Explores everything; stops at the first error unless `all_errors`.
    pub fn explore(&mut self) {
        if !self.scout() {
            self.search();
        }
    }

    /// The systematic search, in rounds of growing thread caps.
    pub(crate) fn search(&mut self) {
        for cap in THREAD_CAPS {
            self.thread_cap = cap;
            self.capped = false;
            self.spent += self.stats.executions + self.stats.blocked;
            self.stats = Stats::default();
            self.incomplete = None;
            self.tests = Default::default();
            self.explore_round();
            let last = cap == THREAD_CAPS[THREAD_CAPS.len() - 1];
            if let Some(limit) = self.limit_reached().filter(|_| self.capped && !last) {
                self.incomplete = Some(format!("{limit}, in the round that caps executions at {cap} threads"));
            }
            if last || !self.errors.is_empty() || !self.capped || self.limit_reached().is_some() {
                return;
            }
        }
    }

    /// Runs a few executions under each scouting policy, one per variant of the inputs'
    /// choices (the deepest choice first), up to [`SCOUT_RUNS`] each; true when the exploration
    /// must stop (an error was found, or a limit reached). Otherwise the scouting's counts
    /// are forgotten, so the systematic search reports exactly its own.
    pub(crate) fn scout(&mut self) -> bool {
        self.thread_cap = THREAD_CAPS[THREAD_CAPS.len() - 1];
        let mut stop = false;
        for policy in [Policy::NewestFirst, Policy::TakeTurns] {
            self.policy = policy;
            stop = self.scout_runs();
            if stop {
                break;
            }
        }
        self.policy = Policy::Systematic;
        if stop && (!self.errors.is_empty() || self.limit_reached().is_some()) {
            return true;
        }
        self.stats = Stats::default();
        self.incomplete = None;
        self.tests = Default::default();
        false
    }

    fn scout_runs(&mut self) -> bool {
        let mut init: Vec<u64> = Vec::new();
        let mut runs = 0;
        loop {
            let (mut run, made) = self.new_run(&init);
            self.init_choices = made;
            self.path = vec![Node::default()];
            let mut stop = self.forward(&mut run);
            runs += 1;
            while !stop && runs < SCOUT_RUNS {
                let Some((depth, thread, forced)) = self.choice_variant() else { break };
                let Ok(mut run) = self.replay(depth) else { return false };
                self.step(&mut run, depth, thread, &forced, false);
                stop = self.forward(&mut run);
                runs += 1;
            }
            if stop || runs >= SCOUT_RUNS {
                return stop;
            }
            match next_choices(&self.init_choices) {
                Some(next) => init = next,
                None => return false,
            }
        }
    }

    /// The deepest transition on the path with another variant of its choices, trimming
    /// the path to it.
    fn choice_variant(&mut self) -> Option<(usize, usize, Vec<u64>)> {
        while let Some(node) = self.path.last() {
            if let Some(taken) = &node.taken {
                if let Some(next) = next_choices(&taken.choices) {
                    return Some((self.path.len() - 1, taken.thread, next));
                }
            }
            self.path.pop();
        }
        None
    }

    /// One complete exploration with the current thread cap.
    fn explore_round(&mut self) {
        let mut init: Vec<u64> = Vec::new();
        loop {
            let (mut run, made) = self.new_run(&init);
            self.init_choices = made.clone();
            self.path = vec![Node::default()];
            let mut stop = self.forward(&mut run);
            while !stop {
                let Some((depth, thread, forced)) = self.backtrack_point() else { break };
                let mut run = match self.replay(depth) {
                    Ok(run) => run,
                    Err(why) => {
                        self.incomplete.get_or_insert(why);
                        return;
                    }
                };
                self.step(&mut run, depth, thread, &forced, true);
                stop = self.forward(&mut run);
            }
            if stop {
                return;
            }
            match next_choices(&self.init_choices) {
                Some(next) => init = next,
                None => return,
            }
        }
    }

    /// Re-executes the path up to (not including) the transition at `depth`.
    /// `Err` when the execution does not follow the recorded path (which would be a bug:
    /// executions are deterministic given their schedule and choices).
    fn replay(&mut self, depth: usize) -> Result<Run, String> {
        let init: Vec<u64> = self.init_choices.iter().map(|(v, _)| *v).collect();
        let (mut run, _) = self.new_run(&init);
        for i in 0..depth {
            if i % 256 == 255 {
                if let Some(why) = self.limit_reached() {
                    return Err(why);
                }
            }
            let taken = self.path[i].taken.clone().expect("path nodes have transitions");
            let t = taken.thread;
            let m = &run.machine;
            if let Some(End::Limit(why)) = &m.end {
                return Err(why.clone());
            }
            if m.end.is_some() || t >= m.threads.len() || m.threads[t].finished {
                return Err(format!("internal error: re-execution diverged at step {i} (thread {t} cannot run)"));
            }
            let forced: Vec<u64> = taken.choices.iter().map(|(v, _)| *v).collect();
            let (_, made) = self.execute(&mut run, t, &forced, false);
            if let Some(End::Limit(why)) = &run.machine.end {
                return Err(why.clone());
            }
            if made != taken.choices {
                return Err(format!("internal error: re-execution diverged at step {i} (different choices)"));
            }
        }
        Ok(run)
    }

    /// Finds the deepest node with an unexplored alternative, trimming the path to it.
    fn backtrack_point(&mut self) -> Option<(usize, usize, Vec<u64>)> {
        while !self.path.is_empty() {
            let depth = self.path.len() - 1;
            let node = &mut self.path[depth];
            if let Some(taken) = node.taken.clone() {
                if let Some(next) = next_choices(&taken.choices) {
                    return Some((depth, taken.thread, next));
                }
                node.sleep.push((taken.thread, taken.union.clone()));
                node.done.push(taken.thread);
                node.taken = None;
            }
            let next = node
                .backtrack
                .iter()
                .copied()
                .find(|t| !node.done.contains(t) && !node.sleep.iter().any(|(s, _)| s == t));
            if let Some(t) = next {
                return Some((depth, t, Vec::new()));
            }
            self.path.pop();
        }
        None
    }

    /// Runs the current execution to its end from the last node of the path. Returns true
    /// when the whole exploration must stop.
    fn forward(&mut self, run: &mut Run) -> bool {
        let ending = loop {
            if let Some(end) = &run.machine.end {
                break match end.clone() {
                    End::Exit(_) => Ending::Complete,
                    End::Abort(_) | End::AssumeFailed(_) => Ending::Blocked,
                    End::Error(e) => Ending::Error(e),
                    End::Unsupported { what, loc, .. } => {
                        let file = self.program.files.get(loc.file as usize).cloned().unwrap_or_default();
                        Ending::Stop(format!("unsupported: {what} at {file}:{}", loc.line))
                    }
                    // The time limit ends everything; an instruction limit only this execution.
                    End::Limit(why) if self.limit_reached().is_some() || run.machine.sym_branch_limit_hit() => {
                        Ending::Stop(why)
                    }
                    End::Limit(why) => Ending::Truncated(why),
                };
            }
            if let Some(why) = self.limit_reached() {
                break Ending::Stop(why);
            }
            if let Some(why) = self.execution_too_long(run) {
                break Ending::Truncated(why);
            }
            let depth = self.path.len() - 1;
            let enabled = self.enabled_now(run);
            self.path[depth].enabled = enabled.clone();
            if enabled.is_empty() {
                let spinning = (0..run.machine.threads.len()).any(|t| Self::is_spinning(run, t));
                if spinning || run.machine.any_stuck() || !self.opts.deadlocks_are_errors {
                    break Ending::Blocked;
                }
                run.machine.report_deadlock();
                continue;
            }
            let node = &self.path[depth];
            let candidates: Vec<usize> =
                enabled.iter().copied().filter(|t| !node.sleep.iter().any(|(s, _)| s == t)).collect();
            let Some(t) = self.pick(&candidates, &run.machine) else { break Ending::SleepBlocked };
            let node = &mut self.path[depth];
            node.backtrack = if self.opts.engine == Engine::Naive { enabled.clone() } else { vec![t] };
            self.step(run, depth, t, &[], true);
        };
        self.finish_execution(run, ending)
    }

    /// The thread the current execution runs next, among `candidates` (ascending ids).
    fn pick(&self, candidates: &[usize], m: &Machine) -> Option<usize> {
        let first = *candidates.first()?;
        match self.policy {
            Policy::Systematic => Some(first),
            Policy::NewestFirst => {
                let rank = |t: usize| (!m.exits_next(t), t == 0, t);
                candidates.iter().copied().max_by_key(|&t| rank(t))
            }
            Policy::TakeTurns => {
                if candidates.contains(&0) && m.creates_thread_next(0) {
                    return Some(0);
                }
                let last = self.path.iter().rev().skip(1).find_map(|n| n.taken.as_ref().map(|k| k.thread));
                let after = |t: usize| t.wrapping_sub(last.unwrap_or(0) + 1);
                let rank = |t: usize| (m.exits_next(t), t == 0, after(t));
                candidates.iter().copied().min_by_key(|&t| rank(t))
            }
        }
    }

    fn progress(&mut self) {
        if self.opts.progress {
            let n = self.stats.executions + self.stats.blocked;
            crate::progress_line(n, self.started, &mut self.last_progress_ms);
        }
    }

    /// Limits of the whole exploration: reaching one stops it.
    fn limit_reached(&self) -> Option<String> {
        crate::exploration_limit(self.opts, self.started, self.spent + self.stats.executions + self.stats.blocked)
    }

    /// Limits of one execution: reaching one cuts that execution short (so "safe" is out
    /// of reach) but the exploration goes on and may still find errors elsewhere.
    fn execution_too_long(&mut self, run: &Run) -> Option<String> {
        let max_depth = self.opts.max_depth;
        if run.infos.len() >= max_depth {
            return Some(format!("an execution exceeded {max_depth} scheduling steps (--max-depth)"));
        }
        if run.machine.threads.len() > self.thread_cap {
            self.capped = true;
            return Some(format!("an execution created more than {} threads", self.thread_cap));
        }
        None
    }

    /// A thread spins when it is back at the same local state with no memory written
    /// since its last step: it cannot make progress until another thread writes.
    fn is_spinning(run: &Run, t: usize) -> bool {
        let m = &run.machine;
        if t >= m.threads.len() || m.threads[t].finished {
            return false;
        }
        run.last_sig.get(t).copied().flatten() == Some(m.spin_signature(t))
    }

    fn enabled_now(&self, run: &mut Run) -> Vec<usize> {
        let enabled = run.machine.enabled();
        enabled.into_iter().filter(|&t| !Self::is_spinning(run, t)).collect()
    }

    /// Executes a transition of `t` from the node at `depth` and appends the child node.
    fn step(&mut self, run: &mut Run, depth: usize, t: usize, forced: &[u64], analyse: bool) {
        let (footprint, made) = self.execute(run, t, forced, analyse);
        let node = &mut self.path[depth];
        let mut union = node.taken.as_ref().filter(|k| k.thread == t).map(|k| k.union.clone()).unwrap_or_default();
        union.extend(&footprint);
        let sleep: Vec<(usize, Footprint)> = if self.opts.engine == Engine::Naive {
            Vec::new()
        } else {
            node.sleep.iter().filter(|(q, fp)| *q != t && !fp.conflicts(&footprint)).cloned().collect()
        };
        node.taken = Some(Taken { thread: t, choices: made, union });
        self.path.truncate(depth + 1);
        self.path.push(Node { sleep, ..Default::default() });
    }

    /// Runs one transition of `t` on the machine and updates the execution's
    /// happens-before data; with `analyse`, races add backtrack points to the path.
    fn execute(&mut self, run: &mut Run, t: usize, forced: &[u64], analyse: bool) -> (Footprint, Vec<(u64, u64)>) {
        let sig = run.machine.spin_signature(t);
        if run.last_sig.len() <= t {
            run.last_sig.resize(t + 1, None);
        }
        run.last_sig[t] = Some(sig);
        let mut chooser = ScheduleChooser {
            forced: forced.iter().copied().collect(),
            domain: self.opts.input_domain,
            ..Default::default()
        };
        run.machine.step(t, &mut chooser);
        let log = run.machine.take_log();
        if run.machine.end.is_none() && self.opts.detect_races {
            if let Some(race) = run.races.transition(t, &log) {
                run.machine.end = Some(End::Error(crate::race::race_error(&mut run.machine, &race)));
            }
        }
        let mut footprint = Footprint::default();
        for entry in &log {
            match entry {
                LogEntry::Event { loc, kind, .. } => footprint.0.push((*loc, *kind)),
                LogEntry::Spawn { child } => {
                    if run.spawned_at.len() <= *child {
                        run.spawned_at.resize(child + 1, None);
                        run.last_of_thread.resize(child + 1, None);
                        run.counts.resize(child + 1, 0);
                    }
                    run.spawned_at[*child] = Some(run.infos.len());
                }
                LogEntry::Touch { loc, kind, event } => {
                    if *event {
                        footprint.0.push((*loc, *kind));
                    }
                    if self.opts.detect_races {
                        self.incomplete.get_or_insert_with(|| {
                            "an access at a symbolic address was checked for data races only at the address the \
                             inputs chose"
                                .into()
                        });
                    }
                }
                LogEntry::Plain { .. } => {}
            }
        }
        if chooser.partial {
            self.note_partial_inputs();
        }
        if let Some(why) = &run.machine.imprecise {
            self.incomplete.get_or_insert_with(|| why.clone());
        }
        let vc = self.happens_before(run, t, &footprint, analyse);
        let index = run.infos.len();
        run.infos.push(TransInfo { thread: t, vc });
        for (loc, kind) in &footprint.0 {
            let h = run.history.entry(*loc).or_default();
            h.all.push((index, *kind));
            if *kind == AccessKind::Read {
                h.reads_since.push(index);
            } else {
                h.last_write = Some(index);
                h.reads_since.clear();
            }
        }
        if run.last_of_thread.len() <= t {
            run.last_of_thread.resize(t + 1, None);
        }
        run.last_of_thread[t] = Some(index);
        self.stats.transitions += 1;
        (footprint, chooser.made)
    }

    /// Computes the clock of the new transition; with `analyse`, adds backtrack points for
    /// the latest reversible race of each accessed location.
    fn happens_before(&mut self, run: &mut Run, t: usize, fp: &Footprint, analyse: bool) -> VClock {
        let mut vc = match run.last_of_thread.get(t).copied().flatten() {
            Some(prev) => run.infos[prev].vc.clone(),
            None => match run.spawned_at.get(t).copied().flatten() {
                Some(s) => run.infos[s].vc.clone(),
                None => VClock::default(),
            },
        };
        let before = vc.clone();
        let mut direct: Vec<usize> = Vec::new();
        for (loc, kind) in &fp.0 {
            if let Some(h) = run.history.get(loc) {
                direct.extend(h.last_write);
                if *kind != AccessKind::Read {
                    direct.extend(&h.reads_since);
                }
            }
        }
        direct.sort_unstable();
        direct.dedup();
        for j in &direct {
            vc.join(&run.infos[*j].vc);
        }
        run.counts[t] += 1;
        vc.set(t, run.counts[t]);
        if analyse && self.opts.engine == Engine::Dpor {
            let mut dependent: Vec<usize> = Vec::new();
            for (loc, kind) in &fp.0 {
                if let Some(h) = run.history.get(loc) {
                    let conflicting = h.all.iter().filter(|(_, k)| *kind != AccessKind::Read || *k != AccessKind::Read);
                    dependent.extend(conflicting.map(|(j, _)| *j));
                }
            }
            dependent.sort_unstable();
            dependent.dedup();
            self.add_backtracks(run, t, &before, &vc, &dependent);
        }
        vc
    }

    /// Race reversal (source sets): for every earlier transition `j` of another thread
    /// that conflicts with the new transition `e` of `t` and is not already ordered
    /// before `t`, some *initial* of `v` = (the transitions after `j` not ordered after
    /// it, then `e`) must be explored from the state before `j`.
    fn add_backtracks(&mut self, run: &Run, t: usize, before: &VClock, e_vc: &VClock, dependent: &[usize]) {
        let i = run.infos.len();
        for &j in dependent {
            let (tj, nj) = (run.infos[j].thread, run.infos[j].vc.get(run.infos[j].thread));
            if tj == t || before.covers(tj, nj) {
                continue;
            }
            let v: Vec<usize> = (j + 1..i).filter(|&k| !run.infos[k].vc.covers(tj, nj)).collect();
            let vc_of = |k: usize| if k == i { e_vc } else { &run.infos[k].vc };
            let thread_of = |k: usize| if k == i { t } else { run.infos[k].thread };
            let mut initials: Vec<usize> = Vec::new();
            let mut seen: Vec<usize> = Vec::new();
            for &k in v.iter().chain(std::iter::once(&i)) {
                let p = thread_of(k);
                if seen.contains(&p) {
                    continue;
                }
                seen.push(p);
                let independent_start = v.iter().take_while(|&&x| x < k).all(|&x| {
                    let q = thread_of(x);
                    q == p || !vc_of(k).covers(q, vc_of(x).get(q))
                });
                if independent_start {
                    initials.push(p);
                }
            }
            let node = &mut self.path[j];
            if initials.iter().any(|p| node.backtrack.contains(p)) {
                continue;
            }
            let pick = if initials.contains(&t) && node.enabled.contains(&t) {
                Some(t)
            } else {
                initials.iter().copied().find(|p| node.enabled.contains(p))
            };
            match pick {
                Some(p) => node.backtrack.push(p),
                None => {
                    for q in node.enabled.clone() {
                        if !node.backtrack.contains(&q) {
                            node.backtrack.push(q);
                        }
                    }
                }
            }
        }
    }

    /// Accounts for an ended execution; returns true when exploration must stop.
    fn finish_execution(&mut self, run: &mut Run, ending: Ending) -> bool {
        self.progress();
        if self.opts.collect_tests && matches!(ending, Ending::Complete | Ending::Error(_)) {
            self.tests.add(input_values(&run.machine));
        }
        if matches!(ending, Ending::Complete | Ending::Blocked | Ending::Truncated(_)) {
            self.reverse_termination();
        }
        match ending {
            Ending::Complete => self.stats.executions += 1,
            Ending::Blocked => self.stats.blocked += 1,
            Ending::SleepBlocked => self.stats.sleep_blocked += 1,
            Ending::Truncated(why) => {
                self.stats.blocked += 1;
                self.incomplete.get_or_insert(why);
            }
            Ending::Stop(why) => {
                self.incomplete.get_or_insert(why);
                return true;
            }
            Ending::Error(error) => {
                self.stats.executions += 1;
                let mut witness = self.witness();
                witness.inputs = input_values(&run.machine);
                let found = FoundError { error, witness, trace: run.machine.trace.clone() };
                return crate::record_error(&mut self.errors, self.opts, found);
            }
        }
        false
    }

    /// A transition that ends the whole program (exit, abort, a failed assumption) stops
    /// every other thread, so it conflicts with whatever they would do next: the threads
    /// still enabled before it must also be explored first.
    fn reverse_termination(&mut self) {
        let Some(depth) = self.path.len().checked_sub(2) else { return };
        let node = &mut self.path[depth];
        let Some(last) = node.taken.as_ref().map(|k| k.thread) else { return };
        for q in node.enabled.clone() {
            if q != last && !node.backtrack.contains(&q) {
                node.backtrack.push(q);
            }
        }
    }

    /// The schedule of the current path.
    fn witness(&self) -> Witness {
        Witness {
            symbolic: self.sym.is_some(),
            init_choices: self.init_choices.iter().map(|(v, _)| *v).collect(),
            steps: self
                .path
                .iter()
                .filter_map(|n| n.taken.as_ref())
                .map(|k| WitnessStep { thread: k.thread, choices: k.choices.iter().map(|(v, _)| *v).collect() })
                .collect(),
            ..Witness::default()
        }
    }
}

/// The symbolic inputs of an execution with their values.
pub(crate) fn input_values(m: &Machine) -> Vec<crate::InputValue> {
    m.input_values().into_iter().map(|(i, value)| crate::InputValue { line: i.loc.line, bits: i.bits, value }).collect()
}

#[cfg(test)]
mod tests {
    use super::next_choices;

    #[test]
    fn odometer_enumerates_bounded_choices() {
        assert_eq!(next_choices(&[(0, 2), (0, 2)]), Some(vec![0, 1]));
        assert_eq!(next_choices(&[(0, 2), (1, 2)]), Some(vec![1]));
        assert_eq!(next_choices(&[(1, 2), (1, 2)]), None);
        assert_eq!(next_choices(&[(0, 1)]), None);
    }
}
