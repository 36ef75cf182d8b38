//! `mpirun -np N ravel check --engine graph`: subtrees of the tree of graphs explored by
//! the threads of the other ranks. Rank 0's dispatcher thread counts the helper ranks'
//! idle threads as idle threads of its own, so its threads give revisits away, and sends
//! each gift with its graph to a rank with an idle thread, which explores that subtree on
//! it alone; when threads (of any rank) are still hungry and no gift waits, it asks the
//! subtrees on other ranks, the oldest first, to give their shallowest pending revisit
//! back, which goes to the pool as a gift of that subtree's task. Each subtree answers with
//! its record, merged on rank 0 as a task of its own, whose gifts come after its own
//! graphs as a thread's do. Nothing is committed in order: rank 0 only cancels a subtree
//! once its merge shows none of it is needed.

use super::ledger::Task;
use super::steal::{give, halts, Shared};
use super::wire::{WireGift, WireRecord};
use super::Explorer;
use crate::cluster::{decode, encode, Cluster};
use crate::engine::{Context, SEARCH_STACK};
use crate::{Budget, Options};
use ravel_ir::Program;
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What rank 0 sends a helper rank.
#[derive(Serialize, Deserialize)]
enum ToHelper {
    /// Explore a subtree with these settings (a search may change them on the way:
    /// `racy_sync` looks for races first, then explores with the executions left).
    Subtree { wire: u64, detect_races: bool, executions: Option<u64>, gift: Box<WireGift> },
    /// Give subtree `wire`'s shallowest pending revisit back, if it has two or more.
    Give { wire: u64 },
    /// Subtree `wire` is not needed any more.
    Cancel { wire: u64 },
    /// The job is over (as `dpor::stop_helpers` sends it).
    Stop,
}

/// What a helper rank sends rank 0.
#[derive(Serialize, Deserialize)]
enum ToSearch {
    /// A revisit subtree `wire` gave away (none: it had too few left).
    Gift {
        wire: u64,
        gift: Option<Box<WireGift>>,
    },
    Record {
        wire: u64,
        record: Box<WireRecord>,
    },
}

/// A subtree on another rank, as rank 0's dispatcher tracks it.
struct Outstanding {
    task: usize,
    rank: usize,
    sent: Instant,
    /// Asked to give a revisit back, no answer yet; when it last had none to give.
    asked: bool,
    refused: Option<Instant>,
    cancelled: bool,
}

/// How long a subtree that had no revisit to give is not asked again.
const REFUSED: Duration = Duration::from_millis(5);

/// How long rank 0 waits for the subtrees it cancelled at the end.
const PATIENCE: Duration = Duration::from_secs(60);

/// Rank 0: gives gifts to the helper ranks' idle threads until the search is over, asks
/// their subtrees for gifts while threads are hungry, cancels the subtrees no longer
/// needed, and hands the records back.
pub(super) fn dispatch(shared: &Shared, cluster: &Cluster, opts: &Options) {
    // Every rank runs as many threads as rank 0 (the same command line).
    let threads = opts.dpor.jobs.max(1);
    let mut free: Vec<usize> = (0..cluster.size()).map(|r| if r == 0 { 0 } else { threads }).collect();
    // By number, so the oldest first.
    let mut out: BTreeMap<u64, Outstanding> = BTreeMap::new();
    let mut next_wire = 0;
    let mut over_since = None;
    loop {
        while let Some((from, bytes)) = cluster.try_receive() {
            match decode(&bytes) {
                Ok(ToSearch::Gift { wire, gift }) => {
                    let Some(o) = out.get_mut(&wire) else { continue };
                    o.asked = false;
                    match gift {
                        Some(gift) if !o.cancelled => give(shared, o.task, gift.into_start()),
                        Some(_) => {}
                        None => o.refused = Some(Instant::now()),
                    }
                }
                Ok(ToSearch::Record { wire, record }) => {
                    let Some(o) = out.remove(&wire) else { continue };
                    free[from] += 1;
                    let (record, halted, explored) = record.into_record();
                    cluster.count_job(from, explored, !o.cancelled, o.sent.elapsed());
                    // A subtree cancelled here stopped for that: it does not halt the search.
                    shared.answered(o.task, record, halted.filter(|_| !o.cancelled));
                }
                Err(_) => {}
            }
        }
        let over = shared.over();
        for (&wire, o) in out.iter_mut().filter(|(_, o)| !o.cancelled) {
            if over || !shared.needed(o.task) {
                o.cancelled = true;
                send(cluster, o.rank, &ToHelper::Cancel { wire });
            }
        }
        if over {
            let since = *over_since.get_or_insert_with(Instant::now);
            if out.is_empty() || since.elapsed() > PATIENCE {
                for o in out.into_values() {
                    shared.abandon(o.task);
                }
                shared.take_for_rank(0);
                return;
            }
        }
        while let Some(gift) = shared.take_for_rank(free.iter().sum()) {
            let rank = free.iter().position(|&f| f > 0).expect("a rank has an idle thread");
            let start = gift.start.as_ref().expect("gifts for ranks are revisits");
            let message = ToHelper::Subtree {
                wire: next_wire,
                detect_races: opts.detect_races,
                executions: opts.budget.executions,
                gift: Box::new(WireGift::of(&start.0, start.1)),
            };
            if !send(cluster, rank, &message) {
                shared.give_back(gift);
                break;
            }
            free[rank] -= 1;
            let o = Outstanding {
                task: gift.task,
                rank,
                sent: Instant::now(),
                asked: false,
                refused: None,
                cancelled: false,
            };
            out.insert(next_wire, o);
            next_wire += 1;
        }
        let mut wanted = shared.hungry().saturating_sub(out.values().filter(|o| o.asked).count());
        let askable = |o: &Outstanding| !o.asked && !o.cancelled && o.refused.is_none_or(|t| t.elapsed() > REFUSED);
        for (&wire, o) in out.iter_mut().filter(|(_, o)| askable(o)) {
            if wanted == 0 {
                break;
            }
            o.asked = send(cluster, o.rank, &ToHelper::Give { wire });
            wanted -= 1;
        }
        std::thread::sleep(Duration::from_micros(200));
    }
}

/// Sends `message` to rank `to`; false when it cannot be encoded.
fn send<T: Serialize>(cluster: &Cluster, to: usize, message: &T) -> bool {
    encode(message).map(|bytes| cluster.send(to, &bytes)).is_ok()
}

/// What rank 0 may tell a subtree running on this rank.
#[derive(Default)]
struct Requests {
    give: AtomicBool,
    cancel: Arc<AtomicBool>,
}

/// A helper rank: explores the subtrees rank 0 sends, each on a thread of its own (rank 0
/// sends at most `opts.dpor.jobs` at once), until rank 0 says stop.
pub(crate) fn serve(program: Arc<Program>, opts: &Options, cluster: &Cluster) {
    let started = Instant::now();
    let mut running: FxHashMap<u64, Arc<Requests>> = FxHashMap::default();
    std::thread::scope(|s| loop {
        running.retain(|_, r| Arc::strong_count(r) > 1);
        let Some((_, bytes)) = cluster.receive_within(Duration::from_millis(2)) else { continue };
        match decode::<ToHelper>(&bytes) {
            Ok(ToHelper::Subtree { wire, detect_races, executions, gift }) => {
                let requests = Arc::new(Requests::default());
                running.insert(wire, requests.clone());
                let program = program.clone();
                std::thread::Builder::new()
                    .name(format!("ravel-subtree-{wire}"))
                    .stack_size(SEARCH_STACK)
                    .spawn_scoped(s, move || {
                        let opts = Options {
                            detect_races,
                            budget: Budget { executions, ..opts.budget },
                            progress: false,
                            cluster: None,
                            job_log: None,
                            ..opts.clone()
                        };
                        let cx = Context::helper(program, &opts, started, requests.cancel.clone());
                        let record = Explorer::with_context(cx).explore_remote(*gift, wire, &requests, cluster);
                        send(cluster, 0, &ToSearch::Record { wire, record: Box::new(record) });
                    })
                    .expect("a search thread starts");
            }
            Ok(ToHelper::Give { wire }) => {
                if let Some(r) = running.get(&wire) {
                    r.give.store(true, Ordering::Relaxed);
                }
            }
            Ok(ToHelper::Cancel { wire }) => {
                if let Some(r) = running.get(&wire) {
                    r.cancel.store(true, Ordering::Relaxed);
                }
            }
            Ok(ToHelper::Stop) | Err(_) => {
                for r in running.values() {
                    r.cancel.store(true, Ordering::Relaxed);
                }
                break;
            }
        }
    });
}

impl Explorer<'_> {
    /// Explores subtree `wire` (from `gift`) on this thread, giving its shallowest pending
    /// revisit to rank 0 when asked; its record, and why it stopped short, if it did.
    fn explore_remote(mut self, gift: WireGift, wire: u64, requests: &Requests, cluster: &Cluster) -> WireRecord {
        let (graph, item) = gift.into_start();
        self.take_over(graph, item);
        let mut record = Task::default();
        let mut halted = None;
        let mut go_on = self.next();
        while go_on {
            // Beyond its execution limit a subtree is past where one thread would stop.
            if let Some(why) = self.cx.limit_reached() {
                halted = Some(why).filter(halts);
                break;
            }
            let ((visit, errors, note), goes_on) = self.recorded_visit();
            if let Some(why) = note.as_ref().filter(|why| halts(why)) {
                halted = Some(why.clone());
                break;
            }
            record.record(visit, errors, note, !goes_on);
            go_on = goes_on && self.next();
            if go_on && requests.give.swap(false, Ordering::Relaxed) {
                let gift = self.give_away().map(|(graph, item)| Box::new(WireGift::of(&graph, item)));
                send(cluster, 0, &ToSearch::Gift { wire, gift });
            }
        }
        record.work = std::mem::take(&mut self.cx.stats.work);
        WireRecord::of(record, halted)
    }
}
