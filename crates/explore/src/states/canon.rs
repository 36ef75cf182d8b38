//! Canonical states up to a permutation of threads.
//!
//! Threads other than main that run the same code on the same data are interchangeable:
//! a state is described by its *shared* part (globals, heap, main thread, synchronisation
//! objects) and the multiset of the other threads' *classes*. A class hashes everything a
//! thread owns — frames, registers, its stack and thread-local objects, the locks it holds
//! — with addresses inside its own allocation region made relative to the region, so two
//! threads in the same local state get the same class whatever their ids.
//!
//! The description is only sound when no value refers to another thread by identity:
//! a pointer to an object of a thread held outside that thread, or a heap object allocated
//! by a thread other than main. Then [`Canon::symmetric`] is false and classes include the
//! thread's id, as they do when the caller says thread handles are observable. The machine
//! is read through its read-only view (`vm/src/view.rs`); copying a thread is the vm's
//! (`Machine::fork_thread`), given what [`fork_plan`] says the copy takes along.

use super::symvars::{sym_vars, ShadowHashes, SymVars};
use ravel_vm::fphash::{fragment, FpHasher};
use ravel_vm::{pointer_words, ForkPlan, FrameKind, Machine, ObjId, ObjKind, OwnedRanges, Wait};
use std::borrow::Cow;
use std::hash::{Hash, Hasher};

/// A state described up to a permutation of the threads other than main.
#[derive(Clone, Debug)]
pub(crate) struct Canon {
    /// Hash of everything but the non-main threads.
    pub shared: u128,
    /// Class of each thread; 0 for main (part of `shared`) and, when symmetric, for
    /// finished threads (nobody can join them, so they no longer matter).
    pub classes: Vec<u128>,
    /// False when classes include thread ids (see the module documentation).
    pub symmetric: bool,
    /// The symbolic variables of the shared part in the order of their names: two states
    /// with equal descriptions and equal lists hold the very same inputs there.
    pub shared_vars: Vec<u32>,
    /// Threads whose class mentions variables of the shared part.
    pub mention_shared: Vec<usize>,
}

const SHARED: u64 = 0x51;
const CLASS: u64 = 0x52;
/// Tag of an address made relative to its thread's region.
const OWN: u64 = 0x0dd0_0000_0000_0000;

/// What belongs to whom: the live objects each thread other than main owns.
struct Regions {
    /// Every live stack, thread-local and argument object of a thread other than main.
    owned: OwnedRanges,
    /// Region base of each thread.
    bases: Vec<u64>,
    /// Thread ids are part of the description: every value is taken as it is.
    ids: bool,
}

impl Regions {
    fn of(m: &Machine, ids: bool) -> Regions {
        let bases = m.threads().iter().map(|th| m.slot_bounds(th.slot).0).collect();
        Regions { owned: m.owned_ranges(), bases, ids }
    }

    /// The value as seen from thread `t`: relative to `t`'s region when it points into
    /// (or just past) an object `t` owns; `Err` when it points into an object of another
    /// thread (other than main). Other values are taken as they are: an integer that
    /// merely looks like an address is not a reference to anybody.
    fn view(&self, v: u64, t: usize) -> Result<u64, ()> {
        if self.ids {
            return Ok(v);
        }
        match self.owned.owner_at(v) {
            Some(o) if o == t => Ok(OWN ^ (v - self.bases[t])),
            Some(_) => Err(()),
            None => Ok(v),
        }
    }
}

/// The state of `m` up to thread permutation (see the module documentation); `ids`
/// forces thread ids into the classes (the program can observe them).
pub(crate) fn canonical(m: &Machine, ids: bool) -> Canon {
    let live = m.live_masks();
    let vars = sym_vars(m, ids, &live);
    let vars = vars.as_ref();
    let regions = Regions::of(m, ids);
    let mut classes = vec![0u128; m.threads().len()];
    for (t, class) in classes.iter_mut().enumerate().skip(1) {
        if m.threads()[t].finished && !ids {
            // Nobody can join it: a finished thread no longer matters.
            continue;
        }
        match class_of(m, t, &regions, ids, vars, &live[t]) {
            Ok(c) => *class = c,
            Err(()) => return canonical(m, true),
        }
    }
    match shared_hash(m, &regions, vars, &live[0]) {
        Ok(shared) => {
            let shared_vars = vars.map_or(Vec::new(), |sv| sv.shared_vars());
            let mention_shared = vars.map_or(Vec::new(), |sv| sv.mention_shared.iter().copied().collect());
            Canon { shared, classes, symmetric: !ids, shared_vars, mention_shared }
        }
        Err(()) if !ids => canonical(m, true),
        Err(()) => unreachable!("with thread ids every value is taken as it is"),
    }
}

/// Hash of the state without the non-main threads and what they own.
fn shared_hash(m: &Machine, regions: &Regions, vars: Option<&SymVars>, main_live: &[bool]) -> Result<u128, ()> {
    let ptr = m.program().model.ptr_bytes as usize;
    let mut h = FpHasher::new(SHARED);
    for (id, obj) in m.objects().iter().enumerate().filter(|(_, o)| o.alive && o.thread_owner().is_none()) {
        if obj.owner() != 0 && obj.kind == ObjKind::Heap && !regions.ids {
            // Heap memory from another thread's region: its address names that thread.
            return Err(());
        }
        let (bytes, shadows) = object_contents(m, id as ObjId, vars);
        (obj.base, obj.size, &bytes, shadows).hash(&mut h);
        if obj.kind != ObjKind::ConstGlobal {
            for (_, w) in pointer_words(&bytes, ptr) {
                regions.view(w, 0)?;
            }
        }
    }
    if let Some(main) = m.threads().first() {
        h.write_u128(class_of(m, 0, regions, true, vars, main_live)?);
        let (_, next) = m.region_tops().find(|(s, _)| *s == main.slot).unwrap_or((0, 0));
        next.hash(&mut h);
    }
    let s = m.sync_state();
    let mut sync: Vec<u128> = Vec::new();
    for (addr, mx) in &s.mutexes {
        sync.push(fragment(1, (regions.view(*addr, 0)?, mx.kind as u8, mx.owner.is_some(), mx.count)));
    }
    for (addr, c) in &s.conds {
        sync.push(fragment(2, (regions.view(*addr, 0)?, c.waiters.len())));
    }
    for (addr, rw) in &s.rwlocks {
        sync.push(fragment(3, (regions.view(*addr, 0)?, rw.readers.len(), rw.writer.is_some())));
    }
    for (addr, b) in &s.barriers {
        sync.push(fragment(4, (regions.view(*addr, 0)?, b.count, b.arrived, b.generation)));
    }
    for (addr, v) in &s.sems {
        sync.push(fragment(5, (regions.view(*addr, 0)?, v)));
    }
    sync.sort_unstable();
    sync.hash(&mut h);
    if let Some(sv) = vars {
        sv.pc_hashes(m, 0).hash(&mut h);
    }
    m.hash_process(&mut h);
    m.end().is_some().hash(&mut h);
    Ok(h.finish128())
}

/// The class of thread `t`: its local state seen from its own region.
fn class_of(
    m: &Machine,
    t: usize,
    regions: &Regions,
    ids: bool,
    vars: Option<&SymVars>,
    live: &[bool],
) -> Result<u128, ()> {
    let th = &m.threads()[t];
    let sync = m.sync_state();
    let v = |x: u64| regions.view(x, t);
    let mut h = FpHasher::new(CLASS);
    if ids {
        th.path.hash(&mut h);
    }
    for fr in &th.frames {
        (fr.func, fr.pc, fr.base, fr.ret, v(fr.va_area)?, fr.kind, fr.atomic).hash(&mut h);
        for &id in &fr.allocas {
            v(m.object_base(id))?.hash(&mut h);
        }
        if let FrameKind::Once(a) = fr.kind {
            v(a)?;
        }
    }
    for (i, &r) in th.regs.iter().enumerate().filter(|(i, _)| live[*i]) {
        // A shadowed register's concrete value depends on the model; its shadow counts.
        match vars.and_then(|sv| th.sym_regs.get(&(i as u32)).map(|&e| sv.hash(m, e))) {
            Some(shape) => (1u8, shape).hash(&mut h),
            None => (0u8, v(r)?).hash(&mut h),
        }
    }
    let released = |addr: u64, generation: u64| sync.barriers.get(&addr).is_none_or(|b| b.generation != generation);
    match th.wait {
        Wait::None => 0u8.hash(&mut h),
        Wait::Exit { status } => (1u8, status).hash(&mut h),
        Wait::Cond { cond, mutex, deadline } => (2u8, v(cond)?, v(mutex)?, deadline).hash(&mut h),
        Wait::Reacquire { mutex, timed_out } => (3u8, v(mutex)?, timed_out).hash(&mut h),
        Wait::Barrier { addr, generation } => (4u8, v(addr)?, released(addr, generation)).hash(&mut h),
        Wait::Terminate { status } => (5u8, status).hash(&mut h),
    }
    let stuck = th.stuck.map(|e| e == m.write_epoch());
    (th.finished, v(th.retval)?, th.retval_symbolic, th.detached, th.joined, th.atomic_depth).hash(&mut h);
    (th.stack_bytes, th.destructor_rounds, stuck, th.hung, th.at_branch).hash(&mut h);
    let mut tls: Vec<(u64, u64)> = th.tls.iter().map(|(k, x)| Ok((*k, v(*x)?))).collect::<Result<_, ()>>()?;
    tls.sort_unstable();
    tls.hash(&mut h);
    let mut specific: Vec<(u32, u64)> = th.specific.iter().map(|(k, x)| Ok((*k, v(*x)?))).collect::<Result<_, ()>>()?;
    specific.sort_unstable();
    specific.hash(&mut h);
    if let (Some(sv), true) = (vars, t != 0) {
        sv.pc_hashes(m, t).hash(&mut h);
    }
    // Locks held and waits, which the shared part only counts.
    let mut held: Vec<(u8, u64, u32)> = Vec::new();
    for (addr, mx) in &sync.mutexes {
        if mx.owner == Some(t) {
            held.push((1, v(*addr)?, mx.count));
        }
    }
    for (addr, c) in &sync.conds {
        if let Some(pos) = c.waiters.iter().position(|&w| w == t) {
            held.push((2, v(*addr)?, pos as u32));
        }
    }
    for (addr, rw) in &sync.rwlocks {
        if rw.readers.contains(&t) || rw.writer == Some(t) {
            held.push((3, v(*addr)?, rw.writer.is_some() as u32));
        }
    }
    held.sort_unstable();
    held.hash(&mut h);
    if t != 0 {
        // What the thread owns in memory, relative to its region.
        let (base, _) = m.slot_bounds(th.slot);
        let next = m.region_tops().find(|(s, _)| *s == th.slot).map_or(base, |(_, n)| n);
        (next - base).hash(&mut h);
        let ptr = m.program().model.ptr_bytes as usize;
        for (id, obj) in m.objects().iter().enumerate() {
            if !obj.alive || obj.thread_owner() != Some(t) {
                continue;
            }
            let (bytes, shadows) = object_contents(m, id as ObjId, vars);
            (v(obj.base)?, obj.size, obj.kind as u8, shadows).hash(&mut h);
            for (_, w) in pointer_words(&bytes, ptr) {
                v(w)?.hash(&mut h);
            }
            bytes.hash(&mut h);
        }
    }
    Ok(h.finish128())
}

/// An object's bytes with symbolic ones masked, and their shadows up to renaming.
fn object_contents<'m>(m: &'m Machine, id: ObjId, vars: Option<&SymVars>) -> (Cow<'m, [u8]>, ShadowHashes) {
    let bytes = &m.objects()[id as usize].bytes;
    match vars.and_then(|sv| sv.masked(m, id, bytes)) {
        Some((masked, shadows)) => (Cow::Owned(masked), shadows),
        None => (Cow::Borrowed(&bytes[..]), Vec::new()),
    }
}

/// Whether thread `t` can be copied by `Machine::fork_thread`: it holds no
/// synchronisation object and is not inside an atomic section or a two-phase operation,
/// and its symbolic values mention only inputs of its own or of the shared part. (Its own
/// memory is copied; nobody else refers to it when the state is symmetric.)
pub(crate) fn can_fork(m: &Machine, t: usize) -> bool {
    let th = &m.threads()[t];
    let sync = m.sync_state();
    t != 0
        && th.wait == Wait::None
        && th.atomic_depth == 0
        && {
            let live = m.live_masks();
            sym_vars(m, false, &live).is_none_or(|sv| sv.forkable(m, t, &live[t]))
        }
        && !sync.mutexes.values().any(|mx| mx.owner == Some(t))
        && !sync.rwlocks.values().any(|r| r.writer == Some(t) || r.readers.contains(&t))
}

/// What a copy of thread `t` (see [`can_fork`]) takes along of the symbolic state: the
/// inputs the state's description gives `t`, and `t`'s constraints over them.
pub(crate) fn fork_plan(m: &Machine, t: usize) -> ForkPlan {
    match sym_vars(m, false, &m.live_masks()) {
        Some(sv) => {
            let (inputs, constraints) = sv.owned_by(t);
            ForkPlan { inputs, constraints }
        }
        None => ForkPlan::default(),
    }
}
