//! Memory access protocols: unsynchronized `u ∈ U` and synchronized `p ∈ W`
//! (Fig. 2), their free variables (Fig. 3), capture-avoiding substitution, and
//! their big-step semantics `u ↓_i P`, `u ↓ P`, `p ↓ H` (Fig. 5) of `seeds/000_*`.

use crate::expr::{BExp, NExp, Nat, ROp, Stuck, Var, TID};
use crate::history::{merge, AccessValue, History, Mode, Phase};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// An access `o[n]` of a (source) protocol.  The owner is attached only by the
/// semantics.  `index` has one expression per array dimension.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Access {
    pub mode: Mode,
    pub index: Vec<NExp>,
}

impl Access {
    pub fn new(mode: Mode, index: Vec<NExp>) -> Access {
        Access { mode, index }
    }
    pub fn rd(n: NExp) -> Access {
        Access::new(Mode::Rd, vec![n])
    }
    pub fn wr(n: NExp) -> Access {
        Access::new(Mode::Wr, vec![n])
    }
    pub fn subst(&self, x: &str, m: &NExp) -> Access {
        Access::new(
            self.mode,
            self.index.iter().map(|n| n.subst(x, m)).collect(),
        )
    }
    pub fn collect_fv(&self, out: &mut BTreeSet<Var>) {
        for n in &self.index {
            n.collect_fv(out);
        }
    }
}

impl fmt::Display for Access {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.mode)?;
        crate::history::fmt_index(f, &self.index)
    }
}

/// Unsynchronized protocols (Fig. 2):
/// `u ::= skip | o[n] | u; u | if b {u} else {u} | forU x ∈ n..m {u}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum U {
    Skip,
    Acc(Access),
    Seq(Box<U>, Box<U>),
    If(BExp, Box<U>, Box<U>),
    For(Var, NExp, NExp, Box<U>),
}

/// Synchronized protocols (Fig. 2):
/// `p ::= u; sync | p; p | u; forS x ∈ n..m {p; u}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum W {
    /// `u; sync`
    Sync(U),
    /// `p; q`
    Seq(Box<W>, Box<W>),
    /// `u1; forS x ∈ n..m {p; u2}`
    For(U, Var, NExp, NExp, Box<W>, U),
}

/// Why a protocol has no big-step derivation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoDerivation {
    /// An expression is open (Lemma 1).
    Open(Stuck),
    /// A synchronized loop with an empty range (Example 2, `empty_loop`,
    /// `faial-coq/src/Main.v`).
    EmptySyncLoop { var: Var, lo: Nat, hi: Nat },
    /// The run needs more steps than its budget ([`crate::limits::with_steps`]);
    /// not a judgment of the paper, a resource limit.
    OutOfSteps,
}

/// One evaluation step, or [`NoDerivation::OutOfSteps`].
fn step() -> Result<(), NoDerivation> {
    if crate::limits::step() {
        Ok(())
    } else {
        Err(NoDerivation::OutOfSteps)
    }
}

impl From<Stuck> for NoDerivation {
    fn from(s: Stuck) -> Self {
        NoDerivation::Open(s)
    }
}

impl fmt::Display for NoDerivation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoDerivation::Open(s) => s.fmt(f),
            NoDerivation::EmptySyncLoop { var, lo, hi } => write!(
                f,
                "no derivation: synchronized loop `forS {var} in {lo}..{hi}` has an empty range (Example 2)"
            ),
            NoDerivation::OutOfSteps => write!(
                f,
                "the run needs more than the step limit of the reference interpreter: use fewer threads or smaller loop bounds"
            ),
        }
    }
}

impl std::error::Error for NoDerivation {}

// ---------------------------------------------------------------------------
// Constructors
// ---------------------------------------------------------------------------

impl U {
    pub fn acc(a: Access) -> U {
        U::Acc(a)
    }
    pub fn seq(a: U, b: U) -> U {
        U::Seq(Box::new(a), Box::new(b))
    }
    /// Right-nested sequence of a list (`skip` when empty).
    pub fn seq_all<I: IntoIterator<Item = U>>(items: I) -> U {
        let mut items: Vec<U> = items.into_iter().collect();
        let mut acc = match items.pop() {
            None => return U::Skip,
            Some(last) => last,
        };
        while let Some(prev) = items.pop() {
            acc = U::seq(prev, acc);
        }
        acc
    }
    pub fn if_(b: BExp, t: U, e: U) -> U {
        U::If(b, Box::new(t), Box::new(e))
    }
    pub fn for_(x: &str, n: NExp, m: NExp, body: U) -> U {
        U::For(x.to_string(), n, m, Box::new(body))
    }
}

impl W {
    pub fn seq(p: W, q: W) -> W {
        W::Seq(Box::new(p), Box::new(q))
    }
    pub fn for_(u1: U, x: &str, n: NExp, m: NExp, p: W, u2: U) -> W {
        W::For(u1, x.to_string(), n, m, Box::new(p), u2)
    }
}

// ---------------------------------------------------------------------------
// Fig. 3: free variables
// ---------------------------------------------------------------------------

impl U {
    /// `fv(u)` (Fig. 3).
    pub fn fv(&self) -> BTreeSet<Var> {
        let mut out = BTreeSet::new();
        self.collect_fv(&mut out);
        out
    }

    pub fn collect_fv(&self, out: &mut BTreeSet<Var>) {
        match self {
            U::Skip => {}
            U::Acc(a) => a.collect_fv(out),
            U::Seq(a, b) => {
                a.collect_fv(out);
                b.collect_fv(out);
            }
            U::If(b, t, e) => {
                b.collect_fv(out);
                t.collect_fv(out);
                e.collect_fv(out);
            }
            U::For(x, n, m, body) => {
                n.collect_fv(out);
                m.collect_fv(out);
                let mut inner = body.fv();
                inner.remove(x);
                out.extend(inner);
            }
        }
    }
}

impl W {
    /// `fv(p)` (Fig. 3).
    pub fn fv(&self) -> BTreeSet<Var> {
        let mut out = BTreeSet::new();
        self.collect_fv(&mut out);
        out
    }

    pub fn collect_fv(&self, out: &mut BTreeSet<Var>) {
        match self {
            W::Sync(u) => u.collect_fv(out),
            W::Seq(p, q) => {
                p.collect_fv(out);
                q.collect_fv(out);
            }
            W::For(u1, x, n, m, p, u2) => {
                u1.collect_fv(out);
                n.collect_fv(out);
                m.collect_fv(out);
                let mut inner = p.fv();
                u2.collect_fv(&mut inner);
                inner.remove(x);
                out.extend(inner);
            }
        }
    }

    /// A protocol is closed when `fv(p) ⊆ {tid}` (Definition 1).
    pub fn is_closed(&self) -> bool {
        self.fv().iter().all(|x| x == TID)
    }
}

// ---------------------------------------------------------------------------
// Capture-avoiding substitution `[x := n]` (Definition 1: loops bind)
// ---------------------------------------------------------------------------

/// A name based on `x` that is not in `avoid`.
pub fn fresh_name(x: &str, avoid: &BTreeSet<Var>) -> Var {
    (1..)
        .map(|k| format!("{x}_{k}"))
        .find(|cand| !avoid.contains(cand))
        .expect("infinitely many candidates")
}

/// Prepares to push `[x := m]` under a binder `y` whose scope has free
/// variables `scope_fv`: returns the binder to use and whether the scope must be
/// renamed from `y` to it.  `None` means the binder shadows `x` (stop).
pub fn binder_for_subst(
    y: &str,
    x: &str,
    m: &NExp,
    scope_fv: impl FnOnce() -> BTreeSet<Var>,
) -> Option<Var> {
    if y == x {
        return None;
    }
    let m_fv = m.fv();
    if !m_fv.contains(y) {
        return Some(y.to_string());
    }
    let mut avoid = scope_fv();
    avoid.extend(m_fv);
    avoid.insert(x.to_string());
    Some(fresh_name(y, &avoid))
}

impl U {
    /// `u[x := m]`, renaming loop binders that would capture a variable of `m`.
    pub fn subst(&self, x: &str, m: &NExp) -> U {
        match self {
            U::Skip => U::Skip,
            U::Acc(a) => U::Acc(a.subst(x, m)),
            U::Seq(a, b) => U::seq(a.subst(x, m), b.subst(x, m)),
            U::If(b, t, e) => U::if_(b.subst(x, m), t.subst(x, m), e.subst(x, m)),
            U::For(y, n, k, body) => {
                let (n, k) = (n.subst(x, m), k.subst(x, m));
                match binder_for_subst(y, x, m, || body.fv()) {
                    None => U::For(y.clone(), n, k, body.clone()),
                    Some(z) => {
                        let body = if &z == y {
                            (**body).clone()
                        } else {
                            body.subst(y, &NExp::Var(z.clone()))
                        };
                        U::For(z, n, k, Box::new(body.subst(x, m)))
                    }
                }
            }
        }
    }
}

impl W {
    /// `p[x := m]`, renaming loop binders that would capture a variable of `m`.
    pub fn subst(&self, x: &str, m: &NExp) -> W {
        match self {
            W::Sync(u) => W::Sync(u.subst(x, m)),
            W::Seq(p, q) => W::seq(p.subst(x, m), q.subst(x, m)),
            W::For(u1, y, n, k, p, u2) => {
                let (u1, n, k) = (u1.subst(x, m), n.subst(x, m), k.subst(x, m));
                let scope_fv = || {
                    let mut s = p.fv();
                    u2.collect_fv(&mut s);
                    s
                };
                match binder_for_subst(y, x, m, scope_fv) {
                    None => W::For(u1, y.clone(), n, k, p.clone(), u2.clone()),
                    Some(z) => {
                        let (p, u2) = if &z == y {
                            ((**p).clone(), u2.clone())
                        } else {
                            let zv = NExp::Var(z.clone());
                            (p.subst(y, &zv), u2.subst(y, &zv))
                        };
                        W::For(u1, z, n, k, Box::new(p.subst(x, m)), u2.subst(x, m))
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Fig. 5: big-step semantics
// ---------------------------------------------------------------------------

/// The thread set `T = {0, …, count-1}` of rule U-PAR, with the values of the
/// thread-local parameters of Sec. 6 ("Multi-dimensional thread identifiers and
/// kernel parameters"): `locals[x][i]` is thread `i`'s value of `x`.  A
/// thread-local is substituted exactly like `tid`.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Threads {
    pub count: u64,
    pub locals: BTreeMap<Var, Vec<Nat>>,
}

impl Threads {
    pub fn new(count: u64) -> Threads {
        Threads {
            count,
            locals: BTreeMap::new(),
        }
    }

    /// `u[tid := i]` plus thread `i`'s thread-local values.
    pub fn instantiate(&self, u: &U, i: u64) -> U {
        let mut u = u.subst(TID, &NExp::Num(Nat::from(i)));
        for (x, values) in &self.locals {
            if let Some(v) = values.get(i as usize) {
                u = u.subst(x, &NExp::Num(v.clone()));
            }
        }
        u
    }
}

fn range_bounds(n: &NExp, m: &NExp) -> Result<(Nat, Nat), Stuck> {
    Ok((n.eval()?, m.eval()?))
}

impl U {
    /// `u ↓_i P` (Fig. 5, rules U-SKIP, U-ACC, U-SEQ, U-IF-T, U-IF-F, U-FOR-1,
    /// U-FOR-2): thread `i` runs the closed protocol `u`.
    pub fn eval_thread(&self, i: &Nat) -> Result<Phase, NoDerivation> {
        let mut out = Phase::new();
        self.eval_thread_into(i, &mut out)?;
        Ok(out)
    }

    fn eval_thread_into(&self, i: &Nat, out: &mut Phase) -> Result<(), NoDerivation> {
        step()?;
        match self {
            // U-SKIP
            U::Skip => Ok(()),
            // U-ACC
            U::Acc(a) => {
                let index = a.index.iter().map(NExp::eval).collect::<Result<_, _>>()?;
                out.insert(AccessValue::new(i.clone(), a.mode, index));
                Ok(())
            }
            // U-SEQ
            U::Seq(a, b) => {
                a.eval_thread_into(i, out)?;
                b.eval_thread_into(i, out)
            }
            // U-IF-T / U-IF-F
            U::If(b, t, e) => {
                if b.eval()? {
                    t.eval_thread_into(i, out)
                } else {
                    e.eval_thread_into(i, out)
                }
            }
            // U-FOR-1 (n ≥ m: no accesses) / U-FOR-2 (run body at x := n, then n+1..m)
            U::For(x, n, m, body) => {
                let (lo, hi) = range_bounds(n, m)?;
                let mut k = lo;
                while k < hi {
                    body.subst(x, &NExp::Num(k.clone()))
                        .eval_thread_into(i, out)?;
                    k += 1u32;
                }
                Ok(())
            }
        }
    }

    /// `u ↓ P` (Fig. 5, rule U-PAR): the union of `u[tid := i] ↓_i P_i` for
    /// every thread `i ∈ T`.
    pub fn eval_par(&self, threads: &Threads) -> Result<Phase, NoDerivation> {
        let mut out = Phase::new();
        for i in 0..threads.count {
            let owner = Nat::from(i);
            threads
                .instantiate(self, i)
                .eval_thread_into(&owner, &mut out)?;
        }
        Ok(out)
    }
}

impl W {
    /// `p ↓ H` (Fig. 5, rules W-SYNC, W-SEQ, W-FOR-1, W-FOR-2).
    ///
    /// In W-FOR-2 the remaining loop is `forS x ∈ n+1..m`; as `n` is closed we
    /// write the successor as the numeral it evaluates to (the same by Lemma 2).
    pub fn eval(&self, threads: &Threads) -> Result<History, NoDerivation> {
        match self {
            // W-SYNC: u; sync ↓ [P, ∅]
            W::Sync(u) => {
                let p = u.eval_par(threads)?;
                Ok([p, Phase::new()].into_iter().collect())
            }
            // W-SEQ: p; q ↓ H ⊙ H'
            W::Seq(p, q) => Ok(merge(&p.eval(threads)?, &q.eval(threads)?)),
            W::For(u1, x, n, m, p, u2) => {
                let (lo, hi) = range_bounds(n, m)?;
                if lo >= hi {
                    return Err(NoDerivation::EmptySyncLoop {
                        var: x.clone(),
                        lo,
                        hi,
                    });
                }
                // W-FOR-2 applied to n, n+1, …, m-2 and W-FOR-1 to m-1 give
                // [P1] ⊙ H_n ⊙ [P2_n] ⊙ [∅] ⊙ H_{n+1} ⊙ [P2_{n+1}] ⊙ … (the
                // remaining loops start with `skip`, whose phase is ∅).  ⊙ is
                // associative and [∅] its unit on the right of a non-empty
                // history, so this left fold is the same history as the
                // rules' right-nested one, without recursing per iteration.
                let mut out = single(u1.eval_par(threads)?);
                let mut k = lo;
                while k < hi {
                    step()?;
                    let xn = NExp::Num(k.clone());
                    merge_into(&mut out, p.subst(x, &xn).eval(threads)?);
                    merge_into(&mut out, single(u2.subst(x, &xn).eval_par(threads)?));
                    k += 1u32;
                }
                Ok(out)
            }
        }
    }
}

/// `acc := acc ⊙ h` in place (`merge` copies both operands).
fn merge_into(acc: &mut History, mut h: History) {
    match (acc.pop_back(), h.pop_front()) {
        (Some(last), Some(first)) => acc.push_back(last.union(first)),
        (Some(last), None) => acc.push_back(last),
        (None, Some(first)) => acc.push_back(first),
        (None, None) => {}
    }
    acc.append(h);
}

fn single(p: Phase) -> History {
    std::iter::once(p).collect()
}

/// `n ≥ m` as a boolean expression (used when stating loop side conditions).
pub fn range_is_empty(n: &NExp, m: &NExp) -> BExp {
    BExp::rel(ROp::Ge, n.clone(), m.clone())
}

// ---------------------------------------------------------------------------
// Printing in the `.proto` text syntax
// ---------------------------------------------------------------------------

/// Indentation-aware printer shared by every protocol language.
pub struct Printer {
    out: String,
    indent: usize,
}

impl Printer {
    pub fn new() -> Printer {
        Printer {
            out: String::new(),
            indent: 0,
        }
    }
    /// Writes one line at the current indentation.
    pub fn line(&mut self, text: &str) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }
    pub fn open(&mut self, text: &str) {
        self.open_with(&format!("{text} {{"));
    }
    /// Writes a line and indents what follows.
    pub fn open_with(&mut self, text: &str) {
        self.line(text);
        self.indent += 1;
    }
    /// Closes a block and opens the next one on the same line (`} else {`).
    pub fn middle(&mut self, text: &str) {
        self.indent -= 1;
        self.line(text);
        self.indent += 1;
    }
    /// Closes a block with a custom closing token.
    pub fn close_with(&mut self, token: &str, text: &str) {
        self.indent -= 1;
        self.line(&format!("{token}{text}"));
    }
    pub fn close(&mut self, text: &str) {
        self.indent -= 1;
        self.line(&format!("}}{text}"));
    }
    pub fn finish(self) -> String {
        self.out
    }
}

impl Default for Printer {
    fn default() -> Self {
        Printer::new()
    }
}

impl U {
    /// Flattens nested sequences into a list of non-sequence statements.
    pub fn flatten(&self) -> Vec<&U> {
        match self {
            U::Seq(a, b) => {
                let mut v = a.flatten();
                v.extend(b.flatten());
                v
            }
            _ => vec![self],
        }
    }

    /// Prints `u` as statements (one per line, `;` separated).
    pub fn print_into(&self, pr: &mut Printer) {
        let items = self.flatten();
        let n = items.len();
        for (k, item) in items.into_iter().enumerate() {
            let sep = if k + 1 < n { ";" } else { "" };
            item.print_stmt(pr, sep);
        }
    }

    fn print_stmt(&self, pr: &mut Printer, sep: &str) {
        match self {
            U::Skip => pr.line(&format!("skip{sep}")),
            U::Acc(a) => pr.line(&format!("{a}{sep}")),
            U::Seq(..) => unreachable!("flattened"),
            U::If(b, t, e) => {
                pr.open(&format!("if {b}"));
                t.print_into(pr);
                pr.middle("} else {");
                e.print_into(pr);
                pr.close(sep);
            }
            U::For(x, n, m, body) => {
                pr.open(&format!("forU {x} in {n}..{m}"));
                body.print_into(pr);
                pr.close(sep);
            }
        }
    }
}

impl W {
    /// Prints `p` as statements; `sep` follows the last one.
    pub fn print_into(&self, pr: &mut Printer, sep: &str) {
        match self {
            W::Sync(u) => {
                if *u != U::Skip {
                    u.print_into_with_sep(pr);
                }
                pr.line(&format!("sync{sep}"));
            }
            W::Seq(p, q) => {
                p.print_into(pr, ";");
                q.print_into(pr, sep);
            }
            W::For(u1, x, n, m, p, u2) => {
                if *u1 != U::Skip {
                    u1.print_into_with_sep(pr);
                }
                pr.open(&format!("forS {x} in {n}..{m}"));
                let body_sep = if *u2 == U::Skip { "" } else { ";" };
                p.print_into(pr, body_sep);
                if *u2 != U::Skip {
                    u2.print_into(pr);
                }
                pr.close(sep);
            }
        }
    }
}

impl U {
    /// Prints `u` followed by `;` (it is always followed by more statements).
    pub fn print_into_with_sep(&self, pr: &mut Printer) {
        for item in self.flatten() {
            item.print_stmt(pr, ";");
        }
    }
}

impl fmt::Display for U {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut pr = Printer::new();
        self.print_into(&mut pr);
        f.write_str(pr.finish().trim_end())
    }
}

impl fmt::Display for W {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut pr = Printer::new();
        self.print_into(&mut pr, "");
        f.write_str(pr.finish().trim_end())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::{safe, AccessValue};

    fn x() -> NExp {
        NExp::var("x")
    }

    #[test]
    fn example2_empty_synchronized_loop_has_no_derivation() {
        let p = W::for_(
            U::acc(Access::wr(NExp::tid())),
            "x",
            NExp::num(0),
            NExp::num(0),
            W::Sync(U::Skip),
            U::Skip,
        );
        assert!(matches!(
            p.eval(&Threads::new(2)),
            Err(NoDerivation::EmptySyncLoop { .. })
        ));
    }

    #[test]
    fn listing_2_2_is_racy_iff_m_greater_than_one() {
        // forU j in 0..M {rd[tid+j]}; forU i in 0..M {wr[tid]}
        let u = |m: u64| {
            U::seq(
                U::for_(
                    "j",
                    NExp::num(0),
                    NExp::num(m),
                    U::acc(Access::rd(NExp::add(NExp::tid(), NExp::var("j")))),
                ),
                U::for_(
                    "i",
                    NExp::num(0),
                    NExp::num(m),
                    U::acc(Access::wr(NExp::tid())),
                ),
            )
        };
        for (m, drf) in [(1, true), (2, false), (3, false)] {
            let h = W::Sync(u(m)).eval(&Threads::new(2)).unwrap();
            assert_eq!(safe(&h), drf, "M = {m}");
        }
    }

    #[test]
    fn w_sync_produces_two_phases_and_loops_merge_iterations() {
        // forS x in 0..2 { wr[x]; sync }  over 2 threads
        let p = W::for_(
            U::Skip,
            "x",
            NExp::num(0),
            NExp::num(2),
            W::Sync(U::acc(Access::wr(x()))),
            U::Skip,
        );
        let h = p.eval(&Threads::new(2)).unwrap();
        assert_eq!(h.len(), 3);
        let w = |t: u64, j: u64| AccessValue::new(t, Mode::Wr, vec![Nat::from(j)]);
        assert!(h[0].contains(&w(0, 0)) && h[0].contains(&w(1, 0)));
        assert!(h[1].contains(&w(1, 1)));
        assert!(h[2].is_empty());
    }

    #[test]
    fn substitution_avoids_capture() {
        // (forU y in 0..2 { wr[x + y] })[x := y]  must not capture y.
        let u = U::for_(
            "y",
            NExp::num(0),
            NExp::num(2),
            U::acc(Access::wr(NExp::add(x(), NExp::var("y")))),
        );
        let s = u.subst("x", &NExp::var("y"));
        assert_eq!(s.fv(), ["y".to_string()].into_iter().collect());
        let closed = s.subst("y", &NExp::num(10));
        let p = closed.eval_thread(&Nat::from(0u32)).unwrap();
        let idx: Vec<u64> = p
            .iter()
            .map(|a| a.index[0].to_string().parse().unwrap())
            .collect();
        assert_eq!(idx, vec![10, 11]);
    }
}
