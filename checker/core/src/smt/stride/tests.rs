use super::*;

fn v(x: &str) -> NExp {
    NExp::var(x)
}

/// `b·D + t + k·(D·G)`: the index of a grid-stride loop across blocks.
fn grid_stride() -> NExp {
    let base = NExp::add(NExp::mul(v("b"), v("D")), v("t"));
    NExp::add(base, NExp::mul(v("k"), NExp::mul(v("D"), v("G"))))
}

fn site(index: NExp) -> Site {
    Site {
        index,
        ranges: Vec::new(),
        conds: Vec::new(),
    }
}

fn shared(x: &Var) -> bool {
    x == "D" || x == "G"
}

/// A prover that knows exactly the facts `t < D`, `b < G` and that
/// `D`, `G` are at least 1.
fn knows(_: &[(Var, NExp, NExp)], goal: &BExp) -> bool {
    let known = [
        BExp::rel(ROp::Lt, v("t"), v("D")),
        BExp::rel(ROp::Lt, v("b"), v("G")),
        BExp::rel(ROp::Le, NExp::num(1), v("D")),
        BExp::rel(ROp::Le, NExp::num(1), v("G")),
    ];
    known.contains(goal)
}

#[test]
fn a_grid_stride_index_splits_into_iteration_block_and_thread() {
    let sites = vec![vec![vec![site(grid_stride())]]];
    let chains = Chains::find(&sites, &BTreeMap::new(), &shared, &mut knows);
    let strides: Vec<String> = chains
        .of(0, 0)
        .iter()
        .map(|s| s.to_nexp().to_string())
        .collect();
    assert_eq!(strides, ["D * G", "D"]);
    let digits: Vec<String> = chains
        .digits(0, 0, &grid_stride())
        .iter()
        .map(|d| d.value.to_string())
        .collect();
    assert_eq!(digits, ["k", "b", "t"]);
}

/// `y·W + x + y·0`'s shape with the negative part `Wn` of a signed
/// `W` fixed to 0 (`y·W + x ∸ y·Wn`), under `if (x < W)`: the
/// guard bounds the last digit, and the monus by 0 is no atom.
#[test]
fn a_guard_bounds_the_remainder_of_a_signed_stride_fixed_non_negative() {
    let shared = |x: &Var| x == "W" || x == "Wn";
    let index = NExp::bin(
        NOp::Sub,
        NExp::add(NExp::mul(v("y"), v("W")), v("x")),
        NExp::mul(v("y"), v("Wn")),
    );
    let guard = BExp::rel(ROp::Lt, v("x"), v("W"));
    // Proves `x < W` only from the guard, and `1 <= W`.
    let from_guard = BExp::or(BExp::not(guard.clone()), guard.clone());
    let mut knows = |_: &[(Var, NExp, NExp)], goal: &BExp| {
        *goal == from_guard || *goal == BExp::rel(ROp::Le, NExp::num(1), v("W"))
    };
    let fixed = BTreeMap::from([("Wn".to_string(), Nat::from(0u32))]);
    let guarded = Site {
        conds: vec![guard.clone()],
        ..site(index.clone())
    };
    let chains = Chains::find(&[vec![vec![guarded]]], &fixed, &shared, &mut knows);
    let digits: Vec<String> = chains
        .digits(0, 0, &index)
        .iter()
        .map(|d| d.value.to_string())
        .collect();
    assert_eq!(digits, ["y", "x"]);
    // Without the guard, or with `Wn` symbolic, nothing is split.
    let bare = Chains::find(
        &[vec![vec![site(index.clone())]]],
        &fixed,
        &shared,
        &mut knows,
    );
    assert!(!bare.any());
    let guarded = Site {
        conds: vec![guard],
        ..site(index)
    };
    let open = Chains::find(
        &[vec![vec![guarded]]],
        &BTreeMap::new(),
        &shared,
        &mut knows,
    );
    assert!(!open.any());
}

#[test]
fn nothing_unproved_is_assumed() {
    let sites = vec![vec![vec![site(grid_stride())]]];
    let chains = Chains::find(&sites, &BTreeMap::new(), &shared, &mut |_, _| false);
    assert!(!chains.any());
}

#[test]
fn a_block_stride_with_a_grid_wide_start_is_not_split_by_the_block() {
    // b·D + t + k·D: the remainder after D is t, but b + k is one digit
    // (thread 0 of block 1 meets thread 0 of block 0 in iteration 1).
    let index = NExp::add(
        NExp::add(NExp::mul(v("b"), v("D")), v("t")),
        NExp::mul(v("k"), v("D")),
    );
    let sites = vec![vec![vec![site(index.clone())]]];
    let chains = Chains::find(&sites, &BTreeMap::new(), &shared, &mut knows);
    let digits: Vec<String> = chains
        .digits(0, 0, &index)
        .iter()
        .map(|d| d.value.to_string())
        .collect();
    assert_eq!(digits, ["b + k", "t"]);
}

#[test]
fn digits_recombine_to_the_index() {
    let sites = vec![vec![vec![site(grid_stride())]]];
    let chains = Chains::find(&sites, &BTreeMap::new(), &shared, &mut knows);
    let strides = chains.of(0, 0).to_vec();
    for (b, t, k, d, g) in [(0, 0, 0, 1, 1), (2, 3, 5, 4, 3), (1, 0, 7, 2, 9)] {
        let env = [("b", b), ("t", t), ("k", k), ("D", d), ("G", g)];
        let at = |e: &NExp| {
            let e = env
                .iter()
                .fold(e.clone(), |e, (x, n)| e.subst(x, &NExp::num(*n)));
            e.eval().unwrap()
        };
        let digits = chains.digits(0, 0, &grid_stride());
        // index = (k·(D·G) + b)·... read as q1·S1 + q2·S2 + r.
        let mut sum = at(&digits[strides.len()].value);
        for (q, s) in digits.iter().zip(&strides) {
            sum += at(&q.value) * at(&s.to_nexp());
        }
        assert_eq!(sum, at(&grid_stride()));
    }
}

#[test]
fn the_range_of_a_grid_stride_loop_bounds_its_last_index() {
    // k in 0..(n + S - (m + 1)) / S with S = D·G.
    let s = NExp::mul(v("D"), v("G"));
    let top = NExp::sub(
        NExp::add(v("n"), s.clone()),
        NExp::add(v("m"), NExp::num(1)),
    );
    let hi = NExp::bin(NOp::Div, top, s);
    let facts = range_facts(&[("k".into(), NExp::num(0), hi)], &BTreeMap::new());
    assert_eq!(facts.len(), 1);
    let BExp::Rel(ROp::Lt, lhs, rhs) = &facts[0] else {
        panic!("{:?}", facts[0]);
    };
    assert_eq!(rhs, &v("n"));
    assert_eq!(lhs.to_string(), "D * G * k + m");
    // The fact against the range itself, on small numbers.
    for (n, m, d, g) in [(10u64, 3u64, 2u64, 2u64), (5, 7, 1, 3), (9, 0, 3, 1)] {
        let sz = d * g;
        let hi = (n + sz).saturating_sub(m + 1) / sz;
        for k in 0..20u64 {
            assert_eq!(k < hi, k * sz + m < n, "n={n} m={m} S={sz} k={k}");
        }
    }
}

/// A block-stride loop `for (i = t; i < n; i += d)` under `for (r = 0; r <
/// rows; r++)`, as the front end gives it (`cuda::infer::loops`): the
/// ranges of `r` and of the iteration `k` (`0 ≤ k < (n + d ∸ (t + 1)) /
/// d`), and the index `r·n + i + e` with `i = t + k·d`.
fn block_stride_site(rows: u64, n: u64, d: u64, e: u64) -> Site {
    let top = NExp::sub(
        NExp::add(NExp::num(n), NExp::num(d)),
        NExp::add(v("t"), NExp::num(1)),
    );
    let i = NExp::add(v("t"), NExp::mul(v("k"), NExp::num(d)));
    let index = NExp::add(NExp::add(NExp::mul(v("r"), NExp::num(n)), i), NExp::num(e));
    Site {
        index,
        ranges: vec![
            ("r".into(), NExp::num(0), NExp::num(rows)),
            (
                "k".into(),
                NExp::num(0),
                NExp::bin(NOp::Div, top, NExp::num(d)),
            ),
        ],
        conds: Vec::new(),
    }
}

/// Every concrete `(t, r, k)` of a [`block_stride_site`] with `t < d`: the
/// loop variables run through their ranges, evaluated in order.
fn iterations(site: &Site, d: u64) -> Vec<Vec<(Var, u64)>> {
    let mut out: Vec<Vec<(Var, u64)>> = (0..d).map(|t| vec![("t".into(), t)]).collect();
    for (x, lo, hi) in &site.ranges {
        let at = |e: &NExp, env: &[(Var, u64)]| -> u64 {
            let e = env
                .iter()
                .fold(e.clone(), |e, (y, n)| e.subst(y, &NExp::num(*n)));
            e.eval().expect("closed").try_into().expect("small")
        };
        out = out
            .into_iter()
            .flat_map(|env| {
                let (lo, hi) = (at(lo, &env), at(hi, &env));
                (lo..hi).map(move |n| {
                    let mut env = env.clone();
                    env.push((x.clone(), n));
                    env
                })
            })
            .collect();
    }
    out
}

fn value_at(e: &NExp, env: &[(Var, u64)]) -> Option<Nat> {
    let e = env
        .iter()
        .fold(e.clone(), |e, (y, n)| e.subst(y, &NExp::num(*n)));
    e.eval().ok()
}

/// The digits of `index` at `env`, a quotient by a stride that is 0
/// there read as 0 ([`Digit::unless_zero`]).
fn digit_values(chains: &Chains, index: &NExp, env: &[(Var, u64)]) -> Vec<Option<Nat>> {
    let zero = Nat::from(0u32);
    chains
        .digits(0, 0, index)
        .iter()
        .map(|dg| match &dg.unless_zero {
            Some(s) if value_at(s, env) == Some(zero.clone()) => Some(zero.clone()),
            _ => value_at(&dg.value, env),
        })
        .collect()
}

/// Brute force over every small block-stride loop (1–2 rows of `n ≤ 7`,
/// block of `d ≤ 4`, an access `e ≤ 2` past `i`), with a prover that
/// answers by running every iteration of the range (exact on these
/// ranges, so any false "proof" comes from the facts the split adds):
/// the range facts hold of every concrete iteration, and two accesses'
/// indices are equal exactly when their digits are.  A range fact
/// stronger than the range (`k·s + m < n` without the `− 1` of `m + 1`)
/// fails both where an iteration ends at the range's edge.
#[test]
fn block_stride_splits_agree_with_every_concrete_iteration() {
    let mut split = 0;
    for (rows, n, d, e) in small_block_stride_loops() {
        let (wr, rd) = (
            block_stride_site(rows, n, d, e),
            block_stride_site(rows, n, d, 0),
        );
        let fixed = BTreeMap::new();
        for facts_of in [&wr, &rd] {
            let facts = range_facts(&facts_of.ranges, &fixed);
            for env in iterations(facts_of, d) {
                for f in &facts {
                    let f = env
                        .iter()
                        .fold(f.clone(), |f, (y, m)| f.subst(y, &NExp::num(*m)));
                    assert_eq!(
                        f.eval(),
                        Ok(true),
                        "{f} at {env:?} (rows {rows}, n {n}, d {d})"
                    );
                }
            }
        }
        let mut by_running = |_: &[Range], goal: &BExp| {
            iterations(&wr, d)
                .iter()
                .chain(&iterations(&rd, d))
                .all(|env| {
                    let g = env
                        .iter()
                        .fold(goal.clone(), |g, (y, m)| g.subst(y, &NExp::num(*m)));
                    g.eval() == Ok(true)
                })
        };
        let sites = vec![vec![vec![wr.clone(), rd.clone()]]];
        let chains = Chains::find(&sites, &fixed, &|_| false, &mut by_running);
        split += usize::from(!chains.of(0, 0).is_empty());
        for a in iterations(&wr, d) {
            for b in iterations(&rd, d) {
                let same_index = value_at(&wr.index, &a) == value_at(&rd.index, &b);
                let same_digits =
                    digit_values(&chains, &wr.index, &a) == digit_values(&chains, &rd.index, &b);
                assert_eq!(
                    same_index,
                    same_digits,
                    "rows {rows}, n {n}, d {d}, e {e}: write at {a:?}, read at {b:?}, chain {:?}",
                    chains.of(0, 0)
                );
            }
        }
    }
    // Not vacuous: most families are split (by the row length `n`).
    assert!(split >= 60, "only {split} families split");
}

/// `(rows, n, d, e)` for [`block_stride_splits_agree_with_every_concrete_iteration`].
fn small_block_stride_loops() -> Vec<(u64, u64, u64, u64)> {
    let mut out = Vec::new();
    for rows in 1..=2 {
        for n in 1..=7 {
            for d in 1..=4 {
                for e in 0..=2 {
                    out.push((rows, n, d, e));
                }
            }
        }
    }
    out
}
