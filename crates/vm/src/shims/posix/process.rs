//! The process environment: ids, `sysconf`, resource limits, `getenv` and anonymous
//! `mmap`. Values are fixed, not the host's, so executions do not depend on where ravel
//! runs.

use super::{event, fail, read_word, write_word, Args, Flow};
use crate::errno;
use crate::events::AccessKind;
use crate::machine::Machine;
use crate::memory::{Fault, ObjKind};
use crate::os::TABLE_KEY;
use ravel_ir::Builtin;

/// The ids the program sees.
pub(crate) const PID: u64 = crate::os::PROCESS_ID;
const PPID: u64 = 1;
const UID: u64 = 1000;
/// Processors `sysconf` reports.
const CPUS: u64 = 4;
const PAGE: u64 = 4096;
const MAP_FIXED: u64 = 0x10;
const MAP_ANONYMOUS: u64 = 0x20;

/// `sysconf(name)` for the names ravel answers (Linux numbering).
fn sysconf(name: u64, open_max: u64) -> Option<u64> {
    Some(match name {
        0 => 2 << 20,    // _SC_ARG_MAX
        1 => 4096,       // _SC_CHILD_MAX
        2 => 100,        // _SC_CLK_TCK
        3 => 65536,      // _SC_NGROUPS_MAX
        4 => open_max,   // _SC_OPEN_MAX
        30 => PAGE,      // _SC_PAGESIZE
        43 => 2048,      // _SC_LINE_MAX
        69 | 70 => 1024, // _SC_GETGR_R_SIZE_MAX, _SC_GETPW_R_SIZE_MAX
        83 | 84 => CPUS, // _SC_NPROCESSORS_CONF, _SC_NPROCESSORS_ONLN
        85 => 1 << 20,   // _SC_PHYS_PAGES (4 GiB)
        86 => 1 << 19,   // _SC_AVPHYS_PAGES
        180 => 64,       // _SC_HOST_NAME_MAX
        _ => return None,
    })
}

pub(super) fn call(m: &mut Machine, t: usize, b: Builtin, a: &Args) -> Option<Flow> {
    use Builtin::*;
    if !matches!(b, Getpid | Getppid | Getuid | Getgid | Sysconf | Getrlimit | Setrlimit | Getenv | Mmap | Munmap) {
        return None;
    }
    let r = (|| -> Result<Flow, Fault> {
        Ok(match b {
            Getpid => Flow::Return(PID),
            Getppid => Flow::Return(PPID),
            Getuid | Getgid => Flow::Return(UID),
            Sysconf => {
                let name = a.get(0) & 0xffff_ffff;
                match sysconf(name, m.os.max_fds() as u64) {
                    Some(v) => Flow::Return(v),
                    None => {
                        m.unsupported(t, format!("sysconf({name})"));
                        Flow::End
                    }
                }
            }
            Getrlimit | Setrlimit => rlimit(m, t, b == Setrlimit, a.get(0) as u32, a.get(1))?,
            Getenv => Flow::Return(getenv(m, a.get(0))?),
            Mmap => mmap(m, t, a),
            Munmap => munmap(m, t, a.get(0), a.get(1)),
            _ => unreachable!("filtered above"),
        })
    })();
    Some(r.unwrap_or_else(|e| super::super::fault_flow(m, t, e)))
}

fn rlimit(m: &mut Machine, t: usize, set: bool, res: u32, ptr: u64) -> Result<Flow, Fault> {
    event(m, t, TABLE_KEY, AccessKind::Rmw);
    let lb = m.program.model.long_bytes;
    let inf = if lb == 8 { u64::MAX } else { u32::MAX as u64 };
    let widen = |v: u64| if v == inf { u64::MAX } else { v };
    let narrow = |v: u64| v.min(inf);
    if res > 15 {
        return Ok(fail(m, t, errno::EINVAL));
    }
    if !set {
        let (soft, hard) = m.os.rlimit(res);
        write_word(m, ptr, lb, narrow(soft))?;
        write_word(m, ptr + lb as u64, lb, narrow(hard))?;
        return Ok(Flow::Return(0));
    }
    let soft = widen(read_word(m, ptr, lb)?);
    let hard = widen(read_word(m, ptr + lb as u64, lb)?);
    if soft > hard {
        return Ok(fail(m, t, errno::EINVAL));
    }
    if hard > m.os.rlimit(res).1 {
        return Ok(fail(m, t, errno::EPERM));
    }
    m.os.rlimits.retain(|l| l.0 != res);
    m.os.rlimits.push((res, soft, hard));
    Ok(Flow::Return(0))
}

/// Searches `main`'s environment (as the program may have changed it) for `NAME=`.
fn getenv(m: &mut Machine, name: u64) -> Result<u64, Fault> {
    let key = m.memory.c_string(name, None)?;
    let pb = m.program.model.ptr_bytes;
    let mut at = m.os.envp;
    while at != 0 {
        let entry = read_word(m, at, pb)?;
        if entry == 0 {
            break;
        }
        let s = m.memory.c_string(entry, None)?;
        if s.len() > key.len() && s.starts_with(&key) && s[key.len()] == b'=' {
            return Ok(entry + key.len() as u64 + 1);
        }
        at += pb as u64;
    }
    Ok(0)
}

fn mmap(m: &mut Machine, t: usize, a: &Args) -> Flow {
    let (len, flags) = (a.get(1), a.get(3));
    if flags & MAP_ANONYMOUS == 0 || flags & MAP_FIXED != 0 {
        m.unsupported(t, "mmap of a file or at a fixed address (only anonymous mappings are modelled)");
        return Flow::End;
    }
    if len == 0 {
        return fail(m, t, errno::EINVAL);
    }
    let size = len.next_multiple_of(PAGE);
    let (loc, slot) = (m.current_loc(t), m.threads[t].slot);
    match m.memory.allocate(slot, size, PAGE, ObjKind::Heap, t, loc) {
        Some((_, addr)) => {
            m.os.mapped.insert(addr, size);
            Flow::Return(addr)
        }
        None => {
            let _ = super::super::pthread::set_errno(m, t, errno::ENOMEM);
            Flow::Return(m.program.model.ptr_mask())
        }
    }
}

fn munmap(m: &mut Machine, t: usize, addr: u64, len: u64) -> Flow {
    match m.os.mapped.get(&addr).copied() {
        Some(size) if len.next_multiple_of(PAGE) == size => {
            m.os.mapped.remove(&addr);
            let loc = m.current_loc(t);
            if let Some((id, _)) = m.memory.find(addr) {
                m.log_object_end(t, id, loc);
            }
            match m.memory.free(addr, (t, loc)) {
                Ok(()) => Flow::Return(0),
                Err(f) => super::super::fault_flow(m, t, f),
            }
        }
        Some(_) => {
            m.unsupported(t, "munmap of part of a mapping");
            Flow::End
        }
        None => fail(m, t, errno::EINVAL),
    }
}
