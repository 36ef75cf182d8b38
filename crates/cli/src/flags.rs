//! The command-line options the libraries' reasons are about. The engines and the vm say
//! what happened in words (`Unknown`, `Limit`, `Imprecision`, an outcome's notes, and what
//! `schedules` and `predict` build from them); what users read names the flag that governs
//! it, and flag names are the CLI's alone. [`flag`] and [`note_flag`] map each reason to
//! its hint; [`Flagged`] renders a reason with it wherever the CLI prints or serialises one
//! (text, JSON, and through the JSON the SARIF log and the HTML page).

use ravel_explore::{Capability, EngineLacks, Note, Unknown};
use ravel_vm::{Imprecision, Limit};
use std::fmt;

/// The words naming the option that governs `why`, if one does.
fn flag(why: &Unknown) -> Option<&'static str> {
    Some(match why {
        Unknown::Time | Unknown::Limit(Limit::Time) => "--timeout",
        Unknown::Executions(_) => "--max-executions",
        Unknown::Memory(_) | Unknown::Limit(Limit::Memory(_)) => "--max-memory",
        Unknown::Depth { .. } => "--max-depth",
        Unknown::PartialInputs(_) => "--enumerate-inputs",
        Unknown::Limit(Limit::Steps(_)) => "--max-steps",
        Unknown::Limit(Limit::SymBranches(_)) => "--max-sym-branches",
        Unknown::Imprecise(Imprecision::DiscreteTime) => "--time discrete",
        Unknown::FreeSuffix(_) => "--prefix",
        Unknown::Preemptions(_) => "--preemption-bound",
        Unknown::FurtherErrors(_) => "--all-errors explores everything",
        Unknown::NoConcreteSchedule { .. } => "try --engine dpor",
        Unknown::EngineLacks(EngineLacks { need: Capability::RacesUnderSync, .. }) => {
            "with --interleave all (or use --no-races)"
        }
        _ => return None,
    })
}

/// The words naming the option a note is about, if one is.
fn note_flag(note: &Note) -> Option<&'static str> {
    Some(match note {
        Note::RacesNotSeparable(_) => "under --interleave sync",
        Note::Racy(_) | Note::SymbolicAddressMayRace => "as with --interleave all",
        Note::DecidedByAbstraction => "--cartesian",
        _ => return None,
    })
}

/// A reason as users read it: its words with the flag that governs it.
pub struct Flagged<'a, T>(pub &'a T);

impl fmt::Display for Flagged<'_, Unknown> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write(f, flag)
    }
}

/// A limit of one execution reads as the exploration's reason it gives.
impl fmt::Display for Flagged<'_, Limit> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Unknown::from(*self.0).write(f, flag)
    }
}

impl fmt::Display for Flagged<'_, Note> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write(f, note_flag(self.0))
    }
}

impl fmt::Display for Flagged<'_, ravel_schedules::Incomplete> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let ravel_schedules::Incomplete::TooManyKept(_) = self.0 {
            write!(f, "--keep-unselected: ")?;
        }
        self.0.write(f, flag)
    }
}

impl fmt::Display for Flagged<'_, ravel_predict::Undecided> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            ravel_predict::Undecided::OutOfTime => {
                write!(f, "the time limit was reached (--timeout): the candidates left were not decided")
            }
            other => write!(f, "{other}"),
        }
    }
}

impl fmt::Display for Flagged<'_, ravel_predict::NotConfirmed> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write(f, flag)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ravel_explore::{DepthUnit, EngineKind, Unscheduled};
    use ravel_vm::ErrorKind;

    /// Reports, the JSON `reason` and scripts show these texts: they must not change. (The
    /// reasons no flag governs read as their words, which explore's tests check.)
    #[test]
    fn reasons_read_as_before() {
        let cases = [
            (Unknown::Time, "the time limit was reached (--timeout)"),
            (Unknown::Executions(20), "the exploration reached 20 executions (--max-executions)"),
            (Unknown::Memory(3 << 20), "the memory limit of 3 MiB was reached (--max-memory)"),
            (
                Unknown::Depth { max: 7, unit: DepthUnit::Steps },
                "an execution exceeded 7 scheduling steps (--max-depth)",
            ),
            (Unknown::Depth { max: 7, unit: DepthUnit::Events }, "a configuration exceeded 7 events (--max-depth)"),
            (Unknown::Depth { max: 7, unit: DepthUnit::States }, "a path exceeded 7 states (--max-depth)"),
            (
                Unknown::InRound { limit: Box::new(Unknown::Time), cap: 4 },
                "the time limit was reached (--timeout), in the round that caps executions at 4 threads",
            ),
            (
                Unknown::PartialInputs(2),
                "nondeterministic inputs were only tried with the values 0..2 (--enumerate-inputs)",
            ),
            (Unknown::Limit(Limit::Steps(5)), "the execution ran more than 5 instructions (--max-steps)"),
            (
                Unknown::Limit(Limit::SymBranches(8)),
                "an execution made more than 8 branches on symbolic inputs (--max-sym-branches)",
            ),
            (
                Unknown::Imprecise(Imprecision::DiscreteTime),
                "timed waits ended only when no other thread could run (--time discrete): \
                 only timings where computation takes no time were explored",
            ),
            (
                Unknown::FreeSuffix(4),
                "the schedules order only the first 4 synchronisation operations of an epoch (--prefix): the rest of a run is free under enforcement and was not explored",
            ),
            (
                Unknown::FurtherErrors(9),
                "the search for further errors stopped 9 executions after the first error (--all-errors explores everything)",
            ),
            (
                Unknown::Preemptions(2),
                "only schedules with at most 2 preemptions were explored (--preemption-bound): a bug that needs more may remain",
            ),
            (
                Unknown::EngineLacks(EngineLacks { engine: EngineKind::STATES, need: Capability::RacesUnderSync }),
                "the states engine looks for data races only with --interleave all (or use --no-races)",
            ),
            (
                Unknown::EngineLacks(EngineLacks { engine: EngineKind::UNFOLD, need: Capability::StoreBuffers }),
                "the unfold engine cannot explore store buffers (TSO)",
            ),
            (
                Unknown::NoConcreteSchedule { found: Unscheduled::DataRace, cartesian: false },
                "a data race is reachable with unboundedly many threads, but the states engine has no concrete \
                 schedule for it (try --engine dpor)",
            ),
            (
                Unknown::NoConcreteSchedule {
                    found: Unscheduled::Error { kind: ErrorKind::AssertionFailure, message: "x".into() },
                    cartesian: true,
                },
                "an error (AssertionFailure: x) is reachable in the abstraction (unboundedly many threads, forgotten \
                 constraints between threads' inputs, or forgotten values of counters), but the states engine has \
                 no concrete schedule for it (try --engine dpor)",
            ),
        ];
        for (reason, text) in cases {
            assert_eq!(Flagged(&reason).to_string(), text);
        }
    }

    /// A limit of one execution reads as `ravel run` and `replay` always showed it.
    #[test]
    fn limits_read_as_before() {
        let cases = [
            (Limit::Steps(5), "the execution ran more than 5 instructions (--max-steps)"),
            (Limit::Time, "the time limit was reached (--timeout)"),
            (Limit::Memory(3 << 20), "the memory limit of 3 MiB was reached (--max-memory)"),
            (Limit::SymBranches(8), "an execution made more than 8 branches on symbolic inputs (--max-sym-branches)"),
        ];
        for (limit, text) in cases {
            assert_eq!(Flagged(&limit).to_string(), text);
        }
    }

    /// `ravel schedules` shows the engines' reasons inside its own as before.
    #[test]
    fn schedules_reasons_read_as_before() {
        use ravel_schedules::Incomplete;
        let cases = [
            (Incomplete::Stopped(Unknown::Time), "the time limit was reached (--timeout)"),
            (
                Incomplete::NotExhaustive(Unknown::Executions(3)),
                "the exploration was not exhaustive: the exploration reached 3 executions (--max-executions)",
            ),
            (
                Incomplete::CutShort(Unknown::Limit(Limit::Steps(5))),
                "an execution was cut short: the execution ran more than 5 instructions (--max-steps)",
            ),
            (Incomplete::Blocked, "an execution was cut short: blocked (an assumption, abort() or a spin loop)"),
            (
                Incomplete::TooManyKept(7),
                "--keep-unselected: the tree grows past 7 schedules (every order below every order)",
            ),
            (
                Incomplete::Inexact(Imprecision::DiscreteTime),
                "an execution was not explored exactly: timed waits ended only when no other thread could run \
                 (--time discrete): only timings where computation takes no time were explored",
            ),
        ];
        for (why, text) in cases {
            assert_eq!(Flagged(&why).to_string(), text);
        }
    }

    /// `ravel predict`'s undecided candidates read as before.
    #[test]
    fn predict_reasons_read_as_before() {
        use ravel_predict::Undecided;
        assert_eq!(
            Flagged(&Undecided::OutOfTime).to_string(),
            "the time limit was reached (--timeout): the candidates left were not decided"
        );
        assert_eq!(
            Flagged(&Undecided::Other("2 solver queries ran out of time".into())).to_string(),
            "2 solver queries ran out of time"
        );
    }

    /// Reports show these notes: they must not change.
    #[test]
    fn notes_read_as_before() {
        let cases = [
            (
                Note::RacesNotSeparable(EngineKind::UNFOLD),
                "races are not reported and the unfold engine cannot tell racy accesses apart under \
                 --interleave sync, so every shared access was made a scheduling point",
            ),
            (
                Note::Racy("x".into()),
                "races are not reported, but the program has one (x), so every shared access was made a scheduling \
                 point (as with --interleave all)",
            ),
            (
                Note::SymbolicAddressMayRace,
                "an access at a symbolic address may race, so every shared access was made a scheduling point \
                 (as with --interleave all)",
            ),
            (Note::DecidedByStates, "decided by the states engine"),
            (Note::DecidedByAbstraction, "decided by the states engine's abstraction (--cartesian)"),
        ];
        for (note, text) in cases {
            assert_eq!(Flagged(&note).to_string(), text);
        }
    }
}
