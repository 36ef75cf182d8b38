//! Expressions of the recorded trace as Z3 terms: bit-vectors, with width-1 comparisons
//! and their Boolean combinations as Z3 Booleans. A read's variable `v` is the Z3
//! constant `v{id}`, so a read's value and the expressions over it share one name.

use ravel_sym::{BinOp, CastOp, CmpOp, ExprId, ExprPool, Node};
use rustc_hash::FxHashMap;
use z3::ast::{Ast, Bool, BV};

#[derive(Clone)]
enum Term {
    Bool(Bool),
    Bv(BV),
}

/// Translates expressions of one pool, each once.
pub struct Smt<'p> {
    pool: &'p ExprPool,
    terms: FxHashMap<ExprId, Term>,
    /// Read variables whose value is known as a term (see [`Smt::fix`]).
    fixed: FxHashMap<u32, BV>,
}

/// A bit-vector constant of any width up to 128.
pub fn constant(bits: u32, value: u128) -> BV {
    if bits <= 64 {
        BV::from_u64(value as u64, bits)
    } else {
        BV::from_u64((value >> 64) as u64, bits - 64).concat(BV::from_u64(value as u64, 64))
    }
}

/// The Z3 constant of read variable `var`.
pub fn var(var: u32, bits: u32) -> BV {
    BV::new_const(format!("v{var}"), bits)
}

impl<'p> Smt<'p> {
    pub fn new(pool: &'p ExprPool) -> Self {
        Smt { pool, terms: FxHashMap::default(), fixed: FxHashMap::default() }
    }

    /// From now on read variable `var` stands for `value` (simplified: a chain of reads
    /// with known sources folds to constants or small terms). Must come before any
    /// translation that mentions `var`.
    pub fn fix(&mut self, var: u32, value: &BV) {
        self.fixed.insert(var, value.simplify());
    }

    /// `e` as a bit-vector.
    pub fn bv(&mut self, e: ExprId) -> Option<BV> {
        Some(match self.term(e)? {
            Term::Bv(b) => b,
            Term::Bool(b) => b.ite(&constant(1, 1), &constant(1, 0)),
        })
    }

    /// `e` (width 1) as a Boolean.
    pub fn boolean(&mut self, e: ExprId) -> Option<Bool> {
        Some(match self.term(e)? {
            Term::Bool(b) => b,
            Term::Bv(b) => b.eq(constant(1, 1)),
        })
    }

    /// The term of `e`, translating what is not yet; `None` for array expressions (the
    /// recorder makes none: symbolic indices are made concrete).
    fn term(&mut self, e: ExprId) -> Option<Term> {
        if let Some(t) = self.terms.get(&e) {
            return Some(t.clone());
        }
        // Children first, without recursion (expressions can be deep).
        let mut stack = vec![(e, false)];
        while let Some((id, expanded)) = stack.pop() {
            if self.terms.contains_key(&id) {
                continue;
            }
            if !expanded {
                stack.push((id, true));
                let mut children = Vec::new();
                self.pool.for_each_child(id, |c| children.push(c));
                stack.extend(children.into_iter().filter(|c| !self.terms.contains_key(c)).map(|c| (c, false)));
                continue;
            }
            let t = self.make(id)?;
            self.terms.insert(id, t);
        }
        self.terms.get(&e).cloned()
    }

    fn both_bool(&self, a: ExprId, b: ExprId) -> Option<(Bool, Bool)> {
        match (self.terms.get(&a)?, self.terms.get(&b)?) {
            (Term::Bool(x), Term::Bool(y)) => Some((x.clone(), y.clone())),
            _ => None,
        }
    }

    fn make(&mut self, id: ExprId) -> Option<Term> {
        Some(match *self.pool.node(id) {
            Node::Const { bits: 1, value } => Term::Bool(Bool::from_bool(value & 1 == 1)),
            Node::Const { bits, value } => Term::Bv(constant(bits, value)),
            Node::Var { id, bits, .. } => Term::Bv(self.fixed.get(&id).cloned().unwrap_or_else(|| var(id, bits))),
            Node::Bin { op, a, b } => {
                if let Some((x, y)) = self.both_bool(a, b) {
                    match op {
                        BinOp::And => return Some(Term::Bool(Bool::and(&[x, y]))),
                        BinOp::Or => return Some(Term::Bool(Bool::or(&[x, y]))),
                        BinOp::Xor => return Some(Term::Bool(x.xor(&y))),
                        _ => {}
                    }
                }
                let (x, y) = (self.bv(a)?, self.bv(b)?);
                Term::Bv(match op {
                    BinOp::Add => x.bvadd(&y),
                    BinOp::Sub => x.bvsub(&y),
                    BinOp::Mul => x.bvmul(&y),
                    BinOp::UDiv => x.bvudiv(&y),
                    BinOp::SDiv => x.bvsdiv(&y),
                    BinOp::URem => x.bvurem(&y),
                    BinOp::SRem => x.bvsrem(&y),
                    BinOp::And => x.bvand(&y),
                    BinOp::Or => x.bvor(&y),
                    BinOp::Xor => x.bvxor(&y),
                    BinOp::Shl => x.bvshl(&y),
                    BinOp::LShr => x.bvlshr(&y),
                    BinOp::AShr => x.bvashr(&y),
                })
            }
            Node::Cmp { op, a, b } => {
                if let (Some((x, y)), CmpOp::Eq | CmpOp::Ne) = (self.both_bool(a, b), op) {
                    let same = x.iff(&y);
                    return Some(Term::Bool(if op == CmpOp::Eq { same } else { same.not() }));
                }
                let (x, y) = (self.bv(a)?, self.bv(b)?);
                Term::Bool(match op {
                    CmpOp::Eq => x.eq(&y),
                    CmpOp::Ne => x.eq(&y).not(),
                    CmpOp::Ult => x.bvult(&y),
                    CmpOp::Ule => x.bvule(&y),
                    CmpOp::Ugt => x.bvugt(&y),
                    CmpOp::Uge => x.bvuge(&y),
                    CmpOp::Slt => x.bvslt(&y),
                    CmpOp::Sle => x.bvsle(&y),
                    CmpOp::Sgt => x.bvsgt(&y),
                    CmpOp::Sge => x.bvsge(&y),
                })
            }
            Node::Cast { op, a, bits } => {
                let from = self.pool.bits(a);
                let x = self.bv(a)?;
                Term::Bv(match op {
                    CastOp::ZExt => x.zero_ext(bits - from),
                    CastOp::SExt => x.sign_ext(bits - from),
                    CastOp::Trunc => x.extract(bits - 1, 0),
                })
            }
            Node::Ite { cond, then, els } => {
                let c = self.boolean(cond)?;
                match self.both_bool(then, els) {
                    Some((x, y)) => Term::Bool(c.ite(&x, &y)),
                    None => Term::Bv(c.ite(&self.bv(then)?, &self.bv(els)?)),
                }
            }
            Node::Concat { hi, lo } => Term::Bv(self.bv(hi)?.concat(self.bv(lo)?)),
            Node::Extract { a, hi, lo } => Term::Bv(self.bv(a)?.extract(hi, lo)),
            Node::ArrayVar { .. } | Node::Select { .. } | Node::Store { .. } => return None,
        })
    }
}
