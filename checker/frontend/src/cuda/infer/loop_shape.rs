//! The shape of a `for` loop, read from its syntax alone (Sec. 6 of
//! `seeds/000`, "Loops"): the counter, its direction and step, the bound,
//! secondary induction variables, and the values of loops over powers.
//! `loops.rs` turns a recognised shape into a protocol loop.

use super::loops::wraps;
use super::*;
// ----- loop normalisation ---------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    /// `i += s` with `i < n` / `i <= n` / `i != n`
    Up,
    /// `i -= s` with `i > n` / `i >= n` / `i != n`
    Down,
    /// `i *= s` (also `i <<= k`)
    Times,
    /// `i /= s` (also `i >>= k`)
    Divide,
}

#[derive(Clone, Debug)]
pub struct LoopShape {
    pub var_key: String,
    pub var_name: String,
    /// The C type of the loop variable.
    pub ty: Option<IntTy>,
    pub dir: Dir,
    pub step: E,
    pub bound: E,
    /// The bound is included (`<=`, `>=`).
    pub inclusive: bool,
    /// The condition is `v != bound`.
    pub ne: bool,
    /// Other variables the increment moves by a loop-invariant step
    /// (`for (a = a0, b = b0; a <= n; a += s, b += t)`): each is affine in
    /// the iteration number.
    pub secondary: Vec<Induction>,
}

/// A secondary induction variable: its key and name, up or down, its step.
#[derive(Clone, Debug)]
pub struct Induction {
    pub key: String,
    pub name: String,
    pub dir: Dir,
    pub step: E,
    pub ty: Option<IntTy>,
    /// Moved by a statement of the body rather than by the increment: a
    /// variable that is neither an integer nor a pointer (a `float`
    /// accumulator) is then left unknown instead of the loop.
    pub in_body: bool,
}

/// Recognises `v OP bound` and the increment of `v` (Sec. 6 "Loops").
pub(super) fn loop_shape(cond: &E, inc: &E, modified: &BTreeSet<String>) -> Option<LoopShape> {
    let mut parts = Vec::new();
    comma_parts(inc, &mut parts);
    let counter_key = |e: &E| increment(e).map(|i| i.0);
    // The counter is the variable the condition tests; every other part
    // of the increment must be a secondary induction variable.
    let tested = parts
        .iter()
        .position(|p| counter_key(p).is_some_and(|k| mentions_var(cond, &k)))?;
    let (key, name, dir, step, ty) = increment(parts[tested])?;
    if modified.contains(&key) {
        return None;
    }
    // Steps are evaluated once, at entry, so they must keep their value:
    // no variable the body or the increment moves (`i += s, s++`, `a += b,
    // b++`), not the counter (`i += 1 + 4 * (i == 0)`), no side effect.
    let mut moved = modified.clone();
    for p in &parts {
        moved.insert(increment(p)?.0);
    }
    if assigns(&step) || moved.iter().any(|k| mentions_var(&step, k)) {
        return None;
    }
    let others = parts.iter().enumerate().filter(|(i, _)| *i != tested);
    let secondary = others
        .map(|(_, p)| secondary_induction(p, &key, modified, &moved))
        .collect::<Option<Vec<_>>>()?;
    let (op, bound) = counter_comparison(cond, &key, ty, dir)?;
    if bound_reads_changed(&bound, &key, modified) {
        return None;
    }
    let up = matches!(dir, Dir::Up | Dir::Times);
    let inclusive = match (op, up) {
        (BinOp::Lt, true) | (BinOp::Gt, false) | (BinOp::Ne, _) => false,
        (BinOp::Le, true) | (BinOp::Ge, false) => true,
        _ => return None,
    };
    Some(LoopShape {
        var_key: key,
        var_name: name,
        ty,
        dir,
        step,
        bound,
        inclusive,
        ne: op == BinOp::Ne,
        secondary,
    })
}

/// Does `e` assign (a side effect that would change a step evaluated
/// once)?
fn assigns(e: &E) -> bool {
    let mut found = false;
    visit_expr(e, &mut |x| {
        found |= matches!(x.kind, EK::Assign(..) | EK::IncDec { .. });
    });
    found
}

/// The part `p` of a loop's increment besides the counter `key`'s, as a
/// secondary induction variable: `None` (the loop has no recognised
/// shape) unless it moves another variable than the counter, one the
/// body leaves alone, up or down by a step that does not change
/// (`moved`: what the body and the increment move), and of a type that
/// does not wrap around (or a pointer).
fn secondary_induction(
    p: &E,
    key: &str,
    modified: &BTreeSet<String>,
    moved: &BTreeSet<String>,
) -> Option<Induction> {
    let (k, n, d, s, t) = increment(p)?;
    let invariant = pure(&s) && !mentions_any(&s, moved);
    // An integer of a type that does not wrap around, or a pointer.
    let signed = t.is_none_or(|t| !wraps(t));
    if k == key
        || modified.contains(&k)
        || !matches!(d, Dir::Up | Dir::Down)
        || !invariant
        || !signed
    {
        return None;
    }
    Some(Induction {
        key: k,
        name: n,
        dir: d,
        step: s,
        ty: t,
        in_body: false,
    })
}

/// The comparison of the counter `key` (of type `ty`, moving in
/// direction `dir`) that a loop's condition makes, as `counter OP bound`:
/// `None` when the condition is no such comparison (after skippable
/// comma operands, and with two bounds of a conjunction made one).
fn counter_comparison(cond: &E, key: &str, ty: Option<IntTy>, dir: Dir) -> Option<(BinOp, E)> {
    let counter = |e: &E| is_counter(e, key, ty, dir).then_some(());
    let mut cond = cond;
    while let EK::Bin(BinOp::Comma, l, r) = &cond.kind {
        // `(b[0] = t, i < n)`: the left operand runs before every test, but
        // the shape keeps only the comparison, so it may only be skipped
        // when it reads no memory and changes nothing (or is a GPUVerify
        // loop invariant, which the front end ignores).
        if !skippable(l) {
            return None;
        }
        cond = r;
    }
    let one_bound;
    let cond = match conjunction_bound(cond, &counter) {
        Some(c) => {
            one_bound = c;
            &one_bound
        }
        None => cond,
    };
    let EK::Bin(op, l, r) = &cond.kind else {
        return None;
    };
    // `for (…; j - n; …)`: the integer condition is `(j - n) != 0`, which
    // is `j != n` (also modulo 2^w for unsigned operands).
    let (l, r) = match (&l.kind, &r.kind) {
        (EK::Bin(BinOp::Sub, a, b), EK::Int(0)) if *op == BinOp::Ne => (a, b),
        _ => (l, r),
    };
    if counter(l).is_some() {
        Some((*op, (**r).clone()))
    } else if counter(r).is_some() {
        Some((flip(*op)?, (**l).clone()))
    } else {
        None
    }
}

/// Is `e` the counter `key` (of type `ty`, moving in direction `dir`),
/// under conversions that keep its values?
///
/// The comparison may convert the variable (`i < n` with `n` unsigned):
/// harmless while it counts up from a non-negative start, or when the
/// conversion keeps the sign; a decreasing signed variable compared as
/// unsigned never goes below 0, so that loop is left alone.
///
/// A conversion that narrows or changes the sign otherwise (`(unsigned
/// char)i < 2` from i = 256, `(int)u < 5` from u = 2^32 - 1) makes the
/// test true where the comparison of the variable itself is false.
fn is_counter(e: &E, key: &str, ty: Option<IntTy>, dir: Dir) -> bool {
    let keeps_values = |to: Option<IntTy>| match (ty, to) {
        (Some(from), Some(to)) => {
            let ((lo, hi), (to_lo, to_hi)) = (from.range(), to.range());
            (to_lo <= lo && hi <= to_hi)
                || (from.signed
                    && !to.signed
                    && to.bits >= from.bits
                    && matches!(dir, Dir::Up | Dir::Times))
        }
        _ => {
            matches!(dir, Dir::Up | Dir::Times)
                || to.is_some_and(|t| t.signed)
                || ty.is_some_and(|t| !t.signed)
        }
    };
    let mut e = e;
    while let EK::Cast(x) = &e.kind {
        if !keeps_values(e.ty) {
            return false;
        }
        e = x;
    }
    matches!(&e.kind, EK::Var(_, k, _) if k == key)
}

/// Does a loop's `bound` read a variable the loop changes (`modified`
/// by the body, or the counter `key`), or change or call anything?  It
/// is evaluated once, so it must keep its value.
fn bound_reads_changed(bound: &E, key: &str, modified: &BTreeSet<String>) -> bool {
    let mut reads_modified = false;
    visit_expr(bound, &mut |x| {
        if let EK::Var(_, k, _) = &x.kind {
            reads_modified |= modified.contains(k) || *k == key;
        }
        if matches!(x.kind, EK::Assign(..) | EK::IncDec { .. } | EK::Call(..)) {
            reads_modified = true;
        }
    });
    reads_modified
}

/// `i < a && i < b` as `i < (a < b ? a : b)` (and `>`, `>=` with the
/// larger bound, `<=` with the smaller): the same test when `a` and `b`
/// have one integer type and read nothing, since the counter then
/// compares with both in that type.  The conditional becomes a choice
/// (`choices.rs`), and the loop is split on it, exactly.  `None` for any
/// other condition.
fn conjunction_bound(cond: &E, counter: &dyn Fn(&E) -> Option<()>) -> Option<E> {
    let EK::Bin(BinOp::LAnd, c1, c2) = &cond.kind else {
        return None;
    };
    let side = |c: &E| -> Option<(BinOp, E, E)> {
        let EK::Bin(op, l, r) = &c.kind else {
            return None;
        };
        match (counter(l), counter(r)) {
            (Some(()), _) => Some((*op, (**l).clone(), (**r).clone())),
            (None, Some(())) => Some((flip(*op)?, (**r).clone(), (**l).clone())),
            _ => None,
        }
    };
    let ((op, v, a), (op2, _, b)) = (side(c1)?, side(c2)?);
    let larger = match op {
        BinOp::Lt | BinOp::Le => false,
        BinOp::Gt | BinOp::Ge => true,
        _ => return None,
    };
    if a.ty.is_none() || a.ty != b.ty || !pure(&a) || !pure(&b) {
        return None;
    }
    let e = |kind, ty| E {
        kind,
        span: cond.span,
        ty,
    };
    // `i <= a && i < b`: `i < a + 1 && i < b` for a signed type (whose
    // arithmetic does not wrap: `a + 1` is exact).
    let strict = |op: BinOp, x: E| -> Option<(BinOp, E)> {
        let (to, step) = match op {
            BinOp::Le => (BinOp::Lt, BinOp::Add),
            BinOp::Ge => (BinOp::Gt, BinOp::Sub),
            _ => return Some((op, x)),
        };
        x.ty.filter(|t| t.signed)?;
        let one = e(EK::Int(1), x.ty);
        let ty = x.ty;
        Some((to, e(EK::Bin(step, Box::new(x), Box::new(one)), ty)))
    };
    let (op, a, b) = if op == op2 {
        (op, a, b)
    } else {
        let (o1, a) = strict(op, a)?;
        let (o2, b) = strict(op2, b)?;
        if o1 != o2 {
            return None;
        }
        (o1, a, b)
    };
    let pick = e(
        EK::Bin(
            if larger { BinOp::Gt } else { BinOp::Lt },
            Box::new(a.clone()),
            Box::new(b.clone()),
        ),
        None,
    );
    let bound = e(
        EK::Cond(Box::new(pick), Box::new(a.clone()), Box::new(b)),
        a.ty,
    );
    Some(e(EK::Bin(op, Box::new(v), Box::new(bound)), None))
}

/// An operand without reads or effects, a GPUVerify loop invariant
/// `__invariant(e)` (`e` is not evaluated), or a comma of such operands.
fn skippable(e: &E) -> bool {
    const INVARIANTS: &[&str] = &[
        "__invariant",
        "__global_invariant",
        "__candidate_invariant",
        "__candidate_global_invariant",
    ];
    match &strip_casts(e).kind {
        EK::Bin(BinOp::Comma, a, b) => skippable(a) && skippable(b),
        EK::Call(c, _) => INVARIANTS.contains(&c.name.as_str()),
        _ => pure(e),
    }
}

/// The operands of a comma expression, left to right.
fn comma_parts<'e>(e: &'e E, out: &mut Vec<&'e E>) {
    operands(e, BinOp::Comma, out);
}

/// The operands of `e`'s top-level chain of `op` (`a, b, c`; `p && q &&
/// r`), left to right.
fn operands<'e>(e: &'e E, op: BinOp, out: &mut Vec<&'e E>) {
    match &e.kind {
        EK::Bin(o, l, r) if *o == op => {
            operands(l, op, out);
            operands(r, op, out);
        }
        _ => out.push(e),
    }
}

/// Does `e` read the variable `key`?
pub(super) fn mentions_var(e: &E, key: &str) -> bool {
    let mut found = false;
    visit_expr(e, &mut |x| {
        found |= matches!(&x.kind, EK::Var(_, k, _) if k == key);
    });
    found
}

/// Does `e` read a variable of `keys`, or assign or call anything?
pub(super) fn mentions_any(e: &E, keys: &BTreeSet<String>) -> bool {
    let mut found = false;
    visit_expr(e, &mut |x| {
        found |= matches!(&x.kind, EK::Var(_, k, _) if keys.contains(k))
            || matches!(x.kind, EK::Assign(..) | EK::IncDec { .. } | EK::Call(..));
    });
    found
}

/// Largest number of iterations of a loop over powers that is unrolled.
const MAX_UNROLL: usize = 64;

/// The values a `*=`/`/=` loop takes when its start, bound and step are
/// constants, in order; `None` when they are not constants, the loop does
/// not terminate quickly, or it would run more than [`MAX_UNROLL`] times.
pub(super) fn power_values(
    shape: &LoopShape,
    start: &Lin,
    bound: &Lin,
    step: &Lin,
) -> Option<Vec<i128>> {
    let (mut v, b, s) = (start.constant()?, bound.constant()?, step.constant()?);
    let mut out = Vec::new();
    loop {
        if shape.ne {
            // `v != b`: stops only on b exactly; skipping over b never stops.
            let past = if shape.dir == Dir::Times {
                v > b
            } else {
                v < b
            };
            if v == b {
                return Some(out);
            } else if past {
                return None;
            }
        }
        let go = match (shape.dir, shape.inclusive) {
            (Dir::Times, false) if s >= 2 && v >= 1 => v < b,
            (Dir::Times, true) if s >= 2 && v >= 1 => v <= b,
            (Dir::Divide, false) if s >= 2 && v >= 0 => v > b,
            (Dir::Divide, true) if s >= 2 && v >= 0 => v >= b,
            _ => return None,
        };
        if !go {
            return Some(out);
        }
        if out.len() >= MAX_UNROLL {
            return None;
        }
        out.push(v);
        // A `!=` bound that is skipped over never stops: give up.
        let next = if shape.dir == Dir::Times {
            v.checked_mul(s)?
        } else {
            v / s
        };
        if next == v {
            return None;
        }
        v = next;
    }
}

/// Whether `s` contains `break`, `continue` or `return` (at any depth).
pub(super) fn has_jump(s: &S) -> bool {
    match &s.kind {
        SK::Break | SK::Continue | SK::Return(_) | SK::Goto(_) => true,
        SK::Label(_, b) => has_jump(b),
        SK::Block(ss) => ss.iter().any(has_jump),
        SK::If(_, t, e) => has_jump(t) || e.as_deref().is_some_and(has_jump),
        SK::For { init, body, .. } => init.as_deref().is_some_and(has_jump) || has_jump(body),
        SK::While(_, b) | SK::Do(b, _) | SK::Switch(_, b) | SK::Case(_, b) => has_jump(b),
        SK::Decl(_) | SK::Expr(_) | SK::Null | SK::Unknown(_) => false,
    }
}

/// `while (c) { …; inc; }` as the `for (; c; inc) { … }` it is: the
/// body without its last statement, and that statement, when it moves a
/// variable `c` tests (`i /= 2`, `i += 128`) and nothing could skip it or
/// jump to it: no `continue` of this loop and no statement the front end
/// does not model (`goto`, labels) in the body.
pub(super) fn while_as_for(cond: &E, body: &S) -> Option<(S, E)> {
    let SK::Block(stmts) = &body.kind else {
        return None;
    };
    let (last, rest) = stmts.split_last()?;
    let SK::Expr(inc) = &last.kind else {
        return None;
    };
    let (key, ..) = increment(inc)?;
    if !mentions_var(cond, &key) || rest.iter().any(|s| continues(s) || unmodelled(s)) {
        return None;
    }
    let rest = S {
        kind: SK::Block(rest.to_vec()),
        span: body.span,
    };
    Some((rest, inc.clone()))
}

/// Does `s` hold a `break` or `continue` of the loop around it (not of a
/// loop or, for `break`, a `switch` inside)?
pub(super) fn leaves_loop(s: &S) -> bool {
    match &s.kind {
        SK::Break => true,
        SK::Block(ss) => ss.iter().any(leaves_loop),
        SK::If(_, t, e) => leaves_loop(t) || e.as_deref().is_some_and(leaves_loop),
        SK::Case(_, b) | SK::Label(_, b) => leaves_loop(b),
        SK::Switch(..) => continues(s),
        _ => continues(s),
    }
}

/// Does `s` hold a `continue` of the loop around it (not of a loop inside)?
pub(super) fn continues(s: &S) -> bool {
    match &s.kind {
        SK::Continue => true,
        SK::Block(ss) => ss.iter().any(continues),
        SK::If(_, t, e) => continues(t) || e.as_deref().is_some_and(continues),
        SK::Switch(_, b) | SK::Case(_, b) | SK::Label(_, b) => continues(b),
        SK::For { .. } | SK::While(..) | SK::Do(..) => false,
        SK::Break | SK::Return(_) | SK::Goto(_) | SK::Decl(_) | SK::Expr(_) | SK::Null => false,
        SK::Unknown(_) => false,
    }
}

/// Does `s` hold a statement the front end does not model (at any depth)?
pub(super) fn unmodelled(s: &S) -> bool {
    match &s.kind {
        SK::Unknown(_) | SK::Goto(_) | SK::Label(..) => true,
        SK::Block(ss) => ss.iter().any(unmodelled),
        SK::If(_, t, e) => unmodelled(t) || e.as_deref().is_some_and(unmodelled),
        SK::For { init, body, .. } => init.as_deref().is_some_and(unmodelled) || unmodelled(body),
        SK::While(_, b) | SK::Do(b, _) | SK::Switch(_, b) | SK::Case(_, b) => unmodelled(b),
        SK::Break | SK::Continue | SK::Return(_) | SK::Decl(_) | SK::Expr(_) | SK::Null => false,
    }
}

pub(super) fn flip(op: BinOp) -> Option<BinOp> {
    Some(match op {
        BinOp::Lt => BinOp::Gt,
        BinOp::Gt => BinOp::Lt,
        BinOp::Le => BinOp::Ge,
        BinOp::Ge => BinOp::Le,
        BinOp::Ne => BinOp::Ne,
        _ => return None,
    })
}

/// `v++`, `v += s`, `v = v + s`, `v -= s`, `v *= s`, `v <<= k`, `v >>= k`,
/// `v /= s`: the variable (key, name), the direction, the step and the
/// variable's C type.
pub(super) fn increment(inc: &E) -> Option<(String, String, Dir, E, Option<IntTy>)> {
    let one = |sp| E::new(EK::Int(1), sp);
    let pow = |k: &E| match k.kind {
        EK::Int(k) if (0..63).contains(&k) => Some(E::new(EK::Int(1 << k), k_span(k))),
        _ => None,
    };
    // `v op= s` and `v = v op s` alike.
    let by = |op: &BinOp, s: &E| -> Option<(Dir, E)> {
        Some(match op {
            BinOp::Add => (Dir::Up, s.clone()),
            BinOp::Sub => (Dir::Down, s.clone()),
            BinOp::Mul => (Dir::Times, s.clone()),
            BinOp::Div => (Dir::Divide, s.clone()),
            BinOp::Shl => (Dir::Times, pow(s)?),
            BinOp::Shr => (Dir::Divide, pow(s)?),
            _ => return None,
        })
    };
    let (var, (dir, step)) = match &inc.kind {
        EK::IncDec { inc: up, e, .. } => {
            let dir = if *up { Dir::Up } else { Dir::Down };
            (e, (dir, one(inc.span)))
        }
        EK::Assign(Some(op), v, s) => (v, by(op, s)?),
        EK::Assign(None, v, rhs) => match &rhs.kind {
            EK::Bin(op, a, s) if same_var(a, v) => (v, by(op, s)?),
            _ => return None,
        },
        _ => return None,
    };
    let EK::Var(name, key, RefKind::Local) = &var.kind else {
        return None;
    };
    Some((key.clone(), name.clone(), dir, step, var.ty))
}

pub(super) fn k_span(_: i128) -> Span {
    Span::default()
}

pub(super) fn same_var(a: &E, b: &E) -> bool {
    matches!((&a.kind, &b.kind), (EK::Var(_, x, _), EK::Var(_, y, _)) if x == y)
}

/// The protocol loop for a recognised C loop: `(lo, hi, value of the C
/// variable in terms of the protocol variable k, exact?, assumption)`.
pub(super) fn plan_loop(
    shape: &LoopShape,
    start: &Lin,
    bound: &Lin,
    step: &Lin,
    k: &Lin,
) -> Option<(Lin, Lin, Lin, bool, Option<BExp>)> {
    let one = Lin::int(1);
    let step_c = step.constant();
    let positive = match step_c {
        Some(s) => {
            if s < 1 {
                return None;
            }
            None
        }
        None => Some(step.compare(ROp::Ge, &one)),
    };
    match shape.dir {
        Dir::Up => {
            // The caller checked that `start` is not negative, so a bound
            // below it (even a negative one, which becomes 0 over ℕ) gives
            // no iteration, as in C.
            let hi = if shape.inclusive {
                bound.add(&one)
            } else {
                bound.clone()
            };
            if step_c == Some(1) && start.is_nat() {
                return Some((start.clone(), hi, k.clone(), true, None));
            }
            if step_c == Some(1) {
                // A start that may be negative: k counts from 0 and the
                // variable is `start + k` (exact over ℤ).
                return Some((Lin::int(0), hi.sub(start), start.add(k), true, None));
            }
            // for k in 0..ceil((hi - lo) / s): v = lo + k * s
            let span = hi.add(step).sub(&start.add(&one));
            let count = Lin::nat(NExp::bin(NOp::Div, span.to_nexp(), step.to_nexp())).folded();
            Some((Lin::int(0), count, start.add(&k.mul(step)), true, positive))
        }
        Dir::Down => {
            let lo = if shape.inclusive {
                bound.clone()
            } else {
                bound.add(&one)
            };
            if step_c == Some(1) && !(lo.is_nat() && start.is_nat()) {
                // A start or bound that may be negative: k counts from 0
                // and the variable is `start - k` (exact over ℤ).
                return Some((
                    Lin::int(0),
                    start.add(&one).sub(&lo),
                    start.sub(k),
                    true,
                    None,
                ));
            }
            if !lo.is_nat() || !start.is_nat() {
                return None;
            }
            if step_c == Some(1) {
                // v = start - k' for k' in 0..start+1-lo: written as k ∈ lo..start+1.
                return Some((lo, start.add(&one), k.clone(), true, None));
            }
            let span = start.add(step).sub(&lo);
            let count = Lin::nat(NExp::bin(NOp::Div, span.to_nexp(), step.to_nexp())).folded();
            Some((Lin::int(0), count, start.sub(&k.mul(step)), true, positive))
        }
        Dir::Times => {
            let hi = if shape.inclusive {
                bound.add(&one)
            } else {
                bound.clone()
            };
            (step_c? >= 2 && start.constant()? >= 1)
                .then(|| (start.clone(), hi, k.clone(), false, None))
        }
        Dir::Divide => {
            let lo = if shape.inclusive {
                bound.clone()
            } else {
                bound.add(&one)
            };
            (step_c? >= 2 && lo.is_nat() && start.is_nat())
                .then(|| (lo, start.add(&one), k.clone(), false, None))
        }
    }
}

/// `for (…; P && Q; inc) body`, where `P` tests the counter `inc` steps
/// and `loop_shape` recognises it while the whole condition is not, as the
/// loop `for (…; P; inc) { if (!Q) break; body }` it is (a two-counter
/// walk: `idx < n && i < N`, `idx` moved by the body).  `Q` (the other
/// conjuncts) must be pure — no read, call or side effect — so that
/// testing it after `P`, whatever their order, changes nothing.
pub(super) fn split_exit_test(
    cond: &E,
    inc: &E,
    body: &S,
    modified: &BTreeSet<String>,
) -> Option<(E, S)> {
    if loop_shape(cond, inc, modified).is_some() {
        return None;
    }
    let mut parts = Vec::new();
    operands(cond, BinOp::LAnd, &mut parts);
    let tested = parts
        .iter()
        .position(|p| loop_shape(p, inc, modified).is_some())?;
    let rest: Vec<&E> = (0..parts.len())
        .filter(|i| *i != tested)
        .map(|i| parts[i])
        .collect();
    if rest.is_empty() || !rest.iter().all(|q| pure_test(q)) {
        return None;
    }
    let and = |a: E, b: &E| E {
        kind: EK::Bin(BinOp::LAnd, Box::new(a), Box::new(b.clone())),
        span: cond.span,
        ty: cond.ty,
    };
    let stays = rest[1..].iter().fold(rest[0].clone(), |a, b| and(a, b));
    let leaves = E {
        kind: EK::Un(UnOp::LNot, Box::new(stays)),
        span: cond.span,
        ty: cond.ty,
    };
    let exit = S {
        kind: SK::If(
            leaves,
            Box::new(S {
                kind: SK::Break,
                span: cond.span,
            }),
            None,
        ),
        span: cond.span,
    };
    // The test joins the body's own block, so that statements at its top
    // level stay there (`with_body_inductions`).
    let mut stmts = vec![exit];
    match &body.kind {
        SK::Block(b) => stmts.extend(b.iter().cloned()),
        _ => stmts.push(body.clone()),
    }
    let body = S {
        kind: SK::Block(stmts),
        span: body.span,
    };
    Some((parts[tested].clone(), body))
}

/// A condition without reads, calls or side effects: comparisons and
/// logical operators over [`pure`] operands.
fn pure_test(e: &E) -> bool {
    use BinOp::*;
    match &e.kind {
        EK::Bin(Lt | Gt | Le | Ge | Eq | Ne | LAnd | LOr, a, b) => pure_test(a) && pure_test(b),
        EK::Un(UnOp::LNot, a) => pure_test(a),
        _ => pure(e),
    }
}
