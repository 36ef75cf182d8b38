//! The epoch tree: the executions grouped, epoch by epoch, by their synchronisation order
//! in that epoch. Two executions with the same order of events on every synchronisation
//! object are one schedule (their linearisations may differ; the runtime enforces only the
//! per-object orders), and the schedule's constraint is the disjunction of their path
//! conditions. The next epoch's schedules are grouped among the executions of one
//! schedule only, so a selector walks the tree from the root.

use crate::dag::Dag;
use crate::observe::{Ending, Execution};
use ravel_schedule_format::{Epoch, Event, Failing, Schedule};
use rustc_hash::FxHashMap;

/// The events of `e` in epoch `epoch`, in execution order.
fn segment(e: &Execution, epoch: u32) -> Vec<u32> {
    e.events.iter().filter(|(ep, _)| *ep == epoch).map(|&(_, ev)| ev).collect()
}

/// The per-object order of a segment: its events sorted by object and offset, execution
/// order kept within each.
fn key(segment: &[u32], events: &[Event]) -> Vec<u32> {
    let mut k = segment.to_vec();
    k.sort_by_key(|&e| (events[e as usize].object, events[e as usize].offset));
    k
}

/// Builds epoch `epoch` from `execs`, which share their orders in the epochs before it.
pub fn build(execs: &[&Execution], epoch: u32, events: &[Event], dag: &mut Dag) -> Epoch {
    let mut groups: Vec<(Vec<u32>, Vec<&Execution>)> = Vec::new();
    let mut by_key: FxHashMap<Vec<u32>, usize> = FxHashMap::default();
    for &e in execs.iter().filter(|e| e.ending == Ending::Ok) {
        let seg = segment(e, epoch);
        let i = *by_key.entry(key(&seg, events)).or_insert_with(|| {
            groups.push((seg, Vec::new()));
            groups.len() - 1
        });
        groups[i].1.push(e);
    }
    // A failing execution belongs below a schedule when its order so far is one; else it
    // fails here (its error may come in a later epoch).
    let mut failing_here: Vec<&Execution> = Vec::new();
    for &e in execs.iter().filter(|e| e.ending != Ending::Ok) {
        match by_key.get(&key(&segment(e, epoch), events)) {
            Some(&i) if e.epochs > epoch + 1 => groups[i].1.push(e),
            _ => failing_here.push(e),
        }
    }
    let schedules = groups
        .into_iter()
        .map(|(seg, members)| {
            let ok: Vec<&Execution> = members.iter().copied().filter(|e| e.ending == Ending::Ok).collect();
            let pcs: Vec<u32> = ok.iter().map(|e| e.pc).collect();
            let ending: Vec<u32> = ok.iter().filter(|e| e.epochs == epoch + 1).map(|e| e.pc).collect();
            let later: Vec<&Execution> = members.iter().copied().filter(|e| e.epochs > epoch + 1).collect();
            Schedule {
                constraint: dag.or_all(&pcs),
                ends: (!ending.is_empty()).then(|| dag.or_all(&ending)),
                executions: ok.len() as u64,
                events: seg,
                next: later
                    .iter()
                    .any(|e| e.ending == Ending::Ok)
                    .then(|| Box::new(build(&later, epoch + 1, events, dag))),
            }
        })
        .collect();
    Epoch { schedules, failing: failing(&failing_here, epoch, events, dag), selector: Vec::new() }
}

/// The failing executions of an epoch, one entry per order and error kind.
fn failing(execs: &[&Execution], epoch: u32, events: &[Event], dag: &mut Dag) -> Vec<Failing> {
    let mut out: Vec<(Vec<u32>, Failing, Vec<u32>)> = Vec::new();
    for e in execs {
        let Ending::Failing { kind, message } = &e.ending else { continue };
        let seg = segment(e, epoch);
        let k = key(&seg, events);
        match out.iter_mut().find(|(ok, f, _)| *ok == k && f.kind == *kind) {
            Some((_, _, pcs)) => pcs.push(e.pc),
            None => {
                let f = Failing { kind: kind.clone(), message: message.clone(), constraint: 0, events: seg };
                out.push((k, f, vec![e.pc]));
            }
        }
    }
    out.into_iter()
        .map(|(_, mut f, pcs)| {
            f.constraint = dag.or_all(&pcs);
            f
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ravel_schedule_format::Node;

    fn ev(thread: &str, object: u32, k: u32) -> Event {
        Event { thread: thread.into(), object, offset: 0, k }
    }

    fn exec(dag: &mut Dag, input: u32, events: Vec<(u32, u32)>, epochs: u32, ending: Ending) -> Execution {
        let pc = dag.add(Node::Input { index: input, bits: 1 });
        Execution { events, epochs, pc, ending }
    }

    #[test]
    fn same_per_object_order_is_one_schedule() {
        // Two mutexes: [0.1] takes object 0, [0.2] object 1; the global order differs.
        let events = vec![ev("[0.1]", 0, 0), ev("[0.2]", 1, 0), ev("[0.1]", 1, 0)];
        let mut dag = Dag::default();
        let a = exec(&mut dag, 0, vec![(0, 0), (0, 1), (0, 2)], 1, Ending::Ok);
        let b = exec(&mut dag, 1, vec![(0, 1), (0, 0), (0, 2)], 1, Ending::Ok);
        let c = exec(&mut dag, 2, vec![(0, 0), (0, 2), (0, 1)], 1, Ending::Ok);
        let root = build(&[&a, &b, &c], 0, &events, &mut dag);
        assert_eq!(root.schedules.len(), 2, "a and b agree per object; c orders object 1 otherwise");
        assert_eq!(root.schedules[0].executions, 2);
        assert!(root.schedules.iter().all(|s| s.next.is_none()));
    }

    #[test]
    fn epochs_nest_and_failures_stay_out_of_constraints() {
        let events = vec![ev("[0.1]", 0, 0), ev("[0.2]", 0, 0)];
        let mut dag = Dag::default();
        let ok = exec(&mut dag, 0, vec![(0, 0), (1, 1)], 2, Ending::Ok);
        let deadlock = Ending::Failing { kind: "deadlock".into(), message: "stuck".into() };
        let bad = exec(&mut dag, 1, vec![(0, 0), (1, 0)], 2, deadlock);
        let root = build(&[&ok, &bad], 0, &events, &mut dag);
        assert_eq!(root.schedules.len(), 1);
        assert!(root.failing.is_empty());
        let s = &root.schedules[0];
        assert_eq!(s.constraint, ok.pc, "only the error-free execution");
        let next = s.next.as_ref().unwrap();
        assert_eq!(next.schedules.len(), 1);
        assert_eq!(next.failing.len(), 1);
        assert_eq!(next.failing[0].kind, "deadlock");
    }
}
