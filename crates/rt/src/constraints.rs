//! The constraint file (`ravel-constraints/2`), as `ravel check --enforce-out` writes it.
//!
//! ```json
//! { "format": "ravel-constraints/2", "executions": 10,
//!   "objects": [ { "global": { "symbol": "x" } },
//!                { "heap": { "thread": "[0.1]", "ordinal": 0 } } ],
//!   "events": [ { "thread": "[0]", "object": 0, "offset": 0, "k": 2 },
//!               { "thread": "[0.1]", "object": 0, "offset": 0, "k": 0 } ],
//!   "prefixes": [ { "complete": true,
//!                   "events": [ { "event": 0, "len": 4, "write": true, "after": [] },
//!                               { "event": 1, "len": 4, "write": false, "after": [0] } ] } ] }
//! ```
//!
//! `prefixes` are the *admissible prefixes*: a run may follow any of them, and is free once
//! it has completed one. Each lists its events in the order of the verified execution;
//! `after` names events of the same prefix, listed earlier, that must have happened first.
//! Since every `after` points backwards, each prefix is acyclic and a run following it can
//! always make progress. A `complete` prefix is a whole execution and lists only its
//! events that depend on another thread's; the others list every event. No prefix: nothing
//! is verified, and nothing may run; an empty prefix: everything is verified.

use serde::Deserialize;

/// The only format version this runtime reads.
pub const FORMAT: &str = "ravel-constraints/2";

/// The file, once its `format` was checked.
#[derive(Deserialize)]
pub struct File {
    format: Option<String>,
    pub objects: Vec<Object>,
    pub events: Vec<Event>,
    pub prefixes: Vec<Prefix>,
}

/// A memory object named independently of its address.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Object {
    Global { symbol: String },
    Heap { thread: String, ordinal: u32 },
}

#[derive(Deserialize)]
pub struct Event {
    pub thread: String,
    pub object: u32,
    pub offset: u64,
    pub k: u32,
}

#[derive(Deserialize)]
pub struct Prefix {
    pub complete: bool,
    /// Every synchronisation event of the run is listed (a schedule of `ravel schedules`,
    /// not an execution of `ravel check` that leaves out independent events): a lock,
    /// wait or atomic read-modify-write the prefix does not list means the run left it.
    #[serde(default)]
    pub exhaustive: bool,
    pub events: Vec<PrefixEvent>,
}

#[derive(Deserialize)]
pub struct PrefixEvent {
    pub event: u32,
    pub len: u64,
    pub write: bool,
    #[serde(default)]
    pub after: Vec<u32>,
}

/// Only the format of a constraint file.
#[derive(Deserialize)]
struct Version {
    format: Option<String>,
}

/// Reads and checks a constraint file.
pub fn load(text: &str) -> Result<File, String> {
    // Parsed once, straight into its types (through a `Value` it took most of a short
    // constrained run); only a file that does not parse is read again for its format, so
    // that a file of another format says so rather than failing on a field.
    let file: File = match serde_json::from_str::<File>(text) {
        Ok(file) => file,
        Err(e) => {
            let version: Version = serde_json::from_str(text).map_err(|_| e.to_string())?;
            return Err(other_format(version.format.as_deref()).unwrap_or_else(|| e.to_string()));
        }
    };
    if let Some(message) = other_format(file.format.as_deref()) {
        return Err(message);
    }
    for (i, e) in file.events.iter().enumerate() {
        if e.object as usize >= file.objects.len() {
            return Err(format!("event {i} names object {} of {}", e.object, file.objects.len()));
        }
    }
    if file.prefixes.is_empty() {
        return Err("it has no admissible prefix: nothing is verified".into());
    }
    for (p, prefix) in file.prefixes.iter().enumerate() {
        let mut seen = std::collections::HashSet::new();
        for e in &prefix.events {
            if e.event as usize >= file.events.len() {
                return Err(format!("prefix {p} names event {} of {}", e.event, file.events.len()));
            }
            if let Some(a) = e.after.iter().find(|a| !seen.contains(*a)) {
                return Err(format!("in prefix {p}, event {} waits for event {a}, which is not earlier", e.event));
            }
            if !seen.insert(e.event) {
                return Err(format!("prefix {p} lists event {} twice", e.event));
            }
        }
    }
    Ok(file)
}

/// The message for a file of `format` when that is not [`FORMAT`].
fn other_format(format: Option<&str>) -> Option<String> {
    (format != Some(FORMAT)).then(|| {
        format!("format `{}` is not {FORMAT} (write the constraints again with this ravel)", format.unwrap_or("?"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(prefixes: &str) -> String {
        format!(
            r#"{{"format":"ravel-constraints/2","objects":[{{"global":{{"symbol":"x"}}}}],
            "events":[{{"thread":"[0]","object":0,"offset":0,"k":0}},{{"thread":"[0.1]","object":0,"offset":0,"k":0}}],
            "prefixes":{prefixes}}}"#
        )
    }

    #[test]
    fn rejects_forward_edges() {
        let text = file(
            r#"[{"complete":true,"events":[{"event":0,"len":4,"write":true,"after":[1]},
                                             {"event":1,"len":4,"write":false}]}]"#,
        );
        assert!(load(&text).err().unwrap().contains("not earlier"));
    }

    #[test]
    fn rejects_an_empty_set_and_older_formats() {
        assert!(load(&file("[]")).err().unwrap().contains("nothing is verified"));
        let old = r#"{"format":"ravel-constraints/1","objects":[],"events":[]}"#;
        assert!(load(old).err().unwrap().contains("again"));
    }

    #[test]
    fn reads_prefixes() {
        let text =
            file(r#"[{"complete":false,"events":[{"event":1,"len":8,"write":false}]},{"complete":false,"events":[]}]"#);
        let f = load(&text).unwrap();
        assert_eq!(f.prefixes.len(), 2);
        assert_eq!(f.prefixes[0].events[0].len, 8);
    }
}
