//! The C interface: ThreadSanitizer's instrumentation callbacks and the wrapped libc and
//! pthread functions. Not compiled into the unit tests, whose binaries are not linked
//! with `--wrap`.

mod atomics;
mod globals;
mod pthread;
pub mod schedules;
mod sync;
mod tsan;
