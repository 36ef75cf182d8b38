//! Windows of a trace too large to encode whole. A window splits every thread's events
//! into three zones: those before the window run first, in their recorded order; the
//! window's events may be reordered freely; those after it run last, in their recorded
//! order. Only the window's reads get π-functions over more than one write and only its
//! critical sections need pairwise constraints, so the formula is linear in the trace and
//! quadratic in the window alone. Values are still computed symbolically through the
//! fixed zones (a reordering inside the window changes what the rest of the run reads).
//!
//! Every model of a window's formula is a feasible reordering of the whole trace, so a
//! violation found there is real (and replayed like any other); finding none proves
//! nothing about reorderings across windows, and the report says so.
//!
//! A window is placed at the same relative position in every thread (threads are assumed
//! to progress at similar rates), first where a thread reads a location and writes it back
//! outside one critical section (the places lost updates and atomicity violations come
//! from), then sweeping the trace. Zone borders fall outside critical sections, creation
//! stays before the created thread's events and a join after the joined thread's.

use crate::trace::{access, word, Trace};
use ravel_vm::RecKind;
use rustc_hash::FxHashMap;

/// Where an event runs relative to the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Zone {
    Before,
    Window,
    After,
}

/// One window: the zone of every event of the trace.
pub struct Window {
    pub zones: Vec<Zone>,
    /// Events in the window zone.
    pub size: usize,
}

/// Events of one window, spread over the threads that have events.
pub const EVENTS_PER_WINDOW: usize = 100;

/// The windows of `trace` in the order they are worth trying (see the module
/// documentation), without duplicates.
pub fn windows(trace: &Trace) -> Vec<Window> {
    let active = trace.threads.iter().filter(|evs| !evs.is_empty()).count().max(1);
    let width = (EVENTS_PER_WINDOW / active).max(4);
    let longest = trace.threads.iter().map(Vec::len).max().unwrap_or(0);
    let depth = section_depths(trace);
    let mut centres = split_updates(trace);
    let sweep = longest.div_ceil(width / 2).max(1);
    centres.extend((0..=sweep).map(|k| k as f64 / sweep as f64));
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for f in centres {
        let bounds = place(trace, &depth, f, width);
        if bounds.iter().all(|&(lo, hi)| lo == hi) || seen.contains(&bounds) {
            continue;
        }
        let zones = zones_of(trace, &bounds);
        let size = zones.iter().filter(|&&z| z == Zone::Window).count();
        seen.push(bounds);
        out.push(Window { zones, size });
    }
    out
}

/// For each thread, at each of its positions, how many critical sections (locks and
/// atomic regions) are open before that event; one more entry for the end.
fn section_depths(trace: &Trace) -> Vec<Vec<u32>> {
    trace
        .threads
        .iter()
        .map(|evs| {
            let mut d = 0u32;
            let mut out = Vec::with_capacity(evs.len() + 1);
            for &i in evs {
                out.push(d);
                match trace.events[i].kind {
                    RecKind::Lock { .. } | RecKind::AtomicBegin => d += 1,
                    RecKind::Unlock { .. } | RecKind::Wait { .. } | RecKind::AtomicEnd => d = d.saturating_sub(1),
                    _ => {}
                }
            }
            out.push(d);
            out
        })
        .collect()
}

/// Relative positions (in their thread) of reads whose location the thread writes next
/// outside the read's critical section: a read-then-write-back another thread can split.
fn split_updates(trace: &Trace) -> Vec<f64> {
    let locks = trace.locksets();
    let mut out: Vec<f64> = Vec::new();
    for evs in &trace.threads {
        // Per word, the last read not yet followed by a write, with its lockset.
        let mut pending: FxHashMap<u64, (usize, &Vec<u64>)> = FxHashMap::default();
        for (k, &i) in evs.iter().enumerate() {
            let Some((addr, _, writes)) = access(&trace.events[i].kind) else { continue };
            let w = word(addr);
            if !writes {
                pending.insert(w, (k, &locks[i]));
                continue;
            }
            if let Some((at, held)) = pending.remove(&w) {
                let same_section = evs[at..k].iter().all(|&j| !matches!(trace.events[j].kind, RecKind::Unlock { .. }));
                if held.is_empty() || !same_section {
                    let f = at as f64 / evs.len() as f64;
                    if !out.iter().any(|&g| (g - f).abs() < 1e-9) {
                        out.push(f);
                    }
                }
            }
        }
    }
    out
}

/// Each thread's window `[lo, hi)` (indices into its events) around relative position `f`,
/// borders moved outward to where the thread holds no lock, then adjusted so creation and
/// joins keep their order with the zones.
fn place(trace: &Trace, depth: &[Vec<u32>], f: f64, width: usize) -> Vec<(usize, usize)> {
    let mut bounds: Vec<(usize, usize)> = trace
        .threads
        .iter()
        .zip(depth)
        .map(|(evs, d)| {
            let n = evs.len();
            let centre = ((f * n as f64).round() as usize).min(n);
            let mut lo = centre.saturating_sub(width / 2);
            let mut hi = (lo + width).min(n);
            while lo > 0 && d[lo] > 0 {
                lo -= 1;
            }
            while hi < n && d[hi] > 0 {
                hi += 1;
            }
            (lo, hi)
        })
        .collect();
    // Creation before the child's events, the child's events before a join: move the
    // parent's border past the creation or join when that keeps the window small, else
    // the child's events into the zone they must be in. Each change only moves borders
    // one way, so this ends.
    let position = |i: usize| trace.threads[trace.events[i].thread].partition_point(|&j| j < i);
    let zone = |b: &[(usize, usize)], t: usize, k: usize| match k {
        k if k < b[t].0 => Zone::Before,
        k if k < b[t].1 => Zone::Window,
        _ => Zone::After,
    };
    loop {
        let mut changed = false;
        for (i, e) in trace.events.iter().enumerate() {
            let (p, k) = (e.thread, position(i));
            match e.kind {
                RecKind::Spawn { child } if child < bounds.len() => {
                    let (lo_c, hi_c) = bounds[child];
                    match zone(&bounds, p, k) {
                        Zone::Window if lo_c > 0 => {
                            bounds[p].0 = k + 1;
                            bounds[p].1 = bounds[p].1.max(k + 1);
                            changed = true;
                        }
                        Zone::After if hi_c > 0 => {
                            bounds[child] = (0, 0);
                            changed = true;
                        }
                        _ => {}
                    }
                }
                RecKind::Join { child } if child < bounds.len() => {
                    let n_c = trace.threads[child].len();
                    let (lo_c, hi_c) = bounds[child];
                    match zone(&bounds, p, k) {
                        Zone::Window if hi_c < n_c => {
                            bounds[p].1 = k;
                            bounds[p].0 = bounds[p].0.min(k);
                            changed = true;
                        }
                        Zone::Before if lo_c < n_c => {
                            bounds[child] = (n_c, n_c);
                            changed = true;
                        }
                        _ => {}
                    }
                }
                _ => {}
            }
        }
        if !changed {
            return bounds;
        }
    }
}

fn zones_of(trace: &Trace, bounds: &[(usize, usize)]) -> Vec<Zone> {
    let mut zones = vec![Zone::After; trace.events.len()];
    for (evs, &(lo, hi)) in trace.threads.iter().zip(bounds) {
        for (k, &i) in evs.iter().enumerate() {
            zones[i] = match k {
                k if k < lo => Zone::Before,
                k if k < hi => Zone::Window,
                _ => Zone::After,
            };
        }
    }
    zones
}

#[cfg(test)]
mod tests {
    use super::*;
    use ravel_ir::SrcLoc;
    use ravel_sym::ExprId;
    use ravel_vm::RecEvent;

    fn ev(thread: usize, kind: RecKind) -> RecEvent {
        RecEvent { thread, step: 0, at: SrcLoc::default(), kind }
    }

    /// main creates two adders, each `m` times: lock, read, write, unlock; main joins.
    fn adders(m: usize) -> Trace {
        let read = RecKind::Read { addr: 64, bytes: 4, var: 0, value: 0, atomic: false };
        let write = RecKind::Write { addr: 64, bytes: 4, value: ExprId(0), old: 0, atomic: false };
        let mut events = vec![ev(0, RecKind::Spawn { child: 1 }), ev(0, RecKind::Spawn { child: 2 })];
        for t in [1, 2] {
            for _ in 0..m {
                events.push(ev(t, RecKind::Lock { mutex: 8 }));
                events.push(ev(t, read.clone()));
                events.push(ev(t, write.clone()));
                events.push(ev(t, RecKind::Unlock { mutex: 8 }));
            }
            events.push(ev(t, RecKind::Exit));
        }
        events.push(ev(0, RecKind::Join { child: 1 }));
        events.push(ev(0, RecKind::Join { child: 2 }));
        let n = events.len();
        Trace::from_events(events, vec![true; n])
    }

    #[test]
    fn zones_respect_sections_creation_and_joins() {
        let t = adders(200);
        let ws = windows(&t);
        assert!(ws.len() > 3);
        for w in &ws {
            assert!(w.size > 0 && w.size <= EVENTS_PER_WINDOW + 8);
            for evs in &t.threads {
                // Zones never go back in program order.
                assert!(evs.windows(2).all(|p| w.zones[p[0]] <= w.zones[p[1]]));
                // A border never falls inside a critical section.
                for (k, &i) in evs.iter().enumerate() {
                    if let RecKind::Lock { .. } = t.events[i].kind {
                        assert_eq!(w.zones[i], w.zones[evs[k + 3]]);
                    }
                }
            }
            let (spawn, join) = (0, t.events.len() - 2);
            let child = &t.threads[1];
            assert!(w.zones[spawn] <= w.zones[child[0]]);
            assert!(w.zones[*child.last().unwrap()] <= w.zones[join]);
        }
    }

    #[test]
    fn a_split_update_is_tried_first() {
        let mut t = adders(100);
        // Thread 1's 60th section: unlock and lock again between the read and the write.
        let at = t.threads[1][60 * 4 + 1];
        let mut events = t.events.clone();
        events.insert(at + 1, ev(1, RecKind::Unlock { mutex: 8 }));
        events.insert(at + 2, ev(1, RecKind::Lock { mutex: 8 }));
        let n = events.len();
        t = Trace::from_events(events, vec![true; n]);
        let first = &windows(&t)[0];
        assert_eq!(first.zones[at], Zone::Window);
        assert_eq!(first.zones[at + 3], Zone::Window);
    }
}
