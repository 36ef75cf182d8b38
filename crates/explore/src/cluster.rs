//! Processes that explore one program together (the ranks of an MPI job): rank 0 runs
//! the search, every other rank runs the jobs rank 0 gives out, as `-j` helper threads
//! do. This module is the part that does not depend on the transport: the [`Link`] a
//! transport provides, which ranks are busy, and what each rank did.
//!
//! The messages are MessagePack (`rmp-serde`): compact and self-describing, which the
//! exploration's types need (their JSON forms skip default fields).

use serde::{de::DeserializeOwned, Serialize};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Sends and receives whole messages between the ranks of a job.
pub trait Link: Send {
    /// This process's rank (0: the search).
    fn rank(&self) -> usize;
    /// Ranks in the job.
    fn size(&self) -> usize;
    /// Sends `bytes` to rank `to`.
    fn send(&mut self, to: usize, bytes: &[u8]);
    /// A message that arrived, with its sender, without waiting.
    fn try_receive(&mut self) -> Option<(usize, Vec<u8>)>;
}

/// What one rank did for the search (rank 0's own work is the search's statistics).
#[derive(Clone, Debug, Default, Serialize)]
pub struct RankStats {
    pub rank: usize,
    /// Jobs sent to it, and those whose results the search could use.
    pub jobs: u64,
    pub results: u64,
    /// Executions it explored (used or not).
    pub executions: u64,
    /// Seconds between sending it a job and receiving the result, summed.
    pub busy_seconds: f64,
    /// Bytes sent to it and received from it.
    pub bytes_sent: u64,
    pub bytes_received: u64,
}

/// The ranks of a job as rank 0 sees them (or, on another rank, its link to rank 0).
pub struct Cluster {
    state: Mutex<State>,
}

struct State {
    link: Box<dyn Link>,
    /// The job each helper rank is running (index: rank; rank 0 is never busy), and when
    /// it was sent.
    busy: Vec<Option<(u64, Instant)>>,
    next_wire: u64,
    stats: Vec<RankStats>,
}

impl std::fmt::Debug for Cluster {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let state = self.lock();
        write!(f, "Cluster(rank {} of {})", state.link.rank(), state.link.size())
    }
}

/// A message that could not be encoded or decoded (a bug, or ranks built differently).
#[derive(Debug, thiserror::Error)]
#[error("a message between ranks could not be {0}")]
pub struct WireError(&'static str);

/// The bytes of `message`.
pub(crate) fn encode<T: Serialize>(message: &T) -> Result<Vec<u8>, WireError> {
    rmp_serde::to_vec_named(message).map_err(|_| WireError("encoded"))
}

/// The message in `bytes`.
pub(crate) fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, WireError> {
    rmp_serde::from_slice(bytes).map_err(|_| WireError("decoded"))
}

impl Cluster {
    pub fn new(link: Box<dyn Link>) -> Cluster {
        let size = link.size();
        let stats = (0..size).map(|rank| RankStats { rank, ..Default::default() }).collect();
        Cluster { state: Mutex::new(State { link, busy: vec![None; size], next_wire: 0, stats }) }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn rank(&self) -> usize {
        self.lock().link.rank()
    }

    pub fn size(&self) -> usize {
        self.lock().link.size()
    }

    /// Each helper rank's statistics (rank 0's entry stays empty).
    pub fn rank_stats(&self) -> Vec<RankStats> {
        self.lock().stats.clone()
    }

    /// Sends every rank `bytes` (rank 0: the end of the job, or the program's hash).
    pub fn broadcast(&self, bytes: &[u8]) {
        let mut state = self.lock();
        for to in 1..state.link.size() {
            state.link.send(to, bytes);
        }
    }

    /// Waits up to `patience` for a message (polling: a blocking MPI receive spins a core).
    pub fn receive_within(&self, patience: Duration) -> Option<(usize, Vec<u8>)> {
        let until = Instant::now() + patience;
        let mut nap = Duration::from_micros(50);
        loop {
            if let Some(message) = self.lock().link.try_receive() {
                return Some(message);
            }
            if Instant::now() >= until {
                return None;
            }
            std::thread::sleep(nap);
            nap = (nap * 2).min(Duration::from_millis(2));
        }
    }

    /// A message that arrived, without waiting.
    pub(crate) fn try_receive(&self) -> Option<(usize, Vec<u8>)> {
        let mut state = self.lock();
        let (from, bytes) = state.link.try_receive()?;
        if let Some(stats) = state.stats.get_mut(from) {
            stats.bytes_received += bytes.len() as u64;
        }
        Some((from, bytes))
    }

    /// Sends `bytes` to rank `to`.
    pub fn send(&self, to: usize, bytes: &[u8]) {
        let mut state = self.lock();
        state.stats[to].bytes_sent += bytes.len() as u64;
        state.link.send(to, bytes);
    }

    /// A helper rank with no job, marked busy with a new job number (returned).
    pub(crate) fn claim_idle(&self) -> Option<(usize, u64)> {
        let mut state = self.lock();
        let rank = (1..state.busy.len()).find(|&r| state.busy[r].is_none())?;
        let wire = state.next_wire;
        state.next_wire += 1;
        state.busy[rank] = Some((wire, Instant::now()));
        state.stats[rank].jobs += 1;
        Some((rank, wire))
    }

    /// Rank `rank` answered a job sent `busy` ago after exploring `executions` (a job
    /// not tracked as the rank's one job: the graph engine sends a rank one per thread).
    pub(crate) fn count_job(&self, rank: usize, executions: u64, used: bool, busy: Duration) {
        let mut state = self.lock();
        let stats = &mut state.stats[rank];
        stats.jobs += 1;
        stats.results += u64::from(used);
        stats.executions += executions;
        stats.busy_seconds += busy.as_secs_f64();
    }

    /// Helper ranks with no job.
    pub(crate) fn idle(&self) -> usize {
        self.lock().busy.iter().skip(1).filter(|b| b.is_none()).count()
    }

    /// Rank `rank` answered job `wire` after exploring `executions`: it is free again.
    pub(crate) fn answered(&self, rank: usize, wire: u64, executions: u64, used: bool) {
        let mut state = self.lock();
        let Some(Some((job, sent))) = state.busy.get(rank).copied() else { return };
        if job != wire {
            return;
        }
        state.busy[rank] = None;
        let stats = &mut state.stats[rank];
        stats.executions += executions;
        stats.results += u64::from(used);
        stats.busy_seconds += sent.elapsed().as_secs_f64();
    }
}

#[cfg(test)]
pub(crate) mod in_process {
    //! Ranks as threads of one process, linked by channels: the protocol tested without
    //! MPI.

    use super::Link;
    use std::sync::mpsc::{channel, Receiver, Sender};

    pub struct ChannelLink {
        rank: usize,
        to: Vec<Sender<(usize, Vec<u8>)>>,
        from: Receiver<(usize, Vec<u8>)>,
    }

    /// The links of `size` ranks.
    pub fn links(size: usize) -> Vec<ChannelLink> {
        let (senders, receivers): (Vec<_>, Vec<_>) = (0..size).map(|_| channel()).unzip();
        receivers.into_iter().enumerate().map(|(rank, from)| ChannelLink { rank, to: senders.clone(), from }).collect()
    }

    impl Link for ChannelLink {
        fn rank(&self) -> usize {
            self.rank
        }
        fn size(&self) -> usize {
            self.to.len()
        }
        fn send(&mut self, to: usize, bytes: &[u8]) {
            let _ = self.to[to].send((self.rank, bytes.to_vec()));
        }
        fn try_receive(&mut self) -> Option<(usize, Vec<u8>)> {
            self.from.try_recv().ok()
        }
    }
}
