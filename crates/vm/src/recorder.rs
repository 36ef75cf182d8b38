//! The machine's hooks that fill a [`Recording`] while it runs (see `record` for what
//! is recorded and how recording changes the execution).

use crate::machine::Machine;
use crate::memory::ObjKind;
use crate::record::{GuardOrigin, RecEvent, RecKind, Recording};
use ravel_sym::ExprId;

impl Machine {
    /// Starts recording this (symbolic) execution: from now on shared reads are fresh
    /// variables and events are kept until [`Machine::take_recording`].
    pub(crate) fn start_recording(&mut self) {
        if let Some(st) = self.sym.as_ref() {
            let pc_seen = st.pc.len();
            self.journal.start_recording(Recording { pc_seen, ..Recording::default() });
        }
    }

    /// Whether this execution is being recorded.
    #[inline]
    pub fn is_recording(&self) -> bool {
        self.journal.recording().is_some()
    }

    /// The recording so far (recording stops).
    pub fn take_recording(&mut self) -> Option<Recording> {
        self.journal.take_recording()
    }

    /// Records an event of thread `t` at its current location, after the guards its path
    /// collected since the last event.
    pub(crate) fn record(&mut self, t: usize, kind: RecKind) {
        if !self.is_recording() {
            return;
        }
        self.flush_guards(t);
        let at = self.current_loc(t);
        if let Some(r) = self.journal.recording_mut() {
            let step = r.steps.len() as u32;
            r.events.push(RecEvent { thread: t, step, at, kind });
        }
    }

    /// Turns the path-constraint entries added since the last call into guards of `t`
    /// (they come from `t`'s branches, divisions, symbolic addresses).
    pub(crate) fn flush_guards(&mut self, t: usize) {
        let (Some(r), Some(st)) = (self.journal.recording_mut(), self.sym.as_ref()) else { return };
        if st.pc.len() <= r.pc_seen {
            return;
        }
        let new: Vec<ExprId> = st.pc[r.pc_seen..].to_vec();
        r.pc_seen = st.pc.len();
        let at = self.current_loc(t);
        let r = self.journal.recording_mut().expect("recording");
        let step = r.steps.len() as u32;
        for cond in new {
            r.events.push(RecEvent { thread: t, step, at, kind: RecKind::Guard { cond, origin: GuardOrigin::Path } });
        }
    }

    /// Marks the guard a branch of thread `t` just added with where its sides go, taken
    /// then untaken (`None`: the guard is an assertion's condition).
    pub(crate) fn note_guard_origin(&mut self, t: usize, sides: Option<(u32, u32)>) {
        if !self.is_recording() {
            return;
        }
        self.flush_guards(t);
        let func = self.threads[t].frames.last().map_or(0, |f| f.func);
        let r = self.journal.recording_mut().expect("recording");
        if let Some(RecEvent { kind: RecKind::Guard { origin, .. }, thread, .. }) = r.events.last_mut() {
            if *thread == t && *origin == GuardOrigin::Path {
                *origin = match sides {
                    Some((taken, untaken)) => GuardOrigin::Branch { func, taken, untaken },
                    None => GuardOrigin::Assert,
                };
            }
        }
    }

    /// Whether an access to object `id` is to shared memory that can change.
    fn recorded_object(&self, id: u32) -> bool {
        let obj = &self.memory.objects[id as usize];
        obj.shared && obj.kind != ObjKind::ConstGlobal
    }

    /// After a load of `bytes` bytes at `addr` (object `id`) into a register of thread `t`
    /// that read `value`: when recording and the memory is shared, the shadow the register
    /// gets is a fresh variable standing for the value read.
    pub(crate) fn record_read(
        &mut self,
        t: usize,
        id: u32,
        addr: u64,
        bytes: u32,
        (value, atomic): (u64, bool),
    ) -> Option<ExprId> {
        if !self.is_recording() || !self.recorded_object(id) || !(1..=8).contains(&bytes) {
            return None;
        }
        let loc = self.current_loc(t);
        let st = self.sym.as_mut().expect("recording needs symbolic mode");
        let (var, e) = st.new_input(bytes * 8, loc);
        st.model.set(var, value as u128);
        self.record(t, RecKind::Read { addr, bytes, var, value, atomic });
        Some(e)
    }

    /// Before a store of `bytes` bytes of `value` (shadow `shadow`) at `addr` (object `id`,
    /// offset `off`) by thread `t`: records the write with the value the location held.
    pub(crate) fn record_write(
        &mut self,
        t: usize,
        (id, off): (u32, usize),
        addr: u64,
        bytes: u32,
        value: u64,
        shadow: Option<ExprId>,
    ) {
        if !self.is_recording() || !self.recorded_object(id) {
            return;
        }
        let old = self.memory.load_word(id, off, bytes.min(8) as usize);
        let bits = bytes.clamp(1, 8) * 8;
        let value = match shadow {
            Some(e) if bytes <= 8 => self.with_pool(|p| crate::symbolic::fit(p, e, bits)),
            _ => self.with_pool(|p| p.constant(bits, value as u128 & ravel_sym::expr::mask(bits))),
        };
        self.record(t, RecKind::Write { addr, bytes, value, old, atomic: false });
    }

    /// An atomic read-modify-write of thread `t` that read `old` and wrote `new`: a read
    /// pinned to the value it read (its new value is not tracked symbolically), then a write.
    pub(crate) fn record_rmw(&mut self, t: usize, id: u32, addr: u64, bytes: u32, old: u64, new: Option<u64>) {
        let Some(e) = self.record_read(t, id, addr, bytes, (old, true)) else { return };
        let pin = self.with_pool(|p| {
            let c = p.constant(bytes * 8, old as u128 & ravel_sym::expr::mask(bytes * 8));
            p.eq(e, c)
        });
        if let Some(st) = self.sym.as_mut() {
            st.pc.push(pin);
        }
        self.flush_guards(t);
        if let Some(new) = new {
            let value = self.with_pool(|p| p.constant(bytes * 8, new as u128 & ravel_sym::expr::mask(bytes * 8)));
            self.record(t, RecKind::Write { addr, bytes, value, old, atomic: true });
        }
    }
}
