//! Value ranges of expressions, to decide comparisons without a solver.
//!
//! A comparison such as `(x % 10) <= 10` holds for every `x`, yet a bit-blasting solver pays
//! for a whole division circuit to find that out (tens of milliseconds per query). The
//! comparison constructor asks [`ExprPool::signed_range`] for an interval of each operand and
//! folds the comparison to a constant when the intervals alone decide it.
//!
//! Intervals are over-approximations computed from the node structure only, down to a small
//! depth (so each call costs a bounded number of node visits, with no storage per node).
//! Every rule below returns the full range whenever its bound could overflow the width.

use crate::expr::{mask, sext, BinOp, CastOp, CmpOp, ExprId, ExprPool, Node};

/// How deep below a comparison the intervals look.
const DEPTH: u32 = 6;

/// A closed interval of signed values of a `bits`-wide bit-vector.
type Interval = (i128, i128);

/// The signed values a `bits`-wide bit-vector can take.
fn full(bits: u32) -> Interval {
    if bits >= 128 {
        (i128::MIN, i128::MAX)
    } else {
        (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
    }
}

/// `(lo, hi)` if it lies within the signed values of `bits`, else the full range.
fn fit(lo: Option<i128>, hi: Option<i128>, bits: u32) -> Interval {
    let (min, max) = full(bits);
    match (lo, hi) {
        (Some(lo), Some(hi)) if min <= lo && hi <= max => (lo, hi),
        _ => (min, max),
    }
}

/// The unsigned interval of a signed one, when the mapping is monotone on it (the interval
/// does not straddle zero).
fn unsigned((lo, hi): Interval, bits: u32) -> Option<(u128, u128)> {
    let as_unsigned = |v: i128| (v as u128) & mask(bits);
    (lo >= 0 || hi < 0).then(|| (as_unsigned(lo), as_unsigned(hi)))
}

/// The least `2^k - 1` at or above `v` (for `v >= 0`).
fn ones_above(v: i128) -> i128 {
    if v <= 0 {
        0
    } else {
        (1i128 << (128 - v.leading_zeros())).wrapping_sub(1)
    }
}

impl ExprPool {
    /// An interval containing every signed value `id` can take.
    pub fn signed_range(&self, id: ExprId) -> (i128, i128) {
        self.range_at(id, DEPTH)
    }

    fn range_at(&self, id: ExprId, depth: u32) -> Interval {
        let bits = self.bits(id);
        if let Some(c) = self.as_const(id) {
            let v = sext(c, bits);
            return (v, v);
        }
        if depth == 0 || self.is_array(id) {
            return full(bits);
        }
        let d = depth - 1;
        match *self.node(id) {
            Node::Cast { op: CastOp::ZExt, a, .. } => match self.range_at(a, d) {
                (lo, hi) if lo >= 0 => (lo, hi),
                _ => fit(Some(0), i128::try_from(mask(self.bits(a))).ok(), bits),
            },
            Node::Cast { op: CastOp::SExt, a, .. } => self.range_at(a, d),
            Node::Cast { op: CastOp::Trunc, a, .. } => {
                let (lo, hi) = self.range_at(a, d);
                fit(Some(lo), Some(hi), bits)
            }
            Node::Ite { then, els, .. } => {
                let (a, b) = (self.range_at(then, d), self.range_at(els, d));
                (a.0.min(b.0), a.1.max(b.1))
            }
            Node::Bin { op, a, b } => self.bin_range(op, a, b, bits, d),
            _ => full(bits),
        }
    }

    fn bin_range(&self, op: BinOp, a: ExprId, b: ExprId, bits: u32, d: u32) -> Interval {
        let (la, ha) = self.range_at(a, d);
        let (lb, hb) = self.range_at(b, d);
        let cb = self.as_const(b).map(|c| sext(c, bits)).filter(|&c| c != 0);
        match op {
            BinOp::Add => fit(la.checked_add(lb), ha.checked_add(hb), bits),
            BinOp::Sub => fit(la.checked_sub(hb), ha.checked_sub(lb), bits),
            BinOp::Mul => {
                let corners = [la.checked_mul(lb), la.checked_mul(hb), ha.checked_mul(lb), ha.checked_mul(hb)];
                if corners.iter().any(Option::is_none) {
                    return full(bits);
                }
                let vs = corners.map(|c| c.unwrap_or_default());
                fit(vs.iter().min().copied(), vs.iter().max().copied(), bits)
            }
            // |a % c| < |c|, with the sign of `a` (and never further from zero than `a`).
            BinOp::SRem => match cb.and_then(|c| c.checked_abs()) {
                Some(m) => ((-(m - 1)).max(la.min(0)), (m - 1).min(ha.max(0))),
                None => full(bits),
            },
            BinOp::URem => match (self.as_const(b), unsigned((la, ha), bits)) {
                (Some(c), range) if c != 0 => {
                    let top = range.map_or(c - 1, |(_, h)| h.min(c - 1));
                    fit(Some(0), i128::try_from(top).ok(), bits)
                }
                _ => full(bits),
            },
            BinOp::UDiv => match (self.as_const(b), unsigned((la, ha), bits)) {
                (Some(c), Some((l, h))) if c != 0 => fit(i128::try_from(l / c).ok(), i128::try_from(h / c).ok(), bits),
                (Some(c), None) if c > 1 => fit(Some(0), i128::try_from(mask(bits) / c).ok(), bits),
                _ => full(bits),
            },
            // A non-negative operand bounds the result of `&` from above.
            BinOp::And => match (la >= 0, lb >= 0) {
                (true, true) => (0, ha.min(hb)),
                (true, false) => (0, ha),
                (false, true) => (0, hb),
                (false, false) => full(bits),
            },
            BinOp::Or | BinOp::Xor if la >= 0 && lb >= 0 => (0, ones_above(ha.max(hb))),
            BinOp::LShr => match self.as_const(b) {
                Some(s) if s > 0 && s < bits as u128 => match unsigned((la, ha), bits) {
                    Some((l, h)) => fit(i128::try_from(l >> s).ok(), i128::try_from(h >> s).ok(), bits),
                    None => fit(Some(0), i128::try_from(mask(bits) >> s).ok(), bits),
                },
                _ => full(bits),
            },
            BinOp::AShr => match self.as_const(b) {
                Some(s) if s < bits as u128 => (la >> s, ha >> s),
                _ => full(bits),
            },
            _ => full(bits),
        }
    }

    /// `a op b` when the operands' intervals alone decide it.
    pub(crate) fn decide_by_ranges(&self, op: CmpOp, a: ExprId, b: ExprId) -> Option<bool> {
        let bits = self.bits(a);
        let (ra, rb) = (self.signed_range(a), self.signed_range(b));
        let ordered = |x: (i128, i128), y: (i128, i128), strict: bool| -> Option<bool> {
            if (strict && x.1 < y.0) || (!strict && x.1 <= y.0) {
                Some(true)
            } else if (strict && x.0 >= y.1) || (!strict && x.0 > y.1) {
                Some(false)
            } else {
                None
            }
        };
        let signed = |x: Option<(u128, u128)>| x.map(|(l, h)| (l as i128, h as i128));
        let (ua, ub) = if bits < 128 { (signed(unsigned(ra, bits)), signed(unsigned(rb, bits))) } else { (None, None) };
        match op {
            CmpOp::Eq | CmpOp::Ne => (ra.1 < rb.0 || rb.1 < ra.0).then_some(op == CmpOp::Ne),
            CmpOp::Slt => ordered(ra, rb, true),
            CmpOp::Sle => ordered(ra, rb, false),
            CmpOp::Sgt => ordered(rb, ra, true),
            CmpOp::Sge => ordered(rb, ra, false),
            CmpOp::Ult => ordered(ua?, ub?, true),
            CmpOp::Ule => ordered(ua?, ub?, false),
            CmpOp::Ugt => ordered(ub?, ua?, true),
            CmpOp::Uge => ordered(ub?, ua?, false),
        }
    }
}

/// The values a constraint leaves a variable: an interval in the signed or the unsigned
/// order of its width (see [`ExprPool::var_bound`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// `lo..=hi`, signed.
    Signed(i128, i128),
    /// `lo..=hi`, unsigned.
    Unsigned(u128, u128),
}

impl Bound {
    /// Both bounds at once, when they are in the same order.
    pub fn meet(self, other: Bound) -> Option<Bound> {
        match (self, other) {
            (Bound::Signed(a, b), Bound::Signed(c, d)) => Some(Bound::Signed(a.max(c), b.min(d))),
            (Bound::Unsigned(a, b), Bound::Unsigned(c, d)) => Some(Bound::Unsigned(a.max(c), b.min(d))),
            _ => None,
        }
    }

    /// How many values the interval holds (saturating).
    pub fn count(self) -> u128 {
        match self {
            Bound::Signed(lo, hi) if lo <= hi => (hi.abs_diff(lo)).saturating_add(1),
            Bound::Unsigned(lo, hi) if lo <= hi => (hi - lo).saturating_add(1),
            _ => 0,
        }
    }
}

impl ExprPool {
    /// Constraint `c` as a bound on variable `v`: `v op k` or `k op v` for an ordering
    /// comparison with a constant `k` (negations are built as `c ^ 1`).
    pub fn var_bound(&self, c: ExprId, v: u32) -> Option<Bound> {
        let (negated, c) = self.strip_not(c);
        let Node::Cmp { op, a, b } = *self.node(c) else { return None };
        let is_v = |x: ExprId| matches!(*self.node(x), Node::Var { id, .. } if id == v);
        let (op, k) = match (is_v(a), is_v(b), self.as_const(a), self.as_const(b)) {
            (true, _, _, Some(k)) => (op, k),
            (_, true, Some(k), _) => (op.swapped(), k),
            _ => return None,
        };
        let op = if negated { op.negated() } else { op };
        let bits = self.bits(a);
        let (smin, smax) = full(bits);
        let s = sext(k, bits);
        Some(match op {
            CmpOp::Ult => Bound::Unsigned(0, k.checked_sub(1)?),
            CmpOp::Ule => Bound::Unsigned(0, k),
            CmpOp::Ugt => Bound::Unsigned(k.checked_add(1).filter(|&x| x <= mask(bits))?, mask(bits)),
            CmpOp::Uge => Bound::Unsigned(k, mask(bits)),
            CmpOp::Slt => Bound::Signed(smin, s.checked_sub(1).filter(|&x| x >= smin)?),
            CmpOp::Sle => Bound::Signed(smin, s),
            CmpOp::Sgt => Bound::Signed(s.checked_add(1).filter(|&x| x <= smax)?, smax),
            CmpOp::Sge => Bound::Signed(s, smax),
            CmpOp::Eq | CmpOp::Ne => return None,
        })
    }
}
