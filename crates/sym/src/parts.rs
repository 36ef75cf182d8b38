//! A path constraint cut into the parts that matter: conjuncts grouped by the variables
//! chosen to link them, and variables nobody holds any more eliminated where that is
//! exact. The interpreter prunes its path constraint with it, and the explicit-state
//! engine describes and abstracts states with it (which inputs belong to which thread).

use crate::expr::{ExprId, ExprPool};
use crate::range::Bound;
use rustc_hash::FxHashMap;

/// The components (see [`linked_components`]) of `pc` after [`eliminate_dead`] that
/// mention a variable somebody holds (`live`); the others cannot change what happens next.
pub fn live_components(pool: &mut ExprPool, pc: &[ExprId], live: impl Fn(u32) -> bool) -> Vec<Vec<ExprId>> {
    let pc = eliminate_dead(pool, pc, &live);
    let mut comps = linked_components(&pc, |e| pool.vars(e), |_| true);
    comps.retain(|comp| comp.iter().any(|&c| pool.vars(c).iter().any(|&v| live(v))));
    comps
}

/// `pc` without the variables nobody holds (`live` says who is held) where that is
/// exact: `v == e ∧ φ(v)` becomes `φ(e)`, and disequalities `v != e_i` with bounds of `v`
/// by constants are dropped when the bounds leave more values than there are
/// disequalities (some value then satisfies them all, whatever the `e_i` are).
pub fn eliminate_dead(pool: &mut ExprPool, pc: &[ExprId], live: impl Fn(u32) -> bool) -> Vec<ExprId> {
    let mut cs: Vec<ExprId> = Vec::with_capacity(pc.len());
    for &c in pc {
        if !cs.contains(&c) {
            cs.push(c);
        }
    }
    let mut changed = true;
    while changed {
        changed = false;
        let mut occurs: FxHashMap<u32, Vec<usize>> = FxHashMap::default();
        for (i, &c) in cs.iter().enumerate() {
            for &v in pool.vars(c).iter().filter(|&&v| !live(v)) {
                occurs.entry(v).or_default().push(i);
            }
        }
        let mut dead: Vec<u32> = occurs.keys().copied().collect();
        dead.sort_unstable();
        for v in dead {
            let at = &occurs[&v];
            let rel: Vec<Option<(bool, ExprId)>> = at.iter().map(|&i| pool.relation(cs[i], v)).collect();
            let truth = pool.true_();
            if let Some(k) = rel.iter().position(|r| matches!(r, Some((true, _)))) {
                let e = rel[k].expect("found").1;
                let map: FxHashMap<u32, ExprId> = [(v, e)].into_iter().collect();
                for (j, &i) in at.iter().enumerate() {
                    cs[i] = if j == k { truth } else { pool.substitute(cs[i], &map) };
                }
                changed = true;
            } else if free_of_disequalities(pool, v, at.iter().map(|&i| cs[i])) {
                for &i in at {
                    cs[i] = truth;
                }
                changed = true;
            }
            if changed {
                break;
            }
        }
        cs.retain(|&c| pool.as_const(c) != Some(1));
    }
    cs
}

/// Whether `constraints` (all of those on `v`) are disequalities `v != e_i` and bounds of
/// `v` by constants in one order that leave more values than there are disequalities.
fn free_of_disequalities(pool: &ExprPool, v: u32, constraints: impl Iterator<Item = ExprId>) -> bool {
    let Some(node) = pool.var_node(v).filter(|&n| !pool.is_array(n)) else { return false };
    let bits = pool.bits(node);
    let mut range: Option<Bound> = None;
    let mut disequalities = 0u128;
    for c in constraints {
        match (pool.relation(c, v), pool.var_bound(c, v)) {
            (Some((false, _)), _) => disequalities += 1,
            (_, Some(b)) => match range {
                None => range = Some(b),
                Some(r) => match r.meet(b) {
                    Some(m) => range = Some(m),
                    None => return false,
                },
            },
            _ => return false,
        }
    }
    let values = range.map_or(if bits >= 128 { u128::MAX } else { 1u128 << bits }, Bound::count);
    values > disequalities
}

/// The conjuncts of `pc` grouped into components that share no variable for which `links`
/// holds, each in the order of `pc`; conjuncts without variables are left out (unlike
/// [`crate::components`], which links through every variable and keeps them).
pub fn linked_components<'p>(
    pc: &[ExprId],
    vars: impl Fn(ExprId) -> &'p [u32],
    links: impl Fn(u32) -> bool,
) -> Vec<Vec<ExprId>> {
    group_conjuncts(pc, vars, links, false)
}

/// Union-find over the conjuncts of `pc` through the variables `links` accepts: the
/// groups in the order of their first conjunct, each in the order of `pc`. Conjuncts
/// without any variable are groups of their own with `keep_closed`, else left out.
pub(crate) fn group_conjuncts<'p>(
    pc: &[ExprId],
    vars: impl Fn(ExprId) -> &'p [u32],
    links: impl Fn(u32) -> bool,
    keep_closed: bool,
) -> Vec<Vec<ExprId>> {
    let mut parent: Vec<usize> = (0..pc.len()).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    let mut first: FxHashMap<u32, usize> = FxHashMap::default();
    for (i, &c) in pc.iter().enumerate() {
        for &v in vars(c).iter().filter(|&&v| links(v)) {
            match first.get(&v) {
                Some(&j) => {
                    let (a, b) = (root(&mut parent, i), root(&mut parent, j));
                    parent[a.max(b)] = a.min(b);
                }
                None => {
                    first.insert(v, i);
                }
            }
        }
    }
    let mut groups: FxHashMap<usize, usize> = FxHashMap::default();
    let mut out: Vec<Vec<ExprId>> = Vec::new();
    for (i, &c) in pc.iter().enumerate() {
        if !keep_closed && vars(c).is_empty() {
            continue;
        }
        let r = root(&mut parent, i);
        let g = *groups.entry(r).or_insert_with(|| {
            out.push(Vec::new());
            out.len() - 1
        });
        out[g].push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `!(a == b)` as the interpreter builds it.
    fn eq_not(p: &mut ExprPool, a: ExprId, b: ExprId) -> ExprId {
        let eq = p.eq(a, b);
        p.not(eq)
    }

    #[test]
    fn dead_inputs_are_eliminated_exactly() {
        let mut p = ExprPool::new();
        let (live, dead, other) = (p.var(1, 32, "live"), p.var(2, 32, "dead"), p.var(3, 32, "other"));
        let zero = p.constant(32, 0);
        // dead == live ∧ dead != 0  becomes  live != 0.
        let eq = p.eq(dead, live);
        let ne = p.ne(dead, zero);
        let kept = eliminate_dead(&mut p, &[eq, ne], |v| v == 1);
        let expected = p.ne(live, zero);
        assert_eq!(kept, vec![expected]);
        // Disequalities alone on a dead input always have a solution.
        let ne_live = p.ne(other, live);
        let ne_zero = p.ne(other, zero);
        assert!(eliminate_dead(&mut p, &[ne_live, ne_zero], |v| v == 1).is_empty());
        // A dead input under another relation stays (its constraint may matter).
        let lt = p.ult(dead, live);
        assert_eq!(eliminate_dead(&mut p, &[lt], |v| v == 1), vec![lt]);
        // Bounds by constants count the values left: `dead <= 10` leaves plenty for two
        // disequalities, `dead <u 2` not.
        let ten = p.constant(32, 10);
        let (le10, ne_other) = (p.sle(dead, ten), p.ne(dead, other));
        let ne_live = eq_not(&mut p, dead, live);
        assert!(eliminate_dead(&mut p, &[le10, ne_live, ne_other], |v| v != 2).is_empty());
        let two = p.constant(32, 2);
        let lt2 = p.ult(dead, two);
        let kept = [lt2, ne_live, ne_other];
        assert_eq!(eliminate_dead(&mut p, &kept, |v| v != 2), kept.to_vec());
        // Signed and unsigned bounds together are not counted.
        let one = p.constant(32, 1);
        let ge1 = p.uge(dead, one);
        assert_eq!(eliminate_dead(&mut p, &[le10, ge1], |v| v != 2), vec![le10, ge1]);
    }

    #[test]
    fn components_group_by_linking_variables() {
        let mut p = ExprPool::new();
        let (a, b, c) = (p.var(1, 8, "a"), p.var(2, 8, "b"), p.var(3, 8, "c"));
        let (zero, one) = (p.constant(8, 0), p.constant(8, 1));
        let (ab, c0, b1) = (p.eq(a, b), p.eq(c, zero), p.ne(b, one));
        let groups = linked_components(&[ab, c0, b1], |e| p.vars(e), |_| true);
        assert_eq!(groups, vec![vec![ab, b1], vec![c0]]);
        // Through `b` alone, the two constraints on it are not tied.
        let groups = linked_components(&[ab, c0, b1], |e| p.vars(e), |v| v != 2);
        assert_eq!(groups, vec![vec![ab], vec![c0], vec![b1]]);
    }
}
