//! Validity goals as counterexample scripts: a goal about parameters and
//! synchronized-loop variables ([`Session::valid`](super::Session::valid)),
//! and a goal about one or two threads
//! ([`Session::thread_counterexample`](super::Session::thread_counterexample),
//! barrier divergence).  They share the query's declarations
//! (`encode.rs`) but build no access disjunction.

use super::encode::{Names, QueryContext};
use super::script::{Builder, Env, Script};
use semantics::expr::{BExp, NExp, ROp, Var};

/// The negation of a validity goal as an SMT script (see [`Session::valid`]); `None`
/// when the goal mentions a variable that is neither a parameter nor a
/// loop variable of `ranges`.
pub(super) fn counterexample_script(
    ranges: &[(Var, NExp, NExp)],
    goal: &BExp,
    ctx: &QueryContext,
) -> Option<Script> {
    let mut b = Builder::new(ctx.logic);
    let params = b.declare_params(ctx);
    let mut env: Env = b.param_env(ctx, &params);
    for g in &ctx.globals {
        if g.fv().iter().all(|x| env.contains_key(x)) {
            let f = b.bexp(g, &env);
            b.assert(&f);
        }
    }
    assert_not_goal(&mut b, ranges, goal, &mut env)?;
    Some(b.finish())
}

/// Binds the loop variables of `ranges` (see [`assert_ranges`]) and asserts
/// that `goal` fails; `None` when the goal mentions an unbound variable.
fn assert_not_goal(
    b: &mut Builder,
    ranges: &[(Var, NExp, NExp)],
    goal: &BExp,
    env: &mut Env,
) -> Option<()> {
    assert_ranges(b, ranges, env);
    if goal.fv().iter().any(|x| !env.contains_key(x)) {
        return None;
    }
    let g = b.bexp(goal, env);
    b.assert(&format!("(not {g})"));
    Some(())
}

/// Declares one variable per enclosing synchronized loop, within its range,
/// and binds the loop variable to it.
fn assert_ranges(b: &mut Builder, ranges: &[(Var, NExp, NExp)], env: &mut Env) {
    for (k, (x, lo, hi)) in ranges.iter().enumerate() {
        let (lo, hi) = (b.nexp(lo, env), b.nexp(hi, env));
        let s = b.declare(&format!("r{k}.{x}"));
        let range = format!(
            "(and {} {})",
            b.rel(ROp::Le, &lo, &s),
            b.rel(ROp::Lt, &s, &hi)
        );
        b.assert(&range);
        env.insert(x.clone(), s);
    }
}

/// The name of thread `k`'s copy (1 or 2) of a thread variable (an
/// identifier or a thread-local unknown) in the goals of
/// [`Session::thread_counterexample`](super::Session::thread_counterexample).
pub fn thread_copy(x: &str, k: usize) -> Var {
    format!("{x}@{k}")
}

/// The negation of a goal about `threads` threads (1 or 2) as an SMT
/// script: parameters satisfying the global facts, the loop variables of
/// `ranges` in their ranges (shared), and per thread its identifiers below
/// their bounds and its own thread-locals (named by [`thread_copy`]); two
/// threads have distinct identifier tuples.  Global facts that mention
/// thread variables hold for each thread; facts that mention anything
/// else are left out (fewer facts: more counterexamples, never fewer).
/// Returns the script and the SMT names of the threads' variables; `None`
/// when the goal mentions a variable that is none of these.
pub(super) fn threads_counterexample_script(
    ranges: &[(Var, NExp, NExp)],
    threads: usize,
    goal: &BExp,
    ctx: &QueryContext,
) -> Option<(Script, Names, Names)> {
    let mut b = Builder::new(ctx.logic);
    let params = b.declare_params(ctx);
    let shared: Env = b.param_env(ctx, &params);
    let mut env = shared.clone();
    let mut thread_envs = Vec::new();
    let mut ids: [Names; 2] = [Vec::new(), Vec::new()];
    let mut names = Vec::new();
    for (k, slot) in ids.iter_mut().enumerate().take(threads) {
        let mut own = shared.clone();
        let thread = b.declare_thread(k, ctx, &shared, &mut own);
        for (x, s) in thread.ids.iter().chain(&thread.locals) {
            env.insert(thread_copy(x, k + 1), s.clone());
            names.push((thread_copy(x, k + 1), s.clone()));
        }
        *slot = thread.ids;
        thread_envs.push(own);
    }
    if threads == 2 {
        b.assert_distinct(&ids);
    }
    for g in &ctx.globals {
        let fv = g.fv();
        if fv.iter().all(|x| shared.contains_key(x)) {
            let f = b.bexp(g, &shared);
            b.assert(&f);
        } else {
            for own in &thread_envs {
                if fv.iter().all(|x| own.contains_key(x)) {
                    let f = b.bexp(g, own);
                    b.assert(&f);
                }
            }
        }
    }
    assert_not_goal(&mut b, ranges, goal, &mut env)?;
    Some((b.finish(), params, names))
}
