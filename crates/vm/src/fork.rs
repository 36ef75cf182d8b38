//! Copying a thread: a new thread in the same local state as another, as if main had
//! created it. The states engine's thread-count acceleration uses it (`ravel-explore`'s
//! `states/`, which decides when a thread can be copied and which of its inputs are its
//! own); this module only carries the copy out.

use crate::machine::Machine;
use crate::memory::{Memory, ObjId};
use crate::thread::FrameKind;
use ravel_sym::ExprId;

/// What of the symbolic state a copied thread takes along: the inputs that are its own
/// and its constraints over them (the copy gets fresh inputs with the same constraints).
#[derive(Clone, Debug, Default)]
pub struct ForkPlan {
    pub inputs: Vec<u32>,
    pub constraints: Vec<ExprId>,
}

impl Machine {
    /// Adds a thread in the same local state as `t`, which holds no synchronisation
    /// object and which nobody else refers to (the caller checked): its own memory copied
    /// to the new thread's region at the same offsets, pointers into it moved along, and,
    /// with symbolic inputs, its values rebuilt over fresh copies of `plan`'s inputs with
    /// `plan`'s constraints copied. Returns its index, or `None` when its memory region
    /// would overlap another thread's or is too small for `t`'s memory.
    pub fn fork_thread(&mut self, t: usize, plan: &ForkPlan) -> Option<usize> {
        let path = vec![self.threads[0].children];
        let slot = Memory::slot_for(&path);
        let (start, end) = self.memory.slot_bounds(slot);
        if crate::sync::threads::region_clash(self, slot) || self.memory.region_used(self.threads[t].slot) > end - start
        {
            return None;
        }
        self.threads[0].children += 1;
        // A finished thread nothing refers to gives its place to the copy, so machines on
        // long paths of copies do not grow with every copy.
        let new = (1..self.threads.len()).find(|&i| self.forgotten(i)).unwrap_or(self.threads.len());
        let mut th = self.threads[t].clone();
        // The copy's own memory sits at the same offsets in its region; pointers into it move.
        let owned = self.owned_ranges();
        let delta = self.memory.slot_bounds(slot).0.wrapping_sub(self.memory.slot_bounds(th.slot).0);
        let relocate = |v: u64| if owned.owner_at(v) == Some(t) { v.wrapping_add(delta) } else { v };
        let ids: Vec<ObjId> = (0..self.memory.objects.len() as ObjId)
            .filter(|&id| {
                let o = &self.memory.objects[id as usize];
                o.alive && o.thread_owner() == Some(t)
            })
            .collect();
        let copies = self.memory.copy_region(th.slot, slot, &ids, new, relocate);
        let moved = |id: &mut ObjId| {
            if let Some(k) = ids.iter().position(|x| x == id) {
                *id = copies[k];
            }
        };
        for fr in &mut th.frames {
            fr.allocas.iter_mut().for_each(moved);
            fr.va_area = relocate(fr.va_area);
            if let FrameKind::Once(a) = fr.kind {
                fr.kind = FrameKind::Once(relocate(a));
            }
        }
        for (i, r) in th.regs.iter_mut().enumerate() {
            if !th.sym_regs.contains_key(&(i as u32)) {
                *r = relocate(*r);
            }
        }
        th.tls.values_mut().for_each(|a| *a = relocate(*a));
        th.specific.values_mut().for_each(|a| *a = relocate(*a));
        th.slot = slot;
        th.path = path;
        if self.sym.is_some() {
            // Its inputs are copied onto fresh ones, with the same constraints.
            let fresh = self.fresh_copies(&plan.inputs);
            let shadows: Vec<((ObjId, u32), ExprId)> =
                self.memory.sym.iter().filter(|((o, _), _)| copies.contains(o)).map(|(k, e)| (*k, *e)).collect();
            let st = self.sym.as_mut().expect("symbolic mode");
            let mut eng = st.engine.borrow_mut();
            for e in th.sym_regs.values_mut() {
                *e = eng.pool.substitute(*e, &fresh);
            }
            for (key, e) in shadows {
                self.memory.sym.insert(key, eng.pool.substitute(e, &fresh));
            }
            for &c in &plan.constraints {
                let copy = eng.pool.substitute(c, &fresh);
                st.pc.push(copy);
            }
        }
        self.threads.place(new, th);
        Some(new)
    }

    /// Thread `i` finished and nothing names it any more: no live object it owns, no lock
    /// or wait (handles are unread whenever threads are copied).
    fn forgotten(&self, i: usize) -> bool {
        let s = &self.sync;
        self.threads[i].finished
            && !self.memory.objects.iter().any(|o| o.alive && o.owner() == i)
            && !s.mutexes.values().any(|m| m.owner == Some(i))
            && !s.rwlocks.values().any(|r| r.writer == Some(i) || r.readers.contains(&i))
            && !s.conds.values().any(|c| c.waiters.contains(&i))
    }
}
