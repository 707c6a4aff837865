//! From protocol closures to one SMT query (the disjunction of Example 5)
//! (see [`crate::smt`]); validity goals are in `counterexample.rs`.

use super::prefilter::{self, Abs, AbsEnv, Item, Symbols};
use super::script::{and_all, or_all, Builder, Env};
use super::stride::Chains;
use crate::kernel::OTHER_SUFFIX;
use crate::numbered::{AccessId, C, U};
use crate::verdict::IntModel;
use semantics::expr::{BExp, NExp, ROp, Var};
use semantics::Mode;
use std::collections::BTreeSet;

pub use super::query::{Benign, LoopVars, Names, Occurrence, PairFilter, Query, QueryContext};

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
    // Each selected closure with its position in `closures` (its chains).
    let selected: Vec<(usize, &C)> = closures
        .iter()
        .enumerate()
        .filter(|(_, c)| may_conflict(c))
        .collect();
    if selected.is_empty() {
        return None;
    }
    let mut b = Builder::new(ctx.logic);
    let frame = b.frame(ctx);
    let dims = selected
        .iter()
        .map(|(_, c)| max_dims(c.innermost()))
        .max()
        .unwrap_or(0);
    let tags = Tags::of(&ctx.pairs);
    b.declare_selectors(dims, &tags, &ctx.chains);
    let mut out = Alternatives::default();
    for (j, &(source, c)) in selected.iter().enumerate() {
        b.closure_alternatives(ctx, &frame, (j, source, c), (dims, &tags), &mut out);
    }
    if out.alternatives.is_empty() {
        // The pre-filter proved that no pair of accesses can race.
        return None;
    }
    b.assert_race(dims, &ctx.chains);
    b.assert_pairs(&ctx.pairs, &frame.envs);
    let declarations = b.declarations().to_string();
    // Z3 decides a disjunction of linear alternatives about as fast as each
    // alternative alone, but slows down sharply on several non-linear ones
    // (the bitonic sorts of the GPUVerify benchmarks: 57 alternatives take
    // 0.9 s one at a time, 1.5 s two at a time, 5 s four at a time).
    let batch = if b.nonlinear { 1 } else { LINEAR_BATCH };
    let script = b.finish();
    Some(Query {
        declarations,
        batch,
        text: script.text,
        wraps_around: script.wraps_around,
        alternatives: out.alternatives,
        logic: ctx.logic,
        params: frame.params,
        sync_vars: out.sync_vars,
        ids: frame.ids,
        locals: frame.locals,
        occurrences: out.occurrences,
        loop_vars: out.loop_vars,
    })
}

/// The constants every alternative of a query shares: the parameters
/// (source, SMT) and their terms, and per thread its identifiers,
/// thread-locals and the terms of everything it sees.
struct Frame {
    params: Names,
    shared: Env,
    ids: [Names; 2],
    locals: [Names; 2],
    envs: [Env; 2],
}

/// What the closures of a query contribute, in order: the alternatives
/// and what a model of them is read with.
#[derive(Default)]
struct Alternatives {
    alternatives: Vec<String>,
    /// Per closure: its `var` variables.
    sync_vars: Vec<Names>,
    /// Per thread: its access occurrences and loop variables.
    occurrences: [Vec<Occurrence>; 2],
    loop_vars: [Names; 2],
    /// The pre-filter's symbols, shared by the closures.
    symbols: Symbols,
}

impl Builder {
    /// Declares the parameters and the two threads (with distinct
    /// identifiers) and asserts the global facts.
    fn frame(&mut self, ctx: &QueryContext) -> Frame {
        let params = self.declare_params(ctx);
        let shared: Env = self.param_env(ctx, &params);
        let mut ids = [Vec::new(), Vec::new()];
        let mut locals = [Vec::new(), Vec::new()];
        let mut envs = [shared.clone(), shared.clone()];
        for k in 0..2 {
            let thread = self.declare_thread(k, ctx, &shared, &mut envs[k]);
            ids[k] = thread.ids;
            locals[k] = thread.locals;
        }
        self.assert_distinct(&ids);
        self.assert_globals(ctx, &shared, &envs);
        Frame {
            params,
            shared,
            ids,
            locals,
            envs,
        }
    }

    /// The alternatives of closure `c`, the `j`-th of the query and the
    /// `source`-th of those the chains were found for: its `var` variables
    /// declared, both threads' access disjunctions, and one alternative per
    /// group of accesses that the pre-filter (ℕ model only) says may race —
    /// none when it proves that no pair can.
    fn closure_alternatives(
        &mut self,
        ctx: &QueryContext,
        frame: &Frame,
        (j, source, c): (usize, usize, &C),
        (dims, tags): (usize, &Tags),
        out: &mut Alternatives,
    ) {
        let filter = ctx.logic == IntModel::Nat;
        let mut closure_env = frame.shared.clone();
        let open = self.open_closure(j, c, &mut closure_env);
        let mut abs_env = if filter {
            shared_abstraction(ctx, &open.vars, &frame.params, &mut out.symbols)
        } else {
            AbsEnv::new()
        };
        let mut sides: [Vec<(String, Item)>; 2] = [Vec::new(), Vec::new()];
        for (k, side) in sides.iter_mut().enumerate() {
            let mut env = closure_env.clone();
            env.extend(frame.ids[k].iter().chain(&frame.locals[k]).cloned());
            if filter {
                thread_abstraction(ctx, &mut abs_env, &mut out.symbols);
            }
            *side = self.thread_accesses(
                k,
                j,
                open.body,
                (&mut env, &mut abs_env, &mut out.symbols),
                (&mut out.occurrences[k], &mut out.loop_vars[k]),
                (tags, &ctx.chains, source),
            );
        }
        let [first, second] = &sides;
        let groups = if filter {
            prefilter::groups(&items(first), &items(second))
        } else {
            vec![((0..first.len()).collect(), (0..second.len()).collect())]
        };
        // One alternative per group; the closure's ranges are named once
        // when several groups share them.
        let ranges = and_all(&open.ranges);
        let ranges = if groups.len() > 1 && open.ranges.len() > 1 {
            self.named_guard(&ranges)
        } else {
            ranges
        };
        for (g1, g2) in groups {
            let pick = |side: &[(String, Item)], members: &[usize]| {
                or_all(
                    &members
                        .iter()
                        .map(|&i| side[i].0.clone())
                        .collect::<Vec<_>>(),
                )
            };
            let mut parts = Vec::with_capacity(4);
            if !open.ranges.is_empty() {
                parts.push(ranges.clone());
            }
            parts.extend([pick(first, &g1), pick(second, &g2)]);
            parts.extend(same_cell(&ctx.chains, source, dims));
            out.alternatives.push(and_all(&parts));
        }
        out.sync_vars.push(open.vars);
    }
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
    pub(super) fn declare_params(&mut self, ctx: &QueryContext) -> Names {
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

    /// The terms of the parameters in expressions: a fixed parameter is its
    /// value (so `x * width` with `--param width=1920` is linear), the others
    /// their constants.  Every parameter is still declared, and a fixed one
    /// asserted equal to its value, so models name them all.
    pub(super) fn param_env(&self, ctx: &QueryContext, params: &Names) -> Env {
        params
            .iter()
            .map(|(x, s)| {
                let term = match ctx.fixed.get(x) {
                    Some(v) => self.num(v),
                    None => s.clone(),
                };
                (x.clone(), term)
            })
            .collect()
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
    pub(super) fn declare_thread(
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
    pub(super) fn assert_distinct(&mut self, ids: &[Names; 2]) {
        let diffs: Vec<String> = ids[0]
            .iter()
            .zip(&ids[1])
            .map(|((_, a), (_, b))| format!("(distinct {a} {b})"))
            .collect();
        self.assert(&or_all(&diffs));
    }

    /// Global facts hold (for each thread, when they mention thread
    /// variables; for each order of the two threads, when they mention the
    /// other thread's, `x@other`).
    fn assert_globals(&mut self, ctx: &QueryContext, shared: &Env, envs: &[Env; 2]) {
        for g in &ctx.globals {
            if g.fv().iter().any(|x| x.ends_with(OTHER_SUFFIX)) {
                self.assert_relational(g, shared, envs);
                continue;
            }
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

    /// A fact about two threads, for each order of them; dropped when a
    /// variable is unknown to the query (fewer facts: sound).
    fn assert_relational(&mut self, g: &BExp, shared: &Env, envs: &[Env; 2]) {
        for (me, other) in [(0, 1), (1, 0)] {
            let mut env = envs[me].clone();
            for x in g.fv() {
                let Some(base) = x.strip_suffix(OTHER_SUFFIX) else {
                    continue;
                };
                match envs[other].get(base).or_else(|| shared.get(base)) {
                    Some(s) => env.insert(x.clone(), s.clone()),
                    None => return,
                };
            }
            if g.fv().iter().all(|x| env.contains_key(x)) {
                let f = self.bexp(g, &env);
                self.assert(&f);
            }
        }
    }

    /// Thread `k` performs one access of `u` (closure `j`): the disjuncts
    /// of Example 5, each with what the pre-filter knows of its access.
    /// Occurrences are appended to `occs`.
    fn thread_accesses(
        &mut self,
        k: usize,
        j: usize,
        u: &U,
        (env, abs, symbols): (&mut Env, &mut AbsEnv, &mut Symbols),
        (occs, declared): (&mut Vec<Occurrence>, &mut Names),
        (tags, chains, source): (&Tags, &Chains, usize),
    ) -> Vec<(String, Item)> {
        let mut disjuncts = Vec::new();
        let mut walk = Walk {
            k,
            closure: j,
            guard: Vec::new(),
            loop_vars: LoopVars::default(),
            declared: Vec::new(),
            abs: std::mem::take(abs),
            symbols: std::mem::take(symbols),
            tags: tags.clone(),
            chains: chains.clone(),
            source,
        };
        self.walk(u, env, &mut walk, occs, &mut disjuncts);
        *abs = walk.abs;
        *symbols = walk.symbols;
        declared.extend(walk.declared);
        disjuncts
    }

    fn walk(
        &mut self,
        u: &U,
        env: &mut Env,
        w: &mut Walk,
        occs: &mut Vec<Occurrence>,
        out: &mut Vec<(String, Item)>,
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
                parts.extend(w.tags.parts(self, k, site.id, mode));
                let guard = self.guard_of(&mut w.guard);
                parts.extend(guard);
                let mut item = Item {
                    mode,
                    index: Vec::with_capacity(index.len()),
                };
                for (d, n) in index.iter().enumerate() {
                    let e = self.nexp(n, env);
                    parts.push(format!("(= |idx{k}.{d}| {e})"));
                    if !w.chains.of(w.source, d).is_empty() {
                        for (j, digit) in w.chains.digits(w.source, d, n).iter().enumerate() {
                            let mut e = self.nexp(&digit.value, env);
                            if let Some(s) = &digit.unless_zero {
                                let s = self.nexp(s, env);
                                e = format!("(ite (= {s} {}) {} {e})", self.lit(0), self.lit(0));
                            }
                            parts.push(format!("(= |dig{k}.{d}.{j}| {e})"));
                        }
                    }
                    item.index.push(w.symbols.abs(n, &w.abs));
                }
                out.push((and_all(&parts), item));
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
                w.guard.push(Guard::new(cond.clone()));
                self.walk(t, env, w, occs, out);
                w.guard.pop();
                w.guard.push(Guard::new(format!("(not {cond})")));
                self.walk(e, env, w, occs, out);
                w.guard.pop();
            }
            U::For(x, n, m, body) => self.walk_loop(x, n, m, body, env, w, occs, out),
        }
    }

    /// The conditions an access under the guards `stack` carries: the
    /// conditions themselves up to [`INLINE_GUARDS`] deep (each access
    /// repeats them, as the solver likes best), else one Boolean constant
    /// defined once per guard as its condition and its parent's constant,
    /// so that the query stays linear in the protocol under deep nesting.
    fn guard_of(&mut self, stack: &mut [Guard]) -> Vec<String> {
        if stack.len() <= INLINE_GUARDS {
            return stack.iter().map(|g| g.cond.clone()).collect();
        }
        vec![self.name_guard(stack)]
    }

    /// The constant of the innermost guard of `stack` (defined on first use).
    fn name_guard(&mut self, stack: &mut [Guard]) -> String {
        let Some((last, outer)) = stack.split_last_mut() else {
            return "true".into();
        };
        if let Some(name) = &last.name {
            return name.clone();
        }
        let formula = if outer.is_empty() {
            last.cond.clone()
        } else {
            let parent = self.name_guard(outer);
            format!("(and {parent} {})", last.cond)
        };
        let name = self.named_guard(&formula);
        last.name = Some(name.clone());
        name
    }

    /// A fresh Boolean constant `g` defined as `formula` (`g = formula`:
    /// Z3 decides some non-linear queries much faster with the definition
    /// than with the implication `g ⇒ formula`).
    fn named_guard(&mut self, formula: &str) -> String {
        self.fresh += 1;
        let g = format!("|g{}|", self.fresh);
        self.declare_bool(&g);
        self.assert(&format!("(= {g} {formula})"));
        g
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
        out: &mut Vec<(String, Item)>,
    ) {
        let (lo, hi) = (self.nexp(n, env), self.nexp(m, env));
        let range_abs = Abs::range(&w.symbols.abs(n, &w.abs), &w.symbols.abs(m, &w.abs));
        self.fresh += 1;
        let s = self.declare(&format!("t{}.{x}#{}", w.k + 1, self.fresh));
        let range = format!(
            "(and {} {})",
            self.rel(ROp::Le, &lo, &s),
            self.rel(ROp::Lt, &s, &hi)
        );
        let saved = env.insert(x.clone(), s.clone());
        let saved_abs = w.abs.insert(x.clone(), range_abs);
        w.guard.push(Guard::new(range));
        w.declared.push((x.clone(), s.clone()));
        let outer = w.loop_vars.clone();
        w.loop_vars = outer.push((x.clone(), s));
        self.walk(body, env, w, occs, out);
        w.loop_vars = outer;
        w.guard.pop();
        match saved {
            Some(old) => env.insert(x.clone(), old),
            None => env.remove(x),
        };
        match saved_abs {
            Some(old) => w.abs.insert(x.clone(), old),
            None => w.abs.remove(x),
        };
    }

    /// Declares the per-thread access selectors, modes and indices (and
    /// the tags the pair filter needs).
    fn declare_selectors(&mut self, dims: usize, tags: &Tags, chains: &Chains) {
        for k in 1..=2 {
            for name in [format!("acc{k}"), format!("mode{k}"), format!("dims{k}")] {
                self.declare(&name);
            }
            for (on, name) in [
                (tags.sites.is_some(), format!("site{k}")),
                (tags.values.is_some(), format!("val{k}")),
                (tags.ids, format!("aid{k}")),
            ] {
                if on {
                    self.declare(&name);
                }
            }
            for d in 0..dims {
                self.declare(&format!("idx{k}.{d}"));
                for j in 0..chains.width(d) {
                    self.declare(&format!("dig{k}.{d}.{j}"));
                }
            }
        }
    }

    /// Asserts the race:
    /// same index in every dimension and conflicting modes.  A dimension
    /// that some closure splits into digits is compared in each
    /// alternative instead ([`same_cell`]).
    fn assert_race(&mut self, dims: usize, chains: &Chains) {
        self.assert("(= |dims1| |dims2|)");
        for d in (0..dims).filter(|&d| chains.width(d) == 0) {
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

impl Builder {
    /// The pair filter's restrictions of the race (see [`PairFilter`]).
    fn assert_pairs(&mut self, pairs: &PairFilter, envs: &[Env; 2]) {
        for x in &pairs.alike {
            if let (Some(a), Some(b)) = (envs[0].get(x), envs[1].get(x)) {
                self.assert(&format!("(= {a} {b})"));
            }
        }
        if let Some(t) = &pairs.tile {
            self.assert_tiles(t, envs);
        }
        let wr = self.lit(1);
        let both_write = format!("(and (= |mode1| {wr}) (= |mode2| {wr}))");
        if let Some(w) = &pairs.warp {
            let size = self.lit(w.size);
            let div = match self.logic {
                IntModel::Nat => "div",
                IntModel::Bv32 => "bvudiv",
            };
            let warp = |b: &mut Builder, k: usize| {
                let linear = b.nexp(&w.linear, &envs[k]);
                format!("({div} {linear} {size})")
            };
            let (w1, w2) = (warp(self, 0), warp(self, 1));
            self.assert(&format!(
                "(or (distinct {w1} {w2}) (and {both_write} (= |site1| |site2|)))"
            ));
        }
        if pairs.benign != Benign::Count {
            let zero = self.lit(0);
            let same_value =
                format!("(and {both_write} (distinct |val1| {zero}) (= |val1| |val2|))");
            match pairs.benign {
                Benign::Exclude => self.assert(&format!("(not {same_value})")),
                _ => self.assert(&same_value),
            }
        }
        for (a, b) in &pairs.exclude {
            let (a, b) = (self.lit(a.0 as u64), self.lit(b.0 as u64));
            self.assert(&format!(
                "(not (or (and (= |aid1| {a}) (= |aid2| {b})) (and (= |aid1| {b}) (= |aid2| {a}))))"
            ));
        }
    }
}

impl Builder {
    /// The two threads of the query are in one tile of `t.within` threads
    /// and not in one of `t.apart` ([`mapcheck_ir::kernel::TilePair`]).
    fn assert_tiles(&mut self, t: &mapcheck_ir::kernel::TilePair, envs: &[Env; 2]) {
        let div = match self.logic {
            IntModel::Nat => "div",
            IntModel::Bv32 => "bvudiv",
        };
        let (l1, l2) = (
            self.nexp(&t.linear, &envs[0]),
            self.nexp(&t.linear, &envs[1]),
        );
        let same = |b: &Builder, n: u32| {
            let n = b.lit(u64::from(n));
            format!("(= ({div} {l1} {n}) ({div} {l2} {n}))")
        };
        if let Some(n) = t.within {
            let f = same(self, n);
            self.assert(&f);
        }
        if let Some(n) = t.apart {
            let f = format!("(not {})", same(self, n));
            self.assert(&f);
        }
    }
}

/// What each access of a thread's disjunction says about itself for the
/// pair filter: its site, the class of the value it writes, its number.
#[derive(Clone, Debug, Default)]
struct Tags {
    sites: Option<Vec<u64>>,
    values: Option<Vec<u64>>,
    ids: bool,
}

impl Tags {
    fn of(p: &PairFilter) -> Tags {
        Tags {
            sites: p.warp.is_some().then(|| p.sites.clone()),
            values: (p.benign != Benign::Count).then(|| p.values.clone()),
            ids: !p.exclude.is_empty() || p.benign == Benign::Only,
        }
    }

    /// The equalities of access `id` (mode `mode`) of thread `k` (1 or 2).
    fn parts(&self, b: &Builder, k: usize, id: AccessId, mode: Mode) -> Vec<String> {
        let mut out = Vec::new();
        let get = |v: &[u64]| v.get(id.0).copied().unwrap_or(u64::MAX);
        if let Some(sites) = &self.sites {
            // An access without a site number (never expected) gets its
            // own, unlike every other.
            let s = sites.get(id.0).copied().unwrap_or(u64::MAX - id.0 as u64);
            out.push(format!("(= |site{k}| {})", b.lit(s)));
        }
        if let Some(values) = &self.values {
            let v = if mode == Mode::Wr { get(values) } else { 0 };
            let v = if v == u64::MAX { 0 } else { v };
            out.push(format!("(= |val{k}| {})", b.lit(v)));
        }
        if self.ids {
            out.push(format!("(= |aid{k}| {})", b.lit(id.0 as u64)));
        }
        out
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
pub(super) struct Thread {
    pub(super) ids: Names,
    pub(super) locals: Names,
}

struct Walk {
    k: usize,
    closure: usize,
    /// The guards entered, innermost last.
    guard: Vec<Guard>,
    loop_vars: LoopVars,
    /// Every loop variable declared so far.
    declared: Names,
    /// What the pre-filter knows of the variables in scope.
    abs: AbsEnv,
    symbols: Symbols,
    tags: Tags,
    chains: Chains,
    /// The closure's position among those the chains were found for.
    source: usize,
}

/// Alternatives of a linear query decided by one check: a few at a time
/// keeps the cost linear in their number (one check over hundreds of
/// alternatives grows faster: Z3 refutes each within a tableau holding all
/// the others), and more than one amortizes the cost of a check (`mapcheck
/// bench synthetic`, category `access`: 1000 alternatives take 1.2 s one
/// at a time, 0.4 s eight at a time).
pub const LINEAR_BATCH: usize = 8;

/// Guards up to this depth are written into each access; deeper ones are
/// named (see `Builder::guard_of`).
const INLINE_GUARDS: usize = 8;

/// A condition entered by a thread's walk (a branch or a loop range), and
/// the Boolean constant that names it with its parents, once defined.
struct Guard {
    cond: String,
    name: Option<String>,
}

impl Guard {
    fn new(cond: String) -> Guard {
        Guard { cond, name: None }
    }
}

/// The race's equalities that closure `c`'s alternatives carry: in each
/// dimension that some closure splits, the digits of `c`'s chain (the
/// same condition as equal indices, by the lemma of [`super::stride`],
/// without the products of the index), or the indices when `c` has no
/// chain there.
fn same_cell(chains: &Chains, c: usize, dims: usize) -> Vec<String> {
    let mut out = Vec::new();
    for d in (0..dims).filter(|&d| chains.width(d) > 0) {
        match chains.of(c, d).len() {
            0 => out.push(format!("(= |idx1.{d}| |idx2.{d}|)")),
            n => out.extend((0..=n).map(|j| format!("(= |dig1.{d}.{j}| |dig2.{d}.{j}|)"))),
        }
    }
    out
}

/// The filter's view of a thread's disjuncts.
fn items(side: &[(String, Item)]) -> Vec<&Item> {
    side.iter().map(|(_, i)| i).collect()
}

/// The pre-filter's view of the shared variables: parameters (fixed ones
/// as their values) and the closure's `var` variables, each a symbol.
fn shared_abstraction(
    ctx: &QueryContext,
    vars: &Names,
    params: &Names,
    symbols: &mut Symbols,
) -> AbsEnv {
    let mut env = AbsEnv::new();
    for (x, s) in params {
        let a = match ctx.fixed.get(x) {
            Some(v) => prefilter::fixed(v),
            None => symbols.symbol(s),
        };
        env.insert(x.clone(), a);
    }
    for (x, s) in vars {
        env.insert(x.clone(), symbols.symbol(s));
    }
    env
}

/// The pre-filter's view of a thread's own constants: each identifier
/// below its bound, each thread-local any number.
fn thread_abstraction(ctx: &QueryContext, env: &mut AbsEnv, symbols: &mut Symbols) {
    let shared = env.clone();
    for (x, bound) in &ctx.thread_ids {
        let hi = symbols.abs(bound, &shared);
        env.insert(x.clone(), Abs::range(&prefilter::fixed(&0u32.into()), &hi));
    }
    for x in &ctx.locals {
        env.insert(x.clone(), Abs::any());
    }
}
