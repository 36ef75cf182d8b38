//! `ravel check --job-log FILE`: every job of dpor's `-j` (and of the other ranks,
//! `remote.rs`) as it was given out, taken, explored and settled, one JSON line per job,
//! and the search's own time; or the graph engine's tree of graphs (`trust/tree_log.rs`):
//! what `bench/mpi/simulate` replays on more ranks than this machine has. Rank 0 records; a helper rank's own threads are not seen. Without the flag the
//! exploration pays nothing: every hook sits behind an `Option` that is `None`.
//!
//! Work is measured in thread CPU seconds, so a log recorded with more threads than
//! cores (a finer job tree) still says what each piece of work costs; the other times
//! are wall-clock seconds since the log was made.

use serde::Serialize;
use std::cell::Cell;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The records of one exploration, written at its end.
pub struct JobLog {
    started: Instant,
    records: Mutex<Records>,
}

impl std::fmt::Debug for JobLog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("JobLog")
    }
}

#[derive(Default)]
struct Records {
    jobs: BTreeMap<u64, JobRecord>,
    searches: Vec<SearchRecord>,
    trees: Vec<GraphTree>,
}

/// The graph engine's line (`--engine graph -j 1`, `trust/tree_log.rs`): per graph in the
/// order visited, its parent's number (none: the root), its work in thread CPU seconds
/// and its events; and the bytes a graph given to another rank takes per event.
#[derive(Default, Serialize)]
pub(crate) struct GraphTree {
    kind: &'static str,
    pub parents: Vec<Option<u32>>,
    pub work: Vec<f64>,
    pub events: Vec<u32>,
    pub gift_bytes_per_event: f64,
}

/// Who took a job.
#[derive(Clone, Copy, Serialize)]
#[serde(rename_all = "snake_case")]
pub(super) enum Taker {
    /// A thread of this process (0: the search's, n: the n-th helper's).
    Thread(usize),
    /// Another rank of the MPI job.
    Rank(usize),
}

/// One job's line. `work` is unknown for a job explored by another rank.
#[derive(Default, Serialize)]
struct JobRecord {
    kind: &'static str,
    job: u64,
    /// The job whose explorer gave it out (none: the search).
    giver: Option<u64>,
    /// Depth of the branch's node.
    depth: usize,
    given_out: Option<f64>,
    /// The giver's own work (CPU seconds, commits left out) when it gave the job out and
    /// when it came back to the job's node.
    giver_work_out: f64,
    giver_work_settle: Option<f64>,
    taken: Option<f64>,
    by: Option<Taker>,
    finished: Option<f64>,
    settled: Option<f64>,
    /// `committed`, or why the giver did not use the result.
    outcome: Option<&'static str>,
    /// Seconds the giver waited in `settle` for this result, and CPU seconds committing it.
    giver_waited: f64,
    commit: f64,
    executions: u64,
    transitions: u64,
    #[serde(flatten)]
    time: Option<ExplorerTime>,
    job_bytes: usize,
    result_bytes: usize,
}

/// Where an explorer's time went.
#[derive(Clone, Copy, Default, Serialize)]
pub(super) struct ExplorerTime {
    /// CPU seconds exploring itself (commits and the jobs it ran while waiting left out).
    pub work: f64,
    /// Wall seconds waiting in `settle` with nothing to run.
    pub waited: f64,
    /// CPU seconds running other jobs while waiting, and committing results.
    pub nested: f64,
    pub commits: f64,
    /// CPU seconds this log cost it (encoding jobs to measure their messages).
    pub logging: f64,
}

/// The search's line: its own time, and the totals it reported.
#[derive(Serialize)]
struct SearchRecord {
    kind: &'static str,
    started: f64,
    ended: f64,
    #[serde(flatten)]
    time: ExplorerTime,
    executions: u64,
    transitions: u64,
}

impl JobLog {
    /// An empty log whose times count from now.
    pub fn new() -> JobLog {
        JobLog { started: Instant::now(), records: Mutex::default() }
    }

    fn now(&self) -> f64 {
        self.started.elapsed().as_secs_f64()
    }

    fn with(&self, id: u64, f: impl FnOnce(&mut JobRecord)) {
        let mut records = self.records.lock().unwrap_or_else(|e| e.into_inner());
        let record = records.jobs.entry(id).or_insert_with(|| JobRecord { kind: "job", job: id, ..Default::default() });
        f(record);
    }

    pub(super) fn given_out(&self, id: u64, giver: Option<u64>, depth: usize, giver_work: f64, bytes: usize) {
        let now = self.now();
        self.with(id, |r| {
            (r.giver, r.depth, r.given_out, r.giver_work_out, r.job_bytes) =
                (giver, depth, Some(now), giver_work, bytes);
        });
    }

    pub(super) fn taken(&self, id: u64, by: Taker) {
        let now = self.now();
        self.with(id, |r| (r.taken, r.by) = (Some(now), Some(by)));
    }

    /// Job `id` ended after exploring `executions` and `transitions`; `time` when this
    /// process explored it.
    pub(super) fn finished(&self, id: u64, counts: (u64, u64), time: Option<ExplorerTime>, bytes: usize) {
        let now = self.now();
        self.with(id, |r| {
            (r.finished, (r.executions, r.transitions), r.time, r.result_bytes) = (Some(now), counts, time, bytes);
        });
    }

    /// The giver came back to job `id`'s node at `giver_work` and ended with it so.
    pub(super) fn settled(&self, id: u64, outcome: &'static str, giver_work: f64, waited: f64, commit: f64) {
        let now = self.now();
        self.with(id, |r| {
            (r.settled, r.outcome, r.giver_work_settle) = (Some(now), Some(outcome), Some(giver_work));
            (r.giver_waited, r.commit) = (waited, commit);
        });
    }

    pub(super) fn search_ended(&self, started: f64, time: ExplorerTime, counts: (u64, u64)) {
        let record = SearchRecord {
            kind: "search",
            started,
            ended: self.now(),
            time,
            executions: counts.0,
            transitions: counts.1,
        };
        self.records.lock().unwrap_or_else(|e| e.into_inner()).searches.push(record);
    }

    /// Records the graph engine's tree of graphs.
    pub(crate) fn graph_tree(&self, tree: GraphTree) {
        let tree = GraphTree { kind: "graph-tree", ..tree };
        self.records.lock().unwrap_or_else(|e| e.into_inner()).trees.push(tree);
    }

    /// Writes the lines: the jobs by number, then the searches, then graph trees.
    pub fn write(&self, path: &Path) -> std::io::Result<()> {
        let records = self.records.lock().unwrap_or_else(|e| e.into_inner());
        let mut out = std::io::BufWriter::new(std::fs::File::create(path)?);
        for job in records.jobs.values() {
            serde_json::to_writer(&mut out, job)?;
            out.write_all(b"\n")?;
        }
        for search in &records.searches {
            serde_json::to_writer(&mut out, search)?;
            out.write_all(b"\n")?;
        }
        for tree in &records.trees {
            serde_json::to_writer(&mut out, tree)?;
            out.write_all(b"\n")?;
        }
        out.flush()
    }
}

impl Default for JobLog {
    fn default() -> Self {
        JobLog::new()
    }
}

/// CPU seconds the calling thread has used.
pub(crate) fn thread_cpu() -> f64 {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid timespec to write to; the clock id is a constant Linux and
    // macOS both define.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

/// An explorer's clock while a log is kept: where its time went so far.
pub(super) struct WorkClock {
    pub log: Arc<JobLog>,
    cpu_at_start: f64,
    wall_at_start: f64,
    pub time: ExplorerTime,
    /// In `settle`: the own work at which it started waiting for the result.
    pub waiting_from: Option<f64>,
    /// CPU seconds spent measuring the messages of the jobs it gave out (a `Cell`: jobs
    /// are given out where the explorer is borrowed).
    pub logging: Cell<f64>,
}

impl WorkClock {
    pub fn start(log: Arc<JobLog>) -> WorkClock {
        let wall_at_start = log.now();
        let time = ExplorerTime::default();
        WorkClock { log, cpu_at_start: thread_cpu(), wall_at_start, time, waiting_from: None, logging: Cell::new(0.0) }
    }

    /// CPU seconds exploring itself so far.
    pub fn own_work(&self) -> f64 {
        thread_cpu() - self.cpu_at_start - self.time.nested - self.time.commits - self.logging.get()
    }

    /// Its time until now.
    pub fn stop(&self) -> ExplorerTime {
        ExplorerTime { work: self.own_work(), logging: self.logging.get(), ..self.time }
    }

    pub fn started(&self) -> f64 {
        self.wall_at_start
    }
}
