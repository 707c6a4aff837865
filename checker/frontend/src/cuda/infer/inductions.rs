//! Induction variables of a loop body (`docs/c-model.md`, "Loops"): variables the
//! body, not the `for` increment, moves by a fixed step once per
//! iteration (`od += w;` at the end of a pitched-row walk).

use super::loop_shape::{
    continues, increment, mentions_any, unmodelled, Dir, Induction, LoopShape,
};
use super::*;

/// `shape` with the variables the body itself moves by a loop-invariant
/// step (`od += w;` at the end of the body, `docs/c-model.md`) as secondary
/// induction variables: such a variable holds `start ± iteration * step`
/// when each iteration begins, provided the body changes it exactly once,
/// by a statement at its top level, run in every iteration that the next
/// one follows: the body has no `continue` of the loop and no `goto` or
/// label (a `break` or `return` may skip it, but then no iteration
/// follows).  The statement itself is executed as written, so later
/// statements of the iteration see the moved value.
pub(super) fn with_body_inductions(
    shape: &LoopShape,
    body: &S,
    modified: &BTreeSet<String>,
    indirect: &BTreeSet<String>,
) -> LoopShape {
    let mut out = shape.clone();
    if continues(body) || unmodelled(body) {
        return out;
    }
    let top: Vec<&S> = match &body.kind {
        SK::Block(stmts) => stmts.iter().collect(),
        _ => vec![body],
    };
    // A step must keep its value through the loop: it may not read what the
    // body or the increment moves, the counter included (`c += i`).
    let mut moved = modified.clone();
    moved.insert(shape.var_key.clone());
    moved.extend(shape.secondary.iter().map(|i| i.key.clone()));
    for s in top {
        let SK::Expr(e) = &s.kind else { continue };
        let Some((key, name, dir, step, ty)) = increment(e) else {
            continue;
        };
        let invariant = pure(&step) && !mentions_any(&step, &moved);
        let known = key == shape.var_key || out.secondary.iter().any(|i| i.key == key);
        if !matches!(dir, Dir::Up | Dir::Down)
            || !invariant
            || known
            || indirect.contains(&key)
            || assignments(body, &key) != 1
        {
            continue;
        }
        out.secondary.push(Induction {
            key,
            name,
            dir,
            step,
            ty,
            in_body: true,
        });
    }
    out
}

/// How many assignments and increments in `s` may have variable `key` as
/// their target (`(c ? x : y) += 1` may change `x`), or take its address.
fn assignments(s: &S, key: &str) -> usize {
    let mut n = 0;
    visit_stmt(s, &mut |e| {
        let target = match &e.kind {
            EK::Assign(_, t, _) | EK::IncDec { e: t, .. } | EK::Un(UnOp::AddrOf, t) => t,
            _ => return,
        };
        let mut keys = BTreeSet::new();
        lvalue_vars(target, &mut keys);
        if keys.contains(key) {
            n += 1;
        }
    });
    n
}
