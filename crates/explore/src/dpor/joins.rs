//! "Join on all threads" (Bergan's optimisation for input-covering schedules): at an
//! epoch marker that main reaches alone, with every step of every other thread ordered
//! before it, nothing after the marker can race with anything before it, so what follows
//! depends only on the state there. The first execution that reaches a state explores
//! its continuation; a later one that reaches an equal state by another path stops there
//! ([`Joined`](crate::ExecutionEnd::Joined)), and whoever uses the executions takes the
//! first one's continuations for it. The orders of one epoch then no longer multiply with
//! the next epoch's.
//!
//! States are compared by fingerprint (`exec/fingerprint.rs`, 128 bits, as the
//! unfolding's cutoffs are) with every symbolic expression named by its value up to the
//! order of associative and commutative operations: locks taken in another order leave a
//! sum `(a + b) + c` instead of `(a + c) + b`, which is the same value.

use crate::exec::fingerprint::fingerprint_with;
use ravel_sym::{BinOp, ExprId, ExprPool, Node};
use ravel_vm::fphash::FpHasher;
use ravel_vm::native_record::Recorded;
use ravel_vm::Machine;
use rustc_hash::FxHashMap;
use std::hash::{Hash, Hasher};

/// The epoch-start states met so far: fingerprint → (the path hash of the execution
/// that explores its continuation, the state's number).
#[derive(Default)]
pub(crate) struct Joins {
    states: FxHashMap<u128, (u64, u32)>,
}

/// What an execution does at an epoch-start state.
pub(crate) enum AtState {
    /// It explores the continuation (the first to get here, or a re-execution of it).
    Continue(u32),
    /// Another path explores it: stop here.
    Join(u32),
}

impl Joins {
    /// Meets the state of `m`, reached along the path hashed as `path`.
    pub(crate) fn meet(&mut self, m: &Machine, path: u64) -> AtState {
        let key = state_key(m);
        let next = self.states.len() as u32;
        let &mut (owner, id) = self.states.entry(key).or_insert((path, next));
        if owner == path {
            AtState::Continue(id)
        } else {
            AtState::Join(id)
        }
    }
}

/// The fingerprint of `m` with expressions named up to reordering, and what the native
/// names of later events depend on ([`history_key`]).
fn state_key(m: &Machine) -> u128 {
    let mut memo = FxHashMap::default();
    let state = m
        .path_constraint(|pool, _| fingerprint_with(m, &mut |e| canonical(pool, e, &mut memo), true))
        .unwrap_or_else(|| fingerprint_with(m, &mut |e| e.0 as u128, true));
    state ^ history_key(m)
}

/// What the names of later events take from the execution so far (`native_names.rs`): a
/// thread's k-th event on a location counts its earlier ones, a heap block is named by
/// its allocating thread's count, and an object's users decide which operations on it
/// the native runtime can order. Equal states reached with other counts must not join.
fn history_key(m: &Machine) -> u128 {
    let mut counts: FxHashMap<(usize, u32, u64), u32> = FxHashMap::default();
    let mut allocs: FxHashMap<usize, u32> = FxHashMap::default();
    for r in m.recorded() {
        match *r {
            Recorded::Access { thread, obj, offset, .. } => *counts.entry((thread, obj, offset)).or_default() += 1,
            Recorded::Alloc { thread, .. } => *allocs.entry(thread).or_default() += 1,
            _ => {}
        }
    }
    let mut counts: Vec<_> = counts.into_iter().collect();
    counts.sort_unstable();
    let mut allocs: Vec<_> = allocs.into_iter().collect();
    allocs.sort_unstable();
    let mut h = FpHasher::new(0x4b);
    (counts, allocs).hash(&mut h);
    h.finish128()
}

/// Operations whose operands may be regrouped and reordered freely.
fn associative(op: BinOp) -> bool {
    matches!(op, BinOp::Add | BinOp::Mul | BinOp::And | BinOp::Or | BinOp::Xor)
}

/// A hash of expression `e` equal for expressions that differ only in how chains of one
/// associative and commutative operation are grouped and ordered (the constants in a
/// chain folded into one: `(x + 1) + y + 1` is `x + y + 2`).
fn canonical(pool: &ExprPool, e: ExprId, memo: &mut FxHashMap<ExprId, u128>) -> u128 {
    if let Some(&h) = memo.get(&e) {
        return h;
    }
    let mut h = FpHasher::new(0xac);
    match *pool.node(e) {
        Node::Bin { op, .. } if associative(op) => {
            let bits = pool.bits(e);
            let mask = if bits >= 128 { u128::MAX } else { (1u128 << bits) - 1 };
            let mut constant = match op {
                BinOp::Mul => 1,
                BinOp::And => mask,
                _ => 0,
            };
            let identity = constant;
            let mut leaves = Vec::new();
            let mut stack = vec![e];
            while let Some(x) = stack.pop() {
                match *pool.node(x) {
                    Node::Bin { op: o, a, b } if o == op => stack.extend([a, b]),
                    Node::Const { value, .. } => {
                        constant = match op {
                            BinOp::Add => constant.wrapping_add(value),
                            BinOp::Mul => constant.wrapping_mul(value),
                            BinOp::And => constant & value,
                            BinOp::Or => constant | value,
                            _ => constant ^ value,
                        } & mask
                    }
                    _ => leaves.push(canonical(pool, x, memo)),
                }
            }
            leaves.sort_unstable();
            let constant = (constant != identity).then_some(constant);
            (0u8, op, bits, leaves, constant).hash(&mut h);
        }
        Node::Const { bits, value } => (1u8, bits, value).hash(&mut h),
        Node::Var { id, bits, .. } => (2u8, id, bits).hash(&mut h),
        Node::ArrayVar { id, index_bits, elem_bits } => (3u8, id, index_bits, elem_bits).hash(&mut h),
        ref other => {
            // The node's own fields (its operands' ids zeroed) with its operands' hashes.
            let shape = match *other {
                Node::Bin { op, .. } => (4u8, op as u32, 0),
                Node::Cmp { op, .. } => (5, op as u32, 0),
                Node::Cast { op, bits, .. } => (6, op as u32, bits),
                Node::Ite { .. } => (7, 0, 0),
                Node::Concat { .. } => (8, 0, 0),
                Node::Extract { hi, lo, .. } => (9, hi, lo),
                Node::Select { .. } => (10, 0, 0),
                _ => (11, 0, 0),
            };
            shape.hash(&mut h);
            let mut children = Vec::new();
            pool.for_each_child(e, |c| children.push(c));
            for c in children {
                canonical(pool, c, memo).hash(&mut h);
            }
        }
    }
    let out = h.finish128();
    memo.insert(e, out);
    out
}

/// The hash of a path extended by one transition (its thread and choices).
pub(crate) fn extend_path(path: u64, thread: usize, choices: &[(u64, u64)]) -> u64 {
    let mut h = FpHasher::new(0x9a);
    (path, thread).hash(&mut h);
    for (v, _) in choices {
        v.hash(&mut h);
    }
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_in_any_order_are_one_value_differences_are_not() {
        let mut p = ExprPool::new();
        let (a, b, c) = (p.var(1 << 8 | 32, 32, "a"), p.var(2 << 8 | 32, 32, "b"), p.var(3 << 8 | 32, 32, "c"));
        let ab = p.add(a, b);
        let abc = p.add(ab, c);
        let ac = p.add(a, c);
        let acb = p.add(ac, b);
        let bc = p.add(b, c);
        let a_bc = p.add(a, bc);
        let ab_minus = p.sub(ab, c);
        let ac_minus = p.sub(ac, b);
        let twice = p.add(ab, a);
        let (one, two) = (p.constant(32, 1), p.constant(32, 2));
        let a1 = p.add(a, one);
        let a1b = p.add(a1, b);
        let a1b1 = p.add(a1b, one);
        let ab2 = p.add(ab, two);
        let mut memo = FxHashMap::default();
        let mut h = |e| canonical(&p, e, &mut memo);
        assert_ne!(abc, acb, "the pool keeps the grouping");
        assert_eq!(h(abc), h(acb));
        assert_eq!(h(abc), h(a_bc));
        assert_ne!(h(ab_minus), h(ac_minus), "subtraction is not reordered");
        assert_ne!(h(twice), h(abc));
        assert_eq!(h(a1b1), h(ab2), "constants in a chain fold");
        assert_ne!(h(a1b), h(ab2));
    }
}
