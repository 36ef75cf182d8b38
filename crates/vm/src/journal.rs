//! The recorder, a part of the machine's state of its own: what an execution leaves for
//! reports and detectors besides its state. The trace of visible operations (what a
//! report shows), the events of the current step (what the engines and their race
//! detector read), the record `ravel enforce` names, the recording predictive analysis
//! reads, the call stacks of the places a report names, and the synchronisation calls the
//! statistics count. The `impl Machine` hooks that fill them live in `event_log`,
//! `native_recorder` and `recorder`.

use crate::events::{AccessKind, Loc, LogEntry};
use crate::native_record::Recorded;
use crate::record::Recording;
use crate::site_stacks::{CallStack, SiteStacks};
use crate::sync_calls::SyncCalls;
use ravel_ir::{Builtin, SrcLoc};
use std::collections::HashSet;

/// How many of the latest visible operations the trace keeps at least.
pub const TRACE_KEEP: usize = 4096;

/// How many of the latest plain accesses [`Journal::log_plain`] compares with.
const PLAIN_LOOKBACK: usize = 8;

/// A visible operation as recorded in the trace.
#[derive(Clone, Debug)]
pub struct TraceEntry {
    pub thread: usize,
    pub loc: SrcLoc,
    pub what: String,
    /// The thread's call stack at the operation (with `Config::site_stacks`, else empty).
    pub stack: CallStack,
    /// The entry of a step (false: an access a report shows inside a step, such as a
    /// race's plain accesses).
    pub from_step: bool,
}

/// What an execution records.
#[derive(Default)]
pub(crate) struct Journal {
    /// The latest visible operations executed, in order: at least the last
    /// [`TRACE_KEEP`] (older ones are dropped, so an execution that never ends runs in
    /// bounded memory; reports show only the end of an interleaving anyway).
    trace: Vec<TraceEntry>,
    /// Visible operations executed in all, those dropped from `trace` included.
    trace_total: u64,
    /// Events of the current step (exploration mode).
    log: Vec<LogEntry>,
    /// With `Config::record_accesses`: what `ravel enforce` names, in execution order.
    recorded: Vec<Recorded>,
    /// With `Config::record_accesses`: the (thread, stack or thread-local object) pairs
    /// recorded once already.
    recorded_locals: HashSet<(usize, u32)>,
    /// The execution recorded for predictive analysis, while recording.
    recording: Option<Recording>,
    /// With `Config::site_stacks`: the call stacks a report names.
    site_stacks: Option<Box<SiteStacks>>,
    /// Lock and condition-variable calls made.
    sync_calls: SyncCalls,
}

crate::clone_reusing!(Journal {
    trace,
    trace_total,
    log,
    recorded,
    recorded_locals,
    recording,
    site_stacks,
    sync_calls,
});

impl Journal {
    /// A journal that keeps call stacks for a report when `site_stacks` is set.
    pub(crate) fn new(site_stacks: bool) -> Journal {
        Journal { site_stacks: site_stacks.then(Box::default), ..Journal::default() }
    }

    /// Appends a visible operation to the trace (dropping the oldest half of a full one).
    pub(crate) fn push_trace(&mut self, entry: TraceEntry) {
        if self.trace.len() >= 2 * TRACE_KEEP {
            self.trace.drain(..TRACE_KEEP);
        }
        self.trace.push(entry);
        self.trace_total += 1;
    }

    /// Shows an operation the trace did not record at position `at` of the trace, or last
    /// if `at` is past its end.
    pub(crate) fn insert_trace(&mut self, at: usize, entry: TraceEntry) {
        self.trace.insert(at.min(self.trace.len()), entry);
    }

    /// The latest visible operations executed, in order.
    pub(crate) fn trace(&self) -> &[TraceEntry] {
        &self.trace
    }

    /// Thread `t`'s latest traced operation.
    pub(crate) fn latest_of(&mut self, t: usize) -> Option<&mut TraceEntry> {
        self.trace.iter_mut().rev().find(|e| e.thread == t)
    }

    /// The stack of thread `t`'s latest traced operation at `loc` that kept one.
    pub(crate) fn traced_stack(&self, t: usize, loc: SrcLoc) -> Option<&CallStack> {
        let traced = self.trace.iter().rev().find(|e| e.thread == t && e.loc == loc && !e.stack.is_empty());
        traced.map(|e| &e.stack)
    }

    /// Visible operations executed in all, those dropped from the trace included.
    pub(crate) fn trace_total(&self) -> u64 {
        self.trace_total
    }

    /// Logs an event of the current step.
    #[inline]
    pub(crate) fn log(&mut self, entry: LogEntry) {
        self.log.push(entry);
    }

    /// Logs a plain access unless one of the latest entries, since the last other entry,
    /// is the same access: repeating it tells race detection nothing new, and a loop that
    /// runs long inside one step (a spinning thread) then logs in bounded memory.
    pub(crate) fn log_plain(&mut self, entry: LogEntry) {
        let recent = self.log.iter().rev().take(PLAIN_LOOKBACK).take_while(|e| matches!(e, LogEntry::Plain { .. }));
        if !recent.into_iter().any(|e| *e == entry) {
            self.log.push(entry);
        }
    }

    /// Turns the logged event of a compare-and-swap at `addr` that did not write into a
    /// failed one (it commutes with other reads).
    pub(crate) fn mark_failed_rmw(&mut self, addr: u64) {
        let word = Loc::Mem(addr & !7);
        let last = self.log.iter_mut().rev().find_map(|e| match e {
            LogEntry::Event { loc, kind, .. } if *loc == word => Some(kind),
            _ => None,
        });
        if let Some(kind @ AccessKind::Rmw) = last {
            *kind = AccessKind::FailedRmw;
        }
    }

    /// Takes the events logged since the last call.
    pub(crate) fn take_log(&mut self) -> Vec<LogEntry> {
        std::mem::take(&mut self.log)
    }

    /// Puts the events logged since the last call into `buf` and keeps `buf`'s old
    /// allocation (emptied) for the next ones.
    pub(crate) fn swap_log(&mut self, buf: &mut Vec<LogEntry>) {
        buf.clear();
        std::mem::swap(&mut self.log, buf);
    }

    /// Adds to the record `ravel enforce` names.
    pub(crate) fn record_native(&mut self, r: Recorded) {
        self.recorded.push(r);
    }

    /// Whether this is thread `t`'s first recorded access to the stack or thread-local
    /// object `obj` (which the record keeps once per thread).
    pub(crate) fn first_local_access(&mut self, t: usize, obj: u32) -> bool {
        self.recorded_locals.insert((t, obj))
    }

    /// What `ravel enforce` names, in execution order.
    pub(crate) fn recorded(&self) -> &[Recorded] {
        &self.recorded
    }

    /// Starts a recording for predictive analysis.
    pub(crate) fn start_recording(&mut self, recording: Recording) {
        self.recording = Some(recording);
    }

    /// The recording for predictive analysis, while recording.
    #[inline]
    pub(crate) fn recording(&self) -> Option<&Recording> {
        self.recording.as_ref()
    }

    /// The recording for predictive analysis, to add to.
    pub(crate) fn recording_mut(&mut self) -> Option<&mut Recording> {
        self.recording.as_mut()
    }

    /// The recording so far (recording stops).
    pub(crate) fn take_recording(&mut self) -> Option<Recording> {
        self.recording.take()
    }

    /// Notes in the recording that thread `t` takes a scheduling step.
    pub(crate) fn record_step(&mut self, t: usize) {
        if let Some(r) = self.recording.as_mut() {
            r.steps.push(t);
        }
    }

    /// The call stacks kept for a report, when they are kept.
    pub(crate) fn site_stacks(&self) -> Option<&SiteStacks> {
        self.site_stacks.as_deref()
    }

    /// The call stacks kept for a report, to add to.
    pub(crate) fn site_stacks_mut(&mut self) -> Option<&mut SiteStacks> {
        self.site_stacks.as_deref_mut()
    }

    /// Counts synchronisation call `b`.
    pub(crate) fn count_sync_call(&mut self, b: Builtin) {
        self.sync_calls.count(b);
    }

    /// Lock and condition-variable calls made so far.
    pub(crate) fn sync_calls(&self) -> SyncCalls {
        self.sync_calls
    }
}
