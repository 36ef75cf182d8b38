//! Why the exploration or its executions cannot support an input-covering set, as values:
//! the reasons the engines give stay theirs, so that a front end can name its options in
//! them ([`Incomplete::write`]).

use ravel_explore::{HintFor, Unknown};
use ravel_vm::Imprecision;
use std::fmt;

/// What kept `ravel schedules` from computing a set (the first reason met).
#[derive(Debug)]
pub enum Incomplete {
    /// The exploration stopped before it began, for this reason (the time limit).
    Stopped(Unknown),
    /// The exploration was not exhaustive.
    NotExhaustive(Unknown),
    /// An execution was cut short at a limit.
    CutShort(Unknown),
    /// An execution was blocked (an assumption, `abort()` or a spin loop).
    Blocked,
    /// An execution was not explored exactly.
    Inexact(Imprecision),
    /// With every order kept (not only those that select an input), the tree grew past
    /// this many schedules.
    TooManyKept(usize),
    /// Anything else, in words.
    Other(String),
}

impl Incomplete {
    /// Writes the reason in words, with the words `hint` gives for the engines' reasons
    /// (see [`Unknown::write`]).
    pub fn write(&self, f: &mut fmt::Formatter<'_>, hint: HintFor) -> fmt::Result {
        match self {
            Incomplete::Stopped(why) => why.write(f, hint),
            Incomplete::NotExhaustive(why) => {
                write!(f, "the exploration was not exhaustive: ")?;
                why.write(f, hint)
            }
            Incomplete::CutShort(why) => {
                write!(f, "an execution was cut short: ")?;
                why.write(f, hint)
            }
            Incomplete::Blocked => {
                write!(f, "an execution was cut short: blocked (an assumption, abort() or a spin loop)")
            }
            Incomplete::Inexact(why) => {
                write!(f, "an execution was not explored exactly: ")?;
                Unknown::Imprecise(why.clone()).write(f, hint)
            }
            Incomplete::TooManyKept(n) => {
                write!(f, "the tree grows past {n} schedules (every order below every order)")
            }
            Incomplete::Other(why) => write!(f, "{why}"),
        }
    }
}

/// The words alone.
impl fmt::Display for Incomplete {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, |_| None)
    }
}
