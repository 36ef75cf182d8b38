//! Compiled bitcode programs kept between runs.
//!
//! Loading a bitcode program runs LLVM tools (disassembling it for its target, linking
//! ravel's libc) and passes (`mem2reg`, the canonicalisation), tens of milliseconds that
//! repeat on every `ravel run` or `ravel check` of the same file. The result (canonical bitcode, its text, the notes) is
//! kept in the cache directory under a key made of everything that goes into it: each
//! input's bytes, the flags, ravel's libc and `ravel.h`, the LLVM tools and ravel's own
//! executable (its path, size and modification time, so a rebuilt ravel never reads what
//! an older one wrote). C sources are never cached: what they include is not part of the
//! key. Large programs are not cached either, so the directory stays small. Every file is
//! sealed with a checksum: a damaged entry is compiled again.

use crate::frontend::{self, cache_dir};
use crate::sealed;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

/// Canonical bitcode above this size is not kept.
const MAX_BITCODE: u64 = 8 << 20;

/// One program's place in the cache.
pub(crate) struct Entry {
    dir: PathBuf,
    key: u64,
}

/// What a load reuses: the canonical bitcode, its text and the notes about how the input
/// was read.
pub(crate) struct Hit {
    pub bitcode: PathBuf,
    pub text: String,
    pub notes: Vec<String>,
}

impl Entry {
    /// The entry of a program made only of bitcode or IR text files, if there is a cache
    /// directory and every input can be read.
    pub(crate) fn for_inputs(inputs: &[PathBuf], clang_flags: &[String]) -> Option<Entry> {
        let bitcode_only = inputs.iter().all(|i| matches!(i.extension().and_then(|e| e.to_str()), Some("bc" | "ll")));
        if !bitcode_only {
            return None;
        }
        let mut key = std::collections::hash_map::DefaultHasher::new();
        for input in inputs {
            (input.extension(), std::fs::read(input).ok()?).hash(&mut key);
        }
        clang_flags.hash(&mut key);
        frontend::toolchain_identity().hash(&mut key);
        let exe = std::env::current_exe().ok()?;
        let meta = std::fs::metadata(&exe).ok()?;
        (exe, meta.len(), meta.modified().ok()).hash(&mut key);
        let dir = cache_dir().filter(|d| std::fs::create_dir_all(d).is_ok())?;
        Some(Entry { dir, key: key.finish() })
    }

    fn file(&self, what: &str) -> PathBuf {
        self.dir.join(format!("program-{:016x}.{what}", self.key))
    }

    /// The kept result, if every file of it reads back whole ([`sealed`]).
    pub(crate) fn read(&self) -> Option<Hit> {
        let notes = String::from_utf8(sealed::read(&self.file("notes"))?).ok()?;
        let bitcode = self.file("bc");
        sealed::read(&bitcode)?;
        let text = String::from_utf8(sealed::read(&self.file("ll"))?).ok()?;
        Some(Hit { bitcode, text, notes: notes.split('\0').filter(|n| !n.is_empty()).map(str::to_string).collect() })
    }

    /// Keeps a load's result. The notes file goes last: a reader finds an entry only once
    /// it is whole, and every file is sealed and renamed into place ([`sealed::write`]),
    /// so concurrent loads of the same program never see a partial file.
    pub(crate) fn write(&self, bitcode: &Path, text: &str, notes: &[String]) {
        let Ok(bytes) = std::fs::read(bitcode) else { return };
        if bytes.len() as u64 > MAX_BITCODE {
            return;
        }
        let kept = sealed::write(&self.file("bc"), &bytes) && sealed::write(&self.file("ll"), text.as_bytes());
        if kept {
            sealed::write(&self.file("notes"), notes.join("\0").as_bytes());
        }
    }
}
