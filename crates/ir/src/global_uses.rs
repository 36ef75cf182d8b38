//! How the code uses each global's address.
//!
//! A global's address *escapes* when it is used other than as the address of a load,
//! store or atomic operation, directly or through address arithmetic (`getelementptr`)
//! whose results are used the same way: passed to a call, stored, compared, converted,
//! or found among constants (another global's image, a wide constant). Every access to a
//! global that does not escape is then an instruction of the program that names it, which
//! two analyses use:
//! - a global is *unread* when it does not escape and no instruction loads from it: its
//!   contents never influence an execution, so the vm may skip the stores (keeping their
//!   bounds checks) and explorers need not tell states apart by those bytes. Write-only
//!   arrays are common in verification tasks (a stack's cells that are pushed but never
//!   popped), and their contents otherwise multiply the number of states;
//! - [`crate::effects`] knows which globals a thread may still access.

use crate::function::Function;
use crate::global::Global;
use crate::inst::{Inst, Opd, Reg};
use rustc_hash::FxHashMap;

/// What one instruction does with a global.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Use {
    Read,
    Write,
    ReadWrite,
    /// Computes an address inside it (tracked through the result register).
    Derive,
    Escape,
}

/// Global address ranges sorted by start, for looking up which global a value points
/// into (one past the end included).
pub(crate) struct Ranges(Vec<(u64, u64, usize)>);

impl Ranges {
    pub(crate) fn new(globals: &[Global]) -> Ranges {
        let mut v: Vec<(u64, u64, usize)> =
            globals.iter().enumerate().map(|(i, g)| (g.addr, g.addr + g.size, i)).collect();
        v.sort_unstable();
        Ranges(v)
    }

    pub(crate) fn find(&self, value: u64) -> Option<usize> {
        let i = self.0.partition_point(|r| r.0 <= value).checked_sub(1)?;
        let (start, end, g) = self.0[i];
        (start..=end).contains(&value).then_some(g)
    }
}

/// Calls `f(pc, global, use)` for every use of a global's address in `func`'s code.
pub(crate) fn for_each_use(func: &Function, ranges: &Ranges, mut f: impl FnMut(usize, usize, Use)) {
    let derived = derived_registers(func, ranges);
    let owner = |o: Opd| match o {
        Opd::Imm(v) => ranges.find(v),
        Opd::Reg(r) => derived.get(&r).copied(),
        Opd::Wide(_) => None,
    };
    for (pc, inst) in func.code.iter().enumerate() {
        // The operand in address position and what an access there does.
        let (addr, access) = match inst {
            Inst::Load { addr, .. } => (Some(*addr), Use::Read),
            Inst::Store { addr, .. } => (Some(*addr), Use::Write),
            Inst::Rmw { addr, .. } | Inst::CmpXchg { addr, .. } => (Some(*addr), Use::ReadWrite),
            Inst::Gep { base, .. } => (Some(*base), Use::Derive),
            _ => (None, Use::Escape),
        };
        let ops = inst.operands();
        for (i, &o) in ops.iter().enumerate() {
            let Some(g) = owner(o) else { continue };
            // `operands` lists the address first; the same value anywhere else escapes.
            let in_address = i == 0 && addr == Some(o) && ops[1..].iter().all(|&x| x != o);
            f(pc, g, if in_address { access } else { Use::Escape });
        }
    }
}

/// Every constant that could be an address outside the code: each pointer-sized word of
/// the globals' images, and each wide constant.
pub(crate) fn constants_in_data<'a>(
    globals: &'a [Global],
    wide: &'a [u64],
    ptr_bytes: u32,
) -> impl Iterator<Item = u64> + 'a {
    let word = ptr_bytes as usize;
    let images = globals.iter().flat_map(move |g| g.init.chunks_exact(word)).map(move |chunk| {
        let mut b = [0u8; 8];
        b[..word].copy_from_slice(chunk);
        u64::from_le_bytes(b)
    });
    images.chain(wide.iter().copied())
}

/// For each global, whether its address escapes: any use [`for_each_use`] reports as an
/// escape, or a constant that could be its address ([`constants_in_data`]).
pub(crate) fn escaping_globals(functions: &[Function], globals: &[Global], wide: &[u64], ptr_bytes: u32) -> Vec<bool> {
    let ranges = Ranges::new(globals);
    let mut escapes = vec![false; globals.len()];
    for v in constants_in_data(globals, wide, ptr_bytes) {
        if let Some(g) = ranges.find(v) {
            escapes[g] = true;
        }
    }
    for f in functions {
        for_each_use(f, &ranges, |_, g, u| escapes[g] |= u == Use::Escape);
    }
    escapes
}

/// For each global (same order), whether its contents are unread (see the module doc).
pub(crate) fn unread_globals(functions: &[Function], globals: &[Global], escapes: &[bool]) -> Vec<bool> {
    let ranges = Ranges::new(globals);
    let mut unread: Vec<bool> = globals.iter().zip(escapes).map(|(g, e)| !g.is_const && !e).collect();
    for f in functions {
        for_each_use(f, &ranges, |_, g, u| unread[g] &= matches!(u, Use::Write | Use::Derive));
    }
    unread
}

/// Registers holding addresses computed from a global's address by `getelementptr`,
/// mapped to that global (to a fixpoint, since loops may use a register before its
/// definition in code order; registers are defined once, as LLVM values are).
fn derived_registers(f: &Function, ranges: &Ranges) -> FxHashMap<Reg, usize> {
    let mut derived: FxHashMap<Reg, usize> = FxHashMap::default();
    loop {
        let before = derived.len();
        for inst in &f.code {
            if let Inst::Gep { dst, base, .. } = inst {
                let from = match base {
                    Opd::Imm(v) => ranges.find(*v),
                    Opd::Reg(r) => derived.get(r).copied(),
                    Opd::Wide(_) => None,
                };
                if let Some(g) = from {
                    derived.entry(*dst).or_insert(g);
                }
            }
        }
        if derived.len() == before {
            return derived;
        }
    }
}
