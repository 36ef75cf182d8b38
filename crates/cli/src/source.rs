//! Source lines for reports, read once per file.

use std::collections::HashMap;
use std::path::Path;

/// Source files larger than this are not shown (a line marker may name any file).
const MAX_SOURCE_BYTES: u64 = 256 << 20;

/// The text of a source file, if it is a regular file of reasonable size: the names come
/// from the program's debug info, which `# line` markers set to anything (`/dev/zero`).
fn read_source(path: &Path) -> Option<String> {
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_file() || meta.len() > MAX_SOURCE_BYTES {
        return None;
    }
    crate::input_file::read_text(path).ok()
}

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
            .or_insert_with(|| read_source(Path::new(path)).map(|s| s.lines().map(str::to_string).collect()));
        lines.as_ref()?.get(line.checked_sub(1)? as usize).cloned()
    }
}
