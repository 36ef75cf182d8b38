//! SIGINT, SIGTERM and SIGHUP: what they stop depends on what ravel is doing. While
//! compiling, the tool process is killed and the scratch directory removed (the loader
//! fails with "interrupted" and unwinds normally); while exploring, the exploration stops
//! and reports what it covered (verdict unknown); otherwise ravel ends at once. A second
//! signal always ends ravel at once.

use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};

/// What a signal interrupts.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    Other = 0,
    Compiling = 1,
    Exploring = 2,
}

static PHASE: AtomicU8 = AtomicU8::new(Phase::Other as u8);
static RECEIVED: AtomicBool = AtomicBool::new(false);

/// Exit code after an interruption (128 + SIGINT, as shells report it).
pub const EXIT_INTERRUPTED: u8 = 130;

/// Installs the handler (once, before anything is compiled).
pub fn install() {
    let handler = || {
        if RECEIVED.swap(true, Ordering::SeqCst) {
            std::process::exit(EXIT_INTERRUPTED.into());
        }
        match PHASE.load(Ordering::SeqCst) {
            p if p == Phase::Compiling as u8 => ravel_ir::cancel(),
            p if p == Phase::Exploring as u8 => ravel_explore::interrupt(),
            _ => std::process::exit(EXIT_INTERRUPTED.into()),
        }
    };
    if let Err(e) = ctrlc::set_handler(handler) {
        eprintln!("ravel: warning: Ctrl-C will end ravel without a report ({e})");
    }
}

/// Enters `phase`. Leaving the compiling phase after a signal arrived (it may have come
/// too late to stop the tools) counts as interrupted: returns true then.
pub fn enter(phase: Phase) -> bool {
    let was = PHASE.swap(phase as u8, Ordering::SeqCst);
    was == Phase::Compiling as u8 && RECEIVED.load(Ordering::SeqCst)
}
