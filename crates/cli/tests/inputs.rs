//! Malformed and unusual inputs: each must give one clear error line and exit code 3
//! (or run, where the input is valid), never a panic.

use std::path::Path;
use std::process::{Command, Output};

fn ravel(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ravel")).args(args).output().expect("ravel runs")
}

fn input(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/inputs").join(name).display().to_string()
}

/// Asserts exit code 3 and a single `ravel: error:` line containing `needle`.
fn assert_input_error(out: &Output, needle: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "stderr: {stderr}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "expected one line, got: {stderr}");
    assert!(lines[0].starts_with("ravel: error: "), "{stderr}");
    assert!(lines[0].contains(needle), "expected `{needle}` in: {stderr}");
}

#[test]
fn missing_file() {
    assert_input_error(&ravel(&["run", "/nonexistent/prog.c"]), "cannot read /nonexistent/prog.c");
}

#[test]
fn empty_file() {
    assert_input_error(&ravel(&["run", &input("empty.c")]), "is empty");
}

#[test]
fn syntax_error_shows_clangs_message() {
    assert_input_error(&ravel(&["run", &input("syntax_error.c")]), "expected ';' after return statement");
}

#[test]
fn binary_garbage() {
    assert_input_error(&ravel(&["run", &input("garbage.bc")]), "not valid LLVM 19 IR");
}

#[test]
fn truncated_bitcode() {
    assert_input_error(&ravel(&["run", &input("truncated.bc")]), "not valid LLVM 19 IR");
}

#[test]
fn program_without_main() {
    assert_input_error(&ravel(&["run", &input("no_main.c")]), "no `main` function");
}

#[test]
fn usage_error_exits_3() {
    let out = ravel(&["run"]);
    assert_ne!(out.status.code(), Some(0));
    assert_ne!(out.status.code(), Some(101));
}

#[test]
fn older_llvm_bitcode_is_upgraded_and_runs() {
    // Bitcode written by LLVM 14 (typed pointers): LLVM 19 reads it with auto-upgrade.
    let out = ravel(&["run", &input("llvm14.bc")]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "hi\n");
}

#[test]
fn unsupported_construct_names_it_and_exits_2() {
    let dir = std::env::temp_dir().join(format!("ravel-unsupported-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("asm.c");
    std::fs::write(&file, "int main(void) {\n  int x;\n  __asm__(\"movl $1, %0\" : \"=r\"(x));\n  return x;\n}\n")
        .unwrap();
    let out = ravel(&["run", file.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("unsupported: inline assembly"), "{stderr}");
    assert!(stderr.contains("asm.c:3"), "{stderr}");
    std::fs::remove_dir_all(&dir).ok();
}
