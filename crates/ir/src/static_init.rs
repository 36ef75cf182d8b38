//! Which global mutexes, condition variables and read-write locks the source initialises
//! statically (`= PTHREAD_MUTEX_INITIALIZER`). glibc's initialisers are all zero bytes,
//! so the IR cannot tell such an object from one that still needs `pthread_mutex_init`;
//! POSIX leaves initialising an initialised object undefined, a bug real programs have
//! (memcached 1.5.19 initialises six such objects again). The declaration's source text
//! says which it is: the debug info gives each global's file and line, and the
//! declarator `NAME = PTHREAD_..._INITIALIZER` there marks it. Without debug info or
//! source nothing is marked (such a double initialisation then goes unreported).

use std::collections::HashMap;

/// The kind of synchronisation object an initialiser macro names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SyncKind {
    Mutex,
    Cond,
    RwLock,
}

impl SyncKind {
    /// The object in words, for reports.
    pub fn noun(self) -> &'static str {
        match self {
            SyncKind::Mutex => "mutex",
            SyncKind::Cond => "condition variable",
            SyncKind::RwLock => "read-write lock",
        }
    }
}

/// A global initialised by a `PTHREAD_*_INITIALIZER` macro in its declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StaticInit {
    pub kind: SyncKind,
    /// The macro as written (`PTHREAD_MUTEX_INITIALIZER`).
    pub initializer: String,
    /// Where the declaration is: the source file's path and line.
    pub file: String,
    pub line: u32,
}

/// Declarations longer than this many lines are not searched for their initialiser.
const MAX_DECLARATION_LINES: usize = 8;

/// The statically initialised synchronisation objects among the globals of the textual
/// IR `ll`, by global name (reading their declarations from the source files).
pub fn static_inits(ll: &str) -> HashMap<String, StaticInit> {
    let nodes = crate::debug_types::metadata_nodes(ll);
    let mut sources: HashMap<String, Option<Vec<String>>> = HashMap::new();
    let mut found = HashMap::new();
    for (name, var) in crate::debug_types::global_variables(ll, &nodes) {
        let field = |node: &str, key| crate::debug_types::field(node, key).map(|v| v.trim_matches('"').to_string());
        let (Some(c_name), Some(line), Some(file)) = (field(var, "name"), field(var, "line"), field(var, "file"))
        else {
            continue;
        };
        let Ok(line) = line.parse::<usize>() else { continue };
        let Some(path) = nodes.get(file.as_str()).and_then(|f| source_path(f)) else { continue };
        let lines = sources.entry(path.clone()).or_insert_with(|| {
            std::fs::read(&path).ok().map(|b| String::from_utf8_lossy(&b).lines().map(str::to_string).collect())
        });
        let Some(lines) = lines else { continue };
        let declaration = declaration_at(lines, line);
        if let Some(initializer) = initializer_of(&declaration, &c_name) {
            if let Some(kind) = kind_of(&initializer) {
                found.insert(name.to_string(), StaticInit { kind, initializer, file: path, line: line as u32 });
            }
        }
    }
    found
}

/// The path of a `DIFile` node: its file name, under its directory when relative.
fn source_path(node: &str) -> Option<String> {
    let name = crate::debug_types::field(node, "filename")?.trim_matches('"');
    let dir = crate::debug_types::field(node, "directory").map(|d| d.trim_matches('"')).unwrap_or("");
    let path = std::path::Path::new(dir).join(name);
    Some(path.to_string_lossy().into_owned())
}

/// The text of the declaration starting at (1-based) `line`: up to its first `;`.
fn declaration_at(lines: &[String], line: usize) -> String {
    let mut text = String::new();
    for l in lines.iter().skip(line.saturating_sub(1)).take(MAX_DECLARATION_LINES) {
        text.push_str(l);
        text.push(' ');
        if let Some(end) = text.find(';') {
            text.truncate(end);
            break;
        }
    }
    text
}

/// The initialiser macro of declarator `name` in `declaration`, when it is
/// `name = PTHREAD_..._INITIALIZER...`.
fn initializer_of(declaration: &str, name: &str) -> Option<String> {
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut rest = declaration;
    while let Some(at) = rest.find(name) {
        let before = rest[..at].chars().next_back();
        let after = &rest[at + name.len()..];
        rest = after;
        if before.is_some_and(is_ident) || after.starts_with(is_ident) {
            continue;
        }
        let Some(value) = after.trim_start().strip_prefix('=') else { continue };
        let macro_name: String = value.trim_start().chars().take_while(|&c| is_ident(c)).collect();
        if macro_name.starts_with("PTHREAD_") && macro_name.contains("INITIALIZER") {
            return Some(macro_name);
        }
    }
    None
}

/// Which object an initialiser macro initialises (`None` for `PTHREAD_ONCE_INIT`-like
/// names that are no locks).
fn kind_of(initializer: &str) -> Option<SyncKind> {
    if initializer.contains("MUTEX") {
        Some(SyncKind::Mutex)
    } else if initializer.contains("COND") {
        Some(SyncKind::Cond)
    } else if initializer.contains("RWLOCK") {
        Some(SyncKind::RwLock)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_declarator_and_its_macro() {
        let d = "static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER";
        assert_eq!(initializer_of(d, "lock").as_deref(), Some("PTHREAD_MUTEX_INITIALIZER"));
        let two = "pthread_mutex_t a = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP, b";
        assert_eq!(initializer_of(two, "a").as_deref(), Some("PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP"));
        assert_eq!(initializer_of(two, "b"), None);
        assert_eq!(initializer_of("pthread_mutex_t lock2 = PTHREAD_MUTEX_INITIALIZER", "lock"), None);
        assert_eq!(initializer_of("static pthread_mutex_t lock", "lock"), None);
        assert_eq!(kind_of("PTHREAD_COND_INITIALIZER"), Some(SyncKind::Cond));
        assert_eq!(kind_of("PTHREAD_RWLOCK_INITIALIZER"), Some(SyncKind::RwLock));
    }

    #[test]
    fn a_declaration_ends_at_its_semicolon() {
        let lines: Vec<String> =
            ["int x;", "pthread_cond_t c =", "    PTHREAD_COND_INITIALIZER;", "int y = 1;"].map(String::from).to_vec();
        assert_eq!(declaration_at(&lines, 2).trim(), "pthread_cond_t c =     PTHREAD_COND_INITIALIZER");
        assert_eq!(initializer_of(&declaration_at(&lines, 1), "c"), None);
    }
}
