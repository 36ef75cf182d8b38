//! libc: memory management, memory and string functions, process control, numbers and
//! the verification API (libm is in `math`): arguments decoded here, the functions' work
//! done by `heap`, `libc::{strings, ctype, strconv, random}` and the machine.

use super::{fault_flow, Args, Flow, ERANGE};
use crate::error::ErrorKind;
use crate::heap;
use crate::libc::{ctype, random, strconv, strings};
use crate::machine::{Chooser, Machine};
use crate::memory::{Fault, Memory};
use ravel_ir::Builtin;

/// Result of a model body that may fault.
type R = Result<Flow, Fault>;

/// The `<string.h>` functions: `None` for other functions.
fn strings(mem: &mut Memory, b: Builtin, a: &Args) -> Option<Result<u64, Fault>> {
    use Builtin::*;
    let (p0, p1, n2) = (a.get(0), a.get(1), a.get(2));
    Some(match b {
        Memcpy | Memmove => strings::copy(mem, p0, p1, n2),
        Memset => strings::fill(mem, p0, p1, n2),
        Memcmp => strings::compare_bytes(mem, p0, p1, n2),
        Memchr => strings::find_byte(mem, p0, p1, n2),
        Strlen => strings::length(mem, p0, None),
        Strnlen => strings::length(mem, p0, Some(p1 as usize)),
        Strcpy => strings::copy_string(mem, p0, p1, None),
        Strncpy => strings::copy_string(mem, p0, p1, Some(n2 as usize)),
        Strcat => strings::append(mem, p0, p1, None),
        Strncat => strings::append(mem, p0, p1, Some(n2 as usize)),
        Strcmp => strings::compare_strings(mem, p0, p1, None),
        Strncmp => strings::compare_strings(mem, p0, p1, Some(n2 as usize)),
        Strchr => strings::find_char(mem, p0, p1, false),
        Strrchr => strings::find_char(mem, p0, p1, true),
        Strstr => strings::find_string(mem, p0, p1),
        _ => return None,
    })
}

/// `__ctype_b_loc`: the C locale's classification table, placed on first use.
fn ctype_table(m: &mut Machine, t: usize) -> u64 {
    if m.ctype_table == 0 {
        m.ctype_table = ctype::install_table(&mut m.memory, m.program.model.ptr_bytes, t);
    }
    m.ctype_table
}

fn parse_number(m: &mut Machine, t: usize, b: Builtin, a: &Args) -> R {
    use Builtin::*;
    let long_bits = m.program.model.long_bytes * 8;
    let s = m.memory.c_string(a.get(0), None)?;
    let (base, bits) = match b {
        Atoi => (10, 32),
        Atol => (10, long_bits),
        Atoll => (10, 64),
        Strtoll | Strtoull => (a.get(2) as u32, 64),
        _ => (a.get(2) as u32, long_bits),
    };
    let (value, consumed, overflow) = match b {
        Strtod | Atof => {
            let p = strconv::parse_double(&s);
            (p.value.to_bits(), p.consumed, p.overflow)
        }
        Strtoul | Strtoull => {
            let p = strconv::parse_unsigned(&s, base, bits);
            (p.value, p.consumed, p.overflow)
        }
        _ => {
            let p = strconv::parse_signed(&s, base, bits);
            (p.value as u64, p.consumed, p.overflow)
        }
    };
    if matches!(b, Strtol | Strtoll | Strtoul | Strtoull | Strtod) && a.get(1) != 0 {
        let pb = m.program.model.ptr_bytes as usize;
        let end = a.get(0) + consumed as u64;
        m.memory.write(a.get(1), &end.to_le_bytes()[..pb])?;
    }
    if overflow && !matches!(b, Atoi | Atol | Atoll | Atof) {
        super::pthread::set_errno(m, t, ERANGE)?;
    }
    Ok(Flow::Return(value))
}

pub(super) fn call(m: &mut Machine, t: usize, b: Builtin, a: &Args, chooser: &mut dyn Chooser) -> Flow {
    use Builtin::*;
    if let Some(r) = strings(&mut m.memory, b, a) {
        return r.map_or_else(|e| fault_flow(m, t, e), Flow::Return);
    }
    if let Some(f) = super::math::call(b, a) {
        return f;
    }
    let r: R = (|| {
        Ok(match b {
            Malloc => Flow::Return(heap::allocate(m, t, a.get(0), 16)),
            AlignedAlloc => Flow::Return(heap::allocate(m, t, a.get(1), a.get(0))),
            PosixMemalign => {
                let p = heap::allocate(m, t, a.get(2), a.get(1));
                let pb = m.program.model.ptr_bytes as usize;
                m.memory.write(a.get(0), &p.to_le_bytes()[..pb])?;
                Flow::Return(if p == 0 { 12 } else { 0 })
            }
            Calloc => Flow::Return(heap::allocate_array(m, t, a.get(0), a.get(1))),
            Realloc => Flow::Return(heap::reallocate(m, t, a.get(0), a.get(1))?),
            Free => {
                heap::free(m, t, a.get(0))?;
                Flow::Return(0)
            }
            Strdup => Flow::Return(heap::duplicate_string(m, t, a.get(0), None)?),
            Strndup => Flow::Return(heap::duplicate_string(m, t, a.get(0), Some(a.get(1) as usize))?),
            AssertFail => {
                let msg =
                    String::from_utf8_lossy(&m.memory.c_string(a.get(0), Some(4096)).unwrap_or_default()).into_owned();
                m.fail(t, ErrorKind::AssertionFailure, format!("assertion `{msg}` failed"));
                Flow::End
            }
            RavelAssert => {
                if a.get(0) & mask_bits(a.bits(0)) == 0 {
                    m.fail(t, ErrorKind::AssertionFailure, "assertion failed");
                    Flow::End
                } else {
                    Flow::Return(0)
                }
            }
            ReachError => {
                m.fail(t, ErrorKind::ReachError, "the error function was called");
                Flow::End
            }
            Assume => {
                if m.assume(t, a.get(0) & mask_bits(a.bits(0)) != 0) {
                    Flow::Return(0)
                } else {
                    Flow::End
                }
            }
            Abort => {
                m.abort(t);
                Flow::End
            }
            Setjmp => match m.set_jump(t, a.get(0)) {
                Ok(v) => Flow::Return(v),
                Err(f) => fault_flow(m, t, f),
            },
            Longjmp => m.long_jump(t, a.get(0), a.get(1)),
            CleanupPush => {
                m.push_cleanup(t, a.get(0));
                Flow::Return(0)
            }
            CleanupPop => {
                m.pop_cleanup(t, a.get(0));
                Flow::Return(0)
            }
            CleanupNext => m.unwind_next(t),
            Exit => {
                m.begin_exit(t, a.get(0) as i32);
                Flow::Stay
            }
            Atexit => {
                m.ending.register_atexit(a.get(0));
                Flow::Return(0)
            }
            ErrnoLocation => Flow::Return(crate::tls::errno_cell(m, t)),
            Nondet => Flow::Return(m.nondet(t, a.ret_bits, chooser)),
            NondetZeroOne => Flow::Return(m.nondet_zero_one(t, a.ret_bits, chooser)),
            MakeSymbolic => {
                m.nondet_bytes(t, a.get(0), a.get(1), chooser)?;
                Flow::Return(0)
            }
            AtomicBegin => {
                m.threads.enter_atomic(t);
                Flow::Return(0)
            }
            Epoch => {
                m.record_epoch(t);
                Flow::Return(0)
            }
            Abstract => Flow::Return(a.get(0)),
            AtomicEnd => {
                m.threads.leave_atomic(t);
                Flow::Return(0)
            }
            Rand => Flow::Return(std::rc::Rc::make_mut(&mut m.rand_state).draw()),
            Srand => {
                m.rand_state = std::rc::Rc::new(random::Random::seeded(a.get(0) as u32));
                Flow::Return(0)
            }
            Strtol | Strtoll | Strtoul | Strtoull | Atoi | Atol | Atoll | Strtod | Atof => parse_number(m, t, b, a)?,
            Abs | Labs | Llabs => Flow::Return(ravel_arith::intrinsics::abs(a.bits(0), a.get(0) as u128) as u64),
            Toupper => Flow::Return(ctype::to_upper(a.get(0))),
            Tolower => Flow::Return(ctype::to_lower(a.get(0))),
            CtypeB => Flow::Return(ctype_table(m, t)),
            SchedYield => Flow::Return(0),
            other => {
                m.unsupported(t, format!("the model of {other:?} is not available here"));
                Flow::End
            }
        })
    })();
    r.unwrap_or_else(|e| fault_flow(m, t, e))
}

fn mask_bits(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    }
}
