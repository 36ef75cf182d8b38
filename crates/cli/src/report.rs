//! Reports of a run: human text and JSON.

use crate::flags::Flagged;
use crate::place::place;
use crate::source::Sources;
use ravel_ir::SrcLoc;
use ravel_vm::{End, RunOutcome};
use serde_json::{json, Value};
use std::fmt::Write;

/// Everything a report says, gathered once from the outcome.
pub struct RunReport {
    verdict: &'static str,
    headline: String,
    location: Option<(String, u32, u32, Option<String>, String)>,
    /// An error's places with their call stacks, rendered as `check` renders them.
    places: Option<String>,
    interleaving: Vec<(String, String, String)>,
    inputs: Vec<(String, u64)>,
    notes: Vec<String>,
    seed: u64,
    steps: u64,
    seconds: f64,
    exit_status: Option<i32>,
    error_kind: Option<&'static str>,
}

impl RunReport {
    /// The report of run `o`; `replayed`, the same execution replayed with its call
    /// stacks, gives an error's places with them.
    pub fn new(o: &RunOutcome, seed: u64, replayed: Option<&ravel_vm::Machine>) -> RunReport {
        let m = &o.machine;
        let p = m.program();
        let mut sources = Sources::default();
        let mut r = RunReport {
            verdict: "unknown",
            headline: String::new(),
            location: None,
            places: None,
            interleaving: Vec::new(),
            inputs: o.inputs.iter().map(|n| (format!("nondet value at {}", place(p, n.loc)), n.value)).collect(),
            notes: Vec::new(),
            seed,
            steps: m.steps(),
            seconds: o.elapsed.as_secs_f64(),
            exit_status: None,
            error_kind: None,
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
                r.error_kind = Some(e.kind.name());
                r.headline = format!("{}: {}", e.kind.name(), e.message);
                let name = |t: usize| m.threads().get(t).map_or_else(|| t.to_string(), |th| th.name());
                r.places = Some(crate::error_text::render_places(p, e, Some(replayed.unwrap_or(m)), &name));
            }
            Some(End::Unsupported { what, loc, thread }) => {
                r.headline = format!("unsupported: {what} at {}", place(p, *loc));
                r.location = locate(*loc, *thread);
            }
            Some(End::Limit(why)) => r.headline = format!("limit reached: {}", Flagged(why)),
            None => r.headline = "the run stopped without an outcome".into(),
        }
        if r.verdict == "error" {
            let start = m.trace().len().saturating_sub(40);
            if start > 0 {
                r.notes.push(format!("interleaving shows the last 40 of {} visible operations", m.trace_total()));
            }
            for e in &m.trace()[start..] {
                r.interleaving.push((m.threads()[e.thread].name(), place(p, e.loc), e.what.clone()));
            }
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
        let prefix = match self.verdict {
            "error" => "error",
            "ok" => "ok",
            _ => "unknown",
        };
        let _ = writeln!(s, "ravel: {prefix}: {}", self.headline);
        s.push_str(self.places.as_deref().unwrap_or_default());
        if let Some((file, line, col, text, thread)) = &self.location {
            let _ = writeln!(s, "  --> {file}:{line}:{col} (thread {thread})");
            if let Some(t) = text {
                let _ = writeln!(s, "{line:>6} | {}", t.trim_end());
            }
        }
        if !self.interleaving.is_empty() {
            let _ = writeln!(s, "  interleaving (visible operations in order):");
            for (th, at, what) in &self.interleaving {
                let _ = writeln!(s, "    thread {th:<8} {at:<24} {what}");
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
    /// an error's places get their call stacks from `replayed` (see [`RunReport::new`]).
    pub fn to_json(
        &self,
        file: &std::path::Path,
        m: &ravel_vm::Machine,
        replayed: Option<&ravel_vm::Machine>,
    ) -> Value {
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
        let errors = match m.end() {
            Some(End::Error(e)) => {
                vec![crate::json_report::error(
                    m.program(),
                    e,
                    Some(replayed.unwrap_or(m)),
                    None,
                    &mut Sources::default(),
                )]
            }
            _ => Vec::new(),
        };
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
