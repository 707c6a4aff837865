//! From a protocol closure to one SMT query (Sec. 6 "Quantification",
//! Example 5 of `seeds/000_*`), solved with Z3.
//!
//! For a closure `var x1 in n1..m1; …; u` the query asks for
//!
//! * parameters (one copy, shared by both threads; naturals) and the
//!   closure's `var` variables within their ranges (shared: both threads are
//!   in the same phase);
//! * two threads with distinct identifier tuples, each identifier below its
//!   bound, each with its own thread-local unknowns;
//! * for each thread `k` one access of `u` (a disjunction over the accesses,
//!   selected by `acck`): its path condition, its own unsynchronized loop
//!   variables within their ranges, `idxk = index` in every dimension, and
//!   `modek = mode`;
//! * `idx1 = idx2` and conflicting modes ([`Mode::conflicts`]).  As both
//!   threads are constrained alike, the first thread is, without loss of
//!   generality, the one that writes (or the atomic against a read), so
//!   only its writes and atomics enter its disjunction.
//!
//! The query is linear in the size of the closure (one disjunct per access
//! per thread, not one query per pair of accesses).  `sat` is a race and the
//! model is its witness; `unknown` (or a timeout) is never DRF.
//!
//! The ℕ operators are total and encoded exactly (DESIGN.md "Numbers"):
//! `a - b = ite(a >= b, a - b, 0)`, `a / 0 = 0`, `a % 0 = a`, every variable
//! `>= 0`.  With [`IntModel::Bv32`], numbers are 32-bit unsigned machine
//! integers: `+ - *` wrap around, `/` and `%` keep the total conventions.

use crate::verdict::IntModel;
use crate::wellformed::untag;
use semantics::expr::{BExp, BOp, NExp, NOp, Nat, ROp, Var};
use semantics::{Mode, C, U};
use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

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
    /// The access number (its tag, see [`crate::wellformed`]).
    pub access: usize,
    /// The closure it belongs to (position in the query).
    pub closure: usize,
    pub dims: usize,
    /// Its unsynchronized loop variables: source name, SMT name.
    pub loop_vars: Vec<(Var, String)>,
}

/// An SMT query in SMT-LIB 2 text, with what is needed to read a model back.
#[derive(Clone, Debug)]
pub struct Query {
    /// Declarations and assertions (no `check-sat`).
    pub text: String,
    pub logic: IntModel,
    /// Parameters: source name, SMT name.
    pub params: Vec<(Var, String)>,
    /// Per closure of the query: its `var` variables (source name, SMT name).
    pub sync_vars: Vec<Vec<(Var, String)>>,
    /// Per thread: identifier variables and thread-locals (source, SMT).
    pub ids: [Vec<(Var, String)>; 2],
    pub locals: [Vec<(Var, String)>; 2],
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
        let (i, l) = b.declare_thread(k, ctx, &shared, &mut envs[k]);
        ids[k] = i;
        locals[k] = l;
    }
    b.assert_distinct(&ids);
    b.assert_globals(ctx, &shared, &envs);
    let dims = selected
        .iter()
        .map(|c| max_dims(innermost(c)))
        .max()
        .unwrap_or(0);
    b.declare_selectors(dims);
    let mut occurrences = [Vec::new(), Vec::new()];
    let mut sync_vars = Vec::new();
    let mut alternatives = Vec::new();
    for (j, c) in selected.iter().enumerate() {
        let mut closure_env = shared.clone();
        let (vars, mut parts, u) = b.open_closure(j, c, &mut closure_env);
        for k in 0..2 {
            let mut env = closure_env.clone();
            env.extend(ids[k].iter().chain(&locals[k]).cloned());
            parts.push(b.thread_accesses(k, j, u, &mut env, &mut occurrences[k]));
        }
        alternatives.push(and_all(&parts));
        sync_vars.push(vars);
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
fn counterexample_script(
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
    let mut modes = BTreeSet::new();
    collect_modes(innermost(c), &mut modes);
    modes.contains(&Mode::Wr) || (modes.contains(&Mode::Atomic) && modes.contains(&Mode::Rd))
}

/// The largest number of index dimensions of an access of `u` (tags excluded).
fn max_dims(u: &U) -> usize {
    match u {
        U::Skip => 0,
        U::Acc(a) => untag(&a.index).map(|(_, r)| r.len()).unwrap_or(0),
        U::Seq(a, b) | U::If(_, a, b) => max_dims(a).max(max_dims(b)),
        U::For(_, _, _, body) => max_dims(body),
    }
}

fn innermost(c: &C) -> &U {
    match c {
        C::U(u) => u,
        C::Var(_, _, _, c) => innermost(c),
    }
}

fn collect_modes(u: &U, out: &mut BTreeSet<Mode>) {
    match u {
        U::Skip => {}
        U::Acc(a) => {
            out.insert(a.mode);
        }
        U::Seq(a, b) | U::If(_, a, b) => {
            collect_modes(a, out);
            collect_modes(b, out);
        }
        U::For(_, _, _, body) => collect_modes(body, out),
    }
}

/// Source variable → SMT term.
type Env = BTreeMap<Var, String>;

/// Source name and SMT name of the constants of one role.
pub type Names = Vec<(Var, String)>;

/// An SMT-LIB symbol for a name (quoted: names may contain `.`).
fn sym(name: &str) -> String {
    let clean: String = name
        .chars()
        .map(|c| if c == '|' || c == '\\' { '_' } else { c })
        .collect();
    format!("|{clean}|")
}

/// The plain name of a symbol built by [`sym`] (for reading models).
pub fn unquote(s: &str) -> &str {
    s.trim_start_matches('|').trim_end_matches('|')
}

fn mode_code(m: Mode) -> u64 {
    match m {
        Mode::Rd => 0,
        Mode::Wr => 1,
        Mode::Atomic => 2,
    }
}

struct Builder {
    logic: IntModel,
    out: String,
    fresh: usize,
}

impl Builder {
    fn new(logic: IntModel) -> Builder {
        Builder {
            logic,
            out: String::new(),
            fresh: 0,
        }
    }

    fn finish(self) -> String {
        self.out
    }

    fn sort(&self) -> &'static str {
        match self.logic {
            IntModel::Nat => "Int",
            IntModel::Bv32 => "(_ BitVec 32)",
        }
    }

    /// Declares a natural-number constant.
    fn declare(&mut self, name: &str) -> String {
        let s = sym(name);
        let _ = writeln!(self.out, "(declare-const {s} {})", self.sort());
        if self.logic == IntModel::Nat {
            let _ = writeln!(self.out, "(assert (>= {s} 0))");
        }
        s
    }

    fn assert(&mut self, formula: &str) {
        let _ = writeln!(self.out, "(assert {formula})");
    }

    fn declare_params(&mut self, ctx: &QueryContext) -> Vec<(Var, String)> {
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

    /// Declares the `var` variables of closure `j`; returns them, their
    /// range conditions and the closure's protocol.
    fn open_closure<'c>(
        &mut self,
        j: usize,
        c: &'c C,
        env: &mut Env,
    ) -> (Vec<(Var, String)>, Vec<String>, &'c U) {
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
        (vars, ranges, innermost(c))
    }

    /// Declares thread `k`'s identifiers (within bounds) and thread-locals.
    fn declare_thread(
        &mut self,
        k: usize,
        ctx: &QueryContext,
        shared: &Env,
        env: &mut Env,
    ) -> (Names, Names) {
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
        (ids, locals)
    }

    /// The two identifier tuples differ.
    fn assert_distinct(&mut self, ids: &[Vec<(Var, String)>; 2]) {
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
            U::Acc(a) => {
                let Some((access, index)) = untag(&a.index) else {
                    return;
                };
                // Thread symmetry: the first thread is the writer (or the atomic
                // against a read), so its reads are never needed.
                if w.k == 0 && a.mode == Mode::Rd {
                    return;
                }
                let k = w.k + 1;
                let mut parts = vec![
                    format!("(= |acc{k}| {})", self.lit(occs.len() as u64)),
                    format!("(= |mode{k}| {})", self.lit(mode_code(a.mode))),
                    format!("(= |dims{k}| {})", self.lit(index.len() as u64)),
                ];
                parts.extend(w.guard.iter().cloned());
                for (d, n) in index.iter().enumerate() {
                    let e = self.nexp(n, env);
                    parts.push(format!("(= |idx{k}.{d}| {e})"));
                }
                out.push(and_all(&parts));
                occs.push(Occurrence {
                    access,
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

    // -- expressions ---------------------------------------------------------

    fn lit(&self, v: u64) -> String {
        self.num(&Nat::from(v))
    }

    fn num(&self, v: &Nat) -> String {
        match self.logic {
            IntModel::Nat => v.to_string(),
            IntModel::Bv32 => {
                let m: Nat = v % (Nat::from(1u64) << 32);
                format!("(_ bv{m} 32)")
            }
        }
    }

    /// The SMT term of `n`; free variables not in `env` are parameters
    /// (the caller declares every parameter).
    fn nexp(&mut self, n: &NExp, env: &Env) -> String {
        match n {
            NExp::Var(x) => env
                .get(x)
                .cloned()
                .unwrap_or_else(|| sym(&format!("p.{x}"))),
            NExp::Num(v) => self.num(v),
            NExp::Bin(op, a, b) => {
                let (a, b) = (self.nexp(a, env), self.nexp(b, env));
                self.binop(*op, a, b)
            }
        }
    }

    fn binop(&mut self, op: NOp, a: String, b: String) -> String {
        let bv = self.logic == IntModel::Bv32;
        match op {
            NOp::Add => format!("({} {a} {b})", if bv { "bvadd" } else { "+" }),
            NOp::Mul => format!("({} {a} {b})", if bv { "bvmul" } else { "*" }),
            NOp::Sub if bv => format!("(bvsub {a} {b})"),
            NOp::Sub => self.with_lets(a, b, |a, b| format!("(ite (>= {a} {b}) (- {a} {b}) 0)")),
            NOp::Div => {
                let (zero, div) = (self.lit(0), if bv { "bvudiv" } else { "div" });
                self.with_lets(a, b, |a, b| {
                    format!("(ite (= {b} {zero}) {zero} ({div} {a} {b}))")
                })
            }
            NOp::Mod => {
                let (zero, rem) = (self.lit(0), if bv { "bvurem" } else { "mod" });
                self.with_lets(a, b, |a, b| {
                    format!("(ite (= {b} {zero}) {a} ({rem} {a} {b}))")
                })
            }
        }
    }

    /// Binds non-atomic operands with `let` so that `ite` does not duplicate them.
    fn with_lets(
        &mut self,
        a: String,
        b: String,
        body: impl FnOnce(&str, &str) -> String,
    ) -> String {
        let mut binds = Vec::new();
        let mut bind = |t: String, this: &mut Builder| {
            if !t.starts_with('(') {
                return t;
            }
            this.fresh += 1;
            let name = format!("|${}|", this.fresh);
            binds.push(format!("({name} {t})"));
            name
        };
        let a = bind(a, self);
        let b = bind(b, self);
        let inner = body(&a, &b);
        if binds.is_empty() {
            inner
        } else {
            format!("(let ({}) {inner})", binds.join(" "))
        }
    }

    fn rel(&self, op: ROp, a: &str, b: &str) -> String {
        let bv = self.logic == IntModel::Bv32;
        let f = match op {
            ROp::Eq => "=",
            ROp::Ne => "distinct",
            ROp::Lt if bv => "bvult",
            ROp::Le if bv => "bvule",
            ROp::Gt if bv => "bvugt",
            ROp::Ge if bv => "bvuge",
            ROp::Lt => "<",
            ROp::Le => "<=",
            ROp::Gt => ">",
            ROp::Ge => ">=",
        };
        format!("({f} {a} {b})")
    }

    fn bexp(&mut self, b: &BExp, env: &Env) -> String {
        match b {
            BExp::Bool(d) => d.to_string(),
            BExp::Rel(op, x, y) => {
                let (x, y) = (self.nexp(x, env), self.nexp(y, env));
                self.rel(*op, &x, &y)
            }
            BExp::Bin(op, x, y) => {
                let (x, y) = (self.bexp(x, env), self.bexp(y, env));
                let f = match op {
                    BOp::And => "and",
                    BOp::Or => "or",
                };
                format!("({f} {x} {y})")
            }
            BExp::Not(x) => format!("(not {})", self.bexp(x, env)),
        }
    }
}

struct Walk {
    k: usize,
    closure: usize,
    guard: Vec<String>,
    loop_vars: Vec<(Var, String)>,
}

fn or_all(items: &[String]) -> String {
    match items.len() {
        0 => "false".into(),
        1 => items[0].clone(),
        _ => format!("(or {})", items.join(" ")),
    }
}

fn and_all(items: &[String]) -> String {
    match items.len() {
        0 => "true".into(),
        1 => items[0].clone(),
        _ => format!("(and {})", items.join(" ")),
    }
}

// ---------------------------------------------------------------------------
// Solving
// ---------------------------------------------------------------------------

/// The answer of Z3 for one query.
#[derive(Clone, Debug)]
pub enum Answer {
    /// No race in this closure.
    Unsat,
    /// A race: the value of every SMT constant of interest.
    Sat(Model),
    /// Timeout or `unknown`, with Z3's reason.
    Unknown(String),
}

/// Values read back from a model: SMT name (unquoted) → value.
pub type Model = BTreeMap<String, Nat>;

/// Bound tried first for parameters, so witnesses replay quickly.
pub const SMALL_MODEL_BOUND: u64 = 16;

/// Solves a query with Z3 within `timeout_ms`.
///
/// The time limit is enforced by a watchdog thread that interrupts the
/// context (`Z3_interrupt`), not by Z3's `timeout` parameter: with the
/// system libz3 4.8.12 the latter deadlocks on some non-linear queries
/// (nested `scoped_timer`s).
pub fn solve(q: &Query, timeout_ms: u64) -> Answer {
    Session::on_this_thread(|s| s.solve(q, timeout_ms))
}

/// One Z3 solver reused for many queries: each query is asserted in its
/// own scope (`push`/`pop`).  Measured with
/// `cargo run --release -p checker --example solver_costs`, a small query
/// costs about 13 ms on a fresh solver (Z3 builds its default tactic), 5 ms
/// on a fresh solver used with `push` (the first `push` builds the solver)
/// and 0.3 ms in a scope of a solver already built — hence one session per
/// thread ([`Session::on_this_thread`]).  A solver keeps about 1 KB per
/// scope after `pop` (libz3 4.8.12), so it is replaced every
/// [`QUERIES_PER_SOLVER`] queries.
pub struct Session {
    solver: RefCell<z3::Solver>,
    queries: Cell<u32>,
}

/// Queries a session's solver answers before it is replaced (bounds memory;
/// see [`Session`]).
pub const QUERIES_PER_SOLVER: u32 = 2_000;

thread_local! {
    static THIS_THREAD: Session = Session::new();
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    pub fn new() -> Session {
        Session {
            solver: RefCell::new(z3::Solver::new()),
            queries: Cell::new(0),
        }
    }

    /// The solver for the next query, a fresh one every
    /// [`QUERIES_PER_SOLVER`] queries.
    fn solver(&self) -> std::cell::Ref<'_, z3::Solver> {
        if self.queries.get() >= QUERIES_PER_SOLVER {
            *self.solver.borrow_mut() = z3::Solver::new();
            self.queries.set(0);
        }
        self.queries.set(self.queries.get() + 1);
        self.solver.borrow()
    }

    /// Runs `f` with this thread's session (built on first use).
    pub fn on_this_thread<R>(f: impl FnOnce(&Session) -> R) -> R {
        THIS_THREAD.with(f)
    }

    /// Is `goal` valid for all parameters satisfying the global facts and
    /// all values of the loop variables `ranges` (outermost first) in their
    /// ranges?  `false` when Z3 finds a counterexample or cannot decide.
    pub fn valid(
        &self,
        ranges: &[(Var, NExp, NExp)],
        goal: &BExp,
        ctx: &QueryContext,
        timeout_ms: u64,
    ) -> bool {
        let Some(script) = counterexample_script(ranges, goal, ctx) else {
            return false;
        };
        self.in_scope(&script, timeout_ms, |_, checked| {
            matches!(checked, Ok((z3::SatResult::Unsat, _)))
        })
    }

    /// Asserts `script` in a new scope of the solver and checks it within
    /// `timeout_ms`; `read` gets the solver (for its model) and the result
    /// — Z3's answer and whether the deadline passed, or why Z3 rejected
    /// the script — before the scope is popped.
    fn in_scope<R>(
        &self,
        script: &str,
        timeout_ms: u64,
        read: impl FnOnce(&z3::Solver, Result<(z3::SatResult, bool), String>) -> R,
    ) -> R {
        let solver = self.solver();
        solver.push();
        let checked =
            assert_script(&solver, script).map(|()| with_deadline(timeout_ms, || solver.check()));
        let out = read(&solver, checked);
        solver.pop(1);
        out
    }

    /// Solves one query (see [`solve`]).
    pub fn solve(&self, q: &Query, timeout_ms: u64) -> Answer {
        self.in_scope(&q.text, timeout_ms, |solver, checked| match checked {
            Err(rejected) => Answer::Unknown(rejected),
            Ok((z3::SatResult::Unsat, _)) => Answer::Unsat,
            Ok((z3::SatResult::Unknown, true)) => {
                Answer::Unknown(format!("timeout after {timeout_ms} ms"))
            }
            Ok((z3::SatResult::Unknown, false)) => Answer::Unknown(
                solver
                    .get_reason_unknown()
                    .unwrap_or_else(|| "unknown".into()),
            ),
            Ok((z3::SatResult::Sat, _)) => Answer::Sat(small_model(q, solver, timeout_ms)),
        })
    }
}

mod ffi {
    extern "C" {
        /// `Z3_interrupt` of the Z3 C API (libz3 is linked by `z3-sys`).
        pub fn Z3_interrupt(c: *mut std::ffi::c_void);
        /// `Z3_get_error_code`: the error of the last API call (`Z3_OK` = 0).
        pub fn Z3_get_error_code(c: *mut std::ffi::c_void) -> u32;
        /// `Z3_get_error_msg`: the text of an error code.
        pub fn Z3_get_error_msg(c: *mut std::ffi::c_void, code: u32) -> *const std::ffi::c_char;
    }
}

/// Asserts an SMT-LIB script in the solver's current scope.  Z3 stops at
/// the first error and keeps the assertions before it — a weaker query
/// whose `sat` would be a race that is not there — so an error is returned
/// instead.
fn assert_script(solver: &z3::Solver, script: &str) -> Result<(), String> {
    solver.from_string(script);
    let ctx = z3::Context::thread_local();
    let raw = ctx.get_z3_context().as_ptr() as *mut std::ffi::c_void;
    // SAFETY: `raw` is this thread's live context (held by `ctx`); the
    // message is a C string owned by Z3, copied before the next API call.
    unsafe {
        match ffi::Z3_get_error_code(raw) {
            0 => Ok(()),
            code => {
                let msg = ffi::Z3_get_error_msg(raw, code);
                let msg = if msg.is_null() {
                    format!("error code {code}")
                } else {
                    std::ffi::CStr::from_ptr(msg).to_string_lossy().into_owned()
                };
                Err(format!("Z3 rejected the query: {msg}"))
            }
        }
    }
}

/// Runs `f` (a Z3 call on this thread's context) and interrupts it after
/// `timeout_ms`.  Returns its result and whether the deadline passed.
fn with_deadline<T>(timeout_ms: u64, f: impl FnOnce() -> T) -> (T, bool) {
    let ctx = z3::Context::thread_local();
    let raw = ctx.get_z3_context().as_ptr() as usize;
    let (done, wait) = std::sync::mpsc::channel::<()>();
    let watchdog = std::thread::spawn(move || {
        use std::sync::mpsc::RecvTimeoutError::Timeout;
        let limit = std::time::Duration::from_millis(timeout_ms.max(1));
        if !matches!(wait.recv_timeout(limit), Err(Timeout)) {
            return false;
        }
        // An interrupt that lands before Z3 has started the check is lost
        // (the check resets the flag), so repeat it until `f` returns.
        let again = std::time::Duration::from_millis(20);
        loop {
            // SAFETY: the context outlives this thread: `with_deadline`
            // joins it before returning, and `ctx` holds a reference.
            unsafe { ffi::Z3_interrupt(raw as *mut std::ffi::c_void) };
            if !matches!(wait.recv_timeout(again), Err(Timeout)) {
                return true;
            }
        }
    });
    let out = f();
    let _ = done.send(());
    let timed_out = watchdog.join().unwrap_or(true);
    drop(ctx);
    (out, timed_out)
}

/// Reads the model, preferring one where every parameter is small.
fn small_model(q: &Query, solver: &z3::Solver, timeout_ms: u64) -> Model {
    let first = solver
        .get_model()
        .map(|m| read_model(q, &m))
        .unwrap_or_default();
    solver.push();
    for (_, s) in &q.params {
        solver.assert(le_const(q.logic, unquote(s), SMALL_MODEL_BOUND));
    }
    let better = match with_deadline(timeout_ms, || solver.check()).0 {
        z3::SatResult::Sat => solver.get_model().map(|m| read_model(q, &m)),
        _ => None,
    };
    solver.pop(1);
    better.unwrap_or(first)
}

fn le_const(logic: IntModel, name: &str, bound: u64) -> z3::ast::Bool {
    match logic {
        IntModel::Nat => z3::ast::Int::new_const(name).le(z3::ast::Int::from_u64(bound)),
        IntModel::Bv32 => z3::ast::BV::new_const(name, 32).bvule(z3::ast::BV::from_u64(bound, 32)),
    }
}

/// Every constant the witness needs.
fn read_model(q: &Query, m: &z3::Model) -> Model {
    let mut names: Vec<String> = Vec::new();
    let all = q
        .params
        .iter()
        .chain(q.sync_vars.iter().flatten())
        .chain(q.ids.iter().flatten())
        .chain(q.locals.iter().flatten());
    names.extend(all.map(|(_, s)| unquote(s).to_string()));
    names.extend(
        q.occurrences
            .iter()
            .flatten()
            .flat_map(|o| o.loop_vars.iter().map(|(_, s)| unquote(s).to_string())),
    );
    for k in 1..=2 {
        names.push(format!("acc{k}"));
        let dims = q
            .occurrences
            .iter()
            .flatten()
            .map(|o| o.dims)
            .max()
            .unwrap_or(0);
        names.extend((0..dims).map(|d| format!("idx{k}.{d}")));
    }
    names
        .into_iter()
        .filter_map(|n| value_of(q.logic, m, &n).map(|v| (n, v)))
        .collect()
}

fn value_of(logic: IntModel, m: &z3::Model, name: &str) -> Option<Nat> {
    match logic {
        IntModel::Nat => {
            let v = m.eval(&z3::ast::Int::new_const(name), true)?;
            v.to_string().parse().ok()
        }
        IntModel::Bv32 => {
            let v = m.eval(&z3::ast::BV::new_const(name, 32), true)?;
            v.as_u64().map(Nat::from)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use semantics::{Access, TID};

    fn ctx() -> QueryContext {
        QueryContext {
            logic: IntModel::Nat,
            thread_ids: vec![(TID.into(), NExp::var("T"))],
            locals: Vec::new(),
            params: vec!["T".into()],
            fixed: BTreeMap::new(),
            globals: Vec::new(),
        }
    }

    /// `o[n]` tagged as access `k`.
    fn acc(mode: Mode, n: NExp, k: u64) -> U {
        U::Acc(Access::new(mode, vec![n, NExp::num(k)]))
    }

    /// The context with another logic and, optionally, `T` fixed.
    fn ctx_in(logic: IntModel, threads: Option<u64>) -> QueryContext {
        let mut c = ctx();
        c.logic = logic;
        if let Some(t) = threads {
            c.fixed.insert("T".into(), Nat::from(t));
        }
        c
    }

    /// The query of a protocol with a write (so it may conflict).
    fn query(u: U, c: &QueryContext) -> Query {
        encode(&C::U(u), c).expect("a protocol with a write is queried")
    }

    fn answer_in(u: U, c: &QueryContext) -> Answer {
        solve(&query(u, c), 5_000)
    }

    fn answer(u: U) -> Answer {
        answer_in(u, &ctx())
    }

    #[test]
    fn example5_disjoint_writes_and_reads_overlap() {
        // wr[tid+1]; rd[tid+2]: thread t1 writes t1+1 = t2+2, a race.
        let tid = NExp::tid;
        let u = U::seq(
            acc(Mode::Wr, NExp::add(tid(), NExp::num(1)), 0),
            acc(Mode::Rd, NExp::add(tid(), NExp::num(2)), 1),
        );
        match answer(u) {
            Answer::Sat(m) => {
                let (t1, t2) = (&m["t1.tid"], &m["t2.tid"]);
                assert_ne!(t1, t2);
                assert_eq!(m["idx1.0"], m["idx2.0"]);
            }
            other => panic!("expected a race, got {other:?}"),
        }
    }

    #[test]
    fn own_cell_writes_are_safe_and_monus_is_exact() {
        assert!(matches!(
            answer(acc(Mode::Wr, NExp::tid(), 0)),
            Answer::Unsat
        ));
        // wr[tid - 1]: threads 0 and 1 both write index 0 (monus).
        let u = acc(Mode::Wr, NExp::sub(NExp::tid(), NExp::num(1)), 0);
        assert!(matches!(answer(u), Answer::Sat(_)));
        // wr[tid / 0] writes 0 for everyone; wr[tid % 0] is wr[tid].
        let div0 = acc(Mode::Wr, NExp::bin(NOp::Div, NExp::tid(), NExp::num(0)), 0);
        assert!(matches!(answer(div0), Answer::Sat(_)));
        let mod0 = acc(Mode::Wr, NExp::bin(NOp::Mod, NExp::tid(), NExp::num(0)), 0);
        assert!(matches!(answer(mod0), Answer::Unsat));
    }

    #[test]
    fn reads_alone_and_atomics_alone_are_not_queried() {
        assert!(encode(&C::U(acc(Mode::Rd, NExp::num(0), 0)), &ctx()).is_none());
        assert!(encode(&C::U(acc(Mode::Atomic, NExp::num(0), 0)), &ctx()).is_none());
        let mixed = U::seq(
            acc(Mode::Atomic, NExp::num(0), 0),
            acc(Mode::Rd, NExp::num(0), 1),
        );
        assert!(matches!(answer(mixed), Answer::Sat(_)));
    }

    #[test]
    fn bv32_wraps_around() {
        // wr[tid * 2^31]: threads 0 and 2 collide modulo 2^32, not over ℕ.
        let big = NExp::Num(Nat::from(1u64 << 31));
        let u = acc(Mode::Wr, NExp::mul(NExp::tid(), big), 0);
        assert!(matches!(answer(u.clone()), Answer::Unsat));
        assert!(matches!(
            answer_in(u, &ctx_in(IntModel::Bv32, None)),
            Answer::Sat(_)
        ));
    }

    #[test]
    fn a_session_answers_across_solver_replacements() {
        let session = Session::new();
        let racy = query(acc(Mode::Wr, NExp::num(0), 0), &ctx());
        let safe = query(acc(Mode::Wr, NExp::tid(), 0), &ctx());
        for k in 0..QUERIES_PER_SOLVER + 3 {
            let (q, expect_race) = if k % 100 == 0 {
                (&racy, true)
            } else {
                (&safe, false)
            };
            let got = session.solve(q, 5_000);
            assert_eq!(
                matches!(got, Answer::Sat(_)),
                expect_race,
                "query {k}: {got:?}"
            );
        }
        // Replaced at query QUERIES_PER_SOLVER + 1, three queries ago.
        assert_eq!(session.queries.get(), 3);
    }

    #[test]
    fn symbols_are_quoted_without_quote_characters() {
        assert_eq!(sym("c0.s1.x"), "|c0.s1.x|");
        assert_eq!(sym("a|b\\c"), "|a_b_c|");
        assert_eq!(unquote(&sym("t1.tid")), "t1.tid");
    }

    #[test]
    fn a_query_z3_rejects_is_unknown_not_a_race() {
        let mut q = query(acc(Mode::Wr, NExp::tid(), 0), &ctx());
        q.text
            .push_str("(assert (> |t1.tid| true))\n(assert false)\n");
        match solve(&q, 5_000) {
            Answer::Unknown(why) => assert!(why.contains("Z3 rejected"), "{why}"),
            other => panic!("{other:?}"),
        }
        // The session is usable afterwards.
        assert!(matches!(
            answer(acc(Mode::Wr, NExp::num(0), 0)),
            Answer::Sat(_)
        ));
    }

    #[test]
    fn bv32_subtraction_wraps_and_fixed_values_are_literals() {
        // wr[tid - 1]: threads 0 and 1 collide over ℕ (monus), not modulo 2^32.
        let u = acc(Mode::Wr, NExp::sub(NExp::tid(), NExp::num(1)), 0);
        assert!(matches!(
            answer_in(u, &ctx_in(IntModel::Bv32, None)),
            Answer::Unsat
        ));
        // wr[0] with T = 2 fixed: threads 0 and 1 race.
        match answer_in(
            acc(Mode::Wr, NExp::num(0), 0),
            &ctx_in(IntModel::Bv32, Some(2)),
        ) {
            Answer::Sat(m) => assert_eq!(m["p.T"], Nat::from(2u32)),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn comparisons_mean_the_same_over_nat_and_bv32() {
        // if (tid op 1) wr[0] with T = 3: racy iff two of 0, 1, 2 pass.
        let cases = [
            (ROp::Lt, false),
            (ROp::Le, true),
            (ROp::Gt, false),
            (ROp::Ge, true),
            (ROp::Eq, false),
            (ROp::Ne, true),
        ];
        for (op, racy) in cases {
            let cond = BExp::rel(op, NExp::tid(), NExp::num(1));
            let u = U::if_(cond, acc(Mode::Wr, NExp::num(0), 0), U::Skip);
            for logic in [IntModel::Nat, IntModel::Bv32] {
                let got = answer_in(u.clone(), &ctx_in(logic, Some(3)));
                let ok = match got {
                    Answer::Sat(_) => racy,
                    Answer::Unsat => !racy,
                    Answer::Unknown(_) => false,
                };
                assert!(ok, "{op:?} in {logic:?}: {got:?}");
            }
        }
    }

    #[test]
    fn connectives_of_no_formula_are_constants_and_of_one_the_formula() {
        // Z3 4.8.12 rejects `(or)` and `(and)`.
        let solver = z3::Solver::new();
        assert!(assert_script(&solver, "(assert (or))").is_err());
        assert!(assert_script(&solver, "(assert (and))").is_err());
        assert_eq!(or_all(&[]), "false");
        assert_eq!(and_all(&[]), "true");
        assert_eq!(or_all(&["x".into()]), "x");
        assert_eq!(and_all(&["x".into()]), "x");
        assert_eq!(or_all(&["x".into(), "y".into()]), "(or x y)");
    }

    #[test]
    fn monus_binds_compound_operands_once_and_atoms_not_at_all() {
        let mut b = Builder::new(IntModel::Nat);
        let atoms = b.binop(NOp::Sub, "a".into(), "b".into());
        assert_eq!(atoms, "(ite (>= a b) (- a b) 0)");
        let compound = b.binop(NOp::Sub, "(+ a 1)".into(), "b".into());
        assert_eq!(
            compound,
            "(let ((|$1| (+ a 1))) (ite (>= |$1| b) (- |$1| b) 0))"
        );
    }

    #[test]
    fn bv32_literals_are_reduced_modulo_two_to_the_32() {
        let b = Builder::new(IntModel::Bv32);
        let big = Nat::from(1u64 << 32) + Nat::from(5u32);
        assert_eq!(b.num(&big), "(_ bv5 32)");
    }
}
