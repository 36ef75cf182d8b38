//! Everything ravel writes: report and witness files, and standard output.
//!
//! A file is written only to a regular file or a new path (never over a device node,
//! FIFO, socket or directory: as root, `--witness /dev/null` must not replace the
//! system's `/dev/null`), through a temporary file in the same directory that is synced
//! and renamed over the target, so a reader never sees half a file and a failure
//! (read-only directory, full disk) is an error naming the file. Standard output that
//! nobody reads any more (`ravel check --json x.c | head -c 10`) ends ravel's printing
//! quietly; the exit status stays the verdict's.

use anyhow::{bail, Context, Result};
use std::io::Write;
use std::path::Path;

/// Writes `bytes` to the file `path` (see the module comment).
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<()> {
    refuse_special(path)?;
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(".ravel-out-")
        .tempfile_in(dir)
        .with_context(|| format!("cannot write {}: cannot create a file in {}", path.display(), dir.display()))?;
    tmp.write_all(bytes)
        .and_then(|()| tmp.flush())
        .and_then(|()| tmp.as_file().sync_all())
        .with_context(|| format!("cannot write {}", path.display()))?;
    tmp.persist(path).map_err(|e| e.error).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}

/// An error when `path` exists and is not a regular file (a symbolic link is judged by
/// what it points to, since writing replaces the link, not its target).
pub fn refuse_special(path: &Path) -> Result<()> {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() || meta.is_file() => Ok(()),
        Ok(meta) => {
            let what = if meta.is_dir() { "a directory" } else { "not a regular file" };
            bail!("cannot write {}: it is {what}; ravel writes only regular files or new paths", path.display())
        }
        Err(_) => Ok(()),
    }
}

/// Prints `text` and a newline on standard output. When the reader has gone away the
/// rest of the output is dropped; any other failure (a full disk) ends ravel with the
/// status for input/output errors.
pub fn print_line(text: &str) {
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{text}").and_then(|()| out.flush()) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        Err(e) => {
            eprintln!("ravel: error: cannot write to standard output: {e}");
            std::process::exit(crate::args::EXIT_INPUT.into());
        }
    }
}

/// `println!` through [`print_line`].
macro_rules! out {
    () => {
        $crate::output::print_line("")
    };
    ($($arg:tt)*) => {
        $crate::output::print_line(&format!($($arg)*))
    };
}
pub(crate) use out;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn special_files_are_refused_and_regular_ones_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("w.json");
        write_file(&file, b"one").unwrap();
        write_file(&file, b"two").unwrap();
        assert_eq!(std::fs::read(&file).unwrap(), b"two");
        let err = write_file(dir.path(), b"x").unwrap_err().to_string();
        assert!(err.contains("a directory"), "{err}");
        let err = write_file(Path::new("/dev/null"), b"x").unwrap_err().to_string();
        assert!(err.contains("not a regular file"), "{err}");
        let err = write_file(Path::new("/proc/no/such/dir/w.json"), b"x").unwrap_err().to_string();
        assert!(err.contains("cannot write /proc/no/such/dir/w.json"), "{err}");
    }
}
