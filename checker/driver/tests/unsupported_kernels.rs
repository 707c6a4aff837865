//! Kernels whose only sound answer is `unknown`: an unmodelled construct
//! that could hide a race or a barrier divergence.  (The kernel suite
//! holds kernels with a definite expectation only, so these are here.)

use mapcheck_core::check::check_kernel;
use mapcheck_core::verdict::Verdict;
use mapcheck_frontend::load_source;
use mapcheck_frontend::options::Flags;
use std::path::Path;

/// The verdicts of the arrays of the kernels of `source`, and the reasons
/// of the unknown ones.
fn verdicts(source: &str) -> (Vec<Verdict>, Vec<String>) {
    let loaded = load_source(Path::new("k.cu"), source, &Flags::default()).expect("loads");
    let verdicts: Vec<Verdict> = loaded
        .kernels
        .iter()
        .flat_map(|k| check_kernel(k, &loaded.options).arrays)
        .map(|a| a.verdict)
        .collect();
    let reasons = verdicts
        .iter()
        .filter_map(|v| match v {
            Verdict::Unknown { reason, .. } => Some(reason.clone()),
            _ => None,
        })
        .collect();
    (verdicts, reasons)
}

/// `g.sync()` of a `cooperative_groups::thread_group` is the barrier of
/// whatever group `g` holds at run time: here the block, reached by half
/// of its threads (barrier divergence).  It was a library call touching
/// nothing (drf); the kind of the group is not known, so it is
/// unsupported — through the method and through `cg::sync(g)`.
#[test]
fn the_sync_of_a_thread_group_of_unknown_kind_is_unsupported() {
    for call in ["g.sync();", "cg::sync(g);"] {
        let source = format!(
            "//--blockDim=64 --gridDim=1
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int *out)
{{
  cg::thread_group g = cg::this_thread_block();
  if (threadIdx.x < 32) {call}
  out[threadIdx.x] = threadIdx.x;
}}
"
        );
        let (verdicts, reasons) = verdicts(&source);
        assert!(verdicts.iter().all(|v| !v.is_drf()), "{call}: {verdicts:?}");
        let why = "`sync` of a cooperative `thread_group` of unknown kind";
        assert!(
            reasons.iter().any(|r| r.contains(why)),
            "{call}: {reasons:?}"
        );
    }
}

/// `__barrier_sync(id)` with an id other than 0 is a named barrier of its
/// own (threads waiting at barriers 0 and 1 never meet): not modelled, so
/// unsupported — it was a call touching nothing (drf), which also hid the
/// divergence of `if (threadIdx.x < 32) __barrier_sync(1);`.
#[test]
fn a_named_barrier_other_than_zero_is_unsupported() {
    let source = "//--blockDim=64 --gridDim=1
__global__ void k(int *out)
{
  if (threadIdx.x < 32) __barrier_sync(1);
  out[threadIdx.x] = threadIdx.x;
}
";
    let (verdicts, reasons) = verdicts(source);
    assert!(verdicts.iter().all(|v| !v.is_drf()), "{verdicts:?}");
    let why = "named barrier `__barrier_sync` of an id other than 0";
    assert!(reasons.iter().any(|r| r.contains(why)), "{reasons:?}");
}

/// Clang's NVVM barrier builtins are barriers: `__nvvm_bar_sync(0)` under
/// a condition half of the block takes is barrier divergence.  It was a
/// function without a body assumed to have no barrier (drf).
#[test]
fn nvvm_barrier_builtins_are_unsupported() {
    for call in [
        "__nvvm_bar_sync(0)",
        "__nvvm_barrier_sync(0)",
        "__nvvm_bar0_or(1)",
    ] {
        let source = format!(
            "//--blockDim=64 --gridDim=1
__global__ void k(int *out)
{{
  if (threadIdx.x < 32) {call};
  out[threadIdx.x] = threadIdx.x;
}}
"
        );
        let (verdicts, reasons) = verdicts(&source);
        assert!(verdicts.iter().all(|v| !v.is_drf()), "{call}: {verdicts:?}");
        assert!(
            reasons.iter().any(|r| r.contains("barrier builtin")),
            "{call}: {reasons:?}"
        );
    }
}
