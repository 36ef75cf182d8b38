//! Expressions as Z3 terms, translated once per pool and kept (`ExprId` → term), so that
//! what many queries share is built only once. Width-1 expressions that are naturally
//! Boolean (comparisons, `and`/`or`/`xor`/`ite` of such) become Z3 Booleans rather than
//! 1-bit vectors, which keeps branch conditions readable for Z3's simplifier; conversions
//! between the two forms are inserted where needed. Z3's bit-vector division and shifts
//! have exactly the semantics [`ExprPool::eval`] documents.
//!
//! The solver's core ([`z3_backend`](crate::z3_backend)) and the predictive analysis's
//! encoding share this one translation, so both read an expression the same way.

use rustc_hash::{FxHashMap, FxHashSet};
use z3::ast::{Array, Bool, BV};
use z3::Sort;

use crate::expr::{mask, BinOp, CastOp, CmpOp, ExprId, ExprPool, Node};

#[derive(Clone)]
enum Term {
    Bool(Bool),
    Bv(BV),
    Array(Array),
}

/// The Z3 terms of one pool's expressions.
///
/// Z3 objects live in the thread's Z3 context, so this is neither `Send` nor `Sync`.
#[derive(Default)]
pub struct Z3Terms {
    pool_uid: u64,
    terms: Vec<Option<Term>>,
    /// Variables that stand for a given term instead of their own constant.
    substitutes: FxHashMap<u32, BV>,
}

impl Z3Terms {
    /// No terms yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Forget every term and substitute (all are rebuilt on demand).
    pub fn clear(&mut self) {
        self.terms.clear();
        self.substitutes.clear();
    }

    /// From now on variable `var` translates to `value` instead of its own constant (an
    /// encoding that knows a variable's value folds it into the terms over it). Must come
    /// before any translation that mentions `var`.
    pub fn substitute(&mut self, var: u32, value: BV) {
        self.substitutes.insert(var, value);
    }

    /// The Z3 constant of bit-vector variable `var` of `pool`, whatever it is substituted
    /// by (`None` when the pool has no such variable).
    pub fn variable(pool: &ExprPool, var: u32) -> Option<BV> {
        match *pool.node(pool.var_node(var)?) {
            Node::Var { id, bits, ref name } => Some(var_const(name, id, bits)),
            _ => None,
        }
    }

    /// Make sure every node reachable from `roots` has a term. Terms of another pool are
    /// forgotten first.
    pub fn translate(&mut self, pool: &ExprPool, roots: &[ExprId]) {
        if pool.uid() != self.pool_uid {
            self.terms.clear();
            self.pool_uid = pool.uid();
        }
        if self.terms.len() < pool.len() {
            self.terms.resize(pool.len(), None);
        }
        let mut seen = FxHashSet::default();
        let mut stack = roots.to_vec();
        let mut todo = Vec::new();
        while let Some(id) = stack.pop() {
            if self.terms[id.index()].is_some() || !seen.insert(id) {
                continue;
            }
            todo.push(id);
            pool.for_each_child(id, |c| stack.push(c));
        }
        // Children have smaller ids than parents.
        todo.sort_unstable();
        for id in todo {
            let t = self.make(pool, id);
            self.terms[id.index()] = Some(t);
        }
    }

    /// Translated `e` (see [`Z3Terms::translate`]) as a bit-vector.
    pub fn bv(&self, e: ExprId) -> BV {
        match self.term(e) {
            Term::Bv(b) => b.clone(),
            Term::Bool(b) => b.ite(&bv_const(1, 1), &bv_const(1, 0)),
            Term::Array(_) => panic!("array used as a bit-vector"),
        }
    }

    /// Translated width-1 `e` as a Boolean.
    pub fn boolean(&self, e: ExprId) -> Bool {
        match self.term(e) {
            Term::Bool(b) => b.clone(),
            Term::Bv(b) => b.eq(bv_const(1, 1)),
            Term::Array(_) => panic!("array used as a Boolean"),
        }
    }

    /// Translated array expression `e`.
    pub fn array(&self, e: ExprId) -> Array {
        match self.term(e) {
            Term::Array(a) => a.clone(),
            _ => panic!("bit-vector used as an array"),
        }
    }

    fn term(&self, id: ExprId) -> &Term {
        self.terms[id.index()].as_ref().expect("expression not translated")
    }

    fn both_bool(&self, a: ExprId, b: ExprId) -> Option<(Bool, Bool)> {
        match (self.term(a), self.term(b)) {
            (Term::Bool(x), Term::Bool(y)) => Some((x.clone(), y.clone())),
            _ => None,
        }
    }

    /// The term of node `id`, whose children have theirs.
    fn make(&self, pool: &ExprPool, id: ExprId) -> Term {
        match *pool.node(id) {
            Node::Const { bits: 1, value } => Term::Bool(Bool::from_bool(value == 1)),
            Node::Const { bits, value } => Term::Bv(bv_const(bits, value)),
            Node::Var { id: v, bits, ref name } => {
                Term::Bv(self.substitutes.get(&v).cloned().unwrap_or_else(|| var_const(name, v, bits)))
            }
            Node::Bin { op, a, b } => self.binary(op, a, b),
            Node::Cmp { op, a, b } => self.comparison(op, a, b),
            Node::Cast { op, a, bits } => {
                let w = pool.bits(a);
                if let (Term::Bool(c), CastOp::ZExt | CastOp::SExt) = (self.term(a), op) {
                    let one = if op == CastOp::ZExt { 1 } else { u128::MAX };
                    return Term::Bv(c.ite(&bv_const(bits, one), &bv_const(bits, 0)));
                }
                let x = self.bv(a);
                Term::Bv(match op {
                    CastOp::ZExt => x.zero_ext(bits - w),
                    CastOp::SExt => x.sign_ext(bits - w),
                    CastOp::Trunc => x.extract(bits - 1, 0),
                })
            }
            Node::Ite { cond, then, els } => {
                let c = self.boolean(cond);
                match self.both_bool(then, els) {
                    Some((t, e)) => Term::Bool(c.ite(&t, &e)),
                    None => Term::Bv(c.ite(&self.bv(then), &self.bv(els))),
                }
            }
            Node::Concat { hi, lo } => Term::Bv(self.bv(hi).concat(self.bv(lo))),
            Node::Extract { a, hi, lo } => Term::Bv(self.bv(a).extract(hi, lo)),
            Node::ArrayVar { id: v, index_bits, elem_bits } => Term::Array(Array::new_const(
                format!("arr#{v}"),
                &Sort::bitvector(index_bits),
                &Sort::bitvector(elem_bits),
            )),
            Node::Select { array, index } => {
                Term::Bv(self.array(array).select(&self.bv(index)).as_bv().expect("array element is a bit-vector"))
            }
            Node::Store { array, index, value } => {
                Term::Array(self.array(array).store(&self.bv(index), &self.bv(value)))
            }
        }
    }

    fn binary(&self, op: BinOp, a: ExprId, b: ExprId) -> Term {
        if let (Some((x, y)), BinOp::And | BinOp::Or | BinOp::Xor) = (self.both_bool(a, b), op) {
            return Term::Bool(match op {
                BinOp::And => Bool::and(&[x, y]),
                BinOp::Or => Bool::or(&[x, y]),
                _ => x.xor(&y),
            });
        }
        let (x, y) = (self.bv(a), self.bv(b));
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

    fn comparison(&self, op: CmpOp, a: ExprId, b: ExprId) -> Term {
        if let (Some((x, y)), CmpOp::Eq | CmpOp::Ne) = (self.both_bool(a, b), op) {
            return Term::Bool(if op == CmpOp::Eq { x.iff(&y) } else { x.xor(&y) });
        }
        let (x, y) = (self.bv(a), self.bv(b));
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
}

/// The Z3 constant of bit-vector variable `id` named `name` in the program.
fn var_const(name: &str, id: u32, bits: u32) -> BV {
    BV::new_const(format!("{name}#{id}"), bits)
}

/// The bit-vector constant `value` (its low `bits` bits), of any width up to 128.
pub fn bv_const(bits: u32, value: u128) -> BV {
    let value = value & mask(bits);
    match u64::try_from(value) {
        Ok(v) => BV::from_u64(v, bits),
        Err(_) => BV::from_str(bits, &value.to_string()).expect("Z3 numeral"),
    }
}
