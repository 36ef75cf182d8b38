//! The evaluated arguments of a library call. Every call of a shim evaluates them (and
//! explorers evaluate a blocked thread's pending call each time they ask whether it can
//! run), so they are held without allocating in the usual case of a few words.

use crate::machine::Machine;
use crate::values::rd_word;
use ravel_ir::Arg;
use smallvec::SmallVec;

/// Argument words, inline for the usual few (long variadic lists spill to the heap).
type Words = SmallVec<[u64; 8]>;

/// Arguments of a model call, evaluated: each argument's words, one after another.
#[derive(Clone, Debug)]
pub(crate) struct Args<'a> {
    words: Words,
    /// Every argument is one word: argument `i` is word `i`.
    single: bool,
    pub spec: &'a [Arg],
    pub ret_bits: u32,
}

/// How many register words an argument of `spec` takes.
fn words_of(a: &Arg) -> u32 {
    a.bytes.div_ceil(8).max(1)
}

/// The arguments `spec` of the call thread `t` is stopped at.
pub(crate) fn evaluate<'a>(m: &Machine, t: usize, spec: &'a [Arg], ret_bits: u32) -> Args<'a> {
    let th = &m.threads[t];
    let base = th.frames.last().map_or(0, |f| f.base);
    let mut words = Words::new();
    let mut single = true;
    for a in spec {
        let n = words_of(a);
        single &= n == 1;
        for k in 0..n {
            words.push(rd_word(&m.program, &th.regs, base, a.opd, n, k));
        }
    }
    Args { words, single, spec, ret_bits }
}

impl Args<'_> {
    /// The words of argument `i`, if there is one.
    pub fn words(&self, i: usize) -> Option<&[u64]> {
        let all = &self.words[..];
        if self.single {
            return all.get(i..i + 1);
        }
        let start: u32 = self.spec.get(..i)?.iter().map(words_of).sum();
        let n = words_of(self.spec.get(i)?);
        all.get(start as usize..(start + n) as usize)
    }

    /// How many arguments there are.
    pub fn len(&self) -> usize {
        if self.single {
            self.words.len()
        } else {
            self.spec.len()
        }
    }

    /// Argument `i` (first word), 0 when missing.
    pub fn get(&self, i: usize) -> u64 {
        self.words(i).map_or(0, |w| w[0])
    }

    /// Argument `i` as a 128-bit value (0 when missing).
    pub fn get128(&self, i: usize) -> u128 {
        let w = self.words(i).unwrap_or(&[]);
        let word = |k: usize| w.get(k).copied().unwrap_or(0) as u128;
        word(0) | word(1) << 64
    }

    /// Width in bits of argument `i`.
    pub fn bits(&self, i: usize) -> u32 {
        self.spec.get(i).map_or(64, |a| a.bytes * 8)
    }

    /// The first word of each argument, apart from the call's operand list (which
    /// borrows the program), for questions asked while the machine changes.
    pub fn detached(&self) -> Args<'static> {
        let mut words = Words::new();
        for i in 0..self.len() {
            words.push(self.get(i));
        }
        Args { words, single: true, spec: &[], ret_bits: self.ret_bits }
    }
}
