//! The runtime's own barriers, in the program's `pthread_barrier_t`: which thread glibc
//! declares the serial one is its own choice, while the interpreter (and so the verified
//! executions) declares the last to arrive. Arriving is one atomic step on a word that
//! holds the round (generation) and the arrivals in it, so the arrival order is the order
//! of the arrival events the constraints impose; threads of a later round cannot be
//! counted in an earlier one.

use crate::futex;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

/// The layout inside `pthread_barrier_t` (32 bytes, 8-aligned on 64-bit Linux).
#[repr(C)]
struct Barrier {
    /// Low half: arrivals in the current round; high half: the round.
    state: AtomicU64,
    count: AtomicU32,
}

/// What an arrival found.
pub enum Arrival {
    /// The last thread of the round: the round is over, every waiter woken.
    Last,
    /// Wait for the end of this round.
    Wait(u32),
}

/// # Safety
/// `b` points to a `pthread_barrier_t` (at least 16 bytes, 8-aligned) only the
/// runtime uses.
unsafe fn barrier<'a>(b: usize) -> &'a Barrier {
    &*(b as *const Barrier)
}

/// The futex word of the round: the high half of `state` (little-endian).
fn round_word(b: &Barrier) -> &AtomicU32 {
    // SAFETY: the high 4 bytes of an aligned AtomicU64 form an aligned u32 in the same
    // allocation, only ever accessed atomically.
    unsafe { &*((&b.state as *const AtomicU64 as *const AtomicU32).add(1)) }
}

/// `pthread_barrier_init` with `count` > 0.
///
/// # Safety
/// See [`barrier`].
pub unsafe fn init(b: usize, count: u32) {
    let b = barrier(b);
    b.count.store(count, Ordering::Relaxed);
    b.state.store(0, Ordering::Release);
}

/// Arrives at barrier `b`.
///
/// # Safety
/// See [`barrier`]; `b` was initialised by [`init`].
pub unsafe fn arrive(b: usize) -> Arrival {
    let b = barrier(b);
    let count = b.count.load(Ordering::Relaxed);
    let mut state = b.state.load(Ordering::Acquire);
    loop {
        let (round, arrived) = ((state >> 32) as u32, state as u32);
        let last = arrived + 1 >= count;
        let next = if last { (round.wrapping_add(1) as u64) << 32 } else { state + 1 };
        match b.state.compare_exchange_weak(state, next, Ordering::AcqRel, Ordering::Acquire) {
            Ok(_) if last => {
                futex::wake_all(round_word(b));
                return Arrival::Last;
            }
            Ok(_) => return Arrival::Wait(round),
            Err(now) => state = now,
        }
    }
}

/// Waits until round `round` of barrier `b` is over.
///
/// # Safety
/// See [`arrive`].
pub unsafe fn wait(b: usize, round: u32) {
    let word = round_word(barrier(b));
    while word.load(Ordering::Acquire) == round {
        futex::wait_on(word, round, None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    #[test]
    fn the_last_arrival_is_serial_and_rounds_do_not_mix() {
        let storage = [0u64; 4];
        let b = storage.as_ptr() as usize;
        // SAFETY: 32 aligned bytes used only through the barrier functions.
        unsafe { init(b, 3) };
        let serial = AtomicUsize::new(0);
        let passed = AtomicUsize::new(0);
        std::thread::scope(|s| {
            for _ in 0..3 {
                s.spawn(|| {
                    for round in 0..50 {
                        // SAFETY: as above.
                        match unsafe { arrive(b) } {
                            Arrival::Last => {
                                serial.fetch_add(1, Ordering::SeqCst);
                            }
                            Arrival::Wait(r) => unsafe { wait(b, r) },
                        }
                        // Nobody leaves round r before all three arrived in it.
                        passed.fetch_add(1, Ordering::SeqCst);
                        assert!(passed.load(Ordering::SeqCst) > round * 3);
                    }
                });
            }
        });
        assert_eq!(serial.load(Ordering::SeqCst), 50);
    }
}
