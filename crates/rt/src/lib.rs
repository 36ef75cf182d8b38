//! The native runtime of `ravel enforce` (Iteratively Relaxed Scheduling, Metzler et al.).
//!
//! `ravel enforce build` compiles the user's program with clang's ThreadSanitizer
//! *instrumentation* (`__tsan_*` callbacks before every load, store and atomic operation)
//! and links this static library in place of TSan's runtime, with the pthread and
//! allocation functions the program calls wrapped (`-Wl,--wrap=...`). At start-up the
//! runtime reads the constraint file named by `RAVEL_CONSTRAINTS` (written by
//! `ravel check --enforce-out`, and replaced as verification proceeds): *admissible
//! prefixes* of verified executions, over *events* named independently of native
//! addresses, each with the earlier events it must wait for. A thread about to perform an
//! access no prefix the run still follows allows waits; once the run has completed a
//! prefix (every extension of which was verified), it is free and the runtime deactivates
//! itself (see `runtime.rs`). Accesses to memory no prefix names cost one branch, as does
//! every access without a constraint file.
//!
//! Event identity (the same in ravel's interpreter, see `ravel_vm::record`):
//! - a thread by its hierarchical id: main is `[0]`, the k-th thread a thread creates
//!   appends `.k` (from 1), as `Thread::name()` prints it;
//! - a memory location by its object and the offset of the access in it: a global by
//!   its symbol, a heap block by the thread that allocated it and the ordinal of that
//!   allocation among the thread's allocations (from 0);
//! - an event as the k-th access (from 0) of that thread to that location; an operation
//!   on a mutex, condition variable, barrier, semaphore, read-write lock or spinlock is
//!   one access (a one-byte read-modify-write) of the object, a condition wait three.
//!
//! None of these depend on addresses or on the interleaving: thread ids follow the
//! creation order inside each thread, allocation ordinals the allocation order inside
//! each thread, and the k-th access of a thread to a location is fixed by the thread's
//! own control flow, which the constraints keep equal to the verified schedule's (every
//! value a thread reads from shared memory is ordered as it was there).
//!
//! `RAVEL_EVENTS_OUT=FILE` instead names every access to a global or heap block and
//! writes them to FILE at exit (one per line), for tests that compare the names with the
//! interpreter's.
//!
//! No panic may unwind into C: the code avoids panicking operations on its paths, and an
//! `extern "C"` function that panicked anyway aborts the process (Rust's rule since 1.81).

// The unit tests are built without the C interface (their binaries are not linked with
// `--wrap`), and the C interface is what uses the runtime.
#![cfg_attr(test, allow(dead_code))]

#[cfg(not(test))]
mod alloc;
mod barrier;
mod condvar;
mod constraints;
#[cfg(not(test))]
mod ffi;
mod futex;
mod runtime;
mod schedules;
mod thread;
mod thread_state;
