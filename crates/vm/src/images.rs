//! The initial contents of large globals, made once per program and shared by every
//! machine that runs it. An explorer starts a new machine for each execution; building a
//! multi-gigabyte zero-filled global each time would have the allocator clear (and so
//! back with memory) the whole of it whenever it reuses the freed block. Shared, the image
//! is never written: a machine that writes copies it page by page, zero pages left out
//! (see `memory::bytes_mut`).

use ravel_ir::Program;
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::{Arc, Weak};

/// Globals at least this large are shared; smaller ones are cheaper to build afresh.
const SHARED_MIN: u64 = 1 << 20;

/// Images of the large globals of the program this thread ran last, by global index.
/// The weak reference keeps the program's allocation (not the program) alive, so its
/// address identifies it for as long as the cache holds it.
type Cache = Option<(Weak<Program>, FxHashMap<usize, Rc<[u8]>>)>;

thread_local! {
    static CACHE: RefCell<Cache> = const { RefCell::new(None) };
}

/// The initial contents of global `index` of `program`.
pub(crate) fn initial(program: &Arc<Program>, index: usize) -> Rc<[u8]> {
    let g = &program.globals[index];
    if g.size < SHARED_MIN {
        return Rc::from(g.image());
    }
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        let same = matches!(&*cache, Some((p, _)) if std::ptr::eq(p.as_ptr(), Arc::as_ptr(program)));
        if !same {
            *cache = Some((Arc::downgrade(program), FxHashMap::default()));
        }
        let (_, images) = cache.as_mut().expect("just filled");
        images.entry(index).or_insert_with(|| crate::memory::copy_of(&g.image())).clone()
    })
}
