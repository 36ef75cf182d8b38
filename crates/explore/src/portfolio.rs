//! [`EngineKind::AUTO`](crate::EngineKind::AUTO): dpor and the states engine share the
//! cores, and the first to decide answers. dpor decides most programs; the states engine
//! those with few distinct states (and those that create threads without bound or spin)
//! quickly; after it, the states engine with
//! [`StatesOptions::cartesian`](crate::StatesOptions::cartesian) may prove what the exact
//! search could not. Searches are paused and resumed, not restarted (see `turns.rs`). With
//! two cores or more (`-j`), the members run side by side: the states engine on a core of
//! its own, dpor on the others, and once dpor is alone again it takes every core back
//! (more `-j` helpers). On one core they take equal turns, dpor first: a program dpor
//! decides costs less than twice dpor's own time, one the states engine decides less than
//! three times its own.

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

/// The engines in turn under one time limit: dpor and the states engine side by side with
/// two cores or more (the states engine on one, for half the time limit, 7.5 s without
/// one), in equal turns on one core (a third of it); then (when inputs are involved) its
/// Cartesian abstraction for the rest of half the time (at least a sixth), then dpor
/// alone, on every core again. Only dpor when the states engine cannot answer (races
/// looked for under sync granularity, or test collection).
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
    /// verdicts do, the abstraction's only when it proves. When the exploration looks for
    /// errors of given kinds past the others (SV-COMP's properties: `all_errors` with
    /// `stop_at`), the states engine's `unsafe` answers only with one of those: its use
    /// after free is not the data race dpor reports beside it (a free racing with the
    /// use); dpor's answers as well when its search was complete.
    fn decides(self, outcome: &Outcome, opts: &Options) -> bool {
        let sought = |o: &Outcome| {
            let any_error = !opts.all_errors || opts.stop_at.is_empty();
            any_error || o.errors.iter().any(|e| opts.stop_at.contains(&e.error.kind))
        };
        match (self, &outcome.verdict) {
            (Role::Cartesian, verdict) => *verdict == Verdict::Safe,
            (_, Verdict::Safe) => true,
            (Role::Dpor, Verdict::Unsafe) => sought(outcome) || outcome.incomplete.is_none(),
            (_, Verdict::Unsafe) => sought(outcome),
            (_, Verdict::Unknown(_)) => false,
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
                let kind = if role == Role::Dpor { EngineKind::DPOR } else { EngineKind::STATES };
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

impl Member {
    /// How long it may run in a round whose slice is `slice`: its budget caps it.
    fn share(&self, slice: Duration) -> Duration {
        let share = if self.role == Role::Dpor { slice } else { slice / STATES_SHARE };
        self.budget.map_or(share, |budget| share.min(budget.saturating_sub(self.active)))
    }
}

impl<'a> Engine<'a> for Portfolio<'a> {
    const NAME: &'static str = "auto";
    const ABOUT: &'static str = "dpor and the states engine in equal, doubling turns (dpor first), the first answer wins; dpor alone when the options need what the states engine lacks";
    /// Its members run the program as it executes (the graph engine is no member).
    const LACKS: &'static [crate::Capability] = &[crate::Capability::AxiomaticModel];

    fn new(program: Arc<Program>, opts: &'a Options) -> Self {
        Portfolio { program, opts }
    }

    fn run(self) -> Outcome {
        let Portfolio { program, opts } = self;
        let dpor_alone = Options { engine: EngineKind::DPOR, ..opts.clone() };
        if opts.needs().iter().any(|&need| !crate::engine_can(EngineKind::STATES, need)) {
            return crate::check_with(program, &dpor_alone);
        }
        let total = opts.budget.time_left().unwrap_or(UNTIMED_SHARES);
        let turns = Turns::new();
        // With cores to spare the members run side by side, the states engine on a core
        // of its own and dpor's `-j` threads on the others; on one core they take turns.
        let together = opts.dpor.jobs >= 2;
        let mut dpor_opts = opts.clone();
        if together {
            dpor_opts.dpor.jobs -= 1;
        }
        let Some(dpor) = Member::start(Role::Dpor, &program, &dpor_opts, &turns) else {
            return crate::check_with(program, &dpor_alone);
        };
        let mut race = Race {
            program,
            opts,
            total,
            started: Instant::now(),
            turns,
            members: vec![dpor],
            together,
            earlier: Stats::default(),
            dpor_outcome: None,
        };
        if let Some(mut states) = Member::start(Role::States, &race.program, opts, &race.turns) {
            // Beside dpor it takes one of its cores, not its time: a longer look.
            states.budget = Some(if together { total / 2 } else { total / 3 });
            race.members.push(states);
        }
        let mut slice = FIRST_SLICE;
        while !race.members.is_empty() {
            if together {
                race.run_together(slice);
            }
            let mut i = 0;
            while i < race.members.len() {
                let ended = if together {
                    race.turns.finished(race.members[i].turn.member())
                } else {
                    race.run_alone(i, slice)
                };
                match race.settle(i, ended) {
                    Settled::Goes => i += 1,
                    Settled::Left => {}
                    Settled::Answer(outcome) => return *outcome,
                }
            }
            slice *= 2;
        }
        let mut last = race.dpor_outcome.expect("dpor is a member until it ends");
        last.stats.absorb_earlier(&race.earlier);
        last
    }
}

/// The portfolio's members under way and what the ended ones left.
struct Race<'a> {
    program: Arc<Program>,
    opts: &'a Options,
    total: Duration,
    started: Instant,
    turns: Arc<Turns>,
    members: Vec<Member>,
    /// The members run side by side, dpor on a core fewer than its `-j` while another
    /// member runs.
    together: bool,
    /// What the members that ended without an answer explored.
    earlier: Stats,
    dpor_outcome: Option<Outcome>,
}

/// What became of a member after its turn.
enum Settled {
    /// It goes on in the next round.
    Goes,
    /// It ended (or was retired) without the answer and left the race.
    Left,
    /// It decided: the portfolio's outcome.
    Answer(Box<Outcome>),
}

impl Race<'_> {
    /// Every member runs for `slice` (the shortest share of a member's budget), or until
    /// one of them ends.
    fn run_together(&mut self, slice: Duration) {
        let share = self.members.iter().map(|m| m.share(slice)).min().unwrap_or(slice);
        let ids: Vec<usize> = self.members.iter().map(|m| m.turn.member()).collect();
        let round_started = Instant::now();
        self.turns.run_for(&ids, share);
        let spent = round_started.elapsed();
        self.members.iter_mut().for_each(|m| m.active += spent);
    }

    /// Member `i` has the cores alone for its share of `slice`; whether its search ended.
    fn run_alone(&mut self, i: usize, slice: Duration) -> bool {
        let m = &mut self.members[i];
        let turn_started = Instant::now();
        let ended = self.turns.run_for(&[m.turn.member()], m.share(slice));
        m.active += turn_started.elapsed();
        ended
    }

    /// Member `i` had its turn and `ended` tells whether its search is over: it goes on,
    /// leaves (its budget spent, or no answer), or answers for the portfolio.
    fn settle(&mut self, i: usize, ended: bool) -> Settled {
        let m = &self.members[i];
        if !ended && m.budget.is_none_or(|budget| m.active < budget) {
            return Settled::Goes;
        }
        if !ended {
            self.turns.retire(m.turn.member());
        }
        let m = self.members.remove(i);
        let role = m.role;
        let mut outcome = m.outcome();
        // A limit of the whole exploration (time, memory, Ctrl-C) ends every member.
        let spent =
            matches!(outcome.verdict, Verdict::Unknown(Unknown::Time | Unknown::Memory(_) | Unknown::Interrupted));
        if role.decides(&outcome, self.opts) || (role == Role::Dpor && spent) {
            for other in self.members.drain(..) {
                self.turns.retire(other.turn.member());
                self.earlier.absorb_earlier(&other.outcome().stats);
            }
            if let Some(dpor) = &self.dpor_outcome {
                self.earlier.absorb_earlier(&dpor.stats);
            }
            outcome.stats.absorb_earlier(&self.earlier);
            match role {
                Role::Dpor => {}
                Role::States => outcome.notes.push(Note::DecidedByStates),
                Role::Cartesian => outcome.notes.push(Note::DecidedByAbstraction),
            }
            return Settled::Answer(Box::new(outcome));
        }
        // States built from ever new inputs may repeat once what ties different threads'
        // inputs together is forgotten: the abstraction gets a sixth of the time, or what
        // is left of the states engine's half.
        let time_left = !self.opts.budget.out_of_time();
        if role == Role::States && outcome.stats.solver_queries > 0 && time_left && !crate::interrupt::interrupted() {
            if let Some(mut cartesian) = Member::start(Role::Cartesian, &self.program, self.opts, &self.turns) {
                cartesian.budget = Some((self.total / 2).saturating_sub(self.started.elapsed()).max(self.total / 6));
                self.members.push(cartesian);
            }
        }
        match role {
            Role::Dpor => self.dpor_outcome = Some(outcome),
            _ => self.earlier.absorb_earlier(&outcome.stats),
        }
        // dpor alone again: it takes every core (`-j`) back.
        if let [dpor] = &self.members[..] {
            if self.together && dpor.role == Role::Dpor {
                dpor.turn.allow_threads(self.opts.dpor.jobs);
            }
        }
        Settled::Left
    }
}
