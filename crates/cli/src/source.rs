//! Source lines for reports, read once per file.

use std::collections::HashMap;

/// Caches the lines of source files named by the program's debug info.
#[derive(Default)]
pub struct Sources {
    files: HashMap<String, Option<Vec<String>>>,
}

impl Sources {
    /// The text of `line` (1-based) in `path`, if the file is readable.
    pub fn line(&mut self, path: &str, line: u32) -> Option<String> {
        let lines = self
            .files
            .entry(path.to_string())
            .or_insert_with(|| std::fs::read_to_string(path).ok().map(|s| s.lines().map(str::to_string).collect()));
        lines.as_ref()?.get(line.checked_sub(1)? as usize).cloned()
    }
}
