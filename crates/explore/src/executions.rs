//! Every execution the dpor exploration ends, handed to a caller that wants more than the
//! verdict (`ravel schedules` groups them by their synchronisation order and path
//! condition).

use crate::Unknown;
use ravel_vm::{Machine, ProgramError};
use std::sync::Arc;

/// How an execution ended, as an [`ExecutionSink`] hears it.
pub enum ExecutionEnd<'a> {
    /// The program ended without error.
    Complete,
    /// The program hit an error (a deadlock among them).
    Error(&'a ProgramError),
    /// Blocked (an assumption, `abort()` or a spin loop): it says nothing about its inputs.
    Blocked,
    /// Cut short at a limit, for the reason given: it says nothing about its inputs.
    Truncated(&'a Unknown),
    /// Stopped at an epoch-start state (the last one the sink is given) whose
    /// continuations another execution's path explores (`DporOptions::join_at_epochs`).
    Joined,
    /// Stopped after the first synchronisation operations of an epoch
    /// (`DporOptions::prefix_events`), which end at this length of the machine's record
    /// (`Machine::recorded`; what follows it, one more operation, was run only to find
    /// the orders of the prefix and is not part of it).
    Cut(usize),
}

/// Where the dpor exploration hands each ended execution (redundant ones, which sleep
/// sets or infeasible wakeup sequences end, are not handed over). Executions then keep
/// their whole path condition and record what the native runtime names.
#[derive(Clone)]
pub struct ExecutionSink(pub Arc<ExecutionCallback>);

/// What an [`ExecutionSink`] calls with each ended execution, with the epoch-start states
/// it passed as (epoch, state number) (empty without `DporOptions::join_at_epochs`; epochs
/// count the `ravel_epoch()` calls made alone before).
pub type ExecutionCallback = dyn Fn(&Machine, ExecutionEnd, &[(u32, u32)]) + Send + Sync;

impl std::fmt::Debug for ExecutionSink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ExecutionSink")
    }
}

/// The inputs an exploration is restricted to (`ravel schedules` explores other orders only
/// for the inputs whose first order failed): builds a width-1 condition over
/// the inputs in the exploration's expression pool, inputs named as the vm names them
/// (`(reading index << 8) | bits`). Only the paths some input of the region follows are
/// explored; each keeps its own path condition (`ravel_vm::SymEngine::restrict`). A
/// condition the solver finds no model of restricts nothing.
#[derive(Clone)]
pub struct InputRegion(pub Arc<RegionBuilder>);

/// What an [`InputRegion`] calls to build its condition.
pub type RegionBuilder = dyn Fn(&mut ravel_sym::ExprPool) -> ravel_sym::ExprId + Send + Sync;

impl std::fmt::Debug for InputRegion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("InputRegion")
    }
}
