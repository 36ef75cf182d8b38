//! Globals whose contents nothing can observe.
//!
//! A global is *unread* when every use of its address is as the target of a plain store,
//! directly or through address arithmetic (`getelementptr`) whose results are used the
//! same way. No load, call, comparison or stored pointer can then see what was written,
//! so the contents never influence an execution: the vm may skip the stores (keeping
//! their bounds checks), and an explorer need not tell states apart by those bytes.
//! Write-only arrays are common in verification tasks (a stack's cells that are pushed
//! but never popped), and their contents otherwise multiply the number of states.

use crate::program::{Function, Global, Inst, Opd, Reg};
use rustc_hash::FxHashMap;

/// For each global (same order), whether its contents are unread. Conservative: any use
/// this analysis does not understand, or any constant that could be the global's
/// address (in code, in another global's image or in a wide constant), counts as a read.
pub(crate) fn unread_globals(functions: &[Function], globals: &[Global], wide: &[u64], ptr_bytes: u32) -> Vec<bool> {
    let ranges = Ranges::new(globals);
    let mut unread: Vec<bool> = globals.iter().map(|g| !g.is_const).collect();
    let word = ptr_bytes as usize;
    for g in globals {
        for chunk in g.init.chunks_exact(word) {
            let mut b = [0u8; 8];
            b[..word].copy_from_slice(chunk);
            ranges.escape(u64::from_le_bytes(b), &mut unread);
        }
    }
    for &w in wide {
        ranges.escape(w, &mut unread);
    }
    for f in functions {
        let derived = derived_registers(f, &ranges);
        let owner = |o: Opd| match o {
            Opd::Imm(v) => ranges.find(v),
            Opd::Reg(r) => derived.get(&r).copied(),
            Opd::Wide(_) => None,
        };
        for inst in &f.code {
            let allowed: Option<Opd> = match inst {
                Inst::Store { addr, .. } => Some(*addr),
                Inst::Gep { base, .. } => Some(*base),
                _ => None,
            };
            let ops = inst.operands();
            for (i, &o) in ops.iter().enumerate() {
                // The target of a store or the base of address arithmetic is a write-only
                // use, unless the same operand also appears elsewhere in the instruction.
                let write_only_use = i == 0 && allowed == Some(o) && ops[1..].iter().all(|&x| x != o);
                if let Some(g) = owner(o).filter(|_| !write_only_use) {
                    unread[g] = false;
                }
            }
        }
    }
    unread
}

/// Registers holding addresses computed from a global's address by `getelementptr`,
/// mapped to that global (to a fixpoint, since loops may use a register before its
/// definition in code order).
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

/// Global address ranges sorted by start, for looking up which global a value points
/// into (one past the end included).
struct Ranges(Vec<(u64, u64, usize)>);

impl Ranges {
    fn new(globals: &[Global]) -> Ranges {
        let mut v: Vec<(u64, u64, usize)> =
            globals.iter().enumerate().map(|(i, g)| (g.addr, g.addr + g.size, i)).collect();
        v.sort_unstable();
        Ranges(v)
    }

    fn find(&self, value: u64) -> Option<usize> {
        let i = self.0.partition_point(|r| r.0 <= value).checked_sub(1)?;
        let (start, end, g) = self.0[i];
        (start..=end).contains(&value).then_some(g)
    }

    fn escape(&self, value: u64, unread: &mut [bool]) {
        if let Some(g) = self.find(value) {
            unread[g] = false;
        }
    }
}
