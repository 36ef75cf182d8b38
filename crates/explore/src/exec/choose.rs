//! The choices an execution is started or stepped with: forced values first, then the
//! first alternative, recording how many alternatives each choice had, so that every
//! engine enumerates schedules' choices and enumerated inputs the same way.

use ravel_vm::{Chooser, Machine};
use std::collections::VecDeque;

/// Choices handed to the machine: forced values first, then defaults; records what was
/// chosen and how many alternatives each choice had.
#[derive(Default)]
pub(crate) struct ScheduleChooser {
    pub forced: VecDeque<u64>,
    /// (value, number of alternatives)
    pub made: Vec<(u64, u64)>,
    /// Set when an input had more values than were tried (so "safe" is out of reach).
    pub partial: bool,
    /// Values tried per input (the first `domain` values of its type).
    pub domain: u64,
}

impl Chooser for ScheduleChooser {
    fn nondet(&mut self, bits: u32, _loc: ravel_ir::SrcLoc) -> u64 {
        let all = if bits >= 64 { u64::MAX } else { 1u64 << bits };
        if self.domain < all {
            self.partial = true;
        }
        let options = self.domain.min(all);
        let v = self.forced.pop_front().unwrap_or(0);
        self.made.push((v, options));
        v
    }

    fn choose(&mut self, n: usize) -> usize {
        let v = self.forced.pop_front().unwrap_or(0);
        self.made.push((v, n as u64));
        v as usize
    }
}

/// Threads per execution in the successive rounds of the exploration. A program that
/// creates threads without bound makes its first execution as deep as the cap allows, and a
/// depth-first search from there rarely returns to the shallow reorderings where bugs
/// usually are; so the first rounds cap the thread count low (a truncated execution is only
/// an under-approximation), and a round in which no execution reached its cap was complete.
pub(crate) const THREAD_CAPS: [usize; 3] = [4, 16, 1000];

/// Next choice vector in odometer order, or `None` when every combination was tried.
pub(crate) fn next_choices(made: &[(u64, u64)]) -> Option<Vec<u64>> {
    let k = made.iter().rposition(|(v, n)| *n > 0 && v + 1 < *n)?;
    let mut next: Vec<u64> = made[..k].iter().map(|(v, _)| *v).collect();
    next.push(made[k].0 + 1);
    Some(next)
}

/// The symbolic inputs of an execution with their values.
pub(crate) fn input_values(m: &Machine) -> Vec<crate::InputValue> {
    m.input_values().into_iter().map(|(i, value)| crate::InputValue { line: i.loc.line, bits: i.bits, value }).collect()
}

#[cfg(test)]
mod tests {
    use super::next_choices;

    #[test]
    fn odometer_enumerates_bounded_choices() {
        assert_eq!(next_choices(&[(0, 2), (0, 2)]), Some(vec![0, 1]));
        assert_eq!(next_choices(&[(0, 2), (1, 2)]), Some(vec![1]));
        assert_eq!(next_choices(&[(1, 2), (1, 2)]), None);
        assert_eq!(next_choices(&[(0, 1)]), None);
    }
}
