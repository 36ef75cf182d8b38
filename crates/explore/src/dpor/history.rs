//! The accesses of each location in the current execution, newest first, as chains
//! threaded through the transitions themselves: each access links to the previous access
//! and the previous write of its location, and a small map holds each location's newest
//! ones. A snapshot of the execution copies only that map of plain values; the chains live
//! in the transitions, which snapshots share and never change.

use super::TransInfo;
use crate::footprint::Footprint;
use ravel_vm::{AccessKind, Loc};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::rc::Rc;

/// One access: a transition and the position of the access in its footprint.
#[derive(Clone, Copy, Debug)]
pub(super) struct Access {
    transition: u32,
    slot: u8,
}

/// Where the chains of an access's location continue before it.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Link {
    prev: Option<Access>,
    prev_write: Option<Access>,
}

/// The newest access of a location, and its newest write.
#[derive(Clone, Copy)]
struct Heads {
    last: Access,
    last_write: Option<Access>,
}

/// The locations the execution accessed so far (see the module comment).
#[derive(Default)]
pub(super) struct History {
    heads: FxHashMap<Loc, Heads>,
}

ravel_vm::clone_reusing!(History { heads });

impl History {
    /// Makes the accesses of the footprint of transition `index` the newest of their
    /// locations; returns the links the transition keeps, one per access.
    pub fn record(&mut self, index: usize, footprint: &Footprint) -> SmallVec<[Link; 2]> {
        let mut links = SmallVec::new();
        for (slot, &(loc, kind, _)) in footprint.0.iter().enumerate() {
            let access = Access { transition: index as u32, slot: slot as u8 };
            let link = match self.heads.get_mut(&loc) {
                Some(h) => {
                    let link = Link { prev: Some(h.last), prev_write: h.last_write };
                    h.last = access;
                    if kind.writes() {
                        h.last_write = Some(access);
                    }
                    link
                }
                None => {
                    let last_write = kind.writes().then_some(access);
                    self.heads.insert(loc, Heads { last: access, last_write });
                    Link::default()
                }
            };
            links.push(link);
        }
        links
    }

    /// The accesses of `loc` so far, newest first, as (transition, kind, bytes); only the
    /// writes with `writes_only`.
    pub fn accesses<'a>(
        &self,
        loc: Loc,
        writes_only: bool,
        infos: &'a [Rc<TransInfo>],
    ) -> impl Iterator<Item = (usize, AccessKind, u8)> + 'a {
        let head = self.heads.get(&loc).and_then(|h| if writes_only { h.last_write } else { Some(h.last) });
        std::iter::successors(head, move |a| {
            let link = infos[a.transition as usize].links[a.slot as usize];
            if writes_only {
                link.prev_write
            } else {
                link.prev
            }
        })
        .map(move |a| {
            let (_, kind, mask) = infos[a.transition as usize].step.footprint.0[a.slot as usize];
            (a.transition as usize, kind, mask)
        })
    }

    /// The accesses a new access of `kind` to the bytes `mask` of `loc` directly follows:
    /// per byte, its last write and, for a write, the reads since. Commuting updates are
    /// not ordered among themselves, so each one since the last other write is a
    /// predecessor of anything but another commuting update, and none ends the search.
    pub fn predecessors(&self, loc: Loc, kind: AccessKind, mask: u8, infos: &[Rc<TransInfo>]) -> SmallVec<[usize; 4]> {
        let mut left = mask;
        let mut out = SmallVec::new();
        for (k, other, m) in self.accesses(loc, !kind.writes(), infos) {
            if m & left != 0 && kind.conflicts(other) {
                out.push(k);
                if other.writes() && other != AccessKind::Commute {
                    left &= !m;
                }
            }
            if left == 0 {
                break;
            }
        }
        out
    }

    /// Whether `loc` was accessed at all.
    pub fn contains(&self, loc: Loc) -> bool {
        self.heads.contains_key(&loc)
    }
}
