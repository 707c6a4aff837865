//! Aligned protocols `a ∈ A`, the sequencing operator `;S`, barrier aligning
//! `align` (Fig. 6), contexts `E` with hole filling (Sec. 4.1, for
//! Proposition 1), the judgment `a ↓` (Fig. 13, bottom) and DRF of aligned
//! protocols (Definition 3) of `seeds/000_*`.

use crate::expr::{NExp, Var};
use crate::history::{phase_race, Phase, Race};
use crate::protocol::{binder_for_subst, NoDerivation, Printer, Threads, U, W};
use std::collections::BTreeSet;
use std::fmt;

/// Aligned protocols (Fig. 6): `a ::= u; sync | a; a | a; forS x ∈ n..m {a}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum A {
    /// `u; sync`
    Sync(U),
    /// `a; a'`
    Seq(Box<A>, Box<A>),
    /// `a; forS x ∈ n..m {a'}`
    For(Box<A>, Var, NExp, NExp, Box<A>),
}

impl A {
    pub fn seq(a: A, b: A) -> A {
        A::Seq(Box::new(a), Box::new(b))
    }
    pub fn for_(a: A, x: &str, n: NExp, m: NExp, body: A) -> A {
        A::For(Box::new(a), x.to_string(), n, m, Box::new(body))
    }

    /// `fv(a)`, following Fig. 3: the loop binds `x` in its body only.
    pub fn fv(&self) -> BTreeSet<Var> {
        let mut out = BTreeSet::new();
        self.collect_fv(&mut out);
        out
    }

    pub fn collect_fv(&self, out: &mut BTreeSet<Var>) {
        match self {
            A::Sync(u) => u.collect_fv(out),
            A::Seq(a, b) => {
                a.collect_fv(out);
                b.collect_fv(out);
            }
            A::For(a, x, n, m, body) => {
                a.collect_fv(out);
                n.collect_fv(out);
                m.collect_fv(out);
                let mut inner = body.fv();
                inner.remove(x);
                out.extend(inner);
            }
        }
    }

    /// `a[x := m]`, capture-avoiding.
    pub fn subst(&self, x: &str, m: &NExp) -> A {
        match self {
            A::Sync(u) => A::Sync(u.subst(x, m)),
            A::Seq(a, b) => A::seq(a.subst(x, m), b.subst(x, m)),
            A::For(a, y, n, k, body) => {
                let (a, n, k) = (a.subst(x, m), n.subst(x, m), k.subst(x, m));
                match binder_for_subst(y, x, m, || body.fv()) {
                    None => A::For(Box::new(a), y.clone(), n, k, body.clone()),
                    Some(z) => {
                        let body = if &z == y {
                            (**body).clone()
                        } else {
                            body.subst(y, &NExp::Var(z.clone()))
                        };
                        A::For(Box::new(a), z, n, k, Box::new(body.subst(x, m)))
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Fig. 6: sequencing `;S` and `align`
// ---------------------------------------------------------------------------

/// `u ;S a` (Fig. 6): prepends `u` to the outermost unsynchronized code of `a`.
pub fn seq_u_a(u: &U, a: &A) -> A {
    match a {
        // u ;S (u'; sync) = (u; u'); sync
        A::Sync(u2) => A::Sync(U::seq(u.clone(), u2.clone())),
        // u ;S (a; a') = (u ;S a); a'
        A::Seq(a1, a2) => A::Seq(Box::new(seq_u_a(u, a1)), a2.clone()),
        // u ;S (a; forS x ∈ n..m {a'}) = (u ;S a); forS x ∈ n..m {a'}
        A::For(a1, x, n, m, body) => A::For(
            Box::new(seq_u_a(u, a1)),
            x.clone(),
            n.clone(),
            m.clone(),
            body.clone(),
        ),
    }
}

/// `(a, u) ;S (a', u') = (a; (u ;S a'), u')` (Fig. 6).
pub fn seq_pairs(left: &(A, U), right: &(A, U)) -> (A, U) {
    let (a, u) = left;
    let (a2, u2) = right;
    (A::seq(a.clone(), seq_u_a(u, a2)), u2.clone())
}

/// `align : W → A × U` (Fig. 6), barrier aligning.
pub fn align(p: &W) -> (A, U) {
    match p {
        // align(u; sync) = (u; sync, skip)
        W::Sync(u) => (A::Sync(u.clone()), U::Skip),
        // align(p; q) = align(p) ;S align(q)
        W::Seq(p, q) => seq_pairs(&align(p), &align(q)),
        // align(u1; forS x ∈ n..m {p; u2}) = (a1; a2, u3) where align(p) = (a, u),
        //   a1 = u1 ;S a[x := n]
        //   a2 = forS x ∈ n+1..m {(u; u2)[x := x-1] ;S a}
        //   u3 = (u; u2)[x := m-1]
        W::For(u1, x, n, m, body, u2) => {
            let (a, u) = align(body);
            let tail = U::seq(u, u2.clone());
            let a1 = seq_u_a(u1, &a.subst(x, n));
            let x_minus_1 = NExp::sub(NExp::Var(x.clone()), NExp::num(1));
            let loop_body = seq_u_a(&tail.subst(x, &x_minus_1), &a);
            let lo = NExp::add(n.clone(), NExp::num(1));
            // `a1; a2` is one node of A: the loop a2 with its prefix a1.
            let a1_a2 = A::for_(a1, x, lo, m.clone(), loop_body);
            let u3 = tail.subst(x, &NExp::sub(m.clone(), NExp::num(1)));
            (a1_a2, u3)
        }
    }
}

// ---------------------------------------------------------------------------
// Fig. 13 (bottom): `a ↓`, and Definition 3: DRF of aligned protocols
// ---------------------------------------------------------------------------

impl A {
    /// `a ↓` (Fig. 13): `a` runs without producing a history — every loop
    /// bound evaluates and every unsynchronized fragment `u; sync` runs
    /// (`u ↓ P`; the figure leaves the base case implicit).
    pub fn runs(&self, threads: &Threads) -> Result<(), NoDerivation> {
        self.phases(threads).map(|_| ())
    }

    /// Every phase `a` can produce: one per instance of `u; sync`, with the
    /// enclosing loop variables instantiated (the phases that `⊆A`, Fig. 12,
    /// enumerates).  Errors when `a ↓` does not hold.
    pub fn phases(&self, threads: &Threads) -> Result<Vec<Phase>, NoDerivation> {
        let mut out = Vec::new();
        self.collect_phases(threads, &mut out)?;
        Ok(out)
    }

    fn collect_phases(&self, threads: &Threads, out: &mut Vec<Phase>) -> Result<(), NoDerivation> {
        match self {
            A::Sync(u) => {
                out.push(u.eval_par(threads)?);
                Ok(())
            }
            A::Seq(a, b) => {
                a.collect_phases(threads, out)?;
                b.collect_phases(threads, out)
            }
            A::For(a, x, n, m, body) => {
                a.collect_phases(threads, out)?;
                let (lo, hi) = (n.eval()?, m.eval()?);
                let mut j = lo;
                while j < hi {
                    body.subst(x, &NExp::Num(j.clone()))
                        .collect_phases(threads, out)?;
                    j += 1u32;
                }
                Ok(())
            }
        }
    }

    /// Definition 3: `a` is DRF iff no pair `φ ⊆A a` is racy.  Returns the
    /// racy pair when there is one.
    pub fn race(&self, threads: &Threads) -> Result<Option<Race>, NoDerivation> {
        Ok(self.phases(threads)?.iter().find_map(phase_race))
    }
}

// ---------------------------------------------------------------------------
// Contexts `E` (Sec. 4.1)
// ---------------------------------------------------------------------------

/// Contexts `E ::= [_] | u; sync | a; E | E; a | E; forS x ∈ n..m {a} |
/// a; forS x ∈ n..m {E}` (Sec. 4.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Context {
    Hole,
    Sync(U),
    /// `a; E`
    SeqR(A, Box<Context>),
    /// `E; a`
    SeqL(Box<Context>, A),
    /// `E; forS x ∈ n..m {a}`
    ForPrefix(Box<Context>, Var, NExp, NExp, A),
    /// `a; forS x ∈ n..m {E}`
    ForBody(A, Var, NExp, NExp, Box<Context>),
}

impl Context {
    /// `E[a]`: replaces the hole with `a` (Sec. 4.1).  Plain replacement, as in
    /// the paper (the hole may sit under a binder).
    pub fn fill(&self, a: &A) -> A {
        match self {
            Context::Hole => a.clone(),
            Context::Sync(u) => A::Sync(u.clone()),
            Context::SeqR(a2, e) => A::seq(a2.clone(), e.fill(a)),
            Context::SeqL(e, a2) => A::seq(e.fill(a), a2.clone()),
            Context::ForPrefix(e, x, n, m, body) => {
                A::for_(e.fill(a), x, n.clone(), m.clone(), body.clone())
            }
            Context::ForBody(a2, x, n, m, e) => {
                A::for_(a2.clone(), x, n.clone(), m.clone(), e.fill(a))
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Printing
// ---------------------------------------------------------------------------

impl A {
    pub fn print_into(&self, pr: &mut Printer, sep: &str) {
        match self {
            A::Sync(u) => W::Sync(u.clone()).print_into(pr, sep),
            A::Seq(a, b) => {
                a.print_into(pr, ";");
                b.print_into(pr, sep);
            }
            A::For(a, x, n, m, body) => {
                a.print_into(pr, ";");
                pr.open(&format!("forS {x} in {n}..{m}"));
                body.print_into(pr, "");
                pr.close(sep);
            }
        }
    }
}

impl fmt::Display for A {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut pr = Printer::new();
        self.print_into(&mut pr, "");
        f.write_str(pr.finish().trim_end())
    }
}

/// Prints the pair returned by `align` as `a; u; sync` (the reading `split`
/// gives it, Fig. 8).
pub fn print_aligned_pair(pair: &(A, U)) -> String {
    let (a, u) = pair;
    let mut pr = Printer::new();
    a.print_into(&mut pr, ";");
    pr.line("// unsynchronized remainder (the second component of align):");
    W::Sync(u.clone()).print_into(&mut pr, "");
    pr.finish()
}
