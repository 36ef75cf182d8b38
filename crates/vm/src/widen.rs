//! Widening of global counters for the states engine's abstract search.
//!
//! A global that only counts (a reference count, a ticket number) makes every turn of a
//! loop a new state. When a state equals one on the current path except for the values
//! of such globals, the loop between them can repeat with other values: forgetting those
//! values (each becomes a fresh unconstrained input) lets the search see the repetition.
//! The state then stands for more than the execution reached: an over-approximation.

use crate::machine::Machine;
use crate::memory::ObjId;
use ravel_sym::expr::{eval_cmp, CmpOp};
use ravel_sym::{ExprId, SolverResult};

/// A scalar global's current value: its bytes and their symbolic shadows.
pub type CellValue = (Vec<u8>, Vec<Option<ExprId>>);

impl Machine {
    /// The scalar globals (address, size) a widening may forget: writable, not
    /// thread-local, read by some load, at most 8 bytes.
    pub fn counter_cells(&self) -> Vec<(u64, u64)> {
        let scalar =
            |g: &&ravel_ir::Global| !g.is_const && !g.thread_local && !g.unread && matches!(g.size, 1 | 2 | 4 | 8);
        self.program.globals.iter().filter(scalar).map(|g| (g.addr, g.size)).collect()
    }

    /// The live object holding the `len` bytes at `addr`, with the offset.
    fn live_cell(&mut self, addr: u64, len: u64) -> Option<(ObjId, u64)> {
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
    /// address, which a widening must not forget).
    pub fn cell_holds_address(&mut self, addr: u64, len: u64) -> bool {
        let Some((id, off)) = self.live_cell(addr, len) else { return true };
        let v = self.memory.load_word(id, off as usize, len as usize);
        v != 0 && self.memory.find(v).is_some_and(|(id, _)| self.memory.objects[id as usize].alive)
    }

    /// Replaces the value of the cell at `addr` by a fresh input of its width, whose
    /// current value is the cell's, keeping what the path says about the old value's sign
    /// (`!= 0`, `> 0`, `< 0` when implied): counters are often tested against zero.
    /// Returns false (and changes nothing) without symbolic inputs or a live object there.
    pub fn havoc_cell(&mut self, addr: u64, len: u64) -> bool {
        let Some((id, off)) = self.live_cell(addr, len) else { return false };
        if self.sym.is_none() {
            return false;
        }
        let value = self.memory.load_word(id, off as usize, len as usize) as u128;
        let old = self.sym_load(id, off as usize, len as usize);
        let st = self.sym.as_mut().expect("symbolic mode");
        let bits = len as u32 * 8;
        let (var, fresh) = st.new_input(bits, ravel_ir::SrcLoc::default());
        st.model.set(var, value);
        let mut eng = st.engine.borrow_mut();
        let zero = eng.pool.constant(bits, 0);
        for op in [CmpOp::Ne, CmpOp::Sgt, CmpOp::Slt] {
            if !eval_cmp(op, bits, value, 0) {
                continue; // false now, so not implied
            }
            let implied = match old {
                None => true, // a concrete value: the fact is the value's own
                Some(e) => {
                    let fact = eng.pool.cmp(op, e, zero);
                    let negation = eng.pool.not(fact);
                    matches!(eng.may_be_true(&st.pc, negation, None), SolverResult::Unsat)
                }
            };
            if implied {
                let kept = eng.pool.cmp(op, fresh, zero);
                st.pc.push(kept);
            }
        }
        drop(eng);
        for o in off..off + len {
            self.memory.sym.remove(&(id, o as u32));
        }
        self.sym_store(id, off as usize, len as usize, fresh);
        true
    }
}
