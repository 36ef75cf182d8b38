//! Evaluation of the expression DAG on concrete input values, with the semantics of
//! ravel's symbolic layer, which is `ravel_arith`'s: SMT-LIB's total division, shifts
//! past the width give 0 (arithmetic: the sign).

use crate::{CastOp, Node};
use ravel_arith::{bin_total, cmp, signed, truncate};

/// Why the expressions cannot be evaluated.
#[derive(Debug, PartialEq, Eq)]
pub enum EvalError {
    /// Input `index` has no value.
    MissingInput(u32),
    /// A malformed node (a constant that is no number, a width beyond 128 bits).
    Malformed(u32),
}

impl std::fmt::Display for EvalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EvalError::MissingInput(i) => write!(f, "input {i} has no value"),
            EvalError::Malformed(i) => write!(f, "expression {i} is malformed"),
        }
    }
}

/// The value of every node of `exprs` when input `i` has value `inputs[i]` (masked to
/// the input's width).
pub fn eval(exprs: &[Node], inputs: &[u128]) -> Result<Vec<u128>, EvalError> {
    let mut values: Vec<u128> = Vec::with_capacity(exprs.len());
    let mut widths: Vec<u32> = Vec::with_capacity(exprs.len());
    for (i, node) in exprs.iter().enumerate() {
        let malformed = EvalError::Malformed(i as u32);
        let at = |j: u32| values.get(j as usize).copied().zip(widths.get(j as usize).copied());
        let operand = |j: u32| at(j).ok_or(EvalError::Malformed(i as u32));
        let (value, bits) = match *node {
            Node::Const { bits, ref value } => (truncate(value.parse::<u128>().map_err(|_| malformed)?, bits), bits),
            Node::Input { index, bits } => {
                let v = inputs.get(index as usize).ok_or(EvalError::MissingInput(index))?;
                (truncate(*v, bits), bits)
            }
            Node::Bin { op, a, b } => {
                let ((a, bits), (b, _)) = (operand(a)?, operand(b)?);
                (bin_total(op, bits, a, b), bits)
            }
            Node::Cmp { op, a, b } => {
                let ((a, bits), (b, _)) = (operand(a)?, operand(b)?);
                (cmp(op, bits, a, b) as u128, 1)
            }
            Node::Cast { op, a, bits } => {
                let (a, from) = operand(a)?;
                let v = match op {
                    CastOp::Zext => a,
                    CastOp::Sext => signed(a, from) as u128,
                    CastOp::Trunc => a,
                };
                (truncate(v, bits), bits)
            }
            Node::Ite { cond, then, els } => {
                let ((c, _), (t, bits), (e, _)) = (operand(cond)?, operand(then)?, operand(els)?);
                (if c == 1 { t } else { e }, bits)
            }
            Node::Concat { hi, lo } => {
                let ((h, hb), (l, lb)) = (operand(hi)?, operand(lo)?);
                if hb + lb > 128 {
                    return Err(malformed);
                }
                (h.checked_shl(lb).unwrap_or(0) | l, hb + lb)
            }
            Node::Extract { a, hi, lo } => {
                let (a, _) = operand(a)?;
                if hi < lo || hi >= 128 {
                    return Err(malformed);
                }
                (truncate(a >> lo, hi - lo + 1), hi - lo + 1)
            }
        };
        if bits == 0 || bits > 128 {
            return Err(EvalError::Malformed(i as u32));
        }
        values.push(value);
        widths.push(bits);
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{BinOp, CmpOp};

    fn c(bits: u32, v: u128) -> Node {
        Node::Const { bits, value: v.to_string() }
    }

    #[test]
    fn signed_comparison_and_division_by_zero() {
        let exprs = vec![
            Node::Input { index: 0, bits: 32 },
            c(32, 4),
            Node::Cmp { op: CmpOp::Slt, a: 0, b: 1 },
            c(32, 0),
            Node::Bin { op: BinOp::UDiv, a: 1, b: 3 },
            Node::Bin { op: BinOp::SDiv, a: 0, b: 3 },
        ];
        let minus_one = u32::MAX as u128;
        let v = eval(&exprs, &[minus_one]).unwrap();
        assert_eq!(v[2], 1, "-1 < 4 signed");
        assert_eq!(v[4], u32::MAX as u128, "x / 0 is all ones");
        assert_eq!(v[5], 1, "negative / 0 is 1");
        let v = eval(&exprs, &[7]).unwrap();
        assert_eq!(v[2], 0);
    }

    #[test]
    fn casts_concat_extract() {
        let exprs = vec![
            Node::Input { index: 0, bits: 8 },
            Node::Cast { op: CastOp::Sext, a: 0, bits: 16 },
            Node::Concat { hi: 0, lo: 0 },
            Node::Extract { a: 2, hi: 11, lo: 4 },
        ];
        let v = eval(&exprs, &[0x81]).unwrap();
        assert_eq!(v[1], 0xff81);
        assert_eq!(v[2], 0x8181);
        assert_eq!(v[3], 0x18);
    }

    #[test]
    fn missing_inputs_and_bad_operands_are_errors() {
        assert_eq!(eval(&[Node::Input { index: 1, bits: 8 }], &[0]), Err(EvalError::MissingInput(1)));
        assert_eq!(eval(&[Node::Cast { op: CastOp::Zext, a: 0, bits: 8 }], &[]), Err(EvalError::Malformed(0)));
    }
}
