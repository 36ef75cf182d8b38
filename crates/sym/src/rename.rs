//! Expressions up to a renaming of their variables.
//!
//! Two program states that differ only in *which* fresh inputs their values were built
//! from behave the same: the explicit-state explorer must see them as one state. These
//! helpers hash an expression's shape with each variable replaced by a caller-chosen name,
//! list variables in the order a left-to-right walk meets them (so names can follow the
//! structure rather than creation order), and rebuild an expression over other variables
//! (to copy a thread's values onto fresh inputs).

use crate::expr::{ExprId, ExprPool, Node};
use rustc_hash::{FxHashMap, FxHashSet};
use std::hash::{Hash, Hasher};

impl ExprPool {
    /// A hash of `id`'s structure with every variable `v` hashed as `name(v)`: equal for
    /// expressions that are the same up to that renaming. `memo` caches sub-results for one
    /// naming and must be dropped when the naming changes.
    pub fn shape_hash(&self, id: ExprId, name: &impl Fn(u32) -> u64, memo: &mut FxHashMap<ExprId, u64>) -> u64 {
        if let Some(&h) = memo.get(&id) {
            return h;
        }
        // Children have smaller ids than their parents, so increasing order is bottom-up.
        for e in self.reachable(&[id]) {
            if memo.contains_key(&e) {
                continue;
            }
            let mut h = std::collections::hash_map::DefaultHasher::new();
            let child = |c: ExprId| memo[&c];
            match self.node(e) {
                Node::Const { bits, value } => (0u8, bits, value).hash(&mut h),
                Node::Var { id, bits, .. } => (1u8, bits, name(*id)).hash(&mut h),
                Node::ArrayVar { id, index_bits, elem_bits } => (2u8, index_bits, elem_bits, name(*id)).hash(&mut h),
                Node::Bin { op, a, b } => (3u8, op, child(*a), child(*b)).hash(&mut h),
                Node::Cmp { op, a, b } => (4u8, op, child(*a), child(*b)).hash(&mut h),
                Node::Cast { op, a, bits } => (5u8, op, bits, child(*a)).hash(&mut h),
                Node::Ite { cond, then, els } => (6u8, child(*cond), child(*then), child(*els)).hash(&mut h),
                Node::Concat { hi, lo } => (7u8, child(*hi), child(*lo)).hash(&mut h),
                Node::Extract { a, hi, lo } => (8u8, hi, lo, child(*a)).hash(&mut h),
                Node::Select { array, index } => (9u8, child(*array), child(*index)).hash(&mut h),
                Node::Store { array, index, value } => (10u8, child(*array), child(*index), child(*value)).hash(&mut h),
            }
            memo.insert(e, h.finish());
        }
        memo[&id]
    }

    /// Calls `f` on each variable of `id` once, in the order a left-to-right depth-first
    /// walk first meets it; `seen` carries over between calls to walk several roots.
    pub fn vars_in_order(&self, id: ExprId, seen: &mut FxHashSet<ExprId>, f: &mut impl FnMut(u32)) {
        let mut stack = vec![id];
        while let Some(e) = stack.pop() {
            if self.vars(e).is_empty() || !seen.insert(e) {
                continue;
            }
            match self.node(e) {
                Node::Var { id, .. } | Node::ArrayVar { id, .. } => f(*id),
                _ => {
                    let mut children = Vec::with_capacity(3);
                    self.for_each_child(e, |c| children.push(c));
                    stack.extend(children.into_iter().rev());
                }
            }
        }
    }

    /// `id` with every bit-vector variable in `map` replaced by its image (of the same
    /// width), rebuilt through the simplifying constructors.
    pub fn substitute(&mut self, id: ExprId, map: &FxHashMap<u32, ExprId>) -> ExprId {
        let mut out: FxHashMap<ExprId, ExprId> = FxHashMap::default();
        for e in self.reachable(&[id]) {
            let touched = self.vars(e).iter().any(|v| map.contains_key(v));
            let new = if !touched {
                e
            } else {
                let c = |x: &ExprId| out[x];
                match self.node(e).clone() {
                    Node::Const { .. } | Node::ArrayVar { .. } => e,
                    Node::Var { id, .. } => map[&id],
                    Node::Bin { op, a, b } => self.bin(op, c(&a), c(&b)),
                    Node::Cmp { op, a, b } => self.cmp(op, c(&a), c(&b)),
                    Node::Cast { op, a, bits } => self.cast(op, c(&a), bits),
                    Node::Ite { cond, then, els } => self.ite(c(&cond), c(&then), c(&els)),
                    Node::Concat { hi, lo } => self.concat(c(&hi), c(&lo)),
                    Node::Extract { a, hi, lo } => self.extract(c(&a), hi, lo),
                    Node::Select { array, index } => self.select(c(&array), c(&index)),
                    Node::Store { array, index, value } => self.store(c(&array), c(&index), c(&value)),
                }
            };
            out.insert(e, new);
        }
        out[&id]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_are_equal_up_to_renaming_only() {
        let mut p = ExprPool::new();
        let (x, y, z) = (p.var(1, 32, "x"), p.var(2, 32, "y"), p.var(3, 32, "z"));
        let (xy, yz, xx) = (p.add(x, y), p.add(y, z), p.add(x, x));
        let first = |v: u32| match v {
            1 => 10,
            2 => 20,
            _ => 99,
        };
        let shifted = |v: u32| match v {
            2 => 10,
            3 => 20,
            _ => 99,
        };
        let h = |p: &ExprPool, e, name: &dyn Fn(u32) -> u64| p.shape_hash(e, &name, &mut FxHashMap::default());
        assert_eq!(h(&p, xy, &first), h(&p, yz, &shifted));
        assert_ne!(h(&p, xy, &first), h(&p, xx, &first));
    }

    #[test]
    fn substitution_rebuilds_and_folds() {
        let mut p = ExprPool::new();
        let (x, y) = (p.var(1, 8, "x"), p.var(2, 8, "y"));
        let c = p.constant(8, 3);
        let e = p.add(x, c);
        let cond = p.eq(e, y);
        let map: FxHashMap<u32, ExprId> = [(1, y)].into_iter().collect();
        let renamed = p.substitute(cond, &map);
        let expected = {
            let e2 = p.add(y, c);
            p.eq(e2, y)
        };
        assert_eq!(renamed, expected);
        let five = p.constant(8, 5);
        let folded = p.substitute(e, &[(1, five)].into_iter().collect());
        assert_eq!(p.as_const(folded), Some(8));
    }

    #[test]
    fn variables_in_walk_order() {
        let mut p = ExprPool::new();
        let (x, y) = (p.var(7, 8, "x"), p.var(3, 8, "y"));
        let e = p.sub(x, y);
        let f = p.add(e, x);
        let mut seen = FxHashSet::default();
        let mut order = Vec::new();
        p.vars_in_order(f, &mut seen, &mut |v| order.push(v));
        assert_eq!(order, vec![7, 3]);
    }
}
