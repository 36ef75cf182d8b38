//! `ravel predict`: symbolic predictive analysis of one recorded execution, every
//! prediction confirmed by replay (and exploring on where the replay diverges) and
//! reported with an ordinary witness; a recorded execution that fails is reported so too.

use crate::error_text::render_interleaving;
use crate::flags::Flagged;
use crate::json_report;
use crate::place::place;
use crate::program::load_program;
use anyhow::{Context, Result};
use clap::ValueEnum;
use ravel_explore::{Options, Witness};
use ravel_ir::Program;
use ravel_predict::{Confirmed, Finding, Origin, PropertyKind, Report, Source};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// Which properties `ravel predict` checks.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PropertyArg {
    /// Assertion failures.
    Assert,
    /// Data races.
    Race,
    /// Atomicity violations of critical sections.
    Atomicity,
    /// Double lock, unlock of a mutex not held.
    Locks,
    /// All of the above.
    All,
}

/// The arguments of `ravel predict`.
#[derive(clap::Args)]
pub struct PredictArgs {
    /// A .c, .i, .ll or .bc file.
    file: PathBuf,
    /// Record the run `ravel run --seed N` makes.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Record the execution of this witness instead.
    #[arg(long)]
    witness: Option<PathBuf>,
    /// Record a run without preemption instead: each thread runs until it blocks or ends
    /// (inputs still come from the seed).
    #[arg(long, conflicts_with = "witness")]
    sequential: bool,
    /// Properties to check.
    #[arg(long, value_enum, default_value_t = PropertyArg::All)]
    property: PropertyArg,
    /// Only reorderings with at most K context switches (unsound by design).
    #[arg(long, value_name = "K")]
    context_bound: Option<u32>,
    /// Write the witness of the first confirmed violation here (for `ravel replay`).
    #[arg(long, value_name = "FILE")]
    save_witness: Option<PathBuf>,
    /// Seconds per solver query.
    #[arg(long, default_value = "30", value_parser = crate::args::seconds)]
    solver_timeout: Duration,
    /// Instructions the recorded execution may run.
    #[arg(long)]
    max_steps: Option<u64>,
    /// Seconds after which no more candidates are asked of the solver (those left are
    /// undecided: exit 2 unless a violation was confirmed).
    #[arg(long, default_value = "600", value_parser = crate::args::seconds)]
    timeout: Duration,
    /// Print the report as one JSON object on stdout.
    #[arg(long)]
    json: bool,
    /// Extra clang flags, after `--`.
    #[arg(last = true)]
    clang_flags: Vec<String>,
}

/// Runs `ravel predict`; the exit code is 1 when a violation was confirmed (or the recorded
/// run itself fails), 2 when candidates were left undecided, 0 otherwise.
pub fn run(args: PredictArgs) -> Result<u8> {
    let started = std::time::Instant::now();
    let program = load_program(std::slice::from_ref(&args.file), &args.clang_flags)?;
    let source = match &args.witness {
        Some(path) => {
            let text = crate::input_file::read_text(path)?;
            let w: Witness =
                serde_json::from_str(&text).with_context(|| format!("{} is not a ravel witness", path.display()))?;
            Source::Witness(Box::new(w))
        }
        None if args.sequential => Source::Sequential(args.seed),
        None => Source::Seed(args.seed),
    };
    let properties = match args.property {
        PropertyArg::Assert => vec![PropertyKind::Assert],
        PropertyArg::Race => vec![PropertyKind::Race],
        PropertyArg::Atomicity => vec![PropertyKind::Atomicity],
        PropertyArg::Locks => vec![PropertyKind::Locks],
        PropertyArg::All => {
            vec![PropertyKind::Assert, PropertyKind::Race, PropertyKind::Atomicity, PropertyKind::Locks]
        }
    };
    let opts = ravel_predict::Options {
        source,
        properties,
        context_bound: args.context_bound,
        query_timeout: args.solver_timeout.max(Duration::from_millis(1)),
        max_steps: args.max_steps.unwrap_or(u64::MAX),
        deadline: Some(started + args.timeout),
    };
    let report = ravel_predict::predict(program.clone(), &opts).map_err(|e| match e {
        ravel_predict::PredictError::SyncWitness => {
            anyhow::anyhow!(
                "{e}: predict follows witnesses of `--interleave all` (ravel check --interleave all --witness FILE)"
            )
        }
        e => e.into(),
    })?;
    let witnesses: Vec<Witness> = report
        .confirmed
        .iter()
        .map(|c| complete(&c.witness, &program, &args.file, &args.clang_flags))
        .collect::<Result<_>>()?;
    if let (Some(path), Some(w)) = (&args.save_witness, witnesses.first()) {
        crate::witness::write(path, w)?;
    }
    if args.json {
        crate::output::out!("{}", to_json(&program, &args.file, &report, &witnesses, args.context_bound));
    } else {
        eprint!("{}", render(&program, &report, &witnesses, args.context_bound));
    }
    Ok(match (report.confirmed.is_empty(), &report.incomplete) {
        (false, _) => 1,
        (true, Some(_)) => 2,
        (true, None) => 0,
    })
}

/// The witness header `ravel replay` needs (program, flags, the granularity predictions
/// are replayed under, the source hash); the rest is the prediction's.
fn complete(w: &Witness, program: &ravel_ir::Program, file: &Path, clang_flags: &[String]) -> Result<Witness> {
    let w = Witness { interleave: "all".into(), ..w.clone() };
    crate::witness::sealed(crate::witness::complete(&w, program, &[file.to_path_buf()], clang_flags))
}

/// How a violation was confirmed, for people and for the JSON report.
fn origin_text(c: &Confirmed) -> String {
    match c.origin {
        Origin::Recorded => "in the recorded run".into(),
        Origin::Replayed(_) => "predicted, confirmed by replay".into(),
        Origin::Explored(_, n) => format!(
            "predicted, confirmed by exploring on from where the replay left the predicted schedule: {n} execution{}",
            if n == 1 { "" } else { "s" }
        ),
    }
}

fn finding_text(program: &Program, f: &Finding) -> (String, String, String) {
    match f {
        Finding::Error(e) => (e.kind.name().to_string(), e.message.clone(), place(program, e.loc)),
        Finding::Atomicity { thread, sites } => (
            "atomicity-violation".into(),
            format!(
                "an access at {} comes between the accesses at {} and {} of one critical section of thread {thread}",
                place(program, sites[1]),
                place(program, sites[0]),
                place(program, sites[2])
            ),
            place(program, sites[2]),
        ),
    }
}

fn render(program: &Arc<Program>, report: &Report, witnesses: &[Witness], bound: Option<u32>) -> String {
    let st = &report.stats;
    let mut s = format!(
        "ravel: predict: recorded {} threads, {} events ({} after slicing), {} shared variables, {} π-functions\n",
        st.threads, st.events, st.events_sliced, st.shared_vars, st.pi_functions
    );
    if st.windows > 0 {
        s.push_str(&format!(
            "ravel: predict: reordered {} windows of the trace (up to {} events each)\n",
            st.windows, st.window_events
        ));
    }
    match &report.observed {
        Some(ravel_vm::End::Exit(code)) => {
            s.push_str(&format!("ravel: predict: the recorded run exits with status {code}\n"))
        }
        Some(ravel_vm::End::Error(_)) => {
            s.push_str("ravel: predict: the recorded run itself fails (nothing is predicted from a failing run)\n")
        }
        Some(other) => s.push_str(&format!("ravel: predict: the recorded run ends: {other:?}\n")),
        None => {}
    }
    for (c, w) in report.confirmed.iter().zip(witnesses) {
        let (kind, message, at) = finding_text(program, &c.finding);
        // The run `ravel replay` shows: its thread names and interleaving.
        let m = ravel_explore::replay(program.clone(), w, &Options::default(), false).ok();
        let thread = match &c.finding {
            Finding::Error(e) => e.thread,
            Finding::Atomicity { thread, .. } => *thread,
        };
        let name = m.as_ref().and_then(|m| m.threads().get(thread).map(|t| t.name())).unwrap_or(thread.to_string());
        s.push_str(&format!("error: {kind}: {message} ({})\n  --> {at} (thread {name})\n", origin_text(c)));
        if let Some(m) = m {
            s.push_str(&render_interleaving(program, m.trace(), |t| m.threads()[t].name()));
        }
    }
    for u in &report.unconfirmed {
        s.push_str(&format!("unconfirmed: {}: {}: {}\n", u.property.name(), u.what, Flagged(&u.why)));
    }
    let within = bound.map(|k| format!(" within {k} context switches")).unwrap_or_default();
    let verdict = if let (true, Some(why)) = (report.confirmed.is_empty(), &report.incomplete) {
        format!("unknown: {}{within}", Flagged(why))
    } else if report.confirmed.is_empty() {
        format!("no violation predicted{within}")
    } else if report.confirmed.iter().all(|c| c.origin == Origin::Recorded) {
        "the recorded run is a violation".to_string()
    } else {
        format!("{} violations predicted and confirmed{within}", report.confirmed.len())
    };
    s.push_str(&format!(
        "ravel: predict: {verdict}; {} candidates ({} after pruning), {} queries ({} sat, {} unknown), record {:.2}s, encode {:.2}s, solve {:.2}s, total {:.2}s\n",
        st.candidates,
        st.candidates_pruned,
        st.queries,
        st.sat,
        st.unknown,
        st.record_time.as_secs_f64(),
        st.encode_time.as_secs_f64(),
        st.solve_time.as_secs_f64(),
        st.total_time.as_secs_f64()
    ));
    s
}

/// The JSON report of `predict`, in the shape of every report (see
/// [`crate::json_report`]): each confirmed violation is an error with its witness; the
/// predictions and statistics follow.
fn to_json(
    program: &Program,
    file: &Path,
    report: &Report,
    witnesses: &[Witness],
    bound: Option<u32>,
) -> serde_json::Value {
    let mut sources = crate::source::Sources::default();
    let errors = report
        .confirmed
        .iter()
        .zip(witnesses)
        .map(|(c, w)| {
            let witness = serde_json::to_value(w).ok();
            match &c.finding {
                Finding::Error(e) => json_report::error(program, e, None, witness, &mut sources),
                Finding::Atomicity { thread, sites } => {
                    let (kind, message, _) = finding_text(program, &c.finding);
                    let mut at = |l| json_report::location(program, l, thread.to_string(), &mut sources);
                    let (location, related) = (at(sites[1]), vec![at(sites[0]), at(sites[2])]);
                    json!({"kind": kind, "message": message, "location": location, "related": related,
                           "interleaving": [], "inputs": [], "witness": witness})
                }
            }
        })
        .collect();
    let verdict = match (report.confirmed.is_empty(), &report.incomplete) {
        (false, _) => "unsafe",
        (true, Some(_)) => "unknown",
        (true, None) => "ok",
    };
    let reason = report.incomplete.as_ref().filter(|_| verdict == "unknown").map(|why| Flagged(why).to_string());
    let header =
        json_report::Header { command: "predict", program: file, verdict, reason, notes: &[], memory_model: "sc" };
    json_report::report(header, errors, predict_fields(program, report, witnesses, bound))
}

/// What only `predict` reports: the predictions, confirmed or not, and its statistics.
fn predict_fields(program: &Program, report: &Report, witnesses: &[Witness], bound: Option<u32>) -> serde_json::Value {
    let st = &report.stats;
    json!({
        "confirmed": report.confirmed.iter().zip(witnesses).map(|(c, w)| {
            let (kind, message, at) = finding_text(program, &c.finding);
            json!({"property": c.origin.property().map(PropertyKind::name), "confirmed_by": origin_text(c),
                   "kind": kind, "message": message, "at": at, "witness": w})
        }).collect::<Vec<_>>(),
        "unconfirmed": report.unconfirmed.iter().map(|u| json!({
            "property": u.property.name(), "what": u.what, "why": Flagged(&u.why).to_string(),
        })).collect::<Vec<_>>(),
        "context_bound": bound,
        "stats": {
            "threads": st.threads,
            "events": st.events,
            "events_sliced": st.events_sliced,
            "shared_vars": st.shared_vars,
            "pi_functions": st.pi_functions,
            "sources": st.sources,
            "sources_pruned": st.sources_pruned,
            "reads_fixed": st.reads_fixed,
            "lock_pairs": st.lock_pairs,
            "candidates": st.candidates,
            "candidates_pruned": st.candidates_pruned,
            "queries": st.queries,
            "sat": st.sat,
            "unknown": st.unknown,
            "windows": st.windows,
            "window_events": st.window_events,
            "record_seconds": st.record_time.as_secs_f64(),
            "encode_seconds": st.encode_time.as_secs_f64(),
            "solve_seconds": st.solve_time.as_secs_f64(),
            "seconds": st.total_time.as_secs_f64(),
            "peak_memory_mib": json_report::peak_memory_mib(),
        },
    })
}
