//! libm: the `float`, `double` and `long double` (x86_fp80) forms of the math functions
//! ravel knows, on the argument words.

use super::{Args, Flow};
use ravel_ir::Builtin;

/// Runs libm function `b`, `None` when `b` is not one.
pub(super) fn call(b: Builtin, a: &Args) -> Option<Flow> {
    use Builtin::*;
    if a.spec.first().is_some_and(|s| s.bytes == 10) {
        return libm_long_double(b, a);
    }
    let single = a.spec.first().is_some_and(|s| s.bytes == 4);
    let arg = |i: usize| crate::values::to_f(a.get(i), !single);
    let r = match b {
        Sqrt => arg(0).sqrt(),
        Sqrtf => f32::from_bits(a.get(0) as u32).sqrt() as f64,
        Fabs => arg(0).abs(),
        Fabsf => f32::from_bits(a.get(0) as u32).abs() as f64,
        Floor => arg(0).floor(),
        Ceil => arg(0).ceil(),
        Round => arg(0).round(),
        Trunc => arg(0).trunc(),
        Pow => arg(0).powf(arg(1)),
        Exp => arg(0).exp(),
        Log => arg(0).ln(),
        Sin => arg(0).sin(),
        Cos => arg(0).cos(),
        Fmod => arg(0) % arg(1),
        Copysign => arg(0).copysign(arg(1)),
        Fma => arg(0).mul_add(arg(1), arg(2)),
        MinNum => arg(0).min(arg(1)),
        MaxNum => arg(0).max(arg(1)),
        _ => return None,
    };
    let single = single || matches!(b, Sqrtf | Fabsf);
    Some(Flow::Return(crate::values::from_f(r, !single)))
}

/// The `long double` (x86_fp80) forms: exact where the result is (fabsl, floorl, ceill,
/// truncl, roundl, fmodl, copysignl, fminl, fmaxl), correctly rounded for sqrtl, fmal
/// rounded twice (product, then sum), and the transcendental ones in double precision.
fn libm_long_double(b: Builtin, a: &Args) -> Option<Flow> {
    use crate::fp80::{self, Integral};
    use ravel_ir::FBinOp as Op;
    use Builtin::*;
    let x = |i: usize| a.get128(i) & ((1 << 80) - 1);
    let sign = 1u128 << 79;
    let via_double = |f: fn(f64, f64) -> f64| fp80::from_f64(f(fp80::to_f64(x(0)), fp80::to_f64(x(1))));
    let pick = |want: std::cmp::Ordering| match fp80::compare(x(0), x(1)) {
        Some(o) => {
            if o == want {
                x(0)
            } else {
                x(1)
            }
        }
        None if fp80::compare(x(0), x(0)).is_none() => x(1),
        None => x(0),
    };
    let r = match b {
        Sqrt => fp80::sqrt(x(0)),
        Fabs => x(0) & !sign,
        Floor => fp80::round_integral(x(0), Integral::Floor),
        Ceil => fp80::round_integral(x(0), Integral::Ceil),
        Trunc => fp80::round_integral(x(0), Integral::Trunc),
        Round => fp80::round_integral(x(0), Integral::Round),
        Fmod => fp80::binary(Op::Rem, x(0), x(1)),
        Copysign => (x(0) & !sign) | (x(1) & sign),
        Fma => fp80::binary(Op::Add, fp80::binary(Op::Mul, x(0), x(1)), x(2)),
        MinNum => pick(std::cmp::Ordering::Less),
        MaxNum => pick(std::cmp::Ordering::Greater),
        Pow => via_double(f64::powf),
        Exp => via_double(|v, _| v.exp()),
        Log => via_double(|v, _| v.ln()),
        Sin => via_double(|v, _| v.sin()),
        Cos => via_double(|v, _| v.cos()),
        _ => return None,
    };
    Some(Flow::ReturnWords(vec![r as u64, (r >> 64) as u64]))
}
