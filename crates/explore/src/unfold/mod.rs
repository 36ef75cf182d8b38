//! The `unfold` engine: unfolding-based partial-order reduction with cutoff events.
//!
//! It explores the maximal configurations of the program's unfolding (see [`structure`])
//! with the tree of calls ⟨C, D, A⟩ of quasi-optimal POR: extend `C` by an enabled event
//! not in the sleep set `D` (taken from the alternative `A` when there is one); after that
//! subtree, put the event in `D` and look for an *alternative*, a set of events that
//! conflicts with it and can extend `C` (1-partial alternatives: conflict with the event
//! just explored). The events alternatives need are found as *conflicting extensions*,
//! by re-running a thread from earlier tokens of the places its next event touches.
//!
//! An event is a *cutoff* when another event reaches a state with the same fingerprint
//! through a smaller local configuration: the state was already covered, so the cutoff is
//! never extended. This makes the exploration finite for programs whose threads loop
//! forever over finitely many states, where stateless DPOR can only stop at a bound.
//!
//! Interpreter states are rebuilt by re-execution from *standby states*: snapshots kept
//! every `standby_interval` events along the current branch.

mod alt;
mod cex;
mod config;
mod order;
mod structure;

use crate::engine::{Context, Ended, Engine};
use crate::exec::{execute, fingerprint, PlainAccess, Races, Snapshot};
use crate::exec::{input_values, next_choices, THREAD_CAPS};
use crate::{Capability, DepthUnit, FoundError, Options, Outcome, Unknown, Witness};
use config::Configuration;
use ravel_ir::Program;
use ravel_vm::End;
use rustc_hash::FxHashSet;
use std::sync::Arc;
use structure::{Cond, Draft, Ending, EvId, Place, Unfolding};

/// One call ⟨C, D, A⟩ of the exploration; `C` is the configuration of the events chosen
/// by the nodes below this one.
#[derive(Default)]
struct Node {
    visited: bool,
    /// Events enabled after `C` (computed at the first visit).
    en: Vec<EvId>,
    /// Sleep set: events whose extensions were explored already.
    d: Vec<EvId>,
    /// Alternative still to follow.
    a: Vec<EvId>,
    chosen: Option<EvId>,
    /// Standby state of `C`, kept every `standby_interval` levels.
    snapshot: Option<Snapshot>,
}

/// Where the tokens an event consumes come from.
enum Tokens<'s> {
    /// The current configuration.
    Current,
    /// A causally closed set of events (sorted).
    Of(&'s [EvId]),
}

pub(crate) struct Explorer<'a> {
    cx: Context<'a>,
    u: Unfolding,
    config: Configuration,
    nodes: Vec<Node>,
    /// The state of the configuration of the node at this depth, if at hand.
    current: Option<(usize, Snapshot)>,
    /// Conflicting-extension candidates already executed: (thread, tokens).
    tried: FxHashSet<(u32, Vec<Cond>)>,
    /// Hierarchical id of each thread, to check that thread numbers mean the same thread
    /// in every execution.
    paths: Vec<Option<Vec<u32>>>,
    stop: bool,
    /// Choices made before main's first visible operation in the current unfolding.
    init_choices: Vec<u64>,
    /// Threads an execution may create in this round, and whether an event reached that.
    thread_cap: usize,
    capped: bool,
    /// Non-atomic accesses of the events enabled at the node being visited.
    en_accesses: Vec<(EvId, Vec<PlainAccess>)>,
}

impl<'a> Engine<'a> for Explorer<'a> {
    const NAME: &'static str = "unfold";
    const ABOUT: &'static str = "Unfolding-based POR with cutoff events (finishes on finite-state infinite loops)";
    /// Its events are whole steps of threads (no store buffers) explored in no schedule
    /// order (no verified prefixes, test inputs or preemption counts).
    const LACKS: &'static [Capability] = &[
        Capability::StoreBuffers,
        Capability::CollectTests,
        Capability::PreemptionBound,
        Capability::Sinks,
        Capability::AxiomaticModel,
    ];

    fn new(program: Arc<Program>, opts: &'a Options) -> Self {
        Explorer::new(program, opts)
    }

    fn run(mut self) -> Outcome {
        self.explore();
        self.cx.into_outcome(Vec::new())
    }
}

impl<'a> Explorer<'a> {
    pub fn new(program: Arc<Program>, opts: &'a Options) -> Self {
        let mut cx = Context::new(program, opts);
        cx.defer_reinit();
        // An event's enabling follows from its causes alone: a termination that waits for
        // every other thread to stop would depend on what they have not done.
        cx.vm.defer_exit = false;
        Explorer {
            cx,
            u: Unfolding::new(opts.unfold.cutoffs),
            config: Configuration::default(),
            nodes: Vec::new(),
            current: None,
            tried: FxHashSet::default(),
            paths: vec![Some(Vec::new())],
            stop: false,
            init_choices: Vec::new(),
            thread_cap: THREAD_CAPS[0],
            capped: false,
            en_accesses: Vec::new(),
        }
    }

    /// The state at main's first visible operation, with the given choices made on the way
    /// there (decisions on inputs in main's first code), and the choices made.
    fn initial(&mut self, forced: &[u64]) -> (Snapshot, Vec<(u64, u64)>) {
        let (machine, made) = self.cx.start(forced);
        let mut root = Snapshot { machine, races: Default::default(), steps: Vec::new() };
        self.report_deferred(&mut root);
        (root, made)
    }

    /// Explores every maximal configuration (up to cutoffs); stops at the first error
    /// unless `all_errors`. Like the dpor engine, it first caps the threads an execution
    /// may create (see `THREAD_CAPS`), so unbounded thread creation does not hide shallow
    /// bugs; a round in which no event reached the cap was complete.
    pub fn explore(&mut self) {
        let caps = THREAD_CAPS;
        for cap in caps {
            self.thread_cap = cap;
            self.capped = false;
            self.cx.new_round();
            self.explore_round();
            let last = cap == caps[caps.len() - 1];
            if let Some(limit) = self.cx.limit_reached().filter(|_| self.capped && !last) {
                self.cx.incomplete = Some(Unknown::InRound { limit: Box::new(limit), cap });
            }
            if last && self.capped {
                self.cx.note(Unknown::Threads(cap));
            }
            if last || self.stop || !self.capped || self.cx.limit_reached().is_some() {
                return;
            }
        }
    }

    /// One exploration with the current thread cap: one unfolding per combination of the
    /// choices made before main's first visible operation.
    fn explore_round(&mut self) {
        let mut init: Vec<u64> = Vec::new();
        loop {
            let (root, made) = self.initial(&init);
            self.init_choices = made.iter().map(|(v, _)| *v).collect();
            self.u = Unfolding::new(self.cx.opts.unfold.cutoffs);
            self.config = Configuration::default();
            self.nodes.clear();
            self.tried.clear();
            self.current = None;
            self.explore_from(root);
            if self.stop || self.cx.limit_reached().is_some() {
                return;
            }
            match next_choices(&made) {
                Some(next) => init = next,
                None => return,
            }
        }
    }

    /// Explores the unfolding that starts at `root`.
    fn explore_from(&mut self, root: Snapshot) {
        self.u.initial_fp = if self.cx.opts.unfold.cutoffs { fingerprint::fingerprint(&root.machine) } else { 0 };
        if let Some(end) = root.machine.end().cloned() {
            self.finish_before_main(&root, end);
            return;
        }
        self.nodes.push(Node { snapshot: Some(root.clone()), ..Default::default() });
        self.current = Some((0, root));
        while let Some(depth) = self.nodes.len().checked_sub(1) {
            if self.stop {
                return;
            }
            if let Some(why) = self.cx.limit_reached() {
                self.cx.note(why);
                return;
            }
            let next = if !self.nodes[depth].visited {
                self.nodes[depth].visited = true;
                self.visit(depth);
                if self.stop {
                    return;
                }
                let pick = self.pick(depth);
                if pick.is_none() {
                    self.leaf(depth);
                }
                pick
            } else {
                let node = &mut self.nodes[depth];
                let e = node.chosen.take().expect("a revisited node explored an event");
                node.d.push(e);
                match self.alternative(depth) {
                    Some(j) => {
                        self.nodes[depth].a = j;
                        let pick = self.pick(depth);
                        if pick.is_none() {
                            self.cx
                                .note(Unknown::Internal("an alternative could not be followed (unfold engine)".into()));
                        }
                        pick
                    }
                    None => None,
                }
            };
            match next {
                Some(e) => self.descend(depth, e),
                None => {
                    self.nodes.pop();
                    if !self.nodes.is_empty() {
                        self.config.pop(&self.u);
                    }
                    self.current = None;
                }
            }
        }
    }

    /// The program ended while setting up (in a global constructor or before main's first
    /// visible operation).
    fn finish_before_main(&mut self, root: &Snapshot, end: End) {
        self.cx.stats.executions += 1;
        match self.cx.ended(end) {
            Ended::Error(_) => {
                self.cx.stats.work.error_executions += 1;
                self.report(root)
            }
            Ended::Limit(why) | Ended::Unsupported(why) => self.cx.note(why),
            Ended::Complete | Ended::Blocked => {}
        }
    }

    /// The state of the configuration of the node at `depth`, rebuilt from the nearest
    /// standby state when it is not at hand.
    fn state(&mut self, depth: usize) -> Option<Snapshot> {
        if let Some((d, s)) = self.current.take() {
            if d == depth {
                return Some(s);
            }
        }
        let base = (0..=depth).rev().find(|&i| self.nodes[i].snapshot.is_some()).unwrap_or(0);
        let mut s = self.nodes[base].snapshot.clone()?;
        let events: Vec<EvId> = self.config.events[base..depth].to_vec();
        for e in events {
            if !self.replay_event(&mut s, e) {
                return None;
            }
        }
        Some(s)
    }

    /// Keeps `s` as the standby state of the node at `depth` if that depth is one of the
    /// intervals.
    fn keep_standby(&mut self, depth: usize, s: &Snapshot) {
        if depth.is_multiple_of(self.cx.opts.unfold.standby_interval.max(1)) && self.nodes[depth].snapshot.is_none() {
            self.nodes[depth].snapshot = Some(s.clone());
        }
    }

    /// Re-executes event `e` on `s`; false (with a note) when the program did not do the
    /// same thing again, which would be an engine bug.
    fn replay_event(&mut self, s: &mut Snapshot, e: EvId) -> bool {
        let ev = &self.u.events[e as usize];
        let (t, choices) = (ev.thread, ev.choices.clone());
        if s.machine.end().is_some() || !s.machine.enabled().contains(&(t as usize)) {
            self.cx.note(Unknown::Internal(format!("re-execution diverged (thread {t} cannot run)")));
            return false;
        }
        let ex = execute(s, t, &choices, self.cx.opts.input_domain, Races::exploring(self.cx.opts));
        self.cx.stats.transitions += ex.step_choices.len() as u64;
        self.cx.stats.work.add(&ex.work);
        // Reported when the event was added.
        s.machine.take_deferred();
        let same = ex.made.iter().map(|(v, _)| *v).eq(choices.iter().copied());
        if !same {
            self.cx.note(Unknown::Internal("re-execution diverged (different choices)".into()));
        }
        same
    }

    /// First visit of a node: the enabled events, the conflicting extensions, and the
    /// standby state.
    fn visit(&mut self, depth: usize) {
        let Some(mut s) = self.state(depth) else {
            self.stop = true;
            return;
        };
        if self.config.events.len() < self.cx.opts.max_depth {
            self.en_accesses.clear();
            let mut en = Vec::new();
            for t in s.machine.enabled() {
                en.extend(self.add_events(&s, t as u32, Tokens::Current));
                if self.stop {
                    return;
                }
            }
            self.nodes[depth].en = en;
            self.races_between_enabled(&s);
            if self.stop {
                return;
            }
            self.conflicting_extensions(&mut s);
        }
        self.keep_standby(depth, &s);
        self.current = Some((depth, s));
        self.cx.stats.events = self.u.events.len() as u64;
        self.cx.stats.cutoffs = self.u.cutoff_count;
        self.cx.progress();
    }

    /// Runs thread `t`'s next event from `base`, with every combination of the choices
    /// made inside it; returns the events (created as needed).
    fn add_events(&mut self, base: &Snapshot, t: u32, tokens: Tokens) -> Vec<EvId> {
        let mut out = Vec::new();
        let mut forced: Vec<u64> = Vec::new();
        loop {
            let mut s = base.clone();
            let opts = self.cx.opts;
            let ex = execute(&mut s, t, &forced, opts.input_domain, Races::exploring(self.cx.opts));
            let delta = if opts.unfold.cutoffs { fingerprint::delta(&base.machine, &s.machine) } else { 0 };
            self.cx.stats.transitions += ex.step_choices.len() as u64;
            self.cx.stats.work.add(&ex.work);
            self.cx.note_step(ex.partial, &s.machine);
            self.report_deferred(&mut s);
            for race in &ex.races {
                self.record_at(&s, race.error.clone(), race.steps, race.index);
            }
            self.check_thread_ids(&s, &ex.spawned);
            let own = self.token(&tokens, Place::Thread(t));
            let conds = std::iter::once(own).chain(ex.places.iter().map(|&p| self.token(&tokens, p))).collect();
            let mut ending = s.machine.end().cloned().map(|end| match self.cx.ended(end) {
                Ended::Complete => Ending::Exit,
                Ended::Blocked => Ending::Blocked,
                Ended::Error(_) => Ending::Error,
                Ended::Limit(_) | Ended::Unsupported(_) => Ending::Truncated,
            });
            if ending.is_none() && s.machine.threads().len() > self.thread_cap {
                self.capped = true;
                ending = Some(Ending::Truncated);
            }
            let draft = Draft {
                thread: t,
                conds,
                spawned: ex.spawned.clone(),
                choices: ex.made.iter().map(|(v, _)| *v).collect(),
                delta,
                ending,
            };
            let (id, new) = self.u.intern(draft);
            // An error found again is still reported: a race depends on what ran before.
            if new || matches!(s.machine.end(), Some(End::Error(_))) {
                self.on_new_event(&s);
            }
            if matches!(tokens, Tokens::Current) {
                self.en_accesses.push((id, ex.plain));
            }
            out.push(id);
            if self.stop {
                break;
            }
            match next_choices(&ex.made) {
                Some(next) => forced = next,
                None => break,
            }
        }
        out
    }

    /// The token of `place` an event would consume.
    fn token(&self, tokens: &Tokens, place: Place) -> Cond {
        match tokens {
            Tokens::Current => self.config.cond(place),
            Tokens::Of(set) => {
                let producer = set.iter().rev().copied().find(|&e| {
                    let ev = &self.u.events[e as usize];
                    ev.conds.iter().any(|c| c.place == place)
                        || matches!(place, Place::Thread(t) if ev.spawned.contains(&t))
                });
                Cond { place, producer }
            }
        }
    }

    /// Thread numbers are the vm's creation order; they must name the same thread (same
    /// hierarchical id) in every execution, which fails only when several threads create
    /// threads concurrently.
    fn check_thread_ids(&mut self, s: &Snapshot, spawned: &[u32]) {
        for &child in spawned {
            let path = s.machine.threads()[child as usize].path.clone();
            if self.paths.len() <= child as usize {
                self.paths.resize(child as usize + 1, None);
            }
            match &self.paths[child as usize] {
                Some(p) if *p != path => self.cx.note(Unknown::ConcurrentCreation),
                Some(_) => {}
                None => self.paths[child as usize] = Some(path),
            }
        }
    }

    /// Reacts to a new event that ends the execution.
    fn on_new_event(&mut self, s: &Snapshot) {
        let Some(end) = s.machine.end().cloned() else { return };
        match self.cx.ended(end) {
            Ended::Error(_) => self.report(s),
            Ended::Limit(why) => {
                if let Some(stop) = self.cx.limit_reached() {
                    self.cx.note(stop);
                    self.stop = true;
                } else {
                    self.cx.note(why);
                }
            }
            Ended::Unsupported(why) => {
                self.cx.note(why);
                self.stop = true;
            }
            Ended::Complete | Ended::Blocked => {}
        }
    }

    /// Records the error `s` ended with.
    fn report(&mut self, s: &Snapshot) {
        let Some(End::Error(error)) = s.machine.end().cloned() else { return };
        self.record(s, error);
    }

    /// Records the errors the last event of `s` let its execution go on after (see
    /// [`Context::defer_reinit`]); `s` ends at that event, so its steps are their witness.
    fn report_deferred(&mut self, s: &mut Snapshot) {
        for error in s.machine.take_deferred() {
            self.record(s, error);
        }
    }

    /// Records `error`, found in the execution that led to `s`.
    fn record(&mut self, s: &Snapshot, error: ravel_vm::ProgramError) {
        self.record_at(s, error, s.steps.len(), 0);
    }

    /// Records `error`, found by the `index`-th race of step `steps - 1` of `s`'s
    /// execution (the witness ends there). An error met again is not recorded again.
    fn record_at(&mut self, s: &Snapshot, error: ravel_vm::ProgramError, steps: usize, index: usize) {
        if self.cx.opts.keeps_looking() && self.cx.is_known(&error) {
            return;
        }
        let witness = Witness {
            symbolic: self.cx.sym.is_some(),
            init_choices: self.init_choices.clone(),
            steps: s.steps[..steps].to_vec(),
            inputs: input_values(&s.machine),
            race_index: index as u64,
            ..Witness::default()
        };
        let found = FoundError { error, witness, trace: s.machine.trace().to_vec() };
        if self.cx.record_error(found) {
            self.stop = true;
        }
    }

    /// Two enabled events of different threads that touch no common place are concurrent;
    /// if their non-atomic accesses conflict, that is a data race, even when both are
    /// cutoffs (which are never added, so no configuration would hold both). Running one
    /// after the other lets the race detector report it with a witness.
    fn races_between_enabled(&mut self, s: &Snapshot) {
        if !self.cx.opts.detect_races {
            return;
        }
        let list = std::mem::take(&mut self.en_accesses);
        for (i, (e1, acc1)) in list.iter().enumerate() {
            for (e2, acc2) in &list[i + 1..] {
                let (ev1, ev2) = (&self.u.events[*e1 as usize], &self.u.events[*e2 as usize]);
                let shared = ev1.resources().any(|p| ev2.resources().any(|q| p == q));
                if ev1.thread == ev2.thread || shared || ev1.ending.is_some() || ev2.ending.is_some() {
                    continue;
                }
                if !acc1.iter().any(|a| acc2.iter().any(|b| a.conflicts(b))) {
                    continue;
                }
                let (t, choices) = (ev2.thread, ev2.choices.clone());
                let mut run = s.clone();
                if self.replay_event(&mut run, *e1) && run.machine.end().is_none() {
                    execute(&mut run, t, &choices, self.cx.opts.input_domain, Races::EndAt(0));
                }
                if matches!(run.machine.end(), Some(End::Error(_))) {
                    self.report(&run);
                    if self.stop {
                        return;
                    }
                }
            }
        }
    }

    /// Accounts for a node where nothing can be added.
    fn leaf(&mut self, depth: usize) {
        let max = self.cx.opts.max_depth;
        if self.config.events.len() >= max {
            self.cx.note(Unknown::Depth { max, unit: DepthUnit::Events });
            self.cx.stats.blocked += 1;
            return;
        }
        let node = &self.nodes[depth];
        let events: Vec<&structure::Event> = node.en.iter().map(|&e| &self.u.events[e as usize]).collect();
        let addable = |e: &&structure::Event| e.ending.is_none() && !e.cutoff;
        let endings = |k: &[Ending]| events.iter().filter(|e| e.ending.as_ref().is_some_and(|x| k.contains(x))).count();
        let hangs = self.cx.opts.deadlocks_are_errors && self.cx.opts.hangs_are_errors;
        if events.iter().any(addable) {
            self.cx.stats.sleep_blocked += 1;
        } else if events.iter().any(|e| e.cutoff) {
            // Cut at states seen before; when every thread that can run only spins here,
            // the program hangs in this configuration.
            let mut spinning = None;
            if let Some((_, s)) = self.current.as_ref().filter(|_| hangs) {
                let mut s = s.clone();
                if let Some(threads) = s.machine.only_spinning() {
                    s.machine.report_stall(&threads);
                    spinning = Some(s);
                }
            }
            match spinning {
                Some(s) => {
                    self.cx.stats.executions += 1;
                    self.cx.stats.work.error_executions += 1;
                    self.report(&s);
                }
                None => self.cx.stats.cut += 1,
            }
        } else if !events.is_empty() {
            // Each ending event completes its own maximal configuration.
            self.cx.stats.executions += endings(&[Ending::Exit, Ending::Error]) as u64;
            self.cx.stats.work.error_executions += endings(&[Ending::Error]) as u64;
            self.cx.stats.blocked += endings(&[Ending::Blocked, Ending::Truncated]) as u64;
        } else if let Some((_, s)) = self.current.as_ref() {
            if !self.cx.opts.deadlocks_are_errors || (s.machine.any_stuck() && !hangs) {
                self.cx.stats.blocked += 1;
                return;
            }
            let mut s = s.clone();
            s.machine.report_stall(&[]);
            self.cx.stats.executions += 1;
            self.cx.stats.work.error_executions += 1;
            self.report(&s);
        }
    }

    /// The event to add next: the first enabled event of the alternative being followed,
    /// else the enabled event of the lowest thread not in the sleep set.
    fn pick(&self, depth: usize) -> Option<EvId> {
        let node = &self.nodes[depth];
        let ok = |e: &EvId| {
            let ev = &self.u.events[*e as usize];
            ev.ending.is_none() && !ev.cutoff && !node.d.contains(e)
        };
        if !node.a.is_empty() {
            return node.a.iter().copied().filter(|e| node.en.contains(e) && ok(e)).min();
        }
        let candidates: Vec<EvId> = node.en.iter().copied().filter(ok).collect();
        match self.cx.opts.unfold.random_order {
            // A different but deterministic choice per node and seed.
            Some(seed) if !candidates.is_empty() => {
                let mut h = rustc_hash::FxHasher::default();
                std::hash::Hash::hash(&(seed, &self.config.events, &node.d), &mut h);
                Some(candidates[(std::hash::Hasher::finish(&h) % candidates.len() as u64) as usize])
            }
            _ => candidates.into_iter().min_by_key(|&e| (self.u.events[e as usize].thread, e)),
        }
    }

    /// Adds `e` to `C` and opens the child node.
    fn descend(&mut self, depth: usize, e: EvId) {
        let Some(s) = self.state(depth) else {
            self.stop = true;
            return;
        };
        self.keep_standby(depth, &s);
        let mut child_state = s;
        if !self.replay_event(&mut child_state, e) {
            self.stop = true;
            return;
        }
        let node = &mut self.nodes[depth];
        node.chosen = Some(e);
        let child =
            Node { d: node.d.clone(), a: node.a.iter().copied().filter(|&x| x != e).collect(), ..Default::default() };
        self.config.push(e, &self.u.events[e as usize]);
        self.nodes.push(child);
        self.current = Some((depth + 1, child_state));
    }
}
