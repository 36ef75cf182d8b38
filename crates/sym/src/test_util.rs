//! Random expression trees for property tests: a reference evaluator that knows nothing of
//! the pool's simplifications, and a builder that goes through them.

use std::collections::BTreeMap;

use crate::expr::{eval_bin, eval_cmp, mask, sext, Assignment, BinOp, CastOp, CmpOp, ExprId, ExprPool};

/// SplitMix64: a tiny deterministic PRNG.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    pub fn wide(&mut self) -> u128 {
        ((self.next() as u128) << 64) | self.next() as u128
    }
    /// A value of width `bits`, often a special one (0, 1, all ones, signed min/max).
    pub fn value(&mut self, bits: u32) -> u128 {
        let v = match self.below(8) {
            0 => 0,
            1 => 1,
            2 => u128::MAX,
            3 => 1u128 << (bits - 1),
            4 => mask(bits - 1),
            5 => self.below(4) as u128,
            _ => self.wide(),
        };
        v & mask(bits)
    }
}

pub const WIDTHS: [u32; 8] = [1, 3, 8, 8, 16, 32, 64, 128];
/// Array variable used by trees: id 1, 8-bit index, 8-bit element.
pub const ARRAY: u32 = 1;

#[derive(Clone, Debug)]
pub enum Tree {
    Const(u32, u128),
    /// Variable id; its width is `var_width(id)`.
    Var(u32),
    Bin(BinOp, Box<Tree>, Box<Tree>),
    Cmp(CmpOp, Box<Tree>, Box<Tree>),
    Cast(CastOp, Box<Tree>, u32),
    Ite(Box<Tree>, Box<Tree>, Box<Tree>),
    Concat(Box<Tree>, Box<Tree>),
    Extract(Box<Tree>, u32, u32),
    /// Read of array `ARRAY` after the given stores (index, value).
    Select(Vec<(Tree, Tree)>, Box<Tree>),
}

/// Variables: three of each width, `id = 4 * width + k` for k in 0..3.
pub fn var_width(id: u32) -> u32 {
    id / 4
}

/// Every variable id trees may use.
pub fn all_vars() -> impl Iterator<Item = u32> {
    (1..=128u32).flat_map(|w| (0..3).map(move |k| 4 * w + k))
}

fn var_of_width(rng: &mut Rng, bits: u32) -> Tree {
    Tree::Var(4 * bits + rng.below(3) as u32)
}

const BINOPS: [BinOp; 13] = BinOp::ALL;
const CMPOPS: [CmpOp; 10] = CmpOp::ALL;

pub fn gen(rng: &mut Rng, bits: u32, depth: u32) -> Tree {
    let leaf = depth == 0 || rng.below(4) == 0;
    if leaf {
        return if rng.below(2) == 0 { Tree::Const(bits, rng.value(bits)) } else { var_of_width(rng, bits) };
    }
    let d = depth - 1;
    let w = |rng: &mut Rng| WIDTHS[rng.below(WIDTHS.len() as u64) as usize];
    match rng.below(9) {
        0..=2 => {
            let op = BINOPS[rng.below(13) as usize];
            let a = gen(rng, bits, d);
            // Sometimes the same subtree twice, to exercise x-x, x^x, ...
            let b = if rng.below(5) == 0 { a.clone() } else { gen(rng, bits, d) };
            Tree::Bin(op, Box::new(a), Box::new(b))
        }
        3 if bits == 1 => {
            let ow = w(rng);
            let a = gen(rng, ow, d);
            let b = if rng.below(5) == 0 { a.clone() } else { gen(rng, ow, d) };
            Tree::Cmp(CMPOPS[rng.below(10) as usize], Box::new(a), Box::new(b))
        }
        4 => {
            // A cast producing `bits` from some other width.
            let from = w(rng);
            if from < bits {
                let op = if rng.below(2) == 0 { CastOp::ZExt } else { CastOp::SExt };
                Tree::Cast(op, Box::new(gen(rng, from, d)), bits)
            } else {
                Tree::Cast(CastOp::Trunc, Box::new(gen(rng, from, d)), bits)
            }
        }
        5 => Tree::Ite(Box::new(gen(rng, 1, d)), Box::new(gen(rng, bits, d)), Box::new(gen(rng, bits, d))),
        6 if bits >= 2 => {
            let lo = 1 + rng.below(bits as u64 - 1) as u32;
            Tree::Concat(Box::new(gen(rng, bits - lo, d)), Box::new(gen(rng, lo, d)))
        }
        7 => {
            let from = w(rng).max(bits);
            let lo = rng.below((from - bits + 1) as u64) as u32;
            Tree::Extract(Box::new(gen(rng, from, d)), lo + bits - 1, lo)
        }
        8 if bits == 8 => {
            let n = rng.below(3);
            let stores = (0..n).map(|_| (gen(rng, 8, d.min(1)), gen(rng, 8, d.min(1)))).collect();
            Tree::Select(stores, Box::new(gen(rng, 8, d.min(1))))
        }
        _ => gen(rng, bits, d),
    }
}

pub fn width(t: &Tree) -> u32 {
    match t {
        Tree::Const(b, _) => *b,
        Tree::Var(id) => var_width(*id),
        Tree::Bin(_, a, _) => width(a),
        Tree::Cmp(..) => 1,
        Tree::Cast(_, _, b) => *b,
        Tree::Ite(_, a, _) => width(a),
        Tree::Concat(a, b) => width(a) + width(b),
        Tree::Extract(_, h, l) => h - l + 1,
        Tree::Select(..) => 8,
    }
}

/// Reference semantics, written without the pool.
pub fn reference(t: &Tree, asg: &Assignment) -> u128 {
    match t {
        Tree::Const(_, v) => *v,
        Tree::Var(id) => asg.value(*id) & mask(var_width(*id)),
        Tree::Bin(op, a, b) => eval_bin(*op, width(a), reference(a, asg), reference(b, asg)),
        Tree::Cmp(op, a, b) => eval_cmp(*op, width(a), reference(a, asg), reference(b, asg)) as u128,
        Tree::Cast(op, a, bits) => {
            let v = reference(a, asg);
            match op {
                CastOp::ZExt => v,
                CastOp::SExt => sext(v, width(a)) as u128 & mask(*bits),
                CastOp::Trunc => v & mask(*bits),
            }
        }
        Tree::Ite(c, a, b) => {
            if reference(c, asg) == 1 {
                reference(a, asg)
            } else {
                reference(b, asg)
            }
        }
        Tree::Concat(h, l) => (reference(h, asg) << width(l)) | reference(l, asg),
        Tree::Extract(a, h, l) => (reference(a, asg) >> l) & mask(h - l + 1),
        Tree::Select(stores, idx) => {
            let mut mem: BTreeMap<u128, u128> = BTreeMap::new();
            for (i, v) in stores {
                mem.insert(reference(i, asg), reference(v, asg));
            }
            let i = reference(idx, asg);
            mem.get(&i).copied().unwrap_or_else(|| asg.element(ARRAY, i))
        }
    }
}

pub fn build(t: &Tree, p: &mut ExprPool) -> ExprId {
    match t {
        Tree::Const(b, v) => p.constant(*b, *v),
        Tree::Var(id) => p.var(*id, var_width(*id), &format!("v{id}")),
        Tree::Bin(op, a, b) => {
            let (a, b) = (build(a, p), build(b, p));
            p.bin(*op, a, b)
        }
        Tree::Cmp(op, a, b) => {
            let (a, b) = (build(a, p), build(b, p));
            p.cmp(*op, a, b)
        }
        Tree::Cast(op, a, bits) => {
            let a = build(a, p);
            p.cast(*op, a, *bits)
        }
        Tree::Ite(c, a, b) => {
            let (c, a, b) = (build(c, p), build(a, p), build(b, p));
            p.ite(c, a, b)
        }
        Tree::Concat(h, l) => {
            let (h, l) = (build(h, p), build(l, p));
            p.concat(h, l)
        }
        Tree::Extract(a, h, l) => {
            let a = build(a, p);
            p.extract(a, *h, *l)
        }
        Tree::Select(stores, idx) => {
            let mut arr = p.array_var(ARRAY, 8, 8);
            for (i, v) in stores {
                let (i, v) = (build(i, p), build(v, p));
                arr = p.store(arr, i, v);
            }
            let i = build(idx, p);
            p.select(arr, i)
        }
    }
}

/// A random assignment of every tree variable and of some array elements.
pub fn assignment(rng: &mut Rng) -> Assignment {
    let mut a = Assignment::new();
    for id in all_vars() {
        a.set(id, rng.value(var_width(id)));
    }
    for _ in 0..4 {
        let i = rng.value(8);
        let v = rng.value(8);
        a.set_element(ARRAY, i, v);
    }
    a
}
