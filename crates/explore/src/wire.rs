//! Values sent between the ranks of a cluster that the exploration's own serialised
//! forms do not carry whole.

use crate::{FoundError, Witness};
use ravel_ir::SrcLoc;
use ravel_vm::{ErrorKind, ProgramError, StackFrame, TraceEntry};
use serde::{Deserialize, Serialize};

/// A source place: file index, line, column.
type Place = (u32, u32, u32);

fn place(loc: SrcLoc) -> Place {
    (loc.file, loc.line, loc.col)
}

fn src_loc((file, line, col): Place) -> SrcLoc {
    SrcLoc { file, line, col }
}

/// A trace entry: thread, place, text, call stack (function, place), whether a step's.
type WireTraceEntry = (usize, Place, String, Vec<(u32, Place)>, bool);

/// A [`FoundError`] whole (the report's JSON form of an error leaves out its places).
#[derive(Serialize, Deserialize)]
pub(crate) struct WireFound {
    kind: ErrorKind,
    message: String,
    thread: usize,
    loc: Place,
    related: Vec<(usize, Place)>,
    block: Option<u64>,
    racing_free: bool,
    witness: Witness,
    trace: Vec<WireTraceEntry>,
}

impl WireFound {
    pub fn of(found: FoundError) -> WireFound {
        let e = found.error;
        WireFound {
            kind: e.kind,
            message: e.message,
            thread: e.thread,
            loc: place(e.loc),
            related: e.related.into_iter().map(|(t, l)| (t, place(l))).collect(),
            block: e.block,
            racing_free: e.racing_free,
            witness: found.witness,
            trace: found
                .trace
                .into_iter()
                .map(|t| {
                    let stack = t.stack.iter().map(|f| (f.func, place(f.loc))).collect();
                    (t.thread, place(t.loc), t.what, stack, t.from_step)
                })
                .collect(),
        }
    }

    pub fn into_found(self) -> FoundError {
        let mut error = ProgramError::at(self.kind, self.message, self.thread, src_loc(self.loc));
        error.related = self.related.into_iter().map(|(t, l)| (t, src_loc(l))).collect();
        error.block = self.block;
        error.racing_free = self.racing_free;
        let trace = self
            .trace
            .into_iter()
            .map(|(thread, loc, what, stack, from_step)| TraceEntry {
                thread,
                loc: src_loc(loc),
                what,
                stack: stack.into_iter().map(|(func, loc)| StackFrame { func, loc: src_loc(loc) }).collect(),
                from_step,
            })
            .collect();
        FoundError { error, witness: self.witness, trace }
    }
}
