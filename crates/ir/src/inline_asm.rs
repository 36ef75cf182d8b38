//! Inline assembly real C code uses, given its meaning before `llvm-ir` converts the
//! module (which keeps no assembly text). Run through LLVM's C API:
//! - spin hints (`pause`, `rep; nop`, `yield`) are removed: they change nothing a program
//!   can observe;
//! - fences (`mfence`, `lfence`, `sfence`, the `lock; addl $0,(%rsp)` idiom, `dmb`,
//!   `sync`) become `fence seq_cst`;
//! - `cpuid` and `xgetbv` answer zeros: a processor that reports no optional features,
//!   so programs take their portable paths;
//! - anything else is redirected to a declared function named after its text
//!   ([`UNSUPPORTED_PREFIX`]), so that running it stops with the assembly's text and
//!   source line instead of an anonymous "inline assembly".

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMAtomicOrdering;
use std::ffi::CString;

/// Names of the functions that stand for unsupported inline assembly: the prefix, a
/// number, a space, then the assembly text.
pub const UNSUPPORTED_PREFIX: &str = "__ravel_asm.";

/// What a piece of inline assembly means to ravel.
#[derive(Debug, PartialEq, Eq)]
enum Meaning {
    /// No effect on anything the program can observe.
    Nothing,
    /// A full memory fence.
    Fence,
    /// Every output is zero.
    Zeros,
    Unsupported,
}

/// The meaning of assembly `text` (AT&T or Intel syntax, any spacing or separators).
fn meaning(text: &str) -> Meaning {
    let words: Vec<String> =
        text.to_ascii_lowercase().split([';', '\n', '\t', ' ']).filter(|w| !w.is_empty()).map(str::to_string).collect();
    let joined = words.join(" ");
    match joined.as_str() {
        "" | "pause" | "rep nop" | "nop" | "yield" => Meaning::Nothing,
        "mfence" | "lfence" | "sfence" | "dmb ish" | "dmb sy" | "sync" | "lwsync" => Meaning::Fence,
        "cpuid" | "xgetbv" => Meaning::Zeros,
        // `lock; addl $0,0(%rsp)` (and `orl`, any offset): a full fence without mfence.
        s if s.starts_with("lock add") || s.starts_with("lock or") => {
            if s.contains("$$0,") && s.contains("(%") {
                Meaning::Fence
            } else {
                Meaning::Unsupported
            }
        }
        // cpuid wrapped in saves of %ebx (32-bit position-independent code).
        s if s.contains("cpuid") && !s.contains("lock") => Meaning::Zeros,
        _ => Meaning::Unsupported,
    }
}

/// Gives every inline-assembly call in `module` its meaning (see the module comment).
///
/// # Safety
/// `ctx` and `module` must be live LLVM objects, `module` owned by `ctx`.
pub unsafe fn rewrite(ctx: LLVMContextRef, module: LLVMModuleRef) {
    let mut calls = Vec::new();
    let mut func = LLVMGetFirstFunction(module);
    while !func.is_null() {
        let mut bb = LLVMGetFirstBasicBlock(func);
        while !bb.is_null() {
            let mut inst = LLVMGetFirstInstruction(bb);
            while !inst.is_null() {
                if !LLVMIsACallInst(inst).is_null() && !LLVMIsAInlineAsm(LLVMGetCalledValue(inst)).is_null() {
                    calls.push(inst);
                }
                inst = LLVMGetNextInstruction(inst);
            }
            bb = LLVMGetNextBasicBlock(bb);
        }
        func = LLVMGetNextFunction(func);
    }
    let builder = LLVMCreateBuilderInContext(ctx);
    for (n, call) in calls.into_iter().enumerate() {
        let asm = LLVMGetCalledValue(call);
        let mut len = 0;
        let text = LLVMGetInlineAsmAsmString(asm, &mut len);
        let text = String::from_utf8_lossy(std::slice::from_raw_parts(text.cast::<u8>(), len)).into_owned();
        let returns_value = LLVMGetTypeKind(LLVMTypeOf(call)) != llvm_sys::LLVMTypeKind::LLVMVoidTypeKind;
        match meaning(&text) {
            Meaning::Nothing if !returns_value => LLVMInstructionEraseFromParent(call),
            Meaning::Fence if !returns_value => {
                LLVMPositionBuilderBefore(builder, call);
                let empty = CString::default();
                LLVMBuildFence(
                    builder,
                    LLVMAtomicOrdering::LLVMAtomicOrderingSequentiallyConsistent,
                    0,
                    empty.as_ptr(),
                );
                LLVMInstructionEraseFromParent(call);
            }
            Meaning::Zeros => {
                if returns_value {
                    LLVMReplaceAllUsesWith(call, LLVMConstNull(LLVMTypeOf(call)));
                }
                LLVMInstructionEraseFromParent(call);
            }
            _ => redirect(module, call, asm, n, &text),
        }
    }
    LLVMDisposeBuilder(builder);
}

/// Makes `call` call a new declaration named after the assembly `text`.
unsafe fn redirect(module: LLVMModuleRef, call: LLVMValueRef, asm: LLVMValueRef, n: usize, text: &str) {
    // As written in C: the IR doubles a literal `$`.
    let shown: String =
        text.replace("$$", "$").replace(['\n', '\t'], "; ").chars().filter(|&c| c != '\0').take(120).collect();
    let Ok(name) = CString::new(format!("{UNSUPPORTED_PREFIX}{n} {shown}")) else { return };
    let decl = LLVMAddFunction(module, name.as_ptr(), LLVMGetInlineAsmFunctionType(asm));
    let callee = LLVMGetNumOperands(call) - 1;
    LLVMSetOperand(call, callee as u32, decl);
}

/// The assembly text a function named by [`redirect`] stands for.
pub fn unsupported_text(function: &str) -> Option<&str> {
    let rest = function.strip_prefix(UNSUPPORTED_PREFIX)?;
    Some(rest.split_once(' ').map_or("", |(_, text)| text))
}

/// For tests: the name of the meaning of `text`.
#[cfg(test)]
fn meaning_name(text: &str) -> &'static str {
    match meaning(text) {
        Meaning::Nothing => "nothing",
        Meaning::Fence => "fence",
        Meaning::Zeros => "zeros",
        Meaning::Unsupported => "unsupported",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn real_idioms_have_their_meaning() {
        for (text, want) in [
            ("", "nothing"),
            ("pause", "nothing"),
            ("rep; nop", "nothing"),
            ("mfence", "fence"),
            ("lock; addl $$0,0(%rsp)", "fence"),
            ("lock; orl $$0, (%esp)", "fence"),
            ("lock; addl $1,$0", "unsupported"),
            ("cpuid", "zeros"),
            ("pushl %ebx\n\tcpuid\n\tmovl %ebx, %eax\n\tpopl %ebx", "zeros"),
            ("lock; cmpxchgl $2,$1", "unsupported"),
            ("rdtsc", "unsupported"),
        ] {
            assert_eq!(meaning_name(text), want, "{text:?}");
        }
        assert_eq!(unsupported_text("__ravel_asm.3 lock; xaddl $0,$1"), Some("lock; xaddl $0,$1"));
        assert_eq!(unsupported_text("memcpy"), None);
    }
}
