//! The last iteration of a loop with a barrier, peeled off when what it
//! leaves in a variable is read after the loop (Rodinia's pyramid kernels:
//! `computed` set in each iteration decides, after the loop, which threads
//! store).  A loop's variables are otherwise unknown after it.
//!
//! `for (i = lo; i < hi; i++) B; R` (`R` the rest of the block) is run as
//! `for (i = lo; i < hi - 1; i++) B; if (lo < hi) { i = hi - 1; B; i++; R }
//! else { R }` (`hi - 1` in the loop's test computed in `long long`): the same statements in the same order, so nothing is lost,
//! and in the first copy of `R` the variables hold what the last iteration
//! left — a value chosen in it (`computed = c`) is still a choice there
//! (`choices.rs`), which it would not be after the two branches merge.

use super::helpers::{has_barrier, modified_in, pure, visit_stmt};
use super::loop_shape::{has_jump, increment, Dir};
use super::*;

/// How many loops, one inside another, are peeled (each doubles its body).
const MAX_PEELED: usize = 4;

impl Infer<'_> {
    /// `s` and `rest` (the statements after it in its block) run with the
    /// loop's last iteration peeled off, if `s` is a loop that `peelable`
    /// accepts and `rest` reads a variable its body changes; `false` (and
    /// nothing run) when it is not.  `barrier_follows`: a barrier follows
    /// `s` in its block (said of the first statement run in its place).
    pub(super) fn run_last_iteration_peeled(
        &mut self,
        s: &S,
        rest: &[S],
        barrier_follows: bool,
    ) -> bool {
        if self.control.peeled_copies >= MAX_PEELED {
            return false;
        }
        let Some(peeled) = peelable(s, self.unit).filter(|p| reads_changed(rest, p, self.unit))
        else {
            return false;
        };
        self.control.peeled_copies += 1;
        for (i, s) in peeled.statements(rest, s.span).iter().enumerate() {
            self.stmt_followed(s, i == 0 && barrier_follows);
        }
        self.control.peeled_copies -= 1;
        true
    }
}

/// A loop `for (i = lo; i < hi; i++) body` with a barrier in its body.
struct Peelable {
    init: S,
    counter: E,
    ty: IntTy,
    lo: E,
    cond: E,
    hi: E,
    inc: E,
    body: S,
    /// The body as the last iteration runs it ([`last_body`]).
    last: S,
}

/// `s` as a [`Peelable`] loop: a 32-bit counter (and bound) set by
/// the `for`'s initialiser, tested `i < hi` and stepped by 1; `lo` and
/// `hi` side-effect free and unchanged by the body, which has a barrier,
/// changes no counter and leaves early only by an exit in the last
/// iteration ([`last_body`]).
fn peelable(s: &S, unit: &Unit) -> Option<Peelable> {
    let SK::For {
        init: Some(init),
        cond: Some(cond),
        inc: Some(inc),
        body,
    } = &s.kind
    else {
        return None;
    };
    let (key, _, dir, step, ty) = increment(inc)?;
    let ty = ty.filter(|t| t.bits == 32)?;
    if dir != Dir::Up || !matches!(step.kind, EK::Int(1)) {
        return None;
    }
    let (counter, lo) = initial(init, &key)?;
    let EK::Bin(BinOp::Lt, i, hi) = &cond.kind else {
        return None;
    };
    let narrow = hi.ty.is_some_and(|t| t.bits <= 32);
    if !is_var(helpers::strip_casts(i), &key) || !pure(hi) || !pure(&lo) || !narrow {
        return None;
    }
    let changed = modified_in(body, unit);
    let mut named = BTreeSet::new();
    for e in [&lo, &**hi] {
        visit_expr(e, &mut |x| {
            if let EK::Var(_, k, _) = &x.kind {
                named.insert(k.clone());
            }
        });
    }
    if changed.contains(&key)
        || named.iter().any(|k| changed.contains(k))
        || !has_barrier(body, unit)
    {
        return None;
    }
    let last = last_body(body, &key, hi)?;
    Some(Peelable {
        init: (**init).clone(),
        counter,
        ty,
        lo,
        cond: cond.clone(),
        hi: (**hi).clone(),
        inc: inc.clone(),
        body: (**body).clone(),
        last,
    })
}

/// The body as run in the last iteration: the body itself when nothing in
/// it jumps; with one exit `if (i == hi - 1) break;` among its statements
/// (Rodinia's pyramids), the body with the statements after the exit run
/// under `!(i == hi - 1)` — in the last iteration leaving the loop and
/// going on to its end are the same, and in the others the exit is never
/// taken, so the peeled loop keeps every execution.  `None` for other
/// jumps.
fn last_body(body: &S, key: &str, hi: &E) -> Option<S> {
    if !has_jump(body) {
        return Some(body.clone());
    }
    let SK::Block(stmts) = &body.kind else {
        return None;
    };
    let e = stmts.iter().position(is_exit)?;
    let SK::If(c, _, None) = &stmts[e].kind else {
        return None;
    };
    let others_jump = stmts.iter().enumerate().any(|(k, s)| k != e && has_jump(s));
    if others_jump || !is_last_iteration(c, key, hi) {
        return None;
    }
    let rest = S {
        kind: SK::Block(stmts[e + 1..].to_vec()),
        span: stmts[e].span,
    };
    let skip = S {
        kind: SK::Null,
        span: stmts[e].span,
    };
    let mut out = stmts[..e].to_vec();
    out.push(S {
        kind: SK::If(c.clone(), Box::new(skip), Some(Box::new(rest))),
        span: stmts[e].span,
    });
    Some(S {
        kind: SK::Block(out),
        span: body.span,
    })
}

/// `if (c) break;`
fn is_exit(s: &S) -> bool {
    matches!(&s.kind, SK::If(_, t, None) if helpers::only_break(t))
}

/// Is `c` `i == hi - 1` (either way round)?
fn is_last_iteration(c: &E, key: &str, hi: &E) -> bool {
    let EK::Bin(BinOp::Eq, a, b) = &helpers::strip_casts(c).kind else {
        return false;
    };
    let minus_one = |e: &E| match &helpers::strip_casts(e).kind {
        EK::Bin(BinOp::Sub, x, one) => {
            matches!(helpers::strip_casts(one).kind, EK::Int(1)) && same_pure(x, hi)
        }
        _ => false,
    };
    let counter = |e: &E| is_var(helpers::strip_casts(e), key);
    (counter(a) && minus_one(b)) || (counter(b) && minus_one(a))
}

/// Are `a` and `b` the same side-effect-free expression (variables,
/// constants, built-ins and arithmetic, up to integer conversions)?
fn same_pure(a: &E, b: &E) -> bool {
    let (a, b) = (helpers::strip_casts(a), helpers::strip_casts(b));
    match (&a.kind, &b.kind) {
        (EK::Int(x), EK::Int(y)) => x == y,
        (EK::Var(_, x, _), EK::Var(_, y, _)) => x == y,
        (EK::Builtin(x), EK::Builtin(y)) => x == y,
        (EK::Bin(o, x1, y1), EK::Bin(p, x2, y2)) => {
            o == p && same_pure(x1, x2) && same_pure(y1, y2)
        }
        _ => false,
    }
}

/// The counter (as an expression) and its first value, from the `for`'s
/// initialiser `int i = lo` or `i = lo`.
fn initial(init: &S, key: &str) -> Option<(E, E)> {
    match &init.kind {
        SK::Decl(ds) => {
            let [d] = ds.as_slice() else { return None };
            if d.key != key || d.shape != Shape::Scalar {
                return None;
            }
            let var = E {
                kind: EK::Var(d.name.clone(), d.key.clone(), RefKind::Local),
                span: d.span,
                ty: d.ty,
            };
            Some((var, d.init.clone()?))
        }
        SK::Expr(E {
            kind: EK::Assign(None, v, lo),
            ..
        }) if is_var(v, key) => Some(((**v).clone(), (**lo).clone())),
        _ => None,
    }
}

fn is_var(e: &E, key: &str) -> bool {
    matches!(&e.kind, EK::Var(_, k, _) if k == key)
}

/// Does `rest` decide anything by a variable (other than the counter)
/// that `p`'s body changes — a condition (`if`, a loop's test, `?:`,
/// `&&`, `||`) or an index?  A value only stored or discarded (`(void)x`)
/// changes no access, so the loop is not copied for it.
fn reads_changed(rest: &[S], p: &Peelable, unit: &Unit) -> bool {
    let EK::Var(_, counter, _) = &p.counter.kind else {
        return false;
    };
    let mut changed = modified_in(&p.body, unit);
    changed.remove(counter);
    let mentions = |e: &E| {
        let mut found = false;
        visit_expr(e, &mut |x| {
            if let EK::Var(_, k, _) = &x.kind {
                found |= changed.contains(k);
            }
        });
        found
    };
    let mut decides = false;
    for s in rest {
        visit_stmt_deciding(s, &mut |e| decides |= mentions(e));
        visit_stmt(s, &mut |e| {
            visit_expr(e, &mut |x| match &x.kind {
                EK::Index(_, i) => decides |= mentions(i),
                EK::Cond(c, ..) => decides |= mentions(c),
                EK::Bin(BinOp::LAnd | BinOp::LOr, a, b) => decides |= mentions(a) || mentions(b),
                _ => {}
            })
        });
    }
    decides
}

/// The conditions of the statements of `s` (at any depth): `if`, `while`,
/// `do`, `for` and `switch`.
fn visit_stmt_deciding(s: &S, f: &mut impl FnMut(&E)) {
    match &s.kind {
        SK::If(c, t, e) => {
            f(c);
            visit_stmt_deciding(t, f);
            if let Some(e) = e {
                visit_stmt_deciding(e, f);
            }
        }
        SK::For {
            init, cond, body, ..
        } => {
            if let Some(i) = init {
                visit_stmt_deciding(i, f);
            }
            if let Some(c) = cond {
                f(c);
            }
            visit_stmt_deciding(body, f);
        }
        SK::While(c, b) | SK::Do(b, c) | SK::Switch(c, b) => {
            f(c);
            visit_stmt_deciding(b, f);
        }
        SK::Block(b) => b.iter().for_each(|s| visit_stmt_deciding(s, f)),
        SK::Case(_, b) | SK::Label(_, b) => visit_stmt_deciding(b, f),
        _ => {}
    }
}

impl Peelable {
    /// `for (i = lo; i < hi - 1; i++) B; if (lo < hi) { i = hi - 1; B;
    /// i++; R } else { R }`.
    fn statements(&self, rest: &[S], span: Span) -> Vec<S> {
        let typed = |kind: EK, ty: Option<IntTy>| E { kind, span, ty };
        let int = |v: i128| typed(EK::Int(v), Some(self.ty));
        let bin = |op: BinOp, a: E, b: E, ty: Option<IntTy>| {
            typed(EK::Bin(op, Box::new(a), Box::new(b)), ty)
        };
        let stmt = |kind: SK| S { kind, span };
        // `i < hi - 1` computed in `long long`, where `hi - 1` cannot wrap
        // (both have at most 32 bits: `peelable`).
        let wide = Some(IntTy {
            bits: 64,
            signed: true,
        });
        let widened = |e: &E| typed(EK::Cast(Box::new(e.clone())), wide);
        let last_wide = bin(BinOp::Sub, widened(&self.hi), typed(EK::Int(1), wide), wide);
        let before_last = bin(BinOp::Lt, widened(&self.counter), last_wide, None);
        let first = stmt(SK::For {
            init: Some(Box::new(self.init.clone())),
            cond: Some(before_last),
            inc: Some(self.inc.clone()),
            body: Box::new(self.body.clone()),
        });
        // `lo < hi` as the loop compares: the counter's type for `lo`.
        let lo = typed(EK::Cast(Box::new(self.lo.clone())), Some(self.ty));
        let runs = substitute_counter(&self.cond, &self.counter, &lo);
        let last_value = bin(BinOp::Sub, self.hi.clone(), int(1), self.hi.ty);
        let last_value = typed(EK::Cast(Box::new(last_value)), Some(self.ty));
        let set_last = typed(
            EK::Assign(None, Box::new(self.counter.clone()), Box::new(last_value)),
            Some(self.ty),
        );
        let mut last = vec![
            stmt(SK::Expr(set_last)),
            self.last.clone(),
            stmt(SK::Expr(self.inc.clone())),
        ];
        last.extend(rest.iter().cloned());
        let empty = stmt(SK::Block(rest.to_vec()));
        vec![
            first,
            stmt(SK::If(
                runs,
                Box::new(stmt(SK::Block(last))),
                Some(Box::new(empty)),
            )),
        ]
    }
}

/// `cond` (`i < hi`) with its counter `i` replaced by `by`.
fn substitute_counter(cond: &E, counter: &E, by: &E) -> E {
    let EK::Bin(op, i, hi) = &cond.kind else {
        return cond.clone();
    };
    let EK::Var(_, key, _) = &counter.kind else {
        return cond.clone();
    };
    let i = match &i.kind {
        EK::Cast(inner) if is_var(inner, key) => E {
            kind: EK::Cast(Box::new(by.clone())),
            ..(**i).clone()
        },
        _ => by.clone(),
    };
    E {
        kind: EK::Bin(*op, Box::new(i), hi.clone()),
        ..cond.clone()
    }
}
