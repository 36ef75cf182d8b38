//! Which writes each read may take its value from (its *sources*), pruned before encoding
//! so that the π-functions only mention writes that can really be the latest one before
//! the read in some reordering:
//!
//! - a write that must happen after the read (program order, creation, join) is none;
//! - a write `w` is none when another write must come between `w` and the read: a write
//!   that must happen before the read and after `w`, the read's own earlier write in the
//!   same critical section (a write of another section of that lock is before the whole
//!   section or after the read), or a later write of `w`'s critical section when the read
//!   holds the same lock in another section;
//! - the initial value is a source only when no write must happen before the read.
//!
//! Every rule uses only orders the formula itself asserts (program order, creation, join,
//! lock sections), so whenever some write precedes the read, the latest one is a source:
//! constraining the π-function to the sources loses no model.

use crate::trace::Trace;
use rustc_hash::FxHashMap;

/// The sources of one read.
pub struct Sources {
    /// Writes it may read from, in trace order.
    pub writes: Vec<usize>,
    /// Whether it may read the location's initial value.
    pub initial: bool,
}

impl Sources {
    /// The one write every reordering makes the read take, if there is one.
    pub fn fixed(&self) -> Option<usize> {
        match self.writes[..] {
            [w] if !self.initial => Some(w),
            _ => None,
        }
    }
}

/// Must-happen-before of a trace: program order, creation and join.
pub struct MustOrder {
    clocks: Vec<Vec<u32>>,
    positions: Vec<u32>,
    threads: Vec<usize>,
}

impl MustOrder {
    pub fn new(trace: &Trace) -> MustOrder {
        let mut positions = vec![0; trace.events.len()];
        for evs in &trace.threads {
            for (k, &i) in evs.iter().enumerate() {
                positions[i] = k as u32 + 1;
            }
        }
        MustOrder { clocks: trace.must_clocks(), positions, threads: trace.events.iter().map(|e| e.thread).collect() }
    }

    /// Whether `a` happens before `b` in every reordering.
    pub fn before(&self, a: usize, b: usize) -> bool {
        a != b && self.clocks[b][self.threads[a]] >= self.positions[a]
    }
}

/// The outermost lock sections each event lies in, per lock.
struct Sections {
    /// For each event, (lock, section index) of the sections it is inside.
    of: Vec<Vec<(u64, usize)>>,
    /// Each section's release (`None`: held to the end of the trace).
    release: Vec<Option<usize>>,
}

impl Sections {
    fn new(trace: &Trace) -> Sections {
        let mut of = vec![Vec::new(); trace.events.len()];
        let mut release = Vec::new();
        for (s, (m, t, a, r)) in trace.outermost_sections().into_iter().enumerate() {
            release.push(r);
            let evs = &trace.threads[t];
            let from = evs.partition_point(|&j| j <= a);
            for &i in evs[from..].iter().take_while(|&&i| r.is_none_or(|r| i < r)) {
                of[i].push((m, s));
            }
        }
        Sections { of, release }
    }

    /// The section of lock `m` event `i` lies in.
    fn of(&self, i: usize, m: u64) -> Option<usize> {
        self.of[i].iter().find(|&&(l, _)| l == m).map(|&(_, s)| s)
    }

    /// Whether event `later` (of the section's thread, after its acquisition) is still
    /// in section `s`.
    fn within(&self, s: usize, later: usize) -> bool {
        self.release[s].is_none_or(|r| later < r)
    }

    /// The locks `r` and `w` both hold in different sections, with `r`'s section.
    fn shared(&self, r: usize, w: usize) -> impl Iterator<Item = (u64, usize)> + '_ {
        self.of[r].iter().filter_map(move |&(m, sr)| match self.of(w, m) {
            Some(sw) if sw != sr => Some((m, sr)),
            _ => None,
        })
    }
}

/// Finds sources: the orders every reordering keeps, computed once per trace.
pub struct SourceFinder<'a> {
    trace: &'a Trace,
    pub must: MustOrder,
    sections: Sections,
}

impl<'a> SourceFinder<'a> {
    pub fn new(trace: &'a Trace) -> SourceFinder<'a> {
        SourceFinder { trace, must: MustOrder::new(trace), sections: Sections::new(trace) }
    }

    /// Sources of the reads `reads` of one location whose writes are `writes` (both in
    /// trace order).
    pub fn sources(&self, writes: &[usize], reads: &[usize]) -> Vec<Sources> {
        let (must, sections) = (&self.must, &self.sections);
        let thread = |i: usize| self.trace.events[i].thread;
        // Each write's next write of the same thread (the location is the same).
        let mut next_own: FxHashMap<usize, usize> = FxHashMap::default();
        let mut last_of_thread: FxHashMap<usize, usize> = FxHashMap::default();
        for &w in writes {
            if let Some(prev) = last_of_thread.insert(thread(w), w) {
                next_own.insert(prev, w);
            }
        }
        // A later write of `w`'s section of lock `m` comes before everything a later
        // section of `m` holds.
        let covered_in_section = |w: usize, m: u64| {
            let (Some(s), Some(&n)) = (sections.of(w, m), next_own.get(&w)) else { return false };
            sections.within(s, n)
        };
        reads
            .iter()
            .map(|&r| {
                // The latest write of each thread that must happen before the read.
                let mut must_before: FxHashMap<usize, usize> = FxHashMap::default();
                for &w in writes {
                    if must.before(w, r) {
                        must_before.insert(thread(w), w);
                    }
                }
                let own = must_before.get(&thread(r)).copied();
                let candidates = writes
                    .iter()
                    .copied()
                    .filter(|&w| {
                        if must.before(r, w) || must_before.values().any(|&m| m != w && must.before(w, m)) {
                            return false;
                        }
                        // Lock sections: only when the read and the write hold one lock
                        // in different sections.
                        !sections.shared(r, w).any(|(m, sr)| {
                            let own_write_first = own.is_some_and(|o| o != w && sections.of(o, m) == Some(sr));
                            own_write_first || covered_in_section(w, m)
                        })
                    })
                    .collect();
                Sources { writes: candidates, initial: must_before.is_empty() }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ravel_ir::SrcLoc;
    use ravel_sym::ExprId;
    use ravel_vm::{RecEvent, RecKind};

    fn ev(thread: usize, kind: RecKind) -> RecEvent {
        RecEvent { thread, step: 0, at: SrcLoc::default(), kind }
    }

    fn read() -> RecKind {
        RecKind::Read { addr: 64, bytes: 4, var: 0, value: 0, atomic: false }
    }

    fn write() -> RecKind {
        RecKind::Write { addr: 64, bytes: 4, value: ExprId(0), old: 0, atomic: false }
    }

    fn trace(events: Vec<RecEvent>) -> Trace {
        let n = events.len();
        Trace::from_events(events, vec![true; n])
    }

    fn sources_of(t: &Trace) -> Vec<Sources> {
        let writes: Vec<usize> =
            (0..t.events.len()).filter(|&i| matches!(t.events[i].kind, RecKind::Write { .. })).collect();
        let reads: Vec<usize> =
            (0..t.events.len()).filter(|&i| matches!(t.events[i].kind, RecKind::Read { .. })).collect();
        SourceFinder::new(t).sources(&writes, &reads)
    }

    #[test]
    fn a_write_overwritten_in_its_section_is_no_source_of_another_section() {
        // Thread 1 writes x twice in one section; thread 2 reads x in its own section.
        let (lock, unlock) = (RecKind::Lock { mutex: 8 }, RecKind::Unlock { mutex: 8 });
        let t = trace(vec![
            ev(0, RecKind::Spawn { child: 1 }),
            ev(0, RecKind::Spawn { child: 2 }),
            ev(1, lock.clone()),
            ev(1, write()),
            ev(1, write()),
            ev(1, unlock.clone()),
            ev(2, lock),
            ev(2, read()),
            ev(2, unlock),
        ]);
        let s = sources_of(&t);
        assert_eq!(s[0].writes, vec![4]);
        assert!(s[0].initial);
        assert_eq!(s[0].fixed(), None);
    }

    #[test]
    fn own_write_first_in_the_section_is_the_fixed_source() {
        let (lock, unlock) = (RecKind::Lock { mutex: 8 }, RecKind::Unlock { mutex: 8 });
        let t = trace(vec![
            ev(0, RecKind::Spawn { child: 1 }),
            ev(1, lock.clone()),
            ev(1, write()),
            ev(1, unlock.clone()),
            ev(0, lock),
            ev(0, write()),
            ev(0, read()),
            ev(0, unlock),
        ]);
        assert_eq!(sources_of(&t)[0].fixed(), Some(5));
    }

    #[test]
    fn a_write_before_a_joined_write_is_no_source() {
        let t = trace(vec![
            ev(0, RecKind::Spawn { child: 1 }),
            ev(1, write()),
            ev(1, write()),
            ev(0, write()),
            ev(0, RecKind::Join { child: 1 }),
            ev(0, read()),
        ]);
        // Thread 1's second write must come between its first one and the read (join);
        // the main thread's write and it are unordered: either can be the latest.
        let s = sources_of(&t);
        assert_eq!(s[0].writes, vec![2, 3]);
        assert!(!s[0].initial);
    }
}
