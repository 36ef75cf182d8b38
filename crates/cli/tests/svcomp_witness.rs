//! SV-COMP witnesses: every program under `tests/programs/` that `check` finds to call
//! the error function or to race gets, in `--property` mode, a GraphML and a YAML
//! violation witness that are well-formed (structure per the formats' descriptions; the
//! YAML also against `schemas/svcomp-violation-witness-2.2.json` when Python's jsonschema
//! is there) and that `ravel replay` follows to the same kind of error. A safe program
//! gets a GraphML correctness witness; malformed witnesses are input errors.

mod common;

use common::{c_programs, parse_header};
use quick_xml::events::Event;
use serde_json::Value;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::Command;

const REACH: &str = "CHECK( init(main()), LTL(G ! call(reach_error())) )\n";
const RACE: &str = "CHECK( init(main()), LTL(G ! data-race) )\n";

fn ravel() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ravel"))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ravel-svcomp-witness-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The GraphML document's graph data, node flags and edges' data, checked for the
/// structure every witness needs: declared keys, one entry node, edges between nodes.
struct Graph {
    graph: HashMap<String, String>,
    entry: usize,
    violation: usize,
    edges: Vec<HashMap<String, String>>,
}

fn parse_graphml(text: &str) -> Graph {
    let mut r = quick_xml::Reader::from_str(text);
    r.config_mut().trim_text(true);
    let (mut keys, mut nodes) = (HashMap::new(), HashSet::new());
    let (mut graph, mut edges) = (HashMap::new(), Vec::new());
    let (mut entry, mut violation, mut ends) = (0, 0, Vec::new());
    let (mut in_node, mut in_edge, mut key) = (false, false, None::<String>);
    let attr = |e: &quick_xml::events::BytesStart, n: &str| {
        e.attributes()
            .flatten()
            .find(|a| a.key.local_name().as_ref() == n)
            .map(|a| a.normalized_value(quick_xml::XmlVersion::Implicit1_0).unwrap().into_owned())
    };
    loop {
        match r.read_event().expect("well-formed XML") {
            Event::Start(e) | Event::Empty(e) => match e.local_name().as_ref() {
                "key" => {
                    keys.insert(attr(&e, "id").unwrap(), attr(&e, "for").unwrap());
                }
                "node" => {
                    assert!(nodes.insert(attr(&e, "id").unwrap()), "duplicate node");
                    in_node = true;
                }
                "edge" => {
                    ends.push((attr(&e, "source").unwrap(), attr(&e, "target").unwrap()));
                    edges.push(HashMap::new());
                    in_edge = true;
                }
                "data" => key = attr(&e, "key"),
                _ => {}
            },
            Event::Text(t) => {
                // Text outside `data` is a key's default.
                let Some(k) = key.take() else { continue };
                let domain = if in_edge {
                    "edge"
                } else if in_node {
                    "node"
                } else {
                    "graph"
                };
                assert_eq!(keys.get(&k).map(String::as_str), Some(domain), "key {k} not declared for {domain}");
                let v = t.xml10_content().to_string();
                match domain {
                    "edge" => {
                        edges.last_mut().unwrap().insert(k, v);
                    }
                    "node" => {
                        entry += usize::from(k == "entry" && v == "true");
                        violation += usize::from(k == "violation" && v == "true");
                    }
                    _ => {
                        graph.insert(k, v);
                    }
                }
            }
            Event::GeneralRef(_) => key = None,
            Event::End(e) => match e.local_name().as_ref() {
                "node" => in_node = false,
                "edge" => in_edge = false,
                _ => {}
            },
            Event::Eof => break,
            _ => {}
        }
    }
    for (s, t) in &ends {
        assert!(nodes.contains(s) && nodes.contains(t), "edge {s} -> {t} between unknown nodes");
    }
    for k in [
        "witness-type",
        "sourcecodelang",
        "producer",
        "specification",
        "programfile",
        "programhash",
        "architecture",
        "creationtime",
    ] {
        assert!(graph.contains_key(k) || k == "programfile", "graph data `{k}` missing");
    }
    assert_eq!(graph["programhash"].len(), 64);
    Graph { graph, entry, violation, edges }
}

/// The YAML witness as JSON, checked for the structure of a `violation_sequence`.
fn check_yaml(text: &str) -> Value {
    let doc: Value = serde_norway::from_str(text).expect("YAML");
    let entry = &doc[0];
    assert_eq!(entry["entry_type"], "violation_sequence");
    assert_eq!(entry["metadata"]["format_version"], "2.2");
    assert!(entry["metadata"]["creation_time"].is_string());
    let content = entry["content"].as_array().expect("content");
    let last = content.last().expect("a final segment")["segment"].as_array().unwrap().clone();
    assert!(!last.is_empty() && last.iter().all(|w| w["waypoint"]["type"] == "target"), "{last:?}");
    for seg in &content[..content.len() - 1] {
        let seg = seg["segment"].as_array().unwrap();
        assert_eq!(seg.len(), 1);
        assert_eq!(seg[0]["waypoint"]["action"], "follow");
        assert_ne!(seg[0]["waypoint"]["type"], "target");
        assert!(seg[0]["waypoint"]["thread_id"].as_u64().is_some());
    }
    doc
}

/// Validates JSON files against the YAML witness schema, when Python's jsonschema is there.
fn schema_check(files: &[PathBuf]) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let has = Command::new("python3").args(["-c", "import jsonschema"]).output().is_ok_and(|o| o.status.success());
    if !has {
        eprintln!("note: no python3 jsonschema: YAML witnesses checked for their structure only");
        return;
    }
    let out = Command::new("python3")
        .arg(root.join("scripts/validate-json"))
        .arg(root.join("schemas/svcomp-violation-witness-2.2.json"))
        .args(files)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
}

#[test]
fn violation_witnesses_replay_through_the_reader() {
    let dir = scratch("violation");
    let (reach, race) = (dir.join("unreach-call.prp"), dir.join("no-data-race.prp"));
    std::fs::write(&reach, REACH).unwrap();
    std::fs::write(&race, RACE).unwrap();
    let mut jsons = Vec::new();
    let mut kinds = HashSet::new();
    for file in c_programs("") {
        let text = std::fs::read_to_string(&file).unwrap();
        let Some(e) = parse_header(&text) else { continue };
        let Some((_, want)) = e.checks.iter().find(|(_, w)| w == "unsafe reach-error" || w == "unsafe data-race")
        else {
            continue;
        };
        // SV-COMP tasks and their witnesses carry no environment (a scripted peer's
        // connections): programs that need `flags:` are not tasks.
        if !e.flags.is_empty() {
            continue;
        }
        let (kind, prp) = if want.ends_with("reach-error") { ("reach-error", &reach) } else { ("data-race", &race) };
        let stem = file.file_stem().unwrap().to_string_lossy().to_string();
        let (graphml, yaml) = (dir.join(format!("{stem}.graphml")), dir.join(format!("{stem}.yml")));
        let out = ravel()
            .arg("check")
            .arg(&file)
            .arg("--property")
            .arg(prp)
            .arg("--witness-graphml")
            .arg(&graphml)
            .arg("--witness-yaml")
            .arg(&yaml)
            .args(["--timeout", "60"])
            .arg("--")
            .args(&e.clang)
            .output()
            .unwrap();
        let answer = String::from_utf8_lossy(&out.stdout).lines().last().unwrap_or("").to_string();
        assert_eq!(answer, "FALSE", "{stem}: {}", String::from_utf8_lossy(&out.stderr));
        let g = parse_graphml(&std::fs::read_to_string(&graphml).unwrap());
        assert_eq!(g.graph["witness-type"], "violation_witness", "{stem}");
        assert_eq!((g.entry, g.violation), (1, 1), "{stem}");
        assert!(g.edges.iter().all(|e| e.contains_key("threadId")), "{stem}: an edge without threadId");
        let created: Vec<&String> = g.edges.iter().filter_map(|e| e.get("createThread")).collect();
        assert_eq!(created.len(), created.iter().collect::<HashSet<_>>().len(), "{stem}: a thread created twice");
        let doc = check_yaml(&std::fs::read_to_string(&yaml).unwrap());
        let json = dir.join(format!("{stem}.yml.json"));
        std::fs::write(&json, serde_json::to_string(&doc).unwrap()).unwrap();
        jsons.push(json);
        for w in [&graphml, &yaml] {
            let out = ravel().arg("replay").arg(w).arg(&file).arg("--json").arg("--").args(&e.clang).output().unwrap();
            assert_eq!(
                out.status.code(),
                Some(1),
                "{stem}: {} does not replay: {}",
                w.display(),
                String::from_utf8_lossy(&out.stderr)
            );
            let report: Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(report["errors"][0]["kind"], kind, "{stem}: {}", w.display());
        }
        kinds.insert(kind);
    }
    assert_eq!(kinds.len(), 2, "both properties are covered");
    assert!(jsons.len() >= 8, "only {} programs", jsons.len());
    schema_check(&jsons);
}

#[test]
fn safe_programs_get_a_correctness_witness() {
    let dir = scratch("correctness");
    let prp = dir.join("unreach-call.prp");
    std::fs::write(&prp, REACH).unwrap();
    let file = common::programs_dir().join("check_nondet_bool_safe.c");
    let (graphml, yaml) = (dir.join("w.graphml"), dir.join("w.yml"));
    let out = ravel()
        .arg("check")
        .arg(&file)
        .arg("--property")
        .arg(&prp)
        .arg("--witness-graphml")
        .arg(&graphml)
        .arg("--witness-yaml")
        .arg(&yaml)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "TRUE", "{}", String::from_utf8_lossy(&out.stderr));
    let g = parse_graphml(&std::fs::read_to_string(&graphml).unwrap());
    assert_eq!(g.graph["witness-type"], "correctness_witness");
    assert_eq!((g.entry, g.violation, g.edges.len()), (1, 0, 0));
    assert!(!yaml.exists(), "no YAML correctness witness without invariants");
    // A correctness witness describes no path to follow.
    let out = ravel().arg("replay").arg(&graphml).arg(&file).output().unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("correctness witness"));
}

#[test]
fn malformed_witnesses_are_input_errors() {
    let dir = scratch("malformed");
    let file = common::programs_dir().join("err_reach_error_thread.c");
    let cases = [
        ("a.graphml", "<graphml><graph><node id=\"a\">"),
        ("b.graphml", "<?xml version=\"1.0\"?><graphml><graph><data key=\"witness-type\">violation_witness</data></graph></graphml>"),
        ("c.yml", "- entry_type: violation_sequence\n  content: 7\n"),
        ("d.yml", "::: not yaml [\n"),
        ("e.yml", "- entry_type: violation_sequence\n  content:\n  - segment:\n    - waypoint: {type: target, action: follow, thread_id: x}\n"),
    ];
    for (name, text) in cases {
        let w = dir.join(name);
        std::fs::write(&w, text).unwrap();
        let out = ravel().arg("replay").arg(&w).arg(&file).output().unwrap();
        assert_eq!(out.status.code(), Some(3), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("ravel: error:") && !err.contains("panicked"), "{name}: {err}");
    }
    // Witness files need --property to say what they witness.
    let out = ravel().arg("check").arg(&file).arg("--witness-graphml").arg(dir.join("x.graphml")).output().unwrap();
    assert_eq!(out.status.code(), Some(3));
}
