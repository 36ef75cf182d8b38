//! What options may demand of the engines, and the settings only one engine reads,
//! beside the exploration's [`crate::Options`] (the CLI maps its flags onto them). They
//! live apart from the engines so that options and outcomes name no engine's code.

/// What an exploration's options may demand that not every engine can do: each engine
/// declares what it lacks, and options needing it are refused before the engine is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Capability {
    /// Total store order: stores that wait in per-thread buffers
    /// ([`ravel_vm::ModelRules::store_buffers`]), or the graph engine's axioms of them.
    StoreBuffers,
    /// The inputs of every complete execution ([`crate::Options::collect_tests`]).
    CollectTests,
    /// A bound on preemptions ([`crate::DporOptions::preemption_bound`]).
    PreemptionBound,
    /// Executions handed over as they end or are verified, or named as the native
    /// runtime names them ([`crate::Options::verified_sink`], [`crate::Options::execution_sink`],
    /// [`crate::Options::name_native_events`]).
    Sinks,
    /// Data races looked for while only synchronisation is a scheduling point.
    RacesUnderSync,
    /// A memory model given only by its axioms (RC11, IMM): reads choose what they read.
    AxiomaticModel,
}

impl Capability {
    /// What it asks for, in words.
    pub fn describe(self) -> &'static str {
        match self {
            Capability::StoreBuffers => "store buffers (TSO)",
            Capability::CollectTests => "with every execution's inputs collected",
            Capability::PreemptionBound => "within a preemption bound",
            Capability::Sinks => "executions for enforcement or schedules",
            Capability::RacesUnderSync => "data races while only synchronisation is a scheduling point",
            Capability::AxiomaticModel => "an axiomatic memory model (RC11, IMM)",
        }
    }
}

/// Settings of the dpor engine.
#[derive(Clone, Debug, Default)]
pub struct DporOptions {
    /// Explore every interleaving, without reduction (no sleep sets, no race reversal;
    /// for comparison and cross-checking).
    pub naive: bool,
    /// Threads exploring at once (`-j`; 0 and 1: the search alone).
    pub jobs: usize,
    /// Stop an execution at an epoch marker main reaches alone when an equal state was
    /// reached there by another path, which explores the continuation ("join on all
    /// threads", `joins.rs`; for `ravel schedules`, whose sink stitches them together).
    pub join_at_epochs: bool,
    /// Explore one thread order per path of the inputs' choices, the one this rule picks,
    /// instead of every order: no race is reversed, every choice (a branch on an input)
    /// still is, so the paths' conditions still cover every input. For `ravel
    /// schedules`, whose schedules need only cover every input: the program under
    /// enforcement runs the explored executions alone. Overrides `join_at_epochs`: no
    /// two paths reach an equal state (their path conditions differ where they part), and
    /// the order after a state depends on the path before it.
    pub one_order_per_path: Option<OrderRule>,
    /// Stop an execution once the current epoch (since the last `ravel_epoch()` call made
    /// alone) has had this many synchronisation operations, ending it as
    /// [`Cut`](crate::ExecutionEnd::Cut) rather than as an incomplete one: for `ravel
    /// schedules --prefix`, whose schedules then order only that prefix and leave the rest
    /// of the run free (Bergan's prefix schedules).
    pub prefix_events: Option<u32>,
    /// Explore only schedules with at most this many preemptions (a thread switched away
    /// from while it could go on): iterative context bounding (Musuvathi and Qadeer, PLDI
    /// 2007), a bug finder's mode in which most bugs show within 2. Never `safe` once a
    /// schedule was left out.
    pub preemption_bound: Option<u32>,
}

/// How [`DporOptions::one_order_per_path`] picks the one order of a path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderRule {
    /// Main first while it creates threads, then the thread that ran least recently: the
    /// threads' work overlaps natively under enforcement.
    LeastRecent,
    /// The thread that ran last goes on until it blocks or ends, then the one that ran
    /// most recently before it, threads that never ran last in creation order: the
    /// threads one after another, which avoids the failures that need an interleaving
    /// (a lock-order inversion deadlocks only when both threads hold their first lock).
    Serial,
}

/// Settings of the unfold engine: they change how it explores, never what it finds.
#[derive(Clone, Debug)]
pub struct UnfoldOptions {
    /// Stop at events that reach an already-seen state by a longer way.
    pub cutoffs: bool,
    /// Keep an interpreter snapshot every this many events along the current branch
    /// (memory) instead of re-executing from the start (time).
    pub standby_interval: usize,
    /// Alternatives must conflict with this many of the latest explored events (1:
    /// quasi-optimal and cheap; larger: fewer redundant branches).
    pub alt_k: usize,
    /// Pick the next event at random with this seed instead of the lowest thread first
    /// (the exploration stays complete).
    pub random_order: Option<u64>,
}

impl Default for UnfoldOptions {
    fn default() -> Self {
        UnfoldOptions { cutoffs: true, standby_interval: 16, alt_k: 1, random_order: None }
    }
}

/// Settings of the PCT sampler (`--engine pct`).
#[derive(Clone, Copy, Debug)]
pub struct PctOptions {
    /// Runs to sample (the first one uniformly random, to measure the execution).
    pub runs: u64,
    /// The bug depth the runs target: `depth - 1` priority change points per run (0: no
    /// priorities, every run uniformly random as `ravel run`'s, a baseline).
    pub depth: u32,
    /// The first run's seed; run `i` uses `seed + i`, so a sample is reproducible.
    pub seed: u64,
}

impl Default for PctOptions {
    fn default() -> Self {
        PctOptions { runs: 1000, depth: 3, seed: 1 }
    }
}

/// Settings of the states engine.
#[derive(Clone, Debug, Default)]
pub struct StatesOptions {
    /// Abstract search: forget what the path constraint says between the inputs of
    /// different threads (`cartesian.rs`) and the values of globals
    /// that only count (`Explorer::widen_counters`), so that states built from ever new
    /// inputs or counts repeat; a proof stays a proof, a bug found then gives unknown.
    pub cartesian: bool,
}
