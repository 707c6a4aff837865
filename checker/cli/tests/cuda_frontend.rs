//! The CUDA front end end to end: libclang must be installed (scripts/setup.sh),
//! so a missing libclang fails these tests instead of skipping them.

use mapcheck_core::check::check_kernel;
use mapcheck_core::verdict::{CheckOptions, Verdict};
use mapcheck_frontend::load;
use mapcheck_frontend::options::Flags;
use std::path::{Path, PathBuf};
use std::process::Command;

fn kernels_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../kernels")
}

fn write(dir: &tempfile::TempDir, name: &str, text: &str) -> PathBuf {
    let p = dir.path().join(name);
    std::fs::write(&p, text).expect("write kernel");
    p
}

fn verdicts(path: &Path) -> Vec<Verdict> {
    let kernels = load(path, &Flags::default()).expect("loads").kernels;
    kernels
        .iter()
        .flat_map(|k| check_kernel(k, &CheckOptions::default()).arrays)
        .map(|a| a.verdict)
        .collect()
}

#[test]
fn cuda_libclang_loads() {
    mapcheck_frontend::cuda::clang::ensure_loaded()
        .expect("libclang must be installed (scripts/setup.sh)");
}

#[test]
fn cuda_one_protocol_per_array_with_2d_indices() {
    let k = load(
        &kernels_dir().join("cuda/transpose-diagonal-racy.cu"),
        &Flags::default(),
    )
    .unwrap()
    .kernels;
    // One kernel per scope: within a block, and across blocks (global
    // memory only: each block has its own `tile`; no barrier).
    assert_eq!(k.len(), 2);
    assert_eq!(k[0].name, "transposeDiagonal");
    assert_eq!(k[0].program.arrays(), vec!["idata", "odata", "tile"]);
    assert_eq!(k[1].display_name(), "transposeDiagonal (across blocks)");
    assert_eq!(k[1].program.arrays(), vec!["idata", "odata"]);
    assert!(!k[1].program.to_string().contains("sync"));
    let text = k[0].program.to_string();
    assert!(
        text.contains("wr tile[threadIdx.y + i * 8][threadIdx.x]"),
        "{text}"
    );
    assert!(
        text.contains("assume blockDim.x == 32"),
        "header dims applied: {text}"
    );
}

#[test]
fn cuda_listing_2_1_racy_and_fixed() {
    let racy = verdicts(&kernels_dir().join("cuda/transpose-diagonal-racy.cu"));
    assert!(racy
        .iter()
        .any(|v| matches!(v, Verdict::Racy(w) if w.array == "tile")));
    let fixed = verdicts(&kernels_dir().join("cuda/transpose-diagonal-drf.cu"));
    let tile_ok = load(
        &kernels_dir().join("cuda/transpose-diagonal-drf.cu"),
        &Flags::default(),
    )
    .unwrap()
    .kernels;
    let opts = CheckOptions {
        array: Some("tile".into()),
        ..CheckOptions::default()
    };
    let r = check_kernel(&tile_ok[0], &opts);
    assert!(
        matches!(r.arrays[0].verdict, Verdict::Drf { .. }),
        "{:?}",
        r.arrays[0].verdict
    );
    assert!(!fixed.is_empty());
}

#[test]
fn cuda_unsupported_construct_is_never_drf() {
    let dir = tempfile::tempdir().unwrap();
    // A pointer reinterpreted with elements whose size neither divides nor
    // is a multiple of the floats' (3 bytes over 4): not a view.
    let p = write(
        &dir,
        "cast.cu",
        "__global__ void k(float *a) {\n  ((char3 *)a)[threadIdx.x].x = threadIdx.x;\n}\n",
    );
    let k = load(&p, &Flags::default()).unwrap().kernels;
    assert!(!k[0].unsupported.is_empty(), "the cast is recorded");
    assert_eq!(k[0].unsupported[0].span.line, 2);
    let vs = verdicts(&p);
    assert!(!vs.is_empty(), "the access through the cast is kept");
    for v in vs {
        assert!(!matches!(v, Verdict::Drf { .. }), "{v:?}");
    }
}

#[test]
fn cuda_recursion_is_unsupported() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(
        &dir,
        "rec.cu",
        "__device__ void f(int *a, int n) { if (n > 0) { a[n] = 0; f(a, n - 1); } }\n\
         __global__ void k(int *a) { f(a, threadIdx.x); }\n",
    );
    let k = load(&p, &Flags::default()).unwrap().kernels;
    assert!(k[0]
        .unsupported
        .iter()
        .any(|u| u.what.contains("recursive")));
}

#[test]
fn cuda_values_read_from_arrays_are_recorded_unknowns() {
    let k = load(
        &kernels_dir().join("cuda/read-index-racy.cu"),
        &Flags::default(),
    )
    .unwrap()
    .kernels;
    assert!(k[0].unknowns.iter().any(
        |u| matches!(&u.cause, mapcheck_core::kernel::UnknownCause::ArrayRead { array } if array == "A")
    ));
    assert_eq!(
        k[0].provenance,
        mapcheck_core::kernel::Provenance::CudaApproximated
    );
}

#[test]
fn cuda_defines_and_kernel_selection() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(
        &dir,
        "d.cu",
        "__global__ void a(int *x) { x[threadIdx.x + OFF] = 0; }\n__global__ void b(int *y) { y[0] = 1; }\n",
    );
    let opts = Flags {
        defines: vec!["OFF=1".into()],
        kernel: Some("a".into()),
        ..Flags::default()
    };
    let k = load(&p, &opts).unwrap().kernels;
    assert_eq!(k.len(), 2, "kernel `a` within a block and across blocks");
    assert!(k.iter().all(|k| k.name.starts_with("a")));
    assert!(k[0].program.to_string().contains("wr x[threadIdx.x + 1]"));
}

#[test]
fn cuda_parse_error_exits_2_with_diagnostics() {
    let bin = env!("CARGO_BIN_EXE_mapcheck");
    let out = Command::new(bin)
        .args(["check"])
        .arg(kernels_dir().join("bad/parse-error.cu"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("expected ')'"), "{err}");
}

/// `mapcheck check FILE`: its output and what it printed (standard
/// output, then standard error).
fn check_output(file: &Path) -> (std::process::Output, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .arg("check")
        .arg(file)
        .output()
        .expect("runs");
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (out, text)
}

/// A missing header does not end the parse: a kernel that uses a name it
/// would have declared is `unknown`, naming it at its line; the other
/// kernel of the file is checked.
#[test]
fn a_name_from_a_missing_header_makes_only_its_kernel_unknown() {
    let dir = tempfile::tempdir().expect("tempdir");
    let p = write(
        &dir,
        "tiles.cu",
        "#include \"tile_config_missing.h\"\n         __global__ void clean(int *a) { a[threadIdx.x] = 1; }\n         __global__ void tiled(int *b) {\n           b[threadIdx.x * TILE_WIDTH] = 2;\n         }\n",
    );
    let (out, text) = check_output(&p);
    assert!(text.contains("tile_config_missing.h"), "{text}");
    assert!(text.contains("kernel `clean`, array `a`: drf"), "{text}");
    // The statement that uses the name did not compile, so its array is
    // not known either: the kernel's one verdict is `unknown`.
    assert!(
        text.contains("kernel `tiled`, array `(unnamed)`: unknown"),
        "{text}"
    );
    assert!(
        text.contains("undeclared identifier 'TILE_WIDTH') at 4:"),
        "the name and its line: {text}"
    );
    assert_eq!(out.status.code(), Some(3), "{text}");
}

/// Partial input: a kernel that does not compile is `unknown` with clang's
/// error; the one that compiles is checked; an error no kernel reaches is
/// a warning; a file where no kernel compiles gives each kernel its
/// `unknown` (exit 3).
#[test]
fn cuda_partial_input_checks_the_kernels_that_compile() {
    let dir = tempfile::tempdir().expect("tempdir");
    let p = write(
        &dir,
        "mixed.cu",
        "__global__ void clean(int *a) { a[threadIdx.x] = 1; }\n\
         __global__ void broken(int *b) { b[0] = NOT_DEFINED + threadIdx.x; }\n\
         void host() { undeclared_call(); }\n",
    );
    let (out, text) = check_output(&p);
    assert!(text.contains("kernel `clean`, array `a`: drf"), "{text}");
    assert!(
        text.contains("kernel `broken`") && text.contains("does not compile"),
        "{text}"
    );
    assert!(text.contains("NOT_DEFINED"), "{text}");
    assert!(
        text.contains("warning") && text.contains("undeclared_call"),
        "{text}"
    );
    assert_eq!(out.status.code(), Some(3), "{text}");
    let only_broken = write(
        &dir,
        "broken.cu",
        "__global__ void broken(int *b) { b[0] = NOT_DEFINED; }\n",
    );
    let (out, text) = check_output(&only_broken);
    assert_eq!(out.status.code(), Some(3), "{text}");
    assert!(
        text.contains("kernel `broken`") && text.contains("NOT_DEFINED"),
        "{text}"
    );
}

/// The launch configuration comes from the host code: constants,
/// `#define`s and `dim3` variables, each component from the assignment
/// that reaches the launch; a component assigned only on some paths is not
/// trusted.
#[test]
fn cuda_launch_configuration_from_host_code() {
    let dir = tempfile::tempdir().expect("tempdir");
    let p = write(
        &dir,
        "prog.cu",
        "#define T 64\n\
         template <int B> __global__ void k(int *a, int n) { a[blockIdx.x * B + threadIdx.x] = n; }\n\
         int main(int argc, char **argv) {\n\
           int *a; dim3 grid(4, 2); dim3 other(4); dim3 maybe(4);\n\
           other.x = 8;\n\
           if (argc > 1) maybe.x = 16;\n\
           k<T><<<grid, T>>>(a, 5);\n\
           k<T><<<other, T>>>(a, 5);\n\
           k<T><<<maybe, T>>>(a, 5);\n\
         }\n",
    );
    let out = Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .arg("check")
        .arg(&p)
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        text.contains("prog.cu:7:1: gridDim = [4, 2, 1], blockDim = [64, 1, 1], B = 64, n = 5"),
        "{text}"
    );
    // `other.x = 8;` reaches its launch: 8 blocks.
    assert!(text.contains("prog.cu:8:1: gridDim = [8, 1, 1]"), "{text}");
    // `maybe.x` is 4 or 16: not fixed; its y and z are the declaration's.
    assert!(text.contains("prog.cu:9:1: gridDim = [?, 1, 1]"), "{text}");
}
