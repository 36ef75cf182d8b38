//! The signal ABI: decodes signal numbers, `sigset_t` and `struct sigaction`, sets errno,
//! and calls the semantics in `crate::signals`.

use super::{event, fail, read_word, write_word, Args, Flow};
use crate::errno;
use crate::events::AccessKind;
use crate::machine::Machine;
use crate::memory::Fault;
use crate::os::signal_consts::{bit, Disposition, SIGKILL, SIGSTOP};
use crate::os::SIGNAL_KEY;
use crate::signals::{self, Delivery};
use ravel_ir::Builtin;

/// Bytes of `sigset_t` (glibc).
const SIGSET_BYTES: u64 = 128;

/// The call's result after a delivery.
pub(super) fn flow(d: Delivery) -> Flow {
    match d {
        Delivery::Returns(v) => Flow::Return(v),
        Delivery::InHandler => Flow::Stay,
        Delivery::Ended => Flow::End,
    }
}

fn valid(sig: u64) -> Option<u32> {
    (1..crate::os::signal_consts::NSIG as u64).contains(&sig).then_some(sig as u32)
}

pub(super) fn call(m: &mut Machine, t: usize, b: Builtin, a: &Args) -> Option<Flow> {
    use Builtin::*;
    match b {
        Sigemptyset | Sigfillset | Sigaddset | Sigdelset | Sigismember => return Some(sigset(m, t, b, a)),
        Signal | Sigaction | Sigprocmask | PthreadSigmask | Raise | Kill | PthreadKill | Sigwait => {}
        _ => return None,
    }
    event(m, t, SIGNAL_KEY, AccessKind::Rmw);
    let sig = a.get(1) & 0xffff_ffff;
    let r = (|| -> Result<Flow, Fault> {
        Ok(match b {
            Signal => match valid(a.get(0) & 0xffff_ffff).filter(|&s| s != SIGKILL && s != SIGSTOP) {
                Some(s) => Flow::Return(signals::set_handler(m, s, a.get(1))),
                None => fail(m, t, errno::EINVAL),
            },
            Sigaction => sigaction(m, t, a)?,
            Sigprocmask | PthreadSigmask => {
                let (set, old) = (a.get(1), a.get(2));
                if old != 0 {
                    let cur = m.os.signals.mask(t);
                    m.memory.write(old, &[0; SIGSET_BYTES as usize])?;
                    write_word(m, old, 8, cur)?;
                }
                let set = if set == 0 { None } else { Some(read_word(m, set, 8)?) };
                match (signals::change_mask(m, t, a.get(0), set), b) {
                    (None, Sigprocmask) => fail(m, t, errno::EINVAL),
                    (None, _) => Flow::Return(errno::EINVAL),
                    (Some(d), _) => flow(d),
                }
            }
            Raise => match valid(a.get(0) & 0xffff_ffff) {
                Some(s) => flow(signals::deliver(m, t, s, 0)),
                None => fail(m, t, errno::EINVAL),
            },
            Kill => {
                let pid = ravel_ir::sign_extend(a.get(0), 32) as i64;
                if pid != super::process::PID as i64 && pid != 0 && pid != -1 {
                    return Ok(fail(m, t, errno::ESRCH));
                }
                match valid(sig) {
                    None if sig == 0 => Flow::Return(0),
                    None => fail(m, t, errno::EINVAL),
                    Some(s) => flow(signals::kill_process(m, t, s)),
                }
            }
            PthreadKill => match (m.threads.by_handle(a.get(0)), valid(sig)) {
                (None, _) => Flow::Return(errno::ESRCH),
                (Some(u), _) if m.threads[u].finished => Flow::Return(errno::ESRCH),
                (Some(_), None) if sig == 0 => Flow::Return(0),
                (Some(_), None) => Flow::Return(errno::EINVAL),
                (Some(u), Some(s)) if u == t => flow(signals::deliver(m, t, s, 0)),
                (Some(u), Some(s)) => flow(signals::send_to_other(m, t, u, s)),
            },
            Sigwait => {
                let set = read_word(m, a.get(0), 8)?;
                match m.os.signals.take_pending(t, set) {
                    Some(s) => {
                        super::plain_access(m, t, a.get(1), 4, true);
                        write_word(m, a.get(1), 4, s as u64)?;
                        Flow::Return(0)
                    }
                    None => Flow::Block,
                }
            }
            _ => unreachable!("filtered above"),
        })
    })();
    Some(r.unwrap_or_else(|e| super::super::fault_flow(m, t, e)))
}

/// `sigwait` waits until one of the signals of its set is pending for the thread; a set
/// that cannot be read fails at once.
pub(super) fn sigwait_enabled(m: &mut Machine, t: usize, a: &Args) -> bool {
    read_word(m, a.get(0), 8).map_or(true, |set| m.os.signals.pending_for(t) & set != 0)
}

fn sigaction(m: &mut Machine, t: usize, a: &Args) -> Result<Flow, Fault> {
    let Some(s) = valid(a.get(0) & 0xffff_ffff) else { return Ok(fail(m, t, errno::EINVAL)) };
    let (act, old) = (a.get(1), a.get(2));
    if act != 0 && (s == SIGKILL || s == SIGSTOP) {
        return Ok(fail(m, t, errno::EINVAL));
    }
    let pb = m.program.model.ptr_bytes;
    let flags_at = pb as u64 + SIGSET_BYTES;
    let cur = signals::disposition(m, s);
    if old != 0 {
        write_word(m, old, pb, cur.handler)?;
        m.memory.write(old + pb as u64, &[0; SIGSET_BYTES as usize])?;
        write_word(m, old + pb as u64, 8, cur.mask)?;
        write_word(m, old + flags_at, 4, cur.flags)?;
    }
    if act != 0 {
        let d = Disposition {
            handler: read_word(m, act, pb)?,
            mask: read_word(m, act + pb as u64, 8)?,
            flags: read_word(m, act + flags_at, 4)?,
        };
        signals::set_disposition(m, s, d);
    }
    Ok(Flow::Return(0))
}

/// `sigemptyset` and friends: plain operations on the program's `sigset_t`.
fn sigset(m: &mut Machine, t: usize, b: Builtin, a: &Args) -> Flow {
    use Builtin::*;
    let set = a.get(0);
    let r = (|| -> Result<Flow, Fault> {
        Ok(match b {
            Sigemptyset | Sigfillset => {
                m.memory.write(set, &[0; SIGSET_BYTES as usize])?;
                if b == Sigfillset {
                    write_word(m, set, 8, u64::MAX)?;
                }
                Flow::Return(0)
            }
            _ => {
                let Some(s) = valid(a.get(1) & 0xffff_ffff) else { return Ok(fail(m, t, errno::EINVAL)) };
                let cur = read_word(m, set, 8)?;
                match b {
                    Sigaddset => write_word(m, set, 8, cur | bit(s))?,
                    Sigdelset => write_word(m, set, 8, cur & !bit(s))?,
                    _ => return Ok(Flow::Return((cur & bit(s) != 0) as u64)),
                }
                Flow::Return(0)
            }
        })
    })();
    r.unwrap_or_else(|e| super::super::fault_flow(m, t, e))
}
