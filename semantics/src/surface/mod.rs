//! The `.proto` text format: the protocols of the paper written (almost)
//! verbatim, with source positions.
//!
//! ```text
//! // expect: racy
//! param M;                          // optional: undeclared free variables are parameters
//! forU j in 0..M { rd[tid + j] };   // tagged loops, as in the paper's listings
//! for i in 0..M { wr[tid] }         // untagged: the tag is inferred (sync inside or not)
//! ```
//!
//! A file may access several arrays (`rd A[i]`, `wr B[i][j]`; the unnamed
//! array is written `rd[i]`).  `tid` is the thread identifier and `T` the
//! number of threads `|T|` (as in Fig. 15).  `local x;` declares a
//! thread-local unknown (Sec. 6), `assume b;` a constraint on parameters.
//!
//! This module holds the syntax tree ([`ast`]), the parser ([`parse`]), the
//! printer (`Display` on [`Program`]) and [`lower`], which turns a program
//! into a well-formed protocol `p ∈ W` for one array.

pub mod ast;
mod expr_parse;
pub(crate) mod lex;
pub mod lower;
pub mod parse;
pub mod print;

pub use ast::*;
pub use lower::{lower, LowerError, LowerOptions};
pub use parse::{parse, ParseError};
