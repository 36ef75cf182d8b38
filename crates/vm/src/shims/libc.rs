//! libc: memory management, memory and string functions, process control, numbers and
//! the verification API (libm is in `math`).

use super::{fault_flow, Args, Flow, ERANGE};
use crate::error::ErrorKind;
use crate::heap;
use crate::libc::strconv;
use crate::machine::{Chooser, End, Machine};
use crate::memory::{Fault, ObjKind};
use ravel_ir::Builtin;

/// Result of a model body that may fault.
type R = Result<Flow, Fault>;

fn strings(m: &mut Machine, b: Builtin, a: &Args) -> Option<R> {
    use Builtin::*;
    if !matches!(
        b,
        Memcpy
            | Memmove
            | Memset
            | Memcmp
            | Memchr
            | Strlen
            | Strnlen
            | Strcpy
            | Strncpy
            | Strcat
            | Strncat
            | Strcmp
            | Strncmp
            | Strchr
            | Strrchr
            | Strstr
    ) {
        return None;
    }
    let mem = &mut m.memory;
    let (p0, p1, n2) = (a.get(0), a.get(1), a.get(2));
    Some((|| -> R {
        Ok(match b {
            Memcpy | Memmove => {
                let shadows = mem.sym_range(p1, n2);
                let before = mem.concretized.len();
                let data = mem.read(p1, n2)?;
                mem.write(p0, &data)?;
                // Symbolic bytes are copied as they are, not concretised.
                mem.concretized.truncate(before);
                mem.set_sym_range(p0, &shadows);
                Flow::Return(p0)
            }
            Memset => {
                mem.write(p0, &vec![p1 as u8; n2 as usize])?;
                Flow::Return(p0)
            }
            Memcmp => {
                let (x, y) = (mem.read(p0, n2)?, mem.read(p1, n2)?);
                Flow::Return(compare(x.iter().copied().zip(y.iter().copied())))
            }
            Memchr => {
                let data = mem.read(p0, n2)?;
                Flow::Return(data.iter().position(|&c| c == p1 as u8).map_or(0, |i| p0 + i as u64))
            }
            Strlen => Flow::Return(mem.c_str(p0, None)?.2 as u64),
            Strnlen => Flow::Return(mem.c_str(p0, Some(p1 as usize))?.2 as u64),
            Strcpy | Strncpy => {
                let mut s = mem.c_string(p1, (b == Strncpy).then_some(n2 as usize))?;
                if b == Strncpy {
                    s.resize(n2 as usize, 0);
                } else {
                    s.push(0);
                }
                mem.write(p0, &s)?;
                Flow::Return(p0)
            }
            Strcat | Strncat => {
                let dst_len = mem.c_string(p0, None)?.len() as u64;
                let mut s = mem.c_string(p1, (b == Strncat).then_some(n2 as usize))?;
                s.push(0);
                mem.write(p0 + dst_len, &s)?;
                Flow::Return(p0)
            }
            Strcmp | Strncmp => {
                let limit = (b == Strncmp).then_some(n2 as usize);
                let ((xi, xo, xn), (yi, yo, yn)) = (mem.c_str(p0, limit)?, mem.c_str(p1, limit)?);
                let (x, y) = (mem.slice(xi, xo, xn), mem.slice(yi, yo, yn));
                // Each string with its terminating NUL, as far as the limit.
                let n = limit.unwrap_or(usize::MAX).min(x.len() + 1).min(y.len() + 1);
                let nul = || std::iter::once(0);
                Flow::Return(compare(x.iter().copied().chain(nul()).zip(y.iter().copied().chain(nul())).take(n)))
            }
            Strchr | Strrchr => {
                let s = mem.c_string(p0, None)?;
                let c = p1 as u8;
                let found = if c == 0 {
                    Some(s.len())
                } else if b == Strchr {
                    s.iter().position(|&x| x == c)
                } else {
                    s.iter().rposition(|&x| x == c)
                };
                Flow::Return(found.map_or(0, |i| p0 + i as u64))
            }
            Strstr => {
                let (h, n) = (mem.c_string(p0, None)?, mem.c_string(p1, None)?);
                let pos = if n.is_empty() { Some(0) } else { h.windows(n.len()).position(|w| w == n.as_slice()) };
                Flow::Return(pos.map_or(0, |i| p0 + i as u64))
            }
            _ => unreachable!("filtered above"),
        })
    })())
}

/// memcmp-style result: the sign of the first differing byte.
fn compare(pairs: impl Iterator<Item = (u8, u8)>) -> u64 {
    for (a, b) in pairs {
        if a != b {
            return (a as i64 - b as i64) as u64;
        }
    }
    0
}

/// The glibc `__ctype_b_loc` table for the C locale.
fn ctype_table(m: &mut Machine, t: usize) -> u64 {
    if m.ctype_table != 0 {
        return m.ctype_table;
    }
    let bit = |b: u32| -> u16 {
        if b < 8 {
            (1 << b) << 8
        } else {
            (1 << b) >> 8
        }
    };
    let mut table = vec![0u8; 384 * 2];
    for c in 0u8..128 {
        let ch = c as char;
        let mut v = 0u16;
        let classes = [
            ch.is_ascii_uppercase(),
            ch.is_ascii_lowercase(),
            ch.is_ascii_alphabetic(),
            ch.is_ascii_digit(),
            ch.is_ascii_hexdigit(),
            ch.is_ascii_whitespace() || c == 0x0b,
            (0x20..0x7f).contains(&c),
            ch.is_ascii_graphic(),
            c == b' ' || c == b'\t',
            ch.is_ascii_control(),
            ch.is_ascii_punctuation(),
            ch.is_ascii_alphanumeric(),
        ];
        for (i, on) in classes.iter().enumerate() {
            if *on {
                v |= bit(i as u32);
            }
        }
        let idx = (c as usize + 128) * 2;
        table[idx..idx + 2].copy_from_slice(&v.to_le_bytes());
    }
    let pb = m.program.model.ptr_bytes as u64;
    let Some(tab) = m.memory.allocate(0, table.len() as u64, 16, ObjKind::Global, t, Default::default()) else {
        return 0;
    };
    m.memory.objects[tab.0 as usize].bytes = std::rc::Rc::from(table);
    m.memory.share(tab.0);
    let Some(cell) = m.memory.allocate(0, pb, pb, ObjKind::Global, t, Default::default()) else {
        return 0;
    };
    let target = tab.1 + 256;
    m.memory.objects[cell.0 as usize].bytes = std::rc::Rc::from(&target.to_le_bytes()[..pb as usize]);
    m.memory.share(cell.0);
    m.ctype_table = cell.1;
    cell.1
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

/// Bytes up to which `memcpy`, `memmove` and `memset` are checked for data races like
/// plain accesses; longer ones leave the verdict imprecise.
const RACE_CHECKED_BYTES: u64 = 4096;

/// Logs the memory a `memcpy`, `memmove` or `memset` touches as plain accesses, so the race
/// detector sees it; true when that makes the call exact (under `--interleave sync`; under
/// `all` it is still no scheduling point, so the call needs its imprecision note).
pub(super) fn log_block_accesses(m: &mut Machine, t: usize, b: Builtin, a: &Args) -> bool {
    let (dst, src, n) = (a.get(0), a.get(1), a.get(2));
    if n > RACE_CHECKED_BYTES {
        return false;
    }
    match b {
        Builtin::Memcpy | Builtin::Memmove => {
            super::posix::plain_access(m, t, src, n, false);
            super::posix::plain_access(m, t, dst, n, true);
        }
        Builtin::Memset => super::posix::plain_access(m, t, dst, n, true),
        _ => return false,
    }
    m.config.granularity == crate::Granularity::Sync
}

pub(super) fn call(m: &mut Machine, t: usize, b: Builtin, a: &Args, chooser: &mut dyn Chooser) -> Flow {
    use Builtin::*;
    if let Some(r) = strings(m, b, a) {
        return r.unwrap_or_else(|e| fault_flow(m, t, e));
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
            Calloc => match a.get(0).checked_mul(a.get(1)) {
                Some(n) => Flow::Return(heap::allocate(m, t, n, 16)),
                None => Flow::Return(0),
            },
            Realloc => Flow::Return(heap::reallocate(m, t, a.get(0), a.get(1))?),
            Free => {
                heap::free(m, t, a.get(0))?;
                Flow::Return(0)
            }
            Strdup | Strndup => {
                let mut s = m.memory.c_string(a.get(0), (b == Strndup).then_some(a.get(1) as usize))?;
                s.push(0);
                let p = heap::allocate(m, t, s.len() as u64, 16);
                if p != 0 {
                    m.memory.write(p, &s)?;
                }
                Flow::Return(p)
            }
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
                if a.get(0) & mask_bits(a.bits(0)) == 0 {
                    let loc = m.current_loc(t);
                    m.end = Some(End::AssumeFailed(loc));
                    Flow::End
                } else {
                    Flow::Return(0)
                }
            }
            Abort => {
                let loc = m.current_loc(t);
                m.end = Some(End::Abort(loc));
                Flow::End
            }
            Exit => {
                m.begin_exit(t, a.get(0) as i32);
                Flow::Stay
            }
            Atexit => {
                m.atexit.push(a.get(0));
                Flow::Return(0)
            }
            ErrnoLocation => Flow::Return(crate::tls::errno_cell(m, t)),
            Nondet if m.is_symbolic() && !m.is_recording() && a.ret_bits <= 64 => {
                let (bits, loc) = (a.ret_bits.max(1), m.current_loc(t));
                Flow::Return(m.fresh_input(bits, bits, loc))
            }
            Nondet => {
                let loc = m.current_loc(t);
                Flow::Return(chooser.nondet(a.ret_bits.clamp(1, 64), loc))
            }
            NondetZeroOne => {
                // Only compared with zero: 0 and 1 stand for every value.
                let loc = m.current_loc(t);
                if m.is_symbolic() && !m.is_recording() {
                    return Ok(Flow::Return(m.fresh_input(1, a.ret_bits.max(1), loc)));
                }
                Flow::Return(chooser.nondet(1, loc))
            }
            MakeSymbolic if m.is_symbolic() && !m.is_recording() => {
                let loc = m.current_loc(t);
                m.fresh_bytes(a.get(0), a.get(1), loc)?;
                Flow::Return(0)
            }
            MakeSymbolic => {
                let loc = m.current_loc(t);
                let bytes: Vec<u8> = (0..a.get(1)).map(|_| chooser.nondet(8, loc) as u8).collect();
                m.memory.write(a.get(0), &bytes)?;
                Flow::Return(0)
            }
            AtomicBegin => {
                m.threads[t].atomic_depth += 1;
                Flow::Return(0)
            }
            Epoch => {
                m.record_epoch(t);
                Flow::Return(0)
            }
            AtomicEnd => {
                m.threads[t].atomic_depth = m.threads[t].atomic_depth.saturating_sub(1);
                Flow::Return(0)
            }
            Rand => {
                m.rand_state = m.rand_state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                Flow::Return((m.rand_state >> 33) & 0x7fff_ffff)
            }
            Srand => {
                m.rand_state = a.get(0);
                Flow::Return(0)
            }
            Strtol | Strtoll | Strtoul | Strtoull | Atoi | Atol | Atoll | Strtod | Atof => parse_number(m, t, b, a)?,
            Abs | Labs | Llabs => {
                let bits = a.bits(0);
                Flow::Return((ravel_ir::sign_extend(a.get(0), bits) as i64).unsigned_abs())
            }
            Toupper => {
                Flow::Return(if (b'a' as u64..=b'z' as u64).contains(&a.get(0)) { a.get(0) - 32 } else { a.get(0) })
            }
            Tolower => {
                Flow::Return(if (b'A' as u64..=b'Z' as u64).contains(&a.get(0)) { a.get(0) + 32 } else { a.get(0) })
            }
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
