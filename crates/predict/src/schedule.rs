//! From a model's order to a schedule: the recorded steps before the cut, sorted by the
//! order of their thread's first event in them, then the steps of the candidate's events,
//! as a witness the vm can follow.

use crate::candidates::Candidate;
use crate::encode::Query;
use crate::record::Observed;
use crate::trace::Trace;
use ravel_explore::{Witness, WitnessStep};
use ravel_vm::RecKind;

/// Steps a thread that takes the other side of a branch may run on its own after the
/// predicted prefix to reach the error there (a lock call a few steps later).
const DIVERGENT_STEPS: usize = 64;

/// The witness of the prefix the model `(order, cut)` predicts for `cand`, and how many of
/// its steps the model predicts (after them, a failing guard's thread runs on alone). A
/// step without events of its thread follows its thread's previous step (a thread's first
/// steps follow its creation).
pub fn witness(observed: &Observed, trace: &Trace, (order, cut): (&[i64], i64), cand: &Candidate) -> (Witness, usize) {
    let steps = &observed.rec.steps;
    let mut key: Vec<Option<i64>> = vec![None; steps.len() + 1];
    let mut spawned_at: Vec<Option<i64>> = Vec::new();
    for (i, e) in trace.events.iter().enumerate() {
        let k = e.step as usize;
        if k >= 1 && k <= steps.len() && steps[k - 1] == e.thread {
            key[k] = Some(key[k].map_or(order[i], |x: i64| x.min(order[i])));
        }
        if let RecKind::Spawn { child } = e.kind {
            if spawned_at.len() <= child {
                spawned_at.resize(child + 1, None);
            }
            spawned_at[child] = Some(order[i]);
        }
    }
    // The steps of the candidate's events at and after the cut, in this order.
    let tail: Vec<usize> = match cand.query {
        Query::FailGuard(g) => vec![g],
        Query::CoEnabled(a, b) if order[a] <= order[b] => vec![a, b],
        Query::CoEnabled(a, b) => vec![b, a],
        Query::Between(_, _, b) => vec![b],
    };
    let tail_steps: Vec<usize> = tail.iter().map(|&e| trace.events[e].step as usize).collect();
    let mut last: Vec<Option<i64>> = spawned_at;
    let mut chosen: Vec<(i64, usize)> = Vec::new();
    for k in 1..=steps.len() {
        let t = steps[k - 1];
        if last.len() <= t {
            last.resize(t + 1, None);
        }
        let k_key = key[k].or(last[t]).unwrap_or(i64::MIN);
        last[t] = Some(k_key);
        if k_key < cut && !tail_steps.contains(&k) {
            chosen.push((k_key, k));
        }
    }
    chosen.sort_unstable();
    let step = |k: usize| WitnessStep {
        thread: steps[k - 1],
        choices: observed.choices.get(k).cloned().unwrap_or_default(),
        flush: false,
        ..Default::default()
    };
    let mut out: Vec<WitnessStep> = chosen.into_iter().map(|(_, k)| step(k)).collect();
    out.extend(tail_steps.iter().filter(|&&k| k >= 1 && k <= steps.len()).map(|&k| step(k)));
    let predicted = out.len();
    if let Query::FailGuard(g) = cand.query {
        let t = trace.events[g].thread;
        out.extend((0..DIVERGENT_STEPS).map(|_| WitnessStep {
            thread: t,
            choices: Vec::new(),
            flush: false,
            ..Default::default()
        }));
    }
    let w = Witness {
        format: "ravel-witness-1".into(),
        interleave: "all".into(),
        detect_races: matches!(cand.query, Query::CoEnabled(..)),
        strict_pthread: true,
        init_choices: observed.choices.first().cloned().unwrap_or_default(),
        steps: out,
        ..Witness::default()
    };
    (w, predicted)
}
