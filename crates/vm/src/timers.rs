//! When timed waits end. Under [`TimeModel::Any`] a sleep, a `poll` with a time-out or a
//! timed condition-variable wait may end at any point of the schedule (every order is
//! explored, so a verdict covers every timing). Under [`TimeModel::Discrete`] time is a
//! discrete-event simulation: a timed wait ends only when no other thread can run, and
//! then the earliest deadline fires and the clock jumps to it. That keeps programs whose
//! threads sleep in loops forever (event loops, maintenance threads) from spinning in
//! their timers, at the price of exploring only the timings where computation takes no
//! time: a machine that held a timed wait back says so in [`Machine::imprecise`].

use crate::machine::{Machine, TimeModel};
use crate::thread::Wait;
use ravel_ir::{Builtin, Callee, Inst};

const NS_PER_US: u64 = 1_000;
const NS_PER_S: u64 = 1_000_000_000;

impl Machine {
    /// Under discrete time, keeps of the `runnable` threads those that may step now:
    /// every thread not in a timed wait, or, when all are, those with the earliest
    /// deadline. Notes the imprecision when it holds a thread back.
    pub(crate) fn gate_timers(&mut self, runnable: Vec<usize>) -> Vec<usize> {
        if self.config.time != TimeModel::Discrete || runnable.is_empty() {
            return runnable;
        }
        let deadlines: Vec<Option<u64>> = runnable.iter().map(|&t| self.deadline(t)).collect();
        let earliest =
            if deadlines.iter().any(Option::is_none) { None } else { deadlines.iter().flatten().copied().min() };
        let kept: Vec<usize> =
            runnable.iter().zip(&deadlines).filter(|&(_, &d)| d == earliest).map(|(&t, _)| t).collect();
        if kept.len() < runnable.len() {
            self.ending.note_imprecise(crate::Imprecision::DiscreteTime);
        }
        kept
    }

    /// The absolute time (ns, the real-time clock) at which the timed wait thread `t` is
    /// stopped at ends; `None` when `t` is not in a timed wait (or one that ends at once).
    pub(crate) fn deadline(&mut self, t: usize) -> Option<u64> {
        let arrived = self.threads[t].arrived_ns;
        match self.threads[t].wait {
            Wait::Cond { deadline, .. } => return deadline,
            Wait::None => {}
            _ => return None,
        }
        let fr = self.threads[t].frames.last()?;
        let base = fr.base;
        let prog = self.program.clone();
        let Some(Inst::Call { callee: Callee::Builtin(b), args, .. }) =
            prog.functions[fr.func as usize].code.get(fr.pc as usize)
        else {
            return None;
        };
        let vals: Vec<u64> =
            args.iter().take(3).map(|a| crate::values::rd(&prog, &self.threads[t].regs, base, a.opd)).collect();
        let arg = |i: usize| vals.get(i).copied().unwrap_or(0);
        let after = |ns: u64| (ns > 0).then(|| arrived.saturating_add(ns));
        match b {
            Builtin::Sleep => after((arg(0) & 0xffff_ffff) * NS_PER_S),
            Builtin::Usleep => after((arg(0) & 0xffff_ffff) * NS_PER_US),
            Builtin::Nanosleep => after(crate::shims::posix::timespec_ns(self, arg(0))?),
            Builtin::ClockNanosleep => {
                let ns = crate::shims::posix::timespec_ns(self, arg(2))?;
                if arg(1) & crate::shims::posix::TIMER_ABSTIME != 0 {
                    let start = crate::shims::posix::clock_reading(arg(0) & 0xffff_ffff, arrived)?;
                    after(ns.saturating_sub(start))
                } else {
                    after(ns)
                }
            }
            Builtin::Poll | Builtin::Select | Builtin::Pselect => {
                let a = crate::shims::evaluate(self, t, args, 64).detached();
                let ns = crate::shims::posix::poll_timeout_ns(self, *b, &a)?;
                if crate::shims::posix::poll_ready_now(self, *b, &a) {
                    return None;
                }
                after(ns)
            }
            Builtin::EpollWait | Builtin::EpollPwait => after(crate::shims::posix::epoll_timeout_ns(
                self,
                &crate::shims::evaluate(self, t, args, 64).detached(),
            )?),
            _ => None,
        }
    }
}
