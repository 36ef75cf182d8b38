//! Inline assembly real C code uses, given its meaning before `llvm-ir` converts the
//! module (which keeps no assembly text). Run through LLVM's C API:
//! - spin hints (`pause`, `rep; nop`, `yield`) are removed: they change nothing a program
//!   can observe;
//! - `rdtsc`/`rdtscp` read the virtual clock as a 1 GHz time-stamp counter;
//! - fences (`mfence`, `lfence`, `sfence`, the `lock; addl $0,(%rsp)` idiom, `dmb`,
//!   `sync`) become `fence seq_cst`;
//! - `cpuid` and `xgetbv` answer zeros: a processor that reports no optional features,
//!   so programs take their portable paths;
//! - x86 atomic read-modify-write instructions (`lock cmpxchg`, `lock xadd`, `xchg`,
//!   `lock inc/dec/add/sub/and/or/xor` on memory, with `sete`/`=@ccz` flags) become
//!   sequentially consistent `cmpxchg`/`atomicrmw`, when text, constraints and operand
//!   types fit exactly ([`atomic`]);
//! - anything else is redirected to a declared function named after its text
//!   ([`UNSUPPORTED_PREFIX`]), so that running it stops with the assembly's text and
//!   source line instead of an anonymous "inline assembly".

mod atomic;

use atomic::{Flag, Op, Out, Value};
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMAtomicOrdering, LLVMAtomicRMWBinOp, LLVMInlineAsmDialect, LLVMIntPredicate, LLVMTypeKind};
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
    /// `rdtsc`/`rdtscp`: a time-stamp counter, the low half in the first output and the
    /// high half in the second (or all of it in one 64-bit output).
    Timestamp,
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
        "rdtsc" | "rdtscp" => Meaning::Timestamp,
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
        let text = text_of(LLVMGetInlineAsmAsmString(asm, &mut len), len);
        let returns_value = LLVMGetTypeKind(LLVMTypeOf(call)) != LLVMTypeKind::LLVMVoidTypeKind;
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
            Meaning::Timestamp => {
                if returns_value {
                    LLVMPositionBuilderBefore(builder, call);
                    let value = timestamp(module, builder, LLVMTypeOf(call));
                    LLVMReplaceAllUsesWith(call, value);
                }
                LLVMInstructionEraseFromParent(call);
            }
            Meaning::Zeros => {
                if returns_value {
                    LLVMReplaceAllUsesWith(call, LLVMConstNull(LLVMTypeOf(call)));
                }
                LLVMInstructionEraseFromParent(call);
            }
            _ => {
                if !atomic_rmw(ctx, module, builder, call, asm, &text) {
                    redirect(module, call, asm, n, &text)
                }
            }
        }
    }
    LLVMDisposeBuilder(builder);
}

/// A value of type `ty` (one integer, or a struct of the halves, as `rdtsc`'s outputs
/// are) read from the virtual clock's time-stamp counter (`__ravel_rdtsc`, a builtin).
unsafe fn timestamp(module: LLVMModuleRef, builder: LLVMBuilderRef, ty: LLVMTypeRef) -> LLVMValueRef {
    let ctx = LLVMGetModuleContext(module);
    let i64t = LLVMInt64TypeInContext(ctx);
    let fn_ty = LLVMFunctionType(i64t, std::ptr::null_mut(), 0, 0);
    let name = c"__ravel_rdtsc";
    let mut callee = LLVMGetNamedFunction(module, name.as_ptr());
    if callee.is_null() {
        callee = LLVMAddFunction(module, name.as_ptr(), fn_ty);
    }
    let empty = CString::default();
    let ticks = LLVMBuildCall2(builder, fn_ty, callee, std::ptr::null_mut(), 0, empty.as_ptr());
    let fit = |v: LLVMValueRef, to: LLVMTypeRef| match LLVMGetTypeKind(to) {
        LLVMTypeKind::LLVMIntegerTypeKind => LLVMBuildZExtOrBitCast(
            builder,
            LLVMBuildTrunc(builder, v, LLVMIntTypeInContext(ctx, LLVMGetIntTypeWidth(to).min(64)), empty.as_ptr()),
            to,
            empty.as_ptr(),
        ),
        _ => LLVMConstNull(to),
    };
    if LLVMGetTypeKind(ty) != LLVMTypeKind::LLVMStructTypeKind {
        return fit(ticks, ty);
    }
    let mut elems = vec![std::ptr::null_mut(); LLVMCountStructElementTypes(ty) as usize];
    LLVMGetStructElementTypes(ty, elems.as_mut_ptr());
    let high = LLVMBuildLShr(builder, ticks, LLVMConstInt(i64t, 32, 0), empty.as_ptr());
    let mut value = LLVMGetUndef(ty);
    for (i, &elem) in elems.iter().enumerate() {
        // rdtscp's third output (the processor id in %ecx) is 0.
        let part = match i {
            0 => fit(ticks, elem),
            1 => fit(high, elem),
            _ => LLVMConstNull(elem),
        };
        value = LLVMBuildInsertValue(builder, value, part, i as u32, empty.as_ptr());
    }
    value
}

/// The text of an LLVM string accessor's answer.
unsafe fn text_of(ptr: *const std::os::raw::c_char, len: usize) -> String {
    String::from_utf8_lossy(std::slice::from_raw_parts(ptr.cast::<u8>(), len)).into_owned()
}

/// The kind of the `elementtype` attribute, which types a memory operand of assembly.
unsafe fn element_type_kind() -> u32 {
    LLVMGetEnumAttributeKindForName(c"elementtype".as_ptr(), "elementtype".len())
}

/// The operand type [`atomic::plan`] checks widths against.
unsafe fn ty_of(ty: LLVMTypeRef) -> atomic::Ty {
    match LLVMGetTypeKind(ty) {
        LLVMTypeKind::LLVMIntegerTypeKind => atomic::Ty::Int(LLVMGetIntTypeWidth(ty)),
        LLVMTypeKind::LLVMPointerTypeKind => atomic::Ty::Ptr,
        _ => atomic::Ty::Other,
    }
}

/// The operands of an inline-assembly `call` with their types: register outputs are the
/// call's result (a struct when several), the rest its arguments in order, memory ones
/// typed by their `elementtype`.
unsafe fn typed_operands(call: LLVMValueRef, asm: LLVMValueRef) -> Option<Vec<atomic::Operand>> {
    let mut len = 0;
    let constraints = text_of(LLVMGetInlineAsmConstraintString(asm, &mut len), len);
    let mut ops = atomic::operands(&constraints)?;
    let ret = LLVMTypeOf(call);
    let results: Vec<LLVMTypeRef> = match LLVMGetTypeKind(ret) {
        LLVMTypeKind::LLVMVoidTypeKind => Vec::new(),
        LLVMTypeKind::LLVMStructTypeKind => {
            let mut elems = vec![std::ptr::null_mut(); LLVMCountStructElementTypes(ret) as usize];
            LLVMGetStructElementTypes(ret, elems.as_mut_ptr());
            elems
        }
        _ => vec![ret],
    };
    let element_type = element_type_kind();
    let args = LLVMGetNumArgOperands(call) as usize;
    let (mut result, mut arg) = (0, 0);
    for o in &mut ops {
        let ty = if o.output && !o.indirect {
            result += 1;
            *results.get(result - 1)?
        } else {
            arg += 1;
            if arg > args {
                return None;
            }
            if o.indirect {
                let attr = LLVMGetCallSiteEnumAttribute(call, arg as u32, element_type);
                if attr.is_null() {
                    return None;
                }
                LLVMGetTypeAttributeValue(attr)
            } else {
                LLVMTypeOf(LLVMGetOperand(call, arg as u32 - 1))
            }
        };
        o.ty = ty_of(ty);
    }
    (result == results.len() && arg == args).then_some(ops)
}

/// Replaces `call` by the atomic instruction its assembly `text` is, if [`atomic::plan`]
/// recognises it; whether it did.
unsafe fn atomic_rmw(
    ctx: LLVMContextRef,
    module: LLVMModuleRef,
    builder: LLVMBuilderRef,
    call: LLVMValueRef,
    asm: LLVMValueRef,
    text: &str,
) -> bool {
    if LLVMGetInlineAsmDialect(asm) != LLVMInlineAsmDialect::LLVMInlineAsmDialectATT {
        return false;
    }
    let Some(ops) = typed_operands(call, asm) else { return false };
    let pointer_bits = llvm_sys::target::LLVMPointerSize(llvm_sys::target::LLVMGetModuleDataLayout(module)) * 8;
    let Some(plan) = atomic::plan(text, &ops, pointer_bits) else { return false };
    // Positioned at the call, the builder gives the new instructions its source line.
    LLVMPositionBuilderBefore(builder, call);
    let name = CString::default();
    let name = name.as_ptr();
    let seq_cst = LLVMAtomicOrdering::LLVMAtomicOrderingSequentiallyConsistent;
    let int = LLVMIntTypeInContext(ctx, plan.width);
    let value = |v: Value| match v {
        Value::Arg(i) => LLVMGetOperand(call, i as u32),
        Value::Imm(x) => LLVMConstInt(int, x as u64, 1),
    };
    let ptr = value(Value::Arg(plan.mem));
    let operand = value(plan.value);
    let (old, success) = if plan.op == Op::Cas {
        let Some(expected) = plan.expected else { return false };
        let pair = LLVMBuildAtomicCmpXchg(builder, ptr, value(expected), operand, seq_cst, seq_cst, 0);
        (LLVMBuildExtractValue(builder, pair, 0, name), LLVMBuildExtractValue(builder, pair, 1, name))
    } else {
        let rmw = match plan.op {
            Op::Sub => LLVMAtomicRMWBinOp::LLVMAtomicRMWBinOpSub,
            Op::And => LLVMAtomicRMWBinOp::LLVMAtomicRMWBinOpAnd,
            Op::Or => LLVMAtomicRMWBinOp::LLVMAtomicRMWBinOpOr,
            Op::Xor => LLVMAtomicRMWBinOp::LLVMAtomicRMWBinOpXor,
            Op::Xchg => LLVMAtomicRMWBinOp::LLVMAtomicRMWBinOpXchg,
            _ => LLVMAtomicRMWBinOp::LLVMAtomicRMWBinOpAdd,
        };
        (LLVMBuildAtomicRMW(builder, rmw, ptr, operand, seq_cst, 0), std::ptr::null_mut())
    };
    // A flag as an `i1`: cmpxchg's ZF is its success; arithmetic's ZF and SF are the
    // result's.
    let flag = |f: Flag| {
        let result = match plan.op {
            Op::Cas => return if f.negated { LLVMBuildNot(builder, success, name) } else { success },
            Op::Sub => LLVMBuildSub(builder, old, operand, name),
            Op::And => LLVMBuildAnd(builder, old, operand, name),
            Op::Or => LLVMBuildOr(builder, old, operand, name),
            Op::Xor => LLVMBuildXor(builder, old, operand, name),
            _ => LLVMBuildAdd(builder, old, operand, name),
        };
        let predicate = match (f.zero, f.negated) {
            (true, false) => LLVMIntPredicate::LLVMIntEQ,
            (true, true) => LLVMIntPredicate::LLVMIntNE,
            (false, false) => LLVMIntPredicate::LLVMIntSLT,
            (false, true) => LLVMIntPredicate::LLVMIntSGE,
        };
        LLVMBuildICmp(builder, predicate, result, LLVMConstInt(int, 0, 0), name)
    };
    for &(arg, f) in &plan.stores {
        let byte = LLVMBuildZExt(builder, flag(f), LLVMInt8TypeInContext(ctx), name);
        LLVMBuildStore(builder, byte, LLVMGetOperand(call, arg as u32));
    }
    let ret = LLVMTypeOf(call);
    let result_type = |i: usize| {
        if plan.results.len() == 1 {
            ret
        } else {
            LLVMStructGetTypeAtIndex(ret, i as u32)
        }
    };
    let results: Vec<LLVMValueRef> = plan
        .results
        .iter()
        .enumerate()
        .map(|(i, &out)| match out {
            Out::Old => old,
            Out::Flag(f) => LLVMBuildZExtOrBitCast(builder, flag(f), result_type(i), name),
            Out::Arg(a) => LLVMGetOperand(call, a as u32),
        })
        .collect();
    match results.as_slice() {
        [] => {}
        [one] => LLVMReplaceAllUsesWith(call, *one),
        _ => {
            let mut whole = LLVMGetUndef(ret);
            for (i, &v) in results.iter().enumerate() {
                whole = LLVMBuildInsertValue(builder, whole, v, i as u32, name);
            }
            LLVMReplaceAllUsesWith(call, whole);
        }
    }
    LLVMInstructionEraseFromParent(call);
    true
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
    // Memory operands' `elementtype` is only valid on calls of assembly.
    let element_type = element_type_kind();
    for arg in 1..=LLVMGetNumArgOperands(call) {
        LLVMRemoveCallSiteEnumAttribute(call, arg, element_type);
    }
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
        Meaning::Timestamp => "timestamp",
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
            ("rdtsc", "timestamp"),
            ("rdtscp", "timestamp"),
        ] {
            assert_eq!(meaning_name(text), want, "{text:?}");
        }
        assert_eq!(unsupported_text("__ravel_asm.3 lock; xaddl $0,$1"), Some("lock; xaddl $0,$1"));
        assert_eq!(unsupported_text("memcpy"), None);
    }
}
