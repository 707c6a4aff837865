//! `mapcheck.toml` (include directories, definitions, suppressions) and
//! inline suppressions, through `mapcheck check` (`docs/ci.md`).

use serde_json::Value;
use std::path::Path;

mod support;
use support::run_in as mapcheck;

fn write(dir: &Path, name: &str, text: &str) {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).expect("mkdir");
    }
    std::fs::write(path, text).expect("writes");
}

/// Every thread writes its own `threadIdx.x` into `A[0]`: a write/write
/// race of two threads of a block, both accesses on line 2.
const RACY: &str = "__global__ void k(int *A) {\n  A[0] = threadIdx.x;\n}\n";

#[test]
fn an_inline_comment_with_a_reason_suppresses_the_race_it_is_on() {
    let dir = tempfile::tempdir().expect("tempdir");
    let commented = RACY.replace(
        "threadIdx.x;",
        "threadIdx.x; // mapcheck-ignore: data-race — any thread's index will do",
    );
    write(dir.path(), "k.cu", &commented);
    let args = ["check", "k.cu", "--block-level"];
    let (code, out, err) = mapcheck(dir.path(), &args);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains(": racy"), "the verdict stays: {out}");
    assert!(
        out.contains("suppressed (k.cu:2): any thread's index will do"),
        "{out}"
    );
    let (_, out, _) = mapcheck(
        dir.path(),
        &["check", "k.cu", "--block-level", "--format", "sarif"],
    );
    let doc: Value = serde_json::from_str(&out).expect("SARIF");
    let s = &doc["runs"][0]["results"][0]["suppressions"][0];
    assert_eq!(s["kind"], "inSource", "{doc:#}");
    // Without a reason, the comment suppresses nothing.
    let bare = RACY.replace("threadIdx.x;", "threadIdx.x; // mapcheck-ignore: data-race");
    write(dir.path(), "k.cu", &bare);
    let (code, out, err) = mapcheck(dir.path(), &args);
    assert_eq!(code, 1, "{out}{err}");
}

#[test]
fn the_configuration_suppresses_includes_and_defines() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    write(d, "src/k.cu", RACY);
    // `IDX` comes from an include directory, `OFFSET` from a definition:
    // without them the kernel does not compile.
    write(d, "inc/idx.h", "#define IDX (threadIdx.x + OFFSET)\n");
    write(
        d,
        "src/own.cu",
        "#include \"idx.h\"\n__global__ void own(int *B) { B[IDX] = 1; }\n",
    );
    let (code, out, err) = mapcheck(d, &["check", "src", "--block-level"]);
    // Without the configuration `idx.h` is missing: `own` is unknown at
    // the undeclared `IDX` (exit 3), and `k`'s race decides the exit (1).
    assert_eq!(code, 1, "no configuration yet: {out}{err}");
    assert!(
        out.contains("kernel `own`, array `(unnamed)`: unknown") && out.contains("'IDX'"),
        "{out}"
    );
    write(
        d,
        "mapcheck.toml",
        "include = [\"inc\"]\ndefine = [\"OFFSET=1\"]\n\n[[suppress]]\nfile = \"src/k.cu\"\nkernel = \"k\"\narray = \"A\"\nreason = \"reviewed: any index will do\"\n",
    );
    let (code, out, err) = mapcheck(d, &["check", "src", "--block-level"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(err.contains("note: using"), "{err}");
    assert!(out.contains("suppressed ("), "{out}");
    assert!(
        out.contains("mapcheck.toml): reviewed: any index will do"),
        "{out}"
    );
    assert!(out.contains("kernel `own`, array `B`: drf"), "{out}");
    // An entry for another array suppresses nothing.
    let other = std::fs::read_to_string(d.join("mapcheck.toml"))
        .expect("reads")
        .replace("array = \"A\"", "array = \"C\"");
    write(d, "mapcheck.toml", &other);
    let (code, out, err) = mapcheck(d, &["check", "src", "--block-level"]);
    assert_eq!(code, 1, "{out}{err}");
}

#[test]
fn a_bad_configuration_is_a_located_usage_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(dir.path(), "k.cu", RACY);
    write(dir.path(), "mapcheck.toml", "includes = [\"inc\"]\n");
    let (code, out, err) = mapcheck(dir.path(), &["check", "k.cu"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("mapcheck.toml") && err.contains("includes"),
        "{err}"
    );
}

/// Two kernels of one file that are race-free only under what their
/// callers guarantee: `pad` with `n >= blockDim.x` (its padding cells
/// `a[n + t]` then miss the body cells `a[t]`), `fold` with `width` at
/// least the launched thread count (no index is folded).  A `[[kernel]]`
/// entry states each for its kernel alone; the other kernel and the other
/// file keep the plain check.
const TWO_KERNELS: &str = "\
__global__ void pad(float *a, int n) {
  a[threadIdx.x] = 0.0f;
  a[n + threadIdx.x] = 1.0f;
}
__global__ void fold(int *row, int width) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= width)
    i -= width;
  row[i] = i;
}
";

#[test]
fn kernel_entries_give_one_kernel_its_launch_parameters_and_assumptions() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    write(d, "src/two.cu", TWO_KERNELS);
    write(d, "other/two.cu", TWO_KERNELS);
    let verdicts = |out: &str| -> Vec<(String, String)> {
        let v: Value = serde_json::from_str(out).expect("JSON");
        let kernels = v["kernels"].as_array().expect("kernels").clone();
        kernels
            .iter()
            .map(|k| {
                let name = k["kernel"].as_str().expect("name").to_string();
                let verdict = k["arrays"][0]["verdict"].as_str().expect("verdict");
                (name, verdict.to_string())
            })
            .collect()
    };
    let args = [
        "check",
        "src/two.cu",
        "--block-level",
        "--no-suggest",
        "--format",
        "json",
    ];
    let (code, out, _) = mapcheck(d, &args);
    assert_eq!(code, 1);
    assert!(verdicts(&out).iter().all(|(_, v)| v == "racy"), "{out}");
    write(
        d,
        "mapcheck.toml",
        "[[kernel]]\nname = \"pad\"\nfile = \"src/two.cu\"\nblock_dim = [128]\nparams = { n = 128 }\n\n\
         [[kernel]]\nname = \"fold\"\nfile = \"src/two.cu\"\nassume = [\"width >= gridDim.x * blockDim.x\"]\n",
    );
    let (code, out, err) = mapcheck(d, &args);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(
        verdicts(&out),
        [("pad".into(), "drf".into()), ("fold".into(), "drf".into())],
        "the kernels keep their order: {out}"
    );
    assert!(
        out.contains("blockDim = [128], n = 128 ([[kernel]] `pad`"),
        "{out}"
    );
    // The entries name src/two.cu: the same kernels elsewhere stay racy.
    let other = [
        "check",
        "other/two.cu",
        "--block-level",
        "--no-suggest",
        "--format",
        "json",
    ];
    let (code, out, _) = mapcheck(d, &other);
    assert_eq!(code, 1, "{out}");
    // An assumption that does not compile in its kernel is a usage error.
    write(
        d,
        "mapcheck.toml",
        "[[kernel]]\nname = \"pad\"\nassume = [\"m > 0\"]\n",
    );
    let (code, _, err) = mapcheck(d, &args);
    assert_eq!(code, 2, "{err}");
    write(
        d,
        "mapcheck.toml",
        "[[kernel]]\nname = \"pad\"\nblock_dim = [0]\n",
    );
    let (code, _, err) = mapcheck(d, &args);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("block_dim is 1 to 3 positive numbers"),
        "{err}"
    );
}
