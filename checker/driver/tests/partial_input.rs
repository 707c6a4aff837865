//! Partial input never loses a kernel: errors in host code (however many),
//! headers that are not there, and errors in headers are located and
//! touch only the kernels whose code holds them (`frontend::cuda::partial`).

mod common;

use mapcheck_core::check::check_kernel;
use mapcheck_core::verdict::Verdict;
use mapcheck_frontend::options::Flags;
use mapcheck_frontend::{load, load_source, Loaded};
use std::path::Path;

/// Each kernel (by display name) with the verdicts of its arrays.
fn verdicts(loaded: &Loaded) -> Vec<(String, Vec<Verdict>)> {
    loaded
        .kernels
        .iter()
        .map(|k| {
            let arrays = check_kernel(k, &loaded.options).arrays;
            (
                k.display_name(),
                arrays.into_iter().map(|a| a.verdict).collect(),
            )
        })
        .collect()
}

fn all_drf(v: &[(String, Vec<Verdict>)], kernel: &str) -> bool {
    let of_kernel: Vec<_> = v.iter().filter(|(k, _)| k.starts_with(kernel)).collect();
    !of_kernel.is_empty() && of_kernel.iter().all(|(_, a)| a.iter().all(Verdict::is_drf))
}

/// Race-free: each thread of the grid writes its own element.
const CLEAN_KERNEL: &str =
    "__global__ void ok(int *a) { a[blockIdx.x * blockDim.x + threadIdx.x] = 1; }\n";

/// clang stops reporting after 20 errors by default, with a "too many
/// errors" that has no position; that must not make the clean kernel
/// unreadable.
#[test]
fn a_clean_kernel_next_to_host_code_with_many_errors_is_checked() {
    let mut src = String::from(CLEAN_KERNEL);
    src.push_str("void host(void) {\n");
    for i in 0..25 {
        src.push_str(&format!("  undeclared_{i}(x{i});\n"));
    }
    src.push_str("}\n");
    let loaded = load_source(Path::new("k.cu"), &src, &Flags::default()).expect("loads");
    let v = verdicts(&loaded);
    assert!(all_drf(&v, "ok"), "{v:?}");
    // Every error is a warning located in the host function, none lost.
    assert!(loaded.warnings.len() >= 25, "{:#?}", loaded.warnings);
    let last = loaded.warnings.iter().any(|w| w.message.contains("'x24'"));
    assert!(last, "the 25th error is reported: {:#?}", loaded.warnings);
    assert!(loaded
        .warnings
        .iter()
        .all(|w| w.span.is_some_and(|s| s.line >= 3)));
}

#[test]
fn a_kernel_next_to_a_missing_library_header_is_checked() {
    let src = format!(
        "#include <thrust/device_vector.h>\n{CLEAN_KERNEL}\
         int main() {{ thrust::device_vector<int> d(64); ok<<<1, 64>>>(0); }}\n"
    );
    let loaded = load_source(Path::new("k.cu"), &src, &Flags::default()).expect("loads");
    let v = verdicts(&loaded);
    assert!(all_drf(&v, "ok"), "{v:?}");
    let missing = &loaded.warnings[0];
    assert!(
        missing
            .message
            .contains("`thrust/device_vector.h` not found"),
        "{missing:?}"
    );
    assert_eq!(missing.span.map(|s| s.line), Some(1));
    // The verdict says what it rests on.
    let notes: Vec<String> = loaded.kernels.iter().flat_map(|k| k.assumed()).collect();
    assert!(
        notes
            .iter()
            .any(|n| n.contains("missing header `thrust/device_vector.h`")),
        "{notes:?}"
    );
}

#[test]
fn a_kernel_using_a_name_of_a_missing_header_is_unknown_there() {
    let src = format!(
        "#include <cub/cub.cuh>\n\
         __global__ void uses(float *v) {{\n\
         \x20 float s = cub::ThreadLoad<cub::LOAD_CG>(v + threadIdx.x);\n\
         \x20 v[threadIdx.x] = s;\n\
         }}\n\
         {CLEAN_KERNEL}"
    );
    let loaded = load_source(Path::new("k.cu"), &src, &Flags::default()).expect("loads");
    let v = verdicts(&loaded);
    assert!(all_drf(&v, "ok"), "the other kernel is checked: {v:?}");
    let uses: Vec<&Verdict> = v
        .iter()
        .filter(|(k, _)| k.starts_with("uses"))
        .flat_map(|(_, a)| a)
        .collect();
    assert!(!uses.is_empty());
    for verdict in uses {
        let Verdict::Unknown { reason, span } = verdict else {
            panic!("not unknown: {verdict:?}");
        };
        assert!(reason.contains("undeclared identifier 'cub'"), "{reason}");
        assert_eq!(span.map(|s| (s.line, s.col)), Some((3, 13)));
    }
}

/// A file-scope declaration of an included header is compared with the
/// errors of its own file: an error of the main file at the same line
/// number does not touch it (nor, through it, the kernel).
#[test]
fn a_header_global_is_compared_in_the_header_lines() {
    let dir = tempfile::tempdir().expect("temporary directory");
    std::fs::write(
        dir.path().join("table.h"),
        "// a table the kernel reads\n\n__device__ int table[64];\n",
    )
    .expect("write header");
    let main = dir.path().join("main.cu");
    std::fs::write(
        &main,
        "#include \"table.h\"\nvoid host() {\n  broken_call();\n}\n\
         __global__ void copy(int *out) { out[threadIdx.x] = table[threadIdx.x]; }\n",
    )
    .expect("write main file");
    let loaded = load(&main, &Flags::default()).expect("loads");
    let v = verdicts(&loaded);
    assert!(all_drf(&v, "copy"), "{v:?}");
    assert_eq!(loaded.warnings.len(), 1, "{:#?}", loaded.warnings);
}

/// A launch in host code clang could not compile is missing from its
/// tree; the launch that is seen (1 block) must not fix the grid, since
/// the lost one (2 blocks) makes `bump` race across blocks on `a[0]`.
#[test]
fn a_launch_in_code_that_does_not_compile_leaves_the_grid_free() {
    let src = "__global__ void bump(int *a) {\n\
               \x20 int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
               \x20 a[i % 256] += 1;\n\
               }\n\
               void sweep(int *a) { bump<<<2, 256, 0, plan_stream(plan)>>>(a); }\n\
               int main() { int *d; bump<<<1, 256>>>(d); sweep(d); return 0; }\n";
    let loaded = load_source(Path::new("k.cu"), src, &Flags::default()).expect("loads");
    let across = loaded
        .kernels
        .iter()
        .find(|k| k.display_name().contains("across blocks"))
        .expect("checked across blocks");
    let arrays = check_kernel(across, &loaded.options).arrays;
    assert!(arrays.iter().any(|a| a.verdict.is_racy()), "{arrays:?}");
    let lost = across
        .assumed()
        .into_iter()
        .find(|a| a.contains("could not compile"));
    assert!(
        lost.is_some_and(|n| n.contains("k.cu:5")),
        "{:?}",
        across.assumed()
    );
}

/// Without errors the tree is whole: the one launch fixes the grid, and
/// nothing is said about code that does not compile.
#[test]
fn a_file_without_errors_has_no_lost_launch() {
    let src = "__global__ void bump(int *a) {\n\
               \x20 int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
               \x20 a[i % 256] += 1;\n\
               }\n\
               // bump<<<2, 256>>>(d) in a comment is not a launch\n\
               int main() { int *d; bump<<<1, 256>>>(d); return 0; }\n";
    let loaded = load_source(Path::new("k.cu"), src, &Flags::default()).expect("loads");
    let v = verdicts(&loaded);
    assert!(all_drf(&v, "bump"), "{v:?}");
    assert!(loaded
        .kernels
        .iter()
        .all(|k| k.assumed().iter().all(|a| !a.contains("could not compile"))));
}

/// The verdicts of the kernels whose names start with `kernel`: each
/// must be `unknown`, at `at` (line, column), with a reason holding
/// `because`.
fn assert_unknown_at(v: &[(String, Vec<Verdict>)], kernel: &str, at: (u32, u32), because: &str) {
    let of_kernel: Vec<&Verdict> = v
        .iter()
        .filter(|(k, _)| k.starts_with(kernel))
        .flat_map(|(_, a)| a)
        .collect();
    assert!(!of_kernel.is_empty(), "no kernel `{kernel}`: {v:?}");
    for verdict in of_kernel {
        let Verdict::Unknown { reason, span } = verdict else {
            panic!("not unknown: {verdict:?}");
        };
        assert!(reason.contains(because), "{reason}");
        assert_eq!(span.map(|s| (s.line, s.col)), Some(at));
    }
}

/// A file in which no kernel compiles still gives each kernel its
/// verdict: `unknown` at its own error, not a rejected file.
#[test]
fn kernels_that_all_fail_to_compile_are_each_unknown_at_their_error() {
    let src = "__global__ void first(int *a) { a[threadIdx.x] = undeclared_value; }\n\
               __global__ void second(int *b) {\n  b[0] = other_missing(threadIdx.x);\n}\n";
    let loaded = load_source(Path::new("k.cu"), src, &Flags::default()).expect("loads");
    let v = verdicts(&loaded);
    assert_unknown_at(&v, "first", (1, 50), "undeclared_value");
    assert_unknown_at(&v, "second", (3, 10), "other_missing");
}

/// A syntax error that leaves no kernel to find in a file that declares
/// one is a located error: the file's kernels are lost, not host code.
#[test]
fn a_file_whose_errors_hide_every_kernel_is_rejected_at_the_error() {
    let src = "__global__ void broken(int *a\n{\n  a[threadIdx.x] = 1;\n}\n";
    let Err(e) = load_source(Path::new("k.cu"), src, &Flags::default()) else {
        panic!("loaded a file whose only kernel clang cannot find");
    };
    assert_eq!(e.span.map(|s| (s.line, s.col)), Some((2, 1)), "{e:?}");
    assert!(e.message.contains("expected ')'"), "{}", e.message);
    // Without `__global__` it is host code with errors: warnings only.
    let host = "void host(int *a\n{\n}\n";
    let loaded = load_source(Path::new("h.cu"), host, &Flags::default()).expect("host code");
    assert!(loaded.kernels.is_empty());
    assert!(!loaded.warnings.is_empty());
}

/// Partial input through a function pointer: `put` does not compile (an
/// undeclared name) and the kernel runs it through a pointer.  However
/// the error is fixed, every thread writes a[0] in `put` (threads 0 and 1
/// race there): the kernel must not be DRF; it is `unknown` at the error.
#[test]
fn a_kernel_reaching_an_error_through_a_pointer_is_unknown_there() {
    let src = "__device__ void put(int *a)\n{\n  a[0] = threadIdx.x + undeclared_offset;\n}\n\
               __global__ void k(int *a)\n{\n  void (*f)(int *) = put;\n  f(a);\n}\n";
    let loaded = load_source(Path::new("k.cu"), src, &Flags::default()).expect("loads");
    let v = verdicts(&loaded);
    assert_unknown_at(&v, "k", (3, 24), "undeclared_offset");
}
