//! Time slices for engines that share the cores: each member of a portfolio runs on its
//! own thread and waits at its limit checks while it does not have the turn, so a search
//! is paused and resumed where it stood instead of being restarted, and the portfolio can
//! hand out slices of growing length without losing work. The turn is a set of members:
//! one at a time on a single core, several side by side when there are cores for them.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// No member has the turn (a member being retired must leave its fast path).
const NOBODY: usize = 0;

/// The bit of `member` in the set of members that have the turn.
fn bit(member: usize) -> usize {
    1 << member
}

/// How often a waiting member looks at Ctrl-C (which does not wake it).
const INTERRUPT_POLL: Duration = Duration::from_millis(50);

/// The turns of one portfolio's members.
#[derive(Default)]
pub(crate) struct Turns {
    /// The members that have the turn, one bit each; read at every limit check, so it is
    /// an atomic.
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
    /// Threads the member's search may use (its `-j`); the portfolio raises it when a
    /// member beside it leaves the cores it ran on (0: as its options say).
    threads: Arc<AtomicUsize>,
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
        let member = state.retired.len() - 1;
        assert!(member < usize::BITS as usize, "a portfolio has few members");
        Turn { turns: self.clone(), member, threads: Arc::default() }
    }

    /// Gives the turn to `members` together and waits until one of their searches ends or
    /// `slice` passes. Returns whether one ended.
    pub fn run_for(&self, members: &[usize], slice: Duration) -> bool {
        let mut state = self.lock();
        let ended = |state: &State| members.iter().any(|&m| state.finished[m]);
        if ended(&state) {
            return true;
        }
        self.current.store(members.iter().map(|&m| bit(m)).fold(NOBODY, |all, b| all | b), Ordering::Relaxed);
        self.changed.notify_all();
        let deadline = std::time::Instant::now() + slice;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            if ended(&state) || left.is_zero() {
                break;
            }
            state = self.wait(state, left.min(INTERRUPT_POLL));
        }
        self.current.store(NOBODY, Ordering::Relaxed);
        ended(&state)
    }

    /// Whether `member`'s search has ended.
    pub fn finished(&self, member: usize) -> bool {
        self.lock().finished[member]
    }

    /// Tells `member` to stop at its next limit check (it ends its search as interrupted).
    pub fn retire(&self, member: usize) {
        let mut state = self.lock();
        state.retired[member] = true;
        self.current.fetch_and(!bit(member), Ordering::Relaxed);
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
        if turns.current.load(Ordering::Relaxed) & bit(self.member) != 0 {
            return true;
        }
        let mut state = turns.lock();
        loop {
            if state.retired[self.member] || crate::interrupt::interrupted() {
                return false;
            }
            if turns.current.load(Ordering::Relaxed) & bit(self.member) != 0 {
                return true;
            }
            state = turns.wait(state, INTERRUPT_POLL);
        }
    }

    /// Threads its search may use now (0: as its options say).
    pub(crate) fn threads(&self) -> usize {
        self.threads.load(Ordering::Relaxed)
    }

    /// Lets its search use `n` threads from its next look.
    pub(crate) fn allow_threads(&self, n: usize) {
        self.threads.store(n, Ordering::Relaxed);
    }

    /// Records that this member's search has ended.
    pub(crate) fn finish(&self) {
        self.turns.finish(self.member);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn members_given_the_turn_together_run_at_once_and_one_retired_stops_alone() {
        let turns = Turns::new();
        let (a, b) = (turns.join(), turns.join());
        let (ta, tb) = (a.clone(), b.clone());
        // Both must have the turn at the same time for this member to finish.
        let both = std::thread::spawn(move || {
            let ran = ta.wait() && tb.wait();
            ta.finish();
            ran
        });
        assert!(turns.run_for(&[a.member(), b.member()], Duration::from_secs(60)));
        assert!(both.join().unwrap());
        turns.retire(b.member());
        assert!(!b.wait(), "a retired member stops");
        assert!(turns.finished(a.member()) && !turns.finished(b.member()));
    }

    #[test]
    fn the_thread_allowance_reaches_the_member() {
        let turn = Turns::new().join();
        assert_eq!(turn.threads(), 0);
        turn.allow_threads(4);
        assert_eq!(turn.clone().threads(), 4);
    }
}
