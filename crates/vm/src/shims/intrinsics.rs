//! LLVM intrinsics: overflow and saturating arithmetic, bit manipulation, min/max (their
//! integer semantics are `ravel_arith::intrinsics`), and the bookkeeping intrinsics
//! (va_start, thread-local addresses, ...).

use super::{fault_flow, Args, Flow};
use crate::error::ErrorKind;
use crate::machine::Machine;
use ravel_arith::intrinsics::{self as int, OverflowOp};
use ravel_ir::Builtin;

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

#[inline]
pub(super) fn call(m: &mut Machine, t: usize, b: Builtin, a: &Args) -> Option<Flow> {
    use Builtin::*;
    let bits = a.bits(0).min(128);
    let x = |i: usize| a.get128(i);
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
            let op = match b {
                SAddOverflow => OverflowOp::SAdd,
                SSubOverflow => OverflowOp::SSub,
                SMulOverflow => OverflowOp::SMul,
                UAddOverflow => OverflowOp::UAdd,
                USubOverflow => OverflowOp::USub,
                _ => OverflowOp::UMul,
            };
            let (v, o) = int::overflowing(op, bits, x(0), x(1));
            with_flag(v, bits, o)
        }
        SAddSat | SSubSat => wide(int::signed_saturating(b == SAddSat, bits, x(0), x(1)), bits),
        UAddSat => wide(int::unsigned_saturating_add(bits, x(0), x(1)), bits),
        USubSat => wide(int::unsigned_saturating_sub(x(0), x(1)), bits),
        SMin | SMax => wide(int::signed_min_max(b == SMin, bits, x(0), x(1)), bits),
        UMin => wide(x(0).min(x(1)), bits),
        UMax => wide(x(0).max(x(1)), bits),
        IntAbs => wide(int::abs(bits, x(0)), bits),
        Ctpop => wide(int::count_ones(x(0)), bits),
        Ctlz => wide(int::leading_zeros(bits, x(0)), bits),
        Cttz => wide(int::trailing_zeros(bits, x(0)), bits),
        Bswap => wide(int::byte_swap(bits, x(0)), bits),
        Bitreverse => wide(int::bit_reverse(bits, x(0)), bits),
        Fshl | Fshr => wide(int::funnel_shift(b == Fshl, bits, x(0), x(1), x(2)), bits),
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
