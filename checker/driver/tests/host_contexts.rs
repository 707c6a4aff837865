//! Which pointer parameters of a kernel its launches pass overlapping, in
//! each calling context the host code shows (`host_contexts.rs`): host
//! wrappers followed to their callers, `c ? d : e` arguments, pointers the
//! host reassigns, and the bounds of that search (16 contexts, 3 levels of
//! wrappers), beyond which a launch is read alone and the printed
//! assumption that the parameters do not overlap is what the verdict
//! rests on.  Read off the notes printed with the verdict.

mod common;

/// `x[i] = y[i + 1]`: racy exactly when `x` and `y` overlap.
const KERNEL: &str =
    "__global__ void k(float *x, float *y) { x[threadIdx.x] = y[threadIdx.x + 1]; }\n";

/// The notes printed with the kernels of `source` (after [`KERNEL`]).
fn notes(source: &str) -> Vec<String> {
    common::printed_notes(&format!("{KERNEL}{source}"))
}

/// The note that `x` and `y` may overlap, if printed.
fn overlap(notes: &[String]) -> Option<&String> {
    notes.iter().find(|n| n.contains("`x` and `y` may overlap"))
}

/// `x` and `y` found to overlap, and not assumed distinct.
fn assert_overlap(source: &str) -> String {
    let n = notes(source);
    let found = overlap(&n).unwrap_or_else(|| panic!("no overlap found: {n:?}\n{source}"));
    assert!(!n.iter().any(|n| n.contains("distinct arrays")), "{n:?}");
    found.clone()
}

/// `x` and `y` not found to overlap, and assumed distinct aloud.
fn assert_distinct(source: &str) {
    let n = notes(source);
    assert!(overlap(&n).is_none(), "overlap found: {n:?}\n{source}");
    assert!(
        n.iter()
            .any(|n| n.contains("`x`, `y` point to distinct arrays")),
        "{n:?}"
    );
}

/// A `main` declaring buffers `a0`.. `a{n}` and `d`, then `calls`.
fn main_with(n: usize, calls: &str) -> String {
    let decls: Vec<String> = (0..n).map(|i| format!("float *a{i};")).collect();
    format!(
        "int main() {{ float *d; {} {calls} return 0; }}\n",
        decls.join(" ")
    )
}

/// `w(a0, a1); w(a2, a3); …` for `n` distinct pairs, then `w(d, d)` at
/// position `at` (0: first).
fn calls_with_one_overlap(f: &str, n: usize, at: usize) -> String {
    let mut calls: Vec<String> = (0..n)
        .map(|i| format!("{f}(a{}, a{});", 2 * i, 2 * i + 1))
        .collect();
    calls.insert(at, format!("{f}(d, d);"));
    calls.join(" ")
}

const WRAPPER: &str = "static void w(float *p, float *q) { k<<<1, 32>>>(p, q); }\n";

/// Each call site of a wrapper is a context: 16 are followed, more are
/// not (the launch alone, under the printed assumption).
#[test]
fn sixteen_call_sites_are_followed_and_seventeen_are_not() {
    for at in [0, 15] {
        assert_overlap(&format!(
            "{WRAPPER}{}",
            main_with(30, &calls_with_one_overlap("w", 15, at))
        ));
    }
    for at in [0, 16] {
        assert_distinct(&format!(
            "{WRAPPER}{}",
            main_with(32, &calls_with_one_overlap("w", 16, at))
        ));
    }
}

/// Contexts multiply through levels of wrappers: 8 calls of a wrapper
/// that calls the inner one twice are 16, 9 are 18.
#[test]
fn contexts_through_two_levels_are_counted_together() {
    let wrappers = format!("{WRAPPER}static void v(float *p, float *q) {{ w(p, q); w(q, p); }}\n");
    assert_overlap(&format!(
        "{wrappers}{}",
        main_with(14, &calls_with_one_overlap("v", 7, 0))
    ));
    assert_distinct(&format!(
        "{wrappers}{}",
        main_with(16, &calls_with_one_overlap("v", 8, 0))
    ));
}

/// Each branch of `c ? p : q` is a context of its own, and counts towards
/// the 16: a wrapper with a two-way argument called 8 times has 16
/// contexts, called 16 times 32 (16 from each branch).
#[test]
fn branches_of_an_argument_count_towards_the_contexts() {
    let wrapper = "static void w(float *p, float *q, float *r) { k<<<1, 32>>>(p ? p : q, r); }\n";
    // `w(a0, a1, a2)` …, and `w(d, a0, d)`: the branch `p` meets `r`.
    let calls = |n: usize| {
        let mut calls: Vec<String> = (0..n)
            .map(|i| format!("w(a{}, a{}, a{});", 3 * i, 3 * i + 1, 3 * i + 2))
            .collect();
        calls.insert(0, "w(d, a0, d);".into());
        calls.join(" ")
    };
    assert_overlap(&format!("{wrapper}{}", main_with(21, &calls(7))));
    assert_distinct(&format!("{wrapper}{}", main_with(45, &calls(15))));
}

/// Conditional arguments combine: four two-way arguments are 16
/// contexts, five are 32.
#[test]
fn sixteen_combinations_of_branches_are_followed() {
    let kernel4 = "__global__ void k4(float *x, float *y, float *u, float *v) { x[threadIdx.x] = y[threadIdx.x + 1]; u[0] = v[0]; }\n";
    let launch = |extra: &str| {
        format!(
            "{kernel4}int main() {{ float *d, *e, *f, *g, *h, *i, *j; int c = 0; \
             k4<<<1, 32>>>(c ? d : e, c ? d : f, c ? g : h, c ? i : j{extra}); return 0; }}\n"
        )
    };
    let four = notes(&launch(""));
    assert!(overlap(&four).is_some(), "{four:?}");
    let kernel5 = kernel4
        .replace("k4(", "k5(")
        .replace("float *v)", "float *v, float *s)");
    let five = notes(&format!(
        "{kernel5}int main() {{ float *d, *e, *f, *g, *h, *i, *j, *l, *m; int c = 0; \
         k5<<<1, 32>>>(c ? d : e, c ? d : f, c ? g : h, c ? i : j, c ? l : m); return 0; }}\n"
    ));
    assert!(overlap(&five).is_none(), "{five:?}");
}

/// Wrappers are followed three calls up, not four.
#[test]
fn wrappers_are_followed_three_levels_up() {
    let chain = |levels: usize| {
        let mut s = String::from("static void w0(float *p, float *q) { k<<<1, 32>>>(p, q); }\n");
        for l in 1..levels {
            s += &format!(
                "static void w{l}(float *p, float *q) {{ w{}(p, q); }}\n",
                l - 1
            );
        }
        s + &format!(
            "int main() {{ float *d; w{}(d, d); return 0; }}\n",
            levels - 1
        )
    };
    assert_overlap(&chain(3));
    assert_distinct(&chain(4));
}

/// A wrapper's parameters are matched by position: `w(a, a, b)` passes
/// `q = a` and `r = b` to the launch, which do not overlap; `w(b, a, a)`
/// passes `a` twice.
#[test]
fn parameters_are_matched_by_position() {
    let wrapper = "static void w(float *p, float *q, float *r) { k<<<1, 32>>>(q, r); }\n";
    assert_distinct(&format!(
        "{wrapper}int main() {{ float *a, *b; w(a, a, b); return 0; }}\n"
    ));
    assert_overlap(&format!(
        "{wrapper}int main() {{ float *a, *b; w(b, a, a); return 0; }}\n"
    ));
}

/// Offsets add up through a wrapper: `w(d + 2, d)` launching with
/// `p + 1` passes `x = d + 3`, `y = d`.
#[test]
fn offsets_add_up_through_wrappers() {
    let note = assert_overlap(
        "static void w(float *p, float *q) { k<<<1, 32>>>(p + 1, q); }\n\
         int main() { float *d; w(d + 2, d); return 0; }\n",
    );
    assert!(note.ends_with("at offset -3"), "{note}");
}

/// A parameter the wrapper reassigns may hold the caller's array (at an
/// offset no longer known) or what it is assigned.
#[test]
fn a_reassigned_parameter_holds_the_callers_array_or_what_it_is_given() {
    let wrapper = "static void w(float *p, float *q, float *r) { q = r; k<<<1, 32>>>(p, q); }\n";
    // q = r = a: the launch passes a twice.
    assert_overlap(&format!(
        "{wrapper}int main() {{ float *a, *b; w(a, b, a); return 0; }}\n"
    ));
    // The launch passes a and c (or, were q not reassigned, a and b).
    assert_distinct(&format!(
        "{wrapper}int main() {{ float *a, *b, *c; w(a, b, c); return 0; }}\n"
    ));
    // `q++` moves q in the caller's array `a`, by an offset not shown.
    let moved = assert_overlap(
        "static void w(float *p, float *q) { q++; k<<<1, 32>>>(p, q); }\n\
         int main() { float *a; w(a, a); return 0; }\n",
    );
    assert!(moved.contains("any offset"), "{moved}");
}

/// A swap through a temporary, written with assignments only, exchanges
/// distinct buffers; a comparison of two pointers is no assignment.
#[test]
fn swaps_and_comparisons_do_not_make_pointers_meet() {
    assert_distinct(
        "int main() { float *a, *b, *t; float *src = a, *dst = b; \
         for (int i = 0; i < 4; i++) { k<<<1, 32>>>(dst, src); t = src; src = dst; dst = t; } return 0; }\n",
    );
    assert_distinct(
        "int main() { float *a, *b; float *src = a, *dst = b; \
         if (src != dst) k<<<1, 32>>>(dst, src); return 0; }\n",
    );
}

/// `src = dst` makes the next launch run in place, whatever is assigned
/// to `dst` after it.
#[test]
fn an_in_place_launch_is_found_before_a_later_assignment() {
    assert_overlap(
        "int main() { float *a, *b, *c; float *src = a, *dst = b; \
         k<<<1, 32>>>(dst, src); src = dst; k<<<1, 32>>>(dst, src); dst = c; return 0; }\n",
    );
}

/// A wrapper nobody calls still launches with its own parameters: `w1`
/// passes its one parameter twice.
#[test]
fn a_wrapper_nobody_calls_counts_with_its_own_parameters() {
    assert_overlap(&format!(
        "{WRAPPER}static void w1(float *p) {{ w(p, p); }}\n{}",
        main_with(2, "w(a0, a1);")
    ));
}

/// A context that names no parameter of its function is complete: it is
/// not followed to that function's callers (9 calls of `v` would make its
/// two launches 18 contexts, more than 16).
#[test]
fn a_context_without_parameters_is_not_followed_further() {
    let calls = ["v(0);"; 9].join(" ");
    assert_overlap(&format!(
        "{WRAPPER}static void v(int c) {{ float *d; w(d, d); w(d, d); }}\n{}",
        main_with(0, &calls)
    ));
}

/// Callers are searched in namespaces, eight deep but not nine.
#[test]
fn callers_in_namespaces_are_found_eight_deep() {
    let nested = |depth: usize| {
        let open: String = (0..depth).map(|i| format!("namespace n{i} {{ ")).collect();
        let close = "} ".repeat(depth);
        format!("{WRAPPER}{open}void run() {{ float *d; w(d, d); }} {close}\n")
    };
    assert_overlap(&nested(1));
    assert_overlap(&nested(8));
    assert_distinct(&nested(9));
}

/// The 16 call sites are counted wherever the calls are, inside blocks
/// too: 17 calls, each in a block of its own, are too many.
#[test]
fn call_sites_in_blocks_count_towards_the_contexts() {
    let blocks = |n: usize| {
        let mut calls: Vec<String> = (0..n)
            .map(|i| format!("{{ w(a{}, a{}); }}", 2 * i, 2 * i + 1))
            .collect();
        calls.insert(0, "{ w(d, d); }".into());
        calls.join(" ")
    };
    assert_overlap(&format!("{WRAPPER}{}", main_with(30, &blocks(15))));
    assert_distinct(&format!("{WRAPPER}{}", main_with(32, &blocks(16))));
}

/// A function with more than 256 pointer assignments is not searched for
/// the values of its variables (the variable's own storage only, under
/// the printed assumption); one with 256 is.
#[test]
fn pointer_assignments_are_searched_up_to_256() {
    let program = |n: usize| {
        let filler = "t = a; ".repeat(n);
        format!(
            "int main() {{ float *a, *b, *t; float *src = a, *dst = b; {filler}\
             src = dst; k<<<1, 32>>>(dst, src); return 0; }}\n"
        )
    };
    assert_overlap(&program(255));
    assert_distinct(&program(300));
}

/// A pointer of the file the host points at a buffer is that buffer.
#[test]
fn a_file_pointer_holds_what_main_assigns_it() {
    assert_overlap("float *g;\nint main() { float *d; g = d; k<<<1, 32>>>(d, g); return 0; }\n");
    assert_distinct(
        "float *g;\nint main() { float *d, *e; g = e; k<<<1, 32>>>(d, g); return 0; }\n",
    );
}
