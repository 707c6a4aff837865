//! What a small Z3 query costs, depending on how it reaches the solver.
//! The checker's [`mapcheck_core::smt::Session`] is designed from these figures:
//! `cargo run --release -p mapcheck-core --example solver_costs`.

use std::time::Instant;

const QUERY: &str = "(declare-const |a| Int)\n(assert (>= |a| 0))\n\
    (declare-const |b| Int)\n(assert (>= |b| 0))\n(assert (< |a| 4))\n\
    (assert (< |b| 4))\n(assert (distinct |a| |b|))\n(assert (= (+ |a| 1) |b|))\n";

const ROUNDS: u32 = 300;

/// Mean milliseconds of `f` over [`ROUNDS`] runs.
fn mean_ms(f: impl Fn()) -> f64 {
    let start = Instant::now();
    for _ in 0..ROUNDS {
        f();
    }
    start.elapsed().as_secs_f64() * 1000.0 / f64::from(ROUNDS)
}

fn main() {
    let fresh = mean_ms(|| {
        let s = z3::Solver::new();
        s.from_string(QUERY);
        s.check();
    });
    let fresh_scoped = mean_ms(|| {
        let s = z3::Solver::new();
        s.push();
        s.from_string(QUERY);
        s.check();
        s.pop(1);
    });
    let shared = z3::Solver::new();
    let scoped = mean_ms(|| {
        shared.push();
        shared.from_string(QUERY);
        shared.check();
        shared.pop(1);
    });
    println!("fresh solver per query:   {fresh:.3} ms");
    println!("fresh solver, push/pop:   {fresh_scoped:.3} ms");
    println!("one solver, push/pop:     {scoped:.3} ms");
}
