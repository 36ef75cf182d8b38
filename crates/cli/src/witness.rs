//! Witness files as data, never as commands: what `ravel replay` accepts from a witness,
//! how a witness is tied to the program and flags it was found with, and how it is
//! written (atomically) and retired (when a later run finds no error).
//!
//! A witness may come from anyone, so replay passes only the clang flags of the
//! allow-list ([`clang_flags`]). The SHA-256 hashes of the source and of the
//! flags catch a program edited since (or flags edited in the file) — an integrity check
//! against accidents, not an authentication: the allow-list is what keeps replay safe.
//! SHA-256 (crate `sha2`) rather than std's hasher because std's algorithm may change
//! between Rust releases and a witness must check out with any later build of ravel.

use crate::clang_flags;
use anyhow::{bail, Context, Result};
use ravel_explore::Witness;
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// The format tag of the witnesses this ravel writes and reads.
pub const FORMAT: &str = "ravel-witness-1";

/// Checks every flag of a witness against the allow-list ([`clang_flags`]); the error
/// names the first flag refused.
pub fn check_flags(flags: &[String]) -> Result<()> {
    match clang_flags::split(flags).refused.first() {
        Some(flag) => bail!(
            "the witness asks for the clang flag `{flag}`, which replay does not pass ({})",
            clang_flags::ACCEPTED
        ),
        None => Ok(()),
    }
}

fn hex(digest: &[u8]) -> String {
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// SHA-256 of the program's source, in hex: of the file's bytes for one file; for
/// several, of each file's bytes followed by its length (8 bytes, little-endian).
pub fn source_hash(files: &[PathBuf]) -> Result<String> {
    let mut h = Sha256::new();
    for path in files {
        let bytes = crate::input_file::read_bytes(path)?;
        h.update(&bytes);
        if files.len() > 1 {
            h.update((bytes.len() as u64).to_le_bytes());
        }
    }
    Ok(hex(&h.finalize()))
}

/// SHA-256 of the flags, each followed by a NUL byte (no flag contains one), in hex.
pub fn flags_hash(flags: &[String]) -> String {
    let mut h = Sha256::new();
    for f in flags {
        h.update(f.as_bytes());
        h.update([0]);
    }
    hex(&h.finalize())
}

/// The witness with the hashes of its program and flags filled in.
pub fn sealed(mut w: Witness) -> Result<Witness> {
    w.source_sha256 = source_hash(&w.files())?;
    w.flags_sha256 = flags_hash(&w.clang_flags);
    Ok(w)
}

/// Parses a witness and checks that replaying it runs nothing but the program it names:
/// the format, the program's kind of file, the flags against the allow-list, and the
/// hashes (when the witness has them) against the program and flags as they are now.
pub fn parse(text: &str) -> Result<Witness> {
    let w: Witness = serde_json::from_str(text)?;
    if w.format != FORMAT {
        bail!("unknown witness format `{}` (this ravel reads `{FORMAT}`)", w.format);
    }
    for program in w.files() {
        let ext = program.extension().and_then(|e| e.to_str()).unwrap_or("");
        if !["c", "i", "ll", "bc"].contains(&ext) {
            bail!("the witness names `{}`, which is not a .c, .i, .ll or .bc file", program.display());
        }
    }
    check_flags(&w.clang_flags)?;
    if !w.flags_sha256.is_empty() && w.flags_sha256 != flags_hash(&w.clang_flags) {
        bail!("the witness's clang flags do not match its flags hash (the file was edited)");
    }
    Ok(w)
}

/// The largest witness file ravel reads (far beyond any real one; `/dev/zero` is not one).
const MAX_WITNESS_BYTES: u64 = 1 << 30;

/// Reads and checks a witness file (see [`parse`]), and that the program is unchanged
/// unless `changed_source_ok` (the flags are checked either way).
pub fn read(path: &Path, changed_source_ok: bool) -> Result<Witness> {
    let text = crate::input_file::read_text_within(path, MAX_WITNESS_BYTES)?;
    let w = parse(&text).with_context(|| format!("{} is not a usable ravel witness", path.display()))?;
    if !changed_source_ok && !w.source_sha256.is_empty() && source_hash(&w.files())? != w.source_sha256 {
        bail!(
            "{} has changed since the witness {} was written; run `ravel check` again (or replay anyway with --force)",
            w.program,
            path.display()
        );
    }
    Ok(w)
}

/// Writes `w` to `path` atomically: into a fresh temporary file beside it, then renamed
/// over it, so a reader never sees half a witness and an interrupted run leaves the old
/// file whole.
pub fn write(path: &Path, w: &Witness) -> Result<()> {
    crate::output::write_file(path, serde_json::to_string_pretty(w)?.as_bytes())
}

/// Removes the witness at `path` left by an earlier run, when this run found no error:
/// only a file that is a ravel witness, so a mistyped path never costs another file.
/// Returns whether one was removed.
pub fn remove_stale(path: &Path) -> Result<bool> {
    let Ok(text) = crate::input_file::read_text_within(path, MAX_WITNESS_BYTES) else { return Ok(false) };
    let is_witness = serde_json::from_str::<Witness>(&text).is_ok_and(|w| w.format == FORMAT);
    if is_witness {
        std::fs::remove_file(path).with_context(|| format!("cannot remove the stale witness {}", path.display()))?;
    }
    Ok(is_witness)
}

/// Fills in the witness header so `ravel replay FILE` needs nothing else (the engine
/// recorded the exploration settings it ran under).
pub fn complete(w: &Witness, program: &ravel_ir::Program, files: &[PathBuf], clang_flags: &[String]) -> Witness {
    let absolute = |f: &PathBuf| std::fs::canonicalize(f).unwrap_or_else(|_| f.clone()).display().to_string();
    Witness {
        format: FORMAT.into(),
        program: files.first().map(absolute).unwrap_or_default(),
        more_sources: files.iter().skip(1).map(absolute).collect(),
        clang_flags: clang_flags.to_vec(),
        entry: program.entry.clone(),
        ..w.clone()
    }
}

/// Writes the complete witness of `w` (see [`complete`]) to `path`, warning when
/// `ravel replay` will refuse it.
pub fn save(
    path: &Path,
    w: &Witness,
    program: &ravel_ir::Program,
    files: &[PathBuf],
    clang_flags: &[String],
) -> Result<()> {
    write(path, &sealed(complete(w, program, files, clang_flags))?)?;
    if let Err(e) = check_flags(clang_flags) {
        eprintln!("ravel: warning: `ravel replay` will refuse this witness: {e}");
    }
    Ok(())
}
