//! From a source or IR file to canonical bitcode: clang-19 for C, llvm-link-19 for ravel's
//! libc, then in-process register promotion (`mem2reg`) and the canonicalisation prepass.
//!
//! Optimisation choice: `-O0 -Xclang -disable-O0-optnone` keeps every memory access of the
//! source (SV-COMP semantics need each shared access to stay a separate operation) and the
//! exact line mapping; `mem2reg` then removes the loads and stores of local variables whose
//! address is never taken, which is most of what makes -O0 code slow to interpret.

use crate::canon::canonicalize;
use crate::child;
use crate::error_fn_repair::repair;
use crate::sealed;
use crate::LoadError;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// The header behind `#include <ravel.h>`.
pub const RAVEL_H: &str = include_str!("../include/ravel.h");

/// libc functions written in C, linked into C programs on demand (the file-system part
/// is its own file, appended).
const RAVEL_LIBC: &str =
    concat!(include_str!("../include/ravel_libc.c"), include_str!("../include/ravel_libc_files.c"));

/// A new scratch directory only its owner can read (mode 0700: the program's source and
/// ravel's intermediate files stay private on a shared machine), with an unpredictable
/// name, created exclusively, removed with everything in it when dropped.
pub fn private_scratch() -> std::io::Result<tempfile::TempDir> {
    use std::os::unix::fs::PermissionsExt;
    tempfile::Builder::new().prefix("ravel-").permissions(std::fs::Permissions::from_mode(0o700)).tempdir()
}

/// A scratch directory for one compilation ([`private_scratch`]), holding ravel's header
/// and C library source.
pub struct Workdir(tempfile::TempDir);

impl Workdir {
    pub fn new() -> Result<Workdir, LoadError> {
        let scratch = |e: std::io::Error| LoadError::Input(format!("cannot create a scratch directory: {e}"));
        let dir = private_scratch().map_err(scratch)?;
        std::fs::create_dir(dir.path().join("include"))
            .and_then(|_| std::fs::write(dir.path().join("include/ravel.h"), RAVEL_H))
            .and_then(|_| std::fs::write(dir.path().join("ravel_libc.c"), RAVEL_LIBC))
            .map_err(scratch)?;
        Ok(Workdir(dir))
    }

    pub fn path(&self) -> &Path {
        self.0.path()
    }
}

/// Finds an LLVM 19 tool: `RAVEL_<NAME>` from the environment, `<tool>-19` on the path, or
/// the Debian install location.
fn tool(name: &str) -> String {
    let var = format!("RAVEL_{}", name.to_uppercase());
    if let Ok(p) = std::env::var(var) {
        return p;
    }
    let versioned = format!("{name}-19");
    let on_path = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).any(|d| d.join(&versioned).is_file()))
        .unwrap_or(false);
    if on_path {
        versioned
    } else {
        format!("/usr/lib/llvm-19/bin/{name}")
    }
}

fn run(cmd: &mut Command, what: &str, deadline: Option<Instant>) -> Result<(), LoadError> {
    child::run(cmd, what, deadline)?.map_err(|stderr| LoadError::Compile(compile_error(&stderr, what)))
}

/// The diagnostics themselves, one line each, without source excerpts and carets.
fn compile_error(stderr: &str, what: &str) -> String {
    let errors: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("error:"))
        .map(|l| match l.split_once(": ") {
            Some((tool, rest)) if tool.starts_with(what) => rest.trim(),
            _ => l.trim(),
        })
        .collect();
    match errors.as_slice() {
        [] => stderr.trim().to_string(),
        [one] => one.to_string(),
        [first, rest @ ..] => format!("{first} (and {} more errors)", rest.len()),
    }
}

/// The lines of `input` that clang reports errors on, or `None` when some error has no
/// line in `input` (a bad flag, an error in a header).
fn error_lines(stderr: &str, input: &Path) -> Option<Vec<u32>> {
    let name = input.to_string_lossy();
    let mut lines = Vec::new();
    for l in stderr.lines().filter(|l| l.contains("error:")) {
        let place = l.split_once(": error:").or_else(|| l.split_once(": fatal error:"))?.0;
        let mut parts = place.rsplitn(3, ':');
        let (_col, line, file) = (parts.next()?, parts.next()?, parts.next()?);
        if file != name {
            return None;
        }
        lines.push(line.parse().ok()?);
    }
    Some(lines)
}

/// Compiles the C program `input` to `out`. When clang fails only inside the definition
/// of an SV-COMP error function, whose body ravel never runs, compiles the source with
/// that body replaced and says so in the returned notes.
fn compile_c(
    work: &Workdir,
    input: &Path,
    ext: &str,
    clang_flags: &[String],
    out: &Path,
    deadline: Option<Instant>,
) -> Result<Vec<String>, LoadError> {
    if input.to_str().is_none() {
        return compile_utf8_copy(work, input, ext, clang_flags, out, deadline);
    }
    let Err(stderr) = child::run(&mut clang(work, input, Some(ext), clang_flags, out), "clang", deadline)? else {
        return Ok(Vec::new());
    };
    let original = compile_error(&stderr, "clang");
    let repaired = std::fs::read_to_string(input)
        .ok()
        .zip(error_lines(&stderr, input))
        .and_then(|(src, lines)| repair(&src, &lines));
    let Some((src, replaced)) = repaired else {
        return Err(LoadError::Compile(original));
    };
    // A line marker keeps the original file name and line numbers in the debug info.
    let copy = work.path().join(format!("repaired.{ext}"));
    std::fs::write(&copy, format!("{}{src}", line_marker(input)))
        .map_err(|e| LoadError::Input(format!("cannot write to the scratch directory: {e}")))?;
    if child::run(&mut clang(work, &copy, Some(ext), clang_flags, out), "clang", deadline)?.is_err() {
        return Err(LoadError::Compile(original));
    }
    Ok(replaced
        .iter()
        .map(|(f, line)| {
            format!(
                "the body of `{f}` ({}:{line}) does not compile ({original}); ravel treats every call of `{f}` as the error itself and never runs its body, so it compiled the program with that body replaced",
                input.display()
            )
        })
        .collect())
}

/// Compiles a source whose path is not UTF-8 (the IR reader needs UTF-8 file names in
/// the debug info): from a copy with a UTF-8 name, whose line marker names the original
/// with its invalid bytes replaced, so reports keep their line numbers; `#include "..."`
/// still finds the files beside the original.
fn compile_utf8_copy(
    work: &Workdir,
    input: &Path,
    ext: &str,
    clang_flags: &[String],
    out: &Path,
    deadline: Option<Instant>,
) -> Result<Vec<String>, LoadError> {
    let mut text = line_marker(input).into_bytes();
    let source = std::fs::read(input).map_err(|e| LoadError::Input(format!("cannot read {}: {e}", input.display())))?;
    text.extend_from_slice(&source);
    let copy = work.path().join(format!("source.{ext}"));
    std::fs::write(&copy, text).map_err(|e| LoadError::Input(format!("cannot write to the scratch directory: {e}")))?;
    let dir = input.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let mut cmd = clang(work, &copy, Some(ext), clang_flags, out);
    cmd.arg("-iquote").arg(dir);
    run(&mut cmd, "clang", deadline)?;
    Ok(Vec::new())
}

/// A line marker that makes the debug info name `input` (lossily, if it is not UTF-8).
fn line_marker(input: &Path) -> String {
    let name = input.to_string_lossy().replace('\\', "\\\\").replace('"', "\\\"");
    format!("# 1 \"{name}\"\n")
}

/// The clang command that compiles C (`.i` is preprocessed C) to bitcode.
fn clang(work: &Workdir, input: &Path, ext: Option<&str>, clang_flags: &[String], out: &Path) -> Command {
    let mut cmd = Command::new(tool("clang"));
    cmd.args(["-c", "-emit-llvm", "-g", "-O0", "-Xclang", "-disable-O0-optnone", "-w"])
        .args(["-fno-stack-protector", "-U_FORTIFY_SOURCE", "-fno-discard-value-names"])
        .args(["-Wno-error=implicit-function-declaration", "-Wno-error=int-conversion"])
        .args(["-Wno-error=incompatible-pointer-types", "-Wno-error=return-type", "-fgnu89-inline"])
        .arg("-isystem")
        .arg(work.path().join("include"));
    match ext {
        Some("i") => {
            cmd.args(["-x", "cpp-output"]);
        }
        Some("c") | None => {}
        Some(_) => {
            cmd.args(["-x", "c"]);
        }
    }
    cmd.arg(not_an_option(input)).args(clang_flags).arg("-o").arg(out);
    cmd
}

/// `path` spelled so that clang or an LLVM tool reads it as a file: a relative name beginning with `@`
/// (a response file, whose contents clang would take as flags) or `-` (an option) gets a
/// leading `./`.
pub fn not_an_option(path: &Path) -> PathBuf {
    match path.to_str() {
        Some(s) if s.starts_with('@') || s.starts_with('-') => Path::new(".").join(path),
        _ => path.to_path_buf(),
    }
}

/// ravel's libc compiled with `flags`. Compiling it takes longer than loading most
/// programs, so the bitcode is kept in the cache directory ([`cache_dir`]) under a name
/// made of everything that goes into it (its source, `ravel.h`, the flags, the compiler);
/// without a usable cache directory it is compiled every time.
fn compiled_libc(work: &Workdir, flags: &[String], deadline: Option<Instant>) -> Result<PathBuf, LoadError> {
    use std::hash::{Hash, Hasher};
    let compiled = work.path().join("ravel_libc.bc");
    // ravel's libc is C11 whatever standard the program asks for (`-std=c89` is common
    // in old code): the program's flags, then its own standard, which wins.
    let libc_flags: Vec<String> = flags.iter().cloned().chain(["-std=gnu11".to_string()]).collect();
    let compile = |out: &Path| {
        run(&mut clang(work, &work.path().join("ravel_libc.c"), None, &libc_flags, out), "clang", deadline)
    };
    let Some(dir) = cache_dir().filter(|d| std::fs::create_dir_all(d).is_ok()) else {
        compile(&compiled)?;
        return Ok(compiled);
    };
    let mut key = std::collections::hash_map::DefaultHasher::new();
    (RAVEL_LIBC, RAVEL_H, &libc_flags, tool("clang"), env!("CARGO_PKG_VERSION")).hash(&mut key);
    let cached = dir.join(format!("libc-{:016x}.bc", key.finish()));
    if sealed::read(&cached).is_some() {
        return Ok(cached);
    }
    compile(&compiled)?;
    // Another ravel may fill the same entry meanwhile: each writes its own files and
    // renames them into place, so a reader never sees a partial one.
    if let Ok(bytes) = std::fs::read(&compiled) {
        sealed::write(&cached, &bytes);
    }
    Ok(compiled)
}

/// Everything besides the program and its flags that goes into a load: ravel's libc and
/// header, the LLVM tools it runs, and ravel's version.
pub(crate) fn toolchain_identity() -> impl std::hash::Hash {
    let tools = ["clang", "llvm-link", "llvm-dis"].map(tool);
    (RAVEL_LIBC, RAVEL_H, tools, env!("CARGO_PKG_VERSION"))
}

/// Where ravel keeps what it can reuse between runs: `RAVEL_CACHE_DIR`, else
/// `$XDG_CACHE_HOME/ravel`, else `~/.cache/ravel`.
pub(crate) fn cache_dir() -> Option<PathBuf> {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    var("RAVEL_CACHE_DIR")
        .or_else(|| var("XDG_CACHE_HOME").map(|d| d.join("ravel")))
        .or_else(|| var("HOME").map(|d| d.join(".cache/ravel")))
}

/// The target triple of a module (`.ll` or `.bc`), if it names one.
fn module_triple(module: &Path) -> Option<String> {
    let text = match module.extension().and_then(|e| e.to_str()) {
        Some("ll") => std::fs::read_to_string(module).ok()?,
        _ => disassemble(module)?,
    };
    let line = text.lines().find(|l| l.starts_with("target triple = \""))?;
    let triple = line.trim_start_matches("target triple = \"").trim_end_matches('"');
    (!triple.is_empty() && triple.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c)))
        .then(|| triple.to_string())
}

/// The textual IR of a bitcode file, if `llvm-dis` can produce it.
pub fn disassemble(bc: &Path) -> Option<String> {
    let out = Command::new(tool("llvm-dis")).arg(not_an_option(bc)).arg("-o").arg("-").output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Canonical bitcode and what the user should know about how the input was read.
pub struct Compiled {
    pub bitcode: PathBuf,
    /// The bitcode as textual IR.
    pub text: String,
    /// Changes made to the input on the way, one sentence each.
    pub notes: Vec<String>,
}

/// Checks that `input` is a non-empty readable file.
fn check_input(input: &Path) -> Result<(), LoadError> {
    let meta =
        std::fs::metadata(input).map_err(|e| LoadError::Input(format!("cannot read {}: {e}", input.display())))?;
    if !meta.is_file() {
        return Err(LoadError::Input(format!("{} is not a file", input.display())));
    }
    if meta.len() == 0 {
        return Err(LoadError::Input(format!("{} is empty", input.display())));
    }
    Ok(())
}

/// Produces the canonical bitcode ravel interprets for the program made of `inputs` (C
/// files, `.i`, `.ll` or `.bc`, linked together), inside `work`; the tools are stopped at
/// `deadline` ([`LoadError::Timeout`]).
pub fn compile(
    inputs: &[PathBuf],
    clang_flags: &[String],
    work: &Workdir,
    deadline: Option<Instant>,
) -> Result<Compiled, LoadError> {
    let mut modules = Vec::new();
    let mut notes = Vec::new();
    let mut any_c = false;
    for (i, input) in inputs.iter().enumerate() {
        check_input(input)?;
        let ext = input.extension().and_then(|e| e.to_str()).unwrap_or("");
        if matches!(ext, "ll" | "bc") {
            modules.push(not_an_option(input));
        } else {
            let module = work.path().join(format!("program{i}.bc"));
            notes.extend(compile_c(work, input, ext, clang_flags, &module, deadline)?);
            modules.push(module);
            any_c = true;
        }
    }
    // The program's own modules first, all of their symbols (a symbol two files define is
    // an error), then only what they need of ravel's libc.
    let sources = match modules.as_slice() {
        [only] => only.clone(),
        _ => {
            let linked = work.path().join("sources.bc");
            let mut link = Command::new(tool("llvm-link"));
            run(link.args(&modules).arg("-o").arg(&linked), "llvm-link", deadline)?;
            linked
        }
    };
    // Bitcode alone (a project built with `ravel cc`) gets ravel's libc compiled for its
    // own target.
    let target = if any_c { None } else { module_triple(&sources).map(|t| vec![format!("--target={t}")]) };
    let raw = if any_c || target.is_some() {
        let raw = work.path().join("input.bc");
        let libc = compiled_libc(work, target.as_deref().unwrap_or(clang_flags), deadline)?;
        let mut link = Command::new(tool("llvm-link"));
        link.arg(&sources).arg("--only-needed").arg(&libc).arg("-o").arg(&raw);
        run(&mut link, "llvm-link", deadline)?;
        raw
    } else {
        sources
    };
    let canonical = work.path().join("canonical.bc");
    child::check_deadline(deadline)?;
    let done = canonicalize(&raw, &canonical).map_err(LoadError::Bitcode)?;
    notes.extend(done.notes);
    Ok(Compiled { bitcode: canonical, text: done.text, notes })
}

#[cfg(test)]
mod tests {
    #[test]
    fn scratch_directories_are_private() {
        use std::os::unix::fs::PermissionsExt;
        let work = super::Workdir::new().unwrap();
        let mode = std::fs::metadata(work.path()).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
    }
}
