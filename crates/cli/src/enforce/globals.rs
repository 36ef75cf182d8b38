//! The table of the program's globals that `ravel enforce build` compiles into the program
//! (`__ravel_globals`): name, address and size of every global the IR defines or declares.
//! Constraints name globals by symbol; with the table the runtime finds them without
//! walking the executable's ELF symbol table at start-up (a statically linked runtime brings
//! thousands of symbols, and the walk was the largest share of a short constrained run).
//! The table is IR appended to the program's module, so file-local (`static`) globals are
//! reachable too, and each size is the IR type's (`getelementptr` one past, as an integer).

/// The IR of `__ravel_globals` for the module `ll` (textual LLVM IR, as llvm-dis prints
/// it): `{ i64 count, [count x { ptr name, ptr address, i64 size }] }`, with the names as
/// private C strings. The globals the program defines, except those with no symbol of
/// their own in the executable (private, thread-local, appending, available-externally,
/// LLVM's own); declarations are defined outside the program (libc's, under versioned
/// symbols), and so are left out too, as they were never named by the symbol table either.
pub fn table_ir(ll: &str) -> String {
    let globals: Vec<(&str, String, &str)> = ll.lines().filter_map(global).collect();
    let entry = "{ ptr, ptr, i64 }";
    let mut out = String::from("\n");
    let mut entries = Vec::new();
    for (i, (reference, name, ty)) in globals.iter().enumerate() {
        let bytes: String = name.bytes().map(|b| format!("\\{b:02X}")).collect();
        out += &format!(
            "@__ravel_global_name.{i} = private unnamed_addr constant [{} x i8] c\"{bytes}\\00\"\n",
            name.len() + 1
        );
        entries.push(format!(
            "{entry} {{ ptr @__ravel_global_name.{i}, ptr {reference}, i64 ptrtoint (ptr getelementptr ({ty}, ptr null, i32 1) to i64) }}"
        ));
    }
    let array = if entries.is_empty() { "zeroinitializer".to_string() } else { format!("[{}]", entries.join(", ")) };
    out += &format!(
        "@__ravel_globals = dso_local constant {{ i64, [{n} x {entry}] }} {{ i64 {n}, [{n} x {entry}] {array} }}\n",
        n = entries.len()
    );
    out
}

/// Linkage and other keywords that may stand between `=` and `global`/`constant` of a
/// global whose symbol the executable keeps.
const KEPT: &[&str] = &[
    "internal",
    "common",
    "weak",
    "weak_odr",
    "linkonce",
    "linkonce_odr",
    "dso_local",
    "dso_preemptable",
    "default",
    "hidden",
    "protected",
    "dllimport",
    "dllexport",
    "unnamed_addr",
    "local_unnamed_addr",
    "externally_initialized",
];

/// A global variable line of textual IR: how to refer to it (`@name` as written), its
/// symbol name and its value type; `None` for anything else or a global left out.
fn global(line: &str) -> Option<(&str, String, &str)> {
    let (reference, rest) = line.split_once(" = ")?;
    let name = symbol_name(reference.strip_prefix('@')?)?;
    if name.starts_with("llvm.") || name.starts_with("__ravel_") {
        return None;
    }
    let mut rest = rest;
    loop {
        let (word, after) = rest.split_once(' ')?;
        match word {
            "global" | "constant" => return Some((reference, name, value_type(after)?)),
            w if KEPT.contains(&w) => rest = after,
            _ => return None,
        }
    }
}

/// The symbol of `@name` (without the `@`): plain, or quoted without escapes.
fn symbol_name(name: &str) -> Option<String> {
    let name = match name.strip_prefix('"') {
        Some(quoted) => quoted.strip_suffix('"').filter(|n| !n.contains('\\'))?,
        None => name,
    };
    (!name.is_empty() && !name.bytes().all(|b| b.is_ascii_digit())).then(|| name.to_string())
}

/// The type at the start of `text`: up to the first space outside brackets and quotes.
fn value_type(text: &str) -> Option<&str> {
    let mut depth = 0i32;
    let mut quoted = false;
    for (i, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '[' | '{' | '<' | '(' if !quoted => depth += 1,
            ']' | '}' | '>' | ')' if !quoted => depth -= 1,
            ' ' | ',' if !quoted && depth == 0 => return (i > 0).then(|| &text[..i]),
            _ => {}
        }
    }
    (!text.is_empty() && depth == 0).then_some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_names_and_types_of_kept_globals() {
        assert_eq!(global("@x = dso_local global i32 0, align 4, !dbg !0"), Some(("@x", "x".into(), "i32")));
        assert_eq!(
            global("@f.count = internal global [4 x { i32, ptr }] zeroinitializer, align 16"),
            Some(("@f.count", "f.count".into(), "[4 x { i32, ptr }]"))
        );
        assert_eq!(
            global("@\"a b\" = dso_local global %\"struct.q r\" zeroinitializer"),
            Some(("@\"a b\"", "a b".into(), "%\"struct.q r\""))
        );
        assert_eq!(
            global("@v = dso_local global <{ i8, i32 }> <{ i8 1, i32 2 }>"),
            Some(("@v", "v".into(), "<{ i8, i32 }>"))
        );
    }

    #[test]
    fn leaves_out_globals_without_a_symbol_of_their_own() {
        assert_eq!(global("@.str = private unnamed_addr constant [3 x i8] c\"hi\\00\", align 1"), None);
        assert_eq!(global("@t = dso_local thread_local global i32 0, align 4"), None);
        assert_eq!(global("@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] []"), None);
        assert_eq!(global("@a = dso_local alias i32, ptr @x"), None);
        assert_eq!(global("define dso_local i32 @main() #0 {"), None);
        assert_eq!(global("@stdout = external global ptr, align 8"), None);
    }

    #[test]
    fn a_table_entry_per_defined_global() {
        let ll = "%struct.FILE = type opaque\n@x = dso_local global i32 0\n@fp = external global %struct.FILE\n";
        let ir = table_ir(ll);
        assert!(ir.contains("ptr @x, i64 ptrtoint (ptr getelementptr (i32, ptr null, i32 1) to i64)"));
        assert!(ir.contains("{ i64 1, [1 x { ptr, ptr, i64 }]"));
        assert!(!ir.contains("@fp"));
        assert!(table_ir("").contains("{ i64 0, [0 x { ptr, ptr, i64 }] zeroinitializer }"));
    }
}
