//! # BabyCUDA (`seeds/004_*`, Liew, Cogumbreiro and Lange, "Provable GPU
//! Data-Races in Static Race Detection")
//!
//! | paper (004)                         | module          |
//! |-------------------------------------|-----------------|
//! | Fig. 5 syntax (+ `sync`, arrays)     | [`syntax`]      |
//! | `.bcu` text format                   | [`parse`], [`print`] |
//! | Fig. 5 semantics, Definition 1       | [`eval`]        |
//! | Fig. 6 type system `V ⊢ b ▶ u`       | [`typing`]      |
//! | fallback: reads as unknowns          | [`approx`]      |
//! | Theorem 1, MAP side (000 Fig. 5)     | [`map`]         |
//!
//! The `.bcu` format:
//!
//! ```text
//! // expect: racy                 header as in .proto (//pass, //xfail:…)
//! param M;                        optional: other free variables are parameters too
//! init A = [3, 1, 4];             initial contents (default 0): an input
//! for x in 0..M {                 `forU`/`forS` also accepted (checked)
//!   let y = A[x] in               scope: the rest of the block (or `in { … }`)
//!   A[x] := y + 1
//! };
//! sync;                           barrier (synchronized fragment)
//! if tid == 0 { B[0] := 1 } else { skip }
//! ```

pub mod approx;
pub mod eval;
pub mod map;
pub mod parse;
pub mod print;
pub mod syntax;
pub mod typing;

pub use approx::{approximate, Approximation, ReadUnknown};
pub use eval::{run, Config, Contents, DHistory, DataRace, EvalError};
pub use parse::parse;
pub use syntax::{Program, Stmt, StmtKind};
pub use typing::{type_program, DataUse, TypeError, TypeErrorKind, Typed};

#[cfg(test)]
mod tests;
