//! The explicit-state engine: a depth-first search over interpreter states that remembers
//! every state it has seen, up to a permutation of interchangeable threads, and
//! accelerates thread counts the way Karp and Miller's coverability tree does.
//!
//! States repeat in programs that loop forever or interleave many steps over few values,
//! where schedule-based engines never finish. Programs that create threads without bound
//! (`while (1) pthread_create(...)`) have infinitely many states, but seen up to thread
//! permutation a state is the shared part plus a *count* of threads per local state; when
//! a state on the current path covers an ancestor (same shared part, no class with fewer
//! threads, some with more), the loop between them can be pumped, and the classes that grew
//! get the count ω: any number of threads. A thread of an ω class steps as a fresh copy, so
//! the ω class stays. This search decides whether an error is *coverable*, which is exact
//! for assertion failures and memory errors (more threads never prevent one from
//! happening) when the classes are finitely many; it is not exact for deadlocks.
//!
//! Errors found on a path that copied an ω thread have no concrete schedule (the count
//! was abstract): they make the verdict unknown, never "unsafe" without a witness, and the
//! search goes on for an error on a concrete path.

use crate::engine::{Context, Ended, Engine};
use crate::exec::{execute, input_values, next_choices, Races, Snapshot};
use crate::widen;
use crate::{Capability, DepthUnit, FoundError, Options, Outcome, Unknown, Unscheduled, Witness, WitnessStep};
use ravel_ir::Program;
use ravel_vm::{CellValue, End, Machine};

mod canon;
mod cartesian;
mod symvars;

use canon::{can_fork, canonical, fork_plan, Canon};
use cartesian::forget_cross_constraints;
use rustc_hash::{FxHashMap, FxHashSet};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// Longest path the search follows: paths this deep mean states that never repeat (a
/// counter without bound), and every state on the path holds a whole machine.
const MAX_PATH: usize = 5000;

/// Threads per class, sorted by class.
type Counts = Vec<(u128, Count)>;

/// How many threads of a class a state has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Count {
    Finite(u32),
    Omega,
}

/// A state on the current path.
struct Node {
    machine: Machine,
    /// The vm steps that led here (none for the root).
    steps: Vec<WitnessStep>,
    shared: u128,
    /// The inputs the shared part holds (see `Canon::shared_vars`).
    shared_vars: Vec<u32>,
    /// Class of each thread (see `canon.rs`).
    classes: Vec<u128>,
    /// (class, count), sorted by class; empty unless the state is symmetric.
    counts: Vec<(u128, Count)>,
    symmetric: bool,
    /// Classes with any number of threads.
    omega: Vec<u128>,
    /// A thread of an ω class was copied on the way here.
    forked: bool,
    /// Threads to step from here, one per class, and the next one to try.
    moves: Vec<usize>,
    /// `moves` holds only a thread paused before a local branch (see [`local_move`]).
    reduced: bool,
    next_move: usize,
    /// Leading choices of the next run of the current move, when it has variants left.
    variant: Option<Vec<u64>>,
    /// With [`StatesOptions::cartesian`]: the state with its counters forgotten, and the
    /// counters' values (see [`Explorer::widen_counters`]).
    shape: u128,
    cells: Vec<Option<CellValue>>,
    /// The state's key (see [`state_key`]).
    key: u128,
    /// The moves whose step came back to this very state: a thread spinning here.
    spins: Vec<usize>,
    /// A move led to a state not seen before or ended the execution: the node is not the
    /// last of a cycle of several steps that spins.
    progressed: bool,
}

/// The explicit-state explorer.
pub struct Explorer<'a> {
    cx: Context<'a>,
    /// Thread ids are observable (the program joins or compares threads): no symmetry.
    ids: bool,
    visited: FxHashSet<u128>,
    /// Thread counts of the states seen with some ω class, by shared part, and whether
    /// their path copied a thread (see [`Explorer::covered`]).
    omega_seen: FxHashMap<u128, Vec<(Counts, bool)>>,
    path: Vec<Node>,
    init_choices: Vec<u64>,
    /// Some class was accelerated to ω.
    accelerated: bool,
    stop: bool,
}

impl<'a> Engine<'a> for Explorer<'a> {
    const NAME: &'static str = "states";
    const ABOUT: &'static str = "Explicit states with thread symmetry and thread-count acceleration (finishes on programs that create threads without bound)";
    /// It steps whole events on its own snapshots (no store buffers, no verified prefixes
    /// or test inputs), and sees races only when every shared access is a scheduling point.
    const LACKS: &'static [Capability] = &[
        Capability::StoreBuffers,
        Capability::CollectTests,
        Capability::PreemptionBound,
        Capability::Sinks,
        Capability::RacesUnderSync,
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
    pub fn new(program: Arc<Program>, opts: &'a Options) -> Explorer<'a> {
        let ids = !program.thread_handles_unread();
        let mut cx = Context::new(program, opts);
        // States are compared up to thread permutation: handles nobody reads must not tell
        // threads apart. The search also sees the loops that branches on inputs drive
        // inside one thread.
        cx.vm.anonymous_handles = !ids;
        cx.vm.pause_at_symbolic_branches = true;
        Explorer {
            cx,
            ids,
            visited: FxHashSet::default(),
            omega_seen: FxHashMap::default(),
            path: Vec::new(),
            init_choices: Vec::new(),
            accelerated: false,
            stop: false,
        }
    }

    /// Explores every state reachable from each start of main (one per combination of
    /// the choices made before main's first visible operation).
    pub fn explore(&mut self) {
        let mut init: Vec<u64> = Vec::new();
        loop {
            let (machine, made) = self.cx.start(&init);
            self.init_choices = made.iter().map(|(v, _)| *v).collect();
            if let Arrival::New(node) = self.arrive(machine, Vec::new(), false) {
                self.path.push(*node);
                self.search();
            }
            if self.stop || self.cx.incomplete.is_some() {
                break;
            }
            match next_choices(&made) {
                Some(next) => init = next,
                None => break,
            }
        }
        if self.accelerated && self.cx.opts.deadlocks_are_errors {
            self.cx.note(Unknown::DeadlocksUndecided);
        }
    }

    /// Depth-first search from the root on the path.
    fn search(&mut self) {
        while let Some(top) = self.path.last_mut() {
            if self.stop {
                return;
            }
            let (t, forced) = match top.variant.take() {
                Some(v) => (top.moves[top.next_move - 1], v),
                None if top.next_move < top.moves.len() => {
                    top.next_move += 1;
                    (top.moves[top.next_move - 1], Vec::new())
                }
                None => {
                    self.hang_at_top();
                    self.path.pop();
                    continue;
                }
            };
            if let Some(why) = self.cx.limit_at(self.cx.stats.states) {
                self.cx.note(why);
                return;
            }
            let max = self.cx.opts.max_depth.min(MAX_PATH);
            if self.path.len() >= max {
                self.cx.note(Unknown::Depth { max, unit: DepthUnit::States });
                return;
            }
            let top = self.path.last().expect("the path is not empty");
            let mut machine = top.machine.clone();
            let mut forked = top.forked;
            let mut t = t;
            if top.symmetric && top.omega.contains(&top.classes[t]) {
                let Some(copy) = machine.fork_thread(t, &fork_plan(&top.machine, t)) else {
                    self.cx.note(Unknown::ThreadCopiesExhaustAddresses);
                    return;
                };
                t = copy;
                forked = true;
            }
            // One step is the thread's next visible operation, or its whole atomic section.
            let mut snap = Snapshot { machine, races: Default::default(), steps: Vec::new() };
            let ex = execute(&mut snap, t as u32, &forced, self.cx.opts.input_domain, Races::Off);
            if self.cx.opts.detect_races && !ex.plain.is_empty() {
                self.cx.note(Unknown::LibraryCallHidesRaces);
            }
            self.cx.note_step(ex.partial, &snap.machine);
            self.cx.stats.transitions += 1;
            let top = self.path.last_mut().expect("the path is not empty");
            top.variant = next_choices(&ex.made);
            match self.arrive(snap.machine, snap.steps, forked) {
                Arrival::New(node) => {
                    self.path.last_mut().expect("the path is not empty").progressed = true;
                    self.path.push(*node)
                }
                Arrival::Seen(key) => {
                    let top = self.path.last_mut().expect("the path is not empty");
                    if key == top.key && !top.spins.contains(&t) {
                        top.spins.push(t);
                    }
                    self.expand_reduced()
                }
                Arrival::Ended => self.path.last_mut().expect("the path is not empty").progressed = true,
            }
            self.cx.progress();
        }
    }

    /// When every thread that can run from the top node came back to it with its step (all
    /// spin), or, every move having led to states seen before, each of them run alone
    /// comes back to a state of its own with nothing written (a loop of several steps),
    /// and the program has not ended, no thread can make progress any more: the program
    /// hangs there, an error like a deadlock.
    fn hang_at_top(&mut self) {
        let opts = self.cx.opts;
        let top = self.path.last_mut().expect("the path is not empty");
        if top.moves.is_empty() || top.reduced || !opts.deadlocks_are_errors || !opts.hangs_are_errors {
            return;
        }
        let all_spin = top.moves.iter().all(|t| top.spins.contains(t));
        if !all_spin && (top.progressed || top.machine.only_spinning().is_none()) {
            return;
        }
        if top.forked {
            self.cx.note(Unknown::DeadlockNeedsUnboundedThreads);
            return;
        }
        let mut machine = top.machine.clone();
        let spinning = machine.enabled();
        machine.report_stall(&spinning);
        let end = machine.end().cloned().expect("a hang ends the execution");
        self.ended(&machine, Vec::new(), end, false);
    }

    /// The top node stepped only one thread and reached a state seen before: that state
    /// may close a cycle of such steps, along which the other threads would never run
    /// (the cycle proviso of partial-order reduction), so every thread gets its turn.
    fn expand_reduced(&mut self) {
        let top = self.path.last_mut().expect("the path is not empty");
        if !top.reduced {
            return;
        }
        top.reduced = false;
        let first = top.moves[0];
        let enabled = top.machine.enabled();
        let others = representatives(&enabled, &top.classes, top.symmetric)
            .into_iter()
            .filter(|&t| t != first && (!top.symmetric || t == 0 || top.classes[t] != top.classes[first]));
        top.moves.extend(others);
    }

    /// A state was reached: handles its end, and makes it a node unless it was seen.
    fn arrive(&mut self, mut machine: Machine, steps: Vec<WitnessStep>, forked: bool) -> Arrival {
        if let Some(end) = machine.end().cloned() {
            self.ended(&machine, steps, end, forked);
            return Arrival::Ended;
        }
        let enabled = machine.enabled();
        // A state abstracted this way has no concrete witness, like one with a copied thread.
        // (Evaluated apart: the abstraction applies whether or not the path copied threads.)
        let forgot = self.cx.opts.states.cartesian && forget_cross_constraints(&mut machine);
        let mut forked = forked || forgot;
        if enabled.is_empty() {
            self.cx.stats.executions += 1;
            let hangs = self.cx.opts.hangs_are_errors;
            if !self.cx.opts.deadlocks_are_errors || (machine.any_stuck() && !hangs) {
                self.cx.stats.blocked += 1;
            } else if forked {
                self.cx.note(Unknown::DeadlockNeedsUnboundedThreads);
            } else {
                machine.report_stall(&[]);
                let end = machine.end().cloned().expect("a deadlock ends the execution");
                self.ended(&machine, steps, end, forked);
            }
            return Arrival::Ended;
        }
        let mut canon = canonical(&machine, self.ids);
        let mut widening = None;
        if self.cx.opts.states.cartesian {
            let w = self.widen_counters(&mut machine, &canon);
            if w.0 {
                forked = true;
                canon = canonical(&machine, self.ids);
            }
            widening = Some(w);
        }
        let mut node = Node {
            machine,
            steps,
            shared: canon.shared,
            shared_vars: canon.shared_vars.clone(),
            classes: Vec::new(),
            counts: Vec::new(),
            symmetric: canon.symmetric,
            omega: Vec::new(),
            forked,
            moves: Vec::new(),
            reduced: false,
            next_move: 0,
            variant: None,
            shape: widening.as_ref().map_or(0, |w| w.1),
            cells: widening.map(|w| w.2).unwrap_or_default(),
            key: 0,
            spins: Vec::new(),
            progressed: false,
        };
        if canon.symmetric {
            node.counts = self.counts_of(&canon);
            self.accelerate(&mut node, &canon);
        }
        let key = state_key(&canon, &node.counts);
        node.key = key;
        if !self.visited.insert(key) || (canon.symmetric && self.covered(canon.shared, &node.counts, node.forked)) {
            return Arrival::Seen(key);
        }
        self.cx.stats.states += 1;
        let omega = node.omega.clone();
        let copies = |t: usize| canon.symmetric && t != 0 && omega.contains(&canon.classes[t]);
        if self.cx.opts.detect_races && self.race_at(&mut node, &enabled, &copies) {
            return Arrival::Ended;
        }
        // Races are a property of pairs of steps, which ample sets do not keep.
        let creations = omega.is_empty();
        let reduced =
            if self.cx.opts.detect_races { None } else { local_move(&mut node.machine, &enabled, copies, creations) };
        match reduced {
            Some(t) => {
                node.moves = vec![t];
                node.reduced = true;
            }
            None => node.moves = representatives(&enabled, &canon.classes, canon.symmetric),
        }
        node.classes = canon.classes;
        Arrival::New(Box::new(node))
    }

    /// Widening of counters (`widen.rs`): when the state equals one on the current
    /// path except for the values of some scalar globals (and for how many threads share
    /// each local state), the path between them can repeat with other values, and those
    /// globals get fresh unconstrained values. Returns whether it forgot anything, the
    /// state's shape (its key with every such global forgotten) and the globals' values.
    fn widen_counters(&self, machine: &mut Machine, canon: &Canon) -> (bool, u128, Vec<Option<CellValue>>) {
        let cells = widen::counter_cells(machine.program());
        if cells.is_empty() {
            return (false, 0, Vec::new());
        }
        // A state seen before as it is (`canon`) needs nothing forgotten.
        let counts = if canon.symmetric { self.counts_of(canon) } else { Vec::new() };
        let seen = self.visited.contains(&state_key(canon, &counts));
        let mut probe = machine.clone();
        widen::forget_counters(&mut probe, &cells);
        let canon = canonical(&probe, self.ids);
        let mut classes = canon.classes;
        classes.sort_unstable();
        classes.dedup();
        let shape = key_of(&(canon.shared, classes));
        let values = |m: &mut Machine| cells.iter().map(|&(addr, len)| m.cell_value(addr, len)).collect::<Vec<_>>();
        let before = values(machine);
        let Some(anc) = self.path.iter().rev().find(|n| n.shape == shape).filter(|_| !seen) else {
            return (false, shape, before);
        };
        let mut forgot = false;
        for (k, &(addr, len)) in cells.iter().enumerate() {
            if anc.cells[k] != before[k] && !machine.cell_holds_address(addr, len) {
                forgot |= machine.havoc_cell(addr, len);
            }
        }
        (forgot, shape, values(machine))
    }

    /// Threads per class of a symmetric state before acceleration: the classes its parent
    /// counts as ω stay ω.
    fn counts_of(&self, canon: &Canon) -> Counts {
        let parent_omega = self.path.last().map_or(&[][..], |p| &p.omega[..]);
        count_classes(&canon.classes[1..], parent_omega)
    }

    /// Whether a state seen before with the same shared part has at least the threads of
    /// this one in every class, some of them ω: more threads can do whatever fewer can
    /// (the others stay put), so what this state leads to was covered from there. It
    /// counts only when that state is no more abstract (it copied no thread, or this one
    /// did too), so that errors with a concrete schedule keep it. A new state with an ω
    /// class is remembered for later ones.
    fn covered(&mut self, shared: u128, counts: &[(u128, Count)], forked: bool) -> bool {
        let seen = self.omega_seen.entry(shared).or_default();
        if seen.iter().any(|(c, f)| (!*f || forked) && covers(c, counts)) {
            return true;
        }
        if counts.iter().any(|(_, n)| *n == Count::Omega) {
            seen.push((counts.to_vec(), forked));
        }
        false
    }

    /// Karp–Miller acceleration: classes that grew since an ancestor this state covers
    /// get the count ω (when their threads can be copied).
    fn accelerate(&mut self, node: &mut Node, canon: &Canon) {
        node.omega = node.counts.iter().filter(|(_, n)| *n == Count::Omega).map(|(c, _)| *c).collect();
        let rep =
            |c: u128| (1..canon.classes.len()).find(|&t| canon.classes[t] == c).expect("a counted class has a thread");
        let mut grown: Vec<u128> = Vec::new();
        for anc in self.path.iter().filter(|a| a.symmetric && a.shared == node.shared) {
            if covers(&node.counts, &anc.counts) {
                for (c, n) in &node.counts {
                    let before = anc.counts.iter().find(|(a, _)| a == c).map_or(Count::Finite(0), |(_, m)| *m);
                    // Pumping the path from the ancestor keeps the class of a thread that
                    // mentions inputs of the shared part only when the path leaves those
                    // very inputs there.
                    let stable = anc.shared_vars == node.shared_vars || !canon.mention_shared.contains(&rep(*c));
                    if *n > before && *n != Count::Omega && stable {
                        grown.push(*c);
                    }
                }
            }
        }
        for c in grown {
            let rep = rep(c);
            if can_fork(&node.machine, rep) && !node.omega.contains(&c) {
                node.omega.push(c);
                self.accelerated = true;
            }
        }
        node.omega.sort_unstable();
        for (c, n) in node.counts.iter_mut() {
            if node.omega.binary_search(c).is_ok() {
                *n = Count::Omega;
            }
        }
    }

    /// Data races at a state: two enabled threads stopped at overlapping non-atomic
    /// accesses, one a write (every shared access is a scheduling point, so a race in any
    /// execution shows as such a state in some execution). A race becomes an error whose
    /// witness runs both accesses; with a thread of an ω class (`copies`), or on a path
    /// that copied one, it has no concrete schedule and only makes the verdict unknown.
    /// Returns true when the search should not go on from this state.
    fn race_at(&mut self, node: &mut Node, enabled: &[usize], copies: &impl Fn(usize) -> bool) -> bool {
        let mut pending = Vec::new();
        for &t in enabled {
            match node.machine.pending_plain_access(t) {
                Some(Some(access)) => pending.push((t, access)),
                Some(None) => self.cx.note(Unknown::SymbolicAddressHidesRaces),
                None => {}
            }
        }
        let overlap = |(a, n, w): (u64, u64, bool), (b, m, v): (u64, u64, bool)| (w || v) && a < b + m && b < a + n;
        let mut pairs = pending.iter().enumerate().flat_map(|(i, x)| pending[i + 1..].iter().map(move |y| (*x, *y)));
        let race = pairs.find(|(x, y)| overlap(x.1, y.1)).map(|(x, y)| (x.0, y.0));
        let race = race.or_else(|| pending.iter().find(|(t, a)| copies(*t) && a.2).map(|&(t, _)| (t, t)));
        let Some((t, u)) = race else { return false };
        if t == u || copies(t) || copies(u) || node.forked {
            let why = self.without_schedule(Unscheduled::DataRace);
            self.cx.note(why);
            return false;
        }
        for (first, second) in [(t, u), (u, t)] {
            let mut snap = Snapshot { machine: node.machine.clone(), races: Default::default(), steps: Vec::new() };
            execute(&mut snap, first as u32, &[], self.cx.opts.input_domain, Races::EndAt(0));
            if snap.machine.end().is_some() || !snap.machine.enabled().contains(&second) {
                continue;
            }
            execute(&mut snap, second as u32, &[], self.cx.opts.input_domain, Races::EndAt(0));
            if let Some(end @ End::Error(_)) = snap.machine.end().cloned() {
                let mut steps = node.steps.clone();
                steps.extend(snap.steps);
                self.ended(&snap.machine, steps, end, false);
                return true;
            }
        }
        self.cx.note(Unknown::RaceNotReplayed);
        false
    }

    /// Why `found`, reached on a path through abstract states, leaves the verdict unknown.
    fn without_schedule(&self, found: Unscheduled) -> Unknown {
        Unknown::NoConcreteSchedule { found, cartesian: self.cx.opts.states.cartesian }
    }

    /// The execution ended at this state.
    fn ended(&mut self, machine: &Machine, last: Vec<WitnessStep>, end: End, forked: bool) {
        self.cx.stats.executions += 1;
        match self.cx.ended(end) {
            Ended::Error(error) => {
                if forked && self.cx.opts.ends_only.contains(&error.kind) {
                    self.cx.stats.blocked += 1;
                    return;
                }
                if forked {
                    let why = self.without_schedule(Unscheduled::Error { kind: error.kind, message: error.message });
                    self.cx.note(why);
                    // Keep looking for an error on a concrete path.
                    return;
                }
                let mut steps: Vec<WitnessStep> = self.path.iter().flat_map(|n| n.steps.iter().cloned()).collect();
                steps.extend(last);
                let witness = Witness {
                    symbolic: self.cx.sym.is_some(),
                    init_choices: self.init_choices.clone(),
                    steps,
                    inputs: input_values(machine),
                    branch_steps: true,
                    ..Witness::default()
                };
                let found = FoundError { error, witness, trace: Vec::new() };
                if self.cx.record_error(found) {
                    self.stop = true;
                }
            }
            Ended::Limit(why) | Ended::Unsupported(why) => {
                self.cx.stats.blocked += 1;
                self.cx.note(why);
            }
            Ended::Blocked => self.cx.stats.blocked += 1,
            Ended::Complete => {}
        }
    }
}

/// What [`Explorer::arrive`] made of a state.
enum Arrival {
    New(Box<Node>),
    /// Seen before (up to symmetry): the state's key.
    Seen(u128),
    /// The execution ended there.
    Ended,
}

/// A thread whose next step commutes with every step of every other thread, if any:
/// one paused before a branch on inputs (the step decides the branch and runs local code;
/// path constraints are a conjunction), one creating a thread through private handle
/// and attribute objects (with `creations`: once a class is accelerated, a creation
/// usually adds to an ω class and leads back to the same state, so taking it first would
/// only cost a step), or one accessing a global no other thread may still access in
/// a conflicting way (`copies(t)`: `t` stands for several threads). Stepping it alone loses no reachable state: the ample set of
/// partial-order reduction, with [`Explorer::expand_reduced`] as the cycle proviso.
fn local_move(
    machine: &mut Machine,
    enabled: &[usize],
    copies: impl Fn(usize) -> bool,
    creations: bool,
) -> Option<usize> {
    enabled.iter().copied().find(|&t| {
        machine.threads()[t].at_branch
            || (creations && machine.creates_thread_privately(t))
            || machine.accesses_privately(t, copies(t))
    })
}

/// The visited-set key of a state: its shared part with the thread counts when threads
/// are interchangeable, else with every thread's class.
fn state_key(canon: &Canon, counts: &Counts) -> u128 {
    if canon.symmetric {
        key_of(&(canon.shared, counts))
    } else {
        key_of(&(canon.shared, &canon.classes))
    }
}

/// A 128-bit key of a state description (two independent 64-bit hashes), so that two
/// different states practically never share a key.
fn key_of(value: &impl Hash) -> u128 {
    let lane = |seed: u64| {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        seed.hash(&mut h);
        value.hash(&mut h);
        h.finish()
    };
    ((lane(0x5eed) as u128) << 64) | lane(0xfeed) as u128
}

/// Threads per class (ω for the classes in `omega` that still have a thread).
fn count_classes(classes: &[u128], omega: &[u128]) -> Counts {
    let mut sorted: Vec<u128> = classes.iter().copied().filter(|&c| c != 0).collect();
    sorted.sort_unstable();
    let mut counts: Vec<(u128, Count)> = Vec::new();
    for c in sorted {
        match counts.last_mut() {
            Some((last, Count::Finite(n))) if *last == c => *n += 1,
            Some((last, Count::Omega)) if *last == c => {}
            _ => counts.push((c, if omega.contains(&c) { Count::Omega } else { Count::Finite(1) })),
        }
    }
    counts
}

/// `a` has at least the threads of `b` in every class, and is not equal to it.
fn covers(a: &[(u128, Count)], b: &[(u128, Count)]) -> bool {
    a != b && b.iter().all(|(c, m)| a.iter().any(|(d, n)| d == c && n >= m))
}

/// One enabled thread per class (main on its own); every enabled thread without symmetry.
fn representatives(enabled: &[usize], classes: &[u128], symmetric: bool) -> Vec<usize> {
    let mut seen: Vec<u128> = Vec::new();
    let mut moves = Vec::new();
    for &t in enabled {
        if symmetric && t != 0 {
            if seen.contains(&classes[t]) {
                continue;
            }
            seen.push(classes[t]);
        }
        moves.push(t);
    }
    moves
}
