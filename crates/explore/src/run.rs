//! `ravel run` with the race detector of `ravel check`: the one seeded random execution's
//! transitions go through it, and the first data race ends the execution as its error.

use crate::exec::{check_step, Races};
use crate::{race, Witness, WitnessStep};
use ravel_ir::Program;
use ravel_vm::{Config, Granularity, RunOutcome};
use std::sync::Arc;
use std::time::Duration;

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
            .map(|(thread, choices)| WitnessStep { thread: *thread, choices: choices.clone(), flush: false })
            .collect(),
        ..Witness::default()
    };
    w.set_environment(&config.argv, &config.cwd, &config.files, config.peer.as_deref());
    Some(w)
}

/// One execution under a seeded random schedule (see [`ravel_vm::run_random`]); with
/// `detect_races`, a data race between two of its accesses is an error like any other.
pub fn run_random(
    program: Arc<Program>,
    config: Config,
    seed: u64,
    timeout: Option<Duration>,
    given: Vec<u64>,
    detect_races: bool,
) -> RunOutcome {
    // The scheduling points are those of an exploration (events logged), so that `ravel
    // replay` re-executes the run's witness under the same settings as a check's.
    let config = Config { log_events: true, detect_races, ..config };
    if !detect_races {
        let mut log = Vec::new();
        return ravel_vm::run_random(program, config, seed, timeout, given, &mut |_, m| m.swap_log(&mut log));
    }
    let mut races = race::RaceDetector::default();
    ravel_vm::run_random(program, config, seed, timeout, given, &mut |t, m| {
        let log = m.take_log();
        check_step(&mut races, m, t, &log, Races::EndAt(0));
    })
}
