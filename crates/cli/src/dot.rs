//! `ravel check --dot FILE`: the first error's execution as a graph in Graphviz's DOT
//! language, as GenMC's `--dump-error-graph` writes one: a column per thread with its
//! steps in program order, and the edges that order steps of different threads (which
//! write a read read from, which unlock a lock found, thread creation and ends). The
//! failing step is drawn red, a race's two accesses orange. `dot -Tsvg FILE` renders it.

use crate::place::place;
use ravel_explore::{EdgeKind, ExecutionGraph};
use ravel_ir::Program;
use ravel_vm::Machine;
use std::fmt::Write;

/// Steps drawn at most (the last ones: an error is at the end).
const MAX_STEPS: usize = 300;

/// The DOT text of the replayed execution `m` with its `graph`.
pub fn render(program: &Program, m: &Machine, graph: &ExecutionGraph) -> String {
    // The trace has one entry per step, in order (older ones may have been dropped).
    let entries: Vec<&ravel_vm::TraceEntry> = m.trace().iter().filter(|e| e.from_step).collect();
    let shift = graph.steps.len().saturating_sub(entries.len());
    let first = graph.steps.len().saturating_sub(MAX_STEPS).max(shift);
    // A race's accesses as the report shows them (inside steps, at synchronisation
    // granularity): nodes of their own, joined by a `race` edge.
    let shown: Vec<&ravel_vm::TraceEntry> = m.trace().iter().filter(|e| !e.from_step).collect();
    let racing: Vec<(usize, ravel_ir::SrcLoc)> = shown.iter().map(|e| (e.thread, e.loc)).collect();
    let mut s = String::from("digraph execution {\n  rankdir=TB;\n  newrank=true;\n");
    s.push_str("  node [shape=box, fontname=\"monospace\", fontsize=10];\n");
    let mut threads: Vec<usize> = graph.steps[first..].iter().copied().chain(shown.iter().map(|e| e.thread)).collect();
    threads.sort_unstable();
    threads.dedup();
    let last = graph.steps.len().checked_sub(1);
    for &t in &threads {
        let name = m.threads().get(t).map_or_else(|| t.to_string(), |th| th.name());
        let _ = writeln!(s, "  subgraph cluster_{t} {{\n    label=\"thread {name}\";");
        let mut previous = None;
        for (i, &thread) in graph.steps.iter().enumerate().skip(first) {
            if thread != t {
                continue;
            }
            let entry = entries[i - shift];
            let label = format!("#{i} {}\\n{}", place(program, entry.loc), escape(&entry.what));
            let colour = if Some(i) == last {
                ", color=red, penwidth=2"
            } else if racing.contains(&(entry.thread, entry.loc)) {
                ", color=orange, penwidth=2"
            } else {
                ""
            };
            let _ = writeln!(s, "    s{i} [label=\"{label}\"{colour}];");
            if let Some(p) = previous {
                let _ = writeln!(s, "    s{p} -> s{i} [color=gray];");
            }
            previous = Some(i);
        }
        for (k, e) in shown.iter().enumerate().filter(|(_, e)| e.thread == t) {
            let label = format!("{}\\n{}", place(program, e.loc), escape(&e.what));
            let _ = writeln!(s, "    r{k} [label=\"{label}\", color=orange, penwidth=2];");
        }
        s.push_str("  }\n");
    }
    for k in 1..shown.len() {
        let _ = writeln!(s, "  r{} -> r{k} [label=\"race\", color=red, dir=both, constraint=false];", k - 1);
    }
    for &(from, to, kind) in graph.edges.iter().filter(|(f, _, _)| *f >= first) {
        let style = match kind {
            EdgeKind::ReadsFrom => "label=\"rf\", color=blue",
            EdgeKind::Synchronises => "label=\"sync\", color=darkgreen",
            EdgeKind::Creates => "label=\"create\", color=purple, style=dashed",
        };
        let _ = writeln!(s, "  s{from} -> s{to} [{style}, constraint=false];");
    }
    s.push_str("}\n");
    s
}

/// The graph's edges for the JSON report: `from` and `to` index the error's
/// `interleaving` (which lists the trace's entries, those of steps and those a report
/// shows inside steps), `kind` is `rf`, `sync` or `create`.
pub fn edges_json(m: &Machine, graph: &ExecutionGraph) -> serde_json::Value {
    let at_step: Vec<usize> = m.trace().iter().enumerate().filter(|(_, e)| e.from_step).map(|(k, _)| k).collect();
    let shift = graph.steps.len().saturating_sub(at_step.len());
    let row = |step: usize| step.checked_sub(shift).and_then(|k| at_step.get(k)).copied();
    let edges: Vec<serde_json::Value> = graph
        .edges
        .iter()
        .filter_map(|&(from, to, kind)| {
            let kind = match kind {
                EdgeKind::ReadsFrom => "rf",
                EdgeKind::Synchronises => "sync",
                EdgeKind::Creates => "create",
            };
            Some(serde_json::json!({"from": row(from)?, "to": row(to)?, "kind": kind}))
        })
        .collect();
    serde_json::json!({ "edges": edges })
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}
