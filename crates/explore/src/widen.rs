//! Widening of global counters for the states engine's abstract search.
//!
//! A global that only counts (a reference count, a ticket number) makes every turn of a
//! loop a new state. When a state equals one on the current path except for the values
//! of such globals, the loop between them can repeat with other values: forgetting those
//! values (each becomes a fresh unconstrained input, `Machine::havoc_cell`) lets the
//! search see the repetition. The state then stands for more than the execution reached:
//! an over-approximation.

use ravel_ir::{Global, Program};
use ravel_vm::Machine;

/// The scalar globals (address, size) a widening may forget: writable, not thread-local,
/// read by some load, at most 8 bytes.
pub(crate) fn counter_cells(program: &Program) -> Vec<(u64, u64)> {
    let scalar = |g: &&Global| !g.is_const && !g.thread_local && !g.unread && matches!(g.size, 1 | 2 | 4 | 8);
    program.globals.iter().filter(scalar).map(|g| (g.addr, g.size)).collect()
}

/// Forgets the value of each of `cells` that holds no address.
pub(crate) fn forget_counters(machine: &mut Machine, cells: &[(u64, u64)]) {
    for &(addr, len) in cells {
        if !machine.cell_holds_address(addr, len) {
            machine.havoc_cell(addr, len);
        }
    }
}
