//! Forgetting a memory cell's value: it becomes a fresh input (the states engine's
//! widening of counters, which decides which cells and when).

use crate::machine::Machine;
use ravel_sym::expr::{eval_cmp, CmpOp};
use ravel_sym::SolverResult;

impl Machine {
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
