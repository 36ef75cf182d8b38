//! Time slices for engines that take turns on the same cores: each member of a portfolio
//! runs on its own thread and waits at its limit checks while another member has the turn,
//! so a search is paused and resumed where it stood instead of being restarted, and the
//! portfolio can hand out slices of growing length without losing work.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// No member has the turn (a member being retired must leave its fast path).
const NOBODY: usize = usize::MAX;

/// How often a waiting member looks at Ctrl-C (which does not wake it).
const INTERRUPT_POLL: Duration = Duration::from_millis(50);

/// The turns of one portfolio's members.
#[derive(Default)]
pub(crate) struct Turns {
    /// The member whose turn it is; read at every limit check, so it is an atomic.
    current: AtomicUsize,
    state: Mutex<State>,
    changed: Condvar,
}

#[derive(Default)]
struct State {
    /// Per member: the portfolio no longer needs it, it must stop at its next check.
    retired: Vec<bool>,
    /// Per member: its search has ended.
    finished: Vec<bool>,
}

/// One member's place in the turns, carried in its [`crate::Options`] so that every limit
/// check of its search (and of its `-j` helpers) waits for its turn.
#[derive(Clone)]
pub struct Turn {
    turns: Arc<Turns>,
    member: usize,
}

impl Turns {
    pub fn new() -> Arc<Turns> {
        Arc::new(Turns { current: AtomicUsize::new(NOBODY), ..Default::default() })
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Waits for a change, at most `timeout`.
    fn wait<'s>(&self, state: MutexGuard<'s, State>, timeout: Duration) -> MutexGuard<'s, State> {
        self.changed.wait_timeout(state, timeout).map(|(s, _)| s).unwrap_or_else(|p| p.into_inner().0)
    }

    /// A place for a new member, which waits until it is given the turn.
    pub fn join(self: &Arc<Turns>) -> Turn {
        let mut state = self.lock();
        state.retired.push(false);
        state.finished.push(false);
        Turn { turns: self.clone(), member: state.retired.len() - 1 }
    }

    /// Gives the turn to `member` and waits until its search ends or `slice` passes.
    /// Returns whether it ended.
    pub fn run_for(&self, member: usize, slice: Duration) -> bool {
        let mut state = self.lock();
        if state.finished[member] {
            return true;
        }
        self.current.store(member, Ordering::Relaxed);
        self.changed.notify_all();
        let deadline = std::time::Instant::now() + slice;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            if state.finished[member] || left.is_zero() {
                break;
            }
            state = self.wait(state, left.min(INTERRUPT_POLL));
        }
        self.current.store(NOBODY, Ordering::Relaxed);
        state.finished[member]
    }

    /// Tells `member` to stop at its next limit check (it ends its search as interrupted).
    pub fn retire(&self, member: usize) {
        let mut state = self.lock();
        state.retired[member] = true;
        self.current.store(NOBODY, Ordering::Relaxed);
        self.changed.notify_all();
    }

    /// Records that `member`'s search has ended.
    pub fn finish(&self, member: usize) {
        self.lock().finished[member] = true;
        self.changed.notify_all();
    }
}

impl std::fmt::Debug for Turn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Turn({})", self.member)
    }
}

impl Turn {
    /// This member's index among the portfolio's.
    pub(crate) fn member(&self) -> usize {
        self.member
    }

    /// Waits for this member's turn; false when the portfolio no longer needs it (or the
    /// user interrupted ravel), and its search must stop.
    pub(crate) fn wait(&self) -> bool {
        let turns = &self.turns;
        if turns.current.load(Ordering::Relaxed) == self.member {
            return true;
        }
        let mut state = turns.lock();
        loop {
            if state.retired[self.member] || crate::interrupt::interrupted() {
                return false;
            }
            if turns.current.load(Ordering::Relaxed) == self.member {
                return true;
            }
            state = turns.wait(state, INTERRUPT_POLL);
        }
    }

    /// Records that this member's search has ended.
    pub(crate) fn finish(&self) {
        self.turns.finish(self.member);
    }
}
