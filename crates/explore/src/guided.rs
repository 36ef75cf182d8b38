//! Following a schedule another format describes loosely (an SV-COMP witness): a list of
//! waypoints "thread T runs the operation at line L" and the values of nondeterministic
//! inputs, which may not name every scheduling step or choice. The machine takes a
//! waypoint's step when the thread's next visible operation is at its line and skips the
//! waypoint otherwise (it then describes local code, which runs inside steps anyway);
//! what it ran is returned as an exact ravel witness, so `ravel replay` accepts it.

use crate::engine::vm_config;
use crate::exec::{check_step, Races};
use crate::{race, Options, Witness, WitnessStep};
use ravel_ir::Program;
use ravel_vm::{Chooser, Machine};
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

/// One waypoint of a guide.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuideStep {
    /// The thread (ravel's index: main is 0, then in creation order); `None` lets any
    /// enabled thread whose next operation is at `line` take the step.
    pub thread: Option<usize>,
    /// The source line of the operation; `None` takes the thread's next step whatever it is.
    pub line: Option<u32>,
}

/// A loose schedule: waypoints in order and input values per thread.
#[derive(Clone, Debug, Default)]
pub struct Guide {
    pub steps: Vec<GuideStep>,
    /// Values of nondeterministic inputs in the order each thread makes them (`None`: any
    /// thread, used when a thread's own values run out).
    pub values: Vec<(Option<usize>, u64)>,
    /// Steps allowed after the waypoints ran out, to reach an error the waypoints stop
    /// short of (the lowest enabled thread of the last waypoint's thread first).
    pub finish_steps: usize,
}

/// What following a guide gave: the machine at the end and the exact witness of the run.
pub struct Guided {
    pub machine: Machine,
    pub witness: Witness,
    /// Waypoints that matched a step (the others were skipped).
    pub matched: usize,
}

/// Input values per thread, and the choices a run made (recorded for its witness).
struct GuideChooser<'a> {
    values: &'a mut HashMap<Option<usize>, VecDeque<u64>>,
    thread: usize,
    made: Vec<u64>,
}

impl Chooser for GuideChooser<'_> {
    fn nondet(&mut self, bits: u32, _loc: ravel_ir::SrcLoc) -> u64 {
        let mask = if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 };
        let v = [Some(self.thread), None]
            .iter()
            .find_map(|k| self.values.get_mut(k).and_then(VecDeque::pop_front))
            .unwrap_or(0)
            & mask;
        self.made.push(v);
        v
    }

    /// Which waiter a signal wakes: the witness formats cannot say; the first one.
    fn choose(&mut self, _n: usize) -> usize {
        self.made.push(0);
        0
    }
}

/// Runs `program` along `guide` with the settings of `opts` (concrete inputs, the race
/// detector when races are errors; the first race ends the run).
pub fn follow_guide(program: Arc<Program>, guide: &Guide, opts: &Options) -> Guided {
    let config = ravel_vm::Config { record_trace: true, site_stacks: true, ..vm_config(opts) };
    let mut values: HashMap<Option<usize>, VecDeque<u64>> = HashMap::new();
    for &(t, v) in &guide.values {
        values.entry(t).or_default().push_back(v);
    }
    let mut chooser = GuideChooser { values: &mut values, thread: 0, made: Vec::new() };
    let mut m = Machine::new(program, config, None, &mut chooser);
    let init_choices = std::mem::take(&mut chooser.made);
    let mut steps: Vec<WitnessStep> = Vec::new();
    let mut races = race::RaceDetector::default();
    let mut matched = 0;
    let mut step = |m: &mut Machine,
                    t: usize,
                    steps: &mut Vec<WitnessStep>,
                    values: &mut HashMap<Option<usize>, VecDeque<u64>>| {
        let mut chooser = GuideChooser { values, thread: t, made: Vec::new() };
        m.step(t, &mut chooser);
        steps.push(WitnessStep { thread: t, choices: chooser.made, flush: false, ..Default::default() });
        let log = m.take_log();
        check_step(&mut races, m, t, &log, if opts.detect_races { Races::EndAt(0) } else { Races::Off });
    };
    let mut last_thread = 0;
    for g in &guide.steps {
        if m.is_done() {
            break;
        }
        let enabled = m.enabled();
        let at = |m: &Machine, t: usize| g.line.is_none_or(|l| m.current_loc(t).line == l);
        let t = match g.thread {
            Some(t) => enabled.contains(&t).then_some(t).filter(|&t| at(&m, t)),
            None => enabled.iter().copied().find(|&t| at(&m, t)),
        };
        if let Some(t) = t {
            step(&mut m, t, &mut steps, &mut values);
            matched += 1;
            last_thread = t;
        }
    }
    for _ in 0..guide.finish_steps {
        if m.is_done() {
            break;
        }
        let enabled = m.enabled();
        let Some(&t) = enabled.iter().find(|&&t| t == last_thread).or(enabled.first()) else { break };
        step(&mut m, t, &mut steps, &mut values);
    }
    if !m.is_done() {
        crate::replay::report_stall(&mut m);
    }
    let witness = Witness {
        format: "ravel-witness-1".into(),
        interleave: match opts.granularity {
            ravel_vm::Granularity::All => "all".into(),
            ravel_vm::Granularity::Sync => "sync".into(),
        },
        argv: opts.argv.clone(),
        cwd: opts.cwd.clone(),
        detect_races: opts.detect_races,
        strict_pthread: opts.strict_pthread,
        abort_ends_path: opts.abort_ends_path,
        spurious_wakeups: opts.spurious_wakeups,
        tty: opts.tty,
        symbolic: false,
        init_choices,
        steps,
        ..Witness::default()
    };
    Guided { machine: m, witness, matched }
}
