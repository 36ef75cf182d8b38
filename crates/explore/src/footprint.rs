//! What a transition touches, and when two transitions are dependent.

use ravel_vm::{AccessKind, Loc};

/// The locations a transition accesses and how.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Footprint(pub Vec<(Loc, AccessKind)>);

impl Footprint {
    /// Two transitions of different threads conflict when they touch a common location
    /// and at least one of them writes it (every synchronisation operation writes; a
    /// failed compare-and-swap only reads).
    pub fn conflicts(&self, other: &Footprint) -> bool {
        self.0.iter().any(|(l, k)| other.0.iter().any(|(m, j)| l == m && (writes(*k) || writes(*j))))
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

/// Whether an access of this kind changes its location.
pub fn writes(kind: AccessKind) -> bool {
    matches!(kind, AccessKind::Write | AccessKind::Rmw)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_commute_writes_do_not() {
        let r = Footprint(vec![(Loc::Mem(8), AccessKind::Read)]);
        let w = Footprint(vec![(Loc::Mem(8), AccessKind::Write)]);
        let other = Footprint(vec![(Loc::Mem(16), AccessKind::Write)]);
        assert!(!r.conflicts(&r));
        assert!(r.conflicts(&w) && w.conflicts(&r) && w.conflicts(&w));
        assert!(!w.conflicts(&other));
    }
}
