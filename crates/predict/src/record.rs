//! Recording the execution the analysis starts from: a seeded random schedule (as `ravel
//! run --seed`) or the schedule of a witness, with every shared read a fresh variable.

use crate::PredictError;
use ravel_explore::{Witness, WitnessStep};
use ravel_ir::{Program, SrcLoc};
use ravel_sym::ExprPool;
use ravel_vm::{
    Chooser, Config, End, Granularity, Machine, ProgramError, RandomChooser, RandomSchedule, Recording, SharedSym,
};
use std::cell::Ref;
use std::sync::Arc;
use std::time::Duration;

/// Which execution to record.
#[derive(Clone, Debug)]
pub enum Source {
    /// A random schedule and random inputs from this seed (the run `ravel run --seed N` makes).
    Seed(u64),
    /// The schedule and choices of a witness.
    Witness(Box<Witness>),
    /// Each thread runs until it blocks or ends, the lowest enabled one next (the run a
    /// test usually makes: little preemption), with seeded inputs.
    Sequential(u64),
}

/// The recorded execution: its events, the choices each step made (so a reordering can
/// hand the same inputs to the same step) and how it ended.
pub struct Observed {
    pub rec: Recording,
    engine: SharedSym,
    /// Values the chooser handed out, per step; index 0 is start-up.
    pub choices: Vec<Vec<u64>>,
    pub end: Option<End>,
}

impl Observed {
    /// The expressions of the recorded values.
    pub fn pool(&self) -> Ref<'_, ExprPool> {
        Ref::map(self.engine.borrow(), |e| &e.pool)
    }

    /// The recorded execution as a witness, under the settings it ran with (the race
    /// detector's settings make the same accesses scheduling points): `ravel replay`
    /// reproduces it, its error included.
    pub fn witness(&self) -> Witness {
        let step = |(&thread, choices): (&usize, &Vec<u64>)| WitnessStep {
            thread,
            choices: choices.clone(),
            flush: false,
            ..Default::default()
        };
        Witness {
            format: "ravel-witness-1".into(),
            interleave: "all".into(),
            detect_races: true,
            strict_pthread: true,
            init_choices: self.choices.first().cloned().unwrap_or_default(),
            steps: self.rec.steps.iter().zip(self.choices.iter().skip(1)).map(step).collect(),
            ..Witness::default()
        }
    }

    /// The error the recorded execution itself ended with.
    pub fn end_error(&self) -> Option<&ProgramError> {
        match &self.end {
            Some(End::Error(e)) => Some(e),
            _ => None,
        }
    }
}

/// Hands out the choices of a source and logs them per step.
struct LoggingChooser<'a> {
    inner: Box<dyn Chooser + 'a>,
    log: Vec<Vec<u64>>,
}

impl LoggingChooser<'_> {
    fn note(&mut self, v: u64) {
        if let Some(last) = self.log.last_mut() {
            last.push(v);
        }
    }
}

impl Chooser for LoggingChooser<'_> {
    fn nondet(&mut self, bits: u32, loc: SrcLoc) -> u64 {
        let v = self.inner.nondet(bits, loc);
        self.note(v);
        v
    }

    fn choose(&mut self, n: usize) -> usize {
        let v = self.inner.choose(n);
        self.note(v as u64);
        v
    }
}

/// The values of a witness, in order (0 once they run out).
struct Given(std::collections::VecDeque<u64>);

impl Chooser for Given {
    fn nondet(&mut self, _bits: u32, _loc: SrcLoc) -> u64 {
        self.0.pop_front().unwrap_or(0)
    }

    fn choose(&mut self, n: usize) -> usize {
        (self.0.pop_front().unwrap_or(0) as usize).min(n.saturating_sub(1))
    }
}

/// The vm settings of recording and of confirming replays: every shared access is a
/// scheduling point, so the steps of both line up.
pub fn vm_config(max_steps: u64) -> Config {
    Config {
        granularity: Granularity::All,
        echo_output: false,
        log_events: true,
        record_trace: false,
        max_steps,
        strict_pthread: true,
        detect_races: true,
        record: true,
        ..Config::default()
    }
}

/// Picks the thread of step `i` among the enabled ones (`None`: stop).
type Scheduler = dyn FnMut(&[usize], usize) -> Option<usize>;

/// Runs the program once under `source`, recording it.
pub fn record(program: Arc<Program>, source: &Source, max_steps: u64) -> Result<Observed, PredictError> {
    let engine = ravel_vm::SymEngine::shared(Duration::from_secs(10), u32::MAX);
    let (inner, mut schedule): (Box<dyn Chooser>, Box<Scheduler>) = match source {
        Source::Seed(seed) => {
            let mut sched = RandomSchedule::new(*seed);
            (Box::new(RandomChooser::new(*seed)), Box::new(move |enabled, _| Some(sched.pick(enabled))))
        }
        Source::Sequential(seed) => {
            let mut current = 0;
            (
                Box::new(RandomChooser::new(*seed)),
                Box::new(move |enabled: &[usize], _| {
                    if !enabled.contains(&current) {
                        current = enabled[0];
                    }
                    Some(current)
                }),
            )
        }
        Source::Witness(w) if w.interleave != "all" => {
            return Err(PredictError::SyncWitness);
        }
        Source::Witness(w) => {
            let values = w.init_choices.iter().chain(w.steps.iter().flat_map(|s| s.choices.iter())).copied();
            let threads: Vec<usize> = w.steps.iter().map(|s| s.thread).collect();
            (Box::new(Given(values.collect())), Box::new(move |_, i| threads.get(i).copied()))
        }
    };
    let mut chooser = LoggingChooser { inner, log: vec![Vec::new()] };
    let mut m = Machine::with_inputs(program, vm_config(max_steps), None, &mut chooser, Some(engine.clone()));
    let mut i = 0;
    while !m.is_done() {
        let enabled = m.enabled();
        if enabled.is_empty() {
            if !m.any_stuck() {
                m.report_stall(&[]);
            }
            break;
        }
        let Some(t) = schedule(&enabled, i) else { break };
        if !enabled.contains(&t) {
            return Err(PredictError::Source(format!("the witness's thread {t} cannot run at step {i}")));
        }
        chooser.log.push(Vec::new());
        m.step(t, &mut chooser);
        m.take_log();
        i += 1;
    }
    let rec = m.take_recording().unwrap_or_default();
    Ok(Observed { rec, engine, choices: chooser.log, end: m.end().cloned() })
}
