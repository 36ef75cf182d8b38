//! `ravel schedules`: input-covering schedules (`crates/schedules`), written as a
//! `ravel-schedules/1` file that `ravel enforce build --schedules` embeds in the native
//! program, and `--check`: the verdict for the program run under them.

use crate::flags::Flagged;
use anyhow::Result;
use ravel_explore::Options;
use ravel_schedules::{Enumeration, Error, Exploration};
use std::path::PathBuf;
use std::time::Duration;

/// The arguments of `ravel schedules`.
#[derive(clap::Args)]
pub struct SchedulesArgs {
    /// C files (or .i, .ll, .bc).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Write the schedules here (for `ravel enforce build --schedules`).
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Report one verdict for the program run under the schedules: safe when every input
    /// selects an error-free schedule, unsafe when some input has only failing ones.
    #[arg(long)]
    check: bool,
    /// Keep every order the enumeration found, also those no input selects (an earlier
    /// schedule takes all their inputs), e.g. to run each one natively.
    #[arg(long)]
    keep_unselected: bool,
    /// Place no epoch markers automatically (only `ravel_epoch()` calls divide epochs).
    #[arg(long)]
    no_auto_epochs: bool,
    /// Explore every epoch below every order of the epoch before, instead of once per
    /// distinct epoch-start state ("join on all threads"; for comparison).
    #[arg(long)]
    no_join: bool,
    /// Explore every thread order, not only one per path of the inputs' choices (which
    /// covers every input; when one of those fails, its inputs get the threads one after
    /// another, then every order if that fails too).
    #[arg(long)]
    all_orders: bool,
    /// Prefix schedules (Bergan): order only the first N synchronisation operations of
    /// each epoch and leave the rest of the run free natively. Fewer orders to enumerate,
    /// but the free rest is not explored: `--check` then says unknown.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    prefix: Option<u32>,
    /// Print the figures as one JSON object on stdout instead.
    #[arg(long)]
    json: bool,
    /// Seconds the exploration may take (past them the schedules are incomplete).
    #[arg(long, default_value = "600", value_parser = crate::args::seconds)]
    timeout: Duration,
    /// Executions the exploration may run.
    #[arg(long)]
    max_executions: Option<u64>,
    /// Seconds per solver query.
    #[arg(long, default_value = "30", value_parser = crate::args::seconds)]
    solver_timeout: Duration,
    /// Program arguments (argv[1..]): the words after it up to `--` or ravel's next long
    /// option; a word spelled like one of ravel's options is given as --args=WORD.
    #[arg(long, value_name = "WORDS", allow_hyphen_values = true, action = clap::ArgAction::Append)]
    args: Vec<String>,
    /// Extra clang flags, after `--`.
    #[arg(last = true)]
    clang_flags: Vec<String>,
}

/// Runs `ravel schedules`. Exit codes: 0 when every input is covered by an error-free
/// schedule, 1 when some input is not (a bug: the failing orders are listed), 2 when no
/// set could be computed (unknown), or with `--check` when the verdict is unknown (a value
/// made abstract, a free suffix after prefix schedules).
pub fn run(a: SchedulesArgs) -> Result<u8> {
    let loaded = ravel_schedules::load(&a.files, &a.clang_flags, !a.no_auto_epochs)?;
    for note in &loaded.program.notes {
        eprintln!("ravel: note: {note}");
    }
    let placed = loaded.markers;
    let barriers_unordered = loaded.barrier_results_ignored;
    let program = std::sync::Arc::new(loaded.program);
    let name = a.files[0].display().to_string();
    let mut argv = vec![name.clone()];
    argv.extend(a.args);
    let opts = Options {
        argv,
        budget: ravel_explore::Budget::new(Some(a.timeout), a.max_executions),
        solver_timeout: a.solver_timeout.max(Duration::from_millis(1)),
        ..Options::default()
    };
    let settings = ravel_schedules::Settings {
        barriers_unordered,
        keep_unselected: a.keep_unselected,
        join_at_epochs: !a.no_join,
        all_orders: a.all_orders,
        prefix_events: a.prefix,
    };
    let e = match ravel_schedules::enumerate(program, &name, &opts, settings) {
        Ok(e) => e,
        Err(Error::Incomplete(why)) => {
            let why = Flagged(&why);
            match a.json {
                true => {
                    crate::output::out!("{}", serde_json::json!({ "verdict": "unknown", "reason": why.to_string() }))
                }
                false => crate::output::out!("unknown: no input-covering schedules: {why}"),
            }
            return Ok(2);
        }
    };
    match a.json {
        true => crate::output::out!("{}", summary_json(&e, a.check, placed)),
        false => {
            if placed > 0 {
                crate::output::out!("epoch markers placed at the heads of {placed} fork-join loop(s)");
            }
            print_summary(&e)
        }
    }
    if let Some(out) = &a.output {
        let text = serde_json::to_string(&e.file)?;
        crate::output::write_file(out, (text + "\n").as_bytes())?;
    }
    let covered = e.coverage.uncovered.is_none();
    if a.check && !a.json {
        print_verdict(&e);
    }
    Ok(match (covered, a.check && e.unverified.is_some()) {
        (_, true) => 2,
        (true, false) => 0,
        (false, false) => 1,
    })
}

/// What a set computed with abstract values covers.
const ABSTRACTED: &str = "values made abstract (ravel_abstract) were explored at one value each: the schedules cover \
every input only if no synchronisation depends on them, and no verdict is safe";

/// Bergan's table columns: epochs, schedules per epoch, total, infeasible, deadlocking,
/// analysis time, selector size.
fn print_summary(e: &Enumeration) {
    let c = &e.counts;
    let sizes: Vec<String> = c
        .per_epoch
        .iter()
        .enumerate()
        .map(|(i, sets)| {
            let n: usize = sets.iter().sum();
            let (min, max) = (sets.iter().min().unwrap_or(&0), sets.iter().max().unwrap_or(&0));
            format!(
                "epoch {}: {n} schedules in {} set(s) (min {min}, max {max}, avg {:.1})",
                i + 1,
                sets.len(),
                n as f64 / sets.len().max(1) as f64
            )
        })
        .collect();
    crate::output::out!("exploration: {}", exploration(c));
    crate::output::out!("epochs: {}; {}", c.per_epoch.len(), sizes.join("; "));
    let orders: Vec<String> = c
        .enumerated_per_epoch
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let (min, max) = (n.iter().min().unwrap_or(&0), n.iter().max().unwrap_or(&0));
            let avg = n.iter().sum::<usize>() as f64 / n.len().max(1) as f64;
            format!("epoch {}: min {min}, max {max}, avg {avg:.1}", i + 1)
        })
        .collect();
    crate::output::out!("orders enumerated per epoch: {}", orders.join("; "));
    let distinct: Vec<String> = c.distinct_per_epoch.iter().map(|sets| format!("{sets:?}")).collect();
    crate::output::out!(
        "schedules: {} total ({} orders enumerated, the others never selected), {} in distinct sets (per epoch: {}), {} infeasible, {} deadlocking, {} with another error (from {} executions, {} more joined at an epoch-start state; {} left out: a signal woke a later waiter)",
        c.total,
        c.enumerated,
        c.distinct_total,
        distinct.join(" "),
        e.coverage.infeasible,
        c.deadlocking,
        c.erroneous,
        c.executions,
        c.joined,
        c.out_of_order_wakes
    );
    let t = &c.selector_tree;
    let lists = match t.too_large {
        0 => String::new(),
        n => format!(", {n} epoch(s) over {} tree nodes keep the ordered list", ravel_schedules::MAX_TREE_NODES),
    };
    crate::output::out!(
        "selector: {} schedules over {} inputs, {} expression nodes, decision trees of {} nodes (depth {}){lists}; analysis {:.2} s",
        c.total,
        e.file.inputs.len(),
        c.selector_nodes,
        t.nodes,
        t.depth,
        c.analysis.as_secs_f64()
    );
    if e.ignored_markers {
        crate::output::out!("note: ravel_epoch() calls made while other threads ran did not start epochs");
    }
    if let Some(at) = &e.abstracted {
        crate::output::out!("note: {ABSTRACTED} (first at {at})");
    }
    if c.cut > 0 {
        crate::output::out!(
            "prefix: {} execution(s) stopped after an epoch's first synchronisation operations; {} schedule(s) leave the run free after their events",
            c.cut, c.prefix_schedules
        );
    }
    match &e.coverage.uncovered {
        None => crate::output::out!("coverage: every input selects an error-free schedule (checked with Z3)"),
        Some((epoch, values)) => {
            crate::output::out!("coverage: inputs {values:?} select no error-free schedule in epoch {}", epoch + 1)
        }
    }
}

/// Which thread orders the exploration followed.
fn exploration(c: &ravel_schedules::Counts) -> &'static str {
    match c.exploration {
        Exploration::OneOrderPerPath => "one thread order per path of the inputs' choices",
        Exploration::SerialWhereFailing => {
            "one thread order per path of the inputs' choices, then the threads one after another for the inputs \
             whose order failed"
        }
        Exploration::EveryOrderWhereFailing => {
            "one thread order per path of the inputs' choices, then the threads one after another for the inputs \
             whose order failed, then every order for those whose serial order failed too"
        }
        Exploration::EveryOrder => "every thread order",
    }
}

/// The figures of [`print_summary`] (and the verdict with `--check`) as JSON.
fn summary_json(e: &Enumeration, check: bool, markers_placed: usize) -> serde_json::Value {
    let c = &e.counts;
    let verdict = match (&e.coverage.uncovered, check) {
        (_, false) => None,
        _ if e.unverified.is_some() => Some("unknown"),
        (None, true) => Some("safe"),
        (Some(_), true) => Some("unsafe"),
    };
    serde_json::json!({
        "exploration": match c.exploration {
            Exploration::OneOrderPerPath => "one order per path",
            Exploration::SerialWhereFailing => "serial order where one failed",
            Exploration::EveryOrderWhereFailing => "every order where two failed",
            Exploration::EveryOrder => "every order",
        },
        "epochs": c.per_epoch.len(),
        "markers_placed": markers_placed,
        "schedule_sets_per_epoch": c.per_epoch,
        "total": c.total,
        "enumerated": c.enumerated,
        "enumerated_per_epoch": c.enumerated_per_epoch,
        "joined": c.joined,
        "distinct_sets_per_epoch": c.distinct_per_epoch,
        "distinct_total": c.distinct_total,
        "infeasible": e.coverage.infeasible,
        "deadlocking": c.deadlocking,
        "erroneous": c.erroneous,
        "executions": c.executions,
        "out_of_order_wakes": c.out_of_order_wakes,
        "inputs": e.file.inputs.len(),
        "selector_nodes": c.selector_nodes,
        "selector_tree_nodes": c.selector_tree.nodes,
        "selector_tree_depth": c.selector_tree.depth,
        "selector_lists": c.selector_tree.too_large,
        "analysis_seconds": c.analysis.as_secs_f64(),
        "uncovered": e.coverage.uncovered.as_ref().map(|(epoch, values)| serde_json::json!({ "epoch": epoch + 1, "inputs": values })),
        "verdict": verdict,
        "abstracted": e.abstracted.as_ref().map(ToString::to_string),
        "cut": c.cut,
        "prefix_schedules": c.prefix_schedules,
        "reason": e.unverified.as_ref().filter(|_| check).map(|why| Flagged(why).to_string()),
    })
}

/// `--check`: the program under enforcement runs only the selected schedules, each an
/// order under which the selecting inputs run one of the error-free executions merged into
/// it; so it is safe exactly when every input selects one.
fn print_verdict(e: &Enumeration) {
    if let Some(why) = &e.unverified {
        crate::output::out!("verdict under enforcement: unknown: {}", Flagged(why));
        return;
    }
    match &e.coverage.uncovered {
        None => crate::output::out!("verdict under enforcement: safe"),
        Some(_) => {
            crate::output::out!("verdict under enforcement: unsafe (an input with only failing schedules)");
            for f in failing(&e.file.root) {
                crate::output::out!("  failing order: {}: {}", f.kind, f.message);
            }
        }
    }
}

fn failing(epoch: &ravel_schedule_format::Epoch) -> Vec<&ravel_schedule_format::Failing> {
    let mut out: Vec<&ravel_schedule_format::Failing> = epoch.failing.iter().collect();
    for s in &epoch.schedules {
        if let Some(next) = &s.next {
            out.extend(failing(next));
        }
    }
    out
}
