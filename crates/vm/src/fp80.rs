//! x86 80-bit extended precision (`long double`, LLVM's `x86_fp80`) in software.
//!
//! The host has no portable 80-bit type, so values live in the low 80 bits of a `u128`
//! (the memory image: 64-bit significand with an explicit integer bit, then 15 exponent
//! bits and the sign). Every operation computes the exact result (or enough of it plus a
//! sticky bit) and rounds once to nearest-even, so add, sub, mul, div, sqrt and the
//! conversions are correctly rounded; rem is exact, as in C's `fmodl`.

use ravel_ir::FBinOp;
use std::cmp::Ordering;

/// The x87 "indefinite" quiet NaN, the result of invalid operations (`-nan` in printf).
pub const DEFAULT_NAN: u128 = 0xFFFF_C000_0000_0000_0000;

/// An IEEE-style binary format: how to round into it and how to pack its fields.
#[derive(Clone, Copy)]
pub struct Format {
    /// Significand bits, the integer bit included.
    precision: u32,
    bias: i32,
    /// Stored significand bits (64 for x86_fp80, whose integer bit is explicit).
    stored: u32,
    exp_bits: u32,
}

/// x86 extended precision.
pub const FP80: Format = Format { precision: 64, bias: 16383, stored: 64, exp_bits: 15 };
/// IEEE double.
pub const DOUBLE: Format = Format { precision: 53, bias: 1023, stored: 52, exp_bits: 11 };
/// IEEE single.
pub const SINGLE: Format = Format { precision: 24, bias: 127, stored: 23, exp_bits: 8 };

impl Format {
    fn max_biased(self) -> u128 {
        (1 << self.exp_bits) - 1
    }
    fn sign_shift(self) -> u32 {
        self.stored + self.exp_bits
    }
    fn explicit_int(self) -> bool {
        self.stored == self.precision
    }
    fn infinity(self, sign: bool) -> u128 {
        let int_bit = if self.explicit_int() { 1 << (self.precision - 1) } else { 0 };
        (u128::from(sign) << self.sign_shift()) | (self.max_biased() << self.stored) | int_bit
    }
}

/// A decoded value. Finite nonzero values are `m * 2^e` with `m`'s top bit set.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    Zero,
    Finite {
        e: i32,
        m: u64,
    },
    Inf,
    /// A NaN: its significand's fraction bits, left-aligned in 63 bits (quiet bit first).
    Nan {
        payload: u64,
    },
}

/// Splits `bits` of format `f` into its sign and value.
pub fn decode(bits: u128, f: Format) -> (bool, Value) {
    let sign = (bits >> f.sign_shift()) & 1 == 1;
    let biased = ((bits >> f.stored) & f.max_biased()) as i32;
    let field = (bits & ((1 << f.stored) - 1)) as u64;
    let (int_bit, frac) = if f.explicit_int() { (field >> 63 == 1, field & !(1 << 63)) } else { (biased != 0, field) };
    let frac_bits = f.precision - 1;
    if biased as u128 == f.max_biased() {
        let payload = frac << (63 - frac_bits);
        // Pseudo-infinities and pseudo-NaNs (integer bit clear) are invalid operands: NaN.
        return (sign, if frac == 0 && int_bit { Value::Inf } else { Value::Nan { payload: payload.max(1 << 62) } });
    }
    if f.explicit_int() && biased != 0 && !int_bit {
        // An "unnormal": the x87 treats it as an invalid operand.
        return (sign, Value::Nan { payload: 1 << 62 });
    }
    let m = (u64::from(int_bit) << frac_bits) | frac;
    if m == 0 {
        return (sign, Value::Zero);
    }
    let e = biased.max(1) - f.bias - frac_bits as i32;
    let shift = m.leading_zeros();
    (sign, Value::Finite { e: e - shift as i32, m: m << shift })
}

/// Packs a value into format `f`, rounding a finite one to nearest-even.
pub fn encode(sign: bool, v: Value, f: Format) -> u128 {
    match v {
        Value::Zero => u128::from(sign) << f.sign_shift(),
        Value::Inf => f.infinity(sign),
        Value::Nan { payload } => {
            let frac = u128::from((payload | (1 << 62)) >> (63 - (f.precision - 1)));
            f.infinity(sign) | frac
        }
        Value::Finite { e, m } => round(sign, e, u128::from(m), false, f),
    }
}

/// Rounds `sig * 2^e` (plus a nonzero amount below `sig`'s last bit when `sticky`) to
/// nearest-even in format `f`, with gradual underflow and overflow to infinity.
fn round(sign: bool, e: i32, sig: u128, sticky: bool, f: Format) -> u128 {
    if sig == 0 {
        return u128::from(sign) << f.sign_shift();
    }
    let lz = sig.leading_zeros();
    let sig = sig << lz;
    // The value is now 1.xxx * 2^exp.
    let exp = e - lz as i32 + 127;
    let emin = 1 - f.bias;
    let denormal_shift = if exp < emin { (emin - exp) as u32 } else { 0 };
    let shift = 128 - f.precision + denormal_shift;
    let (mut kept, rem, half) = if shift >= 129 {
        (0u128, 1u128, 2u128)
    } else if shift == 128 {
        (0, sig, 1 << 127)
    } else {
        (sig >> shift, sig & ((1 << shift) - 1), 1 << (shift - 1))
    };
    let above_half = rem > half || (rem == half && sticky);
    if above_half || (rem == half && kept & 1 == 1) {
        kept += 1;
    }
    let mut exp = exp.max(emin);
    if kept >> f.precision == 1 {
        kept >>= 1;
        exp += 1;
    }
    let biased = if kept >> (f.precision - 1) == 0 { 0 } else { (exp + f.bias) as u128 };
    if biased >= f.max_biased() {
        return f.infinity(sign);
    }
    (u128::from(sign) << f.sign_shift()) | (biased << f.stored) | (kept & ((1 << f.stored) - 1))
}

/// The NaN an operation on NaN operands returns: the first NaN, quieted.
fn propagate(a: (bool, Value), b: (bool, Value)) -> Option<u128> {
    [a, b].into_iter().find(|(_, v)| matches!(v, Value::Nan { .. })).map(|(s, v)| encode(s, v, FP80))
}

/// `a op b` (LLVM's `fadd` .. `frem`) on two x86_fp80 values, correctly rounded (rem is
/// exact).
pub fn binary(op: FBinOp, a: u128, b: u128) -> u128 {
    let (x, mut y) = (decode(a, FP80), decode(b, FP80));
    if op == FBinOp::Sub {
        y.0 = !y.0;
    }
    if let Some(nan) = propagate(x, y) {
        return nan;
    }
    match op {
        FBinOp::Add | FBinOp::Sub => add(x, y),
        FBinOp::Mul => mul(x, y),
        FBinOp::Div => div(x, y),
        FBinOp::Rem => rem(x, y),
    }
}

fn add((sa, a): (bool, Value), (sb, b): (bool, Value)) -> u128 {
    match (a, b) {
        (Value::Inf, Value::Inf) if sa != sb => DEFAULT_NAN,
        (Value::Inf, _) => FP80.infinity(sa),
        (_, Value::Inf) => FP80.infinity(sb),
        (Value::Zero, Value::Zero) => encode(sa && sb, Value::Zero, FP80),
        (Value::Zero, v) => encode(sb, v, FP80),
        (v, Value::Zero) => encode(sa, v, FP80),
        (Value::Finite { e: ea, m: ma }, Value::Finite { e: eb, m: mb }) => {
            // 62 guard bits below each significand; the smaller operand's lost bits are
            // jammed into bit 0, which is far below the rounding position.
            let (big, small) = if ea >= eb { ((sa, ea, ma), (sb, eb, mb)) } else { ((sb, eb, mb), (sa, ea, ma)) };
            let d = (big.1 - small.1) as u32;
            let x = u128::from(big.2) << 62;
            let full = u128::from(small.2) << 62;
            let y = if d >= 127 { 1 } else { (full >> d) | u128::from(full & ((1 << d) - 1) != 0) };
            let e = big.1 - 62;
            if big.0 == small.0 {
                round(big.0, e, x + y, false, FP80)
            } else if x >= y {
                // An exact zero difference is +0 when rounding to nearest.
                round(big.0 && x != y, e, x - y, false, FP80)
            } else {
                round(small.0, e, y - x, false, FP80)
            }
        }
        _ => DEFAULT_NAN,
    }
}

fn mul((sa, a): (bool, Value), (sb, b): (bool, Value)) -> u128 {
    let sign = sa != sb;
    match (a, b) {
        (Value::Inf, Value::Zero) | (Value::Zero, Value::Inf) => DEFAULT_NAN,
        (Value::Inf, _) | (_, Value::Inf) => FP80.infinity(sign),
        (Value::Zero, _) | (_, Value::Zero) => encode(sign, Value::Zero, FP80),
        (Value::Finite { e: ea, m: ma }, Value::Finite { e: eb, m: mb }) => {
            round(sign, ea + eb, u128::from(ma) * u128::from(mb), false, FP80)
        }
        _ => DEFAULT_NAN,
    }
}

fn div((sa, a): (bool, Value), (sb, b): (bool, Value)) -> u128 {
    let sign = sa != sb;
    match (a, b) {
        (Value::Inf, Value::Inf) | (Value::Zero, Value::Zero) => DEFAULT_NAN,
        (Value::Inf, _) | (_, Value::Zero) => FP80.infinity(sign),
        (Value::Zero, _) | (_, Value::Inf) => encode(sign, Value::Zero, FP80),
        (Value::Finite { e: ea, m: ma }, Value::Finite { e: eb, m: mb }) => {
            // Restoring division: 67 quotient bits (at least 66 significant) and a sticky
            // remainder decide the rounding exactly.
            const BITS: i32 = 66;
            let (mb, mut r, mut q) = (u128::from(mb), u128::from(ma), 0u128);
            for _ in 0..=BITS {
                q <<= 1;
                if r >= mb {
                    r -= mb;
                    q |= 1;
                }
                r <<= 1;
            }
            round(sign, ea - eb - BITS, q, r != 0, FP80)
        }
        _ => DEFAULT_NAN,
    }
}

fn rem((sa, a): (bool, Value), (_, b): (bool, Value)) -> u128 {
    match (a, b) {
        (Value::Inf, _) | (_, Value::Zero) => DEFAULT_NAN,
        (Value::Zero, _) | (_, Value::Inf) => encode(sa, a, FP80),
        (Value::Finite { e: ea, m: ma }, Value::Finite { e: eb, m: mb }) => {
            if ea < eb || (ea == eb && ma < mb) {
                return encode(sa, a, FP80);
            }
            // Both significands are normalised, so |a| >= |b| implies ea >= eb.
            let mb = u128::from(mb);
            let mut r = u128::from(ma) % mb;
            for _ in 0..(ea - eb) {
                r = (r << 1) % mb;
            }
            round(sa, eb, r, false, FP80)
        }
        _ => DEFAULT_NAN,
    }
}

/// Correctly rounded square root.
pub fn sqrt(a: u128) -> u128 {
    match decode(a, FP80) {
        (s, v @ (Value::Zero | Value::Nan { .. })) => encode(s, v, FP80),
        (false, Value::Inf) => FP80.infinity(false),
        (true, _) => DEFAULT_NAN,
        (false, Value::Finite { e, m }) => {
            // Make the exponent even, then the root of the 128-bit radicand has 64 bits.
            let (radicand, e) = if e & 1 == 0 { (u128::from(m) << 64, e - 64) } else { (u128::from(m) << 63, e - 63) };
            let root = isqrt(radicand);
            let rest = radicand - root * root;
            // sqrt lies in [root, root + 1); it is above root + 1/2 exactly when rest > root
            // (never equal: (root + 1/2)^2 is not an integer).
            let half_bit = u128::from(rest > root);
            let sticky = u128::from(rest != 0);
            round(false, e / 2 - 2, (root << 2) | (half_bit << 1) | sticky, false, FP80)
        }
    }
}

/// Floor of the square root of `n`, bit by bit.
fn isqrt(n: u128) -> u128 {
    let (mut rest, mut root) = (n, 0u128);
    let mut bit = 1u128 << 126;
    while bit > n {
        bit >>= 2;
    }
    while bit != 0 {
        if rest >= root + bit {
            rest -= root + bit;
            root = (root >> 1) + bit;
        } else {
            root >>= 1;
        }
        bit >>= 2;
    }
    root
}

/// IEEE comparison: `None` when either operand is a NaN; zeros of both signs are equal.
pub fn compare(a: u128, b: u128) -> Option<Ordering> {
    let key = |(s, v): (bool, Value)| -> Option<(i8, i32, u64)> {
        let (class, e, m) = match v {
            Value::Nan { .. } => return None,
            Value::Zero => return Some((0, 0, 0)),
            Value::Finite { e, m } => (1, e + 64, m),
            Value::Inf => (2, 0, 0),
        };
        let mag = (class, e, m);
        Some(if s { (-mag.0, -mag.1, !mag.2) } else { mag })
    };
    let (x, y) = (key(decode(a, FP80))?, key(decode(b, FP80))?);
    Some(x.cmp(&y))
}

/// Changes the sign (`fneg`).
pub fn negate(a: u128) -> u128 {
    (a ^ (1 << 79)) & ((1 << 80) - 1)
}

/// Converts between binary formats, rounding to nearest-even (exact when widening).
pub fn convert(bits: u128, from: Format, to: Format) -> u128 {
    let (s, v) = decode(bits, from);
    encode(s, v, to)
}

/// The exact value of a 64-bit integer (signed when `signed`).
pub fn from_int(v: u64, signed: bool) -> u128 {
    let negative = signed && (v as i64) < 0;
    let mag = if negative { (v as i64).unsigned_abs() } else { v };
    round(negative, 0, u128::from(mag), false, FP80)
}

/// Truncation toward zero to an integer of `bits` bits; out of range (undefined in C)
/// gives x86's "integer indefinite" (only the sign bit set).
pub fn to_int(a: u128, bits: u32, signed: bool) -> u64 {
    let indefinite = 1u64 << (bits.clamp(1, 64) - 1);
    let (s, v) = decode(a, FP80);
    let (e, m) = match v {
        Value::Zero => return 0,
        Value::Finite { e, m } => (e, m),
        _ => return indefinite,
    };
    let mag: u128 = if e <= -64 {
        0
    } else if e < 0 {
        u128::from(m >> -e)
    } else if e < 64 {
        u128::from(m) << e
    } else {
        u128::MAX
    };
    let limit: u128 = if signed { 1u128 << (bits - 1) } else { 1u128 << bits };
    let fits = if signed { mag < limit || (s && mag == limit) } else { !s || mag == 0 };
    if !fits || (!signed && mag >= limit) {
        return indefinite;
    }
    let v = if s { (mag as u64).wrapping_neg() } else { mag as u64 };
    if bits >= 64 {
        v
    } else {
        v & ((1 << bits) - 1)
    }
}

/// The value as the nearest `f64`, for the math functions computed in double precision.
pub fn to_f64(a: u128) -> f64 {
    f64::from_bits(convert(a, FP80, DOUBLE) as u64)
}

/// The exact x86_fp80 value of an `f64`.
pub fn from_f64(x: f64) -> u128 {
    convert(u128::from(x.to_bits()), DOUBLE, FP80)
}

/// Rounds to an integral value in the direction `mode` chooses (floorl, ceill, truncl,
/// roundl): exact, as the result is representable.
pub fn round_integral(a: u128, mode: Integral) -> u128 {
    let (s, v) = decode(a, FP80);
    let Value::Finite { e, m } = v else { return a };
    if e >= 0 {
        return a;
    }
    let (int, frac_nonzero, at_least_half) = if e <= -65 {
        (0u64, true, false)
    } else if e == -64 {
        (0, true, true)
    } else {
        let sh = (-e) as u32;
        (m >> sh, m & ((1 << sh) - 1) != 0, (m >> (sh - 1)) & 1 == 1)
    };
    let up = match mode {
        Integral::Trunc => false,
        Integral::Floor => s && frac_nonzero,
        Integral::Ceil => !s && frac_nonzero,
        Integral::Round => at_least_half,
    };
    let int = u128::from(int) + u128::from(up);
    if int == 0 {
        return encode(s, Value::Zero, FP80);
    }
    round(s, 0, int, false, FP80)
}

/// The rounding of [`round_integral`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Integral {
    Floor,
    Ceil,
    Trunc,
    /// Halfway cases away from zero (C's `roundl`).
    Round,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ld(x: f64) -> u128 {
        from_f64(x)
    }

    #[test]
    fn double_values_round_trip_exactly() {
        for x in [0.0, -0.0, 1.0, -2.5, 1e300, 5e-324, f64::MIN_POSITIVE, f64::MAX, f64::INFINITY, 0.1] {
            assert_eq!(to_f64(ld(x)).to_bits(), x.to_bits(), "{x}");
        }
        assert!(to_f64(ld(f64::NAN)).is_nan());
    }

    #[test]
    fn one_has_the_x87_encoding() {
        assert_eq!(ld(1.0), 0x3FFF_8000_0000_0000_0000);
        assert_eq!(ld(-2.0), 0xC000_8000_0000_0000_0000);
    }

    #[test]
    fn arithmetic_on_representable_values_is_exact() {
        assert_eq!(binary(FBinOp::Add, ld(1.5), ld(2.25)), ld(3.75));
        assert_eq!(binary(FBinOp::Sub, ld(1.0), ld(1.0)), ld(0.0));
        assert_eq!(binary(FBinOp::Mul, ld(-3.0), ld(0.5)), ld(-1.5));
        assert_eq!(binary(FBinOp::Div, ld(1.0), ld(8.0)), ld(0.125));
        assert_eq!(binary(FBinOp::Rem, ld(7.5), ld(2.0)), ld(1.5));
        assert_eq!(binary(FBinOp::Rem, ld(-7.5), ld(2.0)), ld(-1.5));
        assert_eq!(sqrt(ld(2.25)), ld(1.5));
    }

    #[test]
    fn one_third_rounds_to_nearest() {
        // 1/3 = 0.101010...b: 64 significant bits 0xAAAA_AAAA_AAAA_AAAB after rounding up.
        assert_eq!(binary(FBinOp::Div, ld(1.0), ld(3.0)), 0x3FFD_AAAA_AAAA_AAAA_AAAB);
        // 2/3 rounds up as well.
        assert_eq!(binary(FBinOp::Div, ld(2.0), ld(3.0)), 0x3FFE_AAAA_AAAA_AAAA_AAAB);
    }

    #[test]
    fn ties_round_to_even() {
        // 2^64 + 1 is halfway between 2^64 and 2^64 + 2: to even (2^64).
        let two64 = binary(FBinOp::Mul, ld(4294967296.0), ld(4294967296.0));
        assert_eq!(binary(FBinOp::Add, two64, ld(1.0)), two64);
        // 2^64 + 3 is halfway between 2^64 + 2 and 2^64 + 4: to even (2^64 + 4).
        let r = binary(FBinOp::Add, two64, ld(3.0));
        assert_eq!(r, binary(FBinOp::Add, two64, ld(4.0)));
    }

    #[test]
    fn special_values() {
        assert_eq!(binary(FBinOp::Sub, ld(f64::INFINITY), ld(f64::INFINITY)), DEFAULT_NAN);
        assert_eq!(binary(FBinOp::Div, ld(1.0), ld(0.0)), ld(f64::INFINITY));
        assert_eq!(binary(FBinOp::Div, ld(-1.0), ld(0.0)), ld(f64::NEG_INFINITY));
        assert_eq!(sqrt(ld(-1.0)), DEFAULT_NAN);
        assert_eq!(sqrt(ld(-0.0)), ld(-0.0));
        assert_eq!(compare(ld(0.0), ld(-0.0)), Some(Ordering::Equal));
        assert_eq!(compare(DEFAULT_NAN, ld(1.0)), None);
        assert_eq!(compare(ld(-3.0), ld(-2.0)), Some(Ordering::Less));
    }

    #[test]
    fn denormals_underflow_gradually() {
        let min_normal = 0x0001_8000_0000_0000_0000u128;
        let half = binary(FBinOp::Div, min_normal, ld(2.0));
        assert_eq!(half, 0x0000_4000_0000_0000_0000);
        assert_eq!(binary(FBinOp::Mul, half, ld(2.0)), min_normal);
        let tiny = 1u128;
        assert_eq!(binary(FBinOp::Div, tiny, ld(2.0)), 0);
        assert_eq!(binary(FBinOp::Div, 3, ld(2.0)), 2);
    }

    #[test]
    fn integer_conversions() {
        assert_eq!(from_int(u64::MAX, false), 0x403E_FFFF_FFFF_FFFF_FFFF);
        assert_eq!(to_int(from_int(u64::MAX, false), 64, false), u64::MAX);
        assert_eq!(to_int(ld(-2.75), 32, true), (-2i32) as u32 as u64);
        assert_eq!(to_int(from_int(i64::MIN as u64, true), 64, true), i64::MIN as u64);
        assert_eq!(round_integral(ld(-2.5), Integral::Round), ld(-3.0));
        assert_eq!(round_integral(ld(-2.5), Integral::Floor), ld(-3.0));
        assert_eq!(round_integral(ld(2.5), Integral::Trunc), ld(2.0));
        assert_eq!(round_integral(ld(0.25), Integral::Ceil), ld(1.0));
    }

    #[test]
    fn narrowing_rounds_to_nearest() {
        let third = binary(FBinOp::Div, ld(1.0), ld(3.0));
        assert_eq!(to_f64(third), 1.0 / 3.0);
        assert_eq!(f32::from_bits(convert(third, FP80, SINGLE) as u32), 1.0f32 / 3.0);
    }
}
