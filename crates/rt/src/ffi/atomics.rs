//! `__tsan_atomicN_*`: the instrumented program's atomic operations, which the runtime
//! performs itself (as sequentially consistent operations, at least as strong as any
//! order the program asked for) between the event check and the event's completion.

use crate::thread;
use crate::thread_state::Kind;
use std::sync::atomic::Ordering::SeqCst;

macro_rules! atomics {
    ($t:ty, $atomic:ty, $load:ident, $store:ident, $xchg:ident, $add:ident, $sub:ident, $and:ident,
     $or:ident, $xor:ident, $nand:ident, $cas_strong:ident, $cas_weak:ident, $cas_val:ident) => {
        /// # Safety
        /// `a` points to a live, aligned value (the instrumented program's own atomic).
        #[no_mangle]
        pub unsafe extern "C" fn $load(a: *mut $t, _mo: i32) -> $t {
            thread::before(a as usize, std::mem::size_of::<$t>() as u64, Kind::Read);
            let v = <$atomic>::from_ptr(a).load(SeqCst);
            thread::after();
            v
        }

        /// # Safety
        /// As the load.
        #[no_mangle]
        pub unsafe extern "C" fn $store(a: *mut $t, v: $t, _mo: i32) {
            thread::before(a as usize, std::mem::size_of::<$t>() as u64, Kind::Write);
            <$atomic>::from_ptr(a).store(v, SeqCst);
            thread::after();
        }

        atomics!(@rmw $t, $atomic, $xchg swap);
        atomics!(@rmw $t, $atomic, $add fetch_add);
        atomics!(@rmw $t, $atomic, $sub fetch_sub);
        atomics!(@rmw $t, $atomic, $and fetch_and);
        atomics!(@rmw $t, $atomic, $or fetch_or);
        atomics!(@rmw $t, $atomic, $xor fetch_xor);
        atomics!(@rmw $t, $atomic, $nand fetch_nand);

        /// Stores `v` if `*a == *c`; otherwise writes the current value to `*c`.
        ///
        /// # Safety
        /// `a` as for the load; `c` points to a writable value.
        #[no_mangle]
        pub unsafe extern "C" fn $cas_strong(a: *mut $t, c: *mut $t, v: $t, _mo: i32, _fmo: i32) -> i32 {
            thread::before(a as usize, std::mem::size_of::<$t>() as u64, Kind::Rmw);
            let r = <$atomic>::from_ptr(a).compare_exchange(*c, v, SeqCst, SeqCst);
            thread::after();
            match r {
                Ok(_) => 1,
                Err(old) => {
                    *c = old;
                    0
                }
            }
        }

        /// A weak compare-and-swap never fails spuriously here (a strong one is a valid
        /// implementation, and the interpreter's model does not fail spuriously either).
        ///
        /// # Safety
        /// As the strong one.
        #[no_mangle]
        pub unsafe extern "C" fn $cas_weak(a: *mut $t, c: *mut $t, v: $t, mo: i32, fmo: i32) -> i32 {
            $cas_strong(a, c, v, mo, fmo)
        }

        /// # Safety
        /// As the load.
        #[no_mangle]
        pub unsafe extern "C" fn $cas_val(a: *mut $t, c: $t, v: $t, _mo: i32, _fmo: i32) -> $t {
            thread::before(a as usize, std::mem::size_of::<$t>() as u64, Kind::Rmw);
            let r = <$atomic>::from_ptr(a).compare_exchange(c, v, SeqCst, SeqCst);
            thread::after();
            r.unwrap_or_else(|old| old)
        }
    };
    (@rmw $t:ty, $atomic:ty, $name:ident $op:ident) => {
        /// # Safety
        /// `a` points to a live, aligned value (the instrumented program's own atomic).
        #[no_mangle]
        pub unsafe extern "C" fn $name(a: *mut $t, v: $t, _mo: i32) -> $t {
            thread::before(a as usize, std::mem::size_of::<$t>() as u64, Kind::Rmw);
            let old = <$atomic>::from_ptr(a).$op(v, SeqCst);
            thread::after();
            old
        }
    };
}

use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64, AtomicU8};

atomics!(
    u8,
    AtomicU8,
    __tsan_atomic8_load,
    __tsan_atomic8_store,
    __tsan_atomic8_exchange,
    __tsan_atomic8_fetch_add,
    __tsan_atomic8_fetch_sub,
    __tsan_atomic8_fetch_and,
    __tsan_atomic8_fetch_or,
    __tsan_atomic8_fetch_xor,
    __tsan_atomic8_fetch_nand,
    __tsan_atomic8_compare_exchange_strong,
    __tsan_atomic8_compare_exchange_weak,
    __tsan_atomic8_compare_exchange_val
);
atomics!(
    u16,
    AtomicU16,
    __tsan_atomic16_load,
    __tsan_atomic16_store,
    __tsan_atomic16_exchange,
    __tsan_atomic16_fetch_add,
    __tsan_atomic16_fetch_sub,
    __tsan_atomic16_fetch_and,
    __tsan_atomic16_fetch_or,
    __tsan_atomic16_fetch_xor,
    __tsan_atomic16_fetch_nand,
    __tsan_atomic16_compare_exchange_strong,
    __tsan_atomic16_compare_exchange_weak,
    __tsan_atomic16_compare_exchange_val
);
atomics!(
    u32,
    AtomicU32,
    __tsan_atomic32_load,
    __tsan_atomic32_store,
    __tsan_atomic32_exchange,
    __tsan_atomic32_fetch_add,
    __tsan_atomic32_fetch_sub,
    __tsan_atomic32_fetch_and,
    __tsan_atomic32_fetch_or,
    __tsan_atomic32_fetch_xor,
    __tsan_atomic32_fetch_nand,
    __tsan_atomic32_compare_exchange_strong,
    __tsan_atomic32_compare_exchange_weak,
    __tsan_atomic32_compare_exchange_val
);
atomics!(
    u64,
    AtomicU64,
    __tsan_atomic64_load,
    __tsan_atomic64_store,
    __tsan_atomic64_exchange,
    __tsan_atomic64_fetch_add,
    __tsan_atomic64_fetch_sub,
    __tsan_atomic64_fetch_and,
    __tsan_atomic64_fetch_or,
    __tsan_atomic64_fetch_xor,
    __tsan_atomic64_fetch_nand,
    __tsan_atomic64_compare_exchange_strong,
    __tsan_atomic64_compare_exchange_weak,
    __tsan_atomic64_compare_exchange_val
);

/// Fences: every atomic operation here is sequentially consistent, so a fence adds
/// nothing beyond completing the thread's started event.
#[no_mangle]
pub extern "C" fn __tsan_atomic_thread_fence(_mo: i32) {
    std::sync::atomic::fence(SeqCst);
    thread::after();
}

#[no_mangle]
pub extern "C" fn __tsan_atomic_signal_fence(_mo: i32) {
    std::sync::atomic::compiler_fence(SeqCst);
}
