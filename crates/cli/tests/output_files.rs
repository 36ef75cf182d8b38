//! Files and streams ravel writes (issue 45): a report or witness goes only to a regular
//! file or a new path, a failed write is an input/output error (exit 3) naming the file,
//! and standard output that nobody reads any more leaves the verdict's exit status.

mod common;

use common::{programs_dir, ravel, text};
use std::os::unix::fs::FileTypeExt;
use std::process::{Command, Stdio};

fn unsafe_program() -> String {
    programs_dir().join("abort_called.c").display().to_string()
}

#[test]
fn special_files_and_directories_are_refused_not_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let dir_name = dir.path().display().to_string();
    for flag in ["--witness", "--sarif", "--html"] {
        for target in ["/dev/null", dir_name.as_str()] {
            let out = ravel(&["check", &unsafe_program(), flag, target]);
            assert_eq!(out.status.code(), Some(3), "{flag} {target}: {}", text(&out.stderr));
            assert!(text(&out.stderr).contains(&format!("cannot write {target}")), "{}", text(&out.stderr));
        }
    }
    let null = std::fs::metadata("/dev/null").unwrap();
    assert!(null.file_type().is_char_device(), "/dev/null was replaced");
}

#[test]
fn a_write_that_fails_is_an_error_naming_the_file() {
    let missing = "/nonexistent-ravel-dir/w.json";
    let out = ravel(&["check", &unsafe_program(), "--witness", missing]);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains(missing), "{}", text(&out.stderr));
}

#[test]
fn a_reader_that_goes_away_leaves_the_verdicts_status() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ravel"))
        .args(["check", "--json", &unsafe_program()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Close the reading end at once: every write of the report meets a broken pipe.
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1), "status {:?}: {}", out.status, text(&out.stderr));
    assert!(!text(&out.stderr).contains("panicked"), "{}", text(&out.stderr));
}
