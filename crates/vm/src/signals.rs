//! Signal semantics: dispositions, per-thread masks and delivery. A signal is delivered
//! synchronously to the thread it is raised for (`raise`, `kill` of the own process,
//! `pthread_kill` of the caller, `SIGPIPE` of a write to a pipe nobody reads); a handler
//! runs as a call inside the raising call, which returns when it does. Signals from
//! outside the process (timers, the terminal) never arrive. The shim
//! (`shims/posix/signal.rs`) decodes `sigset_t` and `struct sigaction` and calls these.

use crate::machine::Machine;
use crate::memory::ObjKind;
use crate::os::signal_consts::{bit, Disposition};
use crate::os::Action;
use crate::thread::FrameKind;

/// Bytes of `siginfo_t` a handler installed with `SA_SIGINFO` receives.
const SIGINFO_BYTES: u64 = 128;

/// What became of the call that delivered a signal.
pub(crate) enum Delivery {
    /// The call returns this value (the signal was ignored, is pending, or needed nothing).
    Returns(u64),
    /// A handler frame was pushed: the call returns when the handler does.
    InHandler,
    /// The execution ended (termination, an unsupported action, a bad handler).
    Ended,
}

/// `signal()`: glibc's BSD semantics (`SA_RESTART`, the handler stays installed).
/// Returns the previous handler.
pub(crate) fn set_handler(m: &mut Machine, sig: u32, handler: u64) -> u64 {
    let d = m.os.signals.dispositions.entry(sig).or_default();
    let old = d.handler;
    *d = Disposition { handler, flags: 0x1000_0000, mask: 0 };
    old
}

/// The disposition of `sig`, and `sigaction`'s change of it.
pub(crate) fn disposition(m: &Machine, sig: u32) -> Disposition {
    m.os.signals.dispositions.get(&sig).copied().unwrap_or_default()
}

pub(crate) fn set_disposition(m: &mut Machine, sig: u32, d: Disposition) {
    m.os.signals.dispositions.insert(sig, d);
}

/// Changes thread `t`'s mask by `how` (0 block, 1 unblock, 2 set) with `set`, then
/// delivers a pending signal it no longer blocks. `None` for an invalid `how`.
pub(crate) fn change_mask(m: &mut Machine, t: usize, how: u64, set: Option<u64>) -> Option<Delivery> {
    if let Some(s) = set {
        let cur = m.os.signals.mask(t);
        let new = match how & 0xffff_ffff {
            0 => cur | s,
            1 => cur & !s,
            2 => s,
            _ => return None,
        };
        m.os.signals.set_mask(t, new);
    }
    Some(match m.os.signals.take_deliverable(t) {
        Some(s) => deliver(m, t, s, 0),
        None => Delivery::Returns(0),
    })
}

/// `kill` of the own process: delivered to the calling thread when it does not block
/// the signal (POSIX lets any thread that does not block it take it, so a handler other
/// threads could run makes the execution imprecise); else to another thread that does not
/// block it, else it stays pending for the process.
pub(crate) fn kill_process(m: &mut Machine, t: usize, sig: u32) -> Delivery {
    let takes = |m: &Machine, u: usize| !m.threads[u].finished && m.os.signals.mask(u) & bit(sig) == 0;
    if !takes(m, t) {
        if let Some(u) = (0..m.threads.len()).find(|&u| u != t && takes(m, u)) {
            return send_to_other(m, t, u, sig);
        }
        m.os.signals.process_pending |= bit(sig);
        return Delivery::Returns(0);
    }
    let others = (0..m.threads.len()).any(|u| u != t && takes(m, u));
    if others && matches!(m.os.signals.action(sig), Action::Handler { .. }) {
        m.ending.note_imprecise(crate::Imprecision::KillToCaller);
    }
    deliver(m, t, sig, 0)
}

/// `pthread_kill` of another thread `u`: pending while `u` blocks it; otherwise only
/// actions that need no handler run in `u` are modelled.
pub(crate) fn send_to_other(m: &mut Machine, t: usize, u: usize, sig: u32) -> Delivery {
    if m.os.signals.mask(u) & bit(sig) != 0 {
        *m.os.signals.pending.entry(u).or_default() |= bit(sig);
        return Delivery::Returns(0);
    }
    match m.os.signals.action(sig) {
        Action::Ignore => Delivery::Returns(0),
        Action::Terminate => terminate(m, t, sig),
        _ => {
            m.unsupported(t, "pthread_kill of another thread whose handler would run asynchronously");
            Delivery::Ended
        }
    }
}

fn terminate(m: &mut Machine, t: usize, sig: u32) -> Delivery {
    m.terminate_abnormally(t, format!("the program was terminated by signal {}", signal_name(sig)));
    Delivery::Ended
}

/// `SIGABRT` style names of the common signals (the number for the others).
fn signal_name(sig: u32) -> String {
    let name = match sig {
        1 => "SIGHUP",
        2 => "SIGINT",
        3 => "SIGQUIT",
        4 => "SIGILL",
        6 => "SIGABRT",
        7 => "SIGBUS",
        8 => "SIGFPE",
        9 => "SIGKILL",
        10 => "SIGUSR1",
        11 => "SIGSEGV",
        12 => "SIGUSR2",
        13 => "SIGPIPE",
        14 => "SIGALRM",
        15 => "SIGTERM",
        _ => return sig.to_string(),
    };
    name.into()
}

/// Delivers `sig` to thread `t`, inside the call it makes: `ret` is what the call returns
/// once any handler returned.
pub(crate) fn deliver(m: &mut Machine, t: usize, sig: u32, ret: u64) -> Delivery {
    if m.os.signals.mask(t) & bit(sig) != 0 {
        *m.os.signals.pending.entry(t).or_default() |= bit(sig);
        return Delivery::Returns(ret);
    }
    match m.os.signals.action(sig) {
        Action::Ignore => Delivery::Returns(ret),
        Action::Terminate => terminate(m, t, sig),
        Action::Stop => {
            m.unsupported(t, format!("signal {sig}, which stops the process"));
            Delivery::Ended
        }
        Action::Handler { addr, info, once } => {
            if once {
                m.os.signals.dispositions.remove(&sig);
            }
            let Some(fid) = m.program.function_at(addr) else {
                m.fail(t, crate::error::ErrorKind::OutOfBounds, format!("signal handler {addr:#x} is not a function"));
                return Delivery::Ended;
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
            Delivery::InHandler
        }
    }
}

/// A signal handler returned: the next pending signal the thread no longer blocks is
/// delivered, or the call that delivered it returns `ret`.
pub(crate) fn handler_returned(m: &mut Machine, t: usize, ret: u64) {
    let next = m.os.signals.take_deliverable(t);
    if let Some(Delivery::Returns(_)) | None = next.map(|s| deliver(m, t, s, ret)) {
        m.complete_call(t, Some(ret));
    }
}
