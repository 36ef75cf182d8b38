//! From a model's order to a schedule: the recorded steps sorted by the order of their
//! first event, cut after the candidate's event, as a witness the vm can follow.

use crate::candidates::Candidate;
use crate::encode::Query;
use crate::record::Observed;
use crate::trace::Trace;
use ravel_explore::{Witness, WitnessStep};
use ravel_vm::RecKind;

/// Steps a thread that takes the other side of a branch may run on its own after the
/// predicted prefix to reach the error there (a lock call a few steps later).
const DIVERGENT_STEPS: usize = 64;

/// The witness of the prefix `order` predicts for `cand`. Steps take the order of their
/// thread's first event in them; a step without events follows its thread's previous
/// step (a thread's first steps follow its creation).
pub fn witness(observed: &Observed, trace: &Trace, order: &[i64], cand: &Candidate) -> Witness {
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
    let cut = order[cand.target];
    let target_step = trace.events[cand.target].step as usize;
    let mut last: Vec<Option<i64>> = spawned_at.clone();
    let mut chosen: Vec<(i64, usize)> = Vec::new();
    for k in 1..=steps.len() {
        let t = steps[k - 1];
        if last.len() <= t {
            last.resize(t + 1, None);
        }
        let (k_key, own) = match key[k] {
            Some(x) => (x, true),
            None => (last[t].unwrap_or(i64::MIN), false),
        };
        last[t] = Some(k_key);
        let keep = if own { k_key <= cut || k == target_step } else { k_key < cut };
        if keep {
            chosen.push((k_key, k));
        }
    }
    chosen.sort_unstable();
    let mut out: Vec<WitnessStep> = chosen
        .into_iter()
        .map(|(_, k)| WitnessStep {
            thread: steps[k - 1],
            choices: observed.choices.get(k).cloned().unwrap_or_default(),
        })
        .collect();
    if let Query::FailGuard(g) = cand.query {
        let t = trace.events[g].thread;
        out.extend((0..DIVERGENT_STEPS).map(|_| WitnessStep { thread: t, choices: Vec::new() }));
    }
    Witness {
        format: "ravel-witness-1".into(),
        interleave: "all".into(),
        detect_races: matches!(cand.query, Query::Adjacent(..)),
        strict_pthread: true,
        init_choices: observed.choices.first().cloned().unwrap_or_default(),
        steps: out,
        ..Witness::default()
    }
}
