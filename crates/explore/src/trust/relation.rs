//! Binary relations over a graph's events as bit matrices: what the consistency axioms of
//! the memory models are written in (unions, compositions, closures, acyclicity).

/// A relation over events `0..n`: row `i` holds the events `i` is related to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Relation {
    n: usize,
    words: usize,
    bits: Vec<u64>,
}

impl Relation {
    pub fn empty(n: usize) -> Relation {
        let words = n.div_ceil(64).max(1);
        Relation { n, words, bits: vec![0; n * words] }
    }

    /// The identity restricted to the events `keep` accepts.
    pub fn identity_on(n: usize, keep: impl Fn(usize) -> bool) -> Relation {
        let mut r = Relation::empty(n);
        for i in (0..n).filter(|&i| keep(i)) {
            r.add(i, i);
        }
        r
    }

    pub fn add(&mut self, a: usize, b: usize) {
        self.bits[a * self.words + b / 64] |= 1 << (b % 64);
    }

    pub fn has(&self, a: usize, b: usize) -> bool {
        self.bits[a * self.words + b / 64] & (1 << (b % 64)) != 0
    }

    fn row(&self, a: usize) -> &[u64] {
        &self.bits[a * self.words..(a + 1) * self.words]
    }

    /// The events `a` is related to.
    pub fn successors(&self, a: usize) -> impl Iterator<Item = usize> + '_ {
        self.row(a)
            .iter()
            .enumerate()
            .flat_map(|(w, &bits)| (0..64).filter(move |b| bits & (1 << b) != 0).map(move |b| w * 64 + b))
    }

    pub fn union(mut self, other: &Relation) -> Relation {
        for (x, y) in self.bits.iter_mut().zip(&other.bits) {
            *x |= y;
        }
        self
    }

    /// The pairs of `self` that `keep` accepts.
    pub fn filter(&self, keep: impl Fn(usize, usize) -> bool) -> Relation {
        let mut out = Relation::empty(self.n);
        for a in 0..self.n {
            for b in self.successors(a).filter(|&b| keep(a, b)) {
                out.add(a, b);
            }
        }
        out
    }

    /// `self ; other`: `a` to `c` when `a` is related to some `b` related to `c`.
    pub fn then(&self, other: &Relation) -> Relation {
        let mut out = Relation::empty(self.n);
        for a in 0..self.n {
            let mut row = vec![0u64; self.words];
            for b in self.successors(a) {
                for (x, y) in row.iter_mut().zip(other.row(b)) {
                    *x |= y;
                }
            }
            out.bits[a * self.words..(a + 1) * self.words].copy_from_slice(&row);
        }
        out
    }

    /// The reflexive closure `self?`.
    pub fn or_identity(mut self) -> Relation {
        for i in 0..self.n {
            self.add(i, i);
        }
        self
    }

    /// The transitive closure `self+` (Warshall's algorithm over rows).
    pub fn closure(mut self) -> Relation {
        for k in 0..self.n {
            let pivot: Vec<u64> = self.row(k).to_vec();
            for i in 0..self.n {
                if self.has(i, k) {
                    for (x, y) in self.bits[i * self.words..(i + 1) * self.words].iter_mut().zip(&pivot) {
                        *x |= y;
                    }
                }
            }
        }
        self
    }

    /// Whether the relation has no cycle: Kahn's algorithm, peeling events no remaining
    /// event is related to (linear in the bits, where a closure would be cubic).
    pub fn acyclic(&self) -> bool {
        let mut incoming = vec![0u32; self.n];
        for a in 0..self.n {
            for b in self.successors(a) {
                incoming[b] += 1;
            }
        }
        let mut ready: Vec<usize> = (0..self.n).filter(|&b| incoming[b] == 0).collect();
        let mut peeled = 0;
        while let Some(a) = ready.pop() {
            peeled += 1;
            for b in self.successors(a) {
                incoming[b] -= 1;
                if incoming[b] == 0 {
                    ready.push(b);
                }
            }
        }
        peeled == self.n
    }
}

#[cfg(test)]
mod tests {
    use super::Relation;

    #[test]
    fn closure_finds_cycles_through_compositions() {
        let mut r = Relation::empty(70);
        r.add(0, 65);
        r.add(65, 3);
        assert!(r.acyclic());
        assert!(r.clone().closure().has(0, 3));
        r.add(3, 0);
        assert!(!r.acyclic());
        let mut s = Relation::empty(70);
        s.add(3, 69);
        let rs = r.then(&s);
        assert!(rs.has(65, 69) && !rs.has(0, 69));
        assert_eq!(rs.successors(65).collect::<Vec<_>>(), vec![69]);
    }
}
