//! Rust's own allocations inside the runtime. The program is linked with
//! `--wrap=malloc`, which redirects *every* object's `malloc` calls, this library's
//! included, to the wrapper that counts the program's allocations; the runtime must
//! neither be counted nor recurse, so it allocates through `__real_malloc`.

use std::alloc::{GlobalAlloc, Layout};

extern "C" {
    fn __real_malloc(size: usize) -> *mut std::ffi::c_void;
    fn __real_realloc(p: *mut std::ffi::c_void, size: usize) -> *mut std::ffi::c_void;
    fn free(p: *mut u8);
    fn memalign(align: usize, size: usize) -> *mut u8;
}

/// malloc's alignment guarantee on 64-bit glibc.
const MALLOC_ALIGN: usize = 16;

struct Real;

// SAFETY: malloc/memalign return blocks of at least the requested size and alignment (or
// null, which GlobalAlloc allows); every block is released with free, which accepts both.
unsafe impl GlobalAlloc for Real {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.align() <= MALLOC_ALIGN {
            __real_malloc(layout.size()) as *mut u8
        } else {
            memalign(layout.align(), layout.size())
        }
    }
    unsafe fn dealloc(&self, p: *mut u8, _: Layout) {
        free(p)
    }
    unsafe fn realloc(&self, p: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        if layout.align() <= MALLOC_ALIGN {
            return __real_realloc(p as *mut std::ffi::c_void, size) as *mut u8;
        }
        let q = memalign(layout.align(), size);
        if !q.is_null() {
            std::ptr::copy_nonoverlapping(p, q, layout.size().min(size));
            free(p);
        }
        q
    }
}

#[global_allocator]
static ALLOCATOR: Real = Real;
