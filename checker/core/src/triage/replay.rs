//! Replaying a witness, and the bounded search (a) that confirms an alarm,
//! in the reference semantics (see [`crate::triage`]).

use super::{ConcreteRace, TriageBug};
use crate::verdict::Witness;
use semantics::babycuda::eval::{self, Config, Contents, DataRace, EvalErrorKind};
use semantics::babycuda::Program;
use semantics::{Nat, Var, TID};
use std::collections::BTreeMap;

fn thread_id(w: &Witness, k: usize) -> Option<u64> {
    u64::try_from(w.threads[k].ids.get(TID)?).ok()
}

/// Does `h` contain a race on `array[index]` between threads `t1` and `t2`?
fn race_between(
    h: &eval::DHistory,
    array: &str,
    index: &Nat,
    t1: u64,
    t2: u64,
) -> Option<DataRace> {
    h.iter().enumerate().find_map(|(k, p)| {
        let mut only = eval::DPhase::new();
        for t in [t1, t2] {
            if let Some(a) = p.get(&t).and_then(|rw| rw.get(array)) {
                let mut a = a.clone();
                a.reads.retain(|j| j == index);
                a.writes.retain(|j, _| j == index);
                only.insert(t, [(array.to_string(), a)].into_iter().collect());
            }
        }
        eval::phase_race(k, &only)
    })
}

/// Why a witness was not replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayFailure {
    /// The witness needs more than the interpreter's limits (threads, steps):
    /// the race stands, unreplayed.
    TooLarge(String),
    /// The witness runs a synchronized loop with an empty range: the
    /// checker reads it as `skip` (as CUDA does), the reference has no
    /// derivation for it (Example 2 of 000), so the race stands, unreplayed.
    EmptySyncLoop(String),
    /// The replay ran and does not reproduce the race: a bug.
    Bug(TriageBug),
}

impl std::fmt::Display for ReplayFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayFailure::TooLarge(why) => write!(f, "not replayed: too large ({why})"),
            ReplayFailure::EmptySyncLoop(why) => write!(
                f,
                "not replayed: {why}; mapcheck skips an empty synchronized loop as CUDA does, \
                 the paper's semantics has no derivation for it"
            ),
            ReplayFailure::Bug(b) => b.fmt(f),
        }
    }
}

/// Replays the witness of a provable race in the reference semantics,
/// within the interpreter's limits (`semantics::limits`).
pub fn replay(program: &Program, array: &str, w: &Witness) -> Result<ConcreteRace, ReplayFailure> {
    let bug = |m: String| {
        ReplayFailure::Bug(TriageBug(format!(
            "replay of the race on `{array}` failed: {m}"
        )))
    };
    let max = semantics::limits::MAX_THREADS;
    let too_large = |what: String| {
        ReplayFailure::TooLarge(format!(
            "{what}; the reference interpreter simulates at most {max} threads"
        ))
    };
    let t = w
        .params
        .get(semantics::trace::THREAD_COUNT)
        .ok_or_else(|| bug("the witness has no thread count".into()))?;
    let threads = u64::try_from(t)
        .ok()
        .filter(|t| *t <= max)
        .ok_or_else(|| too_large(format!("the race needs T = {t} threads")))?;
    let (t1, t2) = match (thread_id(w, 0), thread_id(w, 1)) {
        (Some(a), Some(b)) => (a, b),
        _ => {
            return Err(too_large(
                "the racing threads' ids do not fit 64 bits".into(),
            ))
        }
    };
    let mut cfg = Config::new(threads);
    for x in program.parameters() {
        let v = w.params.get(&x).cloned().unwrap_or_default();
        cfg.params.insert(x, v);
    }
    cfg.init = Contents::from_program(program);
    let h = match eval::run(program, &cfg) {
        Ok(h) => h,
        Err(e) if e.kind.is_limit() => return Err(ReplayFailure::TooLarge(e.to_string())),
        Err(e) if matches!(e.kind, EvalErrorKind::EmptySyncLoop { .. }) => {
            return Err(ReplayFailure::EmptySyncLoop(e.to_string()))
        }
        Err(e) => return Err(bug(format!("no derivation: {e}"))),
    };
    let index = w.index.first().cloned().unwrap_or_default();
    let race = race_between(&h, array, &index, t1, t2).ok_or_else(|| {
        bug(format!(
            "threads {t1} and {t2} do not race on {array}[{index}] with T = {threads}, params {:?}",
            cfg.params
        ))
    })?;
    Ok(ConcreteRace {
        threads,
        params: cfg.params,
        init: cfg.init,
        race,
    })
}

/// A tiny deterministic generator for the bounded search.
fn lcg(state: &mut u64) -> u64 {
    *state = state
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *state >> 33
}

/// (a) Bounded search for a concrete race on `array`: thread counts
/// (the witness's, then 2..=4), parameters (the witness's, then 0..=3 each),
/// initial contents (zeros, identity, then pseudo-random values in 0..=4 on
/// indices 0..8), at most `budget` runs.
pub fn confirm(
    program: &Program,
    array: &str,
    w: Option<&Witness>,
    budget: usize,
) -> Option<ConcreteRace> {
    let thread_counts = thread_counts(w);
    let param_sets = param_sets(program, w);
    let mut runs = 0;
    for init in &initial_contents(program) {
        for &threads in &thread_counts {
            for ps in &param_sets {
                if runs >= budget {
                    return None;
                }
                runs += 1;
                let mut cfg = Config::new(threads);
                cfg.params = ps.clone();
                cfg.init = init.clone();
                cfg.fuel = 200_000;
                if let Some(race) = race_on(program, array, &cfg) {
                    return Some(ConcreteRace {
                        threads,
                        params: cfg.params,
                        init: cfg.init,
                        race,
                    });
                }
            }
        }
    }
    None
}

/// The thread counts of the search: the witness's (if in 2..=64), then 2..=4.
fn thread_counts(w: Option<&Witness>) -> Vec<u64> {
    let mut thread_counts: Vec<u64> = w
        .and_then(|w| w.params.get(semantics::trace::THREAD_COUNT))
        .and_then(|t| u64::try_from(t).ok())
        .filter(|t| (2..=64).contains(t))
        .into_iter()
        .collect();
    thread_counts.extend([2, 3, 4]);
    thread_counts
}

/// The parameter values of the search: the witness's, then every
/// combination of 0..=3 for the first four parameters (0 for the others).
fn param_sets(program: &Program, w: Option<&Witness>) -> Vec<BTreeMap<Var, Nat>> {
    let params = program.parameters();
    let mut param_sets: Vec<BTreeMap<Var, Nat>> = Vec::new();
    if let Some(w) = w {
        param_sets.push(
            params
                .iter()
                .map(|x| (x.clone(), w.params.get(x).cloned().unwrap_or_default()))
                .collect(),
        );
    }
    let combos = 4u64.pow(params.len().min(4) as u32);
    for code in 0..combos {
        let mut k = code;
        param_sets.push(
            params
                .iter()
                .map(|x| {
                    let v = k % 4;
                    k /= 4;
                    (x.clone(), Nat::from(v))
                })
                .collect(),
        );
    }
    param_sets
}

/// The initial contents of the search: the program's, the identity on
/// indices 0..8, then 16 pseudo-random ones (values in 0..=4).
fn initial_contents(program: &Program) -> Vec<Contents> {
    let arrays = program.arrays();
    let mut inits = vec![Contents::from_program(program)];
    inits.push(Contents {
        arrays: arrays
            .iter()
            .map(|a| (a.clone(), (0..8u32).map(Nat::from).collect()))
            .collect(),
    });
    let mut seed = 0x5eed_u64;
    for _ in 0..16 {
        inits.push(Contents {
            arrays: arrays
                .iter()
                .map(|a| {
                    (
                        a.clone(),
                        (0..8).map(|_| Nat::from(lcg(&mut seed) % 5)).collect(),
                    )
                })
                .collect(),
        });
    }
    inits
}

/// The first race on `array` of a run of `program` (none if it has no
/// derivation within its fuel).
fn race_on(program: &Program, array: &str, cfg: &Config) -> Option<DataRace> {
    let h = eval::run(program, cfg).ok()?;
    h.iter().enumerate().find_map(|(k, p)| {
        let mut p = p.clone();
        for rw in p.values_mut() {
            rw.retain(|a, _| a == array);
        }
        eval::phase_race(k, &p)
    })
}

#[cfg(test)]
mod tests {
    use super::super::test_support::kernel;
    use super::*;
    use crate::check::check_kernel;
    use crate::verdict::{CheckOptions, Verdict};

    #[test]
    fn a_witness_that_does_not_replay_is_reported_as_a_bug() {
        let inf = kernel("fig3_racy.bcu");
        let report = check_kernel(&inf.kernel, &CheckOptions::default());
        let Verdict::Racy(w) = &report.arrays[0].verdict else {
            panic!("racy")
        };
        let mut w = (**w).clone();
        w.params.insert("M".into(), Nat::from(0u32));
        assert!(matches!(
            replay(&inf.program, "A", &w),
            Err(ReplayFailure::Bug(_))
        ));
    }

    /// A witness whose replay needs more steps than the interpreter's
    /// budget is not replayed (a limit, not a bug): the race stands.
    #[test]
    fn a_witness_whose_replay_runs_out_of_steps_is_not_replayed() {
        let inf = super::super::test_support::bcu(
            "param M;\nfor i in 0..M { B[tid] := i };\nA[0] := tid",
        );
        let report = check_kernel(&inf.kernel, &CheckOptions::default());
        let a = report.arrays.iter().find(|a| a.array == "A").expect("A");
        let Verdict::Racy(w) = &a.verdict else {
            panic!("racy expected, got {:?}", a.verdict)
        };
        let mut w = (**w).clone();
        w.params.insert("M".into(), Nat::from(100_000_000u64));
        let r = replay(&inf.program, "A", &w);
        assert!(
            matches!(&r, Err(ReplayFailure::TooLarge(m)) if m.contains("step limit")),
            "{r:?}"
        );
    }

    /// `docs/errors.md`: a witness with huge thread ids is not replayed (it used to
    /// allocate one environment per thread and abort); the race stands.
    #[test]
    fn a_witness_too_large_to_replay_is_not_replayed() {
        for offset in ["4294967296", "9223372036854775807", "18446744073709551615"] {
            let src = format!("A[tid + {offset}] := 1; A[tid] := 2");
            let inf = super::super::test_support::bcu(&src);
            let report = check_kernel(&inf.kernel, &CheckOptions::default());
            let Verdict::Racy(w) = &report.arrays[0].verdict else {
                panic!(
                    "{offset}: racy expected, got {:?}",
                    report.arrays[0].verdict
                )
            };
            let r = replay(&inf.program, "A", w);
            assert!(
                matches!(&r, Err(ReplayFailure::TooLarge(_))),
                "{offset}: {r:?}"
            );
        }
    }

    /// The search's parameter values: the witness's first, then every
    /// combination of 0..=3 of the parameters, each once.
    #[test]
    fn the_search_tries_the_witness_then_every_small_parameter_combination() {
        let inf = super::super::test_support::bcu("param M;\nparam N;\nA[M + N] := tid");
        let report = check_kernel(&inf.kernel, &CheckOptions::default());
        let Verdict::Racy(w) = &report.arrays[0].verdict else {
            panic!("racy expected, got {:?}", report.arrays[0].verdict)
        };
        let mut w = (**w).clone();
        w.params.insert("M".into(), Nat::from(7u32));
        w.params.insert("N".into(), Nat::from(9u32));
        let sets = param_sets(&inf.program, Some(&w));
        let pair = |s: &BTreeMap<Var, Nat>| (s["M"].clone(), s["N"].clone());
        assert_eq!(pair(&sets[0]), (Nat::from(7u32), Nat::from(9u32)));
        let small: std::collections::BTreeSet<_> = sets[1..].iter().map(pair).collect();
        let all: std::collections::BTreeSet<_> = (0..4u32)
            .flat_map(|m| (0..4u32).map(move |n| (Nat::from(m), Nat::from(n))))
            .collect();
        assert_eq!(sets.len(), 17);
        assert_eq!(small, all);
    }

    /// The search's initial contents: the program's, the identity, then 16
    /// pseudo-random ones with values in 0..=4, not all alike.
    #[test]
    fn the_search_tries_identity_then_small_varied_contents() {
        let inf = super::super::test_support::bcu("A[tid] := 1;\nB[tid] := 2");
        let inits = initial_contents(&inf.program);
        assert_eq!(inits.len(), 18);
        let identity: Vec<Nat> = (0..8u32).map(Nat::from).collect();
        assert_eq!(inits[1].arrays["A"], identity);
        let random = &inits[2..];
        let values = random
            .iter()
            .flat_map(|c| c.arrays.values().flatten().cloned());
        assert!(values.clone().all(|v| v <= Nat::from(4u32)));
        assert!(values.clone().any(|v| v > Nat::from(0u32)));
        assert!(random.windows(2).any(|p| p[0].arrays != p[1].arrays));
    }

    /// A race is looked for on the array asked about only.
    #[test]
    fn a_race_is_looked_for_on_the_array_asked_about() {
        let inf = super::super::test_support::bcu("A[tid] := 1;\nB[0] := tid");
        let cfg = Config::new(2);
        assert!(race_on(&inf.program, "A", &cfg).is_none());
        assert!(race_on(&inf.program, "B", &cfg).is_some());
    }
}
