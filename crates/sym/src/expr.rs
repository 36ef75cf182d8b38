//! Hash-consed bit-vector expressions.
//!
//! Every expression lives in an [`ExprPool`] and is named by an [`ExprId`]. Building the same
//! node twice yields the same id, so structural equality is id equality and a formula is a DAG
//! whose shared parts are stored once. Children are always created before their parents, hence
//! **a child's id is smaller than its parent's**: sorting a set of reachable ids gives a
//! post-order, which is how [`ExprPool::eval`] and the solver translation walk a DAG without
//! recursion.
//!
//! # Semantics
//!
//! Widths are 1..=128 bits; values are `u128` holding the unsigned value, bits above the width
//! always zero. Operations mirror LLVM's integer instructions, with these choices where LLVM
//! leaves the result undefined or poison:
//!
//! * **Division by zero and signed overflow (`INT_MIN / -1`) are never folded.** The
//!   constructors keep such a node as it is, so the interpreter (which reports these as errors
//!   before building the node) never loses one silently. When such a node is evaluated or
//!   solved, it has the total SMT-LIB semantics, shared by [`ExprPool::eval`] and Z3:
//!   `udiv x 0 = all ones`, `urem x 0 = x`, `sdiv x 0 = (x <s 0 ? 1 : -1)`, `srem x 0 = x`,
//!   `sdiv INT_MIN -1 = INT_MIN`, `srem INT_MIN -1 = 0`.
//! * Shifts by an amount `>= width` give 0 for `shl`/`lshr` and the sign fill for `ashr`, as
//!   ravel's interpreter does (and as SMT-LIB's `bvshl`/`bvlshr`/`bvashr` do).
//! * Comparisons have width 1 (`1` = true).
//!
//! Arrays ([`Node::ArrayVar`], [`Node::Select`], [`Node::Store`]) model symbolically indexed
//! memory: an array maps `index_bits`-wide indices to `elem_bits`-wide values. An array
//! variable that an [`Assignment`] does not mention is all zeros, and so is every index of it
//! the assignment does not list.
//!
//! # Variables
//!
//! Bit-vector variables and array variables share one id space (`u32`, chosen by the caller);
//! [`ExprPool::vars`] returns both kinds, which is what constraint independence needs.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};

use rustc_hash::FxHashMap;

/// Name of an expression in an [`ExprPool`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct ExprId(pub u32);

impl ExprId {
    /// The index of the node in its pool.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

pub use ravel_arith::{BinOp, CmpOp};

/// Width-changing casts.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum CastOp {
    ZExt,
    SExt,
    Trunc,
}

/// One node of the expression DAG. Children are [`ExprId`]s in the same pool.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Node {
    /// A constant of width `bits`.
    Const { bits: u32, value: u128 },
    /// A bit-vector variable; `id` is its identity, `name` is for humans.
    Var { id: u32, bits: u32, name: Box<str> },
    /// `a op b`; both operands and the result have the same width.
    Bin { op: BinOp, a: ExprId, b: ExprId },
    /// `a op b`, width 1.
    Cmp { op: CmpOp, a: ExprId, b: ExprId },
    /// `a` zero/sign-extended or truncated to `bits`.
    Cast { op: CastOp, a: ExprId, bits: u32 },
    /// `cond ? then : els` (`cond` has width 1).
    Ite { cond: ExprId, then: ExprId, els: ExprId },
    /// `hi` in the high bits, `lo` in the low bits.
    Concat { hi: ExprId, lo: ExprId },
    /// Bits `hi..=lo` of `a` (never with `lo == 0`: that is a [`CastOp::Trunc`]).
    Extract { a: ExprId, hi: u32, lo: u32 },
    /// An array variable.
    ArrayVar { id: u32, index_bits: u32, elem_bits: u32 },
    /// `array[index]`.
    Select { array: ExprId, index: ExprId },
    /// `array` with `array[index] = value`.
    Store { array: ExprId, index: ExprId, value: ExprId },
}

/// A concrete value for every variable: bit-vector values, and array contents (unlisted
/// variables, array variables and indices are 0). A solver [`Model`](crate::Model) is one.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Assignment {
    /// Bit-vector variable id → value.
    pub values: BTreeMap<u32, u128>,
    /// Array variable id → (index → element).
    pub arrays: BTreeMap<u32, BTreeMap<u128, u128>>,
}

impl Assignment {
    /// The empty assignment (everything 0).
    pub fn new() -> Self {
        Self::default()
    }

    /// Value of bit-vector variable `id` (0 when absent).
    pub fn value(&self, id: u32) -> u128 {
        self.values.get(&id).copied().unwrap_or(0)
    }

    /// Element `index` of array variable `id` (0 when absent).
    pub fn element(&self, id: u32, index: u128) -> u128 {
        self.arrays.get(&id).and_then(|a| a.get(&index)).copied().unwrap_or(0)
    }

    /// Set bit-vector variable `id`.
    pub fn set(&mut self, id: u32, value: u128) -> &mut Self {
        self.values.insert(id, value);
        self
    }

    /// Set element `index` of array variable `id`.
    pub fn set_element(&mut self, id: u32, index: u128, value: u128) -> &mut Self {
        self.arrays.entry(id).or_default().insert(index, value);
        self
    }

    /// Add all of `other`'s entries (used to merge models of independent parts).
    pub fn extend(&mut self, other: Assignment) {
        self.values.extend(other.values);
        for (id, elems) in other.arrays {
            self.arrays.entry(id).or_default().extend(elems);
        }
    }
}

/// Bit mask of the low `bits` bits.
#[inline]
pub fn mask(bits: u32) -> u128 {
    ravel_arith::ones(bits)
}

/// `v` (of width `bits`) read as a signed number.
#[inline]
pub fn sext(v: u128, bits: u32) -> i128 {
    ravel_arith::signed(v, bits)
}

/// `a op b` on `bits`-wide values with the total SMT-LIB semantics (see the module docs).
pub fn eval_bin(op: BinOp, bits: u32, a: u128, b: u128) -> u128 {
    ravel_arith::bin_total(op, bits, a, b)
}

/// `a op b` folded at construction: like [`eval_bin`] but `None` where LLVM has undefined
/// behaviour (division by zero, signed division overflow), so that such nodes are kept.
pub fn fold_bin(op: BinOp, bits: u32, a: u128, b: u128) -> Option<u128> {
    ravel_arith::bin(op, bits, a, b).ok()
}

/// `a op b` on `bits`-wide values.
pub fn eval_cmp(op: CmpOp, bits: u32, a: u128, b: u128) -> bool {
    ravel_arith::cmp(op, bits, a, b)
}

#[derive(Clone, Debug)]
struct Entry {
    node: Node,
    /// Width of a bit-vector, or element width of an array.
    bits: u32,
    /// Index into `ExprPool::sets`.
    vars: u32,
}

static NEXT_POOL_UID: AtomicU64 = AtomicU64::new(1);

/// Arena of hash-consed expressions. See the [module docs](self).
#[derive(Debug)]
pub struct ExprPool {
    uid: u64,
    entries: Vec<Entry>,
    intern: FxHashMap<Node, ExprId>,
    /// Variable id (bit-vector or array) → its node.
    var_nodes: FxHashMap<u32, ExprId>,
    /// Interned sorted variable sets; set 0 is the empty set.
    sets: Vec<Box<[u32]>>,
    set_ids: FxHashMap<Box<[u32]>, u32>,
}

impl Default for ExprPool {
    fn default() -> Self {
        Self::new()
    }
}

impl Clone for ExprPool {
    /// A copy with a fresh [`uid`](ExprPool::uid): the two pools may diverge, so caches keyed
    /// by ids of one must not be used with the other.
    fn clone(&self) -> Self {
        ExprPool {
            uid: NEXT_POOL_UID.fetch_add(1, Ordering::Relaxed),
            entries: self.entries.clone(),
            intern: self.intern.clone(),
            var_nodes: self.var_nodes.clone(),
            sets: self.sets.clone(),
            set_ids: self.set_ids.clone(),
        }
    }
}

impl ExprPool {
    /// An empty pool.
    pub fn new() -> Self {
        let empty: Box<[u32]> = Box::new([]);
        let mut set_ids = FxHashMap::default();
        set_ids.insert(empty.clone(), 0);
        ExprPool {
            uid: NEXT_POOL_UID.fetch_add(1, Ordering::Relaxed),
            entries: Vec::new(),
            intern: FxHashMap::default(),
            var_nodes: FxHashMap::default(),
            sets: vec![empty],
            set_ids,
        }
    }

    /// Unique identity of this pool (solver caches are keyed by it).
    pub fn uid(&self) -> u64 {
        self.uid
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// No nodes yet.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The node named `id`.
    #[inline]
    pub fn node(&self, id: ExprId) -> &Node {
        &self.entries[id.index()].node
    }

    /// Width of a bit-vector expression (element width for an array).
    #[inline]
    pub fn bits(&self, id: ExprId) -> u32 {
        self.entries[id.index()].bits
    }

    /// Whether `id` is an array (an array variable or a store).
    #[inline]
    pub fn is_array(&self, id: ExprId) -> bool {
        matches!(self.node(id), Node::ArrayVar { .. } | Node::Store { .. })
    }

    /// `(index_bits, elem_bits)` of an array expression.
    pub fn array_sort(&self, id: ExprId) -> Option<(u32, u32)> {
        let mut cur = id;
        loop {
            match *self.node(cur) {
                Node::ArrayVar { index_bits, elem_bits, .. } => return Some((index_bits, elem_bits)),
                Node::Store { array, .. } => cur = array,
                _ => return None,
            }
        }
    }

    /// The value of a constant node.
    #[inline]
    pub fn as_const(&self, id: ExprId) -> Option<u128> {
        match *self.node(id) {
            Node::Const { value, .. } => Some(value),
            _ => None,
        }
    }

    /// The sorted ids of the variables (bit-vector and array) `id` depends on.
    #[inline]
    pub fn vars(&self, id: ExprId) -> &[u32] {
        &self.sets[self.entries[id.index()].vars as usize]
    }

    /// The node of variable `id`, if one was made.
    pub fn var_node(&self, id: u32) -> Option<ExprId> {
        self.var_nodes.get(&id).copied()
    }

    fn intern(&mut self, node: Node, bits: u32, vars: u32) -> ExprId {
        if let Some(&id) = self.intern.get(&node) {
            return id;
        }
        let id = ExprId(u32::try_from(self.entries.len()).expect("expression pool full"));
        self.entries.push(Entry { node: node.clone(), bits, vars });
        self.intern.insert(node, id);
        id
    }

    fn set_of(&mut self, vars: Box<[u32]>) -> u32 {
        if let Some(&s) = self.set_ids.get(&vars) {
            return s;
        }
        let s = self.sets.len() as u32;
        self.sets.push(vars.clone());
        self.set_ids.insert(vars, s);
        s
    }

    fn union(&mut self, s: u32, t: u32) -> u32 {
        if s == t || t == 0 {
            return s;
        }
        if s == 0 {
            return t;
        }
        let (a, b) = (&self.sets[s as usize], &self.sets[t as usize]);
        let mut out = Vec::with_capacity(a.len() + b.len());
        let (mut i, mut j) = (0, 0);
        while i < a.len() && j < b.len() {
            match a[i].cmp(&b[j]) {
                std::cmp::Ordering::Less => {
                    out.push(a[i]);
                    i += 1;
                }
                std::cmp::Ordering::Greater => {
                    out.push(b[j]);
                    j += 1;
                }
                std::cmp::Ordering::Equal => {
                    out.push(a[i]);
                    i += 1;
                    j += 1;
                }
            }
        }
        out.extend_from_slice(&a[i..]);
        out.extend_from_slice(&b[j..]);
        if out.len() == a.len() {
            return s;
        }
        if out.len() == b.len() {
            return t;
        }
        self.set_of(out.into_boxed_slice())
    }

    fn vars_set(&self, id: ExprId) -> u32 {
        self.entries[id.index()].vars
    }

    fn check_bv(&self, id: ExprId) {
        assert!(!self.is_array(id), "expected a bit-vector, got an array: {id:?}");
    }

    // ---------------------------------------------------------------- leaves

    /// The constant `value` (truncated to `bits`).
    pub fn constant(&mut self, bits: u32, value: u128) -> ExprId {
        assert!((1..=128).contains(&bits), "bit-vector width {bits} out of 1..=128");
        self.intern(Node::Const { bits, value: value & mask(bits) }, bits, 0)
    }

    /// `c` without a leading logical not (built as `c ^ 1` on width 1), and whether there
    /// was one.
    pub fn strip_not(&self, c: ExprId) -> (bool, ExprId) {
        match *self.node(c) {
            Node::Bin { op: BinOp::Xor, a, b } if self.bits(c) == 1 && self.as_const(b) == Some(1) => (true, a),
            _ => (false, c),
        }
    }

    /// Width-1 constant.
    pub fn bool_const(&mut self, b: bool) -> ExprId {
        self.constant(1, b as u128)
    }

    /// Width-1 `1`.
    pub fn true_(&mut self) -> ExprId {
        self.bool_const(true)
    }

    /// Width-1 `0`.
    pub fn false_(&mut self) -> ExprId {
        self.bool_const(false)
    }

    /// The bit-vector variable `id`. Making it again returns the same node (the first name
    /// stays); panics if `id` already names a variable of another width or an array.
    pub fn var(&mut self, id: u32, bits: u32, name: &str) -> ExprId {
        assert!((1..=128).contains(&bits), "bit-vector width {bits} out of 1..=128");
        if let Some(&e) = self.var_nodes.get(&id) {
            match *self.node(e) {
                Node::Var { bits: b, .. } if b == bits => return e,
                _ => panic!("variable id {id} reused with another sort"),
            }
        }
        let set = self.set_of(Box::new([id]));
        let e = self.intern(Node::Var { id, bits, name: name.into() }, bits, set);
        self.var_nodes.insert(id, e);
        e
    }

    /// The array variable `id` (sharing the id space of bit-vector variables).
    pub fn array_var(&mut self, id: u32, index_bits: u32, elem_bits: u32) -> ExprId {
        assert!((1..=128).contains(&index_bits) && (1..=128).contains(&elem_bits));
        if let Some(&e) = self.var_nodes.get(&id) {
            match *self.node(e) {
                Node::ArrayVar { index_bits: i, elem_bits: b, .. } if i == index_bits && b == elem_bits => return e,
                _ => panic!("variable id {id} reused with another sort"),
            }
        }
        let set = self.set_of(Box::new([id]));
        let e = self.intern(Node::ArrayVar { id, index_bits, elem_bits }, elem_bits, set);
        self.var_nodes.insert(id, e);
        e
    }

    // ---------------------------------------------------------------- binary

    /// `a op b`, folded and simplified.
    pub fn bin(&mut self, op: BinOp, a: ExprId, b: ExprId) -> ExprId {
        self.check_bv(a);
        self.check_bv(b);
        let w = self.bits(a);
        assert_eq!(w, self.bits(b), "{op:?}: operand widths differ");
        let (ca, cb) = (self.as_const(a), self.as_const(b));
        if let (Some(x), Some(y)) = (ca, cb) {
            if let Some(v) = fold_bin(op, w, x, y) {
                return self.constant(w, v);
            }
        }
        // Canonical operand order for commutative operators: a constant goes right,
        // otherwise the smaller id goes left, so `x+y` and `y+x` are one node.
        let (a, b) =
            if op.is_commutative() && ((ca.is_some() && cb.is_none()) || (ca.is_none() == cb.is_none() && a > b)) {
                (b, a)
            } else {
                (a, b)
            };
        let (ca, cb) = (self.as_const(a), self.as_const(b));
        let ones = mask(w);
        match op {
            BinOp::Add => {
                if cb == Some(0) {
                    return a;
                }
                // (x + c1) + c2 = x + (c1 + c2)
                if let (Some(c2), &Node::Bin { op: BinOp::Add, a: x, b: c1 }) = (cb, self.node(a)) {
                    if let Some(c1) = self.as_const(c1) {
                        let c = self.constant(w, c1.wrapping_add(c2));
                        return self.bin(BinOp::Add, x, c);
                    }
                }
            }
            BinOp::Sub => {
                if a == b {
                    return self.constant(w, 0);
                }
                // x - c = x + (-c)
                if let Some(c) = cb {
                    let n = self.constant(w, c.wrapping_neg());
                    return self.bin(BinOp::Add, a, n);
                }
            }
            BinOp::Mul => match cb {
                Some(0) => return b,
                Some(1) => return a,
                _ => {}
            },
            BinOp::UDiv | BinOp::SDiv => {
                if cb == Some(1) {
                    return a;
                }
            }
            BinOp::URem | BinOp::SRem => {
                if cb == Some(1) {
                    return self.constant(w, 0);
                }
            }
            BinOp::And => {
                if cb == Some(0) {
                    return b;
                }
                if cb == Some(ones) || a == b {
                    return a;
                }
            }
            BinOp::Or => {
                if cb == Some(0) || a == b {
                    return a;
                }
                if cb == Some(ones) {
                    return b;
                }
            }
            BinOp::Xor => {
                if cb == Some(0) {
                    return a;
                }
                if a == b {
                    return self.constant(w, 0);
                }
                // (x ^ c1) ^ c2 = x ^ (c1 ^ c2); in particular not(not x) = x.
                if let (Some(c2), &Node::Bin { op: BinOp::Xor, a: x, b: c1 }) = (cb, self.node(a)) {
                    if let Some(c1) = self.as_const(c1) {
                        let c = self.constant(w, c1 ^ c2);
                        return self.bin(BinOp::Xor, x, c);
                    }
                }
            }
            BinOp::Shl | BinOp::LShr => {
                if cb == Some(0) || ca == Some(0) {
                    return a;
                }
                if cb.is_some_and(|s| s >= w as u128) {
                    return self.constant(w, 0);
                }
            }
            BinOp::AShr => {
                if cb == Some(0) || ca == Some(0) || ca == Some(ones) {
                    return a;
                }
            }
        }
        let vars = self.union(self.vars_set(a), self.vars_set(b));
        self.intern(Node::Bin { op, a, b }, w, vars)
    }

    /// `a + b`.
    pub fn add(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.bin(BinOp::Add, a, b)
    }
    /// `a - b`.
    pub fn sub(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.bin(BinOp::Sub, a, b)
    }
    /// `a * b`.
    pub fn mul(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.bin(BinOp::Mul, a, b)
    }
    /// `a / b` unsigned.
    pub fn udiv(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.bin(BinOp::UDiv, a, b)
    }
    /// `a / b` signed.
    pub fn sdiv(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.bin(BinOp::SDiv, a, b)
    }
    /// `a % b` unsigned.
    pub fn urem(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.bin(BinOp::URem, a, b)
    }
    /// `a % b` signed (sign of the dividend).
    pub fn srem(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.bin(BinOp::SRem, a, b)
    }
    /// `a & b`.
    pub fn and(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.bin(BinOp::And, a, b)
    }
    /// `a | b`.
    pub fn or(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.bin(BinOp::Or, a, b)
    }
    /// `a ^ b`.
    pub fn xor(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.bin(BinOp::Xor, a, b)
    }
    /// `a << b`.
    pub fn shl(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.bin(BinOp::Shl, a, b)
    }
    /// `a >> b` logical.
    pub fn lshr(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.bin(BinOp::LShr, a, b)
    }
    /// `a >> b` arithmetic.
    pub fn ashr(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.bin(BinOp::AShr, a, b)
    }
    /// Bitwise not (`a ^ all-ones`); logical not on width 1.
    pub fn not(&mut self, a: ExprId) -> ExprId {
        let ones = self.constant(self.bits(a), u128::MAX);
        self.bin(BinOp::Xor, a, ones)
    }
    /// Two's complement negation (`0 - a`).
    pub fn neg(&mut self, a: ExprId) -> ExprId {
        let zero = self.constant(self.bits(a), 0);
        self.bin(BinOp::Sub, zero, a)
    }

    // ---------------------------------------------------------------- comparisons

    /// `a op b` (width 1), folded and simplified.
    pub fn cmp(&mut self, op: CmpOp, a: ExprId, b: ExprId) -> ExprId {
        self.check_bv(a);
        self.check_bv(b);
        let w = self.bits(a);
        assert_eq!(w, self.bits(b), "{op:?}: operand widths differ");
        if a == b {
            return self.bool_const(op.reflexive());
        }
        let (ca, cb) = (self.as_const(a), self.as_const(b));
        if let (Some(x), Some(y)) = (ca, cb) {
            return self.bool_const(eval_cmp(op, w, x, y));
        }
        let (smin, smax) = (1u128 << (w - 1), mask(w - 1));
        // Comparisons decided by a bound alone.
        let decided = match (op, ca, cb) {
            (CmpOp::Ult, _, Some(0)) | (CmpOp::Ugt, Some(0), _) => Some(false),
            (CmpOp::Uge, _, Some(0)) | (CmpOp::Ule, Some(0), _) => Some(true),
            (CmpOp::Ule, _, Some(m)) | (CmpOp::Uge, Some(m), _) if m == mask(w) => Some(true),
            (CmpOp::Ugt, _, Some(m)) | (CmpOp::Ult, Some(m), _) if m == mask(w) => Some(false),
            (CmpOp::Slt, _, Some(m)) | (CmpOp::Sgt, Some(m), _) if m == smin => Some(false),
            (CmpOp::Sge, _, Some(m)) | (CmpOp::Sle, Some(m), _) if m == smin => Some(true),
            (CmpOp::Sle, _, Some(m)) | (CmpOp::Sge, Some(m), _) if m == smax => Some(true),
            (CmpOp::Sgt, _, Some(m)) | (CmpOp::Slt, Some(m), _) if m == smax => Some(false),
            _ => None,
        };
        if let Some(d) = decided.or_else(|| self.decide_by_ranges(op, a, b)) {
            return self.bool_const(d);
        }
        if matches!(op, CmpOp::Eq | CmpOp::Ne) {
            let (a, b) =
                if (ca.is_some() && cb.is_none()) || (ca.is_none() == cb.is_none() && a > b) { (b, a) } else { (a, b) };
            if let Some(c) = self.as_const(b) {
                let eq = op == CmpOp::Eq;
                // On width 1: x == 1 is x, x == 0 is !x.
                if w == 1 {
                    return if (c == 1) == eq { a } else { self.not(a) };
                }
                // zext(x) == c: false when c does not fit x, else x == trunc(c).
                if let Node::Cast { op: CastOp::ZExt, a: x, .. } = *self.node(a) {
                    let wx = self.bits(x);
                    if c > mask(wx) {
                        return self.bool_const(!eq);
                    }
                    let c = self.constant(wx, c);
                    return self.cmp(op, x, c);
                }
                // (cond ? k1 : k2) == c with constant arms.
                if let Node::Ite { cond, then, els } = *self.node(a) {
                    if let (Some(k1), Some(k2)) = (self.as_const(then), self.as_const(els)) {
                        let (t, e) = ((k1 == c) == eq, (k2 == c) == eq);
                        return match (t, e) {
                            (true, true) => self.true_(),
                            (false, false) => self.false_(),
                            (true, false) => cond,
                            (false, true) => self.not(cond),
                        };
                    }
                }
                // x + k == c  →  x == c - k
                if let Node::Bin { op: BinOp::Add, a: x, b: k } = *self.node(a) {
                    if let Some(k) = self.as_const(k) {
                        let c = self.constant(w, c.wrapping_sub(k));
                        return self.cmp(op, x, c);
                    }
                }
            }
            let vars = self.union(self.vars_set(a), self.vars_set(b));
            return self.intern(Node::Cmp { op, a, b }, 1, vars);
        }
        let vars = self.union(self.vars_set(a), self.vars_set(b));
        self.intern(Node::Cmp { op, a, b }, 1, vars)
    }

    /// `a == b`.
    pub fn eq(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.cmp(CmpOp::Eq, a, b)
    }
    /// `a != b`.
    pub fn ne(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.cmp(CmpOp::Ne, a, b)
    }
    /// `a < b` unsigned.
    pub fn ult(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.cmp(CmpOp::Ult, a, b)
    }
    /// `a <= b` unsigned.
    pub fn ule(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.cmp(CmpOp::Ule, a, b)
    }
    /// `a > b` unsigned.
    pub fn ugt(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.cmp(CmpOp::Ugt, a, b)
    }
    /// `a >= b` unsigned.
    pub fn uge(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.cmp(CmpOp::Uge, a, b)
    }
    /// `a < b` signed.
    pub fn slt(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.cmp(CmpOp::Slt, a, b)
    }
    /// `a <= b` signed.
    pub fn sle(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.cmp(CmpOp::Sle, a, b)
    }
    /// `a > b` signed.
    pub fn sgt(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.cmp(CmpOp::Sgt, a, b)
    }
    /// `a >= b` signed.
    pub fn sge(&mut self, a: ExprId, b: ExprId) -> ExprId {
        self.cmp(CmpOp::Sge, a, b)
    }

    // ---------------------------------------------------------------- casts

    /// `a` cast to `bits` (`ZExt`/`SExt` need `bits >= width`, `Trunc` needs `bits <= width`).
    pub fn cast(&mut self, op: CastOp, a: ExprId, bits: u32) -> ExprId {
        match op {
            CastOp::ZExt => self.zext(a, bits),
            CastOp::SExt => self.sext(a, bits),
            CastOp::Trunc => self.trunc(a, bits),
        }
    }

    /// Zero extension to `bits`.
    pub fn zext(&mut self, a: ExprId, bits: u32) -> ExprId {
        self.check_bv(a);
        let w = self.bits(a);
        assert!(bits >= w && bits <= 128, "zext from {w} to {bits}");
        if bits == w {
            return a;
        }
        if let Some(c) = self.as_const(a) {
            return self.constant(bits, c);
        }
        if let Node::Cast { op: CastOp::ZExt, a: x, .. } = *self.node(a) {
            return self.zext(x, bits);
        }
        let vars = self.vars_set(a);
        self.intern(Node::Cast { op: CastOp::ZExt, a, bits }, bits, vars)
    }

    /// Sign extension to `bits`.
    pub fn sext(&mut self, a: ExprId, bits: u32) -> ExprId {
        self.check_bv(a);
        let w = self.bits(a);
        assert!(bits >= w && bits <= 128, "sext from {w} to {bits}");
        if bits == w {
            return a;
        }
        if let Some(c) = self.as_const(a) {
            return self.constant(bits, sext(c, w) as u128);
        }
        match *self.node(a) {
            Node::Cast { op: CastOp::SExt, a: x, .. } => return self.sext(x, bits),
            // The sign bit of a widening zext is 0.
            Node::Cast { op: CastOp::ZExt, a: x, .. } => return self.zext(x, bits),
            _ => {}
        }
        let vars = self.vars_set(a);
        self.intern(Node::Cast { op: CastOp::SExt, a, bits }, bits, vars)
    }

    /// Truncation to the low `bits` bits.
    pub fn trunc(&mut self, a: ExprId, bits: u32) -> ExprId {
        self.check_bv(a);
        let w = self.bits(a);
        assert!(bits <= w && bits >= 1, "trunc from {w} to {bits}");
        if bits == w {
            return a;
        }
        if let Some(c) = self.as_const(a) {
            return self.constant(bits, c);
        }
        match *self.node(a) {
            Node::Cast { op: op @ (CastOp::ZExt | CastOp::SExt), a: x, .. } => {
                let wx = self.bits(x);
                return if bits <= wx { self.trunc(x, bits) } else { self.cast(op, x, bits) };
            }
            Node::Cast { op: CastOp::Trunc, a: x, .. } => return self.trunc(x, bits),
            Node::Extract { a: x, lo, .. } => return self.extract(x, lo + bits - 1, lo),
            Node::Concat { lo, .. } => {
                let wl = self.bits(lo);
                if bits <= wl {
                    return self.trunc(lo, bits);
                }
            }
            _ => {}
        }
        let vars = self.vars_set(a);
        self.intern(Node::Cast { op: CastOp::Trunc, a, bits }, bits, vars)
    }

    // ---------------------------------------------------------------- ite, concat, extract

    /// `cond ? then : els`.
    pub fn ite(&mut self, cond: ExprId, then: ExprId, els: ExprId) -> ExprId {
        self.check_bv(cond);
        self.check_bv(then);
        self.check_bv(els);
        assert_eq!(self.bits(cond), 1, "ite condition must have width 1");
        let w = self.bits(then);
        assert_eq!(w, self.bits(els), "ite: arm widths differ");
        if let Some(c) = self.as_const(cond) {
            return if c == 1 { then } else { els };
        }
        if then == els {
            return then;
        }
        if w == 1 {
            match (self.as_const(then), self.as_const(els)) {
                (Some(1), Some(0)) => return cond,
                (Some(0), Some(1)) => return self.not(cond),
                _ => {}
            }
        }
        // ite(!c, a, b) = ite(c, b, a)
        if let Node::Bin { op: BinOp::Xor, a: x, b: one } = *self.node(cond) {
            if self.as_const(one) == Some(1) {
                return self.ite(x, els, then);
            }
        }
        let vars = self.union(self.vars_set(cond), self.vars_set(then));
        let vars = self.union(vars, self.vars_set(els));
        self.intern(Node::Ite { cond, then, els }, w, vars)
    }

    /// `hi ++ lo` (`hi` in the high bits); the width is the sum, at most 128.
    pub fn concat(&mut self, hi: ExprId, lo: ExprId) -> ExprId {
        self.check_bv(hi);
        self.check_bv(lo);
        let (wh, wl) = (self.bits(hi), self.bits(lo));
        let w = wh + wl;
        assert!(w <= 128, "concat wider than 128 bits");
        match (self.as_const(hi), self.as_const(lo)) {
            (Some(h), Some(l)) => return self.constant(w, (h << wl) | l),
            (Some(0), _) => return self.zext(lo, w),
            _ => {}
        }
        // extract(x, h, m) ++ extract(x, m-1, l) = extract(x, h, l)
        let lo_part = match *self.node(lo) {
            Node::Extract { a, hi: h, lo: l } => Some((a, h, l)),
            Node::Cast { op: CastOp::Trunc, a, bits } => Some((a, bits - 1, 0)),
            _ => None,
        };
        if let (Some((x, h2, l2)), &Node::Extract { a: y, hi: h1, lo: l1 }) = (lo_part, self.node(hi)) {
            if x == y && l1 == h2 + 1 {
                return self.extract(x, h1, l2);
            }
        }
        let vars = self.union(self.vars_set(hi), self.vars_set(lo));
        self.intern(Node::Concat { hi, lo }, w, vars)
    }

    /// Bits `hi..=lo` of `a` (width `hi - lo + 1`).
    pub fn extract(&mut self, a: ExprId, hi: u32, lo: u32) -> ExprId {
        self.check_bv(a);
        let w = self.bits(a);
        assert!(lo <= hi && hi < w, "extract [{hi}:{lo}] of a {w}-bit value");
        if lo == 0 {
            return self.trunc(a, hi + 1);
        }
        let n = hi - lo + 1;
        if let Some(c) = self.as_const(a) {
            return self.constant(n, c >> lo);
        }
        match *self.node(a) {
            Node::Extract { a: x, lo: l1, .. } => return self.extract(x, l1 + hi, l1 + lo),
            Node::Cast { op: CastOp::Trunc, a: x, .. } => return self.extract(x, hi, lo),
            Node::Concat { hi: h, lo: l } => {
                let wl = self.bits(l);
                if hi < wl {
                    return self.extract(l, hi, lo);
                }
                if lo >= wl {
                    return self.extract(h, hi - wl, lo - wl);
                }
            }
            Node::Cast { op: op @ (CastOp::ZExt | CastOp::SExt), a: x, .. } => {
                let wx = self.bits(x);
                if hi < wx {
                    return self.extract(x, hi, lo);
                }
                if lo >= wx && op == CastOp::ZExt {
                    return self.constant(n, 0);
                }
            }
            _ => {}
        }
        let vars = self.vars_set(a);
        self.intern(Node::Extract { a, hi, lo }, n, vars)
    }

    // ---------------------------------------------------------------- arrays

    /// `array[index]`. Reading through stores at constant indices is resolved when decidable.
    pub fn select(&mut self, array: ExprId, index: ExprId) -> ExprId {
        let (ib, eb) = self.array_sort(array).expect("select from a non-array");
        self.check_bv(index);
        assert_eq!(self.bits(index), ib, "select: index width");
        let mut arr = array;
        while let Node::Store { array: inner, index: i, value } = *self.node(arr) {
            if i == index {
                return value;
            }
            match (self.as_const(i), self.as_const(index)) {
                (Some(x), Some(y)) if x != y => arr = inner,
                _ => break,
            }
        }
        let vars = self.union(self.vars_set(arr), self.vars_set(index));
        self.intern(Node::Select { array: arr, index }, eb, vars)
    }

    /// `array` with `array[index] = value`.
    pub fn store(&mut self, array: ExprId, index: ExprId, value: ExprId) -> ExprId {
        let (ib, eb) = self.array_sort(array).expect("store into a non-array");
        self.check_bv(index);
        self.check_bv(value);
        assert_eq!(self.bits(index), ib, "store: index width");
        assert_eq!(self.bits(value), eb, "store: element width");
        // Writing back what is there changes nothing.
        if let Node::Select { array: a, index: i } = *self.node(value) {
            if a == array && i == index {
                return array;
            }
        }
        // A later store to the same index hides an earlier one.
        if let Node::Store { array: inner, index: i, .. } = *self.node(array) {
            if i == index {
                return self.store(inner, index, value);
            }
        }
        let vars = self.union(self.vars_set(array), self.vars_set(index));
        let vars = self.union(vars, self.vars_set(value));
        self.intern(Node::Store { array, index, value }, eb, vars)
    }

    // ---------------------------------------------------------------- traversal and evaluation

    /// All nodes reachable from `roots`, in increasing id order (children before parents).
    pub fn reachable(&self, roots: &[ExprId]) -> Vec<ExprId> {
        let mut seen = rustc_hash::FxHashSet::default();
        let mut stack: Vec<ExprId> = roots.to_vec();
        let mut out = Vec::new();
        while let Some(id) = stack.pop() {
            if !seen.insert(id) {
                continue;
            }
            out.push(id);
            self.for_each_child(id, |c| stack.push(c));
        }
        out.sort_unstable();
        out
    }

    /// Calls `f` on each direct child of `id`.
    pub fn for_each_child(&self, id: ExprId, mut f: impl FnMut(ExprId)) {
        match *self.node(id) {
            Node::Const { .. } | Node::Var { .. } | Node::ArrayVar { .. } => {}
            Node::Bin { a, b, .. } | Node::Cmp { a, b, .. } => {
                f(a);
                f(b);
            }
            Node::Cast { a, .. } | Node::Extract { a, .. } => f(a),
            Node::Ite { cond, then, els } => {
                f(cond);
                f(then);
                f(els);
            }
            Node::Concat { hi, lo } => {
                f(hi);
                f(lo);
            }
            Node::Select { array, index } => {
                f(array);
                f(index);
            }
            Node::Store { array, index, value } => {
                f(array);
                f(index);
                f(value);
            }
        }
    }

    /// The value of bit-vector expression `id` under `asg` (see the module docs for the
    /// semantics of division by zero and of unassigned variables).
    pub fn eval(&self, id: ExprId, asg: &Assignment) -> u128 {
        self.eval_many(&[id], asg)[0]
    }

    /// [`eval`](Self::eval) of several expressions, sharing the work on common parts.
    pub fn eval_many(&self, ids: &[ExprId], asg: &Assignment) -> Vec<u128> {
        for &id in ids {
            self.check_bv(id);
        }
        let order = self.reachable(ids);
        let mut val: FxHashMap<ExprId, u128> = FxHashMap::default();
        val.reserve(order.len());
        for &id in &order {
            let v = match *self.node(id) {
                Node::Const { value, .. } => value,
                Node::Var { id: v, bits, .. } => asg.value(v) & mask(bits),
                Node::Bin { op, a, b } => eval_bin(op, self.bits(a), val[&a], val[&b]),
                Node::Cmp { op, a, b } => eval_cmp(op, self.bits(a), val[&a], val[&b]) as u128,
                Node::Cast { op, a, bits } => match op {
                    CastOp::ZExt => val[&a],
                    CastOp::SExt => sext(val[&a], self.bits(a)) as u128 & mask(bits),
                    CastOp::Trunc => val[&a] & mask(bits),
                },
                Node::Ite { cond, then, els } => {
                    if val[&cond] == 1 {
                        val[&then]
                    } else {
                        val[&els]
                    }
                }
                Node::Concat { hi, lo } => (val[&hi] << self.bits(lo)) | val[&lo],
                Node::Extract { a, hi, lo } => (val[&a] >> lo) & mask(hi - lo + 1),
                Node::ArrayVar { .. } | Node::Store { .. } => 0,
                Node::Select { array, index } => {
                    let idx = val[&index];
                    let mut arr = array;
                    loop {
                        match *self.node(arr) {
                            Node::Store { array: inner, index: i, value } => {
                                if val[&i] == idx {
                                    break val[&value];
                                }
                                arr = inner;
                            }
                            Node::ArrayVar { id: a, elem_bits, .. } => break asg.element(a, idx) & mask(elem_bits),
                            _ => unreachable!("select from a non-array"),
                        }
                    }
                }
            };
            val.insert(id, v);
        }
        ids.iter().map(|i| val[i]).collect()
    }

    /// The base array variable under a chain of stores.
    pub fn array_root(&self, mut array: ExprId) -> Option<u32> {
        loop {
            match *self.node(array) {
                Node::Store { array: inner, .. } => array = inner,
                Node::ArrayVar { id, .. } => return Some(id),
                _ => return None,
            }
        }
    }

    /// A readable rendering of `id` (s-expression style; deep or large DAGs are cut with `…`).
    pub fn display(&self, id: ExprId) -> String {
        let mut s = String::new();
        let mut budget = 2000usize;
        self.fmt_rec(id, &mut s, 0, &mut budget);
        s
    }

    fn fmt_rec(&self, id: ExprId, s: &mut String, depth: usize, budget: &mut usize) {
        if depth > 48 || *budget == 0 {
            s.push('…');
            return;
        }
        *budget -= 1;
        let kids = |s: &mut String, head: String, kids: &[ExprId], budget: &mut usize| {
            s.push('(');
            s.push_str(&head);
            for &k in kids {
                s.push(' ');
                self.fmt_rec(k, s, depth + 1, budget);
            }
            s.push(')');
        };
        match self.node(id) {
            Node::Const { bits, value } => {
                let _ = write!(s, "{value}:i{bits}");
            }
            Node::Var { name, id, .. } => {
                let _ = write!(s, "{name}#{id}");
            }
            Node::ArrayVar { id, .. } => {
                let _ = write!(s, "arr#{id}");
            }
            &Node::Bin { op, a, b } => kids(s, op.name().into(), &[a, b], budget),
            &Node::Cmp { op, a, b } => kids(s, op.name().into(), &[a, b], budget),
            &Node::Cast { op, a, bits } => {
                let n = match op {
                    CastOp::ZExt => "zext",
                    CastOp::SExt => "sext",
                    CastOp::Trunc => "trunc",
                };
                kids(s, format!("{n} i{bits}"), &[a], budget)
            }
            &Node::Ite { cond, then, els } => kids(s, "ite".into(), &[cond, then, els], budget),
            &Node::Concat { hi, lo } => kids(s, "concat".into(), &[hi, lo], budget),
            &Node::Extract { a, hi, lo } => kids(s, format!("extract {hi} {lo}"), &[a], budget),
            &Node::Select { array, index } => kids(s, "select".into(), &[array, index], budget),
            &Node::Store { array, index, value } => kids(s, "store".into(), &[array, index, value], budget),
        }
    }
}
