//! Exploring only the continuations of a given schedule prefix ([`crate::check_from`]):
//! every execution starts with the prefix's steps as they are, and no race with one of
//! them is reversed. `ravel predict` confirms a prediction this way from where its replay
//! left the predicted schedule.

use super::{Explorer, Node, Run, Taken};
use crate::{Unknown, Witness};

/// The prefix every execution starts with: input choices, then (thread, choices) per step.
pub(super) struct Start {
    pub init: Vec<u64>,
    steps: Vec<(usize, Vec<u64>)>,
}

impl Start {
    pub fn new(w: &Witness) -> Self {
        Start { init: w.init_choices.clone(), steps: w.steps.iter().map(|s| (s.thread, s.choices.clone())).collect() }
    }
}

impl Explorer<'_> {
    /// Nodes of the path below this depth belong to the prefix: nothing is inserted there.
    pub(super) fn floor(&self) -> usize {
        self.start.as_ref().map_or(0, |s| s.steps.len())
    }

    /// Runs the prefix's steps on `run` (a new execution, the path at its root), each a
    /// node of the path with nothing else to explore, and snapshots the run after them.
    /// False (the reason noted) when a step cannot run: the prefix is not this program's.
    pub(super) fn run_start(&mut self, run: &mut Run) -> bool {
        let Some(start) = self.start.take() else { return true };
        let mut ok = true;
        for (i, (t, forced)) in start.steps.iter().enumerate() {
            if run.machine.end().is_some() {
                break;
            }
            let a = self.agents.of_thread(*t);
            if !self.agents.can_run(&run.machine, a) {
                self.cx
                    .note(Unknown::Internal(format!("the start of the exploration cannot run step {i} (thread {t})")));
                ok = false;
                break;
            }
            let runnable = self.agents.enabled(&mut run.machine);
            let (info, made) = self.execute(run, a, forced, false);
            let node = self.path.last_mut().expect("a node");
            node.runnable = runnable;
            node.taken = Some(Taken::new(a, made, info, Vec::new()));
            self.path.push(Node::default());
        }
        self.path.last_mut().expect("a node").snapshot = Some(Box::new(run.clone()));
        self.start = Some(start);
        ok
    }
}
