//! Hints from addresses to the objects last found there, so that finding the object
//! behind an address rarely walks the object index (several cache misses once a program
//! has allocated hundreds of thousands of objects; a hint is one access to a small table).
//!
//! A hint is only a guess: [`crate::memory::Memory::find`] accepts it only after checking
//! that the hinted object of *its own* memory covers the address and is the one its index
//! holds for that base. Objects of one memory never overlap, so an object that passes the
//! check is the one the index would have found. That makes the table safe to share
//! between every machine an OS thread runs (explorers clone machines at every step; a
//! table per machine would be copied with it), so it is thread-local.

use std::cell::Cell;

/// log2 of the address range one slot stands for: an object (with its red zone) takes at
/// least 32 bytes, so neighbouring objects get neighbouring slots.
const GRANULE_SHIFT: u32 = 5;
/// Slots in the table (4 bytes each): 256 KiB, the hints of a program's hot objects stay
/// in the second-level cache.
const SLOTS: usize = 1 << 16;
/// No hint.
const NONE: u32 = u32::MAX;

thread_local! {
    static HINTS: Box<[Cell<u32>]> = (0..SLOTS).map(|_| Cell::new(NONE)).collect();
}

fn slot(addr: u64) -> usize {
    (addr >> GRANULE_SHIFT) as usize & (SLOTS - 1)
}

/// The object last found at an address near `addr`, if any.
#[inline]
pub(crate) fn hint(addr: u64) -> Option<u32> {
    let id = HINTS.with(|h| h[slot(addr)].get());
    (id != NONE).then_some(id)
}

/// Remembers that object `id` holds `addr`.
#[inline]
pub(crate) fn remember(addr: u64, id: u32) {
    HINTS.with(|h| h[slot(addr)].set(id));
}
