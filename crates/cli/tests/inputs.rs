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
    assert!(stderr.contains("unsupported: inline assembly `movl $1, $0`"), "{stderr}");
    assert!(stderr.contains("asm.c:3"), "{stderr}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn broken_error_function_body_is_replaced_with_a_note() {
    let witness = std::env::temp_dir().join(format!("ravel-broken-reach-{}.json", std::process::id()));
    let witness = witness.to_str().unwrap();
    let out = ravel(&["check", &input("broken_reach_error.c"), "--witness", witness]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("ravel: note: the body of `reach_error`"), "{stderr}");
    assert!(stderr.contains("expected expression"), "{stderr}");
    // Line numbers are those of the original file.
    assert!(stderr.contains("broken_reach_error.c:18"), "{stderr}");
    let replay = ravel(&["replay", witness]);
    let _ = std::fs::remove_file(witness);
    let replayed = String::from_utf8_lossy(&replay.stderr);
    assert_eq!(replay.status.code(), Some(1), "{replayed}");
    assert!(replayed.contains("reach-error"), "{replayed}");
}

#[test]
fn error_outside_the_error_function_is_still_reported() {
    // The same program with a second error, in main: a missing semicolon.
    let text = std::fs::read_to_string(input("broken_reach_error.c")).unwrap();
    let text = text.replacen("  pthread_join(t, 0);\n  return 0;", "  pthread_join(t, 0);\n  return 0", 1);
    let dir = std::env::temp_dir().join(format!("ravel-broken-main-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("broken_reach_error_and_main.c");
    std::fs::write(&file, text).unwrap();
    let out = ravel(&["check", file.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).ok();
    assert_input_error(&out, "expected expression");
}

#[test]
fn property_mode_allows_spurious_wakeups() {
    let dir = std::env::temp_dir().join(format!("ravel-spurious-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let prp = dir.join("unreach-call.prp");
    std::fs::write(&prp, "CHECK( init(main()), LTL(G ! call(reach_error())) )\n").unwrap();
    // Waiting with `if` instead of `while`: only a spurious wake-up reaches the error.
    let program = dir.join("if_wait.c");
    std::fs::write(
        &program,
        "#include <pthread.h>\nvoid reach_error(void);\npthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;\n\
         pthread_cond_t c = PTHREAD_COND_INITIALIZER;\nint ready;\n\
         void *waiter(void *p) {\n  pthread_mutex_lock(&m);\n  if (!ready)\n    pthread_cond_wait(&c, &m);\n\
           if (!ready)\n    reach_error();\n  pthread_mutex_unlock(&m);\n  return 0;\n}\n\
         int main(void) {\n  pthread_t t;\n  pthread_create(&t, 0, waiter, 0);\n  pthread_mutex_lock(&m);\n\
           ready = 1;\n  pthread_cond_signal(&c);\n  pthread_mutex_unlock(&m);\n  pthread_join(t, 0);\n}\n",
    )
    .unwrap();
    let out = ravel(&["check", program.to_str().unwrap(), "--property", prp.to_str().unwrap()]);
    let _ = std::fs::remove_dir_all(&dir);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.lines().last(), Some("FALSE"), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
}
