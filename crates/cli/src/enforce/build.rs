//! `ravel enforce build`: the program compiled natively as the interpreter sees it (the
//! same clang flags, `-O0` and `mem2reg`, so the same loads and stores remain) with
//! ThreadSanitizer's instrumentation, linked with ravel's runtime (`libravel_rt.a`)
//! instead of TSan's, pthread and allocation functions wrapped.

use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The functions the runtime wraps (`-Wl,--wrap=NAME`), see `crates/rt/src/ffi/pthread.rs`
/// and `crates/rt/src/ffi/sync.rs`.
const WRAPPED: &[&str] = &[
    "pthread_create",
    "pthread_join",
    "pthread_exit",
    "pthread_mutex_lock",
    "pthread_mutex_trylock",
    "pthread_mutex_unlock",
    "pthread_cond_init",
    "pthread_cond_destroy",
    "pthread_cond_signal",
    "pthread_cond_broadcast",
    "pthread_cond_wait",
    "pthread_cond_timedwait",
    "pthread_barrier_init",
    "pthread_barrier_destroy",
    "pthread_barrier_wait",
    "sem_init",
    "sem_destroy",
    "sem_post",
    "sem_wait",
    "sem_trywait",
    "sem_timedwait",
    "sem_getvalue",
    "pthread_rwlock_init",
    "pthread_rwlock_destroy",
    "pthread_rwlock_rdlock",
    "pthread_rwlock_wrlock",
    "pthread_rwlock_tryrdlock",
    "pthread_rwlock_trywrlock",
    "pthread_rwlock_unlock",
    "pthread_spin_lock",
    "pthread_spin_trylock",
    "pthread_spin_unlock",
    "malloc",
    "calloc",
    "realloc",
];

/// Functions whose effects the runtime cannot see: a program calling one is refused.
const NOT_INTERPOSED: &[(&str, &str)] = &[
    ("thrd_create", "C11 threads"),
    ("mtx_lock", "C11 mutexes"),
    ("cnd_wait", "C11 condition variables"),
    ("pthread_cond_clockwait", "condition waits on a chosen clock"),
    ("pthread_rwlock_timedrdlock", "timed read-write locks"),
    ("pthread_rwlock_timedwrlock", "timed read-write locks"),
    ("aligned_alloc", "aligned allocation"),
    ("posix_memalign", "aligned allocation"),
    ("strdup", "allocation inside libc"),
];

/// Where `libravel_rt.a` is: `RAVEL_RT_LIB`, or beside the `ravel` executable (cargo
/// builds the workspace's static library there).
fn runtime_library() -> Result<PathBuf> {
    if let Some(p) = std::env::var_os("RAVEL_RT_LIB") {
        return Ok(PathBuf::from(p));
    }
    let exe = std::env::current_exe()?;
    let dir = exe.parent().context("the ravel executable has no directory")?;
    for candidate in [dir.join("libravel_rt.a"), dir.join("../libravel_rt.a")] {
        if candidate.exists() {
            return Ok(candidate);
        }
    }
    bail!(
        "libravel_rt.a is not beside {} (build the workspace: cargo build --release), or set RAVEL_RT_LIB",
        exe.display()
    )
}

fn run(cmd: &mut Command, what: &str) -> Result<()> {
    let out = cmd.output().with_context(|| format!("cannot run {what}"))?;
    if !out.status.success() {
        bail!("{what} failed:\n{}", String::from_utf8_lossy(&out.stderr).trim_end());
    }
    Ok(())
}

/// The first construct in the textual IR `ll` the runtime cannot interpose, with its
/// source line: inline assembly (its memory effects are invisible to the
/// instrumentation) or a call of a function in [`NOT_INTERPOSED`].
fn unsupported_construct(ll: &str) -> Option<(String, Option<u32>)> {
    let lines: Vec<&str> = ll.lines().collect();
    let line_of = |inst: &str| -> Option<u32> {
        let id = inst.split("!dbg !").nth(1)?.split(|c: char| !c.is_ascii_digit()).next()?;
        let def = format!("!{id} = !DILocation(line: ");
        let meta = lines.iter().find(|l| l.starts_with(&def))?;
        meta[def.len()..].split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
    };
    for inst in lines.iter().filter(|l| l.starts_with("  ")) {
        if inst.contains(" asm ") && (inst.contains("call ") || inst.contains("callbr ")) {
            return Some(("inline assembly".into(), line_of(inst)));
        }
        if inst.contains("call ") {
            if let Some((f, what)) = NOT_INTERPOSED.iter().find(|(f, _)| inst.contains(&format!("@{f}("))) {
                return Some((format!("{f} ({what})"), line_of(inst)));
            }
        }
    }
    None
}

/// The C source of the embedded constraints and schedules: the text of `constraints` and
/// of `schedules` (or nothing), as the `ravel_embedded_constraints` and
/// `ravel_embedded_schedules` strings the runtime reads when `RAVEL_CONSTRAINTS` or
/// `RAVEL_SCHEDULES` is not set. With schedules, the program's input functions too
/// (`inputs.c`).
fn embedded_source(constraints: Option<&str>, schedules: Option<&str>) -> String {
    let array = |name: &str, text: Option<&str>| {
        let bytes: Vec<String> = text.unwrap_or("").bytes().chain([0]).map(|b| b.to_string()).collect();
        format!("const char {name}[] = {{{}}};\n", bytes.join(","))
    };
    let inputs = if schedules.is_some() { include_str!("inputs.c") } else { "" };
    array("ravel_embedded_constraints", constraints) + &array("ravel_embedded_schedules", schedules) + inputs
}

/// What `ravel enforce build` embeds: constraints, or schedules (whose inputs the
/// program then reads from `RAVEL_INPUTS`).
#[derive(Default)]
pub struct Embedded<'a> {
    pub constraints: Option<&'a Path>,
    pub schedules: Option<&'a Path>,
}

/// Builds the instrumented executable `output` from the C files `files`.
pub fn build(files: &[PathBuf], output: &Path, embed: Embedded, clang_flags: &[String]) -> Result<()> {
    let rt = runtime_library()?;
    let read = |p: Option<&Path>| p.map(crate::input_file::read_text).transpose();
    let text = read(embed.constraints)?;
    let schedules = read(embed.schedules)?;
    if let Some(s) = &schedules {
        ravel_schedule_format::File::parse(s).map_err(|e| {
            anyhow::anyhow!("{} is no usable schedule file: {e}", embed.schedules.unwrap_or(Path::new("")).display())
        })?;
    }
    let work = ravel_ir::frontend::Workdir::new()?;
    let dir = work.path();
    let mut modules = Vec::new();
    for (i, f) in files.iter().enumerate() {
        let bc = dir.join(format!("m{i}.bc"));
        run(
            Command::new("clang-19")
                .args(["-c", "-emit-llvm", "-g", "-O0", "-Xclang", "-disable-O0-optnone", "-w"])
                .args(["-fno-stack-protector", "-U_FORTIFY_SOURCE", "-fno-discard-value-names"])
                // Marks functions `sanitize_thread` without running the pass yet: the
                // instrumentation comes after mem2reg, on the interpreter's IR.
                .args(["-fsanitize=thread", "-Xclang", "-disable-llvm-passes"])
                // `#include <ravel.h>` works as in the interpreter.
                .arg("-isystem")
                .arg(dir.join("include"))
                .arg(f)
                .args(clang_flags)
                .arg("-o")
                .arg(&bc),
            "clang-19",
        )?;
        modules.push(bc);
    }
    let linked = dir.join("linked.bc");
    run(Command::new("llvm-link-19").args(&modules).arg("-o").arg(&linked), "llvm-link-19")?;
    let promoted = dir.join("promoted.bc");
    run(Command::new("opt-19").arg("-passes=mem2reg").arg(&linked).arg("-o").arg(&promoted), "opt-19")?;
    let ll = ravel_ir::frontend::disassemble(&promoted).context("cannot disassemble the program")?;
    if let Some((what, line)) = unsupported_construct(&ll) {
        // The line is only attributed to a file when there is one (the debug location's
        // file is not looked up).
        let file = if files.len() == 1 { files[0].clone() } else { PathBuf::from("the program") };
        let text = line.and_then(|l| {
            let src = crate::input_file::read_text(&file).ok()?;
            Some(format!("\n{l:>6} | {}", src.lines().nth(l as usize - 1)?.trim_end()))
        });
        let at = line.map_or(file.display().to_string(), |l| format!("{}:{l}", file.display()));
        bail!(
            "{at}: the program uses {what}, which ravel's native runtime cannot interpose{}",
            text.unwrap_or_default()
        );
    }
    // The module with the table of its globals (see `globals.rs`).
    let tabled = dir.join("program.ll");
    let table = super::globals::table_ir(&ll);
    std::fs::write(&tabled, ll + &table)?;
    let object = dir.join("program.o");
    run(
        Command::new("clang-19")
            .args(["-c", "-fsanitize=thread", "-mllvm", "-tsan-instrument-read-before-write=1"])
            .arg(&tabled)
            .arg("-o")
            .arg(&object),
        "clang-19",
    )?;
    let embedded = dir.join("embedded.c");
    std::fs::write(&embedded, embedded_source(text.as_deref(), schedules.as_deref()))?;
    let wrap = format!("-Wl,--wrap={}", WRAPPED.join(",--wrap="));
    let link = Command::new("clang-19")
        .arg(&object)
        .arg(&embedded)
        .arg(&rt)
        .arg(wrap)
        // Start-up cost of short runs: no unused sections of the Rust runtime, no
        // libgcc_s or libm loaded for nothing.
        .args(["-static-libgcc", "-Wl,--gc-sections,--as-needed", "-no-pie"])
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(output)
        .output()
        .context("cannot run clang-19")?;
    if !link.status.success() {
        let err = String::from_utf8_lossy(&link.stderr);
        if let Some(sym) = err.split('`').find(|s| s.starts_with("__tsan_")) {
            bail!("the program needs {sym}, which ravel's native runtime does not provide (e.g. 128-bit atomics)");
        }
        if let Some(problem) = undefined_function(&err) {
            bail!("{problem}");
        }
        bail!("linking failed:\n{}", err.trim_end());
    }
    Ok(())
}

/// The first function the linker found undefined, with the source place of the call
/// (`file:line: undefined reference to `f'` in ld's output for code with debug
/// information): typically an interpreter-only API such as `__VERIFIER_nondet_int`.
fn undefined_function(ld_stderr: &str) -> Option<String> {
    let line = ld_stderr.lines().find(|l| l.contains("undefined reference to `"))?;
    let name = line.split('`').nth(1)?.trim_end_matches('\'');
    let place = line.split(": undefined reference").next().filter(|p| !p.contains(".o:")).map(str::trim);
    let at = place.map_or(String::new(), |p| format!("{p}: "));
    Some(format!(
        "{at}the program calls {name}, which has no native definition (ravel models it only in the interpreter)"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_inline_assembly_and_its_line() {
        let ll = "define void @f() {\n  call void asm sideeffect \"mfence\", \"\"(), !dbg !12\n}\n!12 = !DILocation(line: 7, column: 3, scope: !4)\n";
        assert_eq!(unsupported_construct(ll), Some(("inline assembly".into(), Some(7))));
    }

    #[test]
    fn names_an_undefined_function_and_its_line() {
        let ld =
            "/usr/bin/ld: /tmp/x/program.o: in function `main':\n/src/p.c:13: undefined reference to `reach_error'\n";
        assert_eq!(
            undefined_function(ld).unwrap(),
            "/src/p.c:13: the program calls reach_error, which has no native definition (ravel models it only in the interpreter)"
        );
    }

    #[test]
    fn embeds_constraints_as_bytes() {
        assert_eq!(
            embedded_source(Some("{}"), None),
            "const char ravel_embedded_constraints[] = {123,125,0};\nconst char ravel_embedded_schedules[] = {0};\n"
        );
        assert!(embedded_source(None, Some("{}")).contains("int __VERIFIER_nondet_int(void)"));
    }
}
