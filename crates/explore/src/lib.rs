//! Exhaustive exploration of thread schedules: the engines behind `ravel check`, with
//! what they share (statistics, witnesses, race detection, replay).

mod clock;
mod dpor;
mod engine;
mod footprint;
mod options;
mod outcome;
mod portfolio;
mod race;
mod replay;
mod states;
mod tests;
mod unfold;

pub use dpor::DporOptions;
pub use engine::interrupt;
pub use options::{EngineKind, Options};
pub use outcome::{
    DepthUnit, FoundError, InputValue, Outcome, Stats, Unknown, Unscheduled, Verdict, Witness, WitnessStep,
};
pub use replay::{replay, replay_prefix, replay_with, ReplayError};
pub use states::StatesOptions;
pub use unfold::UnfoldOptions;

use engine::Engine;
use ravel_ir::Program;
use std::sync::Arc;

/// Explores all schedules of `program` with the engine the options name.
pub fn check(program: Arc<Program>, opts: &Options) -> Outcome {
    let engine: Box<dyn Engine + '_> = match opts.engine {
        EngineKind::Dpor => Box::new(dpor::Explorer::new(program, opts)),
        EngineKind::Unfold => Box::new(unfold::Explorer::new(program, opts)),
        EngineKind::States => Box::new(states::Explorer::new(program, opts)),
        EngineKind::Auto => Box::new(portfolio::Portfolio::new(program, opts)),
    };
    engine.run()
}
