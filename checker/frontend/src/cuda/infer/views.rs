//! Pointers reinterpreted as pointers to elements of another size
//! (`docs/c-model.md`, "Pointer views"): `(char *)v + y * pitch` for a pitched row, `(int *)shorts`
//! to move two `short`s at once, `(uint *)bytes` to clear four counters.
//!
//! A reinterpreted pointer keeps its array and counts its offset in
//! elements of the new size `v` (the view); the array keeps its elements
//! of `e` bytes.  One view element lies inside one array element when `v`
//! divides `e` (element `i / (e / v)`), and covers `v / e` consecutive
//! ones when `e` divides `v`; other sizes are not modelled (the pointer is
//! not located: its accesses reach every array).
//!
//! Converting an offset from `v`-byte to `w`-byte units multiplies it
//! when `w` divides `v`; when `v` divides `w` it divides it: exactly when
//! every term of the offset is a multiple of `w / v`, and otherwise
//! because CUDA requires an access to a type aligned to its size `w` to
//! be `w`-aligned (a misaligned one faults): stated with the verdict.  A
//! type aligned to less than its size (`float3`: 12 bytes, aligned to 4)
//! may start at any multiple of its alignment, so `(float3 *)(f + 1)` is
//! not located that way (unsupported).

use super::*;

impl Infer<'_> {
    /// `(T *)x` where `x` points to elements of `from` bytes and `T` has
    /// `to` bytes and is aligned to `align` bytes.
    pub(super) fn reinterpret(
        &mut self,
        x: &E,
        from: u64,
        (to, align): (u64, u64),
        span: Span,
    ) -> Val {
        let v = self.eval(x);
        let Val::Ptr { arr, fixed, off } = v else {
            // A thread's own variable stays private; other values are
            // as unusable as they were.
            return v;
        };
        if !fixed.is_empty() || arr.rank != 1 {
            return Val::Bad("pointer cast of a row of a multi-dimensional array".into());
        }
        match self.view(arr.clone(), off, from, (to, align)) {
            Some(p) => p,
            None => {
                // Unsupported, but still a pointer into the same array: its
                // accesses are kept at an unknown element (each cell a
                // straddling access touches is one such element).
                let why = format!("pointer cast from elements of {from} bytes to {to} bytes");
                self.unsupported(span, why.clone());
                let off = self.int_unknown(&why, span);
                Val::Ptr {
                    arr: Arr { view: None, ..arr },
                    fixed: vec![],
                    off,
                }
            }
        }
    }

    /// The pointer `off` elements into `arr` seen with elements of `to`
    /// bytes (`from`: the size it points to now, when it is no view yet).
    fn view(&mut self, arr: Arr, off: Lin, from: u64, (to, align): (u64, u64)) -> Option<Val> {
        if let Some(s) = arr.bytes {
            // An array already modelled in bytes: only the view changes.
            let off = self.rescale(&off, s, (to, align))?;
            let arr = Arr {
                bytes: Some(to),
                ..arr
            };
            return Some(Val::Ptr {
                arr,
                fixed: vec![],
                off,
            });
        }
        let (v, e) = arr.view.unwrap_or((from, from));
        let off = self.rescale(&off, v, (to, align))?;
        let view = if to == e {
            None
        } else if e.is_multiple_of(to) || to.is_multiple_of(e) {
            Some((to, e))
        } else {
            return None;
        };
        Some(Val::Ptr {
            arr: Arr { view, ..arr },
            fixed: vec![],
            off,
        })
    }

    /// An offset of `off` elements of `v` bytes, in elements of `w` bytes
    /// aligned to `align` bytes.
    fn rescale(&mut self, off: &Lin, v: u64, (w, align): (u64, u64)) -> Option<Lin> {
        if v.is_multiple_of(w) {
            return Some(off.mul(&Lin::int((v / w) as i128)));
        }
        if !w.is_multiple_of(v) {
            return None;
        }
        let per = Lin::int((w / v) as i128);
        if let Some(q) = off.divided_exactly(&per) {
            return Some(q);
        }
        // Only a type aligned to its whole size must start at a multiple
        // of it.
        if align < w {
            return None;
        }
        self.note_alignment();
        off.divmod(NOp::Div, &per)
    }

    fn note_alignment(&mut self) {
        self.note_once(
            "pointers cast to wider elements are aligned to them (CUDA faults on a misaligned access)",
        );
    }

    /// The access to element `index` of a view (see [`Arr::view`]): the
    /// array element holding it, or the array elements it covers.
    pub(super) fn view_access(
        &mut self,
        mode: Mode,
        arr: &Arr,
        index: &[Lin],
        span: Span,
    ) -> StmtKind {
        let plain = Arr {
            view: None,
            ..arr.clone()
        };
        let (Some((v, e)), [i]) = (arr.view, index) else {
            return self.access_kind(mode, &plain, index, span);
        };
        if v < e {
            let per = Lin::int((e / v) as i128);
            let element = match i.divmod(NOp::Div, &per) {
                Some(x) => x,
                None => self.int_unknown("element of a narrower view at a signed index", span),
            };
            return self.access_kind(mode, &plain, &[element], span);
        }
        let k = self.fresh_name("part");
        self.record_part_loop(&k);
        let first = i.mul(&Lin::int((v / e) as i128)).add(&Lin::var(&k));
        StmtKind::For {
            tag: None,
            var: k,
            lo: Lin::int(0).to_nexp(),
            hi: Lin::int((v / e) as i128).to_nexp(),
            body: vec![Stmt::new(
                self.access_kind(mode, &plain, &[first], span),
                span,
            )],
        }
    }
}
