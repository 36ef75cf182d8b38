//! LLVM's integer semantics on canonical words — the unsigned value in a `u64` or `u128`,
//! bits above the width zero — written once. The interpreter executes with [`bin`] and
//! [`cmp`]; the symbolic layer folds constants and evaluates with the same functions
//! ([`bin_total`] where a formula needs a value for undefined behaviour), and so does the
//! native runtime's schedule evaluator, which is why this crate depends on nothing. The
//! integer intrinsics (overflow flags, saturation, bit counts, ...) are [`intrinsics`].

pub mod intrinsics;
mod ops;
mod word;

pub use ops::{BinOp, CmpOp, Ub};
pub use word::Word;

/// `v` cut to its low `bits` bits.
#[inline(always)]
pub fn truncate<W: Word>(v: W, bits: u32) -> W {
    if bits >= W::BITS {
        v
    } else {
        v & W::ONE.shift_left(bits).wrapping_sub(W::ONE)
    }
}

/// The mask of the low `bits` bits.
#[inline(always)]
pub fn ones<W: Word>(bits: u32) -> W {
    truncate(W::MAX, bits)
}

/// `v`, of width `bits`, read as a signed number.
#[inline(always)]
pub fn signed<W: Word>(v: W, bits: u32) -> W::Signed {
    v.signed(bits)
}

/// `a op b` on `bits`-wide values; `Err` where LLVM has undefined behaviour (division by
/// zero, signed division overflow). Shifts by the width or more give 0 (`ashr`: the sign),
/// as SMT-LIB's shifts do.
#[inline(always)]
pub fn bin<W: Word>(op: BinOp, bits: u32, a: W, b: W) -> Result<W, Ub> {
    let r = match op {
        BinOp::Add => a.wrapping_add(b),
        BinOp::Sub => a.wrapping_sub(b),
        BinOp::Mul => a.wrapping_mul(b),
        BinOp::UDiv | BinOp::URem | BinOp::SDiv | BinOp::SRem if b == W::ZERO => return Err(Ub::DivisionByZero),
        BinOp::UDiv => a / b,
        BinOp::URem => a % b,
        BinOp::SDiv | BinOp::SRem => {
            let (x, y) = (a.signed(bits), b.signed(bits));
            if y == W::MAX.signed(bits) && x == W::ONE.shift_left(bits - 1).signed(bits) {
                return Err(Ub::SignedOverflow);
            }
            W::from_signed(if op == BinOp::SDiv { W::signed_div(x, y) } else { W::signed_rem(x, y) })
        }
        BinOp::And => a & b,
        BinOp::Or => a | b,
        BinOp::Xor => a ^ b,
        BinOp::Shl if b >= W::from_u32(bits) => W::ZERO,
        BinOp::Shl => a.shift_left(b.low_u32()),
        BinOp::LShr if b >= W::from_u32(bits) => W::ZERO,
        BinOp::LShr => a.shift_right(b.low_u32()),
        BinOp::AShr => {
            let n = if b >= W::from_u32(bits - 1) { bits - 1 } else { b.low_u32() };
            W::from_signed(W::signed_shr(a.signed(bits), n))
        }
    };
    Ok(truncate(r, bits))
}

/// `a op b` with SMT-LIB's total semantics, which Z3 shares: where [`bin`] has undefined
/// behaviour, `udiv x 0 = all ones`, `urem x 0 = x`, `sdiv x 0 = (x <s 0 ? 1 : -1)`,
/// `srem x 0 = x`, `sdiv INT_MIN -1 = INT_MIN`, `srem INT_MIN -1 = 0`.
pub fn bin_total<W: Word>(op: BinOp, bits: u32, a: W, b: W) -> W {
    bin(op, bits, a, b).unwrap_or_else(|ub| match (op, ub) {
        (BinOp::UDiv, _) => ones(bits),
        (BinOp::SDiv, Ub::DivisionByZero) if a.signed(bits) < W::ZERO.signed(bits) => W::ONE,
        (BinOp::SDiv, Ub::DivisionByZero) => ones(bits),
        (BinOp::SRem, Ub::SignedOverflow) => W::ZERO,
        // `urem`, `srem` by zero and `sdiv INT_MIN -1` give `a`.
        _ => a,
    })
}

/// `a op b` on `bits`-wide values, without branches on the predicate: a signed comparison
/// is an unsigned one of the sign-extended values with the sign bit flipped.
#[inline(always)]
pub fn cmp<W: Word>(op: CmpOp, bits: u32, a: W, b: W) -> bool {
    // Which outcomes satisfy the predicate (bit 0: less, bit 1: equal, bit 2: greater).
    let (holds, signed) = match op {
        CmpOp::Eq => (0b010, false),
        CmpOp::Ne => (0b101, false),
        CmpOp::Ugt => (0b100, false),
        CmpOp::Uge => (0b110, false),
        CmpOp::Ult => (0b001, false),
        CmpOp::Ule => (0b011, false),
        CmpOp::Sgt => (0b100, true),
        CmpOp::Sge => (0b110, true),
        CmpOp::Slt => (0b001, true),
        CmpOp::Sle => (0b011, true),
    };
    let (x, y) = if signed { (a.order_key(bits), b.order_key(bits)) } else { (a, b) };
    let outcome = (x >= y) as u32 + (x > y) as u32;
    holds >> outcome & 1 != 0
}

#[cfg(test)]
mod tests;
