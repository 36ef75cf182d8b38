use crate::expr::*;
use crate::test_util::*;

fn pool() -> ExprPool {
    ExprPool::new()
}

fn is_const(p: &ExprPool, e: ExprId, v: u128) -> bool {
    p.as_const(e) == Some(v)
}

/// Builds with `f` and tells whether the result is the constant `v`.
fn kc(p: &mut ExprPool, f: impl FnOnce(&mut ExprPool) -> ExprId, v: u128) -> bool {
    let e = f(p);
    is_const(p, e, v)
}

#[test]
fn hash_consing_gives_one_id_per_node() {
    let mut p = pool();
    let x = p.var(1, 32, "x");
    let y = p.var(2, 32, "y");
    assert_eq!(p.var(1, 32, "other name"), x);
    let c1 = p.constant(32, 7);
    let c2 = p.constant(32, 7);
    assert_eq!(c1, c2);
    assert_ne!(p.constant(8, 7), c1, "width is part of a constant");
    assert_eq!(p.constant(8, 0x107), p.constant(8, 7), "constants are truncated");
    let a = p.mul(x, y);
    let n = p.len();
    assert_eq!(p.mul(x, y), a);
    assert_eq!(p.mul(y, x), a, "commutative operands are ordered");
    let s = p.add(a, c1);
    assert_eq!(p.add(c1, a), s);
    assert_eq!(p.len(), n + 1, "re-building creates nothing");
    assert_ne!(p.sub(x, y), p.sub(y, x));
    assert!(matches!(p.node(a), Node::Bin { op: BinOp::Mul, .. }));
    assert!(x < a && y < a, "children have smaller ids");
}

#[test]
#[should_panic(expected = "reused with another sort")]
fn var_id_with_two_widths_panics() {
    let mut p = pool();
    p.var(1, 32, "x");
    p.var(1, 8, "x");
}

#[test]
fn constant_folding_of_every_binop() {
    let mut p = pool();
    let cases: [(BinOp, u128, u128, u128); 13] = [
        (BinOp::Add, 250, 10, 4),
        (BinOp::Sub, 3, 5, 254),
        (BinOp::Mul, 16, 17, 16),
        (BinOp::UDiv, 200, 7, 28),
        (BinOp::SDiv, 0xF9, 2, 0xFD), // -7 / 2 = -3
        (BinOp::URem, 200, 7, 4),
        (BinOp::SRem, 0xF9, 2, 0xFF), // -7 % 2 = -1
        (BinOp::And, 0xF0, 0x3C, 0x30),
        (BinOp::Or, 0xF0, 0x0F, 0xFF),
        (BinOp::Xor, 0xFF, 0x0F, 0xF0),
        (BinOp::Shl, 0x81, 1, 0x02),
        (BinOp::LShr, 0x80, 7, 1),
        (BinOp::AShr, 0x80, 7, 0xFF),
    ];
    for (op, a, b, r) in cases {
        let (ca, cb) = (p.constant(8, a), p.constant(8, b));
        let e = p.bin(op, ca, cb);
        assert!(is_const(&p, e, r), "{op:?} {a} {b}: {}", p.display(e));
    }
}

#[test]
fn division_by_zero_and_signed_overflow_are_not_folded() {
    let mut p = pool();
    let five = p.constant(8, 5);
    let zero = p.constant(8, 0);
    let asg = Assignment::new();
    for (op, smt) in [(BinOp::UDiv, 0xFF), (BinOp::URem, 5), (BinOp::SDiv, 0xFF), (BinOp::SRem, 5)] {
        let e = p.bin(op, five, zero);
        assert!(matches!(p.node(e), Node::Bin { .. }), "{op:?} by zero must stay a node");
        assert_eq!(p.eval(e, &asg), smt, "{op:?} by zero evaluates with SMT-LIB semantics");
    }
    let neg = p.constant(8, 0xF9); // -7
    let e = p.sdiv(neg, zero);
    assert_eq!(p.eval(e, &asg), 1, "sdiv of a negative by zero is 1");
    let min = p.constant(8, 0x80);
    let m1 = p.constant(8, 0xFF);
    let d = p.sdiv(min, m1);
    let r = p.srem(min, m1);
    assert!(matches!(p.node(d), Node::Bin { .. }) && matches!(p.node(r), Node::Bin { .. }));
    assert_eq!(p.eval(d, &asg), 0x80);
    assert_eq!(p.eval(r, &asg), 0);
    // x / 0 with a symbolic x stays too.
    let x = p.var(1, 8, "x");
    assert!({
        let e = p.udiv(x, zero);
        matches!(p.node(e), Node::Bin { .. })
    });
}

#[test]
fn shifts_past_the_width() {
    let mut p = pool();
    let v = p.constant(8, 0x90);
    for (amount, shl, lshr, ashr) in [(8u128, 0, 0, 0xFF), (200, 0, 0, 0xFF), (4, 0, 0x09, 0xF9)] {
        let s = p.constant(8, amount);
        let (a, b, c) = (p.shl(v, s), p.lshr(v, s), p.ashr(v, s));
        assert!(is_const(&p, a, shl) && is_const(&p, b, lshr) && is_const(&p, c, ashr), "shift by {amount}");
    }
    let x = p.var(1, 8, "x");
    let big = p.constant(8, 9);
    assert!(kc(&mut p, |p| p.shl(x, big), 0));
    assert!(kc(&mut p, |p| p.lshr(x, big), 0));
    let a = p.ashr(x, big);
    let mut asg = Assignment::new();
    asg.set(1, 0x80);
    assert_eq!(p.eval(a, &asg), 0xFF);
    asg.set(1, 0x7F);
    assert_eq!(p.eval(a, &asg), 0);
}

#[test]
fn arithmetic_and_bitwise_identities() {
    let mut p = pool();
    let x = p.var(1, 16, "x");
    let y = p.var(2, 16, "y");
    let zero = p.constant(16, 0);
    let one = p.constant(16, 1);
    let ones = p.constant(16, 0xFFFF);
    assert_eq!(p.add(x, zero), x);
    assert_eq!(p.add(zero, x), x);
    assert_eq!(p.sub(x, zero), x);
    assert!(kc(&mut p, |p| p.sub(x, x), 0));
    assert_eq!(p.mul(x, one), x);
    assert_eq!(p.mul(one, x), x);
    assert!(kc(&mut p, |p| p.mul(x, zero), 0));
    assert_eq!(p.udiv(x, one), x);
    assert_eq!(p.sdiv(x, one), x);
    assert!(kc(&mut p, |p| p.urem(x, one), 0));
    assert!(kc(&mut p, |p| p.srem(x, one), 0));
    assert!(kc(&mut p, |p| p.and(x, zero), 0));
    assert_eq!(p.and(x, ones), x);
    assert_eq!(p.and(x, x), x);
    assert_eq!(p.or(x, zero), x);
    assert!(kc(&mut p, |p| p.or(ones, x), 0xFFFF));
    assert_eq!(p.or(x, x), x);
    assert_eq!(p.xor(x, zero), x);
    assert!(kc(&mut p, |p| p.xor(x, x), 0));
    for op in [BinOp::Shl, BinOp::LShr, BinOp::AShr] {
        assert_eq!(p.bin(op, x, zero), x, "{op:?} by 0");
        assert!(kc(&mut p, |p| p.bin(op, zero, y), 0), "{op:?} of 0");
    }
    // not(not x) = x, (x+3)+4 = x+7, x-3 = x+(-3)
    let nx = p.not(x);
    assert_eq!(p.not(nx), x);
    let three = p.constant(16, 3);
    let four = p.constant(16, 4);
    let seven = p.constant(16, 7);
    let x3 = p.add(x, three);
    let x7 = p.add(x, seven);
    assert_eq!(p.add(x3, four), x7);
    let m3 = p.constant(16, 3u128.wrapping_neg());
    assert_eq!(p.sub(x, three), p.add(x, m3));
    // nothing folds across different variables
    assert!({
        let e = p.add(x, y);
        matches!(p.node(e), Node::Bin { .. })
    });
}

#[test]
fn comparison_rules() {
    let mut p = pool();
    let x = p.var(1, 8, "x");
    let y = p.var(2, 8, "y");
    let zero = p.constant(8, 0);
    let max = p.constant(8, 0xFF);
    let smin = p.constant(8, 0x80);
    let smax = p.constant(8, 0x7F);
    let expect = [
        (CmpOp::Eq, 1),
        (CmpOp::Ne, 0),
        (CmpOp::Ult, 0),
        (CmpOp::Ule, 1),
        (CmpOp::Ugt, 0),
        (CmpOp::Uge, 1),
        (CmpOp::Slt, 0),
        (CmpOp::Sle, 1),
        (CmpOp::Sgt, 0),
        (CmpOp::Sge, 1),
    ];
    for (op, v) in expect {
        assert!(kc(&mut p, |p| p.cmp(op, x, x), v), "{op:?}(x, x)");
    }
    // constants, signed vs unsigned
    let a = p.constant(8, 0xFE); // 254 or -2
    let b = p.constant(8, 1);
    assert!(kc(&mut p, |p| p.ult(a, b), 0));
    assert!(kc(&mut p, |p| p.slt(a, b), 1));
    assert!(kc(&mut p, |p| p.ugt(a, b), 1));
    assert!(kc(&mut p, |p| p.sgt(a, b), 0));
    // bounds
    assert!(kc(&mut p, |p| p.ult(x, zero), 0));
    assert!(kc(&mut p, |p| p.uge(x, zero), 1));
    assert!(kc(&mut p, |p| p.ule(x, max), 1));
    assert!(kc(&mut p, |p| p.ugt(x, max), 0));
    assert!(kc(&mut p, |p| p.slt(x, smin), 0));
    assert!(kc(&mut p, |p| p.sge(x, smin), 1));
    assert!(kc(&mut p, |p| p.sle(x, smax), 1));
    assert!(kc(&mut p, |p| p.sgt(x, smax), 0));
    // symmetric operands are ordered
    assert_eq!(p.eq(x, y), p.eq(y, x));
    assert_eq!(p.ne(zero, x), p.ne(x, zero));
    // width 1: b == 1 is b, b == 0 is !b
    let c = p.ult(x, y);
    let t = p.true_();
    let f = p.false_();
    assert_eq!(p.eq(c, t), c);
    assert_eq!(p.ne(c, f), c);
    let nc = p.not(c);
    assert_eq!(p.eq(c, f), nc);
    assert_eq!(p.ne(c, t), nc);
    // zext(b) != 0 is b (C's `if (flag)`), zext(b) == 2 is false
    let z = p.zext(c, 32);
    let z0 = p.constant(32, 0);
    let z2 = p.constant(32, 2);
    assert_eq!(p.ne(z, z0), c);
    assert!(kc(&mut p, |p| p.eq(z, z2), 0));
    // (c ? 5 : 7) == 7 is !c
    let five = p.constant(8, 5);
    let seven = p.constant(8, 7);
    let i = p.ite(c, five, seven);
    assert_eq!(p.eq(i, seven), nc);
    assert_eq!(p.eq(i, five), c);
    assert!(kc(&mut p, |p| p.eq(i, zero), 0));
    // x + 5 == 7 is x == 2
    let x5 = p.add(x, five);
    let two = p.constant(8, 2);
    assert_eq!(p.eq(x5, seven), p.eq(x, two));
}

#[test]
fn cast_rules() {
    let mut p = pool();
    let c = p.constant(8, 0x80);
    assert!(kc(&mut p, |p| p.zext(c, 16), 0x80));
    assert!(kc(&mut p, |p| p.sext(c, 16), 0xFF80));
    assert!(kc(&mut p, |p| p.sext(c, 128), u128::MAX - 0x7F));
    let w = p.constant(32, 0x1234_5678);
    assert!(kc(&mut p, |p| p.trunc(w, 8), 0x78));
    let x = p.var(1, 8, "x");
    assert_eq!(p.zext(x, 8), x);
    assert_eq!(p.sext(x, 8), x);
    assert_eq!(p.trunc(x, 8), x);
    let z16 = p.zext(x, 16);
    let z32 = p.zext(x, 32);
    assert_eq!(p.zext(z16, 32), z32);
    assert_eq!(p.sext(z16, 32), z32, "the sign of a widening zext is 0");
    let s16 = p.sext(x, 16);
    assert_eq!(p.sext(s16, 32), p.sext(x, 32));
    assert_eq!(p.trunc(z32, 8), x);
    assert_eq!(p.trunc(z32, 16), z16);
    let t4 = p.trunc(x, 4);
    assert_eq!(p.trunc(z32, 4), t4);
    let y = p.var(2, 64, "y");
    let y32 = p.trunc(y, 32);
    assert_eq!(p.trunc(y32, 8), p.trunc(y, 8));
    assert_eq!(p.cast(CastOp::Trunc, y, 8), p.trunc(y, 8));
}

#[test]
fn ite_rules() {
    let mut p = pool();
    let x = p.var(1, 8, "x");
    let y = p.var(2, 8, "y");
    let t = p.true_();
    let f = p.false_();
    assert_eq!(p.ite(t, x, y), x);
    assert_eq!(p.ite(f, x, y), y);
    let c = p.ult(x, y);
    assert_eq!(p.ite(c, x, x), x);
    assert_eq!(p.ite(c, t, f), c);
    let nc = p.not(c);
    assert_eq!(p.ite(c, f, t), nc);
    assert_eq!(p.ite(nc, x, y), p.ite(c, y, x));
}

#[test]
fn extract_and_concat_rules() {
    let mut p = pool();
    let k = p.constant(32, 0xAABB_CCDD);
    assert!(kc(&mut p, |p| p.extract(k, 15, 8), 0xCC));
    let hi = p.constant(8, 0x12);
    let lo = p.constant(8, 0x34);
    assert!(kc(&mut p, |p| p.concat(hi, lo), 0x1234));
    let x = p.var(1, 32, "x");
    assert_eq!(p.extract(x, 31, 0), x);
    assert_eq!(p.extract(x, 7, 0), p.trunc(x, 8));
    // Little-endian byte reassembly folds back to x, in either association.
    let bytes: Vec<ExprId> = (0..4).map(|i| p.extract(x, 8 * i + 7, 8 * i)).collect();
    let b10 = p.concat(bytes[1], bytes[0]);
    let b210 = p.concat(bytes[2], b10);
    assert_eq!(p.concat(bytes[3], b210), x);
    let b32 = p.concat(bytes[3], bytes[2]);
    assert_eq!(p.concat(b32, b10), x);
    // nested extracts, extract of concat, extract of zext
    let mid = p.extract(x, 23, 8);
    assert_eq!(p.extract(mid, 11, 4), p.extract(x, 19, 12));
    let y = p.var(2, 16, "y");
    let xy = p.concat(x, y);
    assert_eq!(p.extract(xy, 15, 0), y);
    assert_eq!(p.extract(xy, 47, 16), x);
    assert_eq!(p.extract(xy, 40, 20), p.extract(x, 24, 4));
    let zy = p.zext(y, 64);
    assert_eq!(p.extract(zy, 15, 3), p.extract(y, 15, 3));
    assert!(kc(&mut p, |p| p.extract(zy, 40, 20), 0));
    // concat(0, y) is zext(y)
    let z = p.constant(16, 0);
    assert_eq!(p.concat(z, y), p.zext(y, 32));
}

#[test]
fn array_rules() {
    let mut p = pool();
    let a = p.array_var(7, 64, 8);
    assert_eq!(p.array_var(7, 64, 8), a);
    assert_eq!(p.array_sort(a), Some((64, 8)));
    let i = p.var(1, 64, "i");
    let j = p.var(2, 64, "j");
    let v = p.var(3, 8, "v");
    let one = p.constant(64, 1);
    let two = p.constant(64, 2);
    let s = p.store(a, i, v);
    assert_eq!(p.select(s, i), v, "read back at the same index");
    let sel = p.select(s, j);
    assert!(matches!(*p.node(sel), Node::Select { array, .. } if array == s), "unknown index: keep the store");
    let s1 = p.store(a, one, v);
    assert_eq!(p.select(s1, two), p.select(a, two), "different constant index: skip the store");
    let w = p.constant(8, 9);
    let s1w = p.store(s1, one, w);
    assert_eq!(s1w, p.store(a, one, w), "later store to the same index hides the earlier");
    let ai = p.select(a, i);
    assert_eq!(p.store(a, i, ai), a, "writing back what is there");
    assert!(p.is_array(s) && !p.is_array(sel));
    assert_eq!(p.vars(sel), &[1, 2, 3, 7]);
    // eval through stores
    let mut asg = Assignment::new();
    asg.set(1, 5).set(2, 5).set(3, 42).set_element(7, 6, 13);
    assert_eq!(p.eval(sel, &asg), 42);
    asg.set(2, 6);
    assert_eq!(p.eval(sel, &asg), 13);
    asg.set(2, 8);
    assert_eq!(p.eval(sel, &asg), 0, "unlisted elements are 0");
}

#[test]
fn vars_are_sorted_and_shared() {
    let mut p = pool();
    let x = p.var(9, 8, "x");
    let y = p.var(2, 8, "y");
    let z = p.var(5, 8, "z");
    let k = p.constant(8, 3);
    assert!(p.vars(k).is_empty());
    assert_eq!(p.vars(x), &[9]);
    let xy = p.add(x, y);
    assert_eq!(p.vars(xy), &[2, 9]);
    let xyz = p.mul(xy, z);
    assert_eq!(p.vars(xyz), &[2, 5, 9]);
    let c = p.ult(xyz, x);
    assert_eq!(p.vars(c), &[2, 5, 9]);
    assert_eq!(p.var_node(5), Some(z));
    assert_eq!(p.var_node(6), None);
}

#[test]
fn wide_128_bit_values() {
    let mut p = pool();
    let max = p.constant(128, u128::MAX);
    let one = p.constant(128, 1);
    assert!(kc(&mut p, |p| p.add(max, one), 0));
    let big = p.constant(128, 1u128 << 100);
    assert!(kc(&mut p, |p| p.mul(big, big), 0));
    let three = p.constant(128, 3);
    assert!(kc(&mut p, |p| p.mul(big, three), 3u128 << 100));
    let neg = p.constant(128, (-10i128) as u128);
    assert!(kc(&mut p, |p| p.sdiv(neg, three), (-3i128) as u128));
    assert!(kc(&mut p, |p| p.srem(neg, three), (-1i128) as u128));
    assert!(kc(&mut p, |p| p.udiv(neg, three), ((-10i128) as u128) / 3));
    let s127 = p.constant(128, 127);
    assert!(kc(&mut p, |p| p.ashr(neg, s127), u128::MAX));
    assert!(kc(&mut p, |p| p.lshr(neg, s127), 1));
    assert!(kc(&mut p, |p| p.shl(one, s127), 1u128 << 127));
    let c128 = p.constant(128, 128);
    assert!(kc(&mut p, |p| p.shl(one, c128), 0));
    assert!(kc(&mut p, |p| p.ashr(neg, c128), u128::MAX));
    let smin = p.constant(128, 1u128 << 127);
    assert!(kc(&mut p, |p| p.slt(smin, one), 1));
    assert!(kc(&mut p, |p| p.ult(smin, one), 0));
    let h = p.constant(64, 0xDEAD_BEEF);
    let l = p.constant(64, 0x1234);
    assert!(kc(&mut p, |p| p.concat(h, l), (0xDEAD_BEEFu128 << 64) | 0x1234));
    let m64 = p.constant(64, u64::MAX as u128);
    assert!(kc(&mut p, |p| p.sext(m64, 128), u128::MAX));
    let x = p.var(1, 128, "x");
    let hi = p.extract(x, 127, 64);
    let lo = p.trunc(x, 64);
    assert_eq!(p.concat(hi, lo), x);
    let mut asg = Assignment::new();
    asg.set(1, u128::MAX - 5);
    let e = p.add(x, big);
    assert_eq!(p.eval(e, &asg), (u128::MAX - 5).wrapping_add(1u128 << 100));
    assert_eq!(p.eval(hi, &asg), u64::MAX as u128);
}

#[test]
fn eval_matches_folding_for_all_operations() {
    // For random constants, building with constants (folded) and evaluating the same
    // operation over variables must agree.
    let mut rng = Rng(1);
    let mut p = pool();
    for _ in 0..3000 {
        let bits = WIDTHS[rng.below(WIDTHS.len() as u64) as usize];
        let (a, b) = (rng.value(bits), rng.value(bits));
        let x = p.var(bits, bits, "x");
        let y = p.var(1000 + bits, bits, "y");
        let (ca, cb) = (p.constant(bits, a), p.constant(bits, b));
        let mut asg = Assignment::new();
        asg.set(bits, a).set(1000 + bits, b);
        let op = [BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::UDiv, BinOp::SDiv, BinOp::URem, BinOp::SRem]
            .into_iter()
            .chain([BinOp::And, BinOp::Or, BinOp::Xor, BinOp::Shl, BinOp::LShr, BinOp::AShr])
            .nth(rng.below(13) as usize)
            .unwrap();
        let folded = p.bin(op, ca, cb);
        let symbolic = p.bin(op, x, y);
        assert_eq!(p.eval(folded, &asg), p.eval(symbolic, &asg), "{op:?} {bits} {a:#x} {b:#x}");
        if let Some(v) = fold_bin(op, bits, a, b) {
            assert!(is_const(&p, folded, v));
        }
        let cop = [CmpOp::Eq, CmpOp::Ne, CmpOp::Ult, CmpOp::Ule, CmpOp::Ugt]
            .into_iter()
            .chain([CmpOp::Uge, CmpOp::Slt, CmpOp::Sle, CmpOp::Sgt, CmpOp::Sge])
            .nth(rng.below(10) as usize)
            .unwrap();
        let folded = p.cmp(cop, ca, cb);
        let symbolic = p.cmp(cop, x, y);
        assert!(p.as_const(folded).is_some());
        assert_eq!(p.eval(folded, &asg), p.eval(symbolic, &asg), "{cop:?} {bits} {a:#x} {b:#x}");
        if bits < 128 {
            let to = bits + 1 + rng.below((128 - bits) as u64) as u32;
            for op in [CastOp::ZExt, CastOp::SExt] {
                let (f, s) = (p.cast(op, ca, to), p.cast(op, x, to));
                assert_eq!(p.eval(f, &asg), p.eval(s, &asg), "{op:?} {bits}->{to} {a:#x}");
            }
        }
        if bits > 1 {
            let to = 1 + rng.below(bits as u64 - 1) as u32;
            let lo = rng.below((bits - to + 1) as u64) as u32;
            let (f, s) = (p.extract(ca, lo + to - 1, lo), p.extract(x, lo + to - 1, lo));
            assert_eq!(p.eval(f, &asg), p.eval(s, &asg));
        }
    }
}

#[test]
fn simplification_preserves_semantics_on_random_expressions() {
    let mut rng = Rng(42);
    let mut p = pool();
    for n in 0..4000 {
        let bits = WIDTHS[rng.below(WIDTHS.len() as u64) as usize];
        let t = gen(&mut rng, bits, 5);
        let e = build(&t, &mut p);
        assert_eq!(p.bits(e), bits);
        for _ in 0..3 {
            let asg = assignment(&mut rng);
            assert_eq!(p.eval(e, &asg), reference(&t, &asg), "case {n}: {t:?}\nbuilt: {}", p.display(e));
        }
        // Hash-consing: building again yields the same id.
        assert_eq!(build(&t, &mut p), e);
    }
}

#[test]
fn deep_expressions_do_not_overflow_the_stack() {
    let mut p = pool();
    let x = p.var(1, 64, "x");
    let y = p.var(2, 64, "y");
    let mut e = x;
    for _ in 0..200_000 {
        e = p.mul(e, y);
        e = p.xor(e, x);
    }
    let mut asg = Assignment::new();
    asg.set(1, 3).set(2, 1);
    // With y = 1, each round xors x in: an even number of rounds leaves x.
    assert_eq!(p.eval(e, &asg), 3);
    assert_eq!(p.vars(e), &[1, 2]);
    assert_eq!(p.reachable(&[e]).len(), 400_002);
}

#[test]
fn clone_gets_a_new_uid_and_display_is_readable() {
    let mut p = pool();
    let q = p.clone();
    assert_ne!(p.uid(), q.uid());
    let x = p.var(1, 8, "x");
    let k = p.constant(8, 3);
    let e = p.ult(x, k);
    assert_eq!(p.display(e), "(ult x#1 3:i8)");
}

#[test]
fn value_ranges_contain_every_value_and_decide_comparisons() {
    let mut rng = Rng(7);
    let mut p = pool();
    for n in 0..4000 {
        let bits = WIDTHS[rng.below(WIDTHS.len() as u64) as usize];
        let t = gen(&mut rng, bits, 5);
        let e = build(&t, &mut p);
        let (lo, hi) = p.signed_range(e);
        for _ in 0..4 {
            let v = sext(p.eval(e, &assignment(&mut rng)), bits);
            assert!(lo <= v && v <= hi, "case {n}: {v} outside {lo}..={hi} for {}", p.display(e));
        }
    }
    // x % 10 lies in -9..=9 whatever x is, so comparing it with 10 needs no solver.
    let x = p.var(9001, 32, "x");
    let ten = p.constant(32, 10);
    let nine = p.constant(32, 9);
    let r = p.srem(x, ten);
    let (le10, gt9) = (p.sle(r, ten), p.sgt(r, nine));
    assert!(is_const(&p, le10, 1) && is_const(&p, gt9, 0));
    let eight = p.constant(32, 8);
    let le8 = p.sle(r, eight);
    assert!(p.as_const(le8).is_none());
    // A zero-extended byte is below 256, unsigned and signed.
    let b = p.var(9002, 8, "b");
    let wide = p.zext(b, 32);
    let k256 = p.constant(32, 256);
    let (below, at_least) = (p.ult(wide, k256), p.sge(wide, k256));
    assert!(is_const(&p, below, 1) && is_const(&p, at_least, 0));
}
