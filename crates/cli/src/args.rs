//! Strict parsing of command-line values clap cannot check by type alone, and the exit
//! code of clap's own errors (3, usage error: exit code 2 means "verdict unknown").

use std::time::Duration;

/// The longest duration a flag accepts: a year is beyond any useful run, and larger values
/// would overflow the clock arithmetic (`Instant + Duration`).
const MAX_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

/// Parses a number of seconds: finite, not negative, at most a year.
pub fn seconds(text: &str) -> Result<Duration, String> {
    let s: f64 = text.trim().parse().map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if !s.is_finite() || s < 0.0 {
        return Err(format!("`{text}` is not a number of seconds (finite, 0 or more)"));
    }
    if s > MAX_SECONDS {
        return Err(format!("`{text}` seconds is more than a year"));
    }
    Ok(Duration::from_secs_f64(s))
}

/// Parses a memory size in MiB (a whole number, at least 1).
pub fn mebibytes(text: &str) -> Result<u64, String> {
    let n: u64 = text.trim().parse().map_err(|_| format!("`{text}` is not a whole number of MiB"))?;
    if n == 0 || n > 1 << 30 {
        return Err(format!("`{text}` MiB is not a usable memory limit (1 to 2^30)"));
    }
    Ok(n)
}

/// Parses `--file NAME=PATH`: a copy of a host file in the program's file system.
pub fn host_file(text: &str) -> Result<ravel_vm::FileSpec, String> {
    ravel_vm::FileSpec::copy_of(text)
}

/// Parses `--sym-file NAME=SIZE`: a file of SIZE symbolic bytes.
pub fn sym_file(text: &str) -> Result<ravel_vm::FileSpec, String> {
    ravel_vm::FileSpec::symbolic(text)
}

/// The scripted peer of `--peer-script FILE` (one connection per flag) / `--sym-packet
/// N`, when either is given.
pub fn peer(scripts: &[String], sym_packet: Option<u64>) -> anyhow::Result<Option<std::sync::Arc<ravel_vm::Peer>>> {
    if scripts.is_empty() && sym_packet.is_none() {
        return Ok(None);
    }
    let mut peer = ravel_vm::Peer { sym_packet: sym_packet.unwrap_or(0), ..Default::default() };
    for path in scripts {
        peer = peer.with_script(path).map_err(|e| anyhow::anyhow!("--peer-script: {e}"))?;
    }
    Ok(Some(std::sync::Arc::new(peer)))
}

/// Subcommands whose `--args` gives the program's `argv[1..]`.
const TAKES_PROGRAM_ARGS: [&str; 3] = ["check", "run", "schedules"];

/// Spells the program arguments of `--args W1 W2 …` as `--args=W1 --args=W2 …` before
/// clap reads the command line, so that `--args` ends where a user expects: at `--` (the
/// clang flags follow) or at the next long option of ravel's (`--timeout 10` after the
/// program's arguments is ravel's, not the program's). A program argument spelled like
/// one of ravel's long options is written `--args=WORD`, which passes WORD verbatim.
pub fn spread_program_args(
    argv: Vec<std::ffi::OsString>,
    is_ravel_option: impl Fn(&str) -> bool,
) -> Vec<std::ffi::OsString> {
    let takes = argv.get(1).and_then(|s| s.to_str()).is_some_and(|s| TAKES_PROGRAM_ARGS.contains(&s));
    if !takes {
        return argv;
    }
    let ends_args = |w: &std::ffi::OsString| {
        w.to_str().is_some_and(|w| {
            w == "--" || w.strip_prefix("--").is_some_and(|o| is_ravel_option(o.split('=').next().unwrap_or(o)))
        })
    };
    let mut out = Vec::with_capacity(argv.len());
    let mut words = argv.into_iter().peekable();
    while let Some(word) = words.next() {
        if word == "--" {
            out.push(word);
            out.extend(words.by_ref());
        } else if word == "--args" {
            while let Some(arg) = words.next_if(|w| !ends_args(w)) {
                let mut spelled = std::ffi::OsString::from("--args=");
                spelled.push(arg);
                out.push(spelled);
            }
        } else {
            out.push(word);
        }
    }
    out
}

/// The exit codes, for `--help` (DESIGN.md).
pub const EXIT_CODES: &str = "Exit codes: 0 safe (run: ok), 1 unsafe (an error was found; its witness replays), \
2 unknown (a limit was hit or something is unsupported: the report says why), \
3 input or usage error, 130 interrupted.";

/// The message for an option ravel does not know. clap's own suggests `-- --opt`, which
/// would hand the word to clang as a flag: instead, say where the options are listed and
/// where clang flags go.
pub fn unknown_option(e: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::UnknownArgument {
        return None;
    }
    let Some(ContextValue::String(word)) = e.get(ContextKind::InvalidArg) else { return None };
    let similar = match e.get(ContextKind::SuggestedArg) {
        Some(ContextValue::String(s)) => format!(" (did you mean {s}?)"),
        Some(ContextValue::Strings(s)) if !s.is_empty() => format!(" (did you mean {}?)", s.join(" or ")),
        _ => String::new(),
    };
    Some(format!(
        "error: ravel has no option {word}{similar}; `ravel <command> --help` lists the options, clang flags go after `--`, and a program argument that looks like an option is given as --args=WORD"
    ))
}

/// Exit code for usage and input errors (DESIGN.md: 0 safe, 1 unsafe, 2 unknown, 3 input).
pub const EXIT_INPUT: u8 = 3;

/// The exit code of a clap error: help and version requests succeed, usage errors are
/// input errors.
pub fn clap_exit_code(e: &clap::Error) -> u8 {
    if e.use_stderr() {
        EXIT_INPUT
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn program_args_end_at_dashes_or_a_ravel_option() {
        let spread = |line: &str| -> Vec<String> {
            let argv = line.split(' ').map(std::ffi::OsString::from).collect();
            let out = spread_program_args(argv, |o| matches!(o, "timeout" | "json"));
            out.into_iter().map(|w| w.into_string().unwrap()).collect()
        };
        assert_eq!(
            spread("ravel run p.c --args a -b --c"),
            ["ravel", "run", "p.c", "--args=a", "--args=-b", "--args=--c"]
        );
        assert_eq!(
            spread("ravel run p.c --args a --timeout 10"),
            ["ravel", "run", "p.c", "--args=a", "--timeout", "10"]
        );
        assert_eq!(spread("ravel check p.c --args a --json=x"), ["ravel", "check", "p.c", "--args=a", "--json=x"]);
        assert_eq!(
            spread("ravel run p.c --args a -- -m32 --args"),
            ["ravel", "run", "p.c", "--args=a", "--", "-m32", "--args"]
        );
        assert_eq!(spread("ravel run p.c --args=--timeout --args"), ["ravel", "run", "p.c", "--args=--timeout"]);
        assert_eq!(spread("ravel cc --args a"), ["ravel", "cc", "--args", "a"]);
    }

    #[test]
    fn seconds_are_strict() {
        assert_eq!(seconds("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(seconds("0"), Ok(Duration::ZERO));
        for bad in ["-1", "NaN", "nan", "inf", "-inf", "1e30", "", "x", "1s", "0x10"] {
            assert!(seconds(bad).is_err(), "{bad}");
        }
    }
}
