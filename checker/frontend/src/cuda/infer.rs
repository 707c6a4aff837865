//! Protocol inference: a symbolic execution of one kernel over the syntax
//! tree that emits, in program order, every access to a tracked array
//! (shared memory, pointer parameters, `__device__` globals) and every
//! barrier.  Local variables are substituted by their symbolic values (the
//! SSA-like step of Sec. 6 of `seeds/000`); whatever is not modelled becomes
//! a fresh thread-local unknown (recorded for triage) or, when it could hide
//! an access or a barrier, an `Unsupported` entry (never DRF).

use super::ast::*;
use super::lin::{low_mask, pow2, Lin};
use mapcheck_core::kernel::{Unknown, UnknownCause, Unsupported};
use semantics::expr::{BExp, NExp, NOp, ROp};
use semantics::history::Mode;
use semantics::surface::{block_has_sync, Assumption, Span, Stmt, StmtKind};
use std::collections::{BTreeMap, BTreeSet};

/// An array the protocol talks about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arr {
    pub name: String,
    pub rank: usize,
    /// Shared or global memory (thread-private arrays are not tracked).
    pub tracked: bool,
}

/// The symbolic value of a C expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Val {
    Int(Lin),
    Bool(BExp),
    /// A pointer into `arr`: the indices fixed so far and the offset in
    /// the next dimension.
    Ptr {
        arr: Arr,
        fixed: Vec<Lin>,
        off: Lin,
    },
    /// A scalar in shared/global memory (an array of length 1).
    Cell(Arr),
    /// A struct: kernel parameter (`param`), shared/global, or local.
    Rec {
        prefix: String,
        memory: Memory,
    },
    /// A reference parameter of an inlined function.
    Ref(Box<Place>),
    /// A value that cannot be used (reason).
    Bad(String),
}

/// Where an assignment goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    Local(String),
    Elem {
        arr: Arr,
        index: Vec<Lin>,
    },
    /// A row of a multi-dimensional array (`tile[i]`): a pointer, not an element.
    Row(Val),
    Nowhere,
}

/// What the inference produces for one kernel.
#[derive(Default)]
pub struct Output {
    pub body: Vec<Stmt>,
    pub locals: Vec<String>,
    pub unknowns: Vec<Unknown>,
    pub unsupported: Vec<Unsupported>,
    pub assumptions: Vec<Assumption>,
    /// An over-approximation was made (power-stride loops, unknown bounds).
    pub approximate: bool,
}

pub struct Infer<'a> {
    unit: &'a Unit,
    out: Output,
    blocks: Vec<Vec<Stmt>>,
    env: BTreeMap<String, Val>,
    /// Locals whose address was taken: their value is never known.
    escaped: BTreeSet<String>,
    used: BTreeSet<String>,
    calls: Vec<String>,
    /// Values of `return` in the function being inlined.
    returns: Vec<Vec<Val>>,
    /// Nesting of loops inside the current function (for jumps).
    loops: Vec<bool>,
    /// A `return` was passed over inside a loop: a later barrier is not modelled.
    jumped: bool,
    /// Spans of an inlined function from another file point at the call.
    call_span: Option<Span>,
    /// `blockIdx` differs between the two threads (`--grid-level`).
    grid_level: bool,
    /// Names of the `__shared__` arrays and scalars: one copy per block, so
    /// with `--grid-level` their accesses are indexed by `blockIdx` too.
    shared: BTreeSet<String>,
    /// Names of the record (struct) kernel parameters: their fields are
    /// thread-global.  Fields of other records are thread-local unknowns.
    param_records: BTreeSet<String>,
    /// The array name given to each `__shared__`/`__device__` declaration
    /// in a body: such a variable is allocated once per block, so every
    /// execution of the declaration (loop iterations, calls) is the same
    /// array.
    static_names: BTreeMap<String, String>,
}

const IGNORED_ANNOTATIONS: &[&str] = &[
    "__invariant",
    "__global_invariant",
    "__ensures",
    "__assert",
    "__global_assert",
    "__function_wide_invariant",
    "__read",
    "__write",
    "__no_read",
    "__no_write",
    "__read_offset_bytes",
    "__write_offset_bytes",
    "printf",
    "assert",
];
const NOT_BARRIERS: &[&str] = &[
    "__syncwarp",
    "__threadfence",
    "__threadfence_block",
    "__threadfence_system",
];
const BARRIERS: &[&str] = &[
    "__syncthreads",
    "__syncthreads_count",
    "__syncthreads_and",
    "__syncthreads_or",
];

impl<'a> Infer<'a> {
    pub fn new(unit: &'a Unit, reserved: impl IntoIterator<Item = String>) -> Infer<'a> {
        Infer {
            unit,
            out: Output::default(),
            blocks: vec![Vec::new()],
            env: BTreeMap::new(),
            escaped: BTreeSet::new(),
            used: reserved.into_iter().collect(),
            calls: Vec::new(),
            returns: Vec::new(),
            loops: Vec::new(),
            jumped: false,
            call_span: None,
            grid_level: false,
            shared: BTreeSet::new(),
            param_records: BTreeSet::new(),
            static_names: BTreeMap::new(),
        }
    }

    pub fn grid_level(mut self, on: bool) -> Self {
        self.grid_level = on;
        self
    }

    /// Is the value the same for both threads (no thread identifier, no
    /// thread-local unknown)?
    fn uniform(&self, fv: &BTreeSet<String>) -> bool {
        fv.iter().all(|x| {
            !(x.starts_with("threadIdx.")
                || (self.grid_level && x.starts_with("blockIdx."))
                || self.out.locals.contains(x))
        })
    }

    /// A fresh thread-global unknown (a value computed from uniform values).
    fn uniform_unknown(&mut self) -> Val {
        self.out.approximate = true;
        let x = self.fresh_name("g");
        Val::Int(Lin::var(&x))
    }

    /// Runs the kernel `f` and returns its protocol.
    pub fn kernel(mut self, f: &Func) -> Output {
        self.bind_globals();
        for p in &f.params {
            let v = self.param_value(p);
            self.used.insert(p.name.clone());
            self.env.insert(p.key.clone(), v);
        }
        self.calls.push(f.key.clone());
        self.returns.push(Vec::new());
        self.stmt(&f.body);
        self.out.body = self.blocks.pop().unwrap_or_default();
        self.out
    }

    // ----- bookkeeping -------------------------------------------------

    fn span(&self, s: Span) -> Span {
        self.call_span.unwrap_or(s)
    }

    fn emit(&mut self, kind: StmtKind, span: Span) {
        let span = self.span(span);
        if let StmtKind::Sync = kind {
            if self.jumped {
                self.unsupported(span, "barrier after a `return` inside a loop");
            }
        }
        if let Some(b) = self.blocks.last_mut() {
            b.push(Stmt::new(kind, span));
        }
    }

    /// Runs `f` collecting what it emits.
    fn nested(&mut self, f: impl FnOnce(&mut Self)) -> Vec<Stmt> {
        self.blocks.push(Vec::new());
        f(self);
        self.blocks.pop().unwrap_or_default()
    }

    fn emit_all(&mut self, stmts: Vec<Stmt>) {
        if let Some(b) = self.blocks.last_mut() {
            b.extend(stmts);
        }
    }

    pub fn fresh_name(&mut self, base: &str) -> String {
        let base: String = base
            .chars()
            .map(|c| {
                if c.is_alphanumeric() || c == '_' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        let base = if base.is_empty() || base.starts_with(|c: char| c.is_ascii_digit()) {
            format!("v{base}")
        } else {
            base
        };
        let mut name = base.clone();
        let mut i = 1;
        while self.used.contains(&name) || semantics::surface::parse::is_keyword(&name) {
            name = format!("{base}_{i}");
            i += 1;
        }
        self.used.insert(name.clone());
        name
    }

    /// A fresh thread-local unknown integer.
    fn unknown(&mut self, base: &str, cause: UnknownCause, span: Span) -> Val {
        let x = self.fresh_name(base);
        self.out.locals.push(x.clone());
        let span = self.span(span);
        self.out.unknowns.push(Unknown {
            var: x.clone(),
            cause,
            span,
        });
        Val::Int(Lin::var(&x))
    }

    fn other(&mut self, why: &str, span: Span) -> Val {
        self.unknown("u", UnknownCause::Other(why.to_string()), span)
    }

    fn unsupported(&mut self, span: Span, what: impl Into<String>) {
        let span = self.span(span);
        self.out.unsupported.push(Unsupported {
            span,
            what: what.into(),
        });
    }

    // ----- initial environment -----------------------------------------

    fn bind_globals(&mut self) {
        for g in &self.unit.globals {
            self.used.insert(g.name.clone());
        }
        for g in self.unit.globals.clone() {
            let v = self.declared_value(&g);
            self.env.insert(g.key.clone(), v);
        }
    }

    fn param_value(&mut self, p: &VarDecl) -> Val {
        match &p.shape {
            Shape::Pointer => ptr(&p.name, 1, true),
            Shape::Array(r) => ptr(&p.name, *r, true),
            Shape::Scalar => Val::Int(Lin::var(&p.name)),
            Shape::Record => {
                self.param_records.insert(p.name.clone());
                Val::Rec {
                    prefix: p.name.clone(),
                    memory: Memory::Local,
                }
            }
            Shape::Reference => Val::Bad(format!("reference parameter `{}` of a kernel", p.name)),
            Shape::Unsupported(why) => Val::Bad(why.clone()),
        }
    }

    /// The value of a declared variable (file scope or `__shared__` in a body).
    fn declared_value(&mut self, d: &VarDecl) -> Val {
        if d.memory == Memory::Shared {
            self.shared.insert(d.name.clone());
        }
        let tracked = matches!(d.memory, Memory::Shared | Memory::Device);
        match (&d.shape, d.memory) {
            (Shape::Array(r), _) => ptr(&d.name, *r, tracked && d.memory != Memory::Constant),
            (Shape::Scalar, Memory::Shared | Memory::Device) => Val::Cell(Arr {
                name: d.name.clone(),
                rank: 1,
                tracked: true,
            }),
            (Shape::Record, m) => Val::Rec {
                prefix: d.name.clone(),
                memory: if m == Memory::Local {
                    Memory::Constant
                } else {
                    m
                },
            },
            (Shape::Scalar, _) => match &d.init {
                Some(e) => self.eval(e),
                None => self.other(&format!("value of `{}`", d.name), d.span),
            },
            (Shape::Pointer, _) => Val::Bad(format!("global pointer `{}`", d.name)),
            (Shape::Reference, _) | (Shape::Unsupported(_), _) => {
                Val::Bad(format!("declaration of `{}`", d.name))
            }
        }
    }

    // ----- statements ----------------------------------------------------

    fn stmt(&mut self, s: &S) {
        match &s.kind {
            SK::Block(b) => self.block(b),
            SK::Decl(ds) => ds.iter().for_each(|d| self.decl(d)),
            SK::Expr(e) => {
                self.eval(e);
            }
            SK::If(c, t, e) => self.if_stmt(c, t, e.as_deref(), &[], s.span),
            SK::For {
                init,
                cond,
                inc,
                body,
            } => self.for_loop(init.as_deref(), cond.as_ref(), inc.as_ref(), body, s.span),
            SK::While(c, body) => self.unknown_loop(Some(c), body, None, s.span),
            SK::Do(body, c) => self.unknown_loop(None, body, Some(c), s.span),
            SK::Switch(e, body) => self.switch(e, body, s.span),
            SK::Case(_, inner) => self.stmt(inner),
            SK::Break | SK::Continue => self.jump_in_loop(s.span),
            SK::Return(e) => self.ret(e.as_ref(), s.span),
            SK::Null => {}
            SK::Unknown(what) => self.unsupported(s.span, format!("statement `{what}`")),
        }
    }

    /// A block; an `if` whose branch always jumps (`return`, `break`,
    /// `continue`) takes the rest of the block into its other branch.
    fn block(&mut self, b: &[S]) {
        for (i, s) in b.iter().enumerate() {
            if let SK::If(c, t, e) = &s.kind {
                let rest = &b[i + 1..];
                if !rest.is_empty() && (always_jumps(t) || e.as_deref().is_some_and(always_jumps)) {
                    self.if_stmt(c, t, e.as_deref(), rest, s.span);
                    return;
                }
            }
            self.stmt(s);
        }
    }

    fn decl(&mut self, d: &VarDecl) {
        let v = match (&d.shape, d.memory) {
            (_, Memory::Shared | Memory::Device) => {
                let name = match self.static_names.get(&d.key) {
                    Some(n) => n.clone(),
                    None => {
                        let n = self.fresh_name(&d.name);
                        self.static_names.insert(d.key.clone(), n.clone());
                        n
                    }
                };
                let mut d2 = d.clone();
                d2.name = name;
                d2.init = None;
                self.declared_value(&d2)
            }
            (Shape::Array(_) | Shape::Record, _) => {
                // The initialiser's accesses (`float4 p = pos[i];`) count.
                if let Some(e) = &d.init {
                    self.eval(e);
                }
                match d.shape {
                    Shape::Array(r) => ptr(&d.name, r, false),
                    _ => Val::Rec {
                        prefix: d.name.clone(),
                        memory: Memory::Local,
                    },
                }
            }
            _ => match &d.init {
                Some(e) => {
                    let v = self.eval(e);
                    if d.shape == Shape::Reference {
                        self.reference_to(e, v)
                    } else {
                        v
                    }
                }
                None => self.other(&format!("uninitialised `{}`", d.name), d.span),
            },
        };
        self.env.insert(d.key.clone(), v);
    }

    /// `T &r = e;` aliases the place of `e`.
    fn reference_to(&mut self, e: &E, _v: Val) -> Val {
        let p = self.place(e);
        Val::Ref(Box::new(p))
    }

    fn if_stmt(&mut self, c: &E, t: &S, e: Option<&S>, rest: &[S], span: Span) {
        let cond = self.cond(c);
        let (jt, je) = (always_jumps(t), e.is_some_and(always_jumps));
        let run = |me: &mut Self, branch: Option<&S>, jumps: bool| {
            let env = me.env.clone();
            let stmts = me.nested(|me| {
                if let Some(b) = branch {
                    me.stmt(b);
                }
                if !jumps {
                    me.block(rest);
                }
            });
            (stmts, std::mem::replace(&mut me.env, env))
        };
        match cond {
            BExp::Bool(true) => return self.taken(Some(t), jt, rest),
            BExp::Bool(false) => return self.taken(e, je, rest),
            _ => {}
        }
        let (then_b, env_t) = run(self, Some(t), jt);
        let (else_b, env_e) = run(self, e, je);
        let uniform = self.uniform(&cond.fv());
        self.merge(env_t, env_e, jt, je, uniform, span);
        if !then_b.is_empty() || !else_b.is_empty() {
            self.emit(
                StmtKind::If {
                    cond,
                    then_branch: then_b,
                    else_branch: else_b,
                },
                span,
            );
        }
    }

    /// A branch known to be taken (constant condition).
    fn taken(&mut self, branch: Option<&S>, jumps: bool, rest: &[S]) {
        if let Some(b) = branch {
            self.stmt(b);
        }
        if !jumps {
            self.block(rest);
        }
    }

    /// Joins the environments of two branches: values that differ become
    /// unknown (pointers keep their array when both agree on it).  A branch
    /// that always jumps does not reach the join.
    fn merge(
        &mut self,
        a: BTreeMap<String, Val>,
        b: BTreeMap<String, Val>,
        a_jumps: bool,
        b_jumps: bool,
        uniform_cond: bool,
        span: Span,
    ) {
        if a_jumps && !b_jumps {
            self.env = b;
            return;
        }
        if b_jumps && !a_jumps {
            self.env = a;
            return;
        }
        let mut env = a.clone();
        for (k, vb) in b {
            let va = a.get(&k).cloned();
            if va.as_ref() == Some(&vb) {
                continue;
            }
            let v = match (va, vb) {
                (
                    Some(Val::Ptr { arr, fixed, .. }),
                    Val::Ptr {
                        arr: arr2,
                        fixed: f2,
                        ..
                    },
                ) if arr == arr2 && fixed.len() == f2.len() => {
                    let off = self.int_unknown("offset assigned in a branch", span);
                    Val::Ptr {
                        arr,
                        fixed: fixed
                            .iter()
                            .map(|_| self.int_unknown("index assigned in a branch", span))
                            .collect(),
                        off,
                    }
                }
                (Some(Val::Ptr { .. }), _) | (_, Val::Ptr { .. }) => {
                    Val::Bad("pointer assigned different arrays in branches".into())
                }
                (None, v) => v,
                (Some(Val::Int(x)), Val::Int(y))
                    if uniform_cond && self.uniform(&lin_fv(&x, &y)) =>
                {
                    self.uniform_unknown()
                }
                _ => self.other("assigned in a branch", span),
            };
            env.insert(k, v);
        }
        self.env = env;
    }

    fn int_unknown(&mut self, why: &str, span: Span) -> Lin {
        match self.other(why, span) {
            Val::Int(l) => l,
            _ => Lin::int(0),
        }
    }

    fn jump_in_loop(&mut self, span: Span) {
        if self.loops.last() == Some(&true) {
            self.unsupported(span, "`break`/`continue` in a loop with a barrier");
        }
    }

    fn ret(&mut self, e: Option<&E>, span: Span) {
        let v = match e {
            Some(e) => self.eval(e),
            None => Val::Int(Lin::int(0)),
        };
        if let Some(r) = self.returns.last_mut() {
            r.push(v);
        }
        if !self.loops.is_empty() {
            self.jumped = true;
            self.jump_in_loop(span);
        }
    }

    fn switch(&mut self, e: &E, body: &S, span: Span) {
        let v = self.eval(e);
        let items = flatten_switch(body);
        let labels: Vec<Option<Val>> = items.iter().map(|(l, _)| l.map(|l| self.eval(l))).collect();
        let mut others = BExp::Bool(true);
        for l in labels.iter().flatten() {
            let eq = self.compare(ROp::Eq, &v, l, span);
            others = BExp::and(others, BExp::not(eq));
        }
        for (i, (label, _)) in items.iter().enumerate() {
            if label.is_none()
                && !matches!(body.kind, SK::Case(None, _))
                && labels[i].is_none()
                && i > 0
                && items[i].0.is_none()
            {
                // Statements after a `break` without a label are unreachable.
            }
            let cond = match &labels[i] {
                Some(l) => self.compare(ROp::Eq, &v, l, span),
                None if is_label(&items[i]) => others.clone(),
                None => continue,
            };
            let group: Vec<&S> = items[i..]
                .iter()
                .map(|(_, s)| *s)
                .take_while(|s| !matches!(s.kind, SK::Break))
                .collect();
            let env = self.env.clone();
            let stmts = self.nested(|me| group.iter().for_each(|s| me.stmt(s)));
            let env_in = std::mem::replace(&mut self.env, env);
            self.merge(env_in, self.env.clone(), false, false, false, span);
            self.emit(
                StmtKind::If {
                    cond,
                    then_branch: stmts,
                    else_branch: vec![],
                },
                span,
            );
        }
    }

    // ----- loops -----------------------------------------------------------

    /// `for (init; cond; inc) body`: normalised to a protocol loop when the
    /// shape is recognised (Sec. 6, "Loops"), else a loop with an unknown bound.
    fn for_loop(
        &mut self,
        init: Option<&S>,
        cond: Option<&E>,
        inc: Option<&E>,
        body: &S,
        span: Span,
    ) {
        if let Some(i) = init {
            self.stmt(i);
        }
        let modified = modified_in(body, self.unit);
        let shape = cond.zip(inc).and_then(|(c, i)| loop_shape(c, i, &modified));
        // The fallback: a loop of unknown shape over the body followed by
        // the increment (so that what the increment moves is havocked).
        let mut b = body.clone();
        if let Some(i) = inc {
            b = S {
                kind: SK::Block(vec![
                    b,
                    S {
                        kind: SK::Expr(i.clone()),
                        span: i.span,
                    },
                ]),
                span: body.span,
            };
        }
        let c = cond.cloned().unwrap_or(E::new(EK::Int(1), span));
        let fallback = (c, b);
        let Some(shape) = shape else {
            return self.unknown_loop(Some(&fallback.0), &fallback.1, None, span);
        };
        self.normal_loop(&shape, body, &modified, &fallback, span);
    }

    fn normal_loop(
        &mut self,
        shape: &LoopShape,
        body: &S,
        modified: &BTreeSet<String>,
        fallback: &(E, S),
        span: Span,
    ) {
        let start = self.lookup_int(&shape.var_key, &shape.var_name, span);
        let bound_reads = self.nested(|me| {
            me.eval(&shape.bound);
        });
        let bound = match self.eval_quiet(&shape.bound) {
            Val::Int(b) => b,
            _ => return self.unknown_loop(Some(&fallback.0), &fallback.1, None, span),
        };
        let step = match self.eval_quiet(&shape.step) {
            Val::Int(s) if s.is_nat() => s,
            _ => return self.unknown_loop(Some(&fallback.0), &fallback.1, None, span),
        };
        if !start.is_nat() && shape.dir != Dir::Down {
            return self.unknown_loop(Some(&fallback.0), &fallback.1, None, span);
        }
        if let Some(values) = power_values(shape, &start, &bound, &step) {
            if !has_jump(body) {
                return self.unrolled_loop(shape, &values, body, &bound_reads);
            }
        }
        self.emit_all(bound_reads.clone());
        let k = self.fresh_name(&shape.var_name);
        let kv = Lin::var(&k);
        let plan = plan_loop(shape, &start, &bound, &step, &kv);
        let Some((lo, hi, value, exact, step_assumption)) = plan else {
            return self.unknown_loop(Some(&fallback.0), &fallback.1, None, span);
        };
        if let Some(a) = step_assumption {
            if a.fv().iter().all(|x| !self.out.locals.contains(x)) {
                self.out.assumptions.push(Assumption { cond: a, span });
            }
        }
        self.havoc(modified, span);
        self.env.insert(shape.var_key.clone(), Val::Int(value));
        let mut stmts = self.loop_body(body, &bound_reads);
        let synced = block_has_sync(&stmts);
        if !exact {
            self.out.approximate = true;
            let aligned = stmts.first().is_some_and(|s| s.kind == StmtKind::Sync)
                || stmts.last().is_some_and(|s| s.kind == StmtKind::Sync);
            if synced && !aligned {
                self.unsupported(
                    span,
                    "loop over powers with code on both sides of its barrier",
                );
            }
        }
        if shape.dir == Dir::Down && !lo.is_zero() {
            // Keep the generated loop bounds as written: lo..hi over ℕ.
        }
        stmts.retain(|s| s.kind != StmtKind::Skip);
        self.emit(
            StmtKind::For {
                tag: None,
                var: k,
                lo: lo.to_nexp(),
                hi: hi.to_nexp(),
                body: std::mem::take(&mut stmts),
            },
            span,
        );
        self.havoc(modified, span);
        let after = self.int_unknown("loop variable after its loop", span);
        self.env.insert(shape.var_key.clone(), Val::Int(after));
    }

    /// A `*=`/`/=` loop whose start, bound and step are constants runs a
    /// few known iterations: its body is inlined once per value of the loop
    /// variable (exact, unlike the superset of [`plan_loop`]), so barriers
    /// anywhere in the body and indices such as `N / (2 * d)` stay precise.
    fn unrolled_loop(&mut self, shape: &LoopShape, values: &[i128], body: &S, reads: &[Stmt]) {
        for v in values {
            self.env
                .insert(shape.var_key.clone(), Val::Int(Lin::int(*v)));
            self.stmt(body);
            self.emit_all(reads.to_vec());
        }
        let last = values.last().copied().unwrap_or(0);
        let next = match (self.eval_quiet(&shape.step), shape.dir) {
            (Val::Int(s), Dir::Times) => s.constant().and_then(|s| last.checked_mul(s)),
            (Val::Int(s), Dir::Divide) => s.constant().and_then(|s| last.checked_div(s)),
            _ => None,
        };
        let v = match next {
            Some(n) if !values.is_empty() => Lin::int(n),
            _ => self.int_unknown("loop variable after its loop", Span::default()),
        };
        self.env.insert(shape.var_key.clone(), Val::Int(v));
    }

    fn loop_body(&mut self, body: &S, reads: &[Stmt]) -> Vec<Stmt> {
        let reads = reads.to_vec();
        let synced = has_barrier(body, self.unit, 0);
        self.nested(|me| {
            me.loops.push(synced);
            me.stmt(body);
            me.emit_all(reads);
            me.loops.pop();
        })
    }

    /// `while`, `do`, and `for` loops of unknown shape: a protocol loop over
    /// an unknown number of iterations, with every variable the body
    /// modifies unknown.  A loop with a barrier must be uniform in CUDA, so
    /// its bound is thread-global; otherwise it is thread-local.
    fn unknown_loop(&mut self, cond: Option<&E>, body: &S, post: Option<&E>, span: Span) {
        self.out.approximate = true;
        let mut modified = modified_in(body, self.unit);
        for e in cond.iter().chain(post.iter()) {
            modified_expr(e, self.unit, &mut modified);
        }
        self.havoc(&modified, span);
        let mut guard = BExp::Bool(true);
        let synced_body = has_barrier(body, self.unit, 0);
        let stmts = self.nested(|me| {
            me.loops.push(synced_body);
            let reads = me.nested(|m| {
                if let Some(c) = cond {
                    guard = m.cond(c);
                }
            });
            let inner = me.nested(|m| {
                m.stmt(body);
                if let Some(p) = post {
                    m.eval(p);
                }
            });
            me.loops.pop();
            let synced = block_has_sync(&inner);
            me.emit_all(reads);
            if synced || guard == BExp::Bool(true) {
                me.emit_all(inner);
            } else {
                me.emit(
                    StmtKind::If {
                        cond: guard.clone(),
                        then_branch: inner,
                        else_branch: vec![],
                    },
                    span,
                );
            }
        });
        let synced = block_has_sync(&stmts);
        let n = self.fresh_name("iterations");
        if !synced {
            self.out.locals.push(n.clone());
            let span = self.span(span);
            self.out.unknowns.push(Unknown {
                var: n.clone(),
                cause: UnknownCause::Other("number of iterations of a loop".into()),
                span,
            });
        }
        let k = self.fresh_name("k");
        self.emit(
            StmtKind::For {
                tag: None,
                var: k,
                lo: NExp::num(0),
                hi: NExp::var(&n),
                body: stmts,
            },
            span,
        );
        self.havoc(&modified, span);
    }

    fn havoc(&mut self, keys: &BTreeSet<String>, span: Span) {
        for k in keys {
            let v = match self.env.get(k).cloned() {
                Some(Val::Ptr { arr, fixed, .. }) => {
                    let off = self.int_unknown("pointer moved in a loop", span);
                    let fixed = fixed
                        .iter()
                        .map(|_| self.int_unknown("pointer moved in a loop", span))
                        .collect();
                    Val::Ptr { arr, fixed, off }
                }
                Some(Val::Ref(_)) | Some(Val::Cell(_)) | Some(Val::Rec { .. }) => continue,
                _ => self.other("modified in a loop", span),
            };
            self.env.insert(k.clone(), v);
        }
    }

    fn lookup_int(&mut self, key: &str, name: &str, span: Span) -> Lin {
        match self.env.get(key).cloned() {
            Some(Val::Int(l)) => l,
            _ => self.int_unknown(&format!("initial value of `{name}`"), span),
        }
    }

    // ----- expressions -----------------------------------------------------

    /// Evaluates without emitting accesses (bounds re-read each iteration).
    fn eval_quiet(&mut self, e: &E) -> Val {
        let mut v = Val::Bad(String::new());
        self.nested(|me| v = me.eval(e));
        v
    }

    /// A condition as a boolean expression.
    fn cond(&mut self, e: &E) -> BExp {
        let v = self.eval(e);
        self.as_bool(v, e.span)
    }

    fn as_bool(&mut self, v: Val, span: Span) -> BExp {
        match v {
            Val::Bool(b) => b,
            Val::Int(l) => BExp::not(l.compare(ROp::Eq, &Lin::int(0))).simplify_not(),
            Val::Ptr { .. } => BExp::Bool(true),
            _ => {
                let u = self.int_unknown("condition", span);
                u.compare(ROp::Ne, &Lin::int(0))
            }
        }
    }

    fn as_int(&mut self, v: Val, span: Span) -> Lin {
        match v {
            Val::Int(l) => l,
            Val::Bool(BExp::Bool(b)) => Lin::int(b as i128),
            _ => self.int_unknown("non-integer value", span),
        }
    }

    fn compare(&mut self, op: ROp, a: &Val, b: &Val, span: Span) -> BExp {
        let a = self.as_int(a.clone(), span);
        let b = self.as_int(b.clone(), span);
        a.compare(op, &b)
    }

    pub fn eval(&mut self, e: &E) -> Val {
        match &e.kind {
            EK::Int(i) => Val::Int(Lin::int(*i)),
            EK::Float => self.other("non-integer value", e.span),
            EK::Var(..) | EK::Index(..) | EK::Member(..) | EK::Un(UnOp::Deref, _) => self.read(e),
            EK::Builtin(b) => Val::Int(Lin::var(b)),
            EK::Bin(op, a, b) => self.binary(*op, a, b, e.span),
            EK::Assign(op, l, r) => self.assign(*op, l, r, e.span),
            EK::IncDec { pre, inc, e: x } => self.incdec(*pre, *inc, x, e.span),
            EK::Un(op, x) => self.unary(*op, x, e.span),
            EK::Call(name, key, args) => self.call(name, key.as_deref(), args, e.span),
            EK::Cond(c, t, f) => self.conditional(c, t, f, e.span),
            EK::Unknown(what, subs) => self.unknown_expr(what, subs, e.span),
        }
    }

    fn unknown_expr(&mut self, what: &str, subs: &[E], span: Span) -> Val {
        if what == super::convert::LAMBDA {
            self.unsupported(span, what);
        }
        let mut into = None;
        for s in subs {
            let v = self.eval(s);
            if is_tracked_ptr(&v) || mentions_tracked(s, self) {
                self.unsupported(span, format!("expression `{what}` on an array"));
            }
            if let (Val::Ptr { arr, fixed, .. }, None) = (&v, &into) {
                if arr.tracked {
                    into = Some((arr.clone(), fixed.len()));
                }
            }
        }
        // A pointer into a tracked array stays one, at an unknown place: its
        // accesses are kept (the verdict is `unknown` anyway), never dropped.
        if let Some((arr, n)) = into {
            let why = format!("pointer from unmodelled expression `{what}`");
            let fixed: Vec<Lin> = (0..n).map(|_| self.int_unknown(&why, span)).collect();
            let off = self.int_unknown(&why, span);
            return ptr_at(&arr, &fixed, off);
        }
        self.other(&format!("unmodelled expression `{what}`"), span)
    }

    fn conditional(&mut self, c: &E, t: &E, f: &E, span: Span) -> Val {
        let cond = self.cond(c);
        let (mut vt, mut vf) = (Val::Int(Lin::int(0)), Val::Int(Lin::int(0)));
        let bt = self.nested(|me| vt = me.eval(t));
        let bf = self.nested(|me| vf = me.eval(f));
        match cond {
            BExp::Bool(true) => {
                self.emit_all(bt);
                return vt;
            }
            BExp::Bool(false) => {
                self.emit_all(bf);
                return vf;
            }
            _ => {}
        }
        if !bt.is_empty() || !bf.is_empty() {
            self.emit(
                StmtKind::If {
                    cond,
                    then_branch: bt,
                    else_branch: bf,
                },
                span,
            );
        }
        if vt == vf {
            return vt;
        }
        match (&vt, &vf) {
            (Val::Ptr { arr, .. }, Val::Ptr { arr: a2, .. }) if arr == a2 => {
                let off = self.int_unknown("conditional pointer", span);
                Val::Ptr {
                    arr: arr.clone(),
                    fixed: vec![],
                    off,
                }
                .fix_rank()
            }
            (Val::Ptr { .. }, _) | (_, Val::Ptr { .. }) => {
                Val::Bad("conditional pointer to different arrays".into())
            }
            _ => self.other("conditional expression `?:`", span),
        }
    }

    fn binary(&mut self, op: BinOp, a: &E, b: &E, span: Span) -> Val {
        use BinOp::*;
        match op {
            Comma => {
                self.eval(a);
                return self.eval(b);
            }
            LAnd | LOr => return self.logical(op, a, b, span),
            _ => {}
        }
        let va = self.eval(a);
        let vb = self.eval(b);
        self.apply(op, va, vb, span)
    }

    fn logical(&mut self, op: BinOp, a: &E, b: &E, span: Span) -> Val {
        let ca = self.cond(a);
        let mut cb = BExp::Bool(true);
        let stmts = self.nested(|me| cb = me.cond(b));
        if !stmts.is_empty() {
            let guard = if op == BinOp::LAnd {
                ca.clone()
            } else {
                BExp::not(ca.clone())
            };
            self.emit(
                StmtKind::If {
                    cond: guard,
                    then_branch: stmts,
                    else_branch: vec![],
                },
                span,
            );
        }
        Val::Bool(if op == BinOp::LAnd {
            BExp::and(ca, cb)
        } else {
            BExp::or(ca, cb)
        })
    }

    fn apply(&mut self, op: BinOp, va: Val, vb: Val, span: Span) -> Val {
        use BinOp::*;
        let rel = |op| Some(op);
        let r = match op {
            Lt => rel(ROp::Lt),
            Gt => rel(ROp::Gt),
            Le => rel(ROp::Le),
            Ge => rel(ROp::Ge),
            Eq => rel(ROp::Eq),
            Ne => rel(ROp::Ne),
            _ => None,
        };
        if let Some(r) = r {
            if matches!((&va, &vb), (Val::Ptr { .. }, _) | (_, Val::Ptr { .. })) {
                return Val::Bool(
                    self.int_unknown("pointer comparison", span)
                        .compare(ROp::Ne, &Lin::int(0)),
                );
            }
            if let (Val::Bool(x), Val::Bool(y)) = (&va, &vb) {
                if r == ROp::Eq || r == ROp::Ne {
                    let eq = BExp::or(
                        BExp::and(x.clone(), y.clone()),
                        BExp::and(BExp::not(x.clone()), BExp::not(y.clone())),
                    );
                    return Val::Bool(if r == ROp::Eq { eq } else { BExp::not(eq) });
                }
            }
            return Val::Bool(self.compare(r, &va, &vb, span));
        }
        if let Val::Ptr { arr, fixed, off } = &va {
            let d = self.as_int(vb, span);
            return match op {
                Add => ptr_at(arr, fixed, off.add(&d)),
                Sub => ptr_at(arr, fixed, off.sub(&d)),
                _ => Val::Bad("pointer arithmetic".into()),
            };
        }
        if let (Val::Ptr { arr, fixed, off }, Add) = (&vb, op) {
            let d = self.as_int(va, span);
            return ptr_at(arr, fixed, off.add(&d));
        }
        let (a, b) = (self.as_int(va, span), self.as_int(vb, span));
        self.arith(op, a, b, span)
    }

    fn arith(&mut self, op: BinOp, a: Lin, b: Lin, span: Span) -> Val {
        use BinOp::*;
        let r = match op {
            Add => Some(a.add(&b)),
            Sub => Some(a.sub(&b)),
            Mul => Some(a.mul(&b)),
            Div => a.divmod(NOp::Div, &b),
            Rem => a.divmod(NOp::Mod, &b),
            Shl => b.constant().and_then(pow2).map(|p| a.mul(&p)),
            Shr => b
                .constant()
                .and_then(pow2)
                .and_then(|p| a.divmod(NOp::Div, &p)),
            BitAnd => mask(&a, &b).or_else(|| mask(&b, &a)),
            _ => None,
        };
        match r {
            Some(l) => Val::Int(l),
            None => self.other(&format!("operator {op:?} not modelled"), span),
        }
    }

    fn unary(&mut self, op: UnOp, x: &E, span: Span) -> Val {
        if op == UnOp::AddrOf {
            return self.address_of(x, span);
        }
        let v = self.eval(x);
        match op {
            UnOp::Plus => v,
            UnOp::Neg => {
                let l = self.as_int(v, span);
                Val::Int(l.neg())
            }
            UnOp::LNot => {
                let b = self.as_bool(v, span);
                Val::Bool(BExp::not(b).simplify_not())
            }
            _ => self.other("bitwise complement", span),
        }
    }

    fn address_of(&mut self, x: &E, span: Span) -> Val {
        match self.place(x) {
            Place::Elem { arr, mut index } => {
                let off = index.pop().unwrap_or(Lin::int(0));
                Val::Ptr {
                    arr,
                    fixed: index,
                    off,
                }
            }
            Place::Local(k) => {
                self.escaped.insert(k);
                Val::Bad("pointer to a local variable".into())
            }
            Place::Row(v) => v,
            Place::Nowhere => {
                let _ = span;
                Val::Bad("address of an unmodelled expression".into())
            }
        }
    }

    fn assign(&mut self, op: Option<BinOp>, l: &E, r: &E, span: Span) -> Val {
        let rv = self.eval(r);
        let place = self.place(l);
        let v = match op {
            None => rv,
            Some(op) => {
                let old = self.read_place(&place, l.span);
                self.apply(op, old, rv, span)
            }
        };
        self.write_place(&place, v.clone(), l.span);
        v
    }

    fn incdec(&mut self, pre: bool, inc: bool, x: &E, span: Span) -> Val {
        let place = self.place(x);
        let old = self.read_place(&place, x.span);
        let op = if inc { BinOp::Add } else { BinOp::Sub };
        let new = self.apply(op, old.clone(), Val::Int(Lin::int(1)), span);
        self.write_place(&place, new.clone(), x.span);
        if pre {
            new
        } else {
            old
        }
    }

    // ----- places: variables, array elements -----------------------------

    fn read(&mut self, e: &E) -> Val {
        if let EK::Var(name, key, kind) = &e.kind {
            if let Some(v) = self.var_value(name, key, kind, e.span) {
                return v;
            }
        }
        if let EK::Member(base, field, shape) = &e.kind {
            if let Some(v) = self.member_value(base, field, shape, e.span) {
                return v;
            }
        }
        let p = self.place(e);
        self.read_place(&p, e.span)
    }

    /// The value of a name used as an rvalue, unless it denotes memory.
    fn var_value(&mut self, name: &str, key: &str, kind: &RefKind, span: Span) -> Option<Val> {
        if name == "warpSize" && *kind == RefKind::Global {
            return Some(Val::Int(Lin::int(32)));
        }
        if *kind == RefKind::TemplateParam {
            self.used.insert(name.to_string());
            return Some(Val::Int(Lin::var(name)));
        }
        if self.escaped.contains(key) {
            return Some(self.other(&format!("`{name}` is accessed through a pointer"), span));
        }
        match self.env.get(key).cloned() {
            Some(Val::Cell(_)) | Some(Val::Ref(_)) => None,
            Some(v) => Some(v),
            None => Some(self.other(&format!("value of `{name}`"), span)),
        }
    }

    fn member_value(&mut self, base: &E, field: &str, shape: &Shape, span: Span) -> Option<Val> {
        let EK::Var(_, key, _) = &base.kind else {
            return None;
        };
        let Some(Val::Rec { prefix, memory }) = self.env.get(key).cloned() else {
            return None;
        };
        let name = format!("{prefix}.{field}");
        let tracked = matches!(memory, Memory::Shared | Memory::Device);
        let param = self.param_records.contains(&prefix);
        Some(match (shape, memory) {
            // A field of a local struct (or of a struct argument of an
            // inlined function) varies per thread and its stores are not
            // tracked: a thread-local unknown.
            (Shape::Scalar | Shape::Pointer, Memory::Local) if !param => {
                if *shape == Shape::Pointer {
                    self.unsupported(span, format!("pointer field `{name}` of a local struct"));
                }
                self.other(&format!("field `{name}` of a local struct"), span)
            }
            (Shape::Pointer, Memory::Local) => ptr(&name, 1, true),
            (Shape::Array(r), _) => ptr(&name, *r, tracked || memory == Memory::Local),
            (Shape::Scalar, Memory::Local) => Val::Int(Lin::var(&name)),
            (Shape::Scalar, Memory::Shared | Memory::Device) => return None,
            _ => self.other(&format!("field `{name}`"), span),
        })
    }

    /// Where an lvalue lives.
    fn place(&mut self, e: &E) -> Place {
        match &e.kind {
            EK::Var(_, key, _) => match self.env.get(key).cloned() {
                Some(Val::Cell(arr)) => Place::Elem {
                    arr,
                    index: vec![Lin::int(0)],
                },
                Some(Val::Ref(p)) => *p,
                _ => Place::Local(key.clone()),
            },
            EK::Member(base, field, _) => self.member_place(base, field),
            EK::Index(base, idx) => {
                let b = self.eval(base);
                let i = self.eval(idx);
                let i = self.as_int(i, idx.span);
                self.index_place(b, i, e.span)
            }
            EK::Un(UnOp::Deref, p) => {
                let b = self.eval(p);
                self.index_place(b, Lin::int(0), e.span)
            }
            _ => {
                self.eval(e);
                Place::Nowhere
            }
        }
    }

    fn member_place(&mut self, base: &E, field: &str) -> Place {
        if let EK::Var(_, key, _) = &base.kind {
            if let Some(Val::Rec { prefix, memory }) = self.env.get(key).cloned() {
                if matches!(memory, Memory::Shared | Memory::Device) {
                    return Place::Elem {
                        arr: Arr {
                            name: format!("{prefix}.{field}"),
                            rank: 1,
                            tracked: true,
                        },
                        index: vec![Lin::int(0)],
                    };
                }
                return Place::Nowhere;
            }
        }
        // A field of an array element (`a[i].x`): the element itself.
        match self.place(base) {
            Place::Elem { arr, index } => Place::Elem { arr, index },
            _ => Place::Nowhere,
        }
    }

    fn index_place(&mut self, base: Val, i: Lin, span: Span) -> Place {
        match base {
            Val::Ptr { arr, fixed, off } => {
                let mut index = fixed;
                index.push(off.add(&i));
                if index.len() < arr.rank {
                    return Place::Row(Val::Ptr {
                        arr,
                        fixed: index,
                        off: Lin::int(0),
                    });
                }
                Place::Elem { arr, index }
            }
            Val::Bad(why) => {
                self.unsupported(span, why);
                Place::Nowhere
            }
            _ => Place::Nowhere,
        }
    }

    fn read_place(&mut self, p: &Place, span: Span) -> Val {
        match p {
            Place::Local(k) => {
                if self.escaped.contains(k) {
                    return self.other("variable accessed through a pointer", span);
                }
                match self.env.get(k).cloned() {
                    Some(v) => v,
                    None => self.other("unknown variable", span),
                }
            }
            Place::Elem { arr, index } => {
                if arr.tracked {
                    self.access(Mode::Rd, arr, index, span);
                }
                let base = format!("rd_{}", arr.name);
                self.unknown(
                    &base,
                    UnknownCause::ArrayRead {
                        array: arr.name.clone(),
                    },
                    span,
                )
            }
            Place::Row(v) => v.clone(),
            Place::Nowhere => self.other("unmodelled value", span),
        }
    }

    fn write_place(&mut self, p: &Place, v: Val, span: Span) {
        match p {
            Place::Local(k) => {
                self.env.insert(k.clone(), v);
            }
            Place::Elem { arr, index } => {
                if arr.tracked {
                    self.access(Mode::Wr, arr, index, span);
                }
            }
            Place::Row(_) => self.unsupported(span, "assignment to an array row"),
            Place::Nowhere => {}
        }
    }

    fn access(&mut self, mode: Mode, arr: &Arr, index: &[Lin], span: Span) {
        let per_block = self.grid_level
            && self.shared.iter().any(|s| {
                arr.name == *s
                    || arr
                        .name
                        .strip_prefix(s.as_str())
                        .is_some_and(|f| f.starts_with('.'))
            });
        let block: &[&str] = if per_block {
            &["blockIdx.x", "blockIdx.y", "blockIdx.z"]
        } else {
            &[]
        };
        self.emit(
            StmtKind::Access {
                mode,
                array: Some(arr.name.clone()),
                index: block
                    .iter()
                    .map(|b| Lin::var(b).to_nexp())
                    .chain(index.iter().map(Lin::to_nexp))
                    .collect(),
            },
            span,
        );
    }

    // ----- calls -------------------------------------------------------------

    fn call(&mut self, name: &str, key: Option<&str>, args: &[E], span: Span) -> Val {
        if IGNORED_ANNOTATIONS.contains(&name) || name.starts_with("__assert") {
            return Val::Bool(BExp::Bool(true));
        }
        if BARRIERS.contains(&name) {
            args.iter().for_each(|a| {
                self.eval(a);
            });
            self.emit(StmtKind::Sync, span);
            return self.unknown(
                "sync_result",
                UnknownCause::Call {
                    function: name.into(),
                },
                span,
            );
        }
        if NOT_BARRIERS.contains(&name) {
            return Val::Int(Lin::int(0));
        }
        if name == "__requires" || name == "__assume" {
            return self.requires(args, span);
        }
        if name.starts_with("atomic") && !args.is_empty() {
            return self.atomic(name, args, span);
        }
        if let Some(f) = key.and_then(|k| self.unit.func(k)) {
            return self.inline(f, args, span);
        }
        self.opaque_call(name, args, span)
    }

    fn requires(&mut self, args: &[E], span: Span) -> Val {
        if let Some(a) = args.first() {
            let c = self.cond(a);
            let thread_free = c.fv().iter().all(|x| {
                !self.out.locals.contains(x)
                    && !x.starts_with("threadIdx.")
                    && !x.starts_with("blockIdx.")
            });
            if thread_free {
                self.out.assumptions.push(Assumption {
                    cond: c,
                    span: self.span(span),
                });
            }
        }
        Val::Int(Lin::int(0))
    }

    fn atomic(&mut self, name: &str, args: &[E], span: Span) -> Val {
        let target = self.eval(&args[0]);
        for a in &args[1..] {
            self.eval(a);
        }
        match self.index_place(target, Lin::int(0), span) {
            Place::Elem { arr, index } if arr.tracked => {
                self.access(Mode::Atomic, &arr, &index, span)
            }
            Place::Elem { .. } => {}
            _ => self.unsupported(span, format!("`{name}` on an unmodelled pointer")),
        }
        self.unknown(
            "old",
            UnknownCause::Call {
                function: name.into(),
            },
            span,
        )
    }

    /// A call without a body: its arguments are evaluated; it must not
    /// receive a pointer to a tracked array (it could access it).
    fn opaque_call(&mut self, name: &str, args: &[E], span: Span) -> Val {
        for a in args {
            let v = self.eval(a);
            if let Val::Ptr { arr, .. } = &v {
                if arr.tracked {
                    self.unsupported(
                        span,
                        format!("call to `{name}` (no body) with a pointer to an array"),
                    );
                    // It may read and write any cell of the array: keep both.
                    let why = format!("cell accessed by `{name}`");
                    let index: Vec<Lin> = (0..arr.rank)
                        .map(|_| self.int_unknown(&why, span))
                        .collect();
                    let arr = arr.clone();
                    self.access(Mode::Rd, &arr, &index, span);
                    self.access(Mode::Wr, &arr, &index, span);
                }
            }
        }
        let base = format!("ret_{name}");
        self.unknown(
            &base,
            UnknownCause::Call {
                function: name.into(),
            },
            span,
        )
    }

    /// Inlines a device function (Sec. 6, "Function calls").
    fn inline(&mut self, f: &Func, args: &[E], span: Span) -> Val {
        if self.calls.contains(&f.key) {
            self.unsupported(span, format!("recursive call to `{}`", f.name));
            return self.opaque_call(&f.name, args, span);
        }
        let mut bound = Vec::new();
        for (p, a) in f.params.iter().zip(args) {
            let v = if p.shape == Shape::Reference {
                let pl = self.place(a);
                Val::Ref(Box::new(pl))
            } else {
                self.eval(a)
            };
            bound.push((p.key.clone(), v));
        }
        let saved_loops = std::mem::take(&mut self.loops);
        let saved_span = self.call_span;
        if !f.in_main_file && self.call_span.is_none() {
            self.call_span = Some(span);
        }
        let saved_env: Vec<(String, Option<Val>)> = bound
            .iter()
            .map(|(k, _)| (k.clone(), self.env.get(k).cloned()))
            .collect();
        for (k, v) in bound {
            self.env.insert(k, v);
        }
        self.calls.push(f.key.clone());
        self.returns.push(Vec::new());
        self.stmt(&f.body);
        let rets = self.returns.pop().unwrap_or_default();
        self.calls.pop();
        for (k, v) in saved_env {
            match v {
                Some(v) => self.env.insert(k, v),
                None => self.env.remove(&k),
            };
        }
        self.loops = saved_loops;
        self.call_span = saved_span;
        match rets.as_slice() {
            [v] => v.clone(),
            _ => self.unknown(
                &format!("ret_{}", f.name),
                UnknownCause::Call {
                    function: f.name.clone(),
                },
                span,
            ),
        }
    }
}

// ----- helpers ------------------------------------------------------------------

fn lin_fv(a: &Lin, b: &Lin) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for e in [&a.pos, &a.neg, &b.pos, &b.neg] {
        out.extend(e.fv());
    }
    out
}

fn ptr(name: &str, rank: usize, tracked: bool) -> Val {
    Val::Ptr {
        arr: Arr {
            name: name.to_string(),
            rank: rank.max(1),
            tracked,
        },
        fixed: vec![],
        off: Lin::int(0),
    }
}

fn ptr_at(arr: &Arr, fixed: &[Lin], off: Lin) -> Val {
    Val::Ptr {
        arr: arr.clone(),
        fixed: fixed.to_vec(),
        off,
    }
}

impl Val {
    /// After a merge the fixed indices are unknown: keep the rank honest.
    fn fix_rank(self) -> Val {
        match self {
            Val::Ptr { arr, .. } if arr.rank > 1 => {
                Val::Bad(format!("conditional pointer into `{}`", arr.name))
            }
            v => v,
        }
    }
}

fn is_tracked_ptr(v: &Val) -> bool {
    matches!(v, Val::Ptr { arr, .. } if arr.tracked)
}

/// Does the expression name a tracked array directly?
fn mentions_tracked(e: &E, me: &Infer) -> bool {
    let mut found = false;
    visit_expr(e, &mut |x| {
        if let EK::Var(_, key, _) = &x.kind {
            if matches!(me.env.get(key), Some(Val::Ptr { arr, .. }) | Some(Val::Cell(arr)) if arr.tracked)
            {
                found = true;
            }
        }
    });
    found
}

/// `x & (2^k - 1)` is `x % 2^k` for non-negative `x`.
fn mask(x: &Lin, m: &Lin) -> Option<Lin> {
    let k = low_mask(m.constant()?)?;
    x.divmod(NOp::Mod, &pow2(k)?)
}

trait SimplifyNot {
    fn simplify_not(self) -> BExp;
}

impl SimplifyNot for BExp {
    fn simplify_not(self) -> BExp {
        match self {
            BExp::Not(b) => match *b {
                BExp::Bool(v) => BExp::Bool(!v),
                BExp::Not(inner) => *inner,
                BExp::Rel(ROp::Eq, a, c) => BExp::Rel(ROp::Ne, a, c),
                BExp::Rel(ROp::Ne, a, c) => BExp::Rel(ROp::Eq, a, c),
                other => BExp::not(other),
            },
            b => b,
        }
    }
}

fn always_jumps(s: &S) -> bool {
    match &s.kind {
        SK::Return(_) | SK::Break | SK::Continue => true,
        SK::Block(b) => b.last().is_some_and(always_jumps),
        SK::If(_, t, Some(e)) => always_jumps(t) && always_jumps(e),
        _ => false,
    }
}

fn is_label(item: &(Option<&E>, &S)) -> bool {
    matches!(item.1.kind, SK::Case(None, _))
}

/// The statements of a `switch` body, each with the `case` value it is
/// labelled with (`default` has `None` but `is_label`).
fn flatten_switch(body: &S) -> Vec<(Option<&E>, &S)> {
    let stmts: Vec<&S> = match &body.kind {
        SK::Block(b) => b.iter().collect(),
        _ => vec![body],
    };
    let mut out = Vec::new();
    for s in stmts {
        let mut cur = s;
        let mut labels = Vec::new();
        while let SK::Case(l, inner) = &cur.kind {
            labels.push((l.as_ref(), cur));
            cur = inner;
        }
        for (l, c) in labels {
            out.push((l, c));
        }
        if !matches!(s.kind, SK::Case(..)) {
            out.push((None, cur));
        }
    }
    // Each label item stands for its statement; unlabelled ones follow.
    out
}

pub fn visit_expr(e: &E, f: &mut impl FnMut(&E)) {
    f(e);
    match &e.kind {
        EK::Member(a, _, _) | EK::Un(_, a) | EK::IncDec { e: a, .. } => visit_expr(a, f),
        EK::Bin(_, a, b) | EK::Assign(_, a, b) | EK::Index(a, b) => {
            visit_expr(a, f);
            visit_expr(b, f);
        }
        EK::Cond(a, b, c) => {
            visit_expr(a, f);
            visit_expr(b, f);
            visit_expr(c, f);
        }
        EK::Call(_, _, xs) | EK::Unknown(_, xs) => xs.iter().for_each(|x| visit_expr(x, f)),
        _ => {}
    }
}

fn visit_stmt(s: &S, f: &mut impl FnMut(&E)) {
    match &s.kind {
        SK::Expr(e) | SK::Return(Some(e)) => visit_expr(e, f),
        SK::Decl(ds) => ds
            .iter()
            .filter_map(|d| d.init.as_ref())
            .for_each(|e| visit_expr(e, f)),
        SK::Block(b) => b.iter().for_each(|x| visit_stmt(x, f)),
        SK::If(c, t, e) => {
            visit_expr(c, f);
            visit_stmt(t, f);
            if let Some(e) = e {
                visit_stmt(e, f);
            }
        }
        SK::For {
            init,
            cond,
            inc,
            body,
        } => {
            if let Some(i) = init {
                visit_stmt(i, f);
            }
            cond.iter().chain(inc.iter()).for_each(|e| visit_expr(e, f));
            visit_stmt(body, f);
        }
        SK::While(c, b) | SK::Do(b, c) | SK::Switch(c, b) => {
            visit_expr(c, f);
            visit_stmt(b, f);
        }
        SK::Case(c, b) => {
            if let Some(c) = c {
                visit_expr(c, f);
            }
            visit_stmt(b, f);
        }
        _ => {}
    }
}

/// The variables (declaration keys) a statement may modify, including
/// through reference parameters of called functions.
pub fn modified_in(s: &S, unit: &Unit) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    visit_stmt(s, &mut |e| modified_one(e, unit, &mut out));
    out
}

fn modified_expr(e: &E, unit: &Unit, out: &mut BTreeSet<String>) {
    visit_expr(e, &mut |x| modified_one(x, unit, out));
}

fn modified_one(e: &E, unit: &Unit, out: &mut BTreeSet<String>) {
    let target = match &e.kind {
        EK::Assign(_, l, _) | EK::IncDec { e: l, .. } | EK::Un(UnOp::AddrOf, l) => Some(l),
        EK::Call(_, Some(k), args) => {
            if let Some(f) = unit.func(k) {
                for (p, a) in f.params.iter().zip(args) {
                    if p.shape == Shape::Reference {
                        if let EK::Var(_, key, _) = &a.kind {
                            out.insert(key.clone());
                        }
                    }
                }
            }
            None
        }
        _ => None,
    };
    if let Some(l) = target {
        if let EK::Var(_, key, _) = &l.kind {
            out.insert(key.clone());
        }
    }
}

/// Can the statement reach a barrier (syntactically, through calls)?
fn has_barrier(s: &S, unit: &Unit, depth: usize) -> bool {
    let mut found = false;
    visit_stmt(s, &mut |e| {
        if let EK::Call(name, key, _) = &e.kind {
            if BARRIERS.contains(&name.as_str()) {
                found = true;
            } else if let Some(f) = key.as_deref().and_then(|k| unit.func(k)) {
                found |= depth < 16 && has_barrier(&f.body, unit, depth + 1);
            }
        }
    });
    found
}

// ----- loop normalisation ---------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    /// `i += s` with `i < n` / `i <= n` / `i != n`
    Up,
    /// `i -= s` with `i > n` / `i >= n` / `i != n`
    Down,
    /// `i *= s` (also `i <<= k`)
    Times,
    /// `i /= s` (also `i >>= k`)
    Divide,
}

pub struct LoopShape {
    pub var_key: String,
    pub var_name: String,
    pub dir: Dir,
    pub step: E,
    pub bound: E,
    /// The bound is included (`<=`, `>=`).
    pub inclusive: bool,
    /// The condition is `v != bound`.
    pub ne: bool,
}

/// Recognises `v OP bound` and the increment of `v` (Sec. 6 "Loops").
fn loop_shape(cond: &E, inc: &E, modified: &BTreeSet<String>) -> Option<LoopShape> {
    let (key, name, dir, step) = increment(inc)?;
    if modified.contains(&key) {
        return None;
    }
    let mut cond = cond;
    while let EK::Bin(BinOp::Comma, _, r) = &cond.kind {
        cond = r;
    }
    let EK::Bin(op, l, r) = &cond.kind else {
        return None;
    };
    let (op, bound) = match (&l.kind, &r.kind) {
        (EK::Var(_, k, _), _) if *k == key => (*op, r),
        (_, EK::Var(_, k, _)) if *k == key => (flip(*op)?, l),
        _ => return None,
    };
    let mut reads_modified = false;
    visit_expr(bound, &mut |x| {
        if let EK::Var(_, k, _) = &x.kind {
            reads_modified |= modified.contains(k) || *k == key;
        }
        if matches!(x.kind, EK::Assign(..) | EK::IncDec { .. } | EK::Call(..)) {
            reads_modified = true;
        }
    });
    if reads_modified {
        return None;
    }
    let up = matches!(dir, Dir::Up | Dir::Times);
    let inclusive = match (op, up) {
        (BinOp::Lt, true) | (BinOp::Gt, false) | (BinOp::Ne, _) => false,
        (BinOp::Le, true) | (BinOp::Ge, false) => true,
        _ => return None,
    };
    Some(LoopShape {
        var_key: key,
        var_name: name,
        dir,
        step,
        bound: (**bound).clone(),
        inclusive,
        ne: op == BinOp::Ne,
    })
}

/// Largest number of iterations of a loop over powers that is unrolled.
const MAX_UNROLL: usize = 64;

/// The values a `*=`/`/=` loop takes when its start, bound and step are
/// constants, in order; `None` when they are not constants, the loop does
/// not terminate quickly, or it would run more than [`MAX_UNROLL`] times.
fn power_values(shape: &LoopShape, start: &Lin, bound: &Lin, step: &Lin) -> Option<Vec<i128>> {
    let (mut v, b, s) = (start.constant()?, bound.constant()?, step.constant()?);
    let mut out = Vec::new();
    loop {
        if shape.ne {
            // `v != b`: stops only on b exactly; skipping over b never stops.
            let past = if shape.dir == Dir::Times {
                v > b
            } else {
                v < b
            };
            if v == b {
                return Some(out);
            } else if past {
                return None;
            }
        }
        let go = match (shape.dir, shape.inclusive) {
            (Dir::Times, false) if s >= 2 && v >= 1 => v < b,
            (Dir::Times, true) if s >= 2 && v >= 1 => v <= b,
            (Dir::Divide, false) if s >= 2 && v >= 0 => v > b,
            (Dir::Divide, true) if s >= 2 && v >= 0 => v >= b,
            _ => return None,
        };
        if !go {
            return Some(out);
        }
        if out.len() >= MAX_UNROLL {
            return None;
        }
        out.push(v);
        // A `!=` bound that is skipped over never stops: give up.
        let next = if shape.dir == Dir::Times {
            v.checked_mul(s)?
        } else {
            v / s
        };
        if next == v {
            return None;
        }
        v = next;
    }
}

/// Whether `s` contains `break`, `continue` or `return` (at any depth).
fn has_jump(s: &S) -> bool {
    match &s.kind {
        SK::Break | SK::Continue | SK::Return(_) => true,
        SK::Block(ss) => ss.iter().any(has_jump),
        SK::If(_, t, e) => has_jump(t) || e.as_deref().is_some_and(has_jump),
        SK::For { init, body, .. } => init.as_deref().is_some_and(has_jump) || has_jump(body),
        SK::While(_, b) | SK::Do(b, _) | SK::Switch(_, b) | SK::Case(_, b) => has_jump(b),
        SK::Decl(_) | SK::Expr(_) | SK::Null | SK::Unknown(_) => false,
    }
}

fn flip(op: BinOp) -> Option<BinOp> {
    Some(match op {
        BinOp::Lt => BinOp::Gt,
        BinOp::Gt => BinOp::Lt,
        BinOp::Le => BinOp::Ge,
        BinOp::Ge => BinOp::Le,
        BinOp::Ne => BinOp::Ne,
        _ => return None,
    })
}

/// `v++`, `v += s`, `v = v + s`, `v -= s`, `v *= s`, `v <<= k`, `v >>= k`, `v /= s`.
fn increment(inc: &E) -> Option<(String, String, Dir, E)> {
    let one = |sp| E::new(EK::Int(1), sp);
    let pow = |k: &E| match k.kind {
        EK::Int(k) if (0..63).contains(&k) => Some(E::new(EK::Int(1 << k), k_span(k))),
        _ => None,
    };
    let (var, dir, step) = match &inc.kind {
        EK::IncDec { inc: up, e, .. } => (e, if *up { Dir::Up } else { Dir::Down }, one(inc.span)),
        EK::Assign(Some(op), v, s) => match op {
            BinOp::Add => (v, Dir::Up, (**s).clone()),
            BinOp::Sub => (v, Dir::Down, (**s).clone()),
            BinOp::Mul => (v, Dir::Times, (**s).clone()),
            BinOp::Div => (v, Dir::Divide, (**s).clone()),
            BinOp::Shl => (v, Dir::Times, pow(s)?),
            BinOp::Shr => (v, Dir::Divide, pow(s)?),
            _ => return None,
        },
        EK::Assign(None, v, rhs) => match &rhs.kind {
            EK::Bin(op, a, s) if same_var(a, v) => match op {
                BinOp::Add => (v, Dir::Up, (**s).clone()),
                BinOp::Sub => (v, Dir::Down, (**s).clone()),
                BinOp::Mul => (v, Dir::Times, (**s).clone()),
                BinOp::Div => (v, Dir::Divide, (**s).clone()),
                BinOp::Shr => (v, Dir::Divide, pow(s)?),
                BinOp::Shl => (v, Dir::Times, pow(s)?),
                _ => return None,
            },
            _ => return None,
        },
        _ => return None,
    };
    let EK::Var(name, key, RefKind::Local) = &var.kind else {
        return None;
    };
    Some((key.clone(), name.clone(), dir, step))
}

fn k_span(_: i128) -> Span {
    Span::default()
}

fn same_var(a: &E, b: &E) -> bool {
    matches!((&a.kind, &b.kind), (EK::Var(_, x, _), EK::Var(_, y, _)) if x == y)
}

/// The protocol loop for a recognised C loop: `(lo, hi, value of the C
/// variable in terms of the protocol variable k, exact?, assumption)`.
fn plan_loop(
    shape: &LoopShape,
    start: &Lin,
    bound: &Lin,
    step: &Lin,
    k: &Lin,
) -> Option<(Lin, Lin, Lin, bool, Option<BExp>)> {
    let one = Lin::int(1);
    let step_c = step.constant();
    let positive = match step_c {
        Some(s) => {
            if s < 1 {
                return None;
            }
            None
        }
        None => Some(step.compare(ROp::Ge, &one)),
    };
    match shape.dir {
        Dir::Up => {
            let hi = if shape.inclusive {
                bound.add(&one)
            } else {
                bound.clone()
            };
            if !hi.is_nat() {
                return None;
            }
            if step_c == Some(1) {
                return Some((start.clone(), hi, k.clone(), true, None));
            }
            // for k in 0..ceil((hi - lo) / s): v = lo + k * s
            let span = hi.add(step).sub(&start.add(&one));
            let count = Lin::nat(NExp::bin(NOp::Div, span.to_nexp(), step.to_nexp())).folded();
            Some((Lin::int(0), count, start.add(&k.mul(step)), true, positive))
        }
        Dir::Down => {
            let lo = if shape.inclusive {
                bound.clone()
            } else {
                bound.add(&one)
            };
            if !lo.is_nat() || !start.is_nat() {
                return None;
            }
            if step_c == Some(1) {
                // v = start - k' for k' in 0..start+1-lo: written as k ∈ lo..start+1.
                return Some((lo, start.add(&one), k.clone(), true, None));
            }
            let span = start.add(step).sub(&lo);
            let count = Lin::nat(NExp::bin(NOp::Div, span.to_nexp(), step.to_nexp())).folded();
            Some((Lin::int(0), count, start.sub(&k.mul(step)), true, positive))
        }
        Dir::Times => {
            let hi = if shape.inclusive {
                bound.add(&one)
            } else {
                bound.clone()
            };
            (step_c? >= 2 && start.constant()? >= 1 && hi.is_nat())
                .then(|| (start.clone(), hi, k.clone(), false, None))
        }
        Dir::Divide => {
            let lo = if shape.inclusive {
                bound.clone()
            } else {
                bound.add(&one)
            };
            (step_c? >= 2 && lo.is_nat() && start.is_nat())
                .then(|| (lo, start.add(&one), k.clone(), false, None))
        }
    }
}
