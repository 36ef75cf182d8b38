//! Symbolic predictive analysis (`ravel predict`), after Wang, Kundu, Limaye, Ganai and
//! Gupta, "Symbolic Predictive Analysis for Concurrent Programs" (the tool Fusion).
//!
//! One execution is recorded as a concurrent trace program (`record`): per thread, its
//! shared accesses, synchronisation and the guards of its path, every shared read a fresh
//! variable. The trace is sliced to what the properties can depend on (`slice`), encoded in
//! concurrent SSA with π-functions and an integer order per event (`encode`), and for each
//! candidate violation (`candidates`) Z3 is asked for a feasible reordering. Every model
//! becomes a schedule (`schedule`) that the vm replays (`confirm`): only errors the replay
//! really hits are reported, each with an ordinary witness.

mod candidates;
mod confirm;
mod encode;
mod record;
mod schedule;
mod slice;
mod smt;
mod sources;
mod trace;

pub use candidates::PropertyKind;
pub use confirm::Finding;
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
}

/// A prediction the vm confirmed: a real error and the witness that reaches it.
#[derive(Clone, Debug)]
pub struct Confirmed {
    /// The property whose candidate led here.
    pub property: PropertyKind,
    pub finding: Finding,
    pub witness: Witness,
}

/// A prediction whose schedule did not reproduce an error in the vm.
#[derive(Clone, Debug)]
pub struct Unconfirmed {
    pub property: PropertyKind,
    /// What was predicted, in source terms.
    pub what: String,
    /// What the replay did instead.
    pub why: String,
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
    pub record_time: Duration,
    pub encode_time: Duration,
    pub solve_time: Duration,
    pub total_time: Duration,
}

/// The result of `ravel predict`.
#[derive(Debug)]
pub struct Report {
    /// How the recorded execution itself ended (an error there is reported as is).
    pub observed: Option<ravel_vm::End>,
    pub confirmed: Vec<Confirmed>,
    pub unconfirmed: Vec<Unconfirmed>,
    /// Why some candidates were not decided (the formula too large, solver time-outs):
    /// no violation predicted then means none found, not none exists.
    pub incomplete: Option<String>,
    pub stats: Stats,
}

/// Why the analysis could not run.
#[derive(Debug, thiserror::Error)]
pub enum PredictError {
    #[error("{0}")]
    Source(String),
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
    let mut confirmed = Vec::new();
    let mut unconfirmed = Vec::new();
    if observed.end_error().is_none() {
        let t0 = Instant::now();
        let pool = observed.pool();
        let encoded = encode::Encoder::new(&sliced, &pool, opts.context_bound, opts.query_timeout);
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
        let mut enc = match encoded {
            Ok(enc) => enc,
            Err(_) => {
                stats.total_time = start.elapsed();
                let why = (!cands.list.is_empty()).then(|| {
                    format!(
                        "the formula is too large to build ({} read sources, {} lock-section pairs after pruning)",
                        sizes.sources_pruned, sizes.lock_pairs
                    )
                });
                return Ok(Report { observed: observed.end.clone(), confirmed, unconfirmed, incomplete: why, stats });
            }
        };
        stats.pi_functions = enc.pi_functions;
        let mut seen = rustc_hash::FxHashSet::default();
        let mut done_sites = rustc_hash::FxHashSet::default();
        for cand in &cands.list {
            if done_sites.contains(&cand.site) {
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
                    continue;
                }
            };
            stats.sat += 1;
            let w = schedule::witness(&observed, &sliced, (&order, cut), cand);
            let thread = sliced.events[cand.target].thread;
            match confirm::confirm(program.clone(), &w, cand, thread) {
                Ok((finding, witness)) => {
                    done_sites.insert(cand.site);
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
                    if seen.insert(key) {
                        confirmed.push(Confirmed { property: cand.kind, finding, witness });
                    }
                }
                Err(why) => {
                    unconfirmed.push(Unconfirmed { property: cand.kind, what: cand.describe(&program, &sliced), why })
                }
            }
        }
    }
    stats.total_time = start.elapsed();
    let incomplete = (stats.unknown > 0).then(|| format!("{} solver queries ran out of time", stats.unknown));
    Ok(Report { observed: observed.end.clone(), confirmed, unconfirmed, incomplete, stats })
}
