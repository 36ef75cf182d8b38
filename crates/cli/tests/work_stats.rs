//! The interpreter's work in `check --json`'s stats (instructions, threads, lock and
//! condition-variable calls, choices, executions that ended in an error) counts what the
//! program did, under both engines that report it. Re-executions count too: dpor runs
//! a program with one execution once; unfold runs each event again for every
//! configuration it extends, so its counts are at least the program's.

mod common;
use common::scratch;

const SYNC_CALLS: &str = r#"
#include <pthread.h>
static void *worker(void *arg) { return arg; }
int main(void) {
    pthread_mutex_t m;
    pthread_cond_t c;
    pthread_mutex_init(&m, 0);
    pthread_cond_init(&c, 0);
    pthread_mutex_lock(&m);
    pthread_cond_signal(&c);
    pthread_mutex_unlock(&m);
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    pthread_join(t, 0);
    pthread_cond_destroy(&c);
    pthread_mutex_destroy(&m);
    return 0;
}
"#;

const ONE_FAILING_BRANCH: &str = r#"
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int x = __VERIFIER_nondet_int();
    if (x == 5)
        assert(0);
    return 0;
}
"#;

/// The stats of `ravel check FILE --json --engine ENGINE` on `source`.
fn stats(test: &str, source: &str, engine: &str) -> serde_json::Value {
    let file = scratch("work_stats", test, "prog.c");
    std::fs::write(&file, source).unwrap();
    let out = common::ravel(&["check", file.to_str().unwrap(), "--json", "--all-errors", "--engine", engine]);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON report");
    report["stats"].clone()
}

#[test]
fn lock_and_condvar_calls_and_threads_are_counted() {
    for engine in ["dpor", "unfold"] {
        let s = stats("sync_calls", SYNC_CALLS, engine);
        assert_eq!(s["executions"], 1, "{engine}: {s}");
        let (locks, conds) = (s["lock_calls"].as_u64().unwrap(), s["condvar_calls"].as_u64().unwrap());
        if engine == "dpor" {
            assert_eq!((locks, conds), (4, 3), "lock: init, lock, unlock, destroy; condvar: init, signal, destroy");
        } else {
            assert!(locks >= 4 && conds >= 3, "unfold: {s}");
        }
        assert_eq!(s["max_threads"], 2, "{engine}: {s}");
        assert!(s["instructions"].as_u64().unwrap() > 10, "{engine}: {s}");
        assert!(s.get("error_executions").is_none(), "{engine}: no error: {s}");
    }
}

#[test]
fn a_branch_on_an_input_is_a_choice_and_its_failing_side_an_error_execution() {
    for engine in ["dpor", "unfold"] {
        let s = stats("branch", ONE_FAILING_BRANCH, engine);
        assert_eq!(s["executions"], 2, "{engine}: {s}");
        assert_eq!(s["error_executions"], 1, "{engine}: {s}");
        assert!(s["choices"].as_u64().unwrap() >= 1, "{engine}: {s}");
        assert_eq!(s["max_threads"], 1, "{engine}: {s}");
    }
}
