//! Spinning: a thread whose next step would bring it back to where it is with nothing
//! changed (a loop polling a flag nobody sets, a failed trylock retried). When every
//! thread that can run only spins, no thread can make progress any more and the program
//! hangs, which is an error like a deadlock (see [`Machine::report_stall`]).

use crate::machine::{Chooser, Machine};
use ravel_ir::SrcLoc;

/// A chooser for probing a step: it notes that the step made a choice (which could lead
/// elsewhere under another value) and answers with the first value.
#[derive(Default)]
struct Probe {
    chose: bool,
}

impl Chooser for Probe {
    fn nondet(&mut self, _bits: u32, _loc: SrcLoc) -> u64 {
        self.chose = true;
        0
    }

    fn choose(&mut self, _n: usize) -> usize {
        self.chose = true;
        0
    }
}

/// What tells one visit of a thread's stopping point from the next: the memory's write
/// counter, the thread's whole state and how many threads exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpinMark {
    epoch: u64,
    signature: u64,
    threads: usize,
}

impl Machine {
    /// The mark of thread `t` now.
    pub fn spin_mark(&self, t: usize) -> SpinMark {
        SpinMark { epoch: self.memory.write_epoch, signature: self.state_signature(t), threads: self.threads.len() }
    }

    /// Whether enabled thread `t` only spins: its steps make no choice, end nothing, write
    /// nothing and come back to the same state (probed on a copy).
    pub fn spins_in_place(&self, t: usize) -> bool {
        let mut probe = self.clone();
        // The probe's output goes nowhere.
        let config = crate::machine::Config { echo_output: false, record_trace: false, ..(*self.config).clone() };
        probe.config = std::sync::Arc::new(config);
        // The first step may still change registers nobody reads again (the previous
        // iteration's values); from then on a spinning thread's state is a fixed point.
        let mut chooser = Probe::default();
        let before = probe.spin_mark(t);
        probe.step(t, &mut chooser);
        let once = probe.spin_mark(t);
        if once.epoch != before.epoch || once.threads != before.threads || !probe.is_enabled(t) {
            return false;
        }
        probe.step(t, &mut chooser);
        !chooser.chose && probe.end.is_none() && probe.spin_mark(t) == once
    }

    /// When threads can run but every one of them only spins: those threads (the program
    /// hangs). `None` when some thread can make progress, or none can run at all.
    pub fn only_spinning(&mut self) -> Option<Vec<usize>> {
        let enabled = self.enabled();
        (!enabled.is_empty() && enabled.iter().all(|&t| self.spins_in_place(t))).then_some(enabled)
    }
}
