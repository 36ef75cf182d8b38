//! One execution recorded by the vm (`Config::record_accesses`) under a random or an
//! oldest-thread-first schedule, for `ravel enforce events` and for `--enforce-out` when
//! the exploration verified no execution (its accesses are named by
//! `ravel_vm::native_names::name_events`).

use ravel_ir::Program;
use ravel_vm::{Config, End, Granularity, Machine};
use std::sync::Arc;
use std::time::Duration;

/// Runs the program once in the vm under the seeded random schedule with every shared
/// access a scheduling point, recording what the native runtime names; at most
/// `max_steps` instructions and `timeout`.
pub fn record_run(program: &Arc<Program>, argv: Vec<String>, seed: u64, max_steps: u64, timeout: Duration) -> Machine {
    ravel_vm::run_random(program.clone(), recording(argv, max_steps), seed, Some(timeout), Vec::new(), &mut |_, _| {})
        .machine
}

/// Like [`record_run`], but the oldest enabled thread runs first (`ravel_vm::run_oldest_first`):
/// the schedule whose constraints make native threads wait for each other least.
pub fn record_oldest_first(program: &Arc<Program>, argv: Vec<String>, max_steps: u64, timeout: Duration) -> Machine {
    ravel_vm::run_oldest_first(program.clone(), recording(argv, max_steps), 1, Some(timeout)).machine
}

/// Every shared access a scheduling point, the accesses recorded, output captured.
fn recording(argv: Vec<String>, max_steps: u64) -> Config {
    Config {
        granularity: Granularity::All,
        argv,
        max_steps,
        echo_output: false,
        capture_stdout: true,
        record_accesses: true,
        ..Config::default()
    }
}

/// Whether the execution ended without an error (an exit, whatever its status).
pub fn ended_cleanly(m: &Machine) -> bool {
    matches!(m.end(), Some(End::Exit(_)))
}
