//! Differential test: on random protocols and every small instantiation,
//! the checker (well-formedness → linear phases → Z3) and the reference
//! semantics (`lower`, `W::eval`, Definition 2) give the same verdict, and
//! every checker witness is a race of the reference history.

use checker::bench::kernel_from_source;
use checker::check::check_kernel;
use checker::verdict::{CheckOptions, Verdict};
use semantics::history::{history_race, AccessValue};
use semantics::surface::{lower, parse, LowerOptions};
use semantics::{NExp, Nat, Threads};
use std::collections::BTreeMap;

/// A small deterministic generator (no external crates).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn index(r: &mut Rng, vars: &[String]) -> String {
    let v = if vars.is_empty() {
        "0".to_string()
    } else {
        vars[r.below(vars.len() as u64) as usize].clone()
    };
    match r.below(8) {
        0 => "tid".into(),
        1 => "tid + 1".into(),
        2 => format!("tid + {v}"),
        3 => v,
        4 => "tid * 2".into(),
        5 => "T - 1 - tid".into(),
        6 => format!("{}", r.below(3)),
        _ => "tid - 1".into(),
    }
}

fn block(r: &mut Rng, depth: u32, vars: &mut Vec<String>, sync_ok: bool) -> String {
    let n = 1 + r.below(3);
    let mut stmts = Vec::new();
    for _ in 0..n {
        stmts.push(stmt(r, depth, vars, sync_ok));
    }
    stmts.join(";\n")
}

fn stmt(r: &mut Rng, depth: u32, vars: &mut Vec<String>, sync_ok: bool) -> String {
    let choice = if depth == 0 { r.below(3) } else { r.below(7) };
    match choice {
        0 => format!("wr[{}]", index(r, vars)),
        1 => format!("rd[{}]", index(r, vars)),
        2 if sync_ok => "sync".into(),
        2 => format!("wr[{}]", index(r, vars)),
        3 if sync_ok => {
            let x = format!("x{depth}");
            vars.push(x.clone());
            let body = block(r, depth - 1, vars, true);
            vars.pop();
            format!("forS {x} in 0..N {{\n{body};\nsync\n}}")
        }
        3 | 4 => {
            let y = format!("y{depth}");
            vars.push(y.clone());
            let body = block(r, depth - 1, vars, false);
            vars.pop();
            format!("forU {y} in 0..2 {{\n{body}\n}}")
        }
        5 => {
            let body = block(r, depth - 1, vars, false);
            format!("if tid < 1 {{\n{body}\n}}")
        }
        _ if sync_ok => {
            let a = block(r, depth - 1, vars, true);
            let b = block(r, depth - 1, vars, true);
            format!("if N > 1 {{\n{a};\nsync\n}} else {{\n{b}\n}}")
        }
        _ => format!("rd[{}]", index(r, vars)),
    }
}

/// The reference verdict for `T` threads and `N`: the first racy pair, if any.
fn reference(src: &str, t: u64, n: u64) -> Option<(AccessValue, AccessValue)> {
    let program = parse(src).expect("generated protocols parse");
    let env: BTreeMap<String, Nat> = [
        ("T".to_string(), Nat::from(t)),
        ("N".to_string(), Nat::from(n)),
    ]
    .into();
    let opts = LowerOptions {
        array: String::new(),
        env: env.clone(),
    };
    let mut p = lower(&program, &opts).expect("lowers");
    for (x, v) in &env {
        p = p.subst(x, &NExp::Num(v.clone()));
    }
    let h = p
        .eval(&Threads::new(t))
        .expect("evaluates: loops are non-empty");
    history_race(&h).map(|r| (r.race.first, r.race.second))
}

#[test]
fn checker_and_reference_agree_on_random_protocols() {
    let mut rng = Rng(0x5eed);
    let (mut racy, mut drf) = (0, 0);
    for case in 0..150 {
        let src = block(&mut rng, 3, &mut Vec::new(), true);
        let kernel = kernel_from_source(&format!("random{case}"), &src).expect("parses");
        // Symbolic T and N: DRF must hold on every instantiation below.
        let symbolic = check_kernel(&kernel, &CheckOptions::default());
        let symbolic_drf = symbolic.arrays.iter().all(|a| a.verdict.is_drf());
        for (t, n) in [(2, 1), (3, 2), (4, 3)] {
            let opts = CheckOptions {
                threads: Some(t),
                params: [("N".to_string(), n)].into(),
                ..CheckOptions::default()
            };
            let expected = reference(&src, t, n);
            assert!(
                !symbolic_drf || expected.is_none(),
                "symbolic DRF but T={t} N={n} races on\n{src}"
            );
            let report = check_kernel(&kernel, &opts);
            if report.arrays.is_empty() {
                assert!(expected.is_none(), "no accesses but a race on\n{src}");
                continue;
            }
            let verdict = &report.arrays[0].verdict;
            match (verdict, &expected) {
                (Verdict::Drf { .. }, None) => drf += 1,
                (Verdict::Racy(w), Some(_)) => {
                    racy += 1;
                    // The witness is a race of the reference history.
                    let h = {
                        let program = parse(&src).unwrap();
                        let env: BTreeMap<String, Nat> = [
                            ("T".to_string(), Nat::from(t)),
                            ("N".to_string(), Nat::from(n)),
                        ]
                        .into();
                        let mut p = lower(
                            &program,
                            &LowerOptions {
                                array: String::new(),
                                env: env.clone(),
                            },
                        )
                        .unwrap();
                        for (x, v) in &env {
                            p = p.subst(x, &NExp::Num(v.clone()));
                        }
                        p.eval(&Threads::new(t)).unwrap()
                    };
                    let acc = |k: usize| {
                        AccessValue::new(
                            w.threads[k].ids["tid"].clone(),
                            w.accesses[k].mode,
                            w.index.clone(),
                        )
                    };
                    assert!(
                        h.iter().any(|p| p.contains(&acc(0)) && p.contains(&acc(1))),
                        "T={t} N={n} witness {w:?} not in the reference history of\n{src}"
                    );
                }
                _ => panic!("T={t} N={n}: checker {verdict:?}, reference {expected:?} on\n{src}"),
            }
        }
    }
    assert!(
        racy > 10 && drf > 10,
        "generator too one-sided: {racy} racy, {drf} drf"
    );
}
