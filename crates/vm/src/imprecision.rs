//! Why an execution's events may not capture every behaviour, as values: the reason an
//! exhaustive exploration cannot conclude `safe` although nothing was cut short, and the
//! weaker one the program asked for itself (a value made abstract).

use crate::limit::Hint;
use std::fmt;

/// What made an execution imprecise (the first reason met, see `Machine::imprecise`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Imprecision {
    /// One access touched several memory words, which conflict as one.
    AccessSpansWords,
    /// A symbolic input was made concrete (`why`) at `file:line`.
    Concretized { why: String, file: String, line: u32 },
    /// The solver could not decide a branch (`assumption`: an assumption) on inputs.
    Undecided { assumption: bool, why: String },
    /// Timed waits ended only when no other thread could run (`--time discrete`).
    DiscreteTime,
    /// `kill()` delivered its signal to the calling thread only.
    KillToCaller,
    /// Under TSO, this library function waited for its thread's buffered stores.
    ApproximateFence(String),
    /// The value this thread returned depends on symbolic inputs.
    SymbolicReturn(String),
    /// A library call at `place` touched shared memory in one step.
    LibraryStep { place: String },
    /// A library call at `place` touched more shared bytes than races are checked for.
    LibraryTooLarge { place: String, bytes: u64 },
}

impl Imprecision {
    /// Writes what happened in words, with `hint` in parentheses where a front end names
    /// the option that chose it (only `--time discrete` does; flag names are the CLI's).
    pub fn write(&self, f: &mut fmt::Formatter<'_>, hint: Option<&str>) -> fmt::Result {
        match self {
            Imprecision::AccessSpansWords => write!(f, "a shared access spans several memory words"),
            Imprecision::Concretized { why, file, line } => write!(
                f,
                "a symbolic input was made concrete ({why}) at {file}:{line}, so its other values were not explored"
            ),
            Imprecision::Undecided { assumption, why } => {
                let what = if *assumption { "an assumption" } else { "a branch" };
                write!(f, "the solver could not decide {what}: {why}")
            }
            Imprecision::DiscreteTime => write!(
                f,
                "timed waits ended only when no other thread could run{}: \
                 only timings where computation takes no time were explored",
                Hint(hint)
            ),
            Imprecision::KillToCaller => {
                write!(f, "kill() delivers its signal to the calling thread only; POSIX lets any thread take it")
            }
            Imprecision::ApproximateFence(name) => {
                write!(f, "under TSO, `{name}` waited for its thread's buffered stores (ravel treats it as a fence)")
            }
            Imprecision::SymbolicReturn(name) => write!(
                f,
                "the value thread {name} returned depends on symbolic inputs; its other values were not explored"
            ),
            Imprecision::LibraryStep { place } => {
                write!(f, "{place} touches shared memory in one step, which only race detection makes exact")
            }
            Imprecision::LibraryTooLarge { place, bytes } => {
                write!(f, "{place} touches {bytes} bytes of shared memory, more than ravel checks for data races")
            }
        }
    }
}

/// The words alone.
impl fmt::Display for Imprecision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, None)
    }
}

/// Where a symbolic value was first made abstract (`ravel_abstract_*`, see
/// `Machine::abstracted`): the exploration followed it at one value, at the program's own
/// request, so its other values were not explored. A value rather than its text so that
/// engines and `ravel schedules` can keep and compare it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Abstraction {
    /// The source file of the call.
    pub file: String,
    pub line: u32,
}

impl fmt::Display for Abstraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.file, self.line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words of the one imprecision a flag chooses; the CLI's rendering adds the flag.
    #[test]
    fn discrete_time_reads_in_words() {
        assert_eq!(
            Imprecision::DiscreteTime.to_string(),
            "timed waits ended only when no other thread could run: \
             only timings where computation takes no time were explored"
        );
    }
}
