//! x86 atomic read-modify-write instructions in inline assembly (AT&T syntax), recognised
//! from the text and the constraint string together: `lock cmpxchg`, `lock xadd`, `xchg`,
//! `lock inc/dec/add/sub/and/or/xor` on a memory operand, optionally followed by one
//! `sete`/`setne`/`sets`/`setns`, or with `=@cc` flag outputs. Every operand's role, type
//! and width must fit the instruction exactly; anything else is left unrecognised.

/// What an operand of the assembly is, from its constraint and its LLVM type.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Operand {
    pub output: bool,
    /// Passed as a pointer to the memory (`=*m`, `*m`); `ty` is then the pointee's type.
    pub indirect: bool,
    /// Constrained to `%eax` (`{ax}`).
    pub ax: bool,
    /// A flag output (`={@ccz}`): its condition code.
    pub cc: Option<String>,
    /// An input tied to this output (`"0"`).
    pub tied: Option<usize>,
    pub ty: Ty,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ty {
    Int(u32),
    Ptr,
    Other,
}

/// The operands of a constraint string (`={ax},=*m,r,0,*m,~{memory}`), clobbers left out;
/// types are [`Ty::Other`] until the caller fills them in.
pub(super) fn operands(constraints: &str) -> Option<Vec<Operand>> {
    let mut ops = Vec::new();
    for c in constraints.split(',').filter(|c| !c.starts_with('~')) {
        let output = c.starts_with('=');
        let rest = c.trim_start_matches(['=', '&']);
        let indirect = rest.starts_with('*');
        let codes = rest.trim_start_matches('*');
        if codes.starts_with('!') || codes.contains('|') {
            // asm goto labels, alternatives: not the simple shapes recognised here.
            return None;
        }
        let tied = if output { None } else { codes.parse().ok() };
        let cc = codes.strip_prefix("{@cc").and_then(|c| c.strip_suffix('}')).map(str::to_string);
        ops.push(Operand { output, indirect, ax: codes == "{ax}", cc, tied, ty: Ty::Other });
    }
    Some(ops)
}

/// The operation on memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Op {
    Cas,
    Xchg,
    Add,
    Sub,
    And,
    Or,
    Xor,
}

/// A value the operation uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Value {
    /// The call's argument with this index.
    Arg(usize),
    Imm(i64),
}

/// A flag after the operation: `zero` (ZF) or else the sign (SF), `negated` for the
/// `ne`/`ns` conditions. For `cmpxchg`, ZF is success.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Flag {
    pub zero: bool,
    pub negated: bool,
}

/// What a register output of the assembly holds afterwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Out {
    /// The memory's value before the operation.
    Old,
    Flag(Flag),
    /// Unchanged: the value of the tied input, the call's argument with this index.
    Arg(usize),
}

/// The meaning of a recognised instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Plan {
    pub op: Op,
    pub width: u32,
    /// The argument holding the memory's address.
    pub mem: usize,
    /// The value stored (`cmpxchg`, `xchg`) or combined with the memory.
    pub value: Value,
    /// `cmpxchg`'s expected value (the `%eax` input).
    pub expected: Option<Value>,
    /// One per register output, in order.
    pub results: Vec<Out>,
    /// Flags a `setcc` stores through a pointer argument (an `=qm` output in memory).
    pub stores: Vec<(usize, Flag)>,
}

/// An operand as written in the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Arg {
    /// `$N` or `${N:m}` with the width modifier `m` gives, if any.
    Ref(usize, Option<u32>),
    /// `($N)`: the memory a pointer register operand points to.
    Deref(usize),
    Imm(i64),
}

fn parse_arg(s: &str) -> Option<Arg> {
    if let Some(imm) = s.strip_prefix("$$") {
        let (neg, digits) = imm.strip_prefix('-').map_or((false, imm), |d| (true, d));
        let v = match digits.strip_prefix("0x") {
            Some(hex) => i64::from_str_radix(hex, 16).ok()?,
            None => digits.parse().ok()?,
        };
        return Some(Arg::Imm(if neg { -v } else { v }));
    }
    if let Some(inner) = s.strip_prefix("0(").or_else(|| s.strip_prefix('(')).and_then(|s| s.strip_suffix(')')) {
        return match parse_arg(inner)? {
            Arg::Ref(n, None) => Some(Arg::Deref(n)),
            _ => None,
        };
    }
    let s = s.strip_prefix('$')?;
    if let Some(braced) = s.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
        let (n, modifier) = braced.split_once(':').map_or((braced, None), |(n, m)| (n, Some(m)));
        let width = match modifier {
            None => None,
            Some("b") => Some(8),
            Some("w") => Some(16),
            Some("k") => Some(32),
            Some("q") => Some(64),
            Some(_) => return None,
        };
        return Some(Arg::Ref(n.parse().ok()?, width));
    }
    Some(Arg::Ref(s.parse().ok()?, None))
}

/// One instruction: whether `lock` prefixes it, its mnemonic and operands.
type Instruction = (bool, String, Vec<String>);

fn instructions(text: &str) -> Option<Vec<Instruction>> {
    let mut out = Vec::new();
    let mut lock = false;
    for stmt in text.split([';', '\n']).map(str::trim).filter(|s| !s.is_empty()) {
        let (mnemonic, rest) = stmt.split_once([' ', '\t']).unwrap_or((stmt, ""));
        let mut mnemonic = mnemonic.to_ascii_lowercase();
        let mut rest = rest.trim();
        if mnemonic == "lock" {
            if lock {
                return None;
            }
            lock = true;
            if rest.is_empty() {
                continue;
            }
            let (m, r) = rest.split_once([' ', '\t']).unwrap_or((rest, ""));
            mnemonic = m.to_ascii_lowercase();
            rest = r.trim();
        }
        let args = if rest.is_empty() { Vec::new() } else { rest.split(',').map(|a| a.trim().to_string()).collect() };
        out.push((lock, mnemonic, args));
        lock = false;
    }
    (!lock).then_some(out)
}

/// The operation and width (from its suffix, if it has one) of a mnemonic.
fn decode(mnemonic: &str) -> Option<(Op, Option<u32>)> {
    for (base, op) in [
        ("cmpxchg", Op::Cas),
        ("xadd", Op::Add),
        ("xchg", Op::Xchg),
        ("inc", Op::Add),
        ("dec", Op::Sub),
        ("add", Op::Add),
        ("sub", Op::Sub),
        ("and", Op::And),
        ("or", Op::Or),
        ("xor", Op::Xor),
    ] {
        if let Some(suffix) = mnemonic.strip_prefix(base) {
            let width = match suffix {
                "" => None,
                "b" => Some(8),
                "w" => Some(16),
                "l" => Some(32),
                "q" => Some(64),
                _ => return None,
            };
            return Some((op, width));
        }
    }
    None
}

/// The flag a condition code (`z`, `ne`, …) tests.
fn flag(cc: &str) -> Option<Flag> {
    let (negated, c) = cc.strip_prefix('n').map_or((false, cc), |c| (true, c));
    match c {
        "e" | "z" => Some(Flag { zero: true, negated }),
        "s" => Some(Flag { zero: false, negated }),
        _ => None,
    }
}

/// The operands of one call, and how they are passed.
struct Call<'a> {
    ops: &'a [Operand],
}

impl Call<'_> {
    /// The call argument operand `n` is passed in, if it is passed as one.
    fn arg(&self, n: usize) -> Option<usize> {
        let takes = |o: &Operand| !o.output || o.indirect;
        takes(&self.ops[n]).then(|| self.ops[..n].iter().filter(|o| takes(o)).count())
    }

    /// The argument giving the value of register operand `n` when the assembly starts (an
    /// output's is its tied input's, of the same type).
    fn value_in(&self, n: usize) -> Option<usize> {
        let o = self.ops.get(n)?;
        if o.indirect || o.cc.is_some() {
            return None;
        }
        if !o.output {
            return self.arg(n);
        }
        let input = self.ops.iter().position(|i| i.tied == Some(n))?;
        (self.ops[input].ty == o.ty).then_some(())?;
        self.arg(input)
    }

    /// Whether operand `arg` is an integer register of `width` bits.
    fn register(&self, arg: Arg, width: u32) -> Option<usize> {
        let Arg::Ref(n, modifier) = arg else { return None };
        let o = self.ops.get(n)?;
        (!o.indirect && o.cc.is_none() && o.ty == Ty::Int(width) && modifier.is_none_or(|m| m == width)).then_some(n)
    }

    /// The argument with the address of memory operand `arg` of `width` bits.
    fn memory(&self, arg: Arg, width: u32) -> Option<usize> {
        match arg {
            Arg::Ref(n, None) => {
                let o = self.ops.get(n)?;
                (o.indirect && o.ty == Ty::Int(width)).then_some(())?;
                self.arg(n)
            }
            Arg::Deref(n) => {
                let o = self.ops.get(n)?;
                (!o.output && !o.indirect && o.ty == Ty::Ptr).then_some(())?;
                self.arg(n)
            }
            _ => None,
        }
    }

    /// The register output operand `arg` names, which the instruction overwrites: an
    /// output with a tied input (named by either), of `width` bits.
    fn register_out(&self, arg: Arg, width: u32) -> Option<usize> {
        let Arg::Ref(n, modifier) = arg else { return None };
        let n = self.ops.get(n)?.tied.unwrap_or(n);
        let o = self.ops.get(n)?;
        (o.output && self.value_in(n).is_some()).then_some(())?;
        self.register(Arg::Ref(n, modifier), width)
    }
}

/// The meaning of assembly `text` with `ops`, if it is one of the recognised atomic
/// instructions exactly; `pointer_bits` rules out 64-bit operations on 32-bit targets.
pub(super) fn plan(text: &str, ops: &[Operand], pointer_bits: u32) -> Option<Plan> {
    let call = Call { ops };
    let insts = instructions(text)?;
    let ((locked, mnemonic, args), setcc) = match insts.as_slice() {
        [first] => (first, None),
        [first, second] => (first, Some(second)),
        _ => return None,
    };
    let (op, suffix) = decode(mnemonic)?;
    if !locked && op != Op::Xchg {
        return None;
    }
    let args: Vec<Arg> = args.iter().map(|a| parse_arg(a)).collect::<Option<_>>()?;
    // Without a suffix, the width is the register operand's.
    let width = suffix.or_else(|| {
        args.iter().find_map(|&a| match a {
            Arg::Ref(n, m) if !ops.get(n)?.indirect => match ops[n].ty {
                Ty::Int(w) => m.or(Some(w)),
                _ => None,
            },
            _ => None,
        })
    })?;
    let supported = match width {
        8 | 16 | 32 => true,
        64 => pointer_bits == 64,
        _ => false,
    };
    supported.then_some(())?;
    let mut results: Vec<Option<Out>> = vec![None; ops.iter().filter(|o| o.output && !o.indirect).count()];
    let result_of = |n: usize| ops[..n].iter().filter(|o| o.output && !o.indirect).count();
    let (mem, value, expected) = match (op, mnemonic.starts_with("inc") || mnemonic.starts_with("dec"), args.as_slice())
    {
        (Op::Cas, _, &[src, dst]) => {
            let src = call.register(src, width)?;
            let accumulators: Vec<usize> = (0..ops.len())
                .filter(|&i| !ops[i].output && (ops[i].ax || ops[i].tied.is_some_and(|o| ops[o].ax)))
                .collect();
            let &[acc] = accumulators.as_slice() else { return None };
            (ops[acc].ty == Ty::Int(width)).then_some(())?;
            for (n, o) in ops.iter().enumerate() {
                if o.output && o.ax && !o.indirect {
                    results[result_of(n)] = Some(Out::Old);
                }
            }
            (call.memory(dst, width)?, Value::Arg(call.value_in(src)?), Some(Value::Arg(call.arg(acc)?)))
        }
        (Op::Xchg, _, &[a, b]) => {
            let (reg, mem) = match call.memory(b, width) {
                Some(mem) => (call.register_out(a, width)?, mem),
                None => (call.register_out(b, width)?, call.memory(a, width)?),
            };
            results[result_of(reg)] = Some(Out::Old);
            (mem, Value::Arg(call.value_in(reg)?), None)
        }
        (Op::Add, false, &[src, dst]) if mnemonic.starts_with("xadd") => {
            let reg = call.register_out(src, width)?;
            results[result_of(reg)] = Some(Out::Old);
            (call.memory(dst, width)?, Value::Arg(call.value_in(reg)?), None)
        }
        (_, true, &[dst]) => (call.memory(dst, width)?, Value::Imm(1), None),
        (_, false, &[src, dst]) => {
            let value = match src {
                Arg::Imm(v) => {
                    // A quadword's immediate is 32 bits, sign-extended.
                    let (low, high) =
                        if width == 64 { (-(1 << 31), 1 << 31) } else { (-(1 << (width - 1)), 1 << width) };
                    (low..high).contains(&v).then_some(Value::Imm(v))?
                }
                _ => Value::Arg(call.value_in(call.register(src, width)?)?),
            };
            (call.memory(dst, width)?, value, None)
        }
        _ => return None,
    };
    // Which flags the operation defines: ZF for cmpxchg, ZF and SF of the result for
    // arithmetic, none for xchg.
    let defined = |f: Flag| match op {
        Op::Cas => f.zero,
        Op::Xchg => false,
        _ => true,
    };
    let mut stores = Vec::new();
    if let Some((false, m, set_args)) = setcc {
        let f = flag(m.strip_prefix("set")?).filter(|&f| defined(f))?;
        let [target] = set_args.as_slice() else { return None };
        let Arg::Ref(k, modifier) = parse_arg(target.as_str())? else { return None };
        let o = ops.get(k)?;
        (o.output && o.cc.is_none() && o.ty == Ty::Int(8) && modifier.is_none_or(|m| m == 8)).then_some(())?;
        if o.indirect {
            stores.push((call.arg(k)?, f));
        } else {
            results[result_of(k)] = Some(Out::Flag(f));
        }
    } else if setcc.is_some() {
        return None;
    }
    for (n, o) in ops.iter().enumerate() {
        if let Some(cc) = &o.cc {
            let f = flag(cc).filter(|&f| defined(f))?;
            (!o.indirect && matches!(o.ty, Ty::Int(_))).then_some(())?;
            results[result_of(n)] = Some(Out::Flag(f));
        }
    }
    // Outputs the instruction does not write keep their tied input's value; the old value
    // goes only to an output of its width.
    let results = (0..ops.len())
        .filter(|&n| ops[n].output && !ops[n].indirect)
        .map(|n| match results[result_of(n)] {
            Some(Out::Old) => (ops[n].ty == Ty::Int(width)).then_some(Out::Old),
            Some(out) => Some(out),
            None => Some(Out::Arg(call.value_in(n)?)),
        })
        .collect::<Option<_>>()?;
    Some(Plan { op, width, mem, value, expected, results, stores })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plan for `text` with `constraints` and the operands' types (`i32`, `ptr`).
    fn plan_of(text: &str, constraints: &str, types: &[&str], pointer_bits: u32) -> Option<Plan> {
        let mut ops = operands(constraints)?;
        assert_eq!(ops.len(), types.len(), "{constraints}");
        for (o, t) in ops.iter_mut().zip(types) {
            o.ty = match *t {
                "ptr" => Ty::Ptr,
                t => t.strip_prefix('i').and_then(|w| w.parse().ok()).map_or(Ty::Other, Ty::Int),
            };
        }
        plan(text, &ops, pointer_bits)
    }

    const Z: Flag = Flag { zero: true, negated: false };

    #[test]
    fn compare_and_exchange() {
        // glibc: "=a"(prev) : "r"(new), "m"(*p), "0"(old)
        let p = plan_of("lock; cmpxchgl $1,$2", "={ax},r,*m,0,~{memory},~{flags}", &["i32", "i32", "i32", "i32"], 64);
        assert_eq!(
            p,
            Some(Plan {
                op: Op::Cas,
                width: 32,
                mem: 1,
                value: Value::Arg(0),
                expected: Some(Value::Arg(2)),
                results: vec![Out::Old],
                stores: vec![],
            })
        );
        // Linux/liburcu: "=a"(prev), "+m"(*p) : "r"(new), "0"(old), 64 and 8 bits.
        let p = plan_of("lock; cmpxchgq $2,$1", "={ax},=*m,r,0,*m", &["i64"; 5], 64).unwrap();
        assert_eq!((p.width, p.mem, p.value, p.expected), (64, 0, Value::Arg(1), Some(Value::Arg(2))));
        assert!(plan_of("lock; cmpxchgq $2,$1", "={ax},=*m,r,0,*m", &["i64"; 5], 32).is_none());
        assert!(plan_of("lock cmpxchgb $2,$1", "={ax},=*m,q,0,*m", &["i8"; 5], 32).is_some());
        // ck: "+m"(*t), "=q"(z), "+a"(compare) : "r"(set), then setz.
        let p = plan_of(
            "lock; cmpxchgl $2, $0; setz $1;",
            "=*m,=q,={ax},r,*m,2",
            &["i32", "i8", "i32", "i32", "i32", "i32"],
            64,
        )
        .unwrap();
        assert_eq!(p.results, vec![Out::Flag(Z), Out::Old]);
        // nginx: "=a"(res) : "m"(*lock), "a"(old), "r"(set), then sete into %al.
        let p = plan_of(
            "lock;    cmpxchgq  $3, $1;       sete      $0;",
            "={ax},*m,{ax},r",
            &["i8", "i64", "i64", "i64"],
            64,
        )
        .unwrap();
        assert_eq!((p.results, p.expected), (vec![Out::Flag(Z)], Some(Value::Arg(1))));
        // A flag output.
        let p = plan_of(
            "lock cmpxchgl $3, $0",
            "=*m,={@ccz},={ax},r,*m,2",
            &["i32", "i32", "i32", "i32", "i32", "i32"],
            64,
        );
        assert_eq!(p.unwrap().results, vec![Out::Flag(Z), Out::Old]);
        // Widths that disagree, a flag cmpxchg does not define, no %eax input.
        assert!(plan_of("lock; cmpxchgl $1,$2", "={ax},r,*m,0", &["i32", "i32", "i64", "i32"], 64).is_none());
        assert!(plan_of("lock; cmpxchgw $1,$2", "={ax},r,*m,0", &["i32"; 4], 64).is_none());
        assert!(plan_of("lock cmpxchgl $3, $0", "=*m,={@ccs},={ax},r,*m,2", &["i32"; 6], 64).is_none());
        assert!(plan_of("lock; cmpxchgl $1,$0", "=*m,r,*m", &["i32"; 3], 64).is_none());
        // Without lock it is not atomic.
        assert!(plan_of("cmpxchgl $1,$2", "={ax},r,*m,0", &["i32"; 4], 64).is_none());
    }

    #[test]
    fn exchange_and_add() {
        let p = plan_of("lock; xaddl $0, $1", "=r,=*m,0,*m,~{memory}", &["i32"; 4], 64).unwrap();
        assert_eq!((p.op, p.mem, p.value, p.results), (Op::Add, 0, Value::Arg(1), vec![Out::Old]));
        // No suffix: the register's width; a modifier that agrees.
        assert_eq!(plan_of("lock xadd $0, $1", "=r,=*m,0,*m", &["i16"; 4], 64).unwrap().width, 16);
        assert!(plan_of("lock; xaddl ${0:k},$1", "=r,=*m,0,*m", &["i32"; 4], 64).is_some());
        assert!(plan_of("lock; xaddl ${0:k},$1", "=r,=*m,0,*m", &["i64", "i32", "i64", "i32"], 64).is_none());
        // The register must be an output with an input.
        assert!(plan_of("lock; xaddl $1, $0", "=*m,r,*m", &["i32"; 3], 64).is_none());
        assert!(plan_of("xaddl $0, $1", "=r,=*m,0,*m", &["i32"; 4], 64).is_none());
        assert!(plan_of("lock; xaddl $0, $1", "=r,=*m,0,*m", &["i32", "i32", "i8", "i32"], 64).is_none());
    }

    #[test]
    fn exchange() {
        let p = plan_of("xchgq $0, $1", "=r,=*m,0,*m", &["i64"; 4], 64).unwrap();
        assert_eq!((p.op, p.mem, p.value, p.results), (Op::Xchg, 0, Value::Arg(1), vec![Out::Old]));
        // Memory first, the register named by its tied input, locked.
        let p = plan_of("lock; xchgl $1, $0", "=*m,=r,*m,1", &["i32"; 4], 64).unwrap();
        assert_eq!((p.mem, p.value, p.results), (0, Value::Arg(2), vec![Out::Old]));
        // A pointer in a register: OpenBSD's `xchg %0,(%2)`.
        let p = plan_of("xchg $0,($2)", "=r,0,r", &["i32", "i32", "ptr"], 64).unwrap();
        assert_eq!((p.width, p.mem, p.value), (32, 1, Value::Arg(0)));
        // xchg sets no flags.
        assert!(plan_of("xchgl $0, $1; sete $2", "=r,=*m,=q,0,*m", &["i32", "i32", "i8", "i32", "i32"], 64).is_none());
        // Two registers are no memory operation.
        assert!(plan_of("xchgl $0, $1", "=r,=r,0,1", &["i32"; 4], 64).is_none());
    }

    #[test]
    fn arithmetic_on_memory() {
        let p = plan_of("lock; incl $0", "=*m,*m", &["i32", "i32"], 64).unwrap();
        assert_eq!((p.op, p.value, p.results), (Op::Add, Value::Imm(1), vec![]));
        assert_eq!(plan_of("lock; decb $0", "=*m,*m", &["i8", "i8"], 32).unwrap().op, Op::Sub);
        let p = plan_of("lock; addl $1,$0", "=*m,imr,*m", &["i32"; 3], 64).unwrap();
        assert_eq!((p.mem, p.value), (0, Value::Arg(1)));
        let p = plan_of("lock; subq $$-5, $0", "=*m", &["i64"], 64).unwrap();
        assert_eq!((p.op, p.value), (Op::Sub, Value::Imm(-5)));
        assert!(plan_of("lock; orw $$0x10000, $0", "=*m", &["i16"], 64).is_none());
        // plock: decrement, then setne into a byte in memory.
        let p = plan_of("lock decl $0\nsetne $1\n", "=*m,=*qm,*m,~{memory}", &["i32", "i8", "i32"], 64).unwrap();
        assert_eq!(p.stores, vec![(1, Flag { zero: true, negated: true })]);
        // Linux's atomic_add_negative: =@ccs.
        let p = plan_of("lock; addl $2, $0", "=*m,={@ccs},ir,*m", &["i32", "i8", "i32", "i32"], 64).unwrap();
        assert_eq!(p.results, vec![Out::Flag(Flag { zero: false, negated: false })]);
        // Flags it does not compute, an output it does not write, no suffix, no lock.
        assert!(plan_of("lock; addl $2, $0", "=*m,={@ccc},ir,*m", &["i32", "i8", "i32", "i32"], 64).is_none());
        assert!(plan_of("lock; incl $1", "=r,=*m,*m", &["i32"; 3], 64).is_none());
        assert!(plan_of("lock; inc $0", "=*m,*m", &["i32", "i32"], 64).is_none());
        assert!(plan_of("incl $0", "=*m,*m", &["i32", "i32"], 64).is_none());
        // An untouched tied register output keeps its value.
        let p = plan_of("lock; andl $1, $0", "=*m,=r,1,*m", &["i32"; 4], 64).unwrap();
        assert_eq!((p.op, p.value, p.results), (Op::And, Value::Arg(1), vec![Out::Arg(1)]));
    }

    #[test]
    fn other_shapes_are_not_recognised() {
        for (text, constraints) in [
            ("lock; btsl $1, $0", "=*m,r,*m"),
            ("lock; cmpxchg8b $0", "=*m,*m"),
            ("lock; xaddl %eax, ($1)", "=*m,r"),
            ("lock; xaddl $0, $1; lock; xaddl $0, $1", "=r,=*m,0,*m"),
            ("lock; incl 4($0)", "r"),
            ("lock; lock; incl $0", "=*m"),
            ("lock", ""),
        ] {
            let types = vec!["i32"; operands(constraints).unwrap().len()];
            assert_eq!(plan_of(text, constraints, &types, 64), None, "{text}");
        }
    }
}
