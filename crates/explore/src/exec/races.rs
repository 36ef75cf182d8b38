//! The race check after a step, the same in every engine, replay and `ravel run`: the
//! step's log goes to the happens-before race detector, and what a race does to the
//! execution is the caller's policy.

use crate::{race, Options};
use ravel_vm::{ErrorKind, Granularity, LogEntry, Machine, ProgramError, TraceEntry};

/// What the data races of a step do to its execution.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Races {
    /// Nothing: races are not looked for.
    Off,
    /// The step's race with this index (a witness's `race_index`; the first when it has
    /// fewer) ends the execution with its error.
    EndAt(usize),
    /// Every race is returned as an error and the execution goes on (every error wanted:
    /// the races after it are reachable too).
    Collect,
}

impl Races {
    /// How an exploration under `opts` handles races: with every error wanted, each is
    /// collected and the execution goes on, else the first ends it.
    pub fn exploring(opts: &Options) -> Races {
        if !opts.detect_races {
            Races::Off
        } else if opts.keeps_looking() && !opts.stop_at.contains(&ErrorKind::DataRace) {
            Races::Collect
        } else {
            Races::EndAt(0)
        }
    }
}

/// Feeds the log of the step thread `t` just took on `m` to the race detector, unless the
/// execution already ended in an error, and acts on the step's races as `on_race` says;
/// returns the errors of the races collected.
pub fn check_step(
    races: &mut race::RaceDetector,
    m: &mut Machine,
    t: usize,
    log: &[LogEntry],
    on_race: Races,
) -> Vec<ProgramError> {
    match on_race {
        Races::Off => Vec::new(),
        Races::Collect => collect_step(races, m, t, log, &mut |_| true).into_iter().map(|(_, e)| e).collect(),
        Races::EndAt(index) => {
            if let Some(found) = transition_unless_ended(races, m, t, log) {
                if let Some(r) = found.get(index).or(found.first()) {
                    end_with_race(m, r);
                }
            }
            Vec::new()
        }
    }
}

/// [`check_step`] under [`Races::Collect`] for the races `fresh` accepts, each with its
/// index among the step's races: a caller that keeps each pair of places once (a racy
/// loop races at every turn) builds no error for the pairs it has.
pub fn collect_step(
    races: &mut race::RaceDetector,
    m: &mut Machine,
    t: usize,
    log: &[LogEntry],
    fresh: &mut dyn FnMut(&race::Race) -> bool,
) -> Vec<(usize, ProgramError)> {
    let Some(found) = transition_unless_ended(races, m, t, log) else { return Vec::new() };
    found.iter().enumerate().filter(|(_, r)| fresh(r)).map(|(i, r)| (i, race::race_error(m, r))).collect()
}

/// The step's races; `None` when the execution already ended in an error, whose places
/// the step's log still orders (an acquire before a use after free).
fn transition_unless_ended(
    races: &mut race::RaceDetector,
    m: &mut Machine,
    t: usize,
    log: &[LogEntry],
) -> Option<Vec<race::Race>> {
    if let Some(error) = m.ending_error_mut() {
        races.transition(t, log);
        mark_racing_free(races, error);
        return None;
    }
    Some(races.transition(t, log))
}

/// A use after free whose free, made by another thread, no synchronisation orders
/// before the use is a race too (ThreadSanitizer reports it as heap-use-after-free): the
/// error says so, in words and in [`ProgramError::racing_free`].
fn mark_racing_free(races: &mut race::RaceDetector, error: &mut ProgramError) {
    let Some(block) = error.block.filter(|_| error.kind == ErrorKind::UseAfterFree) else { return };
    if races.end_races_with(block, error.thread) == Some(true) && !error.racing_free {
        error.racing_free = true;
        error.message.push_str("; no synchronisation orders the free before this access: they race");
    }
}

/// Ends the execution with data race `r` as its error. A recorded trace shows the race's
/// two accesses where they happened: under sync granularity plain accesses are no visible
/// operations, so the interleaving would show neither.
fn end_with_race(m: &mut Machine, r: &race::Race) {
    let error = race::race_error(m, r);
    m.end_with_error(error);
    if m.config().record_trace && m.config().granularity == Granularity::Sync {
        show_plain_accesses(m, r);
    }
}

fn show_plain_accesses(m: &mut Machine, r: &race::Race) {
    let what = m.symbolize(r.addr);
    let entry = |m: &Machine, (thread, loc, how): (usize, ravel_ir::SrcLoc, race::How), role: &str| {
        let what = format!("{} {what} (unsynchronised: {role})", how.verb());
        TraceEntry { thread, loc, what, stack: m.site_stack(thread, loc), from_step: false }
    };
    let first = entry(m, r.first, "the race's first access");
    let second = entry(m, r.second, "races with the access above");
    m.insert_trace(r.first_step + 1, first);
    m.insert_trace(usize::MAX, second);
}
