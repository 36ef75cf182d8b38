//! `--preemption-bound K` with the dpor engine. Its reduced search goes first: it finds
//! most bugs within the bound in few executions, but dropping the steps past the bound
//! can make it miss some (a race's reversal may need one preemption too many where a
//! reversal elsewhere would not). When it finds none, the naive search with the same
//! bound explores every schedule of at most K preemptions, so that an answer without an
//! error means what it says: no error within K preemptions.

use super::Explorer;
use crate::{Budget, DporOptions};
use crate::{Options, Outcome, Unknown, Verdict};
use ravel_ir::Program;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The reduced search's time without an exploration-wide limit.
const REDUCED_ALONE: Duration = Duration::from_secs(30);

/// The bounded search of `opts` (its `dpor.preemption_bound` set, not naive). The naive
/// search follows the reduced one when that found no error and stopped for a reason of
/// its own (a schedule left out, an execution cut at the depth limit, its share of the
/// time spent).
pub(crate) fn check(program: Arc<Program>, opts: &Options) -> Outcome {
    // The reduced search gets half the time (a spinning program can keep it busy with
    // schedules it then drops); the naive one the rest.
    let share = opts.budget.time_left().map_or(REDUCED_ALONE, |t| t / 2);
    let reduced_budget = Budget { deadline: Some(Instant::now() + share), ..opts.budget };
    let reduced = Explorer::new(program.clone(), &Options { budget: reduced_budget, ..opts.clone() }).explore_all();
    let out_of_time = opts.budget.out_of_time();
    // Safe: nothing was left out; an exploration-wide limit leaves no room for more.
    let done = match &reduced.verdict {
        Verdict::Unknown(Unknown::Time) => out_of_time,
        Verdict::Unknown(why) => matches!(why, Unknown::Interrupted | Unknown::Memory(_) | Unknown::Executions(_)),
        _ => true,
    };
    if !reduced.errors.is_empty() || done {
        return reduced;
    }
    let every = Options { dpor: DporOptions { naive: true, ..opts.dpor.clone() }, ..opts.clone() };
    let mut outcome = Explorer::new(program, &every).explore_all();
    outcome.stats.absorb_earlier(&reduced.stats);
    outcome
}
