//! The address map shared by the loader and the vm: where functions and globals live.

use crate::inst::FuncId;

/// Functions get fake addresses so function pointers are ordinary integers.
pub const FUNC_BASE: u64 = 0x0001_0000;
/// Each function occupies this many bytes of the function segment.
pub const FUNC_STRIDE: u64 = 16;
/// First global's address.
pub const GLOBAL_BASE: u64 = 0x0100_0000;
/// Unused bytes between objects so off-by-one accesses hit no object.
pub const RED_ZONE: u64 = 16;
/// Bytes reserved for an undefined external global, whose real size is unknown:
/// accesses anywhere in them are refused as unsupported rather than reported as
/// out of bounds of a guessed size.
pub const EXTERN_SPAN: u64 = 64 * 1024;

/// The function whose address is `v` among `functions` functions, if any.
pub fn function_at(v: u64, functions: usize) -> Option<FuncId> {
    let off = v.checked_sub(FUNC_BASE)?;
    let id = off / FUNC_STRIDE;
    (off % FUNC_STRIDE == 0 && id < functions as u64).then_some(id as FuncId)
}
