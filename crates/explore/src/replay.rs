//! Re-executing a witness: the machine follows its schedule and choices exactly, with the
//! race detector of the exploration that found it.

use crate::engine::vm_config;
use crate::exec::{check_step, Races};
use crate::graph::ExecutionGraph;
use crate::{race, Options, Witness};
use ravel_ir::Program;
use ravel_vm::{Chooser, Granularity, LogEntry, Machine, MemoryModel, SharedSym, SymEngine};
use std::sync::Arc;

/// Replays the choices of a witness, in order. A witness may come from anywhere, so a
/// choice out of range is not passed on (it would index past the alternatives): the first
/// one is taken instead and the replay fails with [`ReplayChooser::invalid`].
struct ReplayChooser {
    choices: std::collections::VecDeque<u64>,
    /// The first choice that did not fit its alternatives, described.
    invalid: Option<String>,
}

impl ReplayChooser {
    fn new(choices: &[u64]) -> Self {
        ReplayChooser { choices: choices.iter().copied().collect(), invalid: None }
    }

    fn check(&self) -> Result<(), ReplayError> {
        self.invalid.clone().map_or(Ok(()), |why| Err(ReplayError(why)))
    }
}

impl Chooser for ReplayChooser {
    fn nondet(&mut self, bits: u32, _loc: ravel_ir::SrcLoc) -> u64 {
        let v = self.choices.pop_front().unwrap_or(0);
        if bits < 64 && v >> bits != 0 {
            self.invalid.get_or_insert_with(|| format!("the input value {v} does not fit in {bits} bits"));
            return 0;
        }
        v
    }

    fn choose(&mut self, n: usize) -> usize {
        let v = self.choices.pop_front().unwrap_or(0);
        match usize::try_from(v) {
            Ok(i) if i < n => i,
            _ => {
                self.invalid.get_or_insert_with(|| format!("the choice {v} is not one of {n} alternatives"));
                0
            }
        }
    }
}

/// Why a witness does not fit the program.
#[derive(Debug, thiserror::Error)]
#[error("the witness does not match this program: {0}")]
pub struct ReplayError(pub String);

/// Whether the witness says what reads read (the graph engine's do; those written before
/// [`Witness::decided_reads`] say it by their steps only): the machine then records
/// values, follows those directions and buffers no store.
fn decides_reads(witness: &Witness) -> bool {
    witness.decided_reads || witness.steps.iter().any(|s| s.read.is_some() || s.hide)
}

/// `opts` with the exploration settings the witness records, when it records them (an
/// exploration may change granularity on the way, see `racy_sync`).
fn recorded_settings(witness: &Witness, opts: &Options) -> Options {
    let granularity = match witness.interleave.as_str() {
        "all" => Granularity::All,
        "sync" => Granularity::Sync,
        _ => return opts.clone(),
    };
    Options {
        granularity,
        memory_model: MemoryModel::from_name(&witness.memory_model).unwrap_or(MemoryModel::Sc),
        detect_races: witness.detect_races,
        strict_pthread: witness.strict_pthread,
        abort_ends_path: witness.abort_ends_path,
        spurious_wakeups: witness.spurious_wakeups,
        tty: witness.tty,
        time: ravel_vm::TimeModel::from_name(&witness.time).unwrap_or_default(),
        argv: if witness.argv.is_empty() { opts.argv.clone() } else { witness.argv.clone() },
        cwd: if witness.cwd.is_empty() { opts.cwd.clone() } else { witness.cwd.clone() },
        // A file that can no longer be read is left out: the replay then diverges and
        // says so rather than reporting an error it did not reach.
        files: witness
            .files
            .iter()
            .filter_map(|f| ravel_vm::FileSpec::copy_of(f).ok())
            .chain(witness.sym_files.iter().filter_map(|f| ravel_vm::FileSpec::symbolic(f).ok()))
            .collect(),
        peer: peer_of(witness.peer_script.iter().chain(&witness.more_peer_scripts), witness.sym_packet),
        ..opts.clone()
    }
}

/// The scripted peer of a witness (a script that can no longer be read is left out, like
/// a file: the replay then diverges and says so).
fn peer_of<'a>(scripts: impl Iterator<Item = &'a String>, sym_packet: u64) -> Option<std::sync::Arc<ravel_vm::Peer>> {
    let mut peer = ravel_vm::Peer { sym_packet, ..Default::default() };
    let mut any = sym_packet > 0;
    for path in scripts {
        any = true;
        peer = peer.clone().with_script(path).unwrap_or(peer);
    }
    any.then(|| std::sync::Arc::new(peer))
}

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
    replay_observed(program, witness, opts, echo_output, engine, &mut |_, _, _| {})
}

/// [`replay_with`] with the execution's graph (see [`crate::graph`]): which step read
/// from which, synchronised with which, created which thread.
pub fn replay_graph(
    program: Arc<Program>,
    witness: &Witness,
    opts: &Options,
    engine: Option<SharedSym>,
) -> Result<(Machine, ExecutionGraph), ReplayError> {
    let mut graph = ExecutionGraph::default();
    let m = replay_observed(program, witness, opts, false, engine, &mut |i, _, log| {
        graph.add(witness.steps[i].thread, log);
    })?;
    Ok((m, graph))
}

/// [`replay_with`], calling `observe(i, machine, events)` after step `i` ran (the last
/// entry of the machine's trace is that step's visible operation): how exporters of other
/// witness formats learn which step created which thread or input.
pub fn replay_observed(
    program: Arc<Program>,
    witness: &Witness,
    opts: &Options,
    echo_output: bool,
    engine: Option<SharedSym>,
    observe: &mut dyn FnMut(usize, &Machine, &[LogEntry]),
) -> Result<Machine, ReplayError> {
    let opts = &recorded_settings(witness, opts);
    let config = ravel_vm::Config {
        echo_output,
        record_trace: true,
        site_stacks: true,
        pause_at_symbolic_branches: witness.branch_steps,
        defer_reinit: witness.defer_reinit,
        defer_exit: vm_config(opts).defer_exit && !witness.exit_at_once,
        record_values: decides_reads(witness),
        ..vm_config(opts)
    };
    let mut chooser = ReplayChooser::new(&witness.init_choices);
    let sym = witness
        .symbolic
        .then(|| engine.unwrap_or_else(|| SymEngine::shared(opts.solver_timeout, opts.max_sym_branches)));
    let mut m = Machine::with_inputs(program, config, None, &mut chooser, sym);
    chooser.check()?;
    let done = follow(&mut m, witness, opts, RaceStop::LastStep, observe)?;
    if done < witness.steps.len() {
        return Err(ReplayError(if m.is_done() {
            format!("the execution ended before step {done}")
        } else {
            format!("thread {} cannot run at step {done}", witness.steps[done].thread)
        }));
    }
    if !m.is_done() && !m.any_buffered() {
        report_stall(&mut m);
    }
    m.flush_stdout();
    Ok(m)
}

/// Follows the witness's steps for as long as they can run (as a prefix of an execution
/// someone predicted: `ravel predict` confirms its predictions this way): the machine where
/// it stopped and how many steps ran. The steps that ran form a witness [`replay`] accepts.
pub fn replay_prefix(
    program: Arc<Program>,
    witness: &Witness,
    opts: &Options,
) -> Result<(Machine, usize), ReplayError> {
    let defer_exit = vm_config(opts).defer_exit && !witness.exit_at_once;
    let config = ravel_vm::Config {
        record_trace: true,
        site_stacks: true,
        defer_exit,
        record_values: decides_reads(witness),
        ..vm_config(opts)
    };
    let mut chooser = ReplayChooser::new(&witness.init_choices);
    let mut m = Machine::new(program, config, None, &mut chooser);
    chooser.check()?;
    let done = follow(&mut m, witness, opts, RaceStop::First, &mut |_, _, _| {})?;
    Ok((m, done))
}

/// Which data race ends a replayed execution.
#[derive(Clone, Copy, PartialEq, Eq)]
enum RaceStop {
    /// The first one met.
    First,
    /// Only one in the witness's last step: an exploration that collects every error goes
    /// on after a race, so the witness of a later error passes earlier races.
    LastStep,
}

/// Steps `m` through the witness's steps with the race detector until the execution ends
/// or a step cannot run; returns how many steps ran (a choice that does not fit its step
/// is an error).
fn follow(
    m: &mut Machine,
    witness: &Witness,
    opts: &Options,
    stop: RaceStop,
    observe: &mut dyn FnMut(usize, &Machine, &[LogEntry]),
) -> Result<usize, ReplayError> {
    let mut races = race::RaceDetector::default();
    if witness.steps.is_empty() {
        // The error came before the first scheduling point (the program may even have
        // ended there).
        end_with_deferred(m);
    }
    for (i, s) in witness.steps.iter().enumerate() {
        let can_run = if s.flush { m.buffered(s.thread) > 0 } else { m.enabled().contains(&s.thread) };
        if m.is_done() || !can_run {
            return Ok(i);
        }
        let mut chooser = ReplayChooser::new(&s.choices);
        m.direct_next_access(s.read, s.hide);
        if s.flush {
            m.flush(s.thread);
        } else {
            m.step(s.thread, &mut chooser);
        }
        chooser.check()?;
        let log = m.take_log();
        let counts = stop == RaceStop::First || i + 1 == witness.steps.len();
        // One transition may race several times: the witness names which race it shows.
        let on_race = match () {
            _ if !opts.detect_races => Races::Off,
            _ if counts => Races::EndAt(witness.race_index as usize),
            _ => Races::Collect,
        };
        check_step(&mut races, m, s.thread, &log, on_race);
        // An error the exploration let the execution go on after ends it only at the
        // witness's last step (the witness of a later error passes it).
        if counts {
            end_with_deferred(m);
        } else {
            m.take_deferred();
        }
        observe(i, m, &log);
    }
    Ok(witness.steps.len())
}

/// Ends the execution with the first error it went on after (see
/// `ravel_vm::Config::defer_reinit`), unless it already ended in an error; the execution
/// may have ended otherwise in the same step (`main` returned after the error).
fn end_with_deferred(m: &mut Machine) {
    if let Some(e) = m.take_deferred().into_iter().next().filter(|_| !m.ended_in_error()) {
        m.end_with_error(e);
    }
}

/// Ends a replayed execution that stopped where no thread can make progress any more (all
/// blocked, or every one that can run only spins) with its deadlock or hang.
pub(crate) fn report_stall(m: &mut Machine) {
    if m.enabled().is_empty() {
        m.report_stall(&[]);
    } else if let Some(spinning) = m.only_spinning() {
        m.report_stall(&spinning);
    }
}
