//! The clang flags ravel passes when they come from a file someone else may have written
//! (a witness, a compilation database): only flags that change what the program means
//! (macros, include paths, language standard, 32-bit mode, warning
//! switches, a list of code generation switches), nothing that loads code, writes files
//! or reaches other tools (`-fplugin=`, `-Xclang`, `-MJ`, `-MF`, `-Wl,`, `-save-temps`,
//! `-ftime-trace=`, response files…).

/// What the allow-list accepts, for messages.
pub const ACCEPTED: &str = "it accepts -D, -U, -I, -isystem, -iquote, -idirafter, -std=, -m32, -m64, -O*, -g, -W warning switches and a list of -f switches";

/// Flags that take their value as the next argument when not joined (`-D N`, `-I dir`).
/// (`-include FILE` is not: it would show any file's lines in clang's error messages.)
const WITH_VALUE: &[&str] = &["-D", "-U", "-I", "-isystem", "-iquote", "-idirafter"];

/// Whole flags passed as they are.
const EXACT: &[&str] = &[
    "-m32",
    "-m64",
    "-w",
    "-g",
    "-g0",
    "-ansi",
    "-pedantic",
    "-pthread",
    "-O0",
    "-O1",
    "-O2",
    "-O3",
    "-Os",
    "-Oz",
    "-Og",
];

/// `-f` switches (each also in its `-fno-` form) passed: language dialect and code
/// generation choices that change what the program means, or nothing ravel sees.
const F_FLAGS: &[&str] = &[
    "builtin",
    "signed-char",
    "unsigned-char",
    "wrapv",
    "trapv",
    "strict-aliasing",
    "strict-overflow",
    "gnu89-inline",
    "common",
    "ms-extensions",
    "gnu-keywords",
    "asm",
    "inline",
    "short-enums",
    "short-wchar",
    "stack-protector",
    "stack-protector-strong",
    "delete-null-pointer-checks",
    "discard-value-names",
    "pack-struct",
    "dollars-in-identifiers",
    "blocks",
    "PIC",
    "pic",
    "PIE",
    "pie",
    "omit-frame-pointer",
    "function-sections",
    "data-sections",
    "exceptions",
    "unwind-tables",
    "asynchronous-unwind-tables",
];

/// Whether `flag` (not the value of a [`WITH_VALUE`] flag) is on the allow-list.
fn allowed(flag: &str) -> bool {
    let joined = |f: &str| flag.strip_prefix(f).filter(|rest| !rest.is_empty());
    let word = |s: &str, extra: &[u8]| s.bytes().all(|b| b.is_ascii_alphanumeric() || extra.contains(&b));
    EXACT.contains(&flag)
        || WITH_VALUE.iter().any(|f| joined(f).is_some())
        || joined("-std=").is_some_and(|s| word(s, b"+"))
        || joined("-fbracket-depth=").is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
        || joined("-fbuiltin-").or_else(|| joined("-fno-builtin-")).is_some_and(|n| word(n, b"_"))
        || joined("-fpack-struct=").is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
        || joined("-fvisibility=").is_some_and(|n| word(n, b"-"))
        || joined("-g").is_some_and(|n| matches!(n, "1" | "2" | "3" | "dwarf-4" | "dwarf-5"))
        || joined("-f").is_some_and(|f| F_FLAGS.contains(&f.strip_prefix("no-").unwrap_or(f)))
        || joined("-W").is_some_and(|w| !w.contains(',') && !w.contains('=') && word(w, b"-"))
}

/// Flags split by the allow-list.
#[derive(Debug, Default, PartialEq)]
pub struct Split {
    /// The flags passed, each with its value.
    pub kept: Vec<String>,
    /// The flags left out (a [`WITH_VALUE`] flag missing its value among them).
    pub refused: Vec<String>,
}

/// Splits `flags` into those the allow-list passes and those it refuses.
pub fn split(flags: &[String]) -> Split {
    let mut out = Split::default();
    let mut words = flags.iter();
    while let Some(flag) = words.next() {
        if WITH_VALUE.contains(&flag.as_str()) {
            match words.next() {
                Some(value) => out.kept.extend([flag.clone(), value.clone()]),
                None => out.refused.push(flag.clone()),
            }
        } else if allowed(flag) {
            out.kept.push(flag.clone());
        } else {
            out.refused.push(flag.clone());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::split;

    fn words(s: &str) -> Vec<String> {
        s.split(' ').map(str::to_string).collect()
    }

    #[test]
    fn only_flags_about_the_program_pass() {
        let s = split(&words("-DX=1 -I inc -std=gnu99 -fPIC -O2 -Wall -fno-strict-aliasing"));
        assert!(s.refused.is_empty(), "{s:?}");
        for bad in [
            "-fplugin=./evil.so",
            "-include",
            "-Xclang",
            "-MJ",
            "-Wp,-MD,dep",
            "-ftime-trace=/tmp/x",
            "-save-temps=cwd",
            "-Wl,-rpath",
            "@rsp",
            "-fpass-plugin=p.so",
            "-o",
        ] {
            assert_eq!(split(&words(bad)).refused, [bad], "{bad}");
        }
        assert_eq!(split(&words("-D")).refused, ["-D"]);
        assert_eq!(split(&words("-D -fplugin=x -O2")).kept, words("-D -fplugin=x -O2"));
    }
}
