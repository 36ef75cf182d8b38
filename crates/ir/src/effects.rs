//! Which globals a thread may still read or write, from any point of the code on.
//!
//! Partial-order reduction in the states engine may step one thread alone when its next
//! access commutes with everything every other thread may still do. For a global whose
//! address never escapes (see [`crate::global_uses`]) every access is an instruction
//! naming it, so a backward dataflow over each function's code, with callee summaries
//! and the start routines of the threads a call creates, bounds what any thread may still
//! access from its call stack. Calls through pointers may do anything, and programs that
//! run code implicitly (`atexit` handlers, thread-specific data destructors) get no
//! answers at all.

use crate::addr;
use crate::function::Function;
use crate::global::Global;
use crate::global_uses::{constants_in_data, for_each_use, Ranges, Use};
use crate::inst::{Callee, FuncId, Inst, Opd, Pc};
use crate::liveness::successors;
use crate::Builtin;

/// Programs with more (instructions × bitset words) than this get no answers (the
/// analysis would cost too much memory).
const MAX_CELLS: usize = 1 << 24;

/// For every function and pc, the tracked globals the code from there on may read and
/// may write (calls and created threads included).
#[derive(Clone, Debug, Default)]
pub struct Effects {
    /// Bit of each global (same order as the program's), for globals whose accesses are
    /// all known.
    bits: Vec<Option<u32>>,
    /// The bit meaning "anything": set where a call through a pointer may follow.
    unknown: u32,
    words: usize,
    /// Per function, `code.len() * words` bitset words each; empty when disabled.
    reads: Vec<Vec<u64>>,
    writes: Vec<Vec<u64>>,
}

impl Effects {
    /// Analyses the lowered functions; `escapes` tells which globals' addresses escape.
    pub(crate) fn new(
        functions: &[Function],
        globals: &[Global],
        escapes: &[bool],
        wide: &[u64],
        ptr_bytes: u32,
    ) -> Effects {
        let mut bits = vec![None; globals.len()];
        let mut next = 0u32;
        for (i, g) in globals.iter().enumerate() {
            if !escapes[i] && !g.thread_local && !g.is_const {
                bits[i] = Some(next);
                next += 1;
            }
        }
        let words = (next as usize + 1).div_ceil(64);
        let mut fx = Effects { bits, unknown: next, words, reads: Vec::new(), writes: Vec::new() };
        let cells: usize = functions.iter().map(|f| f.code.len() * words).sum();
        if cells > MAX_CELLS || functions.iter().any(runs_code_implicitly) {
            return fx;
        }
        let ranges = Ranges::new(globals);
        let taken = address_taken(functions, globals, wide, ptr_bytes);
        let direct: Vec<Direct> = functions.iter().map(|f| fx.direct(f, &ranges, functions.len(), &taken)).collect();
        let summaries = fx.summaries(&direct);
        for (f, d) in functions.iter().zip(&direct) {
            let (r, w) = fx.onward(f, d, &summaries);
            fx.reads.push(r);
            fx.writes.push(w);
        }
        fx
    }

    /// The bit of global `g` (its index in [`Program::globals`]), when all its accesses
    /// are known.
    pub fn bit(&self, g: usize) -> Option<u32> {
        self.bits.get(g).copied().flatten()
    }

    /// Whether the code of `func` from `pc` on (calls and the threads it creates
    /// included) may write the global with bit `bit`, or with `reads` also read it.
    pub fn may_access(&self, func: FuncId, pc: Pc, bit: u32, reads: bool) -> bool {
        let (Some(r), Some(w)) = (self.reads.get(func as usize), self.writes.get(func as usize)) else {
            return true;
        };
        let at = pc as usize * self.words;
        let has = |set: &[u64], b: u32| set.get(at + b as usize / 64).is_none_or(|x| x >> (b % 64) & 1 == 1);
        has(w, bit) || has(w, self.unknown) || (reads && has(r, bit))
    }

    /// Accesses and calls of each instruction of `f`.
    fn direct(&self, f: &Function, ranges: &Ranges, functions: usize, address_taken: &[FuncId]) -> Direct {
        let n = f.code.len() * self.words;
        let mut d = Direct { reads: vec![0; n], writes: vec![0; n], calls: vec![Vec::new(); f.code.len()] };
        let words = self.words;
        for_each_use(f, ranges, |pc, g, u| {
            let Some(b) = self.bits[g] else { return };
            let i = pc * words + b as usize / 64;
            let m = 1u64 << (b % 64);
            if matches!(u, Use::Read | Use::ReadWrite) {
                d.reads[i] |= m;
            }
            if matches!(u, Use::Write | Use::ReadWrite) {
                d.writes[i] |= m;
            }
        });
        for (pc, inst) in f.code.iter().enumerate() {
            let Inst::Call { callee, args, .. } = inst else { continue };
            match callee {
                Callee::Func(c) => d.calls[pc].push(*c),
                Callee::Indirect(_) => {
                    let i = pc * words + self.unknown as usize / 64;
                    d.writes[i] |= 1 << (self.unknown % 64);
                }
                // Library functions touch no tracked global (that would be an escape),
                // but thread creation and `pthread_once` run the function they are given:
                // that one, or any function whose address is taken when it is computed.
                Callee::Builtin(b) => {
                    let routine = match b {
                        Builtin::ThreadCreate => args.get(2),
                        Builtin::Once => args.get(1),
                        _ => None,
                    };
                    match routine.map(|a| a.opd) {
                        Some(Opd::Imm(v)) => d.calls[pc].extend(addr::function_at(v, functions)),
                        Some(_) => d.calls[pc].extend_from_slice(address_taken),
                        None => {}
                    }
                }
            }
        }
        d
    }

    /// Everything each function may access, callees included (to a fixpoint).
    fn summaries(&self, direct: &[Direct]) -> Vec<Vec<u64>> {
        let w = self.words;
        let mut sum: Vec<Vec<u64>> = direct
            .iter()
            .map(|d| {
                let mut s = vec![0u64; 2 * w];
                for pc in 0..d.calls.len() {
                    for k in 0..w {
                        s[k] |= d.reads[pc * w + k];
                        s[w + k] |= d.writes[pc * w + k];
                    }
                }
                s
            })
            .collect();
        loop {
            let mut changed = false;
            for (f, d) in direct.iter().enumerate() {
                for &c in d.calls.iter().flatten() {
                    let Some(callee) = sum.get(c as usize).cloned() else { continue };
                    for k in 0..2 * w {
                        let new = sum[f][k] | callee[k];
                        changed |= new != sum[f][k];
                        sum[f][k] = new;
                    }
                }
            }
            if !changed {
                return sum;
            }
        }
    }

    /// Backward dataflow: what the code from each pc on may read and write.
    fn onward(&self, f: &Function, d: &Direct, summaries: &[Vec<u64>]) -> (Vec<u64>, Vec<u64>) {
        let w = self.words;
        let n = f.code.len();
        let mut own_r = d.reads.clone();
        let mut own_w = d.writes.clone();
        for pc in 0..n {
            for &c in &d.calls[pc] {
                let Some(s) = summaries.get(c as usize) else { continue };
                for k in 0..w {
                    own_r[pc * w + k] |= s[k];
                    own_w[pc * w + k] |= s[w + k];
                }
            }
        }
        let succ: Vec<Vec<Pc>> = f.code.iter().enumerate().map(|(pc, i)| successors(i, pc as Pc, n)).collect();
        let (mut r, mut wr) = (own_r.clone(), own_w.clone());
        loop {
            let mut changed = false;
            for pc in (0..n).rev() {
                for &s in &succ[pc] {
                    for k in 0..w {
                        let (nr, nw) = (r[pc * w + k] | r[s as usize * w + k], wr[pc * w + k] | wr[s as usize * w + k]);
                        changed |= nr != r[pc * w + k] || nw != wr[pc * w + k];
                        r[pc * w + k] = nr;
                        wr[pc * w + k] = nw;
                    }
                }
            }
            if !changed {
                return (r, wr);
            }
        }
    }
}

/// Functions whose address appears as a value: in an operand other than a direct
/// callee, in a global's image or in a wide constant.
fn address_taken(functions: &[Function], globals: &[Global], wide: &[u64], ptr_bytes: u32) -> Vec<FuncId> {
    let in_code = functions.iter().flat_map(|f| f.code.iter()).flat_map(|i| i.operands()).filter_map(|o| match o {
        Opd::Imm(v) => Some(v),
        _ => None,
    });
    let n = functions.len();
    let mut taken: Vec<FuncId> =
        constants_in_data(globals, wide, ptr_bytes).chain(in_code).filter_map(|v| addr::function_at(v, n)).collect();
    taken.sort_unstable();
    taken.dedup();
    taken
}

/// Accesses and calls of each instruction of one function.
struct Direct {
    reads: Vec<u64>,
    writes: Vec<u64>,
    calls: Vec<Vec<FuncId>>,
}

/// The function registers code the vm runs later on its own (`atexit` handlers,
/// destructors of thread-specific data), outside any thread's visible call stack.
fn runs_code_implicitly(f: &Function) -> bool {
    f.code.iter().any(|i| matches!(i, Inst::Call { callee: Callee::Builtin(Builtin::Atexit | Builtin::KeyCreate), .. }))
}

#[cfg(test)]
mod tests {
    use crate::Builtin;
    use crate::{Callee, Inst, Pc, Program};

    fn lowered(name: &str, src: &str) -> Program {
        let dir = std::env::temp_dir().join(format!("ravel-effects-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("prog.c");
        std::fs::write(&file, src).unwrap();
        let program = crate::load(std::slice::from_ref(&file), &[]).expect("the test program compiles");
        std::fs::remove_dir_all(&dir).ok();
        program
    }

    fn global(p: &Program, name: &str) -> usize {
        p.globals.iter().position(|g| g.name == name).expect("the global exists")
    }

    #[test]
    fn future_accesses_follow_calls_and_created_threads() {
        let p = lowered(
            "calls",
            r#"
            #include <pthread.h>
            int a, b, c, d, written_only[4];
            int *escapes = &d;
            void *worker(void *x) { b = 1; written_only[1] = 2; return 0; }
            void helper(void) { c = a; }
            int main(void) {
                a = 1;
                helper();
                pthread_t t;
                pthread_create(&t, 0, worker, 0);
                return b;
            }
            "#,
        );
        let main = p.main.expect("main exists");
        let code = &p.functions[main as usize].code;
        let create = code
            .iter()
            .position(|i| matches!(i, Inst::Call { callee: Callee::Builtin(Builtin::ThreadCreate), .. }))
            .expect("main creates a thread") as Pc;
        let fx = &p.effects;
        let bit = |name: &str| fx.bit(global(&p, name)).expect("tracked");
        assert_eq!(fx.bit(global(&p, "d")), None, "an escaping global is not tracked");
        // From main's start: it writes a, the helper writes c, the worker writes b.
        for g in ["a", "b", "c"] {
            assert!(fx.may_access(main, 0, bit(g), false), "{g} may be written");
        }
        // At the creation the worker may still write b; after it, main only reads b.
        assert!(fx.may_access(main, create, bit("b"), false));
        assert!(!fx.may_access(main, create + 1, bit("b"), false));
        assert!(fx.may_access(main, create + 1, bit("b"), true));
        assert!(!fx.may_access(main, create + 1, bit("a"), true));
        assert!(!fx.may_access(main, create + 1, bit("c"), true));
        // Only the stores name `written_only`, so its contents are unread.
        assert!(p.globals[global(&p, "written_only")].unread);
        assert!(!p.globals[global(&p, "b")].unread);
        assert!(!p.globals[global(&p, "d")].unread);
    }

    #[test]
    fn threads_started_through_pointers_run_any_address_taken_function() {
        let p = lowered(
            "routines",
            r#"
            #include <pthread.h>
            int a, b;
            void *set_a(void *x) { a = 1; return 0; }
            void *set_b(void *x) { b = 1; return 0; }
            void *(*routines[2])(void *) = {set_a, set_b};
            int main(int argc, char **argv) {
                pthread_t t;
                pthread_create(&t, 0, routines[argc & 1], 0);
                return 0;
            }
            "#,
        );
        let main = p.main.expect("main exists");
        for g in ["a", "b"] {
            let bit = p.effects.bit(global(&p, g)).expect("tracked");
            assert!(p.effects.may_access(main, 0, bit, false), "{g} may be written by the thread");
        }
    }

    #[test]
    fn calls_through_pointers_may_access_anything() {
        let p = lowered(
            "pointers",
            r#"
            int a;
            void set(void) { a = 1; }
            void (*volatile f)(void) = set;
            int main(void) { f(); return 0; }
            "#,
        );
        let main = p.main.expect("main exists");
        let a = p.effects.bit(global(&p, "a")).expect("tracked");
        assert!(p.effects.may_access(main, 0, a, false));
    }
}
