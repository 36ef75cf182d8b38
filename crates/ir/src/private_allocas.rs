//! Stack allocations whose address never leaves their frame.
//!
//! An `alloca`'s address is *private* when it (or an address computed from it by
//! `getelementptr`) is only ever used as the address of a load, store or atomic
//! operation: never passed to a call, stored, returned, compared, converted or merged by
//! a phi. No pointer to such an object can outlive its frame, so the vm may give the next
//! activation of the same `alloca` the same object again (a use after return is
//! impossible for it), instead of a fresh object per call: programs that call a
//! function with a local array in a loop otherwise create one object per call.

use crate::inst::{Inst, Opd, Pc, Reg};
use rustc_hash::FxHashMap;

/// The pcs of `code`'s `alloca`s whose address is private (sorted).
pub(crate) fn private_allocas(code: &[Inst]) -> Vec<Pc> {
    // Each register derived from an alloca, mapped to the pc of that alloca.
    let mut origin: FxHashMap<Reg, Pc> = FxHashMap::default();
    for (pc, inst) in code.iter().enumerate() {
        if let Inst::Alloca { dst, .. } = inst {
            origin.insert(*dst, pc as Pc);
        }
    }
    // Registers are defined once, but a loop may use one before its definition in code
    // order: follow `getelementptr` chains to a fixpoint.
    loop {
        let before = origin.len();
        for inst in code {
            if let Inst::Gep { dst, base: Opd::Reg(b), .. } = inst {
                if let Some(&pc) = origin.get(b) {
                    origin.entry(*dst).or_insert(pc);
                }
            }
        }
        if origin.len() == before {
            break;
        }
    }
    let mut escaped = vec![false; code.len()];
    for inst in code {
        let addr = match inst {
            Inst::Load { addr, .. } | Inst::Store { addr, .. } => Some(*addr),
            Inst::Rmw { addr, .. } | Inst::CmpXchg { addr, .. } => Some(*addr),
            Inst::Gep { base, .. } => Some(*base),
            _ => None,
        };
        let ops = inst.operands();
        for (i, o) in ops.iter().enumerate() {
            let Opd::Reg(r) = o else { continue };
            let Some(&pc) = origin.get(r) else { continue };
            // `operands` lists the address first; the same value anywhere else escapes.
            let in_address = i == 0 && addr == Some(*o) && ops[1..].iter().all(|x| x != o);
            escaped[pc as usize] |= !in_address;
        }
    }
    let mut private: Vec<Pc> = code
        .iter()
        .enumerate()
        .filter(|(pc, i)| matches!(i, Inst::Alloca { .. }) && !escaped[*pc])
        .map(|(pc, _)| pc as Pc)
        .collect();
    private.sort_unstable();
    private
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inst::Ordering;

    fn alloca(dst: Reg) -> Inst {
        Inst::Alloca { dst, elem_bytes: 1, count: Opd::Imm(16), count_bits: 64, align: 1 }
    }

    #[test]
    fn an_array_used_only_for_loads_and_stores_is_private() {
        let code = vec![
            alloca(0),
            Inst::Gep { dst: 1, base: Opd::Reg(0), offset: 0, indices: Box::new([(Opd::Reg(5), 64, 1)]), ptr_bits: 64 },
            Inst::Store { addr: Opd::Reg(1), val: Opd::Imm(7), bytes: 1, order: Ordering::NotAtomic },
            Inst::Load { dst: 2, addr: Opd::Reg(1), bytes: 1, order: Ordering::NotAtomic },
        ];
        assert_eq!(private_allocas(&code), vec![0]);
    }

    #[test]
    fn storing_the_address_or_passing_it_on_makes_it_escape() {
        let code = vec![
            alloca(0),
            alloca(1),
            Inst::Gep { dst: 2, base: Opd::Reg(1), offset: 4, indices: Box::new([]), ptr_bits: 64 },
            // The address of the first is stored into the second: it escapes; the second
            // is only a store's address.
            Inst::Store { addr: Opd::Reg(2), val: Opd::Reg(0), bytes: 8, order: Ordering::NotAtomic },
        ];
        assert_eq!(private_allocas(&code), vec![1]);
        let returned = vec![alloca(0), Inst::Ret { val: Some((Opd::Reg(0), 1)) }];
        assert!(private_allocas(&returned).is_empty());
    }
}
