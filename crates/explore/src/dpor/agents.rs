//! Who takes the steps dpor schedules: threads, and under TSO each thread's store buffer
//! (its step makes the oldest buffered store visible). Under TSO thread `t` is agent `2t`
//! and its buffer `2t + 1`, so that ids stay small and mean the same in every execution
//! (wakeup sequences carry them from one execution to the next); under sequential
//! consistency agent `t` is thread `t`.

use ravel_vm::{Machine, MemoryModel};

/// One agent, decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Agent {
    Thread(usize),
    /// The store buffer of this thread.
    Buffer(usize),
}

/// The numbering of agents for one memory model.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Agents {
    buffers: bool,
}

impl Agents {
    pub fn new(model: MemoryModel) -> Self {
        Agents { buffers: model.rules().store_buffers() }
    }

    /// The agent of thread `t`.
    pub fn of_thread(self, t: usize) -> usize {
        if self.buffers {
            2 * t
        } else {
            t
        }
    }

    /// The store buffer agent of thread agent `a`, if buffers exist.
    pub fn buffer_of(self, a: usize) -> Option<usize> {
        (self.buffers && a.is_multiple_of(2)).then_some(a + 1)
    }

    pub fn get(self, a: usize) -> Agent {
        match (self.buffers, a % 2) {
            (true, 1) => Agent::Buffer(a / 2),
            (true, _) => Agent::Thread(a / 2),
            (false, _) => Agent::Thread(a),
        }
    }

    /// The thread an agent is or belongs to.
    pub fn thread(self, a: usize) -> usize {
        match self.get(a) {
            Agent::Thread(t) | Agent::Buffer(t) => t,
        }
    }

    /// The agents that can take a step now, ascending: the enabled threads and the
    /// buffers holding stores.
    pub fn enabled(self, m: &mut Machine) -> Vec<usize> {
        let mut out: Vec<usize> = m.enabled().into_iter().map(|t| self.of_thread(t)).collect();
        // An atomic section sees no other thread's stores appear.
        let atomic = (0..m.threads().len()).any(|t| m.in_atomic(t) && !m.threads()[t].finished);
        if self.buffers && !m.is_done() && !atomic {
            out.extend((0..m.threads().len()).filter(|&t| m.buffered(t) > 0).map(|t| 2 * t + 1));
            out.sort_unstable();
        }
        out
    }

    /// Whether agent `a` exists and has not ended (a buffer while it holds stores).
    pub fn can_run(self, m: &Machine, a: usize) -> bool {
        match self.get(a) {
            Agent::Thread(t) => t < m.threads().len() && !m.threads()[t].finished,
            Agent::Buffer(t) => m.buffered(t) > 0,
        }
    }
}
