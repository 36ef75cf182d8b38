//! The whole lowered program: its functions, globals and constants, and the questions
//! about them the vm and the engines ask.

use crate::addr;
use crate::builtins::Builtin;
use crate::function::{Function, ParamKind};
use crate::global::Global;
use crate::inst::{Callee, FuncId, Inst, Opd, Ordering, SrcLoc};

/// Facts of the target's data model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DataModel {
    pub ptr_bytes: u32,
    pub long_bytes: u32,
}

impl DataModel {
    /// Mask that keeps a value within pointer width.
    pub fn ptr_mask(&self) -> u64 {
        if self.ptr_bytes == 8 {
            u64::MAX
        } else {
            u32::MAX as u64
        }
    }
}

/// The whole program.
#[derive(Clone, Debug)]
pub struct Program {
    pub functions: Vec<Function>,
    pub globals: Vec<Global>,
    /// Multi-word constants referenced by [`Opd::Wide`].
    pub wide_consts: Vec<u64>,
    pub main: Option<FuncId>,
    /// The function `--entry` chose to start in instead of C's `main` (then `main` is
    /// it): the vm passes it made-up arguments (see [`ParamKind`]) instead of `argc`,
    /// `argv` and `envp`.
    pub entry: Option<String>,
    /// Global constructors in the order they run.
    pub ctors: Vec<FuncId>,
    pub model: DataModel,
    /// Source file paths referenced by [`SrcLoc::file`].
    pub files: Vec<String>,
    /// First address past the globals.
    pub globals_end: u64,
    /// Addresses of the `FILE` handles behind `stdin`, `stdout` and `stderr`.
    pub std_streams: [u64; 3],
    /// Which globals each program point may still access.
    pub effects: crate::effects::Effects,
    /// Changes the frontend made to the input ([`crate::frontend::Compiled::notes`]).
    pub notes: Vec<String>,
    /// C types of the globals that have named parts, by global name (for reports).
    pub global_types: std::collections::HashMap<String, crate::debug_types::DebugType>,
    /// Globals the source initialises with a `PTHREAD_*_INITIALIZER`, by address (so the
    /// vm can report initialising them again).
    pub static_inits: std::collections::HashMap<u64, crate::static_init::StaticInit>,
    /// A hash of the bitcode it was lowered from: processes that must run the same
    /// program (the ranks of an MPI job) compare it.
    pub bitcode_hash: u64,
}

/// Bytes of the block a pointer parameter of an `--entry` function points to.
pub const ENTRY_BLOCK_BYTES: u64 = 4096;

impl Program {
    /// Makes the function `name` the program's start instead of `main` (`--entry`, as
    /// GenMC's `--program-entry-function` and CBMC's `--function`): it runs as the first
    /// thread with an input for each integer parameter and a fresh zeroed block of
    /// [`ENTRY_BLOCK_BYTES`] for each pointer. The error says why it cannot be.
    pub fn set_entry(&mut self, name: &str) -> Result<(), String> {
        let Some(id) = self.functions.iter().position(|f| f.name == name) else {
            return Err(format!("the program has no function `{name}` (--entry)"));
        };
        let f = &self.functions[id];
        if matches!(f.code.first(), Some(Inst::Unsupported { .. })) {
            return Err(format!("`{name}` is only declared, not defined, in the program (--entry)"));
        }
        if let Some(i) = f.param_kinds.iter().position(|k| *k == ParamKind::Other) {
            return Err(format!(
                "parameter {} of `{name}` is neither an integer nor a pointer, so --entry cannot make up its \
                 value; write a `main` that calls `{name}` with the arguments you want checked",
                i + 1
            ));
        }
        self.main = Some(id as FuncId);
        self.entry = Some(name.to_string());
        Ok(())
    }

    /// True when no thread handle `pthread_create` stores can ever be read: each call
    /// stores it into a local variable or global used for nothing else, and the program
    /// never joins, detaches or compares threads. Thread ids are then unobservable.
    pub fn thread_handles_unread(&self) -> bool {
        let consumes = |b: &Builtin| {
            matches!(b, Builtin::ThreadJoin | Builtin::ThreadDetach | Builtin::ThreadSelf | Builtin::ThreadEqual)
        };
        let mut cells: Vec<(usize, Opd)> = Vec::new();
        for (fi, f) in self.functions.iter().enumerate() {
            for inst in &f.code {
                if let Inst::Call { callee: Callee::Builtin(b), args, .. } = inst {
                    if consumes(b) {
                        return false;
                    }
                    if *b == Builtin::ThreadCreate {
                        match args.first() {
                            Some(a) => cells.push((fi, a.opd)),
                            None => return false,
                        }
                    }
                }
            }
        }
        let referenced = self.referenced_functions();
        cells.iter().all(|&(fi, cell)| !referenced[fi] || self.only_handle_cell(fi, cell))
    }

    /// The first atomic operation weaker than `seq_cst` in a function that can run, if
    /// any: ravel interleaves under sequential consistency, so such a program may have
    /// behaviours (weak-memory reorderings) no exploration shows.
    pub fn weak_atomic(&self) -> Option<SrcLoc> {
        let weak =
            |o: &Ordering| matches!(o, Ordering::Relaxed | Ordering::Acquire | Ordering::Release | Ordering::AcqRel);
        let referenced = self.referenced_functions();
        self.functions.iter().enumerate().filter(|&(fi, _)| referenced[fi]).find_map(|(_, f)| {
            f.code.iter().zip(&f.locs).find_map(|(inst, loc)| {
                let order = match inst {
                    Inst::Load { order, .. }
                    | Inst::Store { order, .. }
                    | Inst::Rmw { order, .. }
                    | Inst::CmpXchg { order, .. }
                    | Inst::Fence { order } => order,
                    _ => return None,
                };
                weak(order).then_some(*loc)
            })
        })
    }

    /// Which functions can run: main, the constructors, and every function called or
    /// whose address is taken (the lowering keeps unused wrappers of library functions).
    /// One pass over the code and the globals' bytes, so its cost is linear in the
    /// program's size (asked of each function, it was quadratic: 84 s on 40,000
    /// one-line functions).
    fn referenced_functions(&self) -> Vec<bool> {
        let mut referenced = vec![false; self.functions.len()];
        let mut mark = |addr: u64| {
            if let Some(f) = self.function_at(addr) {
                referenced[f as usize] = true;
            }
        };
        for f in self.main.iter().chain(&self.ctors) {
            mark(Program::function_addr(*f));
        }
        let width = self.model.ptr_bytes as usize;
        for g in &self.globals {
            for w in g.init.windows(width) {
                let mut word = [0u8; 8];
                word[..width].copy_from_slice(w);
                mark(u64::from_le_bytes(word));
            }
        }
        for inst in self.functions.iter().flat_map(|f| f.code.iter()) {
            if let Inst::Call { callee: Callee::Func(c), .. } = inst {
                mark(Program::function_addr(*c));
            }
            for o in inst.operands() {
                if let Opd::Imm(v) = o {
                    mark(v);
                }
            }
        }
        referenced
    }

    /// `cell` (a pointer operand of function `fi`) is a local variable of `fi` or a
    /// global, and every use of it is as the handle argument of `pthread_create`.
    fn only_handle_cell(&self, fi: usize, cell: Opd) -> bool {
        let is_create_arg = |inst: &Inst, o: Opd| {
            matches!(inst, Inst::Call { callee: Callee::Builtin(Builtin::ThreadCreate), args, .. }
                if args.first().is_some_and(|a| a.opd == o)
                    && inst.operands().iter().filter(|&&x| x == o).count() == 1)
        };
        let only_creates =
            |code: &[Inst], o: Opd| code.iter().all(|inst| !inst.operands().contains(&o) || is_create_arg(inst, o));
        match cell {
            Opd::Reg(r) => {
                let code = &self.functions[fi].code;
                code.iter().any(|i| matches!(i, Inst::Alloca { dst, .. } if *dst == r)) && only_creates(code, cell)
            }
            Opd::Imm(addr) => {
                let Some(g) = self.globals.iter().find(|g| g.addr == addr) else { return false };
                let bytes = &addr.to_le_bytes()[..self.model.ptr_bytes as usize];
                let in_data = self.globals.iter().any(|h| h.init.windows(bytes.len()).any(|w| w == bytes));
                !g.thread_local && !in_data && self.functions.iter().all(|f| only_creates(&f.code, cell))
            }
            Opd::Wide(_) => false,
        }
    }

    /// The name of `loc`'s file without its directory, as messages show it next to a line
    /// (reports give the whole path among the error's places).
    pub fn file_name(&self, loc: SrcLoc) -> &str {
        self.files.get(loc.file as usize).map_or("", |f| f.rsplit('/').next().unwrap_or(f))
    }

    /// The function whose address is `addr`, if any.
    pub fn function_at(&self, addr: u64) -> Option<FuncId> {
        addr::function_at(addr, self.functions.len())
    }

    /// The address of function `f` as seen by the program.
    pub fn function_addr(f: FuncId) -> u64 {
        addr::FUNC_BASE + f as u64 * addr::FUNC_STRIDE
    }

    /// Reads the words of a wide constant.
    pub fn wide(&self, idx: u32, words: u32) -> &[u64] {
        &self.wide_consts[idx as usize..(idx + words) as usize]
    }
}
