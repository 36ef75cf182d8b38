//! The adequate order on local configurations that decides cutoffs.
//!
//! An event is a cutoff when an event with the same state fingerprint has a smaller local
//! configuration in this order. It compares sizes first (McMillan), then Parikh vectors
//! (how many events of each label) lexicographically, then Foata normal forms (the
//! Parikh vectors of the successive layers of causal depth), which is the total adequate
//! order of Esparza, Römer and Vogler. All three are preserved when two configurations
//! reaching the same state are extended by the same continuation, which is what makes
//! cutoffs safe; the later ones break ties between configurations of equal size, so fewer
//! events survive as non-cutoffs.

use std::cmp::Ordering;

/// The rank of a local configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rank {
    pub size: u32,
    /// Labels of its events, sorted (a multiset).
    pub parikh: Vec<u64>,
    /// (causal depth, label) of its events, sorted: the Foata normal form.
    pub foata: Vec<(u32, u64)>,
}

impl Rank {
    /// The rank of the local configuration whose events have these (causal depth, label)
    /// pairs.
    pub fn of(events: impl Iterator<Item = (u32, u64)>) -> Rank {
        let mut foata: Vec<(u32, u64)> = events.collect();
        foata.sort_unstable();
        let mut parikh: Vec<u64> = foata.iter().map(|x| x.1).collect();
        parikh.sort_unstable();
        Rank { size: foata.len() as u32, parikh, foata }
    }
}

impl Ord for Rank {
    fn cmp(&self, other: &Rank) -> Ordering {
        self.size
            .cmp(&other.size)
            .then_with(|| parikh_cmp(&self.parikh, &other.parikh))
            .then_with(|| foata_cmp(&self.foata, &other.foata))
    }
}

impl PartialOrd for Rank {
    fn partial_cmp(&self, other: &Rank) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Lexicographic order of the count vectors of two sorted multisets, labels ascending:
/// at the first label whose counts differ, fewer comes first. Adding the same multiset
/// to both sides never changes the answer.
fn parikh_cmp(a: &[u64], b: &[u64]) -> Ordering {
    let (mut i, mut j) = (0, 0);
    loop {
        match (a.get(i), b.get(j)) {
            (None, None) => return Ordering::Equal,
            (Some(_), None) => return Ordering::Greater,
            (None, Some(_)) => return Ordering::Less,
            (Some(&x), Some(&y)) if x != y => return if x < y { Ordering::Greater } else { Ordering::Less },
            (Some(&x), Some(_)) => {
                let ca = a[i..].iter().take_while(|&&v| v == x).count();
                let cb = b[j..].iter().take_while(|&&v| v == x).count();
                if ca != cb {
                    return ca.cmp(&cb);
                }
                i += ca;
                j += cb;
            }
        }
    }
}

/// Layer by layer (depth 1 first), the Parikh order of the layers' labels.
fn foata_cmp(a: &[(u32, u64)], b: &[(u32, u64)]) -> Ordering {
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        let depth = a.get(i).map_or(u32::MAX, |x| x.0).min(b.get(j).map_or(u32::MAX, |x| x.0));
        let la: Vec<u64> = a[i..].iter().take_while(|x| x.0 == depth).map(|x| x.1).collect();
        let lb: Vec<u64> = b[j..].iter().take_while(|x| x.0 == depth).map(|x| x.1).collect();
        let order = parikh_cmp(&la, &lb);
        if order != Ordering::Equal {
            return order;
        }
        i += la.len();
        j += lb.len();
    }
    Ordering::Equal
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_first_then_counts_of_the_smallest_differing_label() {
        let r = |size, parikh: &[u64]| Rank { size, parikh: parikh.to_vec(), foata: Vec::new() };
        assert!(r(2, &[9, 9]) < r(3, &[1, 1, 1]));
        // label 1: one against two
        assert!(r(3, &[1, 5, 5]) < r(3, &[1, 1, 5]));
        // a has a label b lacks at the first difference: more of it
        assert!(r(2, &[1, 7]) > r(2, &[3, 7]));
        assert_eq!(r(2, &[4, 6]).cmp(&r(2, &[4, 6])), Ordering::Equal);
        // invariant under adding the same labels
        let (a, b) = (vec![1, 5, 5], vec![1, 1, 5]);
        let add = |v: &Vec<u64>| {
            let mut w = v.clone();
            w.extend([0, 5, 8]);
            w.sort_unstable();
            w
        };
        assert_eq!(parikh_cmp(&a, &b), parikh_cmp(&add(&a), &add(&b)));
    }

    #[test]
    fn equal_parikh_vectors_are_ordered_by_layers() {
        // same labels {1, 2}: side by side (both in layer 1) against 1 after 2
        let side_by_side = Rank { size: 2, parikh: vec![1, 2], foata: vec![(1, 1), (1, 2)] };
        let chain = Rank { size: 2, parikh: vec![1, 2], foata: vec![(1, 2), (2, 1)] };
        assert!(side_by_side > chain, "layer 1 holds label 1 once against not at all");
        assert_eq!(side_by_side.cmp(&side_by_side.clone()), Ordering::Equal);
    }
}
