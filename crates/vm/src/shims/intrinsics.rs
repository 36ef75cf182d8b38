//! LLVM intrinsics: overflow and saturating arithmetic, bit manipulation, min/max, and the
//! bookkeeping intrinsics (va_start, thread-local addresses, ...).

use super::{fault_flow, Args, Flow};
use crate::error::ErrorKind;
use crate::machine::Machine;
use ravel_arith::truncate as mask128;
use ravel_ir::Builtin;

fn sext(v: u128, bits: u32) -> i128 {
    let s = 128 - bits.min(128);
    ((v << s) as i128) >> s
}

/// A 128-bit result as register words.
fn wide(v: u128, bits: u32) -> Flow {
    if bits <= 64 {
        Flow::Return(v as u64)
    } else {
        Flow::ReturnWords(vec![v as u64, (v >> 64) as u64])
    }
}

/// `{iN value, i1 overflow}` laid out as LLVM lays out the struct.
fn with_flag(v: u128, bits: u32, overflow: bool) -> Flow {
    let bytes = bits.div_ceil(8) as usize;
    let mut image = vec![0u8; (bytes + 1).next_multiple_of(8)];
    image[..bytes].copy_from_slice(&v.to_le_bytes()[..bytes]);
    image[bytes] = overflow as u8;
    Flow::ReturnWords(image.chunks(8).map(|c| u64::from_le_bytes(c.try_into().unwrap_or([0; 8]))).collect())
}

fn overflow_op(b: Builtin, bits: u32, x: u128, y: u128) -> (u128, bool) {
    use Builtin::*;
    let (sx, sy) = (sext(x, bits), sext(y, bits));
    let smin = -(1i128 << (bits - 1).min(126));
    let smax = (1i128 << (bits - 1).min(126)) - 1;
    let umax = mask128(u128::MAX, bits);
    match b {
        SAddOverflow => {
            let r = sx.checked_add(sy);
            let v = sx.wrapping_add(sy);
            (mask128(v as u128, bits), r.is_none_or(|r| r < smin || r > smax))
        }
        SSubOverflow => {
            let v = sx.wrapping_sub(sy);
            (mask128(v as u128, bits), sx.checked_sub(sy).is_none_or(|r| r < smin || r > smax))
        }
        SMulOverflow => {
            let v = sx.wrapping_mul(sy);
            (mask128(v as u128, bits), sx.checked_mul(sy).is_none_or(|r| r < smin || r > smax))
        }
        UAddOverflow => {
            let (v, o) = x.overflowing_add(y);
            (mask128(v, bits), o || v > umax)
        }
        USubOverflow => (mask128(x.wrapping_sub(y), bits), y > x),
        _ => {
            let (v, o) = x.overflowing_mul(y);
            (mask128(v, bits), o || v > umax)
        }
    }
}

pub(super) fn call(m: &mut Machine, t: usize, b: Builtin, a: &Args) -> Option<Flow> {
    use Builtin::*;
    let bits = a.bits(0).min(128);
    Some(match b {
        NoOp => Flow::Return(0),
        StackSave | InvariantStart | IsConstant => Flow::Return(0),
        Expect => wide(a.get128(0), bits),
        ObjectSize => Flow::Return(if a.get(1) & 1 != 0 { 0 } else { u64::MAX }),
        // clang aligns the va_list cursor for a 16-byte aligned `va_arg` with it.
        PtrMask => Flow::Return(a.get(0) & a.get(1)),
        Trap => {
            m.fail(t, ErrorKind::Trap, "trap (__builtin_trap or a failed runtime check)");
            Flow::End
        }
        SAddOverflow | UAddOverflow | SSubOverflow | USubOverflow | SMulOverflow | UMulOverflow => {
            let (v, o) = overflow_op(b, bits, a.get128(0), a.get128(1));
            with_flag(v, bits, o)
        }
        SAddSat | SSubSat => {
            let (x, y) = (sext(a.get128(0), bits), sext(a.get128(1), bits));
            let smin = -(1i128 << (bits - 1).min(126));
            let smax = (1i128 << (bits - 1).min(126)) - 1;
            let r = if b == SAddSat { x.saturating_add(y) } else { x.saturating_sub(y) };
            wide(mask128(r.clamp(smin, smax) as u128, bits), bits)
        }
        UAddSat => wide(
            a.get128(0)
                .checked_add(a.get128(1))
                .filter(|v| *v <= mask128(u128::MAX, bits))
                .unwrap_or(mask128(u128::MAX, bits)),
            bits,
        ),
        USubSat => wide(a.get128(0).saturating_sub(a.get128(1)), bits),
        SMin | SMax => {
            let (x, y) = (a.get128(0), a.get128(1));
            let pick_x = (sext(x, bits) < sext(y, bits)) == (b == SMin);
            wide(if pick_x { x } else { y }, bits)
        }
        UMin => wide(a.get128(0).min(a.get128(1)), bits),
        UMax => wide(a.get128(0).max(a.get128(1)), bits),
        IntAbs => wide(mask128(sext(a.get128(0), bits).unsigned_abs(), bits), bits),
        Ctpop => wide(a.get128(0).count_ones() as u128, bits),
        Ctlz => wide((a.get128(0).leading_zeros() - (128 - bits)) as u128, bits),
        Cttz => wide((a.get128(0).trailing_zeros().min(bits)) as u128, bits),
        Bswap => {
            let bytes = (bits / 8) as usize;
            let v = a.get128(0).to_le_bytes();
            let mut out = [0u8; 16];
            for i in 0..bytes {
                out[i] = v[bytes - 1 - i];
            }
            wide(u128::from_le_bytes(out), bits)
        }
        Bitreverse => wide(a.get128(0).reverse_bits() >> (128 - bits), bits),
        Fshl | Fshr => {
            let (x, y) = (a.get128(0), a.get128(1));
            let s = (a.get128(2) % bits as u128) as u32;
            let (hi, lo) = (x, y);
            let r = if s == 0 {
                if b == Fshl {
                    hi
                } else {
                    lo
                }
            } else if b == Fshl {
                (hi << s) | (lo >> (bits - s))
            } else {
                (lo >> s) | (hi << (bits - s))
            };
            wide(mask128(r, bits), bits)
        }
        VaStart => {
            let area = m.threads[t].frames.last().map_or(0, |f| f.va_area);
            let list = a.get(0);
            let r = if m.program.model.ptr_bytes == 8 {
                let mut image = Vec::new();
                image.extend_from_slice(&48u32.to_le_bytes());
                image.extend_from_slice(&304u32.to_le_bytes());
                image.extend_from_slice(&area.to_le_bytes());
                image.extend_from_slice(&0u64.to_le_bytes());
                m.memory.write(list, &image)
            } else {
                m.memory.write(list, &(area as u32).to_le_bytes())
            };
            match r {
                Ok(()) => Flow::Return(0),
                Err(e) => fault_flow(m, t, e),
            }
        }
        VaCopy => {
            let n = if m.program.model.ptr_bytes == 8 { 24 } else { 4 };
            match m.memory.read(a.get(1), n).and_then(|b| m.memory.write(a.get(0), &b)) {
                Ok(()) => Flow::Return(0),
                Err(e) => fault_flow(m, t, e),
            }
        }
        ThreadLocalAddress => Flow::Return(crate::tls::variable(m, t, a.get(0))),
        _ => return None,
    })
}
