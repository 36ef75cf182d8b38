//! The concurrent trace program: the recorded events per thread in program order, with
//! the questions the encoding and the candidates ask of them.

use crate::record::Observed;
use ravel_vm::{RecEvent, RecKind};

/// Events (a subset of the recorded ones, in recorded order) and each thread's events.
pub struct Trace {
    pub events: Vec<RecEvent>,
    /// For each thread, its events' indices in program order.
    pub threads: Vec<Vec<usize>>,
    /// Reads whose value matters (their π-function is encoded); the others are kept as
    /// positions only (for races).
    pub valued: Vec<bool>,
}

/// The memory word an access belongs to (locations are compared by word).
pub fn word(addr: u64) -> u64 {
    addr & !7
}

/// Whether an access is part of an atomic read-modify-write.
pub fn atomic(kind: &RecKind) -> bool {
    matches!(kind, RecKind::Read { atomic: true, .. } | RecKind::Write { atomic: true, .. })
}

/// The byte range an access touches, and whether it writes.
pub fn access(kind: &RecKind) -> Option<(u64, u64, bool)> {
    match *kind {
        RecKind::Read { addr, bytes, .. } => Some((addr, addr + bytes as u64, false)),
        RecKind::Write { addr, bytes, .. } => Some((addr, addr + bytes as u64, true)),
        _ => None,
    }
}

impl Trace {
    /// The whole recorded trace.
    pub fn new(observed: &Observed) -> Trace {
        let events = observed.rec.events.clone();
        let valued = vec![true; events.len()];
        Trace::from_events(events, valued)
    }

    /// A trace of `events` (in recorded order).
    pub fn from_events(events: Vec<RecEvent>, valued: Vec<bool>) -> Trace {
        let n = events.iter().map(|e| e.thread + 1).max().unwrap_or(0);
        let mut threads = vec![Vec::new(); n];
        for (i, e) in events.iter().enumerate() {
            threads[e.thread].push(i);
        }
        Trace { events, threads, valued }
    }

    /// Distinct shared memory words accessed.
    pub fn locations(&self) -> usize {
        let mut words: Vec<u64> = self.events.iter().filter_map(|e| access(&e.kind)).map(|(a, _, _)| word(a)).collect();
        words.sort_unstable();
        words.dedup();
        words.len()
    }

    /// Critical sections per mutex: (thread, acquire, release if any), the release being
    /// an unlock or the release half of a condition-variable wait. `ravel_atomic_begin/end`
    /// regions count as sections of one lock no program can name (`u64::MAX`).
    pub fn sections(&self) -> Vec<(u64, usize, usize, Option<usize>)> {
        let mut out = Vec::new();
        for evs in &self.threads {
            let mut open: Vec<(u64, usize)> = Vec::new();
            for &i in evs {
                match self.events[i].kind {
                    RecKind::Lock { mutex } => open.push((mutex, i)),
                    RecKind::AtomicBegin => open.push((u64::MAX, i)),
                    RecKind::Unlock { mutex } | RecKind::Wait { mutex, .. } => {
                        if let Some(p) = open.iter().rposition(|&(m, _)| m == mutex) {
                            let (m, a) = open.remove(p);
                            out.push((m, self.events[i].thread, a, Some(i)));
                        }
                    }
                    RecKind::AtomicEnd => {
                        if let Some(p) = open.iter().rposition(|&(m, _)| m == u64::MAX) {
                            let (m, a) = open.remove(p);
                            out.push((m, self.events[i].thread, a, Some(i)));
                        }
                    }
                    _ => {}
                }
            }
            out.extend(open.into_iter().map(|(m, a)| (m, self.events[a].thread, a, None)));
        }
        out
    }

    /// The sections that exclude other threads: those not nested in a section of the same
    /// lock of their thread (a recursive mutex locked twice excludes from the outer lock on).
    pub fn outermost_sections(&self) -> Vec<(u64, usize, usize, Option<usize>)> {
        let mut all = self.sections();
        all.sort_unstable_by_key(|&(m, t, a, _)| (m, t, a));
        let mut out: Vec<(u64, usize, usize, Option<usize>)> = Vec::new();
        for s in all {
            let nested = out.last().is_some_and(|&(m, t, _, r)| m == s.0 && t == s.1 && r.is_none_or(|r| r > s.2));
            if !nested {
                out.push(s);
            }
        }
        out
    }

    /// The locks (and the atomic-section pseudo lock) thread holds at each event.
    pub fn locksets(&self) -> Vec<Vec<u64>> {
        let mut out = vec![Vec::new(); self.events.len()];
        for evs in &self.threads {
            let mut held: Vec<u64> = Vec::new();
            for &i in evs {
                match self.events[i].kind {
                    RecKind::Lock { mutex } => held.push(mutex),
                    RecKind::AtomicBegin => held.push(u64::MAX),
                    RecKind::Unlock { mutex } | RecKind::Wait { mutex, .. } => {
                        if let Some(p) = held.iter().rposition(|&m| m == mutex) {
                            held.remove(p);
                        }
                    }
                    RecKind::AtomicEnd => {
                        if let Some(p) = held.iter().rposition(|&m| m == u64::MAX) {
                            held.remove(p);
                        }
                    }
                    _ => {}
                }
                out[i] = held.clone();
            }
        }
        out
    }

    /// Vector clocks of program order, thread creation and join (the orders every
    /// reordering keeps): `hb(a, b)` iff `clock[b][thread(a)] >= position of a`.
    pub fn must_clocks(&self) -> Vec<Vec<u32>> {
        let n = self.threads.len();
        let mut clocks = vec![Vec::new(); self.events.len()];
        let mut spawn_clock: Vec<Option<Vec<u32>>> = vec![None; n];
        let mut done = vec![false; self.events.len()];
        // Threads are processed in an order where a thread's creator and the threads it
        // joins come first: repeat until everything is done (the trace is acyclic).
        let mut progress = true;
        let mut pos = vec![0usize; n];
        let mut cur: Vec<Vec<u32>> = vec![vec![0; n]; n];
        while progress {
            progress = false;
            for t in 0..n {
                while pos[t] < self.threads[t].len() {
                    let i = self.threads[t][pos[t]];
                    if pos[t] == 0 && t != 0 {
                        match &spawn_clock[t] {
                            Some(c) => cur[t] = c.clone(),
                            None => break,
                        }
                    }
                    if let RecKind::Join { child } = self.events[i].kind {
                        match self.threads.get(child).and_then(|c| c.last()) {
                            Some(&last) if done[last] => {
                                let c = clocks[last].clone();
                                for (x, y) in cur[t].iter_mut().zip(c) {
                                    *x = (*x).max(y);
                                }
                            }
                            Some(_) => break,
                            None => {}
                        }
                    }
                    cur[t][t] = pos[t] as u32 + 1;
                    clocks[i] = cur[t].clone();
                    done[i] = true;
                    if let RecKind::Spawn { child } = self.events[i].kind {
                        if child < n {
                            spawn_clock[child] = Some(cur[t].clone());
                        }
                    }
                    pos[t] += 1;
                    progress = true;
                }
            }
        }
        for (i, c) in clocks.iter_mut().enumerate() {
            if c.is_empty() {
                *c = vec![0; n];
                c[self.events[i].thread] = u32::MAX;
            }
        }
        clocks
    }

    /// Position of event `i` in its thread (1-based, as in the clocks).
    pub fn position(&self, i: usize) -> u32 {
        let t = self.events[i].thread;
        self.threads[t].partition_point(|&j| j < i) as u32 + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ravel_ir::SrcLoc;

    fn ev(thread: usize, kind: RecKind) -> RecEvent {
        RecEvent { thread, step: 0, at: SrcLoc::default(), kind }
    }

    /// main creates thread 1, both lock `m` around an access, main joins.
    fn sample() -> Trace {
        let read = |addr| RecKind::Read { addr, bytes: 4, var: 0, value: 0, atomic: false };
        let events = vec![
            ev(0, RecKind::Spawn { child: 1 }),
            ev(1, RecKind::Lock { mutex: 8 }),
            ev(1, read(64)),
            ev(1, RecKind::Unlock { mutex: 8 }),
            ev(1, RecKind::Exit),
            ev(0, RecKind::Lock { mutex: 8 }),
            ev(0, read(68)),
            ev(0, RecKind::Unlock { mutex: 8 }),
            ev(0, RecKind::Join { child: 1 }),
            ev(0, read(64)),
        ];
        let n = events.len();
        Trace::from_events(events, vec![true; n])
    }

    #[test]
    fn sections_and_locksets_follow_lock_and_unlock() {
        let t = sample();
        let mut sections = t.sections();
        sections.sort();
        assert_eq!(sections, vec![(8, 0, 5, Some(7)), (8, 1, 1, Some(3))]);
        let locks = t.locksets();
        assert_eq!(locks[2], vec![8]);
        assert_eq!(locks[6], vec![8]);
        assert!(locks[9].is_empty());
    }

    #[test]
    fn must_happen_before_keeps_creation_and_join_only() {
        let t = sample();
        let clocks = t.must_clocks();
        let hb = |a: usize, b: usize| clocks[b][t.events[a].thread] >= t.position(a);
        // Creation orders the child after it; the join orders the child before main's rest.
        assert!(hb(0, 2));
        assert!(hb(2, 9));
        // The two critical sections are not ordered.
        assert!(!hb(2, 6) && !hb(6, 2));
    }

    #[test]
    fn words_group_neighbouring_ints() {
        assert_eq!(word(64), word(68));
        assert_ne!(word(64), word(72));
        assert_eq!(sample().locations(), 1);
    }
}
