//! How many of Z3's resource units (`rlimit`) one SMT-LIB query uses, and
//! in how much time: the calibration of `--timeout` (`UNITS_PER_MS` in
//! `smt/z3session.rs`, `docs/performance.md`, "Budgets").  Run it under
//! `/usr/bin/time` on a shared machine, where CPU time means more than
//! wall-clock time:
//! `cargo run --release -p mapcheck-core --example rlimit_probe QUERY.smt2 [UNITS]`
//! (`UNITS`: the limit, 0 or none for no limit).  A third argument picks
//! the solver as mapcheck's ways do (`smt/z3session.rs`, `Fresh`):
//! `plain` (the default), `core` (tactic `smt`), `purified`
//! (`purify-arith` then `smt`), or `reused` (the default solver after a
//! `push`, as the session's reused solver asks: Z3's incremental core).

use std::time::Instant;

/// The context's units so far (the statistic `rlimit count`).
fn units(s: &z3::Solver) -> u64 {
    match s.get_statistics().value("rlimit count") {
        Some(z3::StatisticsValue::UInt(n)) => u64::from(n),
        Some(z3::StatisticsValue::Double(d)) => d.max(0.0) as u64,
        None => 0,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: rlimit_probe QUERY.smt2 [UNITS [plain|core|purified|reused]]");
        std::process::exit(2);
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    };
    let limit: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(0);
    let way = args.get(3).map(String::as_str).unwrap_or("plain");
    let s = match way {
        "core" => z3::Tactic::new("smt").solver(),
        "purified" => z3::Tactic::new("purify-arith")
            .and_then(&z3::Tactic::new("smt"))
            .solver(),
        "plain" | "reused" => z3::Solver::new(),
        other => {
            eprintln!("unknown solver `{other}`: plain, core, purified or reused");
            std::process::exit(2);
        }
    };
    if way == "reused" {
        s.push();
    }
    let mut p = z3::Params::new();
    p.set_u32("rlimit", limit);
    s.set_params(&p);
    s.from_string(text.as_str());
    let before = units(&s);
    let start = Instant::now();
    let result = s.check();
    let secs = start.elapsed().as_secs_f64();
    let used = units(&s).saturating_sub(before);
    println!(
        "{result:?} ({}): {used} units in {secs:.3} s of wall-clock time",
        s.get_reason_unknown().unwrap_or_default()
    );
}
