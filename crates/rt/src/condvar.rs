//! The runtime's own condition variables. glibc's cannot be used under constraints: which
//! waiter a signal wakes, and whether a signal sent just before a wait began is lost,
//! depend on its internal state, not on the events the constraints order. Here a wait
//! first joins the variable's queue (an event on the variable), then releases the mutex
//! (an event on the mutex); a signal (an event on the variable) wakes the oldest waiter
//! of the queue, a broadcast all of them. A woken thread re-locks the mutex as a third
//! event, for which it waits like any other, so a signal is never lost while the waking
//! thread is held back. The queues live in a table keyed by the variable's address, so
//! `PTHREAD_COND_INITIALIZER` (all zeros) needs no set-up.

use crate::futex;
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant};

/// How often a timed wait past its deadline asks again whether it may time out.
const POLL: Duration = Duration::from_millis(20);

/// One waiting thread, on the waiter's stack. `woken` (its first field, the futex word)
/// becomes 1 when a signal takes it off the queue.
#[repr(C)]
#[derive(Default)]
pub struct Waiter {
    woken: AtomicU32,
}

/// Condition variable address → the addresses of its waiters, oldest first.
type Queues = HashMap<usize, VecDeque<usize>>;

fn queues() -> MutexGuard<'static, Queues> {
    static QUEUES: OnceLock<Mutex<Queues>> = OnceLock::new();
    QUEUES.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner())
}

fn address(w: &Waiter) -> usize {
    w as *const Waiter as usize
}

/// `pthread_cond_init` and `pthread_cond_destroy`: forgets `cond`'s queue; false (busy)
/// while threads wait on it.
pub fn reset(cond: usize) -> bool {
    let mut q = queues();
    if q.get(&cond).is_some_and(|w| !w.is_empty()) {
        return false;
    }
    q.remove(&cond);
    true
}

/// Puts `w` at the end of `cond`'s queue. `w` must stay alive until [`sleep`] returned
/// or [`remove`] took it off again.
pub fn enqueue(cond: usize, w: &Waiter) {
    queues().entry(cond).or_default().push_back(address(w));
}

/// Takes `w` off `cond`'s queue; false when a signal took it already.
pub fn remove(cond: usize, w: &Waiter) -> bool {
    let mut q = queues();
    let Some(waiters) = q.get_mut(&cond) else { return false };
    match waiters.iter().position(|&a| a == address(w)) {
        Some(i) => {
            waiters.remove(i);
            true
        }
        None => false,
    }
}

/// Wakes the oldest waiter of `cond` (`all`: every waiter).
pub fn signal(cond: usize, all: bool) {
    let woken: Vec<usize> = {
        let mut q = queues();
        let Some(waiters) = q.get_mut(&cond) else { return };
        let woken: Vec<usize> =
            if all { waiters.drain(..).collect() } else { waiters.pop_front().into_iter().collect() };
        for &a in &woken {
            // SAFETY: a queued waiter is alive: it returns only once off the queue, and it
            // is taken off under this lock, which is held here.
            unsafe { &*(a as *const Waiter) }.woken.store(1, Ordering::Release);
        }
        woken
    };
    for a in woken {
        futex::wake_all(a as *const AtomicU32);
    }
}

/// Sleeps until a signal wakes `w`, or until `deadline` passed and `may_time_out` allows
/// a time-out (a constrained run times out only once it is free of constraints). True
/// on a time-out.
pub fn sleep(cond: usize, w: &Waiter, deadline: Option<Instant>, may_time_out: impl Fn() -> bool) -> bool {
    loop {
        if w.woken.load(Ordering::Acquire) == 1 {
            return false;
        }
        let timeout = match deadline {
            None => None,
            Some(d) => {
                let now = Instant::now();
                if now < d {
                    Some(d - now)
                } else if may_time_out() {
                    if remove(cond, w) {
                        return true;
                    }
                    continue;
                } else {
                    Some(POLL)
                }
            }
        };
        futex::wait_on(&w.woken, 0, timeout);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;
    use std::sync::Arc;

    #[test]
    fn a_signal_wakes_the_oldest_waiter_and_none_is_lost() {
        let cond = 0x1000;
        let order = Arc::new(Mutex::new(Vec::new()));
        let queued = Arc::new(AtomicUsize::new(0));
        let mut threads = Vec::new();
        for id in 0..3 {
            let (order, queued) = (order.clone(), queued.clone());
            threads.push(std::thread::spawn(move || {
                while queued.load(Ordering::SeqCst) != id {
                    std::thread::yield_now();
                }
                let w = Waiter::default();
                enqueue(cond, &w);
                queued.fetch_add(1, Ordering::SeqCst);
                assert!(!sleep(cond, &w, None, || true));
                order.lock().unwrap().push(id);
            }));
        }
        while queued.load(Ordering::SeqCst) != 3 {
            std::thread::yield_now();
        }
        signal(cond, false);
        while order.lock().unwrap().len() != 1 {
            std::thread::yield_now();
        }
        assert_eq!(*order.lock().unwrap(), [0]);
        signal(cond, true);
        for t in threads {
            t.join().unwrap();
        }
        assert!(reset(cond));
    }

    #[test]
    fn a_timed_wait_times_out_only_when_allowed() {
        let cond = 0x2000;
        let w = Waiter::default();
        enqueue(cond, &w);
        let allowed = AtomicU32::new(0);
        let deadline = Instant::now();
        std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(Duration::from_millis(60));
                allowed.store(1, Ordering::SeqCst);
            });
            assert!(sleep(cond, &w, Some(deadline), || allowed.load(Ordering::SeqCst) == 1));
        });
        assert!(deadline.elapsed() >= Duration::from_millis(60));
        assert!(!remove(cond, &w), "a timed-out waiter leaves the queue");
        assert!(reset(cond));
    }
}
