//! The thread table, a part of the machine's state of its own: every thread created so
//! far, indexed by thread number (finished ones included: numbers are never reused but by
//! the states engine's copies), with how many still run and the questions about the set
//! of threads rather than one of them. It reads as the slice of its threads.

use crate::thread::{Thread, Wait};
use std::ops::{Deref, DerefMut};

/// The threads of an execution.
pub(crate) struct ThreadTable {
    threads: Vec<Thread>,
    /// Threads created and not finished.
    live: usize,
}

crate::clone_reusing!(ThreadTable { threads, live });

impl Deref for ThreadTable {
    type Target = [Thread];

    #[inline]
    fn deref(&self) -> &[Thread] {
        &self.threads
    }
}

impl DerefMut for ThreadTable {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Thread] {
        &mut self.threads
    }
}

impl ThreadTable {
    /// The table of a process whose main thread runs alone.
    pub(crate) fn new(main: Thread) -> ThreadTable {
        ThreadTable { threads: vec![main], live: 1 }
    }

    /// Adds a newly created thread; its number.
    pub(crate) fn spawn(&mut self, th: Thread) -> usize {
        self.threads.push(th);
        self.live += 1;
        self.threads.len() - 1
    }

    /// Puts `th`, a copy of a thread, at number `at`: a new number, or that of a finished
    /// thread nothing names any more.
    pub(crate) fn place(&mut self, at: usize, th: Thread) {
        let live = !th.finished;
        if at == self.threads.len() {
            self.threads.push(th);
        } else {
            self.threads[at] = th;
        }
        if live {
            self.live += 1;
        }
    }

    /// Marks thread `t` finished.
    pub(crate) fn finish(&mut self, t: usize) {
        self.threads[t].finished = true;
        self.live -= 1;
    }

    /// True when at most one thread runs (no other can observe what it does).
    #[inline]
    pub(crate) fn alone(&self) -> bool {
        self.live <= 1
    }

    /// Whether a thread other than `t` has not finished.
    pub(crate) fn others_running(&self, t: usize) -> bool {
        self.threads.iter().enumerate().any(|(u, th)| u != t && !th.finished)
    }

    /// Threads besides main that have not finished.
    pub(crate) fn running_besides_main(&self) -> usize {
        self.threads.iter().skip(1).filter(|th| !th.finished).count()
    }

    /// Whether every thread finished.
    pub(crate) fn all_finished(&self) -> bool {
        self.threads.iter().all(|th| th.finished)
    }

    /// The thread a handle names (see [`ThreadTable::handle_of`]).
    pub(crate) fn by_handle(&self, handle: u64) -> Option<usize> {
        let idx = handle.checked_sub(1)? as usize;
        (idx < self.threads.len()).then_some(idx)
    }

    /// The handle `pthread_self` returns for thread `t` (never 0).
    pub(crate) fn handle_of(t: usize) -> u64 {
        t as u64 + 1
    }

    /// True when thread `t`'s next step ends the program (main returning while other
    /// threads still run).
    pub(crate) fn exits_next(&self, t: usize) -> bool {
        matches!(self.threads[t].wait, Wait::Exit { .. })
    }

    /// Whether thread `t` waits to terminate the process (`Config::defer_exit`).
    pub(crate) fn terminating(&self, t: usize) -> bool {
        matches!(self.threads[t].wait, Wait::Terminate { .. })
    }

    /// True when a thread waits to end the process.
    pub(crate) fn exit_waits(&self) -> bool {
        (0..self.threads.len()).any(|t| self.terminating(t))
    }

    /// True when thread `t` is inside an atomic section.
    pub(crate) fn in_atomic(&self, t: usize) -> bool {
        self.threads[t].atomic_depth > 0
    }

    /// Thread `t` enters an atomic section (`__VERIFIER_atomic_begin`): nobody else runs
    /// until it leaves; sections nest.
    pub(crate) fn enter_atomic(&mut self, t: usize) {
        self.threads[t].atomic_depth += 1;
    }

    /// Thread `t` leaves its innermost atomic section (an unmatched end is ignored).
    pub(crate) fn leave_atomic(&mut self, t: usize) {
        self.threads[t].atomic_depth = self.threads[t].atomic_depth.saturating_sub(1);
    }
}
