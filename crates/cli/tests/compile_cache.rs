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
