//! From a source or IR file to canonical bitcode: clang-19 for C, `opt-19 -passes=mem2reg`
//! for register promotion, then the canonicalisation prepass.
//!
//! Optimisation choice: `-O0 -Xclang -disable-O0-optnone` keeps every memory access of the
//! source (SV-COMP semantics need each shared access to stay a separate operation) and the
//! exact line mapping; `mem2reg` then removes the loads and stores of local variables whose
//! address is never taken, which is most of what makes -O0 code slow to interpret.

use crate::canon::canonicalize;
use crate::LoadError;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The header behind `#include <ravel.h>`.
pub const RAVEL_H: &str = include_str!("../include/ravel.h");

/// libc functions written in C, linked into C programs on demand.
const RAVEL_LIBC: &str = include_str!("../include/ravel_libc.c");

/// A scratch directory removed when dropped.
pub struct Workdir(PathBuf);

impl Workdir {
    pub fn new() -> Result<Workdir, LoadError> {
        static COUNTER: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("ravel-{}-{n}", std::process::id()));
        std::fs::create_dir_all(dir.join("include"))
            .and_then(|_| std::fs::write(dir.join("include/ravel.h"), RAVEL_H))
            .and_then(|_| std::fs::write(dir.join("ravel_libc.c"), RAVEL_LIBC))
            .map_err(|e| LoadError::Input(format!("cannot create a scratch directory: {e}")))?;
        Ok(Workdir(dir))
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Workdir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
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

fn run(cmd: &mut Command, what: &str) -> Result<(), LoadError> {
    let out = cmd.output().map_err(|e| LoadError::Input(format!("cannot run {what}: {e} (is LLVM 19 installed?)")))?;
    if out.status.success() {
        return Ok(());
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    // Keep the diagnostics themselves, one line each, without source excerpts and carets.
    let errors: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("error:"))
        .map(|l| match l.split_once(": ") {
            Some((tool, rest)) if tool.starts_with(what) => rest.trim(),
            _ => l.trim(),
        })
        .collect();
    let msg = match errors.as_slice() {
        [] => stderr.trim().to_string(),
        [one] => one.to_string(),
        [first, rest @ ..] => format!("{first} (and {} more errors)", rest.len()),
    };
    Err(LoadError::Compile(msg))
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
    cmd.arg(input).args(clang_flags).arg("-o").arg(out);
    cmd
}

/// Produces the canonical bitcode ravel interprets for `input`, inside `work`.
pub fn compile(input: &Path, clang_flags: &[String], work: &Workdir) -> Result<PathBuf, LoadError> {
    let meta =
        std::fs::metadata(input).map_err(|e| LoadError::Input(format!("cannot read {}: {e}", input.display())))?;
    if !meta.is_file() {
        return Err(LoadError::Input(format!("{} is not a file", input.display())));
    }
    if meta.len() == 0 {
        return Err(LoadError::Input(format!("{} is empty", input.display())));
    }
    let ext = input.extension().and_then(|e| e.to_str()).unwrap_or("");
    let mut raw = work.path().join("input.bc");
    match ext {
        "ll" | "bc" => raw = input.to_path_buf(),
        _ => {
            let program = work.path().join("program.bc");
            run(&mut clang(work, input, Some(ext), clang_flags, &program), "clang")?;
            let libc = work.path().join("ravel_libc.bc");
            run(&mut clang(work, &work.path().join("ravel_libc.c"), None, clang_flags, &libc), "clang")?;
            let mut link = Command::new(tool("llvm-link"));
            link.arg(&program).arg("--only-needed").arg(&libc).arg("-o").arg(&raw);
            run(&mut link, "llvm-link")?;
        }
    }
    let promoted = work.path().join("promoted.bc");
    let mut opt = Command::new(tool("opt"));
    opt.arg("-passes=mem2reg").arg(&raw).arg("-o").arg(&promoted);
    run(&mut opt, "opt").map_err(|e| match e {
        LoadError::Compile(m) => LoadError::Bitcode(format!("not valid LLVM 19 IR: {m}")),
        other => other,
    })?;
    let canonical = work.path().join("canonical.bc");
    canonicalize(&promoted, &canonical).map_err(LoadError::Bitcode)?;
    Ok(canonical)
}
