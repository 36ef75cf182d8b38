//! The instruction loop: executes a thread's lowered code until it reaches a visible
//! operation it has not been granted, blocks, or the execution ends.

use crate::ending::End;
use crate::error::ErrorKind;
use crate::events::AccessKind;
use crate::fp80;
use crate::machine::{Chooser, Machine, Stop};
use crate::memory::{ObjId, ObjKind};
use crate::shims::{self, Flow};
use crate::thread::FrameKind;
use crate::values::{bin, cast, cmp, fbin, fcmp, fcmp_order, mask, rd, rd128, rd_words, rmw, to_f};
use ravel_ir::{sign_extend, Arg, Builtin, Callee, FuncId, Inst, Opd, Program};

/// Words of a vector of `len` lanes of `elem_bits` bits.
fn vector_words(elem_bits: u32, len: u32) -> u32 {
    (len as usize * (elem_bits / 8) as usize).div_ceil(8) as u32
}

/// The bytes of a vector operand of `n` words.
fn vector_bytes(prog: &Program, regs: &[u64], base: usize, o: Opd, n: u32) -> Vec<u8> {
    words_to_bytes(&rd_words(prog, regs, base, o, n))
}

/// Lane `i` of `eb`-byte lanes of a vector's bytes, as a word.
fn lane(bytes: &[u8], i: usize, eb: usize) -> u64 {
    let mut w = [0u8; 8];
    w[..eb].copy_from_slice(&bytes[i * eb..(i + 1) * eb]);
    u64::from_le_bytes(w)
}

fn words_to_bytes(w: &[u64]) -> Vec<u8> {
    w.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn bytes_to_words(b: &[u8], n: u32) -> Vec<u64> {
    let mut out = vec![0u64; n as usize];
    for (i, chunk) in b.chunks(8).enumerate().take(n as usize) {
        let mut w = [0u8; 8];
        w[..chunk.len()].copy_from_slice(chunk);
        out[i] = u64::from_le_bytes(w);
    }
    out
}

/// Whether the backward jump that brings a thread's count of them to `count` checks the
/// thread's state for an endless loop (see [`Machine::back_edge`]): after many of them,
/// on a sample.
#[inline]
pub(crate) fn loop_check_due(count: u64) -> bool {
    const CHECK_AFTER: u64 = 1 << 16;
    const SAMPLE: u64 = 1 << 10;
    count >= CHECK_AFTER && count.is_multiple_of(SAMPLE)
}

/// What the interpreter loop does after an instruction.
enum Next {
    /// Go on with the instruction after it.
    Advance,
    /// The instruction moved the pc itself (a jump, call or return): go on there.
    Resume,
    /// Leave the loop.
    Stop(Stop),
}

impl Machine {
    pub(crate) fn run_local(&mut self, t: usize, chooser: &mut dyn Chooser) {
        let _ = self.run(t, chooser, false);
    }

    pub(crate) fn exec_granted(&mut self, t: usize, chooser: &mut dyn Chooser) {
        let _ = self.run(t, chooser, true);
    }

    #[inline]
    fn set_pc(&mut self, t: usize, pc: u32) {
        if let Some(fr) = self.threads[t].frames.last_mut() {
            fr.pc = pc;
        }
    }

    #[inline]
    fn set_reg(&mut self, t: usize, base: usize, dst: u32, v: u64) {
        self.threads[t].regs[base + dst as usize] = v;
    }

    fn set_words(&mut self, t: usize, base: usize, dst: u32, w: &[u64]) {
        let regs = &mut self.threads[t].regs;
        regs[base + dst as usize..base + dst as usize + w.len()].copy_from_slice(w);
    }

    /// The interpreter loop. With `granted`, the first visible operation executes.
    pub(crate) fn run(&mut self, t: usize, chooser: &mut dyn Chooser, mut granted: bool) -> Stop {
        let prog = self.program.clone();
        if self.ending.is_done() {
            return Stop::End;
        }
        let tso = self.config.store_buffers();
        // Limits are checked every 2^20 instructions or at the step limit, whichever first.
        let mut next_check = self.steps + (1 << 20).min(self.config.max_steps.saturating_sub(self.steps));
        // A granted step starts at the visible operation the thread stopped at, which the
        // fast loop would hand straight back.
        let mut at_granted = granted;
        loop {
            if !std::mem::take(&mut at_granted) && self.all_concrete() {
                if let Some(stop) = self.run_fast(t, &prog, next_check) {
                    return stop;
                }
            }
            self.steps += 1;
            if self.steps >= next_check {
                if let Some(stop) = self.check_limits(&mut next_check) {
                    return stop;
                }
            }
            let th = &self.threads[t];
            let Some(fr) = th.frames.last() else {
                return Stop::Yield;
            };
            let (pc, base) = (fr.pc, fr.base);
            let f = &prog.functions[fr.func as usize];
            let inst = &f.code[pc as usize];
            if self.sym.is_some() {
                if let Err(stop) = self.sym_pre(t, base, inst, chooser) {
                    return stop;
                }
            }
            if tso && self.stops_at_fence(t, inst, &mut granted) {
                return Stop::Yield;
            }
            let next = match inst {
                Inst::Load { .. } | Inst::Store { .. } | Inst::Rmw { .. } | Inst::CmpXchg { .. } => {
                    self.exec_memory(&prog, t, base, inst, &mut granted)
                }
                Inst::Call { .. } | Inst::VaArg { .. } => self.exec_call(&prog, (t, base), inst, &mut granted, chooser),
                Inst::Alloca { .. } => self.exec_alloca(&prog, t, base, inst, f.locs[pc as usize]),
                Inst::Fence { order } => {
                    self.note_value_fence(t, *order);
                    Next::Advance
                }
                Inst::Ret { .. }
                | Inst::Jump { .. }
                | Inst::Branch { .. }
                | Inst::Switch { .. }
                | Inst::Unreachable
                | Inst::Unsupported { .. } => self.exec_control(&prog, t, (pc, base), inst, &mut granted),
                Inst::Build { .. }
                | Inst::Extract { .. }
                | Inst::Insert { .. }
                | Inst::Shuffle { .. }
                | Inst::VecBin { .. }
                | Inst::VecCmp { .. }
                | Inst::VecCast { .. } => self.exec_aggregate(&prog, t, base, inst),
                Inst::Bin { .. }
                | Inst::WideBin { .. }
                | Inst::Cmp { .. }
                | Inst::WideCmp { .. }
                | Inst::FBin { .. }
                | Inst::FNeg { .. }
                | Inst::FCmp { .. }
                | Inst::F80Bin { .. }
                | Inst::F80Neg { .. }
                | Inst::F80Cmp { .. }
                | Inst::Cast { .. }
                | Inst::Select { .. }
                | Inst::Move(_)
                | Inst::Gep { .. } => self.exec_scalar(&prog, t, base, inst),
            };
            match next {
                Next::Advance => self.set_pc(t, pc + 1),
                Next::Resume => {}
                Next::Stop(stop) => return stop,
            }
        }
    }

    /// The limits checked every 2^20 instructions (and at the step limit): steps, time,
    /// memory. Ends the execution when one is hit; otherwise sets the next check.
    fn check_limits(&mut self, next_check: &mut u64) -> Option<Stop> {
        if self.steps > self.config.max_steps {
            self.ending.set(End::Limit(crate::Limit::Steps(self.config.max_steps)));
            return Some(Stop::End);
        }
        if self.ending.past_deadline() {
            self.ending.set(End::Limit(crate::Limit::Time));
            return Some(Stop::End);
        }
        if self.check_memory() {
            return Some(Stop::End);
        }
        *next_check = self.steps + (1 << 20).min(self.config.max_steps + 1 - self.steps);
        None
    }

    /// Arithmetic, comparisons, casts, selects, moves and address arithmetic on registers.
    fn exec_scalar(&mut self, prog: &Program, t: usize, base: usize, inst: &Inst) -> Next {
        let regs = &self.threads[t].regs;
        match inst {
            Inst::Bin { op, bits, dst, a, b } => {
                let (x, y) = (rd(prog, regs, base, *a), rd(prog, regs, base, *b));
                match bin(*op, *bits, x, y) {
                    Ok(r) => self.set_reg(t, base, *dst, r),
                    Err(why) => {
                        self.fail(t, ErrorKind::DivisionByZero, why.message());
                        return Next::Stop(Stop::End);
                    }
                }
            }
            Inst::WideBin { op, bits, dst, a, b } => {
                let (x, y) = (rd128(prog, regs, base, *a), rd128(prog, regs, base, *b));
                match bin(*op, *bits, x, y) {
                    Ok(r) => self.set_words(t, base, *dst, &[r as u64, (r >> 64) as u64]),
                    Err(why) => {
                        self.fail(t, ErrorKind::DivisionByZero, why.message());
                        return Next::Stop(Stop::End);
                    }
                }
            }
            Inst::Cmp { pred, bits, dst, a, b } => {
                let r = cmp(*pred, *bits, rd(prog, regs, base, *a), rd(prog, regs, base, *b));
                self.set_reg(t, base, *dst, r as u64);
            }
            Inst::WideCmp { pred, bits, dst, a, b } => {
                let r = cmp(*pred, *bits, rd128(prog, regs, base, *a), rd128(prog, regs, base, *b));
                self.set_reg(t, base, *dst, r as u64);
            }
            Inst::FBin { op, double, dst, a, b } => {
                let r = fbin(*op, *double, rd(prog, regs, base, *a), rd(prog, regs, base, *b));
                self.set_reg(t, base, *dst, r);
            }
            Inst::FNeg { double, dst, a } => {
                let v = rd(prog, regs, base, *a);
                let r = if *double { v ^ (1 << 63) } else { v ^ (1 << 31) };
                self.set_reg(t, base, *dst, r);
            }
            Inst::FCmp { pred, double, dst, a, b } => {
                let r = fcmp(*pred, to_f(rd(prog, regs, base, *a), *double), to_f(rd(prog, regs, base, *b), *double));
                self.set_reg(t, base, *dst, r as u64);
            }
            Inst::F80Bin { op, dst, a, b } => {
                let r = fp80::binary(*op, rd128(prog, regs, base, *a), rd128(prog, regs, base, *b));
                self.set_words(t, base, *dst, &[r as u64, (r >> 64) as u64]);
            }
            Inst::F80Neg { dst, a } => {
                let r = fp80::negate(rd128(prog, regs, base, *a));
                self.set_words(t, base, *dst, &[r as u64, (r >> 64) as u64]);
            }
            Inst::F80Cmp { pred, dst, a, b } => {
                let order = fp80::compare(rd128(prog, regs, base, *a), rd128(prog, regs, base, *b));
                self.set_reg(t, base, *dst, fcmp_order(*pred, order) as u64);
            }
            Inst::Cast { op, from, to, dst, a } => {
                let v = if *from > 64 { rd128(prog, regs, base, *a) } else { rd(prog, regs, base, *a) as u128 };
                let r = cast(*op, *from, *to, v);
                if *to > 64 {
                    self.set_words(t, base, *dst, &[r as u64, (r >> 64) as u64]);
                } else {
                    self.set_reg(t, base, *dst, r as u64);
                }
            }
            Inst::Select { dst, cond, t: tv, f: fv, words, .. } => {
                let c = rd(prog, regs, base, *cond) & 1 != 0;
                let src = if c { *tv } else { *fv };
                if *words == 1 {
                    let v = rd(prog, regs, base, src);
                    self.set_reg(t, base, *dst, v);
                } else {
                    let w = rd_words(prog, regs, base, src, *words);
                    self.set_words(t, base, *dst, &w);
                }
            }
            Inst::Move(m) => {
                if m.words == 1 {
                    let v = rd(prog, regs, base, m.src);
                    self.set_reg(t, base, m.dst, v);
                } else {
                    let w = rd_words(prog, regs, base, m.src, m.words);
                    self.set_words(t, base, m.dst, &w);
                }
            }
            Inst::Gep { dst, base: b, offset, indices, ptr_bits } => {
                let from = rd(prog, regs, base, *b);
                let mut p = from.wrapping_add(*offset as u64);
                for (o, bits, scale) in indices.iter() {
                    let i = sign_extend(rd(prog, regs, base, *o), *bits);
                    p = p.wrapping_add(i.wrapping_mul(*scale as u64));
                }
                let p = mask(p, *ptr_bits);
                if p != from {
                    let ptr_mask = prog.model.ptr_mask();
                    if let Err(f) = self.memory.check_derived(from & ptr_mask, p & ptr_mask) {
                        self.fault(t, f);
                        return Next::Stop(Stop::End);
                    }
                }
                self.set_reg(t, base, *dst, p);
            }
            other => unreachable!("{other:?} is not a scalar instruction"),
        }
        Next::Advance
    }

    /// Instructions on aggregates and vectors held in registers.
    fn exec_aggregate(&mut self, prog: &Program, t: usize, base: usize, inst: &Inst) -> Next {
        let regs = &self.threads[t].regs;
        match inst {
            Inst::Build { dst, words, parts } => {
                let mut bytes = vec![0u8; *words as usize * 8];
                for (off, len, v) in parts.iter() {
                    let w = rd_words(prog, regs, base, *v, len.div_ceil(8));
                    let b = words_to_bytes(&w);
                    bytes[*off as usize..(*off + *len) as usize].copy_from_slice(&b[..*len as usize]);
                }
                let w = bytes_to_words(&bytes, *words);
                self.set_words(t, base, *dst, &w);
            }
            Inst::Extract { dst, src, offset, bytes, dyn_index } => {
                let off =
                    *offset as usize + dyn_index.map_or(0, |(o, s)| rd(prog, regs, base, o) as usize * s as usize);
                let n = (off + *bytes as usize).div_ceil(8) as u32;
                let w = rd_words(prog, regs, base, *src, n.max(1));
                let all = words_to_bytes(&w);
                let part =
                    all.get(off..off + *bytes as usize).map(|s| s.to_vec()).unwrap_or_else(|| vec![0; *bytes as usize]);
                let out = bytes_to_words(&part, bytes.div_ceil(8).max(1));
                self.set_words(t, base, *dst, &out);
            }
            Inst::Insert { dst, src, words, offset, bytes, elem, dyn_index } => {
                let off =
                    *offset as usize + dyn_index.map_or(0, |(o, s)| rd(prog, regs, base, o) as usize * s as usize);
                let mut all = words_to_bytes(&rd_words(prog, regs, base, *src, *words));
                let e = words_to_bytes(&rd_words(prog, regs, base, *elem, bytes.div_ceil(8).max(1)));
                if off + *bytes as usize <= all.len() {
                    all[off..off + *bytes as usize].copy_from_slice(&e[..*bytes as usize]);
                }
                let w = bytes_to_words(&all, *words);
                self.set_words(t, base, *dst, &w);
            }
            Inst::Shuffle { dst, a, b, in_len, elem_bytes, mask, words } => {
                let in_words = (*in_len * *elem_bytes).div_ceil(8);
                let mut src = words_to_bytes(&rd_words(prog, regs, base, *a, in_words));
                src.truncate((*in_len * *elem_bytes) as usize);
                let mut sb = words_to_bytes(&rd_words(prog, regs, base, *b, in_words));
                sb.truncate((*in_len * *elem_bytes) as usize);
                src.extend_from_slice(&sb);
                let eb = *elem_bytes as usize;
                let mut out = Vec::new();
                for m in mask.iter() {
                    match m {
                        Some(i) if (*i as usize + 1) * eb <= src.len() => {
                            out.extend_from_slice(&src[*i as usize * eb..(*i as usize + 1) * eb])
                        }
                        _ => out.extend(std::iter::repeat_n(0, eb)),
                    }
                }
                let w = bytes_to_words(&out, *words);
                self.set_words(t, base, *dst, &w);
            }
            Inst::VecBin { op, elem_bits, len, dst, a, b } => {
                let (eb, n) = ((*elem_bits / 8) as usize, vector_words(*elem_bits, *len));
                let (x, y) = (vector_bytes(prog, regs, base, *a, n), vector_bytes(prog, regs, base, *b, n));
                let mut out = vec![0u8; n as usize * 8];
                for i in 0..*len as usize {
                    match bin(*op, *elem_bits, lane(&x, i, eb), lane(&y, i, eb)) {
                        Ok(r) => out[i * eb..(i + 1) * eb].copy_from_slice(&r.to_le_bytes()[..eb]),
                        Err(why) => {
                            self.fail(t, ErrorKind::DivisionByZero, why.message());
                            return Next::Stop(Stop::End);
                        }
                    }
                }
                let w = bytes_to_words(&out, n);
                self.set_words(t, base, *dst, &w);
            }
            Inst::VecCmp { pred, elem_bits, len, dst, a, b } => {
                let (eb, n) = ((*elem_bits / 8) as usize, vector_words(*elem_bits, *len));
                let (x, y) = (vector_bytes(prog, regs, base, *a, n), vector_bytes(prog, regs, base, *b, n));
                let mut out = vec![0u8; (*len as usize).next_multiple_of(8)];
                for (i, o) in out.iter_mut().take(*len as usize).enumerate() {
                    *o = cmp(*pred, *elem_bits, lane(&x, i, eb), lane(&y, i, eb)) as u8;
                }
                let w = bytes_to_words(&out, (*len).div_ceil(8));
                self.set_words(t, base, *dst, &w);
            }
            Inst::VecCast { op, from, to, len, dst, a } => {
                let (fb, tb) = ((*from / 8) as usize, (*to / 8) as usize);
                let x = vector_bytes(prog, regs, base, *a, vector_words(*from, *len));
                let n = vector_words(*to, *len);
                let mut out = vec![0u8; n as usize * 8];
                for i in 0..*len as usize {
                    let r = cast(*op, *from, *to, lane(&x, i, fb) as u128) as u64;
                    out[i * tb..(i + 1) * tb].copy_from_slice(&r.to_le_bytes()[..tb]);
                }
                let w = bytes_to_words(&out, n);
                self.set_words(t, base, *dst, &w);
            }
            other => unreachable!("{other:?} is not an aggregate instruction"),
        }
        Next::Advance
    }

    /// A stack allocation.
    fn exec_alloca(&mut self, prog: &Program, t: usize, base: usize, inst: &Inst, loc: ravel_ir::SrcLoc) -> Next {
        let regs = &self.threads[t].regs;
        match inst {
            Inst::Alloca { dst, elem_bytes, count, count_bits, align } => {
                let n = mask(rd(prog, regs, base, *count), *count_bits);
                let size = elem_bytes.saturating_mul(n);
                let th = &mut self.threads[t];
                th.stack_bytes += size;
                if th.stack_bytes > self.config.stack_limit {
                    self.fail(
                        t,
                        ErrorKind::StackOverflow,
                        format!("stack overflow: more than {} bytes of stack", self.config.stack_limit),
                    );
                    return Next::Stop(Stop::End);
                }
                let slot = th.slot;
                let Some(fr) = th.frames.last() else { return Next::Advance };
                let (func, pc) = (fr.func, fr.pc);
                let private = prog.functions[func as usize].private_allocas.binary_search(&pc).is_ok();
                let spare = if private { self.take_spare_alloca(t, func, pc, size) } else { None };
                let made = spare.or_else(|| self.memory.allocate(slot, size, *align as u64, ObjKind::Stack, t, loc));
                match made {
                    Some((id, a)) => {
                        if let Some(fr) = self.threads[t].frames.last_mut() {
                            fr.allocas.push(id);
                        }
                        if private {
                            self.memory.objects[id as usize].private_alloca = pc;
                        }
                        self.set_reg(t, base, *dst, a);
                    }
                    None => {
                        if !self.narrow_region_full(t, size) {
                            self.fail(t, ErrorKind::StackOverflow, format!("stack allocation of {size} bytes failed"));
                        }
                        return Next::Stop(Stop::End);
                    }
                }
            }
            other => unreachable!("{other:?} is not an alloca"),
        }
        Next::Advance
    }

    /// A memory access (load, store, atomic read-modify-write or compare-exchange): a
    /// scheduling point unless `granted` (or the memory is private), then the access to
    /// memory, to the thread's store buffer under TSO, and to symbolic shadows.
    fn exec_memory(&mut self, prog: &Program, t: usize, base: usize, inst: &Inst, granted: &mut bool) -> Next {
        let ptr_mask = prog.model.ptr_mask();
        let tso = self.config.store_buffers();
        let regs = &self.threads[t].regs;
        match inst {
            Inst::Load { dst, addr, bytes, order } => {
                let a = rd(prog, regs, base, *addr) & ptr_mask;
                let (id, off) = match self.access(t, a, *bytes as u64, *order, AccessKind::Read, granted) {
                    Ok(x) => x,
                    Err(stop) => return Next::Stop(stop),
                };
                if self.sym.is_some() {
                    let e = match *bytes {
                        _ if self.sym.as_ref().is_some_and(|s| s.pending_load.is_some()) => self.sym_loaded(),
                        _ if self.memory.sym.is_empty() => None,
                        1..=8 => self.sym_load(id, off, *bytes as usize),
                        n => {
                            self.concretize_bytes(t, id, off, n as usize, "loaded as an aggregate");
                            None
                        }
                    };
                    self.set_shadow(t, base, *dst, e);
                }
                if *bytes > 8 && self.value_access_too_wide() {
                    self.unsupported(t, "a shared access of more than 8 bytes under an axiomatic memory model");
                    return Next::Stop(Stop::End);
                }
                if *bytes <= 8 {
                    let from_memory = self.memory.load_word(id, off, *bytes as usize);
                    let mut v = self.value_read(from_memory);
                    if tso {
                        let (w, forwarded) = self.forward_word(t, a, *bytes as usize, v);
                        if forwarded && self.sym.is_some() {
                            let full = self.fully_forwarded(t, a, *bytes as u64);
                            let from_memory = self.shadow(t, base, Opd::Reg(*dst));
                            match self.forwarded_shadow(t, a, *bytes as u64) {
                                Ok(e) if full => self.set_shadow(t, base, *dst, e),
                                Ok(None) if from_memory.is_none() => {}
                                _ => {
                                    let what = "a load of buffered and symbolic bytes pieced together under TSO";
                                    self.unsupported(t, what);
                                    return Next::Stop(Stop::End);
                                }
                            }
                        }
                        v = w;
                    }
                    self.set_reg(t, base, *dst, v);
                    if let Some(e) = self.record_read(t, id, a, *bytes, (v, false)) {
                        self.set_shadow(t, base, *dst, Some(e));
                    }
                } else {
                    let mut b = self.memory.objects[id as usize].bytes[off..off + *bytes as usize].to_vec();
                    if tso {
                        self.forward(t, a, &mut b);
                    }
                    let w = bytes_to_words(&b, bytes.div_ceil(8));
                    self.set_words(t, base, *dst, &w);
                }
            }
            Inst::Store { addr, val, bytes, order } => {
                let a = rd(prog, regs, base, *addr) & ptr_mask;
                if *bytes <= 8 {
                    let v = rd(prog, regs, base, *val);
                    let (id, off) = match self.access(t, a, *bytes as u64, *order, AccessKind::Write, granted) {
                        Ok(x) => x,
                        Err(stop) => return Next::Stop(stop),
                    };
                    if self.journal.recording().is_some() {
                        let shadow = self.shadow(t, base, *val);
                        self.record_write(t, (id, off), a, *bytes, v, shadow);
                    }
                    let reaches_memory = self.value_written(v);
                    if self.skip_unread_store(id) || !reaches_memory {
                        return Next::Advance;
                    }
                    if tso && self.buffers_store(t, id, *order) {
                        let sym = match &self.sym {
                            Some(st) if st.pending_store.is_some() => {
                                self.unsupported(t, "a store at an address derived from symbolic inputs under TSO");
                                return Next::Stop(Stop::End);
                            }
                            Some(_) => self.shadow(t, base, *val),
                            None => None,
                        };
                        self.enqueue_store(t, (id, off), (a, *bytes as usize), (v, sym), *order);
                        return Next::Advance;
                    }
                    self.memory.store_word(id, off, *bytes as usize, v);
                    if self.sym.is_some() && !self.sym_stored() {
                        if let Some(e) = self.shadow(t, base, *val) {
                            self.sym_store(id, off, *bytes as usize, e);
                        }
                    }
                    if *bytes >= prog.model.ptr_bytes && self.memory.objects[id as usize].shared {
                        self.memory.publish_words(&[v]);
                    }
                    return Next::Advance;
                }
                let w = rd_words(prog, regs, base, *val, bytes.div_ceil(8).max(1));
                let (id, off) = match self.access(t, a, *bytes as u64, *order, AccessKind::Write, granted) {
                    Ok(x) => x,
                    Err(stop) => return Next::Stop(stop),
                };
                if self.value_access_too_wide() {
                    self.unsupported(t, "a shared access of more than 8 bytes under an axiomatic memory model");
                    return Next::Stop(Stop::End);
                }
                self.record_write(t, (id, off), a, *bytes, w[0], None);
                if self.skip_unread_store(id) {
                    return Next::Advance;
                }
                let b = words_to_bytes(&w);
                if tso && self.buffers_store(t, id, *order) {
                    for (i, chunk) in b[..*bytes as usize].chunks(8).enumerate() {
                        let mut word = [0u8; 8];
                        word[..chunk.len()].copy_from_slice(chunk);
                        let at = (id, off + 8 * i);
                        let to = (a + 8 * i as u64, chunk.len());
                        self.enqueue_store(t, at, to, (u64::from_le_bytes(word), None), *order);
                    }
                } else {
                    self.memory.write_bytes(id, off, &b[..*bytes as usize]);
                }
                if self.memory.objects[id as usize].shared && *bytes >= prog.model.ptr_bytes {
                    self.memory.publish_words(&w);
                }
            }
            Inst::Rmw { op, dst, addr, val, bits, order } => {
                let a = rd(prog, regs, base, *addr) & ptr_mask;
                let v = rd(prog, regs, base, *val);
                let len = bits.div_ceil(8) as usize;
                let (id, off, old) = match self.atomic_read(t, (a, len), *order, granted) {
                    Ok(x) => x,
                    Err(stop) => return Next::Stop(stop),
                };
                let new = rmw(*op, *bits, old, v);
                self.record_rmw(t, id, a, len as u32, old, Some(new));
                if self.value_written(new) {
                    self.memory.store_word(id, off, len, new);
                }
                self.set_reg(t, base, *dst, old);
            }
            Inst::CmpXchg { dst, addr, expected, new, bits, flag_offset, order } => {
                let a = rd(prog, regs, base, *addr) & ptr_mask;
                let (e, n) = (rd(prog, regs, base, *expected), rd(prog, regs, base, *new));
                let len = bits.div_ceil(8) as usize;
                let (id, off, old) = match self.atomic_read(t, (a, len), *order, granted) {
                    Ok(x) => x,
                    Err(stop) => return Next::Stop(stop),
                };
                let ok = old == e;
                self.value_expected(e);
                self.record_rmw(t, id, a, len as u32, old, ok.then_some(n));
                if ok {
                    if self.value_written(n) {
                        self.memory.store_word(id, off, len, n);
                    }
                } else {
                    self.journal.mark_failed_rmw(a);
                }
                let words = (*flag_offset as usize + 1).div_ceil(8);
                let mut bytes = vec![0u8; words * 8];
                bytes[..len].copy_from_slice(&old.to_le_bytes()[..len]);
                bytes[*flag_offset as usize] = ok as u8;
                let w = bytes_to_words(&bytes, words as u32);
                self.set_words(t, base, *dst, &w);
            }
            other => unreachable!("{other:?} is not a memory access"),
        }
        Next::Advance
    }

    /// The first half of an atomic read-modify-write of `len` bytes at `addr`: the access
    /// (a scheduling point) and the old value, made concrete.
    fn atomic_read(
        &mut self,
        t: usize,
        (addr, len): (u64, usize),
        order: ravel_ir::Ordering,
        granted: &mut bool,
    ) -> Result<(u32, usize, u64), Stop> {
        let (id, off) = self.access(t, addr, len as u64, order, AccessKind::Rmw, granted)?;
        if self.sym.is_some() {
            self.concretize_bytes(t, id, off, len, "an atomic read-modify-write");
        }
        let from_memory = self.memory.load_word(id, off, len);
        Ok((id, off, self.value_read(from_memory)))
    }

    /// A call of a library model (a scheduling point when visible) or of a program function,
    /// and reading a variadic argument.
    fn exec_call(
        &mut self,
        prog: &Program,
        (t, base): (usize, usize),
        inst: &Inst,
        granted: &mut bool,
        chooser: &mut dyn Chooser,
    ) -> Next {
        let ptr_mask = prog.model.ptr_mask();
        let regs = &self.threads[t].regs;
        match inst {
            Inst::Call { dst, callee, args, fixed_args, ret_bits } => {
                let (dst, fixed, ret_bits) = (*dst, *fixed_args, *ret_bits);
                let func = match *callee {
                    Callee::Func(fid) => fid,
                    Callee::Indirect(o) => {
                        let a = rd(prog, regs, base, o) & ptr_mask;
                        match prog.function_at(a) {
                            Some(fid) => fid,
                            None => {
                                let kind = if a == 0 { ErrorKind::NullDereference } else { ErrorKind::OutOfBounds };
                                self.fail(t, kind, format!("call through invalid function pointer {a:#x}"));
                                return Next::Stop(Stop::End);
                            }
                        }
                    }
                    Callee::Builtin(b) => {
                        // A failing assumption ends the execution: other threads may
                        // still run before it, so it is a scheduling point.
                        let failing_assume = b == ravel_ir::Builtin::Assume
                            && self.config.log_events
                            && !self.threads.alone()
                            && args.first().is_some_and(|a| mask(rd(prog, regs, base, a.opd), a.bytes * 8) == 0);
                        if (shims::is_visible(b) || failing_assume) && self.threads[t].atomic_depth == 0 {
                            if !*granted {
                                return Next::Stop(Stop::Yield);
                            }
                            *granted = false;
                        } else if matches!(b, Builtin::Free | Builtin::Realloc | Builtin::Munmap) {
                            let p = args.first().map_or(0, |a| rd(prog, regs, base, a.opd) & ptr_mask);
                            if let Some((id, _)) = self.memory.find(p) {
                                if !self.gate_object_end(t, &[id], granted) {
                                    return Next::Stop(Stop::Yield);
                                }
                            }
                        } else if matches!(b, Builtin::Longjmp | Builtin::CleanupNext) {
                            let p = args.first().map_or(0, |a| rd(prog, regs, base, a.opd) & ptr_mask);
                            let ends = self.locals_a_jump_ends(t, b, p);
                            if !self.gate_object_end(t, &ends, granted) {
                                return Next::Stop(Stop::Yield);
                            }
                        }
                        if self.sym.is_some() {
                            if let Err(stop) = self.sym_before_builtin(t, base, b, args, chooser) {
                                return Next::Stop(stop);
                            }
                        }
                        match shims::call(self, t, b, args, ret_bits, chooser) {
                            Flow::Return(v) => {
                                if let Some((r, _)) = dst {
                                    self.set_reg(t, base, r, mask(v, ret_bits));
                                }
                                if self.sym.is_some() {
                                    self.sym_after_builtin(t, base, b, args, dst.map(|(r, _)| r));
                                }
                                // A model may end the execution at a limit (the memory).
                                if self.ending.is_done() {
                                    return Next::Stop(Stop::End);
                                }
                            }
                            Flow::ReturnWords(mut w) => {
                                if self.sym.is_some() {
                                    self.sym_after_builtin(t, base, b, args, dst.map(|(r, _)| r));
                                }
                                if let Some((r, words)) = dst {
                                    w.resize(words as usize, 0);
                                    self.set_words(t, base, r, &w);
                                }
                            }
                            flow @ (Flow::Stay | Flow::Spawned(_)) => {
                                if let Flow::Spawned(new) = flow {
                                    self.run_local(new, chooser);
                                    self.flush_guards(new);
                                    // The creation changed what polling threads see.
                                    self.memory.write_epoch += 1;
                                }
                                if self.ending.is_done() {
                                    return Next::Stop(Stop::End);
                                }
                                if self.threads.terminating(t) {
                                    return Next::Stop(Stop::Yield);
                                }
                                return Next::Resume;
                            }
                            Flow::Block => return Next::Stop(Stop::Yield),
                            Flow::End => return Next::Stop(Stop::End),
                        }
                        return Next::Advance;
                    }
                };
                if prog.functions[func as usize].atomic && self.threads[t].atomic_depth == 0 {
                    if !*granted {
                        return Next::Stop(Stop::Yield);
                    }
                    *granted = false;
                }
                let params = if self.sym.is_some() { self.sym_args(t, base, func, args, fixed) } else { Vec::new() };
                let depth = self.threads[t].frames.len();
                self.call_function(t, func, args, fixed, dst);
                if self.ending.is_done() {
                    return Next::Stop(Stop::End);
                }
                if !params.is_empty() && self.threads[t].frames.len() == depth + 1 {
                    self.sym_enter(t, &params);
                }
                return Next::Resume;
            }
            Inst::VaArg { dst, list, bytes } => {
                let a = rd(prog, regs, base, *list) & ptr_mask;
                match shims::va_arg_next(self, a, *bytes) {
                    Ok(v) => self.set_reg(t, base, *dst, v),
                    Err(e) => {
                        self.fault(t, e);
                        return Next::Stop(Stop::End);
                    }
                }
            }
            other => unreachable!("{other:?} is not a call"),
        }
        Next::Advance
    }

    /// Returns, jumps, branches and the instructions that end the execution.
    fn exec_control(
        &mut self,
        prog: &Program,
        t: usize,
        (pc, base): (u32, usize),
        inst: &Inst,
        granted: &mut bool,
    ) -> Next {
        let th = &self.threads[t];
        let regs = &th.regs;
        match inst {
            Inst::Ret { val } => {
                // The frame's locals end with it: when another thread can reach one, that
                // is an access of all of it (see `object_end`).
                if let Some(fr) = th.frames.last().filter(|fr| !fr.allocas.is_empty()) {
                    let allocas = fr.allocas.clone();
                    if !self.gate_object_end(t, &allocas, granted) {
                        return Next::Stop(Stop::Yield);
                    }
                }
                let th = &self.threads[t];
                let regs = &th.regs;
                if self.sym.is_some() && !th.sym_regs.is_empty() {
                    self.sym_return(t, base, *val);
                    if self.ending.is_done() {
                        return Next::Stop(Stop::End);
                    }
                    return Next::Resume;
                }
                if let (Some((o, 1)), Some(fr)) = (val, th.frames.last()) {
                    if fr.kind == FrameKind::Call && fr.allocas.is_empty() && !fr.atomic && th.frames.len() > 1 {
                        // Fast path: a one-word result and nothing to release.
                        let v = rd(prog, regs, base, *o);
                        self.return_simple(t, v);
                        return Next::Resume;
                    }
                }
                let v = val.map(|(o, w)| rd_words(prog, regs, base, o, w));
                self.return_from(t, v);
                if self.ending.is_done() {
                    return Next::Stop(Stop::End);
                }
                if self.threads.terminating(t) {
                    return Next::Stop(Stop::Yield);
                }
                Next::Resume
            }
            Inst::Jump { target } => {
                self.set_pc(t, *target);
                if *target <= pc && self.back_edge(t) {
                    return Next::Stop(Stop::Yield);
                }
                Next::Resume
            }
            Inst::Branch { cond, then_pc, else_pc } => {
                let c = rd(prog, regs, base, *cond) & 1 != 0;
                let target = if c { *then_pc } else { *else_pc };
                self.set_pc(t, target);
                if target <= pc && self.back_edge(t) {
                    return Next::Stop(Stop::Yield);
                }
                Next::Resume
            }
            Inst::Switch { val, bits, cases, default } => {
                let v = mask(rd(prog, regs, base, *val), *bits);
                let target = cases.iter().find(|(c, _)| mask(*c, *bits) == v).map_or(*default, |(_, p)| *p);
                self.set_pc(t, target);
                Next::Resume
            }
            Inst::Unreachable => {
                self.fail(
                    t,
                    ErrorKind::Unreachable,
                    "reached `unreachable` (undefined behaviour, e.g. a non-void function ended without return)",
                );
                Next::Stop(Stop::End)
            }
            Inst::Unsupported { what } => {
                let what = what.to_string();
                self.unsupported(t, what);
                Next::Stop(Stop::End)
            }
            other => unreachable!("{other:?} is not a terminator"),
        }
    }

    /// Checks a memory access (faulting on error) and decides whether it is a scheduling
    /// point; `Err` says how the interpreter loop must stop.
    #[inline]
    fn access(
        &mut self,
        t: usize,
        addr: u64,
        len: u64,
        order: ravel_ir::Ordering,
        kind: AccessKind,
        granted: &mut bool,
    ) -> Result<(u32, usize), Stop> {
        self.close_value_access();
        let (id, off) = match self.memory.check(addr, len, kind != AccessKind::Read) {
            Ok(x) => x,
            Err(e) => {
                self.fault(t, e);
                return Err(Stop::End);
            }
        };
        if !self.gate(t, id, (addr, len), order, kind, granted) {
            return Err(Stop::Yield);
        }
        self.record_access(t, id, off as u64, len, kind, order != ravel_ir::Ordering::NotAtomic);
        Ok((id, off))
    }

    /// Stores into a global no load observes are checked (by [`Machine::access`]) but not
    /// performed, so its contents never tell states apart.
    fn skip_unread_store(&mut self, id: u32) -> bool {
        if !self.memory.objects[id as usize].unread {
            return false;
        }
        if let Some(st) = self.sym.as_mut() {
            st.pending_store = None;
        }
        true
    }

    /// Called on every backward jump. After many iterations without a visible operation,
    /// checks whether the thread's state repeats (Brent's cycle detection over a hash of
    /// its frame and the memory write counter): then it loops forever without side
    /// effects and is marked stuck. Returns true when it is.
    fn back_edge(&mut self, t: usize) -> bool {
        let th = &mut self.threads[t];
        th.loop_count += 1;
        if !loop_check_due(th.loop_count) {
            return false;
        }
        let sig = self.state_signature(t);
        let th = &mut self.threads[t];
        if th.loop_saved == Some(sig) {
            th.stuck = Some(self.memory.write_epoch);
            th.loop_count = 0;
            th.loop_saved = None;
            return true;
        }
        if th.loop_count.is_power_of_two() {
            th.loop_saved = Some(sig);
        }
        false
    }

    /// Calls a program function from the Call instruction at the current pc.
    fn call_function(&mut self, t: usize, func: FuncId, args: &[Arg], fixed: u32, dst: Option<(u32, u32)>) {
        let prog = self.program.clone();
        let Some(base) = self.threads[t].frames.last().map(|f| f.base) else {
            return;
        };
        let callee = &prog.functions[func as usize];
        if !callee.is_var_arg
            && !callee.atomic
            && args.len() <= callee.params.len()
            && args.iter().all(|a| a.byval == 0)
        {
            self.call_direct(t, func, base, args, dst);
            return;
        }
        let nparams = callee.params.len();
        let mut fixed_vals = Vec::new();
        let mut var_vals = Vec::new();
        let mut copies = Vec::new();
        for (i, a) in args.iter().enumerate() {
            let mut w = rd_words(&prog, &self.threads[t].regs, base, a.opd, a.bytes.div_ceil(8).max(1));
            if a.byval > 0 {
                // The callee owns a private copy of a by-value aggregate.
                let loc = self.current_loc(t);
                let data = match self.memory.read(w[0] & prog.model.ptr_mask(), a.byval as u64) {
                    Ok(d) => d,
                    Err(e) => return self.fault(t, e),
                };
                let slot = self.threads[t].slot;
                let Some((id, copy)) = self.memory.allocate(slot, a.byval as u64, 16, ObjKind::Stack, t, loc) else {
                    if !self.narrow_region_full(t, a.byval as u64) {
                        self.fail(t, ErrorKind::StackOverflow, "no stack left for a by-value argument");
                    }
                    return;
                };
                self.memory.objects[id as usize].bytes = std::rc::Rc::from(data);
                copies.push(id);
                w[0] = copy;
            }
            if i < nparams && (i < fixed as usize || !callee.is_var_arg) {
                fixed_vals.push(w);
            } else {
                var_vals.push((w, a.bytes, a.is_float));
            }
        }
        let pc = self.threads[t].frames.last().map_or(0, |f| f.pc);
        self.set_pc(t, pc + 1);
        self.push_frame(t, func, &fixed_vals, &var_vals, dst, FrameKind::Call);
        if let Some(fr) = self.threads[t].frames.last_mut() {
            fr.allocas.extend(copies);
        }
        if self.threads[t].stack_bytes > self.config.stack_limit || self.threads[t].frames.len() > 1_000_000 {
            self.fail(
                t,
                ErrorKind::StackOverflow,
                format!("stack overflow: recursion too deep ({} frames)", self.threads[t].frames.len()),
            );
        }
    }

    /// Calls a fixed-arity function: arguments go straight into the new frame's registers.
    pub(crate) fn call_direct(&mut self, t: usize, func: FuncId, base: usize, args: &[Arg], dst: Option<(u32, u32)>) {
        let prog = &self.program;
        let callee = &prog.functions[func as usize];
        let th = &mut self.threads[t];
        th.loop_count = 0;
        let new_base = th.regs.len();
        th.regs.resize(new_base + callee.frame_words as usize, 0);
        for (a, (preg, pwords)) in args.iter().zip(&callee.params) {
            let dst_at = new_base + *preg as usize;
            match a.opd {
                Opd::Reg(r) if *pwords == 1 => th.regs[dst_at] = th.regs[base + r as usize],
                Opd::Reg(r) => {
                    let src = base + r as usize;
                    th.regs.copy_within(src..src + *pwords as usize, dst_at);
                }
                Opd::Imm(v) => th.regs[dst_at] = v,
                Opd::Wide(i) => th.regs[dst_at..dst_at + *pwords as usize].copy_from_slice(prog.wide(i, *pwords)),
            }
        }
        if let Some(fr) = th.frames.last_mut() {
            fr.pc += 1;
        }
        th.stack_bytes += callee.frame_words as u64 * 8 + 64;
        let kind = FrameKind::Call;
        th.calls = th.calls.wrapping_add(1);
        th.frames.push(crate::thread::Frame {
            func,
            pc: 0,
            base: new_base,
            ret: dst,
            allocas: Vec::new(),
            va_area: 0,
            kind,
            atomic: false,
            serial: th.calls,
        });
        if th.stack_bytes > self.config.stack_limit {
            let n = th.frames.len();
            self.fail(t, ErrorKind::StackOverflow, format!("stack overflow: recursion too deep ({n} frames)"));
        }
    }

    /// Returns a one-word value from a frame with nothing to release.
    pub(crate) fn return_simple(&mut self, t: usize, v: u64) {
        let th = &mut self.threads[t];
        th.loop_count = 0;
        let Some(fr) = th.frames.pop() else { return };
        th.regs.truncate(fr.base);
        if !th.sym_regs.is_empty() {
            th.sym_regs.retain(|&k, _| (k as usize) < fr.base);
        }
        th.stack_bytes =
            th.stack_bytes.saturating_sub(self.program.functions[fr.func as usize].frame_words as u64 * 8 + 64);
        if let (Some((r, _)), Some(caller)) = (fr.ret, th.frames.last()) {
            th.regs[caller.base + r as usize] = v;
        }
    }

    /// A spare object of the private `alloca` at `pc` of `func` for thread `t`, revived
    /// with `size` zeroed bytes, if the thread has one of that size.
    fn take_spare_alloca(&mut self, t: usize, func: FuncId, pc: ravel_ir::Pc, size: u64) -> Option<(ObjId, u64)> {
        let th = &mut self.threads[t];
        let i = th.spare_allocas.iter().rposition(|&(f, p, _)| f == func && p == pc)?;
        let (_, _, id) = th.spare_allocas.swap_remove(i);
        let (lo, hi) = self.memory.slot_bounds(th.slot);
        let base = self.memory.revive_stack_object(id, t, size, lo..hi)?;
        Some((id, base))
    }
}
