//! The expression DAG compacted to what the finished tree reads, and `ends` dropped
//! where no epoch follows (nothing follows either way).

use crate::dag::Dag;
use ravel_schedule_format::{Epoch, Node};

/// Drops the `ends` of schedules without a next epoch under `root`, then keeps only the
/// nodes of `dag` the tree reads.
pub fn finish(root: &mut Epoch, dag: &mut Dag) {
    drop_final_ends(root);
    compact(root, dag);
}

fn drop_final_ends(epoch: &mut Epoch) {
    for s in &mut epoch.schedules {
        match &mut s.next {
            Some(next) => drop_final_ends(next),
            None => s.ends = None,
        }
    }
}

/// Calls `f` on every expression index the tree under `epoch` holds.
fn for_each_root(epoch: &mut Epoch, f: &mut impl FnMut(&mut u32)) {
    for fail in &mut epoch.failing {
        f(&mut fail.constraint);
    }
    for s in &mut epoch.schedules {
        f(&mut s.constraint);
        if let Some(e) = &mut s.ends {
            f(e);
        }
        if let Some(next) = &mut s.next {
            for_each_root(next, f);
        }
    }
}

/// Keeps only the nodes the tree reads (renumbered, order kept).
fn compact(root: &mut Epoch, dag: &mut Dag) {
    let mut live = vec![false; dag.nodes.len()];
    let mut stack: Vec<u32> = Vec::new();
    for_each_root(root, &mut |r| stack.push(*r));
    while let Some(i) = stack.pop() {
        if !std::mem::replace(&mut live[i as usize], true) {
            stack.extend(dag.nodes[i as usize].operands());
        }
    }
    let mut new_index = vec![u32::MAX; dag.nodes.len()];
    let mut kept = Dag::default();
    for (i, node) in dag.nodes.iter().enumerate().filter(|(i, _)| live[*i]) {
        let n = |o: u32| new_index[o as usize];
        let renamed = match *node {
            Node::Bin { op, a, b } => Node::Bin { op, a: n(a), b: n(b) },
            Node::Cmp { op, a, b } => Node::Cmp { op, a: n(a), b: n(b) },
            Node::Cast { op, a, bits } => Node::Cast { op, a: n(a), bits },
            Node::Ite { cond, then, els } => Node::Ite { cond: n(cond), then: n(then), els: n(els) },
            Node::Concat { hi, lo } => Node::Concat { hi: n(hi), lo: n(lo) },
            Node::Extract { a, hi, lo } => Node::Extract { a: n(a), hi, lo },
            ref leaf => leaf.clone(),
        };
        new_index[i] = kept.add(renamed);
    }
    for_each_root(root, &mut |r| *r = new_index[*r as usize]);
    *dag = kept;
}
