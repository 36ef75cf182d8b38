//! Symbolic inputs in canonical states: which part of the description owns each variable,
//! and names that do not depend on the order inputs were created in.
//!
//! Fresh inputs get new variable ids, so two visits of the same program point never have
//! equal expressions; seen up to a renaming of the variables they are the same state. A
//! variable belongs to the *shared* part when the shared memory or main mentions it, else
//! to the one thread whose registers or own memory do; a variable two threads hold (or
//! that constraints tie to two threads) is named with the shared part, in an order given
//! by where the holding threads are, not by their ids. Path-constraint components whose
//! variables nobody mentions any more are dropped: they are satisfiable and independent of
//! everything that can still happen. Variables are named in the order a fixed walk over
//! their part meets them, so the naming is a bijection between two states with equal
//! descriptions — the condition for them to have the same futures.

use crate::machine::Machine;
use crate::memory::ObjId;
use ravel_sym::{Bound, ExprId, ExprPool};
use rustc_hash::{FxHashMap, FxHashSet};
use std::cell::RefCell;
use std::hash::{Hash, Hasher};

/// Hashes of an object's shadowed bytes up to renaming, by offset.
pub(crate) type ShadowHashes = Vec<(u32, u64)>;

/// The part of the description that owns shared variables.
const SHARED: usize = 0;
/// Tag of a name local to a thread's class.
const LOCAL: u64 = 1 << 63;

/// The symbolic variables of a state, split among its parts (see the module documentation).
pub(crate) struct SymVars {
    /// Part owning each variable the description keeps: [`SHARED`] or a thread.
    owner: FxHashMap<u32, usize>,
    /// Name of each variable inside its part.
    name: FxHashMap<u32, u64>,
    /// Kept path-constraint conjuncts of each part.
    pc: FxHashMap<usize, Vec<ExprId>>,
    /// Shadowed bytes of each object, sorted by offset.
    pub by_object: FxHashMap<ObjId, Vec<(u32, ExprId)>>,
    /// Threads whose values or constraints mention variables of the shared part.
    pub mention_shared: FxHashSet<usize>,
    memo: RefCell<FxHashMap<ExprId, u64>>,
}

impl Machine {
    /// The symbolic variables of this state, or `None` without symbolic inputs. With `ids`
    /// threads are not interchangeable and one naming covers the whole state. `live` is
    /// [`Machine::live_masks`]: dead registers hold nothing.
    pub(crate) fn sym_vars(&self, ids: bool, live: &[Vec<bool>]) -> Option<SymVars> {
        let st = self.sym.as_ref()?;
        let mut eng = st.engine.borrow_mut();
        let mut by_object: FxHashMap<ObjId, Vec<(u32, ExprId)>> = FxHashMap::default();
        for (&(id, off), &e) in &self.memory.sym {
            by_object.entry(id).or_default().push((off, e));
        }
        for v in by_object.values_mut() {
            v.sort_unstable();
        }
        // The expressions each part holds, in a fixed order.
        let part_of_object = |id: ObjId| self.memory.objects[id as usize].thread_owner().unwrap_or(SHARED);
        let mut objects: Vec<(u64, ObjId)> =
            by_object.keys().map(|&id| (self.memory.objects[id as usize].base, id)).collect();
        objects.sort_unstable();
        let mut roots: Vec<Vec<ExprId>> = vec![Vec::new(); self.threads.len()];
        for (t, th) in self.threads.iter().enumerate() {
            if t != 0 && th.finished && !ids {
                continue;
            }
            let mut regs: Vec<(u32, ExprId)> = self.live_shadows(t, &live[t]).collect();
            regs.sort_unstable();
            roots[t].extend(regs.into_iter().map(|(_, e)| e));
        }
        for (_, id) in objects {
            if !self.memory.objects[id as usize].alive {
                continue;
            }
            let part = part_of_object(id);
            if part != SHARED && self.threads[part].finished && !ids {
                continue;
            }
            roots[part].extend(by_object[&id].iter().map(|&(_, e)| e));
        }
        let mut sv = SymVars {
            owner: FxHashMap::default(),
            name: FxHashMap::default(),
            pc: FxHashMap::default(),
            by_object,
            mention_shared: FxHashSet::default(),
            memo: RefCell::new(FxHashMap::default()),
        };
        let n = self.threads.len();
        let mut next: Vec<u64> = vec![0; n];
        // The shared part's variables are named in the order its walk meets them.
        let mut seen = FxHashSet::default();
        for &e in &roots[SHARED] {
            eng.pool.vars_in_order(e, &mut seen, &mut |v| sv.adopt(v, SHARED, &mut next));
        }
        // The other variables each thread holds, in the order its walk meets them.
        let mut held: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (t, exprs) in roots.iter().enumerate().skip(1) {
            let mut seen = FxHashSet::default();
            for &e in exprs {
                eng.pool.vars_in_order(e, &mut seen, &mut |v| {
                    if !sv.owner.contains_key(&v) {
                        held[t].push(v)
                    }
                });
            }
        }
        let mut holders: FxHashMap<u32, Vec<(usize, usize)>> = FxHashMap::default();
        for (t, vars) in held.iter().enumerate() {
            for (pos, &v) in vars.iter().enumerate() {
                holders.entry(v).or_default().push((t, pos));
            }
        }
        let kept =
            live_components(&mut eng.pool, &st.pc, |v| sv.owner.contains_key(&v) || holders.contains_key(&v)).concat();
        let pool = &eng.pool;
        // Constraints tie threads through variables the shared part does not name: through
        // a shared variable, each thread's constraints are about that thread and the shared
        // part only (given the shared variables' values, the threads' variables are free of
        // one another), which the thread's own part describes.
        let unshared = |sv: &SymVars, v: u32| sv.owner.get(&v) != Some(&SHARED);
        let comps = components(&kept, |e| pool.vars(e), |v| unshared(&sv, v));
        // Variables two threads hold, or that constraints tie to two threads, are named with
        // the shared part (in an order that does not depend on thread ids); with `ids`, all.
        let mut cross: Vec<u32> = holders.iter().filter(|(_, h)| ids || h.len() > 1).map(|(v, _)| *v).collect();
        for comp in &comps {
            let locals: Vec<u32> = comp
                .iter()
                .flat_map(|&c| pool.vars(c).iter().copied())
                .filter(|v| holders.get(v).is_some_and(|h| h.len() == 1))
                .collect();
            let mut threads: Vec<usize> = locals.iter().map(|v| holders[v][0].0).collect();
            threads.sort_unstable();
            threads.dedup();
            if threads.len() > 1 {
                cross.extend(locals);
            }
        }
        cross.sort_unstable();
        cross.dedup();
        let signature = |v: u32| {
            let mut sig: Vec<(u64, usize)> = holders[&v].iter().map(|&(t, pos)| (self.thread_sig(t), pos)).collect();
            sig.sort_unstable();
            sig
        };
        let mut ranked: Vec<(Vec<(u64, usize)>, u32)> = cross.into_iter().map(|v| (signature(v), v)).collect();
        ranked.sort_unstable();
        for (_, v) in ranked {
            sv.adopt(v, SHARED, &mut next);
        }
        for (t, vars) in held.iter().enumerate() {
            for &v in vars {
                sv.adopt(v, t, &mut next);
            }
        }
        // Path-constraint components, kept when they mention a variable some part holds, now
        // also apart where they meet only at the variables that became shared.
        let comps = components(&kept, |e| pool.vars(e), |v| unshared(&sv, v));
        for comp in comps {
            let mut threads: Vec<usize> = comp
                .iter()
                .flat_map(|&c| pool.vars(c).iter().filter_map(|v| sv.owner.get(v).copied()))
                .filter(|&p| p != SHARED)
                .collect();
            threads.sort_unstable();
            threads.dedup();
            // Constraints tying two threads made their variables shared above.
            let part = if threads.len() == 1 { threads[0] } else { SHARED };
            let mut seen = FxHashSet::default();
            for &c in &comp {
                pool.vars_in_order(c, &mut seen, &mut |v| sv.adopt(v, part, &mut next));
            }
            sv.pc.entry(part).or_default().extend(comp);
        }
        Some(sv)
    }

    /// Drops the parts of the path constraint over inputs that no register or memory byte
    /// holds any more, eliminating dead inputs exactly (see `eliminate_dead`): they cannot
    /// change what happens next, and keeping them makes every later query bigger. The
    /// result depends only on the state, so a replay that prunes after the same steps asks
    /// the solver the same questions and gets the same models. Only a constraint added
    /// since the last pruning triggers one (pruning is not free).
    pub(crate) fn prune_path_constraint(&mut self) {
        if self.config.keep_path_constraint {
            return;
        }
        let Some(st) = self.sym.as_ref().filter(|st| st.pc.len() != st.pruned) else { return };
        let mut eng = st.engine.borrow_mut();
        let mut live: FxHashSet<u32> = FxHashSet::default();
        self.for_each_held(|e, _| live.extend(eng.pool.vars(e).iter().copied()));
        let kept: Vec<ExprId> = live_components(&mut eng.pool, &st.pc, |v| live.contains(&v)).concat();
        drop(eng);
        let st = self.sym.as_mut().expect("symbolic mode");
        st.pruned = kept.len();
        st.pc = kept;
    }

    /// Cartesian abstraction of the inputs: each thread other than main keeps its own
    /// copy of every input it holds together with other threads only (and the constraints
    /// on that input alone), and every group of conjuncts (conjuncts joined through inputs
    /// nobody holds) that ties the inputs of one part of the state to those of another (a
    /// thread's own inputs to the shared part's, or two threads' to each other) is
    /// forgotten. The shared part is what shared memory and main hold. Afterwards the state
    /// stands for more concrete states than the execution reached: a search over such
    /// states is still exhaustive, but what it finds has no concrete witness. Returns
    /// whether anything changed.
    pub fn forget_cross_constraints(&mut self) -> bool {
        self.prune_path_constraint();
        if self.sym.is_none() {
            return false;
        }
        let holders = self.input_holders();
        let copies = self.split_thread_inputs(&holders);
        let st = self.sym.as_ref().expect("symbolic mode");
        let mut eng = st.engine.borrow_mut();
        // After the split, an input belongs to its first holder.
        let part: FxHashMap<u32, usize> = holders.iter().map(|(&v, h)| (v, h[0])).collect();
        let groups = components(&st.pc, |c| eng.pool.vars(c), |v| !part.contains_key(&v));
        let mut kept = Vec::with_capacity(st.pc.len());
        let mut dropped = false;
        for group in groups {
            let mut held: Vec<u32> =
                group.iter().flat_map(|&c| eng.pool.vars(c).iter().copied().filter(|v| part.contains_key(v))).collect();
            held.sort_unstable();
            held.dedup();
            if !held.iter().all(|v| part[v] == part[&held[0]]) {
                dropped = true;
                continue;
            }
            // Constraints on split inputs alone hold for every copy.
            for subst in copies.values().filter(|m| held.iter().all(|v| m.contains_key(v))) {
                let copied: Vec<ExprId> = group.iter().map(|&c| eng.pool.substitute(c, subst)).collect();
                kept.extend(copied);
            }
            kept.extend(group);
        }
        drop(eng);
        if !dropped && copies.is_empty() {
            return false;
        }
        let st = self.sym.as_mut().expect("symbolic mode");
        st.pruned = kept.len();
        st.pc = kept;
        true
    }

    /// The parts holding each input, sorted ([`SHARED`] for shared memory and main, else
    /// the thread): in a live register of a running thread or a byte of a live object.
    fn input_holders(&self) -> FxHashMap<u32, Vec<usize>> {
        let st = self.sym.as_ref().expect("symbolic mode");
        let eng = st.engine.borrow();
        let mut holders: FxHashMap<u32, Vec<usize>> = FxHashMap::default();
        let mut hold = |e: ExprId, p: usize| {
            for &v in eng.pool.vars(e) {
                let h = holders.entry(v).or_default();
                if let Err(at) = h.binary_search(&p) {
                    h.insert(at, p);
                }
            }
        };
        self.for_each_held(&mut hold);
        holders
    }

    /// Calls `f` with every symbolic value that can still be read and the part holding
    /// it ([`SHARED`] for shared memory and main, else the thread). Dead registers are
    /// never read again, nor are a finished thread's (a joined return value that depends
    /// on inputs is made concrete), nor dead objects.
    fn for_each_held(&self, mut f: impl FnMut(ExprId, usize)) {
        let masks = self.live_masks();
        for t in (0..self.threads.len()).filter(|&t| !self.threads[t].finished) {
            for (_, e) in self.live_shadows(t, &masks[t]) {
                f(e, t);
            }
        }
        for (&(id, _), &e) in &self.memory.sym {
            let obj = &self.memory.objects[id as usize];
            if obj.alive {
                f(e, obj.thread_owner().unwrap_or(SHARED));
            }
        }
    }

    /// Gives every thread but the first of those holding an input the shared part does not
    /// hold a fresh copy of it, in its registers and its own memory; returns each such
    /// thread's renaming.
    fn split_thread_inputs(
        &mut self,
        holders: &FxHashMap<u32, Vec<usize>>,
    ) -> FxHashMap<usize, FxHashMap<u32, ExprId>> {
        let mut by_thread: FxHashMap<usize, Vec<u32>> = FxHashMap::default();
        for (&v, h) in holders.iter().filter(|(_, h)| h.len() > 1 && h[0] != SHARED) {
            for &t in &h[1..] {
                by_thread.entry(t).or_default().push(v);
            }
        }
        let mut copies = FxHashMap::default();
        for (t, mut vars) in by_thread {
            vars.sort_unstable();
            let fresh = self.fresh_copies(&vars);
            let own: Vec<(ObjId, u32)> = self
                .memory
                .sym
                .keys()
                .filter(|(id, _)| {
                    let o = &self.memory.objects[*id as usize];
                    o.alive && o.thread_owner() == Some(t)
                })
                .copied()
                .collect();
            let st = self.sym.as_mut().expect("symbolic mode");
            let mut eng = st.engine.borrow_mut();
            for e in self.threads[t].sym_regs.values_mut() {
                *e = eng.pool.substitute(*e, &fresh);
            }
            for key in own {
                let e = self.memory.sym[&key];
                self.memory.sym.insert(key, eng.pool.substitute(e, &fresh));
            }
            copies.insert(t, fresh);
        }
        copies
    }

    /// Where thread `t` is (its call stack's code positions), to order variables threads
    /// share without using thread ids.
    fn thread_sig(&self, t: usize) -> u64 {
        let th = &self.threads[t];
        let mut h = std::collections::hash_map::DefaultHasher::new();
        for f in &th.frames {
            (f.func, f.pc).hash(&mut h);
        }
        th.at_branch.hash(&mut h);
        h.finish()
    }
}

impl SymVars {
    /// Gives `v` to `part` with the next name there, unless some part already has it.
    fn adopt(&mut self, v: u32, part: usize, next: &mut [u64]) {
        match self.owner.get(&v) {
            Some(&SHARED) if part != SHARED => {
                self.mention_shared.insert(part);
            }
            Some(_) => {}
            None => {
                self.owner.insert(v, part);
                let tag = if part == SHARED { 0 } else { LOCAL };
                self.name.insert(v, tag | next[part]);
                next[part] += 1;
            }
        }
    }

    /// Hash of `e` up to the naming.
    pub fn hash(&self, m: &Machine, e: ExprId) -> u64 {
        let st = m.sym.as_ref().expect("symbolic mode");
        let eng = st.engine.borrow();
        let name = |v: u32| self.name.get(&v).copied().unwrap_or(u64::MAX);
        eng.pool.shape_hash(e, &name, &mut self.memo.borrow_mut())
    }

    /// Hashes of the kept path-constraint conjuncts of `part`, as a sorted set.
    pub fn pc_hashes(&self, m: &Machine, part: usize) -> Vec<u64> {
        let mut hs: Vec<u64> =
            self.pc.get(&part).map_or(Vec::new(), |cs| cs.iter().map(|&c| self.hash(m, c)).collect());
        hs.sort_unstable();
        hs.dedup();
        hs
    }

    /// Bytes of object `id` with the shadowed ones replaced by 0 (their concrete values
    /// depend on the current model, not on the state), and the shadows' hashes by offset;
    /// `None` when no byte of it is shadowed.
    pub fn masked(&self, m: &Machine, id: ObjId, bytes: &[u8]) -> Option<(Vec<u8>, ShadowHashes)> {
        let shadowed = self.by_object.get(&id)?;
        let mut out = bytes.to_vec();
        let mut shadows = Vec::with_capacity(shadowed.len());
        for &(off, e) in shadowed {
            out[off as usize] = 0;
            shadows.push((off, self.hash(m, e)));
        }
        Some((out, shadows))
    }

    /// Whether thread `t`'s symbolic values and constraints can be copied onto fresh
    /// inputs: they mention only bit-vector variables of its own or of the shared part
    /// (which the copy shares). Dead registers do not count (`live` is the thread's
    /// [`Machine::live_regs`]): nothing reads them again.
    pub fn forkable(&self, m: &Machine, t: usize, live: &[bool]) -> bool {
        let st = m.sym.as_ref().expect("symbolic mode");
        let eng = st.engine.borrow();
        let own = |e: &ExprId| {
            eng.pool.vars(*e).iter().all(|v| {
                matches!(self.owner.get(v), Some(&p) if p == t || p == SHARED)
                    && eng.pool.var_node(*v).is_some_and(|n| !eng.pool.is_array(n))
            })
        };
        let owned_shadows = self.by_object.iter().filter(|(&id, _)| {
            let o = &m.memory.objects[id as usize];
            o.alive && o.thread_owner() == Some(t)
        });
        m.live_shadows(t, live).all(|(_, e)| own(&e))
            && owned_shadows.flat_map(|(_, v)| v.iter().map(|(_, e)| e)).all(own)
            && self.pc.get(&t).is_none_or(|cs| cs.iter().all(own))
    }

    /// The shared part's variables, by name.
    pub fn shared_vars(&self) -> Vec<u32> {
        let mut vars: Vec<(u64, u32)> =
            self.owner.iter().filter(|(_, &p)| p == SHARED).map(|(&v, _)| (self.name[&v], v)).collect();
        vars.sort_unstable();
        vars.into_iter().map(|(_, v)| v).collect()
    }

    /// The variables thread `t` owns, and its kept constraints.
    pub fn owned_by(&self, t: usize) -> (Vec<u32>, Vec<ExprId>) {
        let mut vars: Vec<u32> = self.owner.iter().filter(|(_, &p)| p == t).map(|(&v, _)| v).collect();
        vars.sort_unstable();
        (vars, self.pc.get(&t).cloned().unwrap_or_default())
    }
}

/// The components (see [`components`]) of `pc` after [`eliminate_dead`] that mention a
/// variable somebody holds (`live`); the others cannot change what happens next.
fn live_components(pool: &mut ExprPool, pc: &[ExprId], live: impl Fn(u32) -> bool) -> Vec<Vec<ExprId>> {
    let pc = eliminate_dead(pool, pc, &live);
    let mut comps = components(&pc, |e| pool.vars(e), |_| true);
    comps.retain(|comp| comp.iter().any(|&c| pool.vars(c).iter().any(|&v| live(v))));
    comps
}

/// `pc` without the variables nobody holds (`live` says who is held) where that is
/// exact: `v == e ∧ φ(v)` becomes `φ(e)`, and disequalities `v != e_i` with bounds of `v`
/// by constants are dropped when the bounds leave more values than there are
/// disequalities (some value then satisfies them all, whatever the `e_i` are).
fn eliminate_dead(pool: &mut ExprPool, pc: &[ExprId], live: impl Fn(u32) -> bool) -> Vec<ExprId> {
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
/// holds, each in the order of `pc`; conjuncts without variables are left out.
fn components<'p>(pc: &[ExprId], vars: impl Fn(ExprId) -> &'p [u32], links: impl Fn(u32) -> bool) -> Vec<Vec<ExprId>> {
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
        if vars(c).is_empty() {
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
    fn components_group_by_shared_variables() {
        let mut p = ExprPool::new();
        let (a, b, c) = (p.var(1, 8, "a"), p.var(2, 8, "b"), p.var(3, 8, "c"));
        let (zero, one) = (p.constant(8, 0), p.constant(8, 1));
        let (ab, c0, b1) = (p.eq(a, b), p.eq(c, zero), p.ne(b, one));
        let groups = components(&[ab, c0, b1], |e| p.vars(e), |_| true);
        assert_eq!(groups, vec![vec![ab, b1], vec![c0]]);
        // Through `b` alone, the two constraints on it are not tied.
        let groups = components(&[ab, c0, b1], |e| p.vars(e), |v| v != 2);
        assert_eq!(groups, vec![vec![ab], vec![c0], vec![b1]]);
        let groups = components(&[ab, c0, b1], |e| p.vars(e), |_| true);
        assert_eq!(groups, vec![vec![ab, b1], vec![c0]]);
    }
}
