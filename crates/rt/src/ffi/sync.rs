//! Wrapped condition variables, barriers, semaphores, read-write locks and spinlocks. Each
//! operation is one event on its object ([`thread::sync_event`]), named as the interpreter
//! names it. Condition variables and barriers are the runtime's own (`condvar.rs`,
//! `barrier.rs`), so that who is woken and who is the serial thread follow the events;
//! the others call glibc between admission and completion, like mutexes. A condition
//! wait is three events: joining the queue, releasing the mutex, and (after the signal)
//! re-locking it, for which a woken thread waits like for any event.

use crate::barrier::{self, Arrival};
use crate::condvar::{self, Waiter};
use crate::thread;
use libc::{EAGAIN, EBUSY, EINVAL, ETIMEDOUT};
use std::ffi::{c_int, c_uint, c_void};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// `PTHREAD_BARRIER_SERIAL_THREAD`.
const BARRIER_SERIAL: i32 = -1;

#[repr(C)]
struct Timespec {
    sec: i64,
    nsec: i64,
}

extern "C" {
    fn __real_pthread_mutex_lock(m: *mut c_void) -> i32;
    fn __real_pthread_mutex_unlock(m: *mut c_void) -> i32;
    fn __real_sem_init(s: *mut c_void, shared: c_int, value: c_uint) -> i32;
    fn __real_sem_destroy(s: *mut c_void) -> i32;
    fn __real_sem_post(s: *mut c_void) -> i32;
    fn __real_sem_wait(s: *mut c_void) -> i32;
    fn __real_sem_trywait(s: *mut c_void) -> i32;
    fn __real_sem_timedwait(s: *mut c_void, t: *const Timespec) -> i32;
    fn __real_sem_getvalue(s: *mut c_void, v: *mut c_int) -> i32;
    fn __real_pthread_rwlock_init(l: *mut c_void, attr: *const c_void) -> i32;
    fn __real_pthread_rwlock_destroy(l: *mut c_void) -> i32;
    fn __real_pthread_rwlock_rdlock(l: *mut c_void) -> i32;
    fn __real_pthread_rwlock_wrlock(l: *mut c_void) -> i32;
    fn __real_pthread_rwlock_tryrdlock(l: *mut c_void) -> i32;
    fn __real_pthread_rwlock_trywrlock(l: *mut c_void) -> i32;
    fn __real_pthread_rwlock_unlock(l: *mut c_void) -> i32;
    fn __real_pthread_spin_lock(l: *mut c_void) -> i32;
    fn __real_pthread_spin_trylock(l: *mut c_void) -> i32;
    fn __real_pthread_spin_unlock(l: *mut c_void) -> i32;
    fn __errno_location() -> *mut c_int;
}

/// The instant of the absolute `CLOCK_REALTIME` time `t` (the condition variables'
/// default clock).
fn deadline(t: &Timespec) -> Instant {
    let at = Duration::new(t.sec.max(0) as u64, t.nsec.clamp(0, 999_999_999) as u32);
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
    Instant::now() + at.saturating_sub(now)
}

/// # Safety
/// As pthread_cond_init.
#[no_mangle]
pub unsafe extern "C" fn __wrap_pthread_cond_init(c: *mut c_void, _attr: *const c_void) -> i32 {
    thread::sync_event(c as usize, || if condvar::reset(c as usize) { 0 } else { EBUSY })
}

/// # Safety
/// As pthread_cond_destroy.
#[no_mangle]
pub unsafe extern "C" fn __wrap_pthread_cond_destroy(c: *mut c_void) -> i32 {
    thread::sync_event(c as usize, || if condvar::reset(c as usize) { 0 } else { EBUSY })
}

/// # Safety
/// As pthread_cond_signal.
#[no_mangle]
pub unsafe extern "C" fn __wrap_pthread_cond_signal(c: *mut c_void) -> i32 {
    thread::sync_event(c as usize, || condvar::signal(c as usize, false));
    0
}

/// # Safety
/// As pthread_cond_broadcast.
#[no_mangle]
pub unsafe extern "C" fn __wrap_pthread_cond_broadcast(c: *mut c_void) -> i32 {
    thread::sync_event(c as usize, || condvar::signal(c as usize, true));
    0
}

/// # Safety
/// As pthread_cond_wait.
#[no_mangle]
pub unsafe extern "C" fn __wrap_pthread_cond_wait(c: *mut c_void, m: *mut c_void) -> i32 {
    cond_wait(c, m, None)
}

/// # Safety
/// As pthread_cond_timedwait.
#[no_mangle]
pub unsafe extern "C" fn __wrap_pthread_cond_timedwait(c: *mut c_void, m: *mut c_void, t: *const c_void) -> i32 {
    if t.is_null() {
        return EINVAL;
    }
    cond_wait(c, m, Some(deadline(&*(t as *const Timespec))))
}

/// A condition wait. Under constraints it does not time out (the verified executions that
/// are enforced have none); once the run is free, the deadline applies again.
unsafe fn cond_wait(c: *mut c_void, m: *mut c_void, deadline: Option<Instant>) -> i32 {
    let (cond, waiter) = (c as usize, Waiter::default());
    thread::sync_event(cond, || condvar::enqueue(cond, &waiter));
    let released = thread::sync_event(m as usize, || __real_pthread_mutex_unlock(m));
    if released != 0 {
        // The mutex was not held (an error-checking mutex says so): no wait.
        condvar::remove(cond, &waiter);
        return released;
    }
    let timed_out = condvar::sleep(cond, &waiter, deadline, || !thread::enforcing());
    if timed_out {
        // The interpreter names the time-out an event on the variable.
        thread::sync_event(cond, || ());
    }
    thread::sync_event(m as usize, || __real_pthread_mutex_lock(m));
    if timed_out {
        ETIMEDOUT
    } else {
        0
    }
}

/// # Safety
/// As pthread_barrier_init; the barrier is the runtime's own, inside `b`.
#[no_mangle]
pub unsafe extern "C" fn __wrap_pthread_barrier_init(b: *mut c_void, _attr: *const c_void, count: c_uint) -> i32 {
    if count == 0 {
        return EINVAL;
    }
    thread::sync_event(b as usize, || barrier::init(b as usize, count));
    0
}

/// # Safety
/// As pthread_barrier_destroy.
#[no_mangle]
pub unsafe extern "C" fn __wrap_pthread_barrier_destroy(b: *mut c_void) -> i32 {
    thread::sync_event(b as usize, || ());
    0
}

/// The arrival is the event; waiting for the others comes after it.
///
/// # Safety
/// As pthread_barrier_wait.
#[no_mangle]
pub unsafe extern "C" fn __wrap_pthread_barrier_wait(b: *mut c_void) -> i32 {
    match thread::sync_event(b as usize, || barrier::arrive(b as usize)) {
        Arrival::Last => BARRIER_SERIAL,
        Arrival::Wait(round) => {
            barrier::wait(b as usize, round);
            0
        }
    }
}

/// Declares `__wrap_NAME(object, args...)`: `__real_NAME` as one event on the object.
macro_rules! one_event {
    ($($wrap:ident => $real:ident ($($arg:ident: $ty:ty),*);)*) => {$(
        /// # Safety
        /// As the wrapped function.
        #[no_mangle]
        pub unsafe extern "C" fn $wrap(o: *mut c_void $(, $arg: $ty)*) -> i32 {
            thread::sync_event(o as usize, || $real(o $(, $arg)*))
        }
    )*};
}

one_event! {
    __wrap_sem_init => __real_sem_init(shared: c_int, value: c_uint);
    __wrap_sem_destroy => __real_sem_destroy();
    __wrap_sem_post => __real_sem_post();
    __wrap_sem_wait => __real_sem_wait();
    __wrap_sem_trywait => __real_sem_trywait();
    __wrap_sem_getvalue => __real_sem_getvalue(v: *mut c_int);
    __wrap_pthread_rwlock_init => __real_pthread_rwlock_init(attr: *const c_void);
    __wrap_pthread_rwlock_destroy => __real_pthread_rwlock_destroy();
    __wrap_pthread_rwlock_rdlock => __real_pthread_rwlock_rdlock();
    __wrap_pthread_rwlock_wrlock => __real_pthread_rwlock_wrlock();
    __wrap_pthread_rwlock_tryrdlock => __real_pthread_rwlock_tryrdlock();
    __wrap_pthread_rwlock_trywrlock => __real_pthread_rwlock_trywrlock();
    __wrap_pthread_rwlock_unlock => __real_pthread_rwlock_unlock();
    __wrap_pthread_spin_lock => __real_pthread_spin_lock();
    __wrap_pthread_spin_trylock => __real_pthread_spin_trylock();
    __wrap_pthread_spin_unlock => __real_pthread_spin_unlock();
}

/// Under constraints a semaphore wait times out at once when the semaphore is zero, as
/// in the interpreter (which has no clock); free runs wait for real.
///
/// # Safety
/// As sem_timedwait.
#[no_mangle]
pub unsafe extern "C" fn __wrap_sem_timedwait(s: *mut c_void, t: *const c_void) -> i32 {
    thread::sync_event(s as usize, || {
        if !thread::enforcing() {
            return __real_sem_timedwait(s, t as *const Timespec);
        }
        let r = __real_sem_trywait(s);
        if r != 0 && *__errno_location() == EAGAIN {
            *__errno_location() = ETIMEDOUT;
        }
        r
    })
}
