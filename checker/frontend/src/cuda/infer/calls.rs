//! Calls: barriers, annotations, atomics, inlined device functions and
//! calls without a body.

use super::memory::{field_key, is_lvalue};
use super::*;
use crate::cuda::convert::{is_memory_function, CONSTRUCTED, THIS};
use crate::cuda::library::is_surface_function;

impl Infer<'_> {
    // ----- calls -------------------------------------------------------------

    /// A call: of a barrier or an annotation, of a library function the
    /// inference models, of a function whose body it runs, or else of
    /// code it does not see (`opaque_call`).
    pub(super) fn call(&mut self, callee: &Callee, args: &[E], span: Span) -> Val {
        if let Some(launch) = &callee.launch {
            return self.device_launch(launch, callee.struct_pointers, args, span);
        }
        if let Some(v) = self.barrier_or_annotation(callee, args, span) {
            return v;
        }
        if let Some(v) = self.member_copy(callee, args) {
            return v;
        }
        if let Some(v) = self.modelled_library_call(callee, args, span) {
            return v;
        }
        if let Some(v) = self.call_of_body(callee, args, span) {
            return v;
        }
        self.opaque_call(callee, args, span)
    }

    /// Evaluates the arguments of a call whose body does not run.
    pub(super) fn eval_all(&mut self, args: &[E]) {
        for a in args {
            self.eval(a);
        }
    }

    /// A struct passed by value through its member-wise copy (see
    /// `Callee::copies_members`): a struct of the thread's own is copied;
    /// one in shared or global memory is read field by field
    /// (`opaque_call`), `None`.
    fn member_copy(&mut self, callee: &Callee, args: &[E]) -> Option<Val> {
        let ([arg], true) = (args, callee.copies_members) else {
            return None;
        };
        match self.eval(arg) {
            Val::Rec {
                memory: Memory::Shared | Memory::Device,
                ..
            } => None,
            Val::Rec { prefix, .. } => Some(self.copy_record(&prefix)),
            v => Some(v),
        }
    }

    /// A call of a library function the inference models (surfaces,
    /// random generators, atomics, pure intrinsics and maths, memory
    /// functions): `None` for any other call.
    fn modelled_library_call(&mut self, callee: &Callee, args: &[E], span: Span) -> Option<Val> {
        let name = callee.name.as_str();
        if callee.library && is_surface_function(name) {
            return Some(self.surface(callee, args, span));
        }
        if callee.library && (name.starts_with("curand") || name.starts_with("skipahead")) {
            return Some(self.random_generator(name, args, span));
        }
        if callee.library && name.starts_with("atomic") && !args.is_empty() {
            return Some(self.atomic(name, args, span));
        }
        if callee.library && name == super::intrinsics::UNDOCUMENTED_CHOICE {
            return Some(self.undocumented_choice(span));
        }
        if callee.library {
            if let Some(v) = self.pure_intrinsic(name, args, span) {
                return Some(v);
            }
            if let Some(v) = self.pure_math(callee, args, span) {
                return Some(v);
            }
        }
        if (callee.library || name.starts_with("__builtin_")) && is_memory_function(name) {
            return Some(self.memory_function(callee, args, span));
        }
        None
    }

    /// A call of a function whose body the inference runs: the one
    /// defined for it (inlined, or run as the constructor of its object)
    /// or those a function pointer may hold.  `None` when no body is
    /// known.
    fn call_of_body(&mut self, callee: &Callee, args: &[E], span: Span) -> Option<Val> {
        let key = callee.key.as_deref();
        if let Some(f) = key.and_then(|k| self.unit.callee(k, &callee.arguments)) {
            if callee.constructor {
                return Some(self.construct(f, &callee.template_args, args, span));
            }
            return Some(self.inline(f, &callee.template_args, args, span));
        }
        match callee
            .pointer
            .as_ref()
            .and_then(|p| self.values.env.get(p))
            .cloned()
        {
            Some(Val::Funcs(targets)) => return Some(self.call_through(&targets, args, span)),
            // Calling a null pointer is undefined behaviour (the kernel
            // faults): no execution continues through it.
            Some(Val::Int(l)) if l.is_zero() => {
                self.note_null_calls();
                return Some(self.other("call through a null function pointer", span));
            }
            _ => {}
        }
        let targets = self.targets_of_type(callee)?;
        Some(self.call_through(&targets, args, span))
    }

    /// The functions a call through a pointer of unknown value may reach:
    /// those of the unit with the pointer's type (the assumption is stated
    /// with the verdict); `None` when there are none, or when a function
    /// of that type may be missing from the unit (a template's instance, a
    /// lambda, a function without a body here).
    fn targets_of_type(&mut self, callee: &Callee) -> Option<BTreeSet<String>> {
        let sig = callee.signature.as_ref()?;
        if self.unit.hidden_targets.is_some() {
            return None;
        }
        let targets: BTreeSet<String> = self
            .unit
            .functions_of_type(Some(sig))
            .map(|f| f.key.clone())
            .collect();
        if targets.is_empty() {
            return None;
        }
        let names: Vec<String> = targets
            .iter()
            .filter_map(|k| self.unit.func(k))
            .map(|f| format!("`{}`", f.name))
            .collect();
        self.note_once(&format!(
            "a call through a pointer to `{sig}` reaches a function of this file with that \
             type: {}",
            names.join(", ")
        ));
        Some(targets)
    }

    /// Learns from a top-level assumption `f == g | f == h` (GPUVerify's
    /// way to state the targets of a function pointer `f`) that `f` points
    /// to `g` or `h`.
    fn learn_targets(&mut self, e: &E) {
        let mut targets = BTreeSet::new();
        let mut pointer = None;
        if !function_targets(e, &mut pointer, &mut targets) {
            return;
        }
        if let (Some(f), false) = (pointer, targets.is_empty()) {
            let known = targets.iter().all(|k| self.unit.func(k).is_some());
            if known {
                self.values.env.insert(f, Val::Funcs(targets));
            }
        }
    }

    /// A call through a pointer known to point to one of `targets`: the
    /// call of each, under a condition no one knows (an unknown of each
    /// thread), so that every target's accesses are in the protocol.
    fn call_through(&mut self, targets: &BTreeSet<String>, args: &[E], span: Span) -> Val {
        let calls: Vec<E> = targets
            .iter()
            .filter_map(|k| self.unit.func(k))
            .map(|f| {
                let callee = Callee::named(&f.name, Some(f.key.clone()), false, true);
                E::new(EK::Call(callee, args.to_vec()), span)
            })
            .collect();
        let Some((last, rest)) = calls.split_last() else {
            return self.other("call through a function pointer", span);
        };
        let which = || {
            E::new(
                EK::Unknown("the function a pointer calls".into(), vec![]),
                span,
            )
        };
        let choice = rest.iter().rev().fold(last.clone(), |other, call| {
            E::new(
                EK::Cond(Box::new(which()), Box::new(call.clone()), Box::new(other)),
                span,
            )
        });
        self.eval(&choice)
    }

    pub(super) fn requires(&mut self, args: &[E], positional: bool, span: Span) -> Val {
        if let Some(a) = args.first() {
            // Under a condition (a branch, a loop, after a `return`), the
            // assumption holds only on that path: dropping it is sound,
            // making it global is not; after a `return` on some path (in
            // a nested branch, a `switch`) the threads that returned never
            // check it.  In a called function it is a precondition the
            // caller must establish, not a fact.  `__assume(e)` holds from
            // where it stands (GPUVerify), unlike the precondition
            // `__requires(e)`: after the first access or barrier, it says
            // nothing of what came before (`b[0] = t; __assume(t == 0);`
            // has threads 0 and 1 write `b[0]`), so it is dropped too.
            let after_code =
                positional && self.control.blocks.first().is_some_and(|b| !b.is_empty());
            let unconditional = self.control.blocks.len() == 1
                && !self.control.jumped
                && !self.control.returned
                && self.control.calls.len() == 1
                && !after_code;
            // `(v & (v - 1)) == 0` is stated exactly by the values it allows.
            if unconditional && self.assume_power(a) {
                return Val::Int(Lin::int(0));
            }
            // Its reads are the specification's, not the kernel's accesses.
            let spec = std::mem::replace(&mut self.eval.spec, true);
            let c = self.cond(a);
            self.eval.spec = spec;
            let thread_free = c.fv().iter().all(|x| {
                !self.out.locals.contains(x)
                    && !x.starts_with("threadIdx.")
                    && !x.starts_with("blockIdx.")
            });
            if unconditional {
                self.learn_targets(a);
            }
            if thread_free && unconditional {
                self.learn_bounds(&c);
                self.learn_powers(a);
            }
            // One about a thread's own values (`__requires(perm[tid] ==
            // tid)`) holds for each thread: the checker asserts it for
            // each thread of a query.
            // One that names the other thread's values (`__other_int`)
            // holds for each order of two threads.
            if unconditional {
                let relational = c.fv().iter().any(|x| x.ends_with(OTHER_SUFFIX));
                let a = Assumption {
                    cond: c,
                    span: self.span(span),
                };
                match relational {
                    true => self.out.relational.push(a),
                    false => self.out.assumptions.push(a),
                }
            }
        }
        Val::Int(Lin::int(0))
    }

    pub(super) fn atomic(&mut self, name: &str, args: &[E], span: Span) -> Val {
        let target = self.eval(&args[0]);
        let values: Vec<Val> = args[1..].iter().map(|a| self.eval(a)).collect();
        let mut cell = None;
        match self.index_place(target, Lin::int(0), span) {
            Place::Elem { arr, index } if arr.tracked && self.block_scoped_atomic(name, &arr) => {
                // Not atomic with respect to this other thread: a read
                // and a write of unknown value.
                self.access(Mode::Rd, &arr, &index, span);
                self.access(Mode::Wr, &arr, &index, span);
            }
            Place::Elem { arr, index } if arr.tracked => {
                self.access(Mode::Atomic, &arr, &index, span);
                cell = Some((arr.name, index));
            }
            Place::Elem { .. } => {}
            _ => self.unsupported(span, format!("`{name}` on an unmodelled pointer")),
        }
        // The old value, of the call's C type.
        let ty = self.current_type();
        let cause = UnknownCause::Call {
            function: name.into(),
        };
        let old = self.typed_unknown("old", cause, span, ty);
        if let Some((array, index)) = cell {
            self.note_atomic(name, (&array, &index), &values, &old);
        }
        old
    }

    /// Is the atomic `name` on `arr` one that is not atomic for the two
    /// threads of this kernel?  `atomicAdd_block` and the other `_block`
    /// forms are atomic only with respect to the threads of the caller's
    /// block (CUDA C++ Programming Guide, "Atomic Functions"; in PTX,
    /// `atom.cta` of two threads of different blocks is not morally
    /// strong, so the two accesses race).  Across blocks (`grid_level`) a
    /// global cell updated that way is plainly read and written; a
    /// `__shared__` one belongs to one block.
    fn block_scoped_atomic(&self, name: &str, arr: &Arr) -> bool {
        name.ends_with("_block")
            && self.params.grid_level
            && !self.memory.shared.iter().any(|s| belongs_to(&arr.name, s))
    }

    /// A surface read or write (`surf2Dwrite(v, surf, x, y)`,
    /// `surf2Dread(&v, surf, x, y)`, `v = surf2Dread<T>(surf, x, y)`).
    /// Surfaces are global memory, and two surface references or objects
    /// may be bound to the same CUDA array, so all of them are one array,
    /// [`SURFACE_MEMORY`], indexed by the byte offset `x` and the other
    /// coordinates (`y`, `z`, layer, face; 0 when absent).  An element of
    /// `b` bytes at `x` covers the bytes `x..x+b`: the access is a loop
    /// over them, so overlapping elements of any sizes meet.
    pub(super) fn surface(&mut self, callee: &Callee, args: &[E], span: Span) -> Val {
        let name = callee.name.as_str();
        let write = name.ends_with("write");
        let n = surface_coordinates(name);
        // Every form ends with the coordinates and the boundary mode; the
        // forms that write a value or read into `*ret` start with it.
        let returns_value = !write && args.len() == n + 2;
        let first_coordinate = if returns_value { 1 } else { 2 };
        let values: Vec<Val> = args.iter().map(|a| self.eval(a)).collect();
        let mut coords: Vec<Lin> = Vec::new();
        for i in 0..3 {
            let c = match values.get(first_coordinate + i) {
                Some(v) if i < n => self.as_int(v.clone(), span),
                _ => Lin::int(0),
            };
            coords.push(c);
        }
        if !write && !returns_value {
            // `*ret` receives the element read.
            if let Some(ret) = args.first() {
                let target = E::new(EK::Un(UnOp::Deref, Box::new(ret.clone())), ret.span);
                let place = self.place(&target);
                let v = self.other("element read from a surface", span);
                self.write_place(&place, v, span);
            }
        }
        let arr = Arr {
            name: SURFACE_MEMORY.to_string(),
            rank: 3,
            tracked: true,
            bytes: None,
            view: None,
        };
        self.memory.global_arrays.insert(arr.name.clone());
        let mode = if write { Mode::Wr } else { Mode::Rd };
        match callee.surface_bytes {
            Some(bytes) if bytes > 0 => {
                let b = self.fresh_name("byte");
                self.record_part_loop(&b);
                let mut index = coords.clone();
                index[0] = index[0].add(&Lin::var(&b));
                let access = self.access_kind(mode, &arr, &index, span);
                self.emit(
                    StmtKind::For {
                        tag: None,
                        var: b,
                        lo: Lin::int(0).to_nexp(),
                        hi: Lin::int(bytes as i128).to_nexp(),
                        body: vec![Stmt::new(access, self.span(span))],
                    },
                    span,
                );
            }
            _ => {
                // The element's size is unknown: any byte offset.
                coords[0] = self.int_unknown("byte of a surface element of unknown size", span);
                self.access(mode, &arr, &coords, span);
            }
        }
        if returns_value {
            self.other("element read from a surface", span)
        } else {
            Val::Int(Lin::int(0))
        }
    }

    /// A copy of the thread's own struct `prefix`: a new struct whose
    /// fields hold the values the original's hold now (a later write to
    /// either leaves the other alone).  A field never assigned is, in the
    /// copy, an unknown of the thread's — or, in a copy of a kernel
    /// parameter, the parameter's launch value (`Infer::member_value`).
    fn copy_record(&mut self, prefix: &str) -> Val {
        let copy = self.fresh_name(&format!("{prefix}_copy"));
        let from = field_key(&format!("{prefix}."));
        let fields: Vec<(String, Val)> = self
            .values
            .env
            .iter()
            .filter_map(|(k, v)| {
                let rest = k.strip_prefix(&from)?;
                Some((field_key(&format!("{copy}.{rest}")), v.clone()))
            })
            .collect();
        self.values.env.extend(fields);
        let origin = self.params.copies.get(prefix).cloned();
        if let Some(o) = origin.or_else(|| self.in_param_record(prefix).then(|| prefix.to_string()))
        {
            self.params.copies.insert(copy.clone(), o);
        }
        Val::Rec {
            prefix: copy,
            memory: Memory::Local,
        }
    }

    /// `s = z` on structs of the thread's own: `s` (whatever names it: a
    /// reference, a reference parameter) gets the values `z`'s fields hold
    /// now, in fields of its own — not `z`'s fields themselves, which a
    /// later write to `z` would change.
    pub(super) fn assign_record(&mut self, target: &str, source: &str) {
        if target == source {
            return;
        }
        let (to, from) = (
            field_key(&format!("{target}.")),
            field_key(&format!("{source}.")),
        );
        self.values.env.retain(|k, _| !k.starts_with(&to));
        let fields: Vec<(String, Val)> = self
            .values
            .env
            .iter()
            .filter_map(|(k, v)| Some((format!("{to}{}", k.strip_prefix(&from)?), v.clone())))
            .collect();
        self.values.env.extend(fields);
        let origin = self.params.copies.get(source).cloned();
        match origin.or_else(|| self.in_param_record(source).then(|| source.to_string())) {
            Some(o) => self.params.copies.insert(target.to_string(), o),
            None => self.params.copies.remove(target),
        };
    }

    /// cuRAND's device API: each function reads and writes the one
    /// generator state its last pointer argument points to (`curand_init`
    /// sets it, `curand_uniform` … advance it), and only reads through
    /// any other pointer (Sobol direction vectors, scramble constants).
    pub(super) fn random_generator(&mut self, name: &str, args: &[E], span: Span) -> Val {
        let values: Vec<Val> = args.iter().map(|a| self.eval(a)).collect();
        let state = values
            .iter()
            .rposition(|v| matches!(v, Val::Ptr { .. } | Val::Bad(_)));
        for (i, v) in values.iter().enumerate() {
            match v {
                Val::Ptr { arr, .. } if arr.tracked && Some(i) == state => {
                    match self.index_place(v.clone(), Lin::int(0), span) {
                        Place::Elem { arr, index } => {
                            self.access(Mode::Rd, &arr, &index, span);
                            self.access(Mode::Wr, &arr, &index, span);
                        }
                        _ => {
                            // Not one element (a row of a 2-D array): any cell.
                            self.unsupported(span, format!("`{name}` on a pointer to a row"));
                            let why = format!("cell accessed by `{name}`");
                            let arr = arr.clone();
                            self.access_anywhere(&[Mode::Rd, Mode::Wr], &arr, &why, span);
                        }
                    }
                }
                Val::Ptr { arr, .. } if arr.tracked => {
                    let why = format!("cell read by `{name}`");
                    let arr = arr.clone();
                    self.access_anywhere(&[Mode::Rd], &arr, &why, span);
                }
                Val::Bad(why) => {
                    let why = format!("call to `{name}` with an unmodelled pointer ({why})");
                    self.unlocated_access(&[Mode::Rd, Mode::Wr], &why, span);
                }
                _ => {}
            }
        }
        self.unknown(
            &format!("ret_{name}"),
            UnknownCause::Call {
                function: name.into(),
            },
            span,
        )
    }

    /// A call without a body: its arguments are evaluated; it must not
    /// receive a pointer to a tracked array (it could access it).
    pub(super) fn opaque_call(&mut self, callee: &Callee, args: &[E], span: Span) -> Val {
        let values: Vec<Val> = args.iter().map(|a| self.eval(a)).collect();
        self.opaque_effects(callee, &values, span)
    }

    /// What a call without a body may do with the `values` of its
    /// arguments, and its result (an unknown).
    pub(super) fn opaque_effects(&mut self, callee: &Callee, values: &[Val], span: Span) -> Val {
        let name = callee.name.as_str();
        if callee.library && crate::cuda::library::is_texture_fetch(name) {
            self.note_once("textures are read-only during a kernel: no texture is bound to memory the kernel writes (a texture fetch is not an access)");
        }
        // A struct in shared or global memory passed by reference (a copy
        // constructor's `const P &`) is read (or written) field by field.
        let mut reaches_memory = false;
        for v in values {
            if let Val::Rec {
                memory: Memory::Shared | Memory::Device,
                ..
            } = v
            {
                reaches_memory = true;
            }
            // A library function touches memory only through its pointer
            // arguments: one into the thread's own struct (`__sincosf(x,
            // &c.y, &c.x)`) reaches no shared or global memory, and the
            // fields of such structs are unknowns anyway.
            let private = callee.library && matches!(v, Val::Bad(why) if why == PRIVATE_POINTER);
            if let (Val::Bad(why), false) = (v, private) {
                self.unlocated_access(
                    &[Mode::Rd, Mode::Wr],
                    &format!("call to `{name}` with an unmodelled pointer ({why})"),
                    span,
                );
            }
            // A copy of a kernel parameter's struct carries the pointers
            // the host put in it; a function pointer may be called.
            let escapes = match v {
                Val::Rec { prefix, .. } => {
                    callee.struct_pointers && self.carries_parameter_pointers(prefix)
                }
                Val::Funcs(_) => true,
                _ => false,
            };
            if escapes && !callee.library {
                self.note_pointer_escape(&Val::Bad("an argument".into()), span);
            }
            if let Val::Ptr { arr, .. } = v {
                if arr.tracked {
                    self.unsupported(
                        span,
                        format!("call to `{name}` (no body) with a pointer to an array"),
                    );
                    // It may read and write any cell of the array: keep both.
                    let why = format!("cell accessed by `{name}`");
                    let arr = arr.clone();
                    self.access_anywhere(&[Mode::Rd, Mode::Wr], &arr, &why, span);
                }
            }
        }
        // What a call without a body may reach besides its pointer
        // arguments: nothing for the CUDA API and the C library (their
        // constructors too: `__nv_fp8_e4m3 v(x)` converts a value); file-scope
        // memory for an extern free function or constructor; every array
        // for a function pointer, functor, method or lambda, and for any
        // call handed a struct in shared or global memory.
        let why = if reaches_memory {
            format!("call to `{name}` on a struct in shared or global memory")
        } else {
            format!("call to `{name}`, whose body is not available")
        };
        if reaches_memory || !(callee.library || callee.free) {
            self.unlocated_access(&[Mode::Rd, Mode::Wr], &why, span);
        } else if callee.constructor && !callee.library {
            self.unlocated_global_access(&[Mode::Rd, Mode::Wr], &why, span);
        } else if !callee.library {
            self.extern_function_access(name, span);
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

    /// A constructor with a body: a new object of the thread's own (a
    /// struct whose fields are unknown until assigned), built by the
    /// constructor inlined with it as `this`; the value is that object,
    /// which a declaration or an assignment copies (`S a(1, 2);`, `a =
    /// S(…)`) and an argument passes.  The first argument is the
    /// placeholder the conversion puts for the object
    /// (`convert::CONSTRUCTED`); without it the call has no body.
    fn construct(&mut self, f: &Func, template: &[(String, i128)], args: &[E], span: Span) -> Val {
        let placeholder =
            matches!(args.first(), Some(E { kind: EK::Unknown(w, _), .. }) if w == CONSTRUCTED);
        if !placeholder || f.params.first().is_none_or(|p| p.key != THIS) {
            let callee = Callee::named(&f.name, None, false, false);
            return self.opaque_call(&callee, args, span);
        }
        // `'` is no C identifier: no declared struct has this prefix.
        let prefix = format!("{}'", self.fresh_name(&format!("{}_object", f.name)));
        let key = format!("object:{prefix}");
        let object = Val::Rec {
            prefix: prefix.clone(),
            memory: Memory::Local,
        };
        self.values.env.insert(key.clone(), object.clone());
        let mut all = args.to_vec();
        all[0] = E::new(EK::Var(prefix, key.clone(), RefKind::Local), span);
        self.inline(f, template, &all, span);
        self.values.env.remove(&key);
        object
    }

    /// Inlines a device function (Sec. 6, "Function calls").
    /// Inlines `f` called with `args`; `template` gives the values of its
    /// template parameters (each call of a template is its own instance).
    pub(super) fn inline(
        &mut self,
        f: &Func,
        template: &[(String, i128)],
        args: &[E],
        span: Span,
    ) -> Val {
        if self.control.calls.contains(&f.key) {
            self.unsupported(span, format!("recursive call to `{}`", f.name));
            let callee = Callee::named(&f.name, None, false, false);
            return self.opaque_call(&callee, args, span);
        }
        let mut bound = Vec::new();
        for (p, a) in f.params.iter().zip(args) {
            let record = (p.shape == Shape::Reference)
                .then(|| self.record_path(a))
                .flatten();
            let v = if let Some((prefix, memory)) = record {
                // A reference to a struct is the struct itself: its fields
                // are the caller's (in whatever memory it lives).
                Val::Rec { prefix, memory }
            } else if p.key == THIS && matches!(a.kind, EK::Call(..)) {
                // The object is what a call returns (`(a * b) + c`,
                // `f().m()`): the struct it makes or refers to, else an
                // object no one knows.
                match self.eval(a) {
                    v @ Val::Rec { .. } => v,
                    v if p.read_only => v,
                    _ => Val::Ref(Box::new(Place::Unknown(
                        "the target of an unmodelled lvalue".into(),
                    ))),
                }
            } else if p.shape == Shape::Reference && (is_lvalue(a) || !p.read_only) {
                let pl = self.place(a);
                Val::Ref(Box::new(pl))
            } else if let Some(k) = self.out_parameter(p, a, f) {
                Val::LocalPtr(k)
            } else {
                // By value, or a (const) reference bound to a temporary:
                // the callee sees the value.
                self.eval(a)
            };
            bound.push((p.key.clone(), v));
        }
        for (k, v) in template {
            bound.push((k.clone(), Val::Int(Lin::int(*v))));
        }
        let saved_loops = std::mem::take(&mut self.control.loops);
        let saved_span = self.control.call_span;
        if !f.in_main_file && self.control.call_span.is_none() {
            self.control.call_span = Some(span);
        }
        let saved_env: Vec<(String, Option<Val>)> = bound
            .iter()
            .map(|(k, _)| (k.clone(), self.values.env.get(k).cloned()))
            .collect();
        for (k, v) in bound {
            self.values.env.insert(k, v);
        }
        self.control.calls.push(f.key.clone());
        self.control.returns.push(Vec::new());
        self.control.return_paths.push(Vec::new());
        self.control.template_frames.push(Vec::new());
        self.stmt(&f.body);
        self.control.return_paths.pop();
        for k in self.control.template_frames.pop().unwrap_or_default() {
            self.values.env.remove(&k);
        }
        let rets = self.control.returns.pop().unwrap_or_default();
        self.control.calls.pop();
        for (k, v) in saved_env {
            match v {
                Some(v) => self.values.env.insert(k, v),
                None => self.values.env.remove(&k),
            };
        }
        self.control.loops = saved_loops;
        self.control.call_span = saved_span;
        let mut pointers = rets.first().cloned();
        for v in rets.iter().skip(1) {
            pointers = pointers.and_then(|acc| self.function_union(&acc, v));
        }
        let pointers = pointers.filter(|v| matches!(v, Val::Funcs(_)));
        match rets.as_slice() {
            [v] => v.clone(),
            _ if pointers.is_some() => pointers.unwrap_or(Val::Bad(String::new())),
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

impl Infer<'_> {
    /// `&x` for a thread's own scalar `x`, passed for a pointer parameter
    /// `p` of `f` that `f` only dereferences: `x` (key), which does not
    /// escape — `*p` is `x` itself ([`Infer::index_place`]).
    fn out_parameter(&mut self, p: &VarDecl, a: &E, f: &Func) -> Option<String> {
        let EK::Un(UnOp::AddrOf, x) = &a.kind else {
            return None;
        };
        if p.shape != Shape::Pointer || !matches!(x.kind, EK::Var(..)) {
            return None;
        }
        let Place::Local(k) = self.place(x) else {
            return None;
        };
        let scalar = matches!(
            self.values.env.get(&k),
            None | Some(Val::Int(_) | Val::Bool(_))
        );
        (scalar && super::helpers::dereferenced_only(&f.body, &p.key)).then_some(k)
    }
}

/// Why a pointer into a thread's own struct is not located.
pub const PRIVATE_POINTER: &str = "pointer into a thread's own struct";

/// The array that stands for all surface memory (see [`Infer::surface`]).
pub const SURFACE_MEMORY: &str = "(surface memory)";

/// How many coordinates a surface function takes after the byte offset's
/// own: `surf1D` 1, `surf2D` and `surf1DLayered` 2, the others 3.
fn surface_coordinates(name: &str) -> usize {
    let shape = name
        .trim_end_matches("write")
        .trim_end_matches("read")
        .trim_start_matches("surf");
    match shape {
        "1D" => 1,
        "2D" | "1DLayered" => 2,
        _ => 3,
    }
}

/// Collects the functions of a disjunction `f == g | f == h || …` over one
/// variable `f`; `false` when `e` is anything else.
fn function_targets(e: &E, pointer: &mut Option<String>, targets: &mut BTreeSet<String>) -> bool {
    match &e.kind {
        EK::Cast(x) => function_targets(x, pointer, targets),
        // `bool(x)` of an `int` (`op == f | op == g` is an `int`).
        EK::Bin(BinOp::Ne, x, zero) if matches!(zero.kind, EK::Int(0)) => {
            function_targets(x, pointer, targets)
        }
        EK::Bin(BinOp::BitOr | BinOp::LOr, a, b) => {
            function_targets(a, pointer, targets) && function_targets(b, pointer, targets)
        }
        EK::Bin(BinOp::Eq, a, b) => {
            let var = |x: &E| match &strip_casts(x).kind {
                EK::Var(_, k, RefKind::Local) => Some(k.clone()),
                _ => None,
            };
            let func = |x: &E| {
                let x = match &strip_casts(x).kind {
                    EK::Un(UnOp::AddrOf, y) => strip_casts(y),
                    _ => strip_casts(x),
                };
                match &x.kind {
                    EK::Var(_, k, RefKind::Function) => Some(k.clone()),
                    _ => None,
                }
            };
            let (Some(f), Some(g)) = (var(a).or_else(|| var(b)), func(b).or_else(|| func(a)))
            else {
                return false;
            };
            if pointer.get_or_insert_with(|| f.clone()) != &f {
                return false;
            }
            targets.insert(g);
            true
        }
        _ => false,
    }
}
