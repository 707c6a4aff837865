//! An SMT query and what every query of a kernel shares: the types that
//! [`super::encode`] fills in and the solver, the model reader and the
//! validity goals read.

use super::script::or_all;
use super::stride::Chains;
use crate::numbered::AccessId;
use crate::verdict::IntModel;
use crate::warp::Warp;
use semantics::expr::{BExp, NExp, Nat, Var};
use std::collections::BTreeMap;

/// Source name and SMT name of the constants of one role.
pub type Names = Vec<(Var, String)>;

/// What every query of a kernel shares.
#[derive(Clone, Debug)]
pub struct QueryContext {
    pub logic: IntModel,
    /// Thread identifier variables and their (exclusive) bounds.
    pub thread_ids: Vec<(Var, NExp)>,
    /// Thread-local unknowns (one copy per thread).
    pub locals: Vec<Var>,
    /// Every parameter of the kernel (thread-global), including `T`.
    pub params: Vec<Var>,
    /// Fixed parameter values.
    pub fixed: BTreeMap<Var, Nat>,
    /// Global facts: `assume` constraints and case-split decisions.
    pub globals: Vec<BExp>,
    /// Which pairs of accesses count (warp-synchronous mode, benign
    /// writes); the default counts every conflicting pair.
    pub pairs: PairFilter,
    /// Index dimensions compared digit by digit (see [`super::stride`]);
    /// valid only for the closures they were found for.
    pub chains: Chains,
}

/// Restrictions of the race condition beyond distinct threads, same cell
/// and conflicting modes.
#[derive(Clone, Debug, Default)]
pub struct PairFilter {
    /// `--warp-sync` (see [`crate::warp`]): two threads of the same warp
    /// race only by two writes of the same site ([`PairFilter::sites`]).
    pub warp: Option<Warp>,
    /// Per access of the case ([`AccessId`] order): the number of its
    /// source location.  Accesses with equal numbers may be the same
    /// statement.  Used with [`PairFilter::warp`].
    pub sites: Vec<u64>,
    /// Per access of the case: the class of the value it writes, `0` when
    /// unknown (and for every access that is not a write); two writes of
    /// one nonzero class store the same value, the same for every thread.
    pub values: Vec<u64>,
    pub benign: Benign,
    /// Pairs of accesses (first thread's, second thread's) not to report
    /// again: the benign pairs already found.
    pub exclude: Vec<(AccessId, AccessId)>,
    /// Thread-locals the two threads hold alike in any two accesses of one
    /// barrier interval (`Kernel::phase_uniform`).
    pub alike: Vec<Var>,
    /// Where the two threads are in their block's tiles
    /// (`Kernel::tile`, `crate::scoped`).
    pub tile: Option<mapcheck_ir::kernel::TilePair>,
}

/// What to do with write/write pairs that store the same value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Benign {
    /// They are races like any other (`--strict`, or no value known).
    #[default]
    Count,
    /// They are not races.
    Exclude,
    /// Only they are asked for (to list them).
    Only,
}

/// One access occurrence of a thread's disjunction.
#[derive(Clone, Debug)]
pub struct Occurrence {
    /// The source access (see [`crate::numbered`]).
    pub access: AccessId,
    /// The closure it belongs to (position in the query).
    pub closure: usize,
    pub dims: usize,
    /// Its unsynchronized loop variables (shared with the other
    /// occurrences under the same loops).
    pub loop_vars: LoopVars,
}

/// The unsynchronized loop variables around an occurrence, as a list
/// shared between occurrences (innermost first), so that `n` accesses
/// nested in `n` loops take linear space.
#[derive(Clone, Debug, Default)]
pub struct LoopVars(Option<std::sync::Arc<LoopVar>>);

#[derive(Debug)]
struct LoopVar {
    /// Source name, SMT name.
    name: (Var, String),
    outer: LoopVars,
}

impl LoopVars {
    /// This list with `name` as the innermost variable.
    pub(super) fn push(&self, name: (Var, String)) -> LoopVars {
        LoopVars(Some(std::sync::Arc::new(LoopVar {
            name,
            outer: self.clone(),
        })))
    }

    /// Source name and SMT name of each variable, outermost first.
    pub fn names(&self) -> Names {
        let mut out = Vec::new();
        let mut at = &self.0;
        while let Some(v) = at {
            out.push(v.name.clone());
            at = &v.outer.0;
        }
        out.reverse();
        out
    }
}

/// An SMT query in SMT-LIB 2 text, with what is needed to read a model back.
///
/// The query is `text ∧ (alternative₁ ∨ … ∨ alternativeₙ)`: `text` holds
/// the declarations and every assertion but the last disjunction, one
/// alternative per group of accesses that may race (see
/// [`crate::smt`], "Pre-filter").  [`Session::solve`](super::Session::solve)
/// asserts `text` once and the alternatives in batches.
#[derive(Clone, Debug)]
pub struct Query {
    /// Declarations and assertions (no `check-sat`), without the alternatives.
    pub text: String,
    /// Does the query reduce modulo one of C's integer moduli (2^8, 2^16,
    /// 2^32, 2^64)?  The solvers are chosen by it (`solve.rs`).
    pub wraps_around: bool,
    /// The disjuncts of the last assertion (at least one).
    pub alternatives: Vec<String>,
    /// How many alternatives the first check decides (see [`Session::solve`](super::Session::solve)).
    pub batch: usize,
    /// The declarations of `text` alone (a batch of alternatives is
    /// asserted with them, in the scope where `text` holds).
    pub declarations: String,
    pub logic: IntModel,
    /// Parameters: source name, SMT name.
    pub params: Names,
    /// Per closure of the query: its `var` variables (source name, SMT name).
    pub sync_vars: Vec<Names>,
    /// Per thread: identifier variables and thread-locals (source, SMT).
    pub ids: [Names; 2],
    pub locals: [Names; 2],
    /// Per thread: the occurrences, numbered by position (the value of `acc1`, `acc2`).
    pub occurrences: [Vec<Occurrence>; 2],
    /// Per thread: every unsynchronized loop variable declared (source, SMT).
    pub loop_vars: [Names; 2],
}

impl Query {
    /// The complete SMT-LIB script (`--show smt`).
    pub fn script(&self) -> String {
        format!(
            "{}(assert {})\n(check-sat)\n(get-model)\n",
            self.text,
            or_all(&self.alternatives)
        )
    }
}
