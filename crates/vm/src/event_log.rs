//! The event log of a step: which shared accesses are visible operations (the gate a
//! thread stops at until it is granted) and the events they add to the log the
//! explorers read.

use crate::events::{AccessKind, Loc, LogEntry};
use crate::machine::Machine;
use crate::memory::ObjKind;
use ravel_ir::{Ordering, SrcLoc};

impl Machine {
    /// True when every thread but `t` ended, was joined and left no store in a buffer
    /// (TSO): all their accesses then happen before anything `t` does from now on.
    pub(crate) fn others_joined(&self, t: usize) -> bool {
        self.threads.iter().enumerate().all(|(u, th)| u == t || (th.finished && th.joined && self.buffered(u) == 0))
    }

    /// Logs an event when the machine records events (exploration mode).
    #[inline]
    pub(crate) fn log_event(&mut self, thread: usize, loc: Loc, kind: AccessKind) {
        if self.config.log_events {
            self.journal.log(LogEntry::Event {
                thread,
                loc,
                kind,
                atomic: true,
                addr: 0,
                len: 0,
                at: SrcLoc::default(),
            });
        }
    }

    /// Whether thread `t` has nobody to interleave with: it is the only live thread and,
    /// during an exploration, every thread that ended was joined (so everything the others
    /// did happens before what `t` does now).
    pub(crate) fn alone(&self, t: usize) -> bool {
        self.threads.alone() && (!self.config.log_events || self.others_joined(t))
    }

    /// Decides whether a shared-memory access of thread `t` is a scheduling point and logs
    /// it. Returns false when the thread must stop before the access.
    #[inline]
    pub(crate) fn gate(
        &mut self,
        t: usize,
        id: u32,
        (addr, len): (u64, u64),
        order: Ordering,
        kind: AccessKind,
        granted: &mut bool,
    ) -> bool {
        let obj = &self.memory.objects[id as usize];
        if !obj.shared || obj.kind == ObjKind::ConstGlobal || (obj.unread && !self.config.detect_races) {
            return true;
        }
        let in_atomic = self.threads[t].atomic_depth > 0;
        // Under TSO a store into the buffer is the thread's own business (its flush is the
        // visible operation). A load stays one even when the buffer serves it: its buffered
        // store may become visible, and another thread's overwrite it, before the load.
        let tso = self.config.store_buffers();
        let local = tso && kind == AccessKind::Write && self.buffers_store(t, id, order);
        if local && order != Ordering::NotAtomic {
            return true;
        }
        let is_event =
            !local && (in_atomic || order != Ordering::NotAtomic || self.config.granularity == crate::Granularity::All);
        // A lone thread has nobody to interleave with. During an exploration its access
        // could still race with an access of a thread that ended, unless each one that
        // ended was joined: then every other thread's accesses happen before this one, and
        // the access goes into the thread's current step instead of being one of its own.
        let alone = self.alone(t);
        let scheduled = is_event && !in_atomic && !alone;
        if scheduled {
            if !*granted {
                return false;
            }
            *granted = false;
        }
        if is_event {
            let role = match (scheduled, in_atomic) {
                (true, _) => crate::value_events::AccessRole::Scheduled,
                (false, true) => crate::value_events::AccessRole::InAtomicSection,
                (false, false) => crate::value_events::AccessRole::Alone,
            };
            self.note_value_access(t, (id, addr, len), order, role);
        }
        if self.config.log_events {
            let at = self.current_loc(t);
            self.note_site(t, at);
            if is_event {
                if (addr & 7) + len > 8 {
                    self.ending.note_imprecise(crate::Imprecision::AccessSpansWords);
                }
                let atomic = in_atomic || order != Ordering::NotAtomic;
                // A load served from the buffer reads the buffered stores, not memory.
                let (seqs, full) =
                    if tso && kind == AccessKind::Read { self.forwarding(t, addr, len) } else { (Vec::new(), false) };
                let loc = match seqs.first() {
                    Some(&s) if full => Loc::Buffered(t as u32, s),
                    _ => Loc::Mem(addr & !7),
                };
                self.journal.log(LogEntry::Event { thread: t, loc, kind, atomic, addr, len, at });
                for &s in seqs.iter().skip(usize::from(full)) {
                    let loc = Loc::Buffered(t as u32, s);
                    self.journal.log(LogEntry::Event { thread: t, loc, kind, atomic: true, addr, len: 0, at });
                }
            } else {
                self.journal.log_plain(LogEntry::Plain { thread: t, addr, len, write: kind != AccessKind::Read, at });
            }
            if let Some(whole) = self.sym.as_mut().and_then(|st| st.whole_object.take()) {
                let obj = &self.memory.objects[whole as usize];
                let (start, end) = (obj.base & !7, obj.base + obj.size);
                for w in (start..end).step_by(8).filter(|&w| w != addr & !7) {
                    self.journal.log(LogEntry::Touch { loc: Loc::Mem(w), kind, event: is_event });
                }
            }
        }
        true
    }

    /// Takes the events logged since the last call.
    pub fn take_log(&mut self) -> Vec<LogEntry> {
        self.journal.take_log()
    }

    /// Puts the events logged since the last call into `buf` and keeps `buf`'s old
    /// allocation (emptied) for the next ones, so stepping allocates no log.
    pub fn swap_log(&mut self, buf: &mut Vec<LogEntry>) {
        self.journal.swap_log(buf);
    }
}
