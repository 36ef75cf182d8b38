//! The table of the program's globals that `ravel enforce build` compiles into the program
//! (`__ravel_globals`, written by the cli's `enforce/globals.rs`): constraints name memory
//! by global symbol, and the table names them without a walk of the executable's symbol
//! table at start-up.

use crate::runtime::Global;
use std::ffi::{c_char, CStr};

/// One global: its symbol (a C string), address and size in bytes.
#[repr(C)]
struct Entry {
    name: *const c_char,
    addr: usize,
    size: u64,
}

/// `{ i64 count, [count x { ptr, ptr, i64 }] }` in the IR.
#[repr(C)]
struct Table {
    count: u64,
    entries: [Entry; 0],
}

extern "C" {
    static __ravel_globals: Table;
}

/// The program's globals with a size (an empty object can hold no access).
pub fn program() -> Vec<Global<'static>> {
    // SAFETY: the build defines the table with `count` entries following the count, each
    // name a NUL-terminated constant string; the table is never written.
    let entries = unsafe {
        let table = &raw const __ravel_globals;
        std::slice::from_raw_parts((*table).entries.as_ptr(), (*table).count as usize)
    };
    entries
        .iter()
        .filter(|e| e.size > 0)
        // SAFETY: see above: each name is a constant C string.
        .map(|e| Global { name: unsafe { CStr::from_ptr(e.name) }.to_bytes(), addr: e.addr, size: e.size as usize })
        .collect()
}
