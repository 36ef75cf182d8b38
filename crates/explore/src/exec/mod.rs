//! What every engine runs executions with: the chooser of schedules' choices and inputs,
//! one event's execution from a snapshot, the race check after a step, the meaning of an
//! execution's end, and state fingerprints. Engines build on this module and on
//! `engine.rs`, never on each other.

mod choose;
mod event;
pub(crate) mod fingerprint;
mod races;

pub(crate) use choose::{input_values, next_choices, ScheduleChooser, THREAD_CAPS};
pub(crate) use event::{execute, Place, PlainAccess, Snapshot};
pub(crate) use races::{check_step, collect_step, Races};
