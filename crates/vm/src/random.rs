//! One execution under a seeded random schedule: the engine behind `ravel run`.

use crate::ending::End;
use crate::machine::{Chooser, Config, Machine};
use ravel_ir::{Program, SrcLoc};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A nondeterministic value handed to the program.
#[derive(Clone, Debug)]
pub struct Nondet {
    pub value: u64,
    pub bits: u32,
    pub loc: SrcLoc,
}

/// Seeded choices (splitmix64), recording every input value it hands out. Given input
/// values come first (a test file of `ravel check --tests`); random ones follow.
pub struct RandomChooser {
    state: u64,
    pub inputs: Vec<Nondet>,
    given: std::collections::VecDeque<u64>,
    /// Every value handed out (inputs and choices among alternatives), in order: what a
    /// replay's chooser must hand out again.
    pub made: Vec<u64>,
}

impl RandomChooser {
    pub fn new(seed: u64) -> RandomChooser {
        RandomChooser {
            state: seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x1234_5678,
            inputs: Vec::new(),
            given: Default::default(),
            made: Vec::new(),
        }
    }

    fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Small values are likelier: programs branch on small constants far more often.
    fn interesting(&mut self, bits: u32) -> u64 {
        let r = self.next();
        let v = match r % 4 {
            0 => r >> 60,
            1 => (r >> 8) % 256,
            2 => (-((r >> 8) as i64 % 16)) as u64,
            _ => r >> 2,
        };
        if bits >= 64 {
            v
        } else {
            v & ((1u64 << bits) - 1)
        }
    }

    /// A uniformly random index below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

impl Chooser for RandomChooser {
    fn nondet(&mut self, bits: u32, loc: SrcLoc) -> u64 {
        let value = match self.given.pop_front() {
            Some(v) => crate::values::mask(v, bits),
            None => self.interesting(bits),
        };
        self.inputs.push(Nondet { value, bits, loc });
        self.made.push(value);
        value
    }

    fn choose(&mut self, n: usize) -> usize {
        let v = self.below(n);
        self.made.push(v as u64);
        v
    }
}

/// The result of `ravel run`.
pub struct RunOutcome {
    pub machine: Machine,
    pub inputs: Vec<Nondet>,
    pub elapsed: Duration,
    /// The values handed out while the machine was set up (main's prefix).
    pub init_choices: Vec<u64>,
    /// Each step: the thread that ran and the values handed out during it (a witness of
    /// the execution); `None` for a run longer than [`SCHEDULE_KEEP`] steps.
    pub schedule: Option<Vec<(usize, Vec<u64>)>>,
}

/// Steps of a run whose schedule is kept (about 32 MiB): a longer run has no witness.
pub const SCHEDULE_KEEP: usize = 1 << 20;

/// Runs the program once, picking a random enabled thread at every visible operation; the
/// nondeterministic inputs take the `given` values first, in order. `observe(t, machine)`
/// sees the machine after each step of thread `t` (a race detector reads its event log).
///
/// A new thread mostly gets a head start (`HEAD_START`) once it can run: as natively under
/// ThreadSanitizer (which `ravel run` is measured against), whose `pthread_create` returns
/// only once the new thread has started, so that it runs on while its creator wakes up.
/// Every other choice is uniform, and every schedule keeps a chance.
pub fn run_random(
    program: Arc<Program>,
    config: Config,
    seed: u64,
    timeout: Option<Duration>,
    given: Vec<u64>,
    observe: &mut dyn FnMut(usize, &mut Machine),
) -> RunOutcome {
    let mut schedule = RandomSchedule::new(seed);
    run_picking(program, config, seed, timeout, given, |enabled| schedule.pick(enabled), observe)
}

/// The thread choices of [`run_random`], for a recorder that runs its own loop (`ravel
/// predict` records the run `ravel run --seed N` makes).
pub struct RandomSchedule {
    rng: RandomChooser,
    started: StartFirst,
}

impl RandomSchedule {
    /// The choices of seed `seed`.
    pub fn new(seed: u64) -> RandomSchedule {
        RandomSchedule { rng: RandomChooser::new(seed ^ 0x5eed), started: StartFirst::default() }
    }

    /// The thread to run among `enabled` (ascending ids, not empty).
    pub fn pick(&mut self, enabled: &[usize]) -> usize {
        self.started.newcomer(enabled, &mut self.rng).unwrap_or_else(|| enabled[self.rng.below(enabled.len())])
    }
}

/// The odds (numerator, denominator) that a new thread runs `HEAD_START_STEPS` visible
/// operations before anything else does (unless it blocks first).
const HEAD_START: (usize, usize) = (3, 4);

/// How many visible operations a head start lasts: natively the new thread's first
/// system call (whose model may take two operations) usually comes before the creator's
/// next one.
const HEAD_START_STEPS: u8 = 2;

/// Which threads have been seen to start: thread ids grow with creation, so a thread above
/// the highest seen so far is new.
#[derive(Default)]
struct StartFirst {
    seen: Option<usize>,
    /// The new thread running its head start, and how many of its steps remain.
    starting: Option<(usize, u8)>,
}

impl StartFirst {
    /// The thread among `enabled` that must run now, if one is on its head start.
    fn newcomer(&mut self, enabled: &[usize], rng: &mut RandomChooser) -> Option<usize> {
        let newest = *enabled.iter().max()?;
        if self.seen.is_some_and(|seen| newest > seen) {
            let ahead = rng.below(HEAD_START.1) < HEAD_START.0;
            self.starting = ahead.then_some((newest, HEAD_START_STEPS));
        }
        self.seen = Some(self.seen.map_or(newest, |seen| seen.max(newest)));
        let (t, left) = self.starting.take().filter(|&(t, _)| enabled.contains(&t))?;
        if left > 1 {
            self.starting = Some((t, left - 1));
        }
        Some(t)
    }
}

/// Runs the program once, the oldest enabled thread first at every visible operation (each
/// thread runs until it blocks, spins or ends), inputs random from `seed`. Enforced natively
/// (`ravel enforce`), such a schedule hands control between threads as rarely as the program
/// allows, and in the order the threads were created, which is the order they start in.
pub fn run_oldest_first(program: Arc<Program>, config: Config, seed: u64, timeout: Option<Duration>) -> RunOutcome {
    run_picking(program, config, seed, timeout, Vec::new(), |enabled| enabled[0], &mut |_, _| {})
}

/// Marks a thread keeps before it is taken to go round a loop too long to tell (then it
/// simply runs on).
const SPIN_MARKS: usize = 64;

/// Notes a step of a thread that wrote nothing, from mark `before` to `after`, in its marks
/// since write count `epoch`; whether it came back to a state it stood in since then.
fn came_back(
    (since, marks): &mut (u64, Vec<crate::SpinMark>),
    epoch: u64,
    before: crate::SpinMark,
    after: crate::SpinMark,
) -> bool {
    if *since != epoch || marks.len() >= SPIN_MARKS {
        *since = epoch;
        marks.clear();
    }
    if marks.is_empty() {
        marks.push(before);
    }
    if marks.contains(&after) {
        marks.clear();
        return true;
    }
    marks.push(after);
    false
}

/// One execution, `pick` choosing among the threads that can make progress (ascending
/// ids; a thread that came back to where it stood with nothing written waits until
/// something is): the loop behind `ravel run` and the sampling engines, whose schedulers
/// differ only in the pick.
pub fn run_picking(
    program: Arc<Program>,
    config: Config,
    seed: u64,
    timeout: Option<Duration>,
    given: Vec<u64>,
    mut pick: impl FnMut(&[usize]) -> usize,
    observe: &mut dyn FnMut(usize, &mut Machine),
) -> RunOutcome {
    let start = Instant::now();
    let mut chooser = RandomChooser::new(seed);
    chooser.given = given.into();
    let deadline = timeout.map(|d| start + d);
    let mut m = Machine::new(program, config, deadline, &mut chooser);
    let init_choices = std::mem::take(&mut chooser.made);
    let mut schedule = Some(Vec::new());
    let mut steps: u64 = 0;
    // The write count at which each thread was last seen spinning: its steps came back to
    // a state it stood in since anything was last written, so it only runs again once
    // something is. Each thread's marks since the last write are kept to see that
    // (a spin over several visible operations, as a seqlock reader's retry, too).
    let mut spun: Vec<Option<u64>> = Vec::new();
    let mut visited: Vec<(u64, Vec<crate::SpinMark>)> = Vec::new();
    while !m.is_done() {
        let enabled = m.enabled();
        let epoch = m.write_epoch();
        let moving: Vec<usize> = enabled.iter().copied().filter(|&t| spun.get(t) != Some(&Some(epoch))).collect();
        if moving.is_empty() {
            m.report_stall(&enabled);
            break;
        }
        let t = pick(&moving);
        let (before, inputs, threads) = (m.spin_mark(t), chooser.inputs.len(), m.threads().len());
        m.step(t, &mut chooser);
        let made = std::mem::take(&mut chooser.made);
        if schedule.as_ref().is_some_and(|s| s.len() >= SCHEDULE_KEEP) {
            schedule = None;
        }
        if let Some(s) = schedule.as_mut() {
            s.push((t, made));
        }
        observe(t, &mut m);
        if spun.len() <= t {
            spun.resize(t + 1, None);
            visited.resize(t + 1, (0, Vec::new()));
        }
        let quiet = inputs == chooser.inputs.len() && m.write_epoch() == epoch && m.threads().len() == threads;
        spun[t] = (quiet && came_back(&mut visited[t], epoch, before, m.spin_mark(t))).then(|| m.write_epoch());
        // Every scheduling step looks at the clock (a step may run any number of
        // instructions, so no count of them is a safe sampling point).
        if deadline.is_some_and(|d| Instant::now() > d) {
            m.ending.set(End::Limit(crate::Limit::Time));
        }
        // The memory is sampled more rarely: reading it costs a file read.
        steps += 1;
        if steps.is_multiple_of(4096) {
            m.check_memory();
        }
    }
    m.flush_stdout();
    RunOutcome { machine: m, inputs: chooser.inputs, elapsed: start.elapsed(), init_choices, schedule }
}
