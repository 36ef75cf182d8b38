//! The one JSON report of `run`, `check` and `replay`: an object tagged
//! `"schema": "ravel-report/1"` (described by `schemas/ravel-report-1.json`), always on
//! stdout with `--json` while human text goes to stderr, so scripts read every command the
//! same way.

use crate::place::place;
use crate::source::Sources;
use ravel_ir::{Program, SrcLoc};
use ravel_vm::{Machine, ProgramError};
use serde_json::{json, Value};
use std::path::Path;

/// The format tag of every report.
pub const SCHEMA: &str = "ravel-report/1";

/// What every report says first.
pub struct Header<'a> {
    /// `run`, `check` or `replay`.
    pub command: &'a str,
    pub program: &'a Path,
    /// `check`: safe, unsafe or unknown; `run` and `replay`: ok, unsafe or unknown.
    pub verdict: &'a str,
    /// Why the verdict is unknown.
    pub reason: Option<String>,
    pub notes: &'a [String],
    /// The memory model the verdict holds for (`sc` or `tso`).
    pub memory_model: &'a str,
}

/// The report object: the header, the errors, and the command's own fields (`extra`, an
/// object: statistics, exit status, program output...).
pub fn report(header: Header, errors: Vec<Value>, extra: Value) -> Value {
    let mut r = json!({
        "schema": SCHEMA,
        "command": header.command,
        "program": header.program.display().to_string(),
        "verdict": header.verdict,
        "reason": header.reason,
        "memory_model": header.memory_model,
        "notes": header.notes,
        "errors": errors,
    });
    if let (Some(r), Value::Object(extra)) = (r.as_object_mut(), extra) {
        r.extend(extra);
    }
    r
}

/// A source place: file, line, column and the line's text when readable.
pub fn location(program: &Program, loc: SrcLoc, thread: String, sources: &mut Sources) -> Value {
    let file = program.files.get(loc.file as usize).cloned().unwrap_or_default();
    let code = if loc.line > 0 { sources.line(&file, loc.line) } else { None };
    json!({"file": file, "line": loc.line, "column": loc.col, "code": code, "thread": thread})
}

/// An error with the execution that shows it (`machine`: the replayed execution, for its
/// interleaving, thread names and inputs; `witness`: the schedule that replays it).
pub fn error(
    program: &Program,
    e: &ProgramError,
    machine: Option<&Machine>,
    witness: Option<Value>,
    sources: &mut Sources,
) -> Value {
    let name = |t: usize| machine.and_then(|m| m.threads().get(t)).map_or_else(|| t.to_string(), |th| th.name());
    let interleaving: Vec<Value> = machine
        .map(|m| {
            m.trace()
                .iter()
                .map(|s| {
                    let stack = crate::stacks::json(program, &s.stack);
                    json!({"thread": name(s.thread), "at": place(program, s.loc), "op": s.what, "stack": stack})
                })
                .collect()
        })
        .unwrap_or_default();
    let inputs: Vec<Value> = machine
        .map(|m| {
            m.input_values()
                .into_iter()
                .map(|(input, value)| {
                    let v = ravel_sym::expr::sext(value, input.bits);
                    json!({"at": place(program, input.loc), "bits": input.bits, "value": v.to_string()})
                })
                .collect()
        })
        .unwrap_or_default();
    let places = crate::stacks::places(machine, e);
    let mut located = places.iter().map(|p| {
        let mut at = location(program, p.loc, name(p.thread), sources);
        at["stack"] = json!(crate::stacks::json(program, &p.stack));
        at
    });
    let own = located.next().unwrap_or_default();
    let related: Vec<Value> = located.collect();
    let threads: Vec<Value> = machine
        .map(|m| crate::stacks::creations(m, &places))
        .unwrap_or_default()
        .into_iter()
        .map(|(t, by, stack)| json!({"thread": name(t), "created_by": name(by), "stack": crate::stacks::json(program, &stack)}))
        .collect();
    let allocated = machine
        .and_then(|m| crate::stacks::allocation(m, e))
        .map(|(by, stack)| json!({"thread": name(by), "stack": crate::stacks::json(program, &stack)}));
    json!({
        "stack": own["stack"].clone(),
        "allocated": allocated,
        "kind": e.kind.name(),
        "message": e.message,
        "racing_free": e.racing_free,
        "location": own,
        "related": related,
        "threads": threads,
        "interleaving": interleaving,
        "inputs": inputs,
        "witness": witness,
    })
}

/// Peak resident memory of this process in MiB, from /proc.
pub fn peak_memory_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}
