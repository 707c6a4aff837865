//! Resource limits of the reference and of everything that reads `.proto`
//! and `.bcu` text (`ARCHITECTURE.md`, "Limits (bounded on any input)").  They are not part of
//! the papers' definitions: a run that would exceed one stops with an error
//! that names the limit, never with a wrong answer.

/// Deepest nesting the parsers accept: statements inside blocks, `let`s,
/// parentheses, `!`, operators of one chain.  The later stages recurse on
/// it; mapcheck runs them on a 512 MiB stack, far more than this needs.
pub const MAX_NESTING: usize = 1024;

/// Most threads the reference interpreters simulate (`mapcheck run
/// --threads`, the replay of a witness): each thread is evaluated
/// separately, so the cost grows with the count.
pub const MAX_THREADS: u64 = 1 << 16;

/// Evaluation steps of one run of the protocol semantics (`mapcheck run
/// FILE.proto`: statements and loop iterations per thread, synchronized
/// iterations); about 5 s and 250 MB at most.
pub const MAX_STEPS: u64 = 250_000;

/// Evaluation steps of one run of the BabyCUDA interpreter (`mapcheck run
/// FILE.bcu`, the replay of a witness), whose steps are cheaper.
pub const MAX_BCU_STEPS: u64 = 1_000_000;

/// The message of a parse error past [`MAX_NESTING`].
pub fn nesting_message() -> String {
    format!(
        "nesting deeper than {MAX_NESTING} levels (blocks, `let`s, parentheses or a chain of operators): \
         mapcheck does not check inputs nested this deep; split the code into smaller blocks or expressions"
    )
}

use std::cell::Cell;

thread_local! {
    /// Steps left in the current [`with_steps`] scope (unlimited outside).
    static STEPS: Cell<u64> = const { Cell::new(u64::MAX) };
}

/// Runs `f` with at most `steps` evaluation steps of the protocol semantics
/// ([`crate::protocol`]): past them evaluation stops with
/// [`crate::NoDerivation::OutOfSteps`].  Outside such a scope the steps are
/// unlimited (the property tests use small protocols).
pub fn with_steps<T>(steps: u64, f: impl FnOnce() -> T) -> T {
    let before = STEPS.with(|s| s.replace(steps));
    let out = f();
    STEPS.with(|s| s.set(before));
    out
}

/// Takes one step; `false` when none is left.
pub(crate) fn step() -> bool {
    STEPS.with(|s| match s.get() {
        0 => false,
        n => {
            s.set(n - 1);
            true
        }
    })
}
