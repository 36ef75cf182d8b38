//! The native side of `ravel schedules`: the program's input functions (defined in the C
//! file `ravel enforce build --schedules` links in, which calls these), and the epoch
//! markers. See `schedules.rs`.

use crate::schedules;
use crate::thread;
use std::sync::atomic::{AtomicUsize, Ordering};

extern "C" {
    /// The schedules `ravel enforce build --schedules` embedded (a C string, empty
    /// without), defined in the C file the build links in.
    static ravel_embedded_schedules: std::ffi::c_char;
}

/// The schedule file embedded at build time ("" when none).
pub fn embedded() -> String {
    // SAFETY: the build defines the symbol as a NUL-terminated array.
    unsafe { std::ffi::CStr::from_ptr(&raw const ravel_embedded_schedules) }.to_string_lossy().into_owned()
}

static READ: AtomicUsize = AtomicUsize::new(0);

fn stop(why: &str) -> ! {
    eprintln!("ravel-rt: {why}");
    std::process::abort();
}

/// The program's next input, `bits` wide (a C `_Bool` is any value's truth). Inputs must
/// be read by main before it creates threads: the schedules number them in that order.
#[no_mangle]
pub extern "C" fn ravel_rt_input(bits: u32) -> u64 {
    let ts = thread::current();
    if ts.name != "[0]" || ts.has_children() {
        stop("inputs must be read by main before it creates threads (ravel schedules numbers them in that order)");
    }
    let values = match schedules::inputs() {
        Ok(v) => v,
        Err(e) => stop(e),
    };
    let i = READ.fetch_add(1, Ordering::Relaxed);
    let Some(&v) = values.get(i) else {
        stop(&format!("the program reads input {} and RAVEL_INPUTS gives {} values", i + 1, values.len()))
    };
    match bits {
        1 => (v != 0) as u64,
        b if b >= 64 => v as u64,
        b => (v as u64) & ((1u64 << b) - 1),
    }
}

/// `ravel_epoch()`: an epoch starts. Nothing to do: the schedules of every epoch were
/// selected before `main` (their constraints are over the inputs, all known then).
#[no_mangle]
pub extern "C" fn ravel_rt_epoch() {}
