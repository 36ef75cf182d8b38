//! SARIF 2.1.0 output of `ravel check --sarif FILE`, for CI systems (GitHub code
//! scanning): one result per distinct error, a rule per error kind, the other places of
//! an error as related locations, and the interleaving as one thread flow per thread.
//! It is derived from the JSON report, so both always say the same.

use serde_json::{json, Value};
use std::path::Path;

/// The SARIF log of a `check` JSON report (see [`crate::json_report`]); `witness` is the
/// file the first error's witness was written to, if any.
pub fn from_report(report: &Value, witness: Option<&Path>) -> Value {
    let errors = report["errors"].as_array().cloned().unwrap_or_default();
    let mut kinds: Vec<String> = errors.iter().filter_map(|e| e["kind"].as_str().map(str::to_string)).collect();
    kinds.sort();
    kinds.dedup();
    let rules: Vec<Value> =
        kinds.iter().map(|k| json!({"id": k, "name": k, "shortDescription": {"text": rule_text(k)}})).collect();
    let results: Vec<Value> = errors
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let kind = e["kind"].as_str().unwrap_or("error");
            let mut result = json!({
                "ruleId": kind,
                "ruleIndex": kinds.iter().position(|k| k == kind).unwrap_or(0),
                "level": "error",
                "message": {"text": e["message"].as_str().unwrap_or("")},
                "locations": [location(&e["location"], None)],
                "relatedLocations": related(e),
            });
            let stacks = stacks(e);
            if !stacks.is_empty() {
                result["stacks"] = json!(stacks);
            }
            let flows = thread_flows(e);
            if !flows.is_empty() {
                result["codeFlows"] = json!([{"threadFlows": flows}]);
            }
            if let (0, Some(w)) = (i, witness) {
                result["attachments"] = json!([{
                    "description": {"text": "witness: `ravel replay` re-executes this interleaving exactly"},
                    "artifactLocation": {"uri": uri(&w.display().to_string())},
                }]);
            }
            result
        })
        .collect();
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "ravel",
                "version": env!("CARGO_PKG_VERSION"),
                "rules": rules,
            }},
            "invocations": [invocation(report)],
            "results": results,
        }],
    })
}

/// The run's invocation. An `unknown` verdict is not a clean run: code scanning must not
/// show it as one, so the execution did not succeed and the reason is a notification.
fn invocation(report: &Value) -> Value {
    let unknown = report["verdict"] == "unknown";
    let mut inv = json!({"executionSuccessful": !unknown, "exitCodeDescription": report["verdict"]});
    if unknown {
        let reason = report["reason"].as_str().unwrap_or("the exploration did not finish");
        inv["toolExecutionNotifications"] = json!([{
            "level": "error",
            "message": {"text": format!("verdict unknown: {reason}; no error was found, but not every execution was checked")},
        }]);
    }
    inv
}

/// What an error kind means, for the rule's description.
fn rule_text(kind: &str) -> String {
    match kind {
        "data-race" => "Two threads access the same memory without synchronisation, one of them writing".into(),
        "deadlock" => "Every live thread is blocked".into(),
        "assertion-failure" => "An assertion fails".into(),
        "reach-error" => "The error function is reachable".into(),
        other => format!("The program can reach a state with {}", other.replace('-', " ")),
    }
}

/// A file name as a URI reference (absolute paths become `file://` URIs).
fn uri(file: &str) -> String {
    if file.starts_with('/') {
        format!("file://{file}")
    } else {
        file.to_string()
    }
}

/// A SARIF location from a report location (`file`, `line`, `column`, `thread`).
fn location(at: &Value, message: Option<String>) -> Value {
    let line = at["line"].as_u64().unwrap_or(0).max(1);
    let mut region = json!({"startLine": line});
    if let Some(col) = at["column"].as_u64().filter(|&c| c > 0) {
        region["startColumn"] = json!(col);
    }
    if let Some(code) = at["code"].as_str() {
        region["snippet"] = json!({"text": code});
    }
    let mut loc = json!({"physicalLocation": {
        "artifactLocation": {"uri": uri(at["file"].as_str().unwrap_or(""))},
        "region": region,
    }});
    if let Some(m) = message {
        loc["message"] = json!({"text": m});
    }
    loc
}

/// A report's call stack (`function`, `file`, `line`, `column` frames) as a SARIF stack.
fn stack(frames: &Value, message: String) -> Option<Value> {
    let frames: Vec<Value> = frames
        .as_array()
        .filter(|f| !f.is_empty())?
        .iter()
        .map(|f| {
            let mut at = location(f, None);
            at["logicalLocations"] = json!([{"fullyQualifiedName": f["function"], "kind": "function"}]);
            json!({"location": at})
        })
        .collect();
    Some(json!({"message": {"text": message}, "frames": frames}))
}

/// The call stacks of an error's places (its own first), of the creation of its threads
/// and of the allocation of its block.
fn stacks(e: &Value) -> Vec<Value> {
    let places = std::iter::once(&e["location"]).chain(e["related"].as_array().into_iter().flatten());
    let mut out: Vec<Value> = places
        .filter_map(|at| stack(&at["stack"], format!("thread {}", at["thread"].as_str().unwrap_or("?"))))
        .collect();
    for t in e["threads"].as_array().into_iter().flatten() {
        let what = format!(
            "thread {} created by thread {}",
            t["thread"].as_str().unwrap_or("?"),
            t["created_by"].as_str().unwrap_or("?")
        );
        out.extend(stack(&t["stack"], what));
    }
    if let Some(a) = e["allocated"].as_object() {
        out.extend(stack(
            &a["stack"],
            format!("the block allocated by thread {}", a["thread"].as_str().unwrap_or("?")),
        ));
    }
    out
}

/// The other places of an error, each naming its thread.
fn related(e: &Value) -> Vec<Value> {
    let places = e["related"].as_array().cloned().unwrap_or_default();
    places
        .iter()
        .enumerate()
        .map(|(i, at)| {
            let mut l = location(at, Some(format!("thread {}", at["thread"].as_str().unwrap_or("?"))));
            l["id"] = json!(i + 1);
            l
        })
        .collect()
}

/// The interleaving as one thread flow per thread, every step with its global position
/// (`executionOrder`), so viewers can show the threads side by side in order.
fn thread_flows(e: &Value) -> Vec<Value> {
    let steps = e["interleaving"].as_array().cloned().unwrap_or_default();
    let mut threads: Vec<(String, Vec<Value>)> = Vec::new();
    for (order, step) in steps.iter().enumerate() {
        let thread = step["thread"].as_str().unwrap_or("?").to_string();
        let at = step["at"].as_str().unwrap_or("?");
        let (file, line) = at.rsplit_once(':').unwrap_or((at, "0"));
        let place = json!({"file": file, "line": line.parse::<u64>().unwrap_or(0)});
        let mut flow_location = json!({
            "location": location(&place, Some(step["op"].as_str().unwrap_or("").to_string())),
            "executionOrder": order + 1,
        });
        if let Some(stack) = stack(&step["stack"], format!("thread {thread}")) {
            flow_location["stack"] = stack;
        }
        match threads.iter_mut().find(|(t, _)| *t == thread) {
            Some((_, locations)) => locations.push(flow_location),
            None => threads.push((thread, vec![flow_location])),
        }
    }
    threads.into_iter().map(|(id, locations)| json!({"id": id, "locations": locations})).collect()
}
