//! The ravel interpreter: executes a lowered [`ravel_ir::Program`] thread by thread, with
//! models of libc, pthreads and the verification API, and detects program errors.
//!
//! Modules form layers; a module names (`crate::…`) and calls (`Machine` methods, defined
//! in `impl Machine` blocks across the crate) only modules of its own layer or below, so a
//! lower layer returns results the higher one acts on. `scripts/module-cycles` (no import
//! circle) and `scripts/layer-calls` (no call or import upwards; it holds this list as
//! its table), both run by CI, check it:
//! 1. **data**: `error`, `errno`, `events`, `thread`, `memory`, `values` (register words
//!    and the scalar operations on them), `sync_state`, `sync_calls`, `record`, `native_record`,
//!    `store_buffer`, `symbolic`, `os`, `libc`, `fp80`, `fphash`, `images`, `resident`,
//!    `site_stacks`, `clone_reusing`, `copy_on_write`, `obj_hints`, `limit` and `imprecision`
//!    (the limits that end an execution and what makes one imprecise, as values), and the
//!    parts of a machine's state owned apart, each with its own methods: `thread_table`
//!    (the threads and how many run), `journal` (the recorder: what the execution leaves
//!    for reports and detectors), `ending` (how the execution ends and what comes with
//!    its end) and `output` (the program's output on its way).
//! 2. **state**: `machine` — the `Machine` struct, its settings and the small API the
//!    layers above share (frames, faults).
//! 3. **semantics on the state**, as `impl Machine` blocks or functions of `&mut Machine`:
//!    `sync` (the pthread objects), `frames` (leaving a call), `exit` (process and thread
//!    exit), `clock` (time passing in timed waits), `tso_buffers` (stores in flight under
//!    TSO), `address_names` (addresses in reports), `event_log`, `object_end`, `concolic`,
//!    `recorder`, `native_recorder`, `native_names`, `tls` (thread-local variables and
//!    errno), `heap` (`malloc`'s family), `streams` (stdout/stderr and `FILE *` output),
//!    `verifier` (open values, assumptions, atomic sections, abort, atexit), `signals`
//!    (dispositions, masks, delivery), `fork` (copying a thread for the states engine),
//!    `view` (what engines read of memory, threads and the symbolic state).
//! 4. **library shims**: `shims` — ABI decoding and errno, calling `sync`, `os`, `libc`;
//!    `nonlocal_jump` (`setjmp`/`longjmp`).
//! 5. **what asks the shims about a call**: `pending` (enabledness, deadlock report),
//!    `timers` (when timed waits end), `tso` (fences).
//! 6. **execution**: `interp` and `fast` (the instruction loops), `step` (the operation the
//!    schedulers drive), `spin` (probing a thread's steps on a copy), `random`.
//!
//! Engine-specific analyses (state fingerprints, widening, canonical states up to thread
//! permutation) live in `ravel-explore` and read the machine through `view`.

mod address_names;
mod clock;
mod clone_reusing;
mod concolic;
mod copy_on_write;
mod ending;
mod errno;
pub mod error;
mod event_log;
mod events;
mod exit;
mod fast;
mod fork;
pub mod fp80;
pub mod fphash;
mod frames;
mod heap;
mod images;
mod imprecision;
mod interp;
mod journal;
pub mod libc;
mod limit;
mod machine;
mod memory;
pub mod native_names;
pub mod native_record;
mod native_recorder;
mod nonlocal_jump;
mod obj_hints;
mod object_end;
mod os;
mod output;
mod pending;
mod random;
mod record;
mod recorder;
pub mod resident;
mod shims;
mod signals;
mod site_stacks;
mod spin;
mod step;
mod store_buffer;
mod streams;
mod symbolic;
mod sync;
mod sync_calls;
mod sync_state;
mod thread;
mod thread_table;
mod timers;
mod tls;
mod tso;
mod tso_buffers;
mod value_control;
mod value_events;
mod values;
mod verifier;
mod view;

pub use ending::End;
pub use error::{ErrorKind, ProgramError};
pub use events::{barrier_arrival, AccessKind, Arrival, ChannelOp, Loc, LogEntry, Pending, PendingKind};
pub use fork::ForkPlan;
pub use imprecision::{Abstraction, Imprecision};
pub use journal::TraceEntry;
pub use limit::{Hint, Limit};
pub use machine::{Chooser, Config, Granularity, Machine, TimeModel};
pub use memory::{pointer_words, ObjId, ObjKind, Object};
pub use os::{
    host_cwd, open_regular, read_regular, FileContents, FileSpec, Peer, Script, TABLE_KEY as DESCRIPTOR_TABLE,
};
pub use random::{
    run_oldest_first, run_picking, run_random, Nondet, RandomChooser, RandomSchedule, RunOutcome, SCHEDULE_KEEP,
};
pub use record::{GuardOrigin, RecEvent, RecKind, Recording};
pub use site_stacks::{CallStack, StackFrame};
pub use spin::SpinMark;
pub use store_buffer::{MemoryModel, ModelRules};
pub use symbolic::{Input, SharedSym, SymEngine};
pub use sync_calls::SyncCalls;
pub use thread::{FrameKind, Wait};
pub use value_events::{AccessRole, PendingMemory, ValueEvent};
pub use view::{CellValue, OwnedRanges};
