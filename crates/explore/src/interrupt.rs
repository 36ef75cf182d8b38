//! Ctrl-C: the user's request that the running exploration stop, seen by every engine
//! (and the portfolio's turns) at its next check of the limits.

use std::sync::atomic::{AtomicBool, Ordering};

/// Set when the user interrupts ravel (Ctrl-C): every engine stops at its next check of
/// the exploration's limits and answers unknown with what it explored so far.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Asks the running exploration to stop as soon as it can (safe to call from a signal
/// handler's thread).
pub fn interrupt() {
    INTERRUPTED.store(true, Ordering::Relaxed);
}

/// Whether the user interrupted ravel.
pub(crate) fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}
