//! Confirmation: the vm follows a predicted schedule; a prediction stands only when the
//! replay reaches a real error, or (an atomicity violation, which is no error of the vm)
//! when the replay runs the whole predicted interleaving.

use crate::candidates::{Candidate, PropertyKind};
use ravel_explore::{Options, Witness};
use ravel_ir::{Program, SrcLoc};
use ravel_vm::{End, Granularity, ProgramError};
use std::sync::Arc;

/// What a confirmed prediction found.
#[derive(Clone, Debug)]
pub enum Finding {
    /// An error of the vm (assertion failure, data race, pthread misuse, ...).
    Error(ProgramError),
    /// A remote access between two accesses of one critical section of `thread`, at these
    /// places (first local, remote, second local).
    Atomicity { thread: usize, sites: [SrcLoc; 3] },
}

/// Replays `w`; what it confirms and the witness trimmed to the steps that ran.
pub fn confirm(
    program: Arc<Program>,
    w: &Witness,
    cand: &Candidate,
    thread: usize,
) -> Result<(Finding, Witness), String> {
    let opts = Options {
        granularity: Granularity::All,
        detect_races: w.detect_races,
        strict_pthread: w.strict_pthread,
        abort_ends_path: w.abort_ends_path,
        spurious_wakeups: w.spurious_wakeups,
        ..Options::default()
    };
    let (m, done) = ravel_explore::replay_prefix(program, w, &opts).map_err(|e| e.to_string())?;
    let mut witness = w.clone();
    witness.steps.truncate(done);
    match m.end() {
        Some(End::Error(e)) => Ok((Finding::Error(e.clone()), witness)),
        _ if cand.kind == PropertyKind::Atomicity && done == w.steps.len() => {
            Ok((Finding::Atomicity { thread, sites: cand.site }, witness))
        }
        Some(end) => Err(format!("the replay ran {done} of {} steps and ended: {end:?}", w.steps.len())),
        None => Err(format!("the replay ran {done} of {} steps without an error", w.steps.len())),
    }
}
