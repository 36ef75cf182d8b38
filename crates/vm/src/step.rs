//! The one operation the schedulers drive: execute the visible operation a thread is
//! stopped at (waking it first when it waits), then run it to its next one. It sits
//! above the machine's state, the interpreter loop and the synchronisation semantics.

use crate::machine::{Chooser, Machine};
use crate::pending::CREATES;
use crate::sync::blocking;

impl Machine {
    /// Executes the visible operation thread `t` is stopped at, then its local code up to
    /// the next visible operation. Call only with an enabled thread.
    pub fn step(&mut self, t: usize, chooser: &mut dyn Chooser) {
        if self.ending.is_done() {
            return;
        }
        if self.config.record_trace {
            let entry = self.describe_pending(t);
            self.journal.push_trace(entry);
        }
        self.journal.record_step(t);
        let before = self.threads.len();
        let th = &mut self.threads[t];
        th.loop_count = 0;
        th.loop_saved = None;
        if th.stuck.take().is_some() {
            // Released by a write: keep looping, the loop may exit now.
            self.run_local(t, chooser);
        } else if th.at_branch {
            // Paused before a symbolic branch: decide it, then run to the next visible operation.
            self.run_local(t, chooser);
        } else if blocking::wake(self, t) {
            self.run_local(t, chooser);
        } else {
            self.exec_granted(t, chooser);
        }
        if self.config.record_trace && self.threads.len() > before {
            self.name_created_thread(t, before);
        }
        // The thread, and any it created, stopped at their next operation now.
        let now = self.os.now_ns;
        self.threads[t].arrived_ns = now;
        for th in &mut self.threads[before..] {
            th.arrived_ns = now;
        }
        if self.sym.is_some() {
            self.flush_concretized(t, "read by a library function");
            self.flush_guards(t);
            if self.config.pause_at_symbolic_branches {
                self.prune_path_constraint();
            }
        }
    }

    /// Names the thread that thread `t`'s latest traced operation created (index `child`).
    fn name_created_thread(&mut self, t: usize, child: usize) {
        let name = self.threads[child].name();
        if let Some(e) = self.journal.latest_of(t).filter(|e| e.what == CREATES) {
            e.what = format!("creates thread {name}");
        }
    }
}
