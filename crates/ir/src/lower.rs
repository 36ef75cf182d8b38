//! Lowering of an `llvm-ir` module into the [`Program`] the interpreter runs.

use crate::addr;
use crate::builtins::Builtin;
use crate::consts::{gep_terms, name_str, ConstFolder, GepIndex, SymbolTable};
use crate::dense::Dense;
use crate::function::*;
use crate::global::Global;
use crate::inst::*;
use crate::layout::Layout;
use crate::liveness::Liveness;
use crate::program::*;
use llvm_ir::instruction as li;
use llvm_ir::terminator as lt;
use llvm_ir::{Constant, Instruction, Module, Name, Operand, Terminator, Type, TypeRef};
use rustc_hash::FxHashMap;

/// Lowers a whole module. Errors here are global problems (a global's initializer ravel
/// cannot fold); problems inside function bodies become `Unsupported` instructions.
pub fn lower(module: &Module) -> Result<Program, String> {
    let layout = Layout::new(&module.types, &module.data_layout);
    let model = DataModel { ptr_bytes: layout.ptr_bytes, long_bytes: layout.ptr_bytes };

    // Function ids: definitions first, then declarations (as stubs).
    let mut func_ids: FxHashMap<String, FuncId> = FxHashMap::default();
    let mut symbols = SymbolTable::default();
    let decl_names: Vec<&str> = module
        .func_declarations
        .iter()
        .map(|d| d.name.as_str())
        .filter(|n| !module.functions.iter().any(|f| f.name == *n))
        .collect();
    for (i, name) in module.functions.iter().map(|f| f.name.as_str()).chain(decl_names.iter().copied()).enumerate() {
        func_ids.insert(name.to_string(), i as FuncId);
        symbols.insert(name.to_string(), Program::function_addr(i as FuncId));
    }

    // Global addresses.
    let mut next = addr::GLOBAL_BASE;
    let mut placed = Vec::new();
    for g in &module.global_vars {
        // `g.ty` is the global's pointer type; the value type is the initializer's.
        let value_ty =
            g.initializer.as_ref().map(|c| module.types.type_of(c)).unwrap_or_else(|| module.types.pointer());
        let size =
            if is_undefined_external(g) { addr::EXTERN_SPAN } else { layout.alloc_size(&value_ty).unwrap_or(0).max(1) };
        let align = layout.align(&value_ty).unwrap_or(8).max(g.alignment as u64).max(1);
        let a = next.next_multiple_of(align.max(16));
        symbols.insert(name_str(&g.name), a);
        placed.push((a, size));
        next = a + size + addr::RED_ZONE;
    }
    // The three standard streams: `stdin`, `stdout`, `stderr` point at these handles.
    let mut std_streams = [0u64; 3];
    for s in std_streams.iter_mut() {
        *s = next.next_multiple_of(16);
        next = *s + 16 + addr::RED_ZONE;
    }
    for a in &module.global_aliases {
        if let Constant::GlobalReference { name, .. } = a.aliasee.as_ref() {
            if let Some(addr) = symbols.get(&name_str(name)).copied() {
                symbols.insert(name_str(&a.name), addr);
            }
        }
    }

    let folder = ConstFolder { layout: &layout, types: &module.types, symbols: &symbols };
    let mut globals = Vec::new();
    let mut ctors = Vec::new();
    for (g, (a, size)) in module.global_vars.iter().zip(&placed) {
        let name = name_str(&g.name);
        let mut init = match &g.initializer {
            Some(c) if !matches!(c.as_ref(), Constant::AggregateZero(_)) => {
                trim_zeros(folder.image(c).map_err(|e| format!("initializer of @{name}: {e}"))?, *size)
            }
            _ => Vec::new(),
        };
        match name.as_str() {
            "stdin" | "stdout" | "stderr" if g.initializer.is_none() => {
                let idx = ["stdin", "stdout", "stderr"].iter().position(|s| *s == name).unwrap_or(0);
                let bytes = std_streams[idx].to_le_bytes();
                let n = (layout.ptr_bytes as usize).min(*size as usize);
                init.resize(init.len().max(n), 0);
                init[..n].copy_from_slice(&bytes[..n]);
            }
            "llvm.global_ctors" => ctors = global_ctors(g, &symbols),
            _ => {}
        }
        globals.push(Global {
            name,
            addr: *a,
            size: *size,
            init,
            is_const: g.is_constant,
            thread_local: g.thread_local_mode != llvm_ir::module::ThreadLocalMode::NotThreadLocal,
            unread: false,
            external: is_undefined_external(g),
        });
    }
    for (i, s) in std_streams.iter().enumerate() {
        globals.push(Global {
            name: ["<stdin>", "<stdout>", "<stderr>"][i].into(),
            addr: *s,
            size: 16,
            init: Vec::new(),
            is_const: false,
            thread_local: false,
            unread: false,
            external: false,
        });
    }
    let ctors = ctors.into_iter().filter_map(|a| addr::function_at(a, func_ids.len())).collect();

    let mut ctx = Ctx {
        module,
        layout: &layout,
        folder: &folder,
        func_ids: &func_ids,
        wide: Vec::new(),
        files: Vec::new(),
        file_ids: FxHashMap::default(),
    };
    let mut functions = Vec::new();
    for f in &module.functions {
        functions.push(FnLowerer::new(&mut ctx, f.name.clone()).lower(f));
    }
    for name in &decl_names {
        let decl = module.get_func_decl_by_name(name);
        functions.push(stub(&mut ctx, name, decl));
    }
    let direct: Vec<bool> = functions.iter().map(|f| !f.is_var_arg && !f.atomic).collect();
    let params: Vec<usize> = functions.iter().map(|f| f.params.len()).collect();
    for f in &mut functions {
        f.dense = Dense::new(&f.code, |g, args| direct[g as usize] && args <= params[g as usize]);
    }
    let escapes = crate::global_uses::escaping_globals(&functions, &globals, &ctx.wide, layout.ptr_bytes);
    let unread = crate::global_uses::unread_globals(&functions, &globals, &escapes);
    for (g, u) in globals.iter_mut().zip(unread) {
        g.unread = u;
    }
    let effects = crate::effects::Effects::new(&functions, &globals, &escapes, &ctx.wide, layout.ptr_bytes);
    Ok(Program {
        functions,
        globals,
        wide_consts: ctx.wide,
        main: func_ids.get("main").copied().filter(|&m| (m as usize) < module.functions.len()),
        entry: None,
        ctors,
        model,
        files: ctx.files,
        globals_end: next,
        std_streams,
        effects,
        notes: Vec::new(),
        global_types: Default::default(),
        static_inits: Default::default(),
        bitcode_hash: 0,
    })
}

/// Declared globals the vm provides itself: the standard streams and the environment.
const PROVIDED_GLOBALS: &[&str] = &["stdin", "stdout", "stderr", "environ", "__environ"];

/// A global only declared (no linked file defines it) that ravel does not provide: a
/// library variable such as libevent's `epollops` when `epoll.c` was not linked in.
fn is_undefined_external(g: &llvm_ir::module::GlobalVariable) -> bool {
    g.initializer.is_none() && !PROVIDED_GLOBALS.contains(&name_str(&g.name).as_str())
}

/// Constructor function addresses of `@llvm.global_ctors`, by priority.
/// How the message about a function without a definition starts.
const UNDEFINED_FUNCTION: &str = "call to undefined function";
/// How the message about inline assembly ravel has no meaning for starts.
const UNMODELLED_ASM: &str = "inline assembly";

/// The message about a call of `name`, which no given file defines and ravel does not
/// model: its C name and what to do.
fn undefined_function(name: &str) -> String {
    if let Some(text) = crate::inline_asm::unsupported_text(name) {
        return format!(
            "{UNMODELLED_ASM} `{text}`, which ravel does not model (it models compiler \
             barriers, spin hints, fences, cpuid, rdtsc and the usual x86 atomic instructions; build with \
             the program's portable C variant if it has one)"
        );
    }
    format!(
        "{UNDEFINED_FUNCTION} `{name}`: no file given defines it and ravel has no model of it \
         (if it is the program's own, pass the file that defines it too, e.g. `ravel check main.c \
         other.c`; a library function ravel does not model yet cannot be checked)"
    )
}

fn global_ctors(g: &llvm_ir::module::GlobalVariable, symbols: &SymbolTable) -> Vec<u64> {
    let Some(init) = &g.initializer else {
        return Vec::new();
    };
    let Constant::Array { elements, .. } = init.as_ref() else {
        return Vec::new();
    };
    let mut out: Vec<(u64, u64)> = Vec::new();
    for e in elements {
        if let Constant::Struct { values, .. } = e.as_ref() {
            let prio = match values.first().map(|v| v.as_ref()) {
                Some(Constant::Int { value, .. }) => *value,
                _ => 65535,
            };
            if let Some(Constant::GlobalReference { name, .. }) = values.get(1).map(|v| v.as_ref()) {
                if let Some(a) = symbols.get(&name_str(name)) {
                    out.push((prio, *a));
                }
            }
        }
    }
    out.sort_by_key(|(p, _)| *p);
    out.into_iter().map(|(_, a)| a).collect()
}

/// What `--entry` can pass a parameter of type `ty`.
fn param_kind(ty: &Type) -> ParamKind {
    match ty {
        Type::IntegerType { bits } => ParamKind::Int(*bits),
        Type::PointerType { .. } => ParamKind::Ptr,
        _ => ParamKind::Other,
    }
}

/// A function body for a declaration: forwards to the builtin model, or stops with
/// "unsupported" when ravel has no model.
fn stub(ctx: &mut Ctx, name: &str, decl: Option<&llvm_ir::function::FunctionDeclaration>) -> Function {
    let mut params = Vec::new();
    let mut param_kinds = Vec::new();
    let mut args = Vec::new();
    let mut next = 0;
    let mut ret = None;
    let mut ret_bits = 0;
    if let Some(d) = decl {
        ret_bits = value_bits(ctx.layout, &d.return_type);
        for p in &d.parameters {
            let words = ctx.layout.words(&p.ty).unwrap_or(1);
            params.push((next, words));
            param_kinds.push(param_kind(&p.ty));
            let bytes = ctx.layout.store_size(&p.ty).unwrap_or(8) as u32;
            args.push(Arg { opd: Opd::Reg(next), bytes, is_float: matches!(p.ty.as_ref(), Type::FPType(_)), byval: 0 });
            next += words;
        }
        if !matches!(d.return_type.as_ref(), Type::VoidType) {
            let words = ctx.layout.words(&d.return_type).unwrap_or(1);
            ret = Some((next, words));
            next += words;
        }
    }
    let code = match Builtin::from_name(name) {
        Some(b) => vec![
            Inst::Call {
                dst: ret,
                callee: Callee::Builtin(b),
                args: args.into(),
                fixed_args: params.len() as u32,
                ret_bits,
            },
            Inst::Ret { val: ret.map(|(r, w)| (Opd::Reg(r), w)) },
        ],
        None => vec![Inst::Unsupported { what: undefined_function(name).into() }],
    };
    let locs = vec![SrcLoc::default(); code.len()];
    let units: Vec<Reg> = params.iter().map(|p| p.0).chain(ret.map(|r| r.0)).collect();
    Function {
        live: Liveness::new(&code, units),
        private_allocas: crate::private_allocas::private_allocas(&code),
        name: name.to_string(),
        params,
        param_kinds,
        is_var_arg: decl.is_some_and(|d| d.is_var_arg),
        frame_words: next,
        code,
        locs,
        dense: Dense::default(),
        atomic: false,
        loc: SrcLoc::default(),
    }
}

/// State shared by the lowering of all functions.
struct Ctx<'a, 'm> {
    module: &'m Module,
    layout: &'a Layout<'m>,
    folder: &'a ConstFolder<'a, 'm>,
    func_ids: &'a FxHashMap<String, FuncId>,
    wide: Vec<u64>,
    files: Vec<String>,
    file_ids: FxHashMap<String, u32>,
}

impl Ctx<'_, '_> {
    fn loc(&mut self, d: &Option<llvm_ir::DebugLoc>) -> SrcLoc {
        let Some(d) = d else { return SrcLoc::default() };
        let path = match &d.directory {
            Some(dir) if !d.filename.starts_with('/') && !dir.is_empty() => {
                format!("{dir}/{}", d.filename)
            }
            _ => d.filename.clone(),
        };
        let next = self.files.len() as u32;
        let file = *self.file_ids.entry(path.clone()).or_insert_with(|| {
            self.files.push(path);
            next
        });
        SrcLoc { file, line: d.line, col: d.col.unwrap_or(0) }
    }

    /// A constant operand: inline when it fits a word, else in the wide-constant pool.
    fn constant(&mut self, c: &llvm_ir::ConstantRef) -> Result<Opd, String> {
        let img = self.folder.image(c)?;
        Ok(self.image_opd(&img))
    }

    fn image_opd(&mut self, img: &[u8]) -> Opd {
        if img.len() <= 8 {
            let mut w = [0u8; 8];
            w[..img.len()].copy_from_slice(img);
            Opd::Imm(u64::from_le_bytes(w))
        } else {
            let idx = self.wide.len() as u32;
            for chunk in img.chunks(8) {
                let mut w = [0u8; 8];
                w[..chunk.len()].copy_from_slice(chunk);
                self.wide.push(u64::from_le_bytes(w));
            }
            Opd::Wide(idx)
        }
    }
}

/// Lowers one function.
struct FnLowerer<'c, 'a, 'm> {
    ctx: &'c mut Ctx<'a, 'm>,
    name: String,
    regs: FxHashMap<Name, (Reg, u32)>,
    next_reg: Reg,
    /// First register of every allocation, ascending (see [`Liveness`]).
    units: Vec<Reg>,
    code: Vec<Inst>,
    locs: Vec<SrcLoc>,
    /// Control-flow edges `(from block, to block)`; branch targets hold edge ids until patched.
    edges: Vec<(usize, usize)>,
    blocks: FxHashMap<Name, usize>,
    /// Instructions an operand needs before the instruction that uses it.
    prefix: Vec<Inst>,
}

/// Marks a lowering failure inside a function: it becomes an `Unsupported` instruction.
type Lowered<T> = Result<T, String>;

impl<'c, 'a, 'm> FnLowerer<'c, 'a, 'm> {
    fn new(ctx: &'c mut Ctx<'a, 'm>, name: String) -> Self {
        FnLowerer {
            ctx,
            name,
            regs: FxHashMap::default(),
            next_reg: 0,
            units: Vec::new(),
            code: Vec::new(),
            locs: Vec::new(),
            edges: Vec::new(),
            blocks: FxHashMap::default(),
            prefix: Vec::new(),
        }
    }

    fn alloc_reg(&mut self, words: u32) -> Reg {
        let r = self.next_reg;
        self.next_reg += words.max(1);
        self.units.push(r);
        r
    }

    fn define(&mut self, name: &Name, ty: &Type) -> Lowered<Reg> {
        let words = self.ctx.layout.words(ty)?;
        let r = self.alloc_reg(words);
        self.regs.insert(name.clone(), (r, words));
        Ok(r)
    }

    fn lower(mut self, f: &llvm_ir::Function) -> Function {
        let mut params = Vec::new();
        let param_kinds = f.parameters.iter().map(|p| param_kind(&p.ty)).collect();
        for p in &f.parameters {
            match self.define(&p.name, &p.ty) {
                Ok(r) => params.push((r, self.regs[&p.name].1)),
                Err(_) => params.push((self.alloc_reg(1), 1)),
            }
        }
        for (i, bb) in f.basic_blocks.iter().enumerate() {
            self.blocks.insert(bb.name.clone(), i);
        }
        // Define every result register first: phis may refer to later definitions.
        for bb in &f.basic_blocks {
            for inst in &bb.instrs {
                if let Some(dest) = inst.try_get_result() {
                    let ty = self.ctx.module.type_of(inst);
                    if self.define(dest, &ty).is_err() {
                        let r = self.alloc_reg(1);
                        self.regs.insert(dest.clone(), (r, 1));
                    }
                }
            }
        }
        let mut block_pc = Vec::new();
        for (bi, bb) in f.basic_blocks.iter().enumerate() {
            block_pc.push(self.code.len() as Pc);
            for inst in &bb.instrs {
                let loc = self.ctx.loc(inst_debugloc(inst));
                let r = self.instruction(inst);
                self.finish(r, loc, || format!("{inst}"));
            }
            let loc = self.ctx.loc(term_debugloc(&bb.term));
            let r = self.terminator(bi, &bb.term);
            self.finish(r, loc, || format!("{}", bb.term));
        }
        let body_len = self.code.len();
        let edge_pc = self.edge_stubs(f, &block_pc);
        for inst in &mut self.code[..body_len] {
            match inst {
                Inst::Jump { target } => *target = edge_pc[*target as usize],
                Inst::Branch { then_pc, else_pc, .. } => {
                    *then_pc = edge_pc[*then_pc as usize];
                    *else_pc = edge_pc[*else_pc as usize];
                }
                Inst::Switch { cases, default, .. } => {
                    *default = edge_pc[*default as usize];
                    for (_, t) in cases.iter_mut() {
                        *t = edge_pc[*t as usize];
                    }
                }
                _ => {}
            }
        }
        let loc = self.ctx.loc(&f.debugloc);
        crate::unread_results::drop_unread_barrier_results(&mut self.code);
        Function {
            live: Liveness::new(&self.code, std::mem::take(&mut self.units)),
            private_allocas: crate::private_allocas::private_allocas(&self.code),
            atomic: self.name.starts_with("__VERIFIER_atomic_"),
            name: self.name,
            params,
            param_kinds,
            is_var_arg: f.is_var_arg,
            frame_words: self.next_reg,
            code: self.code,
            locs: self.locs,
            loc,
            dense: Dense::default(),
        }
    }

    /// Appends the phi moves of each edge and returns the pc each edge id jumps to.
    fn edge_stubs(&mut self, f: &llvm_ir::Function, block_pc: &[Pc]) -> Vec<Pc> {
        let mut edge_pc = Vec::with_capacity(self.edges.len());
        for e in 0..self.edges.len() {
            let (from, to) = self.edges[e];
            let target = &f.basic_blocks[to];
            let from_name = &f.basic_blocks[from].name;
            let mut moves = Vec::new();
            let mut failure = None;
            for inst in &target.instrs {
                let Instruction::Phi(phi) = inst else {
                    continue;
                };
                let (dst, words) = self.regs[&phi.dest];
                match phi.incoming_values.iter().find(|(_, b)| b == from_name) {
                    Some((op, _)) => match self.operand(op) {
                        Ok(src) => moves.push(Move { dst, src, words }),
                        Err(err) => failure = Some(err),
                    },
                    None => failure = Some(format!("phi {} has no value for its predecessor", phi.dest)),
                }
            }
            if moves.is_empty() && failure.is_none() {
                edge_pc.push(block_pc[to]);
                continue;
            }
            edge_pc.push(self.code.len() as Pc);
            let loc = target.instrs.first().map(|i| self.ctx.loc(inst_debugloc(i))).unwrap_or_default();
            if let Some(what) = failure {
                self.push(Inst::Unsupported { what: what.into() }, loc);
                continue;
            }
            for i in std::mem::take(&mut self.prefix) {
                self.push(i, loc);
            }
            // Parallel-copy semantics: go through temporaries when a source is also a target.
            let clobbers = moves.iter().any(
                |m| matches!(m.src, Opd::Reg(s) if moves.iter().any(|d| s < d.dst + d.words && d.dst < s + m.words)),
            );
            if clobbers {
                let temps: Vec<Reg> = moves.iter().map(|m| self.alloc_reg(m.words)).collect();
                for (m, t) in moves.iter().zip(&temps) {
                    self.push(Inst::Move(Move { dst: *t, src: m.src, words: m.words }), loc);
                }
                for (m, t) in moves.iter().zip(&temps) {
                    self.push(Inst::Move(Move { dst: m.dst, src: Opd::Reg(*t), words: m.words }), loc);
                }
            } else {
                for m in moves {
                    self.push(Inst::Move(m), loc);
                }
            }
            self.push(Inst::Jump { target: block_pc[to] }, loc);
        }
        edge_pc
    }

    fn push(&mut self, inst: Inst, loc: SrcLoc) {
        self.code.push(inst);
        self.locs.push(loc);
    }

    fn finish(&mut self, r: Lowered<Vec<Inst>>, loc: SrcLoc, text: impl Fn() -> String) {
        for i in std::mem::take(&mut self.prefix) {
            self.push(i, loc);
        }
        match r {
            Ok(insts) => {
                for i in insts {
                    self.push(i, loc);
                }
            }
            // A missing function is a source-level fact: no IR text needed.
            Err(why) if why.starts_with(UNDEFINED_FUNCTION) || why.starts_with(UNMODELLED_ASM) => {
                self.push(Inst::Unsupported { what: why.into() }, loc)
            }
            Err(why) => {
                let what = format!("{why} (in `{}`)", text().trim());
                self.push(Inst::Unsupported { what: what.into() }, loc);
            }
        }
    }

    fn operand(&mut self, op: &Operand) -> Lowered<Opd> {
        match op {
            Operand::LocalOperand { name, .. } => {
                self.regs.get(name).map(|(r, _)| Opd::Reg(*r)).ok_or_else(|| format!("unknown value {name}"))
            }
            Operand::ConstantOperand(c) => match c.as_ref() {
                Constant::Undef(ty) | Constant::Poison(ty) if self.is_scalar_int(ty) => Ok(self.undefined_value(ty)),
                _ => self.ctx.constant(c),
            },
            Operand::MetadataOperand => Err("metadata operand".into()),
        }
    }

    fn is_scalar_int(&self, ty: &Type) -> bool {
        matches!(ty, Type::IntegerType { bits } if *bits <= 64) || matches!(ty, Type::PointerType { .. })
    }

    /// An undefined value (an uninitialised local, at -O0) is any value: it becomes a
    /// nondeterministic input, produced right before its use.
    fn undefined_value(&mut self, ty: &Type) -> Opd {
        let r = self.alloc_reg(1);
        let ret_bits = self.int_bits(ty).unwrap_or(64);
        self.prefix.push(Inst::Call {
            dst: Some((r, 1)),
            callee: Callee::Builtin(Builtin::Nondet),
            args: Box::new([]),
            fixed_args: 0,
            ret_bits,
        });
        Opd::Reg(r)
    }

    fn ty(&self, op: &Operand) -> TypeRef {
        self.ctx.module.type_of(op)
    }

    fn dest(&self, name: &Name) -> Reg {
        self.regs[name].0
    }

    fn int_bits(&self, ty: &Type) -> Lowered<u32> {
        match ty {
            Type::IntegerType { bits } => Ok(*bits),
            Type::PointerType { .. } => Ok(self.ctx.layout.ptr_bytes * 8),
            t => Err(format!("integer operation on {t}")),
        }
    }

    fn edge(&mut self, from: usize, to: &Name) -> Lowered<Pc> {
        let to = *self.blocks.get(to).ok_or_else(|| format!("unknown block {to}"))?;
        self.edges.push((from, to));
        Ok((self.edges.len() - 1) as Pc)
    }

    fn terminator(&mut self, bi: usize, t: &Terminator) -> Lowered<Vec<Inst>> {
        Ok(vec![match t {
            Terminator::Ret(lt::Ret { return_operand, .. }) => match return_operand {
                None => Inst::Ret { val: None },
                Some(op) => {
                    let words = self.ctx.layout.words(&self.ty(op))?;
                    Inst::Ret { val: Some((self.operand(op)?, words)) }
                }
            },
            Terminator::Br(b) => Inst::Jump { target: self.edge(bi, &b.dest)? },
            Terminator::CondBr(b) => Inst::Branch {
                cond: self.operand(&b.condition)?,
                then_pc: self.edge(bi, &b.true_dest)?,
                else_pc: self.edge(bi, &b.false_dest)?,
            },
            Terminator::Switch(s) => {
                let bits = self.int_bits(&self.ty(&s.operand))?;
                if bits > 64 {
                    return Err("switch on an integer wider than 64 bits".into());
                }
                let mut cases = Vec::new();
                for (c, dest) in &s.dests {
                    let v = self.ctx.folder.scalar(c)? as u64;
                    cases.push((v, self.edge(bi, dest)?));
                }
                Inst::Switch {
                    val: self.operand(&s.operand)?,
                    bits,
                    cases: cases.into(),
                    default: self.edge(bi, &s.default_dest)?,
                }
            }
            Terminator::Unreachable(_) => Inst::Unreachable,
            other => return Err(format!("terminator `{other}`")),
        }])
    }

    fn instruction(&mut self, inst: &Instruction) -> Lowered<Vec<Inst>> {
        use Instruction as I;
        let one = |i: Inst| Ok(vec![i]);
        match inst {
            I::Add(x) => self.binop(BinOp::Add, &x.operand0, &x.operand1, &x.dest),
            I::Sub(x) => self.binop(BinOp::Sub, &x.operand0, &x.operand1, &x.dest),
            I::Mul(x) => self.binop(BinOp::Mul, &x.operand0, &x.operand1, &x.dest),
            I::UDiv(x) => self.binop(BinOp::UDiv, &x.operand0, &x.operand1, &x.dest),
            I::SDiv(x) => self.binop(BinOp::SDiv, &x.operand0, &x.operand1, &x.dest),
            I::URem(x) => self.binop(BinOp::URem, &x.operand0, &x.operand1, &x.dest),
            I::SRem(x) => self.binop(BinOp::SRem, &x.operand0, &x.operand1, &x.dest),
            I::And(x) => self.binop(BinOp::And, &x.operand0, &x.operand1, &x.dest),
            I::Or(x) => self.binop(BinOp::Or, &x.operand0, &x.operand1, &x.dest),
            I::Xor(x) => self.binop(BinOp::Xor, &x.operand0, &x.operand1, &x.dest),
            I::Shl(x) => self.binop(BinOp::Shl, &x.operand0, &x.operand1, &x.dest),
            I::LShr(x) => self.binop(BinOp::LShr, &x.operand0, &x.operand1, &x.dest),
            I::AShr(x) => self.binop(BinOp::AShr, &x.operand0, &x.operand1, &x.dest),
            I::FAdd(x) => self.fbinop(FBinOp::Add, &x.operand0, &x.operand1, &x.dest),
            I::FSub(x) => self.fbinop(FBinOp::Sub, &x.operand0, &x.operand1, &x.dest),
            I::FMul(x) => self.fbinop(FBinOp::Mul, &x.operand0, &x.operand1, &x.dest),
            I::FDiv(x) => self.fbinop(FBinOp::Div, &x.operand0, &x.operand1, &x.dest),
            I::FRem(x) => self.fbinop(FBinOp::Rem, &x.operand0, &x.operand1, &x.dest),
            I::FNeg(x) if is_fp80(&self.ty(&x.operand)) => {
                one(Inst::F80Neg { dst: self.dest(&x.dest), a: self.operand(&x.operand)? })
            }
            I::FCmp(x) if is_fp80(&self.ty(&x.operand0)) => one(Inst::F80Cmp {
                pred: fcmp_pred(x.predicate),
                dst: self.dest(&x.dest),
                a: self.operand(&x.operand0)?,
                b: self.operand(&x.operand1)?,
            }),
            I::FNeg(x) => {
                let double = self.float_kind(&self.ty(&x.operand))?;
                one(Inst::FNeg { double, dst: self.dest(&x.dest), a: self.operand(&x.operand)? })
            }
            I::ICmp(x) => self.icmp(x),
            I::FCmp(x) => {
                let double = self.float_kind(&self.ty(&x.operand0))?;
                one(Inst::FCmp {
                    pred: fcmp_pred(x.predicate),
                    double,
                    dst: self.dest(&x.dest),
                    a: self.operand(&x.operand0)?,
                    b: self.operand(&x.operand1)?,
                })
            }
            I::Trunc(x) => self.int_cast(CastOp::Trunc, &x.operand, &x.to_type, &x.dest),
            I::ZExt(x) => self.int_cast(CastOp::ZExt, &x.operand, &x.to_type, &x.dest),
            I::SExt(x) => self.int_cast(CastOp::SExt, &x.operand, &x.to_type, &x.dest),
            I::PtrToInt(x) => self.int_cast(CastOp::ZExt, &x.operand, &x.to_type, &x.dest),
            I::IntToPtr(x) => self.int_cast(CastOp::ZExt, &x.operand, &x.to_type, &x.dest),
            I::FPTrunc(x) => self.fp_cast(CastOp::FpTrunc, &x.operand, &x.to_type, &x.dest),
            I::FPExt(x) => self.fp_cast(CastOp::FpExt, &x.operand, &x.to_type, &x.dest),
            I::FPToUI(x) => self.fp_cast(CastOp::FpToUi, &x.operand, &x.to_type, &x.dest),
            I::FPToSI(x) => self.fp_cast(CastOp::FpToSi, &x.operand, &x.to_type, &x.dest),
            I::UIToFP(x) => self.fp_cast(CastOp::UiToFp, &x.operand, &x.to_type, &x.dest),
            I::SIToFP(x) => self.fp_cast(CastOp::SiToFp, &x.operand, &x.to_type, &x.dest),
            I::BitCast(x) => self.copy(&x.operand, &x.dest),
            I::AddrSpaceCast(x) => self.copy(&x.operand, &x.dest),
            I::Freeze(x) => self.copy(&x.operand, &x.dest),
            I::Phi(_) => Ok(vec![]),
            I::Select(x) => {
                if matches!(self.ty(&x.condition).as_ref(), Type::VectorType { .. }) {
                    return Err("vector select".into());
                }
                let words = self.regs[&x.dest].1;
                let bits = self.int_bits(&self.ty(&x.true_value)).unwrap_or(0);
                one(Inst::Select {
                    bits,
                    dst: self.dest(&x.dest),
                    cond: self.operand(&x.condition)?,
                    t: self.operand(&x.true_value)?,
                    f: self.operand(&x.false_value)?,
                    words,
                })
            }
            I::Alloca(x) => {
                let count_bits = self.int_bits(&self.ty(&x.num_elements))?;
                one(Inst::Alloca {
                    dst: self.dest(&x.dest),
                    elem_bytes: self.ctx.layout.alloc_size(&x.allocated_type)?,
                    count: self.operand(&x.num_elements)?,
                    count_bits,
                    align: x.alignment.max(1),
                })
            }
            I::Load(x) => one(Inst::Load {
                dst: self.dest(&x.dest),
                addr: self.operand(&x.address)?,
                bytes: self.ctx.layout.store_size(&x.loaded_ty)? as u32,
                order: order(x.atomicity.as_ref().map(|a| a.mem_ordering)),
            }),
            I::Store(x) => {
                let ty = self.ty(&x.value);
                one(Inst::Store {
                    addr: self.operand(&x.address)?,
                    val: self.operand(&x.value)?,
                    bytes: self.ctx.layout.store_size(&ty)? as u32,
                    order: order(x.atomicity.as_ref().map(|a| a.mem_ordering)),
                })
            }
            I::Fence(x) => one(Inst::Fence { order: order(Some(x.atomicity.mem_ordering)) }),
            I::AtomicRMW(x) => {
                let ty = self.ty(&x.value);
                let bits = match ty.as_ref() {
                    Type::FPType(llvm_ir::types::FPType::Single) => 32,
                    Type::FPType(llvm_ir::types::FPType::Double) => 64,
                    t => self.int_bits(t)?,
                };
                if bits > 64 {
                    return Err("atomicrmw wider than 64 bits".into());
                }
                one(Inst::Rmw {
                    op: rmw_op(&x.operation),
                    dst: self.dest(&x.dest),
                    addr: self.operand(&x.address)?,
                    val: self.operand(&x.value)?,
                    bits,
                    order: order(Some(x.atomicity.mem_ordering)),
                })
            }
            I::CmpXchg(x) => {
                let ty = self.ty(&x.expected);
                let bits = self.int_bits(&ty)?;
                if bits > 64 {
                    return Err("cmpxchg wider than 64 bits".into());
                }
                let result_ty = self.ctx.module.type_of(inst);
                let flag_offset = self.ctx.layout.field_offset(&result_ty, 1)? as u32;
                one(Inst::CmpXchg {
                    dst: self.dest(&x.dest),
                    addr: self.operand(&x.address)?,
                    expected: self.operand(&x.expected)?,
                    new: self.operand(&x.replacement)?,
                    bits,
                    flag_offset,
                    order: order(Some(x.atomicity.mem_ordering)),
                })
            }
            I::GetElementPtr(x) => self.gep(x),
            I::ExtractValue(x) => {
                let (offset, ty) = self.aggregate_path(&self.ty(&x.aggregate), &x.indices)?;
                let bytes = self.ctx.layout.reg_bytes(&ty)? as u32;
                one(Inst::Extract {
                    dst: self.dest(&x.dest),
                    src: self.operand(&x.aggregate)?,
                    offset,
                    bytes,
                    dyn_index: None,
                })
            }
            I::InsertValue(x) => {
                let (offset, ty) = self.aggregate_path(&self.ty(&x.aggregate), &x.indices)?;
                let bytes = self.ctx.layout.reg_bytes(&ty)? as u32;
                let words = self.regs[&x.dest].1;
                one(Inst::Insert {
                    dst: self.dest(&x.dest),
                    src: self.operand(&x.aggregate)?,
                    words,
                    offset,
                    bytes,
                    elem: self.operand(&x.element)?,
                    dyn_index: None,
                })
            }
            I::ExtractElement(x) => {
                let (stride, idx) = self.vector_index(&self.ty(&x.vector), &x.index)?;
                let (offset, dyn_index) = split_index(idx, stride);
                one(Inst::Extract {
                    dst: self.dest(&x.dest),
                    src: self.operand(&x.vector)?,
                    offset,
                    bytes: stride,
                    dyn_index,
                })
            }
            I::InsertElement(x) => {
                let (stride, idx) = self.vector_index(&self.ty(&x.vector), &x.index)?;
                let (offset, dyn_index) = split_index(idx, stride);
                let words = self.regs[&x.dest].1;
                one(Inst::Insert {
                    dst: self.dest(&x.dest),
                    src: self.operand(&x.vector)?,
                    words,
                    offset,
                    bytes: stride,
                    elem: self.operand(&x.element)?,
                    dyn_index,
                })
            }
            I::ShuffleVector(x) => self.shuffle(x),
            I::Call(x) => self.call(x),
            I::VAArg(x) if self.ctx.layout.store_size(&x.cur_type)? > 8 => {
                Err(format!("va_arg of type {}", x.cur_type))
            }
            I::VAArg(x) => one(Inst::VaArg {
                dst: self.dest(&x.dest),
                list: self.operand(&x.arg_list)?,
                bytes: self.ctx.layout.store_size(&x.cur_type)? as u32,
            }),
            other => Err(format!("instruction `{other}`")),
        }
    }

    fn float_kind(&self, ty: &Type) -> Lowered<bool> {
        match ty {
            Type::FPType(llvm_ir::types::FPType::Single) => Ok(false),
            Type::FPType(llvm_ir::types::FPType::Double) => Ok(true),
            Type::FPType(llvm_ir::types::FPType::X86_FP80) => Err("long double".into()),
            t => Err(format!("floating-point operation on {t}")),
        }
    }

    fn binop(&mut self, op: BinOp, a: &Operand, b: &Operand, dest: &Name) -> Lowered<Vec<Inst>> {
        let ty = self.ty(a);
        let dst = self.dest(dest);
        let (a, b) = (self.operand(a)?, self.operand(b)?);
        Ok(vec![match ty.as_ref() {
            Type::IntegerType { bits } if *bits <= 64 => Inst::Bin { op, bits: *bits, dst, a, b },
            Type::IntegerType { bits } if *bits <= 128 => Inst::WideBin { op, bits: *bits, dst, a, b },
            Type::VectorType { element_type, num_elements, .. } => match element_type.as_ref() {
                Type::IntegerType { bits } if *bits <= 64 && *bits % 8 == 0 => {
                    Inst::VecBin { op, elem_bits: *bits, len: *num_elements as u32, dst, a, b }
                }
                t => return Err(format!("vector operation on <{num_elements} x {t}>")),
            },
            t => return Err(format!("integer operation on {t}")),
        }])
    }

    fn fbinop(&mut self, op: FBinOp, a: &Operand, b: &Operand, dest: &Name) -> Lowered<Vec<Inst>> {
        if is_fp80(&self.ty(a)) {
            return Ok(vec![Inst::F80Bin { op, dst: self.dest(dest), a: self.operand(a)?, b: self.operand(b)? }]);
        }
        let double = self.float_kind(&self.ty(a))?;
        Ok(vec![Inst::FBin { op, double, dst: self.dest(dest), a: self.operand(a)?, b: self.operand(b)? }])
    }

    fn icmp(&mut self, x: &li::ICmp) -> Lowered<Vec<Inst>> {
        let ty = self.ty(&x.operand0);
        let pred = icmp_pred(x.predicate);
        let dst = self.dest(&x.dest);
        let (a, b) = (self.operand(&x.operand0)?, self.operand(&x.operand1)?);
        Ok(vec![match ty.as_ref() {
            Type::VectorType { element_type, num_elements, .. } => match element_type.as_ref() {
                Type::IntegerType { bits } if *bits <= 64 && *bits % 8 == 0 => {
                    Inst::VecCmp { pred, elem_bits: *bits, len: *num_elements as u32, dst, a, b }
                }
                t => return Err(format!("vector comparison on {t}")),
            },
            t => {
                let bits = self.int_bits(t)?;
                if bits <= 64 {
                    Inst::Cmp { pred, bits, dst, a, b }
                } else if bits <= 128 {
                    Inst::WideCmp { pred, bits, dst, a, b }
                } else {
                    return Err(format!("comparison of i{bits}"));
                }
            }
        }])
    }

    fn int_cast(&mut self, op: CastOp, a: &Operand, to: &TypeRef, dest: &Name) -> Lowered<Vec<Inst>> {
        let from_ty = self.ty(a);
        let dst = self.dest(dest);
        let a = self.operand(a)?;
        if let (Type::VectorType { element_type: fe, num_elements, .. }, Type::VectorType { element_type: te, .. }) =
            (from_ty.as_ref(), to.as_ref())
        {
            let (from, to) = (self.int_bits(fe)?, self.int_bits(te)?);
            if from % 8 != 0 || to % 8 != 0 {
                return Err("vector cast of sub-byte elements".into());
            }
            return Ok(vec![Inst::VecCast { op, from, to, len: *num_elements as u32, dst, a }]);
        }
        let (from, to) = (self.int_bits(&from_ty)?, self.int_bits(to)?);
        if from > 128 || to > 128 {
            return Err(format!("cast between i{from} and i{to}"));
        }
        Ok(vec![Inst::Cast { op, from, to, dst, a }])
    }

    fn fp_cast(&mut self, op: CastOp, a: &Operand, to: &TypeRef, dest: &Name) -> Lowered<Vec<Inst>> {
        let from_ty = self.ty(a);
        let width = |s: &Self, t: &Type| -> Lowered<u32> {
            match t {
                t if is_fp80(t) => Ok(80),
                Type::FPType(_) => Ok(if s.float_kind(t)? { 64 } else { 32 }),
                t => s.int_bits(t),
            }
        };
        let (from, to_bits) = (width(self, &from_ty)?, width(self, to)?);
        let int_side = match op {
            CastOp::FpToUi | CastOp::FpToSi => to_bits,
            CastOp::UiToFp | CastOp::SiToFp => from,
            _ => 0,
        };
        if int_side > 64 {
            return Err("conversion between a float and an integer wider than 64 bits".into());
        }
        Ok(vec![Inst::Cast { op, from, to: to_bits, dst: self.dest(dest), a: self.operand(a)? }])
    }

    fn copy(&mut self, a: &Operand, dest: &Name) -> Lowered<Vec<Inst>> {
        let (dst, words) = self.regs[dest];
        Ok(vec![Inst::Move(Move { dst, src: self.operand(a)?, words })])
    }

    fn gep(&mut self, x: &li::GetElementPtr) -> Lowered<Vec<Inst>> {
        if matches!(self.ty(&x.address).as_ref(), Type::VectorType { .. }) {
            return Err("vector getelementptr".into());
        }
        let mut idx = Vec::new();
        let mut dynamic = Vec::new();
        for i in &x.indices {
            match i {
                Operand::ConstantOperand(c) => {
                    let bits = self.int_bits(&self.ty(i))?;
                    let v = self.ctx.folder.scalar(c)? as u64;
                    idx.push(GepIndex::Const(sign_extend(v, bits) as i64));
                }
                _ => {
                    let bits = self.int_bits(&self.ty(i))?;
                    idx.push(GepIndex::Dynamic);
                    dynamic.push((self.operand(i)?, bits));
                }
            }
        }
        let terms = gep_terms(self.ctx.layout, &x.source_element_type, &idx)?;
        let indices: Vec<(Opd, u32, i64)> =
            dynamic.into_iter().zip(terms.scales).map(|((o, bits), s)| (o, bits, s)).collect();
        Ok(vec![Inst::Gep {
            dst: self.dest(&x.dest),
            base: self.operand(&x.address)?,
            offset: terms.offset,
            indices: indices.into(),
            ptr_bits: self.ctx.layout.ptr_bytes * 8,
        }])
    }

    fn aggregate_path(&self, ty: &TypeRef, indices: &[u32]) -> Lowered<(u32, TypeRef)> {
        let mut off = 0u64;
        let mut cur = ty.clone();
        for &i in indices {
            off += self.ctx.layout.element_offset(&cur, i as usize)?;
            cur = self.ctx.layout.element_type(&cur, i as usize)?;
        }
        Ok((off as u32, cur))
    }

    /// Element stride of a vector and the index as constant or register.
    fn vector_index(&mut self, vty: &TypeRef, index: &Operand) -> Lowered<(u32, Result<u32, Opd>)> {
        let elem = self.ctx.layout.element_type(vty, 0)?;
        if matches!(elem.as_ref(), Type::IntegerType { bits } if bits % 8 != 0) {
            return Err("vector of sub-byte elements".into());
        }
        let stride = self.ctx.layout.store_size(&elem)? as u32;
        let idx = match index {
            Operand::ConstantOperand(c) => Ok(self.ctx.folder.scalar(c)? as u32),
            _ => Err(self.operand(index)?),
        };
        Ok((stride, idx))
    }

    fn shuffle(&mut self, x: &li::ShuffleVector) -> Lowered<Vec<Inst>> {
        let vty = self.ty(&x.operand0);
        let Type::VectorType { num_elements, .. } = vty.as_ref() else {
            return Err("shufflevector on a non-vector".into());
        };
        let (elem_bytes, _) = self.vector_index(&vty, &Operand::ConstantOperand(x.mask.clone()))?;
        let mask: Vec<Option<u32>> = match x.mask.as_ref() {
            Constant::Vector(elems) => elems
                .iter()
                .map(|e| match e.as_ref() {
                    Constant::Int { value, .. } => Some(*value as u32),
                    _ => None,
                })
                .collect(),
            Constant::AggregateZero(t) => match t.as_ref() {
                Type::VectorType { num_elements, .. } => vec![Some(0); *num_elements],
                _ => return Err("shufflevector mask".into()),
            },
            _ => return Err("shufflevector mask".into()),
        };
        let words = self.regs[&x.dest].1;
        Ok(vec![Inst::Shuffle {
            dst: self.dest(&x.dest),
            a: self.operand(&x.operand0)?,
            b: self.operand(&x.operand1)?,
            in_len: *num_elements as u32,
            elem_bytes,
            mask: mask.into(),
            words,
        }])
    }

    fn call(&mut self, x: &li::Call) -> Lowered<Vec<Inst>> {
        let dst = match &x.dest {
            Some(d) => Some(self.regs[d]),
            None => None,
        };
        let (fixed_args, ret_bits) = match x.function_ty.as_ref() {
            Type::FuncType { param_types, result_type, .. } => {
                (param_types.len() as u32, value_bits(self.ctx.layout, result_type))
            }
            _ => (x.arguments.len() as u32, 0),
        };
        let callee = match &x.function {
            either::Either::Left(_) => {
                // Only operand-less, result-less inline assembly (a compiler barrier such as
                // `asm volatile("" ::: "memory")`) has no effect ravel must model.
                if x.arguments.is_empty() && dst.is_none() {
                    return Ok(vec![]);
                }
                return Err("inline assembly".into());
            }
            either::Either::Right(Operand::ConstantOperand(c)) => match c.as_ref() {
                Constant::GlobalReference { name, .. } => {
                    let n = name_str(name);
                    // The SV-COMP error functions mean "error reached" whatever their body does.
                    let always_model = matches!(n.as_str(), "reach_error" | "__VERIFIER_error");
                    if let Some(b) = Builtin::from_name(&n).filter(|_| always_model || self.is_declaration(&n)) {
                        Callee::Builtin(b)
                    } else if let Some(&f) = self.ctx.func_ids.get(&n) {
                        if self.is_declaration(&n) {
                            return Err(undefined_function(&n));
                        }
                        Callee::Func(f)
                    } else {
                        return Err(format!("call to unknown symbol `{n}`"));
                    }
                }
                _ => Callee::Indirect(self.ctx.constant(c)?),
            },
            either::Either::Right(op) => Callee::Indirect(self.operand(op)?),
        };
        let mut args = Vec::new();
        for (a, attrs) in &x.arguments {
            let ty = self.ty(a);
            let byval = attrs
                .iter()
                .find_map(|at| match at {
                    llvm_ir::function::ParameterAttribute::ByVal(t) => Some(self.ctx.layout.alloc_size(t)),
                    _ => None,
                })
                .transpose()?
                .unwrap_or(0) as u32;
            let bytes = self.ctx.layout.reg_bytes(&ty)? as u32;
            args.push(Arg { opd: self.operand(a)?, bytes, is_float: matches!(ty.as_ref(), Type::FPType(_)), byval });
        }
        Ok(vec![Inst::Call { dst, callee, args: args.into(), fixed_args, ret_bits }])
    }

    fn is_declaration(&self, name: &str) -> bool {
        self.ctx.func_ids.get(name).is_none_or(|&f| f as usize >= self.ctx.module.functions.len())
    }
}

/// True for LLVM's `x86_fp80` (C's `long double` on x86), which has its own instructions.
fn is_fp80(ty: &Type) -> bool {
    *ty == Type::FPType(llvm_ir::types::FPType::X86_FP80)
}

/// Width in bits of a value of this type as models see it.
fn value_bits(layout: &Layout, ty: &Type) -> u32 {
    match ty {
        Type::IntegerType { bits } => *bits,
        Type::VoidType => 0,
        t => layout.store_size(t).map(|b| b as u32 * 8).unwrap_or(64),
    }
}

fn split_index(idx: Result<u32, Opd>, stride: u32) -> (u32, Option<(Opd, u32)>) {
    match idx {
        Ok(i) => (i * stride, None),
        Err(op) => (0, Some((op, stride))),
    }
}

/// Sign-extends the low `bits` of `v` to 64 bits.
pub fn sign_extend(v: u64, bits: u32) -> u64 {
    if bits >= 64 || bits == 0 {
        v
    } else {
        let s = 64 - bits;
        (((v << s) as i64) >> s) as u64
    }
}

fn order(o: Option<li::MemoryOrdering>) -> Ordering {
    use li::MemoryOrdering as M;
    match o {
        None | Some(M::NotAtomic) => Ordering::NotAtomic,
        Some(M::Unordered) | Some(M::Monotonic) => Ordering::Relaxed,
        Some(M::Acquire) => Ordering::Acquire,
        Some(M::Release) => Ordering::Release,
        Some(M::AcquireRelease) => Ordering::AcqRel,
        Some(M::SequentiallyConsistent) => Ordering::SeqCst,
    }
}

fn rmw_op(op: &li::RMWBinOp) -> RmwOp {
    use li::RMWBinOp as R;
    match op {
        R::Xchg => RmwOp::Xchg,
        R::Add => RmwOp::Add,
        R::Sub => RmwOp::Sub,
        R::And => RmwOp::And,
        R::Nand => RmwOp::Nand,
        R::Or => RmwOp::Or,
        R::Xor => RmwOp::Xor,
        R::Max => RmwOp::Max,
        R::Min => RmwOp::Min,
        R::UMax => RmwOp::UMax,
        R::UMin => RmwOp::UMin,
        R::FAdd => RmwOp::FAdd,
        R::FSub => RmwOp::FSub,
        R::FMax => RmwOp::FMax,
        R::FMin => RmwOp::FMin,
        R::UIncWrap => RmwOp::UIncWrap,
        R::UDecWrap => RmwOp::UDecWrap,
    }
}

fn icmp_pred(p: llvm_ir::IntPredicate) -> ICmp {
    use llvm_ir::IntPredicate as P;
    match p {
        P::EQ => ICmp::Eq,
        P::NE => ICmp::Ne,
        P::UGT => ICmp::Ugt,
        P::UGE => ICmp::Uge,
        P::ULT => ICmp::Ult,
        P::ULE => ICmp::Ule,
        P::SGT => ICmp::Sgt,
        P::SGE => ICmp::Sge,
        P::SLT => ICmp::Slt,
        P::SLE => ICmp::Sle,
    }
}

fn fcmp_pred(p: llvm_ir::FPPredicate) -> FCmp {
    use llvm_ir::FPPredicate as P;
    match p {
        P::False => FCmp::False,
        P::OEQ => FCmp::Oeq,
        P::OGT => FCmp::Ogt,
        P::OGE => FCmp::Oge,
        P::OLT => FCmp::Olt,
        P::OLE => FCmp::Ole,
        P::ONE => FCmp::One,
        P::ORD => FCmp::Ord,
        P::UNO => FCmp::Uno,
        P::UEQ => FCmp::Ueq,
        P::UGT => FCmp::Ugt,
        P::UGE => FCmp::Uge,
        P::ULT => FCmp::Ult,
        P::ULE => FCmp::Ule,
        P::UNE => FCmp::Une,
        P::True => FCmp::True,
    }
}

fn inst_debugloc(i: &Instruction) -> &Option<llvm_ir::DebugLoc> {
    use llvm_ir::HasDebugLoc;
    i.get_debug_loc()
}

fn term_debugloc(t: &Terminator) -> &Option<llvm_ir::DebugLoc> {
    use llvm_ir::HasDebugLoc;
    t.get_debug_loc()
}

/// A global's initial image without its zero tail, so that large zero-filled globals cost
/// no memory until written ([`Global::image`] restores the size). The kept part extends a
/// word past the last non-zero byte, so every pointer in the image stays whole.
fn trim_zeros(mut image: Vec<u8>, size: u64) -> Vec<u8> {
    let used = image.iter().rposition(|&b| b != 0).map_or(0, |last| last + 1 + 8);
    image.truncate(used.min(size as usize));
    image.shrink_to_fit();
    image
}
