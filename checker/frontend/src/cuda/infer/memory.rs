//! Memory: places (variables, array elements, fields) and the accesses
//! that reading and writing them emit.

use super::*;
use crate::cuda::convert::{MIXED_UNION_MEMBERS, UNION_MEMBERS};

/// The member names `convert` gives the bit-fields of a struct (adjacent
/// bit-fields are one memory location, C11 3.14) and the members of a
/// union (they overlap).  In a thread's own struct or union they are not
/// tracked ([`Infer::member_value`]): one name stands for several members,
/// and a store to one member (cut to a bit-field's width) is read back
/// through another (another type, another width).
const MERGED_MEMBERS: [&str; 3] = ["bit_fields", UNION_MEMBERS, MIXED_UNION_MEMBERS];

/// The tracked arrays and how they were declared and reached: what an
/// access the front end cannot locate may touch (`Infer::expand_unlocated`)
/// and what a function without a body may reach (`escapes.rs`).
#[derive(Default)]
pub(super) struct MemoryState {
    /// Every tracked array (name and rank) the kernel can reach: an access
    /// the front end cannot locate touches each of them.
    pub(super) arrays: BTreeMap<String, usize>,
    /// Names of the `__shared__` arrays and scalars: one copy per block, so
    /// with `--grid-level` their accesses are indexed by `blockIdx` too.
    pub(super) shared: BTreeSet<String>,
    /// The file-scope ones among them (`__device__`, file-scope `__shared__`).
    pub(super) global_arrays: BTreeSet<String>,
    /// File-scope structs in shared or global memory (their fields are arrays `s.f`).
    pub(super) global_records: BTreeSet<String>,
    /// The array name given to each `__shared__`/`__device__` declaration
    /// in a body: such a variable is allocated once per block, so every
    /// execution of the declaration (loop iterations, calls) is the same
    /// array.
    pub(super) static_names: BTreeMap<String, String>,
    /// The constant length of each dimension of the arrays (by array name).
    pub(super) sizes: BTreeMap<String, Vec<Option<u64>>>,
    /// Arrays of pointers the host gives other than pointer parameters:
    /// pointer fields of struct parameters, file-scope pointers the host
    /// sets (each an array of its own: the assumption is printed).
    pub(super) host_pointers: BTreeSet<String>,
    /// Where a pointer into an array first left the thread's own variables
    /// (stored in memory, a global or a struct, converted to an integer):
    /// from then on a function without a body may reach it (`escapes.rs`).
    pub(super) pointer_escape: Option<Span>,
    /// Calls of free functions without a body (name, place): see
    /// [`Infer::extern_function_access`].
    pub(super) extern_calls: Vec<(String, Span)>,
    /// Arrays an element of which was named through a field (`p->x`,
    /// `&a[i].lo`): their cells hold several C values (the protocol makes
    /// all fields of an element one cell), so two reads or atomics of one
    /// cell may see different values (`cells.rs`, `passes/tickets.rs`,
    /// [`Written::Read`]).
    pub(super) record_arrays: BTreeSet<String>,
    /// The kernels launched in device code, in the order of their marks
    /// (`device_launches.rs`).
    pub(super) device_launches: Vec<super::device_launches::LaunchRecord>,
}

impl Infer<'_> {
    // ----- places: variables, array elements -----------------------------

    pub(super) fn read(&mut self, e: &E) -> Val {
        if let EK::Var(name, key, kind) = &e.kind {
            if let Some(v) = self.var_value(name, key, kind, e.span) {
                return v;
            }
        }
        if let EK::Member(base, field, shape) = &e.kind {
            if let Some(v) = self.member_value(base, field, shape, e.span) {
                return v;
            }
            if !is_lvalue(base) {
                // A field of a temporary (`make_float4(…).x`): the call's
                // accesses were emitted, the value is unknown.
                self.eval(base);
                return self.other(&format!("field `{field}` of a temporary"), e.span);
            }
        }
        let p = self.place(e);
        let field = matches!(e.kind, EK::Member(..));
        self.read_place_field(&p, field, e.span)
    }

    /// The value of a name used as an rvalue, unless it denotes memory.
    pub(super) fn var_value(
        &mut self,
        name: &str,
        key: &str,
        kind: &RefKind,
        span: Span,
    ) -> Option<Val> {
        if *kind == RefKind::Function && self.unit.func(key).is_some() {
            return Some(Val::Funcs(BTreeSet::from([key.to_string()])));
        }
        if *kind == RefKind::TemplateParam {
            if let Some(v) = self.values.env.get(key) {
                return Some(v.clone());
            }
            if let (Some(c), None) = (
                self.params.constants.get(key),
                self.control.template_frames.last(),
            ) {
                return Some(Val::Int(Lin::int(*c)));
            }
            if let Some(frame) = self.control.template_frames.last_mut() {
                // A template parameter of an inlined function whose value
                // the call does not tell: a constant of this instance only
                // (two instances must not share it).
                frame.push(key.to_string());
                let ty = self.current_type();
                let why = format!("template parameter `{name}` of this instance");
                let v = self.uniform_unknown(ty, UnknownCause::Other(why), span);
                self.values.env.insert(key.to_string(), v.clone());
                return Some(v);
            }
            self.values.used.insert(name.to_string());
            if let (Some((_, max)), false) = (
                self.current_type().map(IntTy::range),
                self.params.fixed.contains_key(name),
            ) {
                self.bound_var(name, 0, Some(max));
            }
            return Some(Val::Int(Lin::var(name)));
        }
        if self.values.escaped.contains(key) {
            return Some(self.other(&format!("`{name}` is accessed through a pointer"), span));
        }
        match self.values.env.get(key).cloned() {
            Some(Val::Cell(_)) | Some(Val::Ref(_)) => None,
            Some(v) => Some(v),
            None => Some(self.other(&format!("value of `{name}`"), span)),
        }
    }

    /// The struct a member chain starts from and the path to the member's
    /// parent: `s.inner` in `s.inner.arr` (nested fields are one name).
    pub(super) fn record_path(&self, e: &E) -> Option<(String, Memory)> {
        match &e.kind {
            EK::Var(_, key, _) => match self.values.env.get(key)? {
                Val::Rec { prefix, memory } => Some((prefix.clone(), *memory)),
                _ => None,
            },
            EK::Member(base, field, Shape::Record) => {
                let (prefix, memory) = self.record_path(base)?;
                Some((format!("{prefix}.{field}"), memory))
            }
            // `*p` (and `p->f`) of a pointer to a struct in shared or
            // global memory (`Infer::address_of`).
            EK::Un(UnOp::Deref, p) => {
                let held = match &p.kind {
                    EK::Var(_, key, _) => self.values.env.get(key)?,
                    // A pointer field of the thread's own struct
                    // (`this->t->a[i]` with `t(&storage)`).
                    EK::Member(base, field, _) => match self.record_path(base)? {
                        (prefix, Memory::Local) => self
                            .values
                            .env
                            .get(&field_key(&format!("{prefix}.{field}")))?,
                        _ => return None,
                    },
                    _ => return None,
                };
                match held {
                    Val::Rec {
                        prefix,
                        memory: memory @ (Memory::Shared | Memory::Device),
                    } => Some((prefix.clone(), *memory)),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Has the address of a local struct holding field `path` (`s.in.j`),
    /// or of the field itself, been taken (`&s`, `&s.in`)?  Writes through
    /// it are not followed, so the field's value is unknown.
    fn field_escaped(&self, path: &str) -> bool {
        let ends = path.match_indices('.').map(|(i, _)| i).chain([path.len()]);
        ends.into_iter()
            .any(|i| self.values.escaped.contains(&field_key(&path[..i])))
    }

    /// Is `path` (a field path) inside a record parameter of the kernel?
    pub(super) fn in_param_record(&self, path: &str) -> bool {
        let root = path.split('.').next().unwrap_or(path);
        self.params.records.contains(root)
    }

    pub(super) fn member_value(
        &mut self,
        base: &E,
        field: &str,
        shape: &Shape,
        span: Span,
    ) -> Option<Val> {
        let (mut prefix, memory) = self.record_path(base)?;
        let name = format!("{prefix}.{field}");
        if memory == Memory::Local && self.field_escaped(&name) {
            let why = format!("`{name}` is accessed through a pointer");
            return Some(self.other(&why, span));
        }
        let scalar = matches!(shape, Shape::Scalar);
        if memory == Memory::Local && scalar && MERGED_MEMBERS.contains(&field) {
            // See `MERGED_MEMBERS`: `u.i = t; a[u.c]` reads a byte of t.
            let why = format!("bit-field or union member of `{prefix}`");
            return Some(self.other(&why, span));
        }
        if memory == Memory::Local {
            if let Some(v) = self.values.env.get(&field_key(&name)).cloned() {
                return Some(v);
            }
            // A field a copy of a kernel parameter never assigned is the
            // parameter's launch value (not what the parameter holds now).
            if let Some(origin) = self.params.copies.get(&prefix) {
                prefix = origin.clone();
            }
        }
        let launch = format!("{prefix}.{field}");
        if let Some(v) = self.params.fields.get(&launch) {
            if memory == Memory::Local {
                return Some(v.clone());
            }
        }
        let tracked = matches!(memory, Memory::Shared | Memory::Device);
        if tracked && in_mixed_union(&name) {
            return Some(Val::Bad(format!(
                "member of the union `{prefix}` in shared or global memory, whose members are laid out differently"
            )));
        }
        let param = self.in_param_record(&prefix);
        Some(match (shape, memory) {
            // A field of a local struct (or of a struct argument of an
            // inlined function) that was never assigned here varies per
            // thread: a thread-local unknown.
            (Shape::Scalar | Shape::Pointer, Memory::Local) if !param => {
                if *shape == Shape::Pointer {
                    self.unsupported(span, format!("pointer field `{name}` of a local struct"));
                }
                self.other(&format!("field `{name}` of a local struct"), span)
            }
            (Shape::Pointer, Memory::Local) => {
                self.memory.host_pointers.insert(launch.clone());
                let v = ptr(&launch, 1, true);
                self.host_given_pointer(&v);
                v
            }
            // An array field of a struct the thread builds (a local) is its
            // own memory, as a local array is: no other thread reaches it,
            // so it is not checked.  One of a struct parameter (or a copy)
            // holds what the host gave, pointers included (`float *p[4]`,
            // rows of host arrays): checked as before.
            (Shape::Array(r), _) => ptr(&name, *r, tracked || (memory == Memory::Local && param)),
            // A field of a struct kernel parameter: thread-global, of its
            // C type (a signed one may be negative), the same on every read.
            (Shape::Scalar, Memory::Local) => self.launch_field(&launch, &name),
            // So is a field of a `__constant__` struct: only the host writes
            // constant memory, before the launch (unless a kernel parameter
            // of the same name hides it: then one name would be two values).
            (Shape::Scalar, Memory::Constant) if !param => self.launch_field(&launch, &name),
            (Shape::Scalar, Memory::Shared | Memory::Device) => return None,
            _ => self.other(&format!("field `{name}`"), span),
        })
    }

    /// The value of scalar field `launch` of a struct that holds the same
    /// value in every thread for the whole launch (a struct parameter's,
    /// a `__constant__` struct's), read as `name`: one thread-global
    /// unknown of the field's C type, the same on every read.
    fn launch_field(&mut self, launch: &str, name: &str) -> Val {
        let ty = self.current_type();
        let l = self.uniform_value(launch, ty);
        // A `size_t` field is a size like a `size_t` parameter.
        self.bound_param(launch, &l, ty);
        self.values.invariant_unknowns.extend(lin_vars(&l));
        let v = Val::Int(l);
        self.params.fields.insert(launch.to_string(), v.clone());
        if launch == name {
            self.values.env.insert(field_key(name), v.clone());
        }
        v
    }

    /// Where an lvalue lives.
    pub(super) fn place(&mut self, e: &E) -> Place {
        match &e.kind {
            EK::Var(name, key, kind) => match self.values.env.get(key).cloned() {
                Some(Val::Cell(arr)) => Place::Elem {
                    arr,
                    index: vec![Lin::int(0)],
                },
                Some(Val::Ref(p)) => *p,
                Some(Val::Rec {
                    memory: Memory::Shared | Memory::Device,
                    ..
                }) => Place::Unknown(format!("whole struct `{name}` in shared or global memory")),
                // A name that is not a variable (a structured binding, …)
                // and holds no value: it may denote any memory.
                None if *kind == RefKind::Other => {
                    Place::Unknown(format!("`{name}`, which is not a variable"))
                }
                // A method inlined without its object (a member template):
                // `this` may be any object.
                None if key == crate::cuda::convert::THIS => {
                    Place::Unknown("the object of a method called without it".into())
                }
                // A variable of static storage the front end did not bind
                // (a static data member of a class template's instance,
                // `G<int>::c`): one variable for all threads, anywhere.
                None if *kind == RefKind::Global => {
                    Place::Unknown(format!("global variable `{name}`, not modelled"))
                }
                _ => Place::Local(key.clone()),
            },
            EK::Member(base, field, _) => self.member_place(base, field),
            EK::Index(..) if self.array_field_of_element(e).is_some() => {
                self.element_of_array_field(e)
            }
            EK::Index(base, idx) => {
                let b = self.eval(base);
                let i = self.eval(idx);
                // `m[i][j]` names an element of row `i` (an index past the
                // row is undefined behaviour, C11 J.2); `p[j]` through a
                // pointer into `m` may walk into later rows.
                let direct = matches!(base.kind, EK::Index(..));
                let place = match (b, i) {
                    // `0[a]` is `a[0]`.
                    (Val::Int(n), p @ Val::Ptr { .. }) => self.index_place(p, n, e.span),
                    (b, i) => {
                        let i = self.as_int(i, idx.span);
                        self.index_place(b, i, e.span)
                    }
                };
                match place {
                    Place::Elem { arr, index } if !direct => {
                        let index = self.row_major(&arr.name, index, e.span);
                        Place::Elem { arr, index }
                    }
                    p => p,
                }
            }
            EK::Un(UnOp::Deref, p) => {
                let b = self.eval(p);
                match self.index_place(b, Lin::int(0), e.span) {
                    Place::Elem { arr, index } => {
                        let index = self.row_major(&arr.name, index, e.span);
                        Place::Elem { arr, index }
                    }
                    p => p,
                }
            }
            EK::Bin(BinOp::Comma, a, b) => {
                self.eval(a);
                self.place(b)
            }
            EK::Cond(c, t, f) => self.conditional_place(c, t, f),
            _ => {
                self.eval(e);
                Place::Unknown("the target of an unmodelled lvalue".into())
            }
        }
    }

    /// For `a[i].f[k]…` (an array-typed field of an element of an array,
    /// indexed): the element expression `a[i]` and the field `f`.
    fn array_field_of_element<'e>(&self, e: &'e E) -> Option<(&'e E, &'e str)> {
        let mut e = e;
        while let EK::Index(base, _) = &e.kind {
            e = base;
        }
        match &e.kind {
            EK::Member(inner, field, Shape::Array(_)) if self.record_path(inner).is_none() => {
                Some((inner, field))
            }
            _ => None,
        }
    }

    /// The place of `a[i].f[k]…`: the element `a[i]` (its fields are one
    /// cell, as for `a[i].x`), after the indices are evaluated.
    fn element_of_array_field(&mut self, e: &E) -> Place {
        let mut x = e;
        while let EK::Index(base, idx) = &x.kind {
            self.eval(idx);
            x = base;
        }
        match self.array_field_of_element(e) {
            Some((inner, field)) => self.member_place(inner, field),
            None => Place::Unknown("an array field".into()),
        }
    }

    /// `(c ? x : y)` as an lvalue: the place of `x` under `c`, else of `y`.
    fn conditional_place(&mut self, c: &E, t: &E, f: &E) -> Place {
        let cond = self.cond(c);
        let mut pt = Place::Private;
        let mut pf = Place::Private;
        let bt = self.nested(|me| pt = me.place(t));
        let bf = self.nested(|me| pf = me.place(f));
        if !bt.is_empty() || !bf.is_empty() {
            self.emit(
                StmtKind::If {
                    cond: cond.clone(),
                    then_branch: bt,
                    else_branch: bf,
                },
                c.span,
            );
        }
        Place::Choice(cond, Box::new(pt), Box::new(pf))
    }

    pub(super) fn member_place(&mut self, base: &E, field: &str) -> Place {
        if let Some((prefix, memory)) = self.record_path(base) {
            let name = format!("{prefix}.{field}");
            return match memory {
                Memory::Shared | Memory::Device if in_mixed_union(&name) => {
                    Place::Unknown(format!(
                        "member of the union `{prefix}` in shared or global memory, whose members are laid out differently"
                    ))
                }
                Memory::Shared | Memory::Device => Place::Elem {
                    arr: Arr {
                        name,
                        rank: 1,
                        tracked: true,
                        bytes: None,
                        view: None,
                    },
                    index: vec![Lin::int(0)],
                },
                // A field of a thread's own struct: a local variable (its
                // bit-fields and union members are not tracked:
                // `MERGED_MEMBERS`).
                Memory::Local if MERGED_MEMBERS.contains(&field) => Place::Private,
                Memory::Local => Place::Local(field_key(&name)),
                Memory::Constant => Place::Private,
            };
        }
        match &base.kind {
            // `a[i].x`, `p->x`: a field of an element is the element itself
            // (its fields are one cell: a write to one field conflicts with
            // any other).
            EK::Index(..) | EK::Un(UnOp::Deref, _) | EK::Member(..) | EK::Var(..) => {
                match self.place(base) {
                    p @ Place::Elem { .. } => {
                        if let Place::Elem { arr, .. } = &p {
                            self.memory.record_arrays.insert(arr.name.clone());
                        }
                        p
                    }
                    Place::Private | Place::Local(_) => Place::Private,
                    Place::Unknown(why) => Place::Unknown(why),
                    Place::Row(_) | Place::Choice(..) => {
                        Place::Unknown(format!("field `{field}` of an unmodelled element"))
                    }
                }
            }
            // A field of a call's result: a temporary, unless the call
            // returns a reference (unknown: fail closed).
            _ => {
                self.eval(base);
                Place::Unknown(format!("field `{field}` of the result of an expression"))
            }
        }
    }

    pub(super) fn index_place(&mut self, base: Val, i: Lin, span: Span) -> Place {
        let _ = span;
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
            Val::Bad(why) => Place::Unknown(why),
            // `*p` for `p = &x` is `x` (if `x` escaped, reading it gives
            // an unknown anyway); `p[i]` past `x` is undefined behaviour.
            Val::LocalPtr(k) if i.is_zero() => Place::Local(k),
            Val::LocalPtr(_) => Place::Private,
            _ => Place::Unknown("indexing a value that is not a known pointer".into()),
        }
    }

    /// Arrays are laid out row by row: an index past the end of its row
    /// (`p[16]` for `p = &tile[0][0]` in `float tile[2][16]`) is an element
    /// of a later row.  Each index that may leave its dimension's constant
    /// length `n` carries into the one before (`i / n`, `i % n`); one that
    /// may be negative makes both unknown.
    pub(super) fn row_major(&mut self, array: &str, mut index: Vec<Lin>, span: Span) -> Vec<Lin> {
        let sizes = self.memory.sizes.get(array).cloned().unwrap_or_default();
        if sizes.len() != index.len() {
            return index;
        }
        for d in (1..index.len()).rev() {
            let Some(n) = sizes[d].filter(|n| *n >= 1) else {
                continue;
            };
            let r = self.range(&index[d]);
            if r.lo.is_some_and(|l| l >= 0) && r.hi.is_some_and(|h| h < n as i128) {
                continue;
            }
            let len = Lin::int(n as i128);
            match (
                index[d].divmod(NOp::Div, &len),
                index[d].divmod(NOp::Mod, &len),
            ) {
                (Some(q), Some(m)) => {
                    index[d - 1] = index[d - 1].add(&q);
                    index[d] = m;
                }
                _ => {
                    let why = "index that may be negative in a row-major array";
                    index[d - 1] = self.int_unknown(why, span);
                    index[d] = self.int_unknown(why, span);
                }
            }
        }
        index
    }

    /// The value read from `p` (an access when it is memory); remembers
    /// `p` as the last place read when it is an element of a tracked array
    /// (`values.rs`: `d[0] = s[0]` stores what `s[0]` held).
    pub(super) fn read_place(&mut self, p: &Place, span: Span) -> Val {
        self.read_place_field(p, false, span)
    }

    /// [`Infer::read_place`]; `field`: the read is of a field of the
    /// element (`p[i].x`): all fields of an element are one cell of the
    /// protocol, so the read is not of the whole cell (`cells.rs`).
    fn read_place_field(&mut self, p: &Place, field: bool, span: Span) -> Val {
        let v = self.read_place_inner(p, field, span);
        self.eval.last_read = match p {
            Place::Elem { arr, .. } if arr.tracked => Some(p.clone()),
            _ => None,
        };
        v
    }

    fn read_place_inner(&mut self, p: &Place, field: bool, span: Span) -> Val {
        match p {
            Place::Local(k) => {
                if self.values.escaped.contains(k) {
                    return self.other("variable accessed through a pointer", span);
                }
                match self.values.env.get(k).cloned() {
                    Some(v) => v,
                    None => self.other("unknown variable", span),
                }
            }
            Place::Elem { arr, index } => {
                if let Some(v) = self.other_thread_read(arr, index, field, span) {
                    return v;
                }
                if arr.tracked && !self.eval.spec {
                    self.access(Mode::Rd, arr, index, span);
                }
                // A value of the element's C type (`u` when unsigned, else
                // `u − u_neg`), of an unknown cell content.
                let cause = UnknownCause::ArrayRead {
                    array: arr.name.clone(),
                };
                let ty = self.current_type();
                let value = self.typed_unknown(&format!("rd_{}", arr.name), cause, span, ty);
                if let Val::Int(l) = &value {
                    self.record_cell_read(arr, index, l, field);
                    self.candidate_read(arr, lin_vars(l).into_iter().collect(), span);
                }
                value
            }
            Place::Row(v) => v.clone(),
            Place::Choice(c, t, f) => {
                let (c, t, f) = (c.clone(), (**t).clone(), (**f).clone());
                let bt = self.nested(|me| {
                    me.read_place_field(&t, field, span);
                });
                let bf = self.nested(|me| {
                    me.read_place_field(&f, field, span);
                });
                self.emit_branches(c, bt, bf, span);
                self.other("value of a conditional lvalue", span)
            }
            Place::Private => self.other("thread-private value", span),
            Place::Unknown(why) => {
                let why = format!("read of {why}");
                self.unlocated_access(&[Mode::Rd], &why, span);
                self.other(&why, span)
            }
        }
    }

    pub(super) fn write_place(&mut self, p: &Place, v: Val, span: Span) {
        self.write_place_storing(p, v, &Written::Unknown, span)
    }

    /// [`Infer::write_place`]; `stored`: what the write stores, when an
    /// assignment knows it (`values.rs`).
    pub(super) fn write_place_storing(&mut self, p: &Place, v: Val, stored: &Written, span: Span) {
        match p {
            Place::Local(k) => {
                if self.stores_outside_the_thread(k) {
                    self.note_pointer_escape(&v, span);
                }
                self.values.env.insert(k.clone(), v);
            }
            Place::Elem { arr, index } if arr.view.is_some() || arr.bytes.is_some() => {
                // Through a view of another element size, or into memory
                // modelled in bytes, a write stores part of an element or
                // several: its value is not comparable with other writes'
                // (an `int` 1 and a `short` 1 at its upper half differ in
                // a byte), so it is never part of a benign pair.
                if arr.tracked {
                    self.access(Mode::Wr, arr, index, span);
                }
            }
            Place::Elem { arr, index } => {
                self.note_pointer_escape(&v, span);
                if arr.tracked {
                    self.access_storing(Mode::Wr, arr, index, stored, span);
                }
            }
            Place::Row(_) => {
                self.note_pointer_escape(&v, span);
                self.unsupported(span, "assignment to an array row")
            }
            Place::Choice(c, t, f) => {
                let (c, t, f) = (c.clone(), (**t).clone(), (**f).clone());
                let bt = self.nested(|me| me.write_place_storing(&t, v.clone(), stored, span));
                let bf = self.nested(|me| me.write_place_storing(&f, v.clone(), stored, span));
                self.emit_branches(c, bt, bf, span);
                // A local on either side no longer has one known value.
                for side in [&t, &f] {
                    if let Place::Local(k) = side {
                        let u = self.other("value assigned under a condition", span);
                        self.values.env.insert(k.clone(), u);
                    }
                }
            }
            Place::Private => self.note_pointer_escape(&v, span),
            Place::Unknown(why) => {
                self.note_pointer_escape(&v, span);
                let why = format!("write to {why}");
                self.unlocated(ANY_ARRAY, &[Mode::Wr], &why, stored, span)
            }
        }
    }

    fn emit_branches(
        &mut self,
        cond: BExp,
        then_branch: Vec<Stmt>,
        else_branch: Vec<Stmt>,
        span: Span,
    ) {
        if !then_branch.is_empty() || !else_branch.is_empty() {
            self.emit(
                StmtKind::If {
                    cond,
                    then_branch,
                    else_branch,
                },
                span,
            );
        }
    }

    pub(super) fn access(&mut self, mode: Mode, arr: &Arr, index: &[Lin], span: Span) {
        self.access_storing(mode, arr, index, &Written::Unknown, span)
    }

    /// [`Infer::access`]; `stored`: what a write stores (`values.rs`).
    fn access_storing(
        &mut self,
        mode: Mode,
        arr: &Arr,
        index: &[Lin],
        stored: &Written,
        span: Span,
    ) {
        let kind = self.access_with_choices(mode, arr, index, span);
        self.emit_storing(kind, stored, span);
    }

    /// The protocol access to `arr[index]` (with `--grid-level`, a shared
    /// array has one copy per block: its index starts with `blockIdx`).
    /// `span` is the access's place in the source, which the loops over
    /// the parts of a view's element give their accesses too.
    pub(super) fn access_kind(
        &mut self,
        mode: Mode,
        arr: &Arr,
        index: &[Lin],
        span: Span,
    ) -> StmtKind {
        if arr.view.is_some() {
            return self.view_access(mode, arr, index, span);
        }
        if let (Some(s), [i]) = (arr.bytes, index) {
            return self.byte_access(mode, arr, i, s, span);
        }
        self.memory
            .arrays
            .entry(arr.name.clone())
            .or_insert(index.len());
        let per_block =
            self.params.grid_level && self.memory.shared.iter().any(|s| belongs_to(&arr.name, s));
        let block: &[&str] = if per_block {
            &["blockIdx.x", "blockIdx.y", "blockIdx.z"]
        } else {
            &[]
        };
        StmtKind::Access {
            mode,
            array: Some(arr.name.clone()),
            index: block
                .iter()
                .map(|b| Lin::var(b).to_nexp())
                .chain(index.iter().map(Lin::to_nexp))
                .collect(),
        }
    }

    /// Element `i` of a view with elements of `s` bytes: its bytes
    /// `i*s + b` for `b` in `0..s` (see [`Arr::bytes`]).
    fn byte_access(&mut self, mode: Mode, arr: &Arr, i: &Lin, s: u64, span: Span) -> StmtKind {
        let bytes = Arr {
            bytes: None,
            view: None,
            ..arr.clone()
        };
        let first = i.mul(&Lin::int(s as i128));
        if s == 1 {
            return self.access_kind(mode, &bytes, &[first], span);
        }
        let b = self.fresh_name("byte");
        self.record_part_loop(&b);
        let access = self.access_kind(mode, &bytes, &[first.add(&Lin::var(&b))], span);
        StmtKind::For {
            tag: None,
            var: b,
            lo: Lin::int(0).to_nexp(),
            hi: Lin::int(s as i128).to_nexp(),
            body: vec![Stmt::new(access, span)],
        }
    }

    /// `arr` accessed with `modes` at an unknown index in every dimension
    /// (one unknown per dimension, shared by the modes; `why` says whose).
    pub(super) fn access_anywhere(&mut self, modes: &[Mode], arr: &Arr, why: &str, span: Span) {
        let index: Vec<Lin> = (0..arr.rank).map(|_| self.int_unknown(why, span)).collect();
        for mode in modes {
            self.access(*mode, arr, &index, span);
        }
    }

    /// An access the front end cannot locate: `unsupported`, plus an access
    /// at an unknown index of every tracked array ([`ANY_ARRAY`] until the
    /// kernel is done and every array is known; see [`Infer::expand_unlocated`]).
    pub(super) fn unlocated_access(&mut self, modes: &[Mode], why: &str, span: Span) {
        self.unlocated(ANY_ARRAY, modes, why, &Written::Unknown, span);
    }

    /// Like [`Infer::unlocated_access`], for a function that can reach only
    /// file-scope memory (`__device__` and file-scope `__shared__` arrays):
    /// a constructor without a body (free functions: `escapes.rs`).
    pub(super) fn unlocated_global_access(&mut self, modes: &[Mode], why: &str, span: Span) {
        self.unlocated(ANY_GLOBAL, modes, why, &Written::Unknown, span);
    }

    /// An unsupported access to `placeholder` in each of `modes`; `stored`:
    /// what a write stores (`values.rs`).
    fn unlocated(
        &mut self,
        placeholder: &str,
        modes: &[Mode],
        why: &str,
        stored: &Written,
        span: Span,
    ) {
        self.unsupported(span, why.to_string());
        self.emit_unlocated(placeholder, modes, stored, span);
    }

    pub(super) fn emit_unlocated(
        &mut self,
        placeholder: &str,
        modes: &[Mode],
        stored: &Written,
        span: Span,
    ) {
        for mode in modes {
            self.emit_storing(
                StmtKind::Access {
                    mode: *mode,
                    array: Some(placeholder.to_string()),
                    index: Vec::new(),
                },
                stored,
                span,
            );
        }
    }
}

/// The environment key of a field of a thread's own struct (`s.x`).
pub(super) fn field_key(path: &str) -> String {
    format!("field:{path}")
}

/// Does the expression denote storage (rather than a temporary value)?
pub(super) fn is_lvalue(e: &E) -> bool {
    match &e.kind {
        EK::Var(..) | EK::Index(..) | EK::Un(UnOp::Deref, _) => true,
        EK::Member(base, ..) => is_lvalue(base),
        _ => false,
    }
}

/// Is the field path `name` (`u.union_members_of_mixed_layout.y`) a
/// member of a union whose members are laid out differently, or inside
/// one?
fn in_mixed_union(name: &str) -> bool {
    name.split('.').any(|f| f == MIXED_UNION_MEMBERS)
}
