//! State fingerprints for the unfolding engine's cutoff events.
//!
//! A fingerprint is the XOR of one hash per *fragment* of the state: each non-zero byte of
//! live memory (with its symbolic shadow), each object's extent, each thread, each
//! synchronisation object, each allocation region and the symbolic path. Fragments are
//! small enough that two concurrent steps never change the same one, so the difference a
//! step makes (`after ^ before`) depends only on the step and its causal past: the engine
//! can combine those differences into the fingerprint of any configuration without
//! re-executing it. Threads are named by their hierarchical ids and objects by their
//! addresses, both independent of the interleaving. Counters that only serve reports or
//! limits (instructions, write epochs, output) are left out.

use crate::machine::Machine;
use crate::thread::{Thread, Wait};
use std::hash::{Hash, Hasher};

/// A 128-bit hasher: two 64-bit lanes with different multipliers and a final avalanche,
/// so that accidental equality of different states is out of practical reach.
pub(crate) struct FpHasher {
    a: u64,
    b: u64,
}

impl FpHasher {
    pub(crate) fn new(domain: u64) -> FpHasher {
        FpHasher { a: 0x9e37_79b9_7f4a_7c15 ^ domain, b: 0xc2b2_ae3d_27d4_eb4f ^ domain.rotate_left(17) }
    }

    pub(crate) fn finish128(&self) -> u128 {
        ((mix(self.a ^ self.b.rotate_left(29)) as u128) << 64) | mix(self.b ^ self.a.rotate_left(41)) as u128
    }
}

/// The murmur3 64-bit finaliser.
fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

impl Hasher for FpHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(w) ^ ((chunk.len() as u64) << 56));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.a = (self.a ^ x).wrapping_mul(0x0000_0100_0000_01b3).rotate_left(31);
        self.b = (self.b ^ mix(x)).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(27);
    }

    fn finish(&self) -> u64 {
        self.finish128() as u64
    }
}

/// Hash of one fragment, tagged by its kind.
pub(crate) fn fragment(domain: u64, value: impl Hash) -> u128 {
    let mut h = FpHasher::new(domain);
    value.hash(&mut h);
    h.finish128()
}

const BYTE: u64 = 1;
const OBJECT: u64 = 2;
const THREAD: u64 = 3;
const SYNC: u64 = 4;
const REGION: u64 = 5;
const SYMBOLIC: u64 = 6;
const PROCESS: u64 = 7;
const SHADOW: u64 = 8;

impl Machine {
    /// The fingerprint of the whole state (see the module documentation).
    pub fn fingerprint(&self) -> u128 {
        let mut fp = 0u128;
        for obj in self.memory.objects.iter().filter(|o| o.alive) {
            fp ^= fragment(OBJECT, (obj.base, obj.size));
            for (i, chunk) in obj.bytes.chunks(8).enumerate() {
                if chunk.iter().all(|&b| b == 0) {
                    continue;
                }
                for (j, &b) in chunk.iter().enumerate().filter(|(_, &b)| b != 0) {
                    fp ^= fragment(BYTE, (obj.base + (i * 8 + j) as u64, b));
                }
            }
        }
        for (&(id, off), e) in &self.memory.sym {
            let obj = &self.memory.objects[id as usize];
            if obj.alive {
                fp ^= fragment(SHADOW, (obj.base + off as u64, e.0));
            }
        }
        for (slot, next) in self.memory.region_tops() {
            fp ^= fragment(REGION, (slot, next));
        }
        for t in 0..self.threads.len() {
            fp ^= self.thread_fragment(t);
        }
        fp ^= self.sync_fragments();
        if let Some(st) = &self.sym {
            let model: Vec<(u32, u128)> = st.model.values.iter().map(|(k, v)| (*k, *v)).collect();
            let pc: Vec<u32> = st.pc.iter().map(|e| e.0).collect();
            fp ^= fragment(SYMBOLIC, (pc, st.inputs.len(), model));
        }
        fp ^ fragment(
            PROCESS,
            (&self.atexit, self.exit_status, self.ctype_table, &self.sync.keys, &self.sync.static_destroyed, &self.os),
        )
    }

    /// How far the symbolic state has grown (inputs made, constraints added, questions
    /// asked about it): a step that changes it read or wrote the path constraint all
    /// threads share.
    pub fn symbolic_version(&self) -> (usize, usize, u64) {
        self.sym.as_ref().map_or((0, 0, 0), |st| (st.inputs.len(), st.pc.len(), st.queries))
    }

    /// Hierarchical id of thread `t`, as a hashable value.
    fn path_of(&self, t: usize) -> &[u32] {
        self.threads.get(t).map_or(&[], |th| th.path.as_slice())
    }

    fn thread_fragment(&self, t: usize) -> u128 {
        let th: &Thread = &self.threads[t];
        let mut h = FpHasher::new(THREAD);
        th.path.hash(&mut h);
        for fr in &th.frames {
            (fr.func, fr.pc, fr.base, fr.ret, fr.va_area, fr.kind, fr.atomic).hash(&mut h);
            for &id in &fr.allocas {
                self.memory.objects[id as usize].base.hash(&mut h);
            }
        }
        th.regs.hash(&mut h);
        match th.wait {
            Wait::Barrier { addr, generation } => {
                let released = self.sync.barriers.get(&addr).is_none_or(|b| b.generation != generation);
                (7u8, addr, released).hash(&mut h);
            }
            w => w.hash(&mut h),
        }
        (th.finished, th.retval, th.retval_symbolic, th.detached, th.joined, th.children).hash(&mut h);
        (
            th.atomic_depth,
            th.slot,
            th.stack_bytes,
            th.destructor_rounds,
            th.stuck.map(|e| e == self.memory.write_epoch),
            th.hung,
        )
            .hash(&mut h);
        let mut tls: Vec<(u64, u64)> = th.tls.iter().map(|(k, v)| (*k, *v)).collect();
        tls.sort_unstable();
        tls.hash(&mut h);
        let mut specific: Vec<(u32, u64)> = th.specific.iter().map(|(k, v)| (*k, *v)).collect();
        specific.sort_unstable();
        specific.hash(&mut h);
        let mut shadows: Vec<(u32, u32)> = th.sym_regs.iter().map(|(k, v)| (*k, v.0)).collect();
        shadows.sort_unstable();
        shadows.hash(&mut h);
        h.finish128()
    }

    fn sync_fragments(&self) -> u128 {
        let s = &self.sync;
        let mut fp = 0u128;
        for (addr, m) in &s.mutexes {
            fp ^= fragment(SYNC, (1u8, addr, m.kind as u8, m.owner.map(|o| self.path_of(o)), m.count));
        }
        for (addr, c) in &s.conds {
            let waiters: Vec<&[u32]> = c.waiters.iter().map(|&w| self.path_of(w)).collect();
            fp ^= fragment(SYNC, (2u8, addr, waiters));
        }
        for (addr, rw) in &s.rwlocks {
            let mut readers: Vec<&[u32]> = rw.readers.iter().map(|&r| self.path_of(r)).collect();
            readers.sort_unstable();
            fp ^= fragment(SYNC, (3u8, addr, readers, rw.writer.map(|w| self.path_of(w))));
        }
        for (addr, b) in &s.barriers {
            fp ^= fragment(SYNC, (4u8, addr, b.count, b.arrived));
        }
        for (addr, v) in &s.sems {
            fp ^= fragment(SYNC, (5u8, addr, v));
        }
        fp
    }
}
