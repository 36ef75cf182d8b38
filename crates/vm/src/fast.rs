//! The interpreter's fast loop: runs a thread's local code on the dense form of its
//! functions ([`ravel_ir::dense`]) for as long as every instruction is one whose
//! execution has no effect beyond registers, the thread's own stack of frames and plain
//! memory nobody else can observe yet.
//!
//! It hands back to the general loop ([`Machine::run`]) *before* any instruction it does
//! not handle, or that would do anything more: an error to report (out of bounds, use
//! after free, division by zero, ...), an access that is or may be a visible operation,
//! a pointer store into shared memory (which publishes what it points to), a backward
//! jump on which the endless-loop check samples the state, the step at which limits are
//! checked. The general loop then executes that instruction exactly as it always did, so
//! every check and every piece of bookkeeping keeps one implementation; this loop only
//! skips the decoding and the checks that cannot fire.
//!
//! Memory accesses go through a small cache of objects known to be alive, each marked
//! quiet (no gate bookkeeping for a plain access to it) or slow (the general loop's at
//! once): bounds are one comparison pair on a hit, and the object table is consulted only
//! on a miss. The cache ([`QuietObjects`]) lives in
//! `Memory` between runs of the loop: an object leaves it when it dies or becomes shared
//! (`Memory::release`, `Memory::share`, which only the general loop calls), and all leave
//! when the admission rules change. Within one run of the inner loop, a cached object's
//! contents are reached through a pointer resolved on its first access: nothing else
//! touches contents while the loop runs.

use crate::interp::loop_check_due;
use crate::machine::{Granularity, Machine, Stop};
use crate::memory::{read_word, write_word, Memory, ObjKind, QuietEntry, QuietObjects, QUIET_WAYS};
use crate::thread::{FrameKind, Thread};
use crate::values::{bin, cast, cmp, fbin, fcmp, from_f, mask, to_f};
use ravel_ir::dense::{Index, Op};
use ravel_ir::{sign_extend, BinOp, CastOp, FBinOp, Inst, Program};

/// An operation of [`bin`] that cannot fail (no division), on its own op: inlined with
/// the operation known, it compiles to the bare arithmetic.
#[inline(always)]
fn arith(op: BinOp, bits: u8, a: u64, b: u64) -> u64 {
    bin(op, bits as u32, a, b).unwrap_or_default()
}

/// What address computation `ix` computes, without writing registers (so that the op
/// can still hand over to the general loop): the address, the inner address before the
/// fused field offset, and the index after the fused cast.
#[inline(always)]
fn address_of(ix: &Index, r: &[u64], k: &[u64]) -> (u64, u64, u64) {
    let v = ix.index.get(r, k);
    let p = ix.base.get(r, k).wrapping_add(ix.offset as i64 as u64);
    if ix.wide {
        // No masks: every value is a full word (the casts that widen to 64 bits).
        let index = if ix.ext == Some(CastOp::SExt) { sign_extend(v, ix.from as u32) } else { v };
        let inner = p.wrapping_add(index.wrapping_mul(ix.scale as i64 as u64));
        return (inner.wrapping_add(ix.field as i64 as u64), inner, index);
    }
    // The index casts of a GEP, on words (registers hold values masked to their width).
    let index = match ix.ext {
        Some(CastOp::SExt) => mask(sign_extend(v, ix.from as u32), ix.index_bits as u32),
        Some(_) => mask(v, ix.index_bits as u32),
        None => v,
    };
    let i = sign_extend(index, ix.index_bits as u32);
    let inner = mask(p.wrapping_add(i.wrapping_mul(ix.scale as i64 as u64)), ix.ptr_bits as u32);
    (mask(inner.wrapping_add(ix.field as i64 as u64), ix.ptr_bits as u32), inner, index)
}

/// Writes the registers of address computation `ix` ([`address_of`]'s results): the
/// cast index (when fused), the inner address, then the address (the same register when
/// no field GEP is fused).
#[inline(always)]
fn set_address(ix: &Index, r: &mut [u64], (a, inner, index): (u64, u64, u64)) {
    if ix.ext.is_some() {
        r[ix.ext_dst as usize] = index;
    }
    r[ix.inner as usize] = inner;
    r[ix.dst as usize] = a;
}

/// What, besides plain memory, the fast loop may access without the general loop.
struct Quiet {
    /// Memory accesses at all: no symbolic bytes, no recording of accesses.
    memory: bool,
    /// Plain accesses to shared objects are no visible operations and log nothing.
    shared: bool,
    detect_races: bool,
}

impl Quiet {
    /// The admission rules as one number, to tell whether cached admissions still hold.
    fn code(&self) -> u8 {
        self.memory as u8 | (self.shared as u8) << 1 | (self.detect_races as u8) << 2
    }

    /// The object accessed by `len` bytes at `addr`, when the access is in bounds of a
    /// live object: `slow` unless its gate ([`Machine::gate`]) would let it through
    /// without any bookkeeping (which depends only on the object and these rules).
    #[cold]
    fn admit(&self, mem: &mut Memory, addr: u64, len: u64) -> Option<QuietEntry> {
        if !self.memory {
            return None;
        }
        let (id, off) = mem.find(addr)?;
        let obj = &mem.objects[id as usize];
        // An undefined external global has no bytes: the general loop reports it.
        if !obj.alive || obj.kind == ObjKind::Extern || off + len > obj.size {
            return None;
        }
        let read_only = obj.kind == ObjKind::ConstGlobal;
        let quiet = !obj.shared || read_only || (obj.unread && !self.detect_races) || self.shared;
        Some(QuietEntry {
            lo: obj.base,
            hi: obj.base + obj.size,
            id,
            writable: !read_only && !obj.unread,
            shared: obj.shared,
            slow: !quiet,
        })
    }
}

/// Why the inner loop stopped.
enum Exit {
    /// At an instruction for the general loop.
    Slow,
    /// At a call of this function whose arguments go straight into registers.
    Call(ravel_ir::FuncId),
    /// At a return of this one-word value from a frame with nothing to release.
    Ret(u64),
}

impl Machine {
    /// Runs thread `t` on the dense form until an instruction the general loop must
    /// execute (the thread's pc is then at it, `None`) or the end of the execution. Never
    /// lets [`Machine::steps`] reach `next_check`, where the general loop checks limits.
    /// Only for concrete executions (no symbolic state).
    pub(crate) fn run_fast(&mut self, t: usize, prog: &Program, next_check: u64) -> Option<Stop> {
        let fr = self.threads[t].frames.last()?;
        if prog.functions[fr.func as usize].dense.ops[fr.pc as usize] == Op::Slow {
            return None;
        }
        let config = &self.config;
        // Mirrors `Machine::gate` for a plain access to a shared object: nothing to log,
        // and no scheduling point (inside an atomic section, alone, or only
        // synchronisation interleaves). Under TSO such stores are buffered.
        let in_atomic = self.threads[t].atomic_depth > 0;
        let alone = self.threads.alone();
        // Before the first thread is created nothing can interleave or race with main's
        // accesses (every later one happens after them): the event log needs none of them.
        let unlogged = !config.log_events || self.threads.len() == 1;
        let quiet = Quiet {
            memory: self.journal.recording().is_none() && !config.record_accesses && self.memory.sym.is_empty(),
            shared: unlogged
                && !config.store_buffers()
                && (in_atomic || alone || config.granularity == Granularity::Sync),
            detect_races: config.detect_races,
        };
        let mut cache = self.memory.take_quiet_objects(quiet.code());
        let stop = self.run_quiet(t, prog, next_check, &quiet, &mut cache);
        self.memory.quiet_objects = cache;
        stop
    }

    /// [`Machine::run_fast`]'s loop, with accesses admitted under `quiet`.
    fn run_quiet(
        &mut self,
        t: usize,
        prog: &Program,
        next_check: u64,
        quiet: &Quiet,
        cache: &mut QuietObjects,
    ) -> Option<Stop> {
        let ptr_mask = prog.model.ptr_mask();
        let ptr_bytes = prog.model.ptr_bytes as u8;
        loop {
            let Thread { frames, regs, loop_count, .. } = &mut self.threads[t];
            let fr = frames.last()?;
            let (mut pc, base) = (fr.pc, fr.base);
            let f = &prog.functions[fr.func as usize];
            let (ops, k) = (&f.dense.ops[..], &f.dense.consts[..]);
            let r = &mut regs[base..];
            let mem = &mut self.memory;
            let mut steps = self.steps;
            // No straight run of code (at most `max_straight` steps, fused ops included)
            // that starts below this step count reaches `next_check`, where the general
            // loop checks limits: the budget is checked only when control jumps.
            let budget_end = next_check.saturating_sub(f.dense.max_straight + 4);
            // Control goes on at `to`, if the budget lets it.
            macro_rules! jump {
                ($to:expr) => {
                    pc = $to;
                    if steps >= budget_end {
                        break Exit::Slow;
                    }
                    continue;
                };
            }
            // A backward jump from `at` to `to` counts towards the endless-loop check;
            // the one that samples the state is left to the general loop.
            macro_rules! back_edge {
                ($to:expr, $at:expr) => {
                    if $to <= $at {
                        if loop_check_due(*loop_count + 1) {
                            break Exit::Slow;
                        }
                        *loop_count += 1;
                    }
                };
            }
            // Where the contents of each cached object start, for this run of the inner
            // loop (null until first used): nothing but this loop touches contents while it
            // runs, so they cannot move, become shared or be dropped under it.
            let mut contents = [std::ptr::null_mut::<u8>(); QUIET_WAYS];
            // The cached object holding `$len` bytes at `$addr`, and the access's place in
            // its contents.
            macro_rules! object {
                ($addr:expr, $len:expr) => {{
                    let way = match cache.get($addr, $len) {
                        Some(way) => way,
                        None => match quiet.admit(mem, $addr, $len) {
                            Some(e) => {
                                let way = cache.insert(e);
                                contents[way] = std::ptr::null_mut();
                                way
                            }
                            None => break Exit::Slow,
                        },
                    };
                    let e = cache.entry(way);
                    if e.slow {
                        break Exit::Slow;
                    }
                    if contents[way].is_null() {
                        let Some(p) = mem.contents(e.id, e.writable) else { break Exit::Slow };
                        contents[way] = p;
                    }
                    // SAFETY: `[$addr, $addr + $len)` lies within `[e.lo, e.hi)`, the
                    // object's extent, which its contents cover (`Memory::contents`).
                    (e, unsafe { contents[way].add(($addr - e.lo) as usize) })
                }};
            }
            // An access through a computed address must be in the object its base pointer
            // points into; otherwise the general loop checks it (`Memory::check_derived`).
            macro_rules! derived_within {
                ($e:expr, $ix:expr) => {
                    let from = $ix.base.get(r, k) & ptr_mask;
                    if from < $e.lo || from > $e.hi {
                        break Exit::Slow;
                    }
                };
            }
            // A plain store of `$v` to `$at` in object `$e`, unless the object is not
            // writable or the store may publish a pointer (the general loop's cases).
            macro_rules! store {
                ($e:expr, $at:expr, $v:expr, $bytes:expr) => {
                    let v = $v;
                    if !$e.writable || ($e.shared && $bytes >= ptr_bytes && mem.may_hold_address(v, ptr_bytes as u32)) {
                        break Exit::Slow;
                    }
                    // A store of what is there already changes nothing (a spinning
                    // thread's stores must not look like progress).
                    // SAFETY: `$at` has `$bytes` bytes of a live object whose contents are
                    // its own (`object!`, writable).
                    if unsafe { read_word($at, $bytes) } != mask(v, $bytes as u32 * 8) {
                        mem.write_epoch += 1;
                        // SAFETY: as above.
                        unsafe { write_word($at, $bytes, v) };
                    }
                };
            }
            let exit = if steps >= budget_end {
                Exit::Slow
            } else {
                loop {
                    match ops[pc as usize] {
                        Op::Slow => break Exit::Slow,
                        Op::BinRR { op, bits, dst, a, b } => {
                            let Ok(v) = bin(op, bits as u32, r[a as usize], r[b as usize]) else { break Exit::Slow };
                            r[dst as usize] = v;
                        }
                        Op::BinRI { op, bits, dst, a, b } => {
                            let Ok(v) = bin(op, bits as u32, r[a as usize], b) else { break Exit::Slow };
                            r[dst as usize] = v;
                        }
                        Op::AddRR { bits, dst, a, b } => {
                            r[dst as usize] = arith(BinOp::Add, bits, r[a as usize], r[b as usize])
                        }
                        Op::AddRI { bits, dst, a, b } => r[dst as usize] = arith(BinOp::Add, bits, r[a as usize], b),
                        Op::SubRR { bits, dst, a, b } => {
                            r[dst as usize] = arith(BinOp::Sub, bits, r[a as usize], r[b as usize])
                        }
                        Op::SubRI { bits, dst, a, b } => r[dst as usize] = arith(BinOp::Sub, bits, r[a as usize], b),
                        Op::MulRR { bits, dst, a, b } => {
                            r[dst as usize] = arith(BinOp::Mul, bits, r[a as usize], r[b as usize])
                        }
                        Op::MulRI { bits, dst, a, b } => r[dst as usize] = arith(BinOp::Mul, bits, r[a as usize], b),
                        Op::CmpRR { pred, bits, dst, a, b } => {
                            r[dst as usize] = cmp(pred, bits as u32, r[a as usize], r[b as usize]) as u64;
                        }
                        Op::CmpRI { pred, bits, dst, a, b } => {
                            r[dst as usize] = cmp(pred, bits as u32, r[a as usize], b.get(r, k)) as u64;
                        }
                        Op::CmpBr { pred, bits, dst, a, b, then_pc, else_pc } => {
                            let c = cmp(pred, bits as u32, r[a as usize], b.get(r, k));
                            let to = if c { then_pc } else { else_pc };
                            back_edge!(to, pc + 1);
                            r[dst as usize] = c as u64;
                            steps += 2;
                            jump!(to);
                        }
                        Op::Cast { op, from, to, dst, a } => {
                            let v = a.get(r, k);
                            r[dst as usize] = match op {
                                CastOp::SExt => mask(sign_extend(v, from as u32), to as u32),
                                CastOp::ZExt | CastOp::Trunc => mask(v, to as u32),
                                _ => cast(op, from as u32, to as u32, v as u128) as u64,
                            };
                        }
                        Op::FBin { op, double, dst, a, b } => {
                            r[dst as usize] = fbin(op, double, a.get(r, k), b.get(r, k))
                        }
                        Op::FAdd { dst, a, b } => r[dst as usize] = fbin(FBinOp::Add, true, a.get(r, k), b.get(r, k)),
                        Op::FSub { dst, a, b } => r[dst as usize] = fbin(FBinOp::Sub, true, a.get(r, k), b.get(r, k)),
                        Op::FMul { dst, a, b } => r[dst as usize] = fbin(FBinOp::Mul, true, a.get(r, k), b.get(r, k)),
                        Op::FDiv { dst, a, b } => r[dst as usize] = fbin(FBinOp::Div, true, a.get(r, k), b.get(r, k)),
                        Op::FCmp { pred, double, dst, a, b } => {
                            r[dst as usize] = fcmp(pred, to_f(a.get(r, k), double), to_f(b.get(r, k), double)) as u64;
                        }
                        Op::Select { dst, cond, t, f } => {
                            r[dst as usize] = if cond.get(r, k) & 1 != 0 { t.get(r, k) } else { f.get(r, k) };
                        }
                        Op::Move { dst, src } => r[dst as usize] = src.get(r, k),
                        Op::MoveJump { dst, src, target } => {
                            back_edge!(target, pc + 1);
                            r[dst as usize] = src.get(r, k);
                            steps += 2;
                            jump!(target);
                        }
                        Op::Gep(ix) => {
                            // The result must stay in the base pointer's object, or the
                            // general loop checks where it lands (`Memory::check_derived`).
                            let computed = address_of(&ix, r, k);
                            let from = ix.base.get(r, k) & ptr_mask;
                            let Some(way) = cache.get(from, 1) else { break Exit::Slow };
                            let e = cache.entry(way);
                            if !(e.lo..=e.hi).contains(&(computed.0 & ptr_mask)) {
                                break Exit::Slow;
                            }
                            set_address(&ix, r, computed);
                            pc += ix.insts() as u32;
                            steps += ix.insts();
                            continue;
                        }
                        Op::GepLoad { ix, dst, bytes } => {
                            let computed = address_of(&ix, r, k);
                            let a = computed.0 & ptr_mask;
                            let (e, at) = object!(a, bytes as u64);
                            derived_within!(e, ix);
                            set_address(&ix, r, computed);
                            // SAFETY: `at` has `bytes` bytes of a live object (`object!`).
                            r[dst as usize] = unsafe { read_word(at, bytes) };
                            pc += ix.insts() as u32 + 1;
                            steps += ix.insts() + 1;
                            continue;
                        }
                        Op::GepStore { ix, val, bytes } => {
                            let computed = address_of(&ix, r, k);
                            let a = computed.0 & ptr_mask;
                            let (e, at) = object!(a, bytes as u64);
                            derived_within!(e, ix);
                            set_address(&ix, r, computed);
                            store!(e, at, val.get(r, k), bytes);
                            pc += ix.insts() as u32 + 1;
                            steps += ix.insts() + 1;
                            continue;
                        }
                        Op::Load { dst, addr, bytes } => {
                            let a = addr.get(r, k) & ptr_mask;
                            let (_, at) = object!(a, bytes as u64);
                            // SAFETY: as for `GepLoad`.
                            r[dst as usize] = unsafe { read_word(at, bytes) };
                        }
                        Op::Store { addr, val, bytes } => {
                            let a = addr.get(r, k) & ptr_mask;
                            let (e, at) = object!(a, bytes as u64);
                            store!(e, at, val.get(r, k), bytes);
                        }
                        Op::Jump { target } => {
                            back_edge!(target, pc);
                            steps += 1;
                            jump!(target);
                        }
                        Op::Branch { cond, then_pc, else_pc } => {
                            let to = if cond.get(r, k) & 1 != 0 { then_pc } else { else_pc };
                            back_edge!(to, pc);
                            steps += 1;
                            jump!(to);
                        }
                        Op::CallDirect { func } => {
                            steps += 1;
                            break Exit::Call(func);
                        }
                        Op::CallIndirect { target } => {
                            let Some(func) = prog.function_at(target.get(r, k) & ptr_mask) else { break Exit::Slow };
                            let callee = &prog.functions[func as usize];
                            let Inst::Call { args, .. } = &f.code[pc as usize] else { break Exit::Slow };
                            if callee.is_var_arg || callee.atomic || args.len() > callee.params.len() {
                                break Exit::Slow;
                            }
                            steps += 1;
                            break Exit::Call(func);
                        }
                        Op::Sqrt { dst, a } => r[dst as usize] = from_f(to_f(a.get(r, k), true).sqrt(), true),
                        Op::Ret { val } => {
                            let fr = &frames[frames.len() - 1];
                            if frames.len() < 2 || fr.kind != FrameKind::Call || !fr.allocas.is_empty() || fr.atomic {
                                break Exit::Slow;
                            }
                            steps += 1;
                            break Exit::Ret(val.get(r, k));
                        }
                    }
                    pc += 1;
                    steps += 1;
                }
            };
            self.steps = steps;
            match exit {
                Exit::Slow => {
                    if let Some(fr) = frames.last_mut() {
                        fr.pc = pc;
                    }
                    return None;
                }
                Exit::Call(func) => {
                    if let Some(fr) = frames.last_mut() {
                        fr.pc = pc;
                    }
                    let Inst::Call { args, dst, .. } = &f.code[pc as usize] else { return None };
                    self.call_direct(t, func, base, args, *dst);
                    if self.ending.is_done() {
                        return Some(Stop::End);
                    }
                }
                Exit::Ret(v) => self.return_simple(t, v),
            }
        }
    }
}
