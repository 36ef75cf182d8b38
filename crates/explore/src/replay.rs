//! Re-executing a witness: the machine follows its schedule and choices exactly, with the
//! race detector of the exploration that found it.

use crate::engine::vm_config;
use crate::{race, Options, Witness};
use ravel_ir::Program;
use ravel_vm::{Chooser, Machine, SharedSym, SymEngine};
use std::sync::Arc;

/// Replays the choices of a witness, in order.
struct ReplayChooser(std::collections::VecDeque<u64>);

impl Chooser for ReplayChooser {
    fn nondet(&mut self, _bits: u32, _loc: ravel_ir::SrcLoc) -> u64 {
        self.0.pop_front().unwrap_or(0)
    }

    fn choose(&mut self, _n: usize) -> usize {
        self.0.pop_front().unwrap_or(0) as usize
    }
}

/// Why a witness does not fit the program.
#[derive(Debug, thiserror::Error)]
#[error("the witness does not match this program: {0}")]
pub struct ReplayError(pub String);

/// Re-executes a witness; returns the machine at the end (its `end` says what happened).
pub fn replay(
    program: Arc<Program>,
    witness: &Witness,
    opts: &Options,
    echo_output: bool,
) -> Result<Machine, ReplayError> {
    replay_with(program, witness, opts, echo_output, None)
}

/// [`replay`] reusing the expressions and solver caches of the exploration that found the
/// witness (its queries are then answered from the cache instead of by Z3 again).
pub fn replay_with(
    program: Arc<Program>,
    witness: &Witness,
    opts: &Options,
    echo_output: bool,
    engine: Option<SharedSym>,
) -> Result<Machine, ReplayError> {
    let config = ravel_vm::Config {
        echo_output,
        record_trace: true,
        pause_at_symbolic_branches: witness.branch_steps,
        ..vm_config(opts)
    };
    let mut chooser = ReplayChooser(witness.init_choices.iter().copied().collect());
    let sym = witness
        .symbolic
        .then(|| engine.unwrap_or_else(|| SymEngine::shared(opts.solver_timeout, opts.max_sym_branches)));
    let mut m = Machine::with_inputs(program, config, None, &mut chooser, sym);
    let done = follow(&mut m, witness, opts);
    if done < witness.steps.len() {
        return Err(ReplayError(if m.is_done() {
            format!("the execution ended before step {done}")
        } else {
            format!("thread {} cannot run at step {done}", witness.steps[done].thread)
        }));
    }
    if !m.is_done() && m.enabled().is_empty() {
        m.report_deadlock();
    }
    m.flush_stdout();
    Ok(m)
}

/// Follows the witness's steps for as long as they can run (as a prefix of an execution
/// someone predicted: `ravel predict` confirms its predictions this way): the machine where
/// it stopped and how many steps ran. The steps that ran form a witness [`replay`] accepts.
pub fn replay_prefix(program: Arc<Program>, witness: &Witness, opts: &Options) -> (Machine, usize) {
    let config = ravel_vm::Config { record_trace: true, ..vm_config(opts) };
    let mut chooser = ReplayChooser(witness.init_choices.iter().copied().collect());
    let mut m = Machine::new(program, config, None, &mut chooser);
    let done = follow(&mut m, witness, opts);
    (m, done)
}

/// Steps `m` through the witness's steps with the race detector until the execution ends
/// or a step cannot run; returns how many steps ran.
fn follow(m: &mut Machine, witness: &Witness, opts: &Options) -> usize {
    let mut races = race::RaceDetector::default();
    for (i, s) in witness.steps.iter().enumerate() {
        if m.is_done() || !m.enabled().contains(&s.thread) {
            return i;
        }
        let mut chooser = ReplayChooser(s.choices.iter().copied().collect());
        m.step(s.thread, &mut chooser);
        let log = m.take_log();
        if opts.detect_races && m.end.is_none() {
            if let Some(r) = races.transition(s.thread, &log) {
                m.end = Some(ravel_vm::End::Error(race::race_error(m, &r)));
            }
        }
    }
    witness.steps.len()
}
