use std::time::Duration;

use crate::chain::default_solver;
use crate::expr::*;
use crate::fresh::FreshVarSolver;
use crate::solver::*;
use crate::test_util::*;
use crate::z3_backend::{Z3Config, Z3Solver};

fn z3() -> Z3Solver {
    Z3Solver::with_timeout(Duration::from_secs(30))
}

fn model(r: SolverResult) -> Model {
    match r {
        SolverResult::Sat(m) => m,
        other => panic!("expected SAT, got {other:?}"),
    }
}

/// Every constraint holds under the model.
fn holds(p: &ExprPool, cs: &[ExprId], m: &Model) -> bool {
    cs.iter().all(|&c| p.eval(c, m) == 1)
}

#[test]
fn linear_bit_vector_equation_has_its_solution() {
    let mut p = ExprPool::new();
    let x = p.var(1, 8, "x");
    let three = p.constant(8, 3);
    let seven = p.constant(8, 7);
    let x3 = p.mul(x, three);
    let c = p.eq(x3, seven);
    let m = model(z3().check(&[c], &p));
    // 3 * 171 = 513 = 2 * 256 + 1, so x = 7 * 171 mod 256 = 173 is the only solution.
    assert_eq!(m.value(1), 173);
    assert!(holds(&p, &[c], &m));
}

#[test]
fn contradictory_unsigned_bounds_are_unsat() {
    let mut p = ExprPool::new();
    let x = p.var(1, 32, "x");
    let five = p.constant(32, 5);
    let ten = p.constant(32, 10);
    let a = p.ult(x, five);
    let b = p.ugt(x, ten);
    let mut s = z3();
    assert_eq!(s.check(&[a, b], &p), SolverResult::Unsat);
    assert!(s.check(&[a], &p).is_sat());
    assert_eq!(s.stats().queries, 2);
    assert_eq!(s.stats().unsat, 1);
}

#[test]
fn signed_and_unsigned_comparisons_differ() {
    let mut p = ExprPool::new();
    let x = p.var(1, 8, "x");
    let zero = p.constant(8, 0);
    let hundred = p.constant(8, 100);
    let c128 = p.constant(8, 128);
    let neg = p.slt(x, zero);
    let big = p.ugt(x, hundred);
    let mut s = z3();
    // negative as signed, > 100 as unsigned: 128 is the least such value
    let m = model(s.check(&[neg, big], &p));
    assert_eq!(m.value(1), 128);
    // negative as signed and < 128 as unsigned: impossible
    let small = p.ult(x, c128);
    assert_eq!(s.check(&[neg, small], &p), SolverResult::Unsat);
    // x >s 100 and x <u 50: impossible; x >s -3 and x >u 250: x in 253..=255
    let sgt = p.sgt(x, hundred);
    let c50 = p.constant(8, 50);
    let u50 = p.ult(x, c50);
    assert_eq!(s.check(&[sgt, u50], &p), SolverResult::Unsat);
    let m3 = p.constant(8, 0xFD);
    let c250 = p.constant(8, 250);
    let a = p.sgt(x, m3);
    let b = p.ugt(x, c250);
    let m = model(s.check(&[a, b], &p));
    assert_eq!(m.value(1), 0xFE, "-2 is the least unsigned value above 250 that is >s -3");
    let sge = p.sge(x, m3);
    let m = model(s.check(&[sge, b], &p));
    assert_eq!(m.value(1), 0xFD);
}

#[test]
fn models_are_lexicographically_least() {
    let mut p = ExprPool::new();
    let x = p.var(1, 32, "x");
    let y = p.var(2, 32, "y");
    let k = p.constant(32, 1000);
    let c1 = p.ugt(x, k);
    let s = p.add(x, y);
    let k2 = p.constant(32, 5000);
    let c2 = p.eq(s, k2);
    let mut z = z3();
    let m = model(z.check(&[c1, c2], &p));
    assert_eq!((m.value(1), m.value(2)), (1001, 3999));
    // mask constraints: x & 0xF0 == 0x30 gives 0x30
    let f0 = p.constant(32, 0xF0);
    let x30 = p.constant(32, 0x30);
    let masked = p.and(x, f0);
    let c3 = p.eq(masked, x30);
    let m = model(z.check(&[c3], &p));
    assert_eq!(m.value(1), 0x30);
    assert_eq!(m.values.keys().copied().collect::<Vec<_>>(), vec![1], "the model lists the query's variables");
}

#[test]
fn arrays_with_symbolic_indices() {
    let mut p = ExprPool::new();
    let a = p.array_var(10, 64, 8);
    let i = p.var(1, 64, "i");
    let j = p.var(2, 64, "j");
    let v42 = p.constant(8, 42);
    let stored = p.store(a, i, v42);
    // After a[i] = 42, a[j] == 42 with j != i needs the original a[j] to be 42.
    let rd = p.select(stored, j);
    let c1 = p.eq(rd, v42);
    let c2 = p.ne(i, j);
    let mut s = z3();
    let m = model(s.check(&[c1, c2], &p));
    assert!(holds(&p, &[c1, c2], &m));
    assert_eq!((m.value(1), m.value(2)), (0, 1), "least i, then least j");
    assert_eq!(m.element(10, 1), 42);
    assert_eq!(m.arrays[&10].len(), 1);
    // Reading back at an index equal to i gives 42 whatever a held.
    let c3 = p.eq(i, j);
    let v5 = p.constant(8, 5);
    let c4 = p.eq(rd, v5);
    assert_eq!(s.check(&[c3, c4], &p), SolverResult::Unsat);
    // Symbolic read of an untouched array: a[i + 1] == 7 and a[i] == a[i + 1] + 1.
    let one = p.constant(64, 1);
    let i1 = p.add(i, one);
    let r1 = p.select(a, i1);
    let r0 = p.select(a, i);
    let v7 = p.constant(8, 7);
    let c5 = p.eq(r1, v7);
    let one8 = p.constant(8, 1);
    let r1p = p.add(r1, one8);
    let c6 = p.eq(r0, r1p);
    let m = model(s.check(&[c5, c6], &p));
    assert!(holds(&p, &[c5, c6], &m));
    assert_eq!(m.value(1), 0);
    assert_eq!(m.element(10, 0), 8);
    assert_eq!(m.element(10, 1), 7);
}

#[test]
fn same_query_gives_the_same_model() {
    let build = |p: &mut ExprPool| {
        let x = p.var(1, 32, "x");
        let y = p.var(2, 32, "y");
        let z = p.var(3, 16, "z");
        let k = p.constant(32, 77777);
        let prod = p.mul(x, y);
        let c1 = p.eq(prod, k);
        let one = p.constant(32, 1);
        let c2 = p.ugt(x, one);
        let c3 = p.ugt(y, one);
        let zz = p.zext(z, 32);
        let xz = p.add(x, zz);
        let big = p.constant(32, 60000);
        let c4 = p.ugt(xz, big);
        vec![c1, c2, c3, c4]
    };
    let mut p1 = ExprPool::new();
    let cs1 = build(&mut p1);
    let m1 = model(z3().check(&cs1, &p1));
    assert!(holds(&p1, &cs1, &m1));
    // A fresh pool and solver, constraints in another order.
    let mut p2 = ExprPool::new();
    let mut cs2 = build(&mut p2);
    cs2.reverse();
    let m2 = model(z3().check(&cs2, &p2));
    assert_eq!(m1, m2);
    // A solver that has answered other queries first (Z3's state differs).
    let mut s = z3();
    for k in 0..5u128 {
        let x = p2.var(1, 32, "x");
        let c = p2.constant(32, 1000 + k);
        let q = p2.ugt(x, c);
        s.check(&[q, cs2[0]], &p2);
    }
    assert_eq!(model(s.check(&cs2, &p2)), m1);
    // Through the full chain.
    let mut chain = default_solver(Z3Config::default());
    assert_eq!(model(chain.check(&cs2, &p2)), m1);
    // x * y wraps at 2^32: the least x > 1 with a solution is 3 (odd, so invertible), and
    // then z = 60001 - 3.
    assert_eq!(m1.value(1), 3);
    assert_eq!((3 * m1.value(2)) % (1 << 32), 77777);
    assert_eq!(m1.value(3), 59998);
}

#[test]
fn repeated_queries_hit_the_cache() {
    let mut p = ExprPool::new();
    let x = p.var(1, 32, "x");
    let y = p.var(2, 32, "y");
    let k = p.constant(32, 10);
    let a = p.ult(x, k);
    let b = p.ult(y, x);
    let mut s = CachingSolver::new(z3());
    let r1 = s.check(&[a, b], &p);
    let r2 = s.check(&[b, a, b], &p);
    assert_eq!(r1, r2);
    assert_eq!(s.stats().queries, 2);
    assert_eq!(s.stats().cache_hits, 1);
    assert_eq!(s.stats().core_calls, 1);
    assert_eq!(s.inner().stats().queries, 1);
    // Trivial queries never reach Z3.
    let t = p.true_();
    let f = p.false_();
    assert_eq!(s.check(&[t], &p), SolverResult::Sat(Model::new()));
    assert_eq!(s.check(&[a, f], &p), SolverResult::Unsat);
    assert_eq!(s.inner().stats().queries, 1);
    // A different pool does not see the old answers.
    let p2 = p.clone();
    s.check(&[a, b], &p2);
    assert_eq!(s.inner().stats().queries, 2);
}

#[test]
fn independent_groups_are_solved_separately() {
    let mut p = ExprPool::new();
    let x = p.var(1, 32, "x");
    let y = p.var(2, 32, "y");
    let z = p.var(3, 32, "z");
    let w = p.var(4, 32, "w");
    let k = p.constant(32, 100);
    let g1a = p.ugt(x, k);
    let g1b = p.ult(y, x);
    let g1 = p.ne(y, k); // x, y
    let s3 = p.constant(32, 3);
    let g2 = p.ugt(z, s3); // z
    let zw = p.add(z, w);
    let k50 = p.constant(32, 50);
    let g3 = p.eq(zw, k50); // z, w: joins g2
    let cs = [g1a, g3, g1b, g2, g1];
    let groups = components(&cs, &p);
    assert_eq!(groups, vec![vec![g1a, g1b, g1], vec![g3, g2]]);
    assert_eq!(relevant(&cs, &[g2], &p), vec![g3, g2]);

    let mut s = IndependenceSolver::new(CachingSolver::new(z3()));
    let m = model(s.check(&cs, &p));
    assert!(holds(&p, &cs, &m));
    assert_eq!(s.stats().core_calls, 2);
    assert_eq!(s.inner().inner().stats().queries, 2);
    // The merged model is the one the whole query gets.
    assert_eq!(m, model(z3().check(&cs, &p)));
    assert_eq!((m.value(1), m.value(2), m.value(3), m.value(4)), (101, 0, 4, 46));
    // Adding a constraint on z only: the x/y group is answered from the inner cache.
    let k10 = p.constant(32, 10);
    let g4 = p.ugt(z, k10);
    let m = model(s.check(&[g1a, g3, g1b, g2, g1, g4], &p));
    assert_eq!(m.value(3), 11);
    assert_eq!(s.inner().stats().cache_hits, 1);
    assert_eq!(s.inner().inner().stats().queries, 3);
    // One unsatisfiable group makes everything unsatisfiable.
    let g5 = p.ult(z, s3);
    assert_eq!(s.check(&[g1a, g2, g5], &p), SolverResult::Unsat);
}

#[test]
fn timeout_gives_unknown() {
    // Factoring a product of two 32-bit primes: hard for bit-blasting.
    let mut p = ExprPool::new();
    let x = p.var(1, 64, "x");
    let y = p.var(2, 64, "y");
    let (xw, yw) = (p.zext(x, 128), p.zext(y, 128));
    let prod = p.mul(xw, yw);
    let n = p.constant(128, 4_294_967_291u128 * 4_294_967_279u128);
    let c1 = p.eq(prod, n);
    let one = p.constant(64, 1);
    let c2 = p.ugt(x, one);
    let c3 = p.ugt(y, one);
    let mut s = Z3Solver::with_timeout(Duration::from_millis(50));
    let start = std::time::Instant::now();
    let r = s.check(&[c1, c2, c3], &p);
    assert!(matches!(r, SolverResult::Unknown(_)), "{r:?}");
    assert!(start.elapsed() < Duration::from_secs(5));
    assert_eq!(s.stats().unknown, 1);
    // Unknown answers are not cached.
    let mut c = CachingSolver::new(s);
    c.check(&[c1, c2, c3], &p);
    c.check(&[c1, c2, c3], &p);
    assert_eq!(c.stats().cache_hits, 0);
    assert_eq!(c.cache_len(), 0);
    // The solver is usable after a timeout.
    let s = c.inner_mut();
    s.set_timeout(Duration::from_secs(30));
    let k = p.constant(64, 12345);
    let c4 = p.eq(x, k);
    assert_eq!(model(s.check(&[c4, c2], &p)).value(1), 12345);
}

#[test]
fn wide_128_bit_queries() {
    let mut p = ExprPool::new();
    let x = p.var(1, 128, "x");
    let v = (1u128 << 100) + 5;
    let k = p.constant(128, v);
    let c = p.eq(x, k);
    let mut s = z3();
    assert_eq!(model(s.check(&[c], &p)).value(1), v);
    let top = p.constant(128, 1u128 << 127);
    let c = p.ugt(x, top);
    assert_eq!(model(s.check(&[c], &p)).value(1), (1u128 << 127) + 1);
    let neg = p.slt(x, top);
    assert_eq!(s.check(&[neg], &p), SolverResult::Unsat, "nothing is below INT128_MIN");
    let hi = p.extract(x, 127, 64);
    let lo = p.trunc(x, 64);
    let h = p.constant(64, u64::MAX as u128);
    let l = p.constant(64, 3);
    let a = p.eq(hi, h);
    let b = p.ugt(lo, l);
    assert_eq!(model(s.check(&[a, b], &p)).value(1), (u64::MAX as u128) << 64 | 4);
}

#[test]
fn booleans_and_bit_vectors_mix() {
    // Width-1 values used both as conditions and as numbers.
    let mut p = ExprPool::new();
    let x = p.var(1, 8, "x");
    let y = p.var(2, 8, "y");
    let b = p.var(3, 1, "b");
    let lt = p.ult(x, y);
    let both = p.and(lt, b);
    let n = p.zext(both, 8);
    let s = p.sext(lt, 8);
    let sum = p.add(n, s); // 1 + 0xFF = 0 when lt && b
    let zero = p.constant(8, 0);
    let c1 = p.eq(sum, zero);
    let c2 = p.xor(lt, b); // exactly one of them... contradicts c1 unless both false
    let m = model(z3().check(&[c1], &p));
    assert!(holds(&p, &[c1], &m));
    assert_eq!((m.value(1), m.value(2), m.value(3)), (0, 0, 0));
    let m = model(z3().check(&[c1, c2], &p));
    assert!(holds(&p, &[c1, c2], &m));
    let ite = p.ite(b, x, y);
    let k = p.constant(8, 9);
    let c3 = p.eq(ite, k);
    let m = model(z3().check(&[c3, b], &p));
    assert_eq!((m.value(1), m.value(2), m.value(3)), (9, 0, 1));
}

#[test]
fn eval_agrees_with_z3_on_random_expressions() {
    // With every variable pinned to a random value, `e != eval(e)` must be unsatisfiable:
    // the evaluator and Z3 share one semantics, division by zero included.
    let mut rng = Rng(7);
    let mut p = ExprPool::new();
    let mut s = z3();
    let mut checked = 0;
    for _ in 0..250 {
        let bits = WIDTHS[rng.below(WIDTHS.len() as u64) as usize];
        let t = gen(&mut rng, bits, 4);
        let e = build(&t, &mut p);
        if p.as_const(e).is_some() {
            continue;
        }
        let asg = assignment(&mut rng);
        let v = p.eval(e, &asg);
        let mut cs = Vec::new();
        for &var in p.vars(e).to_vec().iter() {
            if var == ARRAY {
                continue;
            }
            let node = p.var_node(var).unwrap();
            let k = p.constant(p.bits(node), asg.value(var));
            cs.push(p.eq(node, k));
        }
        // Pin what every read of the array sees at its (evaluated) index.
        let arr = p.array_var(ARRAY, 8, 8);
        for id in p.reachable(&[e]) {
            if let Node::Select { index, .. } = *p.node(id) {
                let i = p.eval(index, &asg);
                let x = p.constant(8, asg.element(ARRAY, i));
                let rd = p.select(arr, index);
                cs.push(p.eq(rd, x));
            }
        }
        let k = p.constant(bits, v);
        let mut with_ne = cs.clone();
        with_ne.push(p.ne(e, k));
        assert_eq!(s.check(&with_ne, &p), SolverResult::Unsat, "{t:?} = {v:#x} under {asg:?}");
        cs.push(p.eq(e, k));
        let m = model(s.check(&cs, &p));
        assert!(holds(&p, &cs, &m));
        checked += 1;
    }
    assert!(checked > 100, "only {checked} non-constant expressions");
}

#[test]
fn models_satisfy_random_constraint_sets() {
    // Random satisfiable sets (each constraint made true by a hidden assignment): the model
    // found must satisfy them, be the same through every chain, and be no greater
    // lexicographically than the hidden one.
    let mut rng = Rng(99);
    let mut p = ExprPool::new();
    let mut plain = z3();
    let mut chain = default_solver(Z3Config::default());
    for round in 0..40 {
        let hidden = assignment(&mut rng);
        let mut cs = Vec::new();
        for _ in 0..3 {
            let t = gen(&mut rng, 1, 4);
            let mut c = build(&t, &mut p);
            if p.eval(c, &hidden) == 0 {
                c = p.not(c);
            }
            cs.push(c);
        }
        let m = model(plain.check(&cs, &p));
        assert!(holds(&p, &cs, &m), "round {round}");
        assert_eq!(model(chain.check(&cs, &p)), m, "round {round}");
    }
    assert!(chain.stats().queries == 40);
}

#[test]
fn model_counts_and_stats_are_reported() {
    let mut p = ExprPool::new();
    let x = p.var(1, 16, "x");
    let k = p.constant(16, 0x8001);
    let c = p.uge(x, k);
    let mut s = z3();
    let m = model(s.check(&[c], &p));
    assert_eq!(m.value(1), 0x8001);
    let st = s.stats();
    assert_eq!((st.queries, st.sat), (1, 1));
    assert!(st.core_calls >= 2, "the answer and at least one normalisation step");
    assert!(st.time > Duration::ZERO);
    assert_eq!(st.unminimised, 0);
    // may_be_true adds the condition to the set.
    let small = p.constant(16, 5);
    let lt = p.ult(x, small);
    assert!(s.may_be_true(&[c], lt, &p).is_unsat());
}

#[test]
fn variable_free_constraints_are_decided_without_z3() {
    let mut p = ExprPool::new();
    let five = p.constant(8, 5);
    let zero = p.constant(8, 0);
    let d = p.udiv(five, zero); // kept as a node, evaluates to 255
    let ones = p.constant(8, 255);
    let one = p.constant(8, 1);
    let yes = p.eq(d, ones);
    let no = p.eq(d, one);
    assert!(p.as_const(yes).is_none() && p.vars(yes).is_empty());
    assert_eq!(normalise(&[yes], &p), Some(vec![]));
    assert_eq!(normalise(&[yes, no], &p), None);
    let mut s = default_solver(Z3Config::default());
    assert_eq!(s.check(&[yes], &p), SolverResult::Sat(Model::new()));
    assert_eq!(s.check(&[no], &p), SolverResult::Unsat);
    assert_eq!(s.inner().inner().inner().stats().queries, 0);
    // Z3 agrees on division by zero when the divisor is symbolic.
    let x = p.var(1, 8, "x");
    let dx = p.udiv(five, x);
    let c1 = p.eq(dx, one);
    let m = model(z3().check(&[c1], &p));
    assert_eq!(m.value(1), 3, "5 / 3 = 1 and 0, 1, 2 give 255, 5, 2");
    let rx = p.srem(five, x);
    let c2 = p.eq(rx, five);
    let m = model(z3().check(&[c2], &p));
    assert_eq!(m.value(1), 0, "srem by zero returns the dividend");
}

#[test]
fn fresh_variables_bound_by_one_equation_skip_the_core_solver() {
    let mut p = ExprPool::new();
    let seed = p.var(1, 32, "seed");
    let zero = p.constant(32, 0);
    let one = p.constant(32, 1);
    let mut cs = vec![p.ne(seed, zero), p.ne(seed, one)];
    // Fresh draws that differed from the seed (`!(x == seed)`), then one equal to it.
    for id in 2..6 {
        let x = p.var(id, 32, "x");
        let eq = p.eq(x, seed);
        cs.push(p.not(eq));
    }
    let y = p.var(6, 32, "y");
    cs.push(p.eq(seed, y));
    let mut chain = FreshVarSolver::new(CachingSolver::new(z3()));
    let m = model(chain.check(&cs, &p));
    assert!(holds(&p, &cs, &m));
    // Only the constraints on the seed reached Z3, and the model is still the least one.
    assert_eq!(chain.inner().inner().stats().queries, 1);
    assert_eq!(m, model(z3().check(&cs, &p)));
    assert_eq!((m.value(1), m.value(2), m.value(6)), (2, 0, 2));
    // A variable that is not the greatest, or that occurs twice, is left to the core solver.
    let k = p.constant(32, 7);
    let x2 = p.var(2, 32, "x");
    cs.push(p.ult(x2, k));
    let m = model(chain.check(&cs, &p));
    assert_eq!(m, model(z3().check(&cs, &p)));
    let y_is_seed = p.eq(y, seed);
    let y_not_seed = p.not(y_is_seed);
    assert_eq!(chain.check(&[cs[0], y_is_seed, y_not_seed], &p), SolverResult::Unsat);
}
