//! Cartesian abstraction of the inputs (`StatesOptions::cartesian`): each thread other
//! than main keeps its own copy of every input it holds together with other threads only
//! (and the constraints on that input alone), and every group of conjuncts (conjuncts
//! joined through inputs nobody holds) that ties the inputs of one part of the state to
//! those of another (a thread's own inputs to the shared part's, or two threads' to each
//! other) is forgotten. The shared part is what shared memory and main hold. Afterwards
//! the state stands for more concrete states than the execution reached: a search over
//! such states is still exhaustive, but what it finds has no concrete witness.
//!
//! This module decides; the vm carries it out (`Machine::copy_thread_inputs`,
//! `Machine::replace_path_constraint`).

use super::symvars::SHARED;
use ravel_sym::parts::linked_components;
use ravel_sym::ExprId;
use ravel_vm::Machine;
use rustc_hash::FxHashMap;

/// Applies the abstraction to `m` (see the module documentation); returns whether
/// anything changed.
pub(crate) fn forget_cross_constraints(m: &mut Machine) -> bool {
    m.prune_path_constraint();
    if !m.is_symbolic() {
        return false;
    }
    let holders = input_holders(m);
    let copies = split_thread_inputs(m, &holders);
    // After the split, an input belongs to its first holder.
    let part: FxHashMap<u32, usize> = holders.iter().map(|(&v, h)| (v, h[0])).collect();
    let kept = m.with_expressions(|pool, pc| {
        let groups = linked_components(pc, |c| pool.vars(c), |v| !part.contains_key(&v));
        let mut kept = Vec::with_capacity(pc.len());
        let mut dropped = false;
        for group in groups {
            let mut held: Vec<u32> =
                group.iter().flat_map(|&c| pool.vars(c).iter().copied().filter(|v| part.contains_key(v))).collect();
            held.sort_unstable();
            held.dedup();
            if !held.iter().all(|v| part[v] == part[&held[0]]) {
                dropped = true;
                continue;
            }
            // Constraints on split inputs alone hold for every copy.
            for subst in copies.values().filter(|s| held.iter().all(|v| s.contains_key(v))) {
                let copied: Vec<ExprId> = group.iter().map(|&c| pool.substitute(c, subst)).collect();
                kept.extend(copied);
            }
            kept.extend(group);
        }
        (dropped || !copies.is_empty()).then_some(kept)
    });
    match kept.flatten() {
        Some(kept) => {
            m.replace_path_constraint(kept);
            true
        }
        None => false,
    }
}

/// The parts holding each input, sorted ([`SHARED`] for shared memory and main, else
/// the thread; see `Machine::held_values`).
fn input_holders(m: &Machine) -> FxHashMap<u32, Vec<usize>> {
    let mut holders: FxHashMap<u32, Vec<usize>> = FxHashMap::default();
    m.path_constraint(|pool, _| {
        m.held_values(|e, p| {
            for &v in pool.vars(e) {
                let h = holders.entry(v).or_default();
                if let Err(at) = h.binary_search(&p) {
                    h.insert(at, p);
                }
            }
        })
    });
    holders
}

/// Gives every thread but the first of those holding an input the shared part does not
/// hold a fresh copy of it; returns each such thread's renaming.
fn split_thread_inputs(
    m: &mut Machine,
    holders: &FxHashMap<u32, Vec<usize>>,
) -> FxHashMap<usize, FxHashMap<u32, ExprId>> {
    let mut by_thread: FxHashMap<usize, Vec<u32>> = FxHashMap::default();
    for (&v, h) in holders.iter().filter(|(_, h)| h.len() > 1 && h[0] != SHARED) {
        for &t in &h[1..] {
            by_thread.entry(t).or_default().push(v);
        }
    }
    let mut copies = FxHashMap::default();
    for (t, mut vars) in by_thread {
        vars.sort_unstable();
        copies.insert(t, m.copy_thread_inputs(t, &vars));
    }
    copies
}
