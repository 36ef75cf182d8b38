//! The constraint file (`ravel-constraints/1`), as `ravel check --enforce-out` writes it.
//!
//! ```json
//! { "format": "ravel-constraints/1",
//!   "objects": [ { "global": { "symbol": "x" } },
//!                { "heap": { "thread": "[0.1]", "ordinal": 0 } } ],
//!   "events": [ { "thread": "[0]", "object": 0, "offset": 0, "k": 2, "after": [] },
//!               { "thread": "[0.1]", "object": 0, "offset": 0, "k": 0, "after": [0] } ] }
//! ```
//!
//! `events` lists the constrained events in the order of the verified schedule; `after`
//! names earlier events (by index) that must have happened first. Since every `after`
//! points backwards, the order is acyclic and a run that performs the schedule's events
//! can always make progress.

use serde::Deserialize;

/// The only format version this runtime reads.
pub const FORMAT: &str = "ravel-constraints/1";

#[derive(Deserialize)]
pub struct File {
    pub format: String,
    pub objects: Vec<Object>,
    pub events: Vec<Event>,
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
    #[serde(default)]
    pub after: Vec<u32>,
}

/// Reads and checks a constraint file.
pub fn load(text: &str) -> Result<File, String> {
    let file: File = serde_json::from_str(text).map_err(|e| e.to_string())?;
    if file.format != FORMAT {
        return Err(format!("format `{}` is not {FORMAT}", file.format));
    }
    for (i, e) in file.events.iter().enumerate() {
        if e.object as usize >= file.objects.len() {
            return Err(format!("event {i} names object {} of {}", e.object, file.objects.len()));
        }
        if let Some(a) = e.after.iter().find(|&&a| a as usize >= i) {
            return Err(format!("event {i} waits for event {a}, which is not earlier"));
        }
    }
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_forward_edges() {
        let text = r#"{"format":"ravel-constraints/1","objects":[{"global":{"symbol":"x"}}],
            "events":[{"thread":"[0]","object":0,"offset":0,"k":0,"after":[1]},
                      {"thread":"[0.1]","object":0,"offset":0,"k":0}]}"#;
        assert!(load(text).err().unwrap().contains("not earlier"));
    }

    #[test]
    fn reads_heap_objects() {
        let text = r#"{"format":"ravel-constraints/1","objects":[{"heap":{"thread":"[0]","ordinal":2}}],
            "events":[{"thread":"[0]","object":0,"offset":8,"k":1}]}"#;
        let f = load(text).unwrap();
        assert!(matches!(&f.objects[0], Object::Heap { ordinal: 2, .. }));
        assert_eq!(f.events[0].offset, 8);
    }
}
