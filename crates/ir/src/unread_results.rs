//! `pthread_barrier_wait` calls whose result nobody reads. The result only tells the last
//! arriver of a round that it was last (`PTHREAD_BARRIER_SERIAL_THREAD`); when the program
//! never reads it, the order of arrivals decides nothing and the explorers may let
//! arrivals commute (one order per round instead of n!). Such a call is lowered without a
//! destination and with no result bits, which is how the vm tells.

use crate::builtins::Builtin;
use crate::inst::{Callee, Inst, Opd, Reg};
use rustc_hash::FxHashSet;

/// Drops the destination of every barrier wait in `code` whose result register no
/// instruction reads.
pub(crate) fn drop_unread_barrier_results(code: &mut [Inst]) {
    let waits = |i: &Inst| matches!(i, Inst::Call { callee: Callee::Builtin(Builtin::BarrierWait), dst: Some(_), .. });
    if !code.iter().any(waits) {
        return;
    }
    let read: FxHashSet<Reg> = code
        .iter()
        .flat_map(Inst::operands)
        .filter_map(|o| match o {
            Opd::Reg(r) => Some(r),
            _ => None,
        })
        .collect();
    for inst in code {
        if let Inst::Call { callee: Callee::Builtin(Builtin::BarrierWait), dst, ret_bits, .. } = inst {
            if dst.is_some_and(|(r, _)| !read.contains(&r)) {
                *dst = None;
                *ret_bits = 0;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inst::Arg;

    fn wait(dst: Reg) -> Inst {
        let arg = Arg { opd: Opd::Imm(64), bytes: 8, is_float: false, byval: 0 };
        Inst::Call {
            dst: Some((dst, 1)),
            callee: Callee::Builtin(Builtin::BarrierWait),
            args: vec![arg].into(),
            fixed_args: 1,
            ret_bits: 32,
        }
    }

    #[test]
    fn only_an_unread_result_is_dropped() {
        let mut code = vec![wait(1), wait(2), Inst::Ret { val: Some((Opd::Reg(2), 32)) }];
        drop_unread_barrier_results(&mut code);
        assert!(matches!(code[0], Inst::Call { dst: None, ret_bits: 0, .. }));
        assert!(matches!(code[1], Inst::Call { dst: Some((2, 1)), ret_bits: 32, .. }));
    }
}
