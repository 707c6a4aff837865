#![allow(non_upper_case_globals)]
//! Facts from the host code at a launch, as symbolic C expressions
//! (`docs/launch-configuration.md`, "Relations from the host code"): each
//! grid and block dimension and each integer argument of a
//! `k<<<grid, block>>>(args)` as the C expression the host computes it
//! by, over *host values* — the value a host variable holds at the launch
//! — so that a variable shared between a dimension and an argument stays
//! one value (`grid = (n + 255) / 256` with `n` passed); and the
//! conditions the host checks before the launch on the paths that reach
//! it (an enclosing `if`, an early `return`, an `assert`).
//!
//! The expressions keep the host's C types, conversions and
//! wrap-around (`ast::E::ty`): the inference evaluates them with the
//! kernel's own C semantics (`infer::host_facts`).  What is not
//! understood — a call, a floating-point value, a variable the host may
//! change between where a value is computed and the launch — gives no
//! expression, and the dimension or argument stays free.
//!
//! Soundness rests on two rules.  A host variable read *at the launch*
//! is a value of its own (whatever it is, it is one value).  A host
//! variable read *earlier* — in the initialiser of a local the launch
//! reads (`dim3 grid(n / 256);`), or in a condition checked before — is
//! the same value at the launch only when it is [`stable`] (a local or
//! parameter of the function that nothing in the function assigns, takes
//! the address of or binds to a reference: `host_values::unchanged_in_function`),
//! or when nothing changes it between where it is read and the launch
//! and its storage is reached only by its name (`host_flow`, which also
//! finds the assignment a variable's launch value comes from).

use super::ast::{BinOp, IntTy, RefKind, UnOp, E, EK};
use super::clang::Cursor;
use super::host_flow::{changed_in, escapes, Def, Flow, Target, Value};
use super::host_values::{host_int, strip, unchanged_in_function};
use clang_sys::*;
use mapcheck_ir::threads::{Axis, Builtin};

/// Deeper expressions are not understood.
const MAX_DEPTH: usize = 24;

/// Prefix of the declaration keys of host values in [`E`]s (never a
/// kernel variable's key).
pub const HOST_PREFIX: &str = "host:";

/// What a fact is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Subject {
    /// A dimension of the launch (`gridDim.x`).
    Dim(Builtin, Axis),
    /// The kernel's scalar parameter of this position.
    Arg(usize),
    /// A condition the host checks before the launch.
    Guard,
}

/// One fact of one launch: a C condition over the kernel's dimensions
/// (`EK::Builtin`) and host values (`EK::Var` with a key starting with
/// [`HOST_PREFIX`]) — for an [`Subject::Arg`], the value passed, of the
/// parameter's type, which the kernel's parameter equals.
#[derive(Clone, Debug)]
pub struct HostFact {
    pub subject: Subject,
    pub cond: E,
    /// `gridDim.x = (n + 255) / 256`, as printed with the verdict.
    pub text: String,
    /// The host line it comes from (the expression's, or the check's).
    pub line: u32,
}

/// Two facts are one when they say the same of the same thing from the
/// same line (the text renders the condition).
impl PartialEq for HostFact {
    fn eq(&self, other: &HostFact) -> bool {
        (&self.subject, &self.text, self.line) == (&other.subject, &other.text, other.line)
    }
}

impl Eq for HostFact {}

/// Where an expression is read, relative to the launch.
#[derive(Clone, Copy)]
enum Read<'b> {
    /// At the launch: any integer variable is a host value.
    AtLaunch,
    /// Somewhere before it: only [`stable`] variables.
    Anywhere,
    /// Before it, at a place from which exactly these statements run to
    /// the launch: a local nothing among them changes
    /// (`host_flow::changed_in`) and whose storage is reached only by
    /// its name (`host_flow::escapes`) holds its launch value there.
    Before(&'b [Cursor]),
}

/// Where a host variable may be read for its value to be one at the
/// launch, and the arguments of the helper function being read.
#[derive(Clone, Copy)]
struct Mode<'b> {
    read: Read<'b>,
    /// The parameters (keys) of a helper `{ return e; }` being read
    /// ([`helper`]), with the values of its arguments.
    params: &'b [(String, E)],
    /// The launch's function and ancestors, to find where a variable was
    /// last assigned (`host_flow`); `None` in a helper's body.
    flow: Option<Flow<'b>>,
}

impl<'b> Mode<'b> {
    fn launch(flow: Flow<'b>) -> Mode<'b> {
        Mode {
            read: Read::AtLaunch,
            params: &[],
            flow: Some(flow),
        }
    }
    /// The same launch, read at another place.
    fn at(self, read: Read<'b>) -> Mode<'b> {
        Mode { read, ..self }
    }
}

/// The integer expression `e` of the host as a typed [`E`], when it is
/// understood.
fn sym(e: Cursor, mode: Mode<'_>, depth: usize) -> Option<E> {
    if depth > MAX_DEPTH {
        return None;
    }
    let kind = value_kind(e)?;
    if let (Some(v), Kind::Int(ty)) = (host_int(e), kind) {
        return Some(typed(EK::Int(v), e, Some(ty)));
    }
    let ty = match kind {
        Kind::Int(t) => Some(t),
        Kind::Bool => None,
    };
    let ch = || e.children().into_iter().filter(|k| k.is_expression());
    let ek = match e.kind() {
        CXCursor_UnexposedExpr
        | CXCursor_ParenExpr
        | CXCursor_CStyleCastExpr
        | CXCursor_CXXStaticCastExpr
        | CXCursor_CXXFunctionalCastExpr => {
            let inner = match e.kind() {
                CXCursor_UnexposedExpr => e.wrapped()?,
                _ => ch().next_back()?,
            };
            let v = sym(inner, mode, depth + 1)?;
            return Some(match (v.ty, ty) {
                (a, b) if a == b => v,
                // To `bool`: C's `v != 0`.
                (Some(t), None) => {
                    let zero = typed(EK::Int(0), e, Some(t));
                    typed(EK::Bin(BinOp::Ne, Box::new(v), Box::new(zero)), e, None)
                }
                _ => typed(EK::Cast(Box::new(v)), e, ty),
            });
        }
        CXCursor_CXXBoolLiteralExpr => EK::Int(i128::from(e.evaluate_int()? != 0)),
        CXCursor_DeclRefExpr => return variable(e, mode, depth),
        CXCursor_MemberRefExpr => return component(e, mode, depth),
        CXCursor_BinaryOperator => {
            let op = binop(e.binop())?;
            let [a, b] = ch().collect::<Vec<_>>()[..] else {
                return None;
            };
            let (a, b) = (sym(a, mode, depth + 1)?, sym(b, mode, depth + 1)?);
            EK::Bin(op, Box::new(a), Box::new(b))
        }
        CXCursor_UnaryOperator => {
            let op = match e.unop() {
                CXUnaryOperator_Minus => UnOp::Neg,
                CXUnaryOperator_Plus => UnOp::Plus,
                CXUnaryOperator_Not => UnOp::BitNot,
                CXUnaryOperator_LNot => UnOp::LNot,
                _ => return None,
            };
            EK::Un(op, Box::new(sym(ch().next()?, mode, depth + 1)?))
        }
        CXCursor_CallExpr => return helper(e, mode, depth),
        CXCursor_ConditionalOperator => {
            let [c, a, b] = ch().collect::<Vec<_>>()[..] else {
                return None;
            };
            let arm = |x| sym(x, mode, depth + 1).map(Box::new);
            EK::Cond(arm(c)?, arm(a)?, arm(b)?)
        }
        _ => return None,
    };
    Some(typed(ek, e, ty))
}

/// An integer or a `bool` value: the two kinds of host values understood.
#[derive(Clone, Copy)]
enum Kind {
    Int(IntTy),
    Bool,
}

fn value_kind(e: Cursor) -> Option<Kind> {
    let t = e.ty();
    if t.is_bool() {
        return Some(Kind::Bool);
    }
    t.int_type().map(Kind::Int)
}

fn typed(kind: EK, e: Cursor, ty: Option<IntTy>) -> E {
    E {
        kind,
        span: e.span(),
        ty,
    }
}

/// The operators whose C meaning the inference gives exactly (no
/// assignment, no comma).
fn binop(op: CXBinaryOperatorKind) -> Option<BinOp> {
    Some(match op {
        CXBinaryOperator_Add => BinOp::Add,
        CXBinaryOperator_Sub => BinOp::Sub,
        CXBinaryOperator_Mul => BinOp::Mul,
        CXBinaryOperator_Div => BinOp::Div,
        CXBinaryOperator_Rem => BinOp::Rem,
        CXBinaryOperator_Shl => BinOp::Shl,
        CXBinaryOperator_Shr => BinOp::Shr,
        CXBinaryOperator_LT => BinOp::Lt,
        CXBinaryOperator_GT => BinOp::Gt,
        CXBinaryOperator_LE => BinOp::Le,
        CXBinaryOperator_GE => BinOp::Ge,
        CXBinaryOperator_EQ => BinOp::Eq,
        CXBinaryOperator_NE => BinOp::Ne,
        CXBinaryOperator_And => BinOp::BitAnd,
        CXBinaryOperator_Xor => BinOp::BitXor,
        CXBinaryOperator_Or => BinOp::BitOr,
        CXBinaryOperator_LAnd => BinOp::LAnd,
        CXBinaryOperator_LOr => BinOp::LOr,
        _ => return None,
    })
}

/// Is `d` a local or parameter of its function that nothing in the
/// function changes, so that it holds one value wherever it is read in
/// its scope?  Not a reference (it may share its storage).
fn stable(d: Cursor) -> bool {
    matches!(d.kind(), CXCursor_VarDecl | CXCursor_ParmDecl)
        && !d.ty().is_reference()
        && unchanged_in_function(d)
}

/// A host variable read at `e`: the value of its definition that
/// reaches the launch (`host_flow`; a stable local's initialiser) when it
/// is understood, else a host value of its own — at the launch any
/// variable, before it only one that keeps its value up to the launch.
fn variable(e: Cursor, mode: Mode<'_>, depth: usize) -> Option<E> {
    let d = e.referenced();
    if !matches!(d.kind(), CXCursor_VarDecl | CXCursor_ParmDecl) {
        return None;
    }
    let ty = d.ty().int_type()?;
    let key = d.decl_key();
    if !mode.params.is_empty() {
        // In a helper's `return e;`: only its own parameters.
        let (_, v) = mode.params.iter().find(|(k, _)| *k == key)?;
        return Some(v.clone());
    }
    let is_stable = stable(d);
    let followed = mode.flow.filter(|_| is_local(d));
    let target = Target::Var(&key);
    let readable = match mode.read {
        Read::AtLaunch => true,
        Read::Anywhere => is_stable,
        Read::Before(between) => {
            is_stable
                || followed.is_some_and(|f| !escapes(f.fun, target) && !changed_in(between, target))
        }
    };
    if !readable {
        return None;
    }
    if let Some(v) = followed.and_then(|f| defined(f, target, mode, depth, (ty, e))) {
        return Some(v);
    }
    if is_stable && d.kind() == CXCursor_VarDecl {
        let anywhere = mode.at(Read::Anywhere);
        if let Some(v) = d.var_init().and_then(|i| sym(i, anywhere, depth + 1)) {
            return Some(cast_to(v, ty, e));
        }
    }
    let name = d.spelling();
    let key = format!("{HOST_PREFIX}{key}");
    Some(typed(EK::Var(name, key, RefKind::Local), e, Some(ty)))
}

/// A local or parameter of the function, not a reference and not
/// `static` (whose storage a call may change).
fn is_local(d: Cursor) -> bool {
    matches!(d.kind(), CXCursor_VarDecl | CXCursor_ParmDecl)
        && !d.ty().is_reference()
        && !d.is_static()
        && matches!(
            d.semantic_parent().kind(),
            CXCursor_FunctionDecl | CXCursor_FunctionTemplate | CXCursor_CXXMethod
        )
}

/// The value of scalar `t`'s definition that reaches the launch, read
/// where the definition is, converted to the variable's type `ty` (at
/// the reference `e`).
fn defined(
    flow: Flow<'_>,
    t: Target,
    mode: Mode<'_>,
    depth: usize,
    (ty, e): (IntTy, Cursor),
) -> Option<E> {
    let def = flow.reaching(t)?;
    let leaf = |v: &Value, at: Mode<'_>| match v {
        Value::Assigned(x) | Value::Initialised(x) => {
            sym(*x, at, depth + 1).map(|v| cast_to(v, ty, e))
        }
        _ => None,
    };
    def_value(&def, mode, depth, &leaf)
}

/// What definition `def` gives, read where it is: `leaf` reads an
/// assigned or initial value; after an `if` that assigns on both ways,
/// `c ? a : b`, the condition read at the `if` (C's `?:`, which the
/// inference evaluates as C does).
fn def_value(
    def: &Def,
    mode: Mode<'_>,
    depth: usize,
    leaf: &dyn Fn(&Value, Mode<'_>) -> Option<E>,
) -> Option<E> {
    if depth > MAX_DEPTH {
        return None;
    }
    let at = mode.at(Read::Before(&def.between));
    let Value::Joined(j) = &def.value else {
        return leaf(&def.value, at);
    };
    let a = def_value(&j.then, mode, depth + 1, leaf)?;
    let b = def_value(&j.otherwise, mode, depth + 1, leaf)?;
    // One number on both ways (`threads.y = 1;` in each branch): that
    // number, whatever the condition (which need not be readable).
    if let (EK::Int(x), EK::Int(y)) = (&a.kind, &b.kind) {
        if x == y && a.ty == b.ty {
            return Some(a);
        }
    }
    let c = sym(j.cond, at, depth + 1)?;
    let ty = a.ty;
    Some(typed(
        EK::Cond(Box::new(c), Box::new(a), Box::new(b)),
        j.cond,
        ty,
    ))
}

/// A call of a helper function of the user's whose body is `{ return
/// r; }` (`ceil_div(n, 256)`): `r` with each parameter the value of its
/// argument converted to the parameter's type.  The arguments are read
/// where the call is; the body reads nothing else (no variable but its
/// parameters, no call but of such helpers), so the call has no effect
/// and its value is `r`'s.
fn helper(call: Cursor, mode: Mode<'_>, depth: usize) -> Option<E> {
    let f = call.referenced().definition();
    if f.kind() != CXCursor_FunctionDecl || f.in_library() || call.num_args() < 0 {
        return None;
    }
    let body = f
        .children()
        .into_iter()
        .find(|k| k.kind() == CXCursor_CompoundStmt)?;
    let [ret] = body.children()[..] else {
        return None;
    };
    let r = ret.children().into_iter().find(|k| k.is_expression())?;
    let params = f.parameters();
    if ret.kind() != CXCursor_ReturnStmt || params.len() != call.num_args() as usize {
        return None;
    }
    let mut bound = Vec::new();
    for (i, p) in params.iter().enumerate() {
        let ty = p.ty();
        let ty = (!ty.is_reference()).then(|| ty.int_type()).flatten()?;
        let v = sym(call.arg(i as u32), mode, depth + 1)?;
        bound.push((p.decl_key(), cast_to(v, ty, call)));
    }
    let inner = Mode {
        read: mode.read,
        params: &bound,
        flow: None,
    };
    let v = sym(r, inner, depth + 1)?;
    Some(match value_kind(call)? {
        Kind::Int(t) => cast_to(v, t, call),
        Kind::Bool => v,
    })
}

/// The value of host expression `c`, read at a place from which the
/// statements `between` run to the launch of `flow`.
pub(super) fn read_before(c: Cursor, flow: Flow<'_>, between: &[Cursor]) -> Option<E> {
    sym(c, Mode::launch(flow).at(Read::Before(between)), 0)
}

/// `v` converted to `ty` (unless it has that type).
fn cast_to(v: E, ty: IntTy, at: Cursor) -> E {
    match v.ty == Some(ty) {
        true => v,
        false => typed(EK::Cast(Box::new(v)), at, Some(ty)),
    }
}

/// `v.x`, `v.y` or `v.z` of a `dim3` the host builds.
fn component(m: Cursor, mode: Mode<'_>, depth: usize) -> Option<E> {
    let i = ["x", "y", "z"].iter().position(|c| *c == m.spelling())?;
    let base = strip(m.children().into_iter().find(|k| k.is_expression())?);
    if !base.ty().spelling().contains("dim3") {
        return None;
    }
    let [x, y, z] = dim3(base, mode, depth + 1);
    [x, y, z].into_iter().nth(i).flatten()
}

/// The three components of a `dim3` expression (or of an integer
/// converted to one), each as `unsigned int` when understood.
fn dim3(e: Cursor, mode: Mode<'_>, depth: usize) -> [Option<E>; 3] {
    let e = strip(e);
    let one = || Some(typed(EK::Int(1), e, Some(IntTy::UINT)));
    if depth > MAX_DEPTH {
        return [None, None, None];
    }
    if !e.ty().spelling().contains("dim3") {
        let x = sym(e, mode, depth + 1).map(|v| cast_to(v, IntTy::UINT, e));
        return [x, one(), one()];
    }
    match e.kind() {
        CXCursor_CallExpr if e.num_args() >= 0 && e.referenced().kind() == CXCursor_Constructor => {
            let n = e.num_args() as u32;
            if n == 1 && e.arg(0).ty().spelling().contains("dim3") {
                return dim3(e.arg(0), mode, depth + 1);
            }
            let arg = |i: u32| match i < n {
                true => sym(e.arg(i), mode, depth + 1).map(|v| cast_to(v, IntTy::UINT, e)),
                false => one(),
            };
            [arg(0), arg(1), arg(2)]
        }
        // A `dim3` local nothing changes: its initialiser, read where it
        // is declared.
        CXCursor_DeclRefExpr => dim3_variable(e.referenced(), mode, depth),
        _ => [None, None, None],
    }
}

/// The components of `dim3` variable `d`: each from its own definition
/// that reaches the launch (`grid.x = n / 256;` after `dim3 grid;`), or
/// from a stable local's initialiser.
fn dim3_variable(d: Cursor, mode: Mode<'_>, depth: usize) -> [Option<E>; 3] {
    let key = d.decl_key();
    let followed = mode.flow.filter(|_| is_local(d) && mode.params.is_empty());
    let stable_init = match (stable(d) && d.kind() == CXCursor_VarDecl, d.var_init()) {
        (true, Some(init)) => dim3(init, mode.at(Read::Anywhere), depth + 1),
        _ => [None, None, None],
    };
    let component = |i: usize, m: &str| {
        let t = Target::Member(&key, m);
        let f = followed?;
        let readable = match mode.read {
            Read::AtLaunch => true,
            Read::Anywhere => false,
            Read::Before(between) => !changed_in(between, t),
        };
        if !readable || escapes(f.fun, t) {
            return None;
        }
        let def = f.reaching(t)?;
        let leaf = |v: &Value, at: Mode<'_>| match v {
            Value::Assigned(x) => sym(*x, at, depth + 1).map(|v| cast_to(v, IntTy::UINT, *x)),
            Value::Initialised(x) => dim3(*x, at, depth + 1)[i].clone(),
            _ => None,
        };
        def_value(&def, mode, depth, &leaf)
    };
    let [x, y, z] = stable_init;
    [
        component(0, "x").or(x),
        component(1, "y").or(y),
        component(2, "z").or(z),
    ]
}

/// A scalar integer parameter of the launched kernel: its name and C
/// type.
pub struct ScalarParam {
    pub name: String,
    pub ty: IntTy,
}

/// The facts of the launch `call` (its configuration call `config`) of a
/// kernel whose parameters are `params` (`None`: not an integer scalar),
/// under the ancestors `path` of the launch in function `fun`.
pub fn launch_facts(
    fun: Cursor,
    path: &super::host_flow::Path,
    call: Cursor,
    config: Cursor,
    params: &[Option<ScalarParam>],
) -> Vec<HostFact> {
    let mut out = Vec::new();
    let flow = Flow { fun, path };
    let families = [(Builtin::GridDim, 0u32), (Builtin::BlockDim, 1u32)];
    for (family, i) in families {
        if i as i32 >= config.num_args() {
            continue;
        }
        let given = config.arg(i);
        for (a, v) in Axis::ALL
            .into_iter()
            .zip(dim3(given, Mode::launch(flow), 0))
        {
            let Some(v) = v else { continue };
            let var = family.var(a);
            let dim = typed(EK::Builtin(var.clone()), given, Some(IntTy::UINT));
            let text = format!("{var} = {}", render(&v));
            // The line the value is computed on (`block.x = 256;`), when
            // the launch reads a `dim3` set earlier.
            let line = match v.span.line {
                0 => given.span().line,
                l => l,
            };
            out.push(HostFact {
                subject: Subject::Dim(family, a),
                cond: eq(dim, v),
                text,
                line,
            });
        }
    }
    for (i, p) in params.iter().enumerate() {
        let (Some(p), true) = (p, (i as i32) < call.num_args()) else {
            continue;
        };
        let arg = call.arg(i as u32);
        if let Some(v) = sym(arg, Mode::launch(flow), 0) {
            let v = cast_to(v, p.ty, arg);
            let text = format!("{} = {}", p.name, render(&v));
            out.push(fact(Subject::Arg(i), v, text, arg));
        }
    }
    out.extend(super::host_guards::guards(flow));
    out
}

/// A fact about `subject` from host cursor `at`.
fn fact(subject: Subject, cond: E, text: String, at: Cursor) -> HostFact {
    HostFact {
        subject,
        cond,
        text,
        line: at.span().line,
    }
}

/// `a == b`.
pub fn eq(a: E, b: E) -> E {
    let span = a.span;
    E {
        kind: EK::Bin(BinOp::Eq, Box::new(a), Box::new(b)),
        span,
        ty: None,
    }
}

/// The condition `c` the host checks before the launch, as a fact whose
/// host values are read where it is checked, from which the statements
/// `between` run to the launch (`Read::Before`); `negate` for a check
/// that must fail for the launch to be reached.
pub(super) fn guard(
    c: Cursor,
    negate: bool,
    why: &str,
    flow: Flow<'_>,
    between: &[Cursor],
) -> Option<HostFact> {
    let v = read_before(c, flow, between)?;
    let span = v.span;
    let cond = match negate {
        true => E {
            kind: EK::Un(UnOp::LNot, Box::new(v)),
            span,
            ty: Some(IntTy::INT),
        },
        false => v,
    };
    let text = format!("{} ({why})", render(&cond));
    Some(HostFact {
        subject: Subject::Guard,
        cond,
        text,
        line: c.span().line,
    })
}

/// `e` as C text, fully parenthesised but for variables and numbers,
/// with the host's conversions shown as casts to `int`, `unsigned`, ….
pub fn render(e: &E) -> String {
    match &e.kind {
        EK::Int(v) => v.to_string(),
        EK::Var(name, ..) => name.clone(),
        EK::Builtin(b) => b.clone(),
        EK::Cast(inner) => match e.ty {
            Some(t) => format!("({}){}", type_name(t), render_operand(inner)),
            None => render(inner),
        },
        EK::Bin(op, a, b) => format!(
            "{} {} {}",
            render_operand(a),
            op_text(*op),
            render_operand(b)
        ),
        EK::Un(op, a) => {
            let o = match op {
                UnOp::Neg => "-",
                UnOp::Plus => "+",
                UnOp::BitNot => "~",
                _ => "!",
            };
            format!("{o}{}", render_operand(a))
        }
        EK::Cond(c, a, b) => format!(
            "{} ? {} : {}",
            render_operand(c),
            render_operand(a),
            render_operand(b)
        ),
        _ => "?".into(),
    }
}

fn render_operand(e: &E) -> String {
    match &e.kind {
        EK::Int(_) | EK::Var(..) | EK::Builtin(_) | EK::Cast(_) | EK::Un(..) => render(e),
        _ => format!("({})", render(e)),
    }
}

fn type_name(t: IntTy) -> String {
    let base = match t.bits {
        8 => "char",
        16 => "short",
        32 => "int",
        _ => "long",
    };
    match t.signed {
        true => base.to_string(),
        false => format!("unsigned {base}"),
    }
}

fn op_text(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "+",
        BinOp::Sub => "-",
        BinOp::Mul => "*",
        BinOp::Div => "/",
        BinOp::Rem => "%",
        BinOp::Shl => "<<",
        BinOp::Shr => ">>",
        BinOp::Lt => "<",
        BinOp::Gt => ">",
        BinOp::Le => "<=",
        BinOp::Ge => ">=",
        BinOp::Eq => "==",
        BinOp::Ne => "!=",
        BinOp::BitAnd => "&",
        BinOp::BitXor => "^",
        BinOp::BitOr => "|",
        BinOp::LAnd => "&&",
        BinOp::LOr => "||",
        BinOp::Comma => ",",
    }
}

/// The facts of one launch of a kernel, with where it is.
#[derive(Clone, Debug)]
pub struct LaunchFacts {
    pub site: mapcheck_ir::launch::Site,
    pub facts: Vec<HostFact>,
}

/// The facts of `launches` the kernel's check may use, given its launch
/// configuration `launch` (`dims::configure`) and the parameters
/// `--param` fixes (by name): not a dimension mapcheck assumes to be 1
/// because the kernel never reads it (the fact would then constrain the
/// host values by a value the launch does not have), nor one the header
/// or the command line replaces, nor a parameter `--param` fixes.  Empty
/// when some launch keeps none (the launches together then say nothing),
/// or when there are more than `infer::host_facts::MAX_LAUNCHES`.
pub fn usable(
    launches: &[LaunchFacts],
    launch: &mapcheck_ir::launch::Launch,
    fixed: &dyn Fn(&str) -> bool,
    params: &[super::ast::VarDecl],
) -> Vec<LaunchFacts> {
    use mapcheck_ir::launch::{Extent, Origin};
    if launches.len() > super::infer::host_facts::MAX_LAUNCHES {
        return Vec::new();
    }
    let keep = |f: &HostFact| match &f.subject {
        Subject::Dim(family, a) => {
            let d = &launch.family(*family)[*a as usize];
            matches!(
                (&d.extent, &d.origin),
                (_, Origin::Launches(_)) | (Extent::AtMost(_), Origin::Cuda | Origin::Default(_))
            )
        }
        Subject::Arg(i) => params.get(*i).is_some_and(|p| !fixed(&p.name)),
        Subject::Guard => true,
    };
    let out: Vec<LaunchFacts> = launches
        .iter()
        .map(|l| {
            let kept: Vec<HostFact> = l.facts.iter().filter(|f| keep(f)).cloned().collect();
            LaunchFacts {
                site: l.site.clone(),
                facts: related(kept),
            }
        })
        .collect();
    match out.iter().any(|l| l.facts.is_empty()) {
        true => Vec::new(),
        false => out,
    }
}

/// The facts of one launch that say something: an argument's or a
/// check's that reads a host value no other fact reads only equates a
/// parameter to, or constrains, a value of its own (`n = v` with `v`
/// free says nothing of `n`), and is left out to spare the solver; so is
/// a check that reads no host value.  A dimension's fact always bounds
/// the dimension, and stays.
fn related(facts: Vec<HostFact>) -> Vec<HostFact> {
    let keys: Vec<Vec<String>> = facts.iter().map(|f| host_keys(&f.cond)).collect();
    let shared = |k: &String| keys.iter().filter(|ks| ks.contains(k)).count() > 1;
    facts
        .into_iter()
        .zip(&keys)
        .filter(|(f, ks)| match f.subject {
            Subject::Dim(..) => true,
            Subject::Arg(_) => ks.is_empty() || ks.iter().any(shared),
            Subject::Guard => ks.iter().any(shared),
        })
        .map(|(f, _)| f)
        .collect()
}

/// The host values `e` reads (their keys, each once).
fn host_keys(e: &E) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    super::infer::visit_expr(e, &mut |x: &E| {
        if let EK::Var(_, key, _) = &x.kind {
            if key.starts_with(HOST_PREFIX) && !out.contains(key) {
                out.push(key.clone());
            }
        }
    });
    out
}

/// The notes that print `launches`' facts with the verdict, one per
/// launch: `the host code at the launch at k.cu:16:3 states gridDim.x =
/// (n + 255) / 256 (line 14), …` (a constant argument is in the launch's
/// own note already; a constant dimension may not be, when the host sets
/// it after the declaration: `threads.x = 256;`).
pub fn notes(launches: &[LaunchFacts]) -> Vec<String> {
    let mut out = Vec::new();
    let several = launches.len() > 1;
    for l in launches {
        let shown: Vec<String> = l
            .facts
            .iter()
            .filter(|f| {
                let constant = matches!(value_of(&f.cond).kind, EK::Int(_));
                match f.subject {
                    Subject::Guard => true,
                    // A constant dimension computed elsewhere
                    // (`threads.x = 256;`) is not in the launch's note.
                    Subject::Dim(..) => !constant || f.line != l.site.span.line,
                    Subject::Arg(_) => !constant,
                }
            })
            .map(|f| format!("{} (line {})", f.text, f.line))
            .collect();
        if shown.is_empty() {
            continue;
        }
        let at = match &l.site.file {
            Some(file) => format!(
                "{}:{}:{}",
                file.display(),
                l.site.span.line,
                l.site.span.col
            ),
            None => format!("{}:{}", l.site.span.line, l.site.span.col),
        };
        out.push(format!(
            "the host code at the launch at {at} states {}",
            shown.join("; ")
        ));
    }
    if several && !out.is_empty() {
        // A witness meets one launch's facts; `c_terms` names it.
        out.push("the facts of one of these launches hold; a race report names its launch".into());
    }
    out
}

/// The number a dimension's fact (`blockDim.x == v`) fixes, when `v` is
/// a constant (perhaps converted) that fits a dimension: 1 to 2^32 - 1.
pub fn constant_dim(cond: &E) -> Option<u64> {
    let n = constant(value_of(cond))?;
    (1..=i128::from(u32::MAX))
        .contains(&n)
        .then(|| u64::try_from(n).ok())
        .flatten()
}

/// A number, through conversions that keep it (it fits each type).
fn constant(v: &E) -> Option<i128> {
    let n = match &v.kind {
        EK::Int(n) => *n,
        EK::Cast(inner) => constant(inner)?,
        _ => return None,
    };
    let fits = v.ty.is_none_or(|t| {
        let (lo, hi) = t.range();
        (lo..=hi).contains(&n)
    });
    fits.then_some(n)
}

/// The value side of a dimension's fact (`gridDim.x == v`), else `e`.
fn value_of(e: &E) -> &E {
    match &e.kind {
        EK::Bin(BinOp::Eq, a, b) if matches!(a.kind, EK::Builtin(_)) => b,
        _ => e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(kind: EK, ty: Option<IntTy>) -> E {
        E {
            kind,
            span: Default::default(),
            ty,
        }
    }

    fn var(name: &str) -> E {
        let key = format!("{HOST_PREFIX}{name}");
        e(EK::Var(name.into(), key, RefKind::Local), Some(IntTy::INT))
    }

    fn bin(op: BinOp, a: E, b: E) -> E {
        e(EK::Bin(op, Box::new(a), Box::new(b)), Some(IntTy::INT))
    }

    fn int(v: i128) -> E {
        e(EK::Int(v), Some(IntTy::INT))
    }

    #[test]
    fn a_fact_is_printed_as_c_with_the_hosts_conversions() {
        let n = bin(BinOp::Div, bin(BinOp::Add, var("n"), int(255)), int(256));
        let grid = e(EK::Cast(Box::new(n)), Some(IntTy::UINT));
        let dim = e(EK::Builtin("gridDim.x".into()), Some(IntTy::UINT));
        assert_eq!(
            render(&eq(dim, grid)),
            "gridDim.x == (unsigned int)((n + 255) / 256)"
        );
    }

    fn fact(subject: Subject, cond: E) -> HostFact {
        HostFact {
            subject,
            text: render(&cond),
            cond,
            line: 1,
        }
    }

    #[test]
    fn facts_about_a_host_value_nothing_else_reads_are_left_out() {
        let dim = e(EK::Builtin("gridDim.x".into()), Some(IntTy::UINT));
        let facts = vec![
            fact(Subject::Dim(Builtin::GridDim, Axis::X), eq(dim, var("g"))),
            // `m` is passed and read nowhere else: says nothing.
            fact(Subject::Arg(0), var("m")),
            // `n` is passed and checked: both stay.
            fact(Subject::Arg(1), var("n")),
            fact(Subject::Guard, bin(BinOp::Gt, var("n"), int(0))),
            // A check of a value nothing else reads says nothing.
            fact(Subject::Guard, bin(BinOp::Gt, var("k"), int(0))),
            // A constant argument is its value.
            fact(Subject::Arg(2), int(7)),
        ];
        let kept: Vec<String> = related(facts).into_iter().map(|f| f.text).collect();
        assert_eq!(kept, ["gridDim.x == g", "n", "n > 0", "7"]);
    }
}
