//! Random well-formed protocols (`p ∈ W`, Fig. 2 of `seeds/000_*`), closed
//! but for `tid`, small enough for the reference to evaluate quickly, with
//! shrinking to smaller protocols.
//!
//! Indices and conditions mention `tid`, the variables of enclosing loops and
//! small constants.  Synchronized loops have non-empty ranges whose bounds
//! mention only enclosing synchronized loop variables (never `tid`), as
//! well-formedness requires (Sec. 6).

use quickcheck::{Arbitrary, Gen};
use semantics::expr::{BExp, NExp, NOp, ROp};
use semantics::{Access, Mode, Var, U, W};

/// Size knobs, kept small so that `seq(split(align(p))) ⇓` stays cheap.
const MAX_SYNC_DEPTH: usize = 2;
const MAX_UNSYNC_DEPTH: usize = 2;
const MAX_RANGE: u64 = 3;

/// A random closed well-formed protocol and a thread count in 2..=4.
#[derive(Clone, Debug)]
pub struct Case {
    pub protocol: W,
    pub threads: u64,
}

/// Variables in scope while generating.
#[derive(Clone, Default)]
struct Scope {
    /// Variables of enclosing synchronized loops (thread-uniform).
    uniform: Vec<Var>,
    /// Variables of enclosing unsynchronized loops.
    local: Vec<Var>,
    next_var: usize,
}

/// The free parameters of [`ParamCase`] protocols.
pub const PARAMS: [&str; 2] = ["N", "M"];

impl Scope {
    fn fresh(&mut self, prefix: &str) -> Var {
        self.next_var += 1;
        format!("{prefix}{}", self.next_var)
    }
}

fn pick<'a, T>(g: &mut Gen, xs: &'a [T]) -> &'a T {
    g.choose(xs).expect("non-empty")
}

fn small(g: &mut Gen, max: u64) -> u64 {
    u64::arbitrary(g) % (max + 1)
}

/// An index or bound expression over the variables allowed.
fn nexp(g: &mut Gen, vars: &[Var], depth: usize) -> NExp {
    let leaf = |g: &mut Gen| {
        if !vars.is_empty() && bool::arbitrary(g) {
            NExp::Var(pick(g, vars).clone())
        } else {
            NExp::num(small(g, 4))
        }
    };
    if depth == 0 || small(g, 2) == 0 {
        return leaf(g);
    }
    let op = *pick(
        g,
        &[NOp::Add, NOp::Add, NOp::Sub, NOp::Mul, NOp::Div, NOp::Mod],
    );
    NExp::bin(op, nexp(g, vars, depth - 1), nexp(g, vars, depth - 1))
}

fn bexp(g: &mut Gen, vars: &[Var]) -> BExp {
    let op = *pick(g, &[ROp::Eq, ROp::Ne, ROp::Lt, ROp::Le, ROp::Gt, ROp::Ge]);
    let b = BExp::Rel(op, nexp(g, vars, 1), nexp(g, vars, 1));
    match small(g, 5) {
        0 => BExp::not(b),
        1 => BExp::and(b, bexp(g, vars)),
        2 => BExp::or(b, bexp(g, vars)),
        _ => b,
    }
}

fn access(g: &mut Gen, vars: &[Var]) -> U {
    // Mostly writes and reads; an occasional atomic exercises the extension.
    let mode = *pick(
        g,
        &[
            Mode::Wr,
            Mode::Wr,
            Mode::Rd,
            Mode::Rd,
            Mode::Rd,
            Mode::Atomic,
        ],
    );
    U::Acc(Access::new(mode, vec![nexp(g, vars, 2)]))
}

/// Unsynchronized code: conditions may mention `tid` and every loop variable.
fn unsync(g: &mut Gen, scope: &mut Scope, depth: usize, budget: usize) -> U {
    let mut vars: Vec<Var> = vec![semantics::TID.to_string()];
    vars.extend(scope.uniform.iter().cloned());
    vars.extend(scope.local.iter().cloned());
    let choice = if depth == 0 { small(g, 2) } else { small(g, 6) };
    match choice {
        0 => U::Skip,
        1 | 2 => access(g, &vars),
        3 if budget > 1 => U::seq(
            unsync(g, scope, depth, budget / 2),
            unsync(g, scope, depth, budget / 2),
        ),
        4 => U::if_(
            bexp(g, &vars),
            unsync(g, scope, depth - 1, budget / 2),
            unsync(g, scope, depth - 1, budget / 2),
        ),
        5 | 6 => {
            let x = scope.fresh("i");
            let lo = nexp(g, &vars, 1);
            let hi = NExp::add(lo.clone(), NExp::num(small(g, MAX_RANGE - 1)));
            scope.local.push(x.clone());
            let body = unsync(g, scope, depth - 1, budget / 2);
            scope.local.pop();
            U::For(x, lo, hi, Box::new(body))
        }
        _ => access(g, &vars),
    }
}

/// A synchronized protocol.
fn sync(g: &mut Gen, scope: &mut Scope, depth: usize, budget: usize) -> W {
    let u = |g: &mut Gen, scope: &mut Scope| {
        let budget = 1 + small(g, 3) as usize;
        unsync(g, scope, MAX_UNSYNC_DEPTH, budget)
    };
    let choice = if depth == 0 || budget <= 1 {
        0
    } else {
        small(g, 3)
    };
    match choice {
        0 => W::Sync(u(g, scope)),
        1 => W::seq(
            sync(g, scope, depth, budget / 2),
            sync(g, scope, depth, budget / 2),
        ),
        _ => {
            let u1 = u(g, scope);
            let x = scope.fresh("x");
            // Non-empty range over thread-uniform values.
            let lo = nexp(g, &scope.uniform, 1);
            let hi = NExp::add(lo.clone(), NExp::num(1 + small(g, MAX_RANGE - 1)));
            scope.uniform.push(x.clone());
            let body = sync(g, scope, depth - 1, budget / 2);
            let u2 = u(g, scope);
            scope.uniform.pop();
            W::For(u1, x, lo, hi, Box::new(body), u2)
        }
    }
}

/// A random closed well-formed protocol of the given size.
pub fn protocol(g: &mut Gen) -> W {
    let budget = 1 + small(g, 5) as usize;
    sync(g, &mut Scope::default(), MAX_SYNC_DEPTH, budget)
}

/// A random well-formed protocol whose expressions may also mention the
/// thread-global parameters [`PARAMS`] (free variables).
pub fn protocol_with_params(g: &mut Gen) -> W {
    let budget = 1 + small(g, 5) as usize;
    let mut scope = Scope {
        uniform: PARAMS.iter().map(|x| x.to_string()).collect(),
        ..Scope::default()
    };
    sync(g, &mut scope, MAX_SYNC_DEPTH, budget)
}

/// A random protocol with free parameters [`PARAMS`] (thread count symbolic).
#[derive(Clone, Debug)]
pub struct ParamCase {
    pub protocol: W,
}

impl Arbitrary for ParamCase {
    fn arbitrary(g: &mut Gen) -> ParamCase {
        ParamCase {
            protocol: protocol_with_params(g),
        }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = ParamCase>> {
        let out: Vec<ParamCase> = shrink_w(&self.protocol)
            .into_iter()
            .map(|protocol| ParamCase { protocol })
            .collect();
        Box::new(out.into_iter())
    }
}

impl Arbitrary for Case {
    fn arbitrary(g: &mut Gen) -> Case {
        Case {
            protocol: protocol(g),
            threads: 2 + small(g, 2),
        }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Case>> {
        let threads = self.threads;
        let mut out: Vec<Case> = shrink_w(&self.protocol)
            .into_iter()
            .map(|protocol| Case { protocol, threads })
            .collect();
        if threads > 2 {
            out.push(Case {
                protocol: self.protocol.clone(),
                threads: threads - 1,
            });
        }
        Box::new(out.into_iter())
    }
}

/// Smaller well-formed, closed protocols: sub-protocols (loop bodies with the
/// loop variable fixed to the lower bound) and simpler unsynchronized parts.
pub fn shrink_w(p: &W) -> Vec<W> {
    match p {
        W::Sync(u) => shrink_u(u).into_iter().map(W::Sync).collect(),
        W::Seq(p, q) => {
            let mut out = vec![(**p).clone(), (**q).clone()];
            out.extend(shrink_w(p).into_iter().map(|p2| W::seq(p2, (**q).clone())));
            out.extend(shrink_w(q).into_iter().map(|q2| W::seq((**p).clone(), q2)));
            out
        }
        W::For(u1, x, n, m, body, u2) => {
            let mut out = vec![W::seq(W::Sync(u1.clone()), body.subst(x, n))];
            let one_iteration = NExp::add(n.clone(), NExp::num(1));
            if *m != one_iteration {
                out.push(W::For(
                    u1.clone(),
                    x.clone(),
                    n.clone(),
                    one_iteration,
                    body.clone(),
                    u2.clone(),
                ));
            }
            for u1s in shrink_u(u1) {
                out.push(W::For(
                    u1s,
                    x.clone(),
                    n.clone(),
                    m.clone(),
                    body.clone(),
                    u2.clone(),
                ));
            }
            for u2s in shrink_u(u2) {
                out.push(W::For(
                    u1.clone(),
                    x.clone(),
                    n.clone(),
                    m.clone(),
                    body.clone(),
                    u2s,
                ));
            }
            for b in shrink_w(body) {
                out.push(W::For(
                    u1.clone(),
                    x.clone(),
                    n.clone(),
                    m.clone(),
                    Box::new(b),
                    u2.clone(),
                ));
            }
            out
        }
    }
}

fn shrink_u(u: &U) -> Vec<U> {
    match u {
        U::Skip => vec![],
        U::Acc(_) => vec![U::Skip],
        U::Seq(a, b) => {
            let mut out = vec![(**a).clone(), (**b).clone()];
            out.extend(shrink_u(a).into_iter().map(|a2| U::seq(a2, (**b).clone())));
            out.extend(shrink_u(b).into_iter().map(|b2| U::seq((**a).clone(), b2)));
            out
        }
        U::If(_, t, e) => vec![(**t).clone(), (**e).clone()],
        U::For(x, n, _, body) => vec![U::Skip, body.subst(x, n)],
    }
}
