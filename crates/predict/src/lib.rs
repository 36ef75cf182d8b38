//! Symbolic predictive analysis (`ravel predict`), after Wang, Kundu, Limaye, Ganai and
//! Gupta, "Symbolic Predictive Analysis for Concurrent Programs" (the tool Fusion).
//!
//! One execution is recorded as a concurrent trace program (`record`): per thread, its
//! shared accesses, synchronisation and the guards of its path, every shared read a fresh
//! variable. The trace is sliced to what the properties can depend on (`slice`), encoded in
//! concurrent SSA with π-functions and an integer order per event (`encode`), and for each
//! candidate violation (`candidates`) Z3 is asked for a feasible reordering. Every model
//! becomes a schedule (`schedule`) that the vm replays (`confirm`), exploring on where the
//! replay leaves the predicted schedule (`onward`): only errors the vm really hits are
//! reported, each with an ordinary witness. A recorded execution that fails is reported
//! as it is.

mod candidates;
mod confirm;
mod encode;
mod onward;
mod record;
mod schedule;
mod slice;
mod sources;
mod trace;
mod window;

pub use candidates::PropertyKind;
pub use confirm::{Finding, NotConfirmed};
pub use record::Source;

use ravel_explore::Witness;
use ravel_ir::Program;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What `ravel predict` looks for and how.
#[derive(Clone, Debug)]
pub struct Options {
    /// The execution to record.
    pub source: Source,
    /// The properties checked.
    pub properties: Vec<PropertyKind>,
    /// Only reorderings with at most this many context switches (unsound by design).
    pub context_bound: Option<u32>,
    /// Time limit of one solver query.
    pub query_timeout: Duration,
    /// Instructions the recorded execution may run.
    pub max_steps: u64,
    /// When the analysis stops asking the solver (the candidates left are undecided).
    pub deadline: Option<Instant>,
}

/// A violation the vm confirmed: a real error and the witness that reaches it.
#[derive(Clone, Debug)]
pub struct Confirmed {
    pub origin: Origin,
    pub finding: Finding,
    pub witness: Witness,
}

/// Where a confirmed violation comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The recorded execution itself fails (nothing is predicted from a failing run).
    Recorded,
    /// A prediction for this property whose schedule the replay followed to the error.
    Replayed(PropertyKind),
    /// A prediction for this property whose replay left the predicted schedule (a thread
    /// took the other side of a branch): exploring on from there reached the error after
    /// this many executions.
    Explored(PropertyKind, u64),
}

impl Origin {
    /// The property whose candidate led here (none for the recorded execution).
    pub fn property(self) -> Option<PropertyKind> {
        match self {
            Origin::Recorded => None,
            Origin::Replayed(p) | Origin::Explored(p, _) => Some(p),
        }
    }
}

/// A prediction whose schedule did not reproduce an error in the vm.
#[derive(Clone, Debug)]
pub struct Unconfirmed {
    pub property: PropertyKind,
    /// What was predicted, in source terms.
    pub what: String,
    /// What the replay did instead.
    pub why: NotConfirmed,
}

/// Sizes and times of one analysis (the columns of the benchmark tables).
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub threads: usize,
    pub events: usize,
    pub events_sliced: usize,
    pub shared_vars: usize,
    pub pi_functions: usize,
    /// Sources of the valued reads (writes and initial values) before and after pruning,
    /// reads with one fixed source, and lock-section pairs constrained.
    pub sources: usize,
    pub sources_pruned: usize,
    pub reads_fixed: usize,
    pub lock_pairs: usize,
    pub candidates: usize,
    /// Candidates left after must-happen-before and lockset pruning.
    pub candidates_pruned: usize,
    pub queries: usize,
    pub sat: usize,
    pub unknown: usize,
    /// Windows of the trace encoded when the whole trace was too large, and the events
    /// in the largest one.
    pub windows: usize,
    pub window_events: usize,
    pub record_time: Duration,
    pub encode_time: Duration,
    pub solve_time: Duration,
    pub total_time: Duration,
}

/// The result of `ravel predict`.
#[derive(Debug)]
pub struct Report {
    /// How the recorded execution itself ended (an error there is the one violation confirmed).
    pub observed: Option<ravel_vm::End>,
    pub confirmed: Vec<Confirmed>,
    pub unconfirmed: Vec<Unconfirmed>,
    /// Why some candidates were not decided (the formula too large, solver time-outs):
    /// no violation predicted then means none found, not none exists.
    pub incomplete: Option<Undecided>,
    pub stats: Stats,
}

/// Why some candidates were left undecided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Undecided {
    /// The time limit was reached.
    OutOfTime,
    /// The formula was too large, or solver queries ran out of time, in words.
    Other(String),
}

impl std::fmt::Display for Undecided {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Undecided::OutOfTime => write!(f, "the time limit was reached: the candidates left were not decided"),
            Undecided::Other(why) => write!(f, "{why}"),
        }
    }
}

/// Why the analysis could not run.
#[derive(Debug, thiserror::Error)]
pub enum PredictError {
    #[error("{0}")]
    Source(String),
    /// A witness of a check under sync granularity: its steps leave the plain accesses
    /// out, and a trace needs them.
    #[error("the witness's steps are synchronisation operations only")]
    SyncWitness,
}

/// Records one execution of `program` and reports the errors that feasible reorderings of
/// it reach (each confirmed by replay).
pub fn predict(program: Arc<Program>, opts: &Options) -> Result<Report, PredictError> {
    let start = Instant::now();
    let observed = record::record(program.clone(), &opts.source, opts.max_steps)?;
    let mut stats = Stats { record_time: start.elapsed(), ..Stats::default() };
    let full = trace::Trace::new(&observed);
    stats.threads = full.threads.len();
    stats.events = full.events.len();
    let sliced = slice::slice(&full, &observed.pool(), &opts.properties);
    stats.events_sliced = sliced.events.len();
    stats.shared_vars = sliced.locations();
    let mut found = Findings::default();
    let mut incomplete = None;
    if let Some(e) = observed.end_error() {
        let witness = observed.witness();
        found.confirmed.push(Confirmed { origin: Origin::Recorded, finding: Finding::Error(e.clone()), witness });
    } else {
        let t0 = Instant::now();
        let pool = observed.pool();
        let encoded = encode::Encoder::new(&sliced, &pool, opts.context_bound, opts.query_timeout, None);
        stats.encode_time = t0.elapsed();
        let cands = candidates::candidates(&sliced, &pool, &program, &opts.properties);
        stats.candidates = cands.found;
        stats.candidates_pruned = cands.list.len();
        let sizes = match &encoded {
            Ok(enc) => enc.sizes,
            Err(too_large) => too_large.sizes,
        };
        stats.sources = sizes.sources;
        stats.sources_pruned = sizes.sources_pruned;
        stats.reads_fixed = sizes.reads_fixed;
        stats.lock_pairs = sizes.lock_pairs;
        let run = Run { program: &program, observed: &observed, trace: &sliced, deadline: opts.deadline };
        match encoded {
            Ok(mut enc) => {
                stats.pi_functions = enc.pi_functions;
                let undecided = run.candidates(&mut enc, cands.list.iter(), &mut stats, &mut found);
                // What the solver could not decide on the whole trace, windows may still find.
                if !undecided.is_empty()
                    && opts.context_bound.is_none()
                    && sliced.events.len() > window::EVENTS_PER_WINDOW
                {
                    let timed_out = undecided.len();
                    let why = run.windows(&undecided, opts, &mut stats, &mut found);
                    incomplete = Some(format!("{timed_out} solver queries on the whole trace ran out of time; {why}"));
                }
            }
            Err(_) if cands.list.is_empty() => {}
            Err(_) if opts.context_bound.is_some() => {
                incomplete = Some(too_large_text(&sizes));
            }
            Err(_) => {
                let why = run.windows(&cands.list, opts, &mut stats, &mut found);
                incomplete = Some(format!("{}; {why}", too_large_text(&sizes)));
            }
        }
    }
    let Findings { confirmed, unconfirmed, out_of_time, .. } = found;
    stats.total_time = start.elapsed();
    let incomplete = match out_of_time {
        true => Some(Undecided::OutOfTime),
        false => incomplete
            .or_else(|| (stats.unknown > 0).then(|| format!("{} solver queries ran out of time", stats.unknown)))
            .map(Undecided::Other),
    };
    Ok(Report { observed: observed.end.clone(), confirmed, unconfirmed, incomplete, stats })
}

fn too_large_text(sizes: &encode::Sizes) -> String {
    format!(
        "the formula of the whole trace is too large to build ({} read sources, {} lock-section pairs after pruning)",
        sizes.sources_pruned, sizes.lock_pairs
    )
}

/// What the queries found so far.
#[derive(Default)]
struct Findings {
    confirmed: Vec<Confirmed>,
    unconfirmed: Vec<Unconfirmed>,
    /// Violations already reported, by kind and places.
    seen: rustc_hash::FxHashSet<(&'static str, [ravel_ir::SrcLoc; 3])>,
    /// Candidate sites already confirmed (their other instances are not asked).
    done_sites: rustc_hash::FxHashSet<[ravel_ir::SrcLoc; 3]>,
    /// Time spent confirming so far, replays included (see [`EXPLORING_TIME`]).
    confirming: Duration,
    /// The deadline passed before every candidate was asked.
    out_of_time: bool,
}

/// One analysis: the program, its recorded run and the sliced trace.
struct Run<'a> {
    program: &'a Arc<Program>,
    observed: &'a record::Observed,
    trace: &'a trace::Trace,
    deadline: Option<Instant>,
}

/// How long the windows of one trace may take together (each query is bounded by work,
/// `encode::WINDOW_WORK`, and by the query time limit).
const WINDOWS_TIME: Duration = Duration::from_secs(30);

/// How long the confirmations of one analysis may take before they stop exploring on from
/// divergences (each exploration is also bounded by `onward::TIME` and its executions):
/// many divergent predictions must not each take a whole bound.
const EXPLORING_TIME: Duration = Duration::from_secs(30);

impl Run<'_> {
    /// Asks `enc` for each candidate and confirms every model by replay; returns the
    /// candidates the solver did not decide.
    fn candidates<'c>(
        &self,
        enc: &mut encode::Encoder,
        cands: impl Iterator<Item = &'c candidates::Candidate>,
        stats: &mut Stats,
        found: &mut Findings,
    ) -> Vec<candidates::Candidate> {
        let mut undecided = Vec::new();
        for cand in cands {
            if found.done_sites.contains(&cand.site) {
                continue;
            }
            if self.deadline.is_some_and(|d| Instant::now() > d) {
                found.out_of_time = true;
                undecided.push(cand.clone());
                continue;
            }
            let t1 = Instant::now();
            let answer = enc.solve(&cand.query);
            stats.solve_time += t1.elapsed();
            stats.queries += 1;
            let (order, cut) = match answer {
                encode::Answer::Sat(order, cut) => (order, cut),
                encode::Answer::Unsat => continue,
                encode::Answer::Unknown => {
                    stats.unknown += 1;
                    undecided.push(cand.clone());
                    continue;
                }
            };
            stats.sat += 1;
            let (w, predicted) = schedule::witness(self.observed, self.trace, (&order, cut), cand);
            let thread = self.trace.events[cand.target].thread;
            let time = EXPLORING_TIME.saturating_sub(found.confirming).min(onward::TIME);
            let t2 = Instant::now();
            let confirmed = confirm::confirm(self.program.clone(), (&w, predicted), cand, thread, time);
            found.confirming += t2.elapsed();
            match confirmed {
                Ok(confirm::Confirmation { finding, witness, explored }) => {
                    found.done_sites.insert(cand.site);
                    let key = match &finding {
                        // A race found from either order of its accesses is one race.
                        Finding::Error(e) if cand.kind == PropertyKind::Race => {
                            let mut sites = cand.site;
                            sites.sort_by_key(|l| (l.file, l.line, l.col));
                            (e.kind.name(), sites)
                        }
                        Finding::Error(e) => (e.kind.name(), [e.loc; 3]),
                        Finding::Atomicity { sites, .. } => ("atomicity", *sites),
                    };
                    if found.seen.insert(key) {
                        let origin = explored.map_or(Origin::Replayed(cand.kind), |n| Origin::Explored(cand.kind, n));
                        found.confirmed.push(Confirmed { origin, finding, witness });
                    }
                }
                Err(why) => found.unconfirmed.push(Unconfirmed {
                    property: cand.kind,
                    what: cand.describe(self.program, self.trace),
                    why,
                }),
            }
        }
        undecided
    }

    /// Reorders windows of a trace too large to encode whole ([`window`]), asking each for
    /// the candidates it can reorder, until one confirms a violation or the time runs
    /// out. Returns what was covered, for the report.
    fn windows(
        &self,
        cands: &[candidates::Candidate],
        opts: &Options,
        stats: &mut Stats,
        found: &mut Findings,
    ) -> String {
        let t0 = Instant::now();
        let pool = self.observed.pool();
        let all = window::windows(self.trace);
        for w in &all {
            if t0.elapsed() > WINDOWS_TIME || !found.confirmed.is_empty() {
                break;
            }
            let t1 = Instant::now();
            let encoded = encode::Encoder::new(self.trace, &pool, None, opts.query_timeout, Some(&w.zones));
            stats.encode_time += t1.elapsed();
            let Ok(mut enc) = encoded else { continue };
            stats.windows += 1;
            stats.window_events = stats.window_events.max(w.size);
            stats.pi_functions = stats.pi_functions.max(enc.pi_functions);
            let inside = cands.iter().filter(|c| c.query.reorders_in(&w.zones));
            self.candidates(&mut enc, inside, stats, found);
        }
        format!(
            "reorderings inside {} of {} windows of about {} events were searched, not across them",
            stats.windows,
            all.len(),
            window::EVENTS_PER_WINDOW
        )
    }
}
