//! The plain-access callbacks clang's `-fsanitize=thread` instrumentation emits. Each is
//! called before the access it names; the access itself follows in the program.

use crate::runtime;
use crate::thread;
use crate::thread_state::Kind;
use std::ffi::c_void;

extern "C" {
    /// The constraints `ravel enforce build --constraints` embedded (a C string, empty
    /// without), defined in the C file the build links in.
    static ravel_embedded_constraints: std::ffi::c_char;
}

/// Called from the instrumented module's constructor, before `main`.
#[no_mangle]
pub extern "C" fn __tsan_init() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // SAFETY: the build defines the symbol as a NUL-terminated array.
        let embedded = unsafe { std::ffi::CStr::from_ptr(&raw const ravel_embedded_constraints) };
        let schedules = super::schedules::embedded();
        runtime::init(&super::globals::program(), &embedded.to_string_lossy(), &schedules);
    });
}

macro_rules! access {
    ($($name:ident => $len:literal $kind:expr),* $(,)?) => {$(
        #[no_mangle]
        pub extern "C" fn $name(addr: *mut c_void) {
            thread::before(addr as usize, $len, $kind);
        }
    )*};
}

access! {
    __tsan_read1 => 1 Kind::Read, __tsan_read2 => 2 Kind::Read, __tsan_read4 => 4 Kind::Read,
    __tsan_read8 => 8 Kind::Read, __tsan_read16 => 16 Kind::Read,
    __tsan_write1 => 1 Kind::Write, __tsan_write2 => 2 Kind::Write, __tsan_write4 => 4 Kind::Write,
    __tsan_write8 => 8 Kind::Write, __tsan_write16 => 16 Kind::Write,
    __tsan_unaligned_read2 => 2 Kind::Read, __tsan_unaligned_read4 => 4 Kind::Read,
    __tsan_unaligned_read8 => 8 Kind::Read, __tsan_unaligned_read16 => 16 Kind::Read,
    __tsan_unaligned_write2 => 2 Kind::Write, __tsan_unaligned_write4 => 4 Kind::Write,
    __tsan_unaligned_write8 => 8 Kind::Write, __tsan_unaligned_write16 => 16 Kind::Write,
    __tsan_volatile_read1 => 1 Kind::Read, __tsan_volatile_read2 => 2 Kind::Read,
    __tsan_volatile_read4 => 4 Kind::Read, __tsan_volatile_read8 => 8 Kind::Read,
    __tsan_volatile_read16 => 16 Kind::Read,
    __tsan_volatile_write1 => 1 Kind::Write, __tsan_volatile_write2 => 2 Kind::Write,
    __tsan_volatile_write4 => 4 Kind::Write, __tsan_volatile_write8 => 8 Kind::Write,
    __tsan_volatile_write16 => 16 Kind::Write,
}

/// A C++ vtable pointer update (a write of the object's first word).
#[no_mangle]
pub extern "C" fn __tsan_vptr_update(addr: *mut *mut c_void, _new: *mut c_void) {
    thread::before(addr as usize, 8, Kind::Write);
}

#[no_mangle]
pub extern "C" fn __tsan_vptr_read(addr: *mut *mut c_void) {
    thread::before(addr as usize, 8, Kind::Read);
}

#[no_mangle]
pub extern "C" fn __tsan_read_range(addr: *mut c_void, size: usize) {
    thread::before(addr as usize, size as u64, Kind::Read);
}

#[no_mangle]
pub extern "C" fn __tsan_write_range(addr: *mut c_void, size: usize) {
    thread::before(addr as usize, size as u64, Kind::Write);
}

/// Function entry and exit carry no event; with constraints they complete the thread's
/// started event early, so that waiting threads resume sooner.
#[no_mangle]
pub extern "C" fn __tsan_func_entry(_caller_pc: *mut c_void) {
    thread::after();
}

#[no_mangle]
pub extern "C" fn __tsan_func_exit() {
    thread::after();
}

extern "C" {
    fn memcpy(d: *mut c_void, s: *const c_void, n: usize) -> *mut c_void;
    fn memmove(d: *mut c_void, s: *const c_void, n: usize) -> *mut c_void;
    fn memset(d: *mut c_void, c: i32, n: usize) -> *mut c_void;
}

// Block operations (`llvm.memcpy` and friends) are not events: the interpreter's
// recording does not count them either, so constraints do not order them (a documented
// limitation of `ravel enforce`).

/// # Safety
/// As C's memcpy.
#[no_mangle]
pub unsafe extern "C" fn __tsan_memcpy(d: *mut c_void, s: *const c_void, n: usize) -> *mut c_void {
    memcpy(d, s, n)
}

/// # Safety
/// As C's memmove.
#[no_mangle]
pub unsafe extern "C" fn __tsan_memmove(d: *mut c_void, s: *const c_void, n: usize) -> *mut c_void {
    memmove(d, s, n)
}

/// # Safety
/// As C's memset.
#[no_mangle]
pub unsafe extern "C" fn __tsan_memset(d: *mut c_void, c: i32, n: usize) -> *mut c_void {
    memset(d, c, n)
}
