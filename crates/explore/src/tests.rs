//! Concrete test inputs, KLEE style: the distinct input vectors of the explored executions.

use crate::InputValue;
use rustc_hash::FxHashSet;

/// Input vectors in the order first seen, without repeats (executions that differ only in
/// their schedule share one).
#[derive(Default)]
pub struct TestSet {
    seen: FxHashSet<Vec<u128>>,
    vectors: Vec<Vec<InputValue>>,
}

impl TestSet {
    pub fn add(&mut self, inputs: Vec<InputValue>) {
        if self.seen.insert(inputs.iter().map(|i| i.value).collect()) {
            self.vectors.push(inputs);
        }
    }

    pub fn take(&mut self) -> Vec<Vec<InputValue>> {
        std::mem::take(&mut self.vectors)
    }
}
