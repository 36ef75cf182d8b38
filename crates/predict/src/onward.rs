//! Exploring on from a divergence. A reordering that makes a thread take the other side
//! of a branch predicts nothing about what that thread does next (its path is not in the
//! trace), and a replay whose thread read another value may leave the predicted schedule
//! the same way. The steps that did run are a real prefix, so dpor explores what can
//! follow it, within bounds: a check-then-act split over two critical sections fails only
//! after the second thread's check went the other way.

use ravel_explore::{HintFor, Options, Unknown, Witness};
use ravel_ir::Program;
use ravel_vm::{Granularity, ProgramError};
use std::fmt;
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

/// What exploring on explored when it found no error: `executions` from step `from`, and
/// why it stopped short, if it did (with the time it had, which bounds it).
#[derive(Clone, Debug)]
pub struct NotFound {
    from: usize,
    executions: u64,
    stopped: Option<Unknown>,
    time: Duration,
}

impl NotFound {
    /// Writes what was explored in words, with the words `hint` gives for the reason it
    /// stopped (see [`Unknown::write`]).
    pub fn write(&self, f: &mut fmt::Formatter<'_>, hint: HintFor) -> fmt::Result {
        let NotFound { from, executions: n, time, .. } = self;
        write!(f, "exploring on from step {from} found no error in {n} executions")?;
        match &self.stopped {
            None => write!(f, " (all of them)"),
            Some(Unknown::Executions(max)) => write!(f, " (stopped at the bound of {max} executions)"),
            Some(Unknown::Time) => write!(f, " (stopped at the bound of {:.0} s)", time.as_secs_f64()),
            Some(why) => {
                write!(f, " (not all of them: ")?;
                why.write(f, hint)?;
                write!(f, ")")
            }
        }
    }
}

/// Explores the continuations of `prefix` under its settings for at most `time`: the first
/// error, or what was explored without one (and the bound that stopped it, if any).
pub fn explore(program: Arc<Program>, prefix: &Witness, time: Duration) -> Result<Explored, NotFound> {
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
    Err(NotFound { from, executions: n, stopped: outcome.incomplete, time })
}
