//! Candidate violations of a trace, each with the query that asks for a reordering
//! reaching it: failing guards that lead into an assertion failure, into a critical
//! section whose writes an assertion may read, or into a lock operation (lock misuse),
//! pairs of conflicting accesses (races), and local–remote–local access
//! triples inside one critical section (atomicity). Pairs and triples are pruned first by
//! the orders every reordering keeps (must-happen-before) and by locksets.

use crate::encode::Query;
use crate::trace::{access, atomic, word, Trace};
use ravel_ir::{Builtin, Callee, Inst, Program, SrcLoc};
use ravel_sym::ExprPool;
use ravel_vm::{GuardOrigin, RecKind};
use rustc_hash::{FxHashMap, FxHashSet};

/// A property `ravel predict` checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PropertyKind {
    /// Assertion failures (`assert`, `ravel_assert`, the error function).
    Assert,
    /// Data races.
    Race,
    /// Three-access atomicity violations of critical sections.
    Atomicity,
    /// Double lock, unlock of a mutex not held.
    Locks,
}

impl PropertyKind {
    pub fn name(self) -> &'static str {
        match self {
            PropertyKind::Assert => "assertion",
            PropertyKind::Race => "data race",
            PropertyKind::Atomicity => "atomicity violation",
            PropertyKind::Locks => "lock misuse",
        }
    }
}

/// One candidate violation.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub kind: PropertyKind,
    pub query: Query,
    /// The event at the cut (its thread diverges there for failing guards).
    pub target: usize,
    /// Source places of the events involved: candidates at the same places are one
    /// violation (the first one confirmed stands for the rest).
    pub site: [SrcLoc; 3],
}

/// The candidates of a trace.
pub struct Candidates {
    /// Before pruning.
    pub found: usize,
    pub list: Vec<Candidate>,
}

/// Dynamic instances tried per source site.
const PER_SITE: usize = 4;

impl Candidate {
    /// What the candidate predicts, in source terms.
    pub fn describe(&self, program: &Program, trace: &Trace) -> String {
        let at = |l: SrcLoc| {
            let file = program.files.get(l.file as usize).map_or("?", |f| f.rsplit('/').next().unwrap_or(f));
            format!("{file}:{}", l.line)
        };
        let t = trace.events[self.target].thread;
        match self.query {
            Query::FailGuard(_) => format!("thread {t} takes the other side of the branch at {}", at(self.site[0])),
            Query::CoEnabled(..) => format!("accesses at {} and {} both next", at(self.site[0]), at(self.site[1])),
            Query::Between(..) => {
                format!("remote access at {} between {} and {}", at(self.site[1]), at(self.site[0]), at(self.site[2]))
            }
        }
    }
}

/// The error calls and lock calls a side of a branch may reach in its function.
#[derive(Default)]
struct Reach {
    error: FxHashSet<u32>,
    lock: FxHashSet<u32>,
}

/// Explores the code from `pc` (without entering calls) for error and lock calls.
fn reach(program: &Program, func: u32, pc: u32) -> Reach {
    let Some(f) = program.functions.get(func as usize) else { return Reach::default() };
    let mut seen = vec![false; f.code.len()];
    let mut stack = vec![pc];
    let mut r = Reach::default();
    let mut budget = 1 << 16;
    while let Some(mut p) = stack.pop() {
        loop {
            budget -= 1;
            if budget == 0 || seen.get(p as usize).is_none_or(|&s| s) {
                break;
            }
            seen[p as usize] = true;
            match &f.code[p as usize] {
                Inst::Call { callee: Callee::Builtin(b), .. } => {
                    use Builtin::*;
                    if matches!(b, AssertFail | ReachError | RavelAssert) {
                        r.error.insert(p);
                    }
                    if matches!(b, MutexLock | MutexUnlock | SpinLock | SpinUnlock) {
                        r.lock.insert(p);
                    }
                }
                Inst::Jump { target } => {
                    p = *target;
                    continue;
                }
                Inst::Branch { then_pc, else_pc, .. } => {
                    stack.push(*then_pc);
                    p = *else_pc;
                    continue;
                }
                Inst::Switch { cases, default, .. } => {
                    stack.extend(cases.iter().map(|(_, t)| *t));
                    p = *default;
                    continue;
                }
                Inst::Ret { .. } | Inst::Unreachable => break,
                _ => {}
            }
            p += 1;
        }
    }
    r
}

/// Whether the other side of a guard reaches (an error call, a lock call) its taken side
/// does not (an assertion's other side is its failure).
fn other_side(program: &Program, origin: GuardOrigin) -> (bool, bool) {
    match origin {
        GuardOrigin::Assert => (true, false),
        GuardOrigin::Branch { func, taken, untaken } => {
            let (other, same) = (reach(program, func, untaken), reach(program, func, taken));
            (other.error.difference(&same.error).next().is_some(), other.lock.difference(&same.lock).next().is_some())
        }
        GuardOrigin::Path => (false, false),
    }
}

/// The candidates of `trace` for `properties`.
pub fn candidates(trace: &Trace, pool: &ExprPool, program: &Program, properties: &[PropertyKind]) -> Candidates {
    let mut out = Candidates { found: 0, list: Vec::new() };
    let mut per_site: FxHashMap<[SrcLoc; 3], usize> = FxHashMap::default();
    let mut push = |out: &mut Candidates, c: Candidate| {
        let n = per_site.entry(c.site).or_default();
        *n += 1;
        if *n <= PER_SITE {
            out.list.push(c);
        }
    };
    let want = |p| properties.contains(&p);
    // Failing guards, each with what only its other side reaches.
    let guards: Vec<(usize, (bool, bool))> = (trace.events.iter().enumerate())
        .filter_map(|(i, e)| match e.kind {
            RecKind::Guard { cond, origin } if pool.as_const(cond).is_none() => Some((i, other_side(program, origin))),
            _ => None,
        })
        .collect();
    // An assertion whose outcome depends on shared values may read what a critical section
    // only the other side of a branch enters writes (a check-then-act split over two
    // critical sections): such branches are assertion candidates too, confirmed by
    // exploring on from the divergence.
    let asserts = guards.iter().any(|&(_, (error, _))| error);
    for &(i, (error, lock)) in &guards {
        let kind = if (error || lock && asserts) && want(PropertyKind::Assert) {
            PropertyKind::Assert
        } else if lock && want(PropertyKind::Locks) {
            PropertyKind::Locks
        } else {
            continue;
        };
        out.found += 1;
        push(&mut out, Candidate { kind, query: Query::FailGuard(i), target: i, site: [trace.events[i].at; 3] });
    }
    if !want(PropertyKind::Race) && !want(PropertyKind::Atomicity) {
        return out;
    }
    let clocks = trace.must_clocks();
    let locks = trace.locksets();
    let hb = |a: usize, b: usize| clocks[b][trace.events[a].thread] >= trace.position(a);
    let mut by_word: FxHashMap<u64, Vec<usize>> = FxHashMap::default();
    for (i, e) in trace.events.iter().enumerate() {
        if let Some((a, _, _)) = access(&e.kind) {
            by_word.entry(word(a)).or_default().push(i);
        }
    }
    let mut words: Vec<u64> = by_word.keys().copied().collect();
    words.sort_unstable();
    if want(PropertyKind::Race) {
        for w in &words {
            let list = &by_word[w];
            for (k, &a) in list.iter().enumerate() {
                for &b in &list[k + 1..] {
                    let (ea, eb) = (&trace.events[a], &trace.events[b]);
                    let (Some((s1, e1, w1)), Some((s2, e2, w2))) = (access(&ea.kind), access(&eb.kind)) else {
                        continue;
                    };
                    let both_atomic = atomic(&ea.kind) && atomic(&eb.kind);
                    if ea.thread == eb.thread || !(w1 || w2) || s1 >= e2 || s2 >= e1 || both_atomic {
                        continue;
                    }
                    out.found += 1;
                    if hb(a, b) || hb(b, a) || locks[a].iter().any(|m| locks[b].contains(m)) {
                        continue;
                    }
                    push(
                        &mut out,
                        Candidate {
                            kind: PropertyKind::Race,
                            query: Query::CoEnabled(a, b),
                            target: b,
                            site: [ea.at, eb.at, SrcLoc::default()],
                        },
                    );
                }
            }
        }
    }
    if want(PropertyKind::Atomicity) {
        atomicity(trace, &by_word, &locks, &hb, &mut out, &mut push);
    }
    out
}

/// Local–remote–local triples on one word inside one critical section whose order is not
/// serialisable (R-W-R, W-W-R, R-W-W, W-R-W, W-W-W), the remote access not holding the
/// section's lock and not ordered before the first or after the last local access.
fn atomicity(
    trace: &Trace,
    by_word: &FxHashMap<u64, Vec<usize>>,
    locks: &[Vec<u64>],
    hb: &dyn Fn(usize, usize) -> bool,
    out: &mut Candidates,
    push: &mut dyn FnMut(&mut Candidates, Candidate),
) {
    let writes = |i: usize| access(&trace.events[i].kind).is_some_and(|(_, _, w)| w);
    // ravel_atomic_begin/end regions run without interruption in the vm: only lock
    // sections can be violated.
    for (m, t, acq, rel) in trace.sections().into_iter().filter(|s| s.0 != u64::MAX) {
        let end = rel.unwrap_or(usize::MAX);
        let inside: Vec<usize> = trace.threads[t].iter().copied().filter(|&i| i > acq && i < end).collect();
        for (k, &a) in inside.iter().enumerate() {
            let Some((sa, _, _)) = access(&trace.events[a].kind) else { continue };
            let Some(list) = by_word.get(&word(sa)) else { continue };
            // The next local access of the same word.
            let Some(&b) = inside[k + 1..]
                .iter()
                .find(|&&j| access(&trace.events[j].kind).is_some_and(|(s, _, _)| word(s) == word(sa)))
            else {
                continue;
            };
            for &r in list {
                if trace.events[r].thread == t {
                    continue;
                }
                let (wa, wr, wb) = (writes(a), writes(r), writes(b));
                let unserialisable = matches!(
                    (wa, wr, wb),
                    (false, true, false)
                        | (true, true, false)
                        | (false, true, true)
                        | (true, false, true)
                        | (true, true, true)
                );
                if !unserialisable {
                    continue;
                }
                out.found += 1;
                if locks[r].contains(&m) || hb(r, a) || hb(b, r) {
                    continue;
                }
                push(
                    out,
                    Candidate {
                        kind: PropertyKind::Atomicity,
                        query: Query::Between(a, r, b),
                        target: b,
                        site: [trace.events[a].at, trace.events[r].at, trace.events[b].at],
                    },
                );
            }
        }
    }
}
