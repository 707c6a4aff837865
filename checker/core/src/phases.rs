//! Protocol closures in linear size: the same set of instantiated phases as
//! the reference `split(align(p))` (Fig. 6, Fig. 8 of `seeds/000_*`), without
//! the copying that makes `align` exponential in the nesting depth of
//! synchronized loops.
//!
//! `phases(p) = (first, middle, last)`: the unsynchronized code before the
//! first barrier of `p`, the closures of the phases strictly inside `p`, and
//! the code after its last barrier.
//!
//! ```text
//! phases(u; sync)      = (u, [], skip)
//! phases(p; q)         = (p.first, p.middle ++ [p.last; q.first] ++ q.middle, q.last)
//! phases(u1; forS x in n..m {p; u2})   with (f, mid, l) = phases(p):
//!     first  = u1; f[x := n]
//!     middle = [var x in n..m; c | c ∈ mid]
//!              ++ [var x in n+1..m; (l; u2)[x := x-1]; f]
//!     last   = (l; u2)[x := m-1]
//! closures(p) = [first] ++ middle ++ [last]
//! ```
//!
//! Compared with `split(align(p))`, the inner phases of iteration `n` and of
//! iterations `n+1..m` are one closure `var x in n..m` instead of two (the
//! reference's `a[x := n]` copy), and the boundary phase between iterations
//! `x-1` and `x` is built once, so every closure is linear in the protocol.
//! With non-empty synchronized loops (well-formedness) both give the same
//! instantiated phases; for the same reason an inner closure that does not
//! mention `x` is not wrapped in `var x in n..m` at all.
//!
//! Accesses keep their [`crate::numbered::AccessId`] in every copy.

use crate::numbered::{C, U, W};
use semantics::expr::NExp;

/// The three parts of a protocol's phases (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phases {
    pub first: U,
    pub middle: Vec<C>,
    pub last: U,
}

/// `u; v`, dropping `skip`s so closures stay small.
fn seq_u(a: U, b: U) -> U {
    match (a, b) {
        (U::Skip, b) => b,
        (a, U::Skip) => a,
        (a, b) => U::seq(a, b),
    }
}

/// `phases(p)` (module docs).
pub fn phases(p: &W) -> Phases {
    match p {
        W::Sync(u) => Phases {
            first: u.clone(),
            middle: Vec::new(),
            last: U::Skip,
        },
        W::Seq(p, q) => {
            let (p, q) = (phases(p), phases(q));
            let mut middle = p.middle;
            middle.push(C::U(seq_u(p.last, q.first)));
            middle.extend(q.middle);
            Phases {
                first: p.first,
                middle,
                last: q.last,
            }
        }
        W::For(u1, x, n, m, body, u2) => phases_of_loop(u1, x, n, m, body, u2),
    }
}

/// `phases(u1; forS x in n..m {p; u2})` (module docs).
fn phases_of_loop(u1: &U, x: &str, n: &NExp, m: &NExp, body: &W, u2: &U) -> Phases {
    let Phases {
        first,
        middle,
        last,
    } = phases(body);
    let tail = seq_u(last, u2.clone());
    let under = |lo: NExp, c: C| C::Var(x.to_string(), lo, m.clone(), Box::new(c));
    // `var x in n..m; c` with `x` unused is `c`: the range is non-empty
    // (well-formedness), which keeps nested loops linear (no chain of unused binders).
    let inner = |c: C| {
        // (`C::mentions` builds no set: this runs once per loop level, on
        // closures that grow with the nesting.)
        if c.mentions(x) {
            under(n.clone(), c)
        } else {
            c
        }
    };
    let mut out: Vec<C> = middle.into_iter().map(inner).collect();
    let previous = tail.subst(x, &NExp::sub(NExp::var(x), NExp::num(1)));
    let boundary = C::U(seq_u(previous, first.clone()));
    out.push(under(NExp::add(n.clone(), NExp::num(1)), boundary));
    Phases {
        first: seq_u(u1.clone(), first.subst(x, n)),
        middle: out,
        last: tail.subst(x, &NExp::sub(m.clone(), NExp::num(1))),
    }
}

/// The closures of a well-formed protocol: `[first] ++ middle ++ [last]`.
pub fn closures(p: &W) -> Vec<C> {
    let Phases {
        first,
        middle,
        last,
    } = phases(p);
    let mut out = vec![C::U(first)];
    out.extend(middle);
    out.push(C::U(last));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numbered::AccessId;
    use semantics::history::{phase_race, Phase};
    use semantics::protocol::Threads;
    use semantics::surface::{lower, parse, LowerOptions};
    use semantics::{align, split_pair, Nat};
    use std::collections::BTreeSet;

    fn w_of(src: &str) -> W {
        let w = lower(&parse(src).unwrap(), &LowerOptions::default()).unwrap();
        W::number(&w, &mut (0..).map(AccessId)).unwrap()
    }

    /// The number of nodes of a closure.
    fn closure_size(c: &C) -> usize {
        match c {
            C::U(u) => u_size(u),
            C::Var(_, _, _, c) => 1 + closure_size(c),
        }
    }

    fn u_size(u: &U) -> usize {
        match u {
            U::Skip | U::Acc(_) => 1,
            U::Seq(a, b) => 1 + u_size(a) + u_size(b),
            U::If(_, t, e) => 1 + u_size(t) + u_size(e),
            U::For(_, _, _, b) => 1 + u_size(b),
        }
    }

    /// Every instance of a closure as a phase of `threads`, after fixing `env`.
    fn instances(c: &semantics::C, threads: &Threads, out: &mut BTreeSet<Phase>) {
        match c {
            semantics::C::U(u) => {
                out.insert(u.eval_par(threads).unwrap());
            }
            semantics::C::Var(x, n, m, c) => {
                let (lo, hi) = (n.eval().unwrap(), m.eval().unwrap());
                let mut k = lo;
                while k < hi {
                    let inst = subst_c(c, x, &NExp::Num(k.clone()));
                    instances(&inst, threads, out);
                    k += 1u32;
                }
            }
        }
    }

    fn subst_c(c: &semantics::C, x: &str, v: &NExp) -> semantics::C {
        match c {
            semantics::C::U(u) => semantics::C::U(u.subst(x, v)),
            semantics::C::Var(y, n, m, c) if y == x => {
                semantics::C::Var(y.clone(), n.subst(x, v), m.subst(x, v), c.clone())
            }
            semantics::C::Var(y, n, m, c) => semantics::C::Var(
                y.clone(),
                n.subst(x, v),
                m.subst(x, v),
                Box::new(subst_c(c, x, v)),
            ),
        }
    }

    fn phase_set(cs: &[semantics::C], env: &[(&str, u64)], threads: &Threads) -> BTreeSet<Phase> {
        let mut out = BTreeSet::new();
        for c in cs {
            let mut c = c.clone();
            for (x, v) in env {
                c = subst_c(&c, x, &NExp::Num(Nat::from(*v)));
            }
            instances(&c, threads, &mut out);
        }
        out.retain(|p| !p.is_empty());
        out
    }

    const PROTOCOLS: &[&str] = &[
        "wr[tid+1]; forS x in 0..N { if x > 0 { wr[tid] }; sync }",
        "forS x in 0..N { sync; if tid < T - 1 { wr[tid+1] }; wr[tid + T] }",
        "forS x in 1..N+1 { forS y in 1..x+1 { sync; wr[tid+x+y] }; forS z in N*2..N*3 { wr[tid+z+1]; sync } }",
        "rd[tid]; forS i in 0..N { wr[tid+i]; sync; forS j in 0..N { rd[tid*j]; sync; wr[j] }; rd[i] }",
    ];

    #[test]
    fn same_phases_as_the_reference_on_every_instantiation() {
        let threads = Threads::new(2);
        for src in PROTOCOLS {
            let w = w_of(src);
            for n in 1..4 {
                let env = [("N", n), ("T", 2)];
                let reference = phase_set(&split_pair(&align(&w.erase())), &env, &threads);
                let ours: Vec<semantics::C> = closures(&w).iter().map(C::erase).collect();
                let ours = phase_set(&ours, &env, &threads);
                assert_eq!(ours, reference, "{src} with N = {n}");
                let racy = |s: &BTreeSet<Phase>| s.iter().any(|p| phase_race(p).is_some());
                assert_eq!(racy(&ours), racy(&reference));
            }
        }
    }

    #[test]
    fn closures_grow_linearly_with_nesting_depth() {
        let total = |d: usize| {
            let mut src = String::new();
            for k in 0..d {
                src.push_str(&format!("forS i{k} in 0..N {{ wr[tid]; sync; "));
            }
            src.push_str(&"}".repeat(d));
            let cs = closures(&w_of(&src));
            (cs.len(), cs.iter().map(closure_size).max().unwrap_or(0))
        };
        let (n10, s10) = total(10);
        let (n40, s40) = total(40);
        assert!(n40 <= 4 * n10 + 4, "closure count is linear: {n10} {n40}");
        assert!(s40 <= 4 * s10 + 8, "closure size is linear: {s10} {s40}");
    }
}
