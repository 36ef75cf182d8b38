//! What the enumeration keeps of each execution the explorer ends: its synchronisation
//! events (named as the native runtime names them) with their epochs, its path condition
//! over the inputs, and how it ended.

use crate::dag::Dag;
use crate::Incomplete;
use ravel_explore::ExecutionEnd;
use ravel_ir::Builtin;
use ravel_schedule_format::{Event, InputSpec, Object};
use ravel_sym::ExprId;
use ravel_vm::native_names::name_events_ordering;
use ravel_vm::native_record::{ObjectName, Recorded};
use ravel_vm::{ErrorKind, Machine};
use rustc_hash::FxHashMap;

/// How an observed execution ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    Ok,
    /// An error (`kind` as the vm names it: `deadlock`, `assertion`, `data race`, ...).
    Failing {
        kind: String,
        message: String,
    },
}

/// One ended execution.
pub struct Execution {
    /// (epoch, index into [`Observer::events`]) in execution order.
    pub events: Vec<(u32, u32)>,
    /// The path condition, a width-1 node of the DAG.
    pub pc: u32,
    pub ending: Ending,
    /// The epoch-start states the execution passed (with "join on all threads"), as
    /// (the epoch the state starts, state number).
    pub states: Vec<(u32, u32)>,
    /// It stopped at its last state, whose continuations other executions hold.
    pub joined: bool,
    /// It stopped after its last epoch's first synchronisation operations (`--prefix`):
    /// what follows was not explored.
    pub cut: bool,
}

/// Collects the executions of one exploration.
#[derive(Default)]
pub struct Observer {
    pub dag: Dag,
    /// Pool expression → DAG node (the explorer's pool lives as long as the exploration).
    memo: FxHashMap<ExprId, u32>,
    pub inputs: Vec<InputSpec>,
    pub objects: Vec<Object>,
    object_index: FxHashMap<Object, u32>,
    pub events: Vec<Event>,
    event_index: FxHashMap<Event, u32>,
    pub executions: Vec<Execution>,
    /// Why the result cannot be trusted or used natively (the first reason met).
    pub problem: Option<Incomplete>,
    /// `ravel_epoch()` calls that did not divide an execution (other threads ran).
    pub ignored_markers: bool,
    /// Barrier waits need no order (the program ignores their results).
    pub barriers_unordered: bool,
    /// Executions left out because a signal woke a waiter out of arrival order.
    pub out_of_order_wakes: usize,
}

impl Observer {
    /// An observer; `barriers_unordered`: barrier waits need no order.
    pub fn new(barriers_unordered: bool) -> Observer {
        Observer { barriers_unordered, ..Observer::default() }
    }

    /// Keeps execution `m`, which ended as `end`.
    pub fn observe(&mut self, m: &Machine, end: ExecutionEnd, states: &[(u32, u32)]) {
        let joined = matches!(end, ExecutionEnd::Joined);
        let prefix_end = if let ExecutionEnd::Cut(end) = end { Some(end) } else { None };
        let cut = prefix_end.is_some();
        let ending = match end {
            ExecutionEnd::Complete | ExecutionEnd::Joined | ExecutionEnd::Cut(_) => Ending::Ok,
            ExecutionEnd::Error(e) => Ending::Failing {
                kind: if e.kind == ErrorKind::Deadlock { "deadlock".into() } else { e.kind.name().into() },
                message: e.message.clone(),
            },
            ExecutionEnd::Blocked => return self.fail(Incomplete::Blocked),
            ExecutionEnd::Truncated(why) => return self.fail(Incomplete::CutShort(why.clone())),
        };
        if let Some(why) = m.imprecise() {
            return self.fail(Incomplete::Inexact(why.clone()));
        }
        const BARRIERS: &[Builtin] = &[Builtin::BarrierInit, Builtin::BarrierWait, Builtin::BarrierDestroy];
        let named = name_events_ordering(m, if self.barriers_unordered { BARRIERS } else { &[] });
        if named.out_of_order_wake {
            // The explorer also runs the same steps with the longest waiter woken, which is
            // what the runtime does; this one never runs natively and needs no schedule.
            self.out_of_order_wakes += 1;
            return;
        }
        if let Some(p) = named.problems.first() {
            return self
                .fail(Incomplete::Other(format!("the native runtime cannot enforce an execution's order: {p}")));
        }
        if !self.note_inputs(m) {
            return;
        }
        let pc = match m.path_constraint(|pool, pc| {
            let parts: Result<Vec<u32>, _> = pc.iter().map(|&c| self.dag.translate(pool, c, &mut self.memo)).collect();
            parts.map(|p| self.dag.and_all(&p))
        }) {
            Some(Ok(pc)) => pc,
            Some(Err(e)) => return self.fail(Incomplete::Other(e.0)),
            None => self.dag.bool_const(true),
        };
        // Epochs without synchronisation events divide nothing: consecutive markers (a
        // manual one beside an automatic one, the last test of a marked loop) make one.
        // A state passed at raw epoch `r` starts the epoch after the last one with events
        // of raw epochs before `r`.
        let mut events = Vec::new();
        let mut raw_epoch = None;
        let mut epoch = 0;
        let mut passed = states.iter().peekable();
        let mut at_states = Vec::new();
        // A cut execution's events past its prefix were run only to find the prefix's orders.
        let kept = prefix_end.map_or(named.events.len(), |end| named.upto(end));
        for e in named.events[..kept].iter().filter(|e| e.sync) {
            if raw_epoch.is_some_and(|r| r != e.epoch) {
                epoch += 1;
            }
            while let Some(&&(_, s)) = passed.peek().filter(|(r, _)| *r <= e.epoch) {
                at_states.push((boundary(&events), s));
                passed.next();
            }
            raw_epoch = Some(e.epoch);
            let object = self.object(&e.object);
            let event = Event { thread: e.thread.clone(), object, offset: e.offset, k: e.k };
            events.push((epoch, self.event(event)));
        }
        at_states.extend(passed.map(|&(_, s)| (boundary(&events), s)));
        for r in m.recorded() {
            if let Recorded::Epoch { alone: false, .. } = r {
                self.ignored_markers = true;
            }
        }
        self.executions.push(Execution { events, pc, ending, states: at_states, joined, cut });
    }

    /// Readies the observer for the executions of another exploration, whose expression
    /// pool is another.
    pub fn next_exploration(&mut self) {
        self.memo.clear();
    }

    /// Adds the failing executions of earlier explorations that this one did not also
    /// find (the same events under the same path condition).
    pub fn add_failing(&mut self, earlier: Vec<Execution>) {
        let seen: std::collections::HashSet<(Vec<(u32, u32)>, u32)> =
            self.executions.iter().map(|e| (e.events.clone(), e.pc)).collect();
        self.executions.extend(earlier.into_iter().filter(|e| !seen.contains(&(e.events.clone(), e.pc))));
    }

    /// The continuations of each epoch-start state: (execution, the epoch it starts there)
    /// for every execution that went on past it.
    pub fn owners(&self) -> FxHashMap<u32, Vec<(usize, u32)>> {
        let mut out: FxHashMap<u32, Vec<(usize, u32)>> = FxHashMap::default();
        for (i, e) in self.executions.iter().enumerate() {
            let passed = if e.joined { &e.states[..e.states.len().saturating_sub(1)] } else { &e.states[..] };
            for &(epoch, s) in passed {
                out.entry(s).or_default().push((i, epoch));
            }
        }
        out
    }

    fn fail(&mut self, why: Incomplete) {
        self.problem.get_or_insert(why);
    }

    /// Adds the inputs of `m` not seen before; false (and a problem) when an input has
    /// another width than in an earlier execution.
    fn note_inputs(&mut self, m: &Machine) -> bool {
        for (i, (input, _)) in m.input_values().into_iter().enumerate() {
            let spec = InputSpec { bits: input.bits, line: input.loc.line };
            match self.inputs.get(i) {
                None => self.inputs.push(spec),
                Some(seen) if seen != &spec => {
                    self.fail(Incomplete::Other(format!(
                        "input {i} is read at line {} ({} bits) in one execution and at line {} ({} bits) in another: \
                         the native runtime numbers inputs in the order they are read, so read them in one thread \
                         (main, before it creates threads)",
                        seen.line, seen.bits, spec.line, spec.bits
                    )));
                    return false;
                }
                Some(_) => {}
            }
        }
        true
    }

    fn object(&mut self, name: &ObjectName) -> u32 {
        let object = match name {
            ObjectName::Global { symbol } => Object::Global { symbol: symbol.clone() },
            ObjectName::Heap { thread, ordinal } => Object::Heap { thread: thread.clone(), ordinal: *ordinal },
        };
        let n = self.objects.len() as u32;
        *self.object_index.entry(object.clone()).or_insert_with(|| {
            self.objects.push(object);
            n
        })
    }

    fn event(&mut self, event: Event) -> u32 {
        let n = self.events.len() as u32;
        *self.event_index.entry(event.clone()).or_insert_with(|| {
            self.events.push(event);
            n
        })
    }
}

/// The epoch after the last event so far (0 before any).
fn boundary(events: &[(u32, u32)]) -> u32 {
    events.last().map_or(0, |&(epoch, _)| epoch + 1)
}
