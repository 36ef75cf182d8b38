//! Hostile inputs and limits (issue 23): each probe runs the `ravel` binary with a private
//! TMPDIR and checks its exit code, a generous time bound, its peak memory where the probe
//! is about memory, that nothing is left in the TMPDIR, and that no panic reached stderr.
//! The programs are in `tests/hostile/`.

use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn program(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/hostile").join(name)
}

/// What one run of ravel did.
struct Ran {
    /// The exit code, or `None` when a signal ended ravel.
    code: Option<i32>,
    signal: Option<i32>,
    stdout: String,
    stderr: String,
    seconds: f64,
    /// Peak resident memory of ravel and the tools it waited for, in MiB.
    peak_mib: u64,
}

/// A private scratch area: the TMPDIR ravel runs with, and a directory for test files.
struct Sandbox {
    tmp: tempfile::TempDir,
    files: tempfile::TempDir,
}

impl Sandbox {
    fn new() -> Sandbox {
        Sandbox { tmp: tempfile::tempdir().unwrap(), files: tempfile::tempdir().unwrap() }
    }

    fn file(&self, name: &str) -> PathBuf {
        self.files.path().join(name)
    }

    fn command(&self, args: &[&str]) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_ravel"));
        cmd.args(args).env("TMPDIR", self.tmp.path()).current_dir(self.files.path());
        cmd.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
        cmd
    }

    /// Runs ravel with `args`, killing it after `bound` (a failure of the probe).
    fn ravel(&self, args: &[&str], bound: Duration) -> Ran {
        self.finish(self.command(args).spawn().expect("ravel starts"), bound)
    }

    /// Waits for `child` at most `bound`, collecting its output and its peak memory
    /// (`wait4` reports it for this child alone), and checks the hostile-input rules.
    fn finish(&self, mut child: std::process::Child, bound: Duration) -> Ran {
        let started = Instant::now();
        let mut out = child.stdout.take();
        let mut err = child.stderr.take().expect("stderr piped");
        let out_reader = std::thread::spawn(move || {
            let mut s = Vec::new();
            if let Some(o) = out.as_mut() {
                let _ = std::io::Read::read_to_end(o, &mut s);
            }
            s
        });
        let err_reader = std::thread::spawn(move || {
            let mut s = Vec::new();
            let _ = std::io::Read::read_to_end(&mut err, &mut s);
            s
        });
        let pid = child.id() as libc::pid_t;
        let (status, usage) = loop {
            let mut status = 0;
            // SAFETY: plain wait4 on our own child, with valid out-pointers.
            let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
            let r = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
            if r == pid {
                break (status, usage);
            }
            assert!(r == 0, "wait4 failed");
            if started.elapsed() > bound {
                let _ = child.kill();
                panic!("ravel ran longer than {bound:?}");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let ran = Ran {
            code: libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status)),
            signal: libc::WIFSIGNALED(status).then(|| libc::WTERMSIG(status)),
            stdout: String::from_utf8_lossy(&out_reader.join().unwrap()).into_owned(),
            stderr: String::from_utf8_lossy(&err_reader.join().unwrap()).into_owned(),
            seconds: started.elapsed().as_secs_f64(),
            peak_mib: usage.ru_maxrss as u64 / 1024,
        };
        assert!(!ran.stderr.contains("panicked"), "panic: {}", ran.stderr);
        let left: Vec<_> = std::fs::read_dir(self.tmp.path()).unwrap().map(|e| e.unwrap().path()).collect();
        assert!(left.is_empty(), "left in TMPDIR: {left:?}");
        ran
    }
}

const MINUTE: Duration = Duration::from_secs(60);

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Runs `ravel check --witness` on `prog` and returns the witness as JSON.
fn witness_of(sb: &Sandbox, prog: &Path, name: &str) -> serde_json::Value {
    let w = sb.file(name);
    let ran = sb.ravel(&["check", path(prog), "--witness", path(&w), "--", "-DX=1"], MINUTE);
    assert_eq!(ran.code, Some(1), "{}", ran.stderr);
    serde_json::from_str(&std::fs::read_to_string(&w).unwrap()).unwrap()
}

#[test]
fn replay_refuses_flags_outside_the_allow_list() {
    let sb = Sandbox::new();
    let good = witness_of(&sb, &program("race.c"), "w.json");
    assert!(good["source_sha256"].as_str().is_some_and(|h| h.len() == 64));
    let ran = sb.ravel(&["replay", path(&sb.file("w.json"))], MINUTE);
    assert_eq!(ran.code, Some(1), "{}", ran.stderr);
    let planted = sb.file("planted");
    let hostile: &[&[&str]] = &[
        &["-fplugin=/nonexistent/evil.so"],
        &["-MD", "-MF", path(&planted)],
        &["-Xclang", "-load"],
        &["-Wp,-MD,planted"],
        &["-o", path(&planted)],
        &["--target=powerpc64-linux-gnu"],
        &["-include", "/etc/passwd"],
    ];
    for flags in hostile {
        for keep_hash in [false, true] {
            let mut w = good.clone();
            w["clang_flags"] = serde_json::json!(flags);
            if !keep_hash {
                w["flags_sha256"] = serde_json::json!("");
            }
            let file = sb.file("evil.json");
            std::fs::write(&file, w.to_string()).unwrap();
            let ran = sb.ravel(&["replay", path(&file)], MINUTE);
            assert_eq!(ran.code, Some(3), "{flags:?}: {}", ran.stderr);
            assert!(ran.stderr.contains(flags[0]), "{flags:?}: {}", ran.stderr);
        }
    }
    assert!(!planted.exists());
}

#[test]
fn replay_refuses_a_changed_program_or_edited_flags() {
    let sb = Sandbox::new();
    let copy = sb.file("race.c");
    std::fs::copy(program("race.c"), &copy).unwrap();
    let good = witness_of(&sb, &copy, "w.json");
    let mut edited = good.clone();
    edited["clang_flags"] = serde_json::json!(["-DX=2"]);
    std::fs::write(sb.file("edited.json"), edited.to_string()).unwrap();
    let ran = sb.ravel(&["replay", "edited.json"], MINUTE);
    assert_eq!(ran.code, Some(3), "{}", ran.stderr);
    let mut elsewhere = good.clone();
    elsewhere["program"] = serde_json::json!("/etc/passwd");
    std::fs::write(sb.file("elsewhere.json"), elsewhere.to_string()).unwrap();
    let ran = sb.ravel(&["replay", "elsewhere.json"], MINUTE);
    assert_eq!(ran.code, Some(3), "{}", ran.stderr);
    std::fs::write(&copy, std::fs::read_to_string(program("race.c")).unwrap() + "\nint y;\n").unwrap();
    let ran = sb.ravel(&["replay", "w.json"], MINUTE);
    assert_eq!(ran.code, Some(3), "{}", ran.stderr);
    assert!(ran.stderr.contains("has changed"), "{}", ran.stderr);
    // --force replays anyway (an appended global changes nothing the schedule needs); the
    // flags are still checked.
    let ran = sb.ravel(&["replay", "w.json", "--force"], MINUTE);
    assert_eq!(ran.code, Some(1), "{}", ran.stderr);
    let ran = sb.ravel(&["replay", "edited.json", "--force"], MINUTE);
    assert_eq!(ran.code, Some(3), "{}", ran.stderr);
}

#[test]
fn witnesses_are_replaced_atomically_and_stale_ones_removed() {
    let sb = Sandbox::new();
    witness_of(&sb, &program("race.c"), "w.json");
    let ran = sb.ravel(&["check", path(&program("safe.c")), "--witness", "w.json"], MINUTE);
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    assert!(!sb.file("w.json").exists(), "the stale witness survived");
    // A file that is not a witness is never removed.
    std::fs::write(sb.file("notes.txt"), "mine").unwrap();
    let ran = sb.ravel(&["check", path(&program("safe.c")), "--witness", "notes.txt"], MINUTE);
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    assert_eq!(std::fs::read_to_string(sb.file("notes.txt")).unwrap(), "mine");
    // No temporary file is left beside the witness.
    witness_of(&sb, &program("race.c"), "w.json");
    let names: Vec<_> = std::fs::read_dir(sb.files.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

/// A FIFO nobody writes to, included by `slow_include.c`: clang blocks on it.
fn blocking_fifo(sb: &Sandbox) -> PathBuf {
    let src = sb.file("slow.c");
    std::fs::copy(program("slow_include.c"), &src).unwrap();
    let fifo = sb.file("fifo");
    let c = std::ffi::CString::new(fifo.as_os_str().as_bytes()).unwrap();
    // SAFETY: mkfifo with a valid path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    src
}

/// Whether some process still has `fifo` open for reading (opening it for writing
/// without blocking fails with ENXIO when nobody does).
fn fifo_has_reader(fifo: &Path) -> bool {
    std::fs::OpenOptions::new().write(true).custom_flags(libc::O_NONBLOCK).open(fifo).is_ok()
}

#[test]
fn timeout_covers_compilation() {
    let sb = Sandbox::new();
    let src = blocking_fifo(&sb);
    let ran = sb.ravel(&["check", path(&src), "--timeout", "2"], MINUTE);
    assert_eq!(ran.code, Some(2), "{}", ran.stderr);
    assert!(ran.stderr.contains("while compiling"), "{}", ran.stderr);
    assert!(ran.seconds < 10.0, "{}", ran.seconds);
    assert!(!fifo_has_reader(&sb.file("fifo")), "clang outlived ravel");
    let ran = sb.ravel(&["run", path(&src), "--timeout", "1"], MINUTE);
    assert_eq!(ran.code, Some(2), "{}", ran.stderr);
}

#[test]
fn a_signal_during_compilation_kills_clang_and_removes_the_scratch_directory() {
    for signal in [libc::SIGTERM, libc::SIGINT] {
        let sb = Sandbox::new();
        let src = blocking_fifo(&sb);
        let child = sb.command(&["check", path(&src)]).spawn().unwrap();
        let fifo = sb.file("fifo");
        let waited = Instant::now();
        while !fifo_has_reader(&fifo) {
            assert!(waited.elapsed() < MINUTE, "clang never opened the FIFO");
            std::thread::sleep(Duration::from_millis(50));
        }
        // SAFETY: signalling our own child.
        unsafe { libc::kill(child.id() as libc::pid_t, signal) };
        let ran = sb.finish(child, Duration::from_secs(10));
        assert_eq!(ran.code, Some(130), "{}", ran.stderr);
        assert!(!fifo_has_reader(&fifo), "clang outlived ravel");
    }
}

#[test]
fn bad_values_and_usage_errors_exit_3() {
    let sb = Sandbox::new();
    let ok = program("safe.c");
    let ok = path(&ok);
    let cases: &[&[&str]] = &[
        &["check", ok, "--timeout=-1"],
        &["check", ok, "--timeout", "NaN"],
        &["check", ok, "--timeout", "inf"],
        &["check", ok, "--timeout", "1e30"],
        &["check", ok, "--solver-timeout", "inf"],
        &["predict", ok, "--solver-timeout", "inf"],
        &["schedules", ok, "--solver-timeout", "NaN"],
        &["predict", ok, "--solver-timeout", "-1"],
        &["run", ok, "--timeout", "-0.5"],
        &["check", ok, "--max-memory", "0"],
        &["check", ok, ok],
        &["check"],
        &["check", ok, "--no-such-flag"],
        &["frobnicate"],
        &["check", "/nonexistent.c"],
    ];
    for args in cases {
        let ran = sb.ravel(args, MINUTE);
        assert_eq!(ran.code, Some(3), "{args:?}: {}", ran.stderr);
    }
    // An unknown option is not suggested as `-- --unroll` (that would be a clang flag).
    let ran = sb.ravel(&["check", ok, "--unroll", "3"], MINUTE);
    assert_eq!(ran.code, Some(3), "{}", ran.stderr);
    assert!(ran.stderr.contains("no option --unroll") && !ran.stderr.contains("-- --unroll"), "{}", ran.stderr);
    let help = sb.ravel(&["check", "--help"], MINUTE);
    assert_eq!(help.code, Some(0));
    assert!(help.stdout.contains("Exit codes: 0 safe"), "{}", help.stdout);
    assert_eq!(sb.ravel(&["--help"], MINUTE).code, Some(0));
}

#[test]
fn a_closed_pipe_ends_ravel_quietly() {
    let sb = Sandbox::new();
    for args in [vec!["check", "--json"], vec!["run"]] {
        let prog = program(if args[0] == "run" { "print.c" } else { "race.c" });
        let mut args = args.clone();
        args.push(path(&prog));
        let mut child = sb.command(&args).spawn().unwrap();
        drop(child.stdout.take());
        let ran = sb.finish(child, MINUTE);
        assert!(ran.code.is_some_and(|c| c <= 2) || ran.signal == Some(libc::SIGPIPE), "{}", ran.stderr);
    }
}

#[test]
fn program_output_streams() {
    let sb = Sandbox::new();
    let child = sb.command(&["run", path(&program("print.c"))]).stdout(Stdio::null()).spawn().unwrap();
    let ran = sb.finish(child, MINUTE);
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    // 100 MB printed; ravel itself needs well under that (clang counts too).
    assert!(ran.peak_mib < 400, "{} MiB", ran.peak_mib);
}

#[test]
fn non_utf8_file_names_are_read() {
    let sb = Sandbox::new();
    let name = std::ffi::OsStr::from_bytes(b"\xff\xfe.c");
    let src = sb.files.path().join(name);
    std::fs::copy(program("safe.c"), &src).unwrap();
    let mut cmd = sb.command(&["check"]);
    cmd.arg(&src);
    let ran = sb.finish(cmd.spawn().unwrap(), MINUTE);
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    // Reports keep the line, and includes beside the file are found.
    std::fs::write(sb.file("v.h"), "#define V 0\n").unwrap();
    let failing = sb.files.path().join(std::ffi::OsStr::from_bytes(b"\xff.c"));
    std::fs::write(&failing, "#include \"v.h\"\n#include <assert.h>\nint main(void) { assert(V == 1); }\n").unwrap();
    let mut cmd = sb.command(&["run"]);
    cmd.arg(&failing);
    let ran = sb.finish(cmd.spawn().unwrap(), MINUTE);
    assert_eq!(ran.code, Some(1), "{}", ran.stderr);
    assert!(ran.stderr.contains(".c:3:"), "{}", ran.stderr);
    let marked = sb.file("marked.i");
    let mut text = b"# 1 \"\xff\xfe.c\"\n".to_vec();
    text.extend_from_slice(b"int main(void) { return 0; }\n");
    std::fs::write(&marked, text).unwrap();
    let ran = sb.ravel(&["run", path(&marked)], MINUTE);
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
}

#[test]
fn foreign_targets_are_refused() {
    let sb = Sandbox::new();
    let ok = program("envp.c");
    let ran = sb.ravel(&["check", path(&ok), "--", "--target=powerpc64-linux-gnu"], MINUTE);
    assert_eq!(ran.code, Some(3), "{}", ran.stderr);
    assert!(ran.stderr.contains("powerpc64"), "{}", ran.stderr);
    let bc = sb.file("arm.bc");
    let ran =
        sb.ravel(&["compile", path(&program("envp.c")), "-o", path(&bc), "--", "--target=aarch64-linux-gnu"], MINUTE);
    assert_eq!(ran.code, Some(3), "{}", ran.stderr);
    assert!(!bc.exists());
    // Windows bitcode (LLP64: a 4-byte `long`) of a correct program, compiled by clang.
    let (src, win) = (sb.file("long.c"), sb.file("win.bc"));
    std::fs::write(&src, "int main(void) { return sizeof(long) == 4 ? 0 : 1; }\n").unwrap();
    let clang = Command::new("clang-19")
        .args(["-c", "-emit-llvm", "-g", "--target=x86_64-pc-windows-msvc", path(&src), "-o", path(&win)])
        .status()
        .unwrap();
    assert!(clang.success());
    let ran = sb.ravel(&["check", path(&win)], MINUTE);
    assert_eq!(ran.code, Some(3), "{}", ran.stderr);
    assert!(ran.stderr.contains("windows") && ran.stderr.contains("Linux"), "{}", ran.stderr);
}

#[test]
fn main_gets_an_environment() {
    let sb = Sandbox::new();
    let envp = program("envp.c");
    assert_eq!(sb.ravel(&["run", path(&envp)], MINUTE).code, Some(0));
    assert_eq!(sb.ravel(&["check", path(&envp)], MINUTE).code, Some(0));
    assert_eq!(sb.ravel(&["run", path(&envp), "--", "-m32"], MINUTE).code, Some(0));
}

#[test]
fn run_stops_a_spinning_program_on_time_in_bounded_memory() {
    let sb = Sandbox::new();
    // Its counter races; this is about the time limit.
    let ran = sb.ravel(&["run", path(&program("spin.c")), "--timeout", "3", "--no-races"], MINUTE);
    assert_eq!(ran.code, Some(2), "{}", ran.stderr);
    assert!(ran.stderr.contains("time limit"), "{}", ran.stderr);
    assert!(ran.seconds < 9.0, "{} s", ran.seconds);
    assert!(ran.peak_mib < 400, "{} MiB", ran.peak_mib);
}

#[test]
fn check_stops_a_spinning_program_in_bounded_memory() {
    let sb = Sandbox::new();
    for engine in ["dpor", "auto"] {
        let ran = sb.ravel(&["check", path(&program("spin.c")), "--engine", engine, "--timeout", "3"], MINUTE);
        assert_eq!(ran.code, Some(2), "{}", ran.stderr);
        assert!(ran.seconds < 9.0, "{} s", ran.seconds);
        assert!(ran.peak_mib < 400, "{} MiB", ran.peak_mib);
    }
}

#[test]
fn input_enumeration_honours_the_timeout() {
    let sb = Sandbox::new();
    let prog = program("many_inputs.c");
    let args = ["check", path(&prog), "--enumerate-inputs", "100000", "--timeout", "3"];
    let ran = sb.ravel(&args, MINUTE);
    assert_eq!(ran.code, Some(2), "{}", ran.stderr);
    assert!(ran.seconds < 9.0, "{} s", ran.seconds);
}

/// The `stats` of a JSON report.
fn stats(ran: &Ran) -> serde_json::Value {
    let report: serde_json::Value = serde_json::from_str(&ran.stdout).expect("a JSON report");
    report["stats"].clone()
}

#[test]
fn max_executions_counts_every_execution() {
    let sb = Sandbox::new();
    let ran = sb.ravel(&["check", path(&program("branches.c")), "--max-executions", "100", "--json"], MINUTE);
    assert_eq!(ran.code, Some(2), "{}", ran.stderr);
    assert!(ran.peak_mib < 400, "{} MiB", ran.peak_mib);
    let ran = sb.ravel(&["check", path(&program("locks.c")), "--max-executions", "50", "--json"], MINUTE);
    assert_eq!(ran.code, Some(2), "{}", ran.stderr);
    let s = stats(&ran);
    let total: u64 = ["executions", "blocked", "sleep_blocked"].iter().map(|k| s[k].as_u64().unwrap_or(0)).sum();
    assert!(total <= 51, "{s}");
}

#[test]
fn memory_limit_gives_unknown() {
    let sb = Sandbox::new();
    let ran = sb.ravel(&["run", path(&program("alloc.c")), "--max-memory", "300"], MINUTE);
    assert_eq!(ran.code, Some(2), "{}", ran.stderr);
    assert!(ran.stderr.contains("memory limit"), "{}", ran.stderr);
    assert!(ran.peak_mib < 600, "{} MiB", ran.peak_mib);
    let ran = sb.ravel(&["check", path(&program("alloc.c")), "--max-memory", "300"], MINUTE);
    assert_eq!(ran.code, Some(2), "{}", ran.stderr);
    assert!(ran.stderr.contains("memory limit"), "{}", ran.stderr);
}

/// A program file named like a clang response file (`@rsp.c`) and named so by each kind
/// of file ravel reads (a ravel witness, an SV-COMP GraphML and YAML witness, an SV-COMP
/// task): compiled as the C file it is, so the error is found and replays.
#[test]
fn response_file_names_from_files_are_compiled_as_files() {
    let sb = Sandbox::new();
    std::fs::write(
        sb.file("@rsp.c"),
        "extern void abort(void);\nvoid reach_error(void) { abort(); }\nint x;\nint main(void) { x = 2; if (x == 2) reach_error(); return 0; }\n",
    )
    .unwrap();
    std::fs::write(sb.file("unreach.prp"), "CHECK( init(main()), LTL(G ! call(reach_error())) )\n").unwrap();
    let witness = sb.file("w.json");
    let ran = sb.ravel(&["check", "@rsp.c", "--witness", path(&witness)], MINUTE);
    assert_eq!(ran.code, Some(1), "{}", ran.stderr);
    // The witness names the program as a relative `@rsp.c`.
    let mut w: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&witness).unwrap()).unwrap();
    w["program"] = "@rsp.c".into();
    std::fs::write(&witness, w.to_string()).unwrap();
    let ran = sb.ravel(&["replay", path(&witness)], MINUTE);
    assert_eq!(ran.code, Some(1), "ravel witness: {}", ran.stderr);
    let args =
        ["check", "@rsp.c", "--property", "unreach.prp", "--witness-graphml", "w.graphml", "--witness-yaml", "w.yml"];
    let ran = sb.ravel(&args, MINUTE);
    assert_eq!(ran.code, Some(1), "{}", ran.stderr);
    for (kind, file) in [("GraphML", "w.graphml"), ("YAML", "w.yml")] {
        let text = std::fs::read_to_string(sb.file(file)).unwrap();
        assert!(text.contains("@rsp.c"), "{kind}: {text}");
        let ran = sb.ravel(&["replay", file], MINUTE);
        assert_eq!(ran.code, Some(1), "{kind} witness: {}", ran.stderr);
    }
    let task = "format_version: '2.0'\ninput_files: '@rsp.c'\nproperties:\n  - property_file: unreach.prp\n    expected_verdict: false\noptions:\n  language: C\n  data_model: LP64\n";
    std::fs::write(sb.file("task.yml"), task).unwrap();
    let ran = sb.ravel(&["check", "task.yml"], MINUTE);
    assert_eq!(ran.code, Some(1), "task: {}", ran.stderr);
}

/// `--args` ends at `--` (clang flags follow) or at ravel's next long option, which is
/// ravel's; `--args=WORD` passes a word spelled like one of ravel's options.
#[test]
fn program_arguments_end_at_dashes_or_a_ravel_option() {
    let sb = Sandbox::new();
    let prog = program("argv.c");
    let p = path(&prog);
    let cases: [(&[&str], &str); 4] = [
        (&["run", p, "--args", "a", "-b", "--c=1"], "[a][-b][--c=1]\n"),
        (&["run", p, "--args", "a", "-j", "--timeout", "10", "--", "-DTAG"], "[a][-j] TAG\n"),
        (&["run", p, "--args", "a", "--args=--timeout", "--args", "b", "--seed", "2"], "[a][--timeout][b]\n"),
        (&["run", p, "--args", "--", "-DTAG"], " TAG\n"),
    ];
    for (args, want) in cases {
        let ran = sb.ravel(args, MINUTE);
        assert_eq!(ran.code, Some(0), "{args:?}: {}", ran.stderr);
        assert_eq!(ran.stdout, want, "{args:?}");
    }
    let ran = sb.ravel(&["run", p, "--args", "a", "--timeout", "-1"], MINUTE);
    assert_eq!(ran.code, Some(3), "--timeout after --args is ravel's: {}", ran.stderr);
}

/// Every phase keeps to `--timeout`: the scans of a program made of 40,000 one-line
/// functions are linear (they were quadratic: 84 s).
#[test]
fn a_program_of_many_functions_keeps_to_the_timeout() {
    let sb = Sandbox::new();
    let src = sb.file("many.c");
    let mut text = String::from("#include <stdatomic.h>\natomic_int a;\n");
    for i in 0..40_000 {
        text.push_str(&format!("int f{i}(int x) {{ return x + {i}; }}\n"));
    }
    text.push_str(
        "int main(void) { atomic_store_explicit(&a, f7(1), memory_order_relaxed); return f39999(0) == 0; }\n",
    );
    std::fs::write(&src, text).unwrap();
    let ran = sb.ravel(&["check", path(&src), "--timeout", "20"], MINUTE);
    assert!(matches!(ran.code, Some(0 | 2)), "{}", ran.stderr);
}

/// `predict` keeps to limits: a context bound beyond the trace's events is the unbounded
/// formula (not one with 65,535 intervals), and `--timeout` leaves candidates undecided.
#[test]
fn predict_keeps_to_its_limits() {
    let sb = Sandbox::new();
    let prog = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs/predict_assert_lost_update.c");
    // Seed 3's recorded run passes (the program's header), so the limits are what decide.
    let ran = sb.ravel(&["predict", path(&prog), "--seed", "3", "--context-bound", "65535"], MINUTE);
    assert_eq!(ran.code, Some(1), "{}", ran.stderr);
    assert!(ran.peak_mib < 400, "{} MiB", ran.peak_mib);
    let ran = sb.ravel(&["predict", path(&prog), "--seed", "3", "--timeout", "0"], MINUTE);
    assert_eq!(ran.code, Some(2), "{}", ran.stderr);
    assert!(ran.stderr.contains("time limit"), "{}", ran.stderr);
}

/// A block filled in one call and host files copied in count against `--max-memory`
/// before they outgrow it.
#[test]
fn memory_limit_counts_large_fills_and_file_contents() {
    let sb = Sandbox::new();
    let prog = program("big_inputs.c");
    let ran = sb.ravel(&["run", path(&prog), "--max-memory", "200", "--args", "fill"], MINUTE);
    assert_eq!(ran.code, Some(2), "{}", ran.stderr);
    assert!(ran.stderr.contains("memory limit"), "{}", ran.stderr);
    assert!(ran.peak_mib < 300, "{} MiB", ran.peak_mib);
    let mut args = vec!["run".to_string(), path(&prog).into(), "--max-memory".into(), "200".into()];
    args.extend(["--args".into(), "files".into()]);
    for i in 0..8 {
        let file = sb.file(&format!("input{i}"));
        std::fs::File::create(&file).unwrap().set_len(60 << 20).unwrap();
        args.push(path(&file).into());
    }
    let ran = sb.ravel(&args.iter().map(String::as_str).collect::<Vec<_>>(), MINUTE);
    assert_eq!(ran.code, Some(2), "{}", ran.stderr);
    assert!(ran.stderr.contains("memory limit"), "{}", ran.stderr);
    assert!(ran.peak_mib < 300, "{} MiB", ran.peak_mib);
}

/// `/proc/self` shows the program its own modelled environment and command line, never
/// ravel's, and none of ravel's other process files (`pagemap` alone is endless).
#[test]
fn the_program_sees_its_own_process_files() {
    let sb = Sandbox::new();
    let prog = program("own_process.c");
    let ran = sb.command(&["check", path(&prog)]).env("RAVEL_HOST_SECRET", "1").output().unwrap();
    assert_eq!(ran.status.code(), Some(0), "{}", String::from_utf8_lossy(&ran.stderr));
}

/// Every file ravel reads as input, named `/dev/zero` (endless) or `/proc/self/pagemap`
/// (reports size 0): refused with exit 3 after reading at most the 64 MiB cap.
#[test]
fn endless_input_files_are_refused() {
    let sb = Sandbox::new();
    let prog = program("safe.c");
    let p = path(&prog);
    let out = sb.file("out");
    blocking_fifo(&sb);
    let fifo = sb.file("fifo");
    let cases: Vec<Vec<&str>> = vec![
        vec!["check", p, "--peer-script", "/dev/zero"],
        vec!["check", p, "--property", "/dev/zero"],
        vec!["check", p, "--file", "x=/proc/self/pagemap"],
        vec!["check", p, "--file", "x=/dev/zero"],
        vec!["check", "--compile-commands", "/dev/zero", "--target", "x"],
        vec!["predict", "--witness", "/dev/zero", p],
        vec!["replay", "/proc/self/pagemap"],
        vec!["enforce", "build", p, "-o", path(&out), "--constraints", "/dev/zero"],
        // A FIFO without a writer: opening it must not wait.
        vec!["replay", path(&fifo)],
        vec!["check", p, "--property", path(&fifo)],
        vec!["predict", "--witness", path(&fifo), p],
    ];
    for args in cases {
        let ran = sb.ravel(&args, MINUTE);
        assert_eq!(ran.code, Some(3), "{args:?}: {}", ran.stderr);
        assert!(ran.peak_mib < 400, "{args:?}: {} MiB", ran.peak_mib);
    }
}

#[test]
fn zero_filled_globals_cost_what_is_touched() {
    let sb = Sandbox::new();
    let ran = sb.ravel(&["run", path(&program("big_global.c"))], MINUTE);
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    assert!(ran.peak_mib < 400, "{} MiB", ran.peak_mib);
    // Explorations share the image between executions and copy it page by page.
    let ran = sb.ravel(&["check", path(&program("big_global.c"))], 3 * MINUTE);
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    assert!(ran.peak_mib < 400, "{} MiB", ran.peak_mib);
}

#[test]
fn special_files_are_not_read_as_witnesses_or_sources() {
    let sb = Sandbox::new();
    let ran = sb.ravel(&["replay", "/dev/zero"], MINUTE);
    assert_eq!(ran.code, Some(3), "{}", ran.stderr);
    // The report shows source lines of the file a line marker names: never a device.
    let marked = sb.file("zero.i");
    std::fs::write(&marked, "# 1 \"/dev/zero\"\nvoid __assert_fail(const char *, const char *, unsigned, const char *);\nint main(void) { __assert_fail(\"x\", \"f\", 1, \"main\"); return 0; }\n").unwrap();
    let ran = sb.ravel(&["check", path(&marked)], MINUTE);
    assert_eq!(ran.code, Some(1), "{}", ran.stderr);
}

/// A source whose name begins with `@` is compiled as a file: clang never reads it as a
/// response file, whose contents it would take as flags (a plugin among them).
#[test]
fn a_source_named_like_a_response_file_is_only_compiled() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("@rsp.c"), "int main(void) { return 0; }\n").unwrap();
    let out =
        Command::new(env!("CARGO_BIN_EXE_ravel")).args(["run", "@rsp.c"]).current_dir(dir.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
}
