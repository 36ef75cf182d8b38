//! Confirmation: the vm follows a predicted schedule; a prediction stands only when the
//! replay reaches a real error, or (an atomicity violation, which is no error of the vm)
//! when the replay runs the whole predicted interleaving. Where the replay leaves the
//! predicted schedule (a thread took the other side of a branch), what follows is explored
//! ([`crate::onward`]).

use crate::candidates::{Candidate, PropertyKind};
use crate::encode::Query;
use crate::onward;
use ravel_explore::{HintFor, Options, Witness};
use ravel_ir::{Program, SrcLoc};
use ravel_vm::{End, Granularity, ProgramError};
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

/// What a confirmed prediction found.
#[derive(Clone, Debug)]
pub enum Finding {
    /// An error of the vm (assertion failure, data race, pthread misuse, ...).
    Error(ProgramError),
    /// A remote access between two accesses of one critical section of `thread`, at these
    /// places (first local, remote, second local).
    Atomicity { thread: usize, sites: [SrcLoc; 3] },
}

/// A confirmed prediction: what it found, the witness that reaches it, and the executions
/// explored on from the divergence to find it (none: the replay alone reached it).
pub struct Confirmation {
    pub finding: Finding,
    pub witness: Witness,
    pub explored: Option<u64>,
}

/// Why a prediction was not confirmed: what the replay did, and what exploring on from
/// where it left the predicted schedule found, if that ran.
#[derive(Clone, Debug)]
pub struct NotConfirmed {
    replayed: String,
    onward: Option<onward::NotFound>,
}

impl NotConfirmed {
    /// Writes it in words, with the words `hint` gives for the reason exploring on stopped
    /// short (see [`ravel_explore::Unknown::write`]).
    pub fn write(&self, f: &mut fmt::Formatter<'_>, hint: HintFor) -> fmt::Result {
        write!(f, "{}", self.replayed)?;
        match &self.onward {
            Some(onward) => {
                write!(f, "; ")?;
                onward.write(f, hint)
            }
            None => Ok(()),
        }
    }
}

/// The words alone.
impl fmt::Display for NotConfirmed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, |_| None)
    }
}

impl From<String> for NotConfirmed {
    /// A replay that went no further than this.
    fn from(replayed: String) -> NotConfirmed {
        NotConfirmed { replayed, onward: None }
    }
}

/// Replays `w`, whose first `predicted` steps are the prediction's (a failing guard's
/// thread runs on alone after them); explores on from the divergence for at most
/// `explore_time`. What it confirms, with the witness trimmed to the steps that ran.
pub fn confirm(
    program: Arc<Program>,
    (w, predicted): (&Witness, usize),
    cand: &Candidate,
    thread: usize,
    explore_time: Duration,
) -> Result<Confirmation, NotConfirmed> {
    let opts = Options { granularity: Granularity::All, ..Options::of_witness(w) };
    let (m, done) = ravel_explore::replay_prefix(program.clone(), w, &opts).map_err(|e| e.to_string())?;
    let mut witness = w.clone();
    witness.steps.truncate(done);
    match m.end() {
        Some(End::Error(e)) => return Ok(Confirmation { finding: Finding::Error(e.clone()), witness, explored: None }),
        _ if cand.kind == PropertyKind::Atomicity && done == w.steps.len() => {
            let finding = Finding::Atomicity { thread, sites: cand.site };
            return Ok(Confirmation { finding, witness, explored: None });
        }
        _ => {}
    }
    let replayed = match m.end() {
        Some(end) => format!("the replay ran {done} of {} steps and ended: {end:?}", w.steps.len()),
        None => format!("the replay ran {done} of {} steps without an error", w.steps.len()),
    };
    // The replay left the predicted schedule, or a failing guard's thread went its own way
    // (the steps it then ran alone are one guess among the continuations).
    let diverged = done < predicted || matches!(cand.query, Query::FailGuard(_));
    // A run over before the divergence has no continuation; an atomicity violation is no
    // error an exploration finds.
    let over = m.end().is_some() && done <= predicted;
    if !diverged || over || cand.kind == PropertyKind::Atomicity {
        return Err(replayed.into());
    }
    if explore_time.is_zero() {
        return Err(format!("{replayed}; the time for exploring on from divergences was spent").into());
    }
    witness.steps.truncate(predicted);
    match onward::explore(program, &witness, explore_time) {
        Ok(x) => {
            Ok(Confirmation { finding: Finding::Error(x.error), witness: x.witness, explored: Some(x.executions) })
        }
        Err(why) => Err(NotConfirmed { replayed, onward: Some(why) }),
    }
}
