//! From one verified execution's named events to a constraint file
//! (`ravel-constraints/1`, read by `crates/rt`): the happens-before order of the
//! execution's dependent events. Two events depend when different threads touch
//! overlapping bytes of one object and one of them writes (mutex operations write their
//! mutex). Each event waits for the last event of every other thread it depends on;
//! earlier ones follow by program order, because a thread completes its events in order.
//! A native run that respects these edges orders every pair of dependent accesses as the
//! verified execution did, so it is equivalent to it: the same values are read, the same
//! branches taken, the same outcome.

use ravel_vm::native_record::{NamedEvent, ObjectName};
use serde::Serialize;
use std::collections::HashMap;

/// The format tag the runtime checks.
pub const FORMAT: &str = "ravel-constraints/1";

#[derive(Serialize)]
pub struct ConstraintFile {
    pub format: &'static str,
    /// Where the constraints come from, for people reading the file.
    pub source: String,
    pub objects: Vec<ObjectName>,
    pub events: Vec<Event>,
}

#[derive(Serialize)]
pub struct Event {
    pub thread: String,
    pub object: u32,
    pub offset: u64,
    pub k: u32,
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

/// The constraint file that keeps native runs equivalent to the execution `events`
/// (listed in execution order); `source` says where it comes from.
pub fn build(events: &[NamedEvent], source: String) -> ConstraintFile {
    let after = edges(events);
    let mut involved = vec![false; events.len()];
    for (i, a) in after.iter().enumerate() {
        if !a.is_empty() {
            involved[i] = true;
        }
        for &j in a {
            involved[j] = true;
        }
    }
    let mut index = vec![u32::MAX; events.len()];
    let mut objects: Vec<ObjectName> = Vec::new();
    let mut out = Vec::new();
    for (i, e) in events.iter().enumerate().filter(|(i, _)| involved[*i]) {
        index[i] = out.len() as u32;
        let object = match objects.iter().position(|o| *o == e.object) {
            Some(p) => p,
            None => {
                objects.push(e.object.clone());
                objects.len() - 1
            }
        } as u32;
        out.push(Event {
            thread: e.thread.clone(),
            object,
            offset: e.offset,
            k: e.k,
            after: after[i].iter().map(|&j| index[j]).collect(),
        });
    }
    ConstraintFile { format: FORMAT, source, objects, events: out }
}

/// The number of events and of orderings of the constraint file at `path`.
pub fn size(path: &std::path::Path) -> anyhow::Result<(usize, usize)> {
    use anyhow::Context;
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let v: serde_json::Value =
        serde_json::from_str(&text).with_context(|| format!("{} is not JSON", path.display()))?;
    if v["format"] != FORMAT {
        anyhow::bail!("{} is not a {FORMAT} file", path.display());
    }
    let events = v["events"].as_array().map_or(&[][..], |a| a.as_slice());
    let orderings = events.iter().map(|e| e["after"].as_array().map_or(0, |a| a.len())).sum();
    Ok((events.len(), orderings))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ravel_vm::AccessKind;

    fn ev(thread: &str, offset: u64, k: u32, kind: AccessKind) -> NamedEvent {
        let object = ObjectName::Global { symbol: "x".into() };
        NamedEvent { thread: thread.into(), object, offset, len: 4, k, kind }
    }

    #[test]
    fn a_write_waits_for_every_earlier_reader() {
        use AccessKind::*;
        let events =
            [ev("[0]", 0, 0, Write), ev("[0.1]", 0, 0, Read), ev("[0.2]", 0, 0, Read), ev("[0.3]", 0, 0, Write)];
        let f = build(&events, String::new());
        let after: Vec<_> = f.events.iter().map(|e| e.after.clone()).collect();
        assert_eq!(after, [vec![], vec![0], vec![0], vec![0, 1, 2]]);
    }

    #[test]
    fn independent_events_are_left_out() {
        use AccessKind::*;
        let events = [ev("[0]", 0, 0, Read), ev("[0.1]", 0, 0, Read), ev("[0.1]", 8, 0, Write)];
        assert!(build(&events, String::new()).events.is_empty());
    }
}
