//! The printf family and minimal stdio on stdin/stdout/stderr: arguments (call operands
//! or a `va_list`) decoded here; formatting is `libc::format`, stores `libc::strings`,
//! streams `Machine::write_stream` (`streams.rs`).

use super::{fault_flow, Args, Flow};
use crate::libc::format::{format, ArgSource, DataModel, FormatError};
use crate::libc::strings;
use crate::machine::Machine;
use crate::memory::Fault;
use ravel_ir::Builtin;

/// Variadic arguments taken straight from a call's operands.
struct CallArgs<'a> {
    args: &'a Args<'a>,
    next: usize,
    mem: &'a mut crate::memory::Memory,
}

impl ArgSource for CallArgs<'_> {
    type Error = Fault;
    fn int(&mut self, bytes: u32) -> Result<u64, Fault> {
        let v = self.args.get(self.next);
        self.next += 1;
        Ok(if bytes >= 8 { v } else { v & ((1u64 << (bytes * 8)) - 1) })
    }
    fn double(&mut self) -> Result<f64, Fault> {
        let i = self.next;
        self.next += 1;
        let v = self.args.get(i);
        Ok(match self.args.spec.get(i) {
            Some(a) if a.bytes == 4 => f32::from_bits(v as u32) as f64,
            _ => f64::from_bits(v),
        })
    }
    fn long_double(&mut self) -> Result<u128, Fault> {
        let i = self.next;
        self.next += 1;
        Ok(self.args.get128(i) & ((1 << 80) - 1))
    }
    fn pointer(&mut self) -> Result<u64, Fault> {
        self.int(8)
    }
    fn c_string(&mut self, addr: u64, limit: Option<usize>) -> Result<Vec<u8>, Fault> {
        self.mem.c_string(addr, limit)
    }
}

/// Arguments read from a `va_list` in memory (the overflow area ravel's calls build).
pub(crate) struct VaListArgs<'a> {
    m: &'a mut Machine,
    list: u64,
    cursor: u64,
}

impl<'a> VaListArgs<'a> {
    /// Opens the va_list at `list`: on 64-bit targets a struct whose third field points at
    /// the overflow area, on 32-bit targets a plain pointer.
    pub(crate) fn open(m: &'a mut Machine, list: u64) -> Result<VaListArgs<'a>, Fault> {
        let pb = m.program.model.ptr_bytes;
        let at = if pb == 8 { list + 8 } else { list };
        let b = m.memory.read(at, pb as u64)?;
        let mut w = [0u8; 8];
        w[..pb as usize].copy_from_slice(&b);
        Ok(VaListArgs { m, list, cursor: u64::from_le_bytes(w) })
    }

    /// Writes the advanced cursor back into the va_list.
    pub(crate) fn close(self) -> Result<(), Fault> {
        let pb = self.m.program.model.ptr_bytes;
        let at = if pb == 8 { self.list + 8 } else { self.list };
        self.m.memory.write(at, &self.cursor.to_le_bytes()[..pb as usize])
    }

    pub(crate) fn next_raw(&mut self, bytes: u32) -> Result<u64, Fault> {
        let slot = self.m.program.model.ptr_bytes as u64;
        let size = (bytes as u64).max(1);
        let b = self.m.memory.read(self.cursor, size.min(8))?;
        self.cursor += size.next_multiple_of(slot);
        let mut w = [0u8; 8];
        w[..b.len()].copy_from_slice(&b);
        Ok(u64::from_le_bytes(w))
    }
}

impl ArgSource for VaListArgs<'_> {
    type Error = Fault;
    fn int(&mut self, bytes: u32) -> Result<u64, Fault> {
        let slot = self.m.program.model.ptr_bytes;
        self.next_raw(bytes.max(slot).min(8)).map(|v| if bytes >= 8 { v } else { v & ((1u64 << (bytes * 8)) - 1) })
    }
    fn double(&mut self) -> Result<f64, Fault> {
        self.next_raw(8).map(f64::from_bits)
    }
    fn long_double(&mut self) -> Result<u128, Fault> {
        // x86-64 passes a long double in a 16-byte aligned 16-byte slot, i386 in 12 bytes.
        let slot = self.m.program.model.ptr_bytes as u64;
        if slot == 8 {
            self.cursor = self.cursor.next_multiple_of(16);
        }
        let b = self.m.memory.read(self.cursor, 10)?;
        self.cursor += if slot == 8 { 16 } else { 12 };
        let mut w = [0u8; 16];
        w[..b.len()].copy_from_slice(&b);
        Ok(u128::from_le_bytes(w))
    }
    fn pointer(&mut self) -> Result<u64, Fault> {
        let pb = self.m.program.model.ptr_bytes;
        self.next_raw(pb)
    }
    fn c_string(&mut self, addr: u64, limit: Option<usize>) -> Result<Vec<u8>, Fault> {
        self.m.memory.c_string(addr, limit)
    }
}

/// What the `FILE *` calls return on a write error.
const EOF: u64 = u64::MAX;

fn data_model(m: &Machine) -> DataModel {
    DataModel { long_bytes: m.program.model.long_bytes, pointer_bytes: m.program.model.ptr_bytes }
}

fn format_result(m: &mut Machine, t: usize, r: Result<Vec<u8>, FormatError<Fault>>) -> Result<Vec<u8>, Flow> {
    match r {
        Ok(v) => Ok(v),
        Err(FormatError::Arg(f)) => Err(fault_flow(m, t, f)),
        Err(FormatError::Unsupported(what)) => {
            m.unsupported(t, format!("printf conversion {what}"));
            Err(Flow::End)
        }
    }
}

/// Formats with the arguments after `fmt_index` of the call (or from a va_list).
fn formatted(m: &mut Machine, t: usize, a: &Args, fmt_index: usize, va_list: Option<u64>) -> Result<Vec<u8>, Flow> {
    let fmt = match m.memory.c_string(a.get(fmt_index), None) {
        Ok(f) => f,
        Err(e) => return Err(fault_flow(m, t, e)),
    };
    let model = data_model(m);
    let r = match va_list {
        Some(list) => match VaListArgs::open(m, list) {
            Ok(mut src) => format(&fmt, &model, &mut src),
            Err(e) => Err(FormatError::Arg(e)),
        },
        None => {
            let mut src = CallArgs { args: a, next: fmt_index + 1, mem: &mut m.memory };
            format(&fmt, &model, &mut src)
        }
    };
    format_result(m, t, r)
}

/// Writes to a `FILE *`: stdout and stderr to ravel's output, a stream
/// ravel's libc opened to its descriptor (`file_stream`). `None` when the bytes went
/// out; else how the call ends (with `failed` after a write error).
fn write_stream(m: &mut Machine, t: usize, file: u64, bytes: &[u8], failed: u64) -> Option<Flow> {
    write_stream_with(m, t, file, bytes, &[], failed)
}

/// [`write_stream`] of bytes with symbolic shadows (by index), which a file keeps.
fn write_stream_with(
    m: &mut Machine,
    t: usize,
    file: u64,
    bytes: &[u8],
    shadows: &[(usize, ravel_sym::ExprId)],
    failed: u64,
) -> Option<Flow> {
    if let Some(s) = m.std_stream(file) {
        m.output.write(s, bytes);
        return None;
    }
    super::file_stream::write(m, t, file, bytes, shadows, failed)
}

/// Stores formatted output like sprintf/snprintf (`limit` bytes incl. NUL).
fn to_buffer(m: &mut Machine, t: usize, buf: u64, limit: Option<u64>, text: Vec<u8>) -> Flow {
    strings::store_truncated(&mut m.memory, buf, limit, text).map_or_else(|e| fault_flow(m, t, e), Flow::Return)
}

pub(super) fn call(m: &mut Machine, t: usize, b: Builtin, a: &Args) -> Option<Flow> {
    use Builtin::*;
    Some(match b {
        Printf | Vprintf => {
            let va = (b == Vprintf).then(|| a.get(1));
            match formatted(m, t, a, 0, va) {
                Ok(text) => {
                    m.output.write(1, &text);
                    Flow::Return(text.len() as u64)
                }
                Err(f) => f,
            }
        }
        Fprintf | Vfprintf => {
            let va = (b == Vfprintf).then(|| a.get(2));
            match formatted(m, t, a, 1, va) {
                Ok(text) => write_stream(m, t, a.get(0), &text, EOF).unwrap_or(Flow::Return(text.len() as u64)),
                Err(f) => f,
            }
        }
        Sprintf | Vsprintf => {
            let va = (b == Vsprintf).then(|| a.get(2));
            match formatted(m, t, a, 1, va) {
                Ok(text) => to_buffer(m, t, a.get(0), None, text),
                Err(f) => f,
            }
        }
        Snprintf | Vsnprintf => {
            let va = (b == Vsnprintf).then(|| a.get(3));
            match formatted(m, t, a, 2, va) {
                Ok(text) => to_buffer(m, t, a.get(0), Some(a.get(1)), text),
                Err(f) => f,
            }
        }
        Puts => match m.memory.c_string(a.get(0), None) {
            Ok(mut s) => {
                s.push(b'\n');
                m.output.write(1, &s);
                Flow::Return(s.len() as u64)
            }
            Err(e) => fault_flow(m, t, e),
        },
        Fputs => match m.memory.c_string(a.get(0), None) {
            Ok(s) => write_stream(m, t, a.get(1), &s, EOF).unwrap_or(Flow::Return(1)),
            Err(e) => fault_flow(m, t, e),
        },
        Putchar => {
            m.output.write(1, &[a.get(0) as u8]);
            Flow::Return(a.get(0) & 0xff)
        }
        Fputc => write_stream(m, t, a.get(1), &[a.get(0) as u8], EOF).unwrap_or(Flow::Return(a.get(0) & 0xff)),
        Fwrite => {
            let n = a.get(1).saturating_mul(a.get(2));
            // The bytes go out with their shadows: reading them does not fix their values.
            let shadows = m.memory.sym_range(a.get(0), n);
            let before = m.memory.concretized.len();
            let read = m.memory.read(a.get(0), n);
            m.memory.concretized.truncate(before);
            match read {
                Ok(bytes) => write_stream_with(m, t, a.get(3), &bytes, &shadows, 0).unwrap_or(Flow::Return(a.get(2))),
                Err(e) => fault_flow(m, t, e),
            }
        }
        Fflush | Setvbuf => Flow::Return(0),
        Getchar => Flow::Return(u32::MAX as u64),
        _ => return None,
    })
}
