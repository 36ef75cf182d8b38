//! `ravel cc` as a build system uses it: `make CC="ravel cc"` builds the native program
//! (here from an object and a static library in another directory, linked with `-L -l`)
//! as usual and leaves `prog.bc`, which `ravel check` reads.

use std::path::Path;
use std::process::Command;

#[test]
fn make_with_ravel_cc_gives_a_checkable_program() {
    let dir = tempfile::tempdir().unwrap();
    let trust = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/trust");
    for f in ["queue.h", "queue.c", "queue_main.c"] {
        std::fs::copy(trust.join(f), dir.path().join(f)).unwrap();
    }
    std::fs::write(
        dir.path().join("Makefile"),
        "CFLAGS = -O2 -Wall -pthread\n\
         prog: queue_main.o lib/libqueue.a\n\t$(CC) $(CFLAGS) -o $@ queue_main.o -Llib -lqueue -lpthread\n\
         lib/libqueue.a: queue.o\n\tmkdir -p lib && ar rcs $@ $^\n\
         %.o: %.c queue.h\n\t$(CC) $(CFLAGS) -MD -c $< -o $@\n",
    )
    .unwrap();
    let cc = format!("{} cc", env!("CARGO_BIN_EXE_ravel"));
    let make = Command::new("make").arg(format!("CC={cc}")).current_dir(dir.path()).output().expect("make runs");
    assert!(make.status.success(), "{}", String::from_utf8_lossy(&make.stderr));
    for built in ["prog", "queue.o.bc", "queue_main.o.bc", "prog.bc"] {
        assert!(dir.path().join(built).is_file(), "{built} missing");
    }
    let native = Command::new(dir.path().join("prog")).status().unwrap();
    assert!(native.success(), "the native program runs");
    let check =
        Command::new(env!("CARGO_BIN_EXE_ravel")).arg("check").arg(dir.path().join("prog.bc")).output().unwrap();
    let stderr = String::from_utf8_lossy(&check.stderr);
    assert_eq!(check.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("data race on global `q.count`"), "{stderr}");
    // A link whose object was not built by `ravel cc` says which bitcode is missing.
    std::fs::remove_file(dir.path().join("queue.o.bc")).unwrap();
    let relink = Command::new(env!("CARGO_BIN_EXE_ravel"))
        .args(["cc", "-o", "prog2", "queue_main.o", "lib/libqueue.a", "-lpthread"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(relink.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&relink.stderr).contains("queue.o in lib/libqueue.a has no recorded bitcode"));
}

/// A static-library member two other objects need is linked once, as a linker does: its
/// file-static globals exist once, so what `a_init` (needed by `b.o`) sets is what
/// `a_get` (needed by `main`) reads.
#[test]
fn an_archive_member_needed_twice_is_linked_once() {
    let dir = tempfile::tempdir().unwrap();
    let files = [
        ("a.c", "static int *state; static int storage;\nvoid a_init(void) { state = &storage; }\nint a_get(void) { return state != 0; }\n"),
        ("b.c", "void a_init(void);\nint b_call(void) { a_init(); return 1; }\n"),
        ("m.c", "#include <assert.h>\nint b_call(void); int a_get(void);\nint main(void) { b_call(); assert(a_get()); return 0; }\n"),
    ];
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    let ravel = env!("CARGO_BIN_EXE_ravel");
    let run = |args: &[&str]| {
        let out = Command::new(args[0]).args(&args[1..]).current_dir(dir.path()).output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    };
    for src in ["a.c", "b.c", "m.c"] {
        run(&[ravel, "cc", "-c", src]);
    }
    run(&["ar", "rcs", "libab.a", "a.o", "b.o"]);
    run(&[ravel, "cc", "m.o", "libab.a", "-o", "m"]);
    run(&[ravel, "cc", "m.o", "-L.", "-lab", "-o", "m2"]);
    for program in ["m", "m2"] {
        run(&[dir.path().join(program).to_str().unwrap()]);
        let check = Command::new(ravel).arg("check").arg(dir.path().join(format!("{program}.bc"))).output().unwrap();
        assert_eq!(check.status.code(), Some(0), "{}", String::from_utf8_lossy(&check.stderr));
    }
}

/// An object assembled from a `.s` file links natively and is left out of the bitcode
/// with a note: a check whose run never uses it is answered, one that calls its function
/// or reads its data is `unknown` (unsupported), never a guess.
#[test]
fn an_assembly_object_is_left_out_with_a_note() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("a.s"), ".text\n.globl asm_add\nasm_add:\n leal (%rdi,%rsi), %eax\n ret\n.data\n.globl table\ntable:\n .long 5\n.section .note.GNU-stack,\"\",@progbits\n").unwrap();
    std::fs::write(
        d.join("m.c"),
        "int asm_add(int, int);\nextern int table[];\nint main(int argc, char **argv) {\n  if (argc == 2) return asm_add(1, 2) != 3;\n  if (argc == 3) return table[0] != 5;\n  return 0;\n}\n",
    )
    .unwrap();
    let ravel = |args: &[&str]| Command::new(env!("CARGO_BIN_EXE_ravel")).args(args).current_dir(d).output().unwrap();
    for step in
        [&["cc", "-c", "a.s", "-o", "a.o"][..], &["cc", "-c", "m.c", "-o", "m.o"], &["cc", "m.o", "a.o", "-o", "m"]]
    {
        let out = ravel(step);
        assert!(out.status.success(), "{step:?}: {}", String::from_utf8_lossy(&out.stderr));
        if step.len() == 5 && step[1] == "m.o" {
            let note = String::from_utf8_lossy(&out.stderr);
            assert!(note.contains("a.o has no bitcode") && note.contains("asm_add, table"), "{note}");
        }
    }
    for (args, code) in [
        (&["check", "m.bc"][..], 0),
        (&["check", "m.bc", "--args", "x"], 2),
        (&["check", "m.bc", "--args", "x", "y"], 2),
    ] {
        let out = ravel(args);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    }
}

/// A configure script's probe compiles and links to `/dev/null`: it succeeds as natively,
/// and nothing is recorded (or written over the device).
#[test]
fn output_to_dev_null_succeeds_as_natively() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("probe.c"), "int main(void) { return 0; }\n").unwrap();
    for args in [&["cc", "-c", "probe.c", "-o", "/dev/null"][..], &["cc", "probe.c", "-o", "/dev/null"]] {
        let out = Command::new(env!("CARGO_BIN_EXE_ravel")).args(args).current_dir(dir.path()).output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    }
    let null = std::fs::metadata("/dev/null").unwrap();
    assert!(!null.is_file(), "/dev/null is still a device");
    assert!(!Path::new("/dev/null.bc").exists());
}
