//! [`EngineKind::Auto`](crate::EngineKind::Auto): dpor and the states engine take turns
//! on the cores, in slices of growing length, and the first to decide answers. dpor
//! decides most programs; the states engine those with few distinct states (and those that
//! create threads without bound or spin) quickly; after it, the states engine with
//! [`StatesOptions::cartesian`](crate::StatesOptions::cartesian) may prove what the exact
//! search could not. Searches are paused and resumed, not restarted (see `turns.rs`), in
//! equal turns, dpor first: a program dpor decides costs less than twice dpor's own
//! time, one the states engine decides less than three times its own.

use crate::engine::Engine;
use crate::turns::{Turn, Turns};
use crate::{EngineKind, Note, Options, Outcome, Stats, Unknown, Verdict};
use ravel_ir::Program;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The nominal time limit the phases of the states engine take their shares of when the
/// user gave none (at most 5 s of its own time for the exact search, 2.5 s for the
/// abstraction).
const UNTIMED_SHARES: Duration = Duration::from_secs(15);

/// dpor's first slice; the slices double every round.
const FIRST_SLICE: Duration = Duration::from_millis(100);

/// The states engine's slice is this fraction of dpor's: equal turns (a third for the
/// states engine cost SV-COMP rows it decides in 20 s alone: `pthread-ext/39_rand_lock_p0_vs`).
const STATES_SHARE: u32 = 1;

/// The engines in turn under one time limit.
pub(crate) struct Portfolio<'a> {
    program: Arc<Program>,
    opts: &'a Options,
}

/// Which search a member runs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Dpor,
    States,
    /// The states engine's abstraction: its `safe` alone counts.
    Cartesian,
}

impl Role {
    /// Whether its outcome answers the question: dpor's and the exact states search's
    /// verdicts do, the abstraction's only when it proves.
    fn decides(self, outcome: &Outcome) -> bool {
        match self {
            Role::Cartesian => outcome.verdict == Verdict::Safe,
            _ => !matches!(outcome.verdict, Verdict::Unknown(_)),
        }
    }
}

/// An outcome without its solver caches, which stay on the member's thread (a replay of
/// its witness builds its own).
struct Detached {
    verdict: Verdict,
    errors: Vec<crate::FoundError>,
    stats: Stats,
    incomplete: Option<crate::Unknown>,
    tests: Vec<Vec<crate::InputValue>>,
    notes: Vec<Note>,
}

impl From<Outcome> for Detached {
    fn from(o: Outcome) -> Detached {
        let Outcome { verdict, errors, stats, incomplete, tests, sym: _, notes } = o;
        Detached { verdict, errors, stats, incomplete, tests, notes }
    }
}

impl From<Detached> for Outcome {
    fn from(d: Detached) -> Outcome {
        let Detached { verdict, errors, stats, incomplete, tests, notes } = d;
        Outcome { verdict, errors, stats, incomplete, tests, sym: None, notes }
    }
}

/// One engine on its own thread.
struct Member {
    role: Role,
    turn: Turn,
    thread: JoinHandle<Detached>,
    /// Time it had the turn so far, and how much it may have (the states phases).
    active: Duration,
    budget: Option<Duration>,
}

impl Member {
    /// Starts a member on its own thread; `None` when no thread can be started (the
    /// portfolio then does without it).
    /// Its deadline is the portfolio's.
    fn start(role: Role, program: &Arc<Program>, opts: &Options, turns: &Arc<Turns>) -> Option<Member> {
        let turn = turns.join();
        let mut opts = Options { turn: Some(turn.clone()), ..opts.clone() };
        if role != Role::Dpor {
            opts.progress = false;
            opts.states.cartesian = role == Role::Cartesian;
        }
        let (program, finished) = (program.clone(), turn.clone());
        let thread = std::thread::Builder::new()
            .name("ravel-portfolio".into())
            .stack_size(crate::engine::SEARCH_STACK)
            .spawn(move || {
                // The search waits for its first turn at its first limit check.
                let kind = if role == Role::Dpor { EngineKind::Dpor } else { EngineKind::States };
                let outcome = Detached::from(crate::check_with(program, &Options { engine: kind, ..opts }));
                finished.finish();
                outcome
            })
            .ok()?;
        Some(Member { role, turn, thread, active: Duration::ZERO, budget: None })
    }

    /// Its outcome, once it has finished (or been retired).
    fn outcome(self) -> Outcome {
        self.thread.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)).into()
    }
}

impl<'a> Engine<'a> for Portfolio<'a> {
    fn new(program: Arc<Program>, opts: &'a Options) -> Self {
        Portfolio { program, opts }
    }

    fn run(self: Box<Self>) -> Outcome {
        let Portfolio { program, opts } = *self;
        let dpor_alone = Options { engine: EngineKind::Dpor, ..opts.clone() };
        if opts.needs().iter().any(|&need| !crate::engine_can(EngineKind::States, need)) {
            return crate::check_with(program, &dpor_alone);
        }
        let total = opts.budget.time_left().unwrap_or(UNTIMED_SHARES);
        let started = Instant::now();
        let turns = Turns::new();
        let Some(dpor) = Member::start(Role::Dpor, &program, opts, &turns) else {
            return crate::check_with(program, &dpor_alone);
        };
        let mut members = vec![dpor];
        if let Some(mut states) = Member::start(Role::States, &program, opts, &turns) {
            states.budget = Some(total / 3);
            members.push(states);
        }
        // What the members that ended without an answer explored.
        let mut earlier = Stats::default();
        let mut dpor_outcome: Option<Outcome> = None;
        let mut slice = FIRST_SLICE;
        while !members.is_empty() {
            let mut i = 0;
            while i < members.len() {
                let m = &mut members[i];
                let mut share = if m.role == Role::Dpor { slice } else { slice / STATES_SHARE };
                if let Some(budget) = m.budget {
                    share = share.min(budget.saturating_sub(m.active));
                }
                let turn_started = Instant::now();
                let ended = turns.run_for(m.turn.member(), share);
                m.active += turn_started.elapsed();
                if !ended && m.budget.is_none_or(|budget| m.active < budget) {
                    i += 1;
                    continue;
                }
                if !ended {
                    turns.retire(m.turn.member());
                }
                let m = members.remove(i);
                let role = m.role;
                let mut outcome = m.outcome();
                // A limit of the whole exploration (time, memory, Ctrl-C) ends every member.
                let spent = matches!(
                    outcome.verdict,
                    Verdict::Unknown(Unknown::Time | Unknown::Memory(_) | Unknown::Interrupted)
                );
                if role.decides(&outcome) || (role == Role::Dpor && spent) {
                    for other in members.drain(..) {
                        turns.retire(other.turn.member());
                        earlier.absorb_earlier(&other.outcome().stats);
                    }
                    if let Some(dpor) = &dpor_outcome {
                        earlier.absorb_earlier(&dpor.stats);
                    }
                    outcome.stats.absorb_earlier(&earlier);
                    match role {
                        Role::Dpor => {}
                        Role::States => outcome.notes.push(Note::DecidedByStates),
                        Role::Cartesian => outcome.notes.push(Note::DecidedByAbstraction),
                    }
                    return outcome;
                }
                // States built from ever new inputs may repeat once what ties different
                // threads' inputs together is forgotten: the abstraction gets a sixth of the
                // time, or what is left of the states engine's half.
                let time_left = !opts.budget.out_of_time();
                if role == Role::States
                    && outcome.stats.solver_queries > 0
                    && time_left
                    && !crate::interrupt::interrupted()
                {
                    if let Some(mut cartesian) = Member::start(Role::Cartesian, &program, opts, &turns) {
                        cartesian.budget = Some((total / 2).saturating_sub(started.elapsed()).max(total / 6));
                        members.push(cartesian);
                    }
                }
                match role {
                    Role::Dpor => dpor_outcome = Some(outcome),
                    _ => earlier.absorb_earlier(&outcome.stats),
                }
            }
            slice *= 2;
        }
        let mut last = dpor_outcome.expect("dpor is a member until it ends");
        last.stats.absorb_earlier(&earlier);
        last
    }
}
