//! `--engine pct`: probabilistic concurrency testing (Burckhardt, Kothari, Musuvathi and
//! Nagarakatte, "A Randomized Scheduler with Probabilistic Guarantees of Finding Bugs",
//! ASPLOS 2010), for programs too big to explore exhaustively.
//!
//! Each run gives every thread a random priority when it first appears and always runs the
//! highest-priority thread that can make progress; at `depth - 1` steps chosen uniformly
//! among the first `k` (the length of a first, uniformly random run), the running thread
//! drops to `i` at the i-th, below every initial priority. A bug that
//! needs `d <= depth` ordering constraints then shows in a run with probability at least
//! `1 / (n k^(d-1))` for `n` threads. Sampling never proves a program safe: without an
//! error the verdict is unknown and states the runs, the depth and that bound.

use crate::engine::{Context, Ended, Engine};
use crate::exec::Races;
use crate::run::{RunRace, RunRaces};
use crate::{run_witness, Capability, FoundError, Note, Options, Outcome, Unknown};
use ravel_ir::Program;
use ravel_vm::{Machine, RandomChooser, RunOutcome};
use std::sync::Arc;

/// The PCT sampler.
pub(crate) struct Explorer<'a> {
    cx: Context<'a>,
}

impl<'a> Engine<'a> for Explorer<'a> {
    const NAME: &'static str = "pct";
    const ABOUT: &'static str = "Probabilistic concurrency testing: random priority schedules, each finding a bug of a given depth with a known probability; never answers safe";
    /// Its runs pick threads, not store buffers, and explore no schedule order.
    const LACKS: &'static [Capability] = &[
        Capability::StoreBuffers,
        Capability::CollectTests,
        Capability::PreemptionBound,
        Capability::Sinks,
        Capability::AxiomaticModel,
    ];

    fn new(program: Arc<Program>, opts: &'a Options) -> Self {
        let mut cx = Context::new(program, opts);
        // Runs end where the program exits, as native runs do: a sample needs no
        // reduction of the exits' cut points.
        cx.vm.defer_exit = false;
        Explorer { cx }
    }

    fn run(mut self) -> Outcome {
        let pct = self.cx.opts.pct;
        // The first run, uniformly random, measures the execution: its steps are `k`.
        let first = self.sample(pct.seed, |rng, moving, _| moving[rng.below(moving.len())]);
        let (mut steps, mut threads) = first;
        let mut runs = 1;
        while runs < pct.runs.max(1) && !self.stopped() {
            let seed = pct.seed.wrapping_add(runs);
            let mut priorities = Priorities::new(seed, pct.depth, steps.max(1));
            let (s, n) = match pct.depth {
                // Depth 0: every run uniformly random, `ravel run`'s scheduler (a baseline).
                0 => self.sample(seed, |rng, moving, _| moving[rng.below(moving.len())]),
                _ => self.sample(seed, |_, moving, step| priorities.pick(moving, step)),
            };
            steps = steps.max(s);
            threads = threads.max(n);
            runs += 1;
        }
        if self.cx.errors.is_empty() && self.cx.incomplete.is_none() {
            self.cx.note(Unknown::Sampled { runs, depth: pct.depth, threads, steps });
        }
        let mut outcome = self.cx.into_outcome(Vec::new());
        if !outcome.errors.is_empty() {
            outcome.notes.push(Note::Sampled { runs, depth: pct.depth, threads, steps });
        }
        outcome
    }
}

impl Explorer<'_> {
    /// Whether an error or a limit ends the sampling.
    fn stopped(&mut self) -> bool {
        if let Some(why) = self.cx.limit_reached() {
            self.cx.note(why);
            return true;
        }
        !self.cx.errors.is_empty() && !self.cx.opts.keeps_looking()
    }

    /// One run with `pick` choosing among the threads that can make progress (it gets the
    /// run's random numbers and the step's index); records its error. Returns the run's
    /// steps and threads.
    fn sample(&mut self, seed: u64, mut pick: impl FnMut(&mut RandomChooser, &[usize], u64) -> usize) -> (u64, usize) {
        let opts = self.cx.opts;
        let config = self.cx.vm.clone();
        let mut races = RunRaces::new(Races::exploring(opts));
        let mut rng = RandomChooser::new(seed ^ 0x9c7);
        let mut step = 0;
        let timeout = opts.budget.time_left();
        let outcome = ravel_vm::run_picking(
            self.cx.program(),
            config.clone(),
            seed,
            timeout,
            Vec::new(),
            |moving| {
                step += 1;
                pick(&mut rng, moving, step)
            },
            &mut |t, m| races.observe(t, m),
        );
        let steps = outcome.schedule.as_ref().map_or(0, |s| s.len()) as u64;
        let threads = outcome.machine.threads().len();
        self.cx.stats.executions += 1;
        self.cx.stats.transitions += steps;
        self.record(&outcome, &config, races.found);
        (steps, threads)
    }

    /// Records the errors of one run: the races it collected and how it ended.
    fn record(&mut self, outcome: &RunOutcome, config: &ravel_vm::Config, races: Vec<RunRace>) {
        let m: &Machine = &outcome.machine;
        self.cx.note_step(false, m);
        let erred = !races.is_empty() || matches!(m.end(), Some(ravel_vm::End::Error(_)));
        self.cx.stats.work.error_executions += u64::from(erred);
        let Some(witness) = run_witness(outcome, config, self.cx.opts.detect_races) else {
            if erred {
                self.cx.note(Unknown::Internal("a run too long to keep its schedule ended in an error".into()));
            }
            return;
        };
        // Each race's witness stops at its step (the run went on after it).
        for race in races {
            let witness = race.witness(&witness);
            self.cx.record_error(FoundError { error: race.error, witness, trace: Vec::new() });
        }
        match m.end().cloned().map(|end| self.cx.ended(end)) {
            Some(Ended::Error(error)) => {
                self.cx.record_error(FoundError { error, witness, trace: m.trace().to_vec() });
            }
            Some(Ended::Limit(why) | Ended::Unsupported(why)) => self.cx.note(why),
            Some(Ended::Complete | Ended::Blocked) | None => {}
        }
    }
}

/// One PCT run's scheduler: thread priorities and the steps at which they change.
struct Priorities {
    rng: RandomChooser,
    /// Priority of each thread seen so far (index: thread id).
    of_thread: Vec<u64>,
    /// The steps at which the running thread's priority drops, with the priority it drops
    /// to (the change point's number, below every initial priority).
    changes: Vec<(u64, u64)>,
    depth: u32,
}

impl Priorities {
    /// `depth - 1` change points among the first `k` steps.
    fn new(seed: u64, depth: u32, k: u64) -> Priorities {
        let mut rng = RandomChooser::new(seed);
        let changes = (1..depth.max(1) as u64).map(|i| (1 + rng.below(k as usize) as u64, i)).collect();
        Priorities { rng, of_thread: Vec::new(), changes, depth }
    }

    /// The thread to run at `step` among `moving`: the highest priority; a change point at
    /// this step lowers the chosen thread's priority after it runs the step.
    fn pick(&mut self, moving: &[usize], step: u64) -> usize {
        let base = self.depth as u64;
        for &t in moving {
            while self.of_thread.len() <= t {
                // Initial priorities lie above every change point's (which are below `depth`).
                let p = base + (self.rng.below(usize::MAX) as u64 >> 1);
                self.of_thread.push(p);
            }
        }
        let t = *moving.iter().max_by_key(|&&t| (self.of_thread[t], t)).expect("a thread can move");
        for &(at, i) in &self.changes {
            if at == step {
                self.of_thread[t] = i;
            }
        }
        t
    }
}
