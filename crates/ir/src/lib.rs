//! ravel's program loader: C or LLVM IR in, a lowered [`Program`] out.

mod builtins;
mod canon;
mod consts;
pub mod debug_types;
pub mod effects;
mod error_fn_repair;
pub mod frontend;
mod global_uses;
mod layout;
pub mod liveness;
mod lower;
mod program;

pub use builtins::Builtin;
pub use lower::sign_extend;
pub use program::*;

use std::path::Path;

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
}

/// Compiles (if needed) and lowers `input` with extra `clang_flags`.
pub fn load(inputs: &[std::path::PathBuf], clang_flags: &[String]) -> Result<Program, LoadError> {
    let work = frontend::Workdir::new()?;
    let compiled = frontend::compile(inputs, clang_flags, &work)?;
    let mut program = load_bitcode(&compiled.bitcode)?;
    program.notes = compiled.notes;
    // Reports only: without the textual IR, places are named by offsets.
    if let Some(text) = frontend::disassemble(&compiled.bitcode) {
        program.global_types = debug_types::global_types(&text);
    }
    Ok(program)
}

/// Lowers canonical bitcode produced by [`frontend::compile`].
pub fn load_bitcode(bc: &Path) -> Result<Program, LoadError> {
    let module = std::panic::catch_unwind(|| llvm_ir::Module::from_bc_path(bc))
        .map_err(|_| LoadError::Bitcode("the LLVM IR reader failed on this module".into()))?
        .map_err(LoadError::Bitcode)?;
    let program = std::panic::catch_unwind(|| lower::lower(&module))
        .map_err(|_| LoadError::Unsupported("the module uses IR that ravel cannot lower".into()))?
        .map_err(LoadError::Unsupported)?;
    if program.main.is_none() {
        return Err(LoadError::Input("the program has no `main` function".into()));
    }
    Ok(program)
}
