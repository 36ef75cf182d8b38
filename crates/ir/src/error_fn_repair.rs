//! Replaces the body of an SV-COMP error function whose definition does not compile.
//!
//! ravel models every call of `reach_error` or `__VERIFIER_error` as "error reached" and
//! never runs their bodies (see the lowering of calls). Some published tasks define
//! `reach_error` with an expansion of `assert(0)` that lost its `__LINE__` argument
//! (`__assert_fail("0", "f.c", , ...)`), which no C compiler accepts. When every compiler
//! error lies inside such a body, the body is replaced by a call of the function itself,
//! which is what ravel's semantics say it does, and the program compiles.

/// Function names whose bodies ravel never runs.
const ERROR_FUNCTIONS: [&str; 2] = ["reach_error", "__VERIFIER_error"];

/// A definition of an error function: its name, the byte range of its body (braces
/// included) and the lines (1-based) the body spans.
struct Definition {
    name: &'static str,
    body: std::ops::Range<usize>,
    lines: std::ops::RangeInclusive<u32>,
}

/// The source with every error function's body that contains a compiler error replaced,
/// when all of `error_lines` lie inside such bodies; otherwise `None`. Line numbers and
/// the other definitions are unchanged. Also returns the names of the replaced functions
/// with the line each definition starts on.
pub(crate) fn repair(src: &str, error_lines: &[u32]) -> Option<(String, Vec<(&'static str, u32)>)> {
    if error_lines.is_empty() {
        return None;
    }
    let defs = definitions(src);
    let broken: Vec<&Definition> = defs.iter().filter(|d| error_lines.iter().any(|l| d.lines.contains(l))).collect();
    if !error_lines.iter().all(|l| broken.iter().any(|d| d.lines.contains(l))) {
        return None;
    }
    let mut out = String::with_capacity(src.len());
    let mut at = 0;
    for d in &broken {
        out.push_str(&src[at..d.body.start]);
        out.push_str(&format!("{{ {}();", d.name));
        // Keep the body's line breaks so that every later line keeps its number.
        out.extend(src[d.body.clone()].chars().filter(|&c| c == '\n'));
        out.push('}');
        at = d.body.end;
    }
    out.push_str(&src[at..]);
    Some((out, broken.iter().map(|d| (d.name, *d.lines.start())).collect()))
}

/// The top-level definitions of error functions in `src`.
fn definitions(src: &str) -> Vec<Definition> {
    let tokens = tokens(src);
    let mut defs = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < tokens.len() {
        let tok = &tokens[i];
        match tok.text {
            "{" => depth += 1,
            "}" => depth = depth.saturating_sub(1),
            name if depth == 0 && tokens.get(i + 1).is_some_and(|t| t.text == "(") => {
                if let Some(&known) = ERROR_FUNCTIONS.iter().find(|&&f| f == name) {
                    if let Some(def) = definition_after(src, &tokens, i, known) {
                        i = def.1;
                        defs.push(def.0);
                        continue;
                    }
                }
            }
            _ => {}
        }
        i += 1;
    }
    defs
}

/// The definition whose name is token `i`, when a parameter list and a body follow it;
/// also returns the index of the token after the body.
fn definition_after(src: &str, tokens: &[Token], i: usize, name: &'static str) -> Option<(Definition, usize)> {
    let close = matching(tokens, i + 1, "(", ")")?;
    let open = close + 1;
    if tokens.get(open)?.text != "{" {
        return None;
    }
    let end = matching(tokens, open, "{", "}")?;
    let body = tokens[open].start..tokens[end].start + 1;
    let line_of = |byte: usize| 1 + src[..byte].matches('\n').count() as u32;
    let lines = line_of(body.start)..=line_of(body.end - 1);
    Some((Definition { name, body, lines }, end + 1))
}

/// The index of the token closing the bracket opened at `open`.
fn matching(tokens: &[Token], open: usize, left: &str, right: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (k, t) in tokens.iter().enumerate().skip(open) {
        if t.text == left {
            depth += 1;
        } else if t.text == right {
            depth -= 1;
            if depth == 0 {
                return Some(k);
            }
        }
    }
    None
}

/// A C token: an identifier or a single punctuation character (enough to find braces and
/// names), with its byte offset. Comments, string and character literals, numbers and
/// preprocessor lines produce no tokens.
struct Token<'a> {
    text: &'a str,
    start: usize,
}

fn tokens(src: &str) -> Vec<Token<'_>> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let mut line_start = true;
    while i < b.len() {
        let c = b[i];
        match c {
            b'\n' => {
                line_start = true;
                i += 1;
                continue;
            }
            b'#' if line_start => i = skip_line(b, i),
            b'/' if b.get(i + 1) == Some(&b'/') => i = skip_line(b, i),
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i = src[i + 2..].find("*/").map_or(b.len(), |k| i + 2 + k + 2);
            }
            b'"' | b'\'' => i = skip_literal(b, i),
            c if c.is_ascii_alphabetic() || c == b'_' => {
                let start = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                out.push(Token { text: &src[start..i], start });
            }
            c if c.is_ascii_digit() => {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'.') {
                    i += 1;
                }
            }
            // Indentation keeps a line's start: `  #define` is a directive too.
            c if c.is_ascii_whitespace() => {
                i += 1;
                continue;
            }
            _ => {
                let len = src[i..].chars().next().map_or(1, char::len_utf8);
                out.push(Token { text: &src[i..i + len], start: i });
                i += len;
            }
        }
        line_start = false;
    }
    out
}

/// The index of the line break ending the line at `i` (continuation lines included).
fn skip_line(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && b[i] != b'\n' {
        if b[i] == b'\\' && b.get(i + 1) == Some(&b'\n') {
            i += 1;
        }
        i += 1;
    }
    i
}

/// The index just past the string or character literal starting at `i`.
fn skip_literal(b: &[u8], mut i: usize) -> usize {
    let quote = b[i];
    i += 1;
    while i < b.len() && b[i] != quote && b[i] != b'\n' {
        if b[i] == b'\\' {
            i += 1;
        }
        i += 1;
    }
    i + 1
}

#[cfg(test)]
mod tests {
    use super::repair;

    const BROKEN: &str = "#include <assert.h>\n\
        void reach_error() { ((void) sizeof ((0) ? 1 : 0), __extension__ ({ if (0) ; else\n\
        __assert_fail (\"0\", \"f.c\", , \"}\"); })); }\n\
        int main() { /* { */ reach_error(); }\n";

    #[test]
    fn replaces_only_the_broken_body_and_keeps_line_numbers() {
        let (fixed, replaced) = repair(BROKEN, &[3]).expect("repairable");
        assert_eq!(replaced, vec![("reach_error", 2)]);
        assert_eq!(fixed.lines().count(), BROKEN.lines().count());
        assert!(fixed.contains("void reach_error() { reach_error();\n}\n"));
        assert!(fixed.ends_with("int main() { /* { */ reach_error(); }\n"));
    }

    #[test]
    fn skips_indented_directives() {
        let src = "  #define reach_error() {\nvoid reach_error() { f(, ); }\n";
        let (fixed, replaced) = repair(src, &[2]).expect("repairable");
        assert_eq!(replaced, vec![("reach_error", 2)]);
        assert!(fixed.starts_with("  #define reach_error() {\nvoid reach_error() { reach_error();}"));
    }

    #[test]
    fn refuses_when_an_error_lies_elsewhere() {
        assert!(repair(BROKEN, &[3, 4]).is_none());
        assert!(repair(BROKEN, &[]).is_none());
        assert!(repair("int main() { return 0 }\n", &[1]).is_none());
    }
}
