//! `ravel schedules`: input-covering schedules (Bergan, "Avoiding State-Space Explosion in
//! Multithreaded Programs with Input-Covering Schedules and Symbolic Execution").
//!
//! The program's executions are explored with ravel's dpor engine and concolic inputs,
//! with synchronisation as the only scheduling points (data races are errors). Every
//! execution that ends is kept with its *synchronisation order* (the order of mutex
//! operations and atomic accesses per object, named as the native runtime names them)
//! and its *path condition* over the inputs. An execution is split into epochs at
//! `ravel_epoch()` calls made while no other thread runs; executions with the same order
//! in an epoch are merged into one *schedule* whose constraint is the disjunction of their
//! path conditions (`tree.rs`). Since a race-free program's execution is determined by its
//! inputs and its synchronisation order, an input satisfying a schedule's constraint runs
//! exactly one of the merged executions when the runtime enforces that order. Z3 then
//! checks that the error-free schedules cover every input (`coverage.rs`). Barrier waits
//! are no synchronisation event when the program ignores their results (`barriers.rs`).
//! Each epoch's selector is a decision tree (`decision.rs`); orders it never picks are
//! dropped.
//!
//! What is not done (see the closing notes of issue 20): constraints are over the
//! program's inputs, not over the values live at an epoch start, so a later epoch's
//! schedules are computed below each schedule of the epoch before (no sharing between
//! epoch-start states that are equal). Markers are placed automatically at the heads of
//! fork-join loops (`markers.rs`).

mod barriers;
mod coverage;
mod dag;
mod decision;
mod markers;
mod observe;
mod simplify;
mod tree;

pub use coverage::Coverage;
pub use decision::{TreeSize, MAX_NODES as MAX_TREE_NODES};
pub use markers::{load, Loaded};

use observe::Observer;
use ravel_explore::{EngineKind, ExecutionSink, Options, Verdict};
use ravel_ir::Program;
use ravel_schedule_format::{Epoch, File, FORMAT};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Why no schedule set was computed.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The exploration or the executions could not support an input-covering set.
    #[error("no input-covering schedules: {0}")]
    Incomplete(String),
}

/// What `ravel schedules` computed.
pub struct Enumeration {
    pub file: File,
    pub coverage: Coverage,
    pub counts: Counts,
    /// Whether a `ravel_epoch()` call was ignored because other threads ran beside it.
    pub ignored_markers: bool,
}

/// The figures of Bergan's tables.
#[derive(Debug, Default, Clone)]
pub struct Counts {
    /// Executions the explorer ended (error-free and failing).
    pub executions: usize,
    /// Executions left out: a signal woke a waiter out of arrival order, which the native
    /// runtime never does (the explorer ran the same steps with the longest waiter too).
    pub out_of_order_wakes: usize,
    /// Per epoch depth (from 0): the number of schedule sets at that depth (one per
    /// schedule of the epoch before) and their sizes.
    pub per_epoch: Vec<Vec<usize>>,
    /// Schedules in the whole tree (those some input selects).
    pub total: usize,
    /// Distinct orders the enumeration found, before the ones no input selects (an
    /// earlier schedule takes all their inputs) were dropped.
    pub enumerated: usize,
    /// Per epoch depth, the sizes of the distinct schedule sets (sets equal in every
    /// schedule, constraint and epoch below count once: equal epoch-start situations).
    pub distinct_per_epoch: Vec<Vec<usize>>,
    /// Schedules in the distinct sets.
    pub distinct_total: usize,
    /// Failing orders whose error is a deadlock, and those with another error.
    pub deadlocking: usize,
    pub erroneous: usize,
    /// Nodes of the expression DAG (the selector's size with the schedules).
    pub selector_nodes: usize,
    /// The selector's decision trees.
    pub selector_tree: TreeSize,
    pub analysis: Duration,
}

/// Explores `program` (named `name` in the file) and computes its input-covering
/// schedules. `base` carries the limits and the program's arguments; the engine,
/// granularity and error handling are set here. `barriers_unordered`: the program ignores
/// the results of its barrier waits, whose order then does not matter (`barriers.rs`).
/// `keep_unselected`: keep the orders no input selects (to run each one natively).
pub fn enumerate(
    program: Arc<Program>,
    name: &str,
    base: &Options,
    barriers_unordered: bool,
    keep_unselected: bool,
) -> Result<Enumeration, Error> {
    let started = Instant::now();
    let observer = Arc::new(Mutex::new(Observer::new(barriers_unordered)));
    let sink = observer.clone();
    let opts = Options {
        engine: EngineKind::Dpor,
        granularity: ravel_vm::Granularity::Sync,
        detect_races: true,
        symbolic: true,
        all_errors: true,
        deadlocks_are_errors: true,
        memory_model: ravel_vm::MemoryModel::Sc,
        execution_sink: Some(ExecutionSink(Arc::new(move |m, end| {
            if let Ok(mut o) = sink.lock() {
                o.observe(m, end);
            }
        }))),
        ..base.clone()
    };
    let outcome = ravel_explore::check(program, &opts);
    let unknown = match &outcome.verdict {
        Verdict::Unknown(why) => Some(why),
        _ => outcome.incomplete.as_ref(),
    };
    if let Some(why) = unknown {
        return Err(Error::Incomplete(format!("the exploration was not exhaustive: {why}")));
    }
    let mut observer = std::mem::take(&mut *observer.lock().map_err(|_| Error::Incomplete("poisoned".into()))?);
    if let Some(why) = observer.problem.take() {
        return Err(Error::Incomplete(why));
    }
    let executions: Vec<&observe::Execution> = observer.executions.iter().collect();
    let mut root = tree::build(&executions, 0, &observer.events, &mut observer.dag);
    let coverage = coverage::check(&root, &observer.dag, &observer.inputs, base.solver_timeout);
    if let Some(why) = &coverage.undecided {
        return Err(Error::Incomplete(format!("a coverage check was undecided: {why}")));
    }
    simplify::simplify(&mut root, &mut observer.dag, base.solver_timeout);
    decision::build_all(&mut root, &observer.dag.nodes, &observer.events);
    let enumerated = schedules_under(&root);
    if !keep_unselected {
        decision::prune(&mut root);
    }
    let mut tree = decision::TreeSize::default();
    decision::measure(&root, &mut tree);
    let mut counts = Counts {
        executions: executions.len(),
        out_of_order_wakes: observer.out_of_order_wakes,
        enumerated,
        ..Counts::default()
    };
    count(&root, 0, &mut counts, &mut Vec::new());
    counts.selector_nodes = observer.dag.nodes.len();
    counts.selector_tree = tree;
    counts.analysis = started.elapsed();
    let file = File {
        format: FORMAT.into(),
        program: name.into(),
        inputs: observer.inputs,
        exprs: observer.dag.nodes,
        objects: observer.objects,
        events: observer.events,
        root,
    };
    Ok(Enumeration { file, coverage, counts, ignored_markers: observer.ignored_markers })
}

/// The schedules in the tree under `epoch`.
fn schedules_under(epoch: &Epoch) -> usize {
    epoch.schedules.iter().map(|s| 1 + s.next.as_deref().map_or(0, schedules_under)).sum()
}

/// Adds the figures of `epoch` (at `depth`) and below; `seen` holds the sets met so far
/// per depth, as their JSON text.
fn count(epoch: &Epoch, depth: usize, counts: &mut Counts, seen: &mut Vec<std::collections::HashSet<String>>) {
    if counts.per_epoch.len() <= depth {
        counts.per_epoch.push(Vec::new());
        counts.distinct_per_epoch.push(Vec::new());
        seen.push(Default::default());
    }
    counts.per_epoch[depth].push(epoch.schedules.len());
    counts.total += epoch.schedules.len();
    let text = serde_json::to_string(epoch).unwrap_or_default();
    if seen[depth].insert(text) {
        counts.distinct_per_epoch[depth].push(epoch.schedules.len());
        counts.distinct_total += epoch.schedules.len();
    }
    for f in &epoch.failing {
        if f.kind == "deadlock" {
            counts.deadlocking += 1;
        } else {
            counts.erroneous += 1;
        }
    }
    for s in &epoch.schedules {
        if let Some(next) = &s.next {
            count(next, depth + 1, counts, seen);
        }
    }
}
