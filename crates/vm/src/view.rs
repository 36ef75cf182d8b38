//! What engines read of a machine's memory, synchronisation objects and symbolic state,
//! without changing it: the parts the engines' own analyses (state fingerprints,
//! widening of counters) are built from.

use crate::machine::Machine;
use crate::memory::{ObjId, Object};
use crate::sync_state::SyncState;
use ravel_sym::{Assignment, ExprId, ExprPool};
use rustc_hash::FxHashMap;
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
/// `explore/src/exec/fingerprint.rs`): memory object by object, the allocation regions, the
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
    #[inline]
    pub fn object_base(&self, id: ObjId) -> u64 {
        self.memory.objects[id as usize].base
    }

    /// The synchronisation objects' state, keyed by their addresses.
    #[inline]
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
        (self.ending.exit_state(), self.ctype_table, &self.sync.keys, &self.sync.static_destroyed, &*self.os).hash(h);
    }
}

/// The analyses over threads and their own memory read by the states engine
/// (`ravel-explore`'s `states/`: canonical states up to thread permutation, the inputs
/// each thread holds).
impl Machine {
    /// Every object ever allocated, dead ones included (an id indexes it).
    #[inline]
    pub fn objects(&self) -> &[Object] {
        &self.memory.objects
    }

    /// The symbolic shadow of each memory byte that has one, by (object, offset); dead
    /// objects may still have entries.
    #[inline]
    pub fn object_shadows(&self) -> &FxHashMap<(ObjId, u32), ExprId> {
        &self.memory.sym
    }

    /// The address range (start, end) of allocation region `slot`.
    #[inline]
    pub fn slot_bounds(&self, slot: usize) -> (u64, u64) {
        self.memory.slot_bounds(slot)
    }

    /// Which live object of which thread other than main each address range is (see
    /// [`Object::thread_owner`]).
    pub fn owned_ranges(&self) -> OwnedRanges {
        let mut owned: Vec<(u64, u64, usize)> = self
            .memory
            .objects
            .iter()
            .filter(|o| o.alive)
            .filter_map(|o| Some((o.base, o.base + o.size, o.thread_owner()?)))
            .collect();
        owned.sort_unstable();
        OwnedRanges(owned)
    }

    /// Calls `f` with every symbolic value that can still be read and the part holding
    /// it (0 for shared memory and main, else the thread): in a live register of a
    /// running thread or a byte of a live object. Dead registers are never read again,
    /// nor are a finished thread's (a joined return value that depends on inputs is made
    /// concrete), nor dead objects.
    pub fn held_values(&self, mut f: impl FnMut(ExprId, usize)) {
        let masks = self.live_masks();
        for t in (0..self.threads.len()).filter(|&t| !self.threads[t].finished) {
            for (_, e) in self.live_shadows(t, &masks[t]) {
                f(e, t);
            }
        }
        for (&(id, _), &e) in &self.memory.sym {
            let obj = &self.memory.objects[id as usize];
            if obj.alive {
                f(e, obj.thread_owner().unwrap_or(0));
            }
        }
    }

    /// With symbolic inputs: `f` over the expression pool (it may build expressions, which
    /// changes no machine) and the path constraint.
    pub fn with_expressions<R>(&self, f: impl FnOnce(&mut ExprPool, &[ExprId]) -> R) -> Option<R> {
        let st = self.sym.as_ref()?;
        let mut eng = st.engine.borrow_mut();
        Some(f(&mut eng.pool, &st.pc))
    }
}

/// The live objects of threads other than main as sorted (start, end, owner) ranges.
pub struct OwnedRanges(Vec<(u64, u64, usize)>);

impl OwnedRanges {
    /// The thread whose live object `v` points into (or just past), if any.
    #[inline]
    pub fn owner_at(&self, v: u64) -> Option<usize> {
        let i = self.0.partition_point(|&(start, _, _)| start <= v);
        i.checked_sub(1).map(|i| self.0[i]).filter(|&(_, end, _)| v <= end).map(|(_, _, o)| o)
    }
}
