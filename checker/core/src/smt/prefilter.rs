//! Access pairs that provably cannot meet, found before the solver sees
//! them (see [`crate::smt`], "Pre-filter").
//!
//! Each access index is abstracted, per dimension, by an [`Abs`]: an
//! interval whose ends are polynomials with integer coefficients over the
//! variables both threads share (parameters and the closure's `var`
//! variables), and a congruence `value ≡ r (mod g)`.  The thread's own
//! variables (identifiers, thread-locals, unsynchronized loop variables)
//! are replaced by their ranges.  Two accesses cannot meet when, in some
//! dimension, one interval ends below the other's start for *every* value
//! of the shared variables (every variable is a natural number, so a
//! polynomial whose coefficients are all `≥ 0` and whose constant is
//! `≥ 1` is positive), or when their congruences are incompatible.  Pairs
//! whose modes do not conflict or whose dimensions differ cannot race
//! either.
//!
//! Every rule below over-approximates the set of values an expression can
//! take in a model of the query (the ℕ operators are the total ones of
//! `docs/proto-format.md`, "Numbers"), so a pair the filter drops has no model: the
//! filter is a proof, never a guess.  Anything it cannot bound (a product
//! of two unknown ranges, a polynomial too large, an overflow) becomes
//! "any natural number", which only keeps pairs.  It applies to the ℕ
//! model only: with 32-bit wrap-around no interval argument holds.

use semantics::expr::{NExp, NOp, Nat, Var};
use semantics::Mode;
use std::collections::{BTreeMap, HashMap};

/// A monomial: sorted variable ids (with repetition); empty = the constant.
type Mono = Vec<u32>;

/// Polynomials larger than this (terms, degree) are given up (unbounded).
const MAX_TERMS: usize = 24;
const MAX_DEGREE: usize = 4;

/// A polynomial over natural-number variables: sorted monomials, no zero
/// coefficient.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Poly(Vec<(Mono, i128)>);

impl Poly {
    fn constant(c: i128) -> Poly {
        if c == 0 {
            Poly(Vec::new())
        } else {
            Poly(vec![(Vec::new(), c)])
        }
    }

    fn var(id: u32) -> Poly {
        Poly(vec![(vec![id], 1)])
    }

    fn as_const(&self) -> Option<i128> {
        match self.0.as_slice() {
            [] => Some(0),
            [(m, c)] if m.is_empty() => Some(*c),
            _ => None,
        }
    }

    /// Every coefficient (and the constant) is `≥ 0`: the value is `≥ 0`.
    fn nonneg(&self) -> bool {
        self.0.iter().all(|(_, c)| *c >= 0)
    }

    fn normalized(mut terms: Vec<(Mono, i128)>) -> Option<Poly> {
        terms.sort_by(|a, b| a.0.cmp(&b.0));
        let mut out: Vec<(Mono, i128)> = Vec::with_capacity(terms.len());
        for (m, c) in terms {
            match out.last_mut() {
                Some((last, d)) if *last == m => *d = d.checked_add(c)?,
                _ => out.push((m, c)),
            }
        }
        out.retain(|(_, c)| *c != 0);
        (out.len() <= MAX_TERMS).then_some(Poly(out))
    }

    fn add(&self, o: &Poly) -> Option<Poly> {
        Poly::normalized(self.0.iter().chain(&o.0).cloned().collect())
    }

    fn scale(&self, k: i128) -> Option<Poly> {
        let terms = self
            .0
            .iter()
            .map(|(m, c)| Some((m.clone(), c.checked_mul(k)?)))
            .collect::<Option<Vec<_>>>()?;
        Poly::normalized(terms)
    }

    fn sub(&self, o: &Poly) -> Option<Poly> {
        self.add(&o.scale(-1)?)
    }

    fn mul(&self, o: &Poly) -> Option<Poly> {
        let mut terms = Vec::with_capacity(self.0.len() * o.0.len());
        for (m, c) in &self.0 {
            for (n, d) in &o.0 {
                let mut mono: Mono = m.iter().chain(n).copied().collect();
                if mono.len() > MAX_DEGREE {
                    return None;
                }
                mono.sort_unstable();
                terms.push((mono, c.checked_mul(*d)?));
            }
        }
        Poly::normalized(terms)
    }

    /// `⌊p / k⌋` as a polynomial, when every non-constant coefficient is a
    /// multiple of `k > 0` (then `⌊p / k⌋ = Σ (c/k)·m + ⌊c₀ / k⌋`).
    fn div_floor(&self, k: i128) -> Option<Poly> {
        let terms = self
            .0
            .iter()
            .map(|(m, c)| {
                if m.is_empty() {
                    Some((m.clone(), c.div_euclid(k)))
                } else {
                    (c % k == 0).then(|| (m.clone(), c / k))
                }
            })
            .collect::<Option<Vec<_>>>()?;
        Poly::normalized(terms)
    }
}

/// `lo − hi ≥ 1` for all natural values of the variables: every
/// coefficient of `lo − hi` is `≥ 0` and its constant `≥ 1`.
fn exceeds(lo: &Poly, hi: &Poly) -> bool {
    let (a, b) = (&lo.0, &hi.0);
    let (mut i, mut j) = (0, 0);
    let mut constant: i128 = 0;
    while i < a.len() || j < b.len() {
        let order = match (a.get(i), b.get(j)) {
            (Some((m, _)), Some((n, _))) => m.cmp(n),
            (Some(_), None) => std::cmp::Ordering::Less,
            _ => std::cmp::Ordering::Greater,
        };
        let (mono, coeff) = match order {
            std::cmp::Ordering::Less => {
                i += 1;
                (&a[i - 1].0, a[i - 1].1)
            }
            std::cmp::Ordering::Greater => {
                j += 1;
                (&b[j - 1].0, -b[j - 1].1)
            }
            std::cmp::Ordering::Equal => {
                i += 1;
                j += 1;
                (&a[i - 1].0, a[i - 1].1 - b[j - 1].1)
            }
        };
        if mono.is_empty() {
            constant = coeff;
        } else if coeff < 0 {
            return false;
        }
    }
    constant >= 1
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// What is known of the values of an expression in any model: `lo ≤ v`,
/// `v ≤ hi` (no upper bound: `None`), and `v ≡ residue (mod modulus)`
/// (`modulus` 0: `v = residue`; 1: nothing known).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Abs {
    lo: Poly,
    hi: Option<Poly>,
    modulus: i128,
    residue: i128,
}

impl Abs {
    /// Any natural number.
    pub(super) fn any() -> Abs {
        Abs {
            lo: Poly::constant(0),
            hi: None,
            modulus: 1,
            residue: 0,
        }
    }

    fn exact(p: Poly) -> Abs {
        let (modulus, residue) = match p.as_const() {
            Some(c) => (0, c),
            None => (1, 0),
        };
        Abs {
            lo: p.clone(),
            hi: Some(p),
            modulus,
            residue,
        }
    }

    fn constant(c: i128) -> Abs {
        Abs::exact(Poly::constant(c))
    }

    fn as_const(&self) -> Option<i128> {
        (self.modulus == 0).then_some(self.residue)
    }

    /// A value in `lo..hi` (exclusive `hi`), both abstracted.
    pub(super) fn range(lo: &Abs, hi: &Abs) -> Abs {
        let upper = hi.hi.as_ref().and_then(|h| h.add(&Poly::constant(-1)));
        Abs {
            lo: lo.lo.clone(),
            hi: upper,
            modulus: 1,
            residue: 0,
        }
    }

    /// Congruence `(modulus, residue)` normalized.
    fn with_congruence(mut self, modulus: Option<i128>, residue: Option<i128>) -> Abs {
        match (modulus, residue) {
            (Some(0), Some(r)) => {
                self.modulus = 0;
                self.residue = r;
            }
            (Some(g), Some(r)) if g > 0 => {
                self.modulus = g;
                self.residue = r.rem_euclid(g);
            }
            _ => {
                self.modulus = 1;
                self.residue = 0;
            }
        }
        self
    }

    fn add(&self, o: &Abs) -> Abs {
        let lo = self.lo.add(&o.lo).unwrap_or_else(|| Poly::constant(0));
        let hi = match (&self.hi, &o.hi) {
            (Some(a), Some(b)) => a.add(b),
            _ => None,
        };
        let g = gcd(self.modulus, o.modulus);
        Abs {
            lo,
            hi,
            modulus: 1,
            residue: 0,
        }
        .with_congruence(Some(g), self.residue.checked_add(o.residue))
    }

    fn mul(&self, o: &Abs) -> Abs {
        let (lo, hi) = if let Some(k) = self.as_const() {
            scaled(o, k)
        } else if let Some(k) = o.as_const() {
            scaled(self, k)
        } else {
            // Both factors are natural numbers: lo·lo' ≤ v·v' when both lower
            // bounds are non-negative, and v·v' ≤ hi·hi'.
            let lo = if self.lo.nonneg() && o.lo.nonneg() {
                self.lo.mul(&o.lo)
            } else {
                None
            };
            let hi = match (&self.hi, &o.hi) {
                (Some(a), Some(b)) => a.mul(b),
                _ => None,
            };
            (lo.unwrap_or_else(|| Poly::constant(0)), hi)
        };
        // (g·x + r)(g'·y + r') = gg'xy + gr'x + g'ry + rr'.
        let (g, r, g2, r2) = (self.modulus, self.residue, o.modulus, o.residue);
        let modulus = (|| {
            Some(gcd(
                gcd(g.checked_mul(g2)?, g.checked_mul(r2)?),
                g2.checked_mul(r)?,
            ))
        })();
        Abs {
            lo,
            hi,
            modulus: 1,
            residue: 0,
        }
        .with_congruence(modulus, r.checked_mul(r2))
    }

    /// Monus `a - b` (0 when `b > a`).
    fn monus(&self, o: &Abs) -> Abs {
        let lo =
            o.hi.as_ref()
                .and_then(|h| self.lo.sub(h))
                .filter(Poly::nonneg)
                .unwrap_or_else(|| Poly::constant(0));
        if let (Some(a), Some(b)) = (self.as_const(), o.as_const()) {
            return Abs::constant((a - b).max(0));
        }
        Abs {
            lo,
            hi: self.hi.clone(),
            modulus: 1,
            residue: 0,
        }
    }

    /// `a / b` (0 when `b = 0`).
    fn div(&self, o: &Abs) -> Abs {
        match o.as_const() {
            Some(k) if k > 0 => {
                if let Some(a) = self.as_const() {
                    return Abs::constant(a.div_euclid(k));
                }
                let lo = self
                    .lo
                    .div_floor(k)
                    .filter(Poly::nonneg)
                    .unwrap_or_else(|| Poly::constant(0));
                let hi = self.hi.as_ref().and_then(|h| h.div_floor(k));
                Abs {
                    lo,
                    hi,
                    modulus: 1,
                    residue: 0,
                }
            }
            Some(_) => Abs::constant(0),
            // a / b ≤ a for b ≥ 1, and a / 0 = 0 ≤ a.
            None => Abs {
                lo: Poly::constant(0),
                hi: self.hi.clone(),
                modulus: 1,
                residue: 0,
            },
        }
    }

    /// `a % b` (`a` when `b = 0`).
    fn rem(&self, o: &Abs) -> Abs {
        match o.as_const() {
            Some(0) => self.clone(),
            Some(k) => {
                if let Some(a) = self.as_const() {
                    return Abs::constant(a.rem_euclid(k));
                }
                // a % k ≤ min(a, k - 1) and a % k ≡ a (mod k).
                let hi = match self.hi.as_ref().and_then(Poly::as_const) {
                    Some(h) if h < k - 1 => h,
                    _ => k - 1,
                };
                let g = gcd(self.modulus, k);
                Abs {
                    lo: Poly::constant(0),
                    hi: Some(Poly::constant(hi)),
                    modulus: 1,
                    residue: 0,
                }
                .with_congruence(Some(g), Some(self.residue))
            }
            // a % b ≤ a, whatever b.
            None => Abs {
                lo: Poly::constant(0),
                hi: self.hi.clone(),
                modulus: 1,
                residue: 0,
            },
        }
    }

    /// Can two values abstracted by `self` and `o` be equal?
    fn may_equal(&self, o: &Abs) -> bool {
        if matches!(&self.hi, Some(h) if exceeds(&o.lo, h)) {
            return false;
        }
        if matches!(&o.hi, Some(h) if exceeds(&self.lo, h)) {
            return false;
        }
        let g = gcd(self.modulus, o.modulus);
        match self.residue.checked_sub(o.residue) {
            Some(d) if g == 0 => d == 0,
            Some(d) => d % g == 0,
            None => true,
        }
    }
}

/// `k·a` for a constant `k ≥ 0` (interval ends).
fn scaled(a: &Abs, k: i128) -> (Poly, Option<Poly>) {
    let lo = a.lo.scale(k).unwrap_or_else(|| Poly::constant(0));
    let hi = a.hi.as_ref().and_then(|h| h.scale(k));
    (lo, hi)
}

/// Source variable → what is known of its value.
pub(super) type AbsEnv = BTreeMap<Var, Abs>;

/// Interns the shared variables (parameters, `var` variables) by SMT name.
#[derive(Default)]
pub(super) struct Symbols(HashMap<String, u32>);

impl Symbols {
    /// A shared variable, known by its SMT name.
    pub(super) fn symbol(&mut self, smt_name: &str) -> Abs {
        let n = self.0.len() as u32;
        let id = *self.0.entry(smt_name.to_string()).or_insert(n);
        Abs::exact(Poly::var(id))
    }

    /// The abstraction of `n`; a free variable not in `env` is the
    /// parameter `p.x` (as in the SMT translation).
    pub(super) fn abs(&mut self, n: &NExp, env: &AbsEnv) -> Abs {
        match n {
            NExp::Var(x) => match env.get(x) {
                Some(a) => a.clone(),
                None => self.symbol(&super::script::sym(&format!("p.{x}"))),
            },
            NExp::Num(v) => nat_const(v).map(Abs::constant).unwrap_or_else(Abs::any),
            NExp::Bin(op, a, b) => {
                let (a, b) = (self.abs(a, env), self.abs(b, env));
                match op {
                    NOp::Add => a.add(&b),
                    NOp::Sub => a.monus(&b),
                    NOp::Mul => a.mul(&b),
                    NOp::Div => a.div(&b),
                    NOp::Mod => a.rem(&b),
                }
            }
        }
    }
}

/// A fixed value as an abstraction (`Abs::any` when it does not fit).
pub(super) fn fixed(v: &Nat) -> Abs {
    nat_const(v).map(Abs::constant).unwrap_or_else(Abs::any)
}

fn nat_const(v: &Nat) -> Option<i128> {
    let v: u64 = v.try_into().ok()?;
    Some(i128::from(v))
}

/// One access of a thread's disjunction, as the filter sees it.
pub(super) struct Item {
    pub(super) mode: Mode,
    pub(super) index: Vec<Abs>,
}

/// Can thread 1's access `a` and thread 2's access `b` race?  `false` is
/// a proof that they cannot (modes, dimensions or indices).
pub(super) fn may_race(a: &Item, b: &Item) -> bool {
    let conflict = a.mode == Mode::Wr || (a.mode == Mode::Atomic && b.mode == Mode::Rd);
    conflict
        && a.index.len() == b.index.len()
        && a.index.iter().zip(&b.index).all(|(x, y)| x.may_equal(y))
}

/// Pairs looked at by [`groups`] at most; beyond, every access is kept in
/// one group (the query without the filter).
pub const MAX_PAIRS: usize = 16_000_000;

/// Groups of accesses that may race: the connected components of the
/// "may race" graph between thread 1's accesses `first` and thread 2's
/// `second`, as (positions in `first`, positions in `second`), each in
/// program order.  An access that can race with nothing is in no group.
/// A race is a pair that may race, so it lies within one group.
pub(super) fn groups(first: &[&Item], second: &[&Item]) -> Vec<(Vec<usize>, Vec<usize>)> {
    let (n1, n2) = (first.len(), second.len());
    if n1.saturating_mul(n2) > MAX_PAIRS {
        return vec![((0..n1).collect(), (0..n2).collect())];
    }
    let mut parent: Vec<usize> = (0..n1 + n2).collect();
    let mut used = vec![false; n1 + n2];
    // Equal abstractions give equal answers: look at each class once.
    let classes1 = classes(first);
    let classes2 = classes(second);
    let mut races1 = vec![false; classes1.len()];
    let mut races2 = vec![false; classes2.len()];
    for (x, (a, _)) in classes1.iter().enumerate() {
        for (y, (b, _)) in classes2.iter().enumerate() {
            if may_race(first[*a], second[*b]) {
                races1[x] = true;
                races2[y] = true;
                union(&mut parent, *a, n1 + *b);
            }
        }
    }
    // A class that races is used as a whole (equal abstractions).
    let offsets = [(0, &classes1, &races1), (n1, &classes2, &races2)];
    for (offset, classes, races) in offsets {
        for ((rep, members), _) in classes.iter().zip(races.iter()).filter(|(_, r)| **r) {
            for &i in members {
                used[offset + i] = true;
                union(&mut parent, offset + rep, offset + i);
            }
        }
    }
    let mut order: Vec<usize> = Vec::new();
    let mut by_root: HashMap<usize, (Vec<usize>, Vec<usize>)> = HashMap::new();
    let used_nodes: Vec<usize> = (0..n1 + n2).filter(|&node| used[node]).collect();
    for node in used_nodes {
        let root = find(&mut parent, node);
        let entry = by_root.entry(root).or_insert_with(|| {
            order.push(root);
            (Vec::new(), Vec::new())
        });
        if node < n1 {
            entry.0.push(node);
        } else {
            entry.1.push(node - n1);
        }
    }
    order
        .into_iter()
        .filter_map(|r| by_root.remove(&r))
        .collect()
}

/// Items with equal mode and index abstraction: (representative, members).
fn classes(items: &[&Item]) -> Vec<(usize, Vec<usize>)> {
    let mut out: Vec<(usize, Vec<usize>)> = Vec::new();
    let mut seen: HashMap<String, usize> = HashMap::new();
    for (i, it) in items.iter().enumerate() {
        let key = format!("{:?}{:?}", it.mode, it.index);
        match seen.get(&key) {
            Some(&c) => out[c].1.push(i),
            None => {
                seen.insert(key, out.len());
                out.push((i, vec![i]));
            }
        }
    }
    out
}

fn find(parent: &mut [usize], mut x: usize) -> usize {
    while parent[x] != x {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    x
}

fn union(parent: &mut [usize], a: usize, b: usize) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        parent[rb] = ra;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: &str) -> NExp {
        NExp::var(x)
    }
    fn n(k: u64) -> NExp {
        NExp::num(k)
    }

    /// `T` a parameter, `tid < T`, `x` a shared `var` variable, `l` a
    /// thread-local unknown.
    fn env(s: &mut Symbols) -> AbsEnv {
        let mut env = AbsEnv::new();
        let t = s.symbol("|p.T|");
        env.insert("T".into(), t.clone());
        env.insert("tid".into(), Abs::range(&Abs::constant(0), &t));
        env.insert("x".into(), s.symbol("|c0.s0.x|"));
        env.insert("l".into(), Abs::any());
        env
    }

    fn item(mode: Mode, index: &[NExp]) -> Item {
        let mut s = Symbols::default();
        let e = env(&mut s);
        Item {
            mode,
            index: index.iter().map(|i| s.abs(i, &e)).collect(),
        }
    }

    fn race(a: &[NExp], b: &[NExp]) -> bool {
        may_race(&item(Mode::Wr, a), &item(Mode::Rd, b))
    }

    /// One dimension.
    fn race1(a: &NExp, b: &NExp) -> bool {
        race(std::slice::from_ref(a), std::slice::from_ref(b))
    }

    #[test]
    fn disjoint_blocks_of_t_cells_cannot_meet() {
        let at = |k| NExp::add(v("tid"), NExp::mul(n(k), v("T")));
        assert!(!race1(&at(1), &at(3)));
        assert!(!race1(&at(3), &at(1)));
        assert!(race1(&at(3), &at(3)));
        // tid + T·x meets tid + T·x (same `var` value), not tid + T·x + T.
        let tx = NExp::add(v("tid"), NExp::mul(v("T"), v("x")));
        assert!(race1(&tx, &tx));
        assert!(!race1(&tx, &NExp::add(tx.clone(), v("T"))));
    }

    #[test]
    fn congruences_separate_even_and_odd_cells() {
        let even = NExp::mul(n(2), v("tid"));
        let odd = NExp::add(NExp::mul(n(2), v("tid")), n(1));
        assert!(!race1(&even, &odd));
        assert!(race1(&even, &even));
        // (2·tid + 1) % 4 is odd, 2·tid % 4 even.
        let m = |e: NExp| NExp::bin(NOp::Mod, e, n(4));
        assert!(!race1(&m(even.clone()), &m(odd.clone())));
        // (2·tid + 1) % T is anything.
        let mt = NExp::bin(NOp::Mod, odd, v("T"));
        assert!(race1(&even, &mt));
    }

    #[test]
    fn what_cannot_be_bounded_is_kept() {
        let far = NExp::add(v("tid"), NExp::mul(n(100), v("T")));
        // A thread-local may be anything.
        assert!(race1(&v("l"), &far));
        // A product of two thread ranges has no linear lower bound but an
        // upper bound T-1 · T-1 ... which is not below 100·T for all T.
        assert!(race1(&NExp::mul(v("tid"), v("tid")), &far));
        // Monus: tid - 1 ≤ T - 1 < 100·T.
        assert!(!race1(&NExp::sub(v("tid"), n(1)), &far));
        // Division by a parameter: tid / T ≤ tid.
        assert!(!race1(&NExp::bin(NOp::Div, v("tid"), v("T")), &far));
        // tid / 2 and tid / 2 + T/2 … may meet (T odd rounding): kept.
        let half = NExp::bin(NOp::Div, v("tid"), n(2));
        assert!(race1(&half, &half));
    }

    #[test]
    fn modes_and_dimensions_decide_first() {
        let a = item(Mode::Rd, &[n(0)]);
        let w = item(Mode::Wr, &[n(0)]);
        let at = item(Mode::Atomic, &[n(0)]);
        assert!(!may_race(&at, &at));
        assert!(may_race(&at, &a));
        assert!(may_race(&w, &a));
        assert!(!may_race(&w, &item(Mode::Wr, &[n(0), n(0)])));
        assert!(!may_race(&w, &item(Mode::Wr, &[n(1)])));
    }

    #[test]
    fn groups_are_components_and_drop_what_meets_nothing() {
        let at = |k| NExp::add(v("tid"), NExp::mul(n(k), v("T")));
        // thread 1 writes blocks 1, 2; thread 2 reads 3, 1 and writes 1, 2.
        let first = [item(Mode::Wr, &[at(1)]), item(Mode::Wr, &[at(2)])];
        let second = [
            item(Mode::Rd, &[at(3)]),
            item(Mode::Rd, &[at(1)]),
            item(Mode::Wr, &[at(1)]),
            item(Mode::Wr, &[at(2)]),
        ];
        let (r1, r2): (Vec<&Item>, Vec<&Item>) = (first.iter().collect(), second.iter().collect());
        assert_eq!(
            groups(&r1, &r2),
            vec![(vec![0], vec![1, 2]), (vec![1], vec![3])]
        );
    }

    #[test]
    fn polynomials_compare_coefficientwise() {
        let mut s = Symbols::default();
        let t = s.symbol("T");
        let tp = t.lo.clone();
        let two_t = tp.scale(2).unwrap();
        assert!(exceeds(&two_t.add(&Poly::constant(1)).unwrap(), &two_t));
        assert!(!exceeds(&two_t, &two_t));
        assert!(!exceeds(&tp, &Poly::constant(0))); // T may be 0
        assert!(exceeds(
            &tp.add(&Poly::constant(1)).unwrap(),
            &Poly::constant(0)
        ));
        assert!(!exceeds(&Poly::constant(5), &tp));
    }
}
