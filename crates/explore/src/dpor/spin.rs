//! Spin-assume for dpor: a thread that comes back to a state it stood in before one of
//! its steps, with nothing written to memory since, is blocked until some thread writes.
//!
//! Why this loses nothing. "Written" means that the memory's contents changed (the vm's
//! write counter): a store of the value already there, a read-modify-write that writes
//! back what it read (a failed test-and-set, `fetch_or(x, 0)`) and a failed
//! compare-and-swap do not count, though they stay writes for dependence and race
//! detection. Say thread `t` stood in local state `s` before a step, with memory `M`, and
//! is back in `s` now, memory still `M`. Its steps in between read `M` only and changed
//! neither memory nor `t`'s own state; the other threads' steps in between wrote nothing
//! either. So:
//! - running `t` on before some thread writes replays the very same steps (a thread's
//!   steps are a function of its state and the memory; choices of inputs are explored as
//!   siblings at each step's own node), coming back to `s` again: no state is reached
//!   that the execution does not reach without them;
//! - a write event of such a step (same value) is invisible to every read: a read that
//!   would read from it reads the same value from the write before it;
//! - a run in which `t` starts the steps again and another thread writes in the middle
//!   has the same reads, writes and values as one in which `t` took that partial way the
//!   first time, with the other threads' non-writing steps in between moved before it (they
//!   commute with `t`'s, none of them changing memory): the races that reorder that write
//!   with `t`'s reads are those of the first time round, which dpor reverses as usual;
//! - the blocked thread is not lost: every write ends the block, and when every thread
//!   that can run is blocked the program hangs (no thread can write any more).
//!
//! Races: the steps left out access what the first time round accessed, so they race with
//! an access `x` of another thread only if `x` is ordered after the first time round but
//! not before the repetition. Since `t` is blocked in between, that order comes from `x`'s
//! thread reading from one of the first time round's (same-value) writes; dpor also runs
//! that read before the write (it races with it), where it reads the same value from the
//! write before, and there `x` races with the first time round itself.

use ravel_vm::Machine;

/// States noted at most since the last write: a spin longer than that (threads and steps
/// together) is not recognised, which costs reduction, never soundness.
const MAX_MARKS: usize = 64;

/// Where a thread stood before one of its steps.
#[derive(Clone, Copy, Debug)]
struct Mark {
    thread: usize,
    /// Call depth, function and pc: a cheap first test, since a thread elsewhere is not
    /// back anywhere whatever its registers hold.
    at: (usize, Option<(u32, u32)>),
    /// The thread's spin signature (registers and frames).
    sig: u64,
}

impl Mark {
    fn at(m: &Machine, t: usize) -> (usize, Option<(u32, u32)>) {
        let frames = &m.threads()[t].frames;
        (frames.len(), frames.last().map(|f| (f.func, f.pc)))
    }
}

/// The states the threads stood in before their steps since memory last changed (part of
/// an execution: snapshots copy it).
#[derive(Clone, Debug, Default)]
pub(super) struct SpinMarks {
    /// The write counter the marks were taken at.
    epoch: u64,
    marks: Vec<Mark>,
}

impl SpinMarks {
    /// Notes thread `t`'s state before it takes a step.
    pub fn before_step(&mut self, m: &Machine, t: usize) {
        if self.epoch != m.write_epoch() {
            self.epoch = m.write_epoch();
            self.marks.clear();
        }
        if self.marks.len() == MAX_MARKS {
            self.marks.remove(0);
        }
        self.marks.push(Mark { thread: t, at: Mark::at(m, t), sig: m.spin_signature(t) });
    }

    /// Whether live thread `t` is back at a state it stood in before one of its steps,
    /// with nothing written since: it spins (see the module's comment).
    pub fn spinning(&self, m: &Machine, t: usize) -> bool {
        if self.epoch != m.write_epoch() {
            return false;
        }
        let at = Mark::at(m, t);
        let mut sig = None;
        self.marks
            .iter()
            .filter(|k| k.thread == t && k.at == at)
            .any(|k| k.sig == *sig.get_or_insert_with(|| m.spin_signature(t)))
    }
}
