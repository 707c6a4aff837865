//! The variables of a kernel as the stages see them, shared by
//! [`crate::check`], [`crate::wellformed`], [`crate::divergence`] and
//! [`crate::domains`]: the ones that identify or belong to one thread
//! ([`thread_locals`]), the thread-global ones ([`parameters`]), and the
//! values the options and the launch fix ([`fixed_values`], [`fixed_env`]).

use crate::kernel::Kernel;
use crate::verdict::CheckOptions;
use semantics::expr::{Nat, Var};
use semantics::trace::THREAD_COUNT;
use std::collections::{BTreeMap, BTreeSet};

/// The variables that identify or belong to one thread.
pub fn thread_locals(kernel: &Kernel) -> BTreeSet<Var> {
    let mut out: BTreeSet<Var> = kernel.threads.ids().into_iter().map(|(x, _)| x).collect();
    out.extend(kernel.program.locals.iter().cloned());
    out
}

/// Every thread-global variable of the kernel: parameters of the program,
/// variables of the thread bounds, and `T` when used.
pub fn parameters(kernel: &Kernel) -> Vec<Var> {
    let locals = thread_locals(kernel);
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    let mut add = |x: &Var| {
        if !locals.contains(x) && seen.insert(x.clone()) {
            out.push(x.clone());
        }
    };
    kernel.program.parameters().iter().for_each(&mut add);
    for (_, bound) in &kernel.threads.ids() {
        bound.fv().iter().for_each(&mut add);
    }
    if kernel.program.free_vars().contains(THREAD_COUNT) {
        add(&THREAD_COUNT.to_string());
    }
    out
}

/// The parameters of fixed value, which the SMT encoding writes as their
/// values: `--param` (and a parameter a split on its domain fixes,
/// [`crate::domains`]) and the dimensions the header or the command line
/// fixes (`--blockDim`, `--gridDim`: [`mapcheck_ir::launch::Launch::fixed_by_flags`]).
/// Other known dimensions (defaults, launches, `__requires`) are
/// assumptions of the protocol.
pub fn fixed_values(kernel: &Kernel, opts: &CheckOptions) -> BTreeMap<Var, u64> {
    let mut out = opts.params.clone();
    if let Some(launch) = &kernel.launch {
        out.extend(launch.fixed_by_flags());
    }
    out
}

/// The fixed values ([`fixed_values`]) and `--threads` (as `T`).
pub fn fixed_env(kernel: &Kernel, opts: &CheckOptions) -> BTreeMap<Var, Nat> {
    let mut env: BTreeMap<Var, Nat> = fixed_values(kernel, opts)
        .into_iter()
        .map(|(x, v)| (x, Nat::from(v)))
        .collect();
    if let Some(t) = opts.threads {
        env.insert(THREAD_COUNT.to_string(), Nat::from(t));
    }
    env
}
