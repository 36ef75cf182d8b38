//! `ravel check --engine graph -j 1 --job-log FILE`: the tree of graphs as one thread
//! visits it — each graph's parent (the graph whose revisit made it), the thread CPU
//! seconds it cost (running the program along it and checking its revisits), and its
//! events — with the bytes a gift of a graph takes per event: what `bench/mpi/simulate`
//! replays as work stealing of subtrees on many ranks.

use super::graph::{Graph, Pos};
use super::wire::WireGift;
use super::Revisit;
use crate::job_log::{thread_cpu, GraphTree, JobLog};
use std::sync::Arc;

/// Measures a gift's bytes once every this many graphs (encoding costs).
const SAMPLE: usize = 256;

pub(super) struct TreeLog {
    log: Arc<JobLog>,
    tree: GraphTree,
    cpu: f64,
    /// Bytes and events of the sampled gifts.
    sampled: (usize, usize),
}

impl TreeLog {
    pub fn new(log: Arc<JobLog>) -> TreeLog {
        TreeLog { log, tree: GraphTree::default(), cpu: thread_cpu(), sampled: (0, 0) }
    }

    /// The graph visited last: made by a revisit of graph `parent` (none: the root), and
    /// `graph` as the visit left it.
    pub fn visited(&mut self, parent: Option<u32>, graph: &Graph) {
        let now = thread_cpu();
        let events: usize = graph.threads.iter().map(Vec::len).sum();
        if self.tree.parents.len().is_multiple_of(SAMPLE) {
            let any = Pos { thread: 0, index: 0 };
            let bytes = crate::cluster::encode(&WireGift::of(graph, Revisit::Backward { read: any, write: any }));
            self.sampled.0 += bytes.map_or(0, |b| b.len());
            self.sampled.1 += events;
        }
        self.tree.parents.push(parent);
        self.tree.work.push(now - self.cpu);
        self.tree.events.push(events as u32);
        // The sampling is the log's own cost, left out of the next graph's.
        self.cpu = thread_cpu();
    }

    pub fn write(mut self) {
        self.tree.gift_bytes_per_event = self.sampled.0 as f64 / self.sampled.1.max(1) as f64;
        self.log.graph_tree(self.tree);
    }
}
