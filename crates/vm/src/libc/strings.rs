//! The C string and memory functions (`<string.h>`) over the machine's memory: each takes
//! the decoded arguments and returns the C return value, or the fault an access made.
//! Symbolic bytes are copied by `memcpy`/`memmove` as they are; the others read concrete
//! values (the memory concretises what they read).

use crate::memory::{Fault, Memory};

/// `memcpy`/`memmove`: copies `n` bytes from `src` to `dst` (the read happens before the
/// write, so overlap is fine), symbolic shadows included; returns `dst`.
pub fn copy(mem: &mut Memory, dst: u64, src: u64, n: u64) -> Result<u64, Fault> {
    let shadows = mem.sym_range(src, n);
    let before = mem.concretized.len();
    let data = mem.read(src, n)?;
    mem.write(dst, &data)?;
    // Symbolic bytes are copied as they are, not concretised.
    mem.concretized.truncate(before);
    mem.set_sym_range(dst, &shadows);
    Ok(dst)
}

/// `memset`: `n` bytes at `dst` set to the low byte of `c`; returns `dst`.
pub fn fill(mem: &mut Memory, dst: u64, c: u64, n: u64) -> Result<u64, Fault> {
    mem.write(dst, &vec![c as u8; n as usize])?;
    Ok(dst)
}

/// `memcmp`: the sign of the first differing byte of the `n` bytes at `a` and `b`.
pub fn compare_bytes(mem: &mut Memory, a: u64, b: u64, n: u64) -> Result<u64, Fault> {
    let (x, y) = (mem.read(a, n)?, mem.read(b, n)?);
    Ok(compare(x.iter().copied().zip(y.iter().copied())))
}

/// `memchr`: the address of the first byte equal to `c` among `n` at `p`, or 0.
pub fn find_byte(mem: &mut Memory, p: u64, c: u64, n: u64) -> Result<u64, Fault> {
    let data = mem.read(p, n)?;
    Ok(data.iter().position(|&x| x == c as u8).map_or(0, |i| p + i as u64))
}

/// `strlen` (no `limit`) and `strnlen`.
pub fn length(mem: &mut Memory, s: u64, limit: Option<usize>) -> Result<u64, Fault> {
    Ok(mem.c_str(s, limit)?.2 as u64)
}

/// `strcpy` (no `limit`) and `strncpy` (pads with NULs to `limit` bytes); returns `dst`.
pub fn copy_string(mem: &mut Memory, dst: u64, src: u64, limit: Option<usize>) -> Result<u64, Fault> {
    let mut s = mem.c_string(src, limit)?;
    match limit {
        Some(n) => s.resize(n, 0),
        None => s.push(0),
    }
    mem.write(dst, &s)?;
    Ok(dst)
}

/// `strcat` (no `limit`) and `strncat` (at most `limit` bytes of `src`); returns `dst`.
pub fn append(mem: &mut Memory, dst: u64, src: u64, limit: Option<usize>) -> Result<u64, Fault> {
    let dst_len = mem.c_string(dst, None)?.len() as u64;
    let mut s = mem.c_string(src, limit)?;
    s.push(0);
    mem.write(dst + dst_len, &s)?;
    Ok(dst)
}

/// `strcmp` (no `limit`) and `strncmp`: the sign of the first differing byte, each
/// string with its terminating NUL, as far as the limit.
pub fn compare_strings(mem: &mut Memory, a: u64, b: u64, limit: Option<usize>) -> Result<u64, Fault> {
    let ((xi, xo, xn), (yi, yo, yn)) = (mem.c_str(a, limit)?, mem.c_str(b, limit)?);
    let (x, y) = (mem.slice(xi, xo, xn), mem.slice(yi, yo, yn));
    let n = limit.unwrap_or(usize::MAX).min(x.len() + 1).min(y.len() + 1);
    let nul = || std::iter::once(0);
    Ok(compare(x.iter().copied().chain(nul()).zip(y.iter().copied().chain(nul())).take(n)))
}

/// `strchr` and (`last`) `strrchr`: the address of the first (last) `c` in the string at
/// `s`, its terminating NUL included, or 0.
pub fn find_char(mem: &mut Memory, s: u64, c: u64, last: bool) -> Result<u64, Fault> {
    let text = mem.c_string(s, None)?;
    let c = c as u8;
    let found = if c == 0 {
        Some(text.len())
    } else if last {
        text.iter().rposition(|&x| x == c)
    } else {
        text.iter().position(|&x| x == c)
    };
    Ok(found.map_or(0, |i| s + i as u64))
}

/// `strstr`: the address of the first occurrence of `needle` in `haystack`, or 0.
pub fn find_string(mem: &mut Memory, haystack: u64, needle: u64) -> Result<u64, Fault> {
    let (h, n) = (mem.c_string(haystack, None)?, mem.c_string(needle, None)?);
    let pos = if n.is_empty() { Some(0) } else { h.windows(n.len()).position(|w| w == n.as_slice()) };
    Ok(pos.map_or(0, |i| haystack + i as u64))
}

/// `snprintf`'s (with `limit`) and `sprintf`'s store of formatted `text` at `buf`: at most
/// `limit - 1` bytes and a NUL (nothing when `limit` is 0); returns the full length.
pub fn store_truncated(mem: &mut Memory, buf: u64, limit: Option<u64>, mut text: Vec<u8>) -> Result<u64, Fault> {
    let len = text.len() as u64;
    if let Some(n) = limit {
        if n == 0 {
            return Ok(len);
        }
        text.truncate((n - 1) as usize);
    }
    text.push(0);
    mem.write(buf, &text)?;
    Ok(len)
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
