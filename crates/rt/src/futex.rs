//! Completion flags of constrained events, waited for by spinning briefly and then
//! parking on a futex: one futex per waited-for event, so a completion wakes exactly the
//! threads waiting for it (the paper's global busy wait collapses once waiting threads
//! outnumber cores).

use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

const PENDING: u32 = 0;
/// Pending, and some thread sleeps on the futex (the completer must wake it).
const WAITED: u32 = 1;
const DONE: u32 = 2;

/// Spins before parking: a short wait (the other thread is running) costs no system call.
const SPINS: u32 = 200;

#[cfg(target_arch = "x86_64")]
const SYS_FUTEX: i64 = 202;
#[cfg(target_arch = "aarch64")]
const SYS_FUTEX: i64 = 98;
const FUTEX_WAIT_PRIVATE: i32 = 128;
const FUTEX_WAKE_PRIVATE: i32 = 129;

#[repr(C)]
struct Timespec {
    sec: i64,
    nsec: i64,
}

extern "C" {
    fn syscall(number: i64, ...) -> i64;
}

/// A completion flag.
#[derive(Default)]
pub struct Flag(AtomicU32);

impl Flag {
    /// Waits until [`Flag::set`] was called; `Err` after `limit` without it.
    pub fn wait(&self, limit: Duration) -> Result<(), ()> {
        for _ in 0..SPINS {
            if self.0.load(Ordering::Acquire) == DONE {
                return Ok(());
            }
            std::hint::spin_loop();
        }
        let start = Instant::now();
        loop {
            if let Err(DONE) = self.0.compare_exchange(PENDING, WAITED, Ordering::Acquire, Ordering::Acquire) {
                return Ok(());
            }
            if start.elapsed() > limit {
                return Err(());
            }
            let nap = Timespec { sec: 0, nsec: 100_000_000 };
            // SAFETY: FUTEX_WAIT reads the aligned u32 behind `self.0` (alive for the call)
            // and sleeps while it equals WAITED, at most `nap`; the result only matters
            // through the flag, which the loop re-reads.
            unsafe {
                syscall(SYS_FUTEX, self.0.as_ptr(), FUTEX_WAIT_PRIVATE, WAITED, &nap as *const Timespec);
            }
        }
    }

    /// Marks the event done and wakes its waiters.
    pub fn set(&self) {
        if self.0.swap(DONE, Ordering::Release) == WAITED {
            // SAFETY: FUTEX_WAKE only uses the address as a key.
            unsafe {
                syscall(SYS_FUTEX, self.0.as_ptr(), FUTEX_WAKE_PRIVATE, i32::MAX);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn wakes_a_parked_waiter() {
        let f = Arc::new(Flag::default());
        let g = f.clone();
        let t = std::thread::spawn(move || g.wait(Duration::from_secs(10)));
        std::thread::sleep(Duration::from_millis(50));
        f.set();
        assert_eq!(t.join().unwrap(), Ok(()));
    }

    #[test]
    fn gives_up_after_the_limit() {
        assert_eq!(Flag::default().wait(Duration::from_millis(10)), Err(()));
    }
}
