//! From verified executions and prefixes to a constraint file (`ravel-constraints/2`,
//! read by `crates/rt`). The file lists the *admissible prefixes* the exploration verified
//! (`ravel_explore::Verified`); a native run may follow any of them and runs freely once it
//! has completed one.
//!
//! Within one prefix, two events depend when different threads touch overlapping bytes of
//! one object and one of them writes (mutex operations write their mutex). Each event
//! waits for the last event of every other thread it depends on; earlier ones follow by
//! program order, because a thread completes its events in order. A native run that
//! respects these edges orders every pair of dependent accesses as the verified execution
//! did, so it is equivalent to it: the same values are read, the same branches taken.
//!
//! A whole execution lists only its events that depend on another thread's (the others
//! cannot change what any thread reads). A prefix after which every extension is verified
//! lists all its events: until they have all happened, an access outside the prefix must
//! not come before a prefix event it conflicts with, or the run would not extend it.

use ravel_explore::Verified;
use ravel_vm::native_record::{NamedEvent, ObjectName};
use serde::Serialize;
use std::collections::HashMap;
use std::path::Path;

/// The format tag the runtime checks.
pub const FORMAT: &str = "ravel-constraints/2";

#[derive(Serialize)]
pub struct ConstraintFile {
    pub format: &'static str,
    /// Where the constraints come from, for people reading the file.
    pub source: String,
    /// Executions verified when the file was written.
    pub executions: u64,
    pub objects: Vec<ObjectName>,
    /// Every event some prefix names.
    pub events: Vec<Event>,
    pub prefixes: Vec<Prefix>,
}

/// A named event: the `k`-th access of `thread` to `object`+`offset`.
#[derive(Serialize)]
pub struct Event {
    pub thread: String,
    pub object: u32,
    pub offset: u64,
    pub k: u32,
}

#[derive(Serialize)]
pub struct Prefix {
    /// A whole execution (only its dependent events listed), else a prefix all of whose
    /// extensions are verified (all its events listed).
    pub complete: bool,
    /// In execution order.
    pub events: Vec<PrefixEvent>,
}

#[derive(Serialize)]
pub struct PrefixEvent {
    /// Index into the file's events.
    pub event: u32,
    /// How the event touches its location in this prefix (for conflicts with accesses
    /// outside it).
    pub len: u64,
    pub write: bool,
    /// Events of this prefix (indices into the file's events) it must follow.
    pub after: Vec<u32>,
}

fn depends(a: &NamedEvent, b: &NamedEvent) -> bool {
    a.thread != b.thread
        && (a.writes() || b.writes())
        && a.offset < b.offset + b.len.max(1)
        && b.offset < a.offset + a.len.max(1)
}

/// For each event, the earlier events it must wait for.
fn edges(events: &[NamedEvent]) -> Vec<Vec<usize>> {
    let mut by_object: HashMap<&ObjectName, Vec<usize>> = HashMap::new();
    let mut after = vec![Vec::new(); events.len()];
    for (i, e) in events.iter().enumerate() {
        let earlier = by_object.entry(&e.object).or_default();
        let mut seen: Vec<&str> = Vec::new();
        for &j in earlier.iter().rev() {
            let p = &events[j];
            if !seen.contains(&p.thread.as_str()) && depends(e, p) {
                seen.push(&p.thread);
                after[i].push(j);
            }
        }
        after[i].reverse();
        earlier.push(i);
    }
    after
}

/// Builds the constraint file, naming events and objects once for all prefixes.
#[derive(Default)]
struct Builder {
    objects: Vec<ObjectName>,
    object_ids: HashMap<ObjectName, u32>,
    events: Vec<Event>,
    event_ids: HashMap<(String, u32, u64, u32), u32>,
}

impl Builder {
    fn object(&mut self, o: &ObjectName) -> u32 {
        if let Some(&i) = self.object_ids.get(o) {
            return i;
        }
        self.objects.push(o.clone());
        let i = self.objects.len() as u32 - 1;
        self.object_ids.insert(o.clone(), i);
        i
    }

    fn event(&mut self, e: &NamedEvent) -> u32 {
        let object = self.object(&e.object);
        let key = (e.thread.clone(), object, e.offset, e.k);
        if let Some(&i) = self.event_ids.get(&key) {
            return i;
        }
        self.events.push(Event { thread: e.thread.clone(), object, offset: e.offset, k: e.k });
        let i = self.events.len() as u32 - 1;
        self.event_ids.insert(key, i);
        i
    }

    /// Adds the prefix `events` (in execution order): a whole execution when `complete`.
    fn prefix(&mut self, events: &[NamedEvent], complete: bool) -> Prefix {
        let after = edges(events);
        let mut listed = vec![!complete; events.len()];
        for (i, a) in after.iter().enumerate() {
            if !a.is_empty() {
                listed[i] = true;
            }
            for &j in a {
                listed[j] = true;
            }
        }
        let mut ids = vec![u32::MAX; events.len()];
        let mut out = Vec::new();
        for (i, e) in events.iter().enumerate().filter(|(i, _)| listed[*i]) {
            ids[i] = self.event(e);
            out.push(PrefixEvent {
                event: ids[i],
                len: e.len.max(1),
                write: e.writes(),
                after: after[i].iter().map(|&j| ids[j]).collect(),
            });
        }
        Prefix { complete, events: out }
    }
}

/// The constraint file of the admissible prefixes `verified`; `source` says where they
/// come from.
pub fn from_verified(verified: &Verified, source: String) -> ConstraintFile {
    let mut b = Builder::default();
    let prefixes = verified.entries.iter().map(|e| b.prefix(&e.named.events[..e.events], e.complete)).collect();
    ConstraintFile {
        format: FORMAT,
        source,
        executions: verified.classes,
        objects: b.objects,
        events: b.events,
        prefixes,
    }
}

/// The constraint file that keeps native runs equivalent to the one execution `events`.
pub fn from_execution(events: &[NamedEvent], source: String) -> ConstraintFile {
    let mut b = Builder::default();
    let prefixes = vec![b.prefix(events, true)];
    ConstraintFile { format: FORMAT, source, executions: 1, objects: b.objects, events: b.events, prefixes }
}

/// The constraint file of a program whose every schedule is verified: one empty prefix.
pub fn everything(executions: u64, source: String) -> ConstraintFile {
    let prefixes = vec![Prefix { complete: false, events: Vec::new() }];
    ConstraintFile { format: FORMAT, source, executions, objects: Vec::new(), events: Vec::new(), prefixes }
}

/// Writes `file` to `path` atomically (a temporary file beside it, renamed), so that a
/// program starting meanwhile reads either the old constraints or the new ones.
/// The constraints of an execution that ends in an error, up to the error: every event
/// listed, so that until the run has done them all no access outside them comes before
/// one it conflicts with (which would change what the erring thread reads).
pub fn from_error_prefix(events: &[NamedEvent], source: String) -> ConstraintFile {
    let mut b = Builder::default();
    let prefixes = vec![b.prefix(events, false)];
    ConstraintFile { format: FORMAT, source, executions: 1, objects: b.objects, events: b.events, prefixes }
}

pub fn write(path: &Path, file: &ConstraintFile) -> anyhow::Result<()> {
    crate::output::write_file(path, serde_json::to_string(file)?.as_bytes())
}

/// Size of a constraint file: admissible prefixes, their listed events and orderings.
pub struct Size {
    pub executions: u64,
    pub prefixes: usize,
    pub events: usize,
    pub orderings: usize,
    /// Whether a prefix is empty: nothing is enforced.
    pub free: bool,
}

/// The size of the constraint file at `path`.
pub fn size(path: &Path) -> anyhow::Result<Size> {
    use anyhow::Context;
    let text = crate::input_file::read_text(path)?;
    let v: serde_json::Value =
        serde_json::from_str(&text).with_context(|| format!("{} is not JSON", path.display()))?;
    if v["format"] != FORMAT {
        anyhow::bail!("{} is not a {FORMAT} file", path.display());
    }
    let prefixes = v["prefixes"].as_array().map_or(&[][..], |a| a.as_slice());
    let listed = |p: &serde_json::Value| p["events"].as_array().map_or(&[][..], |a| a.as_slice()).to_vec();
    let mut size = Size {
        executions: v["executions"].as_u64().unwrap_or(0),
        prefixes: prefixes.len(),
        events: 0,
        orderings: 0,
        free: false,
    };
    for p in prefixes {
        let events = listed(p);
        size.free |= events.is_empty();
        size.events += events.len();
        size.orderings += events.iter().map(|e| e["after"].as_array().map_or(0, |a| a.len())).sum::<usize>();
    }
    Ok(size)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ravel_vm::AccessKind;

    fn ev(thread: &str, offset: u64, k: u32, kind: AccessKind) -> NamedEvent {
        let object = ObjectName::Global { symbol: "x".into() };
        NamedEvent { thread: thread.into(), object, offset, len: 4, k, kind, sync: false, epoch: 0 }
    }

    #[test]
    fn a_write_waits_for_every_earlier_reader() {
        use AccessKind::*;
        let events =
            [ev("[0]", 0, 0, Write), ev("[0.1]", 0, 0, Read), ev("[0.2]", 0, 0, Read), ev("[0.3]", 0, 0, Write)];
        let f = from_execution(&events, String::new());
        let after: Vec<_> = f.prefixes[0].events.iter().map(|e| e.after.clone()).collect();
        assert_eq!(after, [vec![], vec![0], vec![0], vec![0, 1, 2]]);
    }

    #[test]
    fn independent_events_are_left_out() {
        use AccessKind::*;
        let events = [ev("[0]", 0, 0, Read), ev("[0.1]", 0, 0, Read), ev("[0.1]", 8, 0, Write)];
        assert!(from_execution(&events, String::new()).events.is_empty());
    }

    #[test]
    fn a_prefix_lists_every_event_and_names_shared_events_once() {
        use AccessKind::*;
        let events = [ev("[0]", 0, 0, Read), ev("[0.1]", 0, 0, Read), ev("[0.1]", 8, 0, Write)];
        let mut b = Builder::default();
        let whole = b.prefix(&events, true);
        let prefix = b.prefix(&events[..2], false);
        assert!(whole.events.is_empty());
        assert_eq!(prefix.events.len(), 2);
        assert_eq!(b.events.len(), 2);
    }
}
