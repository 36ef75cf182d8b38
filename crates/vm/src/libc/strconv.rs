//! C number parsing for the strtol/strtoul/strtod family and the atoi-style models.
//!
//! Inputs are byte slices that end where the C string ends (no NUL), and results report
//! how much was consumed so callers can set `*endptr` exactly as glibc would.

/// Result of parsing like C: value, number of bytes consumed (0 = no conversion, endptr =
/// start), and whether the result was out of range (errno ERANGE). Integers are clamped on
/// overflow; for `parse_double` it also reports underflow (a tiny, inexact result).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Parsed<T> {
    pub value: T,
    pub consumed: usize,
    pub overflow: bool,
}

impl<T: Default> Parsed<T> {
    /// "No conversion was performed": value 0 and endptr left at the start.
    fn none() -> Self {
        Parsed { value: T::default(), consumed: 0, overflow: false }
    }
}

/// strtol (bits = long width) / strtoll (64): clamps to the signed range of `bits`.
pub fn parse_signed(s: &[u8], base: u32, bits: u32) -> Parsed<i64> {
    let bits = bits.clamp(1, 64);
    let Some(scan) = scan_integer(s, base) else {
        return Parsed::none();
    };
    let max = (1u64 << (bits - 1)) - 1;
    let limit = if scan.negative { max + 1 } else { max };
    let (value, overflow) = match scan.magnitude.filter(|&m| m <= limit) {
        Some(m) if scan.negative => ((m as i64).wrapping_neg(), false),
        Some(m) => (m as i64, false),
        None if scan.negative => (-(max as i64) - 1, true),
        None => (max as i64, true),
    };
    Parsed { value, consumed: scan.end, overflow }
}

/// strtoul/strtoull: a leading '-' negates modulo 2^bits, as C specifies; magnitudes
/// that do not fit clamp to the maximum even when negated.
pub fn parse_unsigned(s: &[u8], base: u32, bits: u32) -> Parsed<u64> {
    let bits = bits.clamp(1, 64);
    let Some(scan) = scan_integer(s, base) else {
        return Parsed::none();
    };
    let max = u64::MAX >> (64 - bits);
    let (value, overflow) = match scan.magnitude.filter(|&m| m <= max) {
        Some(m) if scan.negative => (m.wrapping_neg() & max, false),
        Some(m) => (m, false),
        None => (max, true),
    };
    Parsed { value, consumed: scan.end, overflow }
}

/// strtod: decimal and hex floats, inf/infinity, nan and nan(payload), leading whitespace.
pub fn parse_double(s: &[u8]) -> Parsed<f64> {
    let (negative, pos) = skip_space_and_sign(s);
    let scan = scan_special(s, pos).or_else(|| scan_hex_float(s, pos)).or_else(|| scan_decimal(s, pos));
    match scan {
        Some(f) => {
            Parsed { value: if negative { -f.value } else { f.value }, consumed: f.end, overflow: f.range_error }
        }
        None => Parsed::none(),
    }
}

/// C `isspace` in the "C" locale.
fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// Skips leading whitespace and one optional sign; returns (negative, index after them).
fn skip_space_and_sign(s: &[u8]) -> (bool, usize) {
    let pos = s.iter().take_while(|&&c| is_space(c)).count();
    match s.get(pos) {
        Some(b'-') => (true, pos + 1),
        Some(b'+') => (false, pos + 1),
        _ => (false, pos),
    }
}

/// Value of `c` as a digit in bases up to 36.
fn digit_value(c: u8) -> Option<u32> {
    char::from(c).to_digit(36)
}

/// True when `s[pos..]` starts with "0x"/"0X" followed by a hex digit, i.e. the prefix
/// is really a prefix; a bare "0x" parses as just the "0".
fn has_hex_prefix(s: &[u8], pos: usize) -> bool {
    s.get(pos) == Some(&b'0')
        && matches!(s.get(pos + 1), Some(b'x' | b'X'))
        && s.get(pos + 2).is_some_and(|&c| c.is_ascii_hexdigit())
}

/// An integer's sign, magnitude (`None` if it does not fit in 64 bits) and end index.
struct IntScan {
    negative: bool,
    magnitude: Option<u64>,
    end: usize,
}

/// The strtol grammar shared by the signed and unsigned parsers; `None` means no
/// conversion (including an invalid base).
fn scan_integer(s: &[u8], base: u32) -> Option<IntScan> {
    if base == 1 || base > 36 {
        return None;
    }
    let (negative, mut pos) = skip_space_and_sign(s);
    let base = if (base == 0 || base == 16) && has_hex_prefix(s, pos) {
        pos += 2;
        16
    } else if base == 0 && s.get(pos) == Some(&b'0') {
        8
    } else if base == 0 {
        10
    } else {
        base
    };
    let start = pos;
    let mut magnitude = Some(0u64);
    while let Some(d) = s.get(pos).and_then(|&c| digit_value(c)).filter(|&d| d < base) {
        magnitude = magnitude.and_then(|m| m.checked_mul(u64::from(base))).and_then(|m| m.checked_add(u64::from(d)));
        pos += 1;
    }
    (pos > start).then_some(IntScan { negative, magnitude, end: pos })
}

/// An unsigned floating-point result, its end index and whether it is out of range.
struct FloatScan {
    value: f64,
    end: usize,
    range_error: bool,
}

/// glibc's default quiet NaN, with the sign bit clear.
const QUIET_NAN_BITS: u64 = 0x7ff8_0000_0000_0000;

fn starts_with_ignore_case(s: &[u8], word: &[u8]) -> bool {
    s.len() >= word.len() && s[..word.len()].eq_ignore_ascii_case(word)
}

/// "inf", "infinity" and "nan" with an optional "(n-char-sequence)".
fn scan_special(s: &[u8], pos: usize) -> Option<FloatScan> {
    let rest = s.get(pos..)?;
    let (value, len, range_error) = if starts_with_ignore_case(rest, b"infinity") {
        (f64::INFINITY, 8, false)
    } else if starts_with_ignore_case(rest, b"inf") {
        (f64::INFINITY, 3, false)
    } else if starts_with_ignore_case(rest, b"nan") {
        nan_with_payload(&rest[3..])
    } else {
        return None;
    };
    Some(FloatScan { value, end: pos + len, range_error })
}

/// Parses what follows "nan": glibc takes "(chars)" only if it closes, and uses the
/// chars as a mantissa payload when they form a whole strtoull base-0 number (whose
/// overflow even leaks out as ERANGE).
fn nan_with_payload(after: &[u8]) -> (f64, usize, bool) {
    let plain = (f64::from_bits(QUIET_NAN_BITS), 3, false);
    if after.first() != Some(&b'(') {
        return plain;
    }
    let inner_len = after[1..].iter().take_while(|&&c| c.is_ascii_alphanumeric() || c == b'_').count();
    if after.get(1 + inner_len) != Some(&b')') {
        return plain;
    }
    let inner = &after[1..1 + inner_len];
    let parsed = parse_unsigned(inner, 0, 64);
    let payload = if parsed.consumed == inner.len() { parsed.value & ((1 << 51) - 1) } else { 0 };
    let value = f64::from_bits(QUIET_NAN_BITS | payload);
    (value, 3 + inner_len + 2, parsed.overflow)
}

/// Hexadecimal floats: "0x" hex digits with an optional point and binary "p" exponent.
fn scan_hex_float(s: &[u8], pos: usize) -> Option<FloatScan> {
    if s.get(pos) != Some(&b'0') || !matches!(s.get(pos + 1), Some(b'x' | b'X')) {
        return None;
    }
    let mut acc = HexAccumulator::default();
    let mut p = pos + 2;
    let mut seen_digit = false;
    let mut in_fraction = false;
    while let Some(&c) = s.get(p) {
        match c {
            b'.' if !in_fraction => in_fraction = true,
            _ if c.is_ascii_hexdigit() => {
                acc.push(digit_value(c).unwrap_or(0), in_fraction);
                seen_digit = true;
            }
            _ => break,
        }
        p += 1;
    }
    // Without a hex digit, only the leading "0" is a number; the decimal scan takes it.
    if !seen_digit {
        return None;
    }
    let (exp, end) = scan_exponent(s, p, b'p');
    let (value, range_error) = round_binary(acc.mantissa, acc.sticky, acc.exp.saturating_add(exp));
    Some(FloatScan { value, end, range_error })
}

/// Collects hex digits as mantissa × 2^exp, keeping 60+ significant bits and a sticky
/// flag for anything dropped, which is enough to round to 53 bits correctly.
#[derive(Default)]
struct HexAccumulator {
    mantissa: u64,
    exp: i64,
    sticky: bool,
}

impl HexAccumulator {
    fn push(&mut self, digit: u32, in_fraction: bool) {
        if self.mantissa < 1 << 60 {
            self.mantissa = self.mantissa * 16 + u64::from(digit);
            if in_fraction {
                self.exp -= 4;
            }
        } else {
            self.sticky |= digit != 0;
            if !in_fraction {
                self.exp += 4;
            }
        }
    }
}

/// An optional exponent introduced by `marker` (either case), with optional sign and at
/// least one digit; otherwise nothing is consumed. Saturates far beyond any double range.
fn scan_exponent(s: &[u8], pos: usize, marker: u8) -> (i64, usize) {
    if !s.get(pos).is_some_and(|c| c.eq_ignore_ascii_case(&marker)) {
        return (0, pos);
    }
    let (negative, start) = match s.get(pos + 1) {
        Some(b'-') => (true, pos + 2),
        Some(b'+') => (false, pos + 2),
        _ => (false, pos + 1),
    };
    let digits = s[start..].iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 {
        return (0, pos);
    }
    let magnitude =
        s[start..start + digits].iter().fold(0i64, |n, &c| n.saturating_mul(10).saturating_add(i64::from(c - b'0')));
    (if negative { -magnitude } else { magnitude }, start + digits)
}

/// Rounds `mantissa` × 2^`exp2` (plus a nonzero tail if `sticky`) to the nearest double,
/// ties to even; returns it with glibc's ERANGE condition (overflow, or tiny and inexact).
fn round_binary(mantissa: u64, sticky: bool, exp2: i64) -> (f64, bool) {
    if mantissa == 0 {
        return (0.0, false);
    }
    let msb = 63 - i64::from(mantissa.leading_zeros());
    // The value lies in [2^e, 2^(e+1)).
    let e = msb.saturating_add(exp2);
    if e > 1023 {
        return (f64::INFINITY, true);
    }
    let keep = if e >= -1022 { 53 } else { e + 1075 };
    if keep < 0 {
        return (0.0, true);
    }
    let (m, inexact) = round_to_bits(u128::from(mantissa), sticky, msb + 1 - keep);
    if e < -1022 {
        // Subnormal (or rounded up to the smallest normal): the bits are the mantissa.
        return (f64::from_bits(m as u64), inexact);
    }
    let (m, e) = if m >> 53 != 0 { (m >> 1, e + 1) } else { (m, e) };
    if e > 1023 {
        return (f64::INFINITY, true);
    }
    let bits = ((e + 1023) as u64) << 52 | (m as u64 & ((1 << 52) - 1));
    (f64::from_bits(bits), false)
}

/// Drops `drop` low bits of `m` rounding half-to-even (shifts left if negative);
/// returns the result and whether anything nonzero was dropped.
fn round_to_bits(m: u128, sticky: bool, drop: i64) -> (u128, bool) {
    if drop <= 0 {
        return (m << drop.unsigned_abs(), sticky);
    }
    let drop = drop.unsigned_abs() as u32;
    let kept = m >> drop;
    let rem = m & ((1 << drop) - 1);
    let half = 1 << (drop - 1);
    let up = rem > half || (rem == half && (sticky || kept & 1 == 1));
    (kept + u128::from(up), rem != 0 || sticky)
}

/// Decimal floats: digits with an optional point and "e" exponent, rounded correctly by
/// Rust's parser after normalising to "0.DIGITSeN" so huge exponents cannot mislead it.
fn scan_decimal(s: &[u8], pos: usize) -> Option<FloatScan> {
    let mut digits = Vec::new();
    let mut point: i64 = 0;
    let mut p = pos;
    let mut seen_digit = false;
    let mut in_fraction = false;
    while let Some(&c) = s.get(p) {
        match c {
            b'.' if !in_fraction => in_fraction = true,
            b'0' if digits.is_empty() => {
                seen_digit = true;
                point -= i64::from(in_fraction);
            }
            b'0'..=b'9' => {
                seen_digit = true;
                digits.push(c);
                point += i64::from(!in_fraction);
            }
            _ => break,
        }
        p += 1;
    }
    if !seen_digit {
        return None;
    }
    let (exp, end) = scan_exponent(s, p, b'e');
    let kept = digits.len() - digits.iter().rev().take_while(|&&c| c == b'0').count();
    digits.truncate(kept);
    let (value, range_error) = decimal_value(&digits, point.saturating_add(exp));
    Some(FloatScan { value, end, range_error })
}

/// The double nearest 0.DIGITS × 10^exp10 (no leading or trailing zeros in `digits`).
fn decimal_value(digits: &[u8], exp10: i64) -> (f64, bool) {
    if digits.is_empty() {
        return (0.0, false);
    }
    // 10^310 overflows and 10^-324 is below half the smallest subnormal.
    if exp10 > 310 {
        return (f64::INFINITY, true);
    }
    if exp10 < -324 {
        return (0.0, true);
    }
    let text = format!("0.{}e{exp10}", String::from_utf8_lossy(digits));
    let value: f64 = text.parse().unwrap_or(0.0);
    let range_error = if value.is_infinite() || value == 0.0 {
        true
    } else {
        value < f64::MIN_POSITIVE && !is_exact_decimal(value, digits, exp10)
    };
    (value, range_error)
}

/// Whether `value` is exactly 0.DIGITS × 10^exp10; glibc only reports underflow for
/// tiny results that are also inexact.
fn is_exact_decimal(value: f64, digits: &[u8], exp10: i64) -> bool {
    let exact = format!("{value:.800e}");
    let Some((mantissa, exp)) = exact.split_once('e') else {
        return false;
    };
    let all: Vec<u8> = mantissa.bytes().filter(|&c| c != b'.').collect();
    let kept = all.len() - all.iter().rev().take_while(|&&c| c == b'0').count();
    let exp: i64 = exp.parse().unwrap_or(i64::MIN);
    all[..kept] == *digits && exp.saturating_add(1) == exp10
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (input, base, bits, strtol result, strtoul result) with results as (value, bytes
    /// consumed, ERANGE). Produced by glibc 2.36 strtol/strtoul on x86_64 (64) and -m32 (32).
    type IntCase = (&'static str, u32, u32, (i64, usize, bool), (u64, usize, bool));

    const GLIBC_INT_CASES: &[IntCase] = &[
        ("0", 0, 64, (0, 1, false), (0, 1, false)),
        ("0", 0, 32, (0, 1, false), (0, 1, false)),
        ("42", 10, 64, (42, 2, false), (42, 2, false)),
        ("42", 10, 32, (42, 2, false), (42, 2, false)),
        ("  -42", 0, 64, (-42, 5, false), (18446744073709551574, 5, false)),
        ("  -42", 0, 32, (-42, 5, false), (4294967254, 5, false)),
        ("+17", 0, 64, (17, 3, false), (17, 3, false)),
        ("+17", 0, 32, (17, 3, false), (17, 3, false)),
        ("0x", 0, 64, (0, 1, false), (0, 1, false)),
        ("0x", 0, 32, (0, 1, false), (0, 1, false)),
        ("0x", 16, 64, (0, 1, false), (0, 1, false)),
        ("0x", 16, 32, (0, 1, false), (0, 1, false)),
        ("0X", 16, 64, (0, 1, false), (0, 1, false)),
        ("0X", 16, 32, (0, 1, false), (0, 1, false)),
        ("0xz", 16, 64, (0, 1, false), (0, 1, false)),
        ("0xz", 16, 32, (0, 1, false), (0, 1, false)),
        ("0x1f", 0, 64, (31, 4, false), (31, 4, false)),
        ("0x1f", 0, 32, (31, 4, false), (31, 4, false)),
        ("  -0x1fZ", 0, 64, (-31, 7, false), (18446744073709551585, 7, false)),
        ("  -0x1fZ", 0, 32, (-31, 7, false), (4294967265, 7, false)),
        ("0x1fZ", 16, 64, (31, 4, false), (31, 4, false)),
        ("0x1fZ", 16, 32, (31, 4, false), (31, 4, false)),
        ("1fZ", 16, 64, (31, 2, false), (31, 2, false)),
        ("1fZ", 16, 32, (31, 2, false), (31, 2, false)),
        ("010", 0, 64, (8, 3, false), (8, 3, false)),
        ("010", 0, 32, (8, 3, false), (8, 3, false)),
        ("010", 10, 64, (10, 3, false), (10, 3, false)),
        ("010", 10, 32, (10, 3, false), (10, 3, false)),
        ("08", 0, 64, (0, 1, false), (0, 1, false)),
        ("08", 0, 32, (0, 1, false), (0, 1, false)),
        ("0b101", 0, 64, (0, 1, false), (0, 1, false)),
        ("0b101", 0, 32, (0, 1, false), (0, 1, false)),
        ("0b101", 2, 64, (0, 1, false), (0, 1, false)),
        ("0b101", 2, 32, (0, 1, false), (0, 1, false)),
        ("z", 36, 64, (35, 1, false), (35, 1, false)),
        ("z", 36, 32, (35, 1, false), (35, 1, false)),
        ("Zz", 36, 64, (1295, 2, false), (1295, 2, false)),
        ("Zz", 36, 32, (1295, 2, false), (1295, 2, false)),
        ("", 0, 64, (0, 0, false), (0, 0, false)),
        ("", 0, 32, (0, 0, false), (0, 0, false)),
        ("   ", 0, 64, (0, 0, false), (0, 0, false)),
        ("   ", 0, 32, (0, 0, false), (0, 0, false)),
        ("-", 0, 64, (0, 0, false), (0, 0, false)),
        ("-", 0, 32, (0, 0, false), (0, 0, false)),
        ("+", 10, 64, (0, 0, false), (0, 0, false)),
        ("+", 10, 32, (0, 0, false), (0, 0, false)),
        ("- 5", 0, 64, (0, 0, false), (0, 0, false)),
        ("- 5", 0, 32, (0, 0, false), (0, 0, false)),
        ("12abc", 10, 64, (12, 2, false), (12, 2, false)),
        ("12abc", 10, 32, (12, 2, false), (12, 2, false)),
        ("9223372036854775807", 10, 64, (9223372036854775807, 19, false), (9223372036854775807, 19, false)),
        ("9223372036854775807", 10, 32, (2147483647, 19, true), (4294967295, 19, true)),
        ("9223372036854775808", 10, 64, (9223372036854775807, 19, true), (9223372036854775808, 19, false)),
        ("9223372036854775808", 10, 32, (2147483647, 19, true), (4294967295, 19, true)),
        ("-9223372036854775808", 10, 64, (-9223372036854775808, 20, false), (9223372036854775808, 20, false)),
        ("-9223372036854775808", 10, 32, (-2147483648, 20, true), (4294967295, 20, true)),
        ("-9223372036854775809", 10, 64, (-9223372036854775808, 20, true), (9223372036854775807, 20, false)),
        ("-9223372036854775809", 10, 32, (-2147483648, 20, true), (4294967295, 20, true)),
        ("18446744073709551615", 10, 64, (9223372036854775807, 20, true), (18446744073709551615, 20, false)),
        ("18446744073709551615", 10, 32, (2147483647, 20, true), (4294967295, 20, true)),
        ("18446744073709551616", 0, 64, (9223372036854775807, 20, true), (18446744073709551615, 20, true)),
        ("18446744073709551616", 0, 32, (2147483647, 20, true), (4294967295, 20, true)),
        ("-18446744073709551615", 0, 64, (-9223372036854775808, 21, true), (1, 21, false)),
        ("-18446744073709551615", 0, 32, (-2147483648, 21, true), (4294967295, 21, true)),
        ("-18446744073709551616", 0, 64, (-9223372036854775808, 21, true), (18446744073709551615, 21, true)),
        ("-18446744073709551616", 0, 32, (-2147483648, 21, true), (4294967295, 21, true)),
        ("2147483647", 10, 64, (2147483647, 10, false), (2147483647, 10, false)),
        ("2147483647", 10, 32, (2147483647, 10, false), (2147483647, 10, false)),
        ("2147483648", 10, 64, (2147483648, 10, false), (2147483648, 10, false)),
        ("2147483648", 10, 32, (2147483647, 10, true), (2147483648, 10, false)),
        ("-2147483648", 10, 64, (-2147483648, 11, false), (18446744071562067968, 11, false)),
        ("-2147483648", 10, 32, (-2147483648, 11, false), (2147483648, 11, false)),
        ("-2147483649", 10, 64, (-2147483649, 11, false), (18446744071562067967, 11, false)),
        ("-2147483649", 10, 32, (-2147483648, 11, true), (2147483647, 11, false)),
        ("4294967295", 0, 64, (4294967295, 10, false), (4294967295, 10, false)),
        ("4294967295", 0, 32, (2147483647, 10, true), (4294967295, 10, false)),
        ("4294967296", 0, 64, (4294967296, 10, false), (4294967296, 10, false)),
        ("4294967296", 0, 32, (2147483647, 10, true), (4294967295, 10, true)),
        ("-4294967295", 0, 64, (-4294967295, 11, false), (18446744069414584321, 11, false)),
        ("-4294967295", 0, 32, (-2147483648, 11, true), (1, 11, false)),
        ("-4294967296", 0, 64, (-4294967296, 11, false), (18446744069414584320, 11, false)),
        ("-4294967296", 0, 32, (-2147483648, 11, true), (4294967295, 11, true)),
        ("-1", 0, 64, (-1, 2, false), (18446744073709551615, 2, false)),
        ("-1", 0, 32, (-1, 2, false), (4294967295, 2, false)),
        ("99999999999999999999999999xyz", 0, 64, (9223372036854775807, 26, true), (18446744073709551615, 26, true)),
        ("99999999999999999999999999xyz", 0, 32, (2147483647, 26, true), (4294967295, 26, true)),
        ("\t\n\x0b\x0c\r 7", 0, 64, (7, 7, false), (7, 7, false)),
        ("\t\n\x0b\x0c\r 7", 0, 32, (7, 7, false), (7, 7, false)),
        ("1_000", 0, 64, (1, 1, false), (1, 1, false)),
        ("1_000", 0, 32, (1, 1, false), (1, 1, false)),
        ("0x7fffffffffffffff", 0, 64, (9223372036854775807, 18, false), (9223372036854775807, 18, false)),
        ("0x7fffffffffffffff", 0, 32, (2147483647, 18, true), (4294967295, 18, true)),
        ("0xFFFFFFFFFFFFFFFF", 16, 64, (9223372036854775807, 18, true), (18446744073709551615, 18, false)),
        ("0xFFFFFFFFFFFFFFFF", 16, 32, (2147483647, 18, true), (4294967295, 18, true)),
        ("-0x", 0, 64, (0, 2, false), (0, 2, false)),
        ("-0x", 0, 32, (0, 2, false), (0, 2, false)),
        ("-0x", 16, 64, (0, 2, false), (0, 2, false)),
        ("-0x", 16, 32, (0, 2, false), (0, 2, false)),
        ("0x0x", 0, 64, (0, 3, false), (0, 3, false)),
        ("0x0x", 0, 32, (0, 3, false), (0, 3, false)),
        ("777", 8, 64, (511, 3, false), (511, 3, false)),
        ("777", 8, 32, (511, 3, false), (511, 3, false)),
        ("778", 8, 64, (63, 2, false), (63, 2, false)),
        ("778", 8, 32, (63, 2, false), (63, 2, false)),
        ("11", 2, 64, (3, 2, false), (3, 2, false)),
        ("11", 2, 32, (3, 2, false), (3, 2, false)),
        ("12", 2, 64, (1, 1, false), (1, 1, false)),
        ("12", 2, 32, (1, 1, false), (1, 1, false)),
        ("1", 1, 64, (0, 0, false), (0, 0, false)),
        ("1", 1, 32, (0, 0, false), (0, 0, false)),
        ("1", 37, 64, (0, 0, false), (0, 0, false)),
        ("1", 37, 32, (0, 0, false), (0, 0, false)),
        ("abc", 37, 64, (0, 0, false), (0, 0, false)),
        ("abc", 37, 32, (0, 0, false), (0, 0, false)),
        ("0x10", 10, 64, (0, 1, false), (0, 1, false)),
        ("0x10", 10, 32, (0, 1, false), (0, 1, false)),
        ("0x10", 8, 64, (0, 1, false), (0, 1, false)),
        ("0x10", 8, 32, (0, 1, false), (0, 1, false)),
        ("-0", 0, 64, (0, 2, false), (0, 2, false)),
        ("-0", 0, 32, (0, 2, false), (0, 2, false)),
        ("00000000000000000000000000042", 0, 64, (34, 29, false), (34, 29, false)),
        ("00000000000000000000000000042", 0, 32, (34, 29, false), (34, 29, false)),
        ("0x000000000000000000000001", 16, 64, (1, 26, false), (1, 26, false)),
        ("0x000000000000000000000001", 16, 32, (1, 26, false), (1, 26, false)),
    ];

    /// (input, bits of the strtod result, bytes consumed, ERANGE), from glibc 2.36 strtod.
    const GLIBC_DOUBLE_CASES: &[(&str, u64, usize, bool)] = &[
        ("0", 0x0000000000000000, 1, false),
        ("1", 0x3ff0000000000000, 1, false),
        ("-1.5", 0xbff8000000000000, 4, false),
        ("  +3.25e2xyz", 0x4074500000000000, 9, false),
        (".5", 0x3fe0000000000000, 2, false),
        ("5.", 0x4014000000000000, 2, false),
        (".", 0x0000000000000000, 0, false),
        ("-.", 0x0000000000000000, 0, false),
        ("e5", 0x0000000000000000, 0, false),
        ("1e", 0x3ff0000000000000, 1, false),
        ("1e+", 0x3ff0000000000000, 1, false),
        ("1e-2", 0x3f847ae147ae147b, 4, false),
        ("1E400", 0x7ff0000000000000, 5, true),
        ("-1e400", 0xfff0000000000000, 6, true),
        ("1e-400", 0x0000000000000000, 6, true),
        ("1e-310", 0x000012688b70e62b, 6, true),
        ("4.9406564584124654e-324", 0x0000000000000001, 23, true),
        ("2.4703282292062327e-324", 0x0000000000000000, 23, true),
        ("2.4703282292062328e-324", 0x0000000000000001, 23, true),
        ("2.2250738585072011e-308", 0x000fffffffffffff, 23, true),
        ("2.2250738585072014e-308", 0x0010000000000000, 23, false),
        ("1.7976931348623157e308", 0x7fefffffffffffff, 22, false),
        ("1.7976931348623159e308", 0x7ff0000000000000, 22, true),
        ("0x", 0x0000000000000000, 1, false),
        ("0x1p3", 0x4020000000000000, 5, false),
        ("0X1.8P+1", 0x4008000000000000, 8, false),
        ("-0x.8", 0xbfe0000000000000, 5, false),
        ("0x1p", 0x3ff0000000000000, 3, false),
        ("0x1p+", 0x3ff0000000000000, 3, false),
        ("0x1p-1074", 0x0000000000000001, 9, false),
        ("0x1p-1075", 0x0000000000000000, 9, true),
        ("0x1.8p-1075", 0x0000000000000001, 11, true),
        ("0x1.0000000000001p-1075", 0x0000000000000001, 23, true),
        ("0x1.fffffffffffff8p0", 0x4000000000000000, 20, false),
        ("0x1.fffffffffffff7ffffp0", 0x3fffffffffffffff, 24, false),
        ("0x1.fffffffffffff80000000000001p0", 0x4000000000000000, 33, false),
        ("0x1p1024", 0x7ff0000000000000, 8, true),
        ("0x1.fffffffffffffp1023", 0x7fefffffffffffff, 22, false),
        ("0x1.fffffffffffff8p1023", 0x7ff0000000000000, 23, true),
        ("0xabcdef.123456789abcdefp-3", 0x413579bde2468acf, 27, false),
        ("0x0.0000000000001p-1022", 0x0000000000000001, 23, false),
        ("0x0.00000000000008p-1022", 0x0000000000000000, 24, true),
        ("0x.p1", 0x0000000000000000, 1, false),
        ("0x1.2.3", 0x3ff2000000000000, 5, false),
        ("inf", 0x7ff0000000000000, 3, false),
        ("-INF", 0xfff0000000000000, 4, false),
        ("Infinity", 0x7ff0000000000000, 8, false),
        ("infinit", 0x7ff0000000000000, 3, false),
        ("infx", 0x7ff0000000000000, 3, false),
        ("nan", 0x7ff8000000000000, 3, false),
        ("-nan", 0xfff8000000000000, 4, false),
        ("NaN(123)", 0x7ff800000000007b, 8, false),
        ("nan(0x10)", 0x7ff8000000000010, 9, false),
        ("nan(", 0x7ff8000000000000, 3, false),
        ("nan()", 0x7ff8000000000000, 5, false),
        ("nan(abc_1)", 0x7ff8000000000000, 10, false),
        ("nan(1 2)", 0x7ff8000000000000, 3, false),
        ("nan(0x)", 0x7ff8000000000000, 7, false),
        ("nan(0xfffffffffffffffff)", 0x7fffffffffffffff, 24, true),
        ("  \t0.1", 0x3fb999999999999a, 6, false),
        ("0.1000000000000000055511151231257827021181583404541015625", 0x3fb999999999999a, 57, false),
        ("123456789012345678901234567890", 0x45f8ee90ff6c373e, 30, false),
        ("0.00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001e340", 0x3fb999999999999a, 347, false),
        ("10000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000e-340", 0x3ff0000000000000, 346, false),
        ("9007199254740993", 0x4340000000000000, 16, false),
        ("9007199254740993.000000000000000000001", 0x4340000000000001, 38, false),
        ("00012", 0x4028000000000000, 5, false),
        ("1e99999999999999999999", 0x7ff0000000000000, 22, true),
        ("1e-99999999999999999999", 0x0000000000000000, 23, true),
        ("0e99999", 0x0000000000000000, 7, false),
        ("-0", 0x8000000000000000, 2, false),
        ("+-1", 0x0000000000000000, 0, false),
        ("1.2.3", 0x3ff3333333333333, 3, false),
        ("1e-320", 0x00000000000007e8, 6, true),
        ("2.5e-324", 0x0000000000000001, 8, true),
        ("0x1p-1022", 0x0010000000000000, 9, false),
        ("0x0.fffffffffffffp-1022", 0x000fffffffffffff, 23, false),
        ("0x0.fffffffffffff8p-1022", 0x0010000000000000, 24, true),
    ];

    #[test]
    fn integers_match_glibc() {
        for &(input, base, bits, signed, unsigned) in GLIBC_INT_CASES {
            let s = parse_signed(input.as_bytes(), base, bits);
            let u = parse_unsigned(input.as_bytes(), base, bits);
            let ctx = format!("{input:?} base {base} bits {bits}");
            assert_eq!((s.value, s.consumed, s.overflow), signed, "strtol {ctx}");
            assert_eq!((u.value, u.consumed, u.overflow), unsigned, "strtoul {ctx}");
        }
    }

    #[test]
    fn doubles_match_glibc() {
        for &(input, bits, consumed, erange) in GLIBC_DOUBLE_CASES {
            let d = parse_double(input.as_bytes());
            assert_eq!(
                (d.value.to_bits(), d.consumed, d.overflow),
                (bits, consumed, erange),
                "strtod {input:?} gave {:?}",
                d.value
            );
        }
    }

    /// glibc reports no ERANGE for a subnormal written out exactly (checked with 2^-1023).
    #[test]
    fn exact_subnormal_decimal_is_not_a_range_error() {
        let tiny = f64::from_bits(1 << 51);
        let exact = format!("{tiny:.800e}");
        let d = parse_double(exact.as_bytes());
        assert_eq!((d.value, d.overflow), (tiny, false));
        let inexact = exact.replace('e', "1e");
        let d = parse_double(inexact.as_bytes());
        assert_eq!((d.value, d.overflow), (tiny, true));
    }

    #[test]
    fn odd_bit_widths_do_not_panic() {
        for bits in [0, 1, 2, 63, 64, 65, u32::MAX] {
            parse_signed(b"-99999999999999999999999", 10, bits);
            parse_unsigned(b"-99999999999999999999999", 10, bits);
        }
        assert_eq!(parse_signed(b"-1", 10, 1).value, -1);
        assert!(parse_signed(b"1", 10, 1).overflow);
    }

    #[test]
    fn long_inputs_are_handled() {
        let digits = "7".repeat(100_000);
        assert!(parse_double(digits.as_bytes()).overflow);
        let zeros = format!("0x{}1p0", "0".repeat(100_000));
        assert_eq!(parse_double(zeros.as_bytes()).value, 1.0);
        let frac = format!("0x0.{}1p400004", "0".repeat(100_000));
        assert_eq!(parse_double(frac.as_bytes()).value, 1.0);
        assert!(parse_signed(digits.as_bytes(), 10, 64).overflow);
    }
}
