//! Signal dispositions, per-thread masks and pending signals. Signals are delivered only
//! synchronously, by the thread that raises them (`raise`, `kill` of the own process,
//! `pthread_kill`); a signal that would arrive from outside (a timer, the terminal, a
//! child) never does.

use std::collections::BTreeMap;

pub const SIGKILL: u32 = 9;
pub const SIGPIPE: u32 = 13;
pub const SIGSTOP: u32 = 19;
/// Signals whose default action is to do nothing: SIGCHLD, SIGCONT, SIGURG, SIGWINCH.
const IGNORED_BY_DEFAULT: [u32; 4] = [17, 18, 23, 28];
/// Signals whose default action stops the process: SIGSTOP, SIGTSTP, SIGTTIN, SIGTTOU.
const STOPPING: [u32; 4] = [19, 20, 21, 22];
/// Signal numbers are 1..NSIG.
pub const NSIG: u32 = 65;

/// What delivering a signal does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Ignore,
    /// Default action: the process terminates.
    Terminate,
    /// Default action: the process stops (not modelled).
    Stop,
    /// Call the handler at this address (with `siginfo` when `info`).
    Handler {
        addr: u64,
        info: bool,
        once: bool,
    },
}

/// A disposition as `sigaction` keeps it.
#[derive(Clone, Copy, Debug, Default, Hash, PartialEq, Eq)]
pub struct Disposition {
    /// `SIG_DFL` (0), `SIG_IGN` (1) or a handler's address.
    pub handler: u64,
    pub flags: u64,
    pub mask: u64,
}

pub const SA_SIGINFO: u64 = 4;
pub const SA_RESETHAND: u64 = 0x8000_0000;

/// Dispositions of the process, masks and pending signals of its threads.
#[derive(Clone, Debug, Default, Hash)]
pub struct Signals {
    pub dispositions: BTreeMap<u32, Disposition>,
    /// Blocked signals by thread (bit `sig - 1`); threads not listed block none.
    pub masks: BTreeMap<usize, u64>,
    /// Signals raised for a thread while it blocked them.
    pub pending: BTreeMap<usize, u64>,
    /// Signals raised for the process while every thread blocked them: the first thread
    /// that unblocks one or waits for it in `sigwait` takes it.
    pub process_pending: u64,
}

/// The mask bit of signal `sig`.
pub fn bit(sig: u32) -> u64 {
    1u64 << (sig - 1)
}

impl Signals {
    /// What delivering `sig` does now.
    pub fn action(&self, sig: u32) -> Action {
        let d = self.dispositions.get(&sig).copied().unwrap_or_default();
        match d.handler {
            0 if IGNORED_BY_DEFAULT.contains(&sig) => Action::Ignore,
            0 if STOPPING.contains(&sig) => Action::Stop,
            0 => Action::Terminate,
            1 => Action::Ignore,
            addr => Action::Handler { addr, info: d.flags & SA_SIGINFO != 0, once: d.flags & SA_RESETHAND != 0 },
        }
    }

    /// The blocked signals of thread `t`.
    pub fn mask(&self, t: usize) -> u64 {
        self.masks.get(&t).copied().unwrap_or(0)
    }

    /// Sets thread `t`'s mask (SIGKILL and SIGSTOP cannot be blocked).
    pub fn set_mask(&mut self, t: usize, mask: u64) {
        self.masks.insert(t, mask & !(bit(SIGKILL) | bit(SIGSTOP)));
    }

    /// Takes the lowest pending signal of thread `t` that it no longer blocks.
    pub fn take_deliverable(&mut self, t: usize) -> Option<u32> {
        self.take_pending(t, !self.mask(t))
    }

    /// The signals pending for thread `t` (its own and the process's).
    pub fn pending_for(&self, t: usize) -> u64 {
        self.pending.get(&t).copied().unwrap_or(0) | self.process_pending
    }

    /// Takes the lowest signal of `set` pending for thread `t`: its own first, then the
    /// process's.
    pub fn take_pending(&mut self, t: usize, set: u64) -> Option<u32> {
        let own = self.pending.get(&t).copied().unwrap_or(0) & set;
        let ready = if own != 0 { own } else { self.process_pending & set };
        if ready == 0 {
            return None;
        }
        let sig = ready.trailing_zeros() + 1;
        if own != 0 {
            if let Some(p) = self.pending.get_mut(&t) {
                *p &= !bit(sig);
            }
        } else {
            self.process_pending &= !bit(sig);
        }
        Some(sig)
    }
}
