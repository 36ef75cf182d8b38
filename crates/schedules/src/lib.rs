//! `ravel schedules`: input-covering schedules (Bergan, "Avoiding State-Space Explosion in
//! Multithreaded Programs with Input-Covering Schedules and Symbolic Execution").
//!
//! The program's executions are explored with ravel's dpor engine and concolic inputs,
//! with synchronisation as the only scheduling points (data races are errors), one thread
//! order per path of the inputs' choices, and every order for the inputs whose order
//! failed (see [`enumerate`]). Every
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
//! dropped. With "join on all threads" the explorer stops an execution at an epoch-start
//! state another path explores on (`ravel_explore::DporOptions::join_at_epochs`); the
//! tree sees it go on as each continuation of that state (`tree.rs`), and is built from
//! the root down so that only selected schedules get the epochs below them. With
//! `Settings::prefix_events` (Bergan's prefix schedules) the explorer stops an execution
//! after its epoch's first synchronisation operations; the schedules grouping such
//! executions order only that prefix, the run is free natively after it, and the verdict
//! under enforcement is unknown (`Enumeration::unverified`).
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
mod incomplete;
mod ir_text;
mod markers;
mod observe;
mod simplify;
mod tree;

pub use coverage::Coverage;
pub use decision::{TreeSize, MAX_NODES as MAX_TREE_NODES};
pub use incomplete::Incomplete;
pub use markers::{load, Loaded};

use observe::{Ending, Observer};
use ravel_explore::{EngineKind, ExecutionSink, Options, OrderRule, Verdict};
use ravel_ir::Program;
use ravel_schedule_format::{Epoch, File, FORMAT};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Why no schedule set was computed.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The exploration or the executions could not support an input-covering set.
    #[error("no input-covering schedules: {0}")]
    Incomplete(Incomplete),
}

/// What `ravel schedules` computed.
pub struct Enumeration {
    pub file: File,
    pub coverage: Coverage,
    pub counts: Counts,
    /// Whether a `ravel_epoch()` call was ignored because other threads ran beside it.
    pub ignored_markers: bool,
    /// Where the first value made abstract (`ravel_abstract_*`) was, if any. The
    /// exploration followed each such value at one value: the set covers every input
    /// only if no synchronisation depends on them (the user's word), and the verdict
    /// under enforcement is unknown.
    pub abstracted: Option<ravel_vm::Abstraction>,
    /// Why the verdict under enforcement cannot be `safe` although every input may select
    /// an error-free schedule: a free suffix (`--prefix`: some execution was cut, so the
    /// set holds prefix schedules whose rest was not explored), else a value made
    /// abstract. With a cut, not `unsafe` either: the orders past the prefix that might
    /// serve an input were not explored.
    pub unverified: Option<ravel_explore::Unknown>,
}

/// The figures of Bergan's tables.
#[derive(Debug, Default, Clone)]
pub struct Counts {
    /// Which thread orders the exploration followed.
    pub exploration: Exploration,
    /// Executions the explorer ended (error-free and failing).
    pub executions: usize,
    /// Executions stopped at an epoch-start state whose continuations another path
    /// explored ("join on all threads").
    pub joined: usize,
    /// Executions stopped after the first synchronisation operations of an epoch
    /// (`--prefix`; counted in `executions` too).
    pub cut: usize,
    /// Schedules in the tree that leave the run free after their events.
    pub prefix_schedules: usize,
    /// Executions left out: a signal woke a waiter out of arrival order, which the native
    /// runtime never does (the explorer ran the same steps with the longest waiter too).
    pub out_of_order_wakes: usize,
    /// Per epoch depth (from 0): the number of schedule sets at that depth (one per
    /// schedule of the epoch before) and their sizes.
    pub per_epoch: Vec<Vec<usize>>,
    /// Schedules in the whole tree (those some input selects).
    pub total: usize,
    /// Orders the enumeration found in the epochs it built (the root, and the epochs below
    /// selected schedules), before the ones no input selects (an earlier schedule takes
    /// all their inputs) were dropped.
    pub enumerated: usize,
    /// The same per epoch depth, one entry per epoch built.
    pub enumerated_per_epoch: Vec<Vec<usize>>,
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

/// Which thread orders an enumeration explored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Exploration {
    /// One per path of the inputs' choices: none failed.
    #[default]
    OneOrderPerPath,
    /// One per path, then the threads one after another for the inputs of the paths whose
    /// order failed: none of those failed.
    SerialWhereFailing,
    /// Both, then every order for the inputs whose two orders failed.
    EveryOrderWhereFailing,
    /// Every order (asked for).
    EveryOrder,
}

/// How `ravel schedules` explores and what it keeps.
#[derive(Clone, Copy, Debug, Default)]
pub struct Settings {
    /// The program ignores the results of its barrier waits, whose order then does not
    /// matter (`barriers.rs`).
    pub barriers_unordered: bool,
    /// Keep the orders no input selects (to run each one natively).
    pub keep_unselected: bool,
    /// "Join on all threads" (`ravel_explore::DporOptions::join_at_epochs`).
    pub join_at_epochs: bool,
    /// Explore every thread order, not one per path of the inputs' choices.
    pub all_orders: bool,
    /// Bergan's prefix schedules: order only the first this many synchronisation
    /// operations of each epoch (`DporOptions::prefix_events`), which bounds the orders
    /// enumerated; the run is free natively after them.
    pub prefix_events: Option<u32>,
}

/// Explores `program` (named `name` in the file) and computes its input-covering
/// schedules. `base` carries the limits and the program's arguments; the engine,
/// granularity and error handling are set here.
///
/// A set need only cover every input, so the exploration first follows one thread order
/// per path of the inputs' choices (`DporOptions::one_order_per_path`): the paths' conditions
/// cover every input, and the program under enforcement runs those executions alone.
/// When some input's order fails (an error, a deadlock), another order may not: the
/// inputs of the failing paths (the disjunction of their conditions,
/// `ravel_explore::InputRegion`) are explored again with the threads one after another
/// (`OrderRule::Serial`), and those whose serial order fails too with every order. The
/// tree is built from the error-free executions of the first two explorations with every
/// execution of the last. Each input outside the last region has an error-free order;
/// inside it every order is known, so an input with only failing orders has no other.
pub fn enumerate(program: Arc<Program>, name: &str, base: &Options, settings: Settings) -> Result<Enumeration, Error> {
    let started = Instant::now();
    let remaining = || match base.budget.out_of_time() {
        true => Err(Error::Incomplete(Incomplete::Stopped(ravel_explore::Unknown::Time))),
        false => Ok(base.clone()),
    };
    let mut observer = Observer::new(settings.barriers_unordered);
    let mut exploration = Exploration::EveryOrder;
    // The inputs no error-free execution serves so far (a DAG node), once one order failed.
    let mut region = None;
    let mut abstracted = None;
    // The failing executions of the one-order explorations, listed in the tree at the end.
    let mut failed = Vec::new();
    if !settings.all_orders {
        let rungs = [
            (OrderRule::LeastRecent, Exploration::OneOrderPerPath),
            (OrderRule::Serial, Exploration::SerialWhereFailing),
        ];
        for (rule, answered) in rungs {
            let found;
            let within = region.map(|r| input_region(&observer.dag, r));
            (observer, found) = explore(program.clone(), &remaining()?, settings, Some(rule), within, observer)?;
            abstracted = abstracted.or(found);
            let (ok, failing): (Vec<_>, Vec<_>) =
                std::mem::take(&mut observer.executions).into_iter().partition(|e| e.ending == Ending::Ok);
            observer.executions = ok;
            if failing.is_empty() {
                observer.add_failing(failed);
                return build(observer, name, base, settings, answered, abstracted, started);
            }
            let pcs: Vec<u32> = failing.iter().map(|e| e.pc).collect();
            let inputs = observer.dag.or_all(&pcs);
            region = Some(match region {
                None => inputs,
                Some(r) => observer.dag.and_all(&[r, inputs]),
            });
            failed.extend(failing);
            observer.next_exploration();
        }
        exploration = Exploration::EveryOrderWhereFailing;
    }
    let within = region.map(|r| input_region(&observer.dag, r));
    let base = remaining()?;
    let (mut observer, also_abstracted) = explore(program, &base, settings, None, within, observer)?;
    observer.add_failing(failed);
    build(observer, name, &base, settings, exploration, abstracted.or(also_abstracted), started)
}

/// The inputs satisfying node `condition` of `dag`, for the explorer.
fn input_region(dag: &dag::Dag, condition: u32) -> ravel_explore::InputRegion {
    let dag = dag.clone();
    ravel_explore::InputRegion(Arc::new(move |pool: &mut ravel_sym::ExprPool| {
        dag.to_pool(condition, pool, &mut Default::default())
    }))
}

/// One exploration (one order per path by `one_order`, or every order; within `region`
/// if given) whose executions `observer` adds to its own; with where the first value made
/// abstract was.
fn explore(
    program: Arc<Program>,
    base: &Options,
    settings: Settings,
    one_order: Option<OrderRule>,
    region: Option<ravel_explore::InputRegion>,
    observer: Observer,
) -> Result<(Observer, Option<ravel_vm::Abstraction>), Error> {
    let observer = Arc::new(Mutex::new(observer));
    let sink = observer.clone();
    let opts = Options {
        engine: EngineKind::DPOR,
        granularity: ravel_vm::Granularity::Sync,
        detect_races: true,
        symbolic: true,
        all_errors: true,
        deadlocks_are_errors: true,
        memory_model: ravel_vm::MemoryModel::Sc,
        execution_sink: Some(ExecutionSink(Arc::new(move |m, end, states| {
            if let Ok(mut o) = sink.lock() {
                o.observe(m, end, states);
            }
        }))),
        input_region: region,
        // One order per path joins nothing (see `DporOptions::one_order_per_path`).
        dpor: ravel_explore::DporOptions {
            join_at_epochs: settings.join_at_epochs,
            one_order_per_path: one_order,
            prefix_events: settings.prefix_events,
            ..base.dpor.clone()
        },
        ..base.clone()
    };
    let outcome = ravel_explore::check(program, &opts);
    let unknown = match &outcome.verdict {
        Verdict::Unknown(why) => Some(why),
        _ => outcome.incomplete.as_ref(),
    };
    let abstracted = match unknown {
        Some(ravel_explore::Unknown::Abstracted(at)) => Some(at.clone()),
        Some(why) => return Err(Error::Incomplete(Incomplete::NotExhaustive(why.clone()))),
        None => None,
    };
    let mut observer =
        std::mem::take(&mut *observer.lock().map_err(|_| Error::Incomplete(Incomplete::Other("poisoned".into())))?);
    if let Some(why) = observer.problem.take() {
        return Err(Error::Incomplete(why));
    }
    Ok((observer, abstracted))
}

/// The tree built from the executions `observer` kept, its checks and figures.
fn build(
    observer: Observer,
    name: &str,
    base: &Options,
    settings: Settings,
    exploration: Exploration,
    abstracted: Option<ravel_vm::Abstraction>,
    started: Instant,
) -> Result<Enumeration, Error> {
    let owners = observer.owners();
    let Observer { dag, inputs, objects, events, executions, out_of_order_wakes, ignored_markers, .. } = observer;
    let src = tree::Source::new(&executions, owners);
    let mut levels = Levels {
        src: &src,
        events: &events,
        dag,
        checker: coverage::Checker::new(&inputs, base.solver_timeout),
        keep_unselected: settings.keep_unselected,
        enumerated: Vec::new(),
    };
    let everything = levels.checker.everything();
    let mut root = levels.epoch(&src.all(), 0, everything)?;
    let Levels { mut dag, checker, enumerated, .. } = levels;
    let coverage = checker.found;
    if let Some(why) = &coverage.undecided {
        return Err(Error::Incomplete(Incomplete::Other(format!("a coverage check was undecided: {why}"))));
    }
    simplify::finish(&mut root, &mut dag);
    let mut tree = decision::TreeSize::default();
    decision::measure(&root, &mut tree);
    let mut counts = Counts {
        exploration,
        executions: executions.iter().filter(|e| !e.joined).count(),
        joined: executions.iter().filter(|e| e.joined).count(),
        cut: executions.iter().filter(|e| e.cut).count(),
        out_of_order_wakes,
        enumerated: enumerated.iter().flatten().sum(),
        enumerated_per_epoch: enumerated,
        ..Counts::default()
    };
    count(&root, 0, &mut counts, &mut Vec::new());
    counts.selector_nodes = dag.nodes.len();
    counts.selector_tree = tree;
    counts.analysis = started.elapsed();
    let free_suffix = settings.prefix_events.filter(|_| counts.cut > 0).map(ravel_explore::Unknown::FreeSuffix);
    let unverified = free_suffix.or_else(|| abstracted.clone().map(ravel_explore::Unknown::Abstracted));
    let file = File { format: FORMAT.into(), program: name.into(), inputs, exprs: dag.nodes, objects, events, root };
    Ok(Enumeration { file, coverage, counts, ignored_markers, abstracted, unverified })
}

/// Schedules the tree may hold with `--keep-unselected` (every order below every order:
/// with joins, the epochs' orders multiply again).
const MAX_KEPT: usize = 200_000;

/// Builds the epoch tree from the root down, one epoch at a time: its schedules, their
/// checks, its decision tree, then (unless every order is kept) only the schedules the
/// tree picks get the epochs below them. So with joins, where one epoch-start state's
/// continuations hang below every order that reaches it, only the selected orders pay.
struct Levels<'a> {
    src: &'a tree::Source<'a>,
    events: &'a [ravel_schedule_format::Event],
    dag: dag::Dag,
    checker: coverage::Checker<'a>,
    keep_unselected: bool,
    /// Per epoch depth, the orders each built epoch had before the unselected were dropped.
    enumerated: Vec<Vec<usize>>,
}

impl Levels<'_> {
    fn epoch(&mut self, views: &[tree::View], depth: u32, reaching: ravel_sym::ExprId) -> Result<Epoch, Error> {
        let tree::Level { epoch: mut ep, later } = tree::level(self.src, views, depth, self.events, &mut self.dag);
        let goes_on = self.checker.level(&mut ep, reaching, depth as usize, &mut self.dag);
        decision::build(&mut ep, &self.dag.nodes);
        let d = depth as usize;
        if self.enumerated.len() <= d {
            self.enumerated.resize(d + 1, Vec::new());
        }
        self.enumerated[d].push(ep.schedules.len());
        let kept = if self.keep_unselected { vec![true; ep.schedules.len()] } else { decision::prune(&mut ep) };
        if self.enumerated.iter().flatten().sum::<usize>() > MAX_KEPT && self.keep_unselected {
            return Err(Error::Incomplete(Incomplete::TooManyKept(MAX_KEPT)));
        }
        let below = later.into_iter().zip(goes_on).zip(kept).filter(|(_, k)| *k).map(|(x, _)| x);
        for (s, (later, on)) in ep.schedules.iter_mut().zip(below.collect::<Vec<_>>()) {
            if !later.is_empty() {
                s.next = Some(Box::new(self.epoch(&later, depth + 1, on)?));
            }
        }
        Ok(ep)
    }
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
    counts.prefix_schedules += epoch.schedules.iter().filter(|s| s.free_after).count();
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
