//! Exhaustive exploration of thread schedules: the engines behind `ravel check`, with
//! what they share (statistics, witnesses, race detection, replay).

mod clock;
mod cluster;
mod dpor;
mod engine;
mod engine_kind;
mod engine_options;
mod exec;
mod executions;
mod footprint;
pub mod graph;
mod guided;
mod interrupt;
mod job_log;
mod note;
mod options;
mod outcome;
mod pct;
mod portfolio;
mod race;
mod racy_sync;
mod replay;
mod run;
mod states;
mod tests;
mod trust;
mod turns;
mod unfold;
mod verified;
mod widen;
mod wire;

pub use cluster::{Cluster, Link, RankStats};
pub use dpor::stop_helpers as stop_cluster;
pub use engine_kind::EngineKind;
pub use engine_options::{Capability, DporOptions, OrderRule, PctOptions, StatesOptions, UnfoldOptions};
pub use executions::{ExecutionEnd, ExecutionSink, InputRegion};
pub use graph::{EdgeKind, ExecutionGraph};
pub use guided::{follow_guide, Guide, GuideStep, Guided};
pub use interrupt::interrupt;
pub use job_log::JobLog;
pub use note::Note;
pub use options::{Budget, Options};
pub use outcome::{
    DepthUnit, EngineLacks, FoundError, HintFor, InputValue, Outcome, Stats, Unknown, Unscheduled, Verdict, Witness,
    WitnessStep, Work,
};
pub use replay::{replay, replay_graph, replay_observed, replay_prefix, replay_with, ReplayError};
pub use run::{run_random, run_witness, RunRace};
pub use verified::{Admissible, Verified, VerifiedSink};

use engine::Engine;
use ravel_ir::Program;
use ravel_vm::Granularity;
use std::sync::Arc;

/// A helper rank of a cluster (`mpirun -np N ravel check`): does its part of the
/// exploration rank 0 runs with the same options (dpor's jobs, the graph engine's
/// subtrees, or its share of PCT's runs)
/// until rank 0 ends the job.
pub fn serve_cluster(program: Arc<Program>, opts: &Options, cluster: &Cluster) {
    match opts.engine {
        EngineKind::PCT => pct::serve(program, opts, cluster),
        EngineKind::GRAPH => trust::serve(program, opts, cluster),
        _ => dpor::serve(program, opts, cluster),
    }
}

/// Explores all schedules of `program` with the engine the options name.
pub fn check(program: Arc<Program>, opts: &Options) -> Outcome {
    // An engine that makes every shared access an event whatever the granularity needs
    // no search for races first: it covers racy programs as they are.
    let sync_only = opts.granularity == Granularity::Sync && !opts.engine.registration().every_access;
    let mut outcome = if !opts.detect_races && sync_only {
        racy_sync::check(program.clone(), opts)
    } else {
        check_with(program.clone(), opts)
    };
    outcome.group_errors_by_kind();
    if let Some(at) = program.weak_atomic().filter(|_| opts.memory_model.rules().operational()) {
        let file = program.files.get(at.file as usize).map_or("", String::as_str);
        let model = opts.memory_model.rules().adjective();
        outcome.notes.push(Note::WeakAtomics { file: file.to_string(), line: at.line, model });
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

/// Runs the engine the options name, as they are; an engine that cannot meet them
/// answers unknown and says why.
fn check_with(program: Arc<Program>, opts: &Options) -> Outcome {
    let engine = opts.engine.registration();
    match opts.needs().into_iter().find(|need| engine.lacks.contains(need)) {
        Some(need) => Outcome::unknown(Unknown::EngineLacks(EngineLacks { engine: opts.engine, need })),
        None => (engine.run)(program, opts),
    }
}

/// The registry's entry of engine type `$engine` (an [`Engine`]). A macro, not a generic
/// function: the type borrows the options, and only a closure stands for it at every
/// lifetime of theirs.
macro_rules! registration {
    ($engine:ty) => {
        Registration {
            name: <$engine>::NAME,
            about: <$engine>::ABOUT,
            lacks: <$engine>::LACKS,
            every_access: <$engine>::EVERY_ACCESS,
            run: |program, opts| <$engine>::new(program, opts).run(),
        }
    };
}

/// The engines, in the order `--engine` lists them. Adding one takes its module (a type
/// implementing [`Engine`]: its name, one-line description, what it lacks, how it is
/// built and run), the `mod` line, and its line here; [`EngineKind`] and the CLI's
/// `--engine` (its values and their help) then know it. Settings of its own are fields of
/// [`Options`] and flags of the CLI besides.
const ENGINES: &[Registration] = &[
    registration!(dpor::Explorer),
    registration!(unfold::Explorer),
    registration!(states::Explorer),
    registration!(pct::Explorer),
    registration!(trust::Explorer),
    registration!(portfolio::Portfolio),
];

/// An engine's entry in the registry: what [`EngineKind`] tells of it, and how it runs.
struct Registration {
    name: &'static str,
    about: &'static str,
    lacks: &'static [Capability],
    every_access: bool,
    run: fn(Arc<Program>, &Options) -> Outcome,
}

/// Whether engine `kind` can meet demand `what` of an exploration's options (the CLI
/// refuses a flag an engine cannot honour before compiling anything).
pub fn engine_can(kind: EngineKind, what: Capability) -> bool {
    !kind.registration().lacks.contains(&what)
}
