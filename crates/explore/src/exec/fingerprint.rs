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
//! limits (instructions, write epochs, output) are left out. The machine is read through
//! its read-only view (`vm/src/view.rs`).

use ravel_sym::ExprId;
use ravel_vm::fphash::{fragment, FpHasher};
use ravel_vm::{Machine, Object, Wait};
use std::hash::Hash;
use std::rc::Rc;

const BYTE: u64 = 1;
const OBJECT: u64 = 2;
const THREAD: u64 = 3;
const SYNC: u64 = 4;
const REGION: u64 = 5;
const SYMBOLIC: u64 = 6;
const PROCESS: u64 = 7;
const SHADOW: u64 = 8;

/// The fingerprint of the whole state of `m` (see the module documentation).
pub(crate) fn fingerprint(m: &Machine) -> u128 {
    fingerprint_with(m, &mut by_id, false)
}

/// The fingerprint of `m` with each symbolic expression named by `expr` (its id for the
/// unfolding; dpor's epoch joins name it by its value up to reordering, `dpor/joins.rs`),
/// the path condition as a set of conjuncts when `pc_as_set` (else as a sequence).
pub(crate) fn fingerprint_with(m: &Machine, expr: &mut dyn FnMut(ExprId) -> u128, pc_as_set: bool) -> u128 {
    m.objects().iter().fold(beyond_objects(m, expr, pc_as_set), |fp, o| fp ^ object_fragments(o))
}

/// The unfolding's name of an expression: its id.
fn by_id(e: ExprId) -> u128 {
    e.0 as u128
}

/// `fingerprint(after) ^ fingerprint(before)` for a step that ran on `after`, a clone of
/// `before` kept meanwhile. Contents a step writes are then its own copies, so an object
/// whose contents are still shared with `before` is unchanged and is not hashed: the
/// cost follows what the step touched, not the size of memory.
pub(crate) fn delta(before: &Machine, after: &Machine) -> u128 {
    let (old, new) = (before.objects(), after.objects());
    let mut d = beyond_objects(before, &mut by_id, false) ^ beyond_objects(after, &mut by_id, false);
    for i in 0..old.len().max(new.len()) {
        match (old.get(i), new.get(i)) {
            (Some(a), Some(b)) if same_object(a, b) => {}
            (a, b) => d ^= a.map_or(0, object_fragments) ^ b.map_or(0, object_fragments),
        }
    }
    d
}

/// Same liveness, place and (shared) contents.
fn same_object(a: &Object, b: &Object) -> bool {
    a.alive == b.alive && a.base == b.base && a.size == b.size && Rc::ptr_eq(&a.bytes, &b.bytes)
}

/// The fragments of one object: its extent and its non-zero bytes (none when dead).
fn object_fragments(o: &Object) -> u128 {
    if !o.alive {
        return 0;
    }
    let mut fp = fragment(OBJECT, (o.base, o.size));
    for (i, chunk) in o.bytes.chunks(8).enumerate() {
        if chunk.iter().all(|&b| b == 0) {
            continue;
        }
        for (j, &b) in chunk.iter().enumerate().filter(|(_, &b)| b != 0) {
            fp ^= fragment(BYTE, (o.base + (i * 8 + j) as u64, b));
        }
    }
    fp
}

/// The fragments of everything but the objects' extents and contents.
fn beyond_objects(m: &Machine, expr: &mut dyn FnMut(ExprId) -> u128, pc_as_set: bool) -> u128 {
    let mut fp = 0u128;
    for (addr, e) in m.memory_shadows() {
        fp ^= fragment(SHADOW, (addr, expr(e)));
    }
    for (slot, next) in m.region_tops() {
        fp ^= fragment(REGION, (slot, next));
    }
    for t in 0..m.threads().len() {
        fp ^= thread_fragment(m, t, expr);
    }
    fp ^= sync_fragments(m);
    if let Some((pc, inputs, model)) = m.symbolic_state() {
        let model: Vec<(u32, u128)> = model.values.iter().map(|(k, v)| (*k, *v)).collect();
        let mut pc: Vec<u128> = pc.iter().map(|&e| expr(e)).collect();
        if pc_as_set {
            pc.sort_unstable();
        }
        fp ^= fragment(SYMBOLIC, (pc, inputs, model));
    }
    let mut process = FpHasher::new(PROCESS);
    m.hash_process(&mut process);
    fp ^ process.finish128()
}

/// Hierarchical id of thread `t`, as a hashable value.
fn path_of(m: &Machine, t: usize) -> &[u32] {
    m.threads().get(t).map_or(&[], |th| th.path.as_slice())
}

fn thread_fragment(m: &Machine, t: usize, expr: &mut dyn FnMut(ExprId) -> u128) -> u128 {
    let th = &m.threads()[t];
    let mut h = FpHasher::new(THREAD);
    th.path.hash(&mut h);
    for fr in &th.frames {
        (fr.func, fr.pc, fr.base, fr.ret, fr.va_area, fr.kind, fr.atomic).hash(&mut h);
        for &id in &fr.allocas {
            m.object_base(id).hash(&mut h);
        }
    }
    th.regs.hash(&mut h);
    match th.wait {
        Wait::Barrier { addr, generation } => {
            let released = m.sync_state().barriers.get(&addr).is_none_or(|b| b.generation != generation);
            (7u8, addr, released).hash(&mut h);
        }
        w => w.hash(&mut h),
    }
    (th.finished, th.retval, th.retval_symbolic, th.detached, th.joined, th.children).hash(&mut h);
    (th.atomic_depth, th.slot, th.stack_bytes, th.destructor_rounds, th.stuck.map(|e| e == m.write_epoch()), th.hung)
        .hash(&mut h);
    let mut tls: Vec<(u64, u64)> = th.tls.iter().map(|(k, v)| (*k, *v)).collect();
    tls.sort_unstable();
    tls.hash(&mut h);
    let mut specific: Vec<(u32, u64)> = th.specific.iter().map(|(k, v)| (*k, *v)).collect();
    specific.sort_unstable();
    specific.hash(&mut h);
    let mut shadows: Vec<(u32, u128)> = th.sym_regs.iter().map(|(k, v)| (*k, expr(*v))).collect();
    shadows.sort_unstable();
    shadows.hash(&mut h);
    h.finish128()
}

fn sync_fragments(m: &Machine) -> u128 {
    let s = m.sync_state();
    let mut fp = 0u128;
    for (addr, mx) in &s.mutexes {
        fp ^= fragment(SYNC, (1u8, addr, mx.kind as u8, mx.owner.map(|o| path_of(m, o)), mx.count));
    }
    for (addr, c) in &s.conds {
        let waiters: Vec<&[u32]> = c.waiters.iter().map(|&w| path_of(m, w)).collect();
        fp ^= fragment(SYNC, (2u8, addr, waiters));
    }
    for (addr, rw) in &s.rwlocks {
        let mut readers: Vec<&[u32]> = rw.readers.iter().map(|&r| path_of(m, r)).collect();
        readers.sort_unstable();
        fp ^= fragment(SYNC, (3u8, addr, readers, rw.writer.map(|w| path_of(m, w))));
    }
    for (addr, b) in &s.barriers {
        fp ^= fragment(SYNC, (4u8, addr, b.count, b.arrived));
    }
    for (addr, v) in &s.sems {
        fp ^= fragment(SYNC, (5u8, addr, v));
    }
    fp
}
