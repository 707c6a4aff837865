//! The replay of a `.proto` race in the reference semantics, as `mapcheck
//! run` performs it (`ARCHITECTURE.md`, "Limits": every replay command `check` prints must be
//! accepted by `run` and reproduce the race, or not be printed).
//!
//! The same steps as `mapcheck run FILE --threads T --param X=V … --local …`:
//! the assumptions must hold for the values, the protocol is lowered with
//! them, instantiated, and evaluated (Fig. 5) within the interpreter's step
//! limit; the two accesses of the witness must then be in one phase.

use crate::verdict::Witness;
use semantics::history::AccessValue;
use semantics::surface::{lower, LowerOptions, Program};
use semantics::trace::THREAD_COUNT;
use semantics::{NExp, Nat, Threads, TID};

/// `Ok` if the reference reproduces the race of `w` with its values, else
/// why not.
pub fn replays(program: &Program, w: &Witness) -> Result<(), String> {
    let max = semantics::limits::MAX_THREADS;
    let t = w
        .params
        .get(THREAD_COUNT)
        .ok_or("the witness has no thread count")?;
    let count = u64::try_from(t)
        .ok()
        .filter(|t| (2..=max).contains(t))
        .ok_or_else(|| {
            format!(
                "the race needs {THREAD_COUNT} = {t} threads; `mapcheck run` simulates 2 to {max}"
            )
        })?;
    let params = program.parameters();
    for x in &params {
        if !w.params.contains_key(x) {
            return Err(format!("the witness gives no value to the parameter `{x}`"));
        }
    }
    for x in w.params.keys() {
        if x != THREAD_COUNT && !params.contains(x) {
            return Err(format!(
                "`{x}` is not a parameter `mapcheck run --param` accepts"
            ));
        }
    }
    let env = w.params.clone();
    for a in &program.assumptions {
        let mut c = a.cond.clone();
        for (x, v) in &env {
            c = c.subst(x, &NExp::Num(v.clone()));
        }
        if c.eval() != Ok(true) {
            return Err(format!(
                "the assumption `{}` does not hold for these values",
                a.cond
            ));
        }
    }
    let opts = LowerOptions {
        array: w.array.clone(),
        env: env.clone(),
    };
    let mut p = lower(program, &opts).map_err(|e| e.to_string())?;
    for (x, v) in &env {
        p = p.subst(x, &NExp::Num(v.clone()));
    }
    let tid = |k: usize| {
        w.threads[k]
            .ids
            .get(TID)
            .and_then(|v| u64::try_from(v).ok())
            .filter(|v| *v < count)
            .ok_or("a racing thread's id is not below the thread count")
    };
    let (a, b) = (tid(0)?, tid(1)?);
    let mut threads = Threads::new(count);
    for x in &program.locals {
        let mut values = vec![Nat::from(0u32); count as usize];
        values[a as usize] = w.threads[0].locals.get(x).cloned().unwrap_or_default();
        if let Some(v) = w.threads[1].locals.get(x) {
            values[b as usize] = v.clone();
        }
        threads.locals.insert(x.clone(), values);
    }
    let h = semantics::limits::with_steps(semantics::limits::MAX_STEPS, || p.eval(&threads))
        .map_err(|e| format!("the reference run fails: {e}"))?;
    let access =
        |k: usize, id: u64| AccessValue::new(Nat::from(id), w.accesses[k].mode, w.index.clone());
    let (x, y) = (access(0, a), access(1, b));
    if a != b && x.mode.conflicts(y.mode) && h.iter().any(|ph| ph.contains(&x) && ph.contains(&y)) {
        Ok(())
    } else {
        Err("the reference run with these values has no such race".into())
    }
}
