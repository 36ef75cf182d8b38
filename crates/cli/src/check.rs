//! `ravel check` and `ravel replay`: exploration, SV-COMP property mode, witnesses.

use crate::json_report::{self, peak_memory_mib};
use crate::report::{place, place_col, render_interleaving};
use anyhow::{Context, Result};
use ravel_explore::{Options, Outcome, Verdict, Witness};
use ravel_ir::Program;
use ravel_vm::{End, ErrorKind, Granularity, Machine, MemoryModel, ProgramError};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The SV-COMP properties ravel can decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Property {
    UnreachCall,
    NoDataRace,
    Other,
}

impl Property {
    /// Reads a `.prp` file.
    pub fn from_file(path: &Path) -> Result<Property> {
        let text = crate::input_file::read_text(path)?;
        Ok(Property::from_text(&text))
    }

    /// The property a `.prp` text (or a witness's `specification`) states.
    pub fn from_text(text: &str) -> Property {
        if text.contains("call(reach_error())") || text.contains("call(__VERIFIER_error())") {
            Property::UnreachCall
        } else if text.contains("data-race") {
            Property::NoDataRace
        } else {
            Property::Other
        }
    }

    /// Errors that only end their execution under this property: with races only, a
    /// call of the error function or a failed assert aborts the program.
    fn ends_only(self) -> Vec<ErrorKind> {
        match self {
            Property::NoDataRace => vec![ErrorKind::ReachError, ErrorKind::AssertionFailure],
            Property::UnreachCall | Property::Other => Vec::new(),
        }
    }

    /// Whether an error of this kind violates the property.
    pub fn violated_by(self, kind: ErrorKind) -> bool {
        match self {
            Property::UnreachCall => kind == ErrorKind::ReachError,
            Property::NoDataRace => kind == ErrorKind::DataRace,
            Property::Other => false,
        }
    }
}

/// The SV-COMP answer for an outcome.
pub fn svcomp_answer(property: Property, outcome: &Outcome) -> &'static str {
    if property == Property::Other {
        return "UNKNOWN";
    }
    if outcome.errors.iter().any(|e| property.violated_by(e.error.kind)) {
        return "FALSE";
    }
    // A deadlock ends its execution without violating either property, and so does a call
    // of the error function or a failed assert when only races matter (both abort the
    // program); any other error is undefined behaviour after which the property cannot be
    // judged.
    let ends_cleanly = |kind: ErrorKind| kind == ErrorKind::Deadlock || property.ends_only().contains(&kind);
    let benign = outcome.errors.iter().all(|e| ends_cleanly(e.error.kind));
    let complete =
        outcome.verdict == Verdict::Safe || (outcome.verdict == Verdict::Unsafe && outcome.incomplete.is_none());
    if benign && complete {
        "TRUE"
    } else {
        "UNKNOWN"
    }
}

/// Options for a property: SV-COMP tasks assume every shared access is a scheduling point.
pub fn property_options(property: Property, mut opts: Options) -> Options {
    opts.granularity = Granularity::All;
    opts.detect_races = property == Property::NoDataRace;
    opts.strict_pthread = false;
    opts.abort_ends_path = true;
    opts.deadlocks_are_errors = false;
    // POSIX lets a condition-variable wait return without a signal, and SV-COMP tasks
    // (`pthread-divine`) count on it.
    opts.spurious_wakeups = true;
    // Other errors end their execution; keep going until the property's own violation.
    opts.all_errors = true;
    opts.stop_at = match property {
        Property::UnreachCall => vec![ErrorKind::ReachError],
        Property::NoDataRace => vec![ErrorKind::DataRace],
        Property::Other => Vec::new(),
    };
    opts.ends_only = property.ends_only();
    opts
}

/// Loads a program and tells the user on standard error about any change made to it.
pub fn load_program(files: &[PathBuf], clang_flags: &[String]) -> Result<Arc<Program>> {
    load_program_within(files, clang_flags, None, None)
}

/// The program a witness names, starting where it started.
pub fn load_witness_program(w: &Witness) -> Result<Arc<Program>> {
    load_program_within(&w.files(), &w.clang_flags, None, w.entry.as_deref())
}

/// [`load_program`], with the compilers stopped at `deadline`, starting in function
/// `entry` instead of `main` when given (`--entry`).
pub fn load_program_within(
    files: &[PathBuf],
    clang_flags: &[String],
    deadline: Option<std::time::Instant>,
    entry: Option<&str>,
) -> Result<Arc<Program>> {
    let program = ravel_ir::load_starting_in(files, clang_flags, deadline, entry)?;
    for note in &program.notes {
        eprintln!("ravel: note: {note}");
    }
    Ok(Arc::new(program))
}

/// Exit code of a verdict: 0 safe, 1 unsafe, 2 unknown.
pub fn exit_code(v: &Verdict) -> u8 {
    match v {
        Verdict::Safe => 0,
        Verdict::Unsafe => 1,
        Verdict::Unknown(_) => 2,
    }
}

fn verdict_text(v: &Verdict, model: MemoryModel) -> String {
    match v {
        Verdict::Safe => format!("safe under {}", model.rules().noun()),
        Verdict::Unsafe => "unsafe".into(),
        Verdict::Unknown(why) => format!("unknown ({why})"),
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
    let places = crate::stacks::places(m, e);
    for (i, p) in places.iter().enumerate() {
        let arrow = if i == 0 { "-->" } else { "and" };
        s.push_str(&format!("  {arrow:>3} {} (thread {})\n", place_col(program, p.loc), name(p.thread)));
        let file = program.files.get(p.loc.file as usize).cloned().unwrap_or_default();
        if let Some(code) = sources.line(&file, p.loc.line) {
            s.push_str(&format!("{:>6} | {}\n", p.loc.line, code.trim_end()));
        }
        s.push_str(&crate::stacks::text(program, &p.stack, false));
    }
    for (t, by, stack) in m.map(|m| crate::stacks::creations(m, &places)).unwrap_or_default() {
        s.push_str(&format!("  thread {} was created by thread {} at:\n", name(t), name(by)));
        s.push_str(&crate::stacks::text(program, &stack, true));
    }
    if let Some((by, stack)) = m.and_then(|m| crate::stacks::allocation(m, e)) {
        s.push_str(&format!("  the block was allocated by thread {} at:\n", name(by)));
        s.push_str(&crate::stacks::text(program, &stack, true));
    }
    s
}

/// Renders the outcome of `check` for people (the interleaving comes from a replay of
/// each error's witness, which also proves it reproduces).
pub fn render(program: &Arc<Program>, outcome: &Outcome, opts: &Options, seconds: f64) -> String {
    let mut s = String::new();
    s.push_str(&format!("ravel: verdict: {}\n", verdict_text(&outcome.verdict, opts.memory_model)));
    for note in &outcome.notes {
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

/// The JSON report of `check` (see [`crate::json_report`]); witnesses are complete, so
/// each replays with `ravel replay`.
pub fn to_json(
    program: &Arc<Program>,
    outcome: &Outcome,
    opts: &Options,
    files: &[PathBuf],
    clang_flags: &[String],
    seconds: f64,
) -> serde_json::Value {
    let (verdict, reason) = match &outcome.verdict {
        Verdict::Safe => ("safe", None),
        Verdict::Unsafe => ("unsafe", None),
        Verdict::Unknown(why) => ("unknown", Some(why.to_string())),
    };
    let mut sources = crate::source::Sources::default();
    let errors = outcome
        .errors
        .iter()
        .map(|found| {
            let replay = ravel_explore::replay_graph(program.clone(), &found.witness, opts, outcome.sym.clone()).ok();
            let m = replay.as_ref().map(|(m, _)| m);
            let sealed = crate::witness::sealed(complete_witness(&found.witness, program, files, clang_flags));
            let witness = sealed.ok().and_then(|w| serde_json::to_value(w).ok());
            let mut error = json_report::error(program, &found.error, m, witness, &mut sources);
            if let Some((m, graph)) = &replay {
                error["graph"] = crate::dot::edges_json(m, graph);
            }
            error
        })
        .collect();
    let program_file = files.first().map_or(Path::new(""), PathBuf::as_path);
    let header = json_report::Header {
        command: "check",
        program: program_file,
        verdict,
        reason,
        notes: &outcome.notes,
        memory_model: opts.memory_model.name(),
    };
    json_report::report(
        header,
        errors,
        json!({
            "stats": outcome.stats,
            "seconds": seconds,
            "peak_memory_mib": peak_memory_mib(),
            "time": opts.time.name(),
        }),
    )
}

/// Fills in the witness header so `ravel replay FILE` needs nothing else (the engine
/// recorded the exploration settings it ran under).
pub fn complete_witness(w: &Witness, program: &Program, files: &[PathBuf], clang_flags: &[String]) -> Witness {
    let absolute = |f: &PathBuf| std::fs::canonicalize(f).unwrap_or_else(|_| f.clone()).display().to_string();
    Witness {
        format: "ravel-witness-1".into(),
        program: files.first().map(absolute).unwrap_or_default(),
        more_sources: files.iter().skip(1).map(absolute).collect(),
        clang_flags: clang_flags.to_vec(),
        entry: program.entry.clone(),
        ..w.clone()
    }
}

/// The files and clang flags of the program named on the command line: the files as
/// given, or those of an SV-COMP task definition (`.yml`: its `input_files`, and `-m32`
/// for the ILP32 data model).
pub fn resolve_inputs(files: Vec<PathBuf>, mut clang_flags: Vec<String>) -> Result<(Vec<PathBuf>, Vec<String>)> {
    let is_task = |f: &PathBuf| f.extension().is_some_and(|e| e == "yml" || e == "yaml");
    let [task] = files.as_slice() else {
        if let Some(task) = files.iter().find(|f| is_task(f)) {
            anyhow::bail!("{} is an SV-COMP task definition: give it alone", task.display());
        }
        return Ok((files, clang_flags));
    };
    if !is_task(task) {
        return Ok((files, clang_flags));
    }
    let text = crate::input_file::read_text(task)?;
    let dir = task.parent().unwrap_or(Path::new("."));
    let doc: serde_norway::Value =
        serde_norway::from_str(&text).with_context(|| format!("{} is not YAML", task.display()))?;
    let names = match doc.get("input_files") {
        Some(serde_norway::Value::String(one)) => vec![one.clone()],
        Some(serde_norway::Value::Sequence(many)) => {
            many.iter().filter_map(|v| v.as_str().map(str::to_string)).collect()
        }
        _ => Vec::new(),
    };
    // The task's files lie beside it (relative names); an absolute name is refused.
    if let Some(abs) = names.iter().find(|n| Path::new(n).is_absolute()) {
        anyhow::bail!("{} names the input file {abs:?}, not one relative to the task", task.display());
    }
    let inputs: Vec<PathBuf> = names.iter().map(|n| dir.join(n)).collect();
    let ilp32 = doc.get("options").and_then(|o| o.get("data_model")).and_then(|m| m.as_str()) == Some("ILP32");
    if ilp32 && !clang_flags.iter().any(|f| f == "-m32") {
        clang_flags.push("-m32".into());
    }
    if inputs.is_empty() {
        anyhow::bail!("{} names no input_files (is it an SV-COMP task definition?)", task.display());
    }
    Ok((inputs, clang_flags))
}

/// `ravel replay`: re-executes a witness and reports what happens.
pub fn replay_file(path: &Path, json_out: bool, force: bool) -> Result<u8> {
    let witness = crate::witness::read(path, force)?;
    let program = load_witness_program(&witness)?;
    let opts = Options::of_witness(&witness);
    let m = ravel_explore::replay(program.clone(), &witness, &opts, !json_out)?;
    let (code, verdict, headline) = match m.end() {
        Some(End::Error(e)) => (1, "unsafe", format!("error: {}: {}", e.kind.name(), e.message)),
        Some(End::Exit(s)) => (0, "ok", format!("the execution exits with status {s}")),
        Some(End::AssumeFailed(loc)) => {
            let at = place(&program, *loc);
            (0, "ok", format!("the execution was cut off by an assumption at {at} (no error on this path)"))
        }
        Some(End::Abort(loc)) => (0, "ok", format!("the program called abort() at {}", place(&program, *loc))),
        Some(End::Unsupported { what, loc, .. }) => {
            (2, "unknown", format!("unsupported: {what} at {}", place(&program, *loc)))
        }
        Some(End::Limit(why)) => (2, "unknown", format!("limit reached: {why}")),
        None => (2, "unknown", "the witness ends before the execution does".into()),
    };
    let name = |t: usize| m.threads().get(t).map_or_else(|| t.to_string(), |th| th.name());
    if json_out {
        let mut sources = crate::source::Sources::default();
        let errors = match m.end() {
            Some(End::Error(e)) => vec![json_report::error(&program, e, Some(&m), None, &mut sources)],
            _ => Vec::new(),
        };
        let reason = (verdict == "unknown").then(|| headline.clone());
        let header = json_report::Header {
            command: "replay",
            program: Path::new(&witness.program),
            verdict,
            reason,
            memory_model: if witness.memory_model.is_empty() { "sc" } else { &witness.memory_model },
            notes: &[],
        };
        let exit_status = match m.end() {
            Some(End::Exit(s)) => Some(*s),
            _ => None,
        };
        crate::output::out!(
            "{}",
            serde_json::to_string_pretty(&json_report::report(header, errors, json!({"exit_status": exit_status})))?
        );
    } else {
        eprintln!("ravel: replay: {headline}");
        if let Some(End::Error(e)) = m.end() {
            eprint!("{}", render_places(&program, e, Some(&m), &name));
        }
        eprint!("{}", render_interleaving(&program, m.trace(), |t| m.threads()[t].name()));
    }
    Ok(code)
}

/// A test file of `ravel check --tests`: the values of one execution's inputs, in order.
#[derive(serde::Serialize, serde::Deserialize)]
struct TestFile {
    format: String,
    program: String,
    inputs: Vec<ravel_explore::InputValue>,
}

/// Writes `test000001.json`, ... into `dir`, one per input vector.
pub fn write_tests(dir: &Path, program: &Path, tests: &[Vec<ravel_explore::InputValue>]) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    for (i, inputs) in tests.iter().enumerate() {
        let file = TestFile {
            format: "ravel-inputs-1".into(),
            program: program.display().to_string(),
            inputs: inputs.clone(),
        };
        let path = dir.join(format!("test{:06}.json", i + 1));
        crate::output::write_file(&path, serde_json::to_string_pretty(&file)?.as_bytes())?;
    }
    Ok(())
}

/// The input values of a test file, in order.
pub fn read_test(path: &Path) -> Result<Vec<u64>> {
    let text = crate::input_file::read_text(path)?;
    let file: TestFile =
        serde_json::from_str(&text).with_context(|| format!("{} is not a ravel test file", path.display()))?;
    Ok(file.inputs.iter().map(|i| i.value as u64).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ravel_explore::{FoundError, Unknown};
    use ravel_vm::ProgramError;

    fn outcome(kinds: &[ErrorKind], incomplete: Option<Unknown>) -> Outcome {
        let errors: Vec<FoundError> = kinds
            .iter()
            .map(|&kind| FoundError {
                error: ProgramError::at(kind, String::new(), 0, Default::default()),
                witness: Witness::default(),
                trace: Vec::new(),
            })
            .collect();
        let verdict = match (errors.is_empty(), &incomplete) {
            (false, _) => Verdict::Unsafe,
            (true, Some(why)) => Verdict::Unknown(why.clone()),
            (true, None) => Verdict::Safe,
        };
        Outcome {
            verdict,
            errors,
            stats: Default::default(),
            incomplete,
            tests: Vec::new(),
            sym: None,
            notes: Vec::new(),
        }
    }

    #[test]
    fn answers_follow_the_property() {
        let reach = outcome(&[ErrorKind::ReachError], None);
        assert_eq!(svcomp_answer(Property::UnreachCall, &reach), "FALSE");
        // Only races matter: reaching the error function just aborts the program.
        assert_eq!(svcomp_answer(Property::NoDataRace, &reach), "TRUE");
        let assert_failed = outcome(&[ErrorKind::AssertionFailure, ErrorKind::Deadlock], None);
        assert_eq!(svcomp_answer(Property::NoDataRace, &assert_failed), "TRUE");
        assert_eq!(svcomp_answer(Property::UnreachCall, &assert_failed), "UNKNOWN");
        // Undefined behaviour leaves either property undecided, and so does a partial search.
        let oob = outcome(&[ErrorKind::OutOfBounds], None);
        assert_eq!(svcomp_answer(Property::NoDataRace, &oob), "UNKNOWN");
        let partial = outcome(&[ErrorKind::ReachError], Some(Unknown::Time));
        assert_eq!(svcomp_answer(Property::NoDataRace, &partial), "UNKNOWN");
        assert_eq!(svcomp_answer(Property::NoDataRace, &outcome(&[ErrorKind::DataRace], None)), "FALSE");
        assert_eq!(svcomp_answer(Property::UnreachCall, &outcome(&[], None)), "TRUE");
    }
}
