//! The outcome of `ravel check` for people.

use crate::error_text::{render_interleaving, render_places};
use crate::flags::Flagged;
use crate::json_report::peak_memory_mib;
use crate::place::place;
use ravel_explore::{Options, Outcome, Verdict};
use ravel_ir::Program;
use ravel_vm::{Machine, MemoryModel};
use std::sync::Arc;

/// Renders the outcome of `check` for people (the interleaving comes from a replay of
/// each error's witness, which also proves it reproduces).
pub fn render(program: &Arc<Program>, outcome: &Outcome, opts: &Options, seconds: f64) -> String {
    let mut s = String::new();
    s.push_str(&format!("ravel: verdict: {}\n", verdict_text(&outcome.verdict, opts.memory_model)));
    for note in notes(outcome) {
        s.push_str(&format!("ravel: note: {note}\n"));
    }
    for found in &outcome.errors {
        let e = &found.error;
        s.push_str(&format!("error: {}: {}\n", e.kind.name(), e.message));
        let m = replayed(program, found, opts, outcome);
        let name = |t: usize| m.as_ref().and_then(|m| m.threads().get(t)).map_or_else(|| t.to_string(), |th| th.name());
        s.push_str(&render_places(program, e, m.as_ref(), &name));
        if let Some(m) = &m {
            s.push_str(&render_interleaving(program, m.trace(), |t| m.threads()[t].name()));
            let inputs = m.input_values();
            if !inputs.is_empty() {
                s.push_str("  inputs (symbolic, solved):\n");
                for (input, value) in inputs {
                    let v = ravel_sym::expr::sext(value, input.bits);
                    s.push_str(&format!("    {:<24} = {v}\n", place(program, input.loc)));
                }
            }
        }
    }
    let st = &outcome.stats;
    s.push_str(&format!(
        "  {} executions, {} blocked, {} sleep-set blocked, {} transitions, {seconds:.2}s",
        st.executions, st.blocked, st.sleep_blocked, st.transitions
    ));
    if st.events > 0 {
        s.push_str(&format!(", {} events ({} cutoffs, {} configurations cut)", st.events, st.cutoffs, st.cut));
    }
    if st.states > 0 {
        s.push_str(&format!(", {} distinct states", st.states));
    }
    if st.solver_queries > 0 {
        s.push_str(&format!(", {} solver queries ({} reached Z3)", st.solver_queries, st.solver_calls));
    }
    if let Some(mib) = peak_memory_mib() {
        s.push_str(&format!(", peak memory {mib:.0} MiB"));
    }
    s.push('\n');
    s
}

/// The outcome's notes as users read them, and, when an error was found but not every
/// execution explored, that more errors may exist.
pub fn notes(outcome: &Outcome) -> Vec<String> {
    let mut notes: Vec<String> = outcome.notes.iter().map(|note| Flagged(note).to_string()).collect();
    if let (Verdict::Unsafe, Some(why)) = (&outcome.verdict, &outcome.incomplete) {
        notes.push(format!("not every execution was explored, so more errors may exist: {}", Flagged(why)));
    }
    notes
}

fn verdict_text(v: &Verdict, model: MemoryModel) -> String {
    match v {
        Verdict::Safe => format!("safe under {}", model.rules().noun()),
        Verdict::Unsafe => "unsafe".into(),
        Verdict::Unknown(why) => format!("unknown ({})", Flagged(why)),
    }
}

/// The execution of an error, replayed with its trace (which also proves the witness
/// reproduces it).
fn replayed(
    program: &Arc<Program>,
    found: &ravel_explore::FoundError,
    opts: &Options,
    outcome: &Outcome,
) -> Option<Machine> {
    ravel_explore::replay_with(program.clone(), &found.witness, opts, false, outcome.sym.clone()).ok()
}
