//! `ravel check --tests DIR` writes one input file per path through the input-dependent
//! branches, and `ravel run --inputs FILE` drives the program down that path.

use std::collections::BTreeSet;
use std::process::Command;

const PROGRAM: &str = r#"
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int x = __VERIFIER_nondet_int();
    if (x == 7) return 3;
    if (x > 100) return 4;
    return 0;
}
"#;

#[test]
fn each_test_file_replays_its_path() {
    let dir = std::env::temp_dir().join(format!("ravel-tests-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("paths.c");
    std::fs::write(&src, PROGRAM).unwrap();
    let out_dir = dir.join("tests");
    let status = Command::new(env!("CARGO_BIN_EXE_ravel"))
        .arg("check")
        .arg(&src)
        .arg("--tests")
        .arg(&out_dir)
        .output()
        .expect("ravel runs");
    assert_eq!(status.status.code(), Some(0), "{}", String::from_utf8_lossy(&status.stderr));
    let mut exits = BTreeSet::new();
    let mut files: Vec<_> = std::fs::read_dir(&out_dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert_eq!(files.len(), 3, "one test per path: {files:?}");
    for f in files {
        let out = Command::new(env!("CARGO_BIN_EXE_ravel"))
            .arg("run")
            .arg(&src)
            .arg("--inputs")
            .arg(&f)
            .arg("--json")
            .output()
            .expect("ravel runs");
        let report: serde_json::Value =
            serde_json::from_slice(&out.stdout).expect("run --json prints its report on stdout");
        exits.insert(report["exit_status"].as_i64().expect("the program exits"));
    }
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(exits, BTreeSet::from([0, 3, 4]));
}
