//! Symbolic traces `h ∈ L` and their semantics `h ⇓ H`, `l ⇓ H` (Fig. 7);
//! protocol closures `c ∈ C`, `trace`, `seq` and `split` (Fig. 8) of
//! `seeds/000_*`.

use crate::aligned::A;
use crate::expr::{BExp, NExp, Var, TID};
use crate::history::{concat, product, AccessValue, History, Mode, Phase};
use crate::protocol::{binder_for_subst, fresh_name, NoDerivation, Printer, U};
use std::collections::BTreeSet;
use std::fmt;

/// The variable standing for the thread count `|T|` in protocols and traces
/// (Fig. 15 writes it `T`).
pub const THREAD_COUNT: &str = "T";

/// Symbolic traces (Fig. 7):
/// `h ::= skip | n:o[m] | h; h | if b {h} else {h} | var x in n..m; h`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum L {
    Skip,
    /// `n:o[m]`: thread `n` accesses index `m` in mode `o`.
    Acc(NExp, Mode, Vec<NExp>),
    Seq(Box<L>, Box<L>),
    If(BExp, Box<L>, Box<L>),
    /// `var x in n..m; h`
    Var(Var, NExp, NExp, Box<L>),
}

/// Protocol closures (Fig. 8): `c ::= u | var x in n..m; c`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum C {
    U(U),
    Var(Var, NExp, NExp, Box<C>),
}

impl L {
    pub fn seq(a: L, b: L) -> L {
        L::Seq(Box::new(a), Box::new(b))
    }
    pub fn var(x: &str, n: NExp, m: NExp, h: L) -> L {
        L::Var(x.to_string(), n, m, Box::new(h))
    }

    pub fn fv(&self) -> BTreeSet<Var> {
        let mut out = BTreeSet::new();
        self.collect_fv(&mut out);
        out
    }

    fn collect_fv(&self, out: &mut BTreeSet<Var>) {
        match self {
            L::Skip => {}
            L::Acc(n, _, idx) => {
                n.collect_fv(out);
                idx.iter().for_each(|m| m.collect_fv(out));
            }
            L::Seq(a, b) => {
                a.collect_fv(out);
                b.collect_fv(out);
            }
            L::If(b, t, e) => {
                b.collect_fv(out);
                t.collect_fv(out);
                e.collect_fv(out);
            }
            L::Var(x, n, m, h) => {
                n.collect_fv(out);
                m.collect_fv(out);
                let mut inner = h.fv();
                inner.remove(x);
                out.extend(inner);
            }
        }
    }

    /// `h[x := m]`, capture-avoiding (`var` binds its variable in `h`).
    pub fn subst(&self, x: &str, m: &NExp) -> L {
        match self {
            L::Skip => L::Skip,
            L::Acc(n, o, idx) => L::Acc(
                n.subst(x, m),
                *o,
                idx.iter().map(|e| e.subst(x, m)).collect(),
            ),
            L::Seq(a, b) => L::seq(a.subst(x, m), b.subst(x, m)),
            L::If(b, t, e) => L::If(
                b.subst(x, m),
                Box::new(t.subst(x, m)),
                Box::new(e.subst(x, m)),
            ),
            L::Var(y, n, k, h) => {
                let (n, k) = (n.subst(x, m), k.subst(x, m));
                match binder_for_subst(y, x, m, || h.fv()) {
                    None => L::Var(y.clone(), n, k, h.clone()),
                    Some(z) => {
                        let h = if &z == y {
                            (**h).clone()
                        } else {
                            h.subst(y, &NExp::Var(z.clone()))
                        };
                        L::Var(z, n, k, Box::new(h.subst(x, m)))
                    }
                }
            }
        }
    }

    /// `h ⇓ H` (Fig. 7).
    pub fn eval(&self) -> Result<History, NoDerivation> {
        match self {
            // skip ⇓ [∅]
            L::Skip => Ok(std::iter::once(Phase::new()).collect()),
            // n:o[m] ⇓ [{i:o[j]}]
            L::Acc(n, o, idx) => {
                let owner = n.eval()?;
                let index = idx.iter().map(NExp::eval).collect::<Result<_, _>>()?;
                let p: Phase = std::iter::once(AccessValue::new(owner, *o, index)).collect();
                Ok(std::iter::once(p).collect())
            }
            // h1; h2 ⇓ H1 ⊗ H2
            L::Seq(a, b) => Ok(product(&a.eval()?, &b.eval()?)),
            L::If(b, t, e) => {
                if b.eval()? {
                    t.eval()
                } else {
                    e.eval()
                }
            }
            // var x in n..m; h ⇓ [∅] when n ≥ m, else h[x := n] ⇓ H1, the rest ⇓ H2, giving H1 · H2.
            L::Var(x, n, m, h) => {
                let (lo, hi) = (n.eval()?, m.eval()?);
                let mut out = History::new();
                let mut j = lo;
                while j < hi {
                    out = concat(&out, &h.subst(x, &NExp::Num(j.clone())).eval()?);
                    j += 1u32;
                }
                // The base case of the recursion (the empty remaining range).
                out.push_back(Phase::new());
                Ok(out)
            }
        }
    }
}

/// `l ⇓ H` (Fig. 7): `[] ⇓ []` and `h :: l ⇓ H1 · H2`.
pub fn eval_list(l: &[L]) -> Result<History, NoDerivation> {
    let mut out = History::new();
    for h in l {
        out = concat(&out, &h.eval()?);
    }
    Ok(out)
}

// ---------------------------------------------------------------------------
// Fig. 8: trace, seq, split
// ---------------------------------------------------------------------------

/// `trace : U → L` (Fig. 8): accesses are issued by `tid`; loops become `var`.
pub fn trace(u: &U) -> L {
    match u {
        U::Skip => L::Skip,
        U::Acc(a) => L::Acc(NExp::tid(), a.mode, a.index.clone()),
        U::Seq(a, b) => L::seq(trace(a), trace(b)),
        U::If(b, t, e) => L::If(b.clone(), Box::new(trace(t)), Box::new(trace(e))),
        U::For(x, n, m, body) => L::var(x, n.clone(), m.clone(), trace(body)),
    }
}

/// `seq : C → L` (Fig. 8).  For `u`, with fresh `t1`, `t2`:
/// `seq(u) = var t1 in 1..|T|; var t2 in 0..t1; trace(u)[tid := t1]; trace(u)[tid := t2]`,
/// where `|T|` is the variable [`THREAD_COUNT`].
pub fn seq(c: &C) -> L {
    match c {
        C::U(u) => {
            let h = trace(u);
            let mut avoid = h.fv();
            avoid.insert(THREAD_COUNT.to_string());
            let t1 = fresh_thread_var("t1", &avoid);
            avoid.insert(t1.clone());
            let t2 = fresh_thread_var("t2", &avoid);
            let h1 = h.subst(TID, &NExp::Var(t1.clone()));
            let h2 = h.subst(TID, &NExp::Var(t2.clone()));
            L::var(
                &t1,
                NExp::num(1),
                NExp::var(THREAD_COUNT),
                L::var(&t2, NExp::num(0), NExp::Var(t1.clone()), L::seq(h1, h2)),
            )
        }
        C::Var(x, n, m, c) => L::var(x, n.clone(), m.clone(), seq(c)),
    }
}

fn fresh_thread_var(base: &str, avoid: &BTreeSet<Var>) -> Var {
    if avoid.contains(base) {
        fresh_name(base, avoid)
    } else {
        base.to_string()
    }
}

/// `seq([c1, …, cn]) = [seq(c1), …, seq(cn)]` (Fig. 8).
pub fn seq_list(cs: &[C]) -> Vec<L> {
    cs.iter().map(seq).collect()
}

/// `split : A → [C]` (Fig. 8).
pub fn split(a: &A) -> Vec<C> {
    match a {
        // split(u; sync) = [u]
        A::Sync(u) => vec![C::U(u.clone())],
        // split(a; a') = split(a) · split(a')
        A::Seq(a, b) => {
            let mut out = split(a);
            out.extend(split(b));
            out
        }
        // split(a; forS x ∈ n..m {a'}) = split(a) · [var x in n..m; c | c ∈ split(a')]
        A::For(a, x, n, m, body) => {
            let mut out = split(a);
            out.extend(
                split(body)
                    .into_iter()
                    .map(|c| C::Var(x.clone(), n.clone(), m.clone(), Box::new(c))),
            );
            out
        }
    }
}

/// `split((a, u)) = split(a; u; sync)` (Fig. 8).
pub fn split_pair(pair: &(A, U)) -> Vec<C> {
    let (a, u) = pair;
    split(&A::seq(a.clone(), A::Sync(u.clone())))
}

/// Substitutes the thread count `|T|` in a list of traces, making them closed.
pub fn with_thread_count(l: &[L], count: u64) -> Vec<L> {
    l.iter()
        .map(|h| h.subst(THREAD_COUNT, &NExp::num(count)))
        .collect()
}

// ---------------------------------------------------------------------------
// Printing
// ---------------------------------------------------------------------------

impl L {
    fn flatten(&self) -> Vec<&L> {
        match self {
            L::Seq(a, b) => {
                let mut v = a.flatten();
                v.extend(b.flatten());
                v
            }
            _ => vec![self],
        }
    }

    pub fn print_into(&self, pr: &mut Printer) {
        let items = self.flatten();
        let n = items.len();
        for (k, item) in items.into_iter().enumerate() {
            let sep = if k + 1 < n { ";" } else { "" };
            match item {
                L::Skip => pr.line(&format!("skip{sep}")),
                L::Acc(t, o, idx) => {
                    let mut s = format!("{t}:{o}");
                    for j in idx {
                        s.push_str(&format!("[{j}]"));
                    }
                    pr.line(&format!("{s}{sep}"));
                }
                L::Seq(..) => unreachable!("flattened"),
                L::If(b, t, e) => {
                    pr.open(&format!("if {b}"));
                    t.print_into(pr);
                    pr.middle("} else {");
                    e.print_into(pr);
                    pr.close(sep);
                }
                L::Var(x, lo, hi, h) if sep.is_empty() => {
                    // Last in its sequence: the scope runs to the end, as in the paper.
                    pr.line(&format!("var {x} in {lo}..{hi};"));
                    h.print_into(pr);
                }
                L::Var(x, lo, hi, h) => {
                    // Followed by more: delimit the scope.
                    pr.open_with(&format!("(var {x} in {lo}..{hi};"));
                    h.print_into(pr);
                    pr.close_with(")", sep);
                }
            }
        }
    }
}

impl fmt::Display for L {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut pr = Printer::new();
        self.print_into(&mut pr);
        f.write_str(pr.finish().trim_end())
    }
}

impl fmt::Display for C {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            C::U(u) => write!(f, "{u}"),
            C::Var(x, n, m, c) => write!(f, "var {x} in {n}..{m};\n{c}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Access;

    #[test]
    fn example4_seq_split_of_a_hat() {
        // â = wr[tid+1]; rd[tid+2]; sync
        let a_hat = A::Sync(U::seq(
            U::acc(Access::wr(NExp::add(NExp::tid(), NExp::num(1)))),
            U::acc(Access::rd(NExp::add(NExp::tid(), NExp::num(2)))),
        ));
        let got = seq_list(&split(&a_hat));
        // [var t1 in 1..|T|; var t2 in 0..t1; t1:wr[t1+1]; t1:rd[t1+2]; t2:wr[t2+1]; t2:rd[t2+2]]
        let t = |v: &str, o: Mode, k: u64| {
            L::Acc(NExp::var(v), o, vec![NExp::add(NExp::var(v), NExp::num(k))])
        };
        let expected = vec![L::var(
            "t1",
            NExp::num(1),
            NExp::var("T"),
            L::var(
                "t2",
                NExp::num(0),
                NExp::var("t1"),
                L::seq(
                    L::seq(t("t1", Mode::Wr, 1), t("t1", Mode::Rd, 2)),
                    L::seq(t("t2", Mode::Wr, 1), t("t2", Mode::Rd, 2)),
                ),
            ),
        )];
        assert_eq!(got, expected);
        assert_eq!(
            got[0].to_string(),
            "var t1 in 1..T;\nvar t2 in 0..t1;\nt1:wr[t1 + 1];\nt1:rd[t1 + 2];\nt2:wr[t2 + 1];\nt2:rd[t2 + 2]"
        );
    }

    #[test]
    fn seq_picks_fresh_thread_variables() {
        let u = U::acc(Access::wr(NExp::add(NExp::tid(), NExp::var("t1"))));
        let h = seq(&C::U(u));
        match h {
            L::Var(t1, _, _, _) => assert_ne!(t1, "t1"),
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn var_with_empty_range_behaves_like_skip() {
        let h = L::var(
            "x",
            NExp::num(3),
            NExp::num(1),
            L::Acc(NExp::num(0), Mode::Wr, vec![NExp::num(0)]),
        );
        assert_eq!(h.eval().unwrap(), L::Skip.eval().unwrap());
    }
}
