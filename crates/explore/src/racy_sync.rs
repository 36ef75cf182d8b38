//! `--interleave sync` with races not reported. Only synchronisation is then a scheduling
//! point, which covers every behaviour of a race-free program but not of a racy one: two
//! unsynchronised `y++` never interleave. So the search runs with races detected first;
//! a program without races keeps that verdict, a racy one is searched again with every
//! shared access a scheduling point, where races need not be detected to be exhaustive.

use crate::{check_with, Capability, Note, Options, Outcome, Unknown, Verdict};
use ravel_ir::Program;
use ravel_vm::{ErrorKind, Granularity};
use std::sync::Arc;

/// Explores `program` under `opts` (sync granularity, races not reported) without ever
/// concluding from executions that left racy accesses uninterleaved.
pub(crate) fn check(program: Arc<Program>, opts: &Options) -> Outcome {
    let fine = Options { granularity: Granularity::All, ..opts.clone() };
    // An engine that cannot look for races under sync granularity at all.
    if !crate::engine_can(opts.engine, Capability::RacesUnderSync) {
        let mut outcome = check_with(program, &fine);
        outcome.notes.push(Note::RacesNotSeparable(opts.engine));
        return outcome;
    }
    let probe = Options { detect_races: true, ..opts.clone() };
    let first = check_with(program.clone(), &probe);
    let note = match first.errors.iter().find(|e| e.error.kind == ErrorKind::DataRace) {
        Some(race) => Note::Racy(race.error.message.clone()),
        // Races could not be ruled out at accesses whose address depends on inputs.
        None if first.incomplete == Some(Unknown::SymbolicAddressRace) => Note::SymbolicAddressMayRace,
        None => return first,
    };
    let remaining = Options { budget: opts.budget.after(first.stats.explored()), ..fine };
    let mut second = check_with(program, &remaining);
    second.stats.absorb_earlier(&first.stats);
    // The limit the user gave, not what was left of it.
    if let (Some(max), Some(Unknown::Executions(_))) = (opts.budget.executions, &second.incomplete) {
        second.incomplete = Some(Unknown::Executions(max));
        if let Verdict::Unknown(_) = second.verdict {
            second.verdict = Verdict::Unknown(Unknown::Executions(max));
        }
    }
    second.notes.insert(0, note);
    second
}
