//! Calls: functions, methods, operators and constructors as the user
//! wrote them (whose code runs where clang's tree shows no call), and the
//! arguments they receive.

use super::*;

impl Converter<'_> {
    pub(super) fn call(&self, c: Cursor, ch: &[Cursor]) -> EK {
        let n = c.num_args();
        let callee = callee(c, ch);
        if let Some(launch) = self.device_launch(c, callee) {
            return launch;
        }
        let mut args = if n >= 0 {
            (0..n as u32).map(|i| self.argument(c, callee, i)).collect()
        } else {
            self.exprs(ch)
        };
        let name = called_name(c, callee);
        // The object a call makes (a local, a temporary, a copy) is
        // destroyed later, running the user's destructor where the tree
        // shows nothing: unsupported.
        if c.ty().runs_user_code(&destructs, 0) {
            return EK::Opaque(destructor(c));
        }
        let head = self.callee_head(callee, name);
        if let Some(e) = without_call(c, ch, callee, &head, &mut args) {
            return e;
        }
        let inlined = head.key.is_some() && !head.library;
        let (object, mut args) = self.method_object(ch, callee, args, inlined);
        // A constructor with a body is inlined with the object it builds
        // as `this`, its first argument: which object that is, the
        // inference decides (`Infer::construct`).
        if head.constructor && inlined && callee.is_some_and(|k| !k.is_defaulted()) {
            let span = c.span();
            args.insert(0, E::new(EK::Unknown(CONSTRUCTED.into(), vec![]), span));
        }
        let args = reference_arguments(callee, args, head.library, &head.name);
        let call = EK::Call(self.with_details(head, c, ch, callee, args.len()), args);
        match object {
            Some(o) => {
                let call = E::typed(call, c.span(), c.ty().int_type());
                EK::Bin(BinOp::Comma, Box::new(o), Box::new(call))
            }
            None => call,
        }
    }

    /// What decides how a call is converted: the callee's definition
    /// (when the body that runs is known), whether it is the library's,
    /// a free function, a constructor.  The rest of the `Callee` is
    /// `with_details`'s.
    fn callee_head(&self, callee: Option<Cursor>, name: String) -> Callee {
        // A virtual method may be overridden: the body that runs depends
        // on the object's dynamic type, which is not known here, so the
        // call has no body (it may access every array).
        // A dependent call in a template analysed generically (`f<N>(t)`)
        // names the function template itself; if the user specializes it
        // explicitly (`template <> int f<0>(int)`), the body that runs
        // depends on the arguments: the call has no known body.
        let specialized = callee.is_some_and(|k| self.specialized_template(k));
        let key = callee
            .filter(|k| !k.is_virtual() && !specialized)
            .and_then(definition_key);
        // A user's redeclaration of a library function (`__device__ float
        // fabs(float);`) is the library function.
        // The members of libcu++'s classes as mapcheck's headers write them
        // (`cuda::atomic_ref`) are bodies written for the front end: run
        // like the user's, with their object (`declarations::written_for_front_end`).
        let library = callee.is_some_and(|k| {
            (k.in_library()
                || k.canonical_decl().in_library()
                || (k.definition().is_null() && self.library_declares(k)))
                && !super::declarations::written_for_front_end(k.semantic_parent())
        });
        let free = !specialized
            && callee.is_some_and(|k| {
                matches!(
                    k.kind(),
                    CXCursor_FunctionDecl | CXCursor_FunctionTemplate | CXCursor_Constructor
                )
            });
        let constructor = callee.is_some_and(|k| k.kind() == CXCursor_Constructor);
        Callee {
            name,
            constructor,
            ..Callee::named("", key, library, free)
        }
    }

    /// `head` completed with what the inference reads of a call besides
    /// its shape: template arguments, the function pointer it calls
    /// through, the sizes of what a memory or surface function moves,
    /// whether it is a member-wise copy.
    fn with_details(
        &self,
        head: Callee,
        c: Cursor,
        ch: &[Cursor],
        callee: Option<Cursor>,
        arity: usize,
    ) -> Callee {
        let n = c.num_args();
        let struct_pointers = ch.iter().any(|a| a.ty().record_holds_pointer(0));
        let mut template_args = callee.map(|k| k.template_values()).unwrap_or_default();
        // A method of a class template's specialization (`tile.size()` of
        // `thread_block_tile<32>`) reads the class's arguments (`Size`).
        if let Some(m) = callee.filter(|k| k.kind() == CXCursor_CXXMethod) {
            template_args.extend(m.semantic_parent().template_values());
        }
        // A call through a variable holding a function pointer.
        let pointer = callee
            .filter(|k| matches!(k.kind(), CXCursor_VarDecl | CXCursor_ParmDecl))
            .or_else(|| ch.first().and_then(|e| pointer_variable(*e)))
            .map(|k| k.decl_key());
        let signature = self.pointer_call_signature(callee, ch);
        let pointee_bytes = if is_memory_function(&head.name) && n >= 0 {
            (0..n as u32).map(|i| pointee_bytes(c.arg(i))).collect()
        } else {
            vec![]
        };
        let arguments = callee
            .filter(|k| !k.template_of().is_null())
            .map(|k| k.template_argument_texts())
            .unwrap_or_default();
        let copies_members = arity == 1
            && callee.is_some_and(|k| k.is_defaulted_copy() && members_copy_trivially(k));
        let surface_bytes = (head.library && is_surface_function(&head.name))
            .then(|| surface_element_bytes(&head.name, c))
            .flatten();
        Callee {
            struct_pointers,
            template_args,
            arguments,
            surface_bytes,
            copies_members,
            pointer,
            signature,
            pointee_bytes,
            ..head
        }
    }

    /// Is `k` a function template that the user's code specializes
    /// explicitly?
    fn specialized_template(&self, k: Cursor) -> bool {
        if k.kind() != CXCursor_FunctionTemplate {
            return false;
        }
        let specialized = self.specialized_templates.get_or_init(|| {
            let mut out = HashSet::new();
            explicit_specializations(self.tu.root(), 0, &mut out);
            out
        });
        specialized.contains(&k.canonical_decl().decl_key())
    }

    /// The canonical type of the function a call through a function
    /// pointer calls, when every function of that type with an address
    /// in the unit may be inlined: `None` for a call of a function,
    /// method or functor, and when a function of that type has no body
    /// here (and is not a library function that touches no memory).
    fn pointer_call_signature(&self, callee: Option<Cursor>, ch: &[Cursor]) -> Option<String> {
        let named = callee.is_some_and(|k| {
            !matches!(
                k.kind(),
                CXCursor_VarDecl | CXCursor_ParmDecl | CXCursor_FieldDecl
            )
        });
        if named {
            return None;
        }
        let sig = ch.first()?.ty().function_signature()?;
        let bodyless = self.bodyless_signatures.get_or_init(|| {
            let mut out = HashSet::new();
            bodyless_functions(self.tu.root(), 0, &mut out);
            out
        });
        (!bodyless.contains(&sig)).then_some(sig)
    }

    /// Argument `i` of call `c`.  One the call leaves out is the default
    /// argument of the parameter, evaluated at the call (clang shows an
    /// empty node): what it computes and accesses counts.
    fn argument(&self, c: Cursor, callee: Option<Cursor>, i: u32) -> E {
        let a = c.arg(i);
        if a.kind() == CXCursor_UnexposedExpr && a.children().is_empty() {
            let params = callee.map(|k| k.children()).unwrap_or_default();
            let params: Vec<&Cursor> = params
                .iter()
                .filter(|p| p.kind() == CXCursor_ParmDecl)
                .collect();
            // A member operator's call lists its object first.
            let object = usize::from(c.num_args() as usize == params.len() + 1);
            let param = (i as usize).checked_sub(object).and_then(|i| params.get(i));
            let default = param.and_then(|p| {
                let ch = p.children();
                ch.into_iter().find(|e| e.is_expression())
            });
            if let Some(d) = default {
                let span = c.span();
                return E::typed(self.expr(d).kind, span, a.ty().int_type());
            }
        }
        self.expr(a)
    }

    /// The object of a call of a (non-static) method, evaluated before
    /// the call, and the call's arguments without it.  It is no argument
    /// of the method: an operator's call (`f(i, j)` of a functor, `r +=
    /// x`) lists it first, a call `o.m(x)` or `p->m(x)` holds it in its
    /// callee.  Its address (or the pointer `p`) is evaluated for what
    /// computing it does (`pick(a)->m()`), not read: what the method does
    /// to it is its body's.
    fn method_object(
        &self,
        ch: &[Cursor],
        callee: Option<Cursor>,
        mut args: Vec<E>,
        inlined: bool,
    ) -> (Option<E>, Vec<E>) {
        let Some(k) = callee.filter(|k| k.is_instance_method()) else {
            return (None, args);
        };
        if inlined {
            // A method with a body gets its object as its first argument
            // (the parameter `this`, see `this_parameter`); a temporary
            // object is one no one knows (its effects, if any, are kept).
            if let Some(o) = self.method_receiver(ch, k, &mut args) {
                args.insert(0, o);
                return (None, args);
            }
            let span = ch.first().map(|c| c.span()).unwrap_or_default();
            let temporary = E::new(EK::Unknown("a temporary object".into(), vec![]), span);
            args.insert(0, temporary);
            let effects = callee_object(ch)
                .filter(|(o, _)| has_effects(*o))
                .map(|(o, _)| self.expr(o));
            return (effects, args);
        }
        let address = |o: E| {
            let span = o.span;
            E::new(EK::Un(UnOp::AddrOf, Box::new(o)), span)
        };
        let params = k.children();
        let params = params.iter().filter(|p| p.kind() == CXCursor_ParmDecl);
        if args.len() == params.count() + 1 {
            let o = args.remove(0);
            return (Some(address(o)), args);
        }
        // An object computed without effects (`smem`, `Buffer<T>()`) is
        // left out, so that the call keeps its shape (the views such as
        // `SharedMemory<T>` recognise it).
        let object = callee_object(ch).filter(|(o, _)| has_effects(*o));
        let object = object.map(|(o, pointer)| {
            let o = self.expr(o);
            if pointer {
                o
            } else {
                address(o)
            }
        });
        (object, args)
    }
}

impl Converter<'_> {
    /// The object method `k` is called on, as an lvalue: `o` for `o.m()`,
    /// `*p` for `p->m()`, `*this` for `m()` inside another method, the
    /// first argument of a member operator (removed from `args`); `None`
    /// for a temporary (`Shared<T>()`).
    fn method_receiver(&self, ch: &[Cursor], k: Cursor, args: &mut Vec<E>) -> Option<E> {
        let params = k.children();
        let params = params.iter().filter(|p| p.kind() == CXCursor_ParmDecl);
        if args.len() == params.count() + 1 {
            return Some(args.remove(0));
        }
        let mut m = *ch.first()?;
        while m.kind() != CXCursor_MemberRefExpr {
            m = *m.children().first()?;
        }
        let span = m.span();
        let Some(base) = m.children().into_iter().find(|b| b.is_expression()) else {
            return Some(super::this_object(span));
        };
        if super::is_this(base) {
            return Some(super::this_object(span));
        }
        // A struct a call of the user's code returns (`S(1, 2).m()`,
        // `f().m()`): the call, whose value the inference binds to `this`
        // when it is a struct it knows.  (One built by a constructor that
        // runs none of the user's code has no known fields: `None`.)
        let returned = made_by_call(base) && has_effects(base);
        let temporary = returned && base.ty().is_record();
        if !(base.ty().is_pointer() || names_object(base) || temporary) {
            return None;
        }
        let o = self.expr(base);
        Some(if base.ty().is_pointer() {
            E::new(EK::Un(UnOp::Deref, Box::new(o)), span)
        } else {
            o
        })
    }
}

/// The name a call is recognised by: the callee's, except for the
/// barriers of cooperative groups, whose name says which barrier it is.
fn called_name(c: Cursor, callee: Option<Cursor>) -> String {
    let mut name = callee.map(|k| k.spelling()).unwrap_or_else(|| c.spelling());
    // `g.sync()` of a cooperative group: which barrier depends on the
    // class (`grid_group::sync`, `thread_block::sync`, …).
    if let Some(k) = callee.filter(|k| k.kind() == CXCursor_CXXMethod && k.in_library()) {
        if name == "sync" {
            name = format!("{}::sync", k.semantic_parent().spelling());
        }
    }
    // `cg::sync(g)` of a `thread_group`, whose kind (a block, a tile,
    // the grid) is not known here.
    if let Some(k) = callee.filter(|k| k.kind() == CXCursor_FunctionDecl && k.in_library()) {
        let of_group = k
            .children()
            .into_iter()
            .find(|p| p.kind() == CXCursor_ParmDecl)
            .is_some_and(|p| p.ty().canonical().spelling().contains("thread_group"));
        if matches!(name.as_str(), "sync" | "synchronize") && of_group {
            name = GROUP_SYNC.into();
        }
    }
    name
}

/// A call that runs no code for the inference to follow, as what it is
/// instead: a construction no user code performs, or an assignment by a
/// record's `operator=` that is not the user's.  `None` for a call.
fn without_call(
    c: Cursor,
    ch: &[Cursor],
    callee: Option<Cursor>,
    head: &Callee,
    args: &mut Vec<E>,
) -> Option<EK> {
    // `T()` or `T{}` of a class whose default constructor the compiler
    // writes (no user code runs), or an array `T a[4];` of them: the
    // object's fields are unknowns, no memory is touched.
    let implicit_default = head.constructor
        && c.num_args() == 0
        && callee.is_some_and(|k| k.is_defaulted() && !user_constructor(k));
    if c.ty().innermost_element().is_record()
        && (ch.is_empty() || implicit_default)
        && !callee.is_some_and(user_constructor)
    {
        return Some(EK::Unknown("implicit construction".into(), vec![]));
    }
    // A library class without data (a cooperative-groups tile) built
    // by a constructor that does nothing: no memory is touched; the
    // arguments are evaluated.
    if head.constructor && head.library && callee.is_some_and(super::constructors::does_nothing) {
        let what = format!("object of `{}`, which holds no data", c.ty().spelling());
        return Some(EK::Unknown(what, std::mem::take(args)));
    }
    // `a = b` on records (float4, structs) is a call of `operator=` in
    // C++: an assignment to its first argument, not a read of it.
    if let (Some(op), [l, r]) = (assignment_operator(&head.name), args.as_slice()) {
        if !callee.is_some_and(user_assignment) {
            return Some(EK::Assign(op, Box::new(l.clone()), Box::new(r.clone())));
        }
    }
    None
}

/// The arguments of a call of `name`, as a function without a body may
/// use them: it may write through a non-const reference parameter (the
/// argument is read and written, `arg += unknown`), and one of the
/// user's gets the address of what a reference argument names.
fn reference_arguments(callee: Option<Cursor>, args: Vec<E>, library: bool, name: &str) -> Vec<E> {
    let params = callee.filter(|k| k.definition().is_null()).map(|k| {
        k.parameters()
            .into_iter()
            .map(|p| p.ty())
            .collect::<Vec<_>>()
    });
    args.into_iter()
        .enumerate()
        .map(|(i, a)| match params.as_ref().and_then(|ps| ps.get(i)) {
            // A function of the user's (defined elsewhere) gets the
            // address of the element a reference argument names, as
            // the ABI passes it: it may reach the rest of the array
            // (`(&x)[1]`), like a pointer argument.
            Some(t) if t.is_reference() && !library && names_storage(&a) => {
                let sp = a.span;
                E::new(EK::Un(UnOp::AddrOf, Box::new(a)), sp)
            }
            Some(t) if t.is_reference() && !t.spelling().starts_with("const ") => {
                let sp = a.span;
                let unknown = E::new(
                    EK::Unknown(format!("result of `{name}` through a reference"), vec![]),
                    sp,
                );
                E::new(
                    EK::Assign(Some(BinOp::Add), Box::new(a), Box::new(unknown)),
                    sp,
                )
            }
            _ => a,
        })
        .collect()
}

/// The first argument of a call of a constructor with a body: the object
/// it builds (see `Infer::construct`).
pub const CONSTRUCTED: &str = "the object a constructor builds";

/// An expression whose value a call makes (`f()`, `S(1, 2)`, `S(x)`, a
/// functional cast), under parentheses and implicit conversions.
fn made_by_call(e: Cursor) -> bool {
    let mut k = e;
    for _ in 0..8 {
        match k.kind() {
            CXCursor_CallExpr => return true,
            CXCursor_UnexposedExpr | CXCursor_ParenExpr | CXCursor_CXXFunctionalCastExpr => {
                match k.children().into_iter().rfind(|x| x.is_expression()) {
                    Some(x) => k = x,
                    None => return false,
                }
            }
            _ => return false,
        }
    }
    false
}

/// An expression that names an object in memory (a variable, a member,
/// an element, `*p`), under parentheses and implicit conversions.
fn names_object(e: Cursor) -> bool {
    let mut k = e;
    for _ in 0..8 {
        match k.kind() {
            CXCursor_DeclRefExpr | CXCursor_MemberRefExpr | CXCursor_ArraySubscriptExpr => {
                return true
            }
            CXCursor_UnaryOperator => return k.unop() == CXUnaryOperator_Deref,
            CXCursor_UnexposedExpr | CXCursor_ParenExpr => match k.children().as_slice() {
                [only] => k = *only,
                _ => return false,
            },
            _ => return false,
        }
    }
    false
}

pub(super) fn callee(c: Cursor, ch: &[Cursor]) -> Option<Cursor> {
    let r = c.referenced();
    if !r.is_null() {
        return Some(r);
    }
    let first = ch.first()?;
    let mut k = *first;
    while k.kind() != CXCursor_OverloadedDeclRef {
        k = *k.children().first()?;
    }
    let d = k.overloaded_decl(0);
    (!d.is_null()).then_some(d)
}

/// Is `op`, an assignment operator of a record, code of the user's (a
/// method with a body to run, not the member-wise copy)?  Only the
/// library's and defaulted ones are, when no member's is the user's.
pub(super) fn user_assignment(op: Cursor) -> bool {
    let users = |m: Cursor| {
        m.kind() == CXCursor_CXXMethod
            && assignment_operator(&m.spelling()).is_some()
            && !m.is_defaulted()
    };
    !op.in_library() && (!op.is_defaulted() || op.semantic_parent().ty().runs_user_code(&users, 0))
}

/// Does constructing with `ctor` run code of the user's: a constructor
/// the user wrote, or a defaulted one of a class (its fields, its bases)
/// with a default member initializer (`int v = f();`) or a user's
/// constructor?  (Such a call is then a call, not a silent construction.)
pub(super) fn user_constructor(ctor: Cursor) -> bool {
    ctor.kind() == CXCursor_Constructor
        && !ctor.in_library()
        && (!ctor.is_defaulted() || ctor.semantic_parent().ty().runs_user_code(&constructs, 0))
}

/// A user's destructor (run implicitly when an object dies).
pub(super) fn destructs(m: Cursor) -> bool {
    m.kind() == CXCursor_Destructor && !m.is_defaulted()
}

/// Why the object `c` makes is unsupported.
pub(super) fn destructor(c: Cursor) -> String {
    format!(
        "object of `{}`, whose destructor runs the user's code at its end",
        c.ty().spelling()
    )
}

/// A member that runs when its class is constructed: a user's
/// constructor, or a field with a default member initializer.
pub(super) fn constructs(m: Cursor) -> bool {
    match m.kind() {
        CXCursor_Constructor => !m.is_defaulted(),
        CXCursor_FieldDecl => {
            // Its expressions are the sizes written in its declarator
            // (`float x[8][N]`), a bit-field's width, then the default
            // member initializer if there is one.
            let ch = m.children();
            let exprs = ch.iter().filter(|e| e.is_expression()).count();
            exprs > usize::from(m.is_bit_field()) + m.ty().written_dimensions()
        }
        _ => false,
    }
}

/// May evaluating `e` do something: call a function (other than a
/// constructor running no code of the user's), assign, increment, or hold an expression the whitelist
/// does not model?
pub(super) fn has_effects(e: Cursor) -> bool {
    let own = match e.kind() {
        CXCursor_CallExpr => {
            let k = e.referenced();
            k.kind() != CXCursor_Constructor || user_constructor(k)
        }
        CXCursor_CompoundAssignOperator => true,
        CXCursor_BinaryOperator => e.binop() == CXBinaryOperator_Assign,
        CXCursor_UnaryOperator => matches!(
            e.unop(),
            CXUnaryOperator_PostInc
                | CXUnaryOperator_PostDec
                | CXUnaryOperator_PreInc
                | CXUnaryOperator_PreDec
        ),
        k => e.is_expression() && expr_rule(k) == ExprRule::Unmodelled,
    };
    own || e.children().into_iter().any(has_effects)
}

/// The expression `o` of a method's callee `o.m` or `p->m` (through
/// conversions), with whether it is a pointer (`None`: `this`).
pub(super) fn callee_object(ch: &[Cursor]) -> Option<(Cursor, bool)> {
    let mut m = *ch.first()?;
    while m.kind() != CXCursor_MemberRefExpr {
        m = *m.children().first()?;
    }
    let base = m.children().into_iter().find(|b| b.is_expression())?;
    Some((base, base.ty().is_pointer()))
}

/// The function templates (keys of their first declarations) of which
/// the user's code under `c` holds an explicit specialization.
fn explicit_specializations(c: Cursor, depth: usize, out: &mut HashSet<String>) {
    if depth > 8 {
        return;
    }
    for d in c.children() {
        if d.in_library() {
            continue;
        }
        match d.kind() {
            CXCursor_FunctionDecl | CXCursor_CXXMethod => {
                let t = d.template_of();
                if !t.is_null() {
                    out.insert(t.canonical_decl().decl_key());
                }
            }
            CXCursor_Namespace
            | CXCursor_StructDecl
            | CXCursor_ClassDecl
            | CXCursor_ClassTemplate
            | CXCursor_LinkageSpec
            | CXCursor_UnexposedDecl => explicit_specializations(d, depth + 1, out),
            _ => {}
        }
    }
}

/// The signatures of the functions declared without a body anywhere in
/// the unit (headers included), but for library functions whose
/// parameters are all values: such a function touches no memory.
fn bodyless_functions(c: Cursor, depth: usize, out: &mut HashSet<String>) {
    if depth > 6 {
        return;
    }
    for d in c.children() {
        match d.kind() {
            CXCursor_FunctionDecl | CXCursor_CXXMethod if d.definition().is_null() => {
                let values_only = d
                    .parameters()
                    .iter()
                    .all(|p| !p.ty().is_pointer() && !p.ty().is_reference());
                if !(d.in_library() && values_only) {
                    out.extend(d.ty().function_signature());
                }
            }
            CXCursor_Namespace
            | CXCursor_StructDecl
            | CXCursor_ClassDecl
            | CXCursor_LinkageSpec
            | CXCursor_UnexposedDecl => bodyless_functions(d, depth + 1, out),
            _ => {}
        }
    }
}

/// `memcpy`, `memmove`, `memset` and their `__builtin_` forms.
pub fn is_memory_function(name: &str) -> bool {
    matches!(
        name.strip_prefix("__builtin_").unwrap_or(name),
        "memcpy" | "memmove" | "memset"
    )
}

/// The size of what argument `a` points to, by its type before the
/// implicit conversions to `void *` a call adds.
fn pointee_bytes(a: Cursor) -> Option<u64> {
    let typed = |k: &Cursor| k.ty().is_pointer() && k.ty().pointee().kind() != CXType_Void;
    let k = a.implicit_chain().into_iter().find(typed)?;
    k.ty().pointee().size_of()
}

/// Does `e` name an element of an array, or a field of one (`a[i]`,
/// `*p`, `p->x`), which other elements lie next to?  (A variable's
/// neighbours are no part of it: `(&x)[1]` of a scalar is undefined.)
fn names_storage(e: &E) -> bool {
    match &e.kind {
        EK::Index(..) | EK::Un(UnOp::Deref, _) => true,
        EK::Member(base, ..) => names_storage(base),
        _ => false,
    }
}
