//! The standard solver chain, assembled from the layers of [`solver`](crate::solver),
//! [`fresh`](crate::fresh) and [`z3_backend`](crate::z3_backend). It lives apart from the
//! layers so that they depend on the [`Solver`](crate::Solver) trait alone, never on each
//! other.

use crate::fresh::FreshVarSolver;
use crate::solver::{CachingSolver, IndependenceSolver};
use crate::z3_backend::{Z3Config, Z3Solver};

/// The standard chain: cache → independence → fresh variables → cache → Z3.
pub type DefaultChain = CachingSolver<IndependenceSolver<FreshVarSolver<CachingSolver<Z3Solver>>>>;

/// The standard chain (see [`DefaultChain`]).
pub fn default_solver(config: Z3Config) -> DefaultChain {
    CachingSolver::new(IndependenceSolver::new(FreshVarSolver::new(CachingSolver::new(Z3Solver::new(config)))))
}
