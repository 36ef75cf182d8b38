//! The limits that end one execution, as values: engines decide by kind what a limit means
//! for the exploration (the time and memory limits end all of it, the others only the
//! execution), and reports render them.

use std::fmt;

/// A limit an execution ran into ([`crate::End::Limit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Limit {
    /// More instructions than `Config::max_steps`.
    Steps(u64),
    /// The exploration's deadline passed.
    Time,
    /// ravel held more memory than `Config::max_memory` (bytes).
    Memory(u64),
    /// More branches on symbolic inputs than the engine allows.
    SymBranches(u32),
    /// A new thread's memory region would overlap another's: too many threads for a
    /// 32-bit address space.
    ThreadRegions,
    /// A thread's small 32-bit memory region (threads past the first ones get 256 KiB)
    /// could not hold an allocation a larger region would have.
    NarrowRegion,
}

impl Limit {
    /// Writes what happened in words, with `hint` in parentheses after them: a front end
    /// names there the option that sets the limit (flag names are the CLI's, not the vm's).
    pub fn write(&self, f: &mut fmt::Formatter<'_>, hint: Option<&str>) -> fmt::Result {
        let hint = Hint(hint);
        match self {
            Limit::Steps(max) => write!(f, "the execution ran more than {max} instructions{hint}"),
            Limit::Time => write!(f, "the time limit was reached{hint}"),
            Limit::Memory(limit) => write!(f, "the memory limit of {} MiB was reached{hint}", limit >> 20),
            Limit::SymBranches(max) => write!(f, "an execution made more than {max} branches on symbolic inputs{hint}"),
            Limit::ThreadRegions => write!(
                f,
                "a new thread's memory region would overlap another's (too many threads for a 32-bit address space){hint}"
            ),
            Limit::NarrowRegion => write!(
                f,
                "a thread's 256 KiB memory region is full (a 32-bit program's threads past the first 159 get small regions){hint}"
            ),
        }
    }
}

/// The words alone.
impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, None)
    }
}

/// A front end's hint in a reason's text: ` (hint)`, or nothing. The vm's and the
/// engines' reasons say what happened; a front end adds which of its options governs it.
#[derive(Clone, Copy)]
pub struct Hint<'a>(pub Option<&'a str>);

impl fmt::Display for Hint<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(hint) => write!(f, " ({hint})"),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words of each limit; the CLI's rendering adds the flags (its own tests).
    #[test]
    fn limits_read_in_words() {
        let cases = [
            (Limit::Steps(5), "the execution ran more than 5 instructions"),
            (Limit::Time, "the time limit was reached"),
            (Limit::Memory(3 << 20), "the memory limit of 3 MiB was reached"),
            (Limit::SymBranches(8), "an execution made more than 8 branches on symbolic inputs"),
            (
                Limit::ThreadRegions,
                "a new thread's memory region would overlap another's (too many threads for a 32-bit address space)",
            ),
            (
                Limit::NarrowRegion,
                "a thread's 256 KiB memory region is full (a 32-bit program's threads past the first 159 get small regions)",
            ),
        ];
        for (limit, text) in cases {
            assert_eq!(limit.to_string(), text);
        }
    }
}
