//! From a protocol closure to one SMT query (Sec. 6 "Quantification",
//! Example 5 of `seeds/000_*`), solved with Z3.
//!
//! For a closure `var x1 in n1..m1; …; u` the query asks for
//!
//! * parameters (one copy, shared by both threads; naturals) and the
//!   closure's `var` variables within their ranges (shared: both threads are
//!   in the same phase);
//! * two threads with distinct identifier tuples, each identifier below its
//!   bound, each with its own thread-local unknowns;
//! * for each thread `k` one access of `u` (a disjunction over the accesses,
//!   selected by `acck`): its path condition, its own unsynchronized loop
//!   variables within their ranges, `idxk = index` in every dimension, and
//!   `modek = mode`;
//! * `idx1 = idx2` and conflicting modes ([`semantics::Mode::conflicts`]).
//!   As both threads are constrained alike, the first thread is, without
//!   loss of generality, the one that writes (or the atomic against a
//!   read), so only its writes and atomics enter its disjunction.
//!
//! The query is linear in the size of the closure (one disjunct per access
//! per thread, not one query per pair of accesses).  `sat` is a race and the
//! model is its witness; `unknown` (or a timeout) is never DRF.
//!
//! The ℕ operators are total and encoded exactly (`docs/proto-format.md`, "Numbers"):
//! `a - b = ite(a >= b, a - b, 0)`, `a / 0 = 0`, `a % 0 = a`, every variable
//! `>= 0`.  With [`crate::verdict::IntModel::Bv32`], numbers are 32-bit
//! unsigned machine integers: `+ - *` wrap around, `/` and `%` keep the
//! total conventions.
//!
//! `encode` writes the query as SMT-LIB text (with `script`'s translation
//! of expressions), `solve` answers it with Z3 within a budget of
//! deterministic resource units, on the
//! Z3 solvers and contexts of `z3session` ([`Session`]), and `model` reads
//! the values a witness needs back.

mod abstraction;
mod counterexample;
mod encode;
mod model;
mod prefilter;
mod prover;
mod query;
mod script;
mod solve;
mod stride;
mod unwrap;
mod z3session;

pub use counterexample::thread_copy;
pub use encode::{
    encode, encode_all, Benign, LoopVars, Names, Occurrence, PairFilter, Query, QueryContext,
};
pub use model::{Model, SMALL_MODEL_BOUND};
pub use prover::chains_for;
pub use script::unquote;
pub use solve::Answer;
pub use stride::Chains;
pub use unwrap::{split_indices, unwrap_closures};
pub use z3session::{units_of_ms, Session, QUERIES_PER_SOLVER, UNITS_PER_MS};
