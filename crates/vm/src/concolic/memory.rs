//! Symbolic memory: shadows of stored bytes, and loads and stores at symbolic addresses.

use crate::machine::{Chooser, Machine, Stop};
use crate::memory::ObjId;
use crate::symbolic::{concat_bytes, fit, split_bytes};
use crate::values::rd;
use ravel_ir::Opd;
use ravel_sym::{ExprId, ExprPool};

impl Machine {
    /// Objects up to this size are read and written at symbolic offsets (one
    /// if-then-else per possible offset); larger ones get their address concretised.
    pub(super) const MAX_SYMBOLIC_OBJECT: u64 = 4096;

    /// A load or store at address operand `addr`: when the address is symbolic and points
    /// into an object, decides (with the solver) that it stays in bounds — the other side
    /// moves the address elsewhere, possibly out of every object, which the concrete access
    /// then reports — and prepares the value read or the bytes written at the symbolic
    /// offset. In a shared object the access may touch any of its words, which its events
    /// say. Addresses into large objects are concretised.
    pub(super) fn sym_address(
        &mut self,
        t: usize,
        base: usize,
        addr: Opd,
        len: u32,
        store: Option<Opd>,
        chooser: &mut dyn Chooser,
    ) -> Result<(), Stop> {
        let Some(ae) = self.shadow(t, base, addr) else { return Ok(()) };
        if len > 8 {
            self.concretize(t, base, addr, "used as the address of an aggregate");
            return Ok(());
        }
        let pb = self.program.model.ptr_bytes * 8;
        let len64 = len as u64;
        for _ in 0..16 {
            let a = rd(&self.program, &self.threads[t].regs, base, addr) & self.program.model.ptr_mask();
            let Some((id, _)) = self.memory.find(a) else { break };
            let obj = &self.memory.objects[id as usize];
            if !obj.alive || obj.size > Self::MAX_SYMBOLIC_OBJECT || obj.size < len64 {
                break;
            }
            let shared = obj.shared;
            let (obase, room) = (obj.base, obj.size - len64 + 1);
            let (off, inside) = self.with_pool(|p| {
                let a = fit(p, ae, pb);
                let b = p.constant(pb, obase as u128);
                let off = p.sub(a, b);
                let r = p.constant(pb, room as u128);
                (off, p.ult(off, r))
            });
            let concrete_inside = a.wrapping_sub(obase) < room;
            if !self.sym_decide(t, inside, concrete_inside, chooser)? {
                if concrete_inside {
                    continue; // the model moved the address: resolve it again
                }
                break; // out of bounds under the current model: the access reports it
            }
            if shared {
                self.sym.as_mut().expect("symbolic mode").whole_object = Some(id);
            }
            match store {
                None => {
                    let e = self.select_at(id, off, len);
                    self.sym.as_mut().expect("symbolic mode").pending_load = Some(e);
                }
                Some(v) => {
                    let value = self.operand_expr(t, base, v, len * 8);
                    let bytes = self.update_at(id, off, len, value);
                    self.sym.as_mut().expect("symbolic mode").pending_store = Some((id, bytes));
                }
            }
            return Ok(());
        }
        self.concretize(t, base, addr, "used as an address");
        Ok(())
    }

    /// Byte `p` of object `id` as an expression (its shadow or its concrete value).
    pub(super) fn byte_expr(&self, pool: &mut ExprPool, id: ObjId, p: usize) -> ExprId {
        match self.memory.sym.get(&(id, p as u32)) {
            Some(&e) => e,
            None => pool.constant(8, self.memory.objects[id as usize].bytes[p] as u128),
        }
    }

    /// The `len` bytes of object `id` at symbolic offset `off` (known to be in bounds).
    pub(super) fn select_at(&self, id: ObjId, off: ExprId, len: u32) -> ExprId {
        let size = self.memory.objects[id as usize].size as usize;
        let len = len as usize;
        self.with_pool(|p| {
            let bits = p.bits(off);
            let word = |p: &mut ExprPool, k: usize| {
                let bytes: Vec<ExprId> = (k..k + len).map(|i| self.byte_expr(p, id, i)).collect();
                concat_bytes(p, &bytes)
            };
            let last = size - len;
            let mut acc = word(p, last);
            for k in (0..last).rev() {
                let w = word(p, k);
                let kc = p.constant(bits, k as u128);
                let here = p.eq(off, kc);
                acc = p.ite(here, w, acc);
            }
            acc
        })
    }

    /// Every byte of object `id` after writing `value` (`len` bytes) at symbolic offset
    /// `off` (known to be in bounds).
    pub(super) fn update_at(&self, id: ObjId, off: ExprId, len: u32, value: ExprId) -> Vec<ExprId> {
        let size = self.memory.objects[id as usize].size as usize;
        let len = len as usize;
        self.with_pool(|p| {
            let bits = p.bits(off);
            let parts = split_bytes(p, value, len as u32);
            (0..size)
                .map(|byte| {
                    let mut e = self.byte_expr(p, id, byte);
                    for (j, part) in parts.iter().enumerate() {
                        if byte >= j && byte - j <= size - len {
                            let kc = p.constant(bits, (byte - j) as u128);
                            let here = p.eq(off, kc);
                            e = p.ite(here, *part, e);
                        }
                    }
                    e
                })
                .collect()
        })
    }

    /// After a store: installs the shadows a store at a symbolic address prepared.
    /// Returns whether there were any.
    pub(crate) fn sym_stored(&mut self) -> bool {
        let Some((id, bytes)) = self.sym.as_mut().and_then(|st| st.pending_store.take()) else { return false };
        // New shadows are a write even where the concrete bytes stayed (see `sym_store`).
        self.memory.write_epoch += 1;
        for (p, e) in bytes.into_iter().enumerate() {
            if self.with_pool(|pool| pool.as_const(e).is_none()) {
                self.memory.sym.insert((id, p as u32), e);
            } else {
                self.memory.sym.remove(&(id, p as u32));
            }
        }
        true
    }

    /// The shadow a load at a symbolic address prepared.
    pub(crate) fn sym_loaded(&mut self) -> Option<ExprId> {
        self.sym.as_mut().and_then(|st| st.pending_load.take())
    }

    /// Shadow of `len` loaded bytes of object `id` at `off` (`None`: all concrete).
    pub(crate) fn sym_load(&mut self, id: ObjId, off: usize, len: usize) -> Option<ExprId> {
        let parts: Vec<Option<ExprId>> =
            (0..len).map(|i| self.memory.sym.get(&(id, (off + i) as u32)).copied()).collect();
        if parts.iter().all(Option::is_none) {
            return None;
        }
        let bytes = self.memory.objects[id as usize].bytes[off..off + len].to_vec();
        Some(self.with_pool(|p| {
            let all: Vec<ExprId> =
                (0..len).map(|i| parts[i].unwrap_or_else(|| p.constant(8, bytes[i] as u128))).collect();
            concat_bytes(p, &all)
        }))
    }

    /// Records the shadow of a stored value in memory (the store already cleared the
    /// range's old shadows).
    pub(crate) fn sym_store(&mut self, id: ObjId, off: usize, len: usize, e: ExprId) {
        let parts: Vec<ExprId> = self.with_pool(|p| {
            let v = fit(p, e, len as u32 * 8);
            split_bytes(p, v, len as u32)
        });
        for (i, part) in parts.into_iter().enumerate() {
            if self.with_pool(|p| p.as_const(part).is_none()) {
                self.memory.sym.insert((id, (off + i) as u32), part);
                // A symbolic value stored over equal concrete bytes changed them (the
                // concrete store alone looked like nothing): threads spinning on them
                // must see the write.
                self.memory.write_epoch += 1;
            }
        }
    }

    /// Makes the symbolic bytes of a range concrete (an access without symbolic semantics).
    pub(crate) fn concretize_bytes(&mut self, t: usize, id: ObjId, off: usize, len: usize, why: &str) {
        for i in 0..len {
            if let Some(e) = self.memory.sym.remove(&(id, (off + i) as u32)) {
                let v = self.memory.objects[id as usize].bytes[off + i];
                self.constrain_to(e, v as u128, why, t);
            }
        }
    }
}
