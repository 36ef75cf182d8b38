//! `-j` across processes: the jobs of `parallel.rs` explored by the other ranks of a
//! cluster (`mpirun -np N ravel check`). Rank 0's dispatcher thread takes jobs from the
//! queue its explorers give them out to, as an idle helper thread would, and sends each
//! to an idle rank; it forwards what the search adds to the branch meanwhile (grafts) and
//! its cancellation, and hands the result back where a helper thread's would go. The
//! in-order commit stays with the search on rank 0, so counts, verdicts and witnesses are
//! those of `-j 1`. A helper rank explores each job with its own `-j` threads.

use super::parallel::{Grafts, Job, JobResult, Pool, PrefixStep, Shared};
use super::wakeup::{Graft, Step, WakeupTree};
use super::Explorer;
use crate::cluster::{decode, encode, Cluster};
use crate::job_log::Taker;
use crate::wire::WireFound;
use crate::{Options, Stats, Unknown};
use ravel_ir::Program;
use ravel_vm::Granularity;
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What rank 0 sends a helper rank.
#[derive(Serialize, Deserialize)]
enum ToHelper {
    Job {
        wire: u64,
        settings: Settings,
        job: Box<WireJob>,
    },
    /// An addition to the branch of job `wire` (see [`Graft`]).
    Graft {
        wire: u64,
        graft: Graft,
    },
    /// Job `wire` is of no use any more.
    Cancel {
        wire: u64,
    },
    /// The exploration is over: the helper rank ends.
    Stop,
}

/// What a helper rank sends rank 0.
#[derive(Serialize, Deserialize)]
enum ToSearch {
    Result { wire: u64, result: Box<WireResult> },
}

/// The options a search may change on the way (`racy_sync` re-explores at a finer
/// granularity, with races detected): a helper rank explores each job with those.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Settings {
    interleave_all: bool,
    detect_races: bool,
}

impl Settings {
    pub fn of(opts: &Options) -> Settings {
        Settings { interleave_all: opts.granularity == Granularity::All, detect_races: opts.detect_races }
    }

    fn apply(self, opts: &Options) -> Options {
        let granularity = if self.interleave_all { Granularity::All } else { Granularity::Sync };
        Options { granularity, detect_races: self.detect_races, ..opts.clone() }
    }
}

/// A [`Job`] without what only its process has (its number, cancellation and grafts).
#[derive(Serialize, Deserialize)]
struct WireJob {
    init: Vec<u64>,
    /// Per step: thread, forced choices, runnable agents.
    prefix: Vec<(usize, Vec<u64>, Vec<usize>)>,
    races: Vec<Vec<usize>>,
    runnable: Vec<usize>,
    sleep: Vec<Step>,
    branch: (Step, WakeupTree),
    thread_cap: usize,
    budget: Option<u64>,
}

impl WireJob {
    fn of(job: Job) -> WireJob {
        WireJob {
            init: job.init,
            prefix: job.prefix.into_iter().map(|p| (p.agent, p.forced, p.runnable)).collect(),
            races: job.races,
            runnable: job.runnable,
            sleep: job.sleep,
            branch: job.branch,
            thread_cap: job.thread_cap,
            budget: job.budget,
        }
    }

    fn into_job(self) -> Job {
        Job {
            id: 0,
            init: self.init,
            prefix: self
                .prefix
                .into_iter()
                .map(|(agent, forced, runnable)| PrefixStep { agent, forced, runnable })
                .collect(),
            races: self.races,
            runnable: self.runnable,
            sleep: self.sleep,
            branch: self.branch,
            thread_cap: self.thread_cap,
            budget: self.budget,
            cancel: Arc::new(AtomicBool::new(false)),
            grafts: Default::default(),
        }
    }
}

/// A [`JobResult`] without its job's number.
#[derive(Serialize, Deserialize)]
struct WireResult {
    finished: bool,
    union: Option<Step>,
    insertions: Vec<(usize, Vec<Step>)>,
    stats: Stats,
    errors: Vec<WireFound>,
    incomplete: Option<Unknown>,
    unusable: bool,
    exhausted: bool,
    failed: bool,
    grafted: usize,
    diverged: bool,
}

impl WireResult {
    fn of(r: JobResult) -> WireResult {
        WireResult {
            finished: r.finished,
            union: r.union,
            insertions: r.insertions,
            stats: r.stats,
            errors: r.errors.into_iter().map(WireFound::of).collect(),
            incomplete: r.incomplete,
            unusable: r.unusable,
            exhausted: r.exhausted,
            failed: r.failed,
            grafted: r.grafted,
            diverged: r.diverged,
        }
    }

    fn into_result(self, id: u64) -> JobResult {
        JobResult {
            id,
            finished: self.finished,
            union: self.union,
            insertions: self.insertions,
            stats: self.stats,
            errors: self.errors.into_iter().map(WireFound::into_found).collect(),
            incomplete: self.incomplete,
            unusable: self.unusable,
            exhausted: self.exhausted,
            failed: self.failed,
            grafted: self.grafted,
            diverged: self.diverged,
        }
    }
}

/// Bytes of the message that would send `job` to a helper rank (for a job log).
pub(super) fn job_bytes(job: &Job, opts: &Options) -> usize {
    let message = ToHelper::Job { wire: 0, settings: Settings::of(opts), job: Box::new(WireJob::of(job.clone())) };
    encode(&message).map_or(0, |bytes| bytes.len())
}

/// Bytes of the message that would answer a job with `result` (for a job log).
pub(super) fn result_bytes(result: &JobResult) -> usize {
    encode(&ToSearch::Result { wire: 0, result: Box::new(WireResult::of(result.clone())) }).map_or(0, |b| b.len())
}

/// A job running on a helper rank, as rank 0's dispatcher tracks it.
struct Outstanding {
    id: u64,
    rank: usize,
    cancel: Arc<AtomicBool>,
    cancel_sent: bool,
    grafts: Grafts,
}

/// Rank 0: gives the jobs of `shared` to idle helper ranks until the search (or its
/// round) is over, forwarding grafts and cancellations and delivering the results.
pub(super) fn dispatch(shared: &Shared, cluster: &Cluster, settings: Settings) {
    let mut out: FxHashMap<u64, Outstanding> = FxHashMap::default();
    while !shared.over() {
        while let Some((from, bytes)) = cluster.try_receive() {
            let Ok(ToSearch::Result { wire, result }) = decode(&bytes) else { continue };
            let executions = result.stats.explored();
            let outstanding = out.remove(&wire);
            cluster.answered(from, wire, executions, outstanding.is_some());
            if let (Some(log), Some(o)) = (shared.log(), &outstanding) {
                log.finished(o.id, (executions, result.stats.transitions), None, bytes.len());
            }
            if let Some(o) = outstanding {
                shared.deliver(result.into_result(o.id));
            }
        }
        while cluster.idle() > 0 {
            let Some(job) = shared.pop_job() else { break };
            let (id, cancel, grafts) = (job.id, job.cancel.clone(), job.grafts.clone());
            // Only this thread claims ranks: one is idle.
            let Some((rank, wire)) = cluster.claim_idle() else { break };
            match encode(&ToHelper::Job { wire, settings, job: Box::new(WireJob::of(job)) }) {
                Ok(bytes) => cluster.send(rank, &bytes),
                Err(_) => {
                    // The search explores the branch itself.
                    cluster.answered(rank, wire, 0, false);
                    shared.deliver(JobResult { failed: true, ..JobResult::unusable(id) });
                    continue;
                }
            }
            if let Some(log) = shared.log() {
                log.taken(id, Taker::Rank(rank));
            }
            out.insert(wire, Outstanding { id, rank, cancel, cancel_sent: false, grafts });
        }
        shared.set_remote_idle(cluster.idle());
        for (&wire, o) in out.iter_mut() {
            forward(cluster, wire, o);
        }
        shared.nap(Duration::from_millis(1));
    }
    shared.set_remote_idle(0);
    // Their results are of no use: the ranks stop them and are free once they answer.
    for (wire, o) in out {
        if let Ok(bytes) = encode(&ToHelper::Cancel { wire }) {
            cluster.send(o.rank, &bytes);
        }
    }
}

/// Sends a running job what the search added to its branch, or its cancellation.
fn forward(cluster: &Cluster, wire: u64, o: &mut Outstanding) {
    if o.cancel_sent {
        return;
    }
    if o.cancel.load(Ordering::Relaxed) {
        o.cancel_sent = true;
        if let Ok(bytes) = encode(&ToHelper::Cancel { wire }) {
            cluster.send(o.rank, &bytes);
        }
        return;
    }
    let grafts = std::mem::take(&mut *o.grafts.lock().unwrap_or_else(|e| e.into_inner()));
    for graft in grafts {
        if let Ok(bytes) = encode(&ToHelper::Graft { wire, graft }) {
            cluster.send(o.rank, &bytes);
        }
    }
}

/// Rank 0, at the end of its work: tells every helper rank to end, and waits (at most
/// `patience`) until those still running a job have answered, so that no rank is left
/// in the middle of one when the job ends.
pub fn stop_helpers(cluster: &Cluster, patience: Duration) {
    let until = Instant::now() + patience;
    if let Ok(bytes) = encode(&ToHelper::Stop) {
        cluster.broadcast(&bytes);
    }
    while cluster.idle() + 1 < cluster.size() && Instant::now() < until {
        let Some((from, bytes)) = cluster.receive_within(Duration::from_millis(10)) else { continue };
        if let Ok(ToSearch::Result { wire, result }) = decode(&bytes) {
            cluster.answered(from, wire, result.stats.explored(), false);
        }
    }
}

/// A helper rank: explores the jobs rank 0 sends, with `opts.dpor.jobs` threads, until
/// rank 0 says stop.
pub fn serve(program: Arc<Program>, opts: &Options, cluster: &Cluster) {
    let (jobs_in, jobs) = mpsc::channel::<(u64, Settings, Job)>();
    let (results_out, results) = mpsc::channel::<(u64, JobResult)>();
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .name("ravel-rank-worker".into())
            .stack_size(crate::engine::SEARCH_STACK)
            .spawn_scoped(scope, || work(program, opts, jobs, results_out));
        if worker.is_ok() {
            // Its end drops `jobs_in`, which ends the worker.
            relay(cluster, jobs_in, &results);
        }
    });
}

/// A helper rank's messages: jobs, grafts and cancellations to the worker, results to
/// rank 0, until rank 0 says stop.
fn relay(cluster: &Cluster, jobs: mpsc::Sender<(u64, Settings, Job)>, results: &mpsc::Receiver<(u64, JobResult)>) {
    // The job running: its number, cancellation and grafts.
    let mut current: Option<(u64, Arc<AtomicBool>, Grafts)> = None;
    loop {
        while let Ok((wire, result)) = results.try_recv() {
            current = current.filter(|c| c.0 != wire);
            if let Some(bytes) = answer(wire, result) {
                cluster.send(0, &bytes);
            }
        }
        let Some((_, bytes)) = cluster.receive_within(Duration::from_millis(2)) else { continue };
        match decode::<ToHelper>(&bytes) {
            Ok(ToHelper::Job { wire, settings, job }) => {
                let job = job.into_job();
                current = Some((wire, job.cancel.clone(), job.grafts.clone()));
                if jobs.send((wire, settings, job)).is_err() {
                    return;
                }
            }
            Ok(ToHelper::Graft { wire, graft }) => {
                if let Some((_, _, grafts)) = current.as_ref().filter(|c| c.0 == wire) {
                    grafts.lock().unwrap_or_else(|e| e.into_inner()).push(graft);
                }
            }
            Ok(ToHelper::Cancel { wire }) => {
                if let Some((_, cancel, _)) = current.as_ref().filter(|c| c.0 == wire) {
                    cancel.store(true, Ordering::Relaxed);
                }
            }
            Ok(ToHelper::Stop) | Err(_) => {
                // A job still running is stopped and answered, so that rank 0 knows this
                // rank is done.
                if let Some((wire, cancel, _)) = current {
                    cancel.store(true, Ordering::Relaxed);
                    if let Some(bytes) = results.recv().ok().and_then(|(_, r)| answer(wire, r)) {
                        cluster.send(0, &bytes);
                    }
                }
                return;
            }
        }
    }
}

/// The message answering job `wire` with `result` (a failure, which makes rank 0 explore
/// the branch itself, when the result cannot be sent).
fn answer(wire: u64, result: JobResult) -> Option<Vec<u8>> {
    encode(&ToSearch::Result { wire, result: Box::new(WireResult::of(result)) })
        .or_else(|_| {
            let failed = JobResult { failed: true, ..JobResult::unusable(0) };
            encode(&ToSearch::Result { wire, result: Box::new(WireResult::of(failed)) })
        })
        .ok()
}

/// A helper rank's worker: explores the jobs it receives, with the options of each
/// job's settings (an explorer and threads per settings, made again when they change).
fn work(
    program: Arc<Program>,
    base: &Options,
    jobs: mpsc::Receiver<(u64, Settings, Job)>,
    results: mpsc::Sender<(u64, JobResult)>,
) {
    let started = Instant::now();
    let mut next = jobs.recv().ok();
    while let Some((wire, settings, job)) = next.take() {
        let opts = Options { progress: false, cluster: None, job_log: None, ..settings.apply(base) };
        let pool = Pool::new(program.clone(), &opts, started, opts.dpor.jobs.max(1) - 1);
        let shared = pool.shared.clone();
        let mut explorer = Explorer::helper(program.clone(), &opts, started, shared.cancel.clone());
        let mut current = Some((wire, job));
        while let Some((wire, job)) = current.take() {
            if results.send((wire, explorer.run_job_safely(job, &shared))).is_err() {
                return;
            }
            match jobs.recv() {
                Ok((wire, same, job)) if same == settings => current = Some((wire, job)),
                Ok(other) => next = Some(other),
                Err(_) => return,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cluster::in_process;
    use crate::{EngineKind, Verdict};

    fn load(file: &str, flags: &[&str]) -> Arc<Program> {
        let path = std::path::PathBuf::from(format!("{}/../../{file}", env!("CARGO_MANIFEST_DIR")));
        let flags: Vec<String> = flags.iter().map(|f| f.to_string()).collect();
        Arc::new(ravel_ir::load(&[path], &flags).expect("the program compiles"))
    }

    /// What must not depend on the helper ranks.
    fn essence(outcome: &crate::Outcome) -> (String, u64, u64, u64, u64, Vec<String>) {
        let s = &outcome.stats;
        let witnesses = outcome.errors.iter().map(|e| serde_json::to_string(&e.witness).expect("json")).collect();
        (format!("{:?}", outcome.verdict), s.executions, s.blocked, s.sleep_blocked, s.transitions, witnesses)
    }

    /// Rank 0 and two helper ranks (threads linked by channels): the counts, verdict and
    /// witnesses of one thread alone, with the helper ranks' work in them.
    fn with_helper_ranks(program: Arc<Program>, opts: &Options) -> (crate::Outcome, Vec<crate::RankStats>) {
        let mut links = in_process::links(3).into_iter();
        let cluster = Arc::new(Cluster::new(Box::new(links.next().expect("rank 0"))));
        let helpers: Vec<Cluster> = links.map(|l| Cluster::new(Box::new(l))).collect();
        std::thread::scope(|scope| {
            for helper in &helpers {
                let program = program.clone();
                std::thread::Builder::new()
                    .stack_size(crate::engine::SEARCH_STACK)
                    .spawn_scoped(scope, move || serve(program, opts, helper))
                    .expect("a thread");
            }
            let outcome = crate::check(program.clone(), &Options { cluster: Some(cluster.clone()), ..opts.clone() });
            stop_helpers(&cluster, Duration::from_secs(30));
            (outcome, cluster.rank_stats())
        })
    }

    fn dpor_all() -> Options {
        Options {
            engine: EngineKind::DPOR,
            granularity: Granularity::All,
            detect_races: false,
            progress: false,
            ..Options::default()
        }
    }

    #[test]
    fn helper_ranks_change_nothing_but_the_time() {
        let program = load("bench/explore/sigma.c", &["-DN=6"]);
        let opts = dpor_all();
        let alone = crate::check(program.clone(), &opts);
        let (together, ranks) = with_helper_ranks(program, &opts);
        assert_eq!(essence(&together), essence(&alone));
        assert!(ranks.iter().map(|r| r.results).sum::<u64>() > 0, "no job was explored by a helper rank: {ranks:?}");
    }

    #[test]
    fn an_error_found_by_a_helper_rank_keeps_its_witness() {
        let program = load("tests/programs/check_lost_update.c", &[]);
        let opts = Options { detect_races: true, ..dpor_all() };
        let alone = crate::check(program.clone(), &opts);
        assert_eq!(alone.verdict, Verdict::Unsafe);
        let (together, _) = with_helper_ranks(program, &opts);
        assert_eq!(essence(&together), essence(&alone));
    }
}
