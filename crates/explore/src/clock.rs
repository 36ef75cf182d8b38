//! Vector clocks over threads, for happens-before in the explored sequence.

/// `clock[t]` = number of transitions of thread `t` known to happen before (inclusive).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VClock(smallvec::SmallVec<[u32; 16]>);

impl VClock {
    pub fn get(&self, t: usize) -> u32 {
        self.0.get(t).copied().unwrap_or(0)
    }

    pub fn set(&mut self, t: usize, v: u32) {
        if self.0.len() <= t {
            self.0.resize(t + 1, 0);
        }
        self.0[t] = v;
    }

    pub fn join(&mut self, other: &VClock) {
        if self.0.len() < other.0.len() {
            self.0.resize(other.0.len(), 0);
        }
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a = (*a).max(*b);
        }
    }

    /// True when the `n`-th transition (1-based) of thread `t` happens before this clock.
    pub fn covers(&self, t: usize, n: u32) -> bool {
        self.get(t) >= n
    }
}

#[cfg(test)]
mod tests {
    use super::VClock;

    #[test]
    fn join_takes_maxima() {
        let mut a = VClock::default();
        a.set(0, 3);
        let mut b = VClock::default();
        b.set(1, 2);
        b.set(0, 1);
        a.join(&b);
        assert_eq!((a.get(0), a.get(1), a.get(5)), (3, 2, 0));
        assert!(a.covers(1, 2) && !a.covers(1, 3));
    }
}
