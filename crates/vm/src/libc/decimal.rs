//! Exact decimal digits of an x86_fp80 value for `%Lf`, `%Le` and `%Lg`.
//!
//! Rust cannot format 80-bit values, so the value `m * 2^e` is scaled by a power of ten
//! with arbitrary-precision integers and rounded half-to-even on the exact remainder,
//! which is what glibc prints in the default rounding mode.

use crate::fp80::{decode, Value, FP80};
use std::cmp::Ordering;

/// A non-negative integer as little-endian 32-bit limbs (no trailing zero limbs).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Big(Vec<u32>);

impl Big {
    fn from_u64(v: u64) -> Big {
        let mut b = Big(vec![v as u32, (v >> 32) as u32]);
        b.trim();
        b
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    fn bits(&self) -> usize {
        self.0.last().map_or(0, |top| self.0.len() * 32 - top.leading_zeros() as usize)
    }

    fn bit(&self, i: usize) -> bool {
        self.0.get(i / 32).is_some_and(|l| (l >> (i % 32)) & 1 == 1)
    }

    fn mul_small(&mut self, k: u32) {
        let mut carry = 0u64;
        for limb in &mut self.0 {
            let v = u64::from(*limb) * u64::from(k) + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
    }

    fn mul_pow10(&mut self, mut n: u32) {
        while n > 0 {
            let step = n.min(9);
            self.mul_small(10u32.pow(step));
            n -= step;
        }
    }

    fn shl(&mut self, n: usize) {
        if self.is_zero() {
            return;
        }
        let (limbs, bits) = (n / 32, n % 32);
        if bits != 0 {
            let mut carry = 0u32;
            for limb in &mut self.0 {
                let v = (*limb << bits) | carry;
                carry = *limb >> (32 - bits);
                *limb = v;
            }
            if carry != 0 {
                self.0.push(carry);
            }
        }
        self.0.splice(0..0, std::iter::repeat_n(0, limbs));
    }

    /// Subtracts `other` (not larger than `self`).
    fn sub(&mut self, other: &Big) {
        let mut borrow = 0i64;
        for (i, limb) in self.0.iter_mut().enumerate() {
            let v = i64::from(*limb) - i64::from(other.0.get(i).copied().unwrap_or(0)) - borrow;
            borrow = i64::from(v < 0);
            *limb = v.rem_euclid(1 << 32) as u32;
        }
        self.trim();
    }

    fn cmp(&self, other: &Big) -> Ordering {
        self.0.len().cmp(&other.0.len()).then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }

    /// Quotient and remainder, by shift-and-subtract.
    fn div_rem(&self, d: &Big) -> (Big, Big) {
        let mut q = Big(vec![0; self.0.len()]);
        let mut r = Big(Vec::new());
        for i in (0..self.bits()).rev() {
            r.shl(1);
            if self.bit(i) {
                if r.is_zero() {
                    r.0.push(1);
                } else {
                    r.0[0] |= 1;
                }
            }
            if r.cmp(d) != Ordering::Less {
                r.sub(d);
                q.0[i / 32] |= 1 << (i % 32);
            }
        }
        q.trim();
        (q, r)
    }

    /// Decimal digits (at least one).
    fn to_decimal(&self) -> String {
        let mut chunks = Vec::new();
        let mut n = self.clone();
        let billion = Big::from_u64(1_000_000_000);
        while !n.is_zero() {
            let (q, r) = n.div_rem(&billion);
            chunks.push(r.0.first().copied().unwrap_or(0));
            n = q;
        }
        let mut s = chunks.pop().map_or_else(|| "0".to_string(), |top| top.to_string());
        for c in chunks.iter().rev() {
            s.push_str(&format!("{c:09}"));
        }
        s
    }
}

/// A finite x86_fp80 magnitude `m * 2^e` (the sign is printed separately).
#[derive(Clone, Copy, Debug)]
pub struct Magnitude {
    e: i32,
    m: u64,
}

/// What printf needs to know about a long double before printing digits.
pub enum Class {
    Nan,
    Inf,
    Finite(Magnitude),
}

/// The sign and class of the x86_fp80 value `bits`.
pub fn classify(bits: u128) -> (bool, Class) {
    let (sign, v) = decode(bits, FP80);
    let class = match v {
        Value::Zero => Class::Finite(Magnitude { e: 0, m: 0 }),
        Value::Finite { e, m } => Class::Finite(Magnitude { e, m }),
        Value::Inf => Class::Inf,
        Value::Nan { .. } => Class::Nan,
    };
    (sign, class)
}

impl Magnitude {
    /// The value times `10^scale`, rounded to an integer half-to-even, in decimal.
    fn scaled(self, scale: i64) -> String {
        let mut num = Big::from_u64(self.m);
        let mut den = Big::from_u64(1);
        if self.e >= 0 {
            num.shl(self.e as usize);
        } else {
            den.shl(self.e.unsigned_abs() as usize);
        }
        if scale >= 0 {
            num.mul_pow10(scale as u32);
        } else {
            den.mul_pow10(scale.unsigned_abs() as u32);
        }
        let (mut q, mut r) = num.div_rem(&den);
        r.shl(1);
        let odd = q.bit(0);
        if r.cmp(&den) == Ordering::Greater || (r.cmp(&den) == Ordering::Equal && odd) {
            let mut carry = true;
            for limb in &mut q.0 {
                let (v, c) = limb.overflowing_add(u32::from(carry));
                *limb = v;
                carry = c;
                if !carry {
                    break;
                }
            }
            if carry {
                q.0.push(1);
            }
        }
        q.to_decimal()
    }

    /// `%f` digits with `precision` fraction digits.
    pub fn fixed(self, precision: usize) -> String {
        let digits = self.scaled(precision as i64);
        let digits = format!("{digits:0>width$}", width = precision + 1);
        let (int, frac) = digits.split_at(digits.len() - precision);
        if precision == 0 {
            int.to_string()
        } else {
            format!("{int}.{frac}")
        }
    }

    /// `%e` mantissa text with `precision` fraction digits, and the decimal exponent.
    pub fn sci_parts(self, precision: usize) -> (String, i32) {
        if self.m == 0 {
            let zeros = "0".repeat(precision);
            return (if precision == 0 { "0".into() } else { format!("0.{zeros}") }, 0);
        }
        // log10 of the value, from its binary exponent: exact or one too small.
        let mut exp = ((f64::from(self.e) + 63.0) * std::f64::consts::LOG10_2).floor() as i64;
        let digits = loop {
            let d = self.scaled(precision as i64 - exp);
            match d.len().cmp(&(precision + 1)) {
                Ordering::Greater => exp += 1,
                Ordering::Less => exp -= 1,
                Ordering::Equal => break d,
            }
        };
        let (lead, rest) = digits.split_at(1);
        let mantissa = if precision == 0 { lead.to_string() } else { format!("{lead}.{rest}") };
        (mantissa, exp as i32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fp80::{binary, from_f64};
    use ravel_ir::FBinOp as Op;

    fn mag(bits: u128) -> Magnitude {
        match classify(bits).1 {
            Class::Finite(m) => m,
            _ => panic!("not finite"),
        }
    }

    #[test]
    fn fixed_digits_match_glibc() {
        let third = binary(Op::Div, from_f64(1.0), from_f64(3.0));
        assert_eq!(mag(third).fixed(20), "0.33333333333333333334");
        assert_eq!(mag(from_f64(2.5)).fixed(0), "2");
        assert_eq!(mag(from_f64(3.5)).fixed(0), "4");
        assert_eq!(mag(from_f64(0.0)).fixed(3), "0.000");
        assert_eq!(mag(from_f64(1e20)).fixed(1), "100000000000000000000.0");
    }

    #[test]
    fn sci_digits_match_glibc() {
        let third = binary(Op::Div, from_f64(1.0), from_f64(3.0));
        assert_eq!(mag(third).sci_parts(6), ("3.333333".to_string(), -1));
        assert_eq!(mag(from_f64(9.9999999)).sci_parts(2), ("1.00".to_string(), 1));
        assert_eq!(mag(from_f64(0.0)).sci_parts(0), ("0".to_string(), 0));
        assert_eq!(mag(from_f64(5e-324)).sci_parts(3), ("4.941".to_string(), -324));
    }
}
