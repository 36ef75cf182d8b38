//! Shrinking and abstracting the path constraint: the interpreter's own pruning of
//! inputs nobody holds, and the two primitives the states engine's Cartesian abstraction
//! applies (`ravel-explore`'s `states/cartesian.rs` decides what they get).

use crate::machine::Machine;
use crate::memory::ObjId;
use ravel_sym::parts::live_components;
use ravel_sym::ExprId;
use rustc_hash::{FxHashMap, FxHashSet};

impl Machine {
    /// Drops the parts of the path constraint over inputs that no register or memory byte
    /// holds any more, eliminating dead inputs exactly (see `ravel_sym::parts`): they
    /// cannot change what happens next, and keeping them makes every later query bigger.
    /// The result depends only on the state, so a replay that prunes after the same steps
    /// asks the solver the same questions and gets the same models. Only a constraint
    /// added since the last pruning triggers one (pruning is not free).
    pub fn prune_path_constraint(&mut self) {
        if self.config.keep_path_constraint {
            return;
        }
        let Some(st) = self.sym.as_ref().filter(|st| st.pc.len() != st.pruned) else { return };
        let mut eng = st.engine.borrow_mut();
        let mut live: FxHashSet<u32> = FxHashSet::default();
        self.held_values(|e, _| live.extend(eng.pool.vars(e).iter().copied()));
        let kept: Vec<ExprId> = live_components(&mut eng.pool, &st.pc, |v| live.contains(&v)).concat();
        drop(eng);
        self.replace_path_constraint(kept);
    }

    /// Replaces the path constraint by `kept`, which the caller derived from it (a part
    /// of it, or an abstraction the states engine accepts: the state then stands for more
    /// concrete states than the execution reached).
    pub fn replace_path_constraint(&mut self, kept: Vec<ExprId>) {
        let st = self.sym.as_mut().expect("symbolic mode");
        st.pruned = kept.len();
        st.pc = kept;
    }

    /// Gives thread `t` a fresh copy of each of `vars` (same width, place and current
    /// value) in its registers and its own memory, so that it no longer shares those
    /// inputs with other threads; returns the renaming. The path constraint is left alone.
    pub fn copy_thread_inputs(&mut self, t: usize, vars: &[u32]) -> FxHashMap<u32, ExprId> {
        let fresh = self.fresh_copies(vars);
        let own: Vec<(ObjId, u32)> = self
            .memory
            .sym
            .keys()
            .filter(|(id, _)| {
                let o = &self.memory.objects[*id as usize];
                o.alive && o.thread_owner() == Some(t)
            })
            .copied()
            .collect();
        let st = self.sym.as_mut().expect("symbolic mode");
        let mut eng = st.engine.borrow_mut();
        for e in self.threads[t].sym_regs.values_mut() {
            *e = eng.pool.substitute(*e, &fresh);
        }
        for key in own {
            let e = self.memory.sym[&key];
            self.memory.sym.insert(key, eng.pool.substitute(e, &fresh));
        }
        fresh
    }
}
