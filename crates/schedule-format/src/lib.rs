//! The schedule file (`ravel-schedules/1`) that `ravel schedules -o` writes and the native
//! runtime (`crates/rt`) reads, and what both do with it: evaluating constraints on input
//! values and selecting the schedule of each epoch.
//!
//! A separate crate because the runtime is a static library linked into C programs: it
//! cannot pull in ravel's symbolic layer (and Z3), yet it must evaluate the constraints
//! exactly as `ravel schedules` meant them.
//!
//! ```json
//! { "format": "ravel-schedules/1", "program": "pool.c",
//!   "inputs": [ { "bits": 32, "line": 12 } ],
//!   "exprs": [ { "input": { "index": 0, "bits": 32 } },
//!              { "const": { "bits": 32, "value": "4" } },
//!              { "cmp": { "op": "slt", "a": 0, "b": 1 } } ],
//!   "objects": [ { "global": { "symbol": "lock" } } ],
//!   "events": [ { "thread": "[0.1]", "object": 0, "offset": 0, "k": 0 } ],
//!   "root": { "schedules": [ { "constraint": 2, "ends": 2, "executions": 1,
//!                              "events": [0], "next": null } ],
//!             "failing": [] } }
//! ```
//!
//! - `inputs`: the program's symbolic inputs in the order the program reads them (the
//!   k-th `__VERIFIER_nondet_*`/`ravel_nondet_*` call or `ravel_symbolic` byte); `bits` is
//!   the width the explorer gave it (1 for an input only ever compared with zero).
//! - `exprs`: one expression DAG shared by every constraint; children come before their
//!   parents. The operations mirror LLVM's integer operations (see [`Node`]).
//! - `objects`, `events`: synchronisation events named as the native runtime names them
//!   (see `crates/rt`): a thread's k-th operation on a mutex or atomic location.
//! - `root`: the first epoch. An epoch lists its *schedules*: the synchronisation order of
//!   the epoch (`events`, in execution order), the *constraint* under which it is feasible
//!   and error-free (an input satisfying it, run under this order, performs exactly these
//!   events), `ends` (inputs for which the program ends in this epoch), and `next`, the
//!   following epoch's schedules given this one. `free_after` (absent: false) marks a
//!   *prefix schedule* (`ravel schedules --prefix`): its events are the epoch's first
//!   synchronisation operations only, and the run is free once they happened. `failing`
//!   lists the orders of the epoch that end in an error (a deadlock among them); they are
//!   never selected. `selector`,
//!   when present, is the epoch's decision tree (see [`Decision`]); without it the first
//!   schedule whose constraint holds is taken, which is what the tree computes too.

use serde::{Deserialize, Serialize};

mod eval;
mod select;

pub use eval::{eval, EvalError};
pub use select::{select, Selection, Uncovered};

/// The only format version this crate reads and writes.
pub const FORMAT: &str = "ravel-schedules/1";

/// A whole schedule file.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct File {
    pub format: String,
    /// The program the schedules were computed for (a file name, for messages).
    pub program: String,
    pub inputs: Vec<InputSpec>,
    pub exprs: Vec<Node>,
    pub objects: Vec<Object>,
    pub events: Vec<Event>,
    pub root: Epoch,
}

/// One symbolic input of the program.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct InputSpec {
    pub bits: u32,
    /// The source line that reads it (0 when unknown).
    pub line: u32,
}

/// A memory object named independently of its address.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum Object {
    Global { symbol: String },
    Heap { thread: String, ordinal: u32 },
}

/// A synchronisation event: the `k`-th operation of `thread` on `object`+`offset`.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq, Hash)]
pub struct Event {
    pub thread: String,
    pub object: u32,
    pub offset: u64,
    pub k: u32,
}

/// The schedules of one epoch, given the schedules selected in the epochs before it.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Epoch {
    pub schedules: Vec<Schedule>,
    #[serde(default)]
    pub failing: Vec<Failing>,
    /// The decision tree that selects a schedule (node 0 is the root); empty: try the
    /// schedules in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub selector: Vec<Decision>,
}

/// One synchronisation order of an epoch and the inputs it is selected for.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Schedule {
    /// Index of a width-1 expression in `exprs`.
    pub constraint: u32,
    /// Index of a width-1 expression: the inputs for which the program ends in this epoch
    /// under this schedule (`None`: it never does).
    pub ends: Option<u32>,
    /// Error-free executions merged into this schedule.
    pub executions: u64,
    /// Indices in `events`, in the order they happen.
    pub events: Vec<u32>,
    pub next: Option<Box<Epoch>>,
    /// A prefix schedule: the run goes on unconstrained after these events (none below).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub free_after: bool,
}

/// A synchronisation order of an epoch that ends in an error.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Failing {
    /// `deadlock`, or the error's kind.
    pub kind: String,
    pub message: String,
    pub constraint: u32,
    pub events: Vec<u32>,
}

/// One node of the expression DAG; operands are indices of earlier nodes.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum Node {
    /// A constant; the value in decimal (JSON numbers cannot hold 128 bits).
    Const {
        bits: u32,
        value: String,
    },
    /// Input number `index` of `inputs`.
    Input {
        index: u32,
        bits: u32,
    },
    /// `a op b`, all three of one width.
    Bin {
        op: BinOp,
        a: u32,
        b: u32,
    },
    /// `a op b`, width 1.
    Cmp {
        op: CmpOp,
        a: u32,
        b: u32,
    },
    /// `a` zero- or sign-extended or truncated to `bits`.
    Cast {
        op: CastOp,
        a: u32,
        bits: u32,
    },
    Ite {
        cond: u32,
        then: u32,
        els: u32,
    },
    Concat {
        hi: u32,
        lo: u32,
    },
    /// Bits `hi..=lo` of `a`.
    Extract {
        a: u32,
        hi: u32,
        lo: u32,
    },
}

/// Binary bit-vector operations (with SMT-LIB's total semantics for division by zero) and
/// comparisons: `ravel_arith`'s, written by their LLVM names (`udiv`, `lshr`, `slt`).
pub use ravel_arith::{BinOp, CmpOp};

/// A node of an epoch's selector: a decision tree over the atoms of the constraints (the
/// comparisons the program branched on), so that a run evaluates only the tests on its
/// own path instead of every schedule's constraint in turn.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Decision {
    /// Evaluate the width-1 expression `expr`; go on at node `then` when it holds, else
    /// at `els` (both later in the list, so every walk ends).
    Test { expr: u32, then: u32, els: u32 },
    /// The inputs select schedule `schedule` (an index into the epoch's schedules); none:
    /// no schedule covers them.
    Pick { schedule: Option<u32> },
}

#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum CastOp {
    Zext,
    Sext,
    Trunc,
}

impl File {
    /// Reads a schedule file and checks its version and indices.
    pub fn parse(text: &str) -> Result<File, String> {
        let value: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if value["format"] != FORMAT {
            return Err(format!(
                "format `{}` is not {FORMAT} (compute the schedules again with this ravel)",
                value["format"].as_str().unwrap_or("?")
            ));
        }
        let file: File = serde_json::from_value(value).map_err(|e| e.to_string())?;
        file.check()?;
        Ok(file)
    }

    /// Every index points where it must: operands backwards, constraints into `exprs`,
    /// events into `events`, objects into `objects`.
    fn check(&self) -> Result<(), String> {
        for (i, n) in self.exprs.iter().enumerate() {
            if n.operands().iter().any(|&o| o as usize >= i) {
                return Err(format!("expression {i} uses a later expression"));
            }
            if let Node::Input { index, .. } = n {
                if *index as usize >= self.inputs.len() {
                    return Err(format!("expression {i} names input {index} of {}", self.inputs.len()));
                }
            }
        }
        if let Some((i, e)) = self.events.iter().enumerate().find(|(_, e)| e.object as usize >= self.objects.len()) {
            return Err(format!("event {i} names object {} of {}", e.object, self.objects.len()));
        }
        self.check_epoch(&self.root)
    }

    fn check_epoch(&self, epoch: &Epoch) -> Result<(), String> {
        let exprs = self.exprs.len() as u32;
        let events = self.events.len() as u32;
        for s in &epoch.schedules {
            if s.constraint >= exprs || s.ends.is_some_and(|e| e >= exprs) {
                return Err(format!("a schedule's constraint is not one of the {exprs} expressions"));
            }
            if s.events.iter().any(|&e| e >= events) {
                return Err(format!("a schedule names an event beyond the {events} events"));
            }
            if let Some(next) = &s.next {
                self.check_epoch(next)?;
            }
        }
        let (nodes, schedules) = (epoch.selector.len() as u32, epoch.schedules.len() as u32);
        for (i, d) in epoch.selector.iter().enumerate() {
            let well_formed = match *d {
                Decision::Test { expr, then, els } => expr < exprs && then.min(els) > i as u32 && then.max(els) < nodes,
                Decision::Pick { schedule } => schedule.is_none_or(|s| s < schedules),
            };
            if !well_formed {
                return Err(format!("selector node {i} points outside its tree, schedules or expressions"));
            }
        }
        Ok(())
    }
}

impl Node {
    /// The indices of the nodes this one reads.
    pub fn operands(&self) -> Vec<u32> {
        match *self {
            Node::Const { .. } | Node::Input { .. } => vec![],
            Node::Bin { a, b, .. } | Node::Cmp { a, b, .. } => vec![a, b],
            Node::Cast { a, .. } | Node::Extract { a, .. } => vec![a],
            Node::Ite { cond, then, els } => vec![cond, then, els],
            Node::Concat { hi, lo } => vec![hi, lo],
        }
    }
}
