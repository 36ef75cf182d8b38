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

use ravel_sym::parts::{linked_components, live_components};
use ravel_sym::ExprId;
use ravel_vm::{Machine, ObjId};
use rustc_hash::{FxHashMap, FxHashSet};
use std::cell::RefCell;
use std::hash::{Hash, Hasher};

/// Hashes of an object's shadowed bytes up to renaming, by offset.
pub(super) type ShadowHashes = Vec<(u32, u64)>;

/// The part of the description that owns shared variables (as in `Machine::held_values`).
pub(super) const SHARED: usize = 0;
/// Tag of a name local to a thread's class.
const LOCAL: u64 = 1 << 63;

/// The symbolic variables of a state, split among its parts (see the module documentation).
pub(super) struct SymVars {
    /// Part owning each variable the description keeps: [`SHARED`] or a thread.
    owner: FxHashMap<u32, usize>,
    /// Name of each variable inside its part.
    name: FxHashMap<u32, u64>,
    /// Kept path-constraint conjuncts of each part.
    pc: FxHashMap<usize, Vec<ExprId>>,
    /// Shadowed bytes of each object, sorted by offset.
    by_object: FxHashMap<ObjId, Vec<(u32, ExprId)>>,
    /// Threads whose values or constraints mention variables of the shared part.
    pub mention_shared: FxHashSet<usize>,
    memo: RefCell<FxHashMap<ExprId, u64>>,
}

/// The symbolic variables of `m`'s state, or `None` without symbolic inputs. With `ids`
/// threads are not interchangeable and one naming covers the whole state. `live` is
/// `Machine::live_masks`: dead registers hold nothing.
pub(super) fn sym_vars(m: &Machine, ids: bool, live: &[Vec<bool>]) -> Option<SymVars> {
    m.with_expressions(|pool, pc| {
        let objects = m.objects();
        let threads = m.threads();
        let mut by_object: FxHashMap<ObjId, Vec<(u32, ExprId)>> = FxHashMap::default();
        for (&(id, off), &e) in m.object_shadows() {
            by_object.entry(id).or_default().push((off, e));
        }
        for v in by_object.values_mut() {
            v.sort_unstable();
        }
        // The expressions each part holds, in a fixed order.
        let part_of_object = |id: ObjId| objects[id as usize].thread_owner().unwrap_or(SHARED);
        let mut ordered: Vec<(u64, ObjId)> = by_object.keys().map(|&id| (objects[id as usize].base, id)).collect();
        ordered.sort_unstable();
        let mut roots: Vec<Vec<ExprId>> = vec![Vec::new(); threads.len()];
        for (t, th) in threads.iter().enumerate() {
            if t != 0 && th.finished && !ids {
                continue;
            }
            let mut regs: Vec<(u32, ExprId)> = m.live_shadows(t, &live[t]).collect();
            regs.sort_unstable();
            roots[t].extend(regs.into_iter().map(|(_, e)| e));
        }
        for (_, id) in ordered {
            if !objects[id as usize].alive {
                continue;
            }
            let part = part_of_object(id);
            if part != SHARED && threads[part].finished && !ids {
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
        let n = threads.len();
        let mut next: Vec<u64> = vec![0; n];
        // The shared part's variables are named in the order its walk meets them.
        let mut seen = FxHashSet::default();
        for &e in &roots[SHARED] {
            pool.vars_in_order(e, &mut seen, &mut |v| sv.adopt(v, SHARED, &mut next));
        }
        // The other variables each thread holds, in the order its walk meets them.
        let mut held: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (t, exprs) in roots.iter().enumerate().skip(1) {
            let mut seen = FxHashSet::default();
            for &e in exprs {
                pool.vars_in_order(e, &mut seen, &mut |v| {
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
        let kept = live_components(pool, pc, |v| sv.owner.contains_key(&v) || holders.contains_key(&v)).concat();
        let pool = &*pool;
        // Constraints tie threads through variables the shared part does not name: through
        // a shared variable, each thread's constraints are about that thread and the shared
        // part only (given the shared variables' values, the threads' variables are free of
        // one another), which the thread's own part describes.
        let unshared = |sv: &SymVars, v: u32| sv.owner.get(&v) != Some(&SHARED);
        let comps = linked_components(&kept, |e| pool.vars(e), |v| unshared(&sv, v));
        // Variables two threads hold, or that constraints tie to two threads, are named with
        // the shared part (in an order that does not depend on thread ids); with `ids`, all.
        let mut cross: Vec<u32> = holders.iter().filter(|(_, h)| ids || h.len() > 1).map(|(v, _)| *v).collect();
        for comp in &comps {
            let locals: Vec<u32> = comp
                .iter()
                .flat_map(|&c| pool.vars(c).iter().copied())
                .filter(|v| holders.get(v).is_some_and(|h| h.len() == 1))
                .collect();
            let mut holding: Vec<usize> = locals.iter().map(|v| holders[v][0].0).collect();
            holding.sort_unstable();
            holding.dedup();
            if holding.len() > 1 {
                cross.extend(locals);
            }
        }
        cross.sort_unstable();
        cross.dedup();
        let signature = |v: u32| {
            let mut sig: Vec<(u64, usize)> = holders[&v].iter().map(|&(t, pos)| (thread_sig(m, t), pos)).collect();
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
        let comps = linked_components(&kept, |e| pool.vars(e), |v| unshared(&sv, v));
        for comp in comps {
            let mut parts: Vec<usize> = comp
                .iter()
                .flat_map(|&c| pool.vars(c).iter().filter_map(|v| sv.owner.get(v).copied()))
                .filter(|&p| p != SHARED)
                .collect();
            parts.sort_unstable();
            parts.dedup();
            // Constraints tying two threads made their variables shared above.
            let part = if parts.len() == 1 { parts[0] } else { SHARED };
            let mut seen = FxHashSet::default();
            for &c in &comp {
                pool.vars_in_order(c, &mut seen, &mut |v| sv.adopt(v, part, &mut next));
            }
            sv.pc.entry(part).or_default().extend(comp);
        }
        sv
    })
}

/// Where thread `t` is (its call stack's code positions), to order variables threads
/// share without using thread ids.
fn thread_sig(m: &Machine, t: usize) -> u64 {
    let th = &m.threads()[t];
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for f in &th.frames {
        (f.func, f.pc).hash(&mut h);
    }
    th.at_branch.hash(&mut h);
    h.finish()
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
        let name = |v: u32| self.name.get(&v).copied().unwrap_or(u64::MAX);
        m.path_constraint(|pool, _| pool.shape_hash(e, &name, &mut self.memo.borrow_mut())).expect("symbolic mode")
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
    /// `Machine::live_regs`): nothing reads them again.
    pub fn forkable(&self, m: &Machine, t: usize, live: &[bool]) -> bool {
        let objects = m.objects();
        m.path_constraint(|pool, _| {
            let own = |e: &ExprId| {
                pool.vars(*e).iter().all(|v| {
                    matches!(self.owner.get(v), Some(&p) if p == t || p == SHARED)
                        && pool.var_node(*v).is_some_and(|n| !pool.is_array(n))
                })
            };
            let owned_shadows = self.by_object.iter().filter(|(&id, _)| {
                let o = &objects[id as usize];
                o.alive && o.thread_owner() == Some(t)
            });
            m.live_shadows(t, live).all(|(_, e)| own(&e))
                && owned_shadows.flat_map(|(_, v)| v.iter().map(|(_, e)| e)).all(own)
                && self.pc.get(&t).is_none_or(|cs| cs.iter().all(own))
        })
        .expect("symbolic mode")
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
