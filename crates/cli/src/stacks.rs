//! Call stacks of the places an error names, read from the replayed execution that shows
//! it (its machine keeps them, `Config::site_stacks`): each place's stack, and for each
//! thread other than main that the error involves, where it was created, and where the
//! heap block it is about was allocated. Text for people,
//! JSON for the report (which SARIF and HTML read).

use crate::place::place_col;
use ravel_ir::{Program, SrcLoc};
use ravel_vm::{CallStack, ErrorKind, Machine, ProgramError};
use serde_json::{json, Value};

/// One place of an error with the stack of its thread there (empty when unknown).
pub struct Place {
    pub thread: usize,
    pub loc: SrcLoc,
    pub stack: CallStack,
}

/// The error's places, its own first, each with its stack.
pub fn places(m: Option<&Machine>, e: &ProgramError) -> Vec<Place> {
    let all = std::iter::once((e.thread, e.loc)).chain(e.related.iter().copied());
    all.enumerate()
        .map(|(i, (thread, loc))| {
            let stack = m.map(|m| stack_at(m, e, i == 0, thread, loc)).unwrap_or_default();
            Place { thread, loc, stack }
        })
        .collect()
}

/// The stack of `thread` at `loc`. The thread an error stopped stands at its place,
/// unless the error is a race (found after the transition that made its access).
fn stack_at(m: &Machine, e: &ProgramError, own: bool, thread: usize, loc: SrcLoc) -> CallStack {
    let live = m.threads().get(thread).is_some_and(|t| !t.finished);
    if own && live && e.kind != ErrorKind::DataRace {
        let stack = m.stack_frames(thread);
        if !stack.is_empty() {
            return stack;
        }
    }
    m.site_stack(thread, loc)
}

/// Each thread other than main among `places` (in order of appearance) with the thread
/// that created it and that thread's stack at the creation.
pub fn creations(m: &Machine, places: &[Place]) -> Vec<(usize, usize, CallStack)> {
    let mut seen = Vec::new();
    for p in places {
        if p.thread != 0 && !seen.contains(&p.thread) {
            seen.push(p.thread);
        }
    }
    seen.into_iter().filter_map(|t| m.creation_site(t).map(|(by, stack)| (t, *by, stack.clone()))).collect()
}

/// The heap block the error is about: the thread that allocated it and its stack there.
pub fn allocation(m: &Machine, e: &ProgramError) -> Option<(usize, CallStack)> {
    m.allocation_site(e.block?).cloned()
}

/// A stack as indented `#n function place` lines; nothing for a stack of one frame at
/// `place` (the place says it all) unless `always`.
pub fn text(program: &Program, stack: &CallStack, always: bool) -> String {
    if stack.len() < 2 && !always {
        return String::new();
    }
    let name = |f: &ravel_vm::StackFrame| program.functions[f.func as usize].name.as_str();
    let width = stack.iter().map(|f| name(f).len()).max().unwrap_or(0);
    let mut s = String::new();
    for (i, f) in stack.iter().enumerate() {
        s.push_str(&format!("      #{i} {:<width$}  {}\n", name(f), place_col(program, f.loc)));
    }
    s
}

/// A stack as JSON frames (function, file, line, column), innermost first.
pub fn json(program: &Program, stack: &CallStack) -> Vec<Value> {
    stack
        .iter()
        .map(|f| {
            let file = program.files.get(f.loc.file as usize).cloned().unwrap_or_default();
            let function = &program.functions[f.func as usize].name;
            json!({"function": function, "file": file, "line": f.loc.line, "column": f.loc.col})
        })
        .collect()
}
