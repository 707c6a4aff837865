//! What a loop changes: the variables its body moves, directly or
//! through references bound before it, the fields of the thread's own
//! structs it changes, and the pointers it may point into another array.

use super::memory::field_key;
use super::*;

impl Infer<'_> {
    /// The pointer variables a loop may make point into another array
    /// (`src = dst;` in a ping-pong loop): assigned from anything but
    /// themselves moved by integers or pointers into their own array, or
    /// changed through their address.  [`Infer::havoc`] keeps a pointer's
    /// array, which is wrong for these.
    pub(super) fn retargeted_pointers(&self, body: &S, extra: &[&E]) -> BTreeSet<String> {
        let mut out = self.indirectly_modified_by(body);
        let array_of = |k: &str| match self.values.env.get(k) {
            Some(Val::Ptr { arr, .. }) => Some(arr.clone()),
            _ => None,
        };
        let mut check = |e: &E| {
            let (target, rhs) = match &e.kind {
                EK::Assign(None, t, r) => (t, r),
                EK::Un(UnOp::AddrOf, t) => {
                    lvalue_vars(t, &mut out);
                    return;
                }
                _ => return,
            };
            let EK::Var(_, k, _) = &target.kind else {
                // `(c ? p : q) = e`: either may now point anywhere.
                lvalue_vars(target, &mut out);
                return;
            };
            let Some(arr) = array_of(k) else { return };
            let mut other = false;
            visit_expr(rhs, &mut |x| {
                other |= match &x.kind {
                    EK::Var(_, v, _) => {
                        v != k && x.ty.is_none() && array_of(v) != Some(arr.clone())
                    }
                    EK::Call(..) => x.ty.is_none(),
                    _ => false,
                };
            });
            if other {
                out.insert(k.clone());
            }
        };
        visit_stmt(body, &mut check);
        extra.iter().for_each(|e| visit_expr(e, &mut check));
        out.retain(|k| array_of(k).is_some());
        out
    }

    /// The fields of the thread's own structs (`field:s.j`) that the loop
    /// assigns (`s.j += 1;`, or `s = t;` for all of them): variables the
    /// loop changes like the ones of `modified_in`, which sees only plain
    /// variables.  A copy of a kernel parameter assigned as a whole no
    /// longer falls back on the parameter's fields.
    ///
    /// Also what references the loop changes stand for (`r++` with `int &r
    /// = j;` before or in the loop, a struct passed by reference to a
    /// function): the variables and fields they name.
    pub(super) fn modified_fields(
        &mut self,
        body: &S,
        extra: &[&E],
        modified: &BTreeSet<String>,
    ) -> BTreeSet<String> {
        let (fields, records) = self.changed_fields(body, extra, modified);
        for prefix in records {
            let nested = format!("{prefix}.");
            self.params
                .copies
                .retain(|p, _| *p != prefix && !p.starts_with(&nested));
        }
        fields
    }

    /// The fields [`Infer::modified_fields`] returns, and the structs the
    /// loop assigns as a whole (or through a reference).
    pub(super) fn changed_fields(
        &self,
        body: &S,
        extra: &[&E],
        modified: &BTreeSet<String>,
    ) -> (BTreeSet<String>, BTreeSet<String>) {
        let mut changed = Changed::default();
        self.changed_through_references(body, modified, &mut changed);
        let mut check = |e: &E| self.changed_by(e, &mut changed);
        visit_stmt(body, &mut check);
        extra.iter().for_each(|e| visit_expr(e, &mut check));
        let Changed {
            mut fields,
            records,
        } = changed;
        for prefix in &records {
            let inner = field_key(&format!("{prefix}."));
            fields.extend(
                self.values
                    .env
                    .keys()
                    .filter(|k| k.starts_with(&inner))
                    .cloned(),
            );
        }
        (fields, records)
    }

    /// What the references a loop changes stand for: the variables and
    /// fields that the references among `modified`, and those the body
    /// binds (`int &r = j;`), name; the structs among `modified`.
    fn changed_through_references(
        &self,
        body: &S,
        modified: &BTreeSet<String>,
        changed: &mut Changed,
    ) {
        let mut named = Vec::new();
        for k in modified {
            match self.values.env.get(k) {
                Some(Val::Ref(p)) => named.push((**p).clone()),
                Some(Val::Rec {
                    prefix,
                    memory: Memory::Local,
                }) => {
                    changed.records.insert(prefix.clone());
                }
                _ => {}
            }
        }
        while let Some(p) = named.pop() {
            match p {
                Place::Local(k) => self.changed_variable(k, changed),
                Place::Choice(_, a, b) => named.extend([*a, *b]),
                _ => {}
            }
        }
        let inits = reference_inits(body);
        for target in inits.into_iter().flat_map(lvalue_leaves) {
            match &target.kind {
                EK::Var(_, k, _) => self.changed_variable(k.clone(), changed),
                EK::Member(base, field, _) => self.changed_field(base, field, changed),
                _ => {}
            }
        }
    }

    /// Variable `k` changes, and so does the struct it holds, if any.
    fn changed_variable(&self, k: String, changed: &mut Changed) {
        if let Some(Val::Rec { prefix, .. }) = self.values.env.get(&k) {
            changed.records.insert(prefix.clone());
        }
        changed.fields.insert(k);
    }

    /// Field `field` of `base` changes, if `base` is a struct of the
    /// thread's own: the field, and the struct it is (if it is one).
    fn changed_field(&self, base: &E, field: &str, changed: &mut Changed) {
        if let Some((prefix, Memory::Local)) = self.record_path(base) {
            let name = format!("{prefix}.{field}");
            changed.fields.insert(field_key(&name));
            changed.records.insert(name);
        }
    }

    /// What expression `e` of a loop changes of the thread's own structs:
    /// what it assigns, increments or takes the address of, and the
    /// fields it passes by reference to a function.
    fn changed_by(&self, e: &E, changed: &mut Changed) {
        let target = match &e.kind {
            EK::Assign(_, t, _) | EK::IncDec { e: t, .. } | EK::Un(UnOp::AddrOf, t) => t,
            // A field passed by reference to a function (`bump(s.j)`).
            EK::Call(Callee { key: Some(k), .. }, args) => {
                return self.passed_by_reference(k, args, changed)
            }
            _ => return,
        };
        // `(c ? s.j : d) = …` changes `s.j` (in some threads).
        for mut t in lvalue_leaves(target) {
            // `s.in.j = …` changes `s.in.j`; `s.in = …` all of `s.in`.
            if let EK::Member(base, field, shape) = &t.kind {
                if let Some((prefix, Memory::Local)) = self.record_path(base) {
                    let name = format!("{prefix}.{field}");
                    match shape {
                        Shape::Record => changed.records.insert(name),
                        _ => changed.fields.insert(field_key(&name)),
                    };
                }
                continue;
            }
            while let EK::Member(base, ..) = &t.kind {
                t = base;
            }
            if let Some((prefix, Memory::Local)) = self.record_path(t) {
                changed.records.insert(prefix);
            }
        }
    }

    /// The fields of the thread's own structs that a call of function
    /// `k` with `args` passes by reference.
    fn passed_by_reference(&self, k: &str, args: &[E], changed: &mut Changed) {
        let Some(f) = self.unit.func(k) else { return };
        for (p, a) in f.params.iter().zip(args) {
            if p.shape != Shape::Reference {
                continue;
            }
            for leaf in lvalue_leaves(a) {
                let EK::Member(base, field, _) = &leaf.kind else {
                    continue;
                };
                self.changed_field(base, field, changed);
            }
        }
    }

    /// Does `e` read a field of the thread's own structs that the loop
    /// `body` changes (`i < s.n` with `s.n = 2;` in the body)?
    pub(super) fn reads_changed_field(&self, e: &E, body: &S, modified: &BTreeSet<String>) -> bool {
        let mut members = Vec::new();
        visit_expr(e, &mut |x| {
            if let EK::Member(base, field, _) = &x.kind {
                if let Some((prefix, _)) = self.record_path(base) {
                    members.push(format!("{prefix}.{field}"));
                }
            }
        });
        if members.is_empty() {
            return false;
        }
        let (fields, records) = self.changed_fields(body, &[], modified);
        members.iter().any(|m| {
            fields.contains(&field_key(m))
                || records.iter().any(|r| {
                    m == r || m.starts_with(&format!("{r}.")) || r.starts_with(&format!("{m}."))
                })
        })
    }

    /// Pointers that may point into any array: their accesses reach every
    /// array at an unknown index.
    pub(super) fn lose_pointers(&mut self, keys: &BTreeSet<String>) {
        for k in keys {
            let why = "pointer that a loop may point into another array";
            self.values.env.insert(k.clone(), Val::Bad(why.into()));
        }
    }
}

/// The variables and fields a loop changes, and the structs it changes
/// as a whole (see [`Infer::changed_fields`]).
#[derive(Default)]
struct Changed {
    fields: BTreeSet<String>,
    records: BTreeSet<String>,
}

/// The initialisers of the references declared in `s` (`int &r = j;`).
pub(super) fn reference_inits(s: &S) -> Vec<&E> {
    let mut out = Vec::new();
    fn walk<'s>(s: &'s S, out: &mut Vec<&'s E>) {
        match &s.kind {
            SK::Decl(ds) => out.extend(
                ds.iter()
                    .filter(|d| d.shape == Shape::Reference)
                    .filter_map(|d| d.init.as_ref()),
            ),
            SK::Block(b) => b.iter().for_each(|x| walk(x, out)),
            SK::If(_, t, e) => {
                walk(t, out);
                if let Some(e) = e {
                    walk(e, out);
                }
            }
            SK::For { init, body, .. } => {
                if let Some(i) = init {
                    walk(i, out);
                }
                walk(body, out);
            }
            SK::While(_, b)
            | SK::Do(b, _)
            | SK::Switch(_, b)
            | SK::Case(_, b)
            | SK::Label(_, b) => walk(b, out),
            _ => {}
        }
    }
    walk(s, &mut out);
    out
}

impl Infer<'_> {
    /// [`modified_in`], plus what the references it moves bind when they
    /// were declared before `body` (`int &r = i; for (…) r++;` moves `i`;
    /// the environment holds `r` as a reference to `i`).
    pub(super) fn modified_by(&self, body: &S) -> BTreeSet<String> {
        let mut out = modified_in(body, self.unit);
        out.extend(self.reference_targets(&out));
        out.extend(self.references_to(&out));
        out
    }

    /// Does `e` move a reference of the environment (`r++` with `int &r =
    /// j;` declared before)?  Then it changes what `r` binds.
    pub(super) fn moves_reference(&self, e: &E) -> bool {
        let mut moved = BTreeSet::new();
        modified_expr(e, self.unit, &mut moved);
        moved
            .iter()
            .any(|k| matches!(self.values.env.get(k), Some(Val::Ref(_))))
    }

    /// The references of the environment that bind one of `keys` (`int &r
    /// = n;`: `r` changes with `n`).
    pub(super) fn references_to(&self, keys: &BTreeSet<String>) -> BTreeSet<String> {
        self.values
            .env
            .iter()
            .filter(|(_, v)| matches!(v, Val::Ref(_)))
            .filter(|(k, _)| {
                let one: BTreeSet<String> = [(*k).clone()].into();
                !self.reference_targets(&one).is_disjoint(keys)
            })
            .map(|(k, _)| k.clone())
            .collect()
    }

    /// [`indirectly_modified`], plus the references declared before `body`
    /// that it moves and the variables they bind.
    pub(super) fn indirectly_modified_by(&self, body: &S) -> BTreeSet<String> {
        let mut out = indirectly_modified(body, self.unit);
        let moved = modified_in(body, self.unit);
        out.extend(
            moved
                .iter()
                .filter(|k| matches!(self.values.env.get(*k), Some(Val::Ref(_))))
                .cloned(),
        );
        out.extend(self.reference_targets(&moved));
        out
    }

    /// The local variables the references among `keys` bind.
    pub(super) fn reference_targets(&self, keys: &BTreeSet<String>) -> BTreeSet<String> {
        fn locals(p: &Place, out: &mut BTreeSet<String>) {
            match p {
                Place::Local(k) => {
                    out.insert(k.clone());
                }
                Place::Choice(_, a, b) => {
                    locals(a, out);
                    locals(b, out);
                }
                _ => {}
            }
        }
        let mut out = BTreeSet::new();
        for k in keys {
            if let Some(Val::Ref(p)) = self.values.env.get(k) {
                locals(p, &mut out);
            }
        }
        out
    }
}
