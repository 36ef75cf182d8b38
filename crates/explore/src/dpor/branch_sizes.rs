//! How many executions the branches of the path's nodes took, by depth. With an execution
//! limit, `-j` gives a helper only a branch expected to end within what the limit leaves:
//! a branch that would not is explored again by the search, and the helper's work is lost
//! (without this, a limited run gave out only its shallowest, far too large, branches).

/// Per depth: the executions explored when the branch in progress there started, and the
/// size of the last branch that ended there (on any path: siblings' sizes are the guess).
#[derive(Default)]
pub(super) struct BranchSizes(Vec<(u64, Option<u64>)>);

impl BranchSizes {
    /// A new branch of the node at `depth` starts, `explored` executions into the search.
    pub fn started(&mut self, depth: usize, explored: u64) {
        if self.0.len() <= depth {
            self.0.resize(depth + 1, (0, None));
        }
        self.0[depth].0 = explored;
    }

    /// The branch of the node at `depth` ended, `explored` executions into the search.
    pub fn ended(&mut self, depth: usize, explored: u64) {
        if let Some(entry) = self.0.get_mut(depth) {
            entry.1 = Some(explored.saturating_sub(entry.0));
        }
    }

    /// A helper explored a branch of the node at `depth` in `size` executions.
    pub fn helped(&mut self, depth: usize, size: u64) {
        if let Some(entry) = self.0.get_mut(depth) {
            entry.1 = Some(size);
        }
    }

    /// Whether a branch at `depth` is expected to take at most a quarter of `budget`
    /// executions (the search's own branch goes on meanwhile, and siblings' sizes vary:
    /// with a half, more jobs ran past the limit, measured on lockcounter); unknown until
    /// some branch at that depth ended.
    pub fn fits(&self, depth: usize, budget: u64) -> bool {
        self.0.get(depth).and_then(|e| e.1).is_some_and(|size| size.saturating_mul(4) <= budget)
    }
}

#[cfg(test)]
mod tests {
    use super::BranchSizes;

    #[test]
    fn a_depth_fits_once_a_branch_there_ended_small_enough() {
        let mut sizes = BranchSizes::default();
        sizes.started(3, 100);
        assert!(!sizes.fits(3, 1_000), "no branch at depth 3 ended yet");
        sizes.ended(3, 400);
        assert!(sizes.fits(3, 1_200));
        assert!(!sizes.fits(3, 1_199));
        sizes.helped(3, 10);
        assert!(sizes.fits(3, 40));
        assert!(!sizes.fits(4, u64::MAX));
    }
}
