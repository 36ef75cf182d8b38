//! Program files with dangerous names — a clang response file (`@…`), an option (`-…`,
//! `--…`), `..`, an absolute path, blanks, quotes, shell syntax, a newline — named on the
//! command line and by each kind of file ravel reads (its own witness, a compilation
//! database, an SV-COMP task): every one is compiled as the C file it is, its error is
//! found and replays, and nothing is written outside the directory.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A program with a plain assertion failure.
const BUGGY: &str = "#include <assert.h>\nint x;\nint main(void) { x = 2; assert(x == 3); return 0; }\n";

const PREFIXES: [&str; 4] = ["@", "-", "--", ""];
const MIDDLES: [&str; 5] = ["rsp", "a b", "x$(touch pwned)", "q'\"", "nl\nx"];

fn ravel(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ravel")).args(args).current_dir(dir).output().expect("ravel runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The files of `dir`, recursively, relative to it.
fn listing(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                todo.push(p.clone());
            }
            out.push(p.strip_prefix(dir).unwrap().to_path_buf());
        }
    }
    out.sort();
    out
}

#[test]
fn dangerous_file_names_are_only_ever_compiled() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path();
    std::fs::create_dir(dir.join("sub")).unwrap();
    let mut n = 0;
    for prefix in PREFIXES {
        for middle in MIDDLES {
            n += 1;
            let file = format!("{prefix}{middle}{n}.c");
            std::fs::write(dir.join(&file), BUGGY).unwrap();
            // How the name is spelled: as it is, through `..`, or absolute.
            let spelled = match n % 3 {
                0 => format!("sub/../{file}"),
                1 => dir.join(&file).display().to_string(),
                _ if file.starts_with('-') => format!("./{file}"),
                _ => file.clone(),
            };
            let witness = dir.join(format!("w{n}.json"));
            let out = ravel(dir, &["check", &spelled, "--witness", witness.to_str().unwrap()]);
            assert_eq!(out.status.code(), Some(1), "{file:?}: {}", stderr(&out));
            // The witness names the program as spelled, even when that looks like an option.
            let mut w: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&witness).unwrap()).unwrap();
            w["program"] = file.clone().into();
            std::fs::write(&witness, w.to_string()).unwrap();
            let out = ravel(dir, &["replay", witness.to_str().unwrap()]);
            assert_eq!(out.status.code(), Some(1), "{file:?} from a witness: {}", stderr(&out));
            // A compilation database whose entry is that file.
            let db = dir.join(format!("db{n}.json"));
            let entry = serde_json::json!([{ "directory": dir, "file": file, "arguments": ["cc", "-c", file] }]);
            std::fs::write(&db, entry.to_string()).unwrap();
            let target = format!("--target={file}");
            let out = ravel(dir, &["check", "--compile-commands", db.to_str().unwrap(), &target]);
            assert_eq!(out.status.code(), Some(1), "{file:?} from a database: {}", stderr(&out));
            std::fs::remove_file(dir.join(format!("{prefix}{middle}{n}.ravel.bc"))).unwrap();
            // An SV-COMP task naming it (YAML cannot hold the newline in a plain string).
            if !file.contains('\n') {
                let quoted = file.replace('\'', "''");
                let task = format!(
                    "format_version: '2.0'\ninput_files: '{quoted}'\nproperties: []\noptions:\n  language: C\n  data_model: LP64\n"
                );
                let path = dir.join(format!("task{n}.yml"));
                std::fs::write(&path, task).unwrap();
                let out = ravel(dir, &["check", path.to_str().unwrap()]);
                assert_eq!(out.status.code(), Some(1), "{file:?} from a task: {}", stderr(&out));
            }
        }
    }
    let made: Vec<PathBuf> = listing(dir)
        .into_iter()
        .filter(|p| {
            let name = p.to_string_lossy();
            !(name.ends_with(".c") || name.ends_with(".json") || name.ends_with(".yml") || name == "sub")
        })
        .collect();
    assert!(made.is_empty(), "files written: {made:?}");
}
