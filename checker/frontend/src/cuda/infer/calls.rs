//! Calls: barriers, annotations, atomics, inlined device functions and
//! calls without a body.

use super::*;

impl Infer<'_> {
    // ----- calls -------------------------------------------------------------

    pub(super) fn call(&mut self, callee: &Callee, args: &[E], span: Span) -> Val {
        let (name, key) = (callee.name.as_str(), callee.key.as_deref());
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
        if callee.library && name.starts_with("atomic") && !args.is_empty() {
            return self.atomic(name, args, span);
        }
        if let Some(f) = key.and_then(|k| self.unit.func(k)) {
            return self.inline(f, &callee.template_args, args, span);
        }
        self.opaque_call(callee, args, span)
    }

    pub(super) fn requires(&mut self, args: &[E], span: Span) -> Val {
        if let Some(a) = args.first() {
            let c = self.cond(a);
            let thread_free = c.fv().iter().all(|x| {
                !self.out.locals.contains(x)
                    && !x.starts_with("threadIdx.")
                    && !x.starts_with("blockIdx.")
            });
            // Under a condition (a branch, a loop, after a `return`), the
            // assumption holds only on that path: dropping it is sound,
            // making it global is not.
            let unconditional = self.blocks.len() == 1 && !self.jumped;
            if thread_free && unconditional {
                self.learn_bounds(&c);
                self.out.assumptions.push(Assumption {
                    cond: c,
                    span: self.span(span),
                });
            }
        }
        Val::Int(Lin::int(0))
    }

    pub(super) fn atomic(&mut self, name: &str, args: &[E], span: Span) -> Val {
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
    pub(super) fn opaque_call(&mut self, callee: &Callee, args: &[E], span: Span) -> Val {
        let name = callee.name.as_str();
        // A struct in shared or global memory passed by reference (a copy
        // constructor's `const P &`) is read (or written) field by field.
        let mut reaches_memory = false;
        for a in args {
            let v = self.eval(a);
            if let Val::Rec {
                memory: Memory::Shared | Memory::Device,
                ..
            } = &v
            {
                reaches_memory = true;
            }
            if let Val::Bad(why) = &v {
                self.unlocated_access(
                    &[Mode::Rd, Mode::Wr],
                    &format!("call to `{name}` with an unmodelled pointer ({why})"),
                    span,
                );
            }
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
        // What a call without a body may reach besides its pointer
        // arguments: nothing for the CUDA API and the C library; file-scope
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
        } else if !callee.library {
            self.unlocated_global_access(&[Mode::Rd, Mode::Wr], &why, span);
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
    /// Inlines `f` called with `args`; `template` gives the values of its
    /// template parameters (each call of a template is its own instance).
    pub(super) fn inline(
        &mut self,
        f: &Func,
        template: &[(String, i128)],
        args: &[E],
        span: Span,
    ) -> Val {
        if self.calls.contains(&f.key) {
            self.unsupported(span, format!("recursive call to `{}`", f.name));
            let callee = Callee {
                name: f.name.clone(),
                key: None,
                library: false,
                free: false,
                template_args: vec![],
            };
            return self.opaque_call(&callee, args, span);
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
        for (k, v) in template {
            bound.push((k.clone(), Val::Int(Lin::int(*v))));
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
        self.template_frames.push(Vec::new());
        self.stmt(&f.body);
        for k in self.template_frames.pop().unwrap_or_default() {
            self.env.remove(&k);
        }
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
