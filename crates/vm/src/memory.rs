//! Flat 64-bit memory made of bounded objects.
//!
//! Every allocation is an object with its own address range; addresses are never reused, so
//! a dangling pointer always finds its dead object and the error is precise. Each thread
//! allocates from its own address region, derived from its hierarchical id, so addresses do
//! not depend on the interleaving.

use crate::error::ErrorKind;
use crate::obj_hints;
use ravel_ir::{addr, SrcLoc};
use ravel_sym::ExprId;
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;
use std::rc::Rc;

/// Index of an object in [`Memory::objects`].
pub type ObjId = u32;

/// What kind of storage an object is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObjKind {
    Global,
    ConstGlobal,
    Stack,
    Heap,
    ThreadLocal,
    /// The argument area of a variadic call.
    VaArgs,
    /// A declared global no linked file defines ([`ravel_ir::Global::external`]): every
    /// access is unsupported, since ravel knows neither its size nor its contents.
    Extern,
}

/// One allocation.
#[derive(Clone, Debug)]
// In declaration order: what the fast loop reads of an object it has not cached yet
// (bounds, contents, kind and flags) comes first. Names and source locations of rare use
// stay out of the record (names in [`Memory::name`], locations as line numbers), so that
// a record is one aligned cache line: programs that allocate and touch hundreds of
// thousands of objects pay one miss per object met, and the table grows by less.
#[repr(C, align(64))]
pub struct Object {
    pub base: u64,
    /// Size in bytes; kept after the object dies so dangling accesses still find it.
    pub size: u64,
    /// Contents, shared between the clones of a machine until one of them writes.
    pub bytes: Rc<[u8]>,
    pub kind: ObjKind,
    pub alive: bool,
    /// Reachable by more than one thread: accesses to it are visible operations. Set
    /// only through [`Memory::share`], which also drops the fast loop's cached admission.
    pub shared: bool,
    /// No load can observe the contents (a write-only global): stores are checked but
    /// not performed, so the contents never tell states apart.
    pub unread: bool,
    /// The object index finds it by its base: false once another object took its base
    /// (only thread copies reuse a region), so address hints never name it again.
    indexed: bool,
    /// Source line of the allocation (0: unknown).
    pub site_line: u32,
    /// Where it was freed (line 0: not freed, or at an unknown place), for use-after-free
    /// and double-free reports: file, line and the thread that freed it.
    pub freed_line: u32,
    freed_file: u32,
    freed_by: u32,
    /// Index of the thread that allocated it.
    owner: u32,
    /// For the object of a private `alloca` (see `ravel_ir::Function::private_allocas`),
    /// that `alloca`'s pc: when its frame returns it becomes a spare of its thread, for
    /// the next activation of the same `alloca`. [`NOT_PRIVATE`] for every other object.
    pub(crate) private_alloca: u32,
}

/// [`Object::private_alloca`] of the objects that are not a private `alloca`'s.
pub(crate) const NOT_PRIVATE: u32 = u32::MAX;

const _: () = assert!(std::mem::size_of::<Object>() == 64, "an object record is one cache line");

impl Object {
    /// The thread other than main this object belongs to (its stack, thread-local or
    /// argument objects), for descriptions of states up to thread permutation.
    #[inline]
    pub fn thread_owner(&self) -> Option<usize> {
        let own = matches!(self.kind, ObjKind::Stack | ObjKind::ThreadLocal | ObjKind::VaArgs);
        (self.owner != 0 && own).then_some(self.owner as usize)
    }

    /// Index of the thread that allocated it.
    pub fn owner(&self) -> usize {
        self.owner as usize
    }

    /// Where the object was freed and by which thread, when known.
    pub fn freed_at(&self) -> Option<(usize, SrcLoc)> {
        let at = SrcLoc { file: self.freed_file, line: self.freed_line, col: 0 };
        (self.freed_line != 0).then_some((self.freed_by as usize, at))
    }

    pub fn size(&self) -> u64 {
        self.size
    }
}

/// A failed memory access, before the vm attaches thread and location.
#[derive(Clone, Debug)]
pub struct Fault {
    pub kind: ErrorKind,
    pub message: String,
    /// Not an error of the program but something ravel does not model: the execution
    /// stops as unsupported (`kind` is then meaningless).
    pub unsupported: bool,
    /// For a use after free or a double free: the thread and place that ended the object
    /// (the report's second site), with the words that introduce them ("freed by").
    pub freed: Option<(usize, SrcLoc, &'static str)>,
    /// The start of the heap block it is about.
    pub block: Option<u64>,
}

impl Fault {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Fault {
        Fault { kind, message: message.into(), unsupported: false, freed: None, block: None }
    }

    /// An access ravel cannot give a meaning to (see [`Fault::unsupported`]).
    pub fn unsupported(message: impl Into<String>) -> Fault {
        Fault { kind: ErrorKind::OutOfBounds, message: message.into(), unsupported: true, freed: None, block: None }
    }
}

/// Per-thread allocation region.
#[derive(Clone, Debug)]
struct Region {
    next: u64,
    end: u64,
}

/// Objects by base address, to find the object an address lies in. Addresses are
/// grouped in spans (a thread's allocation region, or part of the globals), each a list
/// sorted by base with a directory: for each granule of the span's address range, where
/// in the list the objects starting at or after it begin. A thread allocates upwards in
/// its own region, so a new object is almost always appended to its span; a lookup is a
/// directory entry and a scan of the few objects that start in one granule (a search
/// tree over all objects, dead ones included, costs several cache misses per lookup once
/// a program has allocated a lot).
#[derive(Debug)]
struct ObjIndex {
    /// Shared between machine clones until one of them allocates in the span.
    spans: BTreeMap<u64, Rc<Span>>,
    /// log2 of a span's size: that of an allocation region.
    shift: u32,
}

impl Clone for ObjIndex {
    fn clone(&self) -> Self {
        ObjIndex { spans: self.spans.clone(), shift: self.shift }
    }

    /// Copying a snapshot: the spans are almost always the same regions, so only their
    /// shared lists are re-pointed (a search tree's own copy would allocate every time).
    fn clone_from(&mut self, source: &Self) {
        self.shift = source.shift;
        if self.spans.keys().eq(source.spans.keys()) {
            for (mine, theirs) in self.spans.values_mut().zip(source.spans.values()) {
                mine.clone_from(theirs);
            }
        } else {
            self.spans = source.spans.clone();
        }
    }
}

#[derive(Clone, Debug, Default)]
struct Span {
    list: Vec<(u64, ObjId)>,
    /// Granule number of `list`'s first base: where `dir` starts.
    first: u64,
    /// For each granule from `first` on: the index in `list` of the first object starting
    /// at or after the granule's start. Granules past its end (or past [`DIR_MAX`]) have
    /// only objects starting before them: a lookup there searches from `dir`'s last entry.
    dir: Vec<u32>,
}

/// log2 of a granule's size: small enough that few objects start in one (each takes at
/// least 32 bytes with its red zone), large enough that the directory costs 1/128 of the
/// address range it covers.
const GRANULE_SHIFT: u32 = 9;
/// The most entries a directory has (4 MiB): past a huge object, lookups binary-search.
const DIR_MAX: u64 = 1 << 20;

impl Span {
    /// The entry with the highest base at most `addr`, if any in this span.
    fn floor(&self, addr: u64) -> Option<(u64, ObjId)> {
        let g = (addr >> GRANULE_SHIFT).checked_sub(self.first)?;
        let i = match self.dir.get(g as usize) {
            Some(&from) => {
                let from = from as usize;
                from + self.list[from..].iter().take_while(|&&(b, _)| b <= addr).count()
            }
            None => {
                let from = self.dir.last().map_or(0, |&i| i as usize);
                from + self.list[from..].partition_point(|&(b, _)| b <= addr)
            }
        };
        i.checked_sub(1).map(|i| self.list[i])
    }

    /// Appends an object starting at or after every other one.
    fn push(&mut self, base: u64, id: ObjId) {
        let i = self.list.len() as u32;
        if self.list.is_empty() {
            self.first = base >> GRANULE_SHIFT;
        }
        self.list.push((base, id));
        let g = (base >> GRANULE_SHIFT) - self.first;
        if g < DIR_MAX {
            self.dir.resize(g as usize + 1, i);
        }
    }

    fn reindex(&mut self) {
        let list = std::mem::take(&mut self.list);
        self.dir.clear();
        for (b, id) in list {
            self.push(b, id);
        }
    }
}

impl ObjIndex {
    fn new(ptr_bytes: u32) -> ObjIndex {
        ObjIndex { spans: BTreeMap::new(), shift: if ptr_bytes == 8 { 32 } else { 24 } }
    }

    /// Adds the object at `base`; returns the object it replaces there, if any.
    fn insert(&mut self, base: u64, id: ObjId) -> Option<ObjId> {
        let span = Rc::make_mut(self.spans.entry(base >> self.shift).or_default());
        match span.list.last() {
            Some(&(last, _)) if last >= base => {
                let i = span.list.partition_point(|&(b, _)| b < base);
                match span.list.get_mut(i) {
                    Some(entry) if entry.0 == base => return Some(std::mem::replace(&mut entry.1, id)),
                    _ => {
                        span.list.insert(i, (base, id));
                        span.reindex();
                    }
                }
            }
            _ => span.push(base, id),
        }
        None
    }

    /// The object with the highest base at most `addr` (the only one that can contain
    /// it: objects do not overlap).
    fn floor(&self, addr: u64) -> Option<(u64, ObjId)> {
        let key = addr >> self.shift;
        if let Some(found) = self.spans.get(&key).and_then(|span| span.floor(addr)) {
            return Some(found);
        }
        self.spans.range(..key).next_back().and_then(|(_, span)| span.list.last().copied())
    }

    /// The object with the lowest base at least `addr`.
    fn ceil(&self, addr: u64) -> Option<(u64, ObjId)> {
        let key = addr >> self.shift;
        if let Some(span) = self.spans.get(&key) {
            let i = span.list.partition_point(|&(b, _)| b < addr);
            if let Some(&entry) = span.list.get(i) {
                return Some(entry);
            }
        }
        self.spans.range(key + 1..).next().and_then(|(_, span)| span.list.first().copied())
    }
}

/// An object whose plain accesses need no bookkeeping in the fast loop: its bounds
/// `[lo, hi)`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct QuietEntry {
    pub lo: u64,
    pub hi: u64,
    pub id: ObjId,
    /// Stores into it are plain writes (not read-only, not a write-only global whose
    /// stores are skipped).
    pub writable: bool,
    /// Reachable by other threads: a pointer stored into it publishes its target.
    pub shared: bool,
    /// Every access to it has bookkeeping (a visible operation, an event to log): the
    /// fast loop hands it to the general loop at once, without looking the object up.
    pub slow: bool,
}

pub(crate) const QUIET_WAYS: usize = 4;

/// The objects the fast loop accessed last (a program's inner loop typically works on a
/// few arrays at once), replaced round-robin. An object leaves it when it dies or becomes
/// shared; all leave when the admission rules change (`admits`, the fast loop's encoding
/// of them).
#[derive(Clone, Copy, Debug)]
pub(crate) struct QuietObjects {
    entries: [QuietEntry; QUIET_WAYS],
    next: usize,
    admits: u8,
}

impl Default for QuietObjects {
    fn default() -> QuietObjects {
        let none = QuietEntry { lo: 1, hi: 0, id: 0, writable: false, shared: false, slow: false };
        QuietObjects { entries: [none; QUIET_WAYS], next: 0, admits: 0 }
    }
}

impl QuietObjects {
    /// The way of the entry holding all of `[addr, addr + len)`.
    #[inline(always)]
    pub fn get(&self, addr: u64, len: u64) -> Option<usize> {
        let end = addr.checked_add(len)?;
        self.entries.iter().position(|e| addr >= e.lo && end <= e.hi)
    }

    #[inline(always)]
    pub fn entry(&self, way: usize) -> QuietEntry {
        self.entries[way]
    }

    /// Drops the entry of object `id`, if any.
    fn forget(&mut self, id: ObjId) {
        for e in self.entries.iter_mut().filter(|e| e.id == id) {
            *e = QuietEntry { lo: 1, hi: 0, ..*e };
        }
    }

    /// Puts `e` in the next way round, and returns that way.
    pub fn insert(&mut self, e: QuietEntry) -> usize {
        let way = self.next;
        self.entries[way] = e;
        self.next = (way + 1) % QUIET_WAYS;
        way
    }
}

/// The little-endian word of `len` (1 to 8) bytes at `at`.
///
/// # Safety
/// `at` must point to `len` readable bytes.
#[inline(always)]
pub(crate) unsafe fn read_word(at: *const u8, len: u8) -> u64 {
    match len {
        1 => *at as u64,
        2 => u16::from_le(at.cast::<u16>().read_unaligned()) as u64,
        4 => u32::from_le(at.cast::<u32>().read_unaligned()) as u64,
        8 => u64::from_le(at.cast::<u64>().read_unaligned()),
        _ => {
            let mut w = [0u8; 8];
            std::ptr::copy_nonoverlapping(at, w.as_mut_ptr(), len.min(8) as usize);
            u64::from_le_bytes(w)
        }
    }
}

/// Writes the low `len` (1 to 8) bytes of `v` to `at`, little-endian.
///
/// # Safety
/// `at` must point to `len` writable bytes that nothing else refers to.
#[inline(always)]
pub(crate) unsafe fn write_word(at: *mut u8, len: u8, v: u64) {
    match len {
        1 => *at = v as u8,
        2 => at.cast::<u16>().write_unaligned((v as u16).to_le()),
        4 => at.cast::<u32>().write_unaligned((v as u32).to_le()),
        8 => at.cast::<u64>().write_unaligned(v.to_le()),
        _ => std::ptr::copy_nonoverlapping(v.to_le_bytes().as_ptr(), at, len.min(8) as usize),
    }
}

/// The whole address space.
#[derive(Debug)]
pub struct Memory {
    pub objects: Vec<Object>,
    by_base: ObjIndex,
    /// [`Memory::top`]: objects never move or shrink, so it only grows.
    top: u64,
    regions: Vec<Region>,
    ptr_bytes: u32,
    /// Total bytes allocated, to refuse absurd allocations gracefully.
    allocated: u64,
    /// Names of the objects that have one (globals, thread-locals), shared between
    /// machine clones: few objects have a name, and the record of every object stays small.
    names: Rc<FxHashMap<ObjId, Rc<str>>>,
    /// The byte ranges `(address, length, write)` of shared, writable objects that
    /// `read`/`write`/`c_string` touched since the vm last took them: the accesses of the
    /// library model running now, which the vm logs as the call's own.
    pub library_touches: Vec<(u64, u64, bool)>,
    /// Counts every write to memory, so explorers can tell that nothing changed.
    pub write_epoch: u64,
    /// The fast loop's object cache, kept between its runs (it stops at every call of a
    /// library function, and programs call them often).
    pub(crate) quiet_objects: QuietObjects,
    /// Bytes holding symbolic values: (object, offset) → 8-bit expression. Empty unless
    /// the execution has symbolic inputs; every write clears the range it overwrites.
    pub sym: FxHashMap<(ObjId, u32), ExprId>,
    /// Symbolic bytes that `read`/`c_string` handed out as concrete values (the vm then
    /// constrains them to those values).
    pub concretized: Vec<(ExprId, u8)>,
}

crate::clone_reusing!(Memory {
    objects,
    by_base,
    top,
    regions,
    ptr_bytes,
    allocated,
    names,
    library_touches,
    write_epoch,
    quiet_objects,
    sym,
    concretized,
});

/// Objects at least this large are copied page by page, zero pages left out.
const SPARSE_COPY_MIN: usize = 1 << 20;
const PAGE: usize = 4096;

/// The contents of an object for writing, copied first when machine clones share them.
/// A large object is copied into zeroed memory page by page, skipping pages that are all
/// zero: the system backs zeroed memory only where it is written, so a huge zero-filled
/// global stays cheap in every clone of a machine, not only in the first.
#[inline]
pub(crate) fn bytes_mut(bytes: &mut Rc<[u8]>) -> &mut [u8] {
    if Rc::get_mut(bytes).is_none() {
        *bytes = copy_of(bytes);
    }
    Rc::get_mut(bytes).expect("the contents were just unshared")
}

/// Zero-filled contents of `len` bytes, in one allocation with their reference count (an
/// access reaches the bytes from the object in one step), backed by the system only
/// where they are written.
pub(crate) fn zeroed(len: usize) -> Rc<[u8]> {
    // SAFETY: all-zero bytes are valid `u8`s.
    unsafe { Rc::<[u8]>::new_zeroed_slice(len).assume_init() }
}

/// Contents of their own with the same bytes as `bytes` (kept out of line: the common
/// case owns its contents already). Large contents are copied into zeroed memory page by
/// page, zero pages left out.
#[cold]
pub(crate) fn copy_of(bytes: &[u8]) -> Rc<[u8]> {
    if bytes.len() < SPARSE_COPY_MIN {
        return Rc::from(bytes);
    }
    let mut copy = zeroed(bytes.len());
    let to = Rc::get_mut(&mut copy).expect("a new allocation is not shared");
    for (to, from) in to.chunks_mut(PAGE).zip(bytes.chunks(PAGE)) {
        if from.iter().any(|&b| b != 0) {
            to.copy_from_slice(from);
        }
    }
    copy
}

/// Every aligned pointer-sized word of `bytes` (little-endian, `ptr` bytes each), with
/// its offset: where an object may hold addresses.
pub fn pointer_words(bytes: &[u8], ptr: usize) -> impl Iterator<Item = (usize, u64)> + '_ {
    (0..bytes.len().saturating_sub(ptr - 1)).step_by(ptr).map(move |i| {
        let mut w = [0u8; 8];
        w[..ptr].copy_from_slice(&bytes[i..i + ptr]);
        (i, u64::from_le_bytes(w))
    })
}

/// 32-bit allocation regions (see `Memory::region_bounds`): the wide ones from
/// `WIDE_BASE`, then the narrow ones up to 0xF000_0000.
const WIDE_BASE: u64 = 0x1000_0000;
const WIDE_BYTES: u64 = 0x0100_0000;
const WIDE_REGIONS: usize = 160;
const NARROW_BASE: u64 = WIDE_BASE + WIDE_REGIONS as u64 * WIDE_BYTES;
const NARROW_BYTES: u64 = 0x4_0000;
const NARROW_REGIONS: usize = ((0xF000_0000 - NARROW_BASE) / NARROW_BYTES) as usize;

/// The largest alignment an allocation is given (a page).
const MAX_ALIGN: u64 = 4096;

/// Lowest address that is not the null page.
const NULL_PAGE: u64 = 0x1_0000;
/// Bytes the heap model hands out in total before `malloc` returns NULL.
const MAX_TOTAL: u64 = 8 << 30;

impl Memory {
    /// Next free address of each allocation region (part of the state: it decides the
    /// addresses of future allocations).
    pub(crate) fn region_tops(&self) -> impl Iterator<Item = (usize, u64)> + '_ {
        self.regions.iter().enumerate().map(|(slot, r)| (slot, r.next))
    }

    pub fn new(ptr_bytes: u32) -> Memory {
        Memory {
            objects: Vec::new(),
            by_base: ObjIndex::new(ptr_bytes),
            top: 0,
            regions: Vec::new(),
            ptr_bytes,
            allocated: 0,
            names: Rc::default(),
            library_touches: Vec::new(),
            write_epoch: 0,
            quiet_objects: QuietObjects::default(),
            sym: FxHashMap::default(),
            concretized: Vec::new(),
        }
    }

    /// Region bounds of allocation slot `slot`. 64-bit regions are 4 GiB each and never
    /// meet. A 32-bit address space cannot give thousands of threads 16 MiB each: main
    /// and its first children ([`WIDE_REGIONS`] slots) get 16 MiB regions, main's later
    /// children ([`NARROW_REGIONS`] of them) 256 KiB ones, so a program can keep about
    /// 4,000 threads alive at once (more than glibc's 8 MiB stacks allow natively); the
    /// hashed slots of threads created by other threads share the wide regions, and
    /// `region_clash` ends an execution whose threads would meet.
    fn region_bounds(&self, slot: usize) -> (u64, u64) {
        if self.ptr_bytes == 8 {
            let base = 0x10_0000_0000u64 + slot as u64 * 0x1_0000_0000;
            return (base, base + 0x1_0000_0000);
        }
        let narrow = slot.wrapping_sub(WIDE_REGIONS);
        if narrow < NARROW_REGIONS {
            let base = NARROW_BASE + narrow as u64 * NARROW_BYTES;
            (base, base + NARROW_BYTES)
        } else {
            let base = WIDE_BASE + (slot % WIDE_REGIONS) as u64 * WIDE_BYTES;
            (base, base + WIDE_BYTES)
        }
    }

    /// Whether allocating `size` bytes failed in slot `slot` only because its region is a
    /// narrow one: a wide region would have held it (the program's own limits are not the
    /// cause, so the execution ends at a limit rather than seeing NULL or a stack
    /// overflow natively impossible).
    pub(crate) fn narrow_region_short(&self, slot: usize, size: u64) -> bool {
        let (start, end) = self.region_bounds(slot);
        let worst = size.saturating_add(MAX_ALIGN + addr::RED_ZONE);
        end - start < WIDE_BYTES && self.region_used(slot).saturating_add(worst) <= WIDE_BYTES
    }

    /// Bytes of slot `slot`'s region in use (its next free address's offset).
    pub(crate) fn region_used(&self, slot: usize) -> u64 {
        self.regions.get(slot).map_or(0, |r| r.next - self.region_bounds(slot).0)
    }

    /// Bounds of the region of allocation slot `slot`.
    #[inline]
    pub(crate) fn slot_bounds(&self, slot: usize) -> (u64, u64) {
        self.region_bounds(slot)
    }

    /// The allocation slot of a thread from its hierarchical id (interleaving independent).
    pub fn slot_for(path: &[u32]) -> usize {
        match path {
            [] => 0,
            [i] => 1 + *i as usize,
            _ => {
                let mut h: u64 = 0xcbf2_9ce4_8422_2325;
                for p in path {
                    h = (h ^ *p as u64).wrapping_mul(0x100_0000_01b3);
                }
                1 + 4096 + (h % 65536) as usize
            }
        }
    }

    /// Bytes allocated so far (globals, stacks and heap, freed objects included).
    pub fn allocated(&self) -> u64 {
        self.allocated
    }

    /// Places a global at its fixed address, with its initial contents `bytes`.
    pub fn add_global(&mut self, g: &ravel_ir::Global, bytes: Rc<[u8]>) -> ObjId {
        let kind = match (g.external, g.is_const) {
            (true, _) => ObjKind::Extern,
            (false, true) => ObjKind::ConstGlobal,
            (false, false) => ObjKind::Global,
        };
        let id = self.insert(Object {
            base: g.addr,
            size: g.size,
            bytes,
            kind,
            alive: true,
            shared: true,
            owner: 0,
            site_line: 0,
            freed_line: 0,
            freed_file: 0,
            freed_by: 0,
            unread: g.unread,
            indexed: true,
            private_alloca: NOT_PRIVATE,
        });
        Rc::make_mut(&mut self.names).insert(id, Rc::from(g.name.as_str()));
        id
    }

    /// One past the highest address of any object: larger values are not pointers.
    pub fn top(&self) -> u64 {
        self.top
    }

    /// Whether `a` may be the address of an object (publishing follows only those).
    #[inline]
    pub(crate) fn may_be_address(&self, a: u64) -> bool {
        a >= addr::GLOBAL_BASE && a < self.top()
    }

    /// Whether a stored word may hold an address (`ptr_bytes` wide pointers).
    #[inline]
    pub(crate) fn may_hold_address(&self, w: u64, ptr_bytes: u32) -> bool {
        if ptr_bytes == 4 {
            self.may_be_address(w & 0xffff_ffff) || self.may_be_address(w >> 32)
        } else {
            self.may_be_address(w)
        }
    }

    fn insert(&mut self, obj: Object) -> ObjId {
        let id = self.objects.len() as ObjId;
        self.top = self.top.max(obj.base + obj.size + 1);
        self.allocated += obj.size();
        if let Some(replaced) = self.by_base.insert(obj.base, id) {
            self.objects[replaced as usize].indexed = false;
        }
        self.objects.push(obj);
        id
    }

    /// Allocates `size` bytes aligned to `align` in the region of allocation slot `slot`.
    /// Returns `None` when the region or the total budget is exhausted.
    pub fn allocate(
        &mut self,
        slot: usize,
        size: u64,
        align: u64,
        kind: ObjKind,
        owner: usize,
        site: SrcLoc,
    ) -> Option<(ObjId, u64)> {
        if self.allocated.checked_add(size)? > MAX_TOTAL {
            return None;
        }
        while self.regions.len() <= slot {
            let (start, end) = self.region_bounds(self.regions.len());
            self.regions.push(Region { next: start, end });
        }
        let region = &mut self.regions[slot];
        let base = region.next.next_multiple_of(align.clamp(16, MAX_ALIGN));
        let end = base.checked_add(size.max(1))?;
        if end + addr::RED_ZONE > region.end {
            return None;
        }
        region.next = end + addr::RED_ZONE;
        let id = self.insert(Object {
            base,
            size,
            bytes: zeroed(size as usize),
            kind,
            alive: true,
            shared: false,
            owner: owner as u32,
            site_line: site.line,
            freed_line: 0,
            freed_file: 0,
            freed_by: 0,
            unread: false,
            indexed: true,
            private_alloca: NOT_PRIVATE,
        });
        Some((id, base))
    }

    /// Copies the live objects of `ids` (all in region `from`) into region `to` at the same
    /// offsets, with `relocate` applied to every pointer-sized word, for a copy of the
    /// thread `owner` that owns them; region `to` continues where `from` does. Returns
    /// the copies' ids in the order of `ids`.
    pub(crate) fn copy_region(
        &mut self,
        from: usize,
        to: usize,
        ids: &[ObjId],
        owner: usize,
        relocate: impl Fn(u64) -> u64,
    ) -> Vec<ObjId> {
        let delta = self.region_bounds(to).0.wrapping_sub(self.region_bounds(from).0);
        while self.regions.len() <= to.max(from) {
            let (start, end) = self.region_bounds(self.regions.len());
            self.regions.push(Region { next: start, end });
        }
        self.regions[to].next = self.regions[from].next.wrapping_add(delta);
        let ptr = self.ptr_bytes as usize;
        ids.iter()
            .map(|&id| {
                let mut obj = self.objects[id as usize].clone();
                obj.base = obj.base.wrapping_add(delta);
                obj.owner = owner as u32;
                obj.indexed = true;
                let moves: Vec<(usize, u64)> = pointer_words(&obj.bytes, ptr)
                    .filter_map(|(i, w)| Some((i, relocate(w))).filter(|&(_, moved)| moved != w))
                    .collect();
                for (i, moved) in moves {
                    bytes_mut(&mut obj.bytes)[i..i + ptr].copy_from_slice(&moved.to_le_bytes()[..ptr]);
                }
                let copy = self.insert(obj);
                let shadows: Vec<(u32, ExprId)> =
                    self.sym.iter().filter(|((o, _), _)| *o == id).map(|(&(_, off), &e)| (off, e)).collect();
                for (off, e) in shadows {
                    self.sym.insert((copy, off), e);
                }
                copy
            })
            .collect()
    }

    /// The object containing `addr` (alive or not), with the offset.
    #[inline]
    pub fn find(&mut self, addr: u64) -> Option<(ObjId, u64)> {
        if let Some(id) = obj_hints::hint(addr) {
            if let Some(obj) = self.objects.get(id as usize) {
                if obj.indexed && addr >= obj.base && addr - obj.base < obj.size.max(1) {
                    return Some((id, addr - obj.base));
                }
            }
        }
        let (base, id) = self.by_base.floor(addr)?;
        let obj = &self.objects[id as usize];
        if addr - base < obj.size().max(1) {
            obj_hints::remember(addr, id);
            Some((id, addr - base))
        } else {
            None
        }
    }

    /// Checks an access of `len` bytes at `addr` and returns the object and offset.
    pub fn check(&mut self, addr: u64, len: u64, write: bool) -> Result<(ObjId, usize), Fault> {
        if addr < NULL_PAGE {
            return Err(Fault::new(
                ErrorKind::NullDereference,
                format!("{} of {len} bytes at address {addr:#x} (null pointer)", rw(write)),
            ));
        }
        let Some((id, off)) = self.find(addr) else {
            return Err(self.wild(addr, len, write));
        };
        let obj = &self.objects[id as usize];
        if obj.kind == ObjKind::Extern {
            return Err(Self::external(self.name(id)));
        }
        if !obj.alive {
            return Err(self.dead(id, write));
        }
        if off + len > obj.size() {
            return Err(Fault::new(
                ErrorKind::OutOfBounds,
                format!(
                    "{} of {len} bytes at offset {off} of {} of {} bytes",
                    rw(write),
                    self.describe(id),
                    obj.size()
                ),
            ));
        }
        if write && obj.kind == ObjKind::ConstGlobal {
            return Err(Fault::new(ErrorKind::OutOfBounds, format!("write to read-only {}", self.describe(id))));
        }
        Ok((id, off as usize))
    }

    fn dead(&self, id: ObjId, write: bool) -> Fault {
        let obj = &self.objects[id as usize];
        let (what, lead) = match obj.kind {
            ObjKind::Stack => ("after its function returned", "returned in"),
            ObjKind::ThreadLocal => ("after its thread exited", "exit of"),
            _ => ("after it was freed", "freed by"),
        };
        let mut f = Fault::new(ErrorKind::UseAfterFree, format!("{} of {} {what}", rw(write), self.describe(id)));
        f.freed = obj.freed_at().map(|(t, at)| (t, at, lead));
        f.block = (obj.kind == ObjKind::Heap).then_some(obj.base);
        f
    }

    /// An access to an undefined external global.
    fn external(name: &str) -> Fault {
        Fault::unsupported(format!("undefined external global {name}"))
    }

    /// Explains an address that is in no object: past the end of a neighbour, or wild.
    fn wild(&self, addr: u64, len: u64, write: bool) -> Fault {
        if let Some((base, id)) = self.by_base.floor(addr) {
            let obj = &self.objects[id as usize];
            if obj.kind == ObjKind::Extern && addr - base < 4 * obj.size() {
                // Past the reserved span: maybe still inside the unknown real object.
                return Self::external(self.name(id));
            }
            let past = addr - base;
            if past < obj.size() + 4096 {
                return Fault::new(
                    ErrorKind::OutOfBounds,
                    format!(
                        "{} of {len} bytes at offset {past} of {} of {} bytes",
                        rw(write),
                        self.describe(id),
                        obj.size()
                    ),
                );
            }
        }
        if let Some((base, id)) = self.by_base.ceil(addr) {
            if base - addr <= 4096 {
                return Fault::new(
                    ErrorKind::OutOfBounds,
                    format!("{} of {len} bytes {} bytes before {}", rw(write), base - addr, self.describe(id)),
                );
            }
        }
        Fault::new(
            ErrorKind::OutOfBounds,
            format!("{} of {len} bytes at address {addr:#x}, which is in no object", rw(write)),
        )
    }

    /// The name of a global or thread-local object; empty for the others.
    pub fn name(&self, id: ObjId) -> &str {
        self.names.get(&id).map_or("", |n| n)
    }

    /// Names object `id` (a thread's copy of a thread-local global).
    pub(crate) fn set_name(&mut self, id: ObjId, name: &str) {
        Rc::make_mut(&mut self.names).insert(id, Rc::from(name));
    }

    /// A short description of an object for reports.
    pub fn describe(&self, id: ObjId) -> String {
        let obj = &self.objects[id as usize];
        match obj.kind {
            ObjKind::Global | ObjKind::ConstGlobal | ObjKind::Extern => format!("global `{}`", self.name(id)),
            ObjKind::ThreadLocal => format!("thread-local `{}`", self.name(id)),
            ObjKind::Stack if obj.site_line == 0 => "a local variable".to_string(),
            ObjKind::Stack => format!("stack object allocated at line {}", obj.site_line),
            ObjKind::Heap => format!("heap block allocated at line {}", obj.site_line),
            ObjKind::VaArgs => "variadic argument area".into(),
        }
    }

    /// Reads `len` bytes (already checked) as a little-endian word.
    /// The usual sizes are read with one fixed-size load (no call of `memcpy`).
    #[inline(always)]
    pub fn load_word(&self, id: ObjId, off: usize, len: usize) -> u64 {
        let b = &self.objects[id as usize].bytes[off..];
        // Fixed-size array conversions compile to one load each (byte-wise indexing did
        // not: it assembled the word from single bytes).
        match len {
            1 => b[0] as u64,
            2 => u16::from_le_bytes(b[..2].try_into().unwrap()) as u64,
            4 => u32::from_le_bytes(b[..4].try_into().unwrap()) as u64,
            8 => u64::from_le_bytes(b[..8].try_into().unwrap()),
            _ => {
                let mut w = [0u8; 8];
                w[..len.min(8)].copy_from_slice(&b[..len.min(8)]);
                u64::from_le_bytes(w)
            }
        }
    }

    /// Writes the low `len` bytes of `v` (already checked); the usual sizes with one
    /// fixed-size store.
    #[inline]
    pub fn store_word(&mut self, id: ObjId, off: usize, len: usize, v: u64) {
        // Storing what is there already changes nothing: no copy, and no sign of progress
        // (a failed test-and-set spinning on a held lock writes the 1 it read). Bytes with
        // a symbolic shadow do change (the shadow goes); a symbolic value stored over equal
        // concrete bytes counts as a write when its shadow is installed (`sym_store`).
        if len <= 8
            && self.load_word(id, off, len) == crate::values::mask(v, len as u32 * 8)
            && !self.has_sym(id, off, len)
        {
            return;
        }
        self.write_epoch += 1;
        self.forget_sym(id, off, len);
        let b = &mut bytes_mut(&mut self.objects[id as usize].bytes)[off..off + len];
        match len {
            1 => b[0] = v as u8,
            2 => b.copy_from_slice(&(v as u16).to_le_bytes()),
            4 => b.copy_from_slice(&(v as u32).to_le_bytes()),
            8 => b.copy_from_slice(&v.to_le_bytes()),
            _ => b.copy_from_slice(&v.to_le_bytes()[..len]),
        }
    }

    /// Where the contents of live object `id` start, for the fast loop's direct accesses
    /// (made the object's own first when `writable`, so writes through it reach no
    /// clone of the machine); `None` when they do not cover the object's whole size. Valid
    /// until anything else touches the object's contents.
    pub(crate) fn contents(&mut self, id: ObjId, writable: bool) -> Option<*mut u8> {
        let obj = &mut self.objects[id as usize];
        if obj.bytes.len() as u64 != obj.size {
            return None;
        }
        Some(if writable { bytes_mut(&mut obj.bytes).as_mut_ptr() } else { obj.bytes.as_ptr().cast_mut() })
    }

    /// Reads bytes after checking bounds.
    pub fn read(&mut self, addr: u64, len: u64) -> Result<Vec<u8>, Fault> {
        if len == 0 {
            return Ok(Vec::new());
        }
        let (id, off) = self.check(addr, len, false)?;
        self.note_shared(id, off, len, false);
        self.note_concrete_read(id, off, len as usize);
        Ok(self.objects[id as usize].bytes[off..off + len as usize].to_vec())
    }

    /// Writes bytes after checking bounds.
    pub fn write(&mut self, addr: u64, data: &[u8]) -> Result<(), Fault> {
        if data.is_empty() {
            return Ok(());
        }
        let (id, off) = self.check(addr, data.len() as u64, true)?;
        self.note_shared(id, off, data.len() as u64, true);
        self.write_bytes(id, off, data);
        Ok(())
    }

    /// Overwrites checked bytes of an object.
    pub fn write_bytes(&mut self, id: ObjId, off: usize, data: &[u8]) {
        self.write_epoch += 1;
        self.forget_sym(id, off, data.len());
        bytes_mut(&mut self.objects[id as usize].bytes)[off..off + data.len()].copy_from_slice(data);
    }

    /// Whether a byte of the range has a symbolic shadow.
    #[inline]
    fn has_sym(&self, id: ObjId, off: usize, len: usize) -> bool {
        !self.sym.is_empty() && (off..off + len).any(|i| self.sym.contains_key(&(id, i as u32)))
    }

    /// Drops the symbolic shadows of an overwritten range.
    #[inline]
    fn forget_sym(&mut self, id: ObjId, off: usize, len: usize) {
        if !self.sym.is_empty() {
            for i in off..off + len {
                self.sym.remove(&(id, i as u32));
            }
        }
    }

    /// Shadows of the bytes of a range (empty when none is symbolic or the range is bad).
    pub fn sym_range(&mut self, addr: u64, len: u64) -> Vec<(usize, ExprId)> {
        if self.sym.is_empty() || len == 0 {
            return Vec::new();
        }
        let Ok((id, off)) = self.check(addr, len, false) else { return Vec::new() };
        (0..len as usize).filter_map(|i| self.sym.get(&(id, (off + i) as u32)).map(|&e| (i, e))).collect()
    }

    /// Gives bytes of a range the shadows `sym_range` returned.
    pub fn set_sym_range(&mut self, addr: u64, shadows: &[(usize, ExprId)]) {
        if shadows.is_empty() {
            return;
        }
        let Some((id, off)) = self.find(addr) else { return };
        for &(i, e) in shadows {
            self.sym.insert((id, off as u32 + i as u32), e);
        }
    }

    /// Records the symbolic bytes of a range a library model reads as plain bytes.
    fn note_concrete_read(&mut self, id: ObjId, off: usize, len: usize) {
        if self.sym.is_empty() {
            return;
        }
        for i in off..off + len {
            if let Some(&e) = self.sym.get(&(id, i as u32)) {
                self.concretized.push((e, self.objects[id as usize].bytes[i]));
            }
        }
    }

    /// Reads a NUL-terminated string starting at `addr` (without the NUL), at most `limit` bytes.
    pub fn c_string(&mut self, addr: u64, limit: Option<usize>) -> Result<Vec<u8>, Fault> {
        let (id, off, len) = self.c_str(addr, limit)?;
        Ok(self.slice(id, off, len).to_vec())
    }

    /// Where the string [`Memory::c_string`] would read lies, `(object, offset, length)`,
    /// with the same checks but without copying it: library models that only look at
    /// strings (`strlen`, `strcmp`) then read them in place with [`Memory::slice`].
    pub fn c_str(&mut self, addr: u64, limit: Option<usize>) -> Result<(ObjId, usize, usize), Fault> {
        let (id, off) = self.check(addr, 1, false)?;
        let max = limit.unwrap_or(usize::MAX);
        let bytes = &self.objects[id as usize].bytes[off..];
        // `CStr` searches for the NUL a word at a time (`memchr`), not byte by byte.
        let searched = &bytes[..bytes.len().min(max)];
        let (len, read_len) = match std::ffi::CStr::from_bytes_until_nul(searched) {
            Ok(s) => (s.count_bytes(), s.count_bytes() + 1),
            Err(_) if bytes.len() >= max => (max, max),
            Err(_) => {
                return Err(Fault::new(
                    ErrorKind::OutOfBounds,
                    format!("string read runs past the end of {} (no terminating NUL)", self.describe(id)),
                ))
            }
        };
        self.note_shared(id, off, read_len as u64, false);
        self.note_concrete_read(id, off, read_len);
        Ok((id, off, len))
    }

    /// Checked bytes of an object (as [`Memory::c_str`] returns them).
    pub fn slice(&self, id: ObjId, off: usize, len: usize) -> &[u8] {
        &self.objects[id as usize].bytes[off..off + len]
    }

    fn note_shared(&mut self, id: ObjId, off: usize, len: u64, write: bool) {
        let obj = &self.objects[id as usize];
        if obj.shared && obj.kind != ObjKind::ConstGlobal {
            self.library_touches.push((obj.base + off as u64, len, write));
        }
    }

    /// Frees a heap block given the pointer the program passed, for thread `t` at `at`.
    pub fn free(&mut self, addr: u64, (t, at): (usize, SrcLoc)) -> Result<(), Fault> {
        let Some((id, off)) = self.find(addr) else {
            return Err(Fault::new(
                ErrorKind::InvalidFree,
                format!("free of address {addr:#x}, which is not a heap block"),
            ));
        };
        let obj = &self.objects[id as usize];
        if obj.kind != ObjKind::Heap {
            return Err(Fault::new(
                ErrorKind::InvalidFree,
                format!("free of {}, which is not a heap block", self.describe(id)),
            ));
        }
        if off != 0 {
            return Err(Fault::new(
                ErrorKind::InvalidFree,
                format!("free of a pointer {off} bytes into {}", self.describe(id)),
            ));
        }
        if !obj.alive {
            let mut f = Fault::new(ErrorKind::DoubleFree, format!("double free of {}", self.describe(id)));
            f.freed = obj.freed_at().map(|(t, at)| (t, at, "first freed by"));
            f.block = Some(obj.base);
            return Err(f);
        }
        self.release(id, Some((t, at)));
        Ok(())
    }

    /// Pointer arithmetic (`getelementptr`) made `to` from `from`: an out-of-bounds error
    /// when `from` points into a live object and `to` lies inside another live object
    /// (beyond the first's one-past-the-end). Without it a stray index would land unseen
    /// in a neighbour, wherever the layout happens to put one; a result in a gap between
    /// objects faults when it is used.
    pub fn check_derived(&mut self, from: u64, to: u64) -> Result<(), Fault> {
        let Some((x, _)) = self.find(from) else { return Ok(()) };
        let (lo, size, alive) = {
            let o = &self.objects[x as usize];
            (o.base, o.size, o.alive)
        };
        if !alive || (lo..=lo + size).contains(&to) {
            return Ok(());
        }
        let Some((y, off)) = self.find(to) else { return Ok(()) };
        if y == x || !self.objects[y as usize].alive {
            return Ok(());
        }
        let (distance, side) = if to > lo { (to - lo, "past the start of") } else { (lo - to, "before") };
        Err(Fault::new(
            ErrorKind::OutOfBounds,
            format!(
                "pointer arithmetic {distance} bytes {side} {} ({size} bytes) lands at byte {off} of {}",
                self.describe(x),
                self.describe(y)
            ),
        ))
    }

    /// Marks an object reachable by other threads; true when it was not yet.
    pub fn share(&mut self, id: ObjId) -> bool {
        let obj = &mut self.objects[id as usize];
        let newly = !obj.shared;
        obj.shared = true;
        self.quiet_objects.forget(id);
        newly
    }

    /// Marks objects reachable from these words as shared (escape to other threads).
    pub(crate) fn publish_words(&mut self, words: &[u64]) {
        let pb = self.ptr_bytes as usize;
        let mut work: Vec<u64> = Vec::new();
        for w in words {
            if pb == 4 {
                work.push(w & 0xffff_ffff);
                work.push(w >> 32);
            } else {
                work.push(*w);
            }
        }
        while let Some(a) = work.pop() {
            if !self.may_be_address(a) {
                continue;
            }
            let Some((id, _)) = self.find(a) else {
                continue;
            };
            if !self.objects[id as usize].alive || !self.share(id) {
                continue;
            }
            for chunk in self.objects[id as usize].bytes.chunks_exact(pb) {
                let mut w = [0u8; 8];
                w[..pb].copy_from_slice(chunk);
                work.push(u64::from_le_bytes(w));
            }
        }
    }

    /// The fast loop's object cache, emptied when `admits` (the rules its entries were
    /// admitted under) changed.
    pub(crate) fn take_quiet_objects(&mut self, admits: u8) -> QuietObjects {
        let cache = std::mem::take(&mut self.quiet_objects);
        if cache.admits == admits {
            cache
        } else {
            QuietObjects { admits, ..QuietObjects::default() }
        }
    }

    /// Brings dead stack object `id` back to life with `size` zeroed bytes, as a fresh
    /// allocation would have them, if it is one of thread `owner`'s, lies in `region` and
    /// has that size (a copied thread's spares name the original's objects); returns its
    /// address. Not while any byte is symbolic: its old shadows would come back with it.
    pub(crate) fn revive_stack_object(
        &mut self,
        id: ObjId,
        owner: usize,
        size: u64,
        region: std::ops::Range<u64>,
    ) -> Option<u64> {
        if !self.sym.is_empty() || self.allocated.checked_add(size)? > MAX_TOTAL {
            return None;
        }
        let obj = self.objects.get_mut(id as usize)?;
        let fits = obj.kind == ObjKind::Stack
            && !obj.alive
            && !obj.shared
            && obj.indexed
            && obj.owner as usize == owner
            && obj.size == size;
        if !fits || !region.contains(&obj.base) {
            return None;
        }
        obj.alive = true;
        obj.freed_line = 0;
        obj.freed_file = 0;
        obj.bytes = zeroed(size as usize);
        self.allocated += size;
        Some(obj.base)
    }

    /// Marks an object dead and drops its contents; `by`: the thread and place that ended
    /// it, for reports.
    pub fn release(&mut self, id: ObjId, by: Option<(usize, SrcLoc)>) {
        self.quiet_objects.forget(id);
        let obj = &mut self.objects[id as usize];
        obj.alive = false;
        let (t, at) = by.unwrap_or_default();
        (obj.freed_line, obj.freed_file, obj.freed_by) = (at.line, at.file, t as u32);
        self.allocated -= obj.size();
        obj.bytes = Rc::default();
    }
}

fn rw(write: bool) -> &'static str {
    if write {
        "write"
    } else {
        "read"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The span index answers as a search tree over all objects would, for bases in
    /// several spans inserted in and out of order.
    #[test]
    fn object_index_agrees_with_a_search_tree() {
        for ptr_bytes in [4, 8] {
            let mut index = ObjIndex::new(ptr_bytes);
            let mut tree = BTreeMap::new();
            let mut x: u64 = 12345;
            let mut next = || {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                x >> 20
            };
            for id in 0..2000 {
                let span = next() % 4;
                let base = (span << index.shift) + (next() % (1 << 20)) * 16 + if id % 3 == 0 { 0 } else { 1 << 30 };
                index.insert(base, id);
                tree.insert(base, id);
            }
            for _ in 0..5000 {
                let addr = ((next() % 5) << index.shift) | (next() % (1 << 31));
                let floor = tree.range(..=addr).next_back().map(|(&b, &i)| (b, i));
                let ceil = tree.range(addr..).next().map(|(&b, &i)| (b, i));
                assert_eq!(index.floor(addr), floor, "floor of {addr:#x}");
                assert_eq!(index.ceil(addr), ceil, "ceil of {addr:#x}");
            }
        }
    }
}
