//! Mixed-radix indices split into digits, so that the race condition
//! `idx1 = idx2` becomes linear (grid- and block-stride loops; `ARCHITECTURE.md`).
//!
//! A grid-stride loop `for (i = b; i < n; i += S)` with `S = blockDim.x *
//! gridDim.x` and `b = blockIdx.x * blockDim.x + threadIdx.x` accesses
//! `a[b + k·S]` in iteration `k`: the two threads' indices multiply a loop
//! variable by a symbolic stride, and Z3's non-linear core times out on
//! `b1 + k1·S = b2 + k2·S`.  Constant strides are hard too: `b + 24960·k +
//! 100000·t` (the GPUVerify benchmark `generatePaths`) is a mixed-radix
//! number that Z3's integer core searches by branch and bound.
//!
//! **The lemma.**  Let `S ≥ 1` be the same for both threads and `0 ≤ r1,
//! r2 < S`, `q1, q2 ≥ 0`.  Then `q1·S + r1 = q2·S + r2` iff `q1 = q2` and
//! `r1 = r2`.  (If `q1 > q2` then `q1·S + r1 ≥ q2·S + S > q2·S + r2`; the
//! other way round alike; so `q1 = q2`, and then `r1 = r2`.)  `S ≥ 1`
//! follows from `0 ≤ r < S`.
//!
//! **The split.**  An index is read as a polynomial with natural
//! coefficients over *atoms* (variables and the subterms that are not
//! sums or products: `-`, `/`, `%`), every atom a natural number.  A
//! *stride* is a monomial over atoms that both threads share (parameters
//! that are not fixed, the closure's `var` variables) times a constant.  A
//! chain `S1, …, Sm` splits an index `P0` step by step: `qj` is the sum of
//! the terms of `P(j-1)` that `Sj` divides, divided by `Sj`, and `Pj` the
//! other terms, so that `P(j-1) = qj·Sj + Pj` is an identity.  When `Pj <
//! Sj` holds for every access of both threads wherever it is performed
//! (proved by Z3 for one thread, under the kernel's assumptions and the
//! ranges of the enclosing loops: [`Chains::find`]), the lemma applied `m`
//! times says that two indices are equal iff their digits `(q1, …, qm,
//! Pm)` are, and the query asserts the equality of the digits instead of
//! the indices ([`crate::smt::encode`]).  The index itself is still
//! defined (witnesses read it).  Nothing is assumed that was not proved:
//! an obligation Z3 cannot prove (or a timeout) leaves the stride out of
//! the chain, and a dimension with no chain is encoded as before.
//!
//! Digits are linear where the strides were the only non-linear factors:
//! for the grid-stride loop above the chain `blockDim.x·gridDim.x,
//! blockDim.x` gives the digits `(k, blockIdx.x, threadIdx.x)`.

use crate::numbered::{C, U};
use semantics::expr::{BExp, NExp, NOp, Nat, ROp, Var};
use std::collections::{BTreeMap, BTreeSet};

/// A loop variable and its range `lo ≤ x < hi`.
pub(super) type Range = (Var, NExp, NExp);

/// A product of atoms (sorted, with repetition); empty: the constant 1.
type Mono = Vec<NExp>;

/// A polynomial with natural coefficients over atoms (no zero coefficient).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Poly(BTreeMap<Mono, Nat>);

impl Poly {
    fn constant(c: Nat) -> Poly {
        let mut p = Poly::default();
        if c != Nat::from(0u32) {
            p.0.insert(Vec::new(), c);
        }
        p
    }

    fn atom(e: NExp) -> Poly {
        Poly(BTreeMap::from([(vec![e], Nat::from(1u32))]))
    }

    fn add(mut self, o: Poly) -> Poly {
        for (m, c) in o.0 {
            *self.0.entry(m).or_insert_with(|| Nat::from(0u32)) += c;
        }
        self
    }

    /// `self − o` when every term of `o` is a term of `self` with a
    /// coefficient at most as large (no monus needed).
    fn minus(&self, o: &Poly) -> Option<Poly> {
        let mut out = self.clone();
        for (m, c) in &o.0 {
            let have = out.0.get_mut(m)?;
            if *have < *c {
                return None;
            }
            *have -= c;
            if *have == Nat::from(0u32) {
                out.0.remove(m);
            }
        }
        Some(out)
    }

    fn mul(&self, o: &Poly) -> Poly {
        let mut out = Poly::default();
        for (m, c) in &self.0 {
            for (n, d) in &o.0 {
                let mut mono: Mono = m.iter().chain(n).cloned().collect();
                mono.sort();
                out = out.add(Poly(BTreeMap::from([(mono, c * d)])));
            }
        }
        out
    }

    /// The polynomial of `e`, with the fixed parameters as their values.
    fn of(e: &NExp, fixed: &BTreeMap<Var, Nat>) -> Poly {
        match e {
            NExp::Num(v) => Poly::constant(v.clone()),
            NExp::Var(x) => match fixed.get(x) {
                Some(v) => Poly::constant(v.clone()),
                None => Poly::atom(e.clone()),
            },
            NExp::Bin(NOp::Add, a, b) => Poly::of(a, fixed).add(Poly::of(b, fixed)),
            NExp::Bin(NOp::Mul, a, b) => Poly::of(a, fixed).mul(&Poly::of(b, fixed)),
            // `a ∸ 0` (the negative part of a signed parameter fixed to 0
            // by `crate::domains::sign_splits_for`) is `a`.
            NExp::Bin(NOp::Sub, a, b) if Poly::of(b, fixed).0.is_empty() => Poly::of(a, fixed),
            // Monus, division and remainder are atoms: natural numbers
            // whose value the split never needs to know.
            NExp::Bin(..) => Poly::atom(e.clone()),
        }
    }

    /// `self` as an expression (`0` when empty).
    fn to_nexp(&self) -> NExp {
        let term = |(m, c): (&Mono, &Nat)| {
            let unit = *c == Nat::from(1u32);
            let mut factors = m.iter().cloned();
            let first = match (unit, factors.next()) {
                (true, Some(a)) => a,
                (_, a) => {
                    let c = NExp::Num(c.clone());
                    match a {
                        Some(a) => NExp::mul(c, a),
                        None => c,
                    }
                }
            };
            factors.fold(first, NExp::mul)
        };
        let mut terms = self.0.iter().map(term);
        let first = terms.next().unwrap_or(NExp::Num(Nat::from(0u32)));
        terms.fold(first, NExp::add)
    }

    /// `(q, r)` with `self = q·s + r`: `q` gathers the terms that `s`
    /// divides (as monomials, with a multiple of its constant), `r` the rest.
    fn divide(&self, s: &Stride) -> (Poly, Poly) {
        let (mut q, mut r) = (Poly::default(), Poly::default());
        for (m, c) in &self.0 {
            match (
                remove_factors(m, &s.factors),
                c % &s.coef == Nat::from(0u32),
            ) {
                (Some(rest), true) => {
                    q.0.insert(rest, c / &s.coef);
                }
                _ => {
                    r.0.insert(m.clone(), c.clone());
                }
            }
        }
        (q, r)
    }
}

/// `m` without one occurrence of each of `factors`; `None` when some
/// factor is missing.
fn remove_factors(m: &Mono, factors: &Mono) -> Option<Mono> {
    let mut rest = m.clone();
    for f in factors {
        let at = rest.iter().position(|x| x == f)?;
        rest.remove(at);
    }
    Some(rest)
}

/// A stride: a constant times a product of shared atoms.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Stride {
    factors: Mono,
    coef: Nat,
}

impl Stride {
    fn to_nexp(&self) -> NExp {
        Poly(BTreeMap::from([(self.factors.clone(), self.coef.clone())])).to_nexp()
    }

    /// `self / d` when `d` divides `self` (factors and constant).
    fn quotient(&self, d: &Stride) -> Option<Stride> {
        let factors = remove_factors(&self.factors, &d.factors)?;
        let zero = Nat::from(0u32);
        (d.coef != zero && &self.coef % &d.coef == zero).then(|| Stride {
            factors,
            coef: &self.coef / &d.coef,
        })
    }

    fn is_one(&self) -> bool {
        self.factors.is_empty() && self.coef == Nat::from(1u32)
    }
}

/// One access as the chain search sees it: its index in one dimension and
/// the ranges of the variables it is under (the closure's `var`
/// variables, then its unsynchronized loops, outermost first).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Site {
    pub index: NExp,
    pub ranges: Vec<(Var, NExp, NExp)>,
    /// The conditions the access is under (of the closure's `if`s, or
    /// their negations): it is performed only where they hold.
    pub conds: Vec<BExp>,
}

/// Per closure and index dimension, the chain of strides the query
/// splits indices by (empty: the dimension is compared as a whole).  Two
/// threads race only within one closure, so each closure has its own
/// chains (the phases of a bitonic sort have different strides).  Valid
/// for the closures they were found for ([`Chains::find`]).
#[derive(Clone, Debug, Default)]
pub struct Chains {
    closures: Vec<Vec<Chain>>,
    fixed: BTreeMap<Var, Nat>,
}

/// How one dimension of one closure is split.
#[derive(Clone, Debug, Default)]
struct Chain {
    /// The shared summand every index of the dimension has (an offset
    /// such as `index_base`): taken off before splitting, which keeps
    /// equality (both sides lose the same number).
    offset: Poly,
    strides: Vec<Stride>,
    /// Per stride: may it be 0?  Then its quotient is compared only where
    /// it is not (see [`Digit`]).
    may_be_zero: Vec<bool>,
}

/// One digit of an index ([`Chains::digits`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Digit {
    pub value: NExp,
    /// `Some(S)` for the quotient by a stride `S` that may be 0: the digit
    /// is then `0` where `S = 0` (for both threads, as `S` is shared).
    /// With `S = 0` the term `q·S` vanishes and the index is the rest, so
    /// comparing `q` there would hide races; with `S ≥ 1` the lemma holds.
    pub unless_zero: Option<NExp>,
}

/// Accesses per dimension of a closure beyond which no chain is searched
/// (each costs Z3 calls per candidate stride).
const MAX_SITES: usize = 64;
/// Candidate strides tried per dimension.
const MAX_CANDIDATES: usize = 6;

impl Chains {
    /// The chain of dimension `d` in closure `c` (empty when none).
    pub fn of(&self, c: usize, d: usize) -> &[Stride] {
        self.closures
            .get(c)
            .and_then(|dims| dims.get(d))
            .map_or(&[], |c| c.strides.as_slice())
    }

    /// The most digits of dimension `d` over the closures (0: no closure
    /// splits it).
    pub fn width(&self, d: usize) -> usize {
        self.closures
            .iter()
            .map(|dims| {
                let n = dims.get(d).map_or(0, |c| c.strides.len());
                if n == 0 {
                    0
                } else {
                    n + 1
                }
            })
            .max()
            .unwrap_or(0)
    }

    /// Is some dimension of some closure split?
    pub fn any(&self) -> bool {
        self.closures
            .iter()
            .flatten()
            .any(|c| !c.strides.is_empty())
    }

    /// The chains of closure `c` alone, as the only closure (for a query
    /// about that closure).
    pub fn only(&self, c: usize) -> Chains {
        Chains {
            closures: self.closures.get(c).cloned().into_iter().collect(),
            fixed: self.fixed.clone(),
        }
    }

    /// The digits of `index` in dimension `d` of closure `c`: `(q1, …,
    /// qm, Pm)`.
    ///
    /// An index without the dimension's offset (never expected: the
    /// offset is common to the closure's accesses) has no digits: its
    /// digits are then unconstrained, which can only add races.
    pub fn digits(&self, c: usize, d: usize, index: &NExp) -> Vec<Digit> {
        let Some(chain) = self.closures.get(c).and_then(|dims| dims.get(d)) else {
            return Vec::new();
        };
        let Some(mut rest) = Poly::of(index, &self.fixed).minus(&chain.offset) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (s, &zero) in chain.strides.iter().zip(&chain.may_be_zero) {
            let (q, r) = rest.divide(s);
            out.push(Digit {
                value: q.to_nexp(),
                unless_zero: zero.then(|| s.to_nexp()),
            });
            rest = r;
        }
        out.push(Digit {
            value: rest.to_nexp(),
            unless_zero: None,
        });
        out
    }

    /// Finds a chain per closure and dimension for the accesses `sites`
    /// (per closure, per dimension; see the module comment).  `shared`
    /// tells the variables both threads share; `holds(ranges, goal)` must
    /// answer `true` only when `goal` holds for every thread wherever the
    /// ranges hold.
    pub fn find(
        sites: &[Vec<Vec<Site>>],
        fixed: &BTreeMap<Var, Nat>,
        shared: &dyn Fn(&Var) -> bool,
        holds: &mut dyn FnMut(&[Range], &BExp) -> bool,
    ) -> Chains {
        let closures = sites
            .iter()
            .map(|dims| {
                dims.iter()
                    .map(|ss| chain_of(ss, fixed, shared, holds))
                    .collect()
            })
            .collect();
        Chains {
            closures,
            fixed: fixed.clone(),
        }
    }
}

/// The chain of one dimension: candidate strides, largest first, each
/// kept when every access's remainder after it is provably below it.
fn chain_of(
    sites: &[Site],
    fixed: &BTreeMap<Var, Nat>,
    shared: &dyn Fn(&Var) -> bool,
    holds: &mut dyn FnMut(&[Range], &BExp) -> bool,
) -> Chain {
    if sites.is_empty() || sites.len() > MAX_SITES {
        return Chain::default();
    }
    let polys: Vec<Poly> = sites.iter().map(|s| Poly::of(&s.index, fixed)).collect();
    if !worth_splitting(&polys, shared) {
        return Chain::default();
    }
    let facts: Vec<Vec<BExp>> = sites
        .iter()
        .map(|s| range_facts(&s.ranges, fixed))
        .collect();
    // The same with the access's conditions (`if (x < width)` bounds the
    // remainder of `y * width + x`); tried second, as a condition may
    // mention what an obligation cannot (a thread's unknowns).
    let guarded: Vec<Vec<BExp>> = sites
        .iter()
        .zip(&facts)
        .map(|(s, f)| f.iter().chain(&s.conds).cloned().collect())
        .collect();
    let offset = common_offset(&polys, shared);
    // (Every index has the offset; were one without, its digits would be
    // left unconstrained: see `Chains::digits`.)
    let mut rests: Vec<Poly> = polys
        .iter()
        .map(|p| p.minus(&offset).unwrap_or_else(|| p.clone()))
        .collect();
    let mut chain = Vec::new();
    let mut may_be_zero = Vec::new();
    let mut left = candidates(&rests, shared);
    // A stride may become provable once a smaller one has split off the
    // digits it could not bound (the two nested grid-stride loops of
    // `a[j * n + i]`), so the candidates left are tried again until none
    // is added.
    loop {
        let mut added = false;
        left.retain(|s| {
            let split: Vec<(Poly, Poly)> = rests.iter().map(|p| p.divide(s)).collect();
            let bounded = |zero_too: bool, holds: &mut dyn FnMut(&[Range], &BExp) -> bool| {
                sites
                    .iter()
                    .zip(&split)
                    .zip(facts.iter().zip(&guarded))
                    .all(|((site, (_, r)), (f, g))| {
                        let mut below = |facts: &[BExp]| match zero_too {
                            false => below(r, s, (&site.ranges, facts), holds, 0),
                            true => below_or_zero(r, s, (&site.ranges, facts), holds),
                        };
                        below(f) || (g.len() > f.len() && below(g))
                    })
            };
            let strict = bounded(false, holds);
            let zero = !strict && !s.factors.is_empty() && bounded(true, holds);
            let proved = strict || zero;
            if proved {
                rests = split.into_iter().map(|(_, r)| r).collect();
                chain.push(s.clone());
                may_be_zero.push(zero);
                added = true;
            }
            !proved
        });
        if !added {
            return Chain {
                offset,
                strides: chain,
                may_be_zero,
            };
        }
    }
}

/// The largest shared polynomial that is a summand of every index.
fn common_offset(polys: &[Poly], shared: &dyn Fn(&Var) -> bool) -> Poly {
    let Some((first, others)) = polys.split_first() else {
        return Poly::default();
    };
    let mut out = Poly::default();
    for (m, c) in &first.0 {
        if !m.iter().all(|a| is_shared(a, shared)) {
            continue;
        }
        let least = others
            .iter()
            .try_fold(c.clone(), |least, p| Some(least.min(p.0.get(m)?.clone())));
        if let Some(c) = least {
            out.0.insert(m.clone(), c);
        }
    }
    out
}

/// What the range of a grid-stride loop says about its variable.  The
/// front end gives `for (i = m; i < n; i += s)` the iteration range `0 ≤ k
/// < (n + s ∸ (m + 1)) / s` (`cuda::infer::loops`).  For `s ≥ 1` that is
/// `k·s + m < n`: if `n + s ≥ m + 1`, `k < (n + s − m − 1) / s` iff `(k +
/// 1)·s ≤ n + s − m − 1` iff `k·s + m < n`; otherwise the range is empty
/// (and `k·s + m < n` fails too).  For `s = 0` the range is empty (`x / 0
/// = 0`).  These facts hold wherever the ranges do, so a goal may assume
/// them; unlike the division, they are linear in the products `k·s`.
fn range_facts(ranges: &[(Var, NExp, NExp)], fixed: &BTreeMap<Var, Nat>) -> Vec<BExp> {
    ranges
        .iter()
        .filter_map(|(x, _, hi)| {
            let NExp::Bin(NOp::Div, top, s) = hi else {
                return None;
            };
            let NExp::Bin(NOp::Sub, plus, minus) = top.as_ref() else {
                return None;
            };
            let s = Poly::of(s, fixed);
            let n = Poly::of(plus, fixed).minus(&s)?;
            let m = Poly::of(minus, fixed).minus(&Poly::constant(Nat::from(1u32)))?;
            let ks = Poly::atom(NExp::Var(x.clone())).mul(&s);
            Some(BExp::Rel(ROp::Lt, ks.add(m).to_nexp(), n.to_nexp()))
        })
        .collect()
}

/// Does `r < s` hold wherever `ranges` do?  Z3's non-linear core does not
/// prove even `b·D + t < D·G` from `b < G` and `t < D` (libz3 4.8.12), so
/// a bound on a mixed-radix number is proved digit by digit: when a proper
/// divisor `s'` of `s` divides terms of `r`, write `r = q·s' + r'`; then
/// `r' < s'` and `q < s / s'` give `r ≤ (s/s' − 1)·s' + s' − 1 < s`.  The
/// remaining goals go to Z3 when they are linear (no product of two
/// atoms; a non-linear one would only spend its time limit).
fn below(
    r: &Poly,
    s: &Stride,
    (ranges, facts): (&[(Var, NExp, NExp)], &[BExp]),
    holds: &mut dyn FnMut(&[Range], &BExp) -> bool,
    depth: usize,
) -> bool {
    if r.0.is_empty() {
        // 0 < s: every factor is at least 1.
        return s.coef > Nat::from(0u32)
            && s.factors.iter().all(|f| {
                let goal = BExp::Rel(ROp::Le, NExp::Num(Nat::from(1u32)), f.clone());
                holds(ranges, &goal)
            });
    }
    if depth < MAX_DEPTH {
        for d in divisors(r, s) {
            let (q, rest) = r.divide(&d);
            let Some(co) = s.quotient(&d) else { continue };
            let ctx = (ranges, facts);
            if below(&rest, &d, ctx, holds, depth + 1) && below(&q, &co, ctx, holds, depth + 1) {
                return true;
            }
        }
    }
    let linear = r.0.keys().all(|m| m.len() <= 1) && s.factors.len() <= 1;
    if !linear && facts.is_empty() {
        return false;
    }
    let goal = facts
        .iter()
        .fold(BExp::Rel(ROp::Lt, r.to_nexp(), s.to_nexp()), |goal, f| {
            BExp::or(BExp::not(f.clone()), goal)
        });
    holds(ranges, &goal)
}

/// Does `s = 0 ∨ r < s` hold wherever `ranges` do?  (A stride of the
/// over-approximated loops — `(size - 1) / 4` for every `size`, not only
/// the powers of two — may be 0 where the real one never is.)
fn below_or_zero(
    r: &Poly,
    s: &Stride,
    (ranges, facts): (&[(Var, NExp, NExp)], &[BExp]),
    holds: &mut dyn FnMut(&[Range], &BExp) -> bool,
) -> bool {
    let zero = BExp::Rel(ROp::Eq, s.to_nexp(), NExp::Num(Nat::from(0u32)));
    let below = BExp::Rel(ROp::Lt, r.to_nexp(), s.to_nexp());
    let goal = facts.iter().fold(BExp::or(zero, below), |goal, f| {
        BExp::or(BExp::not(f.clone()), goal)
    });
    holds(ranges, &goal)
}

/// Nesting of [`below`]'s digit-by-digit proofs.
const MAX_DEPTH: usize = 4;

/// The proper divisors of `s` (neither 1 nor `s`) that divide a term of
/// `r`, largest first: per term, its factors in common with `s` and the
/// greatest common divisor of the constants.
fn divisors(r: &Poly, s: &Stride) -> Vec<Stride> {
    let mut out: BTreeSet<Stride> = BTreeSet::new();
    for (m, c) in &r.0 {
        let mut common = Vec::new();
        let mut pool = s.factors.clone();
        for f in m {
            if let Some(at) = pool.iter().position(|x| x == f) {
                common.push(pool.remove(at));
            }
        }
        let d = Stride {
            factors: common,
            coef: gcd(c.clone(), s.coef.clone()),
        };
        if !d.is_one() && d != *s {
            out.insert(d);
        }
    }
    let mut out: Vec<Stride> = out.into_iter().collect();
    out.sort_by(|a, b| (b.factors.len(), &b.coef).cmp(&(a.factors.len(), &a.coef)));
    out.truncate(3);
    out
}

fn gcd(mut a: Nat, mut b: Nat) -> Nat {
    while b != Nat::from(0u32) {
        let r = &a % &b;
        a = b;
        b = r;
    }
    a
}

/// Is a term's atom made only of shared variables?
fn is_shared(e: &NExp, shared: &dyn Fn(&Var) -> bool) -> bool {
    e.fv().iter().all(shared)
}

/// The stride of a term: its constant times its shared atoms; `None` when
/// the term has no thread-specific atom (an offset both threads share).
fn stride_of(m: &Mono, c: &Nat, shared: &dyn Fn(&Var) -> bool) -> Option<Stride> {
    let factors: Mono = m.iter().filter(|a| is_shared(a, shared)).cloned().collect();
    (factors.len() < m.len()).then(|| Stride {
        factors,
        coef: c.clone(),
    })
}

/// Splitting pays off (and its Z3 calls are spent) only where some index
/// has two terms of different strides — a mixed-radix number — or a
/// non-linear term; a single `c·x + offset` is easy for Z3 as it is.
fn worth_splitting(polys: &[Poly], shared: &dyn Fn(&Var) -> bool) -> bool {
    polys.iter().any(|p| {
        let strides: BTreeSet<Stride> =
            p.0.iter()
                .filter_map(|(m, c)| stride_of(m, c, shared))
                .collect();
        let nonlinear = p.0.keys().any(|m| m.len() > 1);
        strides.len() > 1 || (nonlinear && strides.iter().any(|s| !s.is_one()))
    })
}

/// The strides of the thread-specific terms, largest first: more shared
/// factors first, then the larger constant (a stride is tried before
/// those it may be a multiple of).
fn candidates(polys: &[Poly], shared: &dyn Fn(&Var) -> bool) -> Vec<Stride> {
    let mut all: Vec<Stride> = polys
        .iter()
        .flat_map(|p| p.0.iter().filter_map(|(m, c)| stride_of(m, c, shared)))
        .filter(|s| !s.is_one())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    all.sort_by(|a, b| {
        (b.factors.len(), &b.coef)
            .cmp(&(a.factors.len(), &a.coef))
            .then_with(|| a.cmp(b))
    });
    all.truncate(MAX_CANDIDATES);
    all
}

/// Could some dimension of some closure be split (so that proving is
/// worth a Z3 context)?
pub(super) fn may_split(closures: &[C], params: &[Var], fixed: &BTreeMap<Var, Nat>) -> bool {
    let shared = shared_vars(closures, params);
    // The distinct indices only: building every site (with its ranges and
    // conditions) costs time quadratic in the nesting, for the common
    // answer `false`.  (There are at least as many sites as indices, so
    // a dimension with more than MAX_SITES indices is never split.)
    closures.iter().flat_map(indices_of).any(|indices| {
        let polys: Vec<Poly> = indices.iter().map(|i| Poly::of(i, fixed)).collect();
        indices.len() <= MAX_SITES && worth_splitting(&polys, &|x| shared.contains(x))
    })
}

/// Per index dimension, the distinct indices of the accesses of `c`.
fn indices_of(c: &C) -> Vec<Vec<NExp>> {
    let mut out: Vec<Vec<NExp>> = Vec::new();
    for site in c.innermost().sites() {
        for (d, index) in site.access.index.iter().enumerate() {
            if out.len() <= d {
                out.resize(d + 1, Vec::new());
            }
            if !out[d].contains(index) {
                out[d].push(index.clone());
            }
        }
    }
    out
}

/// The variables both threads share: the parameters `params` and the
/// closures' `var` variables.
pub(super) fn shared_vars(closures: &[C], params: &[Var]) -> BTreeSet<Var> {
    let mut out: BTreeSet<Var> = params.iter().cloned().collect();
    for c in closures {
        out.extend(closure_vars(c));
    }
    out
}

/// The `var` variables of a closure.
fn closure_vars(c: &C) -> Vec<Var> {
    let mut out = Vec::new();
    let mut at = c;
    while let C::Var(x, _, _, inner) = at {
        out.push(x.clone());
        at = inner;
    }
    out
}

/// Per closure and index dimension, every distinct access, with the
/// ranges it is under.
pub(super) fn sites_of(closures: &[C]) -> Vec<Vec<Vec<Site>>> {
    closures
        .iter()
        .map(|c| {
            let mut out = Vec::new();
            let mut ranges = Vec::new();
            let mut at = c;
            while let C::Var(x, n, m, inner) = at {
                ranges.push((x.clone(), n.clone(), m.clone()));
                at = inner;
            }
            collect(at.innermost(), (&mut ranges, &mut Vec::new()), &mut out);
            out
        })
        .collect()
}

fn collect(
    u: &U,
    (ranges, conds): (&mut Vec<(Var, NExp, NExp)>, &mut Vec<BExp>),
    out: &mut Vec<Vec<Site>>,
) {
    match u {
        U::Skip => {}
        U::Acc(site) => {
            for (d, index) in site.access.index.iter().enumerate() {
                if out.len() <= d {
                    out.resize(d + 1, Vec::new());
                }
                // One site per index and ranges, under the conditions
                // common to all its occurrences.
                let same = |s: &&mut Site| s.index == *index && s.ranges == *ranges;
                match out[d].iter_mut().find(same) {
                    Some(s) => s.conds.retain(|c| conds.contains(c)),
                    None => out[d].push(Site {
                        index: index.clone(),
                        ranges: ranges.clone(),
                        conds: conds.clone(),
                    }),
                }
            }
        }
        U::Seq(a, b) => {
            collect(a, (ranges, conds), out);
            collect(b, (ranges, conds), out);
        }
        U::If(c, a, b) => {
            for (branch, cond) in [(a, c.clone()), (b, BExp::not(c.clone()))] {
                conds.push(cond);
                collect(branch, (ranges, conds), out);
                conds.pop();
            }
        }
        U::For(x, n, m, body) => {
            ranges.push((x.clone(), n.clone(), m.clone()));
            collect(body, (ranges, conds), out);
            ranges.pop();
        }
    }
}

#[cfg(test)]
mod tests;
