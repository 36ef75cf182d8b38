//! The C `printf` formatting engine shared by every printf-family model.
//!
//! Output is byte-for-byte what glibc produces in the "C" locale, so that programs run
//! under the interpreter print the same text as when compiled natively.

use super::decimal::{classify, Class, Magnitude};
use std::fmt;

/// Where the formatter gets its arguments from: the interpreter implements this over a
/// va_list-style argument area so the same code serves printf and vprintf.
pub trait ArgSource {
    type Error;
    /// Next integer argument, `bytes` wide (4 or 8), as raw bits (zero-extended).
    fn int(&mut self, bytes: u32) -> Result<u64, Self::Error>;
    /// Next double argument (float args are promoted to double by C).
    fn double(&mut self) -> Result<f64, Self::Error>;
    /// Next `long double` argument: the 80-bit x86 pattern.
    fn long_double(&mut self) -> Result<u128, Self::Error>;
    /// Next pointer argument (pointer width given at construction of the formatter).
    fn pointer(&mut self) -> Result<u64, Self::Error>;
    /// The bytes of the NUL-terminated string at `addr` (without the NUL), reading at most
    /// `limit` bytes if given.
    fn c_string(&mut self, addr: u64, limit: Option<usize>) -> Result<Vec<u8>, Self::Error>;
}

/// Data model facts the formatter needs: sizes in bytes of long and pointers (8/8 on LP64,
/// 4/4 on ILP32).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DataModel {
    pub long_bytes: u32,
    pub pointer_bytes: u32,
}

impl DataModel {
    /// 64-bit Unix targets (x86_64, aarch64 Linux).
    pub const LP64: DataModel = DataModel { long_bytes: 8, pointer_bytes: 8 };
    /// 32-bit targets (i386, arm, wasm32).
    pub const ILP32: DataModel = DataModel { long_bytes: 4, pointer_bytes: 4 };
}

/// Why formatting stopped: the argument source failed, or the format asks for something
/// the interpreter does not model (the string names the conversion, e.g. "%n").
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FormatError<E> {
    Arg(E),
    Unsupported(String),
}

impl<E: fmt::Display> fmt::Display for FormatError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormatError::Arg(e) => write!(f, "printf argument: {e}"),
            FormatError::Unsupported(what) => write!(f, "unsupported printf format: {what}"),
        }
    }
}

/// Widths and numeric precisions above this fail instead of allocating without bound;
/// glibc would try to print them, but no sane program asks for 16 MiB of padding.
/// (A `%s` precision only limits the bytes read, so it is exempt.)
const MAX_FIELD: usize = 1 << 24;

/// A double has at most 1074 nonzero fraction digits; later `%f` digits are all zero.
const FIXED_EXACT_DIGITS: usize = 1100;

/// A double has at most 767 significant decimal digits; later `%e` digits are all zero.
const SCI_EXACT_DIGITS: usize = 800;

/// Formats `fmt` like C `printf`, pulling arguments from `args`.
pub fn format<S: ArgSource>(fmt: &[u8], model: &DataModel, args: &mut S) -> Result<Vec<u8>, FormatError<S::Error>> {
    let mut out = Vec::with_capacity(fmt.len());
    let mut pos = 0;
    while pos < fmt.len() {
        let Some(off) = fmt[pos..].iter().position(|&b| b == b'%') else {
            out.extend_from_slice(&fmt[pos..]);
            break;
        };
        out.extend_from_slice(&fmt[pos..pos + off]);
        let start = pos + off;
        let (spec, end) = parse_spec(fmt, start + 1, args)?;
        match spec {
            Some(spec) => convert(&spec, model, args, &mut out)?,
            // glibc echoes an unknown conversion verbatim rather than failing.
            None => out.extend_from_slice(&fmt[start..end]),
        }
        pos = end;
    }
    Ok(out)
}

/// Length modifiers; they choose how many argument bytes an integer conversion reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Length {
    Default,
    Char,
    Short,
    Long,
    LongLong,
    Size,
    LongDouble,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FloatStyle {
    Fixed,
    Sci,
    General,
    Hex,
}

/// The conversions the engine knows how to produce.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Conv {
    Signed,
    Unsigned { radix: u32, upper: bool },
    Char,
    Str,
    Pointer,
    Float { style: FloatStyle, upper: bool },
    Percent,
}

/// One parsed `%...` directive.
#[derive(Clone, Copy, Debug)]
struct Spec {
    left: bool,
    plus: bool,
    space: bool,
    alt: bool,
    zero: bool,
    width: usize,
    precision: Option<usize>,
    length: Length,
    conv: Conv,
}

/// Parses the directive after a `%` at `pos`; returns `None` for an unknown conversion
/// (echoed verbatim) and the index just past the directive.
fn parse_spec<S: ArgSource>(
    fmt: &[u8],
    mut pos: usize,
    args: &mut S,
) -> Result<(Option<Spec>, usize), FormatError<S::Error>> {
    let mut spec = Spec {
        left: false,
        plus: false,
        space: false,
        alt: false,
        zero: false,
        width: 0,
        precision: None,
        length: Length::Default,
        conv: Conv::Percent,
    };
    pos = parse_flags(fmt, pos, &mut spec);
    pos = parse_width(fmt, pos, &mut spec, args)?;
    pos = parse_precision(fmt, pos, &mut spec, args)?;
    pos = parse_length(fmt, pos, &mut spec);
    let Some(&c) = fmt.get(pos) else {
        return Err(unsupported("incomplete directive at end of format"));
    };
    let conv = conversion(c, spec.length)?;
    Ok((conv.map(|conv| Spec { conv, ..spec }), pos + 1))
}

fn parse_flags(fmt: &[u8], mut pos: usize, spec: &mut Spec) -> usize {
    while let Some(&c) = fmt.get(pos) {
        match c {
            b'-' => spec.left = true,
            b'+' => spec.plus = true,
            b' ' => spec.space = true,
            b'#' => spec.alt = true,
            b'0' => spec.zero = true,
            // Thousands grouping and locale digits are no-ops in the "C" locale.
            b'\'' | b'I' => {}
            _ => break,
        }
        pos += 1;
    }
    pos
}

fn parse_width<S: ArgSource>(
    fmt: &[u8],
    pos: usize,
    spec: &mut Spec,
    args: &mut S,
) -> Result<usize, FormatError<S::Error>> {
    if fmt.get(pos) == Some(&b'*') {
        let w = star_arg(args)?;
        // A negative `*` width means left-justify with its magnitude.
        spec.left |= w < 0;
        spec.width = checked_field(u64::from(w.unsigned_abs()))?;
        return Ok(pos + 1);
    }
    let (n, end) = parse_decimal(fmt, pos);
    if end > pos && fmt.get(end) == Some(&b'$') {
        return Err(unsupported("positional arguments (%n$)"));
    }
    spec.width = checked_field(n)?;
    Ok(end)
}

fn parse_precision<S: ArgSource>(
    fmt: &[u8],
    pos: usize,
    spec: &mut Spec,
    args: &mut S,
) -> Result<usize, FormatError<S::Error>> {
    if fmt.get(pos) != Some(&b'.') {
        return Ok(pos);
    }
    if fmt.get(pos + 1) == Some(&b'*') {
        let p = star_arg(args)?;
        // A negative `*` precision is taken as if it were omitted.
        spec.precision = usize::try_from(p).ok();
        return Ok(pos + 2);
    }
    let (n, end) = parse_decimal(fmt, pos + 1);
    if n > i32::MAX as u64 {
        return Err(unsupported("precision above INT_MAX"));
    }
    spec.precision = usize::try_from(n).ok();
    Ok(end)
}

/// Reads an `int` argument for a `*` width or precision.
fn star_arg<S: ArgSource>(args: &mut S) -> Result<i32, FormatError<S::Error>> {
    let raw = args.int(4).map_err(FormatError::Arg)?;
    Ok(raw as u32 as i32)
}

/// Parses a run of decimal digits, saturating so huge numbers are rejected, not wrapped.
fn parse_decimal(fmt: &[u8], mut pos: usize) -> (u64, usize) {
    let mut n: u64 = 0;
    while let Some(&c) = fmt.get(pos).filter(|c| c.is_ascii_digit()) {
        n = n.saturating_mul(10).saturating_add(u64::from(c - b'0'));
        pos += 1;
    }
    (n, pos)
}

fn checked_field<E>(n: u64) -> Result<usize, FormatError<E>> {
    usize::try_from(n).ok().filter(|&n| n <= MAX_FIELD).ok_or_else(|| unsupported("field width above 16 MiB"))
}

fn parse_length(fmt: &[u8], pos: usize, spec: &mut Spec) -> usize {
    let (length, len) = match (fmt.get(pos), fmt.get(pos + 1)) {
        (Some(b'h'), Some(b'h')) => (Length::Char, 2),
        (Some(b'l'), Some(b'l')) => (Length::LongLong, 2),
        (Some(b'h'), _) => (Length::Short, 1),
        (Some(b'l'), _) => (Length::Long, 1),
        (Some(b'q' | b'j'), _) => (Length::LongLong, 1),
        (Some(b'z' | b't'), _) => (Length::Size, 1),
        (Some(b'L'), _) => (Length::LongDouble, 1),
        _ => (Length::Default, 0),
    };
    spec.length = length;
    pos + len
}

/// Maps a conversion character to what it prints; `None` means unknown to glibc too.
fn conversion<E>(c: u8, length: Length) -> Result<Option<Conv>, FormatError<E>> {
    let float = |style, upper| Conv::Float { style, upper };
    let unsigned = |radix, upper| Conv::Unsigned { radix, upper };
    Ok(Some(match c {
        b'd' | b'i' => Conv::Signed,
        b'u' => unsigned(10, false),
        b'o' => unsigned(8, false),
        b'x' => unsigned(16, false),
        b'X' => unsigned(16, true),
        b'c' if length == Length::Long => return Err(unsupported("%lc")),
        b's' if length == Length::Long => return Err(unsupported("%ls")),
        b'c' => Conv::Char,
        b's' => Conv::Str,
        b'p' => Conv::Pointer,
        b'f' => float(FloatStyle::Fixed, false),
        b'F' => float(FloatStyle::Fixed, true),
        b'e' => float(FloatStyle::Sci, false),
        b'E' => float(FloatStyle::Sci, true),
        b'g' => float(FloatStyle::General, false),
        b'G' => float(FloatStyle::General, true),
        b'a' => float(FloatStyle::Hex, false),
        b'A' => float(FloatStyle::Hex, true),
        b'%' => Conv::Percent,
        b'n' => return Err(unsupported("%n")),
        b'm' => return Err(unsupported("%m")),
        b'C' => return Err(unsupported("%lc")),
        b'S' => return Err(unsupported("%ls")),
        _ => return Ok(None),
    }))
}

fn unsupported<E>(what: &str) -> FormatError<E> {
    FormatError::Unsupported(what.to_string())
}

/// Produces the text for one directive.
fn convert<S: ArgSource>(
    spec: &Spec,
    model: &DataModel,
    args: &mut S,
    out: &mut Vec<u8>,
) -> Result<(), FormatError<S::Error>> {
    let numeric = !matches!(spec.conv, Conv::Str | Conv::Char | Conv::Percent);
    if numeric && spec.precision.is_some_and(|p| p > MAX_FIELD) {
        return Err(unsupported("numeric precision above 16 MiB"));
    }
    match spec.conv {
        Conv::Signed => {
            let v = read_signed(spec.length, model, args)?;
            let body = int_body(spec, v.unsigned_abs(), 10, false);
            pad(out, spec, sign_prefix(spec, v < 0), &body, spec.precision.is_none());
        }
        Conv::Unsigned { radix, upper } => {
            let v = read_unsigned(spec.length, model, args)?;
            let body = int_body(spec, v, radix, upper);
            let prefix = hex_prefix(spec.alt && radix == 16 && v != 0, upper);
            pad(out, spec, prefix, &body, spec.precision.is_none());
        }
        Conv::Char => {
            let c = args.int(4).map_err(FormatError::Arg)? as u8;
            pad(out, spec, "", &[c], false);
        }
        Conv::Str => string(spec, args, out)?,
        Conv::Pointer => pointer(spec, args, out)?,
        Conv::Float { style, upper } if spec.length == Length::LongDouble => {
            let x = args.long_double().map_err(FormatError::Arg)?;
            long_double(spec, style, upper, x, out)?;
        }
        Conv::Float { style, upper } => {
            let x = args.double().map_err(FormatError::Arg)?;
            float(spec, style, upper, x, out)?;
        }
        // glibc ignores flags and width on `%%`.
        Conv::Percent => out.push(b'%'),
    }
    Ok(())
}

/// Argument bytes an integer conversion reads; `hh`/`h` read a promoted int.
fn int_bytes(length: Length, model: &DataModel) -> u32 {
    let bytes = match length {
        Length::Default | Length::Char | Length::Short => 4,
        Length::Long | Length::Size => model.long_bytes,
        Length::LongLong | Length::LongDouble => 8,
    };
    // Nonsense model sizes are clamped so the shifts below cannot overflow.
    bytes.clamp(1, 8)
}

fn read_signed<S: ArgSource>(length: Length, model: &DataModel, args: &mut S) -> Result<i64, FormatError<S::Error>> {
    let bytes = int_bytes(length, model);
    let raw = args.int(bytes).map_err(FormatError::Arg)?;
    let shift = 64 - 8 * bytes;
    let v = ((raw << shift) as i64) >> shift;
    Ok(match length {
        Length::Char => i64::from(v as i8),
        Length::Short => i64::from(v as i16),
        _ => v,
    })
}

fn read_unsigned<S: ArgSource>(length: Length, model: &DataModel, args: &mut S) -> Result<u64, FormatError<S::Error>> {
    let bytes = int_bytes(length, model);
    let raw = args.int(bytes).map_err(FormatError::Arg)?;
    let v = raw & (u64::MAX >> (64 - 8 * bytes));
    Ok(match length {
        Length::Char => u64::from(v as u8),
        Length::Short => u64::from(v as u16),
        _ => v,
    })
}

/// Digits of an integer after applying precision and the octal `#` rule.
fn int_body(spec: &Spec, v: u64, radix: u32, upper: bool) -> Vec<u8> {
    let mut digits = match (radix, upper) {
        (8, _) => format!("{v:o}"),
        (16, false) => format!("{v:x}"),
        (16, true) => format!("{v:X}"),
        _ => v.to_string(),
    };
    if spec.precision == Some(0) && v == 0 {
        digits.clear();
    }
    let min = spec.precision.unwrap_or(0);
    let mut body = vec![b'0'; min.saturating_sub(digits.len())];
    body.extend_from_slice(digits.as_bytes());
    if radix == 8 && spec.alt && body.first() != Some(&b'0') {
        body.insert(0, b'0');
    }
    body
}

/// The sign character a signed number gets from its value and the `+`/space flags.
fn sign_prefix(spec: &Spec, negative: bool) -> &'static str {
    if negative {
        "-"
    } else if spec.plus {
        "+"
    } else if spec.space {
        " "
    } else {
        ""
    }
}

fn hex_prefix(show: bool, upper: bool) -> &'static str {
    match (show, upper) {
        (false, _) => "",
        (true, false) => "0x",
        (true, true) => "0X",
    }
}

/// Writes `prefix` + `body` padded to the field width; zero padding goes between them.
fn pad(out: &mut Vec<u8>, spec: &Spec, prefix: &str, body: &[u8], zero_ok: bool) {
    let fill = spec.width.saturating_sub(prefix.len() + body.len());
    if spec.left {
        out.extend_from_slice(prefix.as_bytes());
        out.extend_from_slice(body);
        out.resize(out.len() + fill, b' ');
    } else if spec.zero && zero_ok {
        out.extend_from_slice(prefix.as_bytes());
        out.resize(out.len() + fill, b'0');
        out.extend_from_slice(body);
    } else {
        out.resize(out.len() + fill, b' ');
        out.extend_from_slice(prefix.as_bytes());
        out.extend_from_slice(body);
    }
}

fn string<S: ArgSource>(spec: &Spec, args: &mut S, out: &mut Vec<u8>) -> Result<(), FormatError<S::Error>> {
    let addr = args.pointer().map_err(FormatError::Arg)?;
    let bytes = if addr != 0 {
        args.c_string(addr, spec.precision).map_err(FormatError::Arg)?
    } else if spec.precision.is_none_or(|p| p >= 6) {
        b"(null)".to_vec()
    } else {
        // glibc prints nothing rather than a truncated "(null)".
        Vec::new()
    };
    pad(out, spec, "", &bytes, false);
    Ok(())
}

/// `%p`: glibc prints non-null pointers as `%#x` (keeping `+`/space flags) and null as
/// "(nil)" whatever the precision.
fn pointer<S: ArgSource>(spec: &Spec, args: &mut S, out: &mut Vec<u8>) -> Result<(), FormatError<S::Error>> {
    let v = args.pointer().map_err(FormatError::Arg)?;
    if v == 0 {
        pad(out, spec, "", b"(nil)", false);
        return Ok(());
    }
    let body = int_body(spec, v, 16, false);
    let prefix = format!("{}0x", sign_prefix(spec, false));
    pad(out, spec, &prefix, &body, spec.precision.is_none());
    Ok(())
}

fn float<E>(spec: &Spec, style: FloatStyle, upper: bool, x: f64, out: &mut Vec<u8>) -> Result<(), FormatError<E>> {
    let sign = sign_prefix(spec, x.is_sign_negative());
    if !x.is_finite() {
        pad(out, spec, sign, non_finite(x.is_nan(), upper), false);
        return Ok(());
    }
    let precision = spec.precision;
    let a = x.abs();
    let body = match style {
        FloatStyle::Fixed => fixed(&a, precision.unwrap_or(6), spec.alt),
        FloatStyle::Sci => sci(&a, precision.unwrap_or(6), spec.alt, upper),
        FloatStyle::General => general(&a, precision.unwrap_or(6), spec.alt, upper),
        FloatStyle::Hex => {
            let prefix = format!("{sign}{}", hex_prefix(true, upper));
            let body = hex_float(a, precision, spec.alt, upper);
            pad(out, spec, &prefix, body.as_bytes(), true);
            return Ok(());
        }
    };
    pad(out, spec, sign, body.as_bytes(), true);
    Ok(())
}

/// What glibc prints for a NaN or an infinity (after the sign).
fn non_finite(nan: bool, upper: bool) -> &'static [u8] {
    match (nan, upper) {
        (true, false) => b"nan",
        (true, true) => b"NAN",
        (false, false) => b"inf",
        (false, true) => b"INF",
    }
}

/// `%Lf`, `%Le`, `%Lg` of an x86_fp80 value (`%La` is not modelled).
fn long_double<E>(
    spec: &Spec,
    style: FloatStyle,
    upper: bool,
    x: u128,
    out: &mut Vec<u8>,
) -> Result<(), FormatError<E>> {
    let (negative, class) = classify(x);
    let sign = sign_prefix(spec, negative);
    let a = match class {
        Class::Nan | Class::Inf => {
            pad(out, spec, sign, non_finite(matches!(class, Class::Nan), upper), false);
            return Ok(());
        }
        Class::Finite(a) => a,
    };
    let precision = spec.precision.unwrap_or(6);
    let body = match style {
        FloatStyle::Fixed => fixed(&a, precision, spec.alt),
        FloatStyle::Sci => sci(&a, precision, spec.alt, upper),
        FloatStyle::General => general(&a, precision, spec.alt, upper),
        FloatStyle::Hex => return Err(unsupported("%La")),
    };
    pad(out, spec, sign, body.as_bytes(), true);
    Ok(())
}

/// Decimal digits of a non-negative finite value, rounded half-to-even on its exact
/// binary value (what glibc does in the default rounding mode).
trait Digits {
    /// `%f` text with `precision` fraction digits.
    fn fixed_digits(&self, precision: usize) -> String;
    /// `%e` mantissa text with `precision` fraction digits, and the decimal exponent.
    fn sci_digits(&self, precision: usize) -> (String, i32);
}

impl Digits for f64 {
    fn fixed_digits(&self, precision: usize) -> String {
        let exact = precision.min(FIXED_EXACT_DIGITS);
        let mut s = format!("{self:.exact$}");
        s.extend(std::iter::repeat_n('0', precision - exact));
        s
    }

    fn sci_digits(&self, precision: usize) -> (String, i32) {
        let exact = precision.min(SCI_EXACT_DIGITS);
        let s = format!("{self:.exact$e}");
        let (mantissa, exp) = s.split_once('e').unwrap_or((&s, "0"));
        let mut mantissa = mantissa.to_string();
        mantissa.extend(std::iter::repeat_n('0', precision - exact));
        (mantissa, exp.parse().unwrap_or(0))
    }
}

impl Digits for Magnitude {
    fn fixed_digits(&self, precision: usize) -> String {
        self.fixed(precision)
    }

    fn sci_digits(&self, precision: usize) -> (String, i32) {
        self.sci_parts(precision)
    }
}

/// `%f` body: the digits, and a point even without fraction digits under `#`.
fn fixed(a: &impl Digits, precision: usize, alt: bool) -> String {
    let mut s = a.fixed_digits(precision);
    if alt && precision == 0 {
        s.push('.');
    }
    s
}

/// Appends C's exponent suffix: a sign and at least two digits.
fn push_exponent(s: &mut String, exp: i32, upper: bool) {
    s.push(if upper { 'E' } else { 'e' });
    s.push(if exp < 0 { '-' } else { '+' });
    s.push_str(&format!("{:02}", exp.unsigned_abs()));
}

fn sci(a: &impl Digits, precision: usize, alt: bool, upper: bool) -> String {
    let (mut s, exp) = a.sci_digits(precision);
    if alt && precision == 0 {
        s.push('.');
    }
    push_exponent(&mut s, exp, upper);
    s
}

/// `%g`: the C standard's choice between `%e` and `%f` by the rounded exponent, then
/// trailing-zero removal unless `#` is given.
fn general(a: &impl Digits, precision: usize, alt: bool, upper: bool) -> String {
    let p = precision.max(1);
    let (mantissa, exp) = a.sci_digits(p - 1);
    let p_i = i64::try_from(p).unwrap_or(i64::MAX);
    let exp_i = i64::from(exp);
    let (mut s, suffix) = if (-4..p_i).contains(&exp_i) {
        let decimals = usize::try_from(p_i - 1 - exp_i).unwrap_or(0);
        (fixed(a, decimals, false), None)
    } else {
        (mantissa, Some(exp))
    };
    if alt {
        if !s.contains('.') {
            s.push('.');
        }
    } else if s.contains('.') {
        let kept = s.trim_end_matches('0').trim_end_matches('.').len();
        s.truncate(kept);
    }
    if let Some(exp) = suffix {
        push_exponent(&mut s, exp, upper);
    }
    s
}

/// `%a` body after the "0x": glibc style, with a subnormal's leading digit 0 and
/// exponent -1022, rounding half-to-even when a precision drops digits.
fn hex_float(a: f64, precision: Option<usize>, alt: bool, upper: bool) -> String {
    const FRAC_DIGITS: usize = 13;
    let bits = a.to_bits();
    let biased = (bits >> 52) as i32;
    let frac = bits & ((1 << 52) - 1);
    let (lead, exp) = match (biased, frac) {
        (0, 0) => (0, 0),
        (0, _) => (0, -1022),
        _ => (1, biased - 1023),
    };
    let mut value = (lead << 52) | frac;
    let digits = precision.unwrap_or_else(|| {
        let trailing = (frac.trailing_zeros() / 4) as usize;
        FRAC_DIGITS.saturating_sub(trailing)
    });
    if digits < FRAC_DIGITS {
        let shift = 4 * (FRAC_DIGITS - digits) as u32;
        let rem = value & ((1 << shift) - 1);
        let half = 1 << (shift - 1);
        value >>= shift;
        if rem > half || (rem == half && value & 1 == 1) {
            value += 1;
        }
    }
    let kept = digits.min(FRAC_DIGITS) as u32;
    let lead = value >> (4 * kept);
    let frac_text = if kept == 0 {
        String::new()
    } else {
        format!("{:0width$x}", value & ((1 << (4 * kept)) - 1), width = kept as usize)
    };
    let mut s = format!("{lead:x}");
    if digits > 0 || alt {
        s.push('.');
    }
    s.push_str(&frac_text);
    s.extend(std::iter::repeat_n('0', digits - kept as usize));
    s.push('p');
    s.push_str(&format!("{exp:+}"));
    if upper {
        s.make_ascii_uppercase();
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A test argument: integers are given as signed values and handed out as raw bits.
    #[derive(Clone, Copy, Debug)]
    enum A {
        I(i64),
        D(f64),
        L(u128),
        P(u64),
        S(&'static str),
    }
    use A::{D, I, L, P, S};

    /// Fake address of the string argument at index `i`.
    const STR_BASE: u64 = 0x1000;

    struct Args {
        list: Vec<A>,
        next: usize,
    }

    impl Args {
        fn new(list: &[A]) -> Self {
            Args { list: list.to_vec(), next: 0 }
        }

        fn take(&mut self) -> Result<A, String> {
            let a = self.list.get(self.next).copied();
            self.next += 1;
            a.ok_or_else(|| "missing argument".to_string())
        }
    }

    impl ArgSource for Args {
        type Error = String;

        fn int(&mut self, bytes: u32) -> Result<u64, String> {
            match self.take()? {
                I(v) => Ok(v as u64 & (u64::MAX >> (64 - 8 * bytes))),
                other => Err(format!("expected int, got {other:?}")),
            }
        }

        fn double(&mut self) -> Result<f64, String> {
            match self.take()? {
                D(v) => Ok(v),
                other => Err(format!("expected double, got {other:?}")),
            }
        }

        fn long_double(&mut self) -> Result<u128, String> {
            match self.take()? {
                L(v) => Ok(v),
                other => Err(format!("expected long double, got {other:?}")),
            }
        }

        fn pointer(&mut self) -> Result<u64, String> {
            match self.take()? {
                P(v) => Ok(v),
                S(_) => Ok(STR_BASE + self.next as u64 - 1),
                other => Err(format!("expected pointer, got {other:?}")),
            }
        }

        fn c_string(&mut self, addr: u64, limit: Option<usize>) -> Result<Vec<u8>, String> {
            let index = addr.checked_sub(STR_BASE).ok_or("bad address")?;
            let Some(S(s)) = self.list.get(index as usize) else {
                return Err(format!("no string at {addr:#x}"));
            };
            let len = limit.map_or(s.len(), |l| l.min(s.len()));
            Ok(s.as_bytes()[..len].to_vec())
        }
    }

    fn run(fmt: &str, args: &[A], model: &DataModel) -> Result<Vec<u8>, FormatError<String>> {
        format(fmt.as_bytes(), model, &mut Args::new(args))
    }

    /// (format, arguments, glibc output on x86_64, glibc output with -m32 if different).
    /// Every expected string was produced by glibc 2.36's snprintf from the same case.
    type Case = (&'static str, &'static [A], &'static str, Option<&'static str>);

    const GLIBC_CASES: &[Case] = &[
        ("plain text", &[], "plain text", None),
        ("%d", &[I(0)], "0", None),
        ("%d", &[I(i32::MIN as i64)], "-2147483648", None),
        ("%d", &[I(i32::MAX as i64)], "2147483647", None),
        ("%i", &[I(-42)], "-42", None),
        ("[%5d]", &[I(42)], "[   42]", None),
        ("[%-5d]", &[I(42)], "[42   ]", None),
        ("[%05d]", &[I(-42)], "[-0042]", None),
        ("[%-08d]", &[I(42)], "[42      ]", None),
        ("%+d", &[I(5)], "+5", None),
        ("% d", &[I(5)], " 5", None),
        ("%+ d", &[I(5)], "+5", None),
        ("% d", &[I(-5)], "-5", None),
        ("%.5d", &[I(42)], "00042", None),
        ("[%8.5d]", &[I(-42)], "[  -00042]", None),
        ("[%3.5d]", &[I(42)], "[00042]", None),
        ("[%08.3d]", &[I(42)], "[     042]", None),
        ("[%.0d]", &[I(0)], "[]", None),
        ("[%5.0d]", &[I(0)], "[     ]", None),
        ("[%+.0d]", &[I(0)], "[+]", None),
        ("%lld", &[I(i64::MIN)], "-9223372036854775808", None),
        ("%lld", &[I(i64::MAX)], "9223372036854775807", None),
        ("%llu", &[I(-1)], "18446744073709551615", None),
        ("%ld", &[I(-1)], "-1", None),
        ("%lu", &[I(-1)], "18446744073709551615", Some("4294967295")),
        ("%lx", &[I(-1)], "ffffffffffffffff", Some("ffffffff")),
        ("%lo", &[I(-1)], "1777777777777777777777", Some("37777777777")),
        ("%zu", &[I(-1)], "18446744073709551615", Some("4294967295")),
        ("%zd", &[I(-5)], "-5", None),
        ("%td", &[I(-5)], "-5", None),
        ("%jd", &[I(-5)], "-5", None),
        ("%ju", &[I(-1)], "18446744073709551615", None),
        ("%qd", &[I(-5)], "-5", None),
        ("%hhd", &[I(300)], "44", None),
        ("%hhd", &[I(200)], "-56", None),
        ("%hd", &[I(70000)], "4464", None),
        ("%hd", &[I(40000)], "-25536", None),
        ("%hhu", &[I(-1)], "255", None),
        ("%hu", &[I(-1)], "65535", None),
        ("%hhx", &[I(0x1ff)], "ff", None),
        ("%u", &[I(-1)], "4294967295", None),
        ("%u", &[I(0)], "0", None),
        ("%o", &[I(8)], "10", None),
        ("%#o", &[I(8)], "010", None),
        ("%#o", &[I(0)], "0", None),
        ("[%#.0o]", &[I(0)], "[0]", None),
        ("[%.0o]", &[I(0)], "[]", None),
        ("[%#5.3o]", &[I(8)], "[  010]", None),
        ("%x", &[I(255)], "ff", None),
        ("%X", &[I(255)], "FF", None),
        ("%#x", &[I(255)], "0xff", None),
        ("%#X", &[I(255)], "0XFF", None),
        ("%#x", &[I(0)], "0", None),
        ("%#08x", &[I(255)], "0x0000ff", None),
        ("[%#-8x]", &[I(255)], "[0xff    ]", None),
        ("%#.5x", &[I(255)], "0x000ff", None),
        ("[%#10.5X]", &[I(255)], "[   0X000FF]", None),
        ("%llx", &[I(-1)], "ffffffffffffffff", None),
        ("%+u", &[I(5)], "5", None),
        ("%'d", &[I(1234567)], "1234567", None),
        ("[%*d]", &[I(5), I(42)], "[   42]", None),
        ("[%*d]", &[I(-5), I(42)], "[42   ]", None),
        ("[%-*d]", &[I(5), I(42)], "[42   ]", None),
        ("%.*d", &[I(3), I(7)], "007", None),
        ("%.*d", &[I(-1), I(7)], "7", None),
        ("[%*.*d]", &[I(6), I(3), I(7)], "[   007]", None),
        ("[%.*d]", &[I(-1), I(0)], "[0]", None),
        ("%c", &[I(65)], "A", None),
        ("[%3c]", &[I(65)], "[  A]", None),
        ("[%-3c]", &[I(65)], "[A  ]", None),
        ("[%c]", &[I(0)], "[\x00]", None),
        ("%c", &[I(0x141)], "A", None),
        ("[%05c]", &[I(120)], "[    x]", None),
        ("%s", &[S("hello")], "hello", None),
        ("[%10s]", &[S("hello")], "[     hello]", None),
        ("[%-10s]", &[S("hello")], "[hello     ]", None),
        ("[%.2s]", &[S("hello")], "[he]", None),
        ("[%5.1s]", &[S("abc")], "[    a]", None),
        ("[%.0s]", &[S("abc")], "[]", None),
        ("[%05s]", &[S("ab")], "[   ab]", None),
        ("%s", &[P(0)], "(null)", None),
        ("[%.3s]", &[P(0)], "[]", None),
        ("[%.6s]", &[P(0)], "[(null)]", None),
        ("[%8s]", &[P(0)], "[  (null)]", None),
        ("[%-8.2s]", &[P(0)], "[        ]", None),
        ("[%.*s]", &[I(3), S("abcdef")], "[abc]", None),
        ("[%3s]", &[S("")], "[   ]", None),
        ("%p", &[P(0x1234)], "0x1234", None),
        ("%p", &[P(0)], "(nil)", None),
        ("[%10p]", &[P(0)], "[     (nil)]", None),
        ("[%-10p]", &[P(0)], "[(nil)     ]", None),
        ("[%.2p]", &[P(0)], "[(nil)]", None),
        ("[%-10p]", &[P(0x1234)], "[0x1234    ]", None),
        ("%+p", &[P(0x1234)], "+0x1234", None),
        ("% p", &[P(0x1234)], " 0x1234", None),
        ("[%.8p]", &[P(0x1234)], "[0x00001234]", None),
        ("[%012p]", &[P(0x1234)], "[0x0000001234]", None),
        ("%p", &[P(0xdeadbeef)], "0xdeadbeef", None),
        ("100%%", &[], "100%", None),
        ("[%5%]", &[], "[%]", None),
        ("a%yb", &[], "a%yb", None),
        ("a%5kb%d", &[I(1)], "a%5kb1", None),
        ("%d-%s-%.1f", &[I(1), S("two"), D(3.0)], "1-two-3.0", None),
        ("%f", &[D(0.0)], "0.000000", None),
        ("%f", &[D(-0.0)], "-0.000000", None),
        ("%f", &[D(1.5)], "1.500000", None),
        ("%f", &[D(3.24159265)], "3.241593", None),
        ("%.2f", &[D(2.675)], "2.67", None),
        ("%.0f", &[D(0.5)], "0", None),
        ("%.0f", &[D(1.5)], "2", None),
        ("%.0f", &[D(2.5)], "2", None),
        ("%.0f", &[D(3.5)], "4", None),
        ("%+.0f", &[D(0.5)], "+0", None),
        ("%+.0f", &[D(1.5)], "+2", None),
        ("%+.0f", &[D(2.5)], "+2", None),
        ("%.0f", &[D(-2.5)], "-2", None),
        ("%.1f", &[D(0.25)], "0.2", None),
        ("%.1f", &[D(0.35)], "0.3", None),
        ("%.2f", &[D(0.125)], "0.12", None),
        ("%.2f", &[D(0.375)], "0.38", None),
        ("%f", &[D(1e300)], "1000000000000000052504760255204420248704468581108159154915854115511802457988908195786371375080447864043704443832883878176942523235360430575644792184786706982848387200926575803737830233794788090059368953234970799945081119038967640880074652742780142494579258788820056842838115669472196386865459400540160.000000", None),
        ("%f", &[D(f64::MAX)], "179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368.000000", None),
        ("%f", &[D(f64::MIN_POSITIVE)], "0.000000", None),
        ("%.3f", &[D(1e-10)], "0.000", None),
        ("%#.0f", &[D(3.0)], "3.", None),
        ("%.0f", &[D(3.0)], "3", None),
        ("[%10.3f]", &[D(-3.24159)], "[    -3.242]", None),
        ("[%-10.2f]", &[D(3.24159)], "[3.24      ]", None),
        ("[%010.2f]", &[D(-3.24159)], "[-000003.24]", None),
        ("%+f", &[D(1.0)], "+1.000000", None),
        ("% f", &[D(1.0)], " 1.000000", None),
        ("%.20f", &[D(0.1)], "0.10000000000000000555", None),
        ("%.30f", &[D(1e-20)], "0.000000000000000000010000000000", None),
        ("%f", &[D(123456789.0)], "123456789.000000", None),
        ("%.0f", &[D(1e20)], "100000000000000000000", None),
        ("%.5f", &[D(0.999999)], "1.00000", None),
        ("%.0f", &[D(9.5)], "10", None),
        ("%.1074f", &[D(5e-324)], "0.000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000004940656458412465441765687928682213723650598026143247644255856825006755072702087518652998363616359923797965646954457177309266567103559397963987747960107818781263007131903114045278458171678489821036887186360569987307230500063874091535649843873124733972731696151400317153853980741262385655911710266585566867681870395603106249319452715914924553293054565444011274801297099995419319894090804165633245247571478690147267801593552386115501348035264934720193790268107107491703332226844753335720832431936092382893458368060106011506169809753078342277318329247904982524730776375927247874656084778203734469699533647017972677717585125660551199131504891101451037862738167250955837389733598993664809941164205702637090279242767544565229087538682506419718265533447265625", None),
        ("%F", &[D(f64::INFINITY)], "INF", None),
        ("%f", &[D(f64::NEG_INFINITY)], "-inf", None),
        ("%f", &[D(f64::NAN)], "nan", None),
        ("%f", &[D(-f64::NAN)], "-nan", None),
        ("%F", &[D(f64::NAN)], "NAN", None),
        ("[%010f]", &[D(f64::INFINITY)], "[       inf]", None),
        ("[%-+6f]", &[D(f64::INFINITY)], "[+inf  ]", None),
        ("[% 5f]", &[D(f64::NAN)], "[  nan]", None),
        ("%lf", &[D(1.5)], "1.500000", None),
        ("%e", &[D(0.0)], "0.000000e+00", None),
        ("%e", &[D(12345.678)], "1.234568e+04", None),
        ("%E", &[D(1e-300)], "1.000000E-300", None),
        ("%.0e", &[D(12345.0)], "1e+04", None),
        ("%.0e", &[D(2.5)], "2e+00", None),
        ("%.0e", &[D(3.5)], "4e+00", None),
        ("%#.0e", &[D(2.0)], "2.e+00", None),
        ("%e", &[D(1e100)], "1.000000e+100", None),
        ("%.3e", &[D(5e-324)], "4.941e-324", None),
        ("%.760e", &[D(5e-324)], "4.9406564584124654417656879286822137236505980261432476442558568250067550727020875186529983636163599237979656469544571773092665671035593979639877479601078187812630071319031140452784581716784898210368871863605699873072305000638740915356498438731247339727316961514003171538539807412623856559117102665855668676818703956031062493194527159149245532930545654440112748012970999954193198940908041656332452475714786901472678015935523861155013480352649347201937902681071074917033322268447533357208324319360923828934583680601060115061698097530783422773183292479049825247307763759272478746560847782037344696995336470179726777175851256605511991315048911014510378627381672509558373897335989936648099411642057026370902792427675445652290875386825064197182655334472656250000000000e-324", None),
        ("%e", &[D(f64::MAX)], "1.797693e+308", None),
        ("%.20e", &[D(0.1)], "1.00000000000000005551e-01", None),
        ("[%12.2e]", &[D(-1234.5)], "[   -1.23e+03]", None),
        ("[%-12.2E]", &[D(1234.5)], "[1.23E+03    ]", None),
        ("[%012.2e]", &[D(1234.5)], "[00001.23e+03]", None),
        ("%+e", &[D(1.0)], "+1.000000e+00", None),
        ("%.3e", &[D(9.9999)], "1.000e+01", None),
        ("%E", &[D(f64::NEG_INFINITY)], "-INF", None),
        ("%g", &[D(1e-5)], "1e-05", None),
        ("%g", &[D(0.0001)], "0.0001", None),
        ("%g", &[D(123456789.0)], "1.23457e+08", None),
        // long double (x86_fp80 patterns), from glibc's snprintf on x86_64
        ("%Lf", &[L(0x3FFD_AAAAAAAAAAAAAAAB)], "0.333333", None),
        ("%.25Lf", &[L(0x3FFD_AAAAAAAAAAAAAAAB)], "0.3333333333333333333423684", None),
        ("%Le", &[L(0x3FFD_AAAAAAAAAAAAAAAB)], "3.333333e-01", None),
        ("%.20Lg", &[L(0x3FFD_AAAAAAAAAAAAAAAB)], "0.33333333333333333334", None),
        ("%Lg", &[L(0x3FEE_A7C5AC471B478423)], "1e-05", None),
        ("%Lg", &[L(0x4019_EB79A2A000000000)], "1.23457e+08", None),
        ("%+.3Le", &[L(0x8C18_C34CD067E3060730)], "-2.500e-4000", None),
        ("%.3Le", &[L(0x7FFE_FFFFFFFFFFFFFFFF)], "1.190e+4932", None),
        ("%Lg", &[L(0x0000_0000000000000001)], "3.6452e-4951", None),
        ("%Le", &[L(0x0001_8000000000000000)], "3.362103e-4932", None),
        ("%.0Lf", &[L(0x3FFE_8000000000000000)], "0", None),
        ("%.0Lf", &[L(0x3FFF_C000000000000000)], "2", None),
        ("%.1Lf", &[L(0x3FFD_8000000000000000)], "0.2", None),
        ("%#.0Lf", &[L(0x4000_8000000000000000)], "2.", None),
        ("%Lf", &[L(0x8000_0000000000000000)], "-0.000000", None),
        ("%10.2Lf", &[L(0x4000_C90FCF80DC33721D)], "      3.14", None),
        ("%-10.1Le|", &[L(0x4000_C90FCF80DC33721D)], "3.1e+00   |", None),
        ("%Lf", &[L(0x7FFF_8000000000000000)], "inf", None),
        ("%LE", &[L(0xFFFF_8000000000000000)], "-INF", None),
        ("%Lf", &[L(0xFFFF_C000000000000000)], "-nan", None),
        ("%LG", &[L(0x7FFF_C000000000000000)], "NAN", None),
        ("%g", &[D(100000.0)], "100000", None),
        ("%g", &[D(1e6)], "1e+06", None),
        ("%g", &[D(0.0)], "0", None),
        ("%g", &[D(-0.0)], "-0", None),
        ("%#g", &[D(1.0)], "1.00000", None),
        ("%#g", &[D(0.0)], "0.00000", None),
        ("%.0g", &[D(0.5)], "0.5", None),
        ("%.0g", &[D(123.0)], "1e+02", None),
        ("%.1g", &[D(0.95)], "0.9", None),
        ("%g", &[D(999999.5)], "1e+06", None),
        ("%g", &[D(999999.4)], "999999", None),
        ("%.3g", &[D(3.24159)], "3.24", None),
        ("%G", &[D(1e-20)], "1E-20", None),
        ("%g", &[D(1.5)], "1.5", None),
        ("[%10.4g]", &[D(3.24159)], "[     3.242]", None),
        ("[%-10g]", &[D(3.24159)], "[3.24159   ]", None),
        ("[%010g]", &[D(3.24159)], "[0003.24159]", None),
        ("%g", &[D(f64::INFINITY)], "inf", None),
        ("%G", &[D(f64::NAN)], "NAN", None),
        ("%.10g", &[D(0.1)], "0.1", None),
        ("%g", &[D(0.00001234)], "1.234e-05", None),
        ("%#.3g", &[D(1.0)], "1.00", None),
        ("%#.0g", &[D(2.0)], "2.", None),
        ("%g", &[D(1e300)], "1e+300", None),
        ("%.20g", &[D(1.0 / 3.0)], "0.33333333333333331483", None),
        ("%.30g", &[D(0.0001)], "0.000100000000000000004792173602386", None),
        ("%g", &[D(123456.0)], "123456", None),
        ("%G", &[D(1234567.0)], "1.23457E+06", None),
        ("%#g", &[D(100.0)], "100.000", None),
        ("%#g", &[D(1e-5)], "1.00000e-05", None),
        ("%g", &[D(9.9999999e-5)], "0.0001", None),
        ("%g", &[D(5e-324)], "4.94066e-324", None),
        ("%a", &[D(1.0)], "0x1p+0", None),
        ("%a", &[D(0.0)], "0x0p+0", None),
        ("%a", &[D(-0.0)], "-0x0p+0", None),
        ("%A", &[D(255.5)], "0X1.FFP+7", None),
        ("%a", &[D(0.1)], "0x1.999999999999ap-4", None),
        ("%.2a", &[D(0.1)], "0x1.9ap-4", None),
        ("%.0a", &[D(1.5)], "0x2p+0", None),
        ("%.0a", &[D(2.5)], "0x1p+1", None),
        ("%.1a", &[D(1.03125)], "0x1.0p+0", None),
        ("%.1a", &[D(1.96875)], "0x2.0p+0", None),
        ("%a", &[D(5e-324)], "0x0.0000000000001p-1022", None),
        ("%a", &[D(f64::MAX)], "0x1.fffffffffffffp+1023", None),
        ("%a", &[D(f64::MIN_POSITIVE)], "0x1p-1022", None),
        ("%#a", &[D(1.0)], "0x1.p+0", None),
        ("[%010a]", &[D(1.0)], "[0x00001p+0]", None),
        ("[%010a]", &[D(-1.0)], "[-0x0001p+0]", None),
        ("%+a", &[D(1.0)], "+0x1p+0", None),
        ("[%20.3a]", &[D(3.0)], "[          0x1.800p+1]", None),
        ("[%-15A]", &[D(3.0)], "[0X1.8P+1       ]", None),
        ("%.15a", &[D(1.0)], "0x1.000000000000000p+0", None),
        ("%a", &[D(f64::INFINITY)], "inf", None),
        ("%A", &[D(f64::NAN)], "NAN", None),
        ("%.0a", &[D(1.1125369292536007e-308)], "0x0p-1022", None),
        ("%.0a", &[D(2.225073858507201e-308)], "0x1p-1022", None),
        ("% a", &[D(-0.5)], "-0x1p-1", None),
        ("% a", &[D(0.5)], " 0x1p-1", None),
    ];

    #[test]
    fn matches_glibc_on_both_data_models() {
        for &(fmt, args, lp64, ilp32) in GLIBC_CASES {
            for (model, want) in [(DataModel::LP64, lp64), (DataModel::ILP32, ilp32.unwrap_or(lp64))] {
                let got = run(fmt, args, &model).unwrap_or_else(|e| panic!("{fmt:?}: {e:?}"));
                assert_eq!(String::from_utf8_lossy(&got), want, "format {fmt:?} args {args:?} model {model:?}");
            }
        }
    }

    #[test]
    fn non_ascii_char_is_raw_byte() {
        assert_eq!(run("%c", &[I(200)], &DataModel::LP64), Ok(vec![200]));
    }

    #[test]
    fn unsupported_conversions_are_named() {
        for (fmt, what) in [
            ("%n", "%n"),
            ("%hhn", "%n"),
            ("%ls", "%ls"),
            ("%lc", "%lc"),
            ("%S", "%ls"),
            ("%1$d", "positional arguments (%n$)"),
        ] {
            assert_eq!(
                run(fmt, &[I(1), I(1)], &DataModel::LP64),
                Err(FormatError::Unsupported(what.to_string())),
                "{fmt}"
            );
        }
    }

    #[test]
    fn malformed_or_huge_directives_fail_without_panicking() {
        for fmt in ["abc%", "%-5", "%.", "%99999999999d", "%.99999999999f", "%.20000000f"] {
            let got = run(fmt, &[D(1.0)], &DataModel::LP64);
            assert!(matches!(got, Err(FormatError::Unsupported(_))), "{fmt}: {got:?}");
        }
    }

    #[test]
    fn huge_string_precision_is_only_a_limit() {
        let got = run("%.2000000000s", &[S("ok")], &DataModel::LP64);
        assert_eq!(got, Ok(b"ok".to_vec()));
    }

    #[test]
    fn argument_errors_propagate() {
        let got = run("%d %f", &[I(1)], &DataModel::LP64);
        assert_eq!(got, Err(FormatError::Arg("missing argument".to_string())));
    }

    #[test]
    fn odd_model_sizes_do_not_panic() {
        let model = DataModel { long_bytes: 0, pointer_bytes: 99 };
        assert!(run("%ld %zu", &[I(-1), I(-1)], &model).is_ok());
    }
}
