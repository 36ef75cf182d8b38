//! Cache files that prove they are whole. Each is written with a seal beside it (its
//! length and a checksum of its bytes) and read back only when the seal matches, so a
//! truncated, bit-flipped or emptied cache file is compiled again, never turned into a
//! verdict. Both are written under a name of their own and renamed into place, data
//! first: a concurrent reader sees either the old pair, the new pair, or a mismatch.

use std::hash::Hasher;
use std::path::{Path, PathBuf};

fn seal_of(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".seal");
    PathBuf::from(name)
}

fn seal(bytes: &[u8]) -> String {
    let mut sum = std::collections::hash_map::DefaultHasher::new();
    sum.write(bytes);
    format!("{} {:016x}\n", bytes.len(), sum.finish())
}

/// Writes `path` as `partial` and renames it into place (removing `partial` on failure).
fn place(path: &Path, bytes: &[u8]) -> bool {
    let mut partial = path.as_os_str().to_owned();
    partial.push(format!(".{}.part", std::process::id()));
    let partial = PathBuf::from(partial);
    let ok = std::fs::write(&partial, bytes).and_then(|_| std::fs::rename(&partial, path)).is_ok();
    if !ok {
        let _ = std::fs::remove_file(&partial);
    }
    ok
}

/// Keeps `bytes` at `path` with its seal; false if either could not be written.
pub(crate) fn write(path: &Path, bytes: &[u8]) -> bool {
    place(path, bytes) && place(&seal_of(path), seal(bytes).as_bytes())
}

/// The bytes kept at `path`, if they are exactly those its seal describes.
pub(crate) fn read(path: &Path) -> Option<Vec<u8>> {
    let expected = std::fs::read_to_string(seal_of(path)).ok()?;
    let bytes = std::fs::read(path).ok()?;
    (seal(&bytes) == expected).then_some(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_damaged_file_does_not_read_back() {
        let dir = std::env::temp_dir().join(format!("ravel-sealed-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("entry.bc");
        assert!(write(&path, b"BC\xc0\xdebitcode"));
        assert_eq!(read(&path).as_deref(), Some(&b"BC\xc0\xdebitcode"[..]));
        for damaged in [&b"BC\xc0\xde"[..], b"", b"BC\xc0\xdebitcodf"] {
            std::fs::write(&path, damaged).unwrap();
            assert_eq!(read(&path), None, "{damaged:?}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
