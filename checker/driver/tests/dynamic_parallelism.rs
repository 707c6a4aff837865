//! Kernels launched in device code (`docs/cuda-model.md`, "Dynamic
//! parallelism"): the child is checked in its own right, launched unseen;
//! for the parent the launch reads and writes what the child can reach,
//! and what may come after it while the child runs makes the parent
//! `unknown`, never DRF.

mod common;

use mapcheck_core::check::check_kernel;
use mapcheck_core::verdict::Verdict;
use mapcheck_frontend::options::Flags;
use mapcheck_frontend::{load_source, Loaded};
use std::path::Path;

/// The verdicts of the arrays of the kernels whose display names start
/// with `kernel`.
fn verdicts_of(loaded: &Loaded, kernel: &str) -> Vec<Verdict> {
    let of: Vec<_> = loaded
        .kernels
        .iter()
        .filter(|k| k.display_name().starts_with(kernel))
        .collect();
    assert!(!of.is_empty(), "no kernel `{kernel}`");
    of.iter()
        .flat_map(|k| check_kernel(k, &loaded.options).arrays)
        .map(|a| a.verdict)
        .collect()
}

fn loaded(src: &str) -> Loaded {
    load_source(Path::new("k.cu"), src, &Flags::default()).expect("loads")
}

/// Race-free child: each thread writes its own cell.
const CHILD: &str = "__global__ void child(int *a, int n) {\n\
    \x20 int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
    \x20 if (i < n) a[i] = i;\n}\n";

/// Old code waits for its child with a device-side `cudaDeviceSynchronize`
/// (removed in CUDA 12) and reads what it wrote: mapcheck does not take it
/// to order anything, so the parent is unknown at the launch.
#[test]
fn a_parent_reading_after_its_child_is_unknown_at_the_launch() {
    let src = format!(
        "{CHILD}__global__ void parent(int *a, int *out, int n) {{\n\
         \x20 if (threadIdx.x == 0 && blockIdx.x == 0) {{\n\
         \x20   child<<<(n + 63) / 64, 64>>>(a, n);\n\
         \x20   cudaDeviceSynchronize();\n\
         \x20   out[0] = a[0];\n\
         \x20 }}\n}}\n\
         int main() {{ int *a, *o; parent<<<4, 64>>>(a, o, 256); return 0; }}\n"
    );
    let loaded = loaded(&src);
    assert!(verdicts_of(&loaded, "child").iter().all(Verdict::is_drf));
    let parent = verdicts_of(&loaded, "parent");
    assert!(!parent.is_empty());
    for v in parent {
        let Verdict::Unknown { reason, span } = &v else {
            panic!("not unknown: {v:?}");
        };
        assert!(reason.contains("runs concurrently"), "{reason}");
        assert!(reason.contains("`a` at 9:14"), "{reason}");
        assert_eq!(span.map(|s| (s.line, s.col)), Some((7, 5)), "{reason}");
    }
}

/// A launch in a loop launches the child again while the earlier one
/// runs, on the same array: unknown, never DRF.
#[test]
fn a_launch_in_a_loop_is_not_race_free() {
    let src = format!(
        "{CHILD}__global__ void parent(int *a, int n) {{\n\
         \x20 if (threadIdx.x == 0 && blockIdx.x == 0)\n\
         \x20   for (int k = 0; k < 4; k++)\n\
         \x20     child<<<1, 64>>>(a, n);\n}}\n\
         int main() {{ int *a; parent<<<4, 64>>>(a, 64); return 0; }}\n"
    );
    let parent = verdicts_of(&loaded(&src), "parent");
    assert!(!parent.is_empty());
    assert!(
        parent.iter().all(|v| matches!(v, Verdict::Unknown { .. })),
        "{parent:?}"
    );
}

/// The child writes a file-scope array the parent's other threads read,
/// although no argument points to it: the launch reaches what the child's
/// code names.
#[test]
fn the_child_reaches_the_file_scope_arrays_its_code_names() {
    let src = "__device__ int table[64];\n\
               __global__ void child(int v) { table[threadIdx.x] = v; }\n\
               __global__ void parent(int *out) {\n\
               \x20 out[threadIdx.x] = table[threadIdx.x];\n\
               \x20 if (threadIdx.x == 0) child<<<1, 64>>>(7);\n}\n\
               int main() { int *o; parent<<<1, 64>>>(o); return 0; }\n";
    let parent = verdicts_of(&loaded(src), "parent");
    assert!(parent.iter().any(Verdict::is_racy), "{parent:?}");
}

/// The child's own launches fix nothing when it is also launched in
/// device code: the host's `child<<<1, 32>>>` would make `a[threadIdx.x % 32]`
/// race-free, but a parent may launch it with any block (64 threads: 0
/// and 32 write one cell different values).
#[test]
fn a_child_launched_in_device_code_is_configured_by_no_launch() {
    let src = "__global__ void child(int *a) { a[threadIdx.x % 32] = threadIdx.x; }\n\
               __global__ void parent(int *a) { if (threadIdx.x == 0) child<<<1, blockDim.x>>>(a); }\n\
               int main() { int *a; child<<<1, 32>>>(a); parent<<<1, 64>>>(a); return 0; }\n";
    let child = verdicts_of(&loaded(src), "child");
    assert!(child.iter().any(Verdict::is_racy), "{child:?}");
}
