//! Small helpers on values and syntax shared by the inference modules.

use super::*;

// ----- helpers ------------------------------------------------------------------

pub(super) fn lin_fv(a: &Lin, b: &Lin) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for e in [&a.pos, &a.neg, &b.pos, &b.neg] {
        out.extend(e.fv());
    }
    out
}

/// The variables of both parts of `l`.
pub(super) fn lin_vars(l: &Lin) -> BTreeSet<String> {
    lin_fv(l, &Lin::int(0))
}

pub(super) fn ptr(name: &str, rank: usize, tracked: bool) -> Val {
    Val::Ptr {
        arr: Arr {
            name: name.to_string(),
            rank: rank.max(1),
            tracked,
            bytes: None,
            view: None,
        },
        fixed: vec![],
        off: Lin::int(0),
    }
}

pub(super) fn ptr_at(arr: &Arr, fixed: &[Lin], off: Lin) -> Val {
    Val::Ptr {
        arr: arr.clone(),
        fixed: fixed.to_vec(),
        off,
    }
}

impl Val {
    /// After a merge the fixed indices are unknown: keep the rank honest.
    pub(super) fn fix_rank(self) -> Val {
        match self {
            Val::Ptr { arr, .. } if arr.rank > 1 => {
                Val::Bad(format!("conditional pointer into `{}`", arr.name))
            }
            v => v,
        }
    }
}

pub(super) fn is_tracked_ptr(v: &Val) -> bool {
    matches!(v, Val::Ptr { arr, .. } if arr.tracked)
}

/// Does the expression name a tracked array directly?
pub(super) fn mentions_tracked(e: &E, me: &Infer) -> bool {
    let mut found = false;
    visit_expr(e, &mut |x| {
        if let EK::Var(_, key, _) = &x.kind {
            if matches!(me.values.env.get(key), Some(Val::Ptr { arr, .. }) | Some(Val::Cell(arr)) if arr.tracked)
            {
                found = true;
            }
        }
    });
    found
}

/// `x & (2^k - 1)` is `x` modulo `2^k` (two's complement, any sign).
pub(super) fn mask(x: &Lin, m: &Lin) -> Option<Lin> {
    let k = low_mask(m.constant()?)?;
    (k < 127).then(|| x.wrap_unsigned(k as u32))
}

pub(super) trait SimplifyNot {
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

pub(super) fn always_jumps(s: &S) -> bool {
    match &s.kind {
        SK::Return(_) | SK::Break | SK::Continue => true,
        SK::Block(b) => b.last().is_some_and(always_jumps),
        SK::If(_, t, Some(e)) => always_jumps(t) && always_jumps(e),
        _ => false,
    }
}

pub(super) fn is_label(item: &(Option<&E>, &S)) -> bool {
    matches!(item.1.kind, SK::Case(None, _))
}

/// The statements of a `switch` body, each with the `case` value it is
/// labelled with (`default` has `None` but `is_label`).
pub(super) fn flatten_switch(body: &S) -> Vec<(Option<&E>, &S)> {
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
        EK::Member(a, _, _)
        | EK::Un(_, a)
        | EK::IncDec { e: a, .. }
        | EK::Cast(a)
        | EK::Reinterpret(a, ..) => visit_expr(a, f),
        EK::Bin(_, a, b) | EK::Assign(_, a, b) | EK::Index(a, b) => {
            visit_expr(a, f);
            visit_expr(b, f);
        }
        EK::Cond(a, b, c) => {
            visit_expr(a, f);
            visit_expr(b, f);
            visit_expr(c, f);
        }
        EK::Call(_, xs) | EK::Unknown(_, xs) => xs.iter().for_each(|x| visit_expr(x, f)),
        _ => {}
    }
}

pub fn visit_stmt(s: &S, f: &mut impl FnMut(&E)) {
    walk_stmt(s, f, true);
}

/// Every expression of `s`, entering loops only if `loops`.
fn walk_stmt(s: &S, f: &mut impl FnMut(&E), loops: bool) {
    match &s.kind {
        SK::Expr(e) | SK::Return(Some(e)) => visit_expr(e, f),
        SK::Decl(ds) => ds
            .iter()
            .filter_map(|d| d.init.as_ref())
            .for_each(|e| visit_expr(e, f)),
        SK::Block(b) => b.iter().for_each(|x| walk_stmt(x, f, loops)),
        SK::If(c, t, e) => {
            visit_expr(c, f);
            walk_stmt(t, f, loops);
            if let Some(e) = e {
                walk_stmt(e, f, loops);
            }
        }
        SK::For { .. } | SK::While(..) | SK::Do(..) if !loops => {}
        SK::For {
            init,
            cond,
            inc,
            body,
        } => {
            if let Some(i) = init {
                walk_stmt(i, f, loops);
            }
            cond.iter().chain(inc.iter()).for_each(|e| visit_expr(e, f));
            walk_stmt(body, f, loops);
        }
        SK::While(c, b) | SK::Do(b, c) | SK::Switch(c, b) => {
            visit_expr(c, f);
            walk_stmt(b, f, loops);
        }
        SK::Case(c, b) => {
            if let Some(c) = c {
                visit_expr(c, f);
            }
            walk_stmt(b, f, loops);
        }
        SK::Label(_, b) => walk_stmt(b, f, loops),
        _ => {}
    }
}

/// The variables (declaration keys) a statement may modify, including
/// through reference parameters of called functions.
pub fn modified_in(s: &S, unit: &Unit) -> BTreeSet<String> {
    modified_within(s, unit, 0)
}

/// How deep [`modified_one`] looks into callees' bodies for what they
/// change through reference parameters; deeper (and in a recursion, which
/// comes back here), every reference argument counts as changed.
const CALLEE_DEPTH: usize = 3;

/// [`modified_in`] for a body `depth` calls deep.
fn modified_within(s: &S, unit: &Unit, depth: usize) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    visit_stmt(s, &mut |e| modified_at(e, unit, &mut out, depth));
    // `int &r = i; r = 2;` modifies `i`, and so does `int &q = r; q = 2;`.
    let mut aliases = Vec::new();
    reference_aliases(s, &mut aliases);
    loop {
        let before = out.len();
        for (alias, target) in &aliases {
            if out.contains(alias) {
                out.insert(target.clone());
            }
        }
        if out.len() == before {
            return out;
        }
    }
}

/// The lvalues `l` may denote: both branches of `c ? x : y`, the right of
/// `(e, x)`, the target of `(x = e)` or `++x`, through casts; else `l`.
pub(super) fn lvalue_leaves(l: &E) -> Vec<&E> {
    match &l.kind {
        EK::Cond(_, t, f) => {
            let mut out = lvalue_leaves(t);
            out.extend(lvalue_leaves(f));
            out
        }
        EK::Bin(BinOp::Comma, _, x)
        | EK::Cast(x)
        | EK::Assign(_, x, _)
        | EK::IncDec {
            pre: true, e: x, ..
        } => lvalue_leaves(x),
        _ => vec![l],
    }
}

/// The local variables an lvalue may denote: `x`, both branches of
/// `c ? x : y`, the right of `(e, x)`, the target of `(x = e)` or `++x`
/// (lvalues in C++), through casts, and any argument of a call (which
/// may return a reference to it).  A place in memory (`a[i]`, `*p`,
/// `s.f`) names none.
pub(super) fn lvalue_vars(l: &E, out: &mut BTreeSet<String>) {
    match &l.kind {
        EK::Var(_, key, _) => {
            out.insert(key.clone());
        }
        EK::Cond(_, t, f) => {
            lvalue_vars(t, out);
            lvalue_vars(f, out);
        }
        EK::Bin(BinOp::Comma, _, x)
        | EK::Cast(x)
        | EK::Assign(_, x, _)
        | EK::IncDec {
            pre: true, e: x, ..
        } => lvalue_vars(x, out),
        // A call that returns a reference may return one to any of its
        // arguments (`int &pick(int &a) { return a; }`: `pick(x) = 2`).
        EK::Call(_, args) => args.iter().for_each(|a| lvalue_vars(a, out)),
        _ => {}
    }
}

/// The variables `s` may modify other than by assigning them by name:
/// through a reference declared in `s`, or as the reference argument of a
/// called function.
pub(super) fn indirectly_modified(s: &S, unit: &Unit) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    visit_stmt(s, &mut |e| {
        if let EK::Call(..) = e.kind {
            modified_one(e, unit, &mut out);
        }
    });
    let mut aliases = Vec::new();
    reference_aliases(s, &mut aliases);
    out.extend(aliases.into_iter().map(|(_, target)| target));
    out
}

/// The references declared in `s` to a variable (`T &r = x`), as
/// (reference, variable) keys.
fn reference_aliases(s: &S, out: &mut Vec<(String, String)>) {
    match &s.kind {
        SK::Decl(ds) => {
            for d in ds {
                if let (Shape::Reference, Some(init)) = (&d.shape, &d.init) {
                    let mut targets = BTreeSet::new();
                    lvalue_vars(init, &mut targets);
                    out.extend(targets.into_iter().map(|t| (d.key.clone(), t)));
                }
            }
        }
        SK::Block(b) => b.iter().for_each(|x| reference_aliases(x, out)),
        SK::If(_, t, e) => {
            reference_aliases(t, out);
            if let Some(e) = e {
                reference_aliases(e, out);
            }
        }
        SK::For { init, body, .. } => {
            if let Some(i) = init {
                reference_aliases(i, out);
            }
            reference_aliases(body, out);
        }
        SK::While(_, b) | SK::Do(b, _) | SK::Switch(_, b) | SK::Case(_, b) | SK::Label(_, b) => {
            reference_aliases(b, out)
        }
        _ => {}
    }
}

pub(super) fn modified_expr(e: &E, unit: &Unit, out: &mut BTreeSet<String>) {
    visit_expr(e, &mut |x| modified_one(x, unit, out));
}

pub(super) fn modified_one(e: &E, unit: &Unit, out: &mut BTreeSet<String>) {
    modified_at(e, unit, out, 0)
}

/// [`modified_one`] in a body `depth` calls deep.
fn modified_at(e: &E, unit: &Unit, out: &mut BTreeSet<String>, depth: usize) {
    let target = match &e.kind {
        EK::Assign(_, l, _) | EK::IncDec { e: l, .. } | EK::Un(UnOp::AddrOf, l) => Some(l),
        EK::Call(Callee { key: Some(k), .. }, args) => {
            if let Some(f) = unit.func(k) {
                // A reference to a scalar that the callee's body never
                // modifies (no assignment, `++`, `&p` or passing on by
                // reference, through casts: `const_cast` too) leaves its
                // argument as it was (`clip(n, plus)` with `const int &n`).
                // A reference to a record (`this` of a method) or an array
                // may have its fields or elements written, which
                // `modified_in` does not name.
                let mut in_callee = None;
                for (p, a) in f.params.iter().zip(args) {
                    if p.shape != Shape::Reference {
                        continue;
                    }
                    let changed = in_callee.get_or_insert_with(|| {
                        (depth < CALLEE_DEPTH).then(|| modified_within(&f.body, unit, depth + 1))
                    });
                    let kept = p.to_scalar && changed.as_ref().is_some_and(|c| !c.contains(&p.key));
                    if !kept {
                        lvalue_vars(a, out);
                    }
                }
            }
            None
        }
        _ => None,
    };
    if let Some(l) = target {
        lvalue_vars(l, out);
    }
}

/// Is the pointer parameter `key` used by `body` only as `*key`, never
/// inside a loop?  Then `&x` passed for it is an out-parameter: the
/// pointer is not copied anywhere, and each `*key` is `x` itself (no loop
/// of the callee writes `x` behind the caller's loop analysis, which sees
/// `&x` at the call).
pub(super) fn dereferenced_only(body: &S, key: &str) -> bool {
    let is_key = |e: &E| matches!(&e.kind, EK::Var(_, k, _) if k == key);
    let mut uses = 0;
    visit_stmt(body, &mut |e| uses += usize::from(is_key(e)));
    let mut derefs = 0;
    walk_stmt(
        body,
        &mut |e| {
            if let EK::Un(UnOp::Deref, x) = &e.kind {
                derefs += usize::from(is_key(x));
            }
        },
        false,
    );
    uses > 0 && uses == derefs
}

/// Is `callee` a block barrier of the CUDA API (`__syncthreads`,
/// `__syncthreads_or`, `thread_block::sync`, …), not a function of the
/// user's with the same name?
pub(super) fn is_barrier(callee: &Callee) -> bool {
    callee.library && BARRIERS.contains(&callee.name.as_str())
}

/// Can the statement reach a barrier (syntactically, through calls)?  A
/// call through a function pointer may reach any function of the unit of
/// its type (of any type when that is not known).
pub(super) fn has_barrier(s: &S, unit: &Unit) -> bool {
    reaches_barrier(s, unit, &mut BTreeSet::new())
}

/// [`has_barrier`], not entering the functions of `seen` again.
fn reaches_barrier(s: &S, unit: &Unit, seen: &mut BTreeSet<String>) -> bool {
    let mut found = false;
    visit_stmt(s, &mut |e| {
        let EK::Call(callee, _) = &e.kind else {
            return;
        };
        if found || is_barrier(callee) {
            found = true;
            return;
        }
        let targets: Vec<&Func> = match callee.key.as_deref().and_then(|k| unit.func(k)) {
            Some(f) => vec![f],
            None if through_pointer(callee) => unit
                .functions_of_type(callee.signature.as_deref())
                .collect(),
            None => Vec::new(),
        };
        for f in targets {
            if seen.insert(f.key.clone()) && reaches_barrier(&f.body, unit, seen) {
                found = true;
            }
        }
    });
    found
}

/// Is `t` a plain `break` (`break;` or `{ break; }`)?
pub(super) fn only_break(t: &S) -> bool {
    match &t.kind {
        SK::Break => true,
        SK::Block(b) => matches!(
            b.as_slice(),
            [S {
                kind: SK::Break,
                ..
            }]
        ),
        _ => false,
    }
}

/// Is `callee` a call through a function pointer (a variable, an element
/// of a table, …), not of a named function?
fn through_pointer(callee: &Callee) -> bool {
    !callee.library && (callee.pointer.is_some() || callee.signature.is_some())
}

/// A step that is the same on every iteration when its variables are:
/// integer arithmetic on variables and constants, without reading memory
/// (which other threads may change between iterations) or calling.
pub(super) fn pure(e: &E) -> bool {
    match &e.kind {
        EK::Int(_) | EK::Builtin(_) => true,
        EK::Var(_, _, kind) => matches!(kind, RefKind::Local | RefKind::TemplateParam),
        EK::Bin(op, a, b) => super::expressions::is_arithmetic(*op) && pure(a) && pure(b),
        EK::Un(UnOp::Neg | UnOp::Plus | UnOp::BitNot, a) | EK::Cast(a) => pure(a),
        _ => false,
    }
}

/// `e` without the integer conversions around it.
pub(super) fn strip_casts(e: &E) -> &E {
    match &e.kind {
        EK::Cast(x) => strip_casts(x),
        _ => e,
    }
}
