//! What the launches of a kernel fix (`launches.rs`), read off the notes
//! printed with its verdict: where each launch is, the offsets at which
//! launches make two pointer parameters overlap, that several launches
//! agree only on what they share, that a header's dimensions win, and
//! the explicit instantiations of a template kernel.

mod common;

const KERNEL: &str =
    "__global__ void k(float *x, float *y) { x[threadIdx.x] = y[threadIdx.x + 1]; }\n";

/// The notes printed with the kernels of `source`.
fn notes(source: &str) -> Vec<String> {
    common::printed_notes(source)
}

fn has(notes: &[String], text: &str) -> bool {
    notes.iter().any(|n| n.contains(text))
}

/// `KERNEL` launched by `launches` in `main`.
fn program(launches: &str) -> String {
    format!("{KERNEL}int main() {{ float *d, *a, *b; int n = 3; {launches} return 0; }}\n")
}

#[test]
fn each_launch_is_described_at_its_place() {
    let n = notes(&program("k<<<2, 32>>>(a, b);"));
    assert!(
        has(
            &n,
            "the launch at k.cu:2:43: gridDim = [2, 1, 1], blockDim = [32, 1, 1]"
        ),
        "{n:?}"
    );
}

/// Launches that agree on an offset fix it; launches that differ leave
/// it open (each offset is taken by some launch).
#[test]
fn an_alias_offset_is_fixed_only_when_every_launch_agrees() {
    let same = notes(&program("k<<<1, 32>>>(d, d + 1); k<<<1, 32>>>(d, d + 1);"));
    assert!(has(&same, "one array, `y` at offset 1"), "{same:?}");
    let differ = notes(&program("k<<<1, 32>>>(d, d + 1); k<<<1, 32>>>(d, d + 2);"));
    assert!(has(&differ, "one array, `y` at any offset"), "{differ:?}");
    let one_overlaps = notes(&program("k<<<1, 32>>>(d, d + 1); k<<<1, 32>>>(a, b);"));
    assert!(
        has(&one_overlaps, "one array, `y` at any offset"),
        "{one_overlaps:?}"
    );
}

#[test]
fn several_launches_are_said_to_agree_only_on_what_they_share() {
    let agree = "the 2 launches of `k` agree on what is fixed above";
    assert!(has(
        &notes(&program("k<<<1, 32>>>(a, b); k<<<2, 32>>>(a, b);")),
        agree
    ));
    let one = notes(&program("k<<<1, 32>>>(a, b);"));
    assert!(!has(&one, "launches of `k` agree"), "{one:?}");
}

/// Dimensions of the header replace the launches', either family alone.
#[test]
fn header_dimensions_replace_the_launches_aloud() {
    let replaced = "dimensions given by the header or the command line replace the launches'";
    for header in ["//--blockDim=64\n", "//--gridDim=4\n"] {
        let n = notes(&format!("{header}{}", program("k<<<1, 32>>>(a, b);")));
        assert!(has(&n, replaced), "{header}: {n:?}");
    }
    let n = notes(&program("k<<<1, 32>>>(a, b);"));
    assert!(!has(&n, replaced), "{n:?}");
}

/// A template kernel without launches: each explicit instantiation is
/// named at its place, with its arguments.
#[test]
fn explicit_instantiations_are_named_with_their_arguments() {
    let source = "template <int N> __global__ void t(int *a) { a[threadIdx.x % N] = 1; }\n\
                  template __global__ void t<64>(int *);\n\
                  template __global__ void t<32>(int *);\n";
    let n = notes(source);
    assert!(
        has(&n, "the explicit instantiation at k.cu:2:1: N = 64"),
        "{n:?}"
    );
    assert!(
        has(&n, "the explicit instantiation at k.cu:3:1: N = 32"),
        "{n:?}"
    );
}

/// The dynamic shared memory a launch asks for is part of its
/// description; none asked, none said.
#[test]
fn dynamic_shared_memory_is_described_when_asked_for() {
    let n = notes(&program("k<<<1, 32, 256>>>(a, b);"));
    assert!(
        has(
            &n,
            "blockDim = [32, 1, 1], 256 bytes of dynamic shared memory"
        ),
        "{n:?}"
    );
    let n = notes(&program("k<<<1, 32, 0>>>(a, b);"));
    assert!(!has(&n, "dynamic shared memory"), "{n:?}");
}

/// A branch the host never takes launches nothing: the `else` of a
/// condition fixed true, the `then` of one fixed false.
#[test]
fn launches_in_branches_the_host_never_takes_fix_nothing() {
    for launches in [
        "if (1) k<<<1, 32>>>(a, b); else k<<<1, 32>>>(d, d);",
        "if (0) k<<<1, 32>>>(d, d); else k<<<1, 32>>>(a, b);",
    ] {
        let n = notes(&program(launches));
        assert!(!has(&n, "may overlap"), "{launches}: {n:?}");
        assert!(
            has(&n, "`x`, `y` point to distinct arrays"),
            "{launches}: {n:?}"
        );
    }
    let live = notes(&program(
        "if (n) k<<<1, 32>>>(d, d); else k<<<1, 32>>>(a, b);",
    ));
    assert!(has(&live, "may overlap"), "{live:?}");
}

/// The explicit instantiation of another template is not one of the
/// kernel's, even when it is written with `<`.
#[test]
fn an_instantiation_of_another_template_is_not_the_kernels() {
    let source = "template <int N> __global__ void t(int *a) { a[threadIdx.x % N] = 1; }\n\
                  template <typename T> void fill(T *p) { p[0] = 0; }\n\
                  template void fill<float>(float *);\n";
    let n = notes(source);
    assert!(!has(&n, "explicit instantiation"), "{n:?}");
}

/// Template arguments of an explicit instantiation: hexadecimal and
/// suffixed literals, `true`, and type arguments holding `<`, `,` and
/// `>>`; an argument that is not a literal fixes nothing.
#[test]
fn instantiation_arguments_are_read_from_their_tokens() {
    let source = "template <typename T> struct S {};\n\
                  template <typename T, int N, bool B> __global__ void t(int *a) { a[threadIdx.x % N] = B; }\n\
                  template __global__ void t<S<S<int>>, 0x20u, true>(int *);\n\
                  template __global__ void t<S<int>, 8L, false>(int *);\n\
                  template __global__ void t<int, 2 + 2, false>(int *);\n";
    let n = notes(source);
    assert!(
        has(&n, "the explicit instantiation at k.cu:3:1: N = 32, B = 1"),
        "{n:?}"
    );
    assert!(
        has(&n, "the explicit instantiation at k.cu:4:1: N = 8, B = 0"),
        "{n:?}"
    );
    assert!(
        has(&n, "the explicit instantiation at k.cu:5:1: B = 0"),
        "{n:?}"
    );
    // `>>>` (one token in CUDA) closes two nested lists and this one;
    // brackets in parentheses are operators.
    let source = "template <typename T> struct S {};\n\
                  template <int N, typename T> __global__ void u(int *a) { a[threadIdx.x % N] = 1; }\n\
                  template __global__ void u<32, S<S<int>>>(int *);\n\
                  template __global__ void u<(2 > 1), S<int>>(int *);\n";
    let n = notes(source);
    assert!(
        has(
            &n,
            "checked as its instance `u<32, S < S < int >>>`: N = 32, T = S < S < int >>"
        ),
        "{n:?}"
    );
    assert!(has(&n, "T = S < int >"), "{n:?}");
    // A comma inside a nested list or parentheses separates nothing, nor
    // does `<` in parentheses open a list.
    let source = "template <typename A, typename B> struct P {};\n\
                  template <typename T, int N> __global__ void v(int *a) { a[threadIdx.x % N] = 1; }\n\
                  template <bool B, int N> __global__ void w(int *a) { a[threadIdx.x % N] = B; }\n\
                  template __global__ void v<P<int, char>, 8>(int *);\n\
                  template __global__ void w<(1 < 2), 16>(int *);\n\
                  template __global__ void w<(1, 0), 4>(int *);\n";
    let n = notes(source);
    assert!(
        has(&n, "the explicit instantiation at k.cu:4:1: N = 8"),
        "{n:?}"
    );
    assert!(
        has(&n, "the explicit instantiation at k.cu:5:1: N = 16"),
        "{n:?}"
    );
    assert!(
        has(&n, "the explicit instantiation at k.cu:6:1: N = 4"),
        "{n:?}"
    );
}

/// A template kernel read as one template (a template template parameter
/// cannot be declared in an instance): what its explicit instantiations
/// differ on is said to stay symbolic, and only then.
#[test]
fn instantiations_that_differ_are_said_to_leave_arguments_symbolic() {
    let kernel = "template <typename T> struct Box {};\n\
                  template <template <typename> class C, int N> __global__ void t(int *a) { a[threadIdx.x % N] = 1; }\n";
    let symbolic = "template arguments the explicit instantiations differ on stay symbolic";
    let two = notes(&format!(
        "{kernel}template __global__ void t<Box, 64>(int *);\ntemplate __global__ void t<Box, 32>(int *);\n"
    ));
    assert!(has(&two, symbolic), "{two:?}");
    let one = notes(&format!(
        "{kernel}template __global__ void t<Box, 64>(int *);\n"
    ));
    assert!(!has(&one, symbolic), "{one:?}");
}

/// The kernels of `source` (`k.cu`), the scope within a block first.
fn kernels(source: &str) -> Vec<mapcheck_ir::kernel::Kernel> {
    let flags = mapcheck_frontend::options::Flags::default();
    let path = std::path::Path::new("k.cu");
    mapcheck_frontend::load_source(path, source, &flags)
        .expect("loads")
        .kernels
}

/// The typed launch says where each dimension comes from, and each
/// assumption of the kernel has its origin.
#[test]
fn the_launch_and_the_assumptions_carry_their_origin() {
    use mapcheck_ir::launch::{Extent, Origin};
    use mapcheck_ir::threads::{Axis, Builtin};
    let src = "//--gridDim=4\n__global__ void k(float *x) {\n  __requires(blockDim.x == 64);\n  x[threadIdx.x] = 0;\n}\n";
    let k = &kernels(src)[0];
    let launch = k.launch.as_ref().expect("a CUDA kernel has a launch");
    let dim = |f, a| launch.dim(f, a).clone();
    let x = dim(Builtin::BlockDim, Axis::X);
    assert_eq!(x.extent, Extent::Known(64));
    assert!(matches!(x.origin, Origin::Code(s) if s.line == 3), "{x:?}");
    let y = dim(Builtin::BlockDim, Axis::Y);
    assert!(matches!(y.origin, Origin::Default(_)) && y.known() == Some(1));
    let g = dim(Builtin::GridDim, Axis::X);
    assert_eq!((g.known(), g.origin), (Some(4), Origin::Header));
    let origin_of = |text: &str| {
        let found = k.facts().find(|(a, _)| a.cond.to_string() == text);
        found.map(|(_, o)| o.clone())
    };
    assert_eq!(origin_of("gridDim.x == 4"), Some(Origin::Header));
    assert!(matches!(
        origin_of("blockDim.x == 64"),
        Some(Origin::Code(_))
    ));
    assert!(matches!(
        origin_of("blockDim.z == 1"),
        Some(Origin::Default(_))
    ));
    assert_eq!(origin_of("blockDim.x <= 1024"), Some(Origin::Cuda));
    assert_eq!(k.facts().count(), k.program.assumptions.len());
    let launched = kernels(&program("k<<<2, 32>>>(a, b);"));
    let d = launched[1].launch.as_ref().expect("a launch").block[0].clone();
    match d.origin {
        Origin::Launches(sites) => assert_eq!((sites[0].span.line, sites[0].span.col), (2, 43)),
        other => panic!("{other:?}"),
    }
    assert_eq!(d.extent, Extent::Known(32));
}
