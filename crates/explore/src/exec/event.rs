//! Running events on the interpreter: one thread's next event from a snapshot of a state,
//! with the places it touched (the unfold and states engines' step).

use super::races::{check_step, Races};
use super::ScheduleChooser;
use crate::race::RaceDetector;
use crate::WitnessStep;
use ravel_vm::{Loc, LogEntry, Machine};

/// What an event touches: the places of the unfolding's net (`unfold/structure.rs`),
/// which the states engine also uses to tell events apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Place {
    /// A thread's control: its events are ordered.
    Thread(u32),
    /// An object events conflict on.
    Res(Loc),
    /// The path constraint and input variables of symbolic execution, shared by all threads.
    Inputs,
}

/// An interpreter state with what belongs to it: the race detector's happens-before data
/// and the schedule that led there (the witness of an error found from it).
#[derive(Clone)]
pub struct Snapshot {
    pub machine: Machine,
    pub races: RaceDetector,
    pub steps: Vec<WitnessStep>,
}

/// A data race an event met under [`Races::Collect`].
pub struct FoundRace {
    pub error: ravel_vm::ProgramError,
    /// The snapshot's steps up to the one that raced (the witness ends there).
    pub steps: usize,
    /// Which of that step's races it is (`Witness::race_index`).
    pub index: usize,
}

/// What one event did.
pub struct Executed {
    /// Places touched besides the thread's own, sorted.
    pub places: Vec<Place>,
    pub spawned: Vec<u32>,
    /// Choices made, with their number of alternatives.
    pub made: Vec<(u64, u64)>,
    pub step_choices: Vec<usize>,
    /// Set when inputs were only enumerated over a few values.
    pub partial: bool,
    /// Non-atomic shared accesses.
    pub plain: Vec<PlainAccess>,
    /// What the interpreter did for it.
    pub work: crate::Work,
    /// The races it met under [`Races::Collect`].
    pub races: Vec<FoundRace>,
}

/// A non-atomic shared access.
#[derive(Clone, Copy, Debug)]
pub struct PlainAccess {
    pub addr: u64,
    pub len: u64,
    pub write: bool,
}

impl PlainAccess {
    /// Same bytes, at least one write.
    pub fn conflicts(&self, other: &PlainAccess) -> bool {
        (self.write || other.write)
            && self.addr < other.addr + other.len.max(1)
            && other.addr < self.addr + self.len.max(1)
    }
}

/// Runs the next event of thread `t` on `snap` with the given leading choices: its visible
/// operation and local code, and, inside an atomic section, everything up to the section's
/// end (so a section is one event).
pub fn execute(snap: &mut Snapshot, t: u32, forced: &[u64], domain: u64, races: Races) -> Executed {
    let tv = t as usize;
    let sym_before = snap.machine.symbolic_version();
    let work_before = crate::Work::before(&snap.machine);
    let mut chooser = ScheduleChooser { forced: forced.iter().copied().collect(), domain, ..Default::default() };
    let mut places: Vec<Place> = Vec::new();
    let mut spawned: Vec<u32> = Vec::new();
    let mut step_choices = Vec::new();
    let mut plain = Vec::new();
    let mut found = Vec::new();
    loop {
        let first = chooser.made.len();
        snap.machine.step(tv, &mut chooser);
        let log = snap.machine.take_log();
        let met = check_step(&mut snap.races, &mut snap.machine, tv, &log, races);
        let steps = snap.steps.len() + 1;
        found.extend(met.into_iter().enumerate().map(|(index, error)| FoundRace { error, steps, index }));
        for entry in &log {
            match entry {
                LogEntry::Event { loc, .. } | LogEntry::Touch { loc, event: true, .. } => places.push(Place::Res(*loc)),
                LogEntry::Spawn { child } => spawned.push(*child as u32),
                LogEntry::Plain { addr, len, write, .. } => {
                    plain.push(PlainAccess { addr: *addr, len: *len, write: *write })
                }
                LogEntry::Free { addr, len, event: true, .. } => places.extend(
                    crate::footprint::whole_range(*addr, *len, ravel_vm::AccessKind::Write)
                        .map(|(l, ..)| Place::Res(l)),
                ),
                LogEntry::Free { addr, len, event: false, .. } => {
                    plain.push(PlainAccess { addr: *addr, len: *len, write: true })
                }
                LogEntry::Touch { .. } | LogEntry::Channel { .. } => {}
                LogEntry::Flush { addr, .. } => places.push(Place::Res(ravel_vm::Loc::Mem(addr & !7))),
            }
        }
        let choices = chooser.made[first..].iter().map(|(v, _)| *v).collect();
        snap.steps.push(WitnessStep { thread: tv, choices, flush: false, ..Default::default() });
        step_choices.push(chooser.made.len() - first);
        let m = &mut snap.machine;
        if m.end().is_some() || !m.in_atomic(tv) || m.threads()[tv].at_branch || !m.enabled().contains(&tv) {
            break;
        }
    }
    if snap.machine.symbolic_version() != sym_before {
        places.push(Place::Inputs);
    }
    places.sort_unstable();
    places.dedup();
    let mut work = crate::Work::default();
    work.count_step(work_before, &snap.machine, &chooser.made);
    Executed { places, spawned, made: chooser.made, step_choices, partial: chooser.partial, plain, work, races: found }
}
