//! Conditional values (`docs/c-model.md`): `c ? a : b`, and a variable
//! assigned `a` in one branch of an `if` and `b` in the other, are a fresh
//! unknown `u` for the arithmetic and the conditions that follow (protocol
//! expressions have no conditional), but an access whose index mentions
//! `u` is emitted as `if c { access[u := a] } else { access[u := b] }`,
//! which is exact: the protocol language has conditionals, and `u` is
//! `a` exactly when `c` holds.  A condition that mentions `u` is split
//! the same way, `(c && b[u := a]) || (!c && b[u := b])`.
//!
//! A value `x − x_neg` (see `lin.rs`) is replaced part by part, which keeps
//! every expression built from it (they depend on the difference only); a
//! value of one part (unsigned, or known non-negative) is replaced by the
//! alternative's `pos − neg`, exact because that alternative is not
//! negative either.  A choice is used only where the variables of its
//! condition and alternatives are bound — inside the block it was made in
//! (a loop variable does not outlive its loop) — and at most
//! [`MAX_CHOICES`] per access (each one doubles the access).

use super::*;

/// At most this many choices are expanded in one access (2^3 copies).
const MAX_CHOICES: usize = 3;

/// At most this many choices are expanded in one condition, and only
/// while it stays below [`MAX_CONDITION_SIZE`] nodes: a condition is
/// copied whole into each alternative, and large disjunctions of
/// non-linear terms make the solver slow (the unexpanded condition is an
/// over-approximation, as before).
const MAX_CONDITION_CHOICES: usize = 1;
const MAX_CONDITION_SIZE: usize = 400;

/// What an unknown stands for: `cond ? then : other`.
#[derive(Clone, Debug)]
pub(super) struct Choice {
    cond: BExp,
    then: Lin,
    other: Lin,
    /// The unknown's negative part, when it has one.
    neg: Option<String>,
    /// The blocks (by serial number) enclosing the point where it was made.
    scope: Vec<u64>,
}

impl Infer<'_> {
    /// Records that the unknown value `v` is `cond ? then : other`.
    pub(super) fn record_choice(&mut self, v: &Val, cond: &BExp, then: &Lin, other: &Lin) {
        self.choose(v, cond, then, other, false);
    }

    /// [`Infer::record_choice`] for alternatives the caller knows are not
    /// negative where they are taken.
    pub(super) fn record_exact_choice(&mut self, v: &Val, cond: &BExp, then: &Lin, other: &Lin) {
        self.choose(v, cond, then, other, true);
    }

    fn choose(&mut self, v: &Val, cond: &BExp, then: &Lin, other: &Lin, known: bool) {
        let Val::Int(l) = v else { return };
        let NExp::Var(u) = &l.pos else { return };
        let neg = match &l.neg {
            NExp::Var(n) => Some(n.clone()),
            n if is_zero(n) => None,
            _ => return,
        };
        let non_negative = |x: &Lin| is_zero(&x.neg) || self.range(x).lo.is_some_and(|lo| lo >= 0);
        if neg.is_none() && !(known || non_negative(then) && non_negative(other)) {
            return;
        }
        if neg.is_none() {
            self.bound_by_alternatives(u, then, other);
        }
        let choice = Choice {
            cond: cond.clone(),
            then: then.clone(),
            other: other.clone(),
            neg,
            scope: self.control.block_path.clone(),
        };
        self.values.choices.insert(u.clone(), choice);
    }

    /// Narrows the bounds of the non-negative unknown `u`, which is `then`
    /// or `other`, to the union of their ranges: `c ? DY - y : y` with `y <
    /// 2048` is below 2049, so `1040 * u` does not wrap around (it would
    /// with only `u`'s C type to go on; spPostprocess2D of the GPUVerify
    /// corpus).
    fn bound_by_alternatives(&mut self, u: &str, then: &Lin, other: &Lin) {
        let (a, b) = (self.range(then), self.range(other));
        let lo = a.lo.zip(b.lo).map_or(0, |(x, y)| x.min(y));
        let hi = a.hi.zip(b.hi).map(|(x, y)| x.max(y));
        let (old_lo, old_hi) = self.values.bounds.get(u).copied().unwrap_or((0, None));
        let hi = match (hi, old_hi) {
            (Some(x), Some(y)) => Some(x.min(y)),
            (x, y) => x.or(y),
        };
        self.bound_var(u, lo.max(old_lo), hi);
    }

    /// The access `mode arr[index]`, each choice its index mentions
    /// expanded into a conditional.
    pub(super) fn access_with_choices(
        &mut self,
        mode: Mode,
        arr: &Arr,
        index: &[Lin],
        span: Span,
    ) -> StmtKind {
        self.expand(mode, arr, index.to_vec(), span, MAX_CHOICES)
    }

    fn expand(
        &mut self,
        mode: Mode,
        arr: &Arr,
        index: Vec<Lin>,
        span: Span,
        budget: usize,
    ) -> StmtKind {
        let chosen = (budget > 0).then(|| self.choice_in(&index)).flatten();
        let Some((u, c)) = chosen else {
            return self.access_kind(mode, arr, &index, span);
        };
        let then: Vec<Lin> = index.iter().map(|l| replace(l, &u, &c, &c.then)).collect();
        let other: Vec<Lin> = index.iter().map(|l| replace(l, &u, &c, &c.other)).collect();
        let then_kind = self.expand(mode, arr, then, span, budget - 1);
        let other_kind = self.expand(mode, arr, other, span, budget - 1);
        StmtKind::If {
            cond: c.cond,
            then_branch: vec![Stmt::new(then_kind, span)],
            else_branch: vec![Stmt::new(other_kind, span)],
        }
    }

    /// The condition `b` with each choice it mentions (at most
    /// [`MAX_CHOICES`]) split: `(c && b[u := then]) || (!c && b[u := other])`.
    pub(super) fn expand_choices_in_cond(&self, b: BExp) -> BExp {
        let mut b = b;
        for _ in 0..MAX_CONDITION_CHOICES {
            let Some((u, c)) = self.choice_among(b.fv()) else {
                break;
            };
            let with = |value: &Lin| match &c.neg {
                Some(n) => b.subst(&u, &value.pos).subst(n, &value.neg),
                None => b.subst(&u, &value.to_nexp()),
            };
            let then = BExp::and(c.cond.clone(), with(&c.then));
            let other = BExp::and(BExp::not(c.cond.clone()), with(&c.other));
            let split = BExp::or(then, other);
            if bexp_size(&split) > MAX_CONDITION_SIZE {
                break;
            }
            b = split;
        }
        b
    }

    /// `e` evaluated without emitting its reads ([`Infer::eval_quiet`]),
    /// its own choices (`i < (a < b ? a : b)`, at the top of the
    /// expression, not under a loop or branch of an inlined call) kept in
    /// scope here, where the loop it bounds is emitted.
    pub(super) fn eval_keeping_choices(&mut self, e: &E) -> Val {
        let mut inner = self.control.block_path.clone();
        inner.push(self.control.block_serial + 1);
        let v = self.eval_quiet(e);
        let here = self.control.block_path.clone();
        for c in self.values.choices.values_mut() {
            if c.scope == inner {
                c.scope = here.clone();
            }
        }
        v
    }

    /// The loop `kind` (a protocol `for`) with each choice its bounds
    /// mention (`i < min(n, base + T)`, at most [`MAX_CHOICES`]) split:
    /// `if c { loop[u := then] } else { loop[u := other] }`, exact as for
    /// accesses; any other statement as it is.
    pub(super) fn loop_with_choices(&self, kind: StmtKind, span: Span) -> StmtKind {
        self.split_loop(kind, span, MAX_CHOICES)
    }

    fn split_loop(&self, kind: StmtKind, span: Span, budget: usize) -> StmtKind {
        let StmtKind::For { lo, hi, .. } = &kind else {
            return kind;
        };
        let mut fv = lo.fv();
        fv.extend(hi.fv());
        let chosen = (budget > 0).then(|| self.choice_among(fv)).flatten();
        let Some((u, c)) = chosen else {
            return kind;
        };
        let with = |value: &Lin| {
            let s = Stmt::new(kind.clone(), span);
            let s = match &c.neg {
                Some(n) => s.subst(&u, &value.pos).subst(n, &value.neg),
                None => s.subst(&u, &value.to_nexp()),
            };
            Stmt::new(self.split_loop(s.kind, span, budget - 1), span)
        };
        StmtKind::If {
            cond: c.cond.clone(),
            then_branch: vec![with(&c.then)],
            else_branch: vec![with(&c.other)],
        }
    }

    /// A choice in scope that `index` mentions.
    fn choice_in(&self, index: &[Lin]) -> Option<(String, Choice)> {
        let mut fv = BTreeSet::new();
        for l in index {
            fv.extend(l.pos.fv());
            fv.extend(l.neg.fv());
        }
        self.choice_among(fv)
    }

    /// A choice in scope among the variables `fv`.
    fn choice_among(&self, fv: BTreeSet<String>) -> Option<(String, Choice)> {
        fv.into_iter().find_map(|x| {
            let c = self.values.choices.get(&x)?;
            let in_scope = self.control.block_path.starts_with(&c.scope);
            in_scope.then(|| (x, c.clone()))
        })
    }
}

/// `l` with the unknown `u` (of choice `c`) replaced by `value`.
fn replace(l: &Lin, u: &str, c: &Choice, value: &Lin) -> Lin {
    let sub = |e: &NExp| match &c.neg {
        Some(n) => e.subst(u, &value.pos).subst(n, &value.neg),
        None => e.subst(u, &value.to_nexp()),
    };
    Lin {
        pos: sub(&l.pos),
        neg: sub(&l.neg),
    }
}

fn is_zero(e: &NExp) -> bool {
    matches!(e, NExp::Num(n) if *n == Nat::from(0u32))
}

/// The number of nodes of a condition.
fn bexp_size(b: &BExp) -> usize {
    fn nexp(e: &NExp) -> usize {
        match e {
            NExp::Bin(_, a, b) => 1 + nexp(a) + nexp(b),
            _ => 1,
        }
    }
    match b {
        BExp::Bool(_) => 1,
        BExp::Rel(_, x, y) => 1 + nexp(x) + nexp(y),
        BExp::Bin(_, x, y) => 1 + bexp_size(x) + bexp_size(y),
        BExp::Not(x) => 1 + bexp_size(x),
    }
}
