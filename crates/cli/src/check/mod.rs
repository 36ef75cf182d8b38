//! `ravel check`: explores every schedule of the program and reports the verdict, each
//! distinct error with its witness, and (with `--property`) the SV-COMP answer.

mod args;
mod engine_arg;
mod json;
mod options;
mod outputs;
mod render;

pub use args::CheckArgs;

use crate::cluster::{Ranks, Role};
use crate::output::out;
use crate::program;
use crate::property::{self, Property};
use crate::signals::{self, Phase};
use crate::{enforce, explain, input_file, svcomp_witness};
use anyhow::{Context, Result};
use ravel_explore::{Options, Outcome, Verdict};
use ravel_ir::Program;
use std::sync::Arc;
use std::time::Instant;

/// Runs `ravel check`; the exit code is the verdict's (or the SV-COMP answer's).
pub fn run(args: CheckArgs) -> Result<u8> {
    if let Some(kind) = &args.explain {
        out!("{}", explain::explain(kind)?);
        return Ok(0);
    }
    let ranks = Ranks::join()?;
    let world = args.env.resolve()?;
    let (files, clang_flags) = args.source.resolve(args.files.clone())?;
    let file = files[0].clone();
    options::refuse_unsupported(&args)?;
    let started = Instant::now();
    let deadline = args.budget.timeout.map(|t| started + t);
    let Some(program) = program::load(&files, &clang_flags, deadline, args.source.entry.as_deref())? else {
        return Ok(compile_timed_out(&args, &file));
    };
    let mut opts = options::explore_options(&args, world, &file, started);
    let task = args.property.as_deref().map(SvcompTask::read).transpose()?;
    if let Some(task) = &task {
        opts = property::property_options(task.property, opts);
    }
    let collector = args.outputs.enforce_out.as_deref().map(|p| enforce::Collector::new(p, &opts.argv[0]));
    opts.verified_sink = collector.as_ref().map(enforce::Collector::sink);
    ranks.agree_on(&program)?;
    match &ranks.role {
        Role::Helper(cluster) => {
            ravel_explore::serve_cluster(program.clone(), &opts, cluster);
            return Ok(0);
        }
        Role::Search(cluster) => opts.cluster = Some(cluster.clone()),
        Role::Alone => {}
    }
    opts.job_log = args.job_log.as_ref().map(|_| Arc::new(ravel_explore::JobLog::new()));
    let (outcome, seconds) = explore(&program, &opts);
    ranks.finish();
    if let (Some(path), Some(log)) = (&args.job_log, &opts.job_log) {
        log.write(path).with_context(|| format!("cannot write the job log {}", path.display()))?;
    }
    let checked = outputs::Checked {
        program: &program,
        files: &files,
        clang_flags: &clang_flags,
        opts: &opts,
        outcome: &outcome,
        seconds,
    };
    outputs::write_all(&args, &checked)?;
    if let Some(collector) = collector {
        // Safe with races reported and no property: race-free, so native runs are
        // sequentially consistent too.
        let all_verified = outcome.verdict == Verdict::Safe && opts.detect_races && task.is_none();
        collector.finish(&program, opts.argv.clone(), opts.max_steps, all_verified)?;
    }
    match task {
        Some(task) => task.answer(&args, &checked),
        None => Ok(exit_code(&outcome.verdict)),
    }
}

/// Explores, telling the signal handler so; the outcome and the seconds it took.
fn explore(program: &Arc<Program>, opts: &Options) -> (Outcome, f64) {
    let explored = Instant::now();
    signals::enter(Phase::Exploring);
    let outcome = ravel_explore::check(program.clone(), opts);
    signals::enter(Phase::Other);
    let seconds = explored.elapsed().as_secs_f64();
    if opts.progress {
        eprint!("\r\x1b[K");
    }
    (outcome, seconds)
}

/// Reports a compilation stopped by `--timeout` (with the SV-COMP answer UNKNOWN in
/// property mode).
fn compile_timed_out(args: &CheckArgs, file: &std::path::Path) -> u8 {
    let code = program::compile_timeout("check", file, args.json);
    match (args.property.is_some(), args.json) {
        (true, true) => eprintln!("UNKNOWN"),
        (true, false) => out!("UNKNOWN"),
        _ => {}
    }
    code
}

/// An SV-COMP property file (`--property`).
struct SvcompTask {
    property: Property,
    /// The file's text, which the witnesses quote.
    text: String,
}

impl SvcompTask {
    fn read(path: &std::path::Path) -> Result<SvcompTask> {
        let text = input_file::read_text(path)?;
        Ok(SvcompTask { property: Property::from_text(&text), text })
    }

    /// Writes the SV-COMP witness the answer calls for and prints the answer (TRUE, FALSE
    /// or UNKNOWN) last; its exit code.
    fn answer(&self, args: &CheckArgs, c: &outputs::Checked) -> Result<u8> {
        let answer = property::svcomp_answer(self.property, c.outcome);
        let outputs = svcomp_witness::Outputs {
            graphml: args.outputs.witness_graphml.as_deref(),
            yaml: args.outputs.witness_yaml.as_deref(),
        };
        let spec = svcomp_witness::specification(self.property, &self.text);
        svcomp_witness::write_for_answer(c.program, c.outcome, c.opts, c.files, self.property, answer, spec, outputs)?;
        // The answer is the last line of stdout, unless stdout is the JSON report.
        if args.json {
            eprintln!("{answer}");
        } else {
            out!("{answer}");
        }
        Ok(match answer {
            "TRUE" => 0,
            "FALSE" => 1,
            _ => 2,
        })
    }
}

/// Exit code of a verdict: 0 safe, 1 unsafe, 2 unknown.
fn exit_code(v: &Verdict) -> u8 {
    match v {
        Verdict::Safe => 0,
        Verdict::Unsafe => 1,
        Verdict::Unknown(_) => 2,
    }
}
