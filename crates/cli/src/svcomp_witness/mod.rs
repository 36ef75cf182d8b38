//! SV-COMP witnesses: ravel's execution of an error as a GraphML 1.0 violation witness
//! and as a YAML violation witness (format 2.2: waypoints with thread ids), a trivial
//! GraphML correctness witness for a proof, and ravel's reader of both formats (see
//! `docs/svcomp-witnesses.md` for the mapping).
//!
//! Both formats are written from one description of the path, [`Violation`]: the
//! scheduling steps in order (thread, source place, the thread a step created) and the
//! values of the nondeterministic inputs (which step made them), taken from a replay of
//! ravel's own witness.

pub mod graphml;
pub mod read;
pub mod yaml;

use crate::property::Property;
use anyhow::{Context, Result};
use ravel_explore::{FoundError, Options, Outcome};
use ravel_ir::{Program, SrcLoc};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What a witness says about its verification task.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Task {
    /// The program file as given to ravel.
    pub program_file: String,
    /// SHA-256 of its bytes, hex.
    pub program_hash: String,
    /// The property text (`CHECK( init(main()), LTL(G ! call(reach_error())) )`).
    pub specification: String,
    /// Pointers of 4 bytes (`-m32`, ILP32) or 8 (LP64).
    pub ilp32: bool,
}

impl Task {
    /// `32bit` or `64bit`, GraphML's `architecture`.
    pub fn architecture(&self) -> &'static str {
        if self.ilp32 {
            "32bit"
        } else {
            "64bit"
        }
    }

    /// `ILP32` or `LP64`, the YAML format's `data_model`.
    pub fn data_model(&self) -> &'static str {
        if self.ilp32 {
            "ILP32"
        } else {
            "LP64"
        }
    }
}

/// A source place: line (1-based) and column (0 when unknown) in the program file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Place {
    pub thread: usize,
    pub line: u32,
    pub column: u32,
}

/// One element of the path, in execution order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A scheduling step: `place.thread` performs the visible operation at `place`; it may
    /// create a thread (ravel's index of it, and its start function).
    Step { place: Place, creates: Option<(usize, String)> },
    /// A nondeterministic input made by `place.thread` at the call at `place`: the called
    /// function and the value it returned (decimal, signed or not as its type).
    Input { place: Place, function: String, value: String },
}

/// A violation witness's content, format-neutral.
#[derive(Clone, Debug)]
pub struct Violation {
    pub task: Task,
    pub events: Vec<Event>,
    /// Where the property is violated: the error function's call, or a race's two accesses.
    pub targets: Vec<Place>,
}

/// The SV-COMP text of a property (the `.prp` file's own line, when it has one).
pub fn specification(property: Property, prp_text: &str) -> String {
    if let Some(line) = prp_text.lines().map(str::trim).find(|l| l.starts_with("CHECK(")) {
        return line.to_string();
    }
    match property {
        Property::NoDataRace => "CHECK( init(main()), LTL(G ! data-race) )".into(),
        _ => "CHECK( init(main()), LTL(G ! call(reach_error())) )".into(),
    }
}

/// The task of a check: the first program file, its hash, the property, the data model.
pub fn task(program: &Program, files: &[PathBuf], specification: String) -> Result<Task> {
    let file = files.first().context("no program file")?;
    Ok(Task {
        program_file: file.display().to_string(),
        program_hash: crate::witness::source_hash(std::slice::from_ref(file))?,
        specification,
        ilp32: program.model.ptr_bytes == 4,
    })
}

/// Describes the execution of `found` by replaying its witness step by step: each step's
/// thread and place, the threads it creates, the inputs it makes with their final values.
pub fn describe(
    program: &Arc<Program>,
    found: &FoundError,
    opts: &Options,
    outcome: &Outcome,
    task: Task,
) -> Result<Violation> {
    let witness = &found.witness;
    // Per step: its place, the threads it created (index, start function), and how many
    // inputs existed after it.
    type Observed = (Place, Vec<(usize, String)>, usize);
    let mut steps: Vec<Observed> = Vec::new();
    let mut threads = 1usize;
    let mut observe = |i: usize, m: &ravel_vm::Machine, _: &[ravel_vm::LogEntry]| {
        let loc = m.trace().last().map(|e| e.loc).unwrap_or_default();
        let thread = witness.steps.get(i).map_or(0, |s| s.thread);
        let created: Vec<(usize, String)> = (threads..m.threads().len())
            .map(|j| {
                let start = m.threads()[j].frames.first().map(|f| f.func as usize);
                let name = start.and_then(|f| program.functions.get(f)).map(|f| f.name.clone()).unwrap_or_default();
                (j, name)
            })
            .collect();
        threads = m.threads().len();
        let inputs = m.input_values().len();
        steps.push((place(thread, loc), created, inputs));
    };
    let m = ravel_explore::replay_observed(program.clone(), witness, opts, false, outcome.sym.clone(), &mut observe)
        .context("the error's witness does not replay")?;
    let values = m.input_values();
    let mut sources = crate::source::Sources::default();
    let mut input_event = |k: usize, thread: usize| -> Option<Event> {
        let (input, value) = values.get(k)?;
        let file = program.files.get(input.loc.file as usize).cloned().unwrap_or_default();
        let code = sources.line(&file, input.loc.line).unwrap_or_default();
        let function = nondet_function(&code, input.loc.col, input.bits);
        let value = if unsigned(&function) {
            (value & mask(input.bits)).to_string()
        } else {
            ravel_sym::expr::sext(*value, input.bits).to_string()
        };
        Some(Event::Input { place: place(thread, input.loc), function, value })
    };
    let mut events = Vec::new();
    let mut made = 0;
    for (i, (place, created, inputs_after)) in steps.iter().enumerate() {
        let new = made..(*inputs_after).min(values.len());
        // Main's first step also carries the inputs of its prefix (the code before its
        // first visible operation): those on earlier lines go before the step.
        let (before, after): (Vec<usize>, Vec<usize>) =
            new.partition(|&k| i == 0 && values.get(k).is_some_and(|(input, _)| input.loc.line < place.line));
        events.extend(before.into_iter().filter_map(|k| input_event(k, place.thread)));
        events.push(Event::Step { place: *place, creates: created.first().cloned() });
        events.extend(after.into_iter().filter_map(|k| input_event(k, place.thread)));
        made = made.max(*inputs_after);
    }
    let e = &found.error;
    let targets = std::iter::once(place(e.thread, e.loc)).chain(e.related.iter().map(|&(t, l)| place(t, l))).collect();
    Ok(Violation { task, events, targets })
}

fn place(thread: usize, loc: SrcLoc) -> Place {
    Place { thread, line: loc.line, column: loc.col }
}

fn mask(bits: u32) -> u128 {
    if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    }
}

/// Whether a `__VERIFIER_nondet_*` function returns an unsigned type.
fn unsigned(function: &str) -> bool {
    let ty = function.strip_prefix("__VERIFIER_nondet_").unwrap_or(function);
    ty.starts_with('u') || ty == "bool" || ty == "_Bool" || ty == "pointer" || ty == "size_t"
}

/// The `__VERIFIER_nondet_*` function called at column `col` of `code` (the first one on
/// the line when none starts there), or the usual one for an input of `bits` bits.
fn nondet_function(code: &str, col: u32, bits: u32) -> String {
    const PREFIX: &str = "__VERIFIER_nondet_";
    let mut found: Vec<(usize, String)> = Vec::new();
    let mut rest = code;
    let mut offset = 0;
    while let Some(i) = rest.find(PREFIX) {
        let name: String = rest[i..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
        found.push((offset + i + 1, name.clone()));
        offset += i + name.len();
        rest = &rest[i + name.len()..];
    }
    if let Some((_, name)) = found.iter().find(|(c, _)| *c == col as usize).or(found.first()) {
        return name.clone();
    }
    let ty = match bits {
        1 => "bool",
        8 => "char",
        16 => "short",
        64 => "long",
        _ => "int",
    };
    format!("{PREFIX}{ty}")
}

/// The current time in ISO 8601 (UTC), as both formats want it.
pub fn now_iso8601() -> String {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, rem) = ((secs / 86_400) as i64, secs % 86_400);
    // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z", rem / 3600, rem % 3600 / 60, rem % 60)
}

/// Which witness format a file holds, from its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    GraphMl,
    Yaml,
    Ravel,
}

/// GraphML starts with an XML declaration or element; ravel's JSON witness with `{`;
/// anything else is taken for YAML.
pub fn sniff(text: &str) -> Format {
    let t = text.trim_start_matches('\u{feff}').trim_start();
    if t.starts_with('<') {
        Format::GraphMl
    } else if t.starts_with('{') {
        Format::Ravel
    } else {
        Format::Yaml
    }
}

/// Where `ravel check --property` writes SV-COMP witnesses.
pub struct Outputs<'a> {
    pub graphml: Option<&'a Path>,
    pub yaml: Option<&'a Path>,
}

/// Writes the SV-COMP witnesses of an answer: for FALSE the violation witnesses of the
/// first error that violates the property; for TRUE a GraphML correctness witness (the
/// YAML format has no correctness witness without an invariant, and ravel has none to
/// offer); for UNKNOWN none.
#[allow(clippy::too_many_arguments)]
pub fn write_for_answer(
    program: &Arc<Program>,
    outcome: &Outcome,
    opts: &Options,
    files: &[PathBuf],
    property: Property,
    answer: &str,
    specification: String,
    out: Outputs<'_>,
) -> Result<()> {
    if out.graphml.is_none() && out.yaml.is_none() {
        return Ok(());
    }
    let task = task(program, files, specification)?;
    let created = now_iso8601();
    match answer {
        "FALSE" => {
            let found = outcome.errors.iter().find(|e| property.violated_by(e.error.kind));
            let found = found.context("no error of the property to write a witness for")?;
            let v = describe(program, found, opts, outcome, task)?;
            if let Some(path) = out.graphml {
                write(path, &graphml::violation(&v, &created))?;
            }
            if let Some(path) = out.yaml {
                write(path, &yaml::violation(&v, &created)?)?;
            }
        }
        "TRUE" => {
            if let Some(path) = out.graphml {
                write(path, &graphml::correctness(&task, &created))?;
            }
            if out.yaml.is_some() {
                eprintln!(
                    "ravel: note: no YAML correctness witness: the format needs invariants, and an exhaustive search \
                     has none to offer (--witness-graphml writes a correctness witness)"
                );
            }
        }
        _ => {}
    }
    Ok(())
}

/// Whether `path` holds an SV-COMP witness (GraphML or YAML) rather than ravel's own.
pub fn is_svcomp_file(path: &Path) -> bool {
    use std::io::Read;
    let mut head = Vec::new();
    let Ok(f) = ravel_vm::open_regular(path) else { return false };
    if f.take(4096).read_to_end(&mut head).is_err() {
        return false;
    }
    let text = String::from_utf8_lossy(&head);
    !text.trim().is_empty() && sniff(&text) != Format::Ravel
}

/// Writes `text` to `path` (any earlier file is replaced).
pub fn write(path: &Path, text: &str) -> Result<()> {
    crate::output::write_file(path, text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nondet_functions_are_found_by_column() {
        let code = "  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_uint();";
        assert_eq!(nondet_function(code, 11, 32), "__VERIFIER_nondet_int");
        assert_eq!(nondet_function(code, 40, 32), "__VERIFIER_nondet_uint");
        assert_eq!(nondet_function("x = f();", 5, 8), "__VERIFIER_nondet_char");
        assert!(unsigned("__VERIFIER_nondet_uint") && unsigned("__VERIFIER_nondet_bool"));
        assert!(!unsigned("__VERIFIER_nondet_int"));
    }

    #[test]
    fn time_is_iso8601() {
        let t = now_iso8601();
        assert_eq!(t.len(), 20, "{t}");
        assert!(t.ends_with('Z') && t.as_bytes()[10] == b'T', "{t}");
        assert!(t.starts_with("20"), "{t}");
    }

    #[test]
    fn formats_are_told_apart() {
        assert_eq!(sniff("<?xml version=\"1.0\"?><graphml/>"), Format::GraphMl);
        assert_eq!(sniff("{\"format\": \"ravel-witness-1\"}"), Format::Ravel);
        assert_eq!(sniff("- entry_type: violation_sequence"), Format::Yaml);
    }
}
