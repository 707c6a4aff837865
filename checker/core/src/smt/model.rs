//! Reading a model back: the values of the constants a witness needs,
//! preferring small parameters (see [`crate::smt`]).

use super::encode::Query;
use super::script::unquote;
use super::z3session::{check_within, safety_net, units_of_ms};
use crate::verdict::IntModel;
use semantics::expr::Nat;
use std::collections::BTreeMap;

/// Values read back from a model: SMT name (unquoted) → value.
pub type Model = BTreeMap<String, Nat>;

/// Bound tried first for parameters, so witnesses replay quickly.
pub const SMALL_MODEL_BOUND: u64 = 16;

/// The most solver work spent looking for a model with small parameters
/// (its units, `z3session::units_of_ms`): the race is already found, and a
/// smaller witness is not worth the query's whole budget (on
/// bitonicSortSharedKernel of the GPUVerify corpus a fresh solver's search
/// for it took about 10 s a query).
const SMALL_MODEL_MS: u64 = 1_000;

/// One check for a model with small parameters, with at most `units`:
/// its answer and the units used.
fn check_small(solver: &z3::Solver, units: u64) -> (z3::SatResult, u64) {
    let units = units.min(units_of_ms(SMALL_MODEL_MS));
    let c = check_within(solver, units, safety_net(SMALL_MODEL_MS));
    (c.result, c.used)
}

/// Reads the model, preferring one where every parameter is small; also
/// returns the units the search for the small one used (at most `units`).
pub(super) fn small_model(q: &Query, solver: &z3::Solver, units: u64) -> (Model, u64) {
    let first = solver
        .get_model()
        .map(|m| read_model(q, &m))
        .unwrap_or_default();
    solver.push();
    for (_, s) in &q.params {
        solver.assert(le_const(q.logic, unquote(s), SMALL_MODEL_BOUND));
    }
    let (result, used) = check_small(solver, units);
    let better = match result {
        z3::SatResult::Sat => solver.get_model().map(|m| read_model(q, &m)),
        _ => None,
    };
    solver.pop(1);
    (better.unwrap_or(first), used)
}

/// A variable's source name and SMT name.
type Names = (String, String);

/// The values of `params` and `others` (source name, SMT name) in the
/// model of the last check of `solver` (which was `sat`), keyed by
/// unquoted SMT name, preferring a model where every parameter is small;
/// also the units the search for the small one used (at most `units`).
pub(super) fn small_values(
    solver: &z3::Solver,
    logic: IntModel,
    (params, others): (&[Names], &[Names]),
    units: u64,
) -> (Model, u64) {
    let read = |m: &z3::Model| -> Model {
        params
            .iter()
            .chain(others)
            .filter_map(|(_, s)| {
                let n = unquote(s).to_string();
                value_of(logic, m, &n).map(|v| (n, v))
            })
            .collect()
    };
    let first = solver.get_model().map(|m| read(&m)).unwrap_or_default();
    solver.push();
    for (_, s) in params {
        solver.assert(le_const(logic, unquote(s), SMALL_MODEL_BOUND));
    }
    let (result, used) = check_small(solver, units);
    let better = match result {
        z3::SatResult::Sat => solver.get_model().map(|m| read(&m)),
        _ => None,
    };
    solver.pop(1);
    (better.unwrap_or(first), used)
}

fn le_const(logic: IntModel, name: &str, bound: u64) -> z3::ast::Bool {
    match logic {
        IntModel::Nat => z3::ast::Int::new_const(name).le(z3::ast::Int::from_u64(bound)),
        IntModel::Bv32 => z3::ast::BV::new_const(name, 32).bvule(z3::ast::BV::from_u64(bound, 32)),
    }
}

/// Every constant the witness needs.
fn read_model(q: &Query, m: &z3::Model) -> Model {
    let mut names: Vec<String> = Vec::new();
    let all = q
        .params
        .iter()
        .chain(q.sync_vars.iter().flatten())
        .chain(q.ids.iter().flatten())
        .chain(q.locals.iter().flatten());
    names.extend(all.map(|(_, s)| unquote(s).to_string()));
    names.extend(
        q.loop_vars
            .iter()
            .flatten()
            .map(|(_, s)| unquote(s).to_string()),
    );
    for k in 1..=2 {
        names.push(format!("acc{k}"));
        let dims = q
            .occurrences
            .iter()
            .flatten()
            .map(|o| o.dims)
            .max()
            .unwrap_or(0);
        names.extend((0..dims).map(|d| format!("idx{k}.{d}")));
    }
    names
        .into_iter()
        .filter_map(|n| value_of(q.logic, m, &n).map(|v| (n, v)))
        .collect()
}

fn value_of(logic: IntModel, m: &z3::Model, name: &str) -> Option<Nat> {
    match logic {
        IntModel::Nat => {
            let v = m.eval(&z3::ast::Int::new_const(name), true)?;
            v.to_string().parse().ok()
        }
        IntModel::Bv32 => {
            let v = m.eval(&z3::ast::BV::new_const(name, 32), true)?;
            v.as_u64().map(Nat::from)
        }
    }
}
