//! # The reference semantics of mapcheck
//!
//! An executable, deliberately simple rendering of the definitions of
//! `seeds/000_*` (memory access protocols, Cogumbreiro et al.) and, in
//! [`babycuda`], of `seeds/004_*` (BabyCUDA, Liew et al.).  Each module
//! mirrors one group of figures; each function names the rule it implements.
//! The optimized checker (`checker/`) is tested against this crate.
//!
//! | paper                         | module                     |
//! |-------------------------------|----------------------------|
//! | Fig. 2–4 expressions          | [`expr`]                   |
//! | Fig. 2, 5, Def. 2 histories   | [`history`]                |
//! | Fig. 2, 3, 5 protocols U, W   | [`protocol`]               |
//! | Fig. 6, Sec. 4.1, Fig. 13, Def. 3 | [`aligned`]            |
//! | Fig. 7, 8 traces, closures    | [`trace`]                  |
//! | Fig. 10–14 membership         | [`membership`]             |
//! | scoped barriers (`proofs-notes/scoped-barriers.md`) | [`scoped`] |
//! | `.proto` text format          | [`surface`]                |

pub mod aligned;
pub mod babycuda;
pub mod expr;
pub mod history;
pub mod limits;
pub mod membership;
pub mod protocol;
pub mod scoped;
pub mod simplify;
pub mod surface;
pub mod trace;

pub use aligned::{align, Context, A};
pub use expr::{BExp, NExp, Nat, Var, TID};
pub use history::{safe, AccessValue, History, Mode, Phase};
pub use protocol::{Access, NoDerivation, Threads, U, W};
pub use trace::{seq, seq_list, split, split_pair, trace, C, L};
