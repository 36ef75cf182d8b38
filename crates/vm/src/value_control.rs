//! For an engine that decides what each read reads — the execution-graph explorer under
//! an axiomatic memory model, where a load may read a write other than the latest — the
//! machine records every shared access of a step with its values, and lets the engine set,
//! before a step, the value the step's scheduled access reads and whether its store
//! reaches memory (it does not when another write is later in coherence order).

use crate::machine::Machine;
use crate::value_events::{AccessRole, ValueEvent};
use ravel_ir::Ordering;

impl Machine {
    /// Before stepping a thread: its scheduled access reads `read` (memory's contents when
    /// `None`) and, with `hide_store`, writes nothing to memory (the value is still
    /// recorded). Only with [`crate::Config::record_values`].
    pub fn direct_next_access(&mut self, read: Option<u64>, hide_store: bool) {
        self.values.read = read;
        self.values.hide_store = hide_store;
    }

    /// The value the next step's scheduled read was directed to read, if any.
    pub(crate) fn directed_read(&self) -> Option<u64> {
        self.values.read.filter(|_| self.config.record_values)
    }

    /// The shared accesses and fences recorded since the last call.
    pub fn take_value_events(&mut self) -> Vec<ValueEvent> {
        self.values.read = None;
        self.values.hide_store = false;
        std::mem::take(&mut self.values.events)
    }

    /// Records a shared access that is an event (from the gate); its values follow.
    pub(crate) fn note_value_access(
        &mut self,
        t: usize,
        (id, addr, len): (crate::memory::ObjId, u64, u64),
        order: Ordering,
        role: AccessRole,
    ) {
        if self.config.record_values {
            let at = self.current_loc(t);
            let off = (addr - self.memory.objects[id as usize].base) as usize;
            let before = if len <= 8 { self.memory.load_word(id, off, len as usize) } else { 0 };
            let (read, written, expected) = (None, None, None);
            let access = ValueEvent::Access { thread: t, addr, len, order, role, read, written, before, expected, at };
            self.values.events.push(access);
            self.values.open = true;
        }
    }

    /// Before an instruction's access is gated: values recorded next belong to it only if
    /// the gate records it.
    pub(crate) fn close_value_access(&mut self) {
        self.values.open = false;
    }

    /// A fence executed by the running thread.
    pub(crate) fn note_value_fence(&mut self, thread: usize, order: Ordering) {
        if self.config.record_values {
            self.values.events.push(ValueEvent::Fence { thread, order });
        }
    }

    /// Records what the compare-and-swap just gated compares with.
    pub(crate) fn value_expected(&mut self, value: u64) {
        if let Some(ValueEvent::Access { expected, .. }) = self.open_access() {
            *expected = Some(value);
        }
    }

    /// The value the access just gated reads: the engine's, when the access is the
    /// step's scheduled one and it set one, else `from_memory`.
    pub(crate) fn value_read(&mut self, from_memory: u64) -> u64 {
        let directed = self.values.read;
        let Some(ValueEvent::Access { role, read, .. }) = self.open_access() else { return from_memory };
        let v = match (*role, directed) {
            (AccessRole::Scheduled, Some(v)) => v,
            _ => from_memory,
        };
        *read = Some(v);
        v
    }

    /// Records the value the access just gated stores; false when the store must leave
    /// memory as it is.
    pub(crate) fn value_written(&mut self, value: u64) -> bool {
        let hide = self.values.hide_store;
        let Some(ValueEvent::Access { role, written, .. }) = self.open_access() else { return true };
        *written = Some(value);
        !(*role == AccessRole::Scheduled && hide)
    }

    /// Whether the access just gated was an event too wide for values to be recorded
    /// (more than 8 bytes): the explorer cannot follow it.
    pub(crate) fn value_access_too_wide(&self) -> bool {
        self.values.open && matches!(self.values.events.last(), Some(ValueEvent::Access { len, .. }) if *len > 8)
    }

    fn open_access(&mut self) -> Option<&mut ValueEvent> {
        if !self.values.open {
            return None;
        }
        self.values.events.last_mut()
    }
}
