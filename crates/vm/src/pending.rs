//! What each stopped thread is about to do: enabledness for the schedulers, text for
//! traces, and the deadlock report.

use crate::error::{ErrorKind, ProgramError};
use crate::events::{is_sync_op, AccessKind, Loc, Pending, PendingKind};
use crate::journal::TraceEntry;
use crate::machine::Machine;

/// The mask of the low `bytes` bytes of a word.
/// A `bytes`-byte value for people: negative when its sign bit is set (C's `int` -30,
/// not 4294967266; the IR does not say which integers are signed).
fn shown(v: u64, bytes: u32) -> String {
    let v = v & mask_of(bytes);
    let bits = bytes.clamp(1, 8) * 8;
    if v >> (bits - 1) & 1 == 1 {
        (((v << (64 - bits)) as i64) >> (64 - bits)).to_string()
    } else {
        v.to_string()
    }
}

fn mask_of(bytes: u32) -> u64 {
    if bytes >= 8 {
        u64::MAX
    } else {
        (1u64 << (bytes * 8)) - 1
    }
}
use crate::shims;
use crate::thread::Wait;
use ravel_ir::{Builtin, Callee, Inst};

/// How the trace names a `pthread_create` before it ran (the step names the thread made).
pub(crate) const CREATES: &str = "creates a thread";

impl Machine {
    /// The builtin call thread `t` is stopped at, with its evaluated arguments.
    fn pending_call(&self, t: usize) -> Option<(Builtin, shims::Args<'_>)> {
        match self.pending_inst(t)? {
            Inst::Call { callee: Callee::Builtin(b), args, ret_bits, .. } => {
                Some((*b, shims::evaluate(self, t, args, *ret_bits)))
            }
            _ => None,
        }
    }

    /// The library function thread `t` is stopped at a call of, when it is not waiting (an
    /// explorer that models some synchronisation itself asks what a step will do).
    pub fn pending_builtin(&self, t: usize) -> Option<Builtin> {
        if self.threads[t].wait != Wait::None {
            return None;
        }
        match self.pending_inst(t)? {
            Inst::Call { callee: Callee::Builtin(b), .. } => Some(*b),
            _ => None,
        }
    }

    /// The instruction thread `t` is stopped at.
    pub(crate) fn pending_inst(&self, t: usize) -> Option<&Inst> {
        let fr = self.threads[t].frames.last()?;
        self.program.functions[fr.func as usize].code.get(fr.pc as usize)
    }

    /// True when thread `t` is stopped at a call that creates a thread.
    pub fn creates_thread_next(&self, t: usize) -> bool {
        matches!(self.pending_inst(t), Some(Inst::Call { callee: Callee::Builtin(Builtin::ThreadCreate), .. }))
    }

    /// True when thread `t` is stopped at a call that creates a thread and whose handle
    /// and attribute objects (if any) no other thread can reach: the step then only adds
    /// a thread, which commutes with every step of the others. Only with anonymous
    /// handles: otherwise the order of two creations shows in the handles' values.
    pub fn creates_thread_privately(&mut self, t: usize) -> bool {
        if !self.config.anonymous_handles {
            return false;
        }
        let Some(Inst::Call { callee: Callee::Builtin(Builtin::ThreadCreate), args, .. }) = self.pending_inst(t) else {
            return false;
        };
        let Some(base) = self.threads[t].frames.last().map(|f| f.base) else { return false };
        let mask = self.program.model.ptr_mask();
        let regs = &self.threads[t].regs;
        let ptrs: Vec<u64> =
            args.iter().take(2).map(|a| crate::values::rd(&self.program, regs, base, a.opd) & mask).collect();
        ptrs.into_iter()
            .all(|p| p == 0 || self.memory.find(p).is_some_and(|(id, _)| !self.memory.objects[id as usize].shared))
    }

    /// The memory access thread `t` is stopped at, with its address (`None` when it is
    /// not stopped at one, or at one whose address is symbolic).
    pub fn pending_memory(&mut self, t: usize) -> Option<crate::value_events::PendingMemory> {
        let inst = self.pending_inst(t)?;
        let (addr, len, reads, writes, order) = match inst {
            ravel_ir::Inst::Load { addr, bytes, order, .. } => (*addr, *bytes as u64, true, false, *order),
            ravel_ir::Inst::Store { addr, bytes, order, .. } => (*addr, *bytes as u64, false, true, *order),
            ravel_ir::Inst::Rmw { addr, bits, order, .. } | ravel_ir::Inst::CmpXchg { addr, bits, order, .. } => {
                (*addr, bits.div_ceil(8) as u64, true, true, *order)
            }
            _ => return None,
        };
        let base = self.threads[t].frames.last()?.base;
        if self.sym.is_some() && self.shadow(t, base, addr).is_some() {
            return None;
        }
        let a = crate::values::rd(&self.program, &self.threads[t].regs, base, addr) & self.program.model.ptr_mask();
        Some(crate::value_events::PendingMemory { addr: a, len, reads, writes, order })
    }

    /// The memory access thread `t` is stopped at (a load, store or atomic operation
    /// outside atomic sections and waits), with its address, `None` when the address is
    /// symbolic (known only once the step runs).
    fn pending_access(&mut self, t: usize) -> Option<(PendingAccess, Option<u64>)> {
        let th = &self.threads[t];
        if th.wait != Wait::None || th.at_branch || th.atomic_depth > 0 {
            return None;
        }
        let plain = |o: &ravel_ir::Ordering| *o == ravel_ir::Ordering::NotAtomic;
        let (addr, access) = match self.pending_inst(t)? {
            Inst::Load { addr, bytes, order, .. } => {
                (*addr, PendingAccess { bytes: *bytes as u64, write: false, plain: plain(order) })
            }
            Inst::Store { addr, bytes, order, .. } => {
                (*addr, PendingAccess { bytes: *bytes as u64, write: true, plain: plain(order) })
            }
            Inst::Rmw { addr, bits, .. } | Inst::CmpXchg { addr, bits, .. } => {
                (*addr, PendingAccess { bytes: bits.div_ceil(8) as u64, write: true, plain: false })
            }
            _ => return None,
        };
        let base = self.threads[t].frames.last()?.base;
        if self.sym.is_some() && self.shadow(t, base, addr).is_some() {
            return Some((access, None));
        }
        let a = crate::values::rd(&self.program, &self.threads[t].regs, base, addr) & self.program.model.ptr_mask();
        Some((access, Some(a)))
    }

    /// True when thread `t` is stopped at a plain or atomic access to a global that no
    /// other thread may still access in a conflicting way (write against any access), by
    /// [`ravel_ir::effects::Effects`]: the step then commutes with every step of the
    /// others. With `copies`, `t` stands for several threads in its state (an ω class of
    /// the states engine), whose own future counts as the others'.
    pub fn accesses_privately(&mut self, t: usize, copies: bool) -> bool {
        let Some((access, Some(a))) = self.pending_access(t) else { return false };
        // Globals are the first objects, in the program's order.
        let Some((id, _)) = self.memory.find(a) else { return false };
        let global = id as usize;
        if global >= self.program.globals.len() || self.memory.objects[global].kind != crate::memory::ObjKind::Global {
            return false;
        }
        let effects = &self.program.effects;
        let Some(bit) = effects.bit(global) else { return false };
        self.threads
            .iter()
            .enumerate()
            .filter(|&(u, th)| (u != t || copies) && !th.finished)
            .all(|(_, th)| th.frames.iter().all(|fr| !effects.may_access(fr.func, fr.pc, bit, access.write)))
    }

    /// The non-atomic access to shared memory thread `t` is stopped at, as (address,
    /// bytes, is a write): two enabled threads stopped at overlapping ones, one a write,
    /// race (under `--interleave all`, where every shared access is a scheduling point).
    /// `Some(None)` when the address is symbolic (unknown before the step).
    pub fn pending_plain_access(&mut self, t: usize) -> Option<Option<(u64, u64, bool)>> {
        let (access, addr) = self.pending_access(t).filter(|(access, _)| access.plain)?;
        let Some(a) = addr else { return Some(None) };
        let (id, _) = self.memory.find(a)?;
        let obj = &self.memory.objects[id as usize];
        (obj.shared && obj.kind != crate::memory::ObjKind::ConstGlobal).then_some(Some((a, access.bytes, access.write)))
    }

    /// True when thread `t` can take a step: it can run and, under discrete time, is not
    /// a timed wait held back (see `crate::timers`).
    pub(crate) fn is_enabled(&mut self, t: usize) -> bool {
        if !self.can_run(t) {
            return false;
        }
        if self.config.time == crate::TimeModel::Any || self.deadline(t).is_none() {
            return true;
        }
        let runnable: Vec<usize> = (0..self.threads.len()).filter(|&u| self.can_run(u)).collect();
        self.gate_timers(runnable).contains(&t)
    }

    /// True when thread `t` could take a step if nothing held its timed wait back.
    pub(crate) fn can_run(&mut self, t: usize) -> bool {
        let th = &self.threads[t];
        if matches!(th.wait, Wait::Exit { .. }) {
            return !th.finished;
        }
        if matches!(th.wait, Wait::Terminate { .. }) {
            // The process ends once nothing else can happen. Under discrete time that is
            // before any timed wait ends: computation takes no time, and a timed wait ends
            // only when no other thread (the exiting one included) can run — else threads
            // that wait in loops forever (event loops, maintenance threads) would keep the
            // exit from ever happening.
            let discrete = self.config.time == crate::machine::TimeModel::Discrete;
            return !(0..self.threads.len()).any(|u| {
                u != t && !self.threads.terminating(u) && self.can_run(u) && !(discrete && self.deadline(u).is_some())
            });
        }
        if th.finished || th.frames.is_empty() || th.hung || th.stuck == Some(self.memory.write_epoch) {
            return false;
        }
        match th.wait {
            Wait::None if self.waits_for_buffer(t) => false,
            Wait::None => match self.pending_call(t) {
                Some((b, args)) => {
                    let a = args.detached();
                    self.call_enabled(t, b, &a) && shims::posix::enabled(self, t, b, &a)
                }
                None => true,
            },
            _ => crate::sync::blocking::can_wake(self, t),
        }
    }

    /// The `bytes`-byte value at `addr`, when it is a live word of memory.
    fn peek(&mut self, addr: u64, bytes: u32) -> Option<u64> {
        let (id, off) = self.memory.find(addr)?;
        let obj = &self.memory.objects[id as usize];
        (obj.alive && bytes <= 8 && off + bytes as u64 <= obj.size)
            .then(|| self.memory.load_word(id, off as usize, bytes as usize))
    }

    /// Describes the visible operation thread `t` is stopped at.
    pub(crate) fn describe_pending(&mut self, t: usize) -> TraceEntry {
        let loc = self.current_loc(t);
        let what = match self.threads[t].wait {
            Wait::Cond { .. } => "stops waiting on a condition variable (a time-out or a spurious wake-up)".to_string(),
            Wait::Reacquire { mutex, .. } => {
                format!("wakes up and re-locks {}", self.symbolize(mutex))
            }
            Wait::Barrier { .. } => "leaves the barrier".to_string(),
            Wait::Exit { status } => format!("returns from main: the program exits with status {status}"),
            Wait::Terminate { status } => format!("ends the process with status {status}"),
            Wait::None => self.describe_instruction(t),
        };
        let stack = if self.config.site_stacks { self.stack_frames(t) } else { Vec::new() };
        TraceEntry { thread: t, loc, what, stack, from_step: true }
    }

    fn describe_instruction(&mut self, t: usize) -> String {
        let prog = self.program.clone();
        let Some(fr) = self.threads[t].frames.last() else {
            return "exits".into();
        };
        let base = fr.base;
        let f = &prog.functions[fr.func as usize];
        let regs = &self.threads[t].regs;
        let addr_of = |o| crate::values::rd(&prog, regs, base, o) & prog.model.ptr_mask();
        match f.code.get(fr.pc as usize) {
            Some(Inst::Load { addr, bytes, .. }) => {
                let a = addr_of(*addr);
                // A read an explorer decides reads what it says, not memory's latest value.
                let read = self.directed_read().or_else(|| self.peek(a, *bytes));
                let value = read.map_or(String::new(), |v| format!(" (value {})", shown(v, *bytes)));
                format!("reads {}{value}", self.symbolize(a))
            }
            Some(Inst::Store { addr, val, bytes, .. }) => {
                let a = addr_of(*addr);
                let v = crate::values::rd(&prog, regs, base, *val);
                let value = if *bytes <= 8 { format!(" (value {})", shown(v, *bytes)) } else { String::new() };
                format!("writes {}{value}", self.symbolize(a))
            }
            Some(Inst::Rmw { addr, .. } | Inst::CmpXchg { addr, .. }) => {
                let a = addr_of(*addr);
                format!("atomically updates {}", self.symbolize(a))
            }
            Some(Inst::Call { callee: Callee::Builtin(b), args, .. }) => {
                let p0 = args.first().map_or(0, |a| addr_of(a.opd));
                match b {
                    Builtin::ThreadCreate => CREATES.into(),
                    Builtin::ThreadJoin => match self.threads.by_handle(p0) {
                        Some(j) => format!("joins thread {}", self.threads[j].name()),
                        None => "joins an invalid thread".into(),
                    },
                    Builtin::Printf
                    | Builtin::Puts
                    | Builtin::Putchar
                    | Builtin::Fprintf
                    | Builtin::Fputs
                    | Builtin::Fputc
                    | Builtin::Fwrite
                    | Builtin::Vprintf
                    | Builtin::Vfprintf => "prints".into(),
                    Builtin::AtomicBegin => "enters an atomic section".into(),
                    Builtin::Abort => "calls abort".into(),
                    Builtin::Free | Builtin::Realloc | Builtin::Munmap => {
                        format!("calls {} on {}", b.c_name(), self.symbolize(p0))
                    }
                    Builtin::SchedYield => "yields".into(),
                    Builtin::Sleep | Builtin::Usleep | Builtin::Nanosleep | Builtin::ClockNanosleep => "sleeps".into(),
                    b if shims::posix::is_visible(*b) => format!("calls {}", b.c_name()),
                    _ => format!("calls {} on {}", b.c_name(), self.symbolize(p0)),
                }
            }
            Some(Inst::Call { .. }) => "calls an atomic function".into(),
            Some(Inst::Branch { .. } | Inst::Switch { .. }) if self.threads[t].at_branch => {
                "branches on an input".into()
            }
            _ => "runs".into(),
        }
    }

    /// Whether thread `t` can only loop without effect until another thread writes: it
    /// was found looping (`stuck`) or the explorer saw it repeat a step that changed
    /// nothing (`spinning`).
    fn spins(&self, t: usize, spinning: &[usize]) -> bool {
        spinning.contains(&t) || self.threads[t].stuck == Some(self.memory.write_epoch)
    }

    /// Ends an execution in which no thread can ever make progress again although the
    /// program has not ended: a deadlock when every live thread is blocked, a hang when
    /// one of them spins (those of `spinning`, or found looping without effect) on values
    /// no other thread can change any more. Names what each thread waits for.
    pub fn report_stall(&mut self, spinning: &[usize]) {
        // A deferred exit ends the process once the others only spin or wait.
        if let Some(t) = (0..self.threads.len()).find(|&t| self.threads.terminating(t)) {
            crate::sync::blocking::wake(self, t);
            return;
        }
        let mut lines = Vec::new();
        let mut first = None;
        let hang = (0..self.threads.len()).any(|t| !self.threads[t].finished && self.spins(t, spinning));
        for t in 0..self.threads.len() {
            if self.threads[t].finished || self.threads[t].frames.is_empty() {
                continue;
            }
            first.get_or_insert(t);
            if self.spins(t, spinning) {
                let name = self.threads[t].name();
                let line = self.current_loc(t).line;
                lines.push(if spinning.contains(&t) {
                    let d = self.describe_instruction(t);
                    format!("thread {name} spins forever (line {line}): it {d} again and again, and no other thread can change what it reads")
                } else {
                    format!("thread {name} loops forever without any effect (line {line})")
                });
                continue;
            }
            let what = match self.threads[t].wait {
                Wait::Cond { cond, .. } => {
                    format!("waits on condition variable {}", self.symbolize(cond))
                }
                Wait::Reacquire { mutex, .. } => {
                    format!("waits to re-lock {}", self.symbolize(mutex))
                }
                Wait::Barrier { addr, .. } => format!("waits at barrier {}", self.symbolize(addr)),
                Wait::Exit { .. } | Wait::Terminate { .. } => "is about to exit the program".to_string(),
                Wait::None => {
                    let d = self.describe_instruction(t);
                    let holder = self.holder_note(t);
                    format!("is blocked: {d}{holder}")
                }
            };
            let loc = self.current_loc(t);
            lines.push(format!("thread {} {} (line {})", self.threads[t].name(), what, loc.line));
        }
        // The report points at a lock operation of the cycle when there is one (not at
        // the join that waits for a thread of it), with the other blocked threads beside.
        let blocked: Vec<usize> = (0..self.threads.len())
            .filter(|&t| !self.threads[t].finished && !self.threads[t].frames.is_empty())
            .collect();
        let spinner = blocked.iter().copied().find(|&t| self.spins(t, spinning));
        let t = spinner.or_else(|| blocked.iter().copied().find(|&t| self.waits_for_lock(t))).or(first).unwrap_or(0);
        let mut others: Vec<(bool, usize)> =
            blocked.iter().filter(|&&o| o != t).map(|&o| (!self.waits_for_lock(o), o)).collect();
        others.sort();
        let related = others.iter().map(|&(_, o)| (o, self.current_loc(o))).collect();
        let (kind, message) = if hang {
            (ErrorKind::Hang, format!("the program hangs: no thread can make progress: {}", lines.join("; ")))
        } else {
            (ErrorKind::Deadlock, format!("all live threads are blocked: {}", lines.join("; ")))
        };
        let loc = self.current_loc(t);
        self.ending.fail(ProgramError { related, ..ProgramError::at(kind, message, t, loc) });
    }

    /// Whether thread `t` is blocked acquiring a lock (or re-acquiring a condition
    /// variable's mutex).
    fn waits_for_lock(&mut self, t: usize) -> bool {
        matches!(self.threads[t].wait, Wait::Reacquire { .. })
            || matches!(
                self.pending_call(t),
                Some((Builtin::MutexLock | Builtin::SpinLock | Builtin::RwRdLock | Builtin::RwWrLock, _))
            )
    }

    /// ", held by thread [0.1]" when `t` waits for a mutex someone holds.
    fn holder_note(&mut self, t: usize) -> String {
        let Some((b, args)) = self.pending_call(t) else {
            return String::new();
        };
        let addr = args.get(0);
        if !matches!(b, Builtin::MutexLock | Builtin::SpinLock) {
            return String::new();
        }
        match crate::sync::mutex::owner(self, addr) {
            Some(o) => format!(", held by thread {}", self.threads[o].name()),
            None => String::new(),
        }
    }
}

/// `MutexLock` → `pthread_mutex_lock` style names for reports.
/// What a pending memory access does (see `Machine::pending_access`).
struct PendingAccess {
    bytes: u64,
    write: bool,
    /// Non-atomic (atomic operations never race).
    plain: bool,
}

impl Machine {
    /// A fingerprint of thread `t`'s local state together with the memory write counter:
    /// equal fingerprints at two visits of the same point mean the thread made no progress
    /// and nothing it could observe changed (a spin loop waiting for another thread).
    pub fn spin_signature(&self, t: usize) -> u64 {
        self.state_signature(t)
    }

    /// Hash of thread `t`'s whole call stack (functions, pcs, registers) and wait state,
    /// with the memory write counter.
    pub(crate) fn state_signature(&self, t: usize) -> u64 {
        use std::hash::{Hash, Hasher};
        let th = &self.threads[t];
        let mut h = rustc_hash::FxHasher::default();
        self.memory.write_epoch.hash(&mut h);
        for fr in &th.frames {
            (fr.func, fr.pc, fr.base).hash(&mut h);
        }
        th.regs.hash(&mut h);
        th.wait.hash(&mut h);
        self.buffers.get(t).hash(&mut h);
        h.finish()
    }

    /// True when some live thread loops forever without side effects (the execution does
    /// not terminate, which is not an error).
    pub fn any_stuck(&self) -> bool {
        self.threads.iter().any(|th| !th.finished && th.stuck == Some(self.memory.write_epoch))
    }

    /// True when thread `t` is inside an atomic section.
    pub fn in_atomic(&self, t: usize) -> bool {
        self.threads.in_atomic(t)
    }

    /// Threads that can take a step now.
    pub fn enabled(&mut self) -> Vec<usize> {
        if self.ending.is_done() {
            return Vec::new();
        }
        if let Some(owner) = self.running_atomic_section() {
            return vec![owner];
        }
        let runnable = (0..self.threads.len()).filter(|&t| self.can_run(t)).collect();
        self.gate_timers(runnable)
    }

    /// Whether thread `t` is among [`Machine::enabled`], without asking of the others
    /// (for a caller that knows which thread it wants to run next).
    pub fn can_step(&mut self, t: usize) -> bool {
        if self.ending.is_done() {
            return false;
        }
        match self.running_atomic_section() {
            Some(owner) => t == owner,
            None => self.is_enabled(t),
        }
    }

    /// The thread inside an atomic section, when it can go on: only it runs then.
    fn running_atomic_section(&mut self) -> Option<usize> {
        let owner = (0..self.threads.len()).find(|&t| self.threads[t].atomic_depth > 0 && !self.threads[t].finished)?;
        self.is_enabled(owner).then_some(owner)
    }

    /// What thread `t` is stopped at.
    pub fn pending(&mut self, t: usize) -> Pending {
        let enabled = self.is_enabled(t);
        let kind = match self.threads[t].wait {
            Wait::Cond { cond, .. } => PendingKind::Access(Loc::Sync(cond), AccessKind::Rmw),
            Wait::Reacquire { mutex, .. } => PendingKind::Access(Loc::Sync(mutex), AccessKind::Rmw),
            Wait::Barrier { addr, generation } => PendingKind::Leave(addr, generation as u32),
            Wait::Exit { .. } | Wait::Terminate { .. } => PendingKind::Other,
            Wait::None => self.pending_instruction(t),
        };
        Pending { kind, enabled }
    }

    fn pending_instruction(&mut self, t: usize) -> PendingKind {
        let prog = self.program.clone();
        let Some(fr) = self.threads[t].frames.last() else { return PendingKind::Other };
        let base = fr.base;
        let regs = &self.threads[t].regs;
        let word = |o| (crate::values::rd(&prog, regs, base, o) & prog.model.ptr_mask()) & !7;
        match prog.functions[fr.func as usize].code.get(fr.pc as usize) {
            Some(Inst::Load { addr, .. }) => PendingKind::Access(Loc::Mem(word(*addr)), AccessKind::Read),
            Some(Inst::Store { addr, .. }) => PendingKind::Access(Loc::Mem(word(*addr)), AccessKind::Write),
            Some(Inst::Rmw { addr, .. } | Inst::CmpXchg { addr, .. }) => {
                PendingKind::Access(Loc::Mem(word(*addr)), AccessKind::Rmw)
            }
            Some(Inst::Call { callee: Callee::Builtin(b), args, ret_bits, .. }) => {
                let p0 =
                    args.first().map_or(0, |a| crate::values::rd(&prog, regs, base, a.opd) & prog.model.ptr_mask());
                match b {
                    Builtin::ThreadCreate => PendingKind::Spawn,
                    Builtin::ThreadJoin => match self.threads.by_handle(p0) {
                        Some(c) => PendingKind::Join(c),
                        None => PendingKind::Other,
                    },
                    Builtin::CondWait | Builtin::CondTimedWait | Builtin::Once => {
                        PendingKind::Access(Loc::Sync(p0), AccessKind::Rmw)
                    }
                    // A call lowered without result bits has a result nobody reads.
                    Builtin::BarrierWait => match crate::sync::barrier::arrival(self, t, p0, *ret_bits != 0) {
                        Some(a) => PendingKind::Arrive(a),
                        None => PendingKind::Access(Loc::Sync(p0), AccessKind::Rmw),
                    },
                    b if is_sync_op(*b) => PendingKind::Access(Loc::Sync(p0), AccessKind::Rmw),
                    b => crate::shims::posix::pending(self, *b, p0).unwrap_or(PendingKind::Other),
                }
            }
            _ => PendingKind::Other,
        }
    }
}
