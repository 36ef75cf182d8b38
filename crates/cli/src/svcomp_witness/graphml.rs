//! GraphML 1.0 witnesses (sv-witnesses, `README-GraphML.md`): a violation witness is one
//! path of edges from the entry node to the violation node, an edge per scheduling step
//! (`threadId`, `startline`/`endline`, `createThread` when the step creates a thread), an
//! edge with `enterFunction` for each created thread's start function, and an edge per
//! nondeterministic input with `assumption` `\result == V;` and
//! `assumption.resultfunction`. A correctness witness is an entry node alone: ravel's
//! proof is an exhaustive search, with no invariant to offer, and that automaton claims
//! nothing beyond the verdict.

use super::read::{ReadError, Waypoints};
use super::{Event, Task, Violation};
use quick_xml::escape::escape;
use quick_xml::events::Event as Xml;
use std::collections::HashMap;
use std::fmt::Write;

/// The keys a witness declares: (id, for, type, default).
const KEYS: &[(&str, &str, &str, Option<&str>)] = &[
    ("witness-format-version", "graph", "string", None),
    ("witness-type", "graph", "string", None),
    ("sourcecodelang", "graph", "string", None),
    ("producer", "graph", "string", None),
    ("specification", "graph", "string", None),
    ("programfile", "graph", "string", None),
    ("programhash", "graph", "string", None),
    ("architecture", "graph", "string", None),
    ("creationtime", "graph", "string", None),
    ("entry", "node", "boolean", Some("false")),
    ("sink", "node", "boolean", Some("false")),
    ("violation", "node", "boolean", Some("false")),
    ("threadId", "edge", "string", None),
    ("createThread", "edge", "string", None),
    ("enterFunction", "edge", "string", None),
    ("startline", "edge", "int", None),
    ("endline", "edge", "int", None),
    ("assumption", "edge", "string", None),
    ("assumption.resultfunction", "edge", "string", None),
];

fn header(out: &mut String, task: &Task, kind: &str, created: &str) {
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
    out.push_str("<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n");
    for (id, domain, ty, default) in KEYS {
        let _ = write!(out, " <key id=\"{id}\" for=\"{domain}\" attr.name=\"{id}\" attr.type=\"{ty}\"");
        match default {
            Some(d) => {
                let _ = writeln!(out, ">\n  <default>{d}</default>\n </key>");
            }
            None => out.push_str("/>\n"),
        }
    }
    out.push_str(" <graph edgedefault=\"directed\">\n");
    let producer = format!("ravel {}", env!("CARGO_PKG_VERSION"));
    let data = [
        ("witness-format-version", "1.0"),
        ("witness-type", kind),
        ("sourcecodelang", "C"),
        ("producer", &producer),
        ("specification", &task.specification),
        ("programfile", &task.program_file),
        ("programhash", &task.program_hash),
        ("architecture", task.architecture()),
        ("creationtime", created),
    ];
    for (key, value) in data {
        let _ = writeln!(out, "  <data key=\"{key}\">{}</data>", escape(value));
    }
}

fn edge(out: &mut String, from: usize, data: &[(&str, String)]) {
    let _ = writeln!(out, "  <edge source=\"N{from}\" target=\"N{}\">", from + 1);
    for (key, value) in data {
        let _ = writeln!(out, "   <data key=\"{key}\">{}</data>", escape(value.as_str()));
    }
    out.push_str("  </edge>\n");
}

/// The GraphML violation witness of a path, created at `created` (ISO 8601).
pub fn violation(v: &Violation, created: &str) -> String {
    let mut out = String::new();
    header(&mut out, &v.task, "violation_witness", created);
    let mut edges: Vec<Vec<(&str, String)>> =
        vec![vec![("threadId", "0".into()), ("createThread", "0".into()), ("enterFunction", "main".into())]];
    let lines = |line: u32| -> Vec<(&'static str, String)> {
        if line == 0 {
            Vec::new()
        } else {
            vec![("startline", line.to_string()), ("endline", line.to_string())]
        }
    };
    for e in &v.events {
        match e {
            Event::Step { place, creates } => {
                let mut data = vec![("threadId", place.thread.to_string())];
                data.extend(lines(place.line));
                if let Some((child, _)) = creates {
                    data.push(("createThread", child.to_string()));
                }
                edges.push(data);
                if let Some((child, start)) = creates.as_ref().filter(|(_, s)| !s.is_empty()) {
                    edges.push(vec![("threadId", child.to_string()), ("enterFunction", start.clone())]);
                }
            }
            Event::Input { place, function, value } => {
                let mut data = vec![("threadId", place.thread.to_string())];
                data.extend(lines(place.line));
                data.push(("assumption", format!("\\result == {value};")));
                data.push(("assumption.resultfunction", function.clone()));
                edges.push(data);
            }
        }
    }
    out.push_str("  <node id=\"N0\">\n   <data key=\"entry\">true</data>\n  </node>\n");
    for i in 1..edges.len() {
        let _ = writeln!(out, "  <node id=\"N{i}\"/>");
    }
    let _ = writeln!(out, "  <node id=\"N{}\">\n   <data key=\"violation\">true</data>\n  </node>", edges.len());
    for (i, data) in edges.iter().enumerate() {
        edge(&mut out, i, data);
    }
    out.push_str(" </graph>\n</graphml>\n");
    out
}

/// The GraphML correctness witness of a proof: an entry node alone (every state's
/// invariant is `true`), created at `created`.
pub fn correctness(task: &Task, created: &str) -> String {
    let mut out = String::new();
    header(&mut out, task, "correctness_witness", created);
    out.push_str("  <node id=\"N0\">\n   <data key=\"entry\">true</data>\n  </node>\n");
    out.push_str(" </graph>\n</graphml>\n");
    out
}

/// A node or edge as read: its `data` by key.
#[derive(Default, Debug)]
struct Element {
    data: HashMap<String, String>,
}

/// A parsed GraphML document: graph data, nodes by id, edges (source, target, data).
#[derive(Default, Debug)]
struct Document {
    graph: HashMap<String, String>,
    nodes: HashMap<String, Element>,
    node_order: Vec<String>,
    edges: Vec<(String, String, Element)>,
    /// Default values of keys, by key id.
    defaults: HashMap<String, String>,
}

/// Where `data` of the element being read goes.
enum Owner {
    None,
    Graph,
    Node(String),
    Edge(usize),
}

fn attr(e: &quick_xml::events::BytesStart, name: &str) -> Result<Option<String>, ReadError> {
    for a in e.attributes() {
        let a = a.map_err(|err| ReadError::Malformed(format!("bad XML attribute: {err}")))?;
        if a.key.local_name().as_ref() == name {
            let v = a
                .normalized_value(quick_xml::XmlVersion::Implicit1_0)
                .map_err(|err| ReadError::Malformed(format!("bad XML attribute: {err}")))?;
            return Ok(Some(v.into_owned()));
        }
    }
    Ok(None)
}

fn parse(text: &str) -> Result<Document, ReadError> {
    let mut reader = quick_xml::Reader::from_str(text);
    reader.config_mut().trim_text(true);
    let mut doc = Document::default();
    let mut owner = Owner::None;
    let mut data_key: Option<String> = None;
    let mut default_of: Option<String> = None;
    let mut text_buf = String::new();
    let mut saw_graphml = false;
    loop {
        let event = reader.read_event().map_err(|e| {
            ReadError::Malformed(format!("not well-formed XML at byte {}: {e}", reader.buffer_position()))
        })?;
        let empty = matches!(event, Xml::Empty(_));
        match event {
            Xml::Start(e) | Xml::Empty(e) => match e.local_name().as_ref() {
                "graphml" => saw_graphml = true,
                "graph" => owner = Owner::Graph,
                "key" => {
                    default_of = if empty { None } else { attr(&e, "id")? };
                }
                "default" => text_buf.clear(),
                "node" => {
                    let id = attr(&e, "id")?.ok_or_else(|| ReadError::Malformed("a node without id".into()))?;
                    if doc.nodes.insert(id.clone(), Element::default()).is_some() {
                        return Err(ReadError::Malformed(format!("two nodes with id `{id}`")));
                    }
                    doc.node_order.push(id.clone());
                    owner = if empty { Owner::Graph } else { Owner::Node(id) };
                }
                "edge" => {
                    let source = attr(&e, "source")?;
                    let target = attr(&e, "target")?;
                    let (Some(s), Some(t)) = (source, target) else {
                        return Err(ReadError::Malformed("an edge without source or target".into()));
                    };
                    doc.edges.push((s, t, Element::default()));
                    owner = if empty { Owner::Graph } else { Owner::Edge(doc.edges.len() - 1) };
                }
                "data" => {
                    let key = attr(&e, "key")?.ok_or_else(|| ReadError::Malformed("data without key".into()))?;
                    text_buf.clear();
                    if empty {
                        store(&mut doc, &owner, key, String::new());
                    } else {
                        data_key = Some(key);
                    }
                }
                _ => {}
            },
            Xml::Text(t) => text_buf.push_str(&t.xml10_content()),
            Xml::CData(t) => text_buf.push_str(&t.into_inner()),
            Xml::GeneralRef(r) => {
                // `&lt;` and friends arrive on their own.
                let bad = || ReadError::Malformed(format!("unknown XML reference `&{};`", r.as_ref()));
                match r.resolve_char_ref().map_err(|_| bad())? {
                    Some(c) => text_buf.push(c),
                    None => {
                        text_buf.push_str(quick_xml::escape::resolve_predefined_entity(r.as_ref()).ok_or_else(bad)?)
                    }
                }
            }
            Xml::End(e) => match e.local_name().as_ref() {
                "data" => {
                    if let Some(key) = data_key.take() {
                        store(&mut doc, &owner, key, std::mem::take(&mut text_buf));
                    }
                }
                "default" => {
                    if let Some(id) = &default_of {
                        doc.defaults.insert(id.clone(), std::mem::take(&mut text_buf));
                    }
                }
                "key" => default_of = None,
                "node" | "edge" => owner = Owner::Graph,
                "graph" => owner = Owner::None,
                _ => {}
            },
            Xml::Eof => break,
            _ => {}
        }
    }
    if !saw_graphml {
        return Err(ReadError::Malformed("no <graphml> element".into()));
    }
    Ok(doc)
}

fn store(doc: &mut Document, owner: &Owner, key: String, value: String) {
    let value = value.trim().to_string();
    match owner {
        Owner::Graph => {
            doc.graph.insert(key, value);
        }
        Owner::Node(id) => {
            if let Some(n) = doc.nodes.get_mut(id) {
                n.data.insert(key, value);
            }
        }
        Owner::Edge(i) => {
            if let Some((_, _, e)) = doc.edges.get_mut(*i) {
                e.data.insert(key, value);
            }
        }
        Owner::None => {}
    }
}

impl Document {
    fn flag(&self, node: &str, key: &str) -> bool {
        let value = self.nodes.get(node).and_then(|n| n.data.get(key)).or_else(|| self.defaults.get(key));
        value.is_some_and(|v| v == "true")
    }
}

/// Reads a GraphML violation witness: the path from the entry node to a violation node
/// (the shortest, avoiding sink nodes), as waypoints.
pub fn read(text: &str) -> Result<Waypoints, ReadError> {
    let doc = parse(text)?;
    let kind = doc.graph.get("witness-type").map(String::as_str);
    if kind == Some("correctness_witness") {
        return Err(ReadError::Correctness);
    }
    if kind != Some("violation_witness") {
        return Err(ReadError::Malformed("the graph's witness-type is not violation_witness".into()));
    }
    let entries: Vec<&String> = doc.node_order.iter().filter(|n| doc.flag(n, "entry")).collect();
    let [entry] = entries.as_slice() else {
        return Err(ReadError::Malformed(format!("{} entry nodes (a witness has exactly one)", entries.len())));
    };
    for (s, t, _) in &doc.edges {
        if !doc.nodes.contains_key(s) || !doc.nodes.contains_key(t) {
            return Err(ReadError::Malformed(format!("the edge {s} -> {t} names a node that does not exist")));
        }
    }
    // Breadth-first search from the entry to the nearest violation node.
    let mut out: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, (s, ..)) in doc.edges.iter().enumerate() {
        out.entry(s.as_str()).or_default().push(i);
    }
    let mut came: HashMap<&str, Option<usize>> = HashMap::from([(entry.as_str(), None)]);
    let mut queue = std::collections::VecDeque::from([entry.as_str()]);
    let mut goal = None;
    while let Some(n) = queue.pop_front() {
        if doc.flag(n, "violation") {
            goal = Some(n);
            break;
        }
        if doc.flag(n, "sink") {
            continue;
        }
        for &i in out.get(n).map_or(&[][..], Vec::as_slice) {
            let t = doc.edges[i].1.as_str();
            if !came.contains_key(t) {
                came.insert(t, Some(i));
                queue.push_back(t);
            }
        }
    }
    let Some(mut n) = goal else {
        return Err(ReadError::Malformed("no path from the entry node to a violation node".into()));
    };
    let mut path = Vec::new();
    while let Some(Some(i)) = came.get(n) {
        path.push(*i);
        n = doc.edges[*i].0.as_str();
    }
    path.reverse();
    let mut w = Waypoints {
        specification: doc.graph.get("specification").cloned(),
        program_file: doc.graph.get("programfile").cloned(),
        program_hash: doc.graph.get("programhash").cloned(),
        ilp32: doc.graph.get("architecture").map(|a| a.trim() == "32bit"),
        ..Waypoints::default()
    };
    for i in path {
        let data = &doc.edges[i].2.data;
        let thread = data.get("threadId").map(|t| w.thread_index(t));
        if let Some(child) = data.get("createThread") {
            w.created(child);
        }
        let line = data.get("startline").map(|l| l.parse::<u32>()).transpose();
        let line =
            line.map_err(|_| ReadError::Malformed(format!("startline `{}` is not a line", data["startline"])))?;
        if let (Some(a), Some(_)) = (data.get("assumption"), data.get("assumption.resultfunction")) {
            if let Some(v) = super::read::result_value(a) {
                w.value(thread, v);
                continue;
            }
        }
        let aux = data.contains_key("enterFunction") && line.is_none()
            || data.contains_key("returnFromFunction") && line.is_none();
        if !aux && (thread.is_some() || line.is_some()) {
            w.step(thread, line);
        }
    }
    Ok(w)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::svcomp_witness::Place;

    fn sample() -> Violation {
        let p = |thread, line| Place { thread, line, column: 3 };
        Violation {
            task: Task {
                program_file: "a&b.c".into(),
                program_hash: "00".into(),
                specification: "CHECK( init(main()), LTL(G ! call(reach_error())) )".into(),
                ilp32: true,
            },
            events: vec![
                Event::Input { place: p(0, 4), function: "__VERIFIER_nondet_int".into(), value: "-7".into() },
                Event::Step { place: p(0, 5), creates: Some((1, "worker".into())) },
                Event::Step { place: p(1, 9), creates: None },
                Event::Input { place: p(1, 10), function: "__VERIFIER_nondet_uint".into(), value: "3".into() },
                Event::Step { place: p(0, 6), creates: None },
            ],
            targets: vec![p(0, 7)],
        }
    }

    #[test]
    fn violation_witnesses_read_back() {
        let text = violation(&sample(), "2025-01-01T00:00:00Z");
        assert!(text.contains("<data key=\"programfile\">a&amp;b.c</data>"), "{text}");
        assert!(text.contains("<data key=\"architecture\">32bit</data>"));
        let w = read(&text).unwrap();
        assert_eq!(w.program_file.as_deref(), Some("a&b.c"));
        assert_eq!(w.ilp32, Some(true));
        let lines: Vec<_> = w.guide.steps.iter().map(|s| (s.thread, s.line)).collect();
        assert_eq!(lines, vec![(Some(0), Some(5)), (Some(1), Some(9)), (Some(0), Some(6))]);
        assert_eq!(w.guide.values, vec![(Some(0), (-7i64) as u64), (Some(1), 3)]);
    }

    #[test]
    fn correctness_witnesses_are_refused_for_replay() {
        let text = correctness(&sample().task, "2025-01-01T00:00:00Z");
        assert!(matches!(read(&text), Err(ReadError::Correctness)));
    }

    #[test]
    fn bad_documents_are_errors() {
        for bad in [
            "",
            "<graphml",
            "<graphml><graph><node id=\"a\"/><node id=\"a\"/></graph></graphml>",
            "<graphml><graph><data key=\"witness-type\">violation_witness</data></graph></graphml>",
            "<graphml><graph><data key=\"witness-type\">violation_witness</data><node id=\"a\"><data key=\"entry\">true</data></node><edge source=\"a\" target=\"zz\"/></graph></graphml>",
            "<graphml><graph><data key=\"witness-type\">violation_witness</data><node id=\"a\"><data key=\"entry\">true</data></node></graph></graphml>",
            "<x/>",
        ] {
            assert!(read(bad).is_err(), "{bad}");
        }
    }
}
