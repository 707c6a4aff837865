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
    let mut sides = Vec::new();
    for k in 0..2 {
        sides.push(side(q, model, case, k)?);
    }
    let (second, first) = (sides.pop()?, sides.pop()?);
    if first.3 != second.3 {
        return None; // both accesses come from one closure by construction
    }
    let index = (0..first.2)
        .map(|d| model.get(&format!("idx1.{d}")).cloned())
        .collect::<Option<Vec<Nat>>>()?;
    Some(Witness {
        array: array.to_string(),
        accesses: [first.0, second.0],
        threads: [first.1, second.1],
        index,
        sync_vars: values(q.sync_vars.get(first.3)?, model),
        params: values(&q.params, model),
        assumptions,
    })
}

/// Thread `k`'s access, values, index dimension count and closure.
fn side(
    q: &Query,
    model: &Model,
    case: &Case,
    k: usize,
) -> Option<(WitnessAccess, ThreadValues, usize, usize)> {
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
        loop_vars: values(&occ.loop_vars, model),
    };
    Some((access, values, occ.dims, occ.closure))
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
