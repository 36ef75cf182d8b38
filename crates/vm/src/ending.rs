//! How an execution ends, a part of the machine's state of its own: the end once reached
//! and what decides it (the process's exit in progress, the deadline of the time limit),
//! and what an engine must know with it (why the execution explored less than the
//! program can do, errors that did not end it).

use crate::error::ProgramError;
use crate::{Abstraction, Imprecision, Limit};
use ravel_ir::SrcLoc;
use std::time::Instant;

/// How an execution ended, when it did.
#[derive(Clone, Debug)]
pub enum End {
    /// The program exited with this status.
    Exit(i32),
    /// An error was found.
    Error(ProgramError),
    /// An assumption failed: the execution is infeasible and is dropped.
    AssumeFailed(SrcLoc),
    /// Something ravel does not support was executed.
    Unsupported { what: String, loc: SrcLoc, thread: usize },
    /// `abort()` was called: abnormal termination, which verification treats as the end
    /// of a path rather than an error.
    Abort(SrcLoc),
    /// A limit was hit.
    Limit(Limit),
}

/// The end of an execution and what comes with it.
#[derive(Default)]
pub(crate) struct Ending {
    /// Set once the execution ended.
    end: Option<End>,
    /// Wall-clock deadline of the execution (the time limit).
    deadline: Option<Instant>,
    /// The status `exit` was called with, while its atexit handlers run.
    exit_status: Option<i32>,
    /// The atexit handlers registered, the last to run first.
    atexit: Vec<u64>,
    /// Threads still running when the process ended.
    exited_with_running_threads: usize,
    /// See [`Ending::ended_alone`].
    ended_alone: bool,
    /// Why this execution's events may not capture every conflict (then an exhaustive
    /// exploration cannot conclude "safe"), the first reason met.
    imprecise: Option<Imprecision>,
    /// Where the first symbolic value was made abstract (`ravel_abstract_*`), if one was.
    abstracted: Option<Abstraction>,
    /// Errors that did not end the execution (`Config::defer_reinit`), for the explorer to
    /// take.
    deferred: Vec<ProgramError>,
}

crate::clone_reusing!(Ending {
    end,
    deadline,
    exit_status,
    atexit,
    exited_with_running_threads,
    ended_alone,
    imprecise,
    abstracted,
    deferred,
});

impl Ending {
    /// An execution not ended, which the time limit ends at `deadline`.
    pub(crate) fn new(deadline: Option<Instant>) -> Ending {
        Ending { deadline, ..Ending::default() }
    }

    /// How the execution ended, once it has.
    pub(crate) fn end(&self) -> Option<&End> {
        self.end.as_ref()
    }

    /// True when the execution is over (exit, error, limit, ...).
    #[inline]
    pub(crate) fn is_done(&self) -> bool {
        self.end.is_some()
    }

    /// True when an error ended the execution.
    pub(crate) fn ended_in_error(&self) -> bool {
        matches!(self.end, Some(End::Error(_)))
    }

    /// Ends the execution as `end`, over any end it had.
    pub(crate) fn set(&mut self, end: End) {
        self.end = Some(end);
    }

    /// The error the execution ended with, for a detector above the vm to add what it
    /// knows (whether a use after free races with its free).
    pub(crate) fn error_mut(&mut self) -> Option<&mut ProgramError> {
        match &mut self.end {
            Some(End::Error(e)) => Some(e),
            _ => None,
        }
    }

    /// Ends the execution with `error`.
    pub(crate) fn fail(&mut self, error: ProgramError) {
        self.end = Some(End::Error(error));
    }

    /// Ends the execution at `limit`, unless it ended already.
    pub(crate) fn reach(&mut self, limit: Limit) {
        self.end.get_or_insert(End::Limit(limit));
    }

    /// The deadline of the time limit.
    pub(crate) fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Whether the deadline has passed.
    pub(crate) fn past_deadline(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() > d)
    }

    /// `atexit(f)`: `f` runs at exit, before those registered earlier.
    pub(crate) fn register_atexit(&mut self, f: u64) {
        self.atexit.push(f);
    }

    /// Whether atexit handlers are left to run.
    pub(crate) fn has_atexit(&self) -> bool {
        !self.atexit.is_empty()
    }

    /// The exit begins with `status`: its atexit handlers run first.
    pub(crate) fn begin_exit(&mut self, status: i32) {
        self.exit_status = Some(status);
    }

    /// The next atexit handler to run, which is then done.
    pub(crate) fn next_atexit(&mut self) -> Option<u64> {
        self.atexit.pop()
    }

    /// The status the process exits with (0 when `exit` was not called: main returned
    /// or the last thread ended).
    pub(crate) fn exit_status(&self) -> i32 {
        self.exit_status.unwrap_or(0)
    }

    /// What the exit in progress holds, for the state's fingerprint: the handlers left
    /// and the status.
    pub(crate) fn exit_state(&self) -> (&[u64], Option<i32>) {
        (&self.atexit, self.exit_status)
    }

    /// The process exits with `status` (the low 8 bits, as the OS keeps), leaving
    /// `running` threads unfinished.
    pub(crate) fn exit(&mut self, status: i32, running: usize) {
        self.exited_with_running_threads = running;
        self.end = Some(End::Exit(status & 0xff));
    }

    /// Threads still running when the process ended.
    pub(crate) fn exited_with_running_threads(&self) -> usize {
        self.exited_with_running_threads
    }

    /// Notes that the execution ends at a point where no other thread could run (with
    /// exits deferred: its last step cuts nothing short).
    pub(crate) fn set_alone(&mut self, alone: bool) {
        self.ended_alone = alone;
    }

    /// True when, with exits deferred, the execution ended at a point where no other
    /// thread could run.
    pub(crate) fn ended_alone(&self) -> bool {
        self.ended_alone
    }

    /// Notes why the execution explored less than the program can do, unless a reason
    /// was noted already (the first one stands).
    pub(crate) fn note_imprecise(&mut self, why: Imprecision) {
        self.imprecise.get_or_insert(why);
    }

    /// Why this execution's events may not capture every conflict, if so.
    pub(crate) fn imprecise(&self) -> Option<&Imprecision> {
        self.imprecise.as_ref()
    }

    /// Notes where a symbolic value was made abstract, unless one was already.
    pub(crate) fn note_abstracted(&mut self, at: Abstraction) {
        self.abstracted.get_or_insert(at);
    }

    /// Where the execution first made a symbolic value abstract, if it did.
    pub(crate) fn abstracted(&self) -> Option<&Abstraction> {
        self.abstracted.as_ref()
    }

    /// Keeps an error that does not end the execution.
    pub(crate) fn defer(&mut self, error: ProgramError) {
        self.deferred.push(error);
    }

    /// Takes the errors that did not end the execution.
    pub(crate) fn take_deferred(&mut self) -> Vec<ProgramError> {
        std::mem::take(&mut self.deferred)
    }
}
