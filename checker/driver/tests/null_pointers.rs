//! Whether the host passes a pointer parameter null (`host_nullness.rs`,
//! `launches::null_pointers`), read off the fact printed when the
//! kernel's test of the pointer uses it: an allocation counts only when
//! it has a size fixed above 0 and runs before every run of the launch.

mod common;

/// A kernel that tests its pointer parameter `opt`.
const KERNEL: &str = "__global__ void k(int *a, const int *opt) {\n\
    if (!opt) a[0] = threadIdx.x; else a[threadIdx.x] = opt[threadIdx.x]; }\n";

/// The notes of `KERNEL` launched by the body of `main`.
fn notes(body: &str) -> Vec<String> {
    let source = format!(
        "{KERNEL}#define CHECK(c) do {{ if ((c) != 0) return 1; }} while (0)\n\
         int main(int argc, char **argv) {{ int *a, *d = 0; {body} return 0; }}\n"
    );
    common::printed_notes(&source)
}

fn not_null(notes: &[String]) -> bool {
    notes.iter().any(|n| n.contains("`opt` is not null"))
}

#[test]
fn an_allocation_before_the_launch_makes_the_pointer_not_null() {
    for body in [
        "cudaMalloc(&d, 64); k<<<1, 32>>>(a, d);",
        "cudaMalloc((void **)&d, 16 * sizeof(int)); k<<<1, 32>>>(a, d);",
        "CHECK(cudaMalloc(&d, 64)); k<<<1, 32>>>(a, d);",
        "cudaMallocManaged(&d, 64); { k<<<1, 32>>>(a, d); }",
    ] {
        let n = notes(body);
        assert!(not_null(&n), "{body}: {n:?}");
        assert!(n.iter().any(|x| x.contains("k.cu:")), "{body}: {n:?}");
    }
}

#[test]
fn an_allocation_that_may_not_run_first_leaves_the_pointer_open() {
    for body in [
        "k<<<1, 32>>>(a, d); cudaMalloc(&d, 64);",
        "if (argc > 1) cudaMalloc(&d, 64); k<<<1, 32>>>(a, d);",
        "argc > 1 && cudaMalloc(&d, 64); k<<<1, 32>>>(a, d);",
        "for (int i = 0; i < argc; i++) cudaMalloc(&d, 64); k<<<1, 32>>>(a, d);",
        "cudaMalloc(&d, argc); k<<<1, 32>>>(a, d);",
        "cudaMalloc(&d, 0); k<<<1, 32>>>(a, d);",
        "cudaMalloc(&d, 64); d = 0; k<<<1, 32>>>(a, d);",
        "cudaMalloc(&d, 64); int **q = &d; k<<<1, 32>>>(a, d);",
        "switch (argc) { case 1: cudaMalloc(&d, 64); case 2: k<<<1, 32>>>(a, d); }",
    ] {
        let n = notes(body);
        assert!(!not_null(&n), "{body}: {n:?}");
    }
}

#[test]
fn storage_the_host_declares_is_not_null() {
    for body in [
        "int h[4]; k<<<1, 32>>>(a, h);",
        "int x; k<<<1, 32>>>(a, &x);",
        "int *n = new int[argc]; k<<<1, 32>>>(a, n);",
    ] {
        assert!(not_null(&notes(body)), "{body}");
    }
}

#[test]
fn a_null_constant_at_every_launch_makes_the_pointer_null() {
    let null = |n: &[String]| n.iter().any(|x| x.contains("`opt` is null"));
    assert!(null(&notes(
        "k<<<1, 32>>>(a, nullptr); k<<<1, 32>>>(a, 0);"
    )));
    assert!(null(&notes("k<<<1, 32>>>(a, d);")));
    let mixed = notes("cudaMalloc(&d, 64); k<<<1, 32>>>(a, d); k<<<1, 32>>>(a, nullptr);");
    assert!(!null(&mixed) && !not_null(&mixed), "{mixed:?}");
}
