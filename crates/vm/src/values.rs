//! Register words and the scalar operations on them: operand reads, float views of a
//! word, casts, floating-point arithmetic and read-modify-write operations. Plain
//! functions of their arguments, shared by the interpreter loop, the fast loop, the
//! library shims and the symbolic layer.

use crate::fp80;
use ravel_ir::{sign_extend, CastOp, FBinOp, FCmp, Opd, Program, RmwOp};

pub(crate) use ravel_arith::{bin, cmp, truncate as mask};
use ravel_arith::{signed, truncate};

/// Reads a one-word operand.
#[inline]
pub(crate) fn rd(prog: &Program, regs: &[u64], base: usize, o: Opd) -> u64 {
    match o {
        Opd::Reg(r) => regs[base + r as usize],
        Opd::Imm(v) => v,
        Opd::Wide(i) => prog.wide_consts[i as usize],
    }
}

/// Reads a multi-word operand.
pub(crate) fn rd_words(prog: &Program, regs: &[u64], base: usize, o: Opd, n: u32) -> Vec<u64> {
    match o {
        Opd::Reg(r) => regs[base + r as usize..base + (r + n) as usize].to_vec(),
        Opd::Imm(v) => {
            let mut w = vec![0; n as usize];
            w[0] = v;
            w
        }
        Opd::Wide(i) => prog.wide(i, n).to_vec(),
    }
}

/// Word `k` of an `n`-word operand, without copying the others.
#[inline]
pub(crate) fn rd_word(prog: &Program, regs: &[u64], base: usize, o: Opd, n: u32, k: u32) -> u64 {
    match o {
        Opd::Reg(r) => regs[base + (r + k) as usize],
        Opd::Imm(v) if k == 0 => v,
        Opd::Imm(_) => 0,
        Opd::Wide(i) => prog.wide(i, n)[k as usize],
    }
}

pub(crate) fn rd128(prog: &Program, regs: &[u64], base: usize, o: Opd) -> u128 {
    rd_word(prog, regs, base, o, 2, 0) as u128 | (rd_word(prog, regs, base, o, 2, 1) as u128) << 64
}

/// Floating-point binary operation on register words (`f32` in the low half when not
/// `double`).
#[inline(always)]
pub(crate) fn fbin(op: FBinOp, double: bool, a: u64, b: u64) -> u64 {
    let (x, y) = (to_f(a, double), to_f(b, double));
    let r = if double {
        match op {
            FBinOp::Add => x + y,
            FBinOp::Sub => x - y,
            FBinOp::Mul => x * y,
            FBinOp::Div => x / y,
            FBinOp::Rem => x % y,
        }
    } else {
        let (x, y) = (x as f32, y as f32);
        (match op {
            FBinOp::Add => x + y,
            FBinOp::Sub => x - y,
            FBinOp::Mul => x * y,
            FBinOp::Div => x / y,
            FBinOp::Rem => x % y,
        }) as f64
    };
    from_f(r, double)
}

/// Float value of a register word (`f32` in the low half when not `double`).
#[inline]
pub(crate) fn to_f(v: u64, double: bool) -> f64 {
    if double {
        f64::from_bits(v)
    } else {
        f32::from_bits(v as u32) as f64
    }
}

#[inline]
pub(crate) fn from_f(x: f64, double: bool) -> u64 {
    if double {
        x.to_bits()
    } else {
        (x as f32).to_bits() as u64
    }
}

#[inline]
pub(crate) fn fcmp(pred: FCmp, a: f64, b: f64) -> bool {
    fcmp_order(pred, a.partial_cmp(&b))
}

/// An `fcmp` predicate on the IEEE order of its operands (`None`: unordered, a NaN).
pub(crate) fn fcmp_order(pred: FCmp, order: Option<std::cmp::Ordering>) -> bool {
    use std::cmp::Ordering::{Equal, Greater, Less};
    let holds = |wanted: &[std::cmp::Ordering]| order.is_some_and(|o| wanted.contains(&o));
    let uno = order.is_none();
    match pred {
        FCmp::False => false,
        FCmp::True => true,
        FCmp::Oeq => holds(&[Equal]),
        FCmp::Ogt => holds(&[Greater]),
        FCmp::Oge => holds(&[Greater, Equal]),
        FCmp::Olt => holds(&[Less]),
        FCmp::Ole => holds(&[Less, Equal]),
        FCmp::One => holds(&[Less, Greater]),
        FCmp::Ord => !uno,
        FCmp::Uno => uno,
        FCmp::Ueq => uno || holds(&[Equal]),
        FCmp::Ugt => uno || holds(&[Greater]),
        FCmp::Uge => uno || holds(&[Greater, Equal]),
        FCmp::Ult => uno || holds(&[Less]),
        FCmp::Ule => uno || holds(&[Less, Equal]),
        FCmp::Une => uno || holds(&[Less, Greater]),
    }
}

#[inline]
pub(crate) fn cast(op: CastOp, from: u32, to: u32, v: u128) -> u128 {
    match op {
        CastOp::Trunc | CastOp::ZExt => truncate(v, to),
        CastOp::SExt => truncate(signed(v, from) as u128, to),
        CastOp::FpTrunc | CastOp::FpExt if from == 80 || to == 80 => {
            fp80::convert(v, float_format(from), float_format(to))
        }
        CastOp::FpToUi | CastOp::FpToSi if from == 80 => u128::from(fp80::to_int(v, to, op == CastOp::FpToSi)),
        CastOp::UiToFp if to == 80 => fp80::from_int(truncate(v, from) as u64, false),
        CastOp::SiToFp if to == 80 => fp80::from_int(signed(v, from) as u64, true),
        CastOp::FpTrunc | CastOp::FpExt => from_f(to_f(v as u64, from == 64), to == 64) as u128,
        CastOp::FpToUi => {
            let x = to_f(v as u64, from == 64);
            truncate(x as u64 as u128, to)
        }
        CastOp::FpToSi => {
            let x = to_f(v as u64, from == 64);
            truncate(x as i64 as u128, to)
        }
        CastOp::UiToFp => from_f(truncate(v, from) as f64, to == 64) as u128,
        CastOp::SiToFp => from_f(signed(v, from) as f64, to == 64) as u128,
    }
}

/// The binary format of a float of `bits` bits in a cast.
fn float_format(bits: u32) -> fp80::Format {
    match bits {
        80 => fp80::FP80,
        64 => fp80::DOUBLE,
        _ => fp80::SINGLE,
    }
}

/// Applies a read-modify-write operation.
pub(crate) fn rmw(op: RmwOp, bits: u32, old: u64, v: u64) -> u64 {
    let (so, sv) = (sign_extend(old, bits) as i64, sign_extend(v, bits) as i64);
    let double = bits == 64;
    let r = match op {
        RmwOp::Xchg => v,
        RmwOp::Add => old.wrapping_add(v),
        RmwOp::Sub => old.wrapping_sub(v),
        RmwOp::And => old & v,
        RmwOp::Nand => !(old & v),
        RmwOp::Or => old | v,
        RmwOp::Xor => old ^ v,
        RmwOp::Max => so.max(sv) as u64,
        RmwOp::Min => so.min(sv) as u64,
        RmwOp::UMax => old.max(v),
        RmwOp::UMin => old.min(v),
        RmwOp::FAdd => from_f(to_f(old, double) + to_f(v, double), double),
        RmwOp::FSub => from_f(to_f(old, double) - to_f(v, double), double),
        RmwOp::FMax => from_f(to_f(old, double).max(to_f(v, double)), double),
        RmwOp::FMin => from_f(to_f(old, double).min(to_f(v, double)), double),
        RmwOp::UIncWrap => {
            if old >= v {
                0
            } else {
                old + 1
            }
        }
        RmwOp::UDecWrap => {
            if old == 0 || old > v {
                v
            } else {
                old - 1
            }
        }
    };
    mask(r, bits)
}
