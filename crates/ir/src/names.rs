//! `llvm-ir` converts every string of a module to UTF-8 and panics on anything else. The
//! file names in debug info come from the user's paths and `# line` markers, and a module's
//! source file name from its path, so both may hold arbitrary bytes; this pass, run on the
//! module through LLVM's C API before `llvm-ir` reads it, makes them safe: the source file
//! name is replaced by a lossy UTF-8 copy, and debug info naming a non-UTF-8 file is
//! dropped (locations are then missing from reports, which a note says).

use llvm_sys::core::*;
use llvm_sys::debuginfo::LLVMStripModuleDebugInfo;
use llvm_sys::prelude::*;

/// Makes the strings `llvm-ir` reads from file names valid UTF-8; returns notes for the user.
///
/// # Safety
/// `module` must be a live module.
pub(crate) unsafe fn sanitize(module: LLVMModuleRef) -> Vec<String> {
    let mut len = 0;
    let source = bytes(LLVMGetSourceFileName(module, &mut len), len);
    if std::str::from_utf8(&source).is_err() {
        let lossy = String::from_utf8_lossy(&source).into_owned();
        LLVMSetSourceFileName(module, lossy.as_ptr().cast(), lossy.len());
    }
    let ident = bytes(LLVMGetModuleIdentifier(module, &mut len), len);
    if std::str::from_utf8(&ident).is_err() {
        let lossy = String::from_utf8_lossy(&ident).into_owned();
        LLVMSetModuleIdentifier(module, lossy.as_ptr().cast(), lossy.len());
    }
    if debug_names_utf8(module) {
        return Vec::new();
    }
    LLVMStripModuleDebugInfo(module);
    vec!["a file name in the program's debug info is not UTF-8, so ravel dropped the debug info: reports name functions but no source lines".into()]
}

unsafe fn bytes(ptr: *const std::os::raw::c_char, len: usize) -> Vec<u8> {
    if ptr.is_null() {
        Vec::new()
    } else {
        std::slice::from_raw_parts(ptr.cast::<u8>(), len).to_vec()
    }
}

/// Whether the file and directory names of every debug location `llvm-ir` reads (of
/// globals, functions and instructions) are UTF-8.
unsafe fn debug_names_utf8(module: LLVMModuleRef) -> bool {
    let ok = |v: LLVMValueRef| {
        let mut len = 0u32;
        let file = bytes(LLVMGetDebugLocFilename(v, &mut len), len as usize);
        let dir = bytes(LLVMGetDebugLocDirectory(v, &mut len), len as usize);
        std::str::from_utf8(&file).is_ok() && std::str::from_utf8(&dir).is_ok()
    };
    let mut g = LLVMGetFirstGlobal(module);
    while !g.is_null() {
        if !ok(g) {
            return false;
        }
        g = LLVMGetNextGlobal(g);
    }
    let mut f = LLVMGetFirstFunction(module);
    while !f.is_null() {
        if !ok(f) {
            return false;
        }
        let mut bb = LLVMGetFirstBasicBlock(f);
        while !bb.is_null() {
            let mut inst = LLVMGetFirstInstruction(bb);
            while !inst.is_null() {
                if !ok(inst) {
                    return false;
                }
                inst = LLVMGetNextInstruction(inst);
            }
            bb = LLVMGetNextBasicBlock(bb);
        }
        f = LLVMGetNextFunction(f);
    }
    true
}
