//! The kernel IR: what crosses the seam between the front ends and the
//! checker.  A front end (`.proto`, `.bcu`, CUDA) produces [`kernel::Kernel`]s
//! and [`options::CheckOptions`]; the checker (`mapcheck-core`) reads them;
//! messages about the input are [`diagnostic::Diagnostic`]s.  This crate
//! depends on the reference (`semantics`) only: no Z3, no libclang
//! (ARCHITECTURE.md, "Crates").

pub mod babycuda;
pub mod budget;
pub mod diagnostic;
pub mod encoding;
pub mod kernel;
pub mod launch;
pub mod options;
pub mod threads;

pub use diagnostic::{Diagnostic, Level};
