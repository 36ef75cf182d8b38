//! `--entry FUNCTION` (issue 40): a function checked as the program, as GenMC's
//! `--program-entry-function` and CBMC's `--function` do — integer parameters are
//! nondeterministic inputs, pointers point to fresh zeroed blocks, a file without `main`
//! loads, the witness names the entry so `ravel replay` starts there too.

mod common;

use common::{ravel, scratch, text};
use std::path::{Path, PathBuf};

/// A library without `main`: `store` indexes an array with its parameter unchecked,
/// `share` lets two threads update the block its caller passed, `both` does it under a
/// lock (correct), `scale` takes a double.
const LIBRARY: &str = r#"
#include <pthread.h>

static int table[4];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

int store(int i, int v) {
    if (i < 8)
        table[i] = v;
    return table[0];
}

static void *bump(void *p) {
    ++*(int *)p;
    return 0;
}

int share(int *counter) {
    pthread_t a, b;
    pthread_create(&a, 0, bump, counter);
    pthread_create(&b, 0, bump, counter);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return *counter;
}

static void *bump_locked(void *p) {
    pthread_mutex_lock(&lock);
    ++*(int *)p;
    pthread_mutex_unlock(&lock);
    return 0;
}

int both(int *counter) {
    pthread_t a, b;
    pthread_create(&a, 0, bump_locked, counter);
    pthread_create(&b, 0, bump_locked, counter);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return *counter == 2 ? 0 : 1 / (*counter - *counter);
}

double scale(double x) { return 2 * x; }
"#;

fn library(test: &str) -> PathBuf {
    let file = scratch("entry", test, "library.c");
    std::fs::write(&file, LIBRARY).unwrap();
    file
}

fn check(file: &Path, entry: &str, more: &[&str]) -> (Option<i32>, serde_json::Value, String) {
    let mut args = vec!["check", file.to_str().unwrap(), "--entry", entry, "--json"];
    args.extend(more);
    let out = ravel(&args);
    let report = serde_json::from_slice(&out.stdout).unwrap_or(serde_json::Value::Null);
    (out.status.code(), report, text(&out.stderr))
}

#[test]
fn an_integer_parameter_is_an_input_and_the_witness_replays_from_the_entry() {
    let file = library("int");
    let witness = scratch("entry", "int", "w.json");
    let (code, report, err) = check(&file, "store", &["--witness", witness.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{report} {err}");
    assert_eq!(report["errors"][0]["kind"], "out-of-bounds", "{report}");
    let w: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&witness).unwrap()).unwrap();
    assert_eq!(w["entry"], "store", "{w}");
    let replay = ravel(&["replay", witness.to_str().unwrap()]);
    assert_eq!(replay.status.code(), Some(1), "{}", text(&replay.stderr));
    assert!(text(&replay.stderr).contains("out-of-bounds"), "{}", text(&replay.stderr));
    // A native build starts in main: such a witness cannot be enforced there.
    let constraints = scratch("entry", "int", "c.txt");
    let enforce = ravel(&["enforce", "witness", witness.to_str().unwrap(), "-o", constraints.to_str().unwrap()]);
    assert_eq!(enforce.status.code(), Some(3), "{}", text(&enforce.stderr));
    assert!(text(&enforce.stderr).contains("starts in `store` (--entry)"), "{}", text(&enforce.stderr));
}

#[test]
fn a_pointer_parameter_is_a_fresh_block_the_threads_share() {
    let file = library("ptr");
    let (code, report, err) = check(&file, "share", &[]);
    assert_eq!(code, Some(1), "{report} {err}");
    assert_eq!(report["errors"][0]["kind"], "data-race", "{report}");
    let (code, report, err) = check(&file, "both", &[]);
    assert_eq!(code, Some(0), "the locked version is safe: {report} {err}");
    let run = ravel(&["run", file.to_str().unwrap(), "--entry", "both"]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
}

#[test]
fn an_entry_that_cannot_start_is_a_clear_error() {
    let file = library("bad");
    for (entry, says) in [
        ("nowhere", "the program has no function `nowhere` (--entry)"),
        ("scale", "parameter 1 of `scale` is neither an integer nor a pointer"),
    ] {
        let (code, _, err) = check(&file, entry, &[]);
        assert_eq!(code, Some(3), "{entry}: {err}");
        assert!(err.contains(says), "{entry}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    let out = ravel(&["check", file.to_str().unwrap()]);
    let (code, err) = (out.status.code(), text(&out.stderr));
    assert_eq!(code, Some(3), "{err}");
    assert!(err.contains("no `main` function (--entry FUNCTION starts in another one)"), "{err}");
}
