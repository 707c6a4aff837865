//! Every `kernels/protocols/*.proto` gets the verdict of its header with
//! symbolic thread count and parameters, and every race witness replays in
//! the reference semantics (`semantics`: `lower`, `W::eval`, histories).
//!
//! Headers: `// expect: drf|racy` (or `//pass`, `//xfail:…`); a line
//! `// mapcheck: divergence at L:C` additionally requires a barrier
//! divergence error at that location.

use mapcheck_core::check::check_kernel;
use mapcheck_core::kernel::Kernel;
use mapcheck_core::verdict::{CheckOptions, Verdict, Witness};
use mapcheck_frontend::load;
use mapcheck_frontend::options::Flags;
use semantics::history::{AccessValue, History};
use semantics::surface::{lower, Expect, LowerOptions};
use semantics::trace::THREAD_COUNT;
use semantics::{Nat, Threads};
use std::path::PathBuf;

fn protocol_files() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../kernels/protocols");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("kernels/protocols exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "proto"))
        .collect();
    files.sort();
    files
}

/// The file's kernel and the options of its header (`//--param` lines fix
/// values, as in `mapcheck check`).
fn load_one(path: &std::path::Path) -> (Kernel, CheckOptions) {
    let mut loaded = load(path, &Flags::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded.kernels.len(), 1);
    (loaded.kernels.remove(0), loaded.options)
}

/// `// mapcheck: divergence at L:C`
fn expected_divergence(source: &str) -> Option<(u32, u32)> {
    let line = source
        .lines()
        .find_map(|l| l.strip_prefix("// mapcheck: divergence at "))?;
    let (l, c) = line.trim().split_once(':')?;
    Some((l.parse().ok()?, c.parse().ok()?))
}

/// Replays a witness in the reference: instantiates `T` and the parameters,
/// lowers the array's protocol, evaluates it (Fig. 5) and returns the history.
fn replay(k: &Kernel, w: &Witness) -> History {
    let count = w.params.get(THREAD_COUNT).expect("T in witness");
    let count = u64::try_from(count).expect("small T");
    let mut env = w.params.clone();
    env.remove(THREAD_COUNT);
    env.insert(THREAD_COUNT.into(), Nat::from(count));
    let opts = LowerOptions {
        array: w.array.clone(),
        env: env.clone(),
    };
    let mut p = lower(&k.program, &opts).expect("lowers with the witness values");
    for (x, v) in &env {
        p = p.subst(x, &semantics::NExp::Num(v.clone()));
    }
    let mut threads = Threads::new(count);
    for x in &k.program.locals {
        let mut values = vec![Nat::from(0u32); count as usize];
        for t in &w.threads {
            let id = usize::try_from(&t.ids[semantics::TID]).expect("small tid");
            values[id] = t.locals[x].clone();
        }
        threads.locals.insert(x.clone(), values);
    }
    p.eval(&threads)
        .unwrap_or_else(|e| panic!("{}: no derivation: {e}", k.name))
}

/// The history has a phase with both racing accesses of the witness.
fn confirms(h: &History, w: &Witness) -> bool {
    let access = |k: usize| {
        AccessValue::new(
            w.threads[k].ids[semantics::TID].clone(),
            w.accesses[k].mode,
            w.index.clone(),
        )
    };
    let (a, b) = (access(0), access(1));
    a.mode.conflicts(b.mode)
        && a.owner != b.owner
        && h.iter().any(|p| p.contains(&a) && p.contains(&b))
}

#[test]
fn every_protocol_gets_its_header_verdict_and_witnesses_replay() {
    let files = protocol_files();
    assert!(
        files.len() >= 10,
        "expected the paper's protocols, found {files:?}"
    );
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let (k, opts) = load_one(&path);
        let report = check_kernel(&k, &opts);
        assert!(!report.arrays.is_empty(), "{name}: no arrays");
        if let Some((line, col)) = expected_divergence(&k.source) {
            let found = report.arrays.iter().any(|a| {
                matches!(&a.verdict, Verdict::Divergence { span, .. } if span.line == line && span.col == col)
            });
            assert!(
                found,
                "{name}: expected divergence at {line}:{col}, got {:?}",
                report.arrays
            );
            continue;
        }
        let expect = k
            .program
            .header
            .expect
            .unwrap_or_else(|| panic!("{name}: no header"));
        match expect {
            Expect::Drf => {
                for a in &report.arrays {
                    assert!(
                        a.verdict.is_drf(),
                        "{name}: array {:?}: {:?}",
                        a.array,
                        a.verdict
                    );
                }
            }
            Expect::Racy => {
                let w = report
                    .arrays
                    .iter()
                    .find_map(|a| match &a.verdict {
                        Verdict::Racy(w) => Some(w),
                        _ => None,
                    })
                    .unwrap_or_else(|| panic!("{name}: expected a race, got {:?}", report.arrays));
                let h = replay(&k, w);
                assert!(
                    confirms(&h, w),
                    "{name}: the reference does not confirm {w:?}"
                );
            }
        }
    }
}

fn witness_of(file: &str) -> Witness {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../kernels/protocols")
        .join(file);
    let (k, _) = load_one(&path);
    let report = check_kernel(&k, &CheckOptions::default());
    match &report.arrays[0].verdict {
        Verdict::Racy(w) => (**w).clone(),
        other => panic!("{file}: {other:?}"),
    }
}

fn index_texts(w: &Witness) -> Vec<String> {
    let mut v: Vec<String> = w
        .accesses
        .iter()
        .map(|a| format!("{}{:?}", a.mode, a.index))
        .collect();
    v.sort();
    v
}

#[test]
fn fig15_witnesses_match_the_papers_explanations() {
    // first-iter: wr[tid+1] before the loop against wr[tid] of the first iteration.
    let w = witness_of("first-iter-racy.proto");
    assert_eq!(index_texts(&w), ["wr[\"tid + 1\"]", "wr[\"tid\"]"]);
    // last-iter: wr[tid+1] of the last iteration (after the barrier) against wr[tid].
    let w = witness_of("last-iter-racy.proto");
    assert_eq!(index_texts(&w), ["wr[\"tid + 1\"]", "wr[\"tid\"]"]);
    // last-iter-first-iter: the y loop's last iteration against the z loop's first.
    let w = witness_of("last-iter-first-iter-racy.proto");
    assert_eq!(
        index_texts(&w),
        ["wr[\"tid + x + y\"]", "wr[\"tid + z + 1\"]"]
    );
    let n = &w.params["N"];
    let ys: Vec<&Nat> = w
        .threads
        .iter()
        .filter_map(|t| t.loop_vars.get("y"))
        .collect();
    // y and z are instantiated in the boundary phase (last y = x, first
    // z = 2N), so the z access writes tid + 2N + 1.
    assert!(ys.is_empty());
    let t = |k: usize| w.threads[k].ids[semantics::TID].clone();
    let idx = &w.index[0];
    let two_n_plus_1 = n * 2u32 + 1u32;
    assert!(
        *idx == t(0) + &two_n_plus_1 || *idx == t(1) + &two_n_plus_1,
        "{w:?}"
    );
}
