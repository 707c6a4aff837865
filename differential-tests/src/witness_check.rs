//! Whole witnesses (`proofs-notes/checker-vs-reference.md`): re-evaluates each side of a checker
//! witness in the source program, at the values the witness reports, and
//! requires the index, the mode, the source access and the phase instance to
//! match.
//!
//! A witness names, for each thread, the source access (span), the thread's
//! identifiers, thread-locals and unsynchronized loop variables, plus the
//! synchronized loop variables of the phase and every parameter.  The
//! iteration of each enclosing synchronized loop `forS x in n..m` follows
//! from the phase's closure (checker `phases.rs`, `docs/formats.md`):
//!
//! - `x` reported with value `v`: the phase joins iterations `v-1` and `v`
//!   (or lies inside iteration `v`); an access after the last barrier of the
//!   loop body belongs to iteration `v-1`, any other to iteration `v`;
//! - `x` not reported: the phase is the first of the loop (an access before
//!   the first barrier of the body, iteration `n`), its last (after the last
//!   barrier, iteration `m-1`), or a phase inside the body that does not
//!   depend on `x` (any iteration: `n`).
//!
//! With every variable known, each access instance has a phase number (the
//! barriers executed before it, the same for every thread once divergence is
//! ruled out); the two sides must have the same one, their enclosing
//! conditions must hold and their loop variables lie in range, and both
//! indices must evaluate to the witness's index.

use mapcheck_core::verdict::Witness;
use semantics::expr::{BExp, NExp, Nat, Var};
use semantics::surface::{Block, Program, Span, Stmt, StmtKind};
use std::collections::BTreeMap;

/// Decides synchronized conditionals and drops empty synchronized loops
/// whose bounds are known under `env` (the checker's case split:
/// `docs/command-line.md`, "What `check` does"); the result has no synchronized conditional left
/// when their conditions mention only `env`'s variables.  Spans are kept.
pub fn resolve(b: &Block, env: &BTreeMap<Var, Nat>) -> Block {
    let mut out = Vec::new();
    for s in b {
        match &s.kind {
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } if s.has_sync() => match close_b(cond, env).eval() {
                Ok(true) => out.extend(resolve(then_branch, env)),
                Ok(false) => out.extend(resolve(else_branch, env)),
                Err(_) => out.push(s.clone()),
            },
            StmtKind::For {
                tag,
                var,
                lo,
                hi,
                body,
            } if s.has_sync() => {
                let empty = match (close_n(lo, env).eval(), close_n(hi, env).eval()) {
                    (Ok(l), Ok(h)) => l >= h,
                    _ => false,
                };
                if !empty {
                    let mut inner = env.clone();
                    inner.remove(var);
                    out.push(Stmt::new(
                        StmtKind::For {
                            tag: *tag,
                            var: var.clone(),
                            lo: lo.clone(),
                            hi: hi.clone(),
                            body: resolve(body, &inner),
                        },
                        s.span,
                    ));
                }
            }
            _ => out.push(s.clone()),
        }
    }
    out
}

pub fn close_n(n: &NExp, env: &BTreeMap<Var, Nat>) -> NExp {
    semantics::babycuda::eval::close_n(n, env)
}

pub fn close_b(b: &BExp, env: &BTreeMap<Var, Nat>) -> BExp {
    semantics::babycuda::eval::close_b(b, env)
}

fn same_span(a: Span, b: Span) -> bool {
    (a.line, a.col) == (b.line, b.col)
}

/// Where the access of a side sits, outermost first.
#[derive(Clone, Debug)]
enum Frame {
    If(BExp, bool),
    Unsync(Var, NExp, NExp),
    /// A synchronized loop; `at` is the position in its body of the
    /// statement holding the access, `first`/`last` those of the body's
    /// first and last statements with a barrier.
    Sync {
        var: Var,
        lo: NExp,
        hi: NExp,
        at: usize,
        first: usize,
        last: usize,
    },
}

fn find(b: &[Stmt], span: Span, path: &mut Vec<Frame>) -> Option<Stmt> {
    for s in b {
        match &s.kind {
            StmtKind::Access { .. } if same_span(s.span, span) => return Some(s.clone()),
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                for (branch, d) in [(then_branch, true), (else_branch, false)] {
                    path.push(Frame::If(cond.clone(), d));
                    if let Some(found) = find(branch, span, path) {
                        return Some(found);
                    }
                    path.pop();
                }
            }
            StmtKind::For {
                var, lo, hi, body, ..
            } => {
                let synced: Vec<usize> = body
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| s.has_sync())
                    .map(|(k, _)| k)
                    .collect();
                for (at, inner) in body.iter().enumerate() {
                    path.push(if synced.is_empty() {
                        Frame::Unsync(var.clone(), lo.clone(), hi.clone())
                    } else {
                        Frame::Sync {
                            var: var.clone(),
                            lo: lo.clone(),
                            hi: hi.clone(),
                            at,
                            first: synced[0],
                            last: *synced.last().unwrap(),
                        }
                    });
                    if let Some(found) = find(std::slice::from_ref(inner), span, path) {
                        return Some(found);
                    }
                    path.pop();
                }
            }
            _ => {}
        }
    }
    None
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Region {
    Head,
    Middle,
    Tail,
}

/// The region of the access in the body of each synchronized loop of the
/// path (innermost computed first: an access in the first phase of an inner
/// loop's first iteration is in the first phase of the outer body).
fn regions(path: &[Frame], reported: &BTreeMap<Var, Nat>) -> Vec<Option<Region>> {
    let mut out = vec![None; path.len()];
    // The region of the access relative to the statement below the current frame.
    let mut inner: Option<(Region, bool)> = None; // (region, reported var)
    for (k, f) in path.iter().enumerate().rev() {
        if let Frame::Sync {
            var,
            at,
            first,
            last,
            ..
        } = f
        {
            let r = if at < first {
                Region::Head
            } else if at > last {
                Region::Tail
            } else if at == first || at == last {
                // The statement at `at` is an inner synchronized loop (or a
                // bare `sync`, which holds no access).
                match inner {
                    Some((Region::Head, false)) if at == first => Region::Head,
                    Some((Region::Tail, false)) if at == last => Region::Tail,
                    _ => Region::Middle,
                }
            } else {
                Region::Middle
            };
            out[k] = Some(r);
            inner = Some((r, reported.contains_key(var)));
        }
    }
    out
}

/// Counts the barriers before the access instance of `target` whose
/// synchronized loop variables take the values `iters`.
struct PhaseCounter<'a> {
    target: Span,
    iters: &'a BTreeMap<Var, Nat>,
    phase: usize,
}

impl PhaseCounter<'_> {
    /// `Ok(true)`: the target was reached.  `active`: every enclosing
    /// synchronized loop is at the iteration of the target.
    fn block(
        &mut self,
        b: &[Stmt],
        env: &BTreeMap<Var, Nat>,
        active: bool,
    ) -> Result<bool, String> {
        for s in b {
            if self.stmt(s, env, active)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    fn stmt(&mut self, s: &Stmt, env: &BTreeMap<Var, Nat>, active: bool) -> Result<bool, String> {
        match &s.kind {
            StmtKind::Sync => {
                self.phase += 1;
                Ok(false)
            }
            StmtKind::For {
                var, lo, hi, body, ..
            } if s.has_sync() => {
                let lo = eval_n(lo, env)?;
                let hi = eval_n(hi, env)?;
                let mut j = lo;
                while j < hi {
                    let mut env = env.clone();
                    env.insert(var.clone(), j.clone());
                    let wanted = active && self.iters.get(var) == Some(&j);
                    if self.block(body, &env, wanted)? {
                        return Ok(true);
                    }
                    j += 1u32;
                }
                Ok(false)
            }
            StmtKind::If { .. } if s.has_sync() => {
                Err("synchronized conditional left after resolution".into())
            }
            // Unsynchronized code: the target is in this phase if it is inside.
            _ => Ok(active && contains(s, self.target)),
        }
    }
}

fn contains(s: &Stmt, span: Span) -> bool {
    match &s.kind {
        StmtKind::Access { .. } => same_span(s.span, span),
        StmtKind::If {
            then_branch,
            else_branch,
            ..
        } => then_branch
            .iter()
            .chain(else_branch)
            .any(|s| contains(s, span)),
        StmtKind::For { body, .. } => body.iter().any(|s| contains(s, span)),
        _ => false,
    }
}

fn eval_n(n: &NExp, env: &BTreeMap<Var, Nat>) -> Result<Nat, String> {
    close_n(n, env)
        .eval()
        .map_err(|e| format!("`{n}` does not evaluate: {e:?}"))
}

fn eval_b(b: &BExp, env: &BTreeMap<Var, Nat>) -> Result<bool, String> {
    close_b(b, env)
        .eval()
        .map_err(|e| format!("`{b}` does not evaluate: {e:?}"))
}

/// The phase number of side `k` of the witness, after checking the side.
fn side(w: &Witness, k: usize, body: &Block, params: &BTreeMap<Var, Nat>) -> Result<usize, String> {
    let acc = &w.accesses[k];
    let values = &w.threads[k];
    let mut path = Vec::new();
    let stmt = find(body, acc.span, &mut path)
        .ok_or_else(|| format!("side {k}: no access at {} in the source", acc.span))?;
    let StmtKind::Access { mode, array, index } = &stmt.kind else {
        unreachable!()
    };
    if *mode != acc.mode || array.clone().unwrap_or_default() != acc.array {
        return Err(format!(
            "side {k}: the source access at {} is {mode} {array:?}, the witness says {} {:?}",
            acc.span, acc.mode, acc.array
        ));
    }
    let printed: Vec<String> = index.iter().map(|n| n.to_string()).collect();
    if printed != acc.index {
        return Err(format!(
            "side {k}: source index {printed:?}, witness {:?}",
            acc.index
        ));
    }
    // The environment: parameters, the thread's ids and locals, then each
    // loop variable as the path binds it.
    let mut env = params.clone();
    env.extend(values.ids.clone());
    env.extend(values.locals.clone());
    let regions = regions(&path, &w.sync_vars);
    let mut iters = BTreeMap::new();
    // An unsynchronized loop variable rebound further in (shadowing): the
    // witness has the inner value only, so expressions that mention the
    // outer one are not checked.
    let mut unknown: Vec<Var> = Vec::new();
    for (depth, (f, region)) in path.iter().zip(&regions).enumerate() {
        let mentions_unknown =
            |fv: std::collections::BTreeSet<Var>| fv.iter().any(|x| unknown.contains(x));
        match f {
            Frame::If(c, d) => {
                if mentions_unknown(c.fv()) {
                    continue;
                }
                if eval_b(c, &env)? != *d {
                    return Err(format!("side {k}: condition `{c}` is not {d}"));
                }
            }
            Frame::Unsync(x, _, _)
                if path[depth + 1..]
                    .iter()
                    .any(|g| matches!(g, Frame::Unsync(y, _, _) if y == x)) =>
            {
                env.remove(x);
                unknown.push(x.clone());
            }
            Frame::Unsync(x, lo, hi) => {
                let mut fv = lo.fv();
                fv.extend(hi.fv());
                let skip = mentions_unknown(fv);
                unknown.retain(|y| y != x);
                let v = values
                    .loop_vars
                    .get(x)
                    .cloned()
                    .ok_or_else(|| format!("side {k}: no value for loop variable `{x}`"))?;
                if !skip {
                    let (l, h) = (eval_n(lo, &env)?, eval_n(hi, &env)?);
                    if !(l <= v && v < h) {
                        return Err(format!("side {k}: `{x}` = {v} outside {l}..{h}"));
                    }
                }
                env.insert(x.clone(), v);
            }
            Frame::Sync { var, lo, hi, .. } => {
                let (l, h) = (eval_n(lo, &env)?, eval_n(hi, &env)?);
                let region = region.expect("sync frame");
                let v = match (w.sync_vars.get(var), region) {
                    (Some(v), Region::Tail) if *v > Nat::from(0u32) => v - 1u32,
                    (Some(v), Region::Tail) => {
                        return Err(format!("side {k}: `{var}` = {v} has no previous iteration"))
                    }
                    (Some(v), _) => v.clone(),
                    (None, Region::Tail) if h > Nat::from(0u32) => &h - 1u32,
                    (None, _) => l.clone(),
                };
                if !(l <= v && v < h) {
                    return Err(format!(
                        "side {k}: iteration `{var}` = {v} outside {l}..{h} (region {region:?})"
                    ));
                }
                env.insert(var.clone(), v.clone());
                iters.insert(var.clone(), v);
            }
        }
    }
    let got = index
        .iter()
        .map(|n| eval_n(n, &env))
        .collect::<Result<Vec<_>, _>>()?;
    if got != w.index {
        return Err(format!(
            "side {k}: `{}` evaluates to {got:?} at the witness's values, not {:?}",
            printed.join("]["),
            w.index
        ));
    }
    let mut counter = PhaseCounter {
        target: acc.span,
        iters: &iters,
        phase: 0,
    };
    if !counter.block(body, params, true)? {
        return Err(format!("side {k}: access instance not reached"));
    }
    Ok(counter.phase)
}

/// Checks a witness against the source `program` (parsed from the text the
/// checker read, so spans agree).  `threads` is the thread count if the
/// witness's parameters do not fix `T`.
pub fn check_witness(w: &Witness, program: &Program, threads: Option<u64>) -> Result<(), String> {
    let mut params = w.params.clone();
    if let Some(t) = threads {
        params
            .entry(semantics::trace::THREAD_COUNT.to_string())
            .or_insert_with(|| Nat::from(t));
    }
    let body = resolve(&program.body, &params);
    if w.threads[0].ids == w.threads[1].ids {
        return Err("both sides are the same thread".into());
    }
    if !w.accesses[0].mode.conflicts(w.accesses[1].mode) {
        return Err("the modes do not conflict".into());
    }
    let p0 = side(w, 0, &body, &params)?;
    let p1 = side(w, 1, &body, &params)?;
    if p0 != p1 {
        return Err(format!(
            "the two accesses are in different phases ({p0} and {p1}) at the reported \
             synchronized loop values {:?}",
            w.sync_vars
        ));
    }
    Ok(())
}
