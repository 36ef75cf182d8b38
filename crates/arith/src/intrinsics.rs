//! LLVM's integer intrinsics (`llvm.*.with.overflow`, saturating arithmetic, min/max,
//! `abs`, bit counts, byte swap, bit reverse, funnel shifts) on canonical `u128` words of
//! width `bits` (1..=128), next to the instructions' semantics in this crate. The
//! interpreter's intrinsics shim decodes the call and lays out the result.

use crate::truncate;

/// The `llvm.{s,u}{add,sub,mul}.with.overflow` operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OverflowOp {
    SAdd,
    SSub,
    SMul,
    UAdd,
    USub,
    UMul,
}

/// `v` of width `bits` read as a signed number.
fn sext(v: u128, bits: u32) -> i128 {
    let s = 128 - bits.min(128);
    ((v << s) as i128) >> s
}

/// The signed range of `bits`-wide values (widths above 127 use 127's, which the
/// `i128` arithmetic below checks by its own overflow).
fn signed_range(bits: u32) -> (i128, i128) {
    let half = 1i128 << (bits - 1).min(126);
    (-half, half - 1)
}

/// `x op y` wrapped to `bits`, and whether the exact result does not fit.
pub fn overflowing(op: OverflowOp, bits: u32, x: u128, y: u128) -> (u128, bool) {
    let (sx, sy) = (sext(x, bits), sext(y, bits));
    let (smin, smax) = signed_range(bits);
    let out_of_range = |r: Option<i128>| r.is_none_or(|r| r < smin || r > smax);
    let umax = truncate(u128::MAX, bits);
    match op {
        OverflowOp::SAdd => (truncate(sx.wrapping_add(sy) as u128, bits), out_of_range(sx.checked_add(sy))),
        OverflowOp::SSub => (truncate(sx.wrapping_sub(sy) as u128, bits), out_of_range(sx.checked_sub(sy))),
        OverflowOp::SMul => (truncate(sx.wrapping_mul(sy) as u128, bits), out_of_range(sx.checked_mul(sy))),
        OverflowOp::UAdd => {
            let (v, o) = x.overflowing_add(y);
            (truncate(v, bits), o || v > umax)
        }
        OverflowOp::USub => (truncate(x.wrapping_sub(y), bits), y > x),
        OverflowOp::UMul => {
            let (v, o) = x.overflowing_mul(y);
            (truncate(v, bits), o || v > umax)
        }
    }
}

/// `llvm.sadd.sat` (`add`) and `llvm.ssub.sat`: the signed result clamped to the range.
pub fn signed_saturating(add: bool, bits: u32, x: u128, y: u128) -> u128 {
    let (x, y) = (sext(x, bits), sext(y, bits));
    let (smin, smax) = signed_range(bits);
    let r = if add { x.saturating_add(y) } else { x.saturating_sub(y) };
    truncate(r.clamp(smin, smax) as u128, bits)
}

/// `llvm.uadd.sat`: the sum, or all ones when it does not fit.
pub fn unsigned_saturating_add(bits: u32, x: u128, y: u128) -> u128 {
    let umax = truncate(u128::MAX, bits);
    x.checked_add(y).filter(|v| *v <= umax).unwrap_or(umax)
}

/// `llvm.usub.sat`: the difference, or 0 below zero.
pub fn unsigned_saturating_sub(x: u128, y: u128) -> u128 {
    x.saturating_sub(y)
}

/// `llvm.smin` (`min`) and `llvm.smax`.
pub fn signed_min_max(min: bool, bits: u32, x: u128, y: u128) -> u128 {
    let pick_x = (sext(x, bits) < sext(y, bits)) == min;
    if pick_x {
        x
    } else {
        y
    }
}

/// `llvm.abs`: the magnitude (the minimum signed value stays itself).
pub fn abs(bits: u32, x: u128) -> u128 {
    truncate(sext(x, bits).unsigned_abs(), bits)
}

/// `llvm.ctpop`.
pub fn count_ones(x: u128) -> u128 {
    x.count_ones() as u128
}

/// `llvm.ctlz`: leading zeros within the width.
pub fn leading_zeros(bits: u32, x: u128) -> u128 {
    (x.leading_zeros() - (128 - bits)) as u128
}

/// `llvm.cttz`: trailing zeros, the width for 0.
pub fn trailing_zeros(bits: u32, x: u128) -> u128 {
    x.trailing_zeros().min(bits) as u128
}

/// `llvm.bswap`: the `bits / 8` bytes in reverse order.
pub fn byte_swap(bits: u32, x: u128) -> u128 {
    let bytes = (bits / 8) as usize;
    let v = x.to_le_bytes();
    let mut out = [0u8; 16];
    for i in 0..bytes {
        out[i] = v[bytes - 1 - i];
    }
    u128::from_le_bytes(out)
}

/// `llvm.bitreverse`.
pub fn bit_reverse(bits: u32, x: u128) -> u128 {
    x.reverse_bits() >> (128 - bits)
}

/// `llvm.fshl` (`left`) and `llvm.fshr`: `hi:lo` shifted by `amount` modulo the width,
/// the high (left) or low (right) half kept.
pub fn funnel_shift(left: bool, bits: u32, hi: u128, lo: u128, amount: u128) -> u128 {
    let s = (amount % bits as u128) as u32;
    let r = match (s, left) {
        (0, true) => hi,
        (0, false) => lo,
        (_, true) => (hi << s) | (lo >> (bits - s)),
        (_, false) => (lo >> s) | (hi << (bits - s)),
    };
    truncate(r, bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overflow_flags_at_the_corners() {
        assert_eq!(overflowing(OverflowOp::SAdd, 8, 0x7f, 1), (0x80, true));
        assert_eq!(overflowing(OverflowOp::SSub, 8, 0x80, 1), (0x7f, true));
        assert_eq!(overflowing(OverflowOp::SMul, 8, 0xff, 0xff), (1, false));
        assert_eq!(overflowing(OverflowOp::UAdd, 8, 0xff, 1), (0, true));
        assert_eq!(overflowing(OverflowOp::USub, 8, 0, 1), (0xff, true));
        assert_eq!(overflowing(OverflowOp::UMul, 128, u128::MAX, 2), (u128::MAX - 1, true));
        assert_eq!(overflowing(OverflowOp::SAdd, 128, 1 << 127, 1 << 127), (0, true));
    }

    #[test]
    fn saturation_min_max_and_bits() {
        assert_eq!(signed_saturating(true, 8, 0x7f, 5), 0x7f);
        assert_eq!(signed_saturating(false, 8, 0x80, 5), 0x80);
        assert_eq!(unsigned_saturating_add(8, 0xf0, 0x20), 0xff);
        assert_eq!(unsigned_saturating_sub(3, 5), 0);
        assert_eq!((signed_min_max(true, 8, 0xff, 1), signed_min_max(false, 8, 0xff, 1)), (0xff, 1));
        assert_eq!((abs(8, 0x80), abs(8, 0xfe)), (0x80, 2));
        assert_eq!((count_ones(0xf0f), leading_zeros(16, 1), trailing_zeros(16, 0)), (8, 15, 16));
        assert_eq!((byte_swap(32, 0x1234_5678), bit_reverse(8, 1)), (0x7856_3412, 0x80));
        assert_eq!((funnel_shift(true, 8, 0x12, 0x34, 4), funnel_shift(false, 8, 0x12, 0x34, 12)), (0x23, 0x23));
        assert_eq!(funnel_shift(true, 8, 0x12, 0x34, 8), 0x12);
    }
}
