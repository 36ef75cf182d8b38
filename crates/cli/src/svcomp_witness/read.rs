//! ravel's reader of SV-COMP violation witnesses: `ravel replay W.graphml|W.yml [prog.c]`
//! turns the witness into waypoints (thread and line per step, input values per thread)
//! and runs the program along them (`ravel_explore::follow_guide`): a waypoint's step runs
//! when its thread's next visible operation is at its line, and is skipped otherwise (it
//! then names local code, which runs inside ravel's steps anyway). ravel's own witnesses
//! have one waypoint per step, so they replay exactly; other tools' witnesses are followed
//! as far as they match, and the program then runs on (the thread of the last waypoint
//! first) for a bounded number of steps. The answer says whether the run violates the
//! witness's specification.

use crate::json_report;
use crate::property::{self, Property};
use crate::{error_text, program};
use anyhow::{bail, Context, Result};
use ravel_explore::{Guide, GuideStep, Options};
use ravel_vm::End;
use serde_json::json;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Why a witness cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("{0}")]
    Malformed(String),
    #[error("this is a correctness witness: it describes no execution to replay")]
    Correctness,
}

/// What a violation witness says, in ravel's terms.
#[derive(Debug, Default)]
pub struct Waypoints {
    pub specification: Option<String>,
    pub program_file: Option<String>,
    pub program_hash: Option<String>,
    /// The data model: `Some(true)` for ILP32 (32bit).
    pub ilp32: Option<bool>,
    pub guide: Guide,
    /// Witness thread ids (GraphML strings) to ravel's thread indices.
    pub(super) ids: HashMap<String, usize>,
}

impl Waypoints {
    /// ravel's index of a GraphML thread id: ids are numbered in the order the path
    /// names them (main first, then each thread at its `createThread`), as ravel numbers
    /// threads in the order they are created.
    pub fn thread_index(&mut self, id: &str) -> usize {
        let next = self.ids.len();
        *self.ids.entry(id.trim().to_string()).or_insert(next)
    }

    /// Notes a thread created by the path (`createThread`).
    pub fn created(&mut self, id: &str) {
        self.thread_index(id);
    }

    /// A step of `thread` at `line`.
    pub fn step(&mut self, thread: Option<usize>, line: Option<u32>) {
        self.guide.steps.push(GuideStep { thread, line });
    }

    /// An input value `thread` receives (in order).
    pub fn value(&mut self, thread: Option<usize>, v: u64) {
        self.guide.values.push((thread, v));
    }
}

/// The value `V` of a constraint `\result == V` (the only form the formats give to a
/// function's return value), among `;`- or `&&`-separated conjuncts; decimal or hex, with
/// C suffixes and parentheses allowed. Negative values are returned in two's complement.
pub fn result_value(constraint: &str) -> Option<u64> {
    constraint.split([';', '&']).find_map(|c| {
        let c = c.trim().trim_matches(|ch| ch == '(' || ch == ')').trim();
        let rest = c.strip_prefix("\\result")?.trim_start().strip_prefix("==")?;
        parse_int(rest)
    })
}

fn parse_int(text: &str) -> Option<u64> {
    let t = text.trim().trim_matches(|c| c == '(' || c == ')').trim();
    let (negative, t) = match t.strip_prefix('-') {
        Some(rest) => (true, rest.trim_start().trim_start_matches('(').trim()),
        None => (false, t),
    };
    let t = t.trim_end_matches(['u', 'U', 'l', 'L']);
    let magnitude = match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        Some(hex) => u128::from_str_radix(hex, 16).ok()?,
        None => t.parse::<u128>().ok()?,
    };
    if magnitude > u128::from(u64::MAX) {
        return None;
    }
    let m = magnitude as u64;
    Some(if negative { m.wrapping_neg() } else { m })
}

/// Reads a witness file as waypoints.
pub fn read_file(path: &Path) -> Result<Waypoints> {
    let text = crate::input_file::read_text(path)?;
    let read = match super::sniff(&text) {
        super::Format::GraphMl => super::graphml::read(&text),
        _ => super::yaml::read(&text),
    };
    read.with_context(|| format!("{} is not a usable SV-COMP violation witness", path.display()))
}

/// How far past its last waypoint a witness's run may go to reach its violation.
const FINISH_STEPS: usize = 10_000;

/// `ravel replay W.graphml|W.yml [FILES] [-- FLAGS]`: follows the witness and tells
/// whether the program violates the witness's specification on that path (exit 1), ends
/// without violating it (0: the witness is not confirmed) or neither (2).
pub fn replay(path: &Path, files: Vec<PathBuf>, clang_flags: Vec<String>, json_out: bool, force: bool) -> Result<u8> {
    let mut w = read_file(path)?;
    let files = if files.is_empty() {
        let Some(f) = w.program_file.clone().filter(|f| Path::new(f).is_file()) else {
            bail!(
                "the witness names the program `{}`, which is not here: give the program after the witness",
                w.program_file.as_deref().unwrap_or("")
            );
        };
        let ext = Path::new(&f).extension().and_then(|e| e.to_str()).unwrap_or("");
        if !["c", "i"].contains(&ext) {
            bail!("the witness names `{f}`, which is not a .c or .i file: give the program after the witness");
        }
        vec![PathBuf::from(f)]
    } else {
        files
    };
    let (files, mut clang_flags) = program::resolve_inputs(files, clang_flags)?;
    if w.ilp32 == Some(true) && !clang_flags.iter().any(|f| f == "-m32") {
        clang_flags.push("-m32".into());
    }
    if let (Some(expected), [file]) = (&w.program_hash, files.as_slice()) {
        let actual = crate::witness::source_hash(std::slice::from_ref(file))?;
        if !force && !expected.trim().eq_ignore_ascii_case(&actual) {
            bail!(
                "{} is not the program the witness was written for (its SHA-256 differs from the witness's program \
                 hash); replay anyway with --force",
                file.display()
            );
        }
    }
    let spec = w.specification.clone().unwrap_or_default();
    let property = Property::from_text(&spec);
    if property == Property::Other {
        bail!("the witness's specification `{spec}` is not one ravel checks (unreach-call, no-data-race)");
    }
    let program = program::load_program(&files, &clang_flags)?;
    let file = files.first().cloned().unwrap_or_default();
    let opts =
        property::property_options(property, Options { argv: vec![file.display().to_string()], ..Options::default() });
    w.guide.finish_steps = FINISH_STEPS;
    let guided = ravel_explore::follow_guide(program.clone(), &w.guide, &opts);
    let m = &guided.machine;
    let (code, verdict, headline) = match m.end() {
        Some(End::Error(e)) if property.violated_by(e.kind) => {
            (1, "unsafe", format!("the witness is confirmed: {}: {}", e.kind.name(), e.message))
        }
        Some(End::Error(e)) => (
            2,
            "unknown",
            format!("the run ends in another error than the witness claims: {}: {}", e.kind.name(), e.message),
        ),
        Some(End::Exit(s)) => (0, "ok", format!("the run ends without a violation (exit status {s}): not confirmed")),
        Some(other) => (0, "ok", format!("the run ends without a violation ({other:?}): not confirmed")),
        None => (2, "unknown", format!("the run did not end within {FINISH_STEPS} steps past the witness")),
    };
    let summary = format!(
        "{} of {} waypoints matched a step; {} steps ran",
        guided.matched,
        w.guide.steps.len(),
        guided.witness.steps.len()
    );
    if json_out {
        let mut sources = crate::source::Sources::default();
        let errors = match m.end() {
            Some(End::Error(e)) => vec![json_report::error(&program, e, Some(m), None, &mut sources)],
            _ => Vec::new(),
        };
        let reason = (verdict == "unknown").then(|| headline.clone());
        let header =
            json_report::Header { command: "replay", program: &file, verdict, reason, notes: &[], memory_model: "sc" };
        let extra = json!({"witness": path.display().to_string(), "waypoints": summary});
        crate::output::out!("{}", serde_json::to_string_pretty(&json_report::report(header, errors, extra))?);
    } else {
        eprintln!("ravel: replay: {headline}");
        eprintln!("  {summary}");
        if let Some(End::Error(e)) = m.end() {
            let name = |t: usize| m.threads().get(t).map_or_else(|| t.to_string(), |th| th.name());
            eprint!("{}", error_text::render_places(&program, e, Some(m), &name));
        }
        eprint!("{}", crate::error_text::render_interleaving(&program, m.trace(), |t| m.threads()[t].name()));
    }
    Ok(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_values_parse() {
        assert_eq!(result_value("\\result == 5;"), Some(5));
        assert_eq!(result_value("\\result == -1"), Some(u64::MAX));
        assert_eq!(result_value("(\\result == 0x10U)"), Some(16));
        assert_eq!(result_value("x == 3; \\result == 7;"), Some(7));
        assert_eq!(result_value("\\result == (-(2))"), Some(2u64.wrapping_neg()));
        assert_eq!(result_value("\\result >= 5"), None);
        assert_eq!(result_value("\\result == 99999999999999999999999"), None);
        assert_eq!(result_value(""), None);
    }

    #[test]
    fn graphml_thread_ids_follow_creation() {
        let mut w = Waypoints::default();
        assert_eq!(w.thread_index("main-thread"), 0);
        w.created("t7");
        w.created("t3");
        assert_eq!(w.thread_index("t3"), 2);
        assert_eq!(w.thread_index(" t7 "), 1);
    }
}
