//! Assumptions a verdict rests on must be printed with it: a kernel that
//! is racy only when a stated assumption fails is then answered
//! correctly for what it states.

mod common;

/// The notes printed with the kernels of `source`.
fn notes(source: &str) -> Vec<String> {
    common::printed_notes(source)
}

/// Pointer fields of struct parameters and file-scope pointers the host
/// sets are arrays of their own, distinct from the others: racy if the
/// host makes `p.a` and `p.b` (or `gp` and `out`) overlap.  That was
/// assumed without a word (the assumption on pointer parameters is
/// printed by the launches, and only for parameters).
#[test]
fn host_pointers_outside_parameters_are_assumed_distinct_aloud() {
    let fields = "struct P { int *a; int *b; };
__global__ void k(P p) { p.a[threadIdx.x] = p.b[threadIdx.x]; }
";
    let global = "__device__ int *gp;
__global__ void k(int *out) { out[threadIdx.x] = gp[threadIdx.x + 1]; }
";
    for (source, names) in [(fields, "`p.a`, `p.b`"), (global, "`gp`")] {
        let notes = notes(source);
        let stated = notes.iter().any(|n| {
            n.contains(names) && n.contains("point to distinct arrays that do not overlap")
        });
        assert!(stated, "{source}: {notes:?}");
    }
}
