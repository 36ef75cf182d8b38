//! Mutation tests of what ravel reads from outside: witness files (parsed, checked and
//! replayed) and command lines. Thousands of mutated inputs run in-process and none may
//! panic; each is either accepted or refused with an error.

use crate::{witness, Cli};
use clap::Parser;
use ravel_explore::{Options, Witness};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

/// A small deterministic generator (xorshift64*), so a failure reproduces exactly.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

/// Pieces that tend to break parsers: JSON structure, extreme numbers, odd strings, flags.
const TOKENS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "\"",
    "null",
    "true",
    "-1",
    "0",
    "1e999",
    "-0",
    "18446744073709551616",
    "340282366920938463463374607431768211456",
    "\"\\u0000\"",
    "\"\\ud800\"",
    "\"-fplugin=/x.so\"",
    "\"-MF\"",
    "\"-Xclang\"",
    "\"../../etc/passwd\"",
    "\"ravel-witness-1\"",
    "[[[[[[[[[[",
    "\"\u{ff}\"",
    "\"a.c\"",
    "4294967295",
];

fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(bytes.len() + 1);
        match rng.below(4) {
            0 if !bytes.is_empty() => {
                let i = at.min(bytes.len() - 1);
                bytes[i] = rng.next() as u8;
            }
            1 => {
                let end = (at + rng.below(16)).min(bytes.len());
                bytes.drain(at..end);
            }
            2 => {
                let token = rng.pick(TOKENS).as_bytes().to_vec();
                bytes.splice(at..at, token);
            }
            _ => {
                let start = rng.below(bytes.len() + 1);
                let end = (start + rng.below(32)).min(bytes.len());
                let piece = bytes[start..end].to_vec();
                bytes.splice(at..at, piece);
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

fn sample_witness() -> Witness {
    Witness {
        format: witness::FORMAT.into(),
        program: "/tmp/prog.c".into(),
        clang_flags: vec!["-DN=2".into(), "-m32".into(), "-I".into(), "inc".into()],
        interleave: "all".into(),
        init_choices: vec![0, 1],
        steps: vec![
            ravel_explore::WitnessStep { thread: 0, choices: vec![], flush: false, ..Default::default() },
            ravel_explore::WitnessStep { thread: 1, choices: vec![1], flush: false, ..Default::default() },
        ],
        ..Witness::default()
    }
}

#[test]
fn mutated_witnesses_never_panic_the_reader() {
    let base = serde_json::to_string_pretty(&sample_witness()).unwrap();
    let mut rng = Rng(0x5eed_0001);
    let mut accepted = 0;
    for case in 0..5000 {
        let text = mutate(&mut rng, &base);
        let result = catch_unwind(|| witness::parse(&text).is_ok());
        assert!(result.is_ok(), "case {case} panics: {text}");
        accepted += usize::from(result.unwrap());
    }
    assert!(accepted > 0, "no mutation was accepted: the base witness must parse");
}

#[test]
fn random_flag_lists_never_panic_the_allow_list() {
    const FLAGS: &[&str] = &[
        "-D",
        "-DX",
        "-U",
        "-I",
        "-Iinc",
        "-isystem",
        "-std=c11",
        "-std=",
        "-m32",
        "-O2",
        "-O9",
        "-Wall",
        "-Wl,x",
        "-fwrapv",
        "-fno-wrapv",
        "-fplugin=x",
        "-f",
        "-fno-",
        "-W",
        "-",
        "",
        "--",
        "-MF",
        "x",
        "-Xclang",
        "-fno-builtin-memcpy",
        "-fpack-struct=4",
        "-fbracket-depth=",
        "\u{0}",
        "-D\u{ff}",
    ];
    let mut rng = Rng(0x5eed_0002);
    for _ in 0..2000 {
        let flags: Vec<String> = (0..rng.below(6)).map(|_| rng.pick(FLAGS).to_string()).collect();
        let result = catch_unwind(|| witness::check_flags(&flags).is_ok());
        assert!(result.is_ok(), "{flags:?} panics");
    }
    assert!(witness::check_flags(&["-fplugin=x".into()]).is_err());
    assert!(witness::check_flags(&["-D".into()]).is_err());
    assert!(witness::check_flags(&["-D".into(), "-fplugin=x".into(), "-O2".into()]).is_ok());
}

#[test]
fn random_command_lines_never_panic_the_parser() {
    const WORDS: &[&str] = &[
        "check",
        "run",
        "replay",
        "compile",
        "a.c",
        "--timeout",
        "--timeout=-1",
        "--solver-timeout",
        "--max-memory",
        "--max-executions",
        "--max-steps",
        "--max-depth",
        "--seed",
        "--engine",
        "dpor",
        "bogus",
        "--json",
        "--",
        "-1",
        "NaN",
        "inf",
        "-inf",
        "1e30",
        "1e-30",
        "0",
        "18446744073709551616",
        "0x10",
        "",
        " ",
        "\u{0}",
        "--args",
        "--witness",
        "-o",
        "--interleave",
        "all",
        "--enumerate-inputs",
        "--alt-k",
        "--standby-interval",
    ];
    let mut rng = Rng(0x5eed_0003);
    for _ in 0..5000 {
        let mut args = vec!["ravel".to_string()];
        args.extend((0..rng.below(7)).map(|_| rng.pick(WORDS).to_string()));
        let result =
            catch_unwind(|| Cli::try_parse_from(&args).map(|_| ()).map_err(|e| crate::args::clap_exit_code(&e)));
        assert!(result.is_ok(), "{args:?} panics");
    }
}

/// Witnesses with random schedules and choices replayed on a real program: every one
/// either replays or is refused, none panics the vm.
#[test]
fn mutated_schedules_never_panic_the_replay() {
    let race = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/hostile/race.c");
    let program = crate::program::load_program(&[race], &[]).expect("the test program compiles");
    let mut rng = Rng(0x5eed_0004);
    for case in 0..1000 {
        let mut w = Witness { format: witness::FORMAT.into(), symbolic: rng.below(2) == 0, ..Witness::default() };
        w.init_choices = (0..rng.below(3)).map(|_| rng.next() >> rng.below(64)).collect();
        w.steps = (0..rng.below(12))
            .map(|_| ravel_explore::WitnessStep {
                thread: rng.below(4),
                choices: (0..rng.below(3)).map(|_| rng.next() >> rng.below(64)).collect(),
                flush: rng.below(4) == 0,
                ..Default::default()
            })
            .collect();
        let opts = Options { max_steps: 1_000_000, ..Options::default() };
        let result =
            catch_unwind(AssertUnwindSafe(|| ravel_explore::replay(program.clone(), &w, &opts, false).is_ok()));
        assert!(result.is_ok(), "case {case} panics: {w:?}");
    }
}
