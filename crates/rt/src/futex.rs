//! Completion flags of constrained events, and the parking of the threads that wait for
//! them. A waiting thread spins briefly, then registers its parking slot with each event it
//! waits for and sleeps on its own futex; completing an event wakes exactly the threads
//! registered with it (the paper's global busy wait collapses once waiting threads
//! outnumber cores). A thread may wait for one of several events at once (a run that may
//! still follow several admissible prefixes), which one futex per event could not express.

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::time::Duration;

/// Parking slots: threads share a slot beyond this many (a shared slot only wakes a thread
/// for nothing, and it checks again).
pub const SLOTS: usize = 63;

/// The flag's bit that says the event happened; the others are the slots of its waiters.
const DONE: u64 = 1 << 63;

/// One futex word per slot, incremented at each wake-up of the slot.
static PARKERS: [AtomicU32; SLOTS] = [const { AtomicU32::new(0) }; SLOTS];

/// The slots that ever took a [`ticket`] (one bit each): [`unpark_all`] wakes only those
/// (a wake-up system call per slot, 63 of them, was a measurable share of a short run
/// in which no thread ever parked).
static TICKETED: AtomicU64 = AtomicU64::new(0);

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
pub struct Flag(AtomicU64);

impl Flag {
    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::Acquire) & DONE != 0
    }

    /// Asks that `slot` be woken when the flag is set; false when it is set already.
    pub fn register(&self, slot: usize) -> bool {
        self.0.fetch_or(1 << (slot % SLOTS), Ordering::AcqRel) & DONE == 0
    }

    /// Marks the event done and wakes its registered waiters.
    pub fn set(&self) {
        let waiters = self.0.swap(DONE, Ordering::AcqRel) & !DONE;
        for slot in (0..SLOTS).filter(|s| waiters & (1 << s) != 0) {
            unpark(slot);
        }
    }
}

/// The current value of `slot`'s futex word: read before the last check of what the
/// thread waits for, so that a wake-up after that check is not lost. Marks the slot for
/// [`unpark_all`] first (sequentially consistent, see there).
pub fn ticket(slot: usize) -> u32 {
    TICKETED.fetch_or(1 << (slot % SLOTS), Ordering::SeqCst);
    PARKERS[slot % SLOTS].load(Ordering::SeqCst)
}

/// Sleeps until `slot` is woken after `ticket` was read, or `nap` passed.
pub fn park(slot: usize, ticket: u32, nap: Duration) {
    let word = &PARKERS[slot % SLOTS];
    let t = Timespec { sec: nap.as_secs() as i64, nsec: nap.subsec_nanos() as i64 };
    // SAFETY: FUTEX_WAIT reads the aligned u32 `word` (static) and sleeps while it equals
    // `ticket`, at most `t`; the result only matters through what the caller checks next.
    unsafe {
        syscall(SYS_FUTEX, word.as_ptr(), FUTEX_WAIT_PRIVATE, ticket, &t as *const Timespec);
    }
}

/// Wakes the threads parked in `slot`.
pub fn unpark(slot: usize) {
    let word = &PARKERS[slot % SLOTS];
    word.fetch_add(1, Ordering::Release);
    // SAFETY: FUTEX_WAKE only uses the address as a key.
    unsafe {
        syscall(SYS_FUTEX, word.as_ptr(), FUTEX_WAKE_PRIVATE, i32::MAX);
    }
}

/// Sleeps while `word` holds `expected`, at most `timeout` (none: until woken). For the
/// runtime's own condition variables and barriers, whose state lives in program memory.
pub fn wait_on(word: &AtomicU32, expected: u32, timeout: Option<Duration>) {
    let t = timeout.map(|d| Timespec { sec: d.as_secs() as i64, nsec: d.subsec_nanos() as i64 });
    let tp = t.as_ref().map_or(std::ptr::null(), |t| t as *const Timespec);
    // SAFETY: FUTEX_WAIT reads the aligned u32 `word` and sleeps while it equals
    // `expected`; `tp` is null or points to `t`, alive during the call.
    unsafe {
        syscall(SYS_FUTEX, word.as_ptr(), FUTEX_WAIT_PRIVATE, expected, tp);
    }
}

/// Wakes every thread sleeping on `word` in [`wait_on`]. `word` is only a key: it may
/// have been freed by a woken thread already.
pub fn wake_all(word: *const AtomicU32) {
    // SAFETY: FUTEX_WAKE only uses the address as a key.
    unsafe {
        syscall(SYS_FUTEX, word, FUTEX_WAKE_PRIVATE, i32::MAX);
    }
}

/// Wakes every parked thread (the run became free of constraints). The caller made the
/// change a waiter checks after its [`ticket`] (sequentially consistent) before: a slot
/// whose mark this misses took its ticket later, so its thread sees the change and does
/// not sleep.
pub fn unpark_all() {
    let ticketed = TICKETED.load(Ordering::SeqCst);
    for slot in (0..SLOTS).filter(|s| ticketed & (1 << s) != 0) {
        unpark(slot);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn wakes_a_registered_waiter() {
        let f = Arc::new(Flag::default());
        let g = f.clone();
        let t = std::thread::spawn(move || {
            while !g.is_set() {
                let ticket = ticket(5);
                if !g.register(5) {
                    break;
                }
                park(5, ticket, Duration::from_secs(10));
            }
        });
        std::thread::sleep(Duration::from_millis(50));
        let start = std::time::Instant::now();
        f.set();
        t.join().unwrap();
        assert!(start.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn unpark_all_wakes_a_thread_parked_without_a_flag() {
        let free = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let seen = free.clone();
        let t = std::thread::spawn(move || {
            let ticket = ticket(9);
            if !seen.load(Ordering::SeqCst) {
                park(9, ticket, Duration::from_secs(10));
            }
        });
        std::thread::sleep(Duration::from_millis(50));
        let start = std::time::Instant::now();
        free.store(true, Ordering::SeqCst);
        unpark_all();
        t.join().unwrap();
        assert!(start.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn registering_with_a_set_flag_fails() {
        let f = Flag::default();
        f.set();
        assert!(f.is_set() && !f.register(3));
    }
}
