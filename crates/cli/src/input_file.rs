//! Files ravel reads as its own input (witnesses, scripts, constraints, properties,
//! compilation databases, tasks, sources shown in reports): regular files only, and at
//! most [`MAX_INPUT`] bytes, so `/dev/zero`, a FIFO or `/proc/self/pagemap` named as one
//! is refused at once instead of read until memory runs out.

use anyhow::{anyhow, Result};
use std::path::Path;

/// The largest input file ravel reads.
pub const MAX_INPUT: u64 = 64 << 20;

/// The bytes of input file `path`.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>> {
    ravel_vm::read_regular(path, MAX_INPUT).map_err(|e| anyhow!(e))
}

/// The text of input file `path` (UTF-8).
pub fn read_text(path: &Path) -> Result<String> {
    read_text_within(path, MAX_INPUT)
}

/// The text of input file `path` (UTF-8) of at most `cap` bytes (witnesses may be larger
/// than other inputs).
pub fn read_text_within(path: &Path, cap: u64) -> Result<String> {
    let bytes = ravel_vm::read_regular(path, cap).map_err(|e| anyhow!(e))?;
    String::from_utf8(bytes).map_err(|_| anyhow!("{} is not UTF-8 text", path.display()))
}
