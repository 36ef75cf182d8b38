//! The virtual clock as timed waits move it: under discrete time to the wait's deadline,
//! otherwise by the wait's duration (`timers` decides when timed waits may end).

use crate::machine::{Machine, TimeModel};

impl Machine {
    /// Ends the timed wait of thread `t` that lasts `ns` from when it began: under
    /// discrete time the clock jumps to its deadline (unless already past it), otherwise
    /// it advances by the duration.
    pub(crate) fn end_timed_wait(&mut self, t: usize, ns: u64) {
        match self.config.time {
            TimeModel::Discrete => {
                let deadline = self.threads[t].arrived_ns.saturating_add(ns);
                self.os.now_ns = self.os.now_ns.max(deadline);
            }
            TimeModel::Any => {
                self.os.advance(ns);
            }
        }
    }
}
