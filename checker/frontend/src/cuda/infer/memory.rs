//! Memory: places (variables, array elements, fields) and the accesses
//! that reading and writing them emit.

use super::*;

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
        }
        let p = self.place(e);
        self.read_place(&p, e.span)
    }

    /// The value of a name used as an rvalue, unless it denotes memory.
    pub(super) fn var_value(
        &mut self,
        name: &str,
        key: &str,
        kind: &RefKind,
        span: Span,
    ) -> Option<Val> {
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

    pub(super) fn member_value(
        &mut self,
        base: &E,
        field: &str,
        shape: &Shape,
        span: Span,
    ) -> Option<Val> {
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
    pub(super) fn place(&mut self, e: &E) -> Place {
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

    pub(super) fn member_place(&mut self, base: &E, field: &str) -> Place {
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

    pub(super) fn index_place(&mut self, base: Val, i: Lin, span: Span) -> Place {
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

    pub(super) fn read_place(&mut self, p: &Place, span: Span) -> Val {
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

    pub(super) fn write_place(&mut self, p: &Place, v: Val, span: Span) {
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

    pub(super) fn access(&mut self, mode: Mode, arr: &Arr, index: &[Lin], span: Span) {
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
}
