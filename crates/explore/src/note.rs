//! What an outcome's verdict holds for beyond the options (how the search was adapted to
//! the program), as values: the engines say what they did in words, the CLI adds the
//! command-line options that name it.

use crate::EngineKind;
use ravel_vm::Hint;
use std::fmt;

/// One note of an [`crate::Outcome`], for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// The program uses atomics weaker than `seq_cst` (first at `file:line`); only the
    /// behaviours of the memory model (its adjective) were explored.
    WeakAtomics { file: String, line: u32, model: &'static str },
    /// Races are not reported and the engine cannot tell racy accesses apart when only
    /// synchronisation is interleaved, so every shared access was a scheduling point.
    RacesNotSeparable(EngineKind),
    /// Races are not reported, but the program has one (its message), so every shared
    /// access was made a scheduling point.
    Racy(String),
    /// An access at a symbolic address may race, so every shared access was made a
    /// scheduling point.
    SymbolicAddressMayRace,
    /// The portfolio's answer came from the states engine.
    DecidedByStates,
    /// The portfolio's answer came from the states engine's abstraction.
    DecidedByAbstraction,
    /// PCT found errors in `runs` runs of `depth`, with at most `threads` threads and
    /// `steps` scheduling steps a run (what bounds its chance per run).
    Sampled { runs: u64, depth: u32, threads: usize, steps: u64 },
}

impl Note {
    /// Writes the note in words, with `hint` (the CLI's option names for it) where they
    /// belong: in parentheses after what was done, or, for engines that cannot separate
    /// racy accesses, instead of the words for the interleaving they need.
    pub fn write(&self, f: &mut fmt::Formatter<'_>, hint: Option<&str>) -> fmt::Result {
        let every_access = "so every shared access was made a scheduling point";
        match self {
            Note::WeakAtomics { file, line, model } => write!(
                f,
                "the program uses atomics weaker than seq_cst (first at {file}:{line}): only {model} behaviours were explored"
            ),
            Note::RacesNotSeparable(engine) => {
                let only_sync = hint.unwrap_or("when only synchronisation is interleaved");
                write!(
                    f,
                    "races are not reported and the {} engine cannot tell racy accesses apart {only_sync}, {every_access}",
                    engine.name()
                )
            }
            Note::Racy(race) => {
                write!(f, "races are not reported, but the program has one ({race}), {every_access}{}", Hint(hint))
            }
            Note::SymbolicAddressMayRace => {
                write!(f, "an access at a symbolic address may race, {every_access}{}", Hint(hint))
            }
            Note::DecidedByStates => write!(f, "decided by the states engine"),
            Note::DecidedByAbstraction => write!(f, "decided by the states engine's abstraction{}", Hint(hint)),
            Note::Sampled { runs, depth, threads, steps } => {
                write!(f, "{runs} PCT runs of depth {depth}: {}", pct_guarantee(*depth, *threads, *steps))
            }
        }
    }
}

/// The words alone.
impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, None)
    }
}

/// What one PCT run of `depth` guarantees on a program of `threads` threads and `steps`
/// scheduling steps (Burckhardt et al.: at least `1/(n k^(d-1))` per bug of depth `d`).
pub(crate) fn pct_guarantee(depth: u32, threads: usize, steps: u64) -> String {
    if depth == 0 {
        return "uniformly random schedules, which promise no probability".into();
    }
    let per_run = 1.0 / (threads.max(1) as f64 * (steps.max(1) as f64).powi(depth as i32 - 1));
    format!(
        "each run finds a bug of depth {depth} or less with probability at least {per_run:.1e}: \
         1/(n k^(d-1)) for n = {threads} threads, k = {steps} steps"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words of each note; the CLI's rendering adds the flags (its own tests).
    #[test]
    fn notes_read_in_words() {
        let cases = [
            (
                Note::WeakAtomics { file: "a.c".into(), line: 3, model: "sequentially consistent" },
                "the program uses atomics weaker than seq_cst (first at a.c:3): only sequentially consistent behaviours were explored",
            ),
            (
                Note::RacesNotSeparable(EngineKind::UNFOLD),
                "races are not reported and the unfold engine cannot tell racy accesses apart when only \
                 synchronisation is interleaved, so every shared access was made a scheduling point",
            ),
            (
                Note::Racy("x".into()),
                "races are not reported, but the program has one (x), so every shared access was made a scheduling point",
            ),
            (
                Note::SymbolicAddressMayRace,
                "an access at a symbolic address may race, so every shared access was made a scheduling point",
            ),
            (Note::DecidedByStates, "decided by the states engine"),
            (Note::DecidedByAbstraction, "decided by the states engine's abstraction"),
            (
                Note::Sampled { runs: 4, depth: 0, threads: 2, steps: 9 },
                "4 PCT runs of depth 0: uniformly random schedules, which promise no probability",
            ),
        ];
        for (note, text) in cases {
            assert_eq!(note.to_string(), text);
        }
    }
}
