//! A canonicalisation pass over the module, run through LLVM's C API before `llvm-ir`
//! converts it, for two facts `llvm-ir` cannot represent:
//! - constant `getelementptr` expressions lose their source element type, so each one is
//!   rewritten to `getelementptr i8, base, <byte offset>` (offset computed by LLVM's own
//!   data layout);
//! - integer constants wider than 64 bits are truncated, so each instruction operand
//!   holding one is rebuilt from two 64-bit halves with instructions.
//!
//! It drops `llvm.prefetch` calls with the address arithmetic only they used: a hint
//! that touches no memory, whose address C code often computes out of bounds on purpose
//! (`__builtin_prefetch(&a[i - d])`, libsais), which ravel would report.
//!
//! It also narrows nondeterministic inputs that are only ever tested against zero
//! (`if (__VERIFIER_nondet_int())`): their calls are redirected to
//! `__ravel_nondet_zero_one_*`, whose values 0 and 1 cover every behaviour, so
//! exploration can enumerate them exhaustively.

use llvm_sys::analysis::{LLVMVerifierFailureAction, LLVMVerifyModule};
use llvm_sys::bit_writer::LLVMWriteBitcodeToFile;
use llvm_sys::core::*;
use llvm_sys::error::{LLVMDisposeErrorMessage, LLVMGetErrorMessage};
use llvm_sys::ir_reader::LLVMParseIRInContext;
use llvm_sys::prelude::*;
use llvm_sys::target::*;
use llvm_sys::transforms::pass_builder::{LLVMCreatePassBuilderOptions, LLVMDisposePassBuilderOptions, LLVMRunPasses};
use llvm_sys::{LLVMOpcode, LLVMTypeKind};
use rustc_hash::FxHashSet;
use std::ffi::{CStr, CString};
use std::path::Path;

/// The canonical module's notes for the user and its textual IR.
pub(crate) struct Canonical {
    pub notes: Vec<String>,
    pub text: String,
}

/// Parses `input` (bitcode or textual IR), promotes local variables to registers
/// (`mem2reg`), refuses targets ravel cannot interpret, canonicalises it and writes
/// bitcode to `output`. In-process, where `opt` and `llvm-dis` would be two more
/// processes, each paying LLVM's start-up (about 25 ms of CPU each, more than the whole
/// search of a small program).
pub(crate) fn canonicalize(input: &Path, output: &Path) -> Result<Canonical, String> {
    let input_c = CString::new(input.as_os_str().as_encoded_bytes()).map_err(|e| e.to_string())?;
    let output_c = CString::new(output.as_os_str().as_encoded_bytes()).map_err(|e| e.to_string())?;
    // SAFETY: plain LLVM C API use; every object created here is disposed before returning,
    // and values are only used while the module that owns them is alive.
    unsafe {
        let ctx = LLVMContextCreate();
        let result = (|| {
            let mut buf: LLVMMemoryBufferRef = std::ptr::null_mut();
            let mut msg: *mut std::os::raw::c_char = std::ptr::null_mut();
            if LLVMCreateMemoryBufferWithContentsOfFile(input_c.as_ptr(), &mut buf, &mut msg) != 0 {
                return Err(take_message(msg));
            }
            let mut module: LLVMModuleRef = std::ptr::null_mut();
            // LLVMParseIRInContext takes ownership of the buffer.
            if LLVMParseIRInContext(ctx, buf, &mut module, &mut msg) != 0 {
                return Err(invalid(take_message(msg)));
            }
            if let Err(why) = promote(module) {
                LLVMDisposeModule(module);
                return Err(invalid(why));
            }
            if let Some(why) = refuse_target(module) {
                LLVMDisposeModule(module);
                return Err(why);
            }
            let notes = crate::names::sanitize(module);
            crate::inline_asm::rewrite(ctx, module);
            let res = Canon::new(ctx, module).run().map(|()| Canonical { notes, text: module_text(module) });
            if res.is_ok() && LLVMWriteBitcodeToFile(module, output_c.as_ptr()) != 0 {
                LLVMDisposeModule(module);
                return Err(format!("cannot write {}", output.display()));
            }
            LLVMDisposeModule(module);
            res
        })();
        LLVMContextDispose(ctx);
        result
    }
}

/// Checks the module as `opt` does before its passes, then runs `mem2reg`: without
/// `optnone`, it removes the loads and stores of local variables whose address is never
/// taken.
unsafe fn promote(module: LLVMModuleRef) -> Result<(), String> {
    let mut msg: *mut std::os::raw::c_char = std::ptr::null_mut();
    if LLVMVerifyModule(module, LLVMVerifierFailureAction::LLVMReturnStatusAction, &mut msg) != 0 {
        return Err(take_message(msg));
    }
    LLVMDisposeMessage(msg);
    let options = LLVMCreatePassBuilderOptions();
    let error = LLVMRunPasses(module, c"mem2reg".as_ptr(), std::ptr::null_mut(), options);
    LLVMDisposePassBuilderOptions(options);
    if error.is_null() {
        return Ok(());
    }
    let msg = LLVMGetErrorMessage(error);
    let why = CStr::from_ptr(msg).to_string_lossy().into_owned();
    LLVMDisposeErrorMessage(msg);
    Err(why)
}

/// Why an input is not LLVM IR ravel reads: the diagnostic's first line (the next ones
/// quote the input).
fn invalid(why: String) -> String {
    format!("not valid LLVM 19 IR: {}", why.lines().next().unwrap_or_default())
}

/// The module as textual IR (what `llvm-dis` prints of its bitcode).
unsafe fn module_text(module: LLVMModuleRef) -> String {
    let text = LLVMPrintModuleToString(module);
    let owned = CStr::from_ptr(text).to_string_lossy().into_owned();
    LLVMDisposeMessage(text);
    owned
}

/// Why the module's target triple or data layout is not one ravel interprets, if so.
unsafe fn refuse_target(module: LLVMModuleRef) -> Option<String> {
    let triple = LLVMGetTarget(module);
    let triple = if triple.is_null() { String::new() } else { CStr::from_ptr(triple).to_string_lossy().into_owned() };
    let td = LLVMCreateTargetData(LLVMGetDataLayoutStr(module));
    let little = LLVMByteOrder(td) == LLVMByteOrdering::LLVMLittleEndian;
    let pointer = LLVMPointerSize(td);
    LLVMDisposeTargetData(td);
    crate::target::refuse(&triple, little, pointer)
}

unsafe fn take_message(msg: *mut std::os::raw::c_char) -> String {
    if msg.is_null() {
        return "unknown LLVM error".into();
    }
    let s = CStr::from_ptr(msg).to_string_lossy().trim().to_string();
    LLVMDisposeMessage(msg);
    s
}

struct Canon {
    ctx: LLVMContextRef,
    module: LLVMModuleRef,
    td: LLVMTargetDataRef,
    seen: FxHashSet<LLVMValueRef>,
    /// Constant GEPs in DFS post-order; processed in reverse so users go before operands.
    geps: Vec<LLVMValueRef>,
    /// A >64-bit constant nested inside another constant, which cannot be rebuilt.
    nested_wide: Option<String>,
}

impl Canon {
    unsafe fn new(ctx: LLVMContextRef, module: LLVMModuleRef) -> Canon {
        let td = LLVMCreateTargetData(LLVMGetDataLayoutStr(module));
        Canon { ctx, module, td, seen: FxHashSet::default(), geps: Vec::new(), nested_wide: None }
    }

    unsafe fn run(mut self) -> Result<(), String> {
        let res = self.rewrite();
        LLVMDisposeTargetData(self.td);
        res
    }

    unsafe fn rewrite(&mut self) -> Result<(), String> {
        self.drop_prefetches();
        self.flatten_fp80_globals();
        let mut g = LLVMGetFirstGlobal(self.module);
        while !g.is_null() {
            let init = LLVMGetInitializer(g);
            if !init.is_null() {
                self.collect(init);
            }
            g = LLVMGetNextGlobal(g);
        }
        let mut wide_uses = Vec::new();
        self.for_each_instruction(|c, inst| {
            for i in 0..LLVMGetNumOperands(inst) {
                let op = LLVMGetOperand(inst, i as u32);
                if op.is_null() || LLVMIsAConstant(op).is_null() {
                    continue;
                }
                if is_wide_int_constant(op) || is_fp80_constant(op) {
                    wide_uses.push((inst, i as u32, op));
                } else {
                    c.collect(op);
                }
            }
        });
        if let Some(what) = self.nested_wide.take() {
            return Err(format!("unsupported: integer constant wider than 64 bits inside a constant ({what})"));
        }
        self.narrow_zero_tested_inputs();
        for gep in std::mem::take(&mut self.geps).into_iter().rev() {
            self.canonical_gep(gep)?;
        }
        for (inst, idx, c) in wide_uses {
            if is_fp80_constant(c) {
                self.materialise_fp80(inst, idx, c)?;
            } else {
                self.materialise_wide(inst, idx, c)?;
            }
        }
        Ok(())
    }

    /// Erases every `llvm.prefetch` call, then each `getelementptr` instruction (and the
    /// ones it was computed from) left without a use.
    unsafe fn drop_prefetches(&mut self) {
        let prefetches = self.functions_where(|name| name.starts_with(b"llvm.prefetch"));
        for call in prefetches.into_iter().flat_map(|(f, _)| calls_of(f)) {
            let mut address = LLVMGetOperand(call, 0);
            LLVMInstructionEraseFromParent(call);
            while !address.is_null()
                && !LLVMIsAGetElementPtrInst(address).is_null()
                && LLVMGetFirstUse(address).is_null()
            {
                let base = LLVMGetOperand(address, 0);
                LLVMInstructionEraseFromParent(address);
                address = base;
            }
        }
    }

    /// The module's functions whose name `wanted` accepts, with their names.
    unsafe fn functions_where(&self, wanted: impl Fn(&[u8]) -> bool) -> Vec<(LLVMValueRef, String)> {
        let mut found = Vec::new();
        let mut f = LLVMGetFirstFunction(self.module);
        while !f.is_null() {
            let mut len = 0usize;
            let name = LLVMGetValueName2(f, &mut len);
            let name = std::slice::from_raw_parts(name as *const u8, len);
            if wanted(name) {
                found.push((f, String::from_utf8_lossy(name).into_owned()));
            }
            f = LLVMGetNextFunction(f);
        }
        found
    }

    /// Redirects calls of nondeterministic-input functions whose result is only compared
    /// with zero (`icmp eq/ne x, 0`) to a zero-or-one input of the same type.
    unsafe fn narrow_zero_tested_inputs(&mut self) {
        let inputs =
            self.functions_where(|name| name.starts_with(b"__VERIFIER_nondet_") || name.starts_with(b"ravel_nondet_"));
        for (f, name) in inputs {
            let calls: Vec<LLVMValueRef> = calls_of(f).into_iter().filter(|&c| only_zero_tested(c)).collect();
            if calls.is_empty() {
                continue;
            }
            let narrow = CString::new(format!("__ravel_nondet_zero_one_{name}")).unwrap_or_default();
            let mut g = LLVMGetNamedFunction(self.module, narrow.as_ptr());
            if g.is_null() {
                g = LLVMAddFunction(self.module, narrow.as_ptr(), LLVMGlobalGetValueType(f));
            }
            for call in calls {
                let callee = LLVMGetNumOperands(call) as u32 - 1;
                LLVMSetOperand(call, callee, g);
            }
        }
    }

    unsafe fn for_each_instruction(&mut self, mut f: impl FnMut(&mut Self, LLVMValueRef)) {
        let mut func = LLVMGetFirstFunction(self.module);
        while !func.is_null() {
            let mut bb = LLVMGetFirstBasicBlock(func);
            while !bb.is_null() {
                let mut inst = LLVMGetFirstInstruction(bb);
                while !inst.is_null() {
                    f(self, inst);
                    inst = LLVMGetNextInstruction(inst);
                }
                bb = LLVMGetNextBasicBlock(bb);
            }
            func = LLVMGetNextFunction(func);
        }
    }

    /// Records every constant GEP reachable from constant `c` (post-order), and notes
    /// nested wide integer constants.
    unsafe fn collect(&mut self, c: LLVMValueRef) {
        if c.is_null() || LLVMIsAConstant(c).is_null() || !LLVMIsAGlobalValue(c).is_null() || !self.seen.insert(c) {
            return;
        }
        if is_wide_int_constant(c) && parse_int_literal(&print_value(c)).is_none_or(|v| v > u64::MAX as u128) {
            self.nested_wide.get_or_insert_with(|| print_value(c));
        }
        for i in 0..LLVMGetNumOperands(c) {
            self.collect(LLVMGetOperand(c, i as u32));
        }
        if !LLVMIsAConstantExpr(c).is_null() && LLVMGetConstOpcode(c) == LLVMOpcode::LLVMGetElementPtr {
            self.geps.push(c);
        }
    }

    /// Replaces a constant GEP by `gep i8, base, offset`.
    unsafe fn canonical_gep(&mut self, gep: LLVMValueRef) -> Result<(), String> {
        let i8t = LLVMInt8TypeInContext(self.ctx);
        let src = LLVMGetGEPSourceElementType(gep);
        let n = LLVMGetNumOperands(gep) as u32;
        if src == i8t && n <= 2 {
            return Ok(());
        }
        let mut offset: i64 = 0;
        let mut ty = src;
        for i in 1..n {
            let idx = LLVMGetOperand(gep, i);
            if LLVMIsAConstantInt(idx).is_null() {
                return Err(format!("constant getelementptr with a non-integer index: {}", print_value(gep)));
            }
            let v = LLVMConstIntGetSExtValue(idx);
            if i == 1 {
                offset = offset.wrapping_add(v.wrapping_mul(LLVMABISizeOfType(self.td, ty) as i64));
                continue;
            }
            match LLVMGetTypeKind(ty) {
                LLVMTypeKind::LLVMStructTypeKind => {
                    offset = offset.wrapping_add(LLVMOffsetOfElement(self.td, ty, v as u32) as i64);
                    ty = LLVMStructGetTypeAtIndex(ty, v as u32);
                }
                LLVMTypeKind::LLVMArrayTypeKind => {
                    ty = LLVMGetElementType(ty);
                    offset = offset.wrapping_add(v.wrapping_mul(LLVMABISizeOfType(self.td, ty) as i64));
                }
                LLVMTypeKind::LLVMVectorTypeKind => {
                    ty = LLVMGetElementType(ty);
                    offset = offset.wrapping_add(v.wrapping_mul(LLVMStoreSizeOfType(self.td, ty) as i64));
                }
                _ => return Err(format!("unexpected constant getelementptr: {}", print_value(gep))),
            }
        }
        let idx_ty = LLVMIntTypeInContext(self.ctx, LLVMPointerSize(self.td) * 8);
        let mut off = LLVMConstInt(idx_ty, offset as u64, 1);
        let base = LLVMGetOperand(gep, 0);
        let replacement = LLVMConstGEP2(i8t, base, &mut off, 1);
        LLVMReplaceAllUsesWith(gep, replacement);
        Ok(())
    }

    /// Replaces each global whose initializer holds x86_fp80 constants (whose values
    /// `llvm-ir` drops) by a byte array with the same memory image, when the initializer
    /// has no addresses in it; others stay (and their loading reports the constant).
    unsafe fn flatten_fp80_globals(&mut self) {
        let mut globals = Vec::new();
        let mut g = LLVMGetFirstGlobal(self.module);
        while !g.is_null() {
            let init = LLVMGetInitializer(g);
            if !init.is_null() && has_fp80(LLVMTypeOf(init)) {
                globals.push((g, init));
            }
            g = LLVMGetNextGlobal(g);
        }
        for (g, init) in globals {
            let ty = LLVMTypeOf(init);
            let mut image = Image { bytes: vec![0u8; LLVMABISizeOfType(self.td, ty) as usize], kept: Vec::new() };
            if self.write_image(init, &mut image, 0).is_none() {
                continue;
            }
            let init = self.image_constant(&image);
            let flat = LLVMAddGlobal(self.module, LLVMTypeOf(init), c"".as_ptr());
            LLVMSetInitializer(flat, init);
            LLVMSetLinkage(flat, LLVMGetLinkage(g));
            LLVMSetGlobalConstant(flat, LLVMIsGlobalConstant(g));
            LLVMSetThreadLocal(flat, LLVMIsThreadLocal(g));
            let align = LLVMGetAlignment(g);
            LLVMSetAlignment(flat, if align == 0 { LLVMABIAlignmentOfType(self.td, ty) } else { align });
            let mut entries = 0usize;
            let metadata = LLVMGlobalCopyAllMetadata(g, &mut entries);
            for i in 0..entries as u32 {
                let kind = LLVMValueMetadataEntriesGetKind(metadata, i);
                LLVMGlobalSetMetadata(flat, kind, LLVMValueMetadataEntriesGetMetadata(metadata, i));
            }
            if !metadata.is_null() {
                LLVMDisposeValueMetadataEntries(metadata);
            }
            let mut len = 0usize;
            let name = LLVMGetValueName2(g, &mut len);
            let name = std::slice::from_raw_parts(name as *const u8, len).to_vec();
            LLVMSetValueName2(g, c"".as_ptr(), 0);
            LLVMSetValueName2(flat, name.as_ptr() as *const _, name.len());
            LLVMReplaceAllUsesWith(g, flat);
            LLVMDeleteGlobal(g);
        }
    }

    /// A packed struct of byte arrays and the image's kept constants, in offset order:
    /// the same memory image.
    unsafe fn image_constant(&self, image: &Image) -> LLVMValueRef {
        let bytes = |from: usize, to: usize| {
            let part = &image.bytes[from..to];
            LLVMConstStringInContext2(self.ctx, part.as_ptr() as *const _, part.len(), 1)
        };
        let mut fields = Vec::new();
        let mut at = 0;
        for &(offset, c) in &image.kept {
            if offset > at {
                fields.push(bytes(at, offset));
            }
            fields.push(c);
            at = offset + LLVMStoreSizeOfType(self.td, LLVMTypeOf(c)) as usize;
        }
        if at < image.bytes.len() || fields.is_empty() {
            fields.push(bytes(at, image.bytes.len()));
        }
        LLVMConstStructInContext(self.ctx, fields.as_mut_ptr(), fields.len() as u32, 1)
    }

    /// Writes the memory image of constant `c` at `offset`: bytes where they are fixed,
    /// addresses and other pointer or integer expressions kept as constants; `None` for
    /// unusual float types.
    unsafe fn write_image(&self, c: LLVMValueRef, image: &mut Image, offset: usize) -> Option<()> {
        let ty = LLVMTypeOf(c);
        let out = &mut image.bytes;
        let mut put = |v: u128, len: usize| {
            let dst = out.get_mut(offset..offset + len)?;
            dst.copy_from_slice(&v.to_le_bytes()[..len]);
            Some(())
        };
        let store = LLVMStoreSizeOfType(self.td, ty) as usize;
        if !LLVMIsAConstantInt(c).is_null() {
            return put(parse_int_literal(&print_value(c))?, store.min(16));
        }
        if !LLVMIsAConstantFP(c).is_null() {
            let mut loses = 0;
            return match LLVMGetTypeKind(ty) {
                LLVMTypeKind::LLVMX86_FP80TypeKind => put(parse_fp80_literal(&print_value(c))?, 10),
                LLVMTypeKind::LLVMDoubleTypeKind => put(u128::from(LLVMConstRealGetDouble(c, &mut loses).to_bits()), 8),
                LLVMTypeKind::LLVMFloatTypeKind => {
                    put(u128::from((LLVMConstRealGetDouble(c, &mut loses) as f32).to_bits()), 4)
                }
                _ => None,
            };
        }
        if !LLVMIsAConstantAggregateZero(c).is_null() || !LLVMIsAUndefValue(c).is_null() {
            return Some(());
        }
        let (count, struct_ty) = match LLVMGetTypeKind(ty) {
            LLVMTypeKind::LLVMStructTypeKind => (LLVMCountStructElementTypes(ty) as u64, true),
            LLVMTypeKind::LLVMArrayTypeKind => (LLVMGetArrayLength2(ty), false),
            LLVMTypeKind::LLVMPointerTypeKind | LLVMTypeKind::LLVMIntegerTypeKind => {
                image.kept.push((offset, c));
                return Some(());
            }
            _ => return None,
        };
        for i in 0..count {
            let element = LLVMGetAggregateElement(c, i as u32);
            if element.is_null() {
                return None;
            }
            let at = if struct_ty {
                LLVMOffsetOfElement(self.td, ty, i as u32)
            } else {
                i * LLVMABISizeOfType(self.td, LLVMGetElementType(ty))
            };
            self.write_image(element, image, offset + at as usize)?;
        }
        Some(())
    }

    /// Rebuilds an x86_fp80 constant operand (whose value `llvm-ir` drops) as the bitcast
    /// of its 80-bit pattern, built from two 64-bit halves right before its use.
    unsafe fn materialise_fp80(&mut self, inst: LLVMValueRef, idx: u32, c: LLVMValueRef) -> Result<(), String> {
        let text = print_value(c);
        let bits = parse_fp80_literal(&text).ok_or_else(|| format!("cannot read constant {text}"))?;
        let builder = self.builder_at_use(inst, idx);
        let full = self.build_from_halves(builder, bits, LLVMIntTypeInContext(self.ctx, 80));
        let value = LLVMBuildBitCast(builder, full, LLVMTypeOf(c), c"".as_ptr());
        LLVMSetOperand(inst, idx, value);
        LLVMDisposeBuilder(builder);
        Ok(())
    }

    /// A builder positioned where operand `idx` of `inst` is computed: before `inst`, or
    /// for a phi at the end of the incoming block.
    unsafe fn builder_at_use(&self, inst: LLVMValueRef, idx: u32) -> LLVMBuilderRef {
        let builder = LLVMCreateBuilderInContext(self.ctx);
        let at = if LLVMIsAPHINode(inst).is_null() {
            inst
        } else {
            LLVMGetBasicBlockTerminator(LLVMGetIncomingBlock(inst, idx))
        };
        LLVMPositionBuilderBefore(builder, at);
        builder
    }

    /// `(zext hi) << 64 | zext lo` of type `ty`: instructions LLVM does not fold back
    /// into a constant (the halves are frozen).
    unsafe fn build_from_halves(&self, builder: LLVMBuilderRef, value: u128, ty: LLVMTypeRef) -> LLVMValueRef {
        let i64t = LLVMInt64TypeInContext(self.ctx);
        let half = |v: u64, name: &[u8]| {
            let frozen = LLVMBuildFreeze(builder, LLVMConstInt(i64t, v, 0), name.as_ptr() as *const _);
            LLVMBuildZExt(builder, frozen, ty, c"".as_ptr())
        };
        let lo = half(value as u64, b"lo\0");
        let hi = half((value >> 64) as u64, b"hi\0");
        let shifted = LLVMBuildShl(builder, hi, LLVMConstInt(ty, 64, 0), c"".as_ptr());
        LLVMBuildOr(builder, shifted, lo, c"".as_ptr())
    }

    /// Inserts a call of `__ravel_unsupported(what)` at the builder's position.
    unsafe fn stop_unsupported(&mut self, builder: LLVMBuilderRef, what: &str) {
        let ptr = LLVMPointerTypeInContext(self.ctx, 0);
        let mut params = [ptr];
        let fn_ty = LLVMFunctionType(LLVMVoidTypeInContext(self.ctx), params.as_mut_ptr(), 1, 0);
        let name = c"__ravel_unsupported";
        let mut f = LLVMGetNamedFunction(self.module, name.as_ptr());
        if f.is_null() {
            f = LLVMAddFunction(self.module, name.as_ptr(), fn_ty);
        }
        let text = CString::new(what).unwrap_or_default();
        let mut args = [LLVMBuildGlobalStringPtr(builder, text.as_ptr(), c"ravel.unsupported".as_ptr())];
        LLVMBuildCall2(builder, fn_ty, f, args.as_mut_ptr(), 1, c"".as_ptr());
    }

    /// Rebuilds a >64-bit constant operand as `(zext hi) << 64 | zext lo` right before its use.
    unsafe fn materialise_wide(&mut self, inst: LLVMValueRef, idx: u32, c: LLVMValueRef) -> Result<(), String> {
        let ty = LLVMTypeOf(c);
        let bits = LLVMGetIntTypeWidth(ty);
        // A constant that fits in 64 bits survives `llvm-ir` whatever its type's width (the
        // lowering then reports operations on integers wider than 128 bits as unsupported).
        let value = parse_int_literal(&print_value(c));
        if value.is_some_and(|v| v <= u64::MAX as u128) {
            return Ok(());
        }
        let builder = self.builder_at_use(inst, idx);
        if bits > 128 {
            // Integers this wide are not interpreted: stop there, when (if) it runs.
            self.stop_unsupported(builder, &format!("integer constant of {bits} bits"));
            LLVMSetOperand(inst, idx, LLVMGetPoison(ty));
            LLVMDisposeBuilder(builder);
            return Ok(());
        }
        let value = value.ok_or_else(|| format!("cannot read constant {}", print_value(c)))?;
        let full = self.build_from_halves(builder, value, ty);
        LLVMSetOperand(inst, idx, full);
        LLVMDisposeBuilder(builder);
        Ok(())
    }
}

/// True when every use of `v` is an equality comparison with the constant zero.
/// The calls of function `f` (not the other uses of its address).
unsafe fn calls_of(f: LLVMValueRef) -> Vec<LLVMValueRef> {
    let mut calls = Vec::new();
    let mut u = LLVMGetFirstUse(f);
    while !u.is_null() {
        let user = LLVMGetUser(u);
        if !LLVMIsACallInst(user).is_null() && LLVMGetCalledValue(user) == f {
            calls.push(user);
        }
        u = LLVMGetNextUse(u);
    }
    calls
}

unsafe fn only_zero_tested(v: LLVMValueRef) -> bool {
    let mut u = LLVMGetFirstUse(v);
    if u.is_null() {
        return false;
    }
    while !u.is_null() {
        let user = LLVMGetUser(u);
        if LLVMIsAICmpInst(user).is_null()
            || !matches!(
                LLVMGetICmpPredicate(user),
                llvm_sys::LLVMIntPredicate::LLVMIntEQ | llvm_sys::LLVMIntPredicate::LLVMIntNE
            )
        {
            return false;
        }
        let other = if LLVMGetOperand(user, 0) == v { LLVMGetOperand(user, 1) } else { LLVMGetOperand(user, 0) };
        if LLVMIsAConstantInt(other).is_null() || LLVMConstIntGetZExtValue(other) != 0 {
            return false;
        }
        u = LLVMGetNextUse(u);
    }
    true
}

unsafe fn is_wide_int_constant(v: LLVMValueRef) -> bool {
    !LLVMIsAConstantInt(v).is_null() && LLVMGetIntTypeWidth(LLVMTypeOf(v)) > 64
}

/// The memory image of a global's initializer: its bytes, and the constants (addresses)
/// that stay constants, by offset.
struct Image {
    bytes: Vec<u8>,
    kept: Vec<(usize, LLVMValueRef)>,
}

/// True when values of type `ty` hold an x86_fp80 somewhere.
unsafe fn has_fp80(ty: LLVMTypeRef) -> bool {
    match LLVMGetTypeKind(ty) {
        LLVMTypeKind::LLVMX86_FP80TypeKind => true,
        LLVMTypeKind::LLVMArrayTypeKind | LLVMTypeKind::LLVMVectorTypeKind => has_fp80(LLVMGetElementType(ty)),
        LLVMTypeKind::LLVMStructTypeKind => {
            (0..LLVMCountStructElementTypes(ty)).any(|i| has_fp80(LLVMStructGetTypeAtIndex(ty, i)))
        }
        _ => false,
    }
}

unsafe fn is_fp80_constant(v: LLVMValueRef) -> bool {
    !LLVMIsAConstantFP(v).is_null() && LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMTypeKind::LLVMX86_FP80TypeKind
}

/// Reads the 80-bit pattern of a printed constant such as `x86_fp80 0xK3FFF8000000000000000`.
fn parse_fp80_literal(text: &str) -> Option<u128> {
    let hex = text.split_whitespace().last()?.strip_prefix("0xK")?;
    u128::from_str_radix(hex, 16).ok().filter(|v| *v >> 80 == 0)
}

unsafe fn print_value(v: LLVMValueRef) -> String {
    let p = LLVMPrintValueToString(v);
    let s = CStr::from_ptr(p).to_string_lossy().into_owned();
    LLVMDisposeMessage(p);
    s
}

/// Reads the integer of a printed constant such as `i128 -5`, as its 128-bit pattern.
fn parse_int_literal(text: &str) -> Option<u128> {
    let lit = text.split_whitespace().last()?;
    match lit {
        "true" => Some(1),
        "false" => Some(0),
        _ => match lit.strip_prefix('-') {
            Some(mag) => Some(mag.parse::<u128>().ok()?.wrapping_neg()),
            None => lit.parse::<u128>().ok(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::{parse_fp80_literal, parse_int_literal};

    #[test]
    fn reads_fp80_literals() {
        assert_eq!(parse_fp80_literal("x86_fp80 0xK3FFF8000000000000000"), Some(0x3FFF_8000_0000_0000_0000));
        assert_eq!(parse_fp80_literal("double 1.0"), None);
    }

    #[test]
    fn reads_wide_literals() {
        assert_eq!(parse_int_literal("i128 -1"), Some(u128::MAX));
        assert_eq!(parse_int_literal("i128 18446744073709551616"), Some(1u128 << 64));
        assert_eq!(parse_int_literal("i1 true"), Some(1));
    }
}
