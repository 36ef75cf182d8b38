//! ravel's program loader: C or LLVM IR in, a lowered [`Program`] out.

pub mod addr;
mod builtins;
mod canon;
mod child;
mod compile_cache;
mod consts;
pub mod debug_types;
pub mod dense;
pub mod effects;
mod error_fn_repair;
pub mod frontend;
mod function;
mod global;
mod inline_asm;
mod inst;
pub use child::cancel;
mod global_uses;
mod layout;
pub mod liveness;
mod lower;
mod names;
mod private_allocas;
mod program;
mod sealed;
pub mod static_init;
mod target;
mod unread_results;

pub use builtins::Builtin;
pub use function::*;
pub use global::Global;
pub use inst::*;
pub use lower::sign_extend;
pub use program::*;

use std::path::{Path, PathBuf};
use std::time::Instant;

/// Why a program could not be loaded. Every variant carries a message fit for users.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("{0}")]
    Input(String),
    #[error("compilation failed: {0}")]
    Compile(String),
    #[error("{0}")]
    Bitcode(String),
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// The deadline passed while compiling (the tool was killed).
    #[error("the time limit was reached while compiling (--timeout)")]
    Timeout,
    /// The user interrupted ravel while compiling (see [`cancel`]).
    #[error("interrupted while compiling")]
    Interrupted,
}

/// Compiles (if needed), links and lowers the program made of `inputs` with extra
/// `clang_flags`.
pub fn load(inputs: &[PathBuf], clang_flags: &[String]) -> Result<Program, LoadError> {
    load_within(inputs, clang_flags, None)
}

/// [`load`], with the compilers stopped at `deadline` ([`LoadError::Timeout`]).
pub fn load_within(
    inputs: &[PathBuf],
    clang_flags: &[String],
    deadline: Option<Instant>,
) -> Result<Program, LoadError> {
    load_starting_in(inputs, clang_flags, deadline, None)
}

/// [`load_within`], the program starting in function `start` instead of `main` when given
/// (`--entry`; see [`Program::set_entry`]), so that a library without `main` loads too.
pub fn load_starting_in(
    inputs: &[PathBuf],
    clang_flags: &[String],
    deadline: Option<Instant>,
    start: Option<&str>,
) -> Result<Program, LoadError> {
    let entry = compile_cache::Entry::for_inputs(inputs, clang_flags);
    // A fresh load's scratch directory holds its bitcode until lowering has read it.
    let _work;
    let hit = match entry.as_ref().and_then(compile_cache::Entry::read) {
        Some(hit) => hit,
        None => {
            let work = frontend::Workdir::new()?;
            let compiled = frontend::compile(inputs, clang_flags, &work, deadline)?;
            if let Some(entry) = &entry {
                entry.write(&compiled.bitcode, &compiled.text, &compiled.notes);
            }
            _work = work;
            compile_cache::Hit { bitcode: compiled.bitcode, text: compiled.text, notes: compiled.notes }
        }
    };
    // Reading and lowering run in-process and cannot be stopped midway: they do not start
    // after the deadline (each takes seconds on a program of megabytes).
    child::check_deadline(deadline)?;
    let mut program = lower_bitcode(&hit.bitcode)?;
    program.bitcode_hash = bitcode_hash(&hit.bitcode);
    match start {
        Some(name) => program.set_entry(name).map_err(LoadError::Input)?,
        None if program.main.is_none() => return Err(no_main()),
        None => {}
    }
    program.notes = hit.notes;
    // The textual IR names globals' types and static initialisers (for reports, and to
    // notice a statically initialised lock initialised again).
    program.global_types = debug_types::global_types(&hit.text);
    let by_name = static_init::static_inits(&hit.text);
    program.static_inits =
        program.globals.iter().filter_map(|g| Some((g.addr, by_name.get(&g.name)?.clone()))).collect();
    Ok(program)
}

/// Lowers canonical bitcode produced by [`frontend::compile`].
pub fn load_bitcode(bc: &Path) -> Result<Program, LoadError> {
    let program = lower_bitcode(bc)?;
    if program.main.is_none() {
        return Err(no_main());
    }
    Ok(program)
}

/// A hash of the bitcode file, the same in every process (no random seed).
fn bitcode_hash(bc: &Path) -> u64 {
    use std::hash::Hasher;
    let mut hasher = rustc_hash::FxHasher::default();
    hasher.write(&std::fs::read(bc).unwrap_or_default());
    hasher.finish()
}

fn no_main() -> LoadError {
    LoadError::Input("the program has no `main` function (--entry FUNCTION starts in another one)".into())
}

/// Reads and lowers canonical bitcode, whatever function it starts in.
fn lower_bitcode(bc: &Path) -> Result<Program, LoadError> {
    let module = quietly(|| llvm_ir::Module::from_bc_path(bc))
        .map_err(|_| LoadError::Bitcode("the LLVM IR reader failed on this module".into()))?
        .map_err(LoadError::Bitcode)?;
    quietly(|| lower::lower(&module))
        .map_err(|_| LoadError::Unsupported("the module uses IR that ravel cannot lower".into()))?
        .map_err(LoadError::Unsupported)
}

/// Runs `f`, catching a panic without printing it: the loader turns a panic of the IR
/// reader or of lowering into an error message of its own, so the user sees that one
/// instead of a panic's backtrace.
fn quietly<T>(f: impl FnOnce() -> T) -> std::thread::Result<T> {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    std::panic::set_hook(hook);
    result
}
