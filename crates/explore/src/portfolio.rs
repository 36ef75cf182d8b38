//! [`EngineKind::Auto`](crate::EngineKind::Auto): the states engine decides programs with
//! few distinct states (and those that create threads without bound) quickly, and dpor the
//! rest; in between, the states engine with
//! [`StatesOptions::cartesian`](crate::StatesOptions::cartesian) may prove what the exact
//! search could not.

use crate::engine::Engine;
use crate::{dpor, states, Options, Outcome, Stats, Verdict};
use ravel_ir::Program;
use ravel_vm::Granularity;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The nominal time limit the phases of the states engine take their shares of when the
/// user gave none (at most 5 s for the exact search, 2.5 s for the abstraction).
const UNTIMED_SHARES: Duration = Duration::from_secs(15);

/// The engines in turn under one time limit.
pub(crate) struct Portfolio<'a> {
    program: Arc<Program>,
    opts: &'a Options,
}

impl<'a> Portfolio<'a> {
    pub fn new(program: Arc<Program>, opts: &'a Options) -> Self {
        Portfolio { program, opts }
    }
}

impl Engine for Portfolio<'_> {
    fn run(self: Box<Self>) -> Outcome {
        let Portfolio { program, opts } = *self;
        // The states engine sees races only when every shared access is a scheduling point.
        let states_apply = !opts.detect_races || opts.granularity == Granularity::All;
        if opts.collect_tests || !states_apply {
            return Box::new(dpor::Explorer::new(program, opts)).run();
        }
        // Without a time limit the states engine's phases get a share of a nominal one;
        // dpor, last, then runs without a limit.
        let total = opts.timeout.unwrap_or(UNTIMED_SHARES);
        let mut earlier = Stats::default();
        // Scouting first: a bug it finds needs neither of the searches. The same explorer
        // searches last, its time limit counted from now.
        let mut dpor = dpor::Explorer::new(program.clone(), opts);
        if dpor.scout() {
            return dpor.into_outcome();
        }
        let exact = Options { timeout: Some(total / 3), ..opts.clone() };
        let started = Instant::now();
        let mut first = Box::new(states::Explorer::new(program.clone(), &exact)).run();
        if !matches!(first.verdict, Verdict::Unknown(_)) {
            first.notes.push("decided by the states engine".into());
            return first;
        }
        earlier.absorb_earlier(&first.stats);
        // States built from ever new inputs may repeat once what ties different threads'
        // inputs together is forgotten; that search can only prove. It gets a sixth of the
        // time, or what is left of the states engine's half.
        if first.stats.solver_queries > 0 {
            let budget = (total / 2).saturating_sub(started.elapsed()).max(total / 6);
            let mut cartesian = exact;
            cartesian.timeout = Some(budget);
            cartesian.states.cartesian = true;
            let mut second = Box::new(states::Explorer::new(program, &cartesian)).run();
            if second.verdict == Verdict::Safe {
                second.stats.absorb_earlier(&earlier);
                second.notes.push("decided by the states engine's abstraction (--cartesian)".into());
                return second;
            }
            earlier.absorb_earlier(&second.stats);
        }
        dpor.search();
        let mut last = dpor.into_outcome();
        last.stats.absorb_earlier(&earlier);
        last
    }
}
