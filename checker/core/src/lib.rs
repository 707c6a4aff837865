//! mapcheck's checking pipeline, with no I/O: a [`kernel::Kernel`] (from any
//! front end) → well-formedness ([`wellformed`], which numbers each
//! access with its source access: [`numbered`]) → phases ([`phases`]) →
//! SMT queries ([`smt`]) → verdicts and witnesses ([`verdict`],
//! [`witness`]) → triage of alarms ([`triage`]).  [`check`] runs the
//! pipeline for one kernel; [`babycuda`] turns a BabyCUDA program into a
//! kernel (the type system of `seeds/004_*`, or its approximation).
//! See ARCHITECTURE.md for where each stage sits in the crate graph.

pub use mapcheck_ir::{babycuda, budget, kernel};

pub mod c_terms;
pub mod check;
pub mod divergence;
pub mod domains;
pub mod numbered;
pub mod params;
pub mod phases;
pub mod replay_proto;
pub mod results;
pub mod scoped;
pub mod smt;
pub mod triage;
pub mod verdict;
pub mod warp;
pub mod wellformed;
pub mod witness;
