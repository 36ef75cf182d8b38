//! The epoch tree: the executions grouped, epoch by epoch, by their synchronisation order
//! in that epoch. Two executions with the same order of events on every synchronisation
//! object are one schedule (their linearisations may differ; the runtime enforces only the
//! per-object orders), and the schedule's constraint is the disjunction of their path
//! conditions. The next epoch's schedules are grouped among the executions of one
//! schedule only, so a selector walks the tree from the root.

use crate::dag::Dag;
use crate::observe::{Ending, Execution};
use ravel_schedule_format::{Epoch, Event, Failing, Schedule};
use rustc_hash::{FxHashMap, FxHashSet};

/// An execution as the tree sees it: pieces of executions, each a range of its epochs
/// renumbered by a shift. Without joins every view is one whole execution; with them, an
/// execution that stopped at an epoch-start state goes on as each continuation of that
/// state that another execution's path explored.
#[derive(Clone, Debug)]
pub struct View {
    pieces: Vec<Piece>,
}

#[derive(Clone, Copy, Debug)]
struct Piece {
    exec: u32,
    /// The piece's first epoch, in the execution's own numbering.
    from: u32,
    /// Its epoch `x` is the view's epoch `x + shift`.
    shift: i64,
}

/// The executions with the continuations of each epoch-start state.
pub struct Source<'a> {
    execs: &'a [Execution],
    /// State → (execution that went on past it, the epoch it starts there).
    owners: FxHashMap<u32, Vec<(usize, u32)>>,
    /// The states every continuation of which has events of its own (so an execution
    /// stopped there certainly goes on to the next epoch).
    continued: FxHashSet<u32>,
}

impl<'a> Source<'a> {
    pub fn new(execs: &'a [Execution], owners: FxHashMap<u32, Vec<(usize, u32)>>) -> Source<'a> {
        let mut memo = FxHashMap::default();
        let states: Vec<u32> = owners.keys().copied().collect();
        for s in states {
            continues(execs, &owners, s, &mut memo);
        }
        let continued = memo.into_iter().filter(|&(_, c)| c).map(|(s, _)| s).collect();
        Source { execs, owners, continued }
    }

    /// Every execution from its start.
    pub fn all(&self) -> Vec<View> {
        (0..self.execs.len() as u32).map(|exec| View { pieces: vec![Piece { exec, from: 0, shift: 0 }] }).collect()
    }

    /// The execution `v` ends as.
    fn exec(&self, v: &View) -> &'a Execution {
        &self.execs[v.pieces.last().expect("a view has pieces").exec as usize]
    }

    /// Where the last piece of `v` stopped to join, in the view's numbering.
    fn stop(&self, v: &View) -> Option<(i64, u32)> {
        let last = v.pieces.last()?;
        let e = &self.execs[last.exec as usize];
        e.joined.then(|| e.states.last().map(|&(b, s)| (b as i64 + last.shift, s))).flatten()
    }

    /// Whether `v` was cut (`--prefix`) in epoch `epoch`, its last.
    fn cut_in(&self, v: &View, epoch: u32) -> bool {
        self.exec(v).cut && self.epochs(v) == epoch as i64 + 1
    }

    /// The events of `v` with their epochs in the view's numbering.
    fn events<'v>(&'v self, v: &'v View) -> impl Iterator<Item = (i64, u32)> + 'v {
        v.pieces.iter().enumerate().flat_map(move |(i, p)| {
            let until = v.pieces.get(i + 1).map_or(i64::MAX, |n| n.from as i64 + n.shift);
            self.execs[p.exec as usize]
                .events
                .iter()
                .filter(move |(ep, _)| *ep >= p.from && (*ep as i64 + p.shift) < until)
                .map(move |&(ep, ev)| (ep as i64 + p.shift, ev))
        })
    }

    /// The epochs of `v` (it ends in the last; a view still stopped goes on).
    fn epochs(&self, v: &View) -> i64 {
        if self.stop(v).is_some() {
            return i64::MAX;
        }
        self.events(v).map(|(ep, _)| ep + 1).max().unwrap_or(1)
    }

    /// `views` with each one stopped at a state that starts epoch `epoch` or earlier
    /// continued as every continuation of that state, and also those stopped at one that
    /// starts epoch `epoch + 1` unless every continuation goes on (so their ending is
    /// known). The continuations' path conditions hold the stopped one's: the state
    /// includes it.
    fn expand(&self, views: &[View], epoch: u32) -> Vec<View> {
        let mut out = Vec::new();
        let mut todo: Vec<View> = views.to_vec();
        // Views stopped at one state that agree in this epoch go on alike: once is enough.
        let mut seen: FxHashSet<(u32, i64, Vec<u32>)> = FxHashSet::default();
        while let Some(v) = todo.pop() {
            match self.stop(&v) {
                Some((at, s)) if at <= epoch as i64 || at == epoch as i64 + 1 && !self.continued.contains(&s) => {
                    if !seen.insert((s, at, self.segment(&v, epoch))) {
                        continue;
                    }
                    for &(f, from) in self.owners.get(&s).map_or(&[][..], |o| &o[..]) {
                        let mut pieces = v.pieces.clone();
                        pieces.push(Piece { exec: f as u32, from, shift: at - from as i64 });
                        todo.push(View { pieces });
                    }
                }
                _ => out.push(v),
            }
        }
        out
    }

    /// The events of `v` in epoch `epoch`, in execution order.
    fn segment(&self, v: &View, epoch: u32) -> Vec<u32> {
        self.events(v).filter(|(ep, _)| *ep == epoch as i64).map(|(_, ev)| ev).collect()
    }
}

/// Whether every continuation of state `s` has events (or stops at once at a state
/// whose continuations all do); memoised in `memo`.
fn continues(
    execs: &[Execution],
    owners: &FxHashMap<u32, Vec<(usize, u32)>>,
    s: u32,
    memo: &mut FxHashMap<u32, bool>,
) -> bool {
    if let Some(&c) = memo.get(&s) {
        return c;
    }
    let mut all = true;
    for &(f, from) in owners.get(&s).map_or(&[][..], |o| &o[..]) {
        let e = &execs[f];
        let own = e.events.iter().any(|&(ep, _)| ep >= from);
        let next = e.joined.then(|| e.states.last()).flatten().filter(|&&(b, _)| b == from);
        all &= own || next.is_some_and(|&(_, n)| continues(execs, owners, n, memo));
    }
    memo.insert(s, all);
    all
}

/// The per-object order of a segment: its events sorted by object and offset, execution
/// order kept within each.
fn key(segment: &[u32], events: &[Event]) -> Vec<u32> {
    let mut k = segment.to_vec();
    k.sort_by_key(|&e| (events[e as usize].object, events[e as usize].offset));
    k
}

/// One epoch's schedules without the epochs below them: for each schedule, the views
/// that go on to the next epoch.
pub struct Level {
    pub epoch: Epoch,
    pub later: Vec<Vec<View>>,
}

/// Builds epoch `epoch` from `views`, which share their orders in the epochs before it;
/// the schedules come busiest-thread-lightest first (`decision::parallel_first`).
pub fn level(src: &Source, views: &[View], epoch: u32, events: &[Event], dag: &mut Dag) -> Level {
    let views = src.expand(views, epoch);
    let ok = |v: &View| src.exec(v).ending == Ending::Ok;
    let mut groups: Vec<(Vec<u32>, Vec<View>)> = Vec::new();
    let mut by_key: FxHashMap<Vec<u32>, usize> = FxHashMap::default();
    for v in views.iter().filter(|v| ok(v)) {
        let seg = src.segment(v, epoch);
        let i = *by_key.entry(key(&seg, events)).or_insert_with(|| {
            groups.push((seg, Vec::new()));
            groups.len() - 1
        });
        groups[i].1.push(v.clone());
    }
    // A failing execution belongs below a schedule when its order so far is one; else it
    // fails here (its error may come in a later epoch).
    let mut failing_here: Vec<(Vec<u32>, &Execution)> = Vec::new();
    for v in views.iter().filter(|v| !ok(v)) {
        let seg = src.segment(v, epoch);
        match by_key.get(&key(&seg, events)) {
            Some(&i) if src.epochs(v) > epoch as i64 + 1 => groups[i].1.push(v.clone()),
            _ => failing_here.push((seg, src.exec(v))),
        }
    }
    let mut built: Vec<(Schedule, Vec<View>)> = groups
        .into_iter()
        .map(|(seg, members)| {
            let pcs: Vec<u32> = members.iter().filter(|v| ok(v)).map(|v| src.exec(v).pc).collect();
            let ending: Vec<u32> =
                members.iter().filter(|v| ok(v) && src.epochs(v) == epoch as i64 + 1).map(|v| src.exec(v).pc).collect();
            // A prefix schedule: some member stopped after this epoch's first events, so
            // the run is left free after them (nothing below it is enforced).
            let free_after = members.iter().any(|v| src.cut_in(v, epoch));
            let later: Vec<View> = members.iter().filter(|v| src.epochs(v) > epoch as i64 + 1).cloned().collect();
            let schedule = Schedule {
                constraint: dag.or_all(&pcs),
                ends: (!ending.is_empty()).then(|| dag.or_all(&ending)),
                executions: pcs.len() as u64,
                events: seg,
                next: None,
                free_after,
            };
            let later = if later.iter().any(ok) && !free_after { later } else { Vec::new() };
            (schedule, later)
        })
        .collect();
    built.sort_by_cached_key(|(s, _)| crate::decision::busiest_first(s, events));
    let (schedules, later) = built.into_iter().unzip();
    let epoch = Epoch { schedules, failing: failing(&failing_here, events, dag), selector: Vec::new() };
    Level { epoch, later }
}

/// The failing executions of an epoch, one entry per order and error kind.
fn failing(execs: &[(Vec<u32>, &Execution)], events: &[Event], dag: &mut Dag) -> Vec<Failing> {
    let mut out: Vec<(Vec<u32>, Failing, Vec<u32>)> = Vec::new();
    for (seg, e) in execs {
        let Ending::Failing { kind, message } = &e.ending else { continue };
        let k = key(seg, events);
        match out.iter_mut().find(|(ok, f, _)| *ok == k && f.kind == *kind) {
            Some((_, _, pcs)) => pcs.push(e.pc),
            None => {
                let f = Failing { kind: kind.clone(), message: message.clone(), constraint: 0, events: seg.clone() };
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

    fn exec(dag: &mut Dag, input: u32, events: Vec<(u32, u32)>, ending: Ending) -> Execution {
        let pc = dag.add(Node::Input { index: input, bits: 1 });
        Execution { events, pc, ending, states: Vec::new(), joined: false, cut: false }
    }

    fn build(execs: &[Execution], events: &[Event], dag: &mut Dag) -> Level {
        let src = Source::new(execs, FxHashMap::default());
        level(&src, &src.all(), 0, events, dag)
    }

    #[test]
    fn same_per_object_order_is_one_schedule() {
        // Two mutexes: [0.1] takes object 0, [0.2] object 1; the global order differs.
        let events = vec![ev("[0.1]", 0, 0), ev("[0.2]", 1, 0), ev("[0.1]", 1, 0)];
        let mut dag = Dag::default();
        let a = exec(&mut dag, 0, vec![(0, 0), (0, 1), (0, 2)], Ending::Ok);
        let b = exec(&mut dag, 1, vec![(0, 1), (0, 0), (0, 2)], Ending::Ok);
        let c = exec(&mut dag, 2, vec![(0, 0), (0, 2), (0, 1)], Ending::Ok);
        let root = build(&[a, b, c], &events, &mut dag);
        assert_eq!(root.epoch.schedules.len(), 2, "a and b agree per object; c orders object 1 otherwise");
        assert_eq!(root.epoch.schedules.iter().map(|s| s.executions).max(), Some(2));
        assert!(root.later.iter().all(|l| l.is_empty()));
    }

    #[test]
    fn epochs_nest_and_failures_stay_out_of_constraints() {
        let events = vec![ev("[0.1]", 0, 0), ev("[0.2]", 0, 0)];
        let mut dag = Dag::default();
        let ok = exec(&mut dag, 0, vec![(0, 0), (1, 1)], Ending::Ok);
        let deadlock = Ending::Failing { kind: "deadlock".into(), message: "stuck".into() };
        let bad = exec(&mut dag, 1, vec![(0, 0), (1, 0)], deadlock);
        let (ok_pc, execs) = (ok.pc, [ok, bad]);
        let src = Source::new(&execs, FxHashMap::default());
        let root = level(&src, &src.all(), 0, &events, &mut dag);
        assert_eq!(root.epoch.schedules.len(), 1);
        assert!(root.epoch.failing.is_empty());
        assert_eq!(root.epoch.schedules[0].constraint, ok_pc, "only the error-free execution");
        let next = level(&src, &root.later[0], 1, &events, &mut dag);
        assert_eq!(next.epoch.schedules.len(), 1);
        assert_eq!(next.epoch.failing.len(), 1);
        assert_eq!(next.epoch.failing[0].kind, "deadlock");
    }

    #[test]
    fn a_cut_execution_makes_a_prefix_schedule_with_nothing_below() {
        // Both executions order [0.1] first on object 0; the first was cut there (its
        // epoch 1 is not in the tree), the second went on to epoch 1 and is merged into
        // the prefix schedule, whose run is free after its events.
        let events = vec![ev("[0.1]", 0, 0), ev("[0.1]", 1, 0)];
        let mut dag = Dag::default();
        let mut cut = exec(&mut dag, 0, vec![(0, 0)], Ending::Ok);
        cut.cut = true;
        let on = exec(&mut dag, 1, vec![(0, 0), (1, 1)], Ending::Ok);
        let uncut = exec(&mut dag, 2, vec![(0, 1)], Ending::Ok);
        let root = build(&[cut, on, uncut], &events, &mut dag);
        let free: Vec<bool> = root.epoch.schedules.iter().map(|s| s.free_after).collect();
        assert_eq!(free.iter().filter(|&&f| f).count(), 1, "{free:?}");
        for (s, later) in root.epoch.schedules.iter().zip(&root.later) {
            assert!(later.is_empty(), "nothing below a prefix schedule, nor after [0.1] on object 1");
            assert_eq!(s.free_after, s.events == vec![0]);
        }
    }

    #[test]
    fn a_joined_execution_goes_on_as_the_states_owner() {
        // Epoch 0: [0.1] or [0.2] first on object 0; both reach state 7, which the first
        // execution explores on (its epoch 1: [0.1] on object 1); the second stopped there.
        let events = vec![ev("[0.1]", 0, 0), ev("[0.2]", 0, 0), ev("[0.1]", 1, 0)];
        let mut dag = Dag::default();
        let mut first = exec(&mut dag, 0, vec![(0, 0), (0, 1), (1, 2)], Ending::Ok);
        first.states = vec![(1, 7)];
        let mut second = exec(&mut dag, 1, vec![(0, 1), (0, 0)], Ending::Ok);
        second.states = vec![(1, 7)];
        second.joined = true;
        let execs = [first, second];
        let owners = FxHashMap::from_iter([(7, vec![(0, 1)])]);
        let src = Source::new(&execs, owners);
        let root = level(&src, &src.all(), 0, &events, &mut dag);
        assert_eq!(root.epoch.schedules.len(), 2);
        for later in &root.later {
            let next = level(&src, later, 1, &events, &mut dag);
            assert_eq!(next.epoch.schedules.len(), 1);
            assert_eq!(next.epoch.schedules[0].events, vec![2], "the owner's epoch 1 below both orders");
        }
    }
}
