//! Exploring on from a divergence. A reordering that makes a thread take the other side
//! of a branch predicts nothing about what that thread does next (its path is not in the
//! trace), and a replay whose thread read another value may leave the predicted schedule
//! the same way. The steps that did run are a real prefix, so dpor explores what can
//! follow it, within bounds: a check-then-act split over two critical sections fails only
//! after the second thread's check went the other way.

use ravel_explore::{Options, Unknown, Witness};
use ravel_ir::Program;
use ravel_vm::{Granularity, ProgramError};
use std::sync::Arc;
use std::time::Duration;

/// Executions one exploration may run.
const EXECUTIONS: u64 = 1000;

/// Time one exploration may take (the analysis also bounds all of them together).
pub const TIME: Duration = Duration::from_secs(10);

/// An error reached by exploring on.
pub struct Explored {
    pub error: ProgramError,
    pub witness: Witness,
    /// Executions explored when it was found.
    pub executions: u64,
}

/// Explores the continuations of `prefix` under its settings for at most `time`: the first
/// error, or what was explored without one (and the bound that stopped it, if any).
pub fn explore(program: Arc<Program>, prefix: &Witness, time: Duration) -> Result<Explored, String> {
    let opts = Options {
        granularity: Granularity::All,
        // The prefix's inputs are concrete; later ones take a few values each.
        symbolic: false,
        budget: ravel_explore::Budget::new(Some(time), Some(EXECUTIONS)),
        ..Options::of_witness(prefix)
    };
    let outcome = ravel_explore::check_from(program, prefix, &opts);
    let n = outcome.stats.explored();
    let from = prefix.steps.len();
    if let Some(found) = outcome.errors.into_iter().next() {
        return Ok(Explored { error: found.error, witness: found.witness, executions: n });
    }
    let explored = format!("exploring on from step {from} found no error in {n} executions");
    Err(match outcome.incomplete {
        None => format!("{explored} (all of them)"),
        Some(Unknown::Executions(max)) => format!("{explored} (stopped at the bound of {max} executions)"),
        Some(Unknown::Time) => format!("{explored} (stopped at the bound of {:.0} s)", time.as_secs_f64()),
        Some(why) => format!("{explored} (not all of them: {why})"),
    })
}
