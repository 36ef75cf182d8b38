//! Spinning: a thread whose next step would bring it back to where it is with nothing
//! changed (a loop polling a flag nobody sets, a failed trylock retried). When every
//! thread that can run only spins, no thread can make progress any more and the program
//! hangs, which is an error like a deadlock (see [`Machine::report_stall`]).

use crate::machine::{Chooser, Machine};
use ravel_ir::SrcLoc;

/// Steps a probe of a spinning thread takes at most before it gives up (two iterations
/// of a loop of up to half as many visible operations).
const PROBE_STEPS: usize = 64;

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

    /// Whether enabled thread `t` only spins: run alone, its steps make no choice, end
    /// nothing, write nothing and come back to a state it was in (probed on a copy, for at
    /// most [`PROBE_STEPS`] steps: a loop of several visible operations comes back after
    /// its second iteration, the first may still change registers nobody reads again).
    pub fn spins_in_place(&self, t: usize) -> bool {
        let mut probe = self.clone();
        let config = crate::machine::Config { echo_output: false, record_trace: false, ..(*self.config).clone() };
        probe.config = std::sync::Arc::new(config);
        // The probe's output goes nowhere.
        probe.output = crate::output::Output::new(false, false);
        let mut chooser = Probe::default();
        let mut seen = vec![probe.spin_mark(t)];
        for _ in 0..PROBE_STEPS {
            probe.step(t, &mut chooser);
            let mark = probe.spin_mark(t);
            let moved = mark.epoch != seen[0].epoch || mark.threads != seen[0].threads;
            if moved || chooser.chose || probe.ending.is_done() || !probe.is_enabled(t) {
                return false;
            }
            if seen.contains(&mark) {
                return true;
            }
            seen.push(mark);
        }
        false
    }

    /// When threads can run but every one of them only spins: those threads (the program
    /// hangs). `None` when some thread can make progress, or none can run at all.
    pub fn only_spinning(&mut self) -> Option<Vec<usize>> {
        let enabled = self.enabled();
        (!enabled.is_empty() && enabled.iter().all(|&t| self.spins_in_place(t))).then_some(enabled)
    }
}
