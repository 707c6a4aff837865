//! The condition under which a racy kernel is race-free (`docs/reports.md`,
//! "Suggestions"): candidates built from the kernel itself — the sign and
//! a lower bound of each integer parameter, an extent at least (or equal
//! to) the launched thread count, an extent that is a multiple of the
//! block's size, a block size bounded by or equal to a power of two the
//! kernel's body writes — weakest kinds first.  A candidate the race's
//! witness already satisfies cannot remove that race and is skipped; each
//! other is checked by checking the kernel with `__requires(candidate);`
//! at the start of its body, and the first under which an array is
//! race-free is that array's precondition.

use super::condition::{CType, Cond, Env, Term, UNSIGNED};
use super::edit::{after_brace, literals};
use super::{open_races, witness, Recheck};
use mapcheck_core::kernel::Kernel;
use mapcheck_core::results::{CheckedKernel, Precondition};
use semantics::surface::{Stmt, StmtKind};
use semantics::{BExp, NExp};
use std::collections::BTreeSet;

/// How many candidates one kernel may check (each is a load and a check).
const TRIES_PER_KERNEL: usize = 6;

/// The launch dimensions a candidate may name.
const BLOCK_X: &str = "blockDim.x";
const GRID_X: &str = "gridDim.x";

/// Sets the precondition of each race of `checked` that a candidate
/// removes.
pub fn search(checked: &mut CheckedKernel, k: &Kernel, recheck: &Recheck) {
    let mut open = open_races(checked, |a| a.precondition.is_none());
    if open.is_empty() {
        return;
    }
    let envs: Vec<Env> = open
        .iter()
        .map(|&i| env(k, witness(&checked.arrays[i]).map(|w| &w.params)))
        .collect();
    let names: BTreeSet<&String> = envs.iter().flat_map(|e| e.keys()).collect();
    let mut sizes = literals(recheck.text(), k.body);
    // Sizes written through a macro or a template argument are literals
    // of the protocol only.
    for s in protocol_constants(&k.program.body) {
        if !sizes.contains(&s) {
            sizes.push(s);
        }
    }
    let texts: Vec<String> = open
        .iter()
        .filter_map(|&i| witness(&checked.arrays[i]))
        .flat_map(|w| w.accesses.iter().map(|a| a.text.clone()))
        .collect();
    let rank = |p: &str| rank_in(p, &envs, &texts);
    let mut tries = 0;
    for cand in candidates(k, &names, &sizes, rank) {
        // A witness that meets the candidate is a race under it too.
        let removable = |j: usize| envs[j].is_empty() || cand.holds(&envs[j]) != Some(true);
        if !(0..open.len()).any(removable) {
            continue;
        }
        if tries == TRIES_PER_KERNEL || !recheck.can() {
            return;
        }
        tries += 1;
        let stmt = format!("__requires({cand});");
        let Some(edited) = after_brace(recheck.text(), k.body, &stmt) else {
            return;
        };
        let Some(result) = recheck.check(&edited, k) else {
            continue;
        };
        for &i in &open {
            let a = &mut checked.arrays[i];
            if result.drf(&a.check.array) {
                a.precondition = Some(Precondition {
                    expr: recheck.with_assumptions(&cand.to_string()),
                    line: k.body.line,
                    col: k.body.col,
                });
            }
        }
        open.retain(|&i| checked.arrays[i].precondition.is_none());
        if open.is_empty() {
            return;
        }
    }
}

/// The numbers of a protocol's expressions that fit a `u64`.
fn protocol_constants(body: &[Stmt]) -> Vec<u64> {
    let mut out = Vec::new();
    for s in body {
        match &s.kind {
            StmtKind::Access { index, .. } => index.iter().for_each(|e| numbers(e, &mut out)),
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                bool_numbers(cond, &mut out);
                out.extend(protocol_constants(then_branch));
                out.extend(protocol_constants(else_branch));
            }
            StmtKind::For { lo, hi, body, .. } => {
                numbers(lo, &mut out);
                numbers(hi, &mut out);
                out.extend(protocol_constants(body));
            }
            _ => {}
        }
    }
    out
}

fn numbers(e: &NExp, out: &mut Vec<u64>) {
    match e {
        NExp::Num(n) => out.extend(u64::try_from(n).ok()),
        NExp::Var(_) => {}
        NExp::Bin(_, a, b) => {
            numbers(a, out);
            numbers(b, out);
        }
    }
}

fn bool_numbers(b: &BExp, out: &mut Vec<u64>) {
    match b {
        BExp::Bool(_) => {}
        BExp::Rel(_, x, y) => {
            numbers(x, out);
            numbers(y, out);
        }
        BExp::Bin(_, x, y) => {
            bool_numbers(x, out);
            bool_numbers(y, out);
        }
        BExp::Not(x) => bool_numbers(x, out),
    }
}

/// `p >= 0`
fn non_negative(p: &str) -> Cond {
    Cond::Ge(Term::name(p), Term::Num(0))
}

/// The launched thread count a candidate compares an extent with: the
/// grid's (`gridDim.x * blockDim.x`) when the kernel's code reads
/// `blockIdx.x` or `gridDim.x`, else the block's (the grid is then 1).
fn launched_threads(k: &Kernel, names: &BTreeSet<&String>, block: bool) -> Option<Term> {
    let body_vars: BTreeSet<String> = k.program.body.iter().flat_map(|s| s.free_vars()).collect();
    let grid = ["blockIdx.x", GRID_X]
        .iter()
        .any(|v| body_vars.contains(*v));
    match (block, grid && names.contains(&GRID_X.to_string())) {
        (true, true) => Some(Term::name(GRID_X).times(Term::name(BLOCK_X))),
        (true, false) => Some(Term::name(BLOCK_X)),
        _ => None,
    }
}

/// The facts of one integer parameter, weakest first: its sign, a lower
/// bound, at least the thread count, a multiple of the block's size, equal
/// to the thread count.  The facts tied to the launch come alone and, for
/// a signed parameter, with its sign: C converts a negative `int`
/// compared with an `unsigned` dimension to a huge value, so `n >=
/// blockDim.x` holds of `n = -1` (a witness with a negative `n` skips the
/// candidate alone).
fn facts_of(p: &str, signed: bool, threads: Option<&Term>, block: bool) -> Vec<Cond> {
    let mut out = Vec::new();
    if signed {
        out.push(non_negative(p));
    }
    out.push(Cond::Ge(Term::name(p), Term::Num(1)));
    let mut tied = Vec::new();
    if let Some(t) = threads {
        tied.push(Cond::Ge(Term::name(p), t.clone()));
    }
    if block {
        tied.push(Cond::Multiple(Term::name(p), Term::name(BLOCK_X)));
    }
    for c in tied {
        out.push(c.clone());
        if signed {
            out.push(non_negative(p).and(c));
        }
    }
    if let Some(t) = threads {
        out.push(Cond::Eq(Term::name(p), t.clone()));
    }
    out
}

/// How much the races need a parameter's value, lower first: 0 when a
/// witness gives it a value no size takes (negative, or 2^31 or more), 1
/// when an access of a race names it, 2 otherwise.
fn rank_in(p: &str, envs: &[Env], texts: &[String]) -> u8 {
    let outside = envs.iter().any(|e| {
        e.get(p).is_some_and(|(v, _)| {
            *v < num_bigint::BigInt::from(0) || *v >= num_bigint::BigInt::from(1u64 << 31)
        })
    });
    if outside {
        0
    } else if texts.iter().any(|t| mentions(t, p)) {
        1
    } else {
        2
    }
}

/// Does `text` hold `name` as a whole word?
fn mentions(text: &str, name: &str) -> bool {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .any(|w| w == name)
}

/// The values of a witness's parameters and dimensions, with their C
/// types (a dimension or index is `unsigned int`).
fn env(k: &Kernel, params: Option<&Vec<mapcheck_core::verdict::CValue>>) -> Env {
    let mut out = Env::new();
    for v in params.into_iter().flatten() {
        let t = k
            .params
            .iter()
            .find(|p| p.name == v.name)
            .and_then(|p| p.int)
            .map(|i| CType {
                bits: i.bits,
                signed: i.signed,
            });
        let t = match t {
            Some(t) => t,
            None if v.name.contains('.') => UNSIGNED,
            None => continue,
        };
        out.insert(v.name.clone(), (v.value.clone(), t));
    }
    out
}

/// The candidates, in the order they are tried: the parameters the
/// races need most first (`rank`: lower first), each from its weakest
/// facts to its strongest; then all signs together; then block sizes.
fn candidates(
    k: &Kernel,
    names: &BTreeSet<&String>,
    sizes: &[u64],
    rank: impl Fn(&str) -> u8,
) -> Vec<Cond> {
    let mut ints: Vec<(&str, bool)> = k
        .params
        .iter()
        .filter(|p| names.contains(&p.name))
        .filter_map(|p| p.int.map(|i| (p.name.as_str(), i.signed)))
        .collect();
    ints.sort_by_key(|(p, _)| rank(p));
    let signed: Vec<&str> = ints.iter().filter(|p| p.1).map(|p| p.0).collect();
    let block = names.contains(&BLOCK_X.to_string());
    let threads = launched_threads(k, names, block);
    let mut out: Vec<Cond> = Vec::new();
    for &(p, is_signed) in &ints {
        out.extend(facts_of(p, is_signed, threads.as_ref(), block));
    }
    if signed.len() > 1 {
        out.extend(signed.iter().map(|p| non_negative(p)).reduce(Cond::and));
    }
    if block {
        let powers: Vec<u64> = sizes
            .iter()
            .copied()
            .filter(|s| (2..=1024).contains(s) && s.is_power_of_two())
            .collect();
        let mut desc = powers.clone();
        desc.sort_unstable_by(|a, b| b.cmp(a));
        let dim = || Term::name(BLOCK_X);
        out.extend(desc.iter().map(|&s| Cond::Le(dim(), Term::Num(s as i64))));
        out.extend(powers.iter().map(|&s| Cond::Eq(dim(), Term::Num(s as i64))));
    }
    out
}
