//! The execution graph of a replayed execution, for people (`ravel check --dot`): its
//! steps, each thread's in program order, and the edges between threads that order them —
//! which write each read read from, the synchronisation object each operation found as
//! another thread left it (an unlock before a lock, a thread's end before its join), and
//! thread creation. Built from each step's events as the replay runs.

use ravel_vm::{AccessKind, Loc, LogEntry};
use rustc_hash::FxHashMap;

/// Why one step is ordered before another of a different thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EdgeKind {
    /// The later step read memory the earlier one wrote last.
    ReadsFrom,
    /// The later step found a synchronisation object (a mutex, a thread's end, a barrier
    /// round) as the earlier one left it.
    Synchronises,
    /// The earlier step created the later one's thread.
    Creates,
}

/// The steps (each its thread; the machine's trace has their entries, those with
/// `from_step`, in the same order) and the edges between threads (program order is
/// implied by the threads).
#[derive(Clone, Debug, Default)]
pub struct ExecutionGraph {
    pub steps: Vec<usize>,
    pub edges: Vec<(usize, usize, EdgeKind)>,
    last_writer: FxHashMap<Loc, usize>,
    created_by: FxHashMap<usize, usize>,
}

impl ExecutionGraph {
    /// Adds the next step: `thread` ran, and these are its events.
    pub fn add(&mut self, thread: usize, log: &[LogEntry]) {
        let step = self.steps.len();
        if !self.steps.contains(&thread) {
            if let Some(&parent) = self.created_by.get(&thread) {
                self.edge(parent, step, EdgeKind::Creates);
            }
        }
        self.steps.push(thread);
        for entry in log {
            match *entry {
                LogEntry::Event { loc, kind, .. } => self.access(step, loc, kind),
                LogEntry::Touch { loc, kind, .. } => self.access(step, loc, kind),
                LogEntry::Plain { addr, write, .. } => {
                    self.access(step, Loc::Mem(addr & !7), if write { AccessKind::Write } else { AccessKind::Read })
                }
                LogEntry::Free { addr, len, .. } => {
                    for word in (addr & !7..addr + len.max(1)).step_by(8) {
                        self.access(step, Loc::Mem(word), AccessKind::Write);
                    }
                }
                LogEntry::Flush { addr, .. } => self.access(step, Loc::Mem(addr & !7), AccessKind::Write),
                LogEntry::Spawn { child } => {
                    self.created_by.insert(child, step);
                }
                LogEntry::Channel { .. } => {}
            }
        }
    }

    fn access(&mut self, step: usize, loc: Loc, kind: AccessKind) {
        let reads = matches!(kind, AccessKind::Read | AccessKind::Rmw | AccessKind::FailedRmw);
        if reads {
            if let Some(&from) = self.last_writer.get(&loc) {
                let sync = !matches!(loc, Loc::Mem(_) | Loc::Buffered(..));
                self.edge(from, step, if sync { EdgeKind::Synchronises } else { EdgeKind::ReadsFrom });
            }
        }
        if kind != AccessKind::Read && kind != AccessKind::FailedRmw {
            self.last_writer.insert(loc, step);
        }
    }

    /// An edge between steps of different threads, once.
    fn edge(&mut self, from: usize, to: usize, kind: EdgeKind) {
        let other = self.steps.get(from).zip(self.steps.get(to)).is_none_or(|(a, b)| a != b);
        if from != to && other && !self.edges.contains(&(from, to, kind)) {
            self.edges.push((from, to, kind));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(loc: Loc, kind: AccessKind) -> LogEntry {
        LogEntry::Event { thread: 0, loc, kind, atomic: true, addr: 0, len: 0, at: Default::default() }
    }

    #[test]
    fn reads_from_lock_order_and_creation_become_edges() {
        let mut g = ExecutionGraph::default();
        g.add(0, &[LogEntry::Spawn { child: 1 }, event(Loc::Mem(8), AccessKind::Write)]);
        g.add(1, &[event(Loc::Mem(8), AccessKind::Read)]);
        g.add(1, &[event(Loc::Sync(64), AccessKind::Rmw)]);
        g.add(0, &[event(Loc::Sync(64), AccessKind::Rmw)]);
        g.add(0, &[event(Loc::Mem(8), AccessKind::Read)]);
        assert_eq!(
            g.edges,
            vec![(0, 1, EdgeKind::Creates), (0, 1, EdgeKind::ReadsFrom), (2, 3, EdgeKind::Synchronises)]
        );
    }
}
