//! Wrapped functions (`-Wl,--wrap=NAME` sends the program's calls of NAME to
//! `__wrap_NAME`; `__real_NAME` is the original). Thread creation gives each thread its
//! hierarchical id; allocations count per thread; mutex operations are events on the
//! mutex object (the other synchronisation objects are in `sync.rs`); blocking calls first
//! complete the thread's started event, so no thread waits for an event whose thread is
//! asleep.

use crate::runtime::{self, ACTIVE};
use crate::thread;
use std::ffi::c_void;
use std::sync::atomic::Ordering;

/// A thread's start routine. `pthread_exit` unwinds the exiting thread's stack (a forced
/// unwind) through the start routine, `launch` and `__wrap_pthread_exit`: those frames
/// must allow unwinding ("C-unwind"), or Rust aborts the process at the first
/// `pthread_exit`.
type Start = extern "C-unwind" fn(*mut c_void) -> *mut c_void;

extern "C-unwind" {
    fn __real_pthread_exit(ret: *mut c_void) -> !;
}

extern "C" {
    fn __real_pthread_create(t: *mut u64, attr: *const c_void, start: Start, arg: *mut c_void) -> i32;
    fn __real_pthread_join(t: u64, ret: *mut *mut c_void) -> i32;
    fn __real_pthread_mutex_lock(m: *mut c_void) -> i32;
    fn __real_pthread_mutex_trylock(m: *mut c_void) -> i32;
    fn __real_pthread_mutex_unlock(m: *mut c_void) -> i32;
    fn __real_malloc(size: usize) -> *mut c_void;
    fn __real_calloc(n: usize, size: usize) -> *mut c_void;
    fn __real_realloc(p: *mut c_void, size: usize) -> *mut c_void;
}

fn active() -> bool {
    ACTIVE.load(Ordering::Relaxed)
}

/// What a created thread starts with: the program's function and argument, and its id.
struct Launch {
    start: Start,
    arg: *mut c_void,
    name: String,
}

extern "C-unwind" fn launch(p: *mut c_void) -> *mut c_void {
    // SAFETY: `p` is the Box<Launch> __wrap_pthread_create leaked for this thread alone.
    let Launch { start, arg, name } = *unsafe { Box::from_raw(p as *mut Launch) };
    thread::enter(name);
    let ret = start(arg);
    thread::after();
    ret
}

/// # Safety
/// As pthread_create.
#[no_mangle]
pub unsafe extern "C-unwind" fn __wrap_pthread_create(
    t: *mut u64,
    attr: *const c_void,
    start: Start,
    arg: *mut c_void,
) -> i32 {
    if !active() {
        return __real_pthread_create(t, attr, start, arg);
    }
    thread::after();
    let name = thread::current().next_child();
    let launch_box = Box::into_raw(Box::new(Launch { start, arg, name }));
    let r = __real_pthread_create(t, attr, launch, launch_box as *mut c_void);
    if r != 0 {
        drop(Box::from_raw(launch_box));
    }
    r
}

/// # Safety
/// As pthread_join.
#[no_mangle]
pub unsafe extern "C" fn __wrap_pthread_join(t: u64, ret: *mut *mut c_void) -> i32 {
    thread::after();
    __real_pthread_join(t, ret)
}

/// # Safety
/// As pthread_exit.
#[no_mangle]
pub unsafe extern "C-unwind" fn __wrap_pthread_exit(ret: *mut c_void) -> ! {
    thread::after();
    __real_pthread_exit(ret)
}

/// # Safety
/// As pthread_mutex_lock.
#[no_mangle]
pub unsafe extern "C" fn __wrap_pthread_mutex_lock(m: *mut c_void) -> i32 {
    thread::sync_event(m as usize, || __real_pthread_mutex_lock(m))
}

/// # Safety
/// As pthread_mutex_trylock.
#[no_mangle]
pub unsafe extern "C" fn __wrap_pthread_mutex_trylock(m: *mut c_void) -> i32 {
    thread::sync_event(m as usize, || __real_pthread_mutex_trylock(m))
}

/// # Safety
/// As pthread_mutex_unlock.
#[no_mangle]
pub unsafe extern "C" fn __wrap_pthread_mutex_unlock(m: *mut c_void) -> i32 {
    thread::sync_event(m as usize, || __real_pthread_mutex_unlock(m))
}

/// Counts an allocation of the program and names the block if needed.
fn allocated(p: *mut c_void, size: usize) {
    if !active() || p.is_null() {
        return;
    }
    if let Some(rt) = runtime::get() {
        let ts = thread::current();
        let ordinal = ts.next_allocation();
        rt.allocated(ts, ordinal, p as usize, size);
    }
}

/// # Safety
/// As malloc.
#[no_mangle]
pub unsafe extern "C" fn __wrap_malloc(size: usize) -> *mut c_void {
    let p = __real_malloc(size);
    allocated(p, size);
    p
}

/// # Safety
/// As calloc.
#[no_mangle]
pub unsafe extern "C" fn __wrap_calloc(n: usize, size: usize) -> *mut c_void {
    let p = __real_calloc(n, size);
    allocated(p, n.saturating_mul(size));
    p
}

/// A reallocation is a new block (as in the interpreter, which always moves it).
///
/// # Safety
/// As realloc.
#[no_mangle]
pub unsafe extern "C" fn __wrap_realloc(p: *mut c_void, size: usize) -> *mut c_void {
    let q = __real_realloc(p, size);
    if size > 0 {
        allocated(q, size);
    }
    q
}
