//! An error for people: the places it involves with their call stacks, and the
//! interleaving that led there (for `check`, `run`, `replay` and SV-COMP witnesses).

use crate::place::{place, place_col};
use crate::stacks;
use ravel_ir::Program;
use ravel_vm::{Machine, ProgramError};
use std::fmt::Write;

/// Where an error happened, with the other places it involves, for people: `-->` lines
/// with file, line, column and thread, each followed by its source line and its call
/// stack, then where each thread involved other than main was created (the stacks come
/// from `m`, the replayed execution).
pub fn render_places(
    program: &Program,
    e: &ProgramError,
    m: Option<&Machine>,
    name: &dyn Fn(usize) -> String,
) -> String {
    let mut s = String::new();
    let mut sources = crate::source::Sources::default();
    let places = stacks::places(m, e);
    for (i, p) in places.iter().enumerate() {
        let arrow = if i == 0 { "-->" } else { "and" };
        s.push_str(&format!("  {arrow:>3} {} (thread {})\n", place_col(program, p.loc), name(p.thread)));
        let file = program.files.get(p.loc.file as usize).cloned().unwrap_or_default();
        if let Some(code) = sources.line(&file, p.loc.line) {
            s.push_str(&format!("{:>6} | {}\n", p.loc.line, code.trim_end()));
        }
        s.push_str(&stacks::text(program, &p.stack, false));
    }
    for (t, by, stack) in m.map(|m| stacks::creations(m, &places)).unwrap_or_default() {
        s.push_str(&format!("  thread {} was created by thread {} at:\n", name(t), name(by)));
        s.push_str(&stacks::text(program, &stack, true));
    }
    if let Some((by, stack)) = m.and_then(|m| stacks::allocation(m, e)) {
        s.push_str(&format!("  the block was allocated by thread {} at:\n", name(by)));
        s.push_str(&stacks::text(program, &stack, true));
    }
    s
}

/// The interleaving of visible operations, thread by thread, in source terms.
pub fn render_interleaving(
    program: &Program,
    trace: &[ravel_vm::TraceEntry],
    name: impl Fn(usize) -> String,
) -> String {
    let mut s = String::new();
    if trace.is_empty() {
        return s;
    }
    let start = trace.len().saturating_sub(60);
    let _ = writeln!(s, "  interleaving (visible operations in order{}):", if start > 0 { ", last 60" } else { "" });
    for e in &trace[start..] {
        let _ = writeln!(s, "    thread {:<8} {:<24} {}", name(e.thread), place(program, e.loc), e.what);
    }
    s
}
