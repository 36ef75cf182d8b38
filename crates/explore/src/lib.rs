//! Exhaustive exploration of thread schedules: the engines behind `ravel check`, with
//! what they share (statistics, witnesses, race detection, replay).

mod bounded;
mod clock;
mod dpor;
mod engine;
mod engine_options;
mod exec;
mod executions;
mod footprint;
pub mod graph;
mod guided;
mod interrupt;
mod options;
mod outcome;
mod portfolio;
mod race;
mod racy_sync;
mod replay;
mod run;
mod states;
mod tests;
mod turns;
mod unfold;
mod verified;
mod widen;

pub use engine_options::{DporOptions, OrderRule, StatesOptions, UnfoldOptions};
pub use executions::{ExecutionEnd, ExecutionSink, InputRegion};
pub use graph::{EdgeKind, ExecutionGraph};
pub use guided::{follow_guide, Guide, GuideStep, Guided};
pub use interrupt::interrupt;
pub use options::{EngineKind, Options};
pub use outcome::{
    DepthUnit, FoundError, InputValue, Outcome, Stats, Unknown, Unscheduled, Verdict, Witness, WitnessStep, Work,
};
pub use replay::{replay, replay_graph, replay_observed, replay_prefix, replay_with, ReplayError};
pub use run::{run_random, run_witness};
pub use verified::{Admissible, Verified, VerifiedSink};

use engine::Engine;
use ravel_ir::Program;
use ravel_vm::{Granularity, MemoryModel};
use std::sync::Arc;

/// Explores all schedules of `program` with the engine the options name.
pub fn check(program: Arc<Program>, opts: &Options) -> Outcome {
    let mut outcome = if !opts.detect_races && opts.granularity == Granularity::Sync {
        racy_sync::check(program.clone(), opts)
    } else {
        check_with(program.clone(), opts)
    };
    outcome.group_errors_by_kind();
    if let Some(at) = program.weak_atomic() {
        let file = program.files.get(at.file as usize).map_or("", String::as_str);
        outcome.notes.push(format!(
            "the program uses atomics weaker than seq_cst (first at {file}:{}): only {} behaviours were explored",
            at.line,
            match opts.memory_model {
                MemoryModel::Sc => "sequentially consistent",
                MemoryModel::Tso => "TSO",
            }
        ));
    }
    outcome
}

/// Explores with dpor only the executions that start with `prefix`'s schedule (its steps
/// and choices, as they are): how `ravel predict` goes on from where a predicted schedule
/// stops being feasible. Errors found inside the prefix are the exploration's too.
pub fn check_from(program: Arc<Program>, prefix: &Witness, opts: &Options) -> Outcome {
    let mut explorer = dpor::Explorer::new(program, opts);
    explorer.start_with(prefix);
    explorer.explore();
    explorer.into_outcome()
}

/// Runs the engine the options name, as they are.
fn check_with(program: Arc<Program>, opts: &Options) -> Outcome {
    let engine: Box<dyn Engine + '_> = match opts.engine {
        // Only dpor schedules store buffers (the CLI refuses the other engines with TSO).
        _ if opts.memory_model == MemoryModel::Tso => Box::new(dpor::Explorer::new(program, opts)),
        EngineKind::Dpor if opts.dpor.preemption_bound.is_some() && !opts.dpor.naive => {
            return bounded::check(program, opts)
        }
        EngineKind::Dpor => Box::new(dpor::Explorer::new(program, opts)),
        EngineKind::Unfold => Box::new(unfold::Explorer::new(program, opts)),
        EngineKind::States => Box::new(states::Explorer::new(program, opts)),
        EngineKind::Auto => Box::new(portfolio::Portfolio::new(program, opts)),
    };
    engine.run()
}
