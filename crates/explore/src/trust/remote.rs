//! `mpirun -np N ravel check --engine graph`: subtrees of the tree of graphs explored by
//! the other ranks. Rank 0's dispatcher thread takes gifts as an idle thread would (its
//! idle ranks count as idle threads, so the threads give revisits away) and sends each
//! with its graph to an idle rank, which explores the subtree with its own `-j` threads
//! (their gifts stay on that rank) and answers with the subtree's record, merged on rank
//! 0 as a task of its own. Nothing is committed in order: rank 0 only cancels a subtree
//! once its merge shows none of it is needed.

use super::steal::{explore_subtree, Shared};
use super::wire::{WireGift, WireRecord};
use crate::cluster::{decode, encode, Cluster};
use crate::engine::SEARCH_STACK;
use crate::{Budget, Options};
use ravel_ir::Program;
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What rank 0 sends a helper rank.
#[derive(Serialize, Deserialize)]
enum ToHelper {
    /// Explore a subtree with these settings (a search may change them on the way:
    /// `racy_sync` looks for races first, then explores with the executions left).
    Subtree { wire: u64, detect_races: bool, executions: Option<u64>, gift: Box<WireGift> },
    /// Subtree `wire` is not needed any more.
    Cancel { wire: u64 },
    /// The job is over (as `dpor::stop_helpers` sends it).
    Stop,
}

/// What a helper rank sends rank 0.
#[derive(Serialize, Deserialize)]
enum ToSearch {
    Record { wire: u64, record: Box<WireRecord> },
}

/// A subtree on another rank, as rank 0's dispatcher tracks it.
struct Outstanding {
    task: usize,
    rank: usize,
    cancelled: bool,
}

/// How long rank 0 waits for the subtrees it cancelled at the end.
const PATIENCE: Duration = Duration::from_secs(60);

/// Rank 0: gives gifts to idle helper ranks until the search is over, cancels the
/// subtrees no longer needed, and hands the records back.
pub(super) fn dispatch(shared: &Shared, cluster: &Cluster, opts: &Options) {
    let mut out: FxHashMap<u64, Outstanding> = FxHashMap::default();
    let mut over_since = None;
    loop {
        while let Some((from, bytes)) = cluster.try_receive() {
            let Ok(ToSearch::Record { wire, record }) = decode(&bytes) else { continue };
            let Some(o) = out.remove(&wire) else { continue };
            let (record, halted, explored) = record.into_record();
            cluster.answered(from, wire, explored, !o.cancelled);
            // A subtree cancelled here stopped for that: it does not halt the search.
            shared.answered(o.task, record, halted.filter(|_| !o.cancelled));
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
        while let Some(gift) = shared.take_for_rank(cluster.idle()) {
            let Some((rank, wire)) = cluster.claim_idle() else { return shared.give_back(gift) };
            let start = gift.start.as_ref().expect("gifts for ranks are revisits");
            let message = ToHelper::Subtree {
                wire,
                detect_races: opts.detect_races,
                executions: opts.budget.executions,
                gift: Box::new(WireGift::of(&start.0, start.1)),
            };
            if !send(cluster, rank, &message) {
                cluster.answered(rank, wire, 0, false);
                shared.give_back(gift);
                break;
            }
            out.insert(wire, Outstanding { task: gift.task, rank, cancelled: false });
        }
        std::thread::sleep(Duration::from_micros(200));
    }
}

/// Sends `message` to rank `to`; false when it cannot be encoded.
fn send<T: Serialize>(cluster: &Cluster, to: usize, message: &T) -> bool {
    encode(message).map(|bytes| cluster.send(to, &bytes)).is_ok()
}

/// A helper rank: explores the subtrees rank 0 sends, with `opts.dpor.jobs` threads,
/// until rank 0 says stop.
pub(crate) fn serve(program: Arc<Program>, opts: &Options, cluster: &Cluster) {
    loop {
        let Some((_, bytes)) = cluster.receive_within(Duration::from_millis(2)) else { continue };
        match decode::<ToHelper>(&bytes) {
            Ok(ToHelper::Subtree { wire, detect_races, executions, gift }) => {
                let opts = Options {
                    detect_races,
                    budget: Budget { executions, ..opts.budget },
                    progress: false,
                    cluster: None,
                    job_log: None,
                    ..opts.clone()
                };
                let cancel = Arc::new(AtomicBool::new(false));
                let (task, halted, stop) = std::thread::scope(|s| {
                    let explorer = std::thread::Builder::new()
                        .name("ravel-rank-subtree".into())
                        .stack_size(SEARCH_STACK)
                        .spawn_scoped(s, || explore_subtree(program.clone(), &opts, gift.into_start(), cancel.clone()))
                        .expect("a search thread starts");
                    let stop = watch(cluster, wire, &cancel, &explorer);
                    let (task, halted) = explorer.join().expect("the subtree's search ends");
                    (task, halted, stop)
                });
                let record = ToSearch::Record { wire, record: Box::new(WireRecord::of(task, halted)) };
                send(cluster, 0, &record);
                if stop {
                    return;
                }
            }
            Ok(ToHelper::Cancel { .. }) => {}
            Ok(ToHelper::Stop) | Err(_) => return,
        }
    }
}

/// While subtree `wire` is explored: its cancellation, or the end of the job (true).
fn watch<T>(cluster: &Cluster, wire: u64, cancel: &AtomicBool, explorer: &std::thread::ScopedJoinHandle<T>) -> bool {
    let mut stop = false;
    while !explorer.is_finished() {
        let Some((_, bytes)) = cluster.receive_within(Duration::from_millis(2)) else { continue };
        match decode::<ToHelper>(&bytes) {
            Ok(ToHelper::Cancel { wire: w }) if w == wire => cancel.store(true, Ordering::Relaxed),
            Ok(ToHelper::Stop) | Err(_) => {
                stop = true;
                cancel.store(true, Ordering::Relaxed);
            }
            Ok(_) => {}
        }
    }
    stop
}
