//! Expressions: integer, boolean and pointer values of C expressions.

use super::*;

/// The largest integer value (in expression nodes) the inference tracks.
const EXPRESSION_BUDGET: usize = 512;

/// What the expression being evaluated is part of: set around an
/// evaluation by the construct that contains it, read deeper down.
#[derive(Default)]
pub(super) struct EvalContext {
    /// The C types of the expressions being evaluated, innermost last.
    pub(super) types: Vec<Option<IntTy>>,
    /// The last place read, when it was an element of a tracked array.
    pub(super) last_read: Option<Place>,
    /// Evaluating a specification (`__requires`): its reads are not
    /// accesses of the kernel.
    pub(super) spec: bool,
    /// Evaluating the host's facts at a launch (`host_facts.rs`): a
    /// signed division by a constant is stated exactly whatever its
    /// dividend ([`Infer::signed_divmod`]), a form kept out of kernel
    /// code, whose queries it would change.
    pub(super) host: bool,
}

impl Infer<'_> {
    // ----- expressions -----------------------------------------------------

    /// Evaluates without emitting accesses (bounds re-read each iteration).
    pub(super) fn eval_quiet(&mut self, e: &E) -> Val {
        let mut v = Val::Bad(String::new());
        self.nested(|me| v = me.eval(e));
        v
    }

    /// A condition as a boolean expression.
    pub(super) fn cond(&mut self, e: &E) -> BExp {
        let v = self.eval(e);
        let b = self.as_bool(v, e.span);
        self.expand_choices_in_cond(b)
    }

    pub(super) fn as_bool(&mut self, v: Val, span: Span) -> BExp {
        match v {
            Val::Bool(b) => b,
            Val::Int(l) => BExp::not(l.compare(ROp::Eq, &Lin::int(0))).simplify_not(),
            Val::Ptr { arr, .. } => self.not_null(&arr),
            _ => {
                let u = self.int_unknown("condition", span);
                u.compare(ROp::Ne, &Lin::int(0))
            }
        }
    }

    pub(super) fn as_int(&mut self, v: Val, span: Span) -> Lin {
        match v {
            Val::Int(l) => l,
            Val::Bool(BExp::Bool(b)) => Lin::int(b as i128),
            _ => self.int_unknown("non-integer value", span),
        }
    }

    pub(super) fn compare(&mut self, op: ROp, a: &Val, b: &Val, span: Span) -> BExp {
        let a = self.as_int(a.clone(), span);
        let b = self.as_int(b.clone(), span);
        a.compare(op, &b)
    }

    /// The value of `e`; its C type is the context of the unknowns made
    /// on the way ([`Infer::other`]).
    pub fn eval(&mut self, e: &E) -> Val {
        self.eval.types.push(e.ty);
        let v = self.eval_kind(e);
        self.eval.types.pop();
        v
    }

    fn eval_kind(&mut self, e: &E) -> Val {
        match &e.kind {
            EK::Int(i) => Val::Int(Lin::int(*i)),
            // A floating-point literal: one (non-integer) value in every
            // thread.
            EK::Float(_) => {
                let cause = UnknownCause::Other("floating-point literal".into());
                self.uniform_unknown(None, cause, e.span)
            }
            EK::Var(..) | EK::Index(..) | EK::Member(..) | EK::Un(UnOp::Deref, _) => self.read(e),
            EK::Builtin(b) => Val::Int(Lin::var(b)),
            EK::Bin(op, a, b) => {
                let v = self.binary(*op, a, b, e.span);
                if *op == BinOp::Shl && e.ty.is_some_and(|t| t.signed) {
                    // A signed `x << k` is defined (C++14-17
                    // [expr.shift]) when `x·2^k` fits the unsigned type,
                    // and is then that value converted: `1 << 31` is
                    // `INT_MIN`, not 2^31 (C++20 wraps every case).
                    self.convert_int(v, e.ty)
                } else if is_arithmetic(*op) {
                    self.fit(v, e.ty)
                } else {
                    v
                }
            }
            EK::Cast(x) => {
                let v = self.eval(x);
                self.convert_int(v, e.ty)
            }
            EK::Assign(op, l, r) => self.assign(*op, l, r, e.span),
            EK::IncDec { pre, inc, e: x } => self.incdec(*pre, *inc, x, e.span),
            EK::Un(op, x) => {
                let v = self.unary(*op, x, e.span);
                match op {
                    UnOp::Neg | UnOp::BitNot => self.fit(v, e.ty),
                    _ => v,
                }
            }
            EK::Call(callee, args) => self.call(callee, args, e.span),
            EK::Cond(c, t, f) => self.conditional(c, t, f, e.span),
            EK::Reinterpret(x, from, to, align) => {
                self.reinterpret(x, *from, (*to, *align), e.span)
            }
            EK::Unknown(what, subs) => self.unknown_expr(what, subs, e.span),
            EK::Opaque(what) => {
                let why = what.clone();
                self.unsupported(e.span, why.clone());
                let place = Place::Unknown(why);
                self.write_place(&place, Val::Bad(String::new()), e.span);
                self.read_place(&place, e.span)
            }
        }
    }

    /// The integer (or truth value) made from floating-point values: the
    /// protocol's numbers are integers, so it is unknown — as alike across
    /// threads as the values it is made from.
    pub(super) fn floating_value(&mut self, values: &[Val], what: &str, span: Span) -> Val {
        let mut fv = BTreeSet::new();
        for v in values {
            match v {
                Val::Int(l) => fv.extend(lin_vars(l)),
                Val::Bool(b) => fv.extend(b.fv()),
                _ => return self.other(what, span),
            }
        }
        let ty = self.current_type();
        self.computed_unknown(&fv, ty, what, span)
    }

    pub(super) fn unknown_expr(&mut self, what: &str, subs: &[E], span: Span) -> Val {
        use super::super::convert::{
            FLOAT_COMPARISON, FLOAT_CONVERSION, INT_TO_PTR, LAMBDA, PTR_TO_INT,
        };
        if what == LAMBDA {
            self.unsupported(span, what);
        }
        if what == PTR_TO_INT || what == INT_TO_PTR {
            let v = subs.first().map(|s| self.eval(s));
            if let (Some(v), true) = (&v, what == PTR_TO_INT) {
                self.note_pointer_escape(v, span);
            }
            return match v {
                // `(T *)0` is the null pointer; other addresses made from
                // integers are not located (their accesses reach every array).
                Some(Val::Int(l)) if what == INT_TO_PTR && l.is_zero() => Val::Int(l),
                _ if what == INT_TO_PTR => Val::Bad(what.into()),
                _ => self.other(what, span),
            };
        }
        let values: Vec<Val> = subs.iter().map(|s| self.eval(s)).collect();
        if what == FLOAT_COMPARISON || what == FLOAT_CONVERSION {
            return self.floating_value(&values, what, span);
        }
        // A function pointer or null cast to another pointer type (and
        // back) is still that pointer.
        if let ([v], true) = (values.as_slice(), what.starts_with("pointer cast")) {
            if matches!(v, Val::Funcs(_)) || matches!(v, Val::Int(l) if l.is_zero()) {
                return v.clone();
            }
        }
        let mut into = None;
        // An initializer list (`T t = {s[0], s[1]};`) evaluates its
        // elements, whose reads are emitted above: only a pointer or a
        // struct in memory stored into the new object escapes the model.
        let init_list = what == "InitListExpr";
        for (s, v) in subs.iter().zip(values) {
            let escapes = if init_list {
                matches!(
                    &v,
                    Val::Rec {
                        memory: Memory::Shared | Memory::Device,
                        ..
                    }
                )
            } else {
                mentions_tracked(s, self)
            };
            if is_tracked_ptr(&v) || escapes {
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

    pub(super) fn conditional(&mut self, c: &E, t: &E, f: &E, span: Span) -> Val {
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
                    cond: cond.clone(),
                    then_branch: bt,
                    else_branch: bf,
                },
                span,
            );
        }
        if vt == vf {
            return vt;
        }
        if let Some(v) = self.function_union(&vt, &vf) {
            return v;
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
            (Val::Int(a), Val::Int(b)) => {
                let (a, b) = (a.clone(), b.clone());
                // Uniform condition and values (`min(CACHE - 1, i - base)`
                // of uniform operands): one value in all threads.
                let mut fv = cond.fv();
                fv.extend(lin_fv(&a, &b));
                let ty = self.current_type();
                let v = self.computed_unknown(&fv, ty, "conditional expression `?:`", span);
                self.record_choice(&v, &cond, &a, &b);
                v
            }
            _ => self.other("conditional expression `?:`", span),
        }
    }

    pub(super) fn binary(&mut self, op: BinOp, a: &E, b: &E, span: Span) -> Val {
        use BinOp::*;
        match op {
            Comma => {
                self.eval(a);
                return self.eval(b);
            }
            LAnd | LOr => return self.logical(op, a, b, span),
            BitAnd => {
                if let Some(v) = self.and_below_power(a, b, span) {
                    return v;
                }
            }
            _ => {}
        }
        let va = self.eval(a);
        let vb = self.eval(b);
        self.apply(op, va, vb, span)
    }

    pub(super) fn logical(&mut self, op: BinOp, a: &E, b: &E, span: Span) -> Val {
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

    pub(super) fn apply(&mut self, op: BinOp, va: Val, vb: Val, span: Span) -> Val {
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
            if let Some(b) = self.null_comparison(r, &va, &vb) {
                return Val::Bool(b);
            }
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
        if let Some(v) = self.bits_with_truth_value(op, &va, &vb, span) {
            return v;
        }
        let (a, b) = (self.as_int(va, span), self.as_int(vb, span));
        self.arith(op, a, b, span)
    }

    /// `x & c`, `x | c`, `x ^ c` where `c` is a comparison (an `int` 0 or
    /// 1): `c ? x op 1 : x op 0`, a choice (`choices.rs`).  Found where a
    /// missing pair of parentheses makes `n & (n - 1) == 0` read `n & ((n -
    /// 1) == 0)` (the GPUVerify corpus's `generateSampleRanksKernel`).
    fn bits_with_truth_value(&mut self, op: BinOp, va: &Val, vb: &Val, span: Span) -> Option<Val> {
        if !matches!(op, BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor) {
            return None;
        }
        let (x, c) = match (va, vb) {
            (Val::Int(x), Val::Bool(c)) | (Val::Bool(c), Val::Int(x)) => (x, c),
            _ => return None,
        };
        if matches!(c, BExp::Bool(_)) {
            return None;
        }
        let (Val::Int(one), Val::Int(zero)) = (
            self.arith(op, x.clone(), Lin::int(1), span),
            self.arith(op, x.clone(), Lin::int(0), span),
        ) else {
            return None;
        };
        let mut fv = c.fv();
        fv.extend(lin_fv(&one, &zero));
        let ty = self.current_type();
        let v = self.computed_unknown(&fv, ty, "bit operation with a comparison", span);
        self.record_choice(&v, c, &one, &zero);
        Some(v)
    }

    pub(super) fn arith(&mut self, op: BinOp, a: Lin, b: Lin, span: Span) -> Val {
        use BinOp::*;
        let fv = lin_fv(&a, &b);
        let r = match op {
            Add => Some(a.add(&b)),
            Sub => Some(a.sub(&b)),
            Mul => Some(a.mul(&b)),
            Div => a
                .divmod(NOp::Div, &b)
                .or_else(|| self.nonnegative_divmod(NOp::Div, &a, &b))
                .or_else(|| self.signed_divmod(NOp::Div, &a, &b)),
            Rem => a
                .divmod(NOp::Mod, &b)
                .or_else(|| self.nonnegative_divmod(NOp::Mod, &a, &b))
                .or_else(|| self.signed_divmod(NOp::Mod, &a, &b)),
            Shl => b.constant().and_then(pow2).map(|p| a.mul(&p)),
            Shr => b.constant().and_then(pow2).and_then(|p| {
                a.divmod(NOp::Div, &p)
                    .or_else(|| self.nonnegative_divmod(NOp::Div, &a, &p))
            }),
            BitAnd => mask(&a, &b)
                .or_else(|| mask(&b, &a))
                .or_else(|| self.high_mask(&a, &b))
                .or_else(|| self.high_mask(&b, &a)),
            BitOr => self.disjoint_or(&a, &b),
            _ => None,
        };
        if r.is_none() && matches!(op, BitAnd | BitXor | BitOr) {
            if let Some(v) = self.power_bits(op, &a, &b, span) {
                return v;
            }
        }
        match r {
            // Products of `pos − neg` pairs double in size: past a budget
            // the value is an unknown (sound, and keeps memory bounded).
            Some(l) if l.size_up_to(EXPRESSION_BUDGET) >= EXPRESSION_BUDGET => {
                self.other("integer expression too large to track", span)
            }
            Some(l) => Val::Int(l),
            None => {
                let ty = self.current_type();
                let why = format!("operator {op:?} not modelled");
                self.computed_unknown(&fv, ty, &why, span)
            }
        }
    }

    /// `a / b` or `a % b` (C's, truncating) of a dividend written with a
    /// subtraction (`2 * t + 2 - 1`, `t - 1 + n`) that the ranges show is
    /// never negative, by a natural divisor: then `pos ∸ neg` is the
    /// dividend exactly, and C's operator is the natural one.
    fn nonnegative_divmod(&self, op: NOp, a: &Lin, b: &Lin) -> Option<Lin> {
        if !b.is_nat() || self.range(a).lo.is_none_or(|lo| lo < 0) {
            return None;
        }
        let dividend = NExp::sub(a.pos.clone(), a.neg.clone());
        Some(Lin::nat(NExp::bin(op, dividend, b.pos.clone())).folded())
    }

    /// `a / c` or `a % c` (C's, truncating) of a signed value `pos − neg`
    /// by a positive constant: `(pos ∸ neg) / c − (neg ∸ pos) / c` (and
    /// alike with `%`), as one of the two monus terms is 0, C's quotient
    /// truncates toward zero and its remainder takes the sign of the
    /// dividend.  In kernel code only for a signed parameter `n − n_neg`
    /// (one part 0, stated by `passes::param_types`), where it is
    /// `n / c − n_neg / c`; for any dividend in the host's facts.
    fn signed_divmod(&self, op: NOp, a: &Lin, b: &Lin) -> Option<Lin> {
        b.constant().filter(|c| *c > 0)?;
        let quotient = |x: NExp| Lin::nat(NExp::bin(op, x, b.pos.clone())).folded();
        if self.eval.host {
            let up = NExp::sub(a.pos.clone(), a.neg.clone());
            let down = NExp::sub(a.neg.clone(), a.pos.clone());
            return Some(quotient(up).sub(&quotient(down)));
        }
        let (NExp::Var(x), NExp::Var(neg)) = (&a.pos, &a.neg) else {
            return None;
        };
        let pair = (x.clone(), neg.clone());
        if !self.params.signed.contains(&pair) {
            return None;
        }
        Some(quotient(NExp::var(x)).sub(&quotient(NExp::var(neg))))
    }

    pub(super) fn unary(&mut self, op: UnOp, x: &E, span: Span) -> Val {
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
            UnOp::BitNot => {
                let l = self.as_int(v, span);
                Val::Int(l.neg().sub(&Lin::int(1)))
            }
            _ => self.other("unary operator", span),
        }
    }

    pub(super) fn address_of(&mut self, x: &E, span: Span) -> Val {
        if let EK::Var(_, key, RefKind::Function) = &x.kind {
            if self.unit.func(key).is_some() {
                return Val::Funcs(BTreeSet::from([key.clone()]));
            }
        }
        // `&s` of a struct in shared or global memory: a pointer that
        // stands for the struct itself (`p->a[i]` is `s.a[i]`; arithmetic
        // on it or a whole-struct access through it is not modelled).
        if let Some((prefix, memory @ (Memory::Shared | Memory::Device))) = self.record_path(x) {
            return Val::Rec { prefix, memory };
        }
        // `&p[i].y`: the place is the element (its fields are one cell),
        // but the pointer counts in fields (`(&p[i].y)[1]` is `p[i+1].x`).
        let element_field =
            matches!(&x.kind, EK::Member(base, ..) if self.record_path(base).is_none());
        match self.place(x) {
            Place::Elem { arr, index } if element_field => self.field_pointer(x.span, arr, index),
            Place::Elem { arr, mut index } => {
                let off = index.pop().unwrap_or(Lin::int(0));
                Val::Ptr {
                    arr,
                    fixed: index,
                    off,
                }
            }
            Place::Local(k) => {
                self.note_address_taken(&k, span);
                // A local struct's fields are variables of their own
                // (`field:s.j`): they escape with it.
                if let Some(Val::Rec { prefix, .. }) = self.values.env.get(&k) {
                    self.values.escaped.insert(super::memory::field_key(prefix));
                }
                self.values.escaped.insert(k.clone());
                Val::LocalPtr(k)
            }
            Place::Row(v) => v,
            Place::Choice(..) => {
                let _ = span;
                Val::Bad("address of a conditional lvalue".into())
            }
            Place::Private => Val::Bad(super::calls::PRIVATE_POINTER.into()),
            Place::Unknown(why) => Val::Bad(why),
        }
    }

    /// The address of a field (the member expression at `at`) of element
    /// `index` of `arr`: a view of the array with elements of the field's
    /// size (`views.rs`), at the field's place — so that arithmetic on it
    /// moves by fields, not by records.  When the layout is not known, or
    /// the field's size does not divide the record's size and the field's
    /// offset, the pointer is not located (its accesses reach every
    /// array).
    fn field_pointer(&mut self, at: Span, arr: Arr, mut index: Vec<Lin>) -> Val {
        let key = [at.line, at.col, at.end_line, at.end_col];
        let layout = self.unit.field_layouts.get(&key).copied().flatten();
        let plain = arr.view.is_none() && arr.bytes.is_none() && arr.rank == 1;
        match layout {
            Some(l) if l.size == l.record => {
                let off = index.pop().unwrap_or(Lin::int(0));
                Val::Ptr {
                    arr,
                    fixed: index,
                    off,
                }
            }
            Some(l)
                if plain
                    && index.len() == 1
                    && l.size > 0
                    && l.record % l.size == 0
                    && l.offset % l.size == 0 =>
            {
                let per = (l.record / l.size) as i128;
                let off = index[0]
                    .mul(&Lin::int(per))
                    .add(&Lin::int((l.offset / l.size) as i128));
                Val::Ptr {
                    arr: Arr {
                        view: Some((l.size, l.record)),
                        ..arr
                    },
                    fixed: vec![],
                    off,
                }
            }
            _ => Val::Bad("pointer to a field of an element whose layout is not modelled".into()),
        }
    }

    pub(super) fn assign(&mut self, op: Option<BinOp>, l: &E, r: &E, span: Span) -> Val {
        self.eval.last_read = None;
        let rv = self.eval(r);
        let read = self.eval.last_read.take();
        let place = self.place(l);
        let v = match op {
            None => rv,
            Some(op) => {
                let old = self.read_place(&place, l.span);
                let new = self.apply(op, old, rv, span);
                self.stored(op, new, l.ty, r.ty)
            }
        };
        if let (
            None,
            Val::Rec {
                prefix,
                memory: Memory::Local,
            },
        ) = (op, &v)
        {
            if let Some((target, Memory::Local)) = self.record_path(l) {
                self.assign_record(&target, prefix);
                return v;
            }
        }
        let stored = self.written_value(op, (l, r), &v, read);
        self.write_place_storing(&place, v.clone(), &stored, l.span);
        v
    }

    pub(super) fn incdec(&mut self, pre: bool, inc: bool, x: &E, span: Span) -> Val {
        let place = self.place(x);
        let old = self.read_place(&place, x.span);
        let op = if inc { BinOp::Add } else { BinOp::Sub };
        let new = self.apply(op, old.clone(), Val::Int(Lin::int(1)), span);
        let new = self.stored(op, new, x.ty, Some(IntTy::INT));
        self.write_place(&place, new.clone(), x.span);
        if pre {
            new
        } else {
            old
        }
    }
}

impl Infer<'_> {
    /// What `x op= y` (or `x++`, `y` the `int` 1) stores in `x` of type
    /// `target`: `x op y` computed in the usual arithmetic conversion of
    /// both types, as `x op y` alone is (wrapping only when that type is
    /// unsigned; a signed overflow is undefined behaviour), then converted
    /// to `target`.  An `int` that `x += y` adds an `int` to is not wrapped
    /// at 2^32, as `x + y` is not.
    fn stored(&mut self, op: BinOp, v: Val, target: Option<IntTy>, operand: Option<IntTy>) -> Val {
        let Some(computed) = computation_type(target, operand) else {
            return self.convert_int(v, target);
        };
        let v = match op {
            // A signed `x << k` wraps as a conversion (see `EK::Bin`).
            BinOp::Shl if computed.signed => self.convert_int(v, Some(computed)),
            _ => self.fit(v, Some(computed)),
        };
        if target == Some(computed) {
            v
        } else {
            self.convert_int(v, target)
        }
    }
}

/// The type C computes `a op b` in (C11 6.3.1.8, the usual arithmetic
/// conversions, by width: `int` promotion, then the wider type, the
/// unsigned one at equal width); `None` unless both are integer types.
pub(super) fn computation_type(a: Option<IntTy>, b: Option<IntTy>) -> Option<IntTy> {
    let promote = |t: IntTy| if t.bits < 32 { IntTy::INT } else { t };
    let (a, b) = (promote(a?), promote(b?));
    Some(match (a.signed, b.signed) {
        (x, y) if x == y => {
            if a.bits >= b.bits {
                a
            } else {
                b
            }
        }
        _ => {
            let (s, u) = if a.signed { (a, b) } else { (b, a) };
            if u.bits >= s.bits {
                u
            } else {
                s
            }
        }
    })
}

/// An operator whose result is computed in its C type (and so wraps when
/// that type is unsigned).
pub(super) fn is_arithmetic(op: BinOp) -> bool {
    use BinOp::*;
    matches!(
        op,
        Add | Sub | Mul | Div | Rem | Shl | Shr | BitAnd | BitXor | BitOr
    )
}

impl Infer<'_> {
    /// The functions one of two values may point to, when both are
    /// function pointers or null (calling null is undefined behaviour, so
    /// it adds no candidate: stated with the verdict); `None` otherwise.
    pub(super) fn function_union(&mut self, a: &Val, b: &Val) -> Option<Val> {
        let null = |v: &Val| matches!(v, Val::Int(l) if l.constant() == Some(0));
        match (a, b) {
            (Val::Funcs(x), Val::Funcs(y)) => Some(Val::Funcs(x.union(y).cloned().collect())),
            (Val::Funcs(x), v) | (v, Val::Funcs(x)) if null(v) => {
                self.note_null_calls();
                Some(Val::Funcs(x.clone()))
            }
            _ => None,
        }
    }

    pub(super) fn note_null_calls(&mut self) {
        self.note_once(
            "no call through a null function pointer (undefined behaviour: the kernel faults)",
        );
    }
}
