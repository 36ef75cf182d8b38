//! `ravel run` with the race detector of `ravel check`: the one seeded random execution's
//! transitions go through it, and the first data race ends the execution as its error.

use crate::{race, replay};
use ravel_ir::Program;
use ravel_vm::{Config, RunOutcome};
use std::sync::Arc;
use std::time::Duration;

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
    if !detect_races {
        return ravel_vm::run_random(program, config, seed, timeout, given, &mut |_, _| {});
    }
    let granularity = config.granularity;
    let config = Config { log_events: true, detect_races: true, ..config };
    let mut races = race::RaceDetector::default();
    ravel_vm::run_random(program, config, seed, timeout, given, &mut |t, m| {
        let log = m.take_log();
        if m.ended_in_error() {
            return;
        }
        if let Some(r) = races.transition(t, &log).first() {
            replay::end_with_race(m, r, granularity);
        }
    })
}
