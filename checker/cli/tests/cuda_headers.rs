//! CUDA without the SDK, end to end through the `mapcheck` binary: the
//! embedded headers (`checker/frontend/cuda-prelude/include`) for whole programs,
//! textures, vector maths, cooperative groups, cuRAND and intrinsics (the
//! kernels of `kernels/cuda/headers/`), and input hygiene: bare file names,
//! Latin-1 files, GPUVerify's header flags.  Needs libclang
//! (scripts/setup.sh).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn header_kernels() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../kernels/cuda/headers")
}

fn mapcheck(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mapcheck"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("mapcheck runs")
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// Every kernel of `kernels/cuda/headers/` compiles and meets its
/// expectation (one DRF and one racy kernel per group of the header set).
#[test]
fn header_kernels_meet_their_expectations() {
    let out = mapcheck(
        &header_kernels(),
        &["suite", ".", "--format", "json", "--jobs", "2"],
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let t = &doc["totals"];
    for bad in ["missed_races", "false_alarms", "errors", "unknown"] {
        assert_eq!(t[bad], 0, "{bad}: {doc:#}");
    }
    assert!(t["correct_drf"].as_u64().unwrap() >= 9, "{doc:#}");
    assert!(t["correct_racy"].as_u64().unwrap() >= 7, "{doc:#}");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
}

/// A whole program: `<cuda.h>`, `<cstdio>`, `<iostream>`, `cudaMalloc`,
/// `cudaMemcpy` and a `<<<grid, block>>>` launch in `main` compile; the
/// kernel is checked.
#[test]
fn whole_program_with_host_code_compiles() {
    let out = mapcheck(&header_kernels(), &["check", "host-program-drf.cu"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(text(&out).contains("kernel `saxpy`, array `y`: drf"));
    let out = mapcheck(&header_kernels(), &["check", "host-program-racy.cu"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("array `sum`: racy"), "{}", text(&out));
}

/// `cd kernels/cuda && mapcheck check <file>`: a bare file name (whose
/// parent directory is the empty path) works, includes of the file's
/// directory too.
#[test]
fn bare_file_name_from_the_kernels_directory() {
    let cuda = header_kernels().join("..");
    let out = mapcheck(&cuda, &["check", "transpose-diagonal-drf.cu"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("sizes.h"), "#define N 64\n").unwrap();
    std::fs::write(
        dir.path().join("k.cu"),
        "#include \"sizes.h\"\n__global__ void k(int *a) { a[threadIdx.x % N] = 1; }\n",
    )
    .unwrap();
    let out = mapcheck(dir.path(), &["check", "k.cu", "--block-dim", "64"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
}

/// One Latin-1 byte (not UTF-8) in a comment does not reject the file, and
/// positions after it on the same line are exact.
#[test]
fn latin1_comment_is_accepted_with_exact_positions() {
    let dir = tempfile::tempdir().unwrap();
    let src: &[u8] = b"//xfail:NOT_ALL_VERIFIED\n//--blockDim=64\n\
        // r\xe9sum\xe9: every thread writes a[0]\n\
        __global__ void k(int *a) { /* \xe9 */ a[0] = threadIdx.x; }\n";
    std::fs::write(dir.path().join("latin1.cu"), src).unwrap();
    let out = mapcheck(dir.path(), &["check", "latin1.cu", "--format", "csv"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    // `a[0]` starts at character 37 of line 4 (the é is one character).
    let csv = String::from_utf8_lossy(&out.stdout);
    assert!(csv.contains("latin1.cu,k,a,racy,"), "{csv}");
    assert!(csv.contains(",4,37,4,37,"), "{csv}");
    let line4 = "__global__ void k(int *a) { /* \u{e9} */ a[0] = threadIdx.x; }";
    assert_eq!(line4.chars().skip(36).take(4).collect::<String>(), "a[0]");
}

/// GPUVerify's header flags that do not matter to mapcheck are accepted
/// (and reported as ignored), with or without values.
#[test]
fn gpuverify_header_flags_are_accepted() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("flags.cu"),
        "//pass\n//--blockDim=64 --gridDim=2 --no-inline --no-infer --only-intra-group \
         --warp-sync=32 --equality-abstraction --check-array-bounds --boogie-file=k.bpl \
         --kernel-args=k,4\n__global__ void k(int *a) { a[blockIdx.x * 64 + threadIdx.x] = 0; }\n",
    )
    .unwrap();
    let out = mapcheck(dir.path(), &["suite", ".", "--format", "csv"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("drf,drf,correct-drf"),
        "{}",
        text(&out)
    );
    let out = mapcheck(dir.path(), &["check", "flags.cu"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(text(&out).contains("`--no-infer` only means something to GPUVerify"));
}

/// Standard C and C++ headers keep working next to the CUDA ones, in host
/// and device code.
#[test]
fn standard_headers_in_host_and_device_code() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("std.cu"),
        "#include <cstdio>\n#include <cstdlib>\n#include <cmath>\n#include <cstring>\n\
         #include <cassert>\n#include <algorithm>\n#include <cuda_runtime.h>\n#include <helper_cuda.h>\n\
         __global__ void k(float *a) { int i = threadIdx.x; assert(i < 64);\n\
           a[i] = sqrtf(fabsf(a[i])) + powf(2.0f, 3); printf(\"%f\\n\", a[i]); }\n\
         int main() { float h[64]; memset(h, 0, sizeof h); float *d; \
           checkCudaErrors(cudaMalloc(&d, sizeof h)); k<<<1, 64>>>(d); \
           std::sort(h, h + 64); printf(\"%f\\n\", std::sqrt(h[0])); free(malloc(1)); return 0; }\n",
    )
    .unwrap();
    let out = mapcheck(dir.path(), &["check", "std.cu", "--block-dim", "64"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
}

/// The headers declare no operator at namespace scope (the vector and half
/// operators are hidden friends), so in a template kernel `a + i` on a
/// pointer of a dependent type stays pointer arithmetic: the protocol is
/// exact, as without the headers.
#[test]
fn template_kernel_arithmetic_is_not_an_unresolved_operator_call() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("t.cu"),
        "#include <cuda_fp16.h>\n#include <helper_math.h>\n\
         template <typename T> __global__ void k(T *a) {\n\
           T *p = a + threadIdx.x * 2;\n  p[0] = p[0] + p[1];\n\
           a[threadIdx.x * 2 + 1] -= a[threadIdx.x * 2];\n}\n\
         template __global__ void k<float>(float *);\n",
    )
    .unwrap();
    let out = mapcheck(dir.path(), &["check", "t.cu", "--show", "protocol"]);
    let all = text(&out);
    // Within a block (the kernel across blocks has `threadIdx` as locals).
    let protocol = all.split("(across blocks)").next().unwrap_or_default();
    assert!(
        protocol.contains("wr a[threadIdx.x * 2 + 1]") && !protocol.contains("local"),
        "{all}"
    );
    let out = mapcheck(dir.path(), &["check", "t.cu", "--block-dim", "64"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
}

/// A kernel written in a project header the file includes is checked (and
/// reported against the header); a file with no kernel at all is host
/// code: a note (`host code only`), exit status 0, never a silent
/// "nothing to check" and never an error.
#[test]
fn kernels_in_project_headers_are_checked_and_no_kernel_is_host_code() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("k.cuh"),
        "__global__ void inc(int *a) { a[0] = threadIdx.x; }\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("main.cu"),
        "//--blockDim=64\n#include \"k.cuh\"\n",
    )
    .unwrap();
    let out = mapcheck(dir.path(), &["check", "main.cu"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("k.cuh: kernel `inc`"), "{}", text(&out));
    std::fs::write(
        dir.path().join("none.cu"),
        "__device__ int f(int x) { return x; }\n",
    )
    .unwrap();
    let out = mapcheck(dir.path(), &["check", "none.cu"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    assert!(
        text(&out).contains("note: host code only: no `__global__` kernel"),
        "{}",
        text(&out)
    );
}
