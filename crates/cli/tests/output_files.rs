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

/// Symbolic links planted where a writer might put its temporary file (and a FIFO as the
/// output itself) never lead ravel to write elsewhere: the victim stays as it was.
#[test]
fn planted_links_never_redirect_a_write() {
    let dir = tempfile::tempdir().unwrap();
    let victim = dir.path().join("victim");
    std::fs::write(&victim, "precious").unwrap();
    let safe = dir.path().join("safe.c");
    std::fs::write(&safe, "#include <pthread.h>\nint x;\nvoid *w(void *a) { return a; }\nint main(void) { pthread_t t; pthread_create(&t, 0, w, 0); x = 1; pthread_join(t, 0); return 0; }\n").unwrap();
    let safe = safe.display().to_string();
    for (flag, program) in [("--enforce-out", &safe), ("--witness", &unsafe_program()), ("--sarif", &safe)] {
        let out = dir.path().join(format!("out{}", flag.trim_start_matches('-')));
        let name = out.file_name().unwrap().to_string_lossy().into_owned();
        for planted in [format!("{name}.tmp"), format!(".{name}.tmp"), format!("{name}.part"), format!("{name}~")] {
            std::os::unix::fs::symlink(&victim, dir.path().join(planted)).unwrap();
        }
        let ran = ravel(&["check", program, flag, out.to_str().unwrap()]);
        assert!(matches!(ran.status.code(), Some(0 | 1)), "{flag}: {}", text(&ran.stderr));
        assert!(out.is_file(), "{flag}: no output written");
    }
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    let fifo = dir.path().join("fifo");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let ran = ravel(&["check", &unsafe_program(), "--witness", fifo.to_str().unwrap()]);
    assert_eq!(ran.status.code(), Some(3), "{}", text(&ran.stderr));
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo(), "the FIFO was replaced");
}
