//! Reports of a run: human text and JSON.

use crate::flags::Flagged;
use crate::place::place;
use crate::source::Sources;
use ravel_ir::SrcLoc;
use ravel_vm::{End, Machine, ProgramError, RunOutcome};
use serde_json::{json, Value};
use std::fmt::Write;

/// An error a run met, and the execution that shows it: a replay of the run up to it,
/// which keeps call stacks (`None`: the run itself, without them).
pub struct RunError<'m> {
    pub error: &'m ProgramError,
    pub shown_by: Option<&'m Machine>,
}

/// One error of the report, rendered as `check` renders it.
struct ErrorSection {
    headline: String,
    /// Its places with their call stacks.
    places: String,
    interleaving: Vec<(String, String, String)>,
    /// The interleaving shows only its last operations.
    cut: Option<String>,
}

/// Everything a report says, gathered once from the outcome.
pub struct RunReport {
    verdict: &'static str,
    /// How the run ended.
    headline: String,
    location: Option<(String, u32, u32, Option<String>, String)>,
    /// The errors the run met in order: the races it went on after, then the error it
    /// ended in.
    errors: Vec<ErrorSection>,
    /// The last of `errors` is the one the run ended in.
    ended_in_error: bool,
    inputs: Vec<(String, u64)>,
    notes: Vec<String>,
    seed: u64,
    steps: u64,
    seconds: f64,
    exit_status: Option<i32>,
}

/// How many operations of an error's interleaving a run report shows.
const INTERLEAVING_SHOWN: usize = 40;

impl ErrorSection {
    fn new(e: &ProgramError, m: &Machine) -> ErrorSection {
        let p = m.program();
        let name = |t: usize| m.threads().get(t).map_or_else(|| t.to_string(), |th| th.name());
        let start = m.trace().len().saturating_sub(INTERLEAVING_SHOWN);
        ErrorSection {
            headline: format!("{}: {}", e.kind.name(), e.message),
            places: crate::error_text::render_places(p, e, Some(m), &name),
            interleaving: m.trace()[start..]
                .iter()
                .map(|t| (m.threads()[t.thread].name(), place(p, t.loc), t.what.clone()))
                .collect(),
            cut: (start > 0).then(|| {
                format!("interleaving shows the last {INTERLEAVING_SHOWN} of {} visible operations", m.trace_total())
            }),
        }
    }
}

impl RunReport {
    /// The report of run `o`, whose `errors` (the races it went on after, then the error
    /// it ended in) are each shown by their own execution.
    pub fn new(o: &RunOutcome, seed: u64, errors: &[RunError]) -> RunReport {
        let m = &o.machine;
        let p = m.program();
        let mut sources = Sources::default();
        let mut r = RunReport {
            verdict: "unknown",
            headline: String::new(),
            location: None,
            errors: errors.iter().map(|e| ErrorSection::new(e.error, e.shown_by.unwrap_or(m))).collect(),
            ended_in_error: false,
            inputs: o.inputs.iter().map(|n| (format!("nondet value at {}", place(p, n.loc)), n.value)).collect(),
            notes: Vec::new(),
            seed,
            steps: m.steps(),
            seconds: o.elapsed.as_secs_f64(),
            exit_status: None,
        };
        let mut locate = |loc: SrcLoc, thread: usize| {
            let file = p.files.get(loc.file as usize).cloned().unwrap_or_default();
            let text = if loc.line > 0 { sources.line(&file, loc.line) } else { None };
            Some((file, loc.line, loc.col, text, m.threads()[thread].name()))
        };
        match m.end() {
            Some(End::Exit(status)) => {
                r.verdict = "ok";
                r.exit_status = Some(*status);
                r.headline = format!("the program exited with status {status}");
                if m.exited_with_running_threads() > 0 {
                    r.notes.push(format!(
                        "{} thread(s) were still running when the program exited",
                        m.exited_with_running_threads()
                    ));
                }
            }
            Some(End::Abort(loc)) => {
                r.verdict = "ok";
                r.exit_status = Some(134);
                r.headline = format!("the program called abort() at {}", place(p, *loc));
            }
            Some(End::AssumeFailed(loc)) => {
                r.verdict = "ok";
                r.headline =
                    format!("the execution was cut off by an assumption at {} (no error on this path)", place(p, *loc));
            }
            Some(End::Error(e)) => {
                r.verdict = "error";
                r.ended_in_error = true;
                r.headline = format!("{}: {}", e.kind.name(), e.message);
            }
            Some(End::Unsupported { what, loc, thread }) => {
                r.headline = format!("unsupported: {what} at {}", place(p, *loc));
                r.location = locate(*loc, *thread);
            }
            Some(End::Limit(why)) => r.headline = format!("limit reached: {}", Flagged(why)),
            None => r.headline = "the run stopped without an outcome".into(),
        }
        if !r.errors.is_empty() {
            r.verdict = "error";
        }
        r
    }

    pub fn exit_code(&self) -> u8 {
        match self.verdict {
            "ok" => 0,
            "error" => 1,
            _ => 2,
        }
    }

    pub fn render(&self, verbose: bool) -> String {
        let mut s = String::new();
        for e in &self.errors {
            let _ = writeln!(s, "ravel: error: {}", e.headline);
            s.push_str(&e.places);
            if !e.interleaving.is_empty() {
                let _ = writeln!(s, "  interleaving (visible operations in order):");
                for (th, at, what) in &e.interleaving {
                    let _ = writeln!(s, "    thread {th:<8} {at:<24} {what}");
                }
            }
            if let Some(cut) = &e.cut {
                let _ = writeln!(s, "  note: {cut}");
            }
        }
        // The run went on after its races (as ThreadSanitizer does): how it ended, unless
        // in the error last shown.
        if self.errors.is_empty() {
            let prefix = if self.verdict == "ok" { "ok" } else { "unknown" };
            let _ = writeln!(s, "ravel: {prefix}: {}", self.headline);
        } else if !self.ended_in_error {
            let _ =
                writeln!(s, "ravel: the run went on after {} and ended: {}", races(self.errors.len()), self.headline);
        }
        if let Some((file, line, col, text, thread)) = &self.location {
            let _ = writeln!(s, "  --> {file}:{line}:{col} (thread {thread})");
            if let Some(t) = text {
                let _ = writeln!(s, "{line:>6} | {}", t.trim_end());
            }
        }
        if !self.inputs.is_empty() && (verbose || self.verdict == "error") {
            let _ = writeln!(s, "  inputs:");
            for (what, v) in &self.inputs {
                let _ = writeln!(s, "    {what} = {v} ({v:#x})");
            }
        }
        if verbose || self.verdict != "ok" {
            for n in &self.notes {
                let _ = writeln!(s, "  note: {n}");
            }
        }
        if verbose {
            let _ = writeln!(s, "  seed {}, {} instructions, {:.3}s", self.seed, self.steps, self.seconds);
        }
        s
    }

    /// The JSON report of `run` (see [`crate::json_report`]), with the program's stdout;
    /// each error's places get their call stacks from the execution that shows it.
    pub fn to_json(&self, file: &std::path::Path, m: &Machine, errors: &[RunError]) -> Value {
        let verdict = match self.verdict {
            "error" => "unsafe",
            other => other,
        };
        let reason = (verdict == "unknown").then(|| self.headline.clone());
        let header = crate::json_report::Header {
            command: "run",
            program: file,
            verdict,
            reason,
            notes: &self.notes,
            memory_model: "sc",
        };
        let mut sources = Sources::default();
        let errors = errors
            .iter()
            .map(|e| crate::json_report::error(m.program(), e.error, Some(e.shown_by.unwrap_or(m)), None, &mut sources))
            .collect();
        let extra = json!({
            "message": self.headline,
            "exit_status": self.exit_status,
            "stdout": String::from_utf8_lossy(m.captured().0),
            "stdout_truncated": m.captured().1,
            "inputs_given": self.inputs.iter().map(|(w, v)| json!({"what": w, "value": v})).collect::<Vec<_>>(),
            "seed": self.seed,
            "instructions": self.steps,
            "seconds": self.seconds,
        });
        crate::json_report::report(header, errors, extra)
    }
}

/// "a data race" or "N data races".
fn races(n: usize) -> String {
    if n == 1 {
        "a data race".into()
    } else {
        format!("{n} data races")
    }
}
