//! Which registers of a frame may still be read: live-register analysis of lowered code.
//!
//! State comparison (the states engine, cutoffs) and the pruning of symbolic path
//! constraints look at a thread's registers. A register whose value will never be read
//! again (it is written before any read on every path) cannot change the future, yet its
//! stale value would make equal states look different and keep dead inputs alive. The
//! analysis works on *units*, the register ranges the lowering allocates one per value:
//! an operand naming any word of a unit makes the whole unit live, and only a definition
//! at the start of a unit (a whole new value) kills it.

use crate::inst::{Inst, Opd, Pc, Reg};

/// Functions with more (instructions × units) than this keep every register live (the
/// analysis would cost too much memory).
const MAX_CELLS: usize = 1 << 26;

/// Live units before each instruction of one function.
#[derive(Clone, Debug, Default)]
pub struct Liveness {
    /// First register of each unit, ascending.
    units: Vec<Reg>,
    /// Bitset of live units per pc (`words` u64 each); empty when everything is live.
    live: Vec<u64>,
    words: usize,
}

impl Liveness {
    /// Analyses `code`, whose registers were allocated in units starting at `units`.
    pub fn new(code: &[Inst], units: Vec<Reg>) -> Liveness {
        let words = units.len().div_ceil(64);
        if code.len().saturating_mul(units.len()) > MAX_CELLS {
            return Liveness { units, live: Vec::new(), words };
        }
        let unit_of = |r: Reg| units.partition_point(|&s| s <= r).checked_sub(1);
        let uses: Vec<Vec<usize>> = code
            .iter()
            .map(|i| {
                i.operands().into_iter().filter_map(|o| if let Opd::Reg(r) = o { unit_of(r) } else { None }).collect()
            })
            .collect();
        let kills: Vec<Option<usize>> =
            code.iter().map(|i| i.def().and_then(|d| units.binary_search(&d).ok())).collect();
        let mut live = vec![0u64; code.len() * words];
        let succs: Vec<Vec<Pc>> =
            code.iter().enumerate().map(|(pc, inst)| successors(inst, pc as Pc, code.len())).collect();
        let mut preds: Vec<Vec<Pc>> = vec![Vec::new(); code.len()];
        for (pc, ss) in succs.iter().enumerate() {
            for &s in ss {
                preds[s as usize].push(pc as Pc);
            }
        }
        let mut work: Vec<Pc> = (0..code.len() as Pc).collect();
        let mut queued = vec![true; code.len()];
        let mut row = vec![0u64; words];
        while let Some(pc) = work.pop() {
            let p = pc as usize;
            queued[p] = false;
            row.iter_mut().for_each(|w| *w = 0);
            for &s in &succs[p] {
                let from = &live[s as usize * words..(s as usize + 1) * words];
                row.iter_mut().zip(from).for_each(|(w, f)| *w |= f);
            }
            if let Some(k) = kills[p] {
                row[k / 64] &= !(1u64 << (k % 64));
            }
            for &u in &uses[p] {
                row[u / 64] |= 1u64 << (u % 64);
            }
            let cur = &mut live[p * words..(p + 1) * words];
            if *cur != row[..] {
                cur.copy_from_slice(&row);
                for &q in &preds[p] {
                    if !queued[q as usize] {
                        queued[q as usize] = true;
                        work.push(q);
                    }
                }
            }
        }
        Liveness { units, live, words }
    }

    /// Marks in `out` (one entry per register word of the frame) the words a frame stopped
    /// at `pc` may read again; the others are left as they are. Words below the first unit
    /// and every word of a function too big to analyse count as live.
    pub fn mark_live(&self, pc: Pc, out: &mut [bool]) {
        let row = self.live.get(pc as usize * self.words..(pc as usize + 1) * self.words);
        let Some(row) = row.filter(|_| !self.live.is_empty()) else {
            out.iter_mut().for_each(|w| *w = true);
            return;
        };
        let first = self.units.first().map_or(out.len(), |&s| (s as usize).min(out.len()));
        out[..first].iter_mut().for_each(|w| *w = true);
        for (u, &start) in self.units.iter().enumerate() {
            if row[u / 64] >> (u % 64) & 1 == 1 {
                let end = self.units.get(u + 1).map_or(out.len(), |&e| e as usize).min(out.len());
                out[(start as usize).min(end)..end].iter_mut().for_each(|w| *w = true);
            }
        }
    }
}

/// The pcs control may reach right after `inst` at `pc` (of a function of `len` instructions).
pub(crate) fn successors(inst: &Inst, pc: Pc, len: usize) -> Vec<Pc> {
    let next = (pc as usize + 1 < len).then_some(pc + 1);
    match inst {
        Inst::Jump { target } => vec![*target],
        Inst::Branch { then_pc, else_pc, .. } => vec![*then_pc, *else_pc],
        Inst::Switch { cases, default, .. } => cases.iter().map(|c| c.1).chain([*default]).collect(),
        Inst::Ret { .. } | Inst::Unreachable | Inst::Unsupported { .. } => Vec::new(),
        _ => next.into_iter().collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inst::Move;

    /// The live words of a `words`-word frame at `pc`.
    fn marks(live: &Liveness, pc: Pc, words: usize) -> Vec<Reg> {
        let mut out = vec![false; words];
        live.mark_live(pc, &mut out);
        (0..words as Reg).filter(|&r| out[r as usize]).collect()
    }

    fn mov(dst: Reg, src: Opd, words: u32) -> Inst {
        Inst::Move(Move { dst, src, words })
    }

    #[test]
    fn registers_are_live_from_definition_to_last_read() {
        // r0 = 1; r1 = 2; r3..r4 = (two words); if r1 { r2 = r0; return r2 } else return word r4
        let code = vec![
            mov(0, Opd::Imm(1), 1),
            mov(1, Opd::Imm(2), 1),
            mov(3, Opd::Imm(7), 2),
            Inst::Branch { cond: Opd::Reg(1), then_pc: 4, else_pc: 6 },
            mov(2, Opd::Reg(0), 1),
            Inst::Ret { val: Some((Opd::Reg(2), 1)) },
            Inst::Ret { val: Some((Opd::Reg(4), 1)) },
        ];
        let live = Liveness::new(&code, vec![0, 1, 2, 3]);
        let at = |pc: Pc| marks(&live, pc, 5);
        assert_eq!(at(0), Vec::<Reg>::new());
        assert_eq!(at(1), vec![0]);
        // Reading word 4 keeps its whole unit (words 3 and 4) live.
        assert_eq!(at(3), vec![0, 1, 3, 4]);
        assert_eq!(at(4), vec![0]);
        assert_eq!(at(5), vec![2]);
        assert_eq!(at(6), vec![3, 4]);
    }

    #[test]
    fn loops_keep_values_read_in_later_iterations() {
        // r0 = 0; loop: r1 = r0; r0 = r1; if r1 goto loop; return
        let code = vec![
            mov(0, Opd::Imm(0), 1),
            mov(1, Opd::Reg(0), 1),
            mov(0, Opd::Reg(1), 1),
            Inst::Branch { cond: Opd::Reg(1), then_pc: 1, else_pc: 4 },
            Inst::Ret { val: None },
        ];
        let live = Liveness::new(&code, vec![0, 1]);
        assert_eq!(marks(&live, 1, 2), vec![0]);
        assert_eq!(marks(&live, 2, 2), vec![1]);
        assert_eq!(marks(&live, 3, 2), vec![0, 1]);
        assert_eq!(marks(&live, 4, 2), Vec::<Reg>::new());
    }
}
