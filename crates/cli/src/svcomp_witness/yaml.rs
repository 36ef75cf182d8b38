//! YAML violation witnesses (witness format 2.x, `violation_sequence`): one segment per
//! element of the path, each with one `follow` waypoint, and a final segment with the
//! `target` waypoint(s). Format 2.0 and 2.1 have no way to say which thread passes a
//! waypoint; ravel writes format 2.2, whose waypoints carry `thread_id` (main is 0, the
//! k-th thread created is k: ravel's own numbering) and whose segment order is the order
//! across threads. A scheduling step becomes an `assumption` waypoint with the constraint
//! `1` at the operation's place (a thread creation: `function_enter` at the
//! `pthread_create` call), an input a `function_return` waypoint with `\result == V`, and
//! a data race's final segment holds both accesses as targets.

use super::read::{ReadError, Waypoints};
use super::{Event, Place, Violation};
use serde::Serialize;
use serde_norway::Value;

/// The format version ravel writes.
pub const VERSION: &str = "2.2";

#[derive(Serialize)]
struct Entry<'a> {
    entry_type: &'static str,
    metadata: Metadata<'a>,
    content: Vec<Segment<'a>>,
}

#[derive(Serialize)]
struct Metadata<'a> {
    format_version: &'static str,
    uuid: String,
    creation_time: &'a str,
    producer: Producer,
    task: TaskInfo<'a>,
}

#[derive(Serialize)]
struct Producer {
    name: &'static str,
    version: &'static str,
}

#[derive(Serialize)]
struct TaskInfo<'a> {
    input_files: Vec<&'a str>,
    input_file_hashes: std::collections::BTreeMap<&'a str, &'a str>,
    specification: &'a str,
    data_model: &'static str,
    language: &'static str,
}

#[derive(Serialize)]
struct Segment<'a> {
    segment: Vec<WaypointItem<'a>>,
}

#[derive(Serialize)]
struct WaypointItem<'a> {
    waypoint: Waypoint<'a>,
}

#[derive(Serialize)]
struct Waypoint<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    action: &'static str,
    thread_id: usize,
    location: Location<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    constraint: Option<Constraint>,
}

#[derive(Serialize)]
struct Location<'a> {
    file_name: &'a str,
    line: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<u32>,
}

#[derive(Serialize)]
struct Constraint {
    value: String,
    format: &'static str,
}

/// A UUID in the version-4 layout whose bits come from SHA-256 of the creation time (to
/// the nanosecond), the process id and the witness's content: unique per witness written.
fn uuid(content: &str) -> String {
    use sha2::{Digest, Sha256};
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    let mut h = Sha256::new();
    h.update(nanos.to_le_bytes());
    h.update(std::process::id().to_le_bytes());
    h.update(content.as_bytes());
    let mut b: [u8; 16] = h.finalize()[..16].try_into().unwrap_or([0; 16]);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!("{}-{}-{}-{}-{}", &hex[0..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..32])
}

/// The YAML violation witness (format 2.2) of a path, created at `created` (ISO 8601).
pub fn violation(v: &Violation, created: &str) -> Result<String, serde_norway::Error> {
    let file = v.task.program_file.as_str();
    let location =
        |p: &Place| Location { file_name: file, line: p.line.max(1), column: (p.column > 0).then_some(p.column) };
    let mut content = Vec::new();
    for e in &v.events {
        let w = match e {
            Event::Step { place, .. } if place.line == 0 => continue,
            Event::Step { place, creates } => Waypoint {
                kind: if creates.is_some() { "function_enter" } else { "assumption" },
                action: "follow",
                thread_id: place.thread,
                location: location(place),
                constraint: creates.is_none().then(|| Constraint { value: "1".into(), format: "c_expression" }),
            },
            Event::Input { place, value, .. } => Waypoint {
                kind: "function_return",
                action: "follow",
                thread_id: place.thread,
                location: location(place),
                constraint: Some(Constraint { value: format!("\\result == {value}"), format: "acsl_expression" }),
            },
        };
        content.push(Segment { segment: vec![WaypointItem { waypoint: w }] });
    }
    let targets = v
        .targets
        .iter()
        .map(|p| WaypointItem {
            waypoint: Waypoint {
                kind: "target",
                action: "follow",
                thread_id: p.thread,
                location: location(p),
                constraint: None,
            },
        })
        .collect();
    content.push(Segment { segment: targets });
    let body = format!("{:?}", v.events);
    let entry = Entry {
        entry_type: "violation_sequence",
        metadata: Metadata {
            format_version: VERSION,
            uuid: uuid(&body),
            creation_time: created,
            producer: Producer { name: "ravel", version: env!("CARGO_PKG_VERSION") },
            task: TaskInfo {
                input_files: vec![file],
                input_file_hashes: [(file, v.task.program_hash.as_str())].into_iter().collect(),
                specification: &v.task.specification,
                data_model: v.task.data_model(),
                language: "C",
            },
        },
        content,
    };
    // Quoted, so YAML 1.1 readers (PyYAML) keep it a string rather than a timestamp.
    let text = serde_norway::to_string(&vec![entry])?;
    Ok(text.replacen(&format!("creation_time: {created}\n"), &format!("creation_time: '{created}'\n"), 1))
}

fn get<'a>(v: &'a Value, key: &str) -> Option<&'a Value> {
    v.as_mapping().and_then(|m| m.get(key))
}

fn text(v: Option<&Value>) -> Option<String> {
    match v? {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// Reads a YAML violation witness (format 2.0 to 2.2) as waypoints: `follow` waypoints
/// in order (`avoid` ones say nothing about the path), `function_return` constraints as
/// input values, the others as steps at their lines, by their `thread_id` when they have
/// one.
pub fn read(text_in: &str) -> Result<Waypoints, ReadError> {
    let doc: Value = serde_norway::from_str(text_in).map_err(|e| ReadError::Malformed(format!("not YAML: {e}")))?;
    let entries =
        doc.as_sequence().ok_or_else(|| ReadError::Malformed("the document is not a list of entries".into()))?;
    let kind = |e: &Value| text(get(e, "entry_type")).unwrap_or_default();
    let Some(entry) = entries.iter().find(|e| kind(e) == "violation_sequence") else {
        if entries.iter().any(|e| ["invariant_set", "ghost_instrumentation"].contains(&kind(e).as_str())) {
            return Err(ReadError::Correctness);
        }
        return Err(ReadError::Malformed("no entry of type violation_sequence".into()));
    };
    let task = get(entry, "metadata").and_then(|m| get(m, "task"));
    let first_file =
        task.and_then(|t| get(t, "input_files")).and_then(Value::as_sequence).and_then(|s| text(s.first()));
    let hash = match (task.and_then(|t| get(t, "input_file_hashes")), &first_file) {
        (Some(h), Some(f)) => text(get(h, f)),
        _ => None,
    };
    let mut w = Waypoints {
        specification: text(task.and_then(|t| get(t, "specification"))),
        program_file: first_file,
        program_hash: hash,
        ilp32: text(task.and_then(|t| get(t, "data_model"))).map(|d| d == "ILP32"),
        ..Waypoints::default()
    };
    let content = get(entry, "content")
        .and_then(Value::as_sequence)
        .ok_or_else(|| ReadError::Malformed("the violation_sequence has no content list".into()))?;
    for (i, segment) in content.iter().enumerate() {
        let waypoints = get(segment, "segment")
            .and_then(Value::as_sequence)
            .ok_or_else(|| ReadError::Malformed(format!("content item {} is not a segment", i + 1)))?;
        for item in waypoints {
            let wp = get(item, "waypoint").ok_or_else(|| {
                ReadError::Malformed(format!("segment {} holds something else than a waypoint", i + 1))
            })?;
            if text(get(wp, "action")).as_deref() == Some("avoid") {
                continue;
            }
            let thread = match get(wp, "thread_id") {
                None => None,
                Some(t) => Some(t.as_u64().and_then(|t| usize::try_from(t).ok()).ok_or_else(|| {
                    ReadError::Malformed(format!("thread_id {t:?} in segment {} is not a thread number", i + 1))
                })?),
            };
            let line = get(wp, "location").and_then(|l| get(l, "line")).and_then(Value::as_u64);
            let line = line.and_then(|l| u32::try_from(l).ok());
            let ty = text(get(wp, "type")).unwrap_or_default();
            match ty.as_str() {
                "function_return" => {
                    let constraint = text(get(wp, "constraint").and_then(|c| get(c, "value"))).unwrap_or_default();
                    if let Some(v) = super::read::result_value(&constraint) {
                        w.value(thread, v);
                    }
                }
                "assumption" | "function_enter" | "branching" | "target" => w.step(thread, line),
                other => return Err(ReadError::Malformed(format!("unknown waypoint type `{other}`"))),
            }
        }
    }
    Ok(w)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::svcomp_witness::Task;

    #[test]
    fn witnesses_read_back() {
        let p = |thread, line| Place { thread, line, column: 2 };
        let v = Violation {
            task: Task {
                program_file: "t.c".into(),
                program_hash: "ab".into(),
                specification: "S".into(),
                ilp32: false,
            },
            events: vec![
                Event::Step { place: p(0, 3), creates: Some((1, "f".into())) },
                Event::Input { place: p(1, 8), function: "__VERIFIER_nondet_int".into(), value: "-1".into() },
                Event::Step { place: p(1, 9), creates: None },
            ],
            targets: vec![p(0, 4), p(1, 9)],
        };
        let text = violation(&v, "2025-01-01T00:00:00Z").unwrap();
        assert!(text.contains("format_version: '2.2'") || text.contains("format_version: \"2.2\""), "{text}");
        let w = read(&text).unwrap();
        assert_eq!(w.program_hash.as_deref(), Some("ab"));
        assert_eq!(w.ilp32, Some(false));
        let steps: Vec<_> = w.guide.steps.iter().map(|s| (s.thread, s.line)).collect();
        assert_eq!(steps, vec![(Some(0), Some(3)), (Some(1), Some(9)), (Some(0), Some(4)), (Some(1), Some(9))]);
        assert_eq!(w.guide.values, vec![(Some(1), u64::MAX)]);
    }

    #[test]
    fn bad_documents_are_errors() {
        for bad in [
            "",
            "a: b",
            "- entry_type: violation_sequence",
            "- entry_type: violation_sequence\n  content: [1]",
            "- entry_type: violation_sequence\n  content:\n  - segment:\n    - waypoint: {type: jump, action: follow}",
            "- entry_type: violation_sequence\n  content:\n  - segment:\n    - waypoint: {type: target, thread_id: -1}",
            "[[[",
        ] {
            assert!(read(bad).is_err(), "{bad}");
        }
        assert!(matches!(read("- entry_type: invariant_set\n  content: []"), Err(ReadError::Correctness)));
    }
}
