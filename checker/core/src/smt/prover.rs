//! Goals about one thread proved with Z3 for the rewritings of access
//! indices: the [`prover`] that `unwrap` asks for its side conditions, and
//! [`chains_for`], the chains of [`super::stride`] with their obligations
//! proved.  The goals are asked of the [`Session`] under the kernel's
//! facts ([`QueryContext`]), each within [`OBLIGATION_MS`]; one that Z3
//! cannot prove in time is not used, so nothing unproved is assumed.

use super::counterexample::thread_copy;
use super::encode::QueryContext;
use super::stride::{shared_vars, sites_of, Chains, Range};
use super::z3session::Session;
use crate::numbered::C;
use crate::verdict::IntModel;
use semantics::expr::{BExp, NExp, Var};
use std::collections::HashMap;

/// Time for one obligation `Pj < Sj` (an obligation Z3 cannot prove in
/// time leaves its stride out; it never makes a verdict DRF).
pub const OBLIGATION_MS: u64 = 200;

/// The chains of the accesses of `closures` (see [`Chains::find`]), the
/// obligations proved by `session` for one thread under `ctx`'s facts.
/// Only the ℕ model: with 32-bit wrap-around the lemma does not hold.
pub fn chains_for(closures: &[C], ctx: &QueryContext, session: &Session) -> Chains {
    if ctx.logic != IntModel::Nat {
        return Chains::default();
    }
    let sites = sites_of(closures);
    let shared_vars = shared_vars(closures, &ctx.params);
    let mut holds = prover(ctx, session);
    Chains::find(&sites, &ctx.fixed, &|x| shared_vars.contains(x), &mut holds)
}

/// Proves goals about one thread (any thread) for [`Chains::find`] and
/// `unwrap`: `holds(ranges, goal)` is `true` when Z3 shows, within
/// [`OBLIGATION_MS`], that `goal` holds under `ctx`'s facts wherever the
/// ranges hold; answers are cached.
pub(super) fn prover<'a>(
    ctx: &'a QueryContext,
    session: &'a Session,
) -> impl FnMut(&[Range], &BExp) -> bool + 'a {
    let thread_vars: Vec<Var> = ctx
        .thread_ids
        .iter()
        .map(|(x, _)| x.clone())
        .chain(ctx.locals.iter().cloned())
        .collect();
    cached(move |ranges: &[Range], goal: &BExp| {
        let (ranges, goal) = for_thread_one(ranges, goal, &thread_vars);
        session.proves(&ranges, &goal, ctx, OBLIGATION_MS)
    })
}

/// The goal and ranges with each thread variable renamed to the first
/// thread's copy ([`thread_copy`]), as
/// [`Session::thread_counterexample`] names them.
fn for_thread_one(
    ranges: &[(Var, NExp, NExp)],
    goal: &BExp,
    thread_vars: &[Var],
) -> (Vec<(Var, NExp, NExp)>, BExp) {
    let rename = |e: &NExp| {
        thread_vars
            .iter()
            .fold(e.clone(), |e, x| e.subst(x, &NExp::Var(thread_copy(x, 1))))
    };
    let ranges = ranges
        .iter()
        .map(|(x, lo, hi)| (x.clone(), rename(lo), rename(hi)))
        .collect();
    let goal = thread_vars.iter().fold(goal.clone(), |g, x| {
        g.subst(x, &NExp::Var(thread_copy(x, 1)))
    });
    (ranges, goal)
}

/// Remembers the answers of `holds` (many accesses share an index and its
/// ranges: a read and a write of `a[i]`).
pub fn cached<'a>(
    mut holds: impl FnMut(&[Range], &BExp) -> bool + 'a,
) -> impl FnMut(&[Range], &BExp) -> bool + 'a {
    let mut seen: HashMap<(Vec<Range>, BExp), bool> = HashMap::new();
    move |ranges, goal| {
        let key = (ranges.to_vec(), goal.clone());
        if let Some(&v) = seen.get(&key) {
            return v;
        }
        let v = holds(ranges, goal);
        seen.insert(key, v);
        v
    }
}
