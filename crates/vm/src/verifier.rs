//! The verification API's semantics and process control, for the libc shim: values the
//! program leaves open (`__VERIFIER_nondet_*`, `klee_make_symbolic`), assumptions, atomic
//! sections, `abort` and `atexit`.

use crate::ending::End;
use crate::machine::{Chooser, Machine};
use crate::memory::{Fault, ObjKind};
use crate::thread::FrameKind;
use ravel_ir::{FuncId, ParamKind, SrcLoc, ENTRY_BLOCK_BYTES};

impl Machine {
    /// Whether open values become symbolic inputs: in a concolic execution that is not
    /// being recorded for prediction (a recording replays chosen values).
    fn open_values_symbolic(&self) -> bool {
        self.is_symbolic() && !self.is_recording()
    }

    /// A value of `ret_bits` bits the program leaves open: a fresh input when symbolic
    /// (up to 64 bits), else the chooser's.
    pub(crate) fn nondet(&mut self, t: usize, ret_bits: u32, chooser: &mut dyn Chooser) -> u64 {
        let loc = self.current_loc(t);
        self.open_value(ret_bits, loc, chooser)
    }

    /// [`Machine::nondet`] at `loc`.
    fn open_value(&mut self, ret_bits: u32, loc: SrcLoc, chooser: &mut dyn Chooser) -> u64 {
        if self.open_values_symbolic() && ret_bits <= 64 {
            let bits = ret_bits.max(1);
            return self.fresh_input(bits, bits, loc);
        }
        chooser.nondet(ret_bits.clamp(1, 64), loc)
    }

    /// Starts the first thread in an `--entry` function (see
    /// [`ravel_ir::Program::set_entry`]): an open value for each integer parameter, a
    /// fresh zeroed heap block for each pointer (as if its caller had allocated it), zeros
    /// for anything wider than 64 bits.
    pub(crate) fn start_entry(&mut self, f: FuncId, chooser: &mut dyn Chooser) {
        let program = self.program.clone();
        let func = &program.functions[f as usize];
        let loc = func.loc;
        let mut args = Vec::new();
        let mut shadows = Vec::new();
        for (&(reg, words), kind) in func.params.iter().zip(&func.param_kinds) {
            args.push(match *kind {
                ParamKind::Int(bits) if bits <= 64 => {
                    let value = self.open_value(bits, loc, chooser);
                    if let Some(e) = self.sym.as_mut().and_then(|st| st.pending_ret.take()) {
                        shadows.push((reg, e));
                    }
                    vec![value]
                }
                ParamKind::Ptr => {
                    let block = self.memory.allocate(0, ENTRY_BLOCK_BYTES, 16, ObjKind::Heap, 0, loc);
                    let addr = block.map_or(0, |(_, a)| a);
                    self.note_allocation_site(addr, 0);
                    vec![addr]
                }
                _ => vec![0; words as usize],
            });
        }
        let base = self.threads[0].regs.len();
        self.push_frame(0, f, &args, &[], None, FrameKind::Start);
        for (reg, e) in shadows {
            self.set_shadow(0, base, reg, Some(e));
        }
    }

    /// An open value only ever compared with zero: 0 and 1 stand for every value.
    pub(crate) fn nondet_zero_one(&mut self, t: usize, ret_bits: u32, chooser: &mut dyn Chooser) -> u64 {
        let loc = self.current_loc(t);
        if self.open_values_symbolic() {
            return self.fresh_input(1, ret_bits.max(1), loc);
        }
        chooser.nondet(1, loc)
    }

    /// `len` open bytes at `addr` (`klee_make_symbolic`).
    pub(crate) fn nondet_bytes(
        &mut self,
        t: usize,
        addr: u64,
        len: u64,
        chooser: &mut dyn Chooser,
    ) -> Result<(), Fault> {
        let loc = self.current_loc(t);
        if self.open_values_symbolic() {
            return self.fresh_bytes(addr, len, loc);
        }
        let bytes: Vec<u8> = (0..len).map(|_| chooser.nondet(8, loc) as u8).collect();
        self.memory.write(addr, &bytes)
    }

    /// `assume(holds)`: an execution where it does not hold ends without a verdict of its
    /// own; returns `holds`.
    pub(crate) fn assume(&mut self, t: usize, holds: bool) -> bool {
        if !holds {
            let loc = self.current_loc(t);
            self.ending.set(End::AssumeFailed(loc));
        }
        holds
    }

    /// `abort()`: abnormal termination, an error (what a failed assertion of glib, NSPR
    /// or the program's own macro ends in), except where it only cuts a path: in SV-COMP
    /// mode, and inside SV-COMP's `assume_abort_if_not`.
    pub(crate) fn abort(&mut self, t: usize) {
        self.terminate_abnormally(t, "the program called abort()".into());
    }

    /// The process ends abnormally in thread `t` (`abort()`, a fatal signal).
    pub(crate) fn terminate_abnormally(&mut self, t: usize, message: String) {
        let loc = self.current_loc(t);
        if self.config.abort_ends_path || self.in_assume_idiom(t) {
            self.ending.set(End::Abort(loc));
        } else {
            self.fail(t, crate::error::ErrorKind::Abort, message);
        }
    }

    /// Whether thread `t` is inside SV-COMP's `void assume_abort_if_not(int cond) { if
    /// (!cond) abort(); }`, where `abort()` means an assumption.
    fn in_assume_idiom(&self, t: usize) -> bool {
        let name = |fr: &crate::thread::Frame| self.program.functions[fr.func as usize].name.as_str();
        self.threads[t].frames.last().is_some_and(|fr| name(fr) == "assume_abort_if_not")
    }
}
