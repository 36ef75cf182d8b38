//! A bitcode program loads from the cache directory the second time: same output, and a
//! changed program is compiled again rather than read from a stale entry.

mod common;

use std::path::Path;
use std::process::{Command, Output};

fn run_cached(cache: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ravel")).args(args).env("RAVEL_CACHE_DIR", cache).output().expect("ravel runs")
}

fn program(n: u32) -> String {
    format!("#include <stdio.h>\nint g[4];\nint main(void) {{ g[1] = {n}; printf(\"%d\\n\", g[1] * 2); return 0; }}\n")
}

#[test]
fn a_bitcode_program_is_compiled_once_and_a_changed_one_again() {
    let cache = common::scratch("compile_cache", "once", "cache");
    let _ = std::fs::remove_dir_all(&cache);
    let entries = || {
        std::fs::read_dir(&cache)
            .map(|d| d.filter_map(|e| e.ok()).filter(|e| e.file_name().to_string_lossy().ends_with(".notes")).count())
            .unwrap_or(0)
    };
    let (src, bc) = (common::scratch("compile_cache", "once", "p.c"), common::scratch("compile_cache", "once", "p.bc"));
    for (n, want) in [(21, "42\n"), (50, "100\n")] {
        std::fs::write(&src, program(n)).unwrap();
        let compiled = common::ravel(&["compile", src.to_str().unwrap(), "-o", bc.to_str().unwrap()]);
        assert!(compiled.status.success(), "{}", common::text(&compiled.stderr));
        let before = entries();
        for round in 0..2 {
            let out = run_cached(&cache, &["run", bc.to_str().unwrap()]);
            assert!(out.status.success(), "{}", common::text(&out.stderr));
            assert_eq!(common::text(&out.stdout), want, "program {n}, round {round}");
            assert_eq!(entries(), before + 1, "program {n}, round {round}: one entry, made by the first load");
        }
    }
    // C sources are never cached (what they include is not part of the key).
    let before = entries();
    let out = run_cached(&cache, &["run", src.to_str().unwrap()]);
    assert_eq!(common::text(&out.stdout), "100\n");
    assert_eq!(entries(), before);
}

#[test]
fn an_error_report_reads_the_same_from_the_cache() {
    let cache = common::scratch("compile_cache", "report", "cache");
    let _ = std::fs::remove_dir_all(&cache);
    let (src, bc) =
        (common::scratch("compile_cache", "report", "p.c"), common::scratch("compile_cache", "report", "p.bc"));
    let text = "struct s { int a; int b[2]; } g;\nint main(int argc, char **argv) { g.b[argc + 1] = 1; return 0; }\n";
    std::fs::write(&src, text).unwrap();
    assert!(common::ravel(&["compile", src.to_str().unwrap(), "-o", bc.to_str().unwrap()]).status.success());
    let reports: Vec<String> =
        (0..2).map(|_| common::text(&run_cached(&cache, &["run", bc.to_str().unwrap()]).stderr)).collect();
    assert!(reports[0].contains("global `g"), "{}", reports[0]);
    assert_eq!(reports[0], reports[1]);
}

/// Every file of the cache (the program's bitcode, text and notes, ravel's compiled libc
/// and their seals) truncated, bit-flipped or emptied: the next load compiles again and
/// answers as before, and the entry is whole again afterwards.
#[test]
fn a_damaged_cache_file_is_compiled_again() {
    let cache = common::scratch("compile_cache", "damaged", "cache");
    let _ = std::fs::remove_dir_all(&cache);
    let (src, bc) =
        (common::scratch("compile_cache", "damaged", "p.c"), common::scratch("compile_cache", "damaged", "p.bc"));
    std::fs::write(&src, "#include <assert.h>\nint g;\nint main(void) { g = 2; assert(g == 2); return 0; }\n").unwrap();
    assert!(common::ravel(&["compile", src.to_str().unwrap(), "-o", bc.to_str().unwrap()]).status.success());
    let check = || {
        let out = run_cached(&cache, &["check", bc.to_str().unwrap()]);
        (out.status.code(), common::text(&out.stderr))
    };
    let (first, report) = check();
    assert_eq!(first, Some(0), "{report}");
    let mut files: Vec<_> = std::fs::read_dir(&cache).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let names: Vec<String> = files.iter().map(|f| f.file_name().unwrap().to_string_lossy().into_owned()).collect();
    for kind in ["libc-", ".bc", ".ll", ".notes", ".seal"] {
        assert!(names.iter().any(|n| n.contains(kind)), "no {kind} file in the cache: {names:?}");
    }
    type Damage = fn(&mut Vec<u8>);
    let damages: [(&str, Damage); 3] = [
        ("truncated", |b| b.truncate(b.len() / 2)),
        ("bit-flipped", |b| match b.len() {
            0 => b.push(0x10),
            n => b[n / 3] ^= 0x10,
        }),
        ("emptied", |b| b.clear()),
    ];
    for file in &files {
        for (what, damage) in damages {
            let mut bytes = std::fs::read(file).unwrap();
            damage(&mut bytes);
            std::fs::write(file, &bytes).unwrap();
            if file.file_name().unwrap().to_string_lossy().starts_with("libc-") {
                // Only a program missing from the cache reads the compiled libc.
                for entry in std::fs::read_dir(&cache).unwrap() {
                    let path = entry.unwrap().path();
                    if path.file_name().unwrap().to_string_lossy().starts_with("program-") {
                        std::fs::remove_file(path).unwrap();
                    }
                }
            }
            let (code, report) = check();
            assert_eq!(code, Some(0), "{} {what}: {report}", file.display());
            assert!(sealed_whole(file), "{} {what}: the entry is written again", file.display());
        }
    }
}

/// Whether `file` (a cache file or its seal) and its partner agree on the data's length
/// (recompiling ravel's libc in another scratch directory changes its bytes, so the
/// bytes themselves cannot be compared).
fn sealed_whole(file: &Path) -> bool {
    let name = file.to_string_lossy();
    let (data, seal) = match name.strip_suffix(".seal") {
        Some(data) => (std::path::PathBuf::from(data), file.to_path_buf()),
        None => (file.to_path_buf(), std::path::PathBuf::from(format!("{name}.seal"))),
    };
    let (Ok(data), Ok(seal)) = (std::fs::read(data), std::fs::read_to_string(seal)) else { return false };
    seal.split(' ').next() == Some(data.len().to_string().as_str())
}
