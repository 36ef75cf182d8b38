//! Shadows across calls: arguments into a callee's parameters, return values back, and
//! what library functions do with symbolic arguments.

use crate::machine::{Chooser, Machine, Stop};
use crate::thread::FrameKind;
use crate::values::{rd, rd_words};
use ravel_ir::{Arg, Builtin, FuncId, Opd};
use ravel_sym::ExprId;

impl Machine {
    /// True for calls that only print their arguments to stdout or stderr: symbolic
    /// arguments are shown with their current values without constraining them (output
    /// never decides a verdict). Output to a file is not: the program may read it back.
    fn output_only(&self, t: usize, base: usize, b: Builtin, args: &[Arg]) -> bool {
        use Builtin::*;
        let stream = match b {
            Printf | Vprintf | Puts | Putchar | Fflush => return true,
            Fprintf | Vfprintf => 0,
            Fputs | Fputc => 1,
            Fwrite => 3,
            _ => return false,
        };
        let file = args.get(stream).map(|a| rd(&self.program, &self.threads[t].regs, base, a.opd));
        file.is_some_and(|f| self.std_stream(f & self.program.model.ptr_mask()).is_some())
    }

    /// Before a call of library function `b`: handles the arguments that are symbolic.
    /// `Err` when the execution ended meanwhile (a limit).
    pub(crate) fn sym_before_builtin(
        &mut self,
        t: usize,
        base: usize,
        b: Builtin,
        args: &[Arg],
        chooser: &mut dyn Chooser,
    ) -> Result<(), Stop> {
        self.sym.as_mut().expect("symbolic mode").pending_ret = None;
        if self.threads[t].sym_regs.is_empty() {
            return Ok(());
        }
        match b {
            Builtin::Assume => {
                if let Some(a) = args.first() {
                    self.sym_assume(t, base, a);
                    if self.ending.is_done() {
                        return Err(Stop::End);
                    }
                }
            }
            Builtin::RavelAssert => {
                if let Some(a) = args.first() {
                    if let Some(s) = self.shadow(t, base, a.opd) {
                        let c = rd(&self.program, &self.threads[t].regs, base, a.opd) != 0;
                        let cond = self.with_pool(|p| crate::symbolic::nonzero(p, s));
                        self.sym_decide(t, cond, c, chooser)?;
                        self.note_guard_origin(t, None);
                    }
                }
            }
            Builtin::Expect => {
                let e = args.first().and_then(|a| self.shadow(t, base, a.opd));
                self.sym.as_mut().expect("symbolic mode").pending_ret = e;
            }
            // The value is returned without its shadow and without a constraint: the
            // exploration follows it at this one value (the machine says so).
            Builtin::Abstract => {
                if args.first().is_some_and(|a| self.shadow(t, base, a.opd).is_some()) {
                    self.note_abstracted(t);
                }
            }
            b if self.output_only(t, base, b, args) => {}
            _ => {
                for a in args {
                    self.concretize(t, base, a.opd, "passed to a library function");
                }
            }
        }
        Ok(())
    }

    /// After a library call returned a value into `dst`: its shadow, and the bytes the
    /// model read concretely.
    pub(crate) fn sym_after_builtin(&mut self, t: usize, base: usize, b: Builtin, args: &[Arg], dst: Option<u32>) {
        if self.output_only(t, base, b, args) {
            self.memory.concretized.clear();
        } else {
            self.flush_concretized(t, "read by a library function");
        }
        let e = self.sym.as_mut().expect("symbolic mode").pending_ret.take();
        if let Some(r) = dst {
            self.set_shadow(t, base, r, e);
        }
    }

    /// Moves the shadows of returned values and argument values across calls: called
    /// with the shadows collected before the call, once the callee's frame exists.
    pub(crate) fn sym_enter(&mut self, t: usize, params: &[(u32, ExprId)]) {
        let Some(base) = self.threads[t].frames.last().map(|f| f.base) else { return };
        for &(reg, e) in params {
            self.threads[t].sym_regs.insert((base + reg as usize) as u32, e);
        }
    }

    /// Shadows of the arguments of a call of program function `func`, as (parameter
    /// register, expression); variadic symbolic arguments are concretised.
    pub(crate) fn sym_args(
        &mut self,
        t: usize,
        base: usize,
        func: FuncId,
        args: &[Arg],
        fixed: u32,
    ) -> Vec<(u32, ExprId)> {
        if self.threads[t].sym_regs.is_empty() {
            return Vec::new();
        }
        let prog = self.program.clone();
        let callee = &prog.functions[func as usize];
        let mut out = Vec::new();
        for (i, a) in args.iter().enumerate() {
            let Some(e) = self.shadow(t, base, a.opd) else { continue };
            let param = callee
                .params
                .get(i)
                .filter(|(_, words)| *words == 1 && a.byval == 0 && (!callee.is_var_arg || i < fixed as usize));
            match param {
                Some((reg, _)) => out.push((*reg, e)),
                None => self.concretize(t, base, a.opd, "passed as a variadic argument"),
            }
        }
        out
    }

    /// Returns from the current frame when the thread holds symbolic values: the caller's
    /// destination register receives the shadow of the returned value.
    pub(crate) fn sym_return(&mut self, t: usize, base: usize, val: Option<(Opd, u32)>) {
        let Some((kind, ret)) = self.threads[t].frames.last().map(|f| (f.kind, f.ret)) else { return };
        let shadow = match val {
            Some((o, 1)) => self.shadow(t, base, o),
            _ => None,
        };
        // A thread's return value matters only if someone joins it and looks (the join
        // then notes the lost precision); main's is the exit status; handlers' are unused.
        if kind == FrameKind::Start && t != 0 && shadow.is_some() {
            self.threads[t].retval_symbolic = true;
        }
        let value = val.map(|(o, w)| rd_words(&self.program, &self.threads[t].regs, base, o, w));
        self.return_from(t, value);
        if kind == FrameKind::Call {
            if let (Some((r, 1)), Some(caller)) = (ret, self.threads[t].frames.last()) {
                let caller_base = caller.base;
                self.set_shadow(t, caller_base, r, shadow);
            }
        }
    }
}
