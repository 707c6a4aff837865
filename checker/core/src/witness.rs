//! Reading a race witness back from a Z3 model (Sec. 6, "Quantification":
//! a model of the query is a racy pair of accesses).

use crate::smt::{Model, Query};
use crate::verdict::{Assumption, ThreadValues, Witness, WitnessAccess};
use crate::wellformed::Case;
use semantics::expr::{Nat, Var};
use std::collections::BTreeMap;

/// The witness of a satisfiable query; `None` if the model lacks a value
/// the witness needs (never expected from Z3 with model completion).
pub fn build(
    q: &Query,
    model: &Model,
    case: &Case,
    array: &str,
    assumptions: Vec<Assumption>,
) -> Option<Witness> {
    let first = side(q, model, case, 0)?;
    let second = side(q, model, case, 1)?;
    if first.closure != second.closure {
        return None; // both accesses come from one closure by construction
    }
    let index = (0..first.dims)
        .map(|d| model.get(&format!("idx1.{d}")).cloned())
        .collect::<Option<Vec<Nat>>>()?;
    Some(Witness {
        array: array.to_string(),
        accesses: [first.access, second.access],
        threads: [first.values, second.values],
        index,
        sync_vars: values(q.sync_vars.get(first.closure)?, model),
        params: values(&q.params, model),
        assumptions,
        replay_blocked: None,
        replay_values: None,
        in_c: None,
        benign: None,
    })
}

/// One thread's side of the race.
struct Side {
    access: WitnessAccess,
    values: ThreadValues,
    /// The number of index dimensions of its access.
    dims: usize,
    /// The closure of the query its access belongs to.
    closure: usize,
}

/// Thread `k`'s side of the race.
fn side(q: &Query, model: &Model, case: &Case, k: usize) -> Option<Side> {
    let selected = model.get(&format!("acc{}", k + 1))?;
    let occ = q.occurrences[k].get(usize::try_from(selected).ok()?)?;
    let info = case.access(occ.access)?;
    let access = WitnessAccess {
        mode: info.mode,
        array: info.array.clone(),
        index: info.index.clone(),
        span: info.span,
    };
    let values = ThreadValues {
        ids: values(&q.ids[k], model),
        locals: values(&q.locals[k], model),
        loop_vars: values(&occ.loop_vars.names(), model),
    };
    Some(Side {
        access,
        values,
        dims: occ.dims,
        closure: occ.closure,
    })
}

/// Source name → value, for the constants the model defines.
fn values(names: &[(Var, String)], model: &Model) -> BTreeMap<Var, Nat> {
    names
        .iter()
        .filter_map(|(x, s)| {
            model
                .get(crate::smt::unquote(s))
                .map(|v| (x.clone(), v.clone()))
        })
        .collect()
}
