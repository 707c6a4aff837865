//! Theorem 1 of `seeds/000_*` on the protocols of `kernels/protocols/`:
//! `p ↓ H1` and `seq(split(align(p))) ⇓ H2` give `safe(H1) == safe(H2)`, for
//! 2 and 3 threads and every parameter value in {1, 2, 3}.  (The random
//! version is in `differential-tests/`.)

use semantics::history::safe;
use semantics::surface::{lower, parse, LowerOptions, Program};
use semantics::trace::{eval_list, with_thread_count};
use semantics::{align, seq_list, split_pair, NExp, Nat, Threads, W};
use std::collections::BTreeMap;
use std::path::PathBuf;

fn kernel_files() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../kernels/protocols");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("kernels/protocols exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "proto"))
        .collect();
    files.sort();
    files
}

/// Every assignment of {1, 2, 3} to the parameters.
fn assignments(params: &[String]) -> Vec<BTreeMap<String, u64>> {
    let mut out = vec![BTreeMap::new()];
    for x in params {
        out = out
            .into_iter()
            .flat_map(|m| {
                (1..=3).map(move |v| {
                    let mut m = m.clone();
                    m.insert(x.clone(), v);
                    m
                })
            })
            .collect();
    }
    out
}

fn assumptions_hold(prog: &Program, env: &BTreeMap<String, Nat>) -> bool {
    prog.assumptions.iter().all(|a| {
        let c = env.iter().fold(a.cond.clone(), |c, (x, v)| {
            c.subst(x, &NExp::Num(v.clone()))
        });
        c.eval() == Ok(true)
    })
}

fn instantiate(w: &W, env: &BTreeMap<String, Nat>) -> W {
    env.iter()
        .fold(w.clone(), |w, (x, v)| w.subst(x, &NExp::Num(v.clone())))
}

#[test]
fn theorem1_holds_on_every_kernel_instantiation() {
    let mut checked = 0;
    for file in kernel_files() {
        let prog = parse(&std::fs::read_to_string(&file).unwrap()).unwrap();
        if !prog.locals.is_empty() {
            continue; // thread-local unknowns need per-thread values: the random tests cover them
        }
        if std::fs::read_to_string(&file)
            .unwrap()
            .contains("// mapcheck: divergence")
        {
            continue; // barrier divergence: not a protocol of W (no derivation)
        }
        for threads in [2u64, 3] {
            for values in assignments(&prog.parameters()) {
                let mut env: BTreeMap<String, Nat> = values
                    .iter()
                    .map(|(k, v)| (k.clone(), Nat::from(*v)))
                    .collect();
                env.insert("T".into(), Nat::from(threads));
                if !assumptions_hold(&prog, &env) {
                    continue;
                }
                for array in prog.arrays() {
                    let opts = LowerOptions {
                        array: array.clone(),
                        env: env.clone(),
                    };
                    let p = instantiate(&lower(&prog, &opts).unwrap(), &env);
                    let h1 = p.eval(&Threads::new(threads)).unwrap();
                    let traces = with_thread_count(&seq_list(&split_pair(&align(&p))), threads);
                    let h2 = eval_list(&traces).unwrap();
                    assert_eq!(
                        safe(&h1),
                        safe(&h2),
                        "{}: array {array:?}, {threads} threads, {values:?}",
                        file.display()
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 50, "only {checked} instantiations checked");
}
