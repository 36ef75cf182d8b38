//! Thread-sensitive slicing: keeps the synchronisation, the guards, and the shared reads and
//! writes the guards' values can depend on (through writes other threads may read), and
//! drops every other access, unless races are looked for (then accesses stay as positions,
//! but only the relevant reads get π-functions).

use crate::candidates::PropertyKind;
use crate::trace::{access, word, Trace};
use ravel_sym::ExprPool;
use ravel_vm::RecKind;
use rustc_hash::FxHashSet;

/// The slice of `full` for `properties`.
pub fn slice(full: &Trace, pool: &ExprPool, properties: &[PropertyKind]) -> Trace {
    let keep_accesses = properties.iter().any(|p| matches!(p, PropertyKind::Race | PropertyKind::Atomicity));
    // Variables the guards mention, closed under "a write another read may read from".
    let mut vars: FxHashSet<u32> = FxHashSet::default();
    for e in &full.events {
        if let RecKind::Guard { cond, .. } = e.kind {
            vars.extend(pool.vars(cond).iter().copied());
        }
    }
    let mut words: FxHashSet<u64> = FxHashSet::default();
    loop {
        let before = (vars.len(), words.len());
        for e in &full.events {
            match e.kind {
                RecKind::Read { addr, var, .. } if vars.contains(&var) => {
                    words.insert(word(addr));
                }
                RecKind::Write { addr, value, bytes, .. } if spans(addr, bytes).any(|w| words.contains(&w)) => {
                    vars.extend(pool.vars(value).iter().copied());
                }
                _ => {}
            }
        }
        if (vars.len(), words.len()) == before {
            break;
        }
    }
    let mut events = Vec::new();
    let mut valued = Vec::new();
    for e in &full.events {
        let relevant = match e.kind {
            RecKind::Read { var, .. } => vars.contains(&var),
            RecKind::Write { addr, bytes, .. } => spans(addr, bytes).any(|w| words.contains(&w)),
            _ => true,
        };
        if relevant || (keep_accesses && access(&e.kind).is_some()) {
            events.push(e.clone());
            valued.push(relevant);
        }
    }
    Trace::from_events(events, valued)
}

/// The words `bytes` bytes at `addr` touch.
fn spans(addr: u64, bytes: u32) -> impl Iterator<Item = u64> {
    (word(addr)..addr + bytes.max(1) as u64).step_by(8)
}
