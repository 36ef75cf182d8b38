//! The ravel interpreter: executes a lowered [`ravel_ir::Program`] thread by thread, with
//! models of libc, pthreads and the verification API, and detects program errors.

mod concolic;
pub mod error;
mod event_log;
mod events;
mod fast;
mod fingerprint;
pub mod fp80;
mod images;
mod interp;
pub mod libc;
mod machine;
mod memory;
mod models;
pub mod native_names;
pub mod native_record;
mod native_recorder;
mod os;
mod pending;
mod random;
mod record;
mod recorder;
pub mod resident;
mod store_buffer;
mod symbolic;
mod symmetry;
mod symvars;
mod sync;
mod thread;
mod timers;
mod tso;
mod values;
mod widen;

pub use error::{ErrorKind, ProgramError};
pub use events::{AccessKind, Loc, LogEntry, Pending, PendingKind};
pub use machine::{Chooser, Config, End, Granularity, Machine, TraceEntry};
pub use memory::ObjKind;
pub use os::{FileContents, FileSpec, Peer};
pub use random::{run_random, Nondet, RandomChooser, RunOutcome};
pub use record::{GuardOrigin, RecEvent, RecKind, Recording};
pub use store_buffer::MemoryModel;
pub use symbolic::{Input, SharedSym, SymEngine};
pub use symmetry::Canon;
pub use timers::TimeModel;
pub use widen::CellValue;
