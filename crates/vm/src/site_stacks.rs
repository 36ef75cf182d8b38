//! Call stacks of the places an error report names. An exploration never keeps them
//! (walking a thread's frames at every access would cost in the interpreter loop); the
//! replay that renders a report does ([`Config::site_stacks`](crate::Config)): the stack
//! of each thread's latest access at each source location, and the stack each thread was
//! created from. A race's first access is long over when the race is found, so its stack
//! must be kept when it happens.

use ravel_ir::{FuncId, SrcLoc};
use rustc_hash::FxHashMap;

/// One frame of a call stack: the function and the place in it (a caller stands at its
/// call).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StackFrame {
    pub func: FuncId,
    pub loc: SrcLoc,
}

/// A call stack, innermost frame first.
pub type CallStack = Vec<StackFrame>;

/// The stacks kept during a report's replay.
#[derive(Clone, Debug, Default)]
pub struct SiteStacks {
    /// Each thread's latest shared access (or end of a shared object) at each location.
    accesses: FxHashMap<(usize, SrcLoc), CallStack>,
    /// Each created thread's creator and the creator's stack at the `pthread_create`.
    created: FxHashMap<usize, (usize, CallStack)>,
    /// Each heap block's allocating thread and its stack, by the block's start.
    allocated: FxHashMap<u64, (usize, CallStack)>,
}

impl SiteStacks {
    pub fn note_access(&mut self, thread: usize, at: SrcLoc, stack: CallStack) {
        self.accesses.insert((thread, at), stack);
    }

    pub fn note_creation(&mut self, child: usize, creator: usize, stack: CallStack) {
        self.created.insert(child, (creator, stack));
    }

    /// The stack of the latest access of `thread` at `at` (a place without a column, as
    /// a freed block remembers where it was freed, matches any column of its line).
    pub fn note_allocation(&mut self, base: u64, thread: usize, stack: CallStack) {
        self.allocated.insert(base, (thread, stack));
    }

    pub fn allocation(&self, base: u64) -> Option<&(usize, CallStack)> {
        self.allocated.get(&base)
    }

    pub fn access(&self, thread: usize, at: SrcLoc) -> Option<&CallStack> {
        if let Some(stack) = self.accesses.get(&(thread, at)) {
            return Some(stack);
        }
        let same_line = |&(t, l): &(usize, SrcLoc)| t == thread && l.file == at.file && l.line == at.line;
        (at.col == 0).then(|| self.accesses.iter().find(|(k, _)| same_line(k)).map(|(_, s)| s)).flatten()
    }

    pub fn creation(&self, child: usize) -> Option<&(usize, CallStack)> {
        self.created.get(&child)
    }
}
