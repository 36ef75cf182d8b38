use super::*;

/// Canonical values of width `bits` that reach the corners: 0, 1, the sign bit, all ones.
fn corners(bits: u32) -> Vec<u128> {
    let top = 1u128 << (bits - 1);
    let all = ones::<u128>(bits);
    let mut v: Vec<u128> =
        [0, 1, 2, 3, 7, top - 1, top, top + 1, all - 1, all, all / 3].map(|v| truncate(v, bits)).to_vec();
    v.sort();
    v.dedup();
    v
}

const WIDTHS: [u32; 6] = [1, 8, 16, 32, 63, 64];
const BIN_OPS: [BinOp; 13] = BinOp::ALL;
const CMP_OPS: [CmpOp; 10] = CmpOp::ALL;

#[test]
fn the_word_types_agree() {
    for bits in WIDTHS {
        for a in corners(bits) {
            for b in corners(bits) {
                for op in BIN_OPS {
                    let narrow = bin(op, bits, a as u64, b as u64).map(u128::from);
                    assert_eq!(narrow, bin(op, bits, a, b), "{op:?} {bits} {a} {b}");
                }
                for op in CMP_OPS {
                    assert_eq!(cmp(op, bits, a as u64, b as u64), cmp(op, bits, a, b), "{op:?} {bits} {a} {b}");
                }
            }
        }
    }
}

#[test]
fn comparisons_read_signed_operands_as_signed() {
    for bits in WIDTHS {
        for a in corners(bits) {
            for b in corners(bits) {
                let (x, y) = (signed(a, bits), signed(b, bits));
                let want = [a == b, a != b, a < b, a <= b, a > b, a >= b, x < y, x <= y, x > y, x >= y];
                for (op, want) in CMP_OPS.into_iter().zip(want) {
                    assert_eq!(cmp(op, bits, a, b), want, "{op:?} {bits} {a} {b}");
                }
            }
        }
    }
}

#[test]
fn undefined_behaviour_is_an_error_and_total_in_smt() {
    let min = 0x80u128;
    assert_eq!(bin(BinOp::UDiv, 8, 5u128, 0), Err(Ub::DivisionByZero));
    assert_eq!(bin(BinOp::SRem, 8, min, 0xff), Err(Ub::SignedOverflow));
    assert_eq!(bin_total(BinOp::UDiv, 8, 5u128, 0), 0xff);
    assert_eq!(bin_total(BinOp::URem, 8, 5u128, 0), 5);
    assert_eq!(bin_total(BinOp::SDiv, 8, 0xfbu128, 0), 1, "negative / 0");
    assert_eq!(bin_total(BinOp::SDiv, 8, 5u128, 0), 0xff, "positive / 0");
    assert_eq!(bin_total(BinOp::SRem, 8, 5u128, 0), 5);
    assert_eq!(bin_total(BinOp::SDiv, 8, min, 0xff), min);
    assert_eq!(bin_total(BinOp::SRem, 8, min, 0xff), 0);
    assert_eq!(bin_total(BinOp::SDiv, 128, 1u128 << 127, u128::MAX), 1u128 << 127);
}

#[test]
fn shifts_past_the_width_give_zero_or_the_sign() {
    assert_eq!(bin(BinOp::Shl, 8, 1u64, 8), Ok(0));
    assert_eq!(bin(BinOp::LShr, 8, 0x80u64, 9), Ok(0));
    assert_eq!(bin(BinOp::AShr, 8, 0x80u64, 200), Ok(0xff));
    assert_eq!(bin(BinOp::AShr, 8, 0x40u64, 200), Ok(0));
    assert_eq!(bin(BinOp::AShr, 128, 1u128 << 127, 127), Ok(u128::MAX));
}

#[test]
fn results_are_canonical() {
    assert_eq!(bin(BinOp::Add, 8, 0xffu64, 1), Ok(0));
    assert_eq!(bin(BinOp::Sub, 32, 0u64, 1), Ok(0xffff_ffff));
    assert_eq!(bin(BinOp::SDiv, 16, 0xfff6u64, 3), Ok(0xfffd), "-10 / 3 = -3");
    assert_eq!(bin(BinOp::SRem, 16, 0xfff6u64, 3), Ok(0xffff), "-10 % 3 = -1");
    assert_eq!(truncate(u64::MAX, 64), u64::MAX);
    assert_eq!(ones::<u128>(128), u128::MAX);
}
