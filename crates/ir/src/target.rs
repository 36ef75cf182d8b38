//! The targets ravel interprets correctly. The vm reads and writes memory little-endian
//! and lays out data with x86's rules, so bitcode compiled for another machine (a
//! big-endian data layout, another architecture's ABI) would run with the wrong bytes and
//! could give a wrong verdict; such input is refused instead, as is bitcode for another
//! operating system (another C library, or Windows' 4-byte `long`).

/// Operating systems whose C library or data model ravel does not model (Windows is
/// LLP64: its `long` has 4 bytes; the others' headers lay out `FILE`, `pthread_mutex_t`
/// and `struct stat` unlike glibc).
const FOREIGN_SYSTEMS: [&str; 14] = [
    "windows",
    "win32",
    "mingw",
    "cygwin",
    "msvc",
    "darwin",
    "macos",
    "ios",
    "freebsd",
    "netbsd",
    "openbsd",
    "solaris",
    "wasi",
    "emscripten",
];

/// Why a module's target is not one ravel can interpret, if it is not.
pub(crate) fn refuse(triple: &str, little_endian: bool, pointer_bytes: u32) -> Option<String> {
    let arch = triple.split('-').next().unwrap_or("");
    let x86 = matches!(arch, "" | "x86_64" | "i386" | "i486" | "i586" | "i686");
    if !x86 {
        return Some(format!(
            "the bitcode targets `{triple}`; ravel interprets x86 programs only (64-bit or 32-bit, little-endian): compile for x86_64 or with -m32"
        ));
    }
    if !little_endian {
        return Some(
            "the bitcode's data layout is big-endian; ravel interprets little-endian x86 programs only".into(),
        );
    }
    if let Some(os) = triple.split('-').skip(1).find(|part| FOREIGN_SYSTEMS.iter().any(|f| part.starts_with(f))) {
        return Some(format!(
            "the bitcode targets `{triple}`, a `{os}` system; ravel models Linux programs only (its C library and data model: a `long` of pointer size), so compile for x86_64-linux-gnu or with -m32"
        ));
    }
    if pointer_bytes != 4 && pointer_bytes != 8 {
        return Some(format!("the bitcode's pointers are {pointer_bytes} bytes; ravel supports 4 and 8"));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::refuse;

    #[test]
    fn only_little_endian_x86_passes() {
        assert_eq!(refuse("x86_64-pc-linux-gnu", true, 8), None);
        assert_eq!(refuse("i386-pc-linux-gnu", true, 4), None);
        assert_eq!(refuse("", true, 8), None);
        assert!(refuse("powerpc64-unknown-linux-gnu", false, 8).is_some());
        assert!(refuse("aarch64-unknown-linux-gnu", true, 8).is_some());
        assert!(refuse("x86_64-pc-linux-gnu", false, 8).is_some());
        assert!(refuse("x86_64-pc-linux-gnu", true, 2).is_some());
        assert!(refuse("x86_64-unknown-linux-gnu", true, 8).is_none());
        assert!(refuse("x86_64-pc-windows-msvc", true, 8).unwrap().contains("Linux"));
        assert!(refuse("x86_64-w64-windows-gnu", true, 8).is_some());
        assert!(refuse("x86_64-apple-macosx14.0.0", true, 8).is_some());
    }
}
