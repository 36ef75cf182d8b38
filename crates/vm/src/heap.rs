//! The heap: `malloc`'s family on the machine's memory, for the libc shim (which only
//! decodes arguments) and for the other models that allocate (`strdup`).

use crate::error::ErrorKind;
use crate::machine::Machine;
use crate::memory::{Fault, ObjKind};

/// A new heap block of `size` bytes aligned to `align` for thread `t`, or 0 when memory
/// is exhausted (as `malloc` returns NULL).
pub(crate) fn allocate(m: &mut Machine, t: usize, size: u64, align: u64) -> u64 {
    let loc = m.current_loc(t);
    let slot = m.threads[t].slot;
    let before = m.memory.allocated();
    let addr = m.memory.allocate(slot, size, align, ObjKind::Heap, t, loc).map_or(0, |(_, a)| a);
    if addr == 0 && m.narrow_region_full(t, size) {
        return 0;
    }
    // Every 16 MiB the program allocates, the memory limit is checked (the instruction
    // loop's own check may come too late for a program that allocates in few steps).
    if before >> 24 != m.memory.allocated() >> 24 {
        m.check_memory();
    }
    m.record_alloc(t, addr);
    m.note_allocation_site(addr, t);
    addr
}

/// `calloc`: a zeroed block for `count` elements of `size` bytes, or 0 when the size
/// overflows or memory is exhausted.
pub(crate) fn allocate_array(m: &mut Machine, t: usize, count: u64, size: u64) -> u64 {
    count.checked_mul(size).map_or(0, |n| allocate(m, t, n, 16))
}

/// Frees the block at `addr` (nothing for NULL); a pointer that is not a live block's
/// start is the program's error.
pub(crate) fn free(m: &mut Machine, t: usize, addr: u64) -> Result<(), Fault> {
    if addr == 0 {
        return Ok(());
    }
    let loc = m.current_loc(t);
    m.note_site(t, loc);
    if let Some(id) = m.block_at(addr) {
        m.log_object_end(t, id, loc);
    }
    m.memory.free(addr, (t, loc))
}

/// `realloc`: a new block of `n` bytes holding the old one's contents (as far as they
/// fit), shared if the old one was, and the old one freed; 0 (old block kept) when memory
/// is exhausted.
pub(crate) fn reallocate(m: &mut Machine, t: usize, old: u64, n: u64) -> Result<u64, Fault> {
    if old == 0 {
        return Ok(allocate(m, t, n, 16));
    }
    let (id, off) = m.memory.find(old).ok_or_else(|| {
        Fault::new(ErrorKind::InvalidFree, format!("realloc of address {old:#x}, which is not a heap block"))
    })?;
    let obj = &m.memory.objects[id as usize];
    if obj.kind != ObjKind::Heap || off != 0 || !obj.alive {
        // Let free produce the precise error.
        m.memory.free(old, (t, m.current_loc(t)))?;
    }
    let keep = m.memory.objects[id as usize].bytes.clone();
    let loc = m.current_loc(t);
    let new = allocate(m, t, n, 16);
    if new == 0 {
        return Ok(0);
    }
    let len = keep.len().min(n as usize);
    m.memory.write(new, &keep[..len])?;
    if m.memory.objects[id as usize].shared {
        if let Some((nid, _)) = m.memory.find(new) {
            m.memory.share(nid);
        }
    }
    m.log_object_end(t, id, loc);
    m.memory.free(old, (t, loc))?;
    Ok(new)
}

/// `strdup` (no `limit`) and `strndup`: a new heap block holding the string at `src` (at
/// most `limit` bytes of it) and a NUL; 0 when memory is exhausted.
pub(crate) fn duplicate_string(m: &mut Machine, t: usize, src: u64, limit: Option<usize>) -> Result<u64, Fault> {
    let mut s = m.memory.c_string(src, limit)?;
    s.push(0);
    let p = allocate(m, t, s.len() as u64, 16);
    if p != 0 {
        m.memory.write(p, &s)?;
    }
    Ok(p)
}
