//! What `ravel predict` prints, exits with and saves beyond a replayed prediction: a
//! recorded run that itself fails is the violation, and a prediction whose replay leaves
//! the predicted schedule (a thread takes the other side of a branch) is confirmed by
//! exploring on from there, or reported unconfirmed with what was explored.

mod common;

use common::{programs_dir, ravel, scratch, text};
use std::path::Path;

/// `ravel predict FILE FLAGS --save-witness W`: (exit code, stderr, W).
fn predict(test: &str, file: &Path, flags: &[&str]) -> (Option<i32>, String, std::path::PathBuf) {
    let witness = scratch("predict-verdicts", test, "witness.json");
    let _ = std::fs::remove_file(&witness);
    let mut args = vec!["predict", file.to_str().unwrap()];
    args.extend(flags);
    args.extend(["--save-witness", witness.to_str().unwrap()]);
    let out = ravel(&args);
    (out.status.code(), text(&out.stderr), witness)
}

/// `ravel replay W` reproduces an assertion failure at `line`.
fn replays_assertion(witness: &Path, line: u32) {
    assert!(witness.exists(), "no witness saved at {}", witness.display());
    let out = ravel(&["replay", witness.to_str().unwrap()]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("error: assertion-failure: assertion `balance >= 0` failed"), "{stderr}");
    assert!(stderr.contains(&format!(":{line}:")), "{stderr}");
}

#[test]
fn a_recorded_run_that_fails_is_the_violation() {
    let file = programs_dir().join("predict_recorded_failure.c");
    let (code, stderr, witness) = predict("recorded", &file, &["--seed", "1", "--property", "assert"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("error: assertion-failure: assertion `balance >= 0` failed (in the recorded run)"),
        "{stderr}"
    );
    assert!(stderr.contains("predict_recorded_failure.c:32 (thread [0])"), "{stderr}");
    assert!(stderr.contains("ravel: predict: the recorded run is a violation;"), "{stderr}");
    assert!(!stderr.contains("no violation predicted"), "{stderr}");
    replays_assertion(&witness, 32);
}

#[test]
fn a_recorded_run_that_fails_is_unsafe_in_json() {
    let file = programs_dir().join("predict_recorded_failure.c");
    let out = ravel(&["predict", file.to_str().unwrap(), "--seed", "1", "--json"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    assert_eq!(report["verdict"], "unsafe", "{report}");
    assert_eq!(report["errors"][0]["kind"], "assertion-failure", "{report}");
    assert_eq!(report["confirmed"][0]["confirmed_by"], "in the recorded run", "{report}");
    assert!(report["confirmed"][0]["property"].is_null(), "{report}");
}

#[test]
fn check_then_act_is_confirmed_by_exploring_on_from_the_divergence() {
    let file = programs_dir().join("predict_check_then_act.c");
    let (code, stderr, witness) = predict("check-then-act", &file, &["--seed", "1", "--property", "assert"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("the recorded run exits with status 0"), "{stderr}");
    assert!(
        stderr.contains(
            "error: assertion-failure: assertion `balance >= 0` failed (predicted, confirmed by exploring on from \
             where the replay left the predicted schedule"
        ),
        "{stderr}"
    );
    assert!(stderr.contains("ravel: predict: 1 violations predicted and confirmed"), "{stderr}");
    replays_assertion(&witness, 37);
}

/// The withdrawal checks again inside its second critical section: the divergence is
/// feasible, but nothing after it fails.
const DOUBLE_CHECKED: &str = r#"
#include <assert.h>
#include <pthread.h>

int balance = 100;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *withdraw(void *arg) {
    int amount = *(int *)arg;
    pthread_mutex_lock(&m);
    int ok = balance >= amount;
    pthread_mutex_unlock(&m);
    if (ok) {
        pthread_mutex_lock(&m);
        if (balance >= amount)
            balance -= amount;
        pthread_mutex_unlock(&m);
    }
    return 0;
}

int main(void) {
    pthread_t t1, t2;
    int a1 = 60, a2 = 60;
    pthread_create(&t1, 0, withdraw, &a1);
    pthread_create(&t2, 0, withdraw, &a2);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    assert(balance >= 0);
    return 0;
}
"#;

#[test]
fn a_divergence_explored_without_error_stays_unconfirmed() {
    let file = scratch("predict-verdicts", "double-checked", "double_checked.c");
    std::fs::write(&file, DOUBLE_CHECKED).unwrap();
    let (code, stderr, witness) = predict("double-checked", &file, &["--seed", "1", "--property", "assert"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.contains("unconfirmed: assertion: thread 2 takes the other side of the branch"), "{stderr}");
    assert!(stderr.contains("found no error in") && stderr.contains("executions (all of them)"), "{stderr}");
    assert!(stderr.contains("ravel: predict: no violation predicted;"), "{stderr}");
    assert!(!witness.exists());
}
