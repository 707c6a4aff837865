//! Statements: declarations, blocks, `if`, `switch`, `return`.

use super::*;

/// How many `do … while` loops, one inside another, have their first
/// iteration peeled (`Infer::stmt`).
const MAX_PEELED_DO: usize = 4;

/// Where the execution is: the blocks of statements being emitted, the
/// enclosing loops, branches and functions (the kernel and each inlined
/// call), and what jumps were passed over.
#[derive(Default)]
pub(super) struct ControlState {
    /// The statements emitted so far, one list per block being emitted,
    /// innermost last.
    pub(super) blocks: Vec<Vec<Stmt>>,
    /// The serial numbers of the blocks being emitted, outermost first.
    pub(super) block_path: Vec<u64>,
    pub(super) block_serial: u64,
    /// The functions being run, outermost (the kernel) first.
    pub(super) calls: Vec<String>,
    /// Values of `return` in the function being inlined.
    pub(super) returns: Vec<Vec<Val>>,
    /// Nesting of loops inside the current function (for jumps): whether
    /// each has a barrier.
    pub(super) loops: Vec<bool>,
    /// A `return` was passed over inside a loop: a later barrier is not modelled.
    pub(super) jumped: bool,
    /// Spans of an inlined function from another file point at the call.
    pub(super) call_span: Option<Span>,
    /// Per inlined call, the template parameters given a value on first use.
    pub(super) template_frames: Vec<Vec<String>>,
    /// For each enclosing loop, the depth of `blocks` of its body's own
    /// statements.
    pub(super) loop_bodies: Vec<usize>,
    /// The `break`s of loop exits ([`Infer::loop_exit`]), by location.
    pub(super) exit_breaks: Vec<Span>,
    /// Loops being peeled around the statement: `do … while` loops
    /// (`statements.rs`) and last iterations (`last_iteration.rs`).
    pub(super) peeled_copies: usize,
    /// The conditions of the enclosing branches (`if`, `case`) at the
    /// statement being inferred.
    pub(super) path: Vec<BExp>,
    /// Per function being inferred (the kernel, each inlined call): the
    /// condition under which each of its `return`s runs (`None` inside a
    /// loop, whose variables do not outlive it).  See [`Infer::block`].
    pub(super) return_paths: Vec<Vec<Option<BExp>>>,
    /// The kernel's own body has passed a `return` (on some path).
    pub(super) returned: bool,
}

impl Infer<'_> {
    // ----- statements ----------------------------------------------------

    pub(super) fn stmt(&mut self, s: &S) {
        self.stmt_followed(s, false)
    }

    /// `s`; `barrier_follows`: a barrier follows it in its block (a loop
    /// with a barrier keeps its iteration order then, `loop_order.rs`).
    pub(super) fn stmt_followed(&mut self, s: &S, barrier_follows: bool) {
        match &s.kind {
            SK::Block(b) => self.block(b),
            SK::Decl(ds) => ds.iter().for_each(|d| self.decl(d)),
            SK::Expr(e) => {
                self.eval(e);
            }
            SK::If(c, t, e) => self.if_stmt(c, t, e.as_deref(), &[], false, s.span),
            SK::For {
                init,
                cond,
                inc,
                body,
            } => {
                let header = (init.as_deref(), cond.as_ref(), inc.as_ref());
                self.for_loop(header, body, barrier_follows, s.span)
            }
            SK::While(c, body) => match super::loop_shape::while_as_for(c, body) {
                Some((body, inc)) => {
                    let header = (None, Some(c), Some(&inc));
                    self.for_loop(header, &body, barrier_follows, s.span)
                }
                None => self.unknown_loop(Some(c), body, None, s.span),
            },
            // `do { …; i++; } while (i < n);` is its body once, then the
            // `while` loop (which `while_as_for` reads as a `for`), when no
            // `break`/`continue` could leave the first copy.
            // (At most `MAX_PEELED_DO` deep: each level doubles the body.)
            SK::Do(body, c) => match super::loop_shape::while_as_for(c, body) {
                Some((rest, inc))
                    if !super::loop_shape::leaves_loop(body)
                        && self.control.peeled_copies < MAX_PEELED_DO =>
                {
                    self.control.peeled_copies += 1;
                    self.stmt(body);
                    self.control.peeled_copies -= 1;
                    let header = (None, Some(c), Some(&inc));
                    self.for_loop(header, &rest, barrier_follows, s.span)
                }
                _ => self.unknown_loop(None, body, Some(c), s.span),
            },
            SK::Switch(e, body) => self.switch(e, body, s.span),
            SK::Case(_, inner) => self.stmt(inner),
            SK::Break | SK::Continue => self.jump_in_loop(s.span),
            SK::Return(e) => self.ret(e.as_ref(), s.span),
            SK::Null => {}
            // Only a `goto` that `convert::gotos` could not rewrite is
            // left, as an unmodelled statement; labels are gone.
            SK::Goto(_) => self.unsupported(s.span, "statement `GotoStmt`"),
            SK::Label(_, inner) => self.stmt(inner),
            // Inline assembly (and a header or declaration not modelled)
            // may read and write any array; other
            // statements not modelled (`goto`, …) change control flow only.
            SK::Unknown(UnmodelledStmt {
                what,
                reach: Reach::AnyMemory,
            }) => {
                let why = format!("statement `{what}`");
                self.unsupported(s.span, why.clone());
                let place = Place::Unknown(why);
                self.write_place(&place, Val::Bad(String::new()), s.span);
                self.read_place(&place, s.span);
            }
            SK::Unknown(UnmodelledStmt { what, .. }) => {
                self.unsupported(s.span, format!("statement `{what}`"))
            }
        }
    }

    /// A block; an `if` whose branch always jumps (`return`, `break`,
    /// `continue`) takes the rest of the block into its other branch.
    pub(super) fn block(&mut self, b: &[S]) {
        for (i, s) in b.iter().enumerate() {
            if let SK::If(c, t, e) = &s.kind {
                let rest = &b[i + 1..];
                if e.is_none() && self.is_loop_exit(t) {
                    self.loop_exit(c, t, rest, s.span);
                    return;
                }
                if !rest.is_empty() && (always_jumps(t) || e.as_deref().is_some_and(always_jumps)) {
                    self.if_stmt(c, t, e.as_deref(), rest, false, s.span);
                    return;
                }
            }
            let barrier_follows = b.get(i + 1).is_some_and(|n| {
                begins_with_barrier(n) || self.entered_loop_begins_with_barrier(s, n)
            });
            let before = self.control.return_paths.last().map_or(0, Vec::len);
            if self.run_last_iteration_peeled(s, &b[i + 1..], barrier_follows) {
                return;
            }
            self.stmt_followed(s, barrier_follows);
            let rest = &b[i + 1..];
            let returned: Option<Vec<BExp>> = self
                .control
                .return_paths
                .last()
                .and_then(|r| r[before..].iter().cloned().collect());
            // (A `return` inside a loop makes any later barrier
            // unsupported: `Infer::emit`.)
            let returned = returned.filter(|r| !r.is_empty());
            if let Some(returned) = returned {
                if rest.iter().any(|r| has_barrier(r, self.unit)) {
                    self.after_returns(returned, rest, s.span);
                    return;
                }
            }
        }
    }

    /// The rest of a block after a statement some of whose paths `return`
    /// (`if (a) { if (b) return; }`, a `return` in a `switch`), when the
    /// rest holds a barrier: the threads that returned do not reach it, so
    /// the rest runs under `if returned {} else { rest }`, `returned` the
    /// disjunction of the conditions of those `return`s.  The checker then
    /// decides whether the threads of a block agree on it (else barrier
    /// divergence), as for `if (c) return;` directly before the rest.
    fn after_returns(&mut self, returned: Vec<BExp>, rest: &[S], span: Span) {
        let cond = returned.into_iter().fold(BExp::Bool(false), BExp::or);
        let stmts = self.nested(|me| me.block(rest));
        self.emit(
            StmtKind::If {
                cond,
                then_branch: vec![],
                else_branch: stmts,
            },
            span,
        );
    }

    pub(super) fn decl(&mut self, d: &VarDecl) {
        self.values.var_types.insert(d.key.clone(), d.ty);
        let v = match (&d.shape, d.memory) {
            (_, Memory::Shared | Memory::Device) => {
                let name = match self.memory.static_names.get(&d.key) {
                    Some(n) => n.clone(),
                    // Dynamic shared memory is one array, whatever declares it.
                    None if d.name == DYNAMIC_SHARED => d.name.clone(),
                    None => {
                        let n = self.fresh_name(&d.name);
                        self.memory.static_names.insert(d.key.clone(), n.clone());
                        if n != d.name {
                            // Renamed apart from another variable of the
                            // name: reports still say the user's name.
                            let names = self.out.encoding.array_names.entry(n.clone());
                            names.or_default().push(d.name.clone());
                        }
                        n
                    }
                };
                let mut d2 = d.clone();
                d2.name = name;
                d2.init = None;
                let v = self.declared_value(&d2);
                self.note_array(&v);
                v
            }
            (Shape::Array(_) | Shape::Record, _) => {
                // The initialiser's accesses (`float4 p = pos[i];`) count;
                // a struct of the thread's own it makes (`S a(1, 2);`, a
                // copy) gives its fields' values, as in `a = S(1, 2);`.
                let init = d.init.as_ref().map(|e| self.eval(e));
                let prefix = self.record_prefix(d);
                if let (
                    Shape::Record,
                    Some(Val::Rec {
                        prefix: from,
                        memory: Memory::Local,
                    }),
                ) = (&d.shape, init)
                {
                    self.assign_record(&prefix, &from);
                }
                match d.shape {
                    Shape::Array(r) => ptr(&d.name, r, false),
                    _ => Val::Rec {
                        prefix,
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
                None => self.other_typed(&format!("uninitialised `{}`", d.name), d.span, d.ty),
            },
        };
        self.values.env.insert(d.key.clone(), v);
    }

    /// The name of the fields of the local struct `d` declares: its own
    /// name, unless another variable (a struct of the same name in the
    /// caller of an inlined function, a reference, a kernel parameter)
    /// already names its fields so, whose fields it must not overwrite.
    fn record_prefix(&mut self, d: &VarDecl) -> String {
        let live = self.params.records.contains(&d.name)
            || self.values.env.iter().any(|(k, v)| {
                k != &d.key && matches!(v, Val::Rec { prefix, .. } if *prefix == d.name)
            });
        if !live {
            return d.name.clone();
        }
        // `'` is no C identifier: no other declaration has this prefix.
        format!("{}'", self.fresh_name(&d.name))
    }

    /// `T &r = e;` aliases the place of `e`.  A reference to a struct is
    /// the struct itself (`S &r = s; r.j = 0;` writes `s.j`), as for a
    /// reference parameter.
    pub(super) fn reference_to(&mut self, e: &E, _v: Val) -> Val {
        if let Some((prefix, memory)) = self.record_path(e) {
            return Val::Rec { prefix, memory };
        }
        let p = self.place(e);
        Val::Ref(Box::new(p))
    }

    /// `if (c) t else e` followed by `rest` (the rest of its block, when a
    /// branch always jumps); `exit`: it is a loop exit ([`Infer::loop_exit`]).
    pub(super) fn if_stmt(
        &mut self,
        c: &E,
        t: &S,
        e: Option<&S>,
        rest: &[S],
        exit: bool,
        span: Span,
    ) {
        // A loop exit is emitted even with both branches empty (the last
        // statement of its loop's body): its condition decides how many
        // iterations each thread runs.
        let cond = self.cond(c);
        let (jt, je) = (always_jumps(t), e.is_some_and(always_jumps));
        let run = |me: &mut Self, branch: Option<&S>, jumps: bool, guard: BExp| {
            let env = me.values.env.clone();
            me.control.path.push(guard);
            let stmts = me.nested(|me| {
                if let Some(b) = branch {
                    me.stmt(b);
                }
                if !jumps {
                    // The rest after a loop exit is the rest of the loop's
                    // body: a second `if (c) break;` there is an exit too.
                    if exit {
                        me.control.loop_bodies.push(me.control.blocks.len());
                    }
                    me.block(rest);
                    if exit {
                        me.control.loop_bodies.pop();
                    }
                }
            });
            me.control.path.pop();
            (stmts, std::mem::replace(&mut me.values.env, env))
        };
        match cond {
            BExp::Bool(true) => return self.taken(Some(t), jt, rest),
            BExp::Bool(false) => return self.taken(e, je, rest),
            _ => {}
        }
        let (then_b, env_t) = run(self, Some(t), jt, cond.clone());
        let (else_b, env_e) = run(self, e, je, BExp::not(cond.clone()));
        self.merge(env_t, env_e, jt, je, Some(&cond), span);
        if !then_b.is_empty() || !else_b.is_empty() || exit {
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
    pub(super) fn taken(&mut self, branch: Option<&S>, jumps: bool, rest: &[S]) {
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
    pub(super) fn merge(
        &mut self,
        a: BTreeMap<String, Val>,
        b: BTreeMap<String, Val>,
        a_jumps: bool,
        b_jumps: bool,
        cond: Option<&BExp>,
        span: Span,
    ) {
        // The values of `a` when `cond` holds, of `b` otherwise (a switch
        // passes no condition: its merges stay plain unknowns).
        let cond_fv = cond.map(|c| c.fv());
        if a_jumps && !b_jumps {
            self.values.env = b;
            return;
        }
        if b_jumps && !a_jumps {
            self.values.env = a;
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
                (Some(va @ Val::Funcs(_)), vb) | (Some(vb), va @ Val::Funcs(_)) => {
                    match self.function_union(&va, &vb) {
                        Some(v) => v,
                        None => Val::Bad("function pointer assigned in a branch".into()),
                    }
                }
                (Some(Val::Int(x)), Val::Int(y)) => {
                    let fv = cond_fv.as_ref().map(|c| {
                        let mut fv = c.clone();
                        fv.extend(lin_fv(&x, &y));
                        fv
                    });
                    let v = self.merged(&k, &x, &y, fv.as_ref(), span);
                    if let Some(c) = cond {
                        self.record_choice(&v, c, &x, &y);
                    }
                    v
                }
                _ => {
                    let ty = self.var_type(&k);
                    self.other_typed("assigned in a branch", span, ty)
                }
            };
            env.insert(k, v);
        }
        self.values.env = env;
    }

    pub(super) fn int_unknown(&mut self, why: &str, span: Span) -> Lin {
        match self.other(why, span) {
            Val::Int(l) => l,
            _ => Lin::int(0),
        }
    }

    /// Is `if (c) t` with `t` a plain `break` a statement of the body of
    /// the innermost loop, a loop with a barrier?  Then it is a loop exit.
    fn is_loop_exit(&self, t: &S) -> bool {
        only_break(t)
            && self.control.loops.last() == Some(&true)
            && self.control.loop_bodies.last() == Some(&self.control.blocks.len())
    }

    /// `if (c) break;` in the body of a loop with a barrier: the rest of
    /// the body in the `else` branch, and the conditional listed as a loop
    /// exit (`Kernel::loop_exits`): its condition must be the same in every
    /// thread of a block (else the barriers diverge, which the checker
    /// decides), and then the `then` branch leaves the loop for all of
    /// them at once.
    fn loop_exit(&mut self, c: &E, t: &S, rest: &[S], span: Span) {
        let brk = match &t.kind {
            SK::Block(b) => b[0].span,
            _ => t.span,
        };
        self.control.exit_breaks.push(brk);
        let before = self.control.blocks.last().map_or(0, Vec::len);
        self.if_stmt(c, t, None, rest, true, span);
        self.control.exit_breaks.pop();
        // The conditional is the last statement emitted (after the reads
        // of its condition), unless its condition is a constant.
        let emitted = self
            .control
            .blocks
            .last()
            .filter(|b| b.len() > before)
            .and_then(|b| b.last());
        if let Some(Stmt {
            kind: StmtKind::If { .. },
            span,
        }) = emitted
        {
            let span = *span;
            self.out.loop_exits.push(span);
        }
    }

    pub(super) fn jump_in_loop(&mut self, span: Span) {
        if self.control.loops.last() == Some(&true)
            && self.control.exit_breaks.last() != Some(&span)
        {
            self.unsupported(span, "`break`/`continue` in a loop with a barrier");
        }
    }

    pub(super) fn ret(&mut self, e: Option<&E>, span: Span) {
        let v = match e {
            Some(e) => self.eval(e),
            None => Val::Int(Lin::int(0)),
        };
        if let Some(r) = self.control.returns.last_mut() {
            r.push(v);
        }
        // Where it is taken (`block`): the conditions of the branches
        // around it, unless a loop's variables are among them.
        let taken = match self.control.loops.is_empty() {
            true => Some(
                self.control
                    .path
                    .iter()
                    .cloned()
                    .fold(BExp::Bool(true), BExp::and),
            ),
            false => None,
        };
        if let Some(r) = self.control.return_paths.last_mut() {
            r.push(taken);
        }
        if self.control.calls.len() == 1 {
            self.control.returned = true;
        }
        if !self.control.loops.is_empty() {
            self.control.jumped = true;
            self.jump_in_loop(span);
        }
    }

    pub(super) fn switch(&mut self, e: &E, body: &S, span: Span) {
        let v = self.eval(e);
        let items = flatten_switch(body);
        // A label below the top level of the body (`case 1:` inside an `if`,
        // Duff's device) is an entry point the cases below do not see.
        if items.iter().any(|(_, s)| nested_label(s)) {
            self.unsupported(span, "`case` label nested in a statement of a `switch`");
        }
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
            // The statements from the label on, as a block: `if (c) break;`
            // or `if (c) return;` in it guards what follows (a barrier
            // after it is then reached only by the threads that go on).
            let group: Vec<S> = items[i..]
                .iter()
                .map(|(_, s)| *s)
                .take_while(|s| !matches!(s.kind, SK::Break))
                .map(|s| without_labels(s).clone())
                .collect();
            let env = self.values.env.clone();
            self.control.path.push(cond.clone());
            let stmts = self.nested(|me| me.block(&group));
            self.control.path.pop();
            let env_in = std::mem::replace(&mut self.values.env, env);
            self.merge(env_in, self.values.env.clone(), false, false, None, span);
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
}

/// `s` below the `case` and `default` labels that head it.
fn without_labels(s: &S) -> &S {
    let mut s = s;
    while let SK::Case(_, inner) = &s.kind {
        s = inner;
    }
    s
}

/// Whether `s`, below the `case` labels that head it, holds a `case` or
/// `default` label of the enclosing `switch` (not of a nested one).
fn nested_label(s: &S) -> bool {
    fn holds(s: &S) -> bool {
        match &s.kind {
            SK::Case(..) => true,
            SK::Block(b) => b.iter().any(holds),
            SK::If(_, t, e) => holds(t) || e.as_deref().is_some_and(holds),
            SK::For { body, .. } | SK::While(_, body) | SK::Do(body, _) => holds(body),
            _ => false,
        }
    }
    let mut s = s;
    while let SK::Case(_, inner) = &s.kind {
        s = inner;
    }
    holds(s)
}

/// Does `s` begin with a block barrier (`__syncthreads();`, perhaps as
/// the first statement of a `{ … }` block)?
impl Infer<'_> {
    /// Is `s` a `for (T v = e; v OP b; …)` loop whose body begins with a
    /// barrier and whose first test holds (by the ranges of `e` and `b`,
    /// both without effects and reading nothing the statement `before` it
    /// changes, so that their values now are their values then): then a
    /// barrier follows `before` (a bitonic sort's merge loop after its
    /// build loop).
    fn entered_loop_begins_with_barrier(&mut self, before: &S, s: &S) -> bool {
        let SK::For {
            init: Some(init),
            cond: Some(cond),
            body,
            ..
        } = &s.kind
        else {
            return false;
        };
        let (SK::Decl(vars), true) = (&init.kind, begins_with_barrier(body)) else {
            return false;
        };
        let [VarDecl {
            key,
            init: Some(start),
            ..
        }] = vars.as_slice()
        else {
            return false;
        };
        let EK::Bin(op, l, r) = &cond.kind else {
            return false;
        };
        let is_var = |e: &E| matches!(&strip_casts(e).kind, EK::Var(_, k, _) if k == key);
        let (op, bound) = match (is_var(l), is_var(r)) {
            (true, false) => (*op, r),
            (false, true) => match super::loop_shape::flip(*op) {
                Some(o) => (o, l),
                None => return false,
            },
            _ => return false,
        };
        let changed = self.modified_by(before);
        if !pure(start)
            || !pure(bound)
            || super::loop_shape::mentions_var(bound, key)
            || super::loop_shape::mentions_any(start, &changed)
            || super::loop_shape::mentions_any(bound, &changed)
        {
            return false;
        }
        let (Val::Int(v), Val::Int(b)) = (self.eval_quiet(start), self.eval_quiet(bound)) else {
            return false;
        };
        let (v, b) = (self.range(&v), self.range(&b));
        let first_test = match op {
            BinOp::Gt => v.lo.zip(b.hi).map(|(x, y)| x > y),
            BinOp::Ge => v.lo.zip(b.hi).map(|(x, y)| x >= y),
            BinOp::Lt => v.hi.zip(b.lo).map(|(x, y)| x < y),
            BinOp::Le => v.hi.zip(b.lo).map(|(x, y)| x <= y),
            _ => None,
        };
        first_test == Some(true)
    }
}

fn begins_with_barrier(s: &S) -> bool {
    match &s.kind {
        SK::Expr(e) => {
            matches!(&e.kind, EK::Call(callee, _) if is_barrier(callee))
        }
        SK::Block(b) => b.first().is_some_and(begins_with_barrier),
        _ => false,
    }
}
