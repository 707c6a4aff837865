//! Null pointers the host may pass (`docs/launch-configuration.md`,
//! "Null pointers").  A pointer the host gives the kernel — a pointer
//! parameter, a pointer field of a struct parameter, a file-scope pointer
//! the host sets — may be null: an optional input (`bias`, `mask`) is a
//! common idiom, and the kernel's code under `if (p)`, `if (!p)`,
//! `p ? … : …` or `p == nullptr` must be checked for both outcomes.
//!
//! Whether such a pointer is null is one fact of the launch, the same in
//! every thread: a protocol parameter `p_null` (0 or 1), made on the
//! first test of the pointer and shared by every later one, so that two
//! tests of one pointer agree and a barrier under `if (p)` does not
//! diverge.  A pointer derived from it (`p + k`, `&p[i]`) has its
//! nullness: `p + k` with `p` null and `k ≠ 0` is undefined behaviour in
//! C++ ([expr.add]), so no defined execution is lost.  Pointers into
//! storage the kernel declares (shared, `__device__` and local arrays) are
//! never null.
//!
//! Several parameters that launches pass into one host buffer
//! (`launches::aliases`) are one array of the protocol but need not be
//! null together in every launch: a test of such an array is a fresh
//! launch-uniform value each time (sound, it only loses the agreement of
//! two tests).

use super::*;

/// The type of a nullness variable: 0 (not null) or 1 (null).
const FLAG: IntTy = IntTy {
    bits: 1,
    signed: false,
};

/// What is known of whether a pointer the host gives is null.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Fact {
    /// Either, one value per launch: its variable once a test made it.
    Open(Option<String>),
    /// Every launch passes null (`true`) or storage (`false`):
    /// `launches::null_pointers`; the note saying where, until a test
    /// prints it.
    Launched(bool, Option<String>),
}

/// The pointers the host gives the kernel, and what is known of them.
#[derive(Default)]
pub(super) struct NullState {
    /// The arrays (by name) of pointers the host gives.
    given: BTreeMap<String, Fact>,
    /// Arrays that several parameters point into: each test is its own
    /// value.
    shared: BTreeSet<String>,
}

impl Infer<'_> {
    /// Records that the host gives pointer `v` (a parameter, a pointer
    /// field of a struct parameter, a file-scope pointer): it may be null.
    pub(super) fn host_given_pointer(&mut self, v: &Val) {
        if let Val::Ptr { arr, .. } = v {
            let open = Fact::Open(None);
            self.nulls.given.entry(arr.name.clone()).or_insert(open);
        }
    }

    /// Records that every launch passes pointer `v` null (`null`) or not,
    /// as `note` says.
    pub(super) fn launched_null(&mut self, v: &Val, null: bool, note: String) {
        if let Val::Ptr { arr, .. } = v {
            let fact = Fact::Launched(null, Some(note));
            self.nulls.given.insert(arr.name.clone(), fact);
        }
    }

    /// Records that pointer `v`'s array is reached through several
    /// parameters, which launches may pass null independently.
    pub(super) fn shared_pointer(&mut self, v: &Val) {
        if let Val::Ptr { arr, .. } = v {
            self.nulls.shared.insert(arr.name.clone());
        }
    }

    /// The condition that a pointer into `arr` is not null.
    pub(super) fn not_null(&mut self, arr: &Arr) -> BExp {
        let shared = self.nulls.shared.contains(&arr.name);
        let x = match self.nulls.given.get(&arr.name) {
            None => return BExp::Bool(true),
            Some(_) if shared => self.null_variable(&arr.name),
            Some(Fact::Launched(null, note)) => {
                let (null, note) = (*null, note.clone());
                if let Some(n) = note {
                    self.out.notes.push(n);
                    let fact = Fact::Launched(null, None);
                    self.nulls.given.insert(arr.name.clone(), fact);
                }
                return BExp::Bool(!null);
            }
            Some(Fact::Open(Some(x))) => x.clone(),
            Some(Fact::Open(None)) => {
                let x = self.null_variable(&arr.name);
                let fact = Fact::Open(Some(x.clone()));
                self.nulls.given.insert(arr.name.clone(), fact);
                x
            }
        };
        Lin::var(&x).compare(ROp::Eq, &Lin::int(0))
    }

    /// A new launch-uniform variable, 1 when pointer `name` is null.
    fn null_variable(&mut self, name: &str) -> String {
        let x = self.fresh_name(&format!("{name}_null"));
        self.uniform_value(&x, Some(FLAG));
        self.values.invariant_unknowns.insert(x.clone());
        x
    }

    /// `p == 0` or `p != 0` (`op`) for a pointer `p` compared with the
    /// null pointer constant (`nullptr`, `NULL`, `0`), in either order;
    /// `None` for other comparisons.
    pub(super) fn null_comparison(&mut self, op: ROp, a: &Val, b: &Val) -> Option<BExp> {
        let is_null = |v: &Val| matches!(v, Val::Int(l) if l.is_zero());
        let arr = match (a, b) {
            (Val::Ptr { arr, .. }, z) | (z, Val::Ptr { arr, .. }) if is_null(z) => arr.clone(),
            _ => return None,
        };
        let not_null = self.not_null(&arr);
        match op {
            ROp::Ne => Some(not_null),
            ROp::Eq => Some(BExp::not(not_null).simplify_not()),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pointer_of_the_kernel_itself_is_never_null() {
        let unit = Unit::default();
        let mut me = Infer::new(&unit, Vec::<String>::new());
        let local = ptr("tile", 1, true);
        let Val::Ptr { arr, .. } = &local else {
            unreachable!()
        };
        assert_eq!(me.not_null(arr), BExp::Bool(true));
    }

    #[test]
    fn two_tests_of_one_given_pointer_are_one_fact() {
        let unit = Unit::default();
        let mut me = Infer::new(&unit, Vec::<String>::new());
        let p = ptr("opt", 1, true);
        me.host_given_pointer(&p);
        let Val::Ptr { arr, .. } = &p else {
            unreachable!()
        };
        let (a, b) = (me.not_null(arr), me.not_null(arr));
        assert_ne!(a, BExp::Bool(true));
        assert_eq!(a, b);
        assert!(a.fv().iter().all(|x| me.invariant_var(x)));
    }

    #[test]
    fn tests_of_a_shared_array_are_independent() {
        let unit = Unit::default();
        let mut me = Infer::new(&unit, Vec::<String>::new());
        let p = ptr("a", 1, true);
        me.host_given_pointer(&p);
        me.shared_pointer(&p);
        let Val::Ptr { arr, .. } = &p else {
            unreachable!()
        };
        assert_ne!(me.not_null(arr), me.not_null(arr));
    }

    #[test]
    fn what_every_launch_passes_decides_the_tests() {
        let unit = Unit::default();
        let mut me = Infer::new(&unit, Vec::<String>::new());
        let (p, q) = (ptr("p", 1, true), ptr("q", 1, true));
        for (v, null) in [(&p, true), (&q, false)] {
            me.host_given_pointer(v);
            me.launched_null(v, null, format!("null: {null}"));
        }
        let arr = |v: &Val| match v {
            Val::Ptr { arr, .. } => arr.clone(),
            _ => unreachable!(),
        };
        assert_eq!(me.not_null(&arr(&p)), BExp::Bool(false));
        assert_eq!(me.not_null(&arr(&q)), BExp::Bool(true));
        // Each fact used is printed, once.
        me.not_null(&arr(&p));
        assert_eq!(me.out.notes, ["null: true", "null: false"]);
    }

    #[test]
    fn comparison_with_null_in_either_order() {
        let unit = Unit::default();
        let mut me = Infer::new(&unit, Vec::<String>::new());
        let p = ptr("m", 1, true);
        me.host_given_pointer(&p);
        let zero = Val::Int(Lin::int(0));
        let ne = me.null_comparison(ROp::Ne, &p, &zero).unwrap();
        let eq = me.null_comparison(ROp::Eq, &zero, &p).unwrap();
        assert_eq!(BExp::not(ne.clone()).simplify_not(), eq);
        assert!(me.null_comparison(ROp::Lt, &p, &zero).is_none());
        let one = Val::Int(Lin::int(1));
        assert!(me.null_comparison(ROp::Eq, &p, &one).is_none());
    }
}
