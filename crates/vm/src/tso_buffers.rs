//! The store buffers under TSO: putting a thread's store into its buffer, forwarding the
//! buffered stores to the thread's own loads, and making the oldest one visible (the
//! model and the buffers' data are in `store_buffer`; `tso` stops threads at fences).

use crate::events::{AccessKind, Loc, LogEntry};
use crate::journal::TraceEntry;
use crate::machine::Machine;
use crate::memory::{ObjId, ObjKind};
use crate::store_buffer::{BufferedStore, StoreBuffer};
use ravel_ir::Ordering;
use ravel_sym::ExprId;

impl Machine {
    pub(crate) fn buffer(&self, t: usize) -> Option<&StoreBuffer> {
        self.buffers.get(t).filter(|b| !b.entries.is_empty())
    }

    /// Stores of thread `t` not yet visible to other threads.
    pub fn buffered(&self, t: usize) -> usize {
        self.buffer(t).map_or(0, |b| b.entries.len())
    }

    /// True when some thread has stores not yet visible (so the execution can go on even
    /// when no thread can run).
    pub fn any_buffered(&self) -> bool {
        self.buffers.iter().any(|b| !b.entries.is_empty())
    }

    /// The memory word thread `t`'s oldest buffered store writes, if it has one.
    pub fn buffer_head(&self, t: usize) -> Option<Loc> {
        self.buffer(t).and_then(|b| b.entries.front()).map(|s| Loc::Mem(s.addr & !7))
    }

    /// Whether a store of `order` to object `id` by thread `t` goes into its buffer: as the
    /// memory model says ([`crate::store_buffer::ModelRules::buffers`]) for a store to
    /// shared writable memory outside atomic sections.
    #[inline]
    pub(crate) fn buffers_store(&self, t: usize, id: ObjId, order: Ordering) -> bool {
        if self.threads[t].atomic_depth > 0 {
            return false;
        }
        let obj = &self.memory.objects[id as usize];
        obj.shared
            && obj.kind != ObjKind::ConstGlobal
            && self.config.memory_model.rules().buffers(order, self.config.granularity == crate::Granularity::All)
    }

    /// Puts a store of `order` into thread `t`'s buffer (`sym`: the value's expression)
    /// and logs it.
    pub(crate) fn enqueue_store(
        &mut self,
        t: usize,
        (id, off): (ObjId, usize),
        (addr, len): (u64, usize),
        (value, sym): (u64, Option<ExprId>),
        order: Ordering,
    ) {
        // An atomic store releases, when it becomes visible, what the thread did before.
        let atomic = order != Ordering::NotAtomic;
        let at = self.current_loc(t);
        if self.buffers.len() <= t {
            self.buffers.resize(t + 1, StoreBuffer::default());
        }
        let b = &mut self.buffers[t];
        let seq = b.enqueued;
        b.enqueued += 1;
        b.entries.push_back(BufferedStore { id, off, addr, len, value, seq, atomic, at, sym });
        if self.config.log_events {
            let loc = Loc::Buffered(t as u32, seq);
            self.journal.log(LogEntry::Event {
                thread: t,
                loc,
                kind: AccessKind::Write,
                atomic: true,
                addr,
                len: 0,
                at,
            });
        }
    }

    /// The buffered stores of thread `t` a load of `len` bytes at `addr` takes bytes from
    /// (the newest store of each byte), and whether they supply every byte.
    pub(crate) fn forwarding(&self, t: usize, addr: u64, len: u64) -> (Vec<u32>, bool) {
        let Some(b) = self.buffer(t) else { return (Vec::new(), false) };
        let mut seqs = Vec::new();
        let mut full = true;
        for a in addr..addr + len {
            match b.entries.iter().rev().find(|s| s.addr <= a && a < s.addr + s.len as u64) {
                Some(s) if !seqs.contains(&s.seq) => seqs.push(s.seq),
                Some(_) => {}
                None => full = false,
            }
        }
        let full = full && !seqs.is_empty();
        (seqs, full)
    }

    /// True when a load of `len` bytes at `addr` by thread `t` takes every byte from its
    /// own buffer.
    pub(crate) fn fully_forwarded(&self, t: usize, addr: u64, len: u64) -> bool {
        self.forwarding(t, addr, len).1
    }

    /// `bytes` read from memory at `addr`, with thread `t`'s buffered stores laid over
    /// them (the newest last); whether any byte came from the buffer.
    pub(crate) fn forward(&self, t: usize, addr: u64, bytes: &mut [u8]) -> bool {
        let Some(b) = self.buffer(t) else { return false };
        let mut any = false;
        for s in &b.entries {
            let value = s.value.to_le_bytes();
            for (i, byte) in bytes.iter_mut().enumerate() {
                let a = addr + i as u64;
                if s.addr <= a && a < s.addr + s.len as u64 {
                    *byte = value[(a - s.addr) as usize];
                    any = true;
                }
            }
        }
        any
    }

    /// The expression of a load of `len` bytes at `addr` that took bytes from thread `t`'s
    /// buffer: the newest buffered store's when it supplies exactly those bytes, `None`
    /// when every buffered byte involved is concrete, `Err` when symbolic bytes would have
    /// to be pieced together.
    pub(crate) fn forwarded_shadow(&self, t: usize, addr: u64, len: u64) -> Result<Option<ExprId>, ()> {
        let Some(b) = self.buffer(t) else { return Ok(None) };
        let overlaps = |s: &&BufferedStore| s.addr < addr + len && addr < s.addr + s.len as u64;
        match b.entries.iter().rev().find(overlaps) {
            Some(s) if s.addr == addr && s.len as u64 == len => Ok(s.sym),
            _ if b.entries.iter().filter(overlaps).all(|s| s.sym.is_none()) => Ok(None),
            _ => Err(()),
        }
    }

    /// A word loaded by thread `t` with its buffered stores laid over it.
    pub(crate) fn forward_word(&self, t: usize, addr: u64, len: usize, v: u64) -> (u64, bool) {
        let mut bytes = v.to_le_bytes();
        let any = self.forward(t, addr, &mut bytes[..len.min(8)]);
        (u64::from_le_bytes(bytes), any)
    }

    /// Makes thread `t`'s oldest buffered store visible to every thread.
    pub fn flush(&mut self, t: usize) {
        let Some(s) = self.buffers.get_mut(t).and_then(|b| b.entries.pop_front()) else { return };
        if self.config.record_trace {
            let what = format!("makes its store to {} (= {}) visible to the other threads", self.symbolize(s.addr), {
                s.value
            });
            self.journal.push_trace(TraceEntry { thread: t, loc: s.at, what, stack: Vec::new(), from_step: true });
        }
        // A store into memory freed since (a returned frame's locals) has nobody to see it.
        if self.memory.check(s.addr, s.len as u64, true).is_ok() {
            self.memory.store_word(s.id, s.off, s.len, s.value);
            if let Some(e) = s.sym {
                self.sym_store(s.id, s.off, s.len, e);
            }
            if s.len >= self.program.model.ptr_bytes as usize {
                self.memory.publish_words(&[s.value]);
            }
        }
        if self.config.log_events {
            self.journal.log(LogEntry::Flush {
                thread: t,
                seq: s.seq,
                addr: s.addr,
                len: s.len as u64,
                atomic: s.atomic,
                at: s.at,
            });
        }
    }
}
