//! Non-linear side conditions made linear by abstraction (`ARCHITECTURE.md`, "The pipeline"), for
//! [`super::unwrap`].
//!
//! Z3 rarely proves a goal with a remainder or quotient by a variable and
//! often spends its whole time limit trying, so `unwrap` used to ask only
//! linear goals.  But the sorting networks' indices subtract `t % s` (the
//! mask `t & (s - 1)` with a symbolic `s`), and their side conditions
//! (`t % s ≤ 2·t`) need only facts that hold of every remainder.  Here each
//! such term becomes a fresh variable, bound by facts that are true of the
//! term in ℕ (`docs/proto-format.md`, "Numbers": `x / 0 = 0`, `x % 0 = x`):
//!
//! * `x % m` ↦ `r` with `r ≤ x`; `r = x` if `m = 0`, else `r < m`; and
//!   `r = x` if `x < m`;
//! * `x / m` ↦ `q` with `q ≤ x`; `q = 0` if `m = 0`; `q = 0` if `x < m`,
//!   and `q ≥ 1` if `x ≥ m ≥ 1`;
//! * `m · (x / m)` (the multiple of `m` below `x`) ↦ `v` with `v ≤ x`,
//!   `v + r = x`, `r` the variable of `x % m` (Euclid's division, also for
//!   `m = 0`: `0 · 0 + x = x`), and `v ≥ m` if `x ≥ m`.
//!
//! The same term gets the same variable.  Every model of the original goal's
//! negation gives the fresh variables values that satisfy their facts, so
//! the abstract goal is valid only if the original one is: proving it is
//! sound.  (The converse fails — the abstraction forgets — which costs only
//! a rewrite not made.)  Fresh variables are declared like loop variables,
//! `0 ≤ v < x + 1`, after the ranges they may depend on.

use super::encode::QueryContext;
use super::stride::Range;
use semantics::expr::{BExp, NExp, NOp, Nat, ROp, Var};
use std::collections::BTreeMap;

/// `hypotheses → goal` with every remainder, quotient and rounded-down
/// multiple by a non-constant divisor replaced by a fresh variable (see the
/// module comment), and the ranges that declare them appended to `ranges`.
/// Hypotheses still non-linear after the abstraction are left out (a
/// weaker goal); `None` when the goal itself is.
pub(super) fn linear_goal(
    ranges: &[Range],
    hypotheses: &[BExp],
    goal: &BExp,
    ctx: &QueryContext,
) -> Option<(Vec<Range>, BExp)> {
    let (mut fresh, goal) = abstract_goal(hypotheses, goal, &ctx.fixed)?;
    let mut all = ranges.to_vec();
    all.append(&mut fresh);
    Some((all, goal))
}

/// [`linear_goal`]'s goal and the ranges of its fresh variables.
fn abstract_goal(hypotheses: &[BExp], goal: &BExp, fixed: &Fixed) -> Option<(Vec<Range>, BExp)> {
    let mut abs = Abstraction::new(fixed);
    let goal = abs.bexp(goal);
    if !linear_in(&goal, fixed) {
        return None;
    }
    let mut premises: Vec<BExp> = hypotheses
        .iter()
        .map(|h| abs.bexp(h))
        .filter(|h| linear_in(h, fixed))
        .collect();
    premises.append(&mut abs.facts);
    let goal = match premises.into_iter().reduce(BExp::and) {
        Some(p) => BExp::or(BExp::not(p), goal),
        None => goal,
    };
    Some((abs.ranges, goal))
}

type Fixed = BTreeMap<Var, Nat>;

/// Is `goal` linear once the variables `fixed` fixes are read as constants?
fn linear_in(goal: &BExp, fixed: &Fixed) -> bool {
    match goal {
        BExp::Rel(_, a, b) => linear_exp(a, fixed) && linear_exp(b, fixed),
        BExp::Bin(_, a, b) => linear_in(a, fixed) && linear_in(b, fixed),
        BExp::Not(a) => linear_in(a, fixed),
        BExp::Bool(_) => true,
    }
}

fn linear_exp(e: &NExp, fixed: &Fixed) -> bool {
    match e {
        NExp::Bin(NOp::Mul, a, b) => {
            (constant(a, fixed) || constant(b, fixed))
                && linear_exp(a, fixed)
                && linear_exp(b, fixed)
        }
        NExp::Bin(NOp::Div | NOp::Mod, a, b) => constant(b, fixed) && linear_exp(a, fixed),
        NExp::Bin(_, a, b) => linear_exp(a, fixed) && linear_exp(b, fixed),
        _ => true,
    }
}

fn constant(e: &NExp, fixed: &Fixed) -> bool {
    match e {
        NExp::Num(_) => true,
        NExp::Var(x) => fixed.contains_key(x),
        NExp::Bin(_, a, b) => constant(a, fixed) && constant(b, fixed),
    }
}

/// The fresh variables made so far, their ranges and facts.
struct Abstraction<'a> {
    fixed: &'a Fixed,
    names: BTreeMap<NExp, Var>,
    ranges: Vec<Range>,
    facts: Vec<BExp>,
}

impl<'a> Abstraction<'a> {
    fn new(fixed: &'a Fixed) -> Self {
        Abstraction {
            fixed,
            names: BTreeMap::new(),
            ranges: Vec::new(),
            facts: Vec::new(),
        }
    }

    fn bexp(&mut self, b: &BExp) -> BExp {
        match b {
            BExp::Rel(op, x, y) => BExp::rel(*op, self.nexp(x), self.nexp(y)),
            BExp::Bin(op, x, y) => BExp::Bin(*op, Box::new(self.bexp(x)), Box::new(self.bexp(y))),
            BExp::Not(x) => BExp::not(self.bexp(x)),
            BExp::Bool(v) => BExp::Bool(*v),
        }
    }

    /// `e` bottom-up, each non-linear division term replaced.
    fn nexp(&mut self, e: &NExp) -> NExp {
        let NExp::Bin(op, a, b) = e else {
            return e.clone();
        };
        if let Some(v) = self.rounded_down(*op, a, b) {
            return v;
        }
        let (a, b) = (self.nexp(a), self.nexp(b));
        match op {
            NOp::Mod | NOp::Div if !constant(&b, self.fixed) => self.division(*op, a, b),
            _ => NExp::bin(*op, a, b),
        }
    }

    /// `m · (x / m)` or `(x / m) · m` for a non-constant `m`: `x − x % m`.
    fn rounded_down(&mut self, op: NOp, a: &NExp, b: &NExp) -> Option<NExp> {
        if op != NOp::Mul {
            return None;
        }
        let (m, quotient) = match (a, b) {
            (m, NExp::Bin(NOp::Div, _, d)) if **d == *m => (m, b),
            (NExp::Bin(NOp::Div, _, d), m) if **d == *m => (m, a),
            _ => return None,
        };
        let NExp::Bin(_, x, _) = quotient else {
            return None;
        };
        let (x, m) = (self.nexp(x), self.nexp(m));
        if constant(&m, self.fixed) {
            return None;
        }
        let key = NExp::mul(m.clone(), NExp::bin(NOp::Div, x.clone(), m.clone()));
        if let Some(v) = self.names.get(&key) {
            return Some(NExp::Var(v.clone()));
        }
        let r = self.division(NOp::Mod, x.clone(), m.clone());
        let v = self.fresh(key, &x);
        let sum = NExp::add(v.clone(), r);
        self.facts.push(BExp::rel(ROp::Eq, sum, x.clone()));
        let below = BExp::rel(ROp::Lt, x, m.clone());
        self.facts
            .push(BExp::or(below, BExp::rel(ROp::Ge, v.clone(), m)));
        Some(v)
    }

    /// The variable of `a % b` or `a / b` (`b` not constant).
    fn division(&mut self, op: NOp, a: NExp, b: NExp) -> NExp {
        let key = NExp::bin(op, a.clone(), b.clone());
        if let Some(v) = self.names.get(&key) {
            return NExp::Var(v.clone());
        }
        let v = self.fresh(key, &a);
        let zero = BExp::rel(ROp::Eq, b.clone(), NExp::num(0));
        let positive = BExp::rel(ROp::Ge, b.clone(), NExp::num(1));
        let (at_zero, otherwise) = match op {
            NOp::Mod => (a.clone(), BExp::rel(ROp::Lt, v.clone(), b.clone())),
            _ => (NExp::num(0), BExp::Bool(true)),
        };
        let by_zero = BExp::and(zero.clone(), BExp::rel(ROp::Eq, v.clone(), at_zero));
        self.facts
            .push(BExp::or(by_zero, BExp::and(positive, otherwise)));
        let not_below = BExp::rel(ROp::Ge, a.clone(), b.clone());
        let small = match op {
            NOp::Mod => BExp::rel(ROp::Eq, v.clone(), a),
            _ => BExp::rel(ROp::Eq, v.clone(), NExp::num(0)),
        };
        let large = match op {
            NOp::Mod => BExp::Bool(true),
            _ => BExp::or(zero, BExp::rel(ROp::Ge, v.clone(), NExp::num(1))),
        };
        self.facts.push(BExp::or(not_below.clone(), small));
        self.facts.push(BExp::or(BExp::not(not_below), large));
        v
    }

    /// A fresh variable standing for `term`, declared in `0..=bound`.
    fn fresh(&mut self, term: NExp, bound: &NExp) -> NExp {
        let name = format!("abs#{}", self.names.len());
        self.names.insert(term, name.clone());
        let hi = NExp::add(bound.clone(), NExp::num(1));
        self.ranges.push((name.clone(), NExp::num(0), hi));
        NExp::Var(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: &str) -> NExp {
        NExp::var(x)
    }

    fn abstracted(hypotheses: &[BExp], goal: &BExp) -> Option<(Vec<Range>, BExp)> {
        abstract_goal(hypotheses, goal, &Fixed::new())
    }

    #[test]
    fn a_remainder_by_a_variable_becomes_a_bounded_variable() {
        // t % s ≤ 2·t
        let rem = NExp::bin(NOp::Mod, v("t"), v("s"));
        let goal = BExp::rel(ROp::Le, rem, NExp::mul(NExp::num(2), v("t")));
        let (ranges, goal) = abstracted(&[], &goal).unwrap();
        assert_eq!(ranges.len(), 1);
        assert_eq!(ranges[0].2.to_string(), "t + 1");
        assert!(linear_in(&goal, &Fixed::new()));
        assert!(goal.to_string().contains("abs#0 <= 2 * t"), "{goal}");
    }

    #[test]
    fn the_same_term_gets_the_same_variable() {
        let rem = || NExp::bin(NOp::Mod, v("t"), v("s"));
        let goal = BExp::rel(ROp::Le, rem(), NExp::add(rem(), v("t")));
        let (ranges, _) = abstracted(&[], &goal).unwrap();
        assert_eq!(ranges.len(), 1);
    }

    #[test]
    fn the_rounded_down_multiple_is_tied_to_the_remainder() {
        // s · (t / s) introduces the remainder t % s and v + r = t.
        let q = NExp::bin(NOp::Div, v("t"), v("s"));
        let goal = BExp::rel(ROp::Le, NExp::mul(v("s"), q), v("t"));
        let (ranges, goal) = abstracted(&[], &goal).unwrap();
        assert_eq!(ranges.len(), 2);
        assert!(goal.to_string().contains("abs#1 + abs#0 == t"), "{goal}");
    }

    #[test]
    fn a_product_of_variables_stays_non_linear() {
        let goal = BExp::rel(ROp::Le, NExp::mul(v("a"), v("b")), v("c"));
        assert!(abstracted(&[], &goal).is_none());
        // … and a non-linear hypothesis is dropped, not the goal.
        let ok = BExp::rel(ROp::Le, v("a"), v("c"));
        let (_, out) = abstracted(&[goal], &ok).unwrap();
        assert_eq!(out, ok);
    }

    /// The facts hold of the terms they stand for, division by zero
    /// included: evaluate them with the terms substituted back.
    #[test]
    fn the_facts_are_true_of_the_terms() {
        for x in 0..30u64 {
            for m in 0..7u64 {
                let (xe, me) = (NExp::num(x), NExp::num(m));
                let rem = NExp::bin(NOp::Mod, v("x"), v("m"));
                let quot = NExp::bin(NOp::Div, v("x"), v("m"));
                let down = NExp::mul(v("m"), quot.clone());
                for term in [rem, quot, down] {
                    let goal = BExp::rel(ROp::Le, term.clone(), NExp::num(1000));
                    let fixed = Fixed::new();
                    let mut abs = Abstraction::new(&fixed);
                    abs.bexp(&goal);
                    let mut facts: Vec<BExp> = abs.facts.clone();
                    for (name, lo, hi) in &abs.ranges {
                        facts.push(BExp::rel(ROp::Le, lo.clone(), v(name)));
                        facts.push(BExp::rel(ROp::Lt, v(name), hi.clone()));
                    }
                    for (term, name) in &abs.names {
                        facts = facts.iter().map(|f| f.subst(name, term)).collect();
                    }
                    for f in facts {
                        let closed = f.subst("x", &xe).subst("m", &me);
                        assert!(closed.eval().unwrap(), "{f} at x = {x}, m = {m}");
                    }
                }
            }
        }
    }
}
