//! What engines read of a machine's memory, synchronisation objects and symbolic state,
//! without changing it: the parts the engines' own analyses (state fingerprints,
//! widening of counters) are built from.

use crate::machine::Machine;
use crate::memory::ObjId;
use crate::sync_state::SyncState;
use ravel_sym::{Assignment, ExprId};
use std::hash::{Hash, Hasher};

/// A memory cell's current value: its bytes and their symbolic shadows.
pub type CellValue = (Vec<u8>, Vec<Option<ExprId>>);

/// What the states engine's widening of counters reads (`ravel-explore`'s `widen.rs`).
impl Machine {
    /// The live object holding the `len` bytes at `addr`, with the offset.
    pub(crate) fn live_cell(&mut self, addr: u64, len: u64) -> Option<(ObjId, u64)> {
        let (id, off) = self.memory.find(addr)?;
        let obj = &self.memory.objects[id as usize];
        (obj.alive && off + len <= obj.size()).then_some((id, off))
    }

    /// The value of the cell at `addr`, or `None` when no live object holds it.
    pub fn cell_value(&mut self, addr: u64, len: u64) -> Option<CellValue> {
        let (id, off) = self.live_cell(addr, len)?;
        let bytes = self.memory.objects[id as usize].bytes[off as usize..(off + len) as usize].to_vec();
        let shadows = (off..off + len).map(|o| self.memory.sym.get(&(id, o as u32)).copied()).collect();
        Some((bytes, shadows))
    }

    /// Whether the cell at `addr` holds a value that points into a live object (an
    /// address, which a widening must not forget); true when no live object holds it.
    pub fn cell_holds_address(&mut self, addr: u64, len: u64) -> bool {
        let Some((id, off)) = self.live_cell(addr, len) else { return true };
        let v = self.memory.load_word(id, off as usize, len as usize);
        v != 0 && self.memory.find(v).is_some_and(|(id, _)| self.memory.objects[id as usize].alive)
    }
}

/// What the unfolding engine's state fingerprints read (`ravel-explore`'s
/// `unfold/fingerprint.rs`): memory object by object, the allocation regions, the
/// synchronisation objects, the symbolic state and the rest of the process.
impl Machine {
    /// Every live object: its address, size and contents.
    pub fn live_objects(&self) -> impl Iterator<Item = (u64, u64, &[u8])> + '_ {
        self.memory.objects.iter().filter(|o| o.alive).map(|o| (o.base, o.size, &o.bytes[..]))
    }

    /// The symbolic shadow of every byte of live memory that has one, by address.
    pub fn memory_shadows(&self) -> impl Iterator<Item = (u64, ExprId)> + '_ {
        self.memory.sym.iter().filter_map(|(&(id, off), &e)| {
            let obj = &self.memory.objects[id as usize];
            obj.alive.then_some((obj.base + off as u64, e))
        })
    }

    /// The next free address of each allocation region (slot) used so far.
    pub fn region_tops(&self) -> impl Iterator<Item = (usize, u64)> + '_ {
        self.memory.region_tops()
    }

    /// The address of object `id` (a frame's stack object, say).
    pub fn object_base(&self, id: ObjId) -> u64 {
        self.memory.objects[id as usize].base
    }

    /// The synchronisation objects' state, keyed by their addresses.
    pub fn sync_state(&self) -> &SyncState {
        &self.sync
    }

    /// With symbolic inputs: the path constraint, the number of inputs and their current
    /// values.
    pub fn symbolic_state(&self) -> Option<(&[ExprId], usize, &Assignment)> {
        self.sym.as_ref().map(|st| (&st.pc[..], st.inputs.len(), &st.model))
    }

    /// How far the symbolic state has grown (inputs made, constraints added, questions
    /// asked about it): a step that changes it read or wrote the path constraint all
    /// threads share.
    pub fn symbolic_version(&self) -> (usize, usize, u64) {
        self.sym.as_ref().map_or((0, 0, 0), |st| (st.inputs.len(), st.pc.len(), st.queries))
    }

    /// Hashes what the process is besides memory, threads and synchronisation objects:
    /// atexit handlers, exit status, thread-specific keys, the kernel's view (files,
    /// descriptors, clock, signals).
    pub fn hash_process<H: Hasher>(&self, h: &mut H) {
        (&self.atexit, self.exit_status, self.ctype_table, &self.sync.keys, &self.sync.static_destroyed, &self.os)
            .hash(h);
    }
}
