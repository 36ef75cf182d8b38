//! The two word types the semantics runs on: `u64` (the interpreter's registers) and
//! `u128` (wide integers, symbolic values).

use std::ops::{BitAnd, BitOr, BitXor, Div, Not, Rem};

/// An unsigned machine word holding a value of 1..=`BITS` bits.
pub trait Word:
    Copy
    + Ord
    + Default
    + std::fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Div<Output = Self>
    + Rem<Output = Self>
{
    /// The signed type of the same size.
    type Signed: Copy + Ord;
    const BITS: u32;
    const ZERO: Self;
    const ONE: Self;
    const MAX: Self;

    fn wrapping_add(self, other: Self) -> Self;
    fn wrapping_sub(self, other: Self) -> Self;
    fn wrapping_mul(self, other: Self) -> Self;
    /// `self << n`, `n` below `BITS`.
    fn shift_left(self, n: u32) -> Self;
    /// `self >> n` (logical), `n` below `BITS`.
    fn shift_right(self, n: u32) -> Self;
    /// The value as a number of bits (a shift amount already compared with the width).
    fn low_u32(self) -> u32;
    fn from_u32(v: u32) -> Self;
    /// `self`, of width `bits`, sign-extended to the whole word and read as signed.
    fn signed(self, bits: u32) -> Self::Signed;
    /// The bits of a signed value.
    fn from_signed(v: Self::Signed) -> Self;
    /// Signed division; the caller excluded zero and overflow.
    fn signed_div(a: Self::Signed, b: Self::Signed) -> Self::Signed;
    fn signed_rem(a: Self::Signed, b: Self::Signed) -> Self::Signed;
    /// Arithmetic shift right, `n` below `BITS`.
    fn signed_shr(a: Self::Signed, n: u32) -> Self::Signed;
    /// A key whose unsigned order is the signed order of `self` of width `bits`.
    fn order_key(self, bits: u32) -> Self;
}

macro_rules! word {
    ($u:ty, $s:ty) => {
        impl Word for $u {
            type Signed = $s;
            const BITS: u32 = <$u>::BITS;
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const MAX: Self = <$u>::MAX;

            #[inline(always)]
            fn wrapping_add(self, other: Self) -> Self {
                <$u>::wrapping_add(self, other)
            }
            #[inline(always)]
            fn wrapping_sub(self, other: Self) -> Self {
                <$u>::wrapping_sub(self, other)
            }
            #[inline(always)]
            fn wrapping_mul(self, other: Self) -> Self {
                <$u>::wrapping_mul(self, other)
            }
            #[inline(always)]
            fn shift_left(self, n: u32) -> Self {
                self << n
            }
            #[inline(always)]
            fn shift_right(self, n: u32) -> Self {
                self >> n
            }
            #[inline(always)]
            fn low_u32(self) -> u32 {
                self as u32
            }
            #[inline(always)]
            fn from_u32(v: u32) -> Self {
                v as $u
            }
            #[inline(always)]
            fn signed(self, bits: u32) -> $s {
                // Wrapping shifts: a width of 0 (never an LLVM type) reads the word as is.
                let s = Self::BITS - bits.min(Self::BITS);
                (self.wrapping_shl(s) as $s).wrapping_shr(s)
            }
            #[inline(always)]
            fn from_signed(v: $s) -> Self {
                v as $u
            }
            #[inline(always)]
            fn signed_div(a: $s, b: $s) -> $s {
                a.wrapping_div(b)
            }
            #[inline(always)]
            fn signed_rem(a: $s, b: $s) -> $s {
                a.wrapping_rem(b)
            }
            #[inline(always)]
            fn signed_shr(a: $s, n: u32) -> $s {
                a >> n
            }
            #[inline(always)]
            fn order_key(self, bits: u32) -> Self {
                (self.signed(bits) as $u) ^ (1 << (Self::BITS - 1))
            }
        }
    };
}

word!(u64, i64);
word!(u128, i128);
