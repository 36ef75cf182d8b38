//! Automatic epoch markers: a call of `ravel_epoch()` at the head of every loop whose
//! body (with the functions it calls) both creates and joins threads.
//!
//! Where markers go. A marker only divides an execution where no other thread runs
//! (elsewhere the vm ignores it, since the split would depend on the interleaving), so
//! the heads that matter are those of fork-join loops: an iteration creates its threads
//! and joins them before the next one starts (LU's and fft's outer loops written as
//! phases). Two cheap rules keep markers away from heads where they would never count or
//! never divide anything concurrent:
//! - a loop that only creates threads, or only joins them, gets none (at its head in
//!   later iterations the threads of earlier ones run: the creation or join is not
//!   balanced within the iteration);
//! - a loop whose synchronisation is only locks, atomics or condition variables gets none
//!   (either other threads run at its head, or nothing inside it runs concurrently).
//!
//! This is ravel's rule, not Bergan's PlaceEpochMarkers (which marks every loop with
//! synchronisation and then removes markers by its own analyses). Natively a marker is a
//! no-op, so the markers are placed in the interpreter's IR only: the native program needs
//! none. The transformation works on the textual IR (functions, block labels with their
//! `; preds` lists, calls), reassembled with llvm-as.

use crate::ir_text::{functions, Function};
use ravel_ir::{frontend, LoadError, Program};
use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::process::Command;

/// A program loaded for `ravel schedules`.
pub struct Loaded {
    pub program: Program,
    /// Epoch markers placed automatically.
    pub markers: usize,
    /// No result of `pthread_barrier_wait` is used (see `barriers.rs`).
    pub barrier_results_ignored: bool,
}

/// The program of `files`, with markers at the heads of fork-join loops when `markers`.
pub fn load(files: &[PathBuf], clang_flags: &[String], markers: bool) -> Result<Loaded, LoadError> {
    let work = frontend::Workdir::new()?;
    let compiled = frontend::compile(files, clang_flags, &work, None)?;
    let text = compiled.text;
    let barrier_results_ignored = crate::barriers::results_ignored(&text);
    let (marked, placed) = if markers { place(&text) } else { (text.clone(), 0) };
    let mut program = if placed == 0 {
        ravel_ir::load_bitcode(&compiled.bitcode)?
    } else {
        let ll = work.path().join("marked.ll");
        let bc = work.path().join("marked.bc");
        std::fs::write(&ll, &marked).map_err(|e| LoadError::Input(format!("cannot write {}: {e}", ll.display())))?;
        let out = Command::new(llvm_as())
            .arg(&ll)
            .arg("-o")
            .arg(&bc)
            .output()
            .map_err(|e| LoadError::Input(format!("cannot run llvm-as: {e}")))?;
        if !out.status.success() {
            let err = String::from_utf8_lossy(&out.stderr);
            return Err(LoadError::Input(format!("placing epoch markers broke the IR: {}", err.trim())));
        }
        ravel_ir::load_bitcode(&bc)?
    };
    program.notes = compiled.notes;
    program.global_types = ravel_ir::debug_types::global_types(&marked);
    Ok(Loaded { program, markers: placed, barrier_results_ignored })
}

/// `llvm-as-19` on the path, else Debian's location.
fn llvm_as() -> String {
    let on_path =
        std::env::var_os("PATH").is_some_and(|p| std::env::split_paths(&p).any(|d| d.join("llvm-as-19").is_file()));
    if on_path {
        "llvm-as-19".into()
    } else {
        "/usr/lib/llvm-19/bin/llvm-as".into()
    }
}

/// The callee of a call instruction line, if it calls a named function.
fn callee(line: &str) -> Option<&str> {
    let at = line.find("call ")?;
    let rest = &line[at..];
    let name = rest.split('@').nth(1)?;
    let end = name.find('(')?;
    Some(&name[..end])
}

/// Which functions create threads and which join them, through the functions they call.
fn thread_effects(lines: &[&str], funcs: &[Function]) -> (HashSet<String>, HashSet<String>) {
    let calls: HashMap<&str, Vec<&str>> = funcs
        .iter()
        .map(|f| {
            let first = f.blocks.first().map_or(0, |b| b.start);
            let last = f.blocks.last().map_or(0, |b| b.end);
            (f.name.as_str(), lines[first..last].iter().filter_map(|l| callee(l)).collect())
        })
        .collect();
    let closure = |seed: &str| {
        let mut set: HashSet<String> = HashSet::from([seed.to_string()]);
        loop {
            let more: Vec<String> = calls
                .iter()
                .filter(|(f, cs)| !set.contains(**f) && cs.iter().any(|c| set.contains(*c)))
                .map(|(f, _)| f.to_string())
                .collect();
            if more.is_empty() {
                return set;
            }
            set.extend(more);
        }
    };
    (closure("pthread_create"), closure("pthread_join"))
}

/// Places the markers in `text`; returns the new text and how many were placed.
pub fn place(text: &str) -> (String, usize) {
    let lines: Vec<&str> = text.lines().collect();
    let funcs = functions(&lines);
    let (creates, joins) = thread_effects(&lines, &funcs);
    let mut insert_after: Vec<usize> = Vec::new();
    for f in &funcs {
        let index: HashMap<&str, usize> = f.blocks.iter().enumerate().map(|(i, b)| (b.label.as_str(), i)).collect();
        for (h, header) in f.blocks.iter().enumerate() {
            // Back edges: predecessors at or after the header in the text (clang emits a
            // loop's blocks after its header), the natural loop their blocks reach
            // backwards without passing the header.
            let latches: Vec<usize> =
                header.preds.iter().filter_map(|p| index.get(p.as_str()).copied()).filter(|&p| p >= h).collect();
            if latches.is_empty() || header.label.is_empty() {
                continue;
            }
            let mut body: HashSet<usize> = HashSet::from([h]);
            let mut stack = latches;
            while let Some(b) = stack.pop() {
                if body.insert(b) {
                    stack.extend(f.blocks[b].preds.iter().filter_map(|p| index.get(p.as_str()).copied()));
                }
            }
            let called: Vec<&str> = body
                .iter()
                .flat_map(|&b| lines[f.blocks[b].start..f.blocks[b].end].iter().filter_map(|l| callee(l)))
                .collect();
            let creates_here = called.iter().any(|c| creates.contains(*c));
            let joins_here = called.iter().any(|c| joins.contains(*c));
            if creates_here && joins_here {
                // After the label and the phis (and their debug records).
                let mut at = header.start;
                while at + 1 < header.end && {
                    let next = lines[at + 1];
                    next.contains(" = phi ") || next.trim_start().starts_with("#dbg_")
                } {
                    at += 1;
                }
                insert_after.push(at);
            }
        }
    }
    let placed = insert_after.len();
    let mut out = String::with_capacity(text.len() + placed * 32);
    let marks: HashSet<usize> = insert_after.into_iter().collect();
    for (i, l) in lines.iter().enumerate() {
        out.push_str(l);
        out.push('\n');
        if marks.contains(&i) {
            out.push_str("  call void @ravel_epoch()\n");
        }
    }
    let declared =
        lines.iter().any(|l| (l.starts_with("declare ") || l.starts_with("define ")) && l.contains("@ravel_epoch("));
    if placed > 0 && !declared {
        out.push_str("declare void @ravel_epoch()\n");
    }
    (out, placed)
}

#[cfg(test)]
mod tests {
    use super::*;

    const IR: &str = "define i32 @main() {
entry:
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %i = phi i32 [ 0, %entry ], [ %n, %for.inc ]
    #dbg_value(i32 %i, !1, !DIExpression(), !2)
  %c = icmp slt i32 %i, 2
  br i1 %c, label %for.body, label %for.end

for.body:                                         ; preds = %for.cond
  call void @phase()
  br label %for.inc

for.inc:                                          ; preds = %for.body
  %n = add i32 %i, 1
  br label %for.cond, !llvm.loop !3

for.end:                                          ; preds = %for.cond
  br label %spin

spin:                                             ; preds = %spin, %for.end
  %r = call i32 @pthread_mutex_lock(ptr @m)
  br label %spin
}

define void @phase() {
entry:
  %r = call i32 @pthread_create(ptr null, ptr null, ptr @w, ptr null)
  %s = call i32 @pthread_join(i64 0, ptr null)
  ret void
}
";

    #[test]
    fn marks_fork_join_loops_only() {
        let (out, placed) = place(IR);
        assert_eq!(placed, 1, "the phase loop, not the lock loop");
        let at = out.find("  call void @ravel_epoch()").unwrap();
        assert!(out[..at].ends_with("#dbg_value(i32 %i, !1, !DIExpression(), !2)\n"), "after the phi:\n{out}");
        assert!(out.ends_with("declare void @ravel_epoch()\n"));
    }
}
