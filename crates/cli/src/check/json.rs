//! The JSON report of `ravel check`.

use crate::flags::Flagged;
use crate::json_report::{self, peak_memory_mib};
use crate::source::Sources;
use ravel_explore::{Options, Outcome, Verdict};
use ravel_ir::Program;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::sync::Arc;

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
        Verdict::Unknown(why) => ("unknown", Some(Flagged(why).to_string())),
    };
    let mut sources = Sources::default();
    let errors = outcome
        .errors
        .iter()
        .map(|found| {
            let replay = ravel_explore::replay_graph(program.clone(), &found.witness, opts, outcome.sym.clone()).ok();
            let m = replay.as_ref().map(|(m, _)| m);
            let sealed = crate::witness::sealed(crate::witness::complete(&found.witness, program, files, clang_flags));
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
        notes: &super::render::notes(outcome),
        memory_model: opts.memory_model.name(),
    };
    let mut extra = json!({
        "stats": outcome.stats,
        "seconds": seconds,
        "peak_memory_mib": peak_memory_mib(),
        "time": opts.time.name(),
    });
    // Under MPI: what each helper rank did.
    if let Some(cluster) = &opts.cluster {
        extra["ranks"] = json!(cluster.rank_stats());
    }
    json_report::report(header, errors, extra)
}
