//! Barrier divergence decided semantically (`docs/barrier-divergence.md`;
//! `ARCHITECTURE.md`, "Barrier divergence").
//!
//! A synchronized conditional or loop must be *uniform*: every thread of a
//! block takes the same branch, runs the same iterations (`seeds/000_*`,
//! Sec. 6; `seeds/001_*`, barrier divergence).  [`crate::wellformed`]
//! accepts a condition on parameters alone at once; a condition (or loop
//! bound) that mentions a thread identifier or a thread-local unknown comes
//! here, and is decided with Z3 under the kernel's assumptions (launch
//! dimensions, `__requires`, `assume`), the decisions of the enclosing
//! synchronized conditionals (the case being built) and the ranges of the
//! enclosing synchronized loop variables (shared by all threads: they are
//! in the same iteration).  This is the one place where it is decided.
//!
//! 1. The *representative* `r` of the condition `c` is `c` with every thread
//!    identifier and every thread-local unknown (but those of
//!    [`Kernel::iteration_uniform`]) replaced by 0 (thread `(0,0,0)` of the
//!    block), simplified.  Z3 is asked for one thread, its
//!    thread-locals and parameters with `c ≠ r` (for a loop: a bound that
//!    differs from its representative).
//! 2. `unsat`: every thread of every block agrees with `r`, which mentions
//!    parameters (and enclosing synchronized loop variables) only.  The
//!    construct is uniform and [`Uniform::Same`] gives `r` in its place, so
//!    the protocol stays well-formed (the case split then goes on as for a
//!    parameter condition).  The accesses under it keep their thread
//!    identifiers: only the condition is replaced, and it has the same value
//!    as before in every thread — the protocol's executions are the
//!    kernel's.
//! 3. `sat`: Z3 is asked for two distinct threads (same parameters, so the
//!    same block when `blockIdx` is a parameter) on which `c` differs.  A
//!    model is [`Uniform::Differ`], the divergence with the two threads as
//!    its witness.  Should that query be `unsat` (the condition is uniform
//!    but thread 0 with unknowns 0 is not a valid representative, e.g. an
//!    assumption excludes 0), or undecided, the answer is
//!    [`Uniform::Undecided`].
//! 4. `unknown` or a timeout: [`Uniform::Undecided`]; the caller reports a
//!    possible divergence, never DRF.
//!
//! Thread-local unknowns are free per thread (a value read from memory can
//! differ between threads), so a condition on one is uniform only when it
//! does not really depend on it.  Values that the front end proves the same
//! in all threads of a block (a `__shared__` cell read after a barrier) are
//! not thread-local unknowns in the first place (`frontend::cuda::infer`).
//! Values it proves the same in all threads of a block *within one
//! iteration* of the enclosing synchronized loops
//! ([`Kernel::iteration_uniform`]) are shared by the threads of these
//! queries (both are in the same iteration) and kept in the
//! representative; [`crate::wellformed`] then reports the construct as not
//! supported (`unknown`), like a condition on a synchronized loop variable:
//! the case split would fix for the whole run a value that may change from
//! one iteration to the next.

use crate::kernel::Kernel;
use crate::params::{fixed_env, parameters, thread_locals};
use crate::smt::{thread_copy, Answer, Model, QueryContext, Session};
use crate::verdict::CheckOptions;
use semantics::expr::{BExp, NExp, NOp, Nat, ROp, Var};
use std::cell::RefCell;
use std::collections::BTreeMap;

/// An enclosing synchronized loop: variable and range.
pub type Enclosing = (Var, NExp, NExp);

/// Is a thread-dependent condition (or pair of loop bounds) uniform?
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Uniform<T> {
    /// Uniform: the same value in every thread, this thread-free term.
    Same(T),
    /// Two threads of a block disagree: the witness, in words.
    Differ(String),
    /// The solver could not decide (why).
    Undecided(String),
    /// Not uniform in the block, but uniform in every tile of the
    /// kernel's [`Kernel::tile`] (`within`): the two threads of its
    /// queries, which are in one tile, agree on it.
    WithinTile,
}

/// The SMT questions of one kernel (cached: the case split of
/// [`crate::wellformed`] meets the same construct again in every case).
pub struct Divergence<'a> {
    kernel: &'a Kernel,
    session: &'a Session,
    opts: &'a CheckOptions,
    /// Thread identifiers and thread-local unknowns.
    thread_vars: Vec<Var>,
    cache: RefCell<BTreeMap<String, Uniform<Vec<Term>>>>,
}

/// A condition or a loop bound.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Term {
    B(BExp),
    N(NExp),
}

impl Term {
    fn subst(&self, x: &str, m: &NExp) -> Term {
        match self {
            Term::B(b) => Term::B(b.subst(x, m)),
            Term::N(n) => Term::N(n.subst(x, m)),
        }
    }

    fn simplify(&self) -> Term {
        match self {
            Term::B(b) => Term::B(b.simplify()),
            Term::N(n) => Term::N(n.simplify()),
        }
    }

    /// `self = other` as a condition.
    fn same(&self, other: &Term) -> BExp {
        match (self, other) {
            (Term::B(a), Term::B(b)) => BExp::or(
                BExp::and(a.clone(), b.clone()),
                BExp::and(BExp::not(a.clone()), BExp::not(b.clone())),
            ),
            (Term::N(a), Term::N(b)) => BExp::rel(ROp::Eq, a.clone(), b.clone()),
            _ => BExp::Bool(false),
        }
    }

    fn show_value(&self) -> Option<String> {
        match self {
            Term::B(b) => b.eval().ok().map(|d| d.to_string()),
            Term::N(n) => n.eval().ok().map(|v| v.to_string()),
        }
    }
}

impl<'a> Divergence<'a> {
    pub fn new(kernel: &'a Kernel, session: &'a Session, opts: &'a CheckOptions) -> Self {
        Divergence {
            kernel,
            session,
            opts,
            thread_vars: thread_locals(kernel)
                .into_iter()
                .filter(|x| !kernel.iteration_uniform.contains(x))
                .collect(),
            cache: RefCell::new(BTreeMap::new()),
        }
    }

    /// Is the synchronized condition `cond` uniform, given the case's
    /// `facts` and the enclosing synchronized loops?
    pub fn condition(&self, cond: &BExp, facts: &[BExp], ranges: &[Enclosing]) -> Uniform<BExp> {
        match self.decide(&[Term::B(cond.clone())], facts, ranges) {
            Uniform::Same(mut t) => match t.pop() {
                Some(Term::B(b)) => Uniform::Same(b),
                _ => Uniform::Undecided("internal error: not a condition".into()),
            },
            Uniform::Differ(w) => Uniform::Differ(w),
            Uniform::Undecided(w) => Uniform::Undecided(w),
            Uniform::WithinTile => Uniform::WithinTile,
        }
    }

    /// Are the bounds `lo..hi` of a synchronized loop uniform?
    pub fn bounds(
        &self,
        lo: &NExp,
        hi: &NExp,
        facts: &[BExp],
        ranges: &[Enclosing],
    ) -> Uniform<(NExp, NExp)> {
        match self.decide(&[Term::N(lo.clone()), Term::N(hi.clone())], facts, ranges) {
            Uniform::Same(t) => match t.as_slice() {
                [Term::N(lo), Term::N(hi)] => Uniform::Same((lo.clone(), hi.clone())),
                _ => Uniform::Undecided("internal error: not loop bounds".into()),
            },
            Uniform::Differ(w) => Uniform::Differ(w),
            Uniform::Undecided(w) => Uniform::Undecided(w),
            Uniform::WithinTile => Uniform::WithinTile,
        }
    }

    fn decide(&self, terms: &[Term], facts: &[BExp], ranges: &[Enclosing]) -> Uniform<Vec<Term>> {
        let key = format!("{terms:?}|{facts:?}|{ranges:?}");
        if let Some(hit) = self.cache.borrow().get(&key) {
            return hit.clone();
        }
        let answer = self.ask(terms, facts, ranges);
        self.cache.borrow_mut().insert(key, answer.clone());
        answer
    }

    fn context(&self, facts: &[BExp]) -> QueryContext {
        let mut globals: Vec<BExp> = self
            .kernel
            .program
            .assumptions
            .iter()
            .map(|a| a.cond.clone())
            .collect();
        globals.extend(facts.iter().cloned());
        QueryContext {
            logic: self.opts.logic,
            thread_ids: self.kernel.threads.ids(),
            locals: self.locals(),
            params: self.params(),
            fixed: fixed_env(self.kernel, self.opts),
            globals,
            pairs: Default::default(),
            chains: Default::default(),
        }
    }

    /// The thread-locals that differ between threads of an iteration.
    fn locals(&self) -> Vec<Var> {
        let alike = &self.kernel.iteration_uniform;
        let locals = &self.kernel.program.locals;
        locals
            .iter()
            .filter(|x| !alike.contains(x))
            .cloned()
            .collect()
    }

    /// The parameters, and the thread-locals all threads of a block have
    /// alike in an iteration ([`Kernel::iteration_uniform`]): the two
    /// threads of a question are in the same iteration.
    fn params(&self) -> Vec<Var> {
        let mut params = parameters(self.kernel);
        params.extend(self.kernel.iteration_uniform.iter().cloned());
        params
    }

    /// Thread `k`'s copy of `t`.
    fn copy(&self, t: &Term, k: usize) -> Term {
        self.thread_vars
            .iter()
            .fold(t.clone(), |t, x| t.subst(x, &NExp::var(&thread_copy(x, k))))
    }

    /// The two threads of a question are in one tile of the kernel's
    /// [`Kernel::tile`] (`None`: the kernel is about any two threads).
    fn same_tile(&self) -> Option<BExp> {
        let t = self.kernel.tile.as_ref()?;
        let n = NExp::num(u64::from(t.within?));
        let tile = |k: usize| match self.copy(&Term::N(t.linear.clone()), k) {
            Term::N(l) => NExp::bin(NOp::Div, l, n.clone()),
            Term::B(_) => unreachable!("a copy of a number is a number"),
        };
        Some(BExp::rel(ROp::Eq, tile(1), tile(2)))
    }

    /// `t` for thread 0 with its thread-local unknowns 0.
    fn representative(&self, t: &Term) -> Term {
        self.thread_vars
            .iter()
            .fold(t.clone(), |t, x| t.subst(x, &NExp::num(0)))
            .simplify()
    }

    fn ask(&self, terms: &[Term], facts: &[BExp], ranges: &[Enclosing]) -> Uniform<Vec<Term>> {
        let ctx = self.context(facts);
        let timeout = self.opts.timeout_ms;
        let reps: Vec<Term> = terms.iter().map(|t| self.representative(t)).collect();
        let all = |parts: Vec<BExp>| {
            parts
                .into_iter()
                .reduce(BExp::and)
                .unwrap_or(BExp::Bool(true))
        };
        let agrees = all(terms
            .iter()
            .zip(&reps)
            .map(|(t, r)| self.copy(t, 1).same(r))
            .collect());
        match self
            .session
            .thread_counterexample(ranges, 1, &agrees, &ctx, timeout)
        {
            Answer::Unsat => return Uniform::Same(reps),
            Answer::Unknown(why) => return Uniform::Undecided(why.to_string()),
            Answer::Sat(_) => {}
        }
        let two = all(terms
            .iter()
            .map(|t| self.copy(t, 1).same(&self.copy(t, 2)))
            .collect());
        let tile = self.same_tile();
        let two = match &tile {
            Some(same) => BExp::or(BExp::not(same.clone()), two),
            None => two,
        };
        match self
            .session
            .thread_counterexample(ranges, 2, &two, &ctx, timeout)
        {
            Answer::Sat(model) => Uniform::Differ(self.witness(terms, &model)),
            Answer::Unsat if tile.is_some() => Uniform::WithinTile,
            Answer::Unsat => Uniform::Undecided(
                "uniform, but thread 0 with thread-local values 0 does not stand for the others"
                    .into(),
            ),
            Answer::Unknown(why) => Uniform::Undecided(why.to_string()),
        }
    }

    /// A synchronized construct `what` at `span` and the thread-local `x`
    /// it depends on, as the kernel's user reads them: `what` by its
    /// location when it names a variable of the encoding, `x` by the
    /// expression it stands for ([`crate::c_terms::user_name`]).
    pub fn user_terms(
        &self,
        what: &str,
        x: &str,
        span: semantics::surface::Span,
    ) -> (String, String) {
        let what = if crate::c_terms::names_internal(self.kernel, what) {
            let kind = what.split('`').next().unwrap_or(what).trim();
            format!("{kind} at {span}")
        } else {
            what.to_string()
        };
        (what, crate::c_terms::user_name(self.kernel, x))
    }

    /// The two threads of a model, and what each sees.
    fn witness(&self, terms: &[Term], model: &Model) -> String {
        let value = |name: &str| model.get(name).map(Nat::to_string);
        let mut mentioned: Vec<Var> = Vec::new();
        for t in terms {
            let fv = match t {
                Term::B(b) => b.fv(),
                Term::N(n) => n.fv(),
            };
            mentioned.extend(fv);
        }
        let nat = |name: &str| model.get(name).cloned();
        let thread = |k: usize| {
            let ids = self.kernel.threads.ids();
            let values: BTreeMap<Var, Nat> = ids
                .iter()
                .map(|(x, _)| x)
                .chain(self.locals().iter().filter(|x| mentioned.contains(x)))
                .filter_map(|x| Some((x.clone(), nat(&format!("t{k}.{x}"))?)))
                .collect();
            let parts = crate::c_terms::value_parts(self.kernel, &values);
            // Each term's value in this thread, when every variable is known.
            let seen: Vec<String> = terms
                .iter()
                .filter_map(|t| {
                    let mut t = t.clone();
                    for x in t_fv(&t) {
                        let v = value(&format!("t{k}.{x}")).or_else(|| value(&format!("p.{x}")));
                        if let Some(v) = v {
                            t = t.subst(&x, &NExp::Num(v.parse().ok()?));
                        }
                    }
                    t.show_value()
                })
                .collect();
            let seen = if seen.len() == terms.len() {
                format!(" sees {}", seen.join(".."))
            } else {
                String::new()
            };
            format!("({}){seen}", parts.join(", "))
        };
        let values: BTreeMap<Var, Nat> = self
            .params()
            .iter()
            .filter(|x| mentioned.contains(x) || self.bound_vars().contains(x))
            .filter_map(|x| Some((x.clone(), nat(&format!("p.{x}"))?)))
            .collect();
        let params = crate::c_terms::value_parts(self.kernel, &values);
        let with = if params.is_empty() {
            String::new()
        } else {
            format!(" with {}", params.join(", "))
        };
        format!("thread {} and thread {}{with}", thread(1), thread(2))
    }

    /// The parameters of the thread bounds (`blockDim.x`, `T`).
    fn bound_vars(&self) -> Vec<Var> {
        self.kernel
            .threads
            .ids()
            .iter()
            .flat_map(|(_, b)| b.fv())
            .collect()
    }
}

fn t_fv(t: &Term) -> Vec<Var> {
    match t {
        Term::B(b) => b.fv().into_iter().collect(),
        Term::N(n) => n.fv().into_iter().collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use semantics::surface::StmtKind;

    fn kernel(src: &str) -> Kernel {
        Kernel::from_protocol_text("test", src).expect("parses")
    }

    fn parse_bexp(c: &str) -> BExp {
        let p = semantics::surface::parse(&format!("if {c} {{ sync }}")).expect("condition");
        match &p.body[0].kind {
            StmtKind::If { cond, .. } => cond.clone(),
            other => panic!("{other:?}"),
        }
    }

    fn parse_nexp(n: &str) -> NExp {
        let p =
            semantics::surface::parse(&format!("forS i in 0..{n} {{ sync }}")).expect("expression");
        match &p.body[0].kind {
            StmtKind::For { hi, .. } => hi.clone(),
            other => panic!("{other:?}"),
        }
    }

    fn cond(k: &Kernel, c: &str, facts: &[&str]) -> Uniform<BExp> {
        let session = Session::new();
        let opts = CheckOptions::default();
        let d = Divergence::new(k, &session, &opts);
        let facts: Vec<BExp> = facts.iter().map(|f| parse_bexp(f)).collect();
        d.condition(&parse_bexp(c), &facts, &[])
    }

    #[test]
    fn a_condition_every_thread_agrees_on_is_replaced_by_thread_zero() {
        let k = kernel("param N; assume N == 64; wr[tid]");
        // tid < T holds for every thread: the representative is `0 < T`.
        assert_eq!(cond(&k, "tid < T", &[]), Uniform::Same(parse_bexp("0 < T")));
        // tid * 0 == 0 holds in every thread.
        assert!(matches!(cond(&k, "tid * 0 == 0", &[]), Uniform::Same(_)));
    }

    #[test]
    fn two_threads_that_disagree_are_the_witness() {
        let k = kernel("wr[tid]");
        match cond(&k, "tid < 16", &[]) {
            Uniform::Differ(w) => {
                assert!(w.contains("tid="), "{w}");
                assert!(w.contains("sees true") && w.contains("sees false"), "{w}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_case_facts_make_a_condition_uniform() {
        let k = kernel("wr[tid]");
        // With T ≤ 16, every thread has tid < 16.
        assert!(matches!(
            cond(&k, "tid < 16", &["T <= 16"]),
            Uniform::Same(_)
        ));
        assert!(matches!(
            cond(&k, "tid < 16", &["T <= 17"]),
            Uniform::Differ(_)
        ));
    }

    #[test]
    fn a_thread_local_unknown_is_free_in_each_thread() {
        let k = kernel("local x; wr[tid]; rd[x]");
        assert!(matches!(cond(&k, "x < 4", &[]), Uniform::Differ(_)));
        assert!(matches!(cond(&k, "x * 0 < 4", &[]), Uniform::Same(_)));
    }

    #[test]
    fn a_value_alike_within_an_iteration_is_shared_and_kept() {
        let mut k = kernel("local x; wr[tid]; rd[x]");
        k.iteration_uniform = vec!["x".into()];
        // Both threads see the same x: uniform, and the representative
        // keeps x (it may change between iterations).
        assert_eq!(cond(&k, "x < 4", &[]), Uniform::Same(parse_bexp("x < 4")));
        // Still divergent when the threads disagree for the same x.
        assert!(matches!(cond(&k, "x < tid", &[]), Uniform::Differ(_)));
        let w = crate::wellformed::wellformed(
            &kernel_with(&k, "forS i in 0..N { if x < 4 { sync } }"),
            "",
            &CheckOptions::default(),
            &Session::new(),
        );
        assert!(
            matches!(&w, Err(crate::wellformed::WfError::Unknown { reason, .. }) if reason.contains("may change between iterations")),
            "{w:?}"
        );
    }

    /// `k` with the program of `src`.
    fn kernel_with(k: &Kernel, src: &str) -> Kernel {
        let mut program = semantics::surface::parse(src).expect("parses");
        program.locals = k.program.locals.clone();
        Kernel {
            program,
            ..k.clone()
        }
    }

    #[test]
    fn loop_bounds_that_agree_in_every_thread_are_uniform() {
        let k = kernel("assume T == 256; wr[tid]");
        let session = Session::new();
        let opts = CheckOptions::default();
        let d = Divergence::new(&k, &session, &opts);
        let n = parse_nexp;
        // (512 - (tid + 1)) / 256 is 1 for every tid < 256.
        assert_eq!(
            d.bounds(&n("0"), &n("(512 - (tid + 1)) / 256"), &[], &[]),
            Uniform::Same((n("0"), n("1")))
        );
        assert!(matches!(
            d.bounds(&n("0"), &n("(256 - (tid + 1)) / 128"), &[], &[]),
            Uniform::Differ(_)
        ));
    }
}
