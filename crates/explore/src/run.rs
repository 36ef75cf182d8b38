//! `ravel run` with the race detector of `ravel check`: the one seeded random execution's
//! transitions go through it, and the run goes on after each data race (as
//! ThreadSanitizer does), which it reports once per pair of places with a witness that
//! stops where the race happened.

use crate::exec::{check_step, collect_step, Races};
use crate::{race, Witness, WitnessStep};
use ravel_ir::{Program, SrcLoc};
use ravel_vm::{Config, Granularity, Machine, ProgramError, RunOutcome};
use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

/// A data race a run met and went on after: its error, and where a witness that shows it
/// stops.
#[derive(Clone, Debug)]
pub struct RunRace {
    pub error: ProgramError,
    /// Steps of the run up to and including the racing one.
    pub steps: usize,
    /// Which of that step's races it is ([`Witness::race_index`]).
    pub index: usize,
}

impl RunRace {
    /// The witness that shows this race: the run's, stopped after the racing step.
    pub fn witness(&self, run: &Witness) -> Witness {
        let mut w = run.clone();
        w.steps.truncate(self.steps);
        w.race_index = self.index as u64;
        w
    }
}

/// The race detector of one run, fed after each of its steps (the observer of
/// [`ravel_vm::run_picking`]): under [`Races::Collect`] it keeps each race once per pair of
/// places with the step it happened in; under [`Races::EndAt`] the first race ends the run.
pub(crate) struct RunRaces {
    detector: race::RaceDetector,
    policy: Races,
    steps: usize,
    seen: BTreeSet<Vec<SrcLoc>>,
    pub found: Vec<RunRace>,
}

impl RunRaces {
    pub fn new(policy: Races) -> RunRaces {
        RunRaces { detector: race::RaceDetector::default(), policy, steps: 0, seen: BTreeSet::new(), found: Vec::new() }
    }

    /// Thread `t` took a step of `m`.
    pub fn observe(&mut self, t: usize, m: &mut Machine) {
        self.steps += 1;
        let log = m.take_log();
        if self.policy != Races::Collect {
            check_step(&mut self.detector, m, t, &log, self.policy);
            return;
        }
        // The same places as the error's ([`ProgramError::places`]), known before it is built.
        let seen = &mut self.seen;
        let mut fresh = |r: &race::Race| {
            let mut places = vec![r.first.1, r.second.1];
            places.sort();
            seen.insert(places)
        };
        for (index, error) in collect_step(&mut self.detector, m, t, &log, &mut fresh) {
            self.found.push(RunRace { error, steps: self.steps, index });
        }
    }
}

/// The witness of a run made with `config` (and the race detector when `detect_races`):
/// its steps with the values handed out in each, concrete inputs, so that `ravel replay`
/// re-executes it (the caller names the program's files). `None` for a run too long to
/// keep its schedule.
pub fn run_witness(outcome: &RunOutcome, config: &Config, detect_races: bool) -> Option<Witness> {
    let mut w = Witness {
        interleave: if config.granularity == Granularity::All { "all" } else { "sync" }.into(),
        memory_model: config.memory_model.name().into(),
        detect_races,
        strict_pthread: config.strict_pthread,
        abort_ends_path: config.abort_ends_path,
        spurious_wakeups: config.spurious_wakeups,
        tty: config.tty,
        time: config.time.name().into(),
        exit_at_once: !config.defer_exit,
        init_choices: outcome.init_choices.clone(),
        steps: outcome
            .schedule
            .as_ref()?
            .iter()
            .map(|(thread, choices)| WitnessStep {
                thread: *thread,
                choices: choices.clone(),
                flush: false,
                ..Default::default()
            })
            .collect(),
        ..Witness::default()
    };
    w.set_environment(&config.argv, &config.cwd, &config.files, config.peer.as_deref());
    Some(w)
}

/// One execution under a seeded random schedule (see [`ravel_vm::run_random`]); with
/// `detect_races`, the data races between its accesses, each with the step it happened in
/// (the run goes on after them).
pub fn run_random(
    program: Arc<Program>,
    config: Config,
    seed: u64,
    timeout: Option<Duration>,
    given: Vec<u64>,
    detect_races: bool,
) -> (RunOutcome, Vec<RunRace>) {
    // The scheduling points are those of an exploration (events logged), so that `ravel
    // replay` re-executes the run's witness under the same settings as a check's.
    let config = Config { log_events: true, detect_races, ..config };
    if !detect_races {
        let mut log = Vec::new();
        let outcome = ravel_vm::run_random(program, config, seed, timeout, given, &mut |_, m| m.swap_log(&mut log));
        return (outcome, Vec::new());
    }
    let mut races = RunRaces::new(Races::Collect);
    let outcome = ravel_vm::run_random(program, config, seed, timeout, given, &mut |t, m| races.observe(t, m));
    (outcome, races.found)
}
