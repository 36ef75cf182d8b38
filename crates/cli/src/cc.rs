//! `ravel cc`: a drop-in C compiler for build systems (`make CC="ravel cc"`,
//! `CC="ravel cc" ./configure`), in the manner of wllvm/gllvm. It runs clang-19 exactly as
//! asked, so the native build goes on as usual, and records LLVM bitcode beside every
//! object (`foo.o` → `foo.o.bc`); a link step links the bitcode of its inputs into
//! `PROGRAM.bc`, which `ravel check PROGRAM.bc` reads. Each object also carries the path
//! of its bitcode in a section of its own (`.ravel_bitcode`, as gllvm does), so objects
//! moved into static libraries (`ar`, libtool, `make install`) still lead to it.

use anyhow::{bail, Context, Result};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The compiler that does the real work (`RAVEL_CC` overrides it).
fn clang() -> String {
    std::env::var("RAVEL_CC").unwrap_or_else(|_| "clang-19".into())
}

/// What one compiler invocation asks for, as far as recording bitcode needs to know.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Invocation {
    /// Stop after compiling (`-c`).
    compile_only: bool,
    /// Produces no object or program (`-E`, `-S`, `-M`, `-MM`, `-fsyntax-only`, `--version`…).
    no_output: bool,
    output: Option<PathBuf>,
    /// C sources (`.c`, `.i`).
    pub(crate) sources: Vec<PathBuf>,
    /// Objects and bitcode given to a link (`.o`, `.bc`).
    objects: Vec<PathBuf>,
    /// Assembly sources (`.s`, `.S`): compiled natively, no bitcode.
    assembly: Vec<PathBuf>,
    /// Static libraries given to a link (`.a`), and the names of `-lNAME`.
    archives: Vec<PathBuf>,
    libraries: Vec<String>,
    /// `-L` directories.
    library_dirs: Vec<PathBuf>,
    /// Everything but the output and the inputs, for compiling the sources to bitcode:
    /// macros, include paths, language flags (dependency-file flags dropped).
    pub(crate) flags: Vec<String>,
}

/// Flags that take the next argument as their value.
const WITH_VALUE: &[&str] = &[
    "-I",
    "-D",
    "-U",
    "-include",
    "-isystem",
    "-iquote",
    "-idirafter",
    "-x",
    "-MF",
    "-MT",
    "-MQ",
    "-L",
    "-l",
    "-Xlinker",
    "-target",
    "--target",
    "-arch",
];

/// Flags about dependency files or the native build only, left out of the bitcode compile
/// (with the value they take, if any).
fn native_only(flag: &str) -> bool {
    matches!(flag, "-MD" | "-MMD" | "-MP" | "-MF" | "-MT" | "-MQ")
        || flag.starts_with("-fsanitize")
        || flag.starts_with("-flto")
        || flag.starts_with("-Wl,")
        || flag == "-Werror"
        || flag.starts_with("-L")
        || flag.starts_with("-l")
        || flag == "-Xlinker"
        || flag == "-shared"
        || flag == "-static"
}

/// Reads a compiler command line (without the compiler's own name).
pub(crate) fn parse(args: &[String]) -> Invocation {
    let mut inv = Invocation::default();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        let value = args.get(i + 1);
        i += 1;
        match a.as_str() {
            "-c" => inv.compile_only = true,
            "-E" | "-S" | "-M" | "-MM" | "-fsyntax-only" | "--version" | "-v" | "-###" => inv.no_output = true,
            "-o" => {
                inv.output = value.map(PathBuf::from);
                i += 1;
                continue;
            }
            "-L" | "-l" => {
                if let Some(v) = value {
                    if a == "-L" {
                        inv.library_dirs.push(PathBuf::from(v));
                    } else {
                        inv.libraries.push(v.clone());
                    }
                }
                i += 1;
                continue;
            }
            _ if a.starts_with("-L") => inv.library_dirs.push(PathBuf::from(&a[2..])),
            _ if a.starts_with("-l") => inv.libraries.push(a[2..].to_string()),
            _ if WITH_VALUE.contains(&a.as_str()) => {
                if !native_only(a) {
                    inv.flags.push(a.clone());
                    inv.flags.extend(value.cloned());
                }
                i += 1;
                continue;
            }
            _ if a.starts_with('-') => {
                if !native_only(a) {
                    inv.flags.push(a.clone());
                }
            }
            _ => {
                let path = PathBuf::from(a);
                match path.extension().and_then(|e| e.to_str()) {
                    Some("c" | "i") => inv.sources.push(path),
                    Some("o" | "bc") => inv.objects.push(path),
                    Some("s" | "S") => inv.assembly.push(path),
                    Some("a") => inv.archives.push(path),
                    _ => {}
                }
            }
        }
    }
    inv
}

/// The object clang writes for `source` when no `-o` names it (`dir/foo.c` → `foo.o`).
fn default_object(source: &Path) -> PathBuf {
    PathBuf::from(source.file_name().unwrap_or_default()).with_extension("o")
}

/// Where the bitcode of an object is recorded.
pub fn sidecar(object: &Path) -> PathBuf {
    let mut name = object.as_os_str().to_owned();
    name.push(".bc");
    PathBuf::from(name)
}

/// The section of an object that names its bitcode.
const SECTION: &str = ".ravel_bitcode";

/// Writes the absolute path of `bitcode` into `object`'s [`SECTION`].
fn embed_path(object: &Path, bitcode: &Path) -> Result<()> {
    let absolute = std::fs::canonicalize(bitcode)?;
    let note = tempfile::NamedTempFile::new()?;
    std::fs::write(note.path(), absolute.as_os_str().as_encoded_bytes())?;
    let status = Command::new("llvm-objcopy-19")
        .arg(format!("--add-section={SECTION}={}", note.path().display()))
        .arg(format!("--set-section-flags={SECTION}=noload,readonly"))
        .arg(object)
        .status()
        .context("cannot run llvm-objcopy-19")?;
    if !status.success() {
        bail!("cannot record the bitcode path in {}", object.display());
    }
    Ok(())
}

/// The bitcode recorded for `object`: the path in its [`SECTION`], else the file beside it.
fn bitcode_of(object: &Path, scratch: &Path) -> Bitcode {
    let dumped = scratch.join("section");
    let copy = scratch.join("object");
    let ok = Command::new("llvm-objcopy-19")
        .arg(format!("--dump-section={SECTION}={}", dumped.display()))
        .arg(object)
        .arg(&copy)
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    let embedded =
        ok.then(|| std::fs::read(&dumped).ok()).flatten().map(|b| PathBuf::from(String::from_utf8_lossy(&b).trim()));
    match embedded.filter(|p| p.is_file()).or_else(|| Some(sidecar(object)).filter(|p| p.is_file())) {
        Some(bc) => Bitcode::Recorded(bc),
        None if ok => Bitcode::Lost,
        None => Bitcode::None,
    }
}

/// What an object says about its bitcode.
enum Bitcode {
    Recorded(PathBuf),
    /// `ravel cc` compiled it, but its bitcode is gone.
    Lost,
    /// Not compiled by `ravel cc` (assembly, another compiler).
    None,
}

/// The members of static library `archive`, extracted into a fresh directory in `scratch`.
fn members(archive: &Path, scratch: &Path, n: usize) -> Result<Vec<PathBuf>> {
    let dir = scratch.join(format!("archive{n}"));
    std::fs::create_dir_all(&dir)?;
    let archive = std::fs::canonicalize(archive)?;
    let status = Command::new("llvm-ar-19")
        .arg("x")
        .arg(&archive)
        .current_dir(&dir)
        .status()
        .context("cannot run llvm-ar-19")?;
    if !status.success() {
        bail!("cannot read the static library {}", archive.display());
    }
    let mut found: Vec<PathBuf> = std::fs::read_dir(&dir)?.filter_map(|e| e.ok().map(|e| e.path())).collect();
    found.sort();
    Ok(found)
}

/// Links `modules` into `out`, every symbol of each.
fn llvm_link(modules: &[PathBuf], out: &Path) -> Result<()> {
    let status =
        Command::new("llvm-link-19").args(modules).arg("-o").arg(out).status().context("cannot run llvm-link-19")?;
    if !status.success() {
        bail!("linking the bitcode of {} failed", out.display());
    }
    Ok(())
}

/// The external symbols bitcode file `bc` defines and those it needs (`llvm-nm-19`).
fn symbols(bc: &Path) -> Result<(Vec<String>, Vec<String>)> {
    let out = Command::new("llvm-nm-19").arg("--extern-only").arg(bc).output().context("cannot run llvm-nm-19")?;
    if !out.status.success() {
        bail!("cannot list the symbols of {}", bc.display());
    }
    let (mut defined, mut needed) = (Vec::new(), Vec::new());
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let mut fields = line.split_whitespace().rev();
        let (Some(name), Some(kind)) = (fields.next(), fields.next()) else { continue };
        match kind {
            "U" | "w" | "v" => needed.push(name.to_string()),
            _ => defined.push(name.to_string()),
        }
    }
    Ok((defined, needed))
}

/// Compiles `source` with `flags` to bitcode at `out`, as ravel's frontend wants it
/// (debug info, unoptimised but optimisable, value names kept), in directory `dir` (where
/// the source's relative paths and include directories are meant).
pub(crate) fn compile_bitcode(source: &Path, flags: &[String], out: &Path, dir: &Path) -> Result<()> {
    let status = Command::new(clang())
        .current_dir(dir)
        .args(flags)
        .args(["-c", "-emit-llvm", "-g", "-O0", "-Xclang", "-disable-O0-optnone", "-fno-discard-value-names", "-w"])
        .arg(ravel_ir::frontend::not_an_option(source))
        .arg("-o")
        .arg(out)
        .status()
        .with_context(|| format!("cannot run {}", clang()))?;
    if !status.success() {
        bail!("compiling {} to bitcode failed", source.display());
    }
    Ok(())
}

/// `ravel cc ARGS...`: the native compile, then the bitcode beside it; returns clang's
/// exit code.
pub fn run(args: &[String]) -> Result<u8> {
    let native = Command::new(clang()).args(args).status().with_context(|| format!("cannot run {}", clang()))?;
    let code = native.code().unwrap_or(1) as u8;
    let inv = parse(args);
    // Output to a device (`-o /dev/null`, as configure scripts probe flags) keeps nothing
    // to record the bitcode beside.
    let to_device = inv.output.as_deref().is_some_and(|o| std::fs::metadata(o).is_ok_and(|m| !m.is_file()));
    if code != 0
        || inv.no_output
        || to_device
        || (inv.sources.is_empty() && inv.objects.is_empty() && inv.archives.is_empty())
    {
        return Ok(code);
    }
    if inv.compile_only {
        for source in &inv.sources {
            let object = match (&inv.output, inv.sources.len()) {
                (Some(o), 1) => o.clone(),
                _ => default_object(source),
            };
            let bitcode = sidecar(&object);
            compile_bitcode(source, &inv.flags, &bitcode, Path::new("."))?;
            embed_path(&object, &bitcode)?;
        }
        return Ok(0);
    }
    // A link (maybe compiling some sources on the way): the bitcode of every input,
    // linked into PROGRAM.bc.
    let program = inv.output.clone().unwrap_or_else(|| PathBuf::from("a.out"));
    let scratch = ravel_ir::frontend::private_scratch().context("cannot create a scratch directory")?;
    let mut modules = Vec::new();
    for (i, source) in inv.sources.iter().enumerate() {
        let bc = scratch.path().join(format!("source{i}.bc"));
        compile_bitcode(source, &inv.flags, &bc, Path::new("."))?;
        modules.push(bc);
    }
    for object in &inv.objects {
        let bc = if object.extension().is_some_and(|e| e == "bc") {
            Bitcode::Recorded(object.clone())
        } else {
            bitcode_of(object, scratch.path())
        };
        match bc {
            Bitcode::Recorded(bc) => modules.push(bc),
            Bitcode::Lost => bail!("{} has no recorded bitcode: compile it with `ravel cc` again", object.display()),
            Bitcode::None => left_out(object, &defined_natively(object)),
        }
    }
    for source in &inv.assembly {
        left_out(source, &[]);
    }
    // Static libraries, named or found through -l in the -L directories (system libraries
    // are not searched: ravel models libc and pthreads itself). Only what the program
    // needs of them is linked, as the native linker does.
    let named = inv
        .libraries
        .iter()
        .filter_map(|name| inv.library_dirs.iter().map(|d| d.join(format!("lib{name}.a"))).find(|p| p.is_file()));
    let mut libraries = Vec::new();
    for (n, archive) in inv.archives.iter().cloned().chain(named).enumerate() {
        for member in members(&archive, scratch.path(), n)? {
            match bitcode_of(&member, scratch.path()) {
                Bitcode::Recorded(bc) => libraries.push(bc),
                Bitcode::Lost => bail!(
                    "{} in {} has no recorded bitcode: build the library with `ravel cc` again",
                    member.file_name().unwrap_or_default().to_string_lossy(),
                    archive.display()
                ),
                Bitcode::None => left_out(
                    &member.with_file_name(format!(
                        "{}({})",
                        archive.display(),
                        member.file_name().unwrap_or_default().to_string_lossy()
                    )),
                    &defined_natively(&member),
                ),
            }
        }
    }
    link_program(&modules, &libraries, &sidecar(&program), scratch.path())?;
    Ok(0)
}

/// Says that `input` (assembly, or an object `ravel cc` did not compile) is left out of
/// the program's bitcode: ravel cannot interpret what it defines (`defines`), so a check
/// that calls one of those stops there as unsupported (verdict unknown), never guesses.
fn left_out(input: &Path, defines: &[String]) {
    let what = match defines {
        [] => String::new(),
        d if d.len() <= 8 => format!(" (it defines {})", d.join(", ")),
        d => format!(" (it defines {} and {} more)", d[..8].join(", "), d.len() - 8),
    };
    eprintln!(
        "ravel: note: {} has no bitcode (assembly, or not compiled with `ravel cc`): left out of the program's bitcode{what}; a check that uses what it defines stops there as unsupported (verdict unknown)",
        input.display()
    );
}

/// The symbols a native object defines, as `llvm-nm` lists them (none if it cannot).
fn defined_natively(object: &Path) -> Vec<String> {
    let Ok(out) = Command::new("llvm-nm-19")
        .args(["--defined-only", "--extern-only", "--format=just-symbols"])
        .arg(object)
        .output()
    else {
        return Vec::new();
    };
    String::from_utf8_lossy(&out.stdout).lines().map(str::to_string).collect()
}

/// Links a program into `out`: its own `modules` with all their symbols (a symbol defined
/// twice is an error), then the `libraries` (archive members) that define what they need,
/// each whole and at most once, as a linker takes archive members; `scratch` holds the
/// steps.
pub(crate) fn link_program(modules: &[PathBuf], libraries: &[PathBuf], out: &Path, scratch: &Path) -> Result<()> {
    let own = scratch.join("own.bc");
    llvm_link(modules, &own)?;
    // As a linker does: a member that defines a symbol still undefined is taken, whole
    // and once (taking only the needed functions, member by member, copied a member's
    // file-static globals each time another of its functions was needed), until no
    // taken member needs anything another one defines.
    let (own_defined, own_needed) = symbols(&own)?;
    let mut defined: BTreeSet<String> = own_defined.into_iter().collect();
    let mut wanted: BTreeSet<String> = own_needed.into_iter().filter(|n| !defined.contains(n)).collect();
    let members = libraries.iter().map(|l| symbols(l)).collect::<Result<Vec<_>>>()?;
    let mut taken = vec![false; members.len()];
    loop {
        let next = (0..members.len()).find(|&i| !taken[i] && members[i].0.iter().any(|d| wanted.contains(d)));
        let Some(i) = next else { break };
        taken[i] = true;
        defined.extend(members[i].0.iter().cloned());
        wanted.extend(members[i].1.iter().cloned());
        wanted.retain(|n| !defined.contains(n));
    }
    let mut all = vec![own];
    all.extend(libraries.iter().zip(&taken).filter(|(_, &t)| t).map(|(l, _)| l.clone()));
    llvm_link(&all, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn compile_steps_keep_meaningful_flags_only() {
        let inv = parse(&args("-c -O2 -DN=3 -I inc -MD -MF deps.d -Wall src/q.c -o obj/q.o"));
        assert!(inv.compile_only);
        assert_eq!(inv.output, Some(PathBuf::from("obj/q.o")));
        assert_eq!(inv.sources, vec![PathBuf::from("src/q.c")]);
        assert_eq!(inv.flags, args("-O2 -DN=3 -I inc -Wall"));
        assert_eq!(sidecar(inv.output.as_deref().unwrap()), PathBuf::from("obj/q.o.bc"));
        assert_eq!(default_object(Path::new("src/q.c")), PathBuf::from("q.o"));
    }

    #[test]
    fn links_collect_objects_and_static_libraries() {
        let inv = parse(&args("main.o q.o libq.a -o prog -lpthread -L/usr/lib -Wl,--as-needed"));
        assert!(!inv.compile_only && !inv.no_output);
        assert_eq!(inv.objects, vec![PathBuf::from("main.o"), PathBuf::from("q.o")]);
        assert_eq!(inv.archives, vec![PathBuf::from("libq.a")]);
        assert!(inv.flags.is_empty(), "{:?}", inv.flags);
        assert!(parse(&args("-E q.c")).no_output);
    }
}
