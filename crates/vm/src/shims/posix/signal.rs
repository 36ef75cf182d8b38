//! Signals: `signal`/`sigaction` record dispositions, masks are per thread, and a signal
//! is delivered synchronously to the thread it is raised for (`raise`, `kill` of the own
//! process, `pthread_kill` of the caller, `SIGPIPE` of a write to a pipe nobody reads).
//! A handler runs as a call inside the raising call, which returns when it does.
//! Signals from outside the process (timers, the terminal) never arrive.

use super::{event, fail, read_word, write_word, Args, Flow};
use crate::events::AccessKind;
use crate::machine::{End, Machine};
use crate::memory::{Fault, ObjKind};
use crate::os::signal_consts::{bit, SIGKILL, SIGSTOP};
use crate::os::{errno, Action, SIGNAL_KEY};
use crate::thread::FrameKind;
use ravel_ir::Builtin;

/// Bytes of `sigset_t` (glibc) and of `siginfo_t`.
const SIGSET_BYTES: u64 = 128;
const SIGINFO_BYTES: u64 = 128;
const ESRCH: u64 = 3;

fn valid(sig: u64) -> Option<u32> {
    (1..crate::os::signal_consts::NSIG as u64).contains(&sig).then_some(sig as u32)
}

pub(super) fn call(m: &mut Machine, t: usize, b: Builtin, a: &Args) -> Option<Flow> {
    use Builtin::*;
    match b {
        Sigemptyset | Sigfillset | Sigaddset | Sigdelset | Sigismember => return Some(sigset(m, t, b, a)),
        Signal | Sigaction | Sigprocmask | PthreadSigmask | Raise | Kill | PthreadKill => {}
        _ => return None,
    }
    event(m, t, SIGNAL_KEY, AccessKind::Rmw);
    let sig = a.get(1) & 0xffff_ffff;
    let r = (|| -> Result<Flow, Fault> {
        Ok(match b {
            Signal => match valid(a.get(0) & 0xffff_ffff).filter(|&s| s != SIGKILL && s != SIGSTOP) {
                Some(s) => {
                    let d = m.os.signals.dispositions.entry(s).or_default();
                    let old = d.handler;
                    // glibc's signal() has BSD semantics: SA_RESTART, handler stays.
                    *d = crate::os::signal_consts::Disposition { handler: a.get(1), flags: 0x1000_0000, mask: 0 };
                    Flow::Return(old)
                }
                None => fail(m, t, errno::EINVAL),
            },
            Sigaction => sigaction(m, t, a)?,
            Sigprocmask | PthreadSigmask => {
                let ok = mask(m, t, a.get(0), a.get(1), a.get(2))?;
                match (ok, b) {
                    (false, Sigprocmask) => fail(m, t, errno::EINVAL),
                    (false, _) => Flow::Return(errno::EINVAL),
                    (true, _) => match m.os.signals.take_deliverable(t) {
                        Some(s) => deliver(m, t, s, 0),
                        None => Flow::Return(0),
                    },
                }
            }
            Raise => match valid(a.get(0) & 0xffff_ffff) {
                Some(s) => deliver(m, t, s, 0),
                None => fail(m, t, errno::EINVAL),
            },
            Kill => {
                let pid = ravel_ir::sign_extend(a.get(0), 32) as i64;
                if pid != super::process::PID as i64 && pid != 0 && pid != -1 {
                    return Ok(fail(m, t, ESRCH));
                }
                match valid(sig) {
                    None if sig == 0 => Flow::Return(0),
                    None => fail(m, t, errno::EINVAL),
                    Some(s) => {
                        let others = (0..m.threads.len())
                            .any(|u| u != t && !m.threads[u].finished && m.os.signals.mask(u) & bit(s) == 0);
                        if others && matches!(m.os.signals.action(s), Action::Handler { .. }) {
                            m.imprecise.get_or_insert_with(|| {
                                "kill() delivers its signal to the calling thread only; POSIX lets any thread take it"
                                    .into()
                            });
                        }
                        deliver(m, t, s, 0)
                    }
                }
            }
            PthreadKill => match (m.thread_by_handle(a.get(0)), valid(sig)) {
                (None, _) => Flow::Return(ESRCH),
                (Some(u), _) if m.threads[u].finished => Flow::Return(ESRCH),
                (Some(_), None) if sig == 0 => Flow::Return(0),
                (Some(_), None) => Flow::Return(errno::EINVAL),
                (Some(u), Some(s)) if u == t => deliver(m, t, s, 0),
                (Some(u), Some(s)) => kill_other(m, t, u, s),
            },
            _ => unreachable!("filtered above"),
        })
    })();
    Some(r.unwrap_or_else(|e| super::super::fault_flow(m, t, e)))
}

/// `pthread_kill` of another thread `u`: pending while `u` blocks it; otherwise only
/// actions that need no handler run in `u` are modelled.
fn kill_other(m: &mut Machine, t: usize, u: usize, s: u32) -> Flow {
    if m.os.signals.mask(u) & bit(s) != 0 {
        *m.os.signals.pending.entry(u).or_default() |= bit(s);
        return Flow::Return(0);
    }
    match m.os.signals.action(s) {
        Action::Ignore => Flow::Return(0),
        Action::Terminate => terminate(m, t),
        _ => {
            m.unsupported(t, "pthread_kill of another thread whose handler would run asynchronously");
            Flow::End
        }
    }
}

fn terminate(m: &mut Machine, t: usize) -> Flow {
    let loc = m.current_loc(t);
    m.end = Some(End::Abort(loc));
    Flow::End
}

/// Delivers `sig` to thread `t`, inside the call it makes: `ret` is what the call returns
/// once any handler returned.
pub(super) fn deliver(m: &mut Machine, t: usize, sig: u32, ret: u64) -> Flow {
    if m.os.signals.mask(t) & bit(sig) != 0 {
        *m.os.signals.pending.entry(t).or_default() |= bit(sig);
        return Flow::Return(ret);
    }
    match m.os.signals.action(sig) {
        Action::Ignore => Flow::Return(ret),
        Action::Terminate => terminate(m, t),
        Action::Stop => {
            m.unsupported(t, format!("signal {sig}, which stops the process"));
            Flow::End
        }
        Action::Handler { addr, info, once } => {
            if once {
                m.os.signals.dispositions.remove(&sig);
            }
            let Some(fid) = m.program.function_at(addr) else {
                m.fail(t, crate::error::ErrorKind::OutOfBounds, format!("signal handler {addr:#x} is not a function"));
                return Flow::End;
            };
            let mut args = vec![vec![sig as u64]];
            let loc = m.current_loc(t);
            let slot = m.threads[t].slot;
            let siginfo = if info {
                m.memory.allocate(slot, SIGINFO_BYTES, 8, ObjKind::Stack, t, loc).map(|(id, a)| {
                    let _ = m.memory.write(a, &sig.to_le_bytes());
                    (id, a)
                })
            } else {
                None
            };
            if info {
                args.push(vec![siginfo.map_or(0, |(_, a)| a)]);
                args.push(vec![0]);
            }
            m.push_frame(t, fid, &args, &[], None, FrameKind::Signal(ret));
            if let (Some((id, _)), Some(fr)) = (siginfo, m.threads[t].frames.last_mut()) {
                fr.allocas.push(id);
            }
            Flow::Stay
        }
    }
}

/// A signal handler returned: the next pending signal the thread no longer blocks is
/// delivered, or the call that delivered it returns `ret`.
pub(crate) fn handler_returned(m: &mut Machine, t: usize, ret: u64) {
    let next = m.os.signals.take_deliverable(t);
    if let Some(Flow::Return(_)) | None = next.map(|s| deliver(m, t, s, ret)) {
        m.complete_call(t, Some(ret));
    }
}

fn sigaction(m: &mut Machine, t: usize, a: &Args) -> Result<Flow, Fault> {
    let Some(s) = valid(a.get(0) & 0xffff_ffff) else { return Ok(fail(m, t, errno::EINVAL)) };
    let (act, old) = (a.get(1), a.get(2));
    if act != 0 && (s == SIGKILL || s == SIGSTOP) {
        return Ok(fail(m, t, errno::EINVAL));
    }
    let pb = m.program.model.ptr_bytes;
    let flags_at = pb as u64 + SIGSET_BYTES;
    let cur = m.os.signals.dispositions.get(&s).copied().unwrap_or_default();
    if old != 0 {
        write_word(m, old, pb, cur.handler)?;
        m.memory.write(old + pb as u64, &[0; SIGSET_BYTES as usize])?;
        write_word(m, old + pb as u64, 8, cur.mask)?;
        write_word(m, old + flags_at, 4, cur.flags)?;
    }
    if act != 0 {
        let d = crate::os::signal_consts::Disposition {
            handler: read_word(m, act, pb)?,
            mask: read_word(m, act + pb as u64, 8)?,
            flags: read_word(m, act + flags_at, 4)?,
        };
        m.os.signals.dispositions.insert(s, d);
    }
    Ok(Flow::Return(0))
}

/// Changes thread `t`'s mask; false for an invalid `how`.
fn mask(m: &mut Machine, t: usize, how: u64, set: u64, old: u64) -> Result<bool, Fault> {
    let cur = m.os.signals.mask(t);
    if old != 0 {
        m.memory.write(old, &[0; SIGSET_BYTES as usize])?;
        write_word(m, old, 8, cur)?;
    }
    if set == 0 {
        return Ok(true);
    }
    let s = read_word(m, set, 8)?;
    let new = match how & 0xffff_ffff {
        0 => cur | s,
        1 => cur & !s,
        2 => s,
        _ => return Ok(false),
    };
    m.os.signals.set_mask(t, new);
    Ok(true)
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
