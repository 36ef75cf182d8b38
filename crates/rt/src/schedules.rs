//! `ravel schedules` at run time: the program's inputs and the schedule they select.
//!
//! A program built with `ravel enforce build --schedules S.json` reads its inputs
//! (`__VERIFIER_nondet_*`, `ravel_nondet_*`, `ravel_symbolic`) from `RAVEL_INPUTS`, a
//! comma-separated list of integers consumed in the order the program reads them (as
//! `ravel schedules` numbered them). Since every input is known when the program starts,
//! the selector runs once, before `main`: it walks the epoch tree of the schedule file
//! (`RAVEL_SCHEDULES`, else the file embedded at build time; empty: none), taking in each
//! epoch the first schedule whose constraint the inputs satisfy, which is exactly what a
//! selection at each epoch start would take, because the constraints are over the inputs.
//! The selected orders, concatenated, become one complete admissible prefix of the
//! `ravel-constraints/2` kind (each synchronisation event waits for the previous event of
//! another thread on the same object), which the enforcement runtime (`runtime.rs`)
//! enforces. Inputs no schedule covers stop the program: running unconstrained would run
//! an unverified schedule. The prefix is *exhaustive*: it lists every synchronisation
//! event of the run, so a lock, wait or atomic read-modify-write it does not list (the
//! inputs synchronise otherwise than the explored executions, which a value wrongly made
//! abstract can cause) stops the program too. A *prefix schedule* (`ravel schedules
//! --prefix`, `free_after`) lists only an epoch's first synchronisation events: the
//! selected orders then make a non-complete, non-exhaustive prefix, which leaves the run
//! free once its events happened (an unlisted event waits meanwhile for the listed events
//! of other threads it conflicts with, see `runtime.rs`).

use ravel_schedule_format::{select, File, InputSpec};
use std::collections::HashMap;
use std::sync::OnceLock;

static INPUTS: OnceLock<Result<Vec<u128>, String>> = OnceLock::new();

/// The values of `RAVEL_INPUTS`, parsed once.
pub fn inputs() -> &'static Result<Vec<u128>, String> {
    INPUTS.get_or_init(|| input_values(std::env::var("RAVEL_INPUTS").ok().as_deref()))
}

/// The constraints to enforce when a schedule file is given (`RAVEL_SCHEDULES`, set but
/// empty: none; else `embedded`, empty: none): where the file came from, and the
/// constraints of the schedules the inputs select or why there are none. With
/// `RAVEL_SCHEDULES_REPORT` set, the selection is printed on stderr.
pub fn selected(embedded: &str) -> Option<(String, Result<String, String>)> {
    let (what, text) = match std::env::var("RAVEL_SCHEDULES") {
        Ok(path) if path.is_empty() => return None,
        Ok(path) => {
            let text = std::fs::read_to_string(&path).map_err(|e| e.to_string());
            (format!("selected from the schedules {path}"), text)
        }
        Err(_) if embedded.is_empty() => return None,
        Err(_) => ("selected from the schedules embedded in the program".to_string(), Ok(embedded.to_string())),
    };
    let chosen = text.and_then(|t| {
        let raw = inputs().as_ref().map_err(|e| e.clone())?;
        select_constraints(&t, raw)
    });
    let constraints = chosen.map(|s| {
        if std::env::var_os("RAVEL_SCHEDULES_REPORT").is_some() {
            let path: Vec<String> = s.path.iter().map(|i| (i + 1).to_string()).collect();
            eprintln!("ravel-rt: schedules selected, one per epoch: {}", path.join(" "));
        }
        s.constraints
    });
    Some((what, constraints))
}

/// The input values of `RAVEL_INPUTS` (none when unset).
pub fn input_values(text: Option<&str>) -> Result<Vec<u128>, String> {
    let Some(text) = text.map(str::trim).filter(|t| !t.is_empty()) else { return Ok(Vec::new()) };
    text.split(',')
        .map(|v| {
            let v = v.trim();
            v.parse::<i128>()
                .map(|n| n as u128)
                .or_else(|_| v.parse::<u128>())
                .map_err(|_| format!("RAVEL_INPUTS: `{v}` is not an integer"))
        })
        .collect()
}

/// The value input `spec` has for the selector when the program was given `raw`: an input
/// the explorer made one bit wide is only compared with zero.
fn as_input(spec: &InputSpec, raw: u128) -> u128 {
    match spec.bits {
        1 => (raw != 0) as u128,
        b if b >= 128 => raw,
        b => raw & ((1u128 << b) - 1),
    }
}

/// A selection, for people: which schedule of each epoch.
pub struct Selected {
    pub constraints: String,
    pub path: Vec<usize>,
}

/// The constraints (`ravel-constraints/2` text) of the schedules `text` selects for the
/// inputs `raw`.
pub fn select_constraints(text: &str, raw: &[u128]) -> Result<Selected, String> {
    let file = File::parse(text)?;
    let values: Vec<u128> =
        file.inputs.iter().zip(raw.iter().chain(std::iter::repeat(&0))).map(|(s, &v)| as_input(s, v)).collect();
    if raw.len() < file.inputs.len() {
        return Err(format!(
            "the schedules of {} are over {} inputs and RAVEL_INPUTS gives {}",
            file.program,
            file.inputs.len(),
            raw.len()
        ));
    }
    let selection = select(&file, &values).map_err(|u| {
        format!(
            "no schedule of epoch {} covers the inputs {:?}{}: the enumeration missed them, and an unverified schedule is not run",
            u.epoch + 1,
            raw[..file.inputs.len()].iter().map(|&v| v as i128).collect::<Vec<_>>(),
            u.problem.map(|p| format!(" ({p})")).unwrap_or_default()
        )
    })?;
    let mut path = Vec::new();
    let mut epoch = &file.root;
    for s in &selection.schedules {
        path.push(epoch.schedules.iter().position(|c| std::ptr::eq(c, *s)).unwrap_or(0));
        if let Some(next) = &s.next {
            epoch = next;
        }
    }
    let order: Vec<u32> = selection.schedules.iter().flat_map(|s| s.events.iter().copied()).collect();
    let free_after = selection.schedules.last().is_some_and(|s| s.free_after);
    Ok(Selected { constraints: constraints_of(&file, &order, free_after), path })
}

/// One prefix over the events `order`, complete and exhaustive unless the run is
/// `free_after` them: each waits for the latest earlier event of another thread on the
/// same object and offset.
fn constraints_of(file: &File, order: &[u32], free_after: bool) -> String {
    let mut last: HashMap<(u32, u64), (usize, &str)> = HashMap::new();
    let mut listed = Vec::with_capacity(order.len());
    for &e in order {
        let ev = &file.events[e as usize];
        // An earlier event of the same thread is ordered by the program itself.
        let after: Vec<u32> = match last.get(&(ev.object, ev.offset)) {
            Some(&(prev, thread)) if thread != ev.thread => vec![order[prev]],
            _ => Vec::new(),
        };
        last.insert((ev.object, ev.offset), (listed.len(), ev.thread.as_str()));
        listed.push(serde_json::json!({ "event": e, "len": 1, "write": true, "after": after }));
    }
    serde_json::json!({
        "format": "ravel-constraints/2",
        "objects": file.objects,
        "events": file.events,
        "prefixes": [ { "complete": !free_after, "exhaustive": !free_after, "events": listed } ],
    })
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = r#"{"format":"ravel-schedules/1","program":"p.c",
        "inputs":[{"bits":32,"line":3}],
        "exprs":[{"input":{"index":0,"bits":32}},{"const":{"bits":32,"value":"0"}},
                 {"cmp":{"op":"slt","a":0,"b":1}},{"cmp":{"op":"sge","a":0,"b":1}}],
        "objects":[{"global":{"symbol":"m"}}],
        "events":[{"thread":"[0.1]","object":0,"offset":0,"k":0},{"thread":"[0.1]","object":0,"offset":0,"k":1},
                  {"thread":"[0.2]","object":0,"offset":0,"k":0},{"thread":"[0.2]","object":0,"offset":0,"k":1}],
        "root":{"schedules":[
            {"constraint":2,"ends":2,"executions":1,"events":[0,1,2,3],"next":null},
            {"constraint":3,"ends":3,"executions":1,"events":[2,3,0,1],"next":null}]}}"#;

    #[test]
    fn negative_inputs_select_the_first_order() {
        let s = select_constraints(FILE, &input_values(Some("-3")).unwrap()).unwrap();
        assert_eq!(s.path, vec![0]);
        let c: serde_json::Value = serde_json::from_str(&s.constraints).unwrap();
        let events = &c["prefixes"][0]["events"];
        assert_eq!(events[2]["event"], 2);
        assert_eq!(events[2]["after"], serde_json::json!([1]), "[0.2] locks after [0.1] unlocked");
        assert_eq!(events[3]["after"], serde_json::json!([]), "program order keeps [0.2]'s unlock after its lock");
    }

    #[test]
    fn other_inputs_select_the_second_and_missing_ones_stop() {
        assert_eq!(select_constraints(FILE, &[5]).unwrap().path, vec![1]);
        assert!(select_constraints(FILE, &[]).err().unwrap().contains("RAVEL_INPUTS gives 0"));
        assert!(input_values(Some("1,x")).is_err());
    }

    #[test]
    fn a_prefix_schedule_leaves_the_run_free_after_it() {
        let c = select_constraints(FILE, &[5]).unwrap().constraints;
        let c: serde_json::Value = serde_json::from_str(&c).unwrap();
        assert_eq!((&c["prefixes"][0]["complete"], &c["prefixes"][0]["exhaustive"]), (&true.into(), &true.into()));
        let prefix =
            FILE.replace(r#""events":[2,3,0,1],"next":null"#, r#""events":[2,3],"next":null,"free_after":true"#);
        let c = select_constraints(&prefix, &[5]).unwrap().constraints;
        let c: serde_json::Value = serde_json::from_str(&c).unwrap();
        assert_eq!((&c["prefixes"][0]["complete"], &c["prefixes"][0]["exhaustive"]), (&false.into(), &false.into()));
        assert_eq!(c["prefixes"][0]["events"].as_array().map(Vec::len), Some(2));
    }

    #[test]
    fn an_uncovered_input_is_refused() {
        let narrow = FILE.replace(r#""constraint":3"#, r#""constraint":2"#);
        let e = select_constraints(&narrow, &[5]).err().unwrap();
        assert!(e.contains("no schedule of epoch 1 covers"), "{e}");
    }
}
