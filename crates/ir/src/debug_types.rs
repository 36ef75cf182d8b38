//! The C types of global variables, from the debug info, so reports can name the field or
//! element an address falls in (`q.count`, `table[3].key`) instead of an offset. The
//! `llvm-ir` crate does not expose debug-info types, so they are read from the textual IR
//! (as `llvm-dis` prints it): the `!dbg` attachment of each global leads through its
//! `DIGlobalVariable` to a tree of `DICompositeType`/`DIDerivedType` nodes.

use std::collections::HashMap;

/// The layout of a C type, as far as naming places needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DebugType {
    /// A scalar, pointer, enum or anything without named parts.
    Leaf,
    /// A struct: its members with their byte offsets.
    Record(Vec<(String, u64, DebugType)>),
    /// A union: which member an offset belongs to is not known, so none is named.
    Union,
    /// An array: element type, element size in bytes, number of elements.
    Array(Box<DebugType>, u64, u64),
}

impl DebugType {
    /// The C access path of byte `offset` inside an object of this type: `.count`,
    /// `[3].key`, or empty when the offset has no name.
    pub fn path(&self, offset: u64) -> String {
        match self {
            DebugType::Leaf | DebugType::Union => String::new(),
            DebugType::Record(fields) => {
                // The last member starting at or before the offset.
                let found = fields.iter().filter(|(_, at, _)| *at <= offset).max_by_key(|(_, at, _)| *at);
                match found {
                    Some((name, at, ty)) => format!(".{name}{}", ty.path(offset - at)),
                    None => String::new(),
                }
            }
            DebugType::Array(elem, size, count) if *size > 0 && offset / size < *count => {
                format!("[{}]{}", offset / size, elem.path(offset % size))
            }
            DebugType::Array(..) => String::new(),
        }
    }
}

/// The metadata nodes of the textual IR `ll` by number (without `!` and `distinct`).
pub(crate) fn metadata_nodes(ll: &str) -> HashMap<&str, &str> {
    ll.lines()
        .filter_map(|l| {
            let (id, body) = l.strip_prefix('!')?.split_once(" = ")?;
            id.bytes().all(|b| b.is_ascii_digit()).then_some((id, body.trim_start_matches("distinct ")))
        })
        .collect()
}

/// Each global defined in `ll` that has debug info: its name and its `DIGlobalVariable` node.
pub(crate) fn global_variables<'a>(
    ll: &'a str,
    nodes: &'a HashMap<&str, &str>,
) -> impl Iterator<Item = (&'a str, &'a str)> + 'a {
    ll.lines().filter(|l| l.starts_with('@')).filter_map(|line| {
        let (name, _) = line[1..].split_once(' ')?;
        let attachment = line.rsplit_once("!dbg !").map(|(_, id)| id.trim())?;
        let var = nodes.get(attachment).and_then(|expr| field(expr, "var"))?;
        Some((name.trim_matches('"'), *nodes.get(var)?))
    })
}

/// The types of the globals defined in the textual IR `ll`, by global name.
pub fn global_types(ll: &str) -> HashMap<String, DebugType> {
    let nodes = metadata_nodes(ll);
    let mut types = HashMap::new();
    for (name, var) in global_variables(ll, &nodes) {
        let ty = field(var, "type");
        if let Some(ty) = ty {
            let t = resolve(&nodes, ty, 0);
            if !matches!(t, DebugType::Leaf | DebugType::Union) {
                types.insert(name.to_string(), t);
            }
        }
    }
    types
}

/// The type node `id` as a [`DebugType`] (nesting is cut at a depth no real type reaches).
fn resolve(nodes: &HashMap<&str, &str>, id: &str, depth: u32) -> DebugType {
    let Some(node) = nodes.get(id).filter(|_| depth < 32) else { return DebugType::Leaf };
    let tag = field(node, "tag").unwrap_or("");
    let base = || field(node, "baseType").map_or(DebugType::Leaf, |b| resolve(nodes, b, depth + 1));
    match tag {
        "DW_TAG_typedef" | "DW_TAG_const_type" | "DW_TAG_volatile_type" | "DW_TAG_atomic_type" => base(),
        "DW_TAG_union_type" => DebugType::Union,
        "DW_TAG_structure_type" => {
            let members = field(node, "elements").map(|e| tuple(nodes, e)).unwrap_or_default();
            let fields = members
                .iter()
                .filter_map(|m| {
                    let member = nodes.get(m)?;
                    let name = field(member, "name")?.trim_matches('"').to_string();
                    let offset = field(member, "offset").and_then(|o| o.parse::<u64>().ok()).unwrap_or(0) / 8;
                    let ty = field(member, "baseType").map_or(DebugType::Leaf, |b| resolve(nodes, b, depth + 1));
                    Some((name, offset, ty))
                })
                .collect();
            DebugType::Record(fields)
        }
        "DW_TAG_array_type" => {
            let size = field(node, "size").and_then(|s| s.parse::<u64>().ok()).unwrap_or(0) / 8;
            let counts: Vec<u64> = field(node, "elements")
                .map(|e| tuple(nodes, e))
                .unwrap_or_default()
                .iter()
                .filter_map(|r| nodes.get(r).and_then(|r| field(r, "count")).and_then(|c| c.parse().ok()))
                .collect();
            // int a[2][3]: an array of 2 arrays of 3.
            let mut ty = base();
            let mut bytes = size / counts.iter().product::<u64>().max(1);
            for &count in counts.iter().rev() {
                ty = DebugType::Array(Box::new(ty), bytes, count);
                bytes *= count;
            }
            ty
        }
        _ => DebugType::Leaf,
    }
}

/// The node ids of the tuple node `id` (`!{!7, !12}`).
fn tuple<'a>(nodes: &HashMap<&str, &'a str>, id: &str) -> Vec<&'a str> {
    nodes
        .get(id)
        .and_then(|t| t.strip_prefix("!{"))
        .map(|t| t.trim_end_matches('}').split(", ").filter_map(|m| m.strip_prefix('!')).collect())
        .unwrap_or_default()
}

/// The value of `key` in a node's field list (`name: "q", type: !5`), node references
/// without their `!`.
pub(crate) fn field<'a>(node: &'a str, key: &str) -> Option<&'a str> {
    let start = node.find('(')? + 1;
    let body = &node[start..node.rfind(')')?];
    let mut rest = body;
    while !rest.is_empty() {
        let (k, after) = rest.split_once(": ")?;
        let (value, next) = split_value(after);
        if k.trim() == key {
            return Some(value.strip_prefix('!').unwrap_or(value));
        }
        rest = next;
    }
    None
}

/// Splits `value, rest` at the first comma outside a string.
fn split_value(s: &str) -> (&str, &str) {
    let mut quoted = false;
    for (i, c) in s.char_indices() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => return (&s[..i], s[i + 1..].trim_start()),
            _ => {}
        }
    }
    (s, "")
}

#[cfg(test)]
mod tests {
    use super::*;

    const LL: &str = r#"@q = dso_local global %struct.queue zeroinitializer, align 4, !dbg !0
@n = dso_local global i32 0, align 4, !dbg !20
!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "q", scope: !2, file: !3, line: 13, type: !5, isLocal: false, isDefinition: true)
!5 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "queue", file: !3, line: 9, size: 160, elements: !6)
!6 = !{!7, !12}
!7 = !DIDerivedType(tag: DW_TAG_member, name: "items", scope: !5, file: !3, line: 10, baseType: !8, size: 128)
!8 = !DICompositeType(tag: DW_TAG_array_type, baseType: !9, size: 128, elements: !10)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!10 = !{!11}
!11 = !DISubrange(count: 4)
!12 = !DIDerivedType(tag: DW_TAG_member, name: "count", scope: !5, file: !3, line: 11, baseType: !9, size: 32, offset: 128)
!20 = !DIGlobalVariableExpression(var: !21, expr: !DIExpression())
!21 = distinct !DIGlobalVariable(name: "n", scope: !2, file: !3, line: 14, type: !9, isLocal: false, isDefinition: true)
"#;

    #[test]
    fn fields_and_elements_are_named() {
        let types = global_types(LL);
        let q = &types["q"];
        assert_eq!(q.path(16), ".count");
        assert_eq!(q.path(8), ".items[2]");
        assert_eq!(q.path(0), ".items[0]");
        // A scalar has no parts to name.
        assert!(!types.contains_key("n"));
    }

    #[test]
    fn matrices_are_arrays_of_arrays() {
        let m = DebugType::Array(Box::new(DebugType::Array(Box::new(DebugType::Leaf), 4, 3)), 12, 2);
        assert_eq!(m.path(16), "[1][1]");
    }
}
