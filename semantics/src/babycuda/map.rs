//! The MAP side of Theorem 1 of `seeds/004_*`: evaluates the protocol of a
//! program (its type, or its over-approximation) with the MAP semantics of
//! `seeds/000_*` (Fig. 5, [`crate::protocol::W::eval`]), one history per array.

use crate::expr::{NExp, Nat, Var};
use crate::history::History;
use crate::protocol::{NoDerivation, Threads};
use crate::surface::{self, LowerError, LowerOptions};
use std::collections::BTreeMap;
use std::fmt;

/// Why a protocol could not be evaluated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MapError {
    Lower(LowerError),
    Eval(NoDerivation),
}

impl fmt::Display for MapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MapError::Lower(e) => e.fmt(f),
            MapError::Eval(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for MapError {}

/// `p_A ↓ H_A` for every array `A` of the protocol: lowers the protocol to
/// `p_A ∈ W` (deciding synchronized conditionals with `params`), closes it
/// with the parameters and `T`, and evaluates it for `threads` threads whose
/// thread-local unknowns take the values `locals[x][i]`.
pub fn map_histories(
    protocol: &surface::Program,
    threads: u64,
    params: &BTreeMap<Var, Nat>,
    locals: &BTreeMap<Var, Vec<Nat>>,
) -> Result<BTreeMap<String, History>, MapError> {
    let mut env = params.clone();
    env.insert(crate::trace::THREAD_COUNT.to_string(), Nat::from(threads));
    let th = Threads {
        count: threads,
        locals: locals.clone(),
    };
    let mut out = BTreeMap::new();
    for array in protocol.arrays() {
        let opts = LowerOptions {
            array: array.clone(),
            env: env.clone(),
        };
        let mut w = surface::lower(protocol, &opts).map_err(MapError::Lower)?;
        for (x, v) in &env {
            w = w.subst(x, &NExp::Num(v.clone()));
        }
        let h = w.eval(&th).map_err(MapError::Eval)?;
        out.insert(array, h);
    }
    Ok(out)
}

/// Every history safe (Definition 2 of 000)?
pub fn all_safe(hs: &BTreeMap<String, History>) -> bool {
    hs.values().all(crate::history::safe)
}
