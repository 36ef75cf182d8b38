//! `ravel check|run --compile-commands compile_commands.json --target NAME`: a project of
//! several directories (a build directory, sources, headers, a second program with its
//! own `main`, which must not be linked into the first), its database written as CMake
//! writes one (relative paths, both the `arguments` and the `command` form, a quoted
//! macro, a C++ entry), and the errors a user can make.

use std::path::Path;
use std::process::{Command, Output};

/// A second program of the project: its version comes from an entry with its own macro.
const SELFTEST: &str = r#"#include <stdio.h>
const char *version(void);
int main(void) {
    printf("selftest %s\n", version());
    return 0;
}
"#;

/// Writes the project into `root` and returns its database.
fn project(root: &Path) -> std::path::PathBuf {
    let trust = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/trust");
    for d in ["include", "src", "tools", "build"] {
        std::fs::create_dir_all(root.join(d)).unwrap();
    }
    std::fs::copy(trust.join("queue.h"), root.join("include/queue.h")).unwrap();
    std::fs::copy(trust.join("queue.c"), root.join("src/queue.c")).unwrap();
    std::fs::copy(trust.join("queue_main.c"), root.join("src/app.c")).unwrap();
    std::fs::write(root.join("src/version.c"), "const char *version(void) { return VERSION; }\n").unwrap();
    std::fs::write(root.join("tools/selftest.c"), SELFTEST).unwrap();
    let build = root.join("build");
    let entry = |file: &str| {
        serde_json::json!({
            "directory": build,
            "file": file,
            "arguments": ["clang", "-I../include", "-O2", "-MD", "-c", file, "-o", format!("{file}.o")],
        })
    };
    let db = serde_json::json!([
        entry("../src/app.c"),
        entry("../src/queue.c"),
        {
            "directory": build,
            "file": root.join("src/version.c"),
            "command": format!(r#"clang -DVERSION="\"1.2\"" -c {} -o version.o"#, root.join("src/version.c").display()),
        },
        entry("../tools/selftest.c"),
        { "directory": build, "file": "../src/gui.cpp", "arguments": ["clang++", "-c", "../src/gui.cpp"] },
    ]);
    let path = build.join("compile_commands.json");
    std::fs::write(&path, serde_json::to_string_pretty(&db).unwrap()).unwrap();
    path
}

fn ravel(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ravel")).args(args).current_dir(dir).output().expect("ravel runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn a_target_of_a_compilation_database_runs_checks_and_replays() {
    let root = tempfile::tempdir().unwrap();
    let db = project(root.path());
    let db = db.to_str().unwrap();
    // The project's queue races (what `check` below finds): this run is about building it.
    let run = ravel(root.path(), &["run", "--compile-commands", db, "--target", "app", "--no-races"]);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    let selftest = ravel(root.path(), &["run", "--compile-commands", db, "--target", "tools/selftest.c"]);
    assert_eq!(
        String::from_utf8_lossy(&selftest.stdout),
        "selftest 1.2\n",
        "the entry's own macro: {}",
        stderr(&selftest)
    );
    let check = ravel(root.path(), &["check", "--compile-commands", db, "--target", "app.c", "--witness", "w.json"]);
    assert_eq!(check.status.code(), Some(1), "{}", stderr(&check));
    assert!(stderr(&check).contains("data race on global `q.count`"), "{}", stderr(&check));
    assert!(root.path().join("build/app.ravel.bc").is_file(), "the linked program stays for the witness");
    let replay = ravel(root.path(), &["replay", "w.json"]);
    assert_eq!(replay.status.code(), Some(1), "{}", stderr(&replay));
}

#[test]
fn wrong_databases_and_targets_are_input_errors() {
    let root = tempfile::tempdir().unwrap();
    let db = project(root.path());
    let db = db.to_str().unwrap();
    let cases: [(&[&str], &str); 4] = [
        (&["--target", "queue.c"], "does not define `main`"),
        (&["--target", "server"], "the sources defining `main` are:"),
        (&["--target", "app", "../x.c"], "cannot be used with"),
        (&["--compile-commands", "missing.json", "--target", "app"], "cannot read missing.json"),
    ];
    for (extra, message) in cases {
        let mut args = vec!["check"];
        if !extra.contains(&"--compile-commands") {
            args.extend(["--compile-commands", db]);
        }
        args.extend(extra);
        let out = ravel(root.path(), &args);
        assert_eq!(out.status.code(), Some(3), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
    }
    let no_target = ravel(root.path(), &["check", "--compile-commands", db]);
    assert_eq!(no_target.status.code(), Some(3), "{}", stderr(&no_target));
}

/// A database's flags pass the allow-list of witnesses: a plugin is not loaded and no file
/// is written where the database says (each dangerous flag is left out with a note); a
/// source named like a response file is compiled as a file.
#[test]
fn a_database_cannot_load_plugins_or_write_files() {
    let root = tempfile::tempdir().unwrap();
    let dir = root.path();
    std::fs::write(dir.join("@rsp.c"), "#include <assert.h>\nint main(void) { assert(1 + 1 == 2); return 0; }\n")
        .unwrap();
    let dropped = |name: &str| dir.join(name).display().to_string();
    let arguments = vec![
        "clang".to_string(),
        "-fplugin=./evil.so".into(),
        "-fpass-plugin=./evil.so".into(),
        "-Xclang".into(),
        "-load".into(),
        "-Xclang".into(),
        "./evil.so".into(),
        "-MJ".into(),
        dropped("mj.json"),
        format!("-Wp,-MD,{}", dropped("wp.d")),
        format!("-ftime-trace={}", dropped("trace.json")),
        "-save-temps=cwd".into(),
        "-c".into(),
        "@rsp.c".into(),
    ];
    let db = serde_json::json!([{ "directory": dir, "file": "@rsp.c", "arguments": arguments }]);
    let path = dir.join("compile_commands.json");
    std::fs::write(&path, serde_json::to_string(&db).unwrap()).unwrap();
    let before: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    let out = ravel(dir, &["check", "--compile-commands", path.to_str().unwrap(), "--target", "@rsp.c"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    for flag in ["-fplugin=./evil.so", "-fpass-plugin=./evil.so", "-Xclang", "-MJ", "-Wp,-MD,", "-save-temps=cwd"] {
        assert!(stderr(&out).contains(&format!("`{flag}")), "{flag} not noted: {}", stderr(&out));
    }
    let made: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| !before.contains(n) && n.to_string_lossy() != "@rsp.ravel.bc")
        .collect();
    assert!(made.is_empty(), "files written: {made:?}");
}
