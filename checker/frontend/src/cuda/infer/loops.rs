//! Loops: normalised `for` loops (Sec. 6 of `seeds/000`) and unrolled
//! power-stride loops; loops of unknown shape are in `unknown_loops.rs`.

use super::loop_order::barrier_at_end;
use super::loop_shape::*;
use super::*;

impl Infer<'_> {
    // ----- loops -----------------------------------------------------------

    /// `for (init; cond; inc) body`: normalised to a protocol loop when the
    /// shape is recognised (Sec. 6, "Loops"), else a loop with an unknown bound.
    /// `for (init; cond; inc) body`; `barrier_follows`: the next statement
    /// of its block is a barrier.
    pub(super) fn for_loop(
        &mut self,
        (init, cond, inc): (Option<&S>, Option<&E>, Option<&E>),
        body: &S,
        barrier_follows: bool,
        span: Span,
    ) {
        if let Some(i) = init {
            self.stmt(i);
        }
        let split = cond.zip(inc).and_then(|(c, i)| {
            let modified = self.modified_by(body);
            split_exit_test(c, i, body, &modified)
        });
        let (cond, body) = match &split {
            Some((c, b)) => (Some(c), b),
            None => (cond, body),
        };
        let mut modified = self.modified_by(body);
        // A reference to a field the body changes changes too.
        let (fields, _) = self.changed_fields(body, &[], &modified);
        modified.extend(self.references_to(&fields));
        // A bound or step reading a field the body changes is not evaluated
        // once: the loop's shape is not known.  Nor when the increment
        // moves a reference (`r++` with `int &r = j;`): the counter or
        // induction variable is then what it binds, which the loop would
        // leave unchanged.
        let shape = cond
            .zip(inc)
            .filter(|(c, i)| {
                !self.reads_changed_field(c, body, &modified)
                    && !self.reads_changed_field(i, body, &modified)
                    && !self.moves_reference(i)
            })
            .and_then(|(c, i)| loop_shape(c, i, &modified));
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
        self.normal_loop(&shape, body, &modified, &fallback, barrier_follows, span);
    }

    /// A `for` loop of recognised `shape`: unrolled when it runs over a
    /// few known powers, else normalised to a protocol loop over a fresh
    /// counter (Sec. 6, "Loops"); where neither is possible, the loop of
    /// unknown shape `fallback` (its condition, and its body followed by
    /// the increment).
    pub(super) fn normal_loop(
        &mut self,
        shape: &LoopShape,
        body: &S,
        modified: &BTreeSet<String>,
        fallback: &(E, S),
        barrier_follows: bool,
        span: Span,
    ) {
        let done = self.try_normal_loop(shape, body, modified, &fallback.1, barrier_follows, span);
        if done.is_none() {
            self.unknown_loop(Some(&fallback.0), &fallback.1, None, span);
        }
    }

    /// [`Infer::normal_loop`] without its fallback: `None` where the loop
    /// turns out not to be normalisable, keeping what was emitted up to
    /// there (the reads of the bound, an assumption on the step), as the
    /// fallback follows it.
    fn try_normal_loop(
        &mut self,
        shape: &LoopShape,
        body: &S,
        modified: &BTreeSet<String>,
        body_then_increment: &S,
        barrier_follows: bool,
        span: Span,
    ) -> Option<()> {
        let (start, bound, step, reads) = self.loop_limits(shape, body, span)?;
        if let Some(values) = power_values(shape, &start, &bound, &step).filter(|_| !has_jump(body))
        {
            // The body and then the increment: it may move other
            // variables too (`s *= 2, j++`).
            self.unrolled_loop(shape, &values, body_then_increment, &reads);
            return Some(());
        }
        if shape.ne && !self.stops_at_bound(shape, &start, &bound, &step) {
            return None;
        }
        self.emit_all(reads.clone());
        let c = self.counted(shape, [start, bound, step], reads, span)?;
        let (shape, fields, secondaries) = self.loop_inductions(shape, body, modified, &c, span)?;
        let mut retargeted = self.retargeted_pointers(body, &[]);
        retargeted.extend(
            fields
                .iter()
                .filter(|k| is_pointer(self.values.env.get(*k)))
                .cloned(),
        );
        let modified: &BTreeSet<String> = &modified.union(&fields).cloned().collect();
        let alike = self.counted_iteration_uniform(&shape, modified, body_then_increment);
        self.havoc(modified, span);
        self.lose_pointers(&retargeted);
        let alike = self.unknowns_of(&alike);
        self.out.iteration_uniform.extend(alike.iter().cloned());
        self.values
            .env
            .insert(shape.var_key.clone(), Val::Int(c.value.clone()));
        for (key, v, _) in &secondaries {
            self.values.env.insert(key.clone(), v.clone());
        }
        self.emit_counted(&shape, body, &c, (barrier_follows, &alike), span);
        self.havoc(modified, span);
        self.lose_pointers(&retargeted);
        self.after_counted(&shape, body, c.exact, secondaries, span);
        Some(())
    }

    /// The loop variable's value at entry, the bound and the step of a
    /// loop of `shape`, with the reads of the bound and the step (done on
    /// every iteration): `None` when a counted loop cannot run over them
    /// (a step that reads memory in a loop with a barrier, a bound or
    /// step that is no integer, a negative step, a loop over powers from
    /// a start that may be negative, a step that may wrap around).
    fn loop_limits(
        &mut self,
        shape: &LoopShape,
        body: &S,
        span: Span,
    ) -> Option<(Lin, Lin, Lin, Vec<Stmt>)> {
        let start = self.lookup_int(&shape.var_key, &shape.var_name, span);
        let mut reads = self.nested(|me| {
            me.eval(&shape.bound);
        });
        // The step is evaluated on every iteration too: its reads are
        // accesses of the loop (where a barrier would order them matters,
        // so with a barrier in the body the loop is not normalised).
        let step_reads = self.nested(|me| {
            me.eval(&shape.step);
        });
        if !step_reads.is_empty() && has_barrier(body, self.unit) {
            return None;
        }
        reads.extend(step_reads);
        let Val::Int(bound) = self.eval_keeping_choices(&shape.bound) else {
            return None;
        };
        let step = match self.eval_quiet(&shape.step) {
            Val::Int(s) if s.is_nat() => s,
            _ => return None,
        };
        if !start.is_nat() && !matches!(shape.dir, Dir::Down | Dir::Up) {
            return None;
        }
        if !self.steps_without_wrap(shape, &bound, &step) {
            return None;
        }
        Some((start, bound, step, reads))
    }

    /// The protocol loop `for k in lo..hi` over a fresh counter `k` (with
    /// its range) that runs the iterations of a loop of `shape` from
    /// `start` to `bound` by `step` (see [`plan_loop`]): `None` when there
    /// is none, or when its step may be 0 and differs between threads.
    fn counted(
        &mut self,
        shape: &LoopShape,
        [start, bound, step]: [Lin; 3],
        reads: Vec<Stmt>,
        span: Span,
    ) -> Option<Counted> {
        let k = self.fresh_name(&shape.var_name);
        let kv = Lin::var(&k);
        let (lo, hi, value, exact, step_assumption) = plan_loop(shape, &start, &bound, &step, &kv)?;
        let may_be_zero = self.range(&step).lo.is_none_or(|l| l < 1);
        if let Some(a) = step_assumption.filter(|_| may_be_zero) {
            self.assume_positive_step(shape, (&start, &bound), a, span)?;
        }
        let doubling = matches!(shape.dir, Dir::Times | Dir::Divide)
            && step.constant().is_some_and(|s| s >= 2 && s & (s - 1) == 0);
        if doubling && self.is_power(&start) {
            // Multiplied or divided by a power of two from a power of two.
            self.note_power(&k);
        }
        let (lo_range, hi_range) = (self.range(&lo), self.range(&hi));
        self.bound_var(&k, lo_range.lo.unwrap_or(0), hi_range.hi.map(|h| h - 1));
        self.record_counter(&k, &shape.var_name, &value);
        Some(Counted {
            start,
            step,
            reads,
            k,
            lo,
            hi,
            value,
            exact,
        })
    }

    /// Assumes `positive`, that the step is positive, where the loop from
    /// `start` to `bound` is entered.  A step that may be 0 leaves the
    /// counter where it is: a loop it enters never ends, which the count
    /// ⌈(hi − lo) / step⌉ does not say.  So the step is assumed positive,
    /// but only where the loop is entered (an execution with a step of 0
    /// that never enters it is one like any other), and only for a step
    /// alike in all threads: the checker asserts an assumption for each
    /// thread of a query, and `threadIdx.x / 32 ≥ 1` would drop threads.
    /// A step that differs between threads gives a loop of unknown shape
    /// (`None`).
    fn assume_positive_step(
        &mut self,
        shape: &LoopShape,
        (start, bound): (&Lin, &Lin),
        positive: BExp,
        span: Span,
    ) -> Option<()> {
        if !self.uniform(&positive.fv()) {
            return None;
        }
        let entered = match (shape.dir, shape.inclusive) {
            (Dir::Up, false) => start.compare(ROp::Lt, bound),
            (Dir::Up, true) => start.compare(ROp::Le, bound),
            (_, false) => start.compare(ROp::Gt, bound),
            (_, true) => start.compare(ROp::Ge, bound),
        };
        let cond = BExp::or(positive, BExp::not(entered));
        self.out.assumptions.push(Assumption { cond, span });
        self.note_once(
            "a loop whose step may be 0 is entered only with a positive step (with a step of 0 it would never end)",
        );
        Some(())
    }

    /// `shape` with the induction variables its body moves besides the
    /// loop variable, the fields the body changes (through a reference,
    /// so no induction variables), and each induction variable's value
    /// in iteration `k` of the counted loop `c` and after its last:
    /// `None` when an induction variable cannot be followed.
    fn loop_inductions(
        &mut self,
        shape: &LoopShape,
        body: &S,
        modified: &BTreeSet<String>,
        c: &Counted,
        span: Span,
    ) -> Option<(LoopShape, BTreeSet<String>, Inductions)> {
        let fields = self.modified_fields(body, &[], modified);
        let mut shape = super::inductions::with_body_inductions(
            shape,
            body,
            modified,
            &self.indirectly_modified_by(body),
        );
        // A variable the body also moves through a reference is no
        // induction variable.
        shape.secondary.retain(|i| !fields.contains(&i.key));
        // The number of iterations of the emitted loop `lo..hi`.
        let count = Lin::nat(NExp::sub(c.hi.to_nexp(), c.lo.to_nexp()));
        let kv = Lin::var(&c.k);
        let secondaries =
            self.secondary_values(&shape, &c.start, &c.lo, &c.value, &kv, &count, span)?;
        Some((shape, fields, secondaries))
    }

    /// Emits the counted loop `c` over `body` (in the C loop's order
    /// where a barrier makes the order matter), followed by what the last
    /// iteration of a loop over powers runs after its last barrier.
    fn emit_counted(
        &mut self,
        shape: &LoopShape,
        body: &S,
        c: &Counted,
        (barrier_follows, alike): (bool, &BTreeSet<String>),
        span: Span,
    ) {
        // The emitted loop counts up where the C loop counts down.
        let reversed =
            shape.dir == Dir::Divide || (shape.dir == Dir::Down && c.value == Lin::var(&c.k));
        let mut stmts = self.loop_body(body, &c.reads);
        let synced = block_has_sync(&stmts);
        if !c.exact {
            self.out.approximate = true;
            let aligned =
                barrier_at_end(&stmts, |b| b.first()) || barrier_at_end(&stmts, |b| b.last());
            if synced && !aligned {
                self.unsupported(
                    span,
                    "loop over powers with code on both sides of its barrier",
                );
            }
        }
        stmts.retain(|s| s.kind != StmtKind::Skip);
        let (lo, hi) = (&c.lo, &c.hi);
        let tail = match synced && !barrier_follows {
            true => self.last_iteration_tail(shape, &stmts, &c.k, (lo, hi), &c.step, span),
            false => None,
        };
        if c.exact && !reversed && tail.is_none() {
            self.share_in_phases(&stmts, alike);
        }
        let emitted = match synced && reversed {
            true => self.counting_down(&shape.var_name, &c.k, (lo, hi), &stmts),
            false => StmtKind::For {
                tag: None,
                var: c.k.clone(),
                lo: lo.to_nexp(),
                hi: hi.to_nexp(),
                body: std::mem::take(&mut stmts),
            },
        };
        let emitted = self.loop_with_choices(emitted, span);
        self.emit(emitted, span);
        if let Some(tail) = tail {
            self.emit(tail, span);
        }
    }

    /// The variables other than the counter and its induction variables
    /// that a counted loop keeps alike in all threads within an iteration
    /// (`iteration_uniform_vars`, the counter counted among the changed
    /// variables so that what reads it is judged by its step).
    fn counted_iteration_uniform(
        &self,
        shape: &LoopShape,
        modified: &BTreeSet<String>,
        body_then_increment: &S,
    ) -> BTreeSet<String> {
        let mut changed = modified.clone();
        changed.insert(shape.var_key.clone());
        let mut alike = self.iteration_uniform_vars(&changed, body_then_increment, None);
        alike.remove(&shape.var_key);
        for i in &shape.secondary {
            alike.remove(&i.key);
        }
        alike
    }

    /// The loop variable and the induction variables after a counted
    /// loop (`exact`: every iteration of the emitted loop is one of the
    /// C loop).
    fn after_counted(
        &mut self,
        shape: &LoopShape,
        body: &S,
        exact: bool,
        secondaries: Inductions,
        span: Span,
    ) {
        let after = self.int_unknown("loop variable after its loop", span);
        self.values
            .env
            .insert(shape.var_key.clone(), Val::Int(after));
        // Without a jump out of the body, each induction variable moved
        // once per iteration of an exactly counted loop: its value after
        // the loop is exact.  Otherwise
        // it is unknown (a pointer keeps its array).
        let exact_after = exact && !has_jump(body);
        for (key, _, last) in secondaries {
            let v = match last {
                _ if exact_after => last,
                Val::Ptr { arr, fixed, .. } => Val::Ptr {
                    arr,
                    fixed,
                    off: self.int_unknown("pointer after its loop", span),
                },
                _ => Val::Int(self.int_unknown("induction variable after its loop", span)),
            };
            self.values.env.insert(key, v);
        }
    }

    /// The value of each secondary induction variable in iteration `k` of
    /// the normalised loop: its value at entry plus (or minus) the
    /// iteration number times its step.  The iteration number is `k - lo`
    /// when the counter itself is `k` counting up, `hi_start - k` when it is
    /// `k` counting down, and `k` when the counter is `start ± k * step`.
    /// `None` (the loop is not normalised) for loops over powers.
    #[allow(clippy::too_many_arguments)]
    fn secondary_values(
        &mut self,
        shape: &LoopShape,
        start: &Lin,
        lo: &Lin,
        value: &Lin,
        k: &Lin,
        count: &Lin,
        span: Span,
    ) -> Option<Vec<(String, Val, Val)>> {
        if shape.secondary.is_empty() {
            return Some(Vec::new());
        }
        let counter_is_k = value == k;
        let iteration = match shape.dir {
            Dir::Up if counter_is_k => k.sub(lo),
            Dir::Down if counter_is_k => start.sub(k),
            Dir::Up | Dir::Down => k.clone(),
            Dir::Times | Dir::Divide => return None,
        };
        let mut out = Vec::new();
        for s in &shape.secondary {
            let Val::Int(t) = self.eval_quiet(&s.step) else {
                return None;
            };
            // Moved `n` times from its value at entry.
            let shift = |x: &Lin, n: &Lin| match s.dir {
                Dir::Up => x.add(&n.mul(&t)),
                _ => x.sub(&n.mul(&t)),
            };
            // An integer, or a pointer advanced through its array.
            let (now, last) = match self.values.env.get(&s.key).cloned() {
                Some(Val::Ptr { arr, fixed, off }) => {
                    let at = |n: &Lin| Val::Ptr {
                        arr: arr.clone(),
                        fixed: fixed.clone(),
                        off: shift(&off, n),
                    };
                    (at(&iteration), at(count))
                }
                // A type that wraps (unsigned, narrower than `int`) holds
                // the moved value modulo its range, exactly.
                _ if s.ty.is_some() => {
                    let v = self.lookup_int(&s.key, &s.name, span);
                    let at = |me: &mut Self, n: &Lin| match s.ty.filter(|t| wraps(*t)) {
                        Some(t) => me.convert_int(Val::Int(shift(&v, n)), Some(t)),
                        None => Val::Int(shift(&v, n)),
                    };
                    (at(self, &iteration), at(self, count))
                }
                _ if s.in_body => continue,
                _ => return None,
            };
            out.push((s.key.clone(), now, last));
        }
        Some(out)
    }

    /// Does a `v != bound` loop stop at its bound?  Only if `v` lands on
    /// it: counting by 1 from a start on the near side of the bound, or
    /// over powers that reach it.  Otherwise `v` passes the bound and goes
    /// on (wrapping around, or until a `break`), which `plan_loop`, reading
    /// `!=` as `<` or `>`, would miss.
    fn stops_at_bound(&self, shape: &LoopShape, start: &Lin, bound: &Lin, step: &Lin) -> bool {
        let ahead = |from: &Lin, to: &Lin| {
            step.constant() == Some(1) && self.range(&to.sub(from)).lo.is_some_and(|l| l >= 0)
        };
        match shape.dir {
            Dir::Up => ahead(start, bound),
            Dir::Down => ahead(bound, start),
            Dir::Times => power_values(shape, start, bound, step).is_some(),
            // `i /= s` (s ≥ 2) from `i ≥ 0` reaches 0 exactly: `i != 0`
            // is `i > 0` there.
            Dir::Divide => {
                power_values(shape, start, bound, step).is_some()
                    || (bound.constant() == Some(0)
                        && step.constant().is_some_and(|s| s >= 2)
                        && self.range(start).lo.is_some_and(|l| l >= 0))
            }
        }
    }

    /// Does every step of an unsigned loop variable stay in its type?  (A
    /// signed one cannot overflow in a defined execution.)  `i += s` below
    /// a bound `b` wraps unless `b - 1 + s` fits; `i -= s` down to `b`
    /// unless `b ≥ s`; `i *= s` unless `(b - 1) * s` fits.
    fn steps_without_wrap(&self, shape: &LoopShape, bound: &Lin, step: &Lin) -> bool {
        let Some(t) = shape.ty.filter(|t| wraps(*t)) else {
            return true;
        };
        let (min, max) = t.range();
        let (b, s) = (self.range(bound), self.range(step));
        let past = i128::from(shape.inclusive);
        match shape.dir {
            Dir::Up => {
                let last = b.hi.map(|h| h + past - 1);
                matches!((last, s.hi), (Some(l), Some(s)) if l.checked_add(s).is_some_and(|n| n <= max))
            }
            Dir::Times => {
                let last = b.hi.map(|h| h + past - 1);
                matches!((last, s.hi), (Some(l), Some(s)) if l.checked_mul(s).is_some_and(|n| n <= max))
            }
            Dir::Down => {
                let least = b.lo.map(|l| l + 1 - past);
                matches!((least, s.hi), (Some(l), Some(s)) if l - s >= min)
            }
            Dir::Divide => true,
        }
    }

    /// A `*=`/`/=` loop whose start, bound and step are constants runs a
    /// few known iterations: its body is inlined once per value of the loop
    /// variable (exact, unlike the superset of [`plan_loop`]), so barriers
    /// anywhere in the body and indices such as `N / (2 * d)` stay precise.
    pub(super) fn unrolled_loop(
        &mut self,
        shape: &LoopShape,
        values: &[i128],
        body: &S,
        reads: &[Stmt],
    ) {
        for v in values {
            self.values
                .env
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
        self.values.env.insert(shape.var_key.clone(), Val::Int(v));
    }

    pub(super) fn loop_body(&mut self, body: &S, reads: &[Stmt]) -> Vec<Stmt> {
        let reads = reads.to_vec();
        let synced = has_barrier(body, self.unit);
        self.nested(|me| {
            me.control.loops.push(synced);
            me.control.loop_bodies.push(me.control.blocks.len());
            me.stmt(body);
            me.control.loop_bodies.pop();
            me.emit_all(reads);
            me.control.loops.pop();
        })
    }

    pub(super) fn lookup_int(&mut self, key: &str, name: &str, span: Span) -> Lin {
        match self.values.env.get(key).cloned() {
            Some(Val::Int(l)) => l,
            _ => self.int_unknown(&format!("initial value of `{name}`"), span),
        }
    }
}

/// A loop normalised to the protocol loop `for k in lo..hi` (see
/// [`plan_loop`]).
struct Counted {
    /// The C loop variable's value at entry.
    start: Lin,
    /// The C loop's step.
    step: Lin,
    /// The reads of the C loop's bound and step, done on every iteration.
    reads: Vec<Stmt>,
    /// The counter of the protocol loop and its range.
    k: String,
    lo: Lin,
    hi: Lin,
    /// The C loop variable's value in iteration `k`.
    value: Lin,
    /// Every iteration of the protocol loop is one of the C loop.
    exact: bool,
}

/// Each induction variable of a loop besides its own: its key, its value
/// in iteration `k` of the counted loop, and its value after the last.
type Inductions = Vec<(String, Val, Val)>;

/// Whether stepping a variable of type `t` may wrap around instead of
/// overflowing (undefined behaviour, so never in a defined execution):
/// unsigned types, and signed types narrower than `int` — `c++` on a
/// `signed char` computes in `int` and converts back, modulo 2^8 in CUDA.
pub(super) fn wraps(t: IntTy) -> bool {
    !t.signed || t.bits < 32
}

pub(super) fn is_pointer(v: Option<&Val>) -> bool {
    matches!(v, Some(Val::Ptr { .. }))
}
