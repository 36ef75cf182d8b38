//! The selector: the schedule of each epoch for given input values: the first schedule,
//! in the file's order, whose constraint holds (the constraints of one epoch may overlap:
//! an input may run under several orders; any one of them is verified). An epoch with a
//! decision tree finds it by walking the tree; one without tries the schedules in turn.

use crate::{eval, Decision, Epoch, File, Schedule};

/// The schedules selected for one run, epoch by epoch.
pub struct Selection<'a> {
    pub schedules: Vec<&'a Schedule>,
}

/// No schedule of epoch `epoch` (from 0) covers the inputs: the enumeration missed them.
#[derive(Debug, PartialEq, Eq)]
pub struct Uncovered {
    pub epoch: usize,
    /// Why, when the constraints could not even be evaluated.
    pub problem: Option<String>,
}

/// Selects the schedule of every epoch the program passes for input values `inputs`.
pub fn select<'a>(file: &'a File, inputs: &[u128]) -> Result<Selection<'a>, Uncovered> {
    let values = eval(&file.exprs, inputs).map_err(|e| Uncovered { epoch: 0, problem: Some(e.to_string()) })?;
    let holds = |e: u32| values.get(e as usize) == Some(&1);
    let mut schedules = Vec::new();
    let mut epoch: &Epoch = &file.root;
    loop {
        let Some(s) = choose(epoch, &holds) else {
            return Err(Uncovered { epoch: schedules.len(), problem: None });
        };
        schedules.push(s);
        match &s.next {
            Some(next) if !s.ends.is_some_and(holds) => epoch = next,
            _ => return Ok(Selection { schedules }),
        }
    }
}

/// The schedule of `epoch` the inputs select, where `holds` tells whether an expression
/// holds for them.
fn choose<'a>(epoch: &'a Epoch, holds: &impl Fn(u32) -> bool) -> Option<&'a Schedule> {
    if epoch.selector.is_empty() {
        return epoch.schedules.iter().find(|s| holds(s.constraint));
    }
    let mut node = 0;
    loop {
        match *epoch.selector.get(node)? {
            Decision::Test { expr, then, els } => node = if holds(expr) { then } else { els } as usize,
            Decision::Pick { schedule } => return epoch.schedules.get(schedule? as usize),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CmpOp, Node, FORMAT};

    fn schedule(constraint: u32, ends: Option<u32>, events: Vec<u32>, next: Option<Epoch>) -> Schedule {
        Schedule { constraint, ends, executions: 1, events, next: next.map(Box::new), free_after: false }
    }

    /// Input 0 below 4 takes the first schedule, else the second; the second ends the
    /// program unless input 0 is 9, which goes on to a second epoch.
    fn file() -> File {
        let exprs = vec![
            Node::Input { index: 0, bits: 8 },
            Node::Const { bits: 8, value: "4".into() },
            Node::Cmp { op: CmpOp::Ult, a: 0, b: 1 },
            Node::Cmp { op: CmpOp::Uge, a: 0, b: 1 },
            Node::Const { bits: 8, value: "9".into() },
            Node::Cmp { op: CmpOp::Eq, a: 0, b: 4 },
            Node::Cmp { op: CmpOp::Ne, a: 0, b: 4 },
        ];
        let second = Epoch { schedules: vec![schedule(5, None, vec![1], None)], ..Epoch::default() };
        let root = Epoch {
            schedules: vec![schedule(2, None, vec![0], None), schedule(3, Some(6), vec![1, 0], Some(second))],
            ..Epoch::default()
        };
        File {
            format: FORMAT.into(),
            program: "p.c".into(),
            inputs: vec![crate::InputSpec { bits: 8, line: 3 }],
            exprs,
            objects: vec![],
            events: vec![],
            root,
        }
    }

    #[test]
    fn first_matching_schedule_per_epoch() {
        let f = file();
        assert_eq!(select(&f, &[2]).unwrap().schedules[0].events, vec![0]);
        let s = select(&f, &[5]).unwrap();
        assert_eq!(s.schedules.len(), 1, "ends in the first epoch");
        let s = select(&f, &[9]).unwrap();
        assert_eq!(s.schedules.len(), 2);
        assert_eq!(s.schedules[1].events, vec![1]);
    }

    #[test]
    fn a_decision_tree_selects_what_the_list_selects() {
        let mut f = file();
        // input < 4 ? first : (input >= 4 ? second : none)
        f.root.selector = vec![
            Decision::Test { expr: 2, then: 1, els: 2 },
            Decision::Pick { schedule: Some(0) },
            Decision::Test { expr: 3, then: 3, els: 4 },
            Decision::Pick { schedule: Some(1) },
            Decision::Pick { schedule: None },
        ];
        let listed = file();
        for v in 0..=255u128 {
            let by_tree = select(&f, &[v]).map(|s| s.schedules.iter().map(|s| s.events.clone()).collect::<Vec<_>>());
            let by_list =
                select(&listed, &[v]).map(|s| s.schedules.iter().map(|s| s.events.clone()).collect::<Vec<_>>());
            assert_eq!(by_tree, by_list, "input {v}");
        }
        let mut cyclic = f.clone();
        cyclic.root.selector[2] = Decision::Test { expr: 3, then: 0, els: 4 };
        assert!(cyclic.check().is_err(), "a test pointing back (a walk without end) is refused");
        f.root.selector[4] = Decision::Pick { schedule: Some(7) };
        assert!(f.check().is_err(), "a pick beyond the schedules is refused");
    }

    #[test]
    fn an_uncovered_input_is_reported_with_its_epoch() {
        let mut f = file();
        f.root.schedules.remove(0);
        assert_eq!(select(&f, &[1]).err(), Some(Uncovered { epoch: 0, problem: None }));
    }
}
