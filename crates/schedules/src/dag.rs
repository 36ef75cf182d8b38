//! The expression DAG of a schedule file, built while the exploration runs: path
//! conditions are translated out of the explorer's expression pool as executions end
//! (the pool does not outlive the exploration), hash-consed so that the conditions of
//! many executions share their parts, and translated back into a fresh pool for Z3.

use ravel_schedule_format::{BinOp, CastOp, Node};
use ravel_sym::{ExprId, ExprPool};
use rustc_hash::FxHashMap;

/// Hash-consed nodes of the file's `exprs`.
#[derive(Clone, Default)]
pub struct Dag {
    pub nodes: Vec<Node>,
    index: FxHashMap<Node, u32>,
}

/// An expression the schedule file cannot hold.
#[derive(Debug)]
pub struct Untranslatable(pub String);

impl Dag {
    /// The index of `node`, added if new.
    pub fn add(&mut self, node: Node) -> u32 {
        if let Some(&i) = self.index.get(&node) {
            return i;
        }
        let i = self.nodes.len() as u32;
        self.nodes.push(node.clone());
        self.index.insert(node, i);
        i
    }

    pub fn bool_const(&mut self, b: bool) -> u32 {
        self.add(Node::Const { bits: 1, value: (b as u8).to_string() })
    }

    /// The conjunction of width-1 nodes (true when empty).
    pub fn and_all(&mut self, items: &[u32]) -> u32 {
        self.fold(items, BinOp::And, true)
    }

    /// The disjunction of width-1 nodes (false when empty).
    pub fn or_all(&mut self, items: &[u32]) -> u32 {
        self.fold(items, BinOp::Or, false)
    }

    fn fold(&mut self, items: &[u32], op: BinOp, empty: bool) -> u32 {
        let mut sorted = items.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.is_empty() {
            return self.bool_const(empty);
        }
        // Pairwise, so the depth is logarithmic: the recursive walks over the DAG (to Z3,
        // to normal form) stay shallow even for thousands of path conditions.
        while sorted.len() > 1 {
            sorted = sorted
                .chunks(2)
                .map(|pair| if let [a, b] = *pair { self.add(Node::Bin { op, a, b }) } else { pair[0] })
                .collect();
        }
        sorted[0]
    }

    /// Translates `id` of `pool`; `memo` maps pool expressions already translated (valid
    /// as long as the pool is the same). Inputs are the pool's variables `(index << 8) |
    /// bits`, as the vm makes them.
    pub fn translate(
        &mut self,
        pool: &ExprPool,
        id: ExprId,
        memo: &mut FxHashMap<ExprId, u32>,
    ) -> Result<u32, Untranslatable> {
        if let Some(&i) = memo.get(&id) {
            return Ok(i);
        }
        let mut children = Vec::new();
        pool.for_each_child(id, |c| children.push(c));
        for c in children {
            self.translate(pool, c, memo)?;
        }
        let t = |e: &ExprId| memo[e];
        let node = match pool.node(id) {
            ravel_sym::Node::Const { bits, value } => Node::Const { bits: *bits, value: value.to_string() },
            ravel_sym::Node::Var { id, bits, .. } => Node::Input { index: id >> 8, bits: *bits },
            ravel_sym::Node::Bin { op, a, b } => Node::Bin { op: *op, a: t(a), b: t(b) },
            ravel_sym::Node::Cmp { op, a, b } => Node::Cmp { op: *op, a: t(a), b: t(b) },
            ravel_sym::Node::Cast { op, a, bits } => Node::Cast { op: cast_op(*op), a: t(a), bits: *bits },
            ravel_sym::Node::Ite { cond, then, els } => Node::Ite { cond: t(cond), then: t(then), els: t(els) },
            ravel_sym::Node::Concat { hi, lo } => Node::Concat { hi: t(hi), lo: t(lo) },
            ravel_sym::Node::Extract { a, hi, lo } => Node::Extract { a: t(a), hi: *hi, lo: *lo },
            ravel_sym::Node::ArrayVar { .. } | ravel_sym::Node::Select { .. } | ravel_sym::Node::Store { .. } => {
                return Err(Untranslatable(
                    "a path condition reads memory at a symbolic address (an array), which a selector cannot evaluate yet"
                        .into(),
                ))
            }
        };
        let i = self.add(node);
        memo.insert(id, i);
        Ok(i)
    }

    /// Node `i` (and what it reads) in `pool`; `made` keeps the nodes translated so far.
    pub fn to_pool(&self, i: u32, pool: &mut ExprPool, made: &mut FxHashMap<u32, ExprId>) -> ExprId {
        if let Some(&e) = made.get(&i) {
            return e;
        }
        let node = &self.nodes[i as usize];
        let ops: Vec<ExprId> = node.operands().into_iter().map(|o| self.to_pool(o, pool, made)).collect();
        let e = match *node {
            Node::Const { bits, ref value } => pool.constant(bits, value.parse().unwrap_or(0)),
            Node::Input { index, bits } => pool.var((index << 8) | (bits & 0xff), bits, &format!("in{index}")),
            Node::Bin { op, .. } => pool.bin(op, ops[0], ops[1]),
            Node::Cmp { op, .. } => pool.cmp(op, ops[0], ops[1]),
            Node::Cast { op, bits, .. } => pool.cast(sym_cast_op(op), ops[0], bits),
            Node::Ite { .. } => pool.ite(ops[0], ops[1], ops[2]),
            Node::Concat { .. } => pool.concat(ops[0], ops[1]),
            Node::Extract { hi, lo, .. } => pool.extract(ops[0], hi, lo),
        };
        made.insert(i, e);
        e
    }
}

const CAST_OPS: [(ravel_sym::CastOp, CastOp); 3] = [
    (ravel_sym::CastOp::ZExt, CastOp::Zext),
    (ravel_sym::CastOp::SExt, CastOp::Sext),
    (ravel_sym::CastOp::Trunc, CastOp::Trunc),
];

fn cast_op(op: ravel_sym::CastOp) -> CastOp {
    CAST_OPS.iter().find(|(s, _)| *s == op).map(|p| p.1).expect("every cast is listed")
}
fn sym_cast_op(op: CastOp) -> ravel_sym::CastOp {
    CAST_OPS.iter().find(|(_, f)| *f == op).map(|p| p.0).expect("every cast is listed")
}

#[cfg(test)]
mod tests {
    use super::*;
    use ravel_sym::Assignment;

    /// A pool expression, through the file's DAG and back, evaluates alike in the pool
    /// and in the native evaluator (`ravel_schedule_format::eval`).
    #[test]
    fn round_trip_keeps_the_meaning() {
        let mut pool = ExprPool::new();
        // Input 0 is 32 bits wide, input 1 8 bits (variable ids `index << 8 | bits`).
        let x = pool.var(32, 32, "in0");
        let y = pool.var((1 << 8) | 8, 8, "in1");
        let y32 = pool.sext(y, 32);
        let sum = pool.add(x, y32);
        let seven = pool.constant(32, 7);
        let q = pool.sdiv(sum, seven);
        let c = pool.slt(q, seven);
        let mut dag = Dag::default();
        let i = dag.translate(&pool, c, &mut FxHashMap::default()).unwrap();
        for (xv, yv) in [(0u128, 0u128), (100, 0x80), (49, 1), (u32::MAX as u128, 0xff)] {
            let mut asg = Assignment::new();
            asg.set(32, xv).set((1 << 8) | 8, yv);
            let native = ravel_schedule_format::eval(&dag.nodes, &[xv, yv]).unwrap()[i as usize];
            assert_eq!(native, pool.eval(c, &asg), "x={xv} y={yv}");
            let mut fresh = ExprPool::new();
            let back = dag.to_pool(i, &mut fresh, &mut FxHashMap::default());
            assert_eq!(fresh.eval(back, &asg), native);
        }
    }
}
