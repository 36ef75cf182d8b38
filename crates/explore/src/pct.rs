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

use crate::cluster::{decode, encode, Cluster};
use crate::engine::{Context, Ended, Engine};
use crate::exec::Races;
use crate::run::RunRaces;
use crate::wire::WireFound;
use crate::{run_witness, Capability, FoundError, Note, Options, Outcome, Unknown};
use ravel_ir::Program;
use ravel_vm::{Config, End, Machine, RandomChooser, RunOutcome};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

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

    /// The first run, uniformly random, measures the execution: its steps are `k`. The
    /// other runs are independent (run `i` depends on the seed, `i` and `k` only), so
    /// `-j` threads and the ranks of a cluster share them out; the samples are then taken
    /// in run order, which gives what one thread alone gives.
    fn run(mut self) -> Outcome {
        let pct = self.cx.opts.pct;
        let sampler = Sampler::new(&self.cx);
        let first = sampler.sample(0, 0);
        let k = first.steps.max(1);
        let (mut steps, mut threads) = (0, 0);
        let mut runs = 0;
        let mut samples = vec![first];
        let cluster = self.cx.opts.cluster.clone();
        let ranks = cluster.as_ref().map_or(1, |c| c.size() as u64);
        samples.extend(sampler.share(k, |i| i % ranks == 0));
        if let Some(cluster) = &cluster {
            samples.extend(collect_samples(cluster));
        }
        samples.sort_by_key(|s| s.index);
        for sample in samples {
            if runs > 0 && self.stopped() {
                break;
            }
            steps = steps.max(sample.steps);
            threads = threads.max(sample.threads);
            runs += 1;
            self.absorb(sample);
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

    /// Takes one run's sample into the exploration: its counts, reasons and errors.
    fn absorb(&mut self, sample: Sample) {
        self.cx.stats.executions += 1;
        self.cx.stats.transitions += sample.steps;
        self.cx.stats.work.error_executions += u64::from(sample.erred);
        for why in sample.notes {
            self.cx.note(why);
        }
        for found in sample.errors {
            self.cx.record_error(found);
        }
    }
}

/// What one run found.
struct Sample {
    /// The run's number: 0 for the first (uniform) run, `i` for the run with seed `seed + i`.
    index: u64,
    steps: u64,
    threads: usize,
    erred: bool,
    /// Why the run does not count as an exact sample (imprecision, a limit, ...).
    notes: Vec<Unknown>,
    errors: Vec<FoundError>,
}

/// Runs samples: what every run needs, shareable between threads (one copy each).
#[derive(Clone)]
struct Sampler {
    program: Arc<Program>,
    config: Config,
    opts: Options,
}

impl Sampler {
    fn new(cx: &Context<'_>) -> Sampler {
        Sampler { program: cx.program(), config: cx.vm.clone(), opts: cx.opts.clone() }
    }

    /// Run `index` (0: uniformly random), with `k` steps to place the change points in.
    fn sample(&self, index: u64, k: u64) -> Sample {
        let pct = self.opts.pct;
        let seed = pct.seed.wrapping_add(index);
        if index == 0 || pct.depth == 0 {
            // Depth 0: every run uniformly random, `ravel run`'s scheduler (a baseline).
            return self.run(index, seed, |rng, moving, _| moving[rng.below(moving.len())]);
        }
        let mut priorities = Priorities::new(seed, pct.depth, k);
        self.run(index, seed, |_, moving, step| priorities.pick(moving, step))
    }

    /// One run with `pick` choosing among the threads that can make progress (it gets the
    /// run's random numbers and the step's index).
    fn run(&self, index: u64, seed: u64, mut pick: impl FnMut(&mut RandomChooser, &[usize], u64) -> usize) -> Sample {
        let opts = &self.opts;
        let mut races = RunRaces::new(Races::exploring(opts));
        let mut rng = RandomChooser::new(seed ^ 0x9c7);
        let mut step = 0;
        let outcome = ravel_vm::run_picking(
            self.program.clone(),
            self.config.clone(),
            seed,
            opts.budget.time_left(),
            Vec::new(),
            |moving| {
                step += 1;
                pick(&mut rng, moving, step)
            },
            &mut |t, m| races.observe(t, m),
        );
        let steps = outcome.schedule.as_ref().map_or(0, |s| s.len()) as u64;
        let threads = outcome.machine.threads().len();
        let mut sample = Sample { index, steps, threads, erred: false, notes: Vec::new(), errors: Vec::new() };
        self.record(&outcome, races.found, &mut sample);
        sample
    }

    /// The errors of one run: the races it collected and how it ended.
    fn record(&self, outcome: &RunOutcome, races: Vec<crate::run::RunRace>, sample: &mut Sample) {
        let m: &Machine = &outcome.machine;
        sample.notes.extend(crate::engine::step_notes(m));
        sample.erred = !races.is_empty() || matches!(m.end(), Some(End::Error(_)));
        let Some(witness) = run_witness(outcome, &self.config, self.opts.detect_races) else {
            if sample.erred {
                sample.notes.push(Unknown::Internal("a run too long to keep its schedule ended in an error".into()));
            }
            return;
        };
        // Each race's witness stops at its step (the run went on after it).
        for race in races {
            let witness = race.witness(&witness);
            sample.errors.push(FoundError { error: race.error, witness, trace: Vec::new() });
        }
        match m.end().cloned().map(|end| crate::engine::ended(&self.program, end)) {
            Some(Ended::Error(error)) => sample.errors.push(FoundError { error, witness, trace: m.trace().to_vec() }),
            Some(Ended::Limit(why) | Ended::Unsupported(why)) => sample.notes.push(why),
            Some(Ended::Complete | Ended::Blocked) | None => {}
        }
    }

    /// Runs `1..runs` whose number `mine` accepts, on `-j` threads: each takes the next
    /// number; once a run ends in an error that stops the sampling, no run after it starts.
    fn share(&self, k: u64, mine: impl Fn(u64) -> bool + Sync) -> Vec<Sample> {
        let runs = self.opts.pct.runs.max(1);
        let next = AtomicU64::new(1);
        let stop_after = AtomicU64::new(u64::MAX);
        let found = Mutex::new(Vec::new());
        let threads = self.opts.dpor.jobs.max(1);
        let work = |sampler: Sampler| loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let over = sampler.opts.budget.out_of_time() || crate::interrupt::interrupted();
            if i >= runs || i > stop_after.load(Ordering::Relaxed) || over {
                return;
            }
            if !mine(i) {
                continue;
            }
            let sample = sampler.sample(i, k);
            if sample.erred && !sampler.opts.keeps_looking() {
                stop_after.fetch_min(i, Ordering::Relaxed);
            }
            found.lock().unwrap_or_else(|e| e.into_inner()).push(sample);
        };
        std::thread::scope(|scope| {
            for _ in 1..threads {
                // Its own copy of the program (see `Pool::grow_to`).
                let sampler = Sampler { program: Arc::new(Program::clone(&self.program)), ..self.clone() };
                let spawned = std::thread::Builder::new()
                    .stack_size(crate::engine::SEARCH_STACK)
                    .spawn_scoped(scope, || work(sampler));
                if spawned.is_err() {
                    break;
                }
            }
            work(self.clone());
        });
        found.into_inner().unwrap_or_else(|e| e.into_inner())
    }
}

/// A [`Sample`] as a helper rank sends it.
#[derive(Serialize, Deserialize)]
struct WireSample {
    index: u64,
    steps: u64,
    threads: usize,
    erred: bool,
    notes: Vec<Unknown>,
    errors: Vec<WireFound>,
}

/// Rank 0: the samples of every helper rank (each sends all of its own in one message).
fn collect_samples(cluster: &Cluster) -> Vec<Sample> {
    let mut samples = Vec::new();
    let mut heard = 1;
    while heard < cluster.size() && !crate::interrupt::interrupted() {
        let Some((_, bytes)) = cluster.receive_within(Duration::from_millis(100)) else { continue };
        heard += 1;
        let Ok(wire) = decode::<Vec<WireSample>>(&bytes) else { continue };
        samples.extend(wire.into_iter().map(|w| Sample {
            index: w.index,
            steps: w.steps,
            threads: w.threads,
            erred: w.erred,
            notes: w.notes,
            errors: w.errors.into_iter().map(WireFound::into_found).collect(),
        }));
    }
    samples
}

/// A helper rank of a PCT sample: runs its share of the runs (those whose number is its
/// rank modulo the ranks), sends the samples to rank 0, and waits for the end of the job.
pub fn serve(program: Arc<Program>, opts: &Options, cluster: &Cluster) {
    let explorer = <Explorer as Engine>::new(program, opts);
    let sampler = Sampler::new(&explorer.cx);
    let k = sampler.sample(0, 0).steps.max(1);
    let (rank, ranks) = (cluster.rank() as u64, cluster.size() as u64);
    let samples = sampler.share(k, |i| i % ranks == rank);
    let wire: Vec<WireSample> = samples
        .into_iter()
        .map(|s| WireSample {
            index: s.index,
            steps: s.steps,
            threads: s.threads,
            erred: s.erred,
            notes: s.notes,
            errors: s.errors.into_iter().map(WireFound::of).collect(),
        })
        .collect();
    // A sample that cannot be sent is left out (rank 0 then counts fewer runs).
    cluster.send(0, &encode(&wire).unwrap_or_else(|_| encode(&Vec::<WireSample>::new()).unwrap_or_default()));
    while cluster.receive_within(Duration::from_millis(100)).is_none() {}
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
