//! The exploration `ravel check`'s flags ask for: the combinations it refuses, and the
//! explorer's options.

use super::args::CheckArgs;
use super::engine_arg::EngineArg;
use crate::shared_args::World;
use clap::ValueEnum;
use ravel_explore::{Capability, DporOptions, EngineKind, Options, PctOptions, StatesOptions, UnfoldOptions};
use ravel_vm::MemoryModel;
use std::path::Path;
use std::time::{Duration, Instant};

/// Executions `check` goes on looking for other errors after the first (or as many as the
/// first took, if more): enough for the errors a race hides in a small program, bounded
/// so that a search that cannot end still reports the bug it found.
const FURTHER_ERRORS: u64 = 10_000;

/// Fails on flags the chosen engine or memory model cannot honour, before anything is
/// compiled: each engine says what it lacks (`ravel_explore::engine_can`).
pub fn refuse_unsupported(args: &CheckArgs) -> anyhow::Result<()> {
    let model = memory_model(args);
    let tso = model.rules().store_buffers();
    let axiomatic = !model.rules().operational();
    let enforce_out = args.outputs.enforce_out.is_some();
    let bounded = args.preemption_bound.is_some();
    let model_flag = format!("--memory-model {}", model.name());
    let demands = [
        (args.outputs.tests.is_some(), Capability::CollectTests, "--tests"),
        (tso, Capability::StoreBuffers, model_flag.as_str()),
        (axiomatic, Capability::AxiomaticModel, model_flag.as_str()),
        (bounded, Capability::PreemptionBound, "--preemption-bound"),
        (enforce_out, Capability::Sinks, "--enforce-out"),
    ];
    for (_, need, flag) in demands.into_iter().filter(|(asked, ..)| *asked) {
        if !ravel_explore::engine_can(engine(args), need) {
            let able: Vec<_> = EngineArg::value_variants()
                .iter()
                .filter(|e| ravel_explore::engine_can(e.kind, need))
                .filter_map(|e| e.to_possible_value().map(|v| v.get_name().to_string()))
                .collect();
            anyhow::bail!("{flag} is only supported with --engine {}", able.join(", "));
        }
    }
    if enforce_out && tso {
        anyhow::bail!(
            "--enforce-out needs --memory-model sc: the native runtime orders events sequentially consistently, so it cannot enforce schedules with buffered stores"
        );
    }
    if bounded && tso {
        anyhow::bail!("--preemption-bound counts thread switches under --memory-model sc only");
    }
    Ok(())
}

/// The explorer's options for the program built from source file `program`, in `world`;
/// the time limit counts from `started` (compilation included).
pub fn explore_options(args: &CheckArgs, world: World, program: &Path, started: Instant) -> Options {
    let errors = &args.errors;
    Options {
        argv: world.argv(program),
        files: world.files,
        peer: world.peer,
        engine: engine(args),
        granularity: args.interleave.granularity(),
        detect_races: !errors.no_races,
        deadlocks_are_errors: !errors.no_deadlocks,
        hangs_are_errors: !errors.no_hangs,
        abort_ends_path: errors.abort_is_assume,
        all_errors: errors.all_errors,
        further_errors: (!errors.first_error).then_some(FURTHER_ERRORS),
        budget: ravel_explore::Budget {
            deadline: args.budget.timeout.map(|t| started + t),
            executions: args.max_executions,
        },
        max_memory: args.budget.memory_limit(),
        max_steps: args.max_steps,
        max_depth: args.max_depth,
        progress: std::io::IsTerminal::is_terminal(&std::io::stderr()) && !args.json,
        symbolic: args.enumerate_inputs.is_none(),
        input_domain: args.enumerate_inputs.unwrap_or(2).max(1),
        max_sym_branches: args.max_sym_branches,
        solver_timeout: args.solver_timeout.max(Duration::from_millis(1)),
        spurious_wakeups: args.spurious_wakeups,
        collect_tests: args.outputs.tests.is_some(),
        dpor: dpor_options(args),
        unfold: UnfoldOptions {
            cutoffs: !args.unfold.no_cutoffs,
            standby_interval: args.unfold.standby_interval.max(1),
            alt_k: args.unfold.alt_k.max(1),
            random_order: args.unfold.random_order,
        },
        states: StatesOptions { cartesian: args.cartesian },
        pct: PctOptions { runs: args.pct.runs, depth: args.pct.depth, seed: args.pct.seed },
        memory_model: memory_model(args),
        time: world.time,
        tty: world.tty,
        ..Default::default()
    }
}

/// The engine the flags name (the portfolio runs dpor alone when the states engine lacks
/// what the flags need).
fn engine(args: &CheckArgs) -> EngineKind {
    match args.engine.kind {
        // Only the graph engine follows an axiomatic model.
        EngineKind::AUTO if !memory_model(args).rules().operational() => EngineKind::GRAPH,
        kind => kind,
    }
}

/// The model `--memory-model` names (the flag's values are the models' own names).
fn memory_model(args: &CheckArgs) -> MemoryModel {
    let name = args.memory_model.to_possible_value().map(|v| v.get_name().to_string()).unwrap_or_default();
    MemoryModel::from_name(&name).unwrap_or_default()
}

fn dpor_options(args: &CheckArgs) -> DporOptions {
    DporOptions {
        naive: args.engine.naive,
        // The helpers of -j do not count preemptions.
        jobs: if args.preemption_bound.is_some() {
            1
        } else {
            args.jobs.map_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()), |j| j as usize)
        },
        join_at_epochs: false,
        one_order_per_path: None,
        prefix_events: None,
        preemption_bound: args.preemption_bound,
    }
}
