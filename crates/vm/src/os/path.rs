//! Path names: every name a program passes is resolved against the modelled working
//! directory into one absolute key, so `x`, `./x`, `d/../x` and `/cwd/x` name one node.

/// `path` resolved against the absolute directory `cwd`: absolute, without `.`, `..`,
/// repeated or trailing slashes. `..` is resolved lexically (symbolic links are not
/// modelled); above `/` it stays at `/`, as on Linux.
pub fn resolve(cwd: &[u8], path: &[u8]) -> Vec<u8> {
    let base = if path.first() == Some(&b'/') { &[][..] } else { cwd };
    let mut parts: Vec<&[u8]> = Vec::new();
    for c in base.split(|&b| b == b'/').chain(path.split(|&b| b == b'/')) {
        match c {
            b"" | b"." => {}
            b".." => {
                parts.pop();
            }
            c => parts.push(c),
        }
    }
    if parts.is_empty() {
        return b"/".to_vec();
    }
    parts.iter().flat_map(|p| std::iter::once(&b'/').chain(p.iter())).copied().collect()
}

/// The directory holding the absolute key `path` and its last component (`None` for `/`).
pub fn split(path: &[u8]) -> Option<(&[u8], &[u8])> {
    let i = path.iter().rposition(|&b| b == b'/')?;
    match (i, &path[i + 1..]) {
        (_, []) => None,
        (0, last) => Some((b"/", last)),
        (i, last) => Some((&path[..i], last)),
    }
}

/// The key prefix every entry of directory `dir` (an absolute key) starts with.
pub fn child_prefix(dir: &[u8]) -> Vec<u8> {
    if dir == b"/" {
        dir.to_vec()
    } else {
        [dir, b"/"].concat()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_names_resolve_against_the_working_directory() {
        assert_eq!(resolve(b"/w/d", b"x"), b"/w/d/x");
        assert_eq!(resolve(b"/w/d", b"./a//b/"), b"/w/d/a/b");
        assert_eq!(resolve(b"/w/d", b"../x/./y/.."), b"/w/x");
        assert_eq!(resolve(b"/w/d", b"/../../z"), b"/z");
        assert_eq!(resolve(b"/", b"."), b"/");
        assert_eq!(resolve(b"/w", b"/"), b"/");
    }

    #[test]
    fn split_gives_parent_and_name() {
        assert_eq!(split(b"/a/b"), Some((&b"/a"[..], &b"b"[..])));
        assert_eq!(split(b"/a"), Some((&b"/"[..], &b"a"[..])));
        assert_eq!(split(b"/"), None);
        assert_eq!(child_prefix(b"/"), b"/");
        assert_eq!(child_prefix(b"/a"), b"/a/");
    }
}
