//! `--compile-commands compile_commands.json --target NAME` on `check` and `run`: the
//! program is built from a compilation database (as CMake, Bear or `ravel cc`-less build
//! systems write it) instead of source files on the command line. Each entry is compiled
//! to bitcode with its own flags in its own directory (as `ravel cc` compiles them, the
//! flags restricted to the allow-list of witnesses, `clang_flags`); the entry whose source is the target and
//! defines `main` is linked with all its symbols, the others only for what it needs, as a
//! linker takes archive members (a database lists every executable's sources together and
//! says nothing about links, so other programs' `main` files are left out).
//!
//! NAME is the target's source file (a path as the database gives it, resolved against
//! its entry's directory, or just the file name) or, for the usual one-source-per-program
//! layout, the executable's name: the stem of the one source defining `main` whose file
//! name is NAME plus an extension (`server` for `src/server.c`).

use anyhow::{anyhow, bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

/// One entry of the database.
#[derive(serde::Deserialize)]
struct Entry {
    directory: PathBuf,
    file: PathBuf,
    #[serde(default)]
    arguments: Option<Vec<String>>,
    #[serde(default)]
    command: Option<String>,
}

impl Entry {
    /// The compiler's arguments without its own name.
    fn args(&self) -> Result<Vec<String>> {
        let words = match (&self.arguments, &self.command) {
            (Some(a), _) => a.clone(),
            (None, Some(c)) => split_command(c)?,
            (None, None) => bail!("the entry for {} has neither `arguments` nor `command`", self.file.display()),
        };
        Ok(words.into_iter().skip(1).collect())
    }

    /// The source file, absolute.
    fn source(&self) -> PathBuf {
        self.directory.join(&self.file)
    }
}

/// A compiled entry.
struct Module {
    source: PathBuf,
    bitcode: PathBuf,
    defines_main: bool,
}

/// Splits a `command` string as a POSIX shell would split plain words: blanks separate,
/// single quotes keep everything, double quotes keep everything but `\"` and `\\`, a
/// backslash outside quotes escapes the next character.
fn split_command(command: &str) -> Result<Vec<String>> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = command.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' => words.extend(word.take()),
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => w.push(c),
                        None => bail!("unterminated quote in `{command}`"),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$' | '`')) => w.push(c),
                            Some(c) => {
                                w.push('\\');
                                w.push(c);
                            }
                            None => bail!("unterminated quote in `{command}`"),
                        },
                        Some(c) => w.push(c),
                        None => bail!("unterminated quote in `{command}`"),
                    }
                }
            }
            '\\' => word.get_or_insert_with(String::new).extend(chars.next()),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Ok(words)
}

/// Reads the database at `path`.
fn read(path: &Path) -> Result<Vec<Entry>> {
    let text = crate::input_file::read_text(path)?;
    let entries: Vec<Entry> =
        serde_json::from_str(&text).with_context(|| format!("{} is no compilation database", path.display()))?;
    if entries.is_empty() {
        bail!("{} lists no compilations", path.display());
    }
    Ok(entries)
}

/// Whether bitcode module `bc` defines `main`.
fn defines_main(bc: &Path) -> Result<bool> {
    let out = Command::new("llvm-nm-19")
        .args(["--defined-only", "--extern-only"])
        .arg(bc)
        .output()
        .context("cannot run llvm-nm-19")?;
    if !out.status.success() {
        bail!("cannot list the symbols of {}", bc.display());
    }
    Ok(String::from_utf8_lossy(&out.stdout).lines().any(|l| l.split_whitespace().last() == Some("main")))
}

/// The module of the target NAME (see the module's documentation).
fn target<'a>(modules: &'a [Module], name: &str, cwd: &Path) -> Result<&'a Module> {
    let wanted = cwd.join(name);
    let same = |m: &&Module| {
        m.source == wanted
            || std::fs::canonicalize(&m.source).ok().is_some_and(|a| std::fs::canonicalize(&wanted).ok() == Some(a))
    };
    let by_name = |m: &&Module| m.source.file_name().is_some_and(|f| f == name);
    let by_stem = |m: &&Module| m.defines_main && m.source.file_stem().is_some_and(|f| f == name);
    for (rule, matches) in [
        ("path", modules.iter().filter(same).collect::<Vec<_>>()),
        ("file name", modules.iter().filter(by_name).collect()),
        ("program name", modules.iter().filter(by_stem).collect()),
    ] {
        match matches.as_slice() {
            [] => continue,
            [one] if one.defines_main => return Ok(one),
            [one] => bail!("--target {name}: {} does not define `main`", one.source.display()),
            many => bail!(
                "--target {name} matches several sources by {rule}: {}",
                many.iter().map(|m| m.source.display().to_string()).collect::<Vec<_>>().join(", ")
            ),
        }
    }
    let mains: Vec<String> =
        modules.iter().filter(|m| m.defines_main).map(|m| m.source.display().to_string()).collect();
    Err(anyhow!(
        "--target {name}: no source of the database is named so; the sources defining `main` are: {}",
        if mains.is_empty() { "none".to_string() } else { mains.join(", ") }
    ))
}

/// Builds target `name` of database `db` and returns the linked bitcode, written beside
/// the database as `NAME.ravel.bc` (a witness names it, so it must outlive the check).
pub fn build(db: &Path, name: &str) -> Result<PathBuf> {
    let entries = read(db)?;
    let scratch = ravel_ir::frontend::private_scratch().context("cannot create a scratch directory")?;
    let cwd = std::env::current_dir()?;
    let mut modules = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        if !entry.file.extension().is_some_and(|e| e == "c" || e == "i") {
            continue; // C++, assembly: not C, not ravel's
        }
        let inv = crate::cc::parse(&entry.args()?);
        // A database is written by whoever wrote the project: its flags pass the same
        // allow-list as a witness's (no plugins, no files written where it says).
        let flags = crate::clang_flags::split(&inv.flags);
        if !flags.refused.is_empty() {
            eprintln!(
                "ravel: note: entry {} of {}: left out the clang flags {} ({})",
                i + 1,
                db.display(),
                flags.refused.iter().map(|f| format!("`{f}`")).collect::<Vec<_>>().join(" "),
                crate::clang_flags::ACCEPTED
            );
        }
        let bitcode = scratch.path().join(format!("entry{i}.bc"));
        crate::cc::compile_bitcode(&entry.file, &flags.kept, &bitcode, &entry.directory)
            .with_context(|| format!("entry {} of {}", i + 1, db.display()))?;
        modules.push(Module { source: entry.source(), defines_main: defines_main(&bitcode)?, bitcode });
    }
    if modules.is_empty() {
        bail!("{} lists no C sources", db.display());
    }
    let main = target(&modules, name, &cwd)?;
    let others: Vec<PathBuf> = modules.iter().filter(|m| !m.defines_main).map(|m| m.bitcode.clone()).collect();
    let stem = main.source.file_stem().unwrap_or_default().to_string_lossy().into_owned();
    let out = db.parent().unwrap_or(Path::new(".")).join(format!("{stem}.ravel.bc"));
    crate::cc::link_program(std::slice::from_ref(&main.bitcode), &others, &out, scratch.path())?;
    eprintln!(
        "ravel: note: {} built from {} with {} more C sources of the database",
        out.display(),
        main.source.display(),
        others.len()
    );
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_split_like_a_shell() {
        let words = split_command(r#"cc -DNAME="\"x y\"" -I'a b' c\ d.c  -o o"#).unwrap();
        assert_eq!(words, ["cc", r#"-DNAME="x y""#, "-Ia b", "c d.c", "-o", "o"]);
        assert!(split_command("cc 'open").is_err());
    }
}
