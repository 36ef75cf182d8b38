//! The limits that end one execution, as values: engines decide by kind what a limit means
//! for the exploration (the time and memory limits end all of it, the others only the
//! execution), and reports render them.

use std::fmt;

/// A limit an execution ran into ([`crate::End::Limit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::Steps(max) => write!(f, "the execution ran more than {max} instructions (--max-steps)"),
            Limit::Time => write!(f, "the time limit was reached (--timeout)"),
            Limit::Memory(limit) => write!(f, "the memory limit of {} MiB was reached (--max-memory)", limit >> 20),
            Limit::SymBranches(max) => {
                write!(f, "an execution made more than {max} branches on symbolic inputs (--max-sym-branches)")
            }
            Limit::ThreadRegions => write!(
                f,
                "a new thread's memory region would overlap another's (too many threads for a 32-bit address space)"
            ),
        }
    }
}
