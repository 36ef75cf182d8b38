//! `ravel-sym`: symbolic bit-vector expressions and SMT solving for ravel's concolic
//! interpreter.
//!
//! # Why it is built this way
//!
//! * **Expressions mirror LLVM's integer operations** ([`expr`]): the interpreter turns each
//!   instruction on a symbolic operand into exactly one constructor call, with no translation
//!   layer in between, and [`ExprPool::eval`] computes the concrete shadow value of any
//!   expression under the current inputs with the same semantics.
//! * **Hash-consing** ([`ExprPool`]): every distinct node exists once and is named by a 32-bit
//!   [`ExprId`]. Expressions are `Copy`, equality is an integer compare (so path conditions,
//!   query caches and state fingerprints key on ids), shared subterms are stored and
//!   translated to Z3 once, and the variables of every node are computed once at construction.
//! * **Folding and simplification in the constructors**: most expressions a concolic run
//!   builds are partly concrete; folding them away at construction keeps the DAG and the
//!   queries small, and lets many branches be decided without any solver call. Rules are
//!   cheap and local (constant folding, identities such as `x+0`, `x^x`, `ite(c,a,a)`,
//!   extract/concat of the same value, reads through stores at known indices); undefined
//!   operations (division by zero, `INT_MIN / -1`) are never folded, so the interpreter
//!   always sees them.
//! * **Arrays** ([`Node::ArrayVar`], [`Node::Select`], [`Node::Store`]) model memory read or
//!   written at a symbolic address, which cannot be split into per-byte expressions.
//! * **A solver chain in the style of KLEE** ([`solver`]): each concern — exact query caching,
//!   constraint independence, the Z3 core — is a small type implementing the same [`Solver`]
//!   trait and wrapping the next one, so layers can be added, removed or reordered, and each
//!   counts its own [`SolverStats`].
//! * **Deterministic models** ([`z3_backend`]): ravel's witnesses and replays require that
//!   the same formula always yields the same model, whatever Z3 saw before; the Z3 layer
//!   normalises every model to the lexicographically least one in variable-id order.
//! * **Every query has a time limit**; running out gives [`SolverResult::Unknown`], which the
//!   explorer reports as an `unknown` verdict instead of guessing.

pub mod chain;
pub mod expr;
pub mod fresh;
pub mod parts;
pub mod range;
pub mod rename;
pub mod solver;
pub mod z3_backend;
pub mod z3_terms;

pub use chain::{default_solver, DefaultChain};
pub use expr::{Assignment, BinOp, CastOp, CmpOp, ExprId, ExprPool, Node};
pub use fresh::FreshVarSolver;
pub use range::Bound;
pub use solver::{
    components, normalise, relevant, CachingSolver, IndependenceSolver, Model, Solver, SolverResult, SolverStats,
};
pub use z3_backend::{Z3Config, Z3Solver};
pub use z3_terms::{bv_const, Z3Terms};

#[cfg(test)]
mod expr_tests;
#[cfg(test)]
mod solver_tests;
#[cfg(test)]
mod test_util;
