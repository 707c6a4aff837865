//! From protocol closures to one SMT query (the disjunction of Example 5),
//! and validity goals to counterexample scripts (see [`crate::smt`]).

use super::script::{and_all, or_all, Builder, Env};
use crate::numbered::{AccessId, C, U};
use crate::verdict::IntModel;
use semantics::expr::{BExp, NExp, Nat, ROp, Var};
use semantics::Mode;
use std::collections::{BTreeMap, BTreeSet};

/// Source name and SMT name of the constants of one role.
pub type Names = Vec<(Var, String)>;

/// What every query of a kernel shares.
#[derive(Clone, Debug)]
pub struct QueryContext {
    pub logic: IntModel,
    /// Thread identifier variables and their (exclusive) bounds.
    pub thread_ids: Vec<(Var, NExp)>,
    /// Thread-local unknowns (one copy per thread).
    pub locals: Vec<Var>,
    /// Every parameter of the kernel (thread-global), including `T`.
    pub params: Vec<Var>,
    /// Fixed parameter values.
    pub fixed: BTreeMap<Var, Nat>,
    /// Global facts: `assume` constraints and case-split decisions.
    pub globals: Vec<BExp>,
}

/// One access occurrence of a thread's disjunction.
#[derive(Clone, Debug)]
pub struct Occurrence {
    /// The source access (see [`crate::numbered`]).
    pub access: AccessId,
    /// The closure it belongs to (position in the query).
    pub closure: usize,
    pub dims: usize,
    /// Its unsynchronized loop variables: source name, SMT name.
    pub loop_vars: Names,
}

/// An SMT query in SMT-LIB 2 text, with what is needed to read a model back.
#[derive(Clone, Debug)]
pub struct Query {
    /// Declarations and assertions (no `check-sat`).
    pub text: String,
    pub logic: IntModel,
    /// Parameters: source name, SMT name.
    pub params: Names,
    /// Per closure of the query: its `var` variables (source name, SMT name).
    pub sync_vars: Vec<Names>,
    /// Per thread: identifier variables and thread-locals (source, SMT).
    pub ids: [Names; 2],
    pub locals: [Names; 2],
    /// Per thread: the occurrences, numbered by position (the value of `acc1`, `acc2`).
    pub occurrences: [Vec<Occurrence>; 2],
}

impl Query {
    /// The complete SMT-LIB script (`--show smt`).
    pub fn script(&self) -> String {
        format!("{}(check-sat)\n(get-model)\n", self.text)
    }
}

/// Encodes a closure; `None` when it cannot race (no conflicting modes).
pub fn encode(closure: &C, ctx: &QueryContext) -> Option<Query> {
    encode_all(std::slice::from_ref(closure), ctx)
}

/// Encodes several closures as one query: a race in *some* closure.  The
/// threads, parameters and race condition are shared; each closure
/// contributes one alternative (its ranges and both threads' access
/// disjunctions), and the access selectors `acc1`, `acc2` (numbered across
/// closures) tell which closure a model is about.  `None` when no closure
/// can race.
pub fn encode_all(closures: &[C], ctx: &QueryContext) -> Option<Query> {
    let selected: Vec<&C> = closures.iter().filter(|c| may_conflict(c)).collect();
    if selected.is_empty() {
        return None;
    }
    let mut b = Builder::new(ctx.logic);
    let params = b.declare_params(ctx);
    let shared: Env = params.iter().cloned().collect();
    let mut ids = [Vec::new(), Vec::new()];
    let mut locals = [Vec::new(), Vec::new()];
    let mut envs = [shared.clone(), shared.clone()];
    for k in 0..2 {
        let thread = b.declare_thread(k, ctx, &shared, &mut envs[k]);
        ids[k] = thread.ids;
        locals[k] = thread.locals;
    }
    b.assert_distinct(&ids);
    b.assert_globals(ctx, &shared, &envs);
    let dims = selected
        .iter()
        .map(|c| max_dims(c.innermost()))
        .max()
        .unwrap_or(0);
    b.declare_selectors(dims);
    let mut occurrences = [Vec::new(), Vec::new()];
    let mut sync_vars = Vec::new();
    let mut alternatives = Vec::new();
    for (j, c) in selected.iter().enumerate() {
        let mut closure_env = shared.clone();
        let open = b.open_closure(j, c, &mut closure_env);
        let mut parts = open.ranges;
        for k in 0..2 {
            let mut env = closure_env.clone();
            env.extend(ids[k].iter().chain(&locals[k]).cloned());
            parts.push(b.thread_accesses(k, j, open.body, &mut env, &mut occurrences[k]));
        }
        alternatives.push(and_all(&parts));
        sync_vars.push(open.vars);
    }
    b.assert(&or_all(&alternatives));
    b.assert_race(dims);
    Some(Query {
        text: b.finish(),
        logic: ctx.logic,
        params,
        sync_vars,
        ids,
        locals,
        occurrences,
    })
}

/// The negation of a validity goal as an SMT script (see [`Session::valid`]); `None`
/// when the goal mentions a variable that is neither a parameter nor a
/// loop variable of `ranges`.
pub(super) fn counterexample_script(
    ranges: &[(Var, NExp, NExp)],
    goal: &BExp,
    ctx: &QueryContext,
) -> Option<String> {
    let mut b = Builder::new(ctx.logic);
    let params = b.declare_params(ctx);
    let mut env: Env = params.iter().cloned().collect();
    for g in &ctx.globals {
        if g.fv().iter().all(|x| env.contains_key(x)) {
            let f = b.bexp(g, &env);
            b.assert(&f);
        }
    }
    for (k, (x, lo, hi)) in ranges.iter().enumerate() {
        let (lo, hi) = (b.nexp(lo, &env), b.nexp(hi, &env));
        let s = b.declare(&format!("r{k}.{x}"));
        let range = format!(
            "(and {} {})",
            b.rel(ROp::Le, &lo, &s),
            b.rel(ROp::Lt, &s, &hi)
        );
        b.assert(&range);
        env.insert(x.clone(), s);
    }
    if goal.fv().iter().any(|x| !env.contains_key(x)) {
        return None;
    }
    let g = b.bexp(goal, &env);
    b.assert(&format!("(not {g})"));
    Some(b.finish())
}

/// Does the closure have a write, or an atomic together with a read?
fn may_conflict(c: &C) -> bool {
    let modes: BTreeSet<Mode> = c
        .innermost()
        .sites()
        .iter()
        .map(|s| s.access.mode)
        .collect();
    modes.contains(&Mode::Wr) || (modes.contains(&Mode::Atomic) && modes.contains(&Mode::Rd))
}

/// The largest number of index dimensions of an access of `u`.
fn max_dims(u: &U) -> usize {
    u.sites()
        .iter()
        .map(|s| s.access.index.len())
        .max()
        .unwrap_or(0)
}

fn mode_code(m: Mode) -> u64 {
    match m {
        Mode::Rd => 0,
        Mode::Wr => 1,
        Mode::Atomic => 2,
    }
}

impl Builder {
    fn declare_params(&mut self, ctx: &QueryContext) -> Names {
        let mut out = Vec::new();
        for x in &ctx.params {
            let s = self.declare(&format!("p.{x}"));
            if let Some(v) = ctx.fixed.get(x) {
                let n = self.num(v);
                self.assert(&format!("(= {s} {n})"));
            }
            out.push((x.clone(), s));
        }
        out
    }

    /// Declares the `var` variables of closure `j`.
    fn open_closure<'c>(&mut self, j: usize, c: &'c C, env: &mut Env) -> OpenClosure<'c> {
        let mut vars = Vec::new();
        let mut ranges = Vec::new();
        let mut c = c;
        while let C::Var(x, n, m, inner) = c {
            let (lo, hi) = (self.nexp(n, env), self.nexp(m, env));
            let s = self.declare(&format!("c{j}.s{}.{x}", vars.len()));
            ranges.push(self.rel(ROp::Le, &lo, &s));
            ranges.push(self.rel(ROp::Lt, &s, &hi));
            env.insert(x.clone(), s.clone());
            vars.push((x.clone(), s));
            c = inner;
        }
        OpenClosure {
            vars,
            ranges,
            body: c.innermost(),
        }
    }

    /// Declares thread `k`'s identifiers (within bounds) and thread-locals.
    fn declare_thread(
        &mut self,
        k: usize,
        ctx: &QueryContext,
        shared: &Env,
        env: &mut Env,
    ) -> Thread {
        let mut ids = Vec::new();
        for (x, bound) in &ctx.thread_ids {
            let s = self.declare(&format!("t{}.{x}", k + 1));
            let hi = self.nexp(bound, shared);
            let lt = self.rel(ROp::Lt, &s, &hi);
            self.assert(&lt);
            env.insert(x.clone(), s.clone());
            ids.push((x.clone(), s));
        }
        let mut locals = Vec::new();
        for x in &ctx.locals {
            let s = self.declare(&format!("t{}.{x}", k + 1));
            env.insert(x.clone(), s.clone());
            locals.push((x.clone(), s));
        }
        Thread { ids, locals }
    }

    /// The two identifier tuples differ.
    fn assert_distinct(&mut self, ids: &[Names; 2]) {
        let diffs: Vec<String> = ids[0]
            .iter()
            .zip(&ids[1])
            .map(|((_, a), (_, b))| format!("(distinct {a} {b})"))
            .collect();
        self.assert(&or_all(&diffs));
    }

    /// Global facts hold (for each thread, when they mention thread variables).
    fn assert_globals(&mut self, ctx: &QueryContext, shared: &Env, envs: &[Env; 2]) {
        for g in &ctx.globals {
            let thread_dependent = g.fv().iter().any(|x| !shared.contains_key(x));
            if thread_dependent {
                for env in envs {
                    let f = self.bexp(g, env);
                    self.assert(&f);
                }
            } else {
                let f = self.bexp(g, shared);
                self.assert(&f);
            }
        }
    }

    /// Thread `k` performs one access of `u` (closure `j`): the disjunction
    /// of Example 5.  Occurrences are appended to `occs`.
    fn thread_accesses(
        &mut self,
        k: usize,
        j: usize,
        u: &U,
        env: &mut Env,
        occs: &mut Vec<Occurrence>,
    ) -> String {
        let mut disjuncts = Vec::new();
        let mut walk = Walk {
            k,
            closure: j,
            guard: Vec::new(),
            loop_vars: Vec::new(),
        };
        self.walk(u, env, &mut walk, occs, &mut disjuncts);
        or_all(&disjuncts)
    }

    fn walk(
        &mut self,
        u: &U,
        env: &mut Env,
        w: &mut Walk,
        occs: &mut Vec<Occurrence>,
        out: &mut Vec<String>,
    ) {
        match u {
            U::Skip => {}
            U::Acc(site) => {
                let (mode, index) = (site.access.mode, &site.access.index);
                // Thread symmetry: the first thread is the writer (or the atomic
                // against a read), so its reads are never needed.
                if w.k == 0 && mode == Mode::Rd {
                    return;
                }
                let k = w.k + 1;
                let mut parts = vec![
                    format!("(= |acc{k}| {})", self.lit(occs.len() as u64)),
                    format!("(= |mode{k}| {})", self.lit(mode_code(mode))),
                    format!("(= |dims{k}| {})", self.lit(index.len() as u64)),
                ];
                parts.extend(w.guard.iter().cloned());
                for (d, n) in index.iter().enumerate() {
                    let e = self.nexp(n, env);
                    parts.push(format!("(= |idx{k}.{d}| {e})"));
                }
                out.push(and_all(&parts));
                occs.push(Occurrence {
                    access: site.id,
                    closure: w.closure,
                    dims: index.len(),
                    loop_vars: w.loop_vars.clone(),
                });
            }
            U::Seq(a, b) => {
                self.walk(a, env, w, occs, out);
                self.walk(b, env, w, occs, out);
            }
            U::If(c, t, e) => {
                let cond = self.bexp(c, env);
                w.guard.push(cond.clone());
                self.walk(t, env, w, occs, out);
                w.guard.pop();
                w.guard.push(format!("(not {cond})"));
                self.walk(e, env, w, occs, out);
                w.guard.pop();
            }
            U::For(x, n, m, body) => self.walk_loop(x, n, m, body, env, w, occs, out),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn walk_loop(
        &mut self,
        x: &Var,
        n: &NExp,
        m: &NExp,
        body: &U,
        env: &mut Env,
        w: &mut Walk,
        occs: &mut Vec<Occurrence>,
        out: &mut Vec<String>,
    ) {
        let (lo, hi) = (self.nexp(n, env), self.nexp(m, env));
        self.fresh += 1;
        let s = self.declare(&format!("t{}.{x}#{}", w.k + 1, self.fresh));
        let range = format!(
            "(and {} {})",
            self.rel(ROp::Le, &lo, &s),
            self.rel(ROp::Lt, &s, &hi)
        );
        let saved = env.insert(x.clone(), s.clone());
        w.guard.push(range);
        w.loop_vars.push((x.clone(), s));
        self.walk(body, env, w, occs, out);
        w.loop_vars.pop();
        w.guard.pop();
        match saved {
            Some(old) => env.insert(x.clone(), old),
            None => env.remove(x),
        };
    }

    /// Declares the per-thread access selectors, modes and indices.
    fn declare_selectors(&mut self, dims: usize) {
        for k in 1..=2 {
            for name in [format!("acc{k}"), format!("mode{k}"), format!("dims{k}")] {
                self.declare(&name);
            }
            for d in 0..dims {
                self.declare(&format!("idx{k}.{d}"));
            }
        }
    }

    /// Asserts the race:
    /// same index in every dimension and conflicting modes.
    fn assert_race(&mut self, dims: usize) {
        self.assert("(= |dims1| |dims2|)");
        for d in 0..dims {
            self.assert(&format!("(= |idx1.{d}| |idx2.{d}|)"));
        }
        let (rd, wr, at) = (self.lit(0), self.lit(1), self.lit(2));
        // Thread symmetry (both threads are constrained alike): the first
        // thread holds the write, or the atomic against a read.
        self.assert(&format!(
            "(or (= |mode1| {wr}) (and (= |mode1| {at}) (= |mode2| {rd})))"
        ));
    }
}

/// The `var` variables of a closure (source name, SMT name), their range
/// conditions, and the unsynchronized protocol under them.
struct OpenClosure<'c> {
    vars: Names,
    ranges: Vec<String>,
    body: &'c U,
}

/// The constants of one thread: identifiers and thread-locals.
struct Thread {
    ids: Names,
    locals: Names,
}

struct Walk {
    k: usize,
    closure: usize,
    guard: Vec<String>,
    loop_vars: Names,
}
