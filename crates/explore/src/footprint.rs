//! What a transition touches, and when two transitions are dependent.

use ravel_vm::{AccessKind, Loc};
use smallvec::SmallVec;

/// The locations a transition accesses, how, and which bytes of the location's word (all
/// eight for synchronisation objects and thread ends).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Footprint(pub SmallVec<[(Loc, AccessKind, u8); 2]>);

/// Every byte of a word.
pub const WHOLE: u8 = 0xff;

/// The bytes of its 8-byte word an access of `len` bytes at `addr` touches (all of them
/// when the length is unknown or the access runs past the word).
pub fn byte_mask(addr: u64, len: u64) -> u8 {
    let start = addr & 7;
    if len == 0 || start + len > 8 {
        return WHOLE;
    }
    (((1u16 << len) - 1) << start) as u8
}

/// The accesses of every word of `[addr, addr + len)`, each with the bytes of the range
/// it holds: an object's end (`free`) touches all of it.
pub fn whole_range(addr: u64, len: u64, kind: AccessKind) -> impl Iterator<Item = (Loc, AccessKind, u8)> {
    let end = addr + len.max(1);
    (addr & !7..end).step_by(8).map(move |w| {
        let (lo, hi) = (addr.max(w), end.min(w + 8));
        (Loc::Mem(w), kind, byte_mask(lo, hi - lo))
    })
}

impl Footprint {
    /// Two transitions of different threads conflict when they touch a common byte and at
    /// least one of them writes it (every synchronisation operation writes; a failed
    /// compare-and-swap only reads), unless both are commuting updates.
    pub fn conflicts(&self, other: &Footprint) -> bool {
        self.0.iter().any(|(l, k, a)| other.0.iter().any(|(m, j, b)| l == m && a & b != 0 && k.conflicts(*j)))
    }

    /// Adds the accesses of `other` (a conservative union for sleep sets).
    pub fn extend(&mut self, other: &Footprint) {
        for a in &other.0 {
            if !self.0.contains(a) {
                self.0.push(*a);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_commute_writes_do_not() {
        let r = Footprint(smallvec::smallvec![(Loc::Mem(8), AccessKind::Read, WHOLE)]);
        let w = Footprint(smallvec::smallvec![(Loc::Mem(8), AccessKind::Write, WHOLE)]);
        let other = Footprint(smallvec::smallvec![(Loc::Mem(16), AccessKind::Write, WHOLE)]);
        assert!(!r.conflicts(&r));
        assert!(r.conflicts(&w) && w.conflicts(&r) && w.conflicts(&w));
        assert!(!w.conflicts(&other));
    }

    #[test]
    fn commuting_updates_conflict_only_with_other_accesses() {
        let c = Footprint(smallvec::smallvec![(Loc::Sync(8), AccessKind::Commute, WHOLE)]);
        let r = Footprint(smallvec::smallvec![(Loc::Sync(8), AccessKind::Read, WHOLE)]);
        let rmw = Footprint(smallvec::smallvec![(Loc::Sync(8), AccessKind::Rmw, WHOLE)]);
        assert!(!c.conflicts(&c));
        assert!(c.conflicts(&r) && r.conflicts(&c) && c.conflicts(&rmw));
    }

    #[test]
    fn neighbouring_ints_of_one_word_commute() {
        let low = Footprint(smallvec::smallvec![(Loc::Mem(8), AccessKind::Write, byte_mask(8, 4))]);
        let high = Footprint(smallvec::smallvec![(Loc::Mem(8), AccessKind::Write, byte_mask(12, 4))]);
        let whole = Footprint(smallvec::smallvec![(Loc::Mem(8), AccessKind::Read, byte_mask(8, 8))]);
        assert_eq!((byte_mask(8, 4), byte_mask(12, 4), byte_mask(13, 1)), (0x0f, 0xf0, 0x20));
        assert!(!low.conflicts(&high));
        assert!(low.conflicts(&whole) && high.conflicts(&whole));
        assert_eq!(byte_mask(6, 4), WHOLE);
    }
}
