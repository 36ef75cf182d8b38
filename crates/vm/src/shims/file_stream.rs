//! Output to the C streams ravel's libc opens (`fopen`, `fdopen` in `ravel_libc.c`): the
//! printf family, `fputs`, `fputc` and `fwrite` write to the stream's descriptor as the
//! `write(2)` of an unbuffered stream would, so a file the program writes through a
//! stream reads back (through a stream or a descriptor).

use super::{fault_flow, Flow};
use crate::errno;
use crate::events::{AccessKind, Loc};
use crate::machine::Machine;
use crate::memory::Fault;
use crate::os::{node_key, Node, TABLE_KEY};
use ravel_sym::ExprId;

/// `struct ravel_file` of `ravel_libc.c`: a magic word, the descriptor, the end-of-file
/// flag, the error flag (each 4 bytes, in that order).
const MAGIC: u32 = 0x7261_764c;
const FD_AT: usize = 4;
const ERROR_AT: u64 = 12;

/// Writes `bytes` (with the symbolic shadows of some, by index) to `file`, a stream that
/// is not stdout or stderr. `None` when they went out; else how the call ends: with
/// `failed` after a write error (errno and the stream's error flag set), or the end of
/// the execution.
pub(super) fn write(
    m: &mut Machine,
    t: usize,
    file: u64,
    bytes: &[u8],
    shadows: &[(usize, ExprId)],
    failed: u64,
) -> Option<Flow> {
    match write_checked(m, t, file, bytes, shadows) {
        Ok(None) => None,
        Ok(Some(e)) => {
            let flagged =
                super::pthread::set_errno(m, t, e).and_then(|()| m.memory.write(file + ERROR_AT, &[1, 0, 0, 0]));
            Some(flagged.map_or_else(|f| fault_flow(m, t, f), |()| Flow::Return(failed)))
        }
        Err(Ok(f)) => Some(fault_flow(m, t, f)),
        Err(Err(what)) => {
            m.unsupported(t, what);
            Some(Flow::End)
        }
    }
}

/// The write: `Ok(Some(errno))` when it failed; `Err` with a fault or what is unsupported.
fn write_checked(
    m: &mut Machine,
    t: usize,
    file: u64,
    bytes: &[u8],
    shadows: &[(usize, ExprId)],
) -> Result<Option<u64>, Result<Fault, String>> {
    if file == 0 {
        return Err(Ok(Fault::new(crate::error::ErrorKind::NullDereference, "output to a null FILE pointer")));
    }
    let head = m.memory.read(file, 8).map_err(|_| Err(not_a_stream()))?;
    if u32::from_le_bytes([head[0], head[1], head[2], head[3]]) != MAGIC {
        return Err(Err(not_a_stream()));
    }
    let fd = i32::from_le_bytes([head[FD_AT], head[FD_AT + 1], head[FD_AT + 2], head[FD_AT + 3]]);
    let node = u64::try_from(fd).ok().and_then(|fd| Some((fd, m.os.fds.get(fd)?.wr)));
    let (fd, node) = match node {
        Some((fd, Some(n))) => (fd, n),
        Some((_, None)) | None => {
            m.log_event(t, Loc::Sync(TABLE_KEY), AccessKind::Read);
            return Ok(Some(errno::EBADF));
        }
    };
    m.log_event(t, Loc::Sync(node_key(node)), AccessKind::Rmw);
    match m.os.fs.nodes[node as usize] {
        Node::Std(0) => Ok(Some(errno::EBADF)),
        Node::Std(s) => {
            m.output.write(s as usize, bytes);
            Ok(None)
        }
        Node::File { .. } => Ok(m.os.write_with(fd, bytes, shadows, false).err()),
        _ => Err(Err("writing a C stream on a pipe, socket or eventfd (streams write files and the terminal)".into())),
    }
}

fn not_a_stream() -> String {
    "output to a FILE other than stdout/stderr not made by fopen or fdopen".into()
}
