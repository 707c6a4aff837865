//! The command line's spellings of GPUVerify and Faial (`--blockDim=[16,16]`,
//! `--gridDim`, `-b`, `-g`, `-p NAME=VALUE`) and optional flag values given
//! only with `=` (`docs/command-line.md`).

use serde_json::Value;

mod support;
use support::run_in as mapcheck;

/// A kernel whose threads all write `A[0]` with their own `threadIdx.x`:
/// racy for any block of two threads or more, and the witness lists the
/// launch dimensions among its parameters.
const RACY_CU: &str = "__global__ void k(int *A) { A[0] = threadIdx.x + threadIdx.y; }\n";

/// The block and grid dimensions of the first race's witness.
fn launch_of(out: &str, err: &str) -> (Value, Value) {
    let doc: Value = serde_json::from_str(out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    let params = &doc["kernels"][0]["arrays"][0]["witness"]["params"];
    (params["blockDim.y"].clone(), params["gridDim.x"].clone())
}

#[test]
fn gpuverify_and_faial_dimension_spellings_are_aliases() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("k.cu"), RACY_CU).expect("writes");
    for args in [
        ["--block-dim", "8,16", "--grid-dim", "4"],
        ["--blockDim=[8,16]", "--gridDim=[4]", "--format", "json"],
        ["-b", "8,16", "-g", "4"],
        ["--local_size=8,16", "--num_groups=4", "--format", "json"],
    ] {
        let mut all = vec!["check", "k.cu", "--kernel", "k", "--block-level"];
        all.extend(args);
        if !all.contains(&"--format") {
            all.extend(["--format", "json"]);
        }
        let (code, out, err) = mapcheck(dir.path(), &all);
        assert_eq!(code, 1, "{args:?}: {out}{err}");
        assert_eq!(launch_of(&out, &err), (16.into(), 4.into()), "{args:?}");
    }
}

#[test]
fn dash_p_is_a_parameter_when_it_is_name_equals_value() {
    let dir = tempfile::tempdir().expect("tempdir");
    // Each thread writes its own cell, offset by the parameter N.
    std::fs::write(dir.path().join("k.proto"), "param N;\nwr[tid + N]\n").expect("writes");
    let (code, out, err) = mapcheck(dir.path(), &["check", "k.proto", "-p", "N=4"]);
    assert_eq!(code, 0, "{out}{err}");
    // A name that is not a parameter of the file is an error, as for --param.
    let (code, out, err) = mapcheck(dir.path(), &["check", "k.proto", "-p", "M=4"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("--param M"), "{err}");
    // Two database directories are a usage error.
    std::fs::create_dir(dir.path().join("b1")).expect("mkdir");
    std::fs::create_dir(dir.path().join("b2")).expect("mkdir");
    let (code, _, err) = mapcheck(dir.path(), &["check", "k.proto", "-p", "b1", "-p", "b2"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("-p b2"), "{err}");
}

#[test]
fn an_optional_value_without_equals_is_a_usage_error_that_says_so() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("k.cu"), RACY_CU).expect("writes");
    let (code, out, err) = mapcheck(dir.path(), &["check", "--warp-sync", "32", "k.cu"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("--warp-sync=32"), "{err}");
    // With `=` the value is the warp size.
    let (code, out, err) = mapcheck(dir.path(), &["check", "--warp-sync=32", "k.cu"]);
    assert_ne!(code, 2, "{out}{err}");
}

#[test]
fn a_param_that_names_nothing_of_a_cuda_file_is_an_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("k.cu"), RACY_CU).expect("writes");
    // A misspelt name is an error naming the kernel's parameters, not a
    // flag silently ignored.
    let (code, out, err) = mapcheck(dir.path(), &["check", "k.cu", "--param", "nn=4"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("--param nn") && err.contains("parameters: A;"),
        "{err}"
    );
    // A launch dimension is a name `--param` accepts.
    let (code, out, err) = mapcheck(dir.path(), &["check", "k.cu", "--param", "blockDim.x=8"]);
    assert_ne!(code, 2, "{out}{err}");
}

/// A kernel racy exactly when `n` is negative (every thread writes `a[0]`)
/// or when `m` is `UINT_MAX` (every thread writes `a[100]`); otherwise
/// each thread writes its own cell `a[threadIdx.x + 1]`.
const SIGNED_CU: &str = "__global__ void k(int *a, int n, unsigned m)\n{\n  if (n < 0) a[0] = threadIdx.x;\n  else a[threadIdx.x + 1] = 1;\n  if (m == 4294967295u) a[100] = threadIdx.x;\n}\n";

#[test]
fn a_param_takes_any_c_integer_converted_to_the_parameter_s_type() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("k.cu"), SIGNED_CU).expect("writes");
    let check = |params: &[&str]| {
        let mut args = vec!["check", "k.cu", "--block-dim", "32", "--block-level"];
        for p in params {
            args.extend(["--param", p]);
        }
        mapcheck(dir.path(), &args)
    };
    // A value below zero: racy, and the report says which value it used.
    let (code, out, err) = check(&["n=-5", "m=3"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("`n` = -5 (--param)"), "{out}");
    let (code, out, err) = check(&["n=5", "m=3"]);
    assert_eq!(code, 0, "{out}{err}");
    // -1 passed to an `unsigned` is UINT_MAX, and 2^32 - 1 passed to an
    // `int` is -1, as C converts them.
    let (code, out, err) = check(&["n=5", "m=-1"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("`m` = 4294967295 (--param m=-1, converted to its type)"),
        "{out}"
    );
    let (code, out, err) = check(&["n=4294967295", "m=3"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("`n` = -1"), "{out}");
    // A pointer has no integer value; a protocol's variables are naturals.
    let (code, out, err) = check(&["a=-1"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("--param a=-1"), "{err}");
    std::fs::write(dir.path().join("k.proto"), "param N;\nwr[tid + N]\n").expect("writes");
    let (code, out, err) = mapcheck(dir.path(), &["check", "k.proto", "--param", "N=-4"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("natural numbers"), "{err}");
}
