//! The kernels whose verdict goes through the loop handling of the CUDA
//! front end (`infer/loop_order.rs`: count-down loops with a barrier
//! emitted counting down, the last-iteration tails of loops over powers,
//! barriers at the ends of an over-approximated loop; `infer/loop_shape.rs`:
//! the shape of a `for` loop, its plan, the values of loops over powers;
//! `infer/loops.rs`: normalised, unrolled and unknown loops, the variables
//! a loop moves), through the front end and the checker, in this crate so
//! that a mutation run of those files sees them (see
//! proofs-notes/mutation-testing.md).  `mapcheck suite kernels/` runs the
//! same files; the lists are the kernels that reached those functions when
//! the run was set up (a temporary probe in each function, every `.cu`
//! under `kernels/cuda/`; not committed).

use mapcheck_core::check::check_kernel;
use mapcheck_core::verdict::Severity;
use mapcheck_core::verdict::Verdict;
use mapcheck_frontend::load_source;
use mapcheck_frontend::options::Flags;
use semantics::surface::Expect;
use std::path::Path;

mod common;

/// The kernels that reach `loop_order.rs` (`counting_down`,
/// `last_iteration_tail`, `barrier_at_end`).
const ORDER: &[&str] = &[
    "precision/and-power-loop-pairs-drf.cu",
    "precision/mask-power-product-drf.cu",
    "precision/odd-even-merge-symbolic-drf.cu",
    "precision/odd-even-merge-wide-racy.cu",
    "precision/template-type-shared-memory-drf.cu",
    "precision/template-type-shared-memory-racy.cu",
    "reduce-barrier-divergent-racy.cu",
    "reduce-divergent-index-drf.cu",
    "reduce-first-add-drf.cu",
    "reduce-grid-atomic-drf.cu",
    "reduce-grid-plain-racy.cu",
    "reduce-interleaved-drf.cu",
    "reduce-off-by-one-racy.cu",
    "reduce-strided-drf.cu",
    "reduce-warp-unrolled-racy.cu",
    "scan-blelloch-drf.cu",
    "scan-blelloch-racy.cu",
    "scan-hillis-steele-drf.cu",
    "scan-hillis-steele-racy.cu",
    "soundness/countdown-loop-first-iteration-racy.cu",
    "soundness/countdown-loop-last-iteration-racy.cu",
    "soundness/halving-loop-last-iteration-racy.cu",
    "soundness/mask-power-times-non-power-racy.cu",
    "soundness/power-loop-last-iteration-drf.cu",
    "soundness/power-loop-last-iteration-racy.cu",
    "soundness/unwrap-else-branch-wraps-drf.cu",
    "soundness/unwrap-else-branch-wraps-racy.cu",
];

/// Added with the mutation run of loop_order.rs
/// (proofs-notes/mutation-testing.md).
const ORDER_ADDED: &[&str] = &[
    "precision/power-loop-inner-loop-barrier-drf.cu",
    "soundness/halving-loop-above-one-last-iteration-racy.cu",
    "soundness/quarter-loop-last-iteration-racy.cu",
];

/// The other kernels with a `for` loop whose shape `loop_shape` reads.
const SHAPE: &[&str] = &[
    "atomic-histogram-drf.cu",
    "atomic-histogram-racy.cu",
    "benign/shared-read-drf.cu",
    "benign/shared-read-racy.cu",
    "bitonic-sort-drf.cu",
    "bitonic-sort-racy.cu",
    "conv1d-halo-off-by-one-racy.cu",
    "conv1d-tiled-drf.cu",
    "conv2d-tiled-drf.cu",
    "conv2d-tiled-racy.cu",
    "device-swap-even-drf.cu",
    "divergence/global-readonly-bound-drf.cu",
    "divergence/global-written-bound-divergent.cu",
    "divergence/shared-count-loop-drf.cu",
    "divergence/shared-count-written-after-read-divergent.cu",
    "divergence/strided-loop-uneven-trips-divergent.cu",
    "divergence/strided-loop-uniform-trips-drf.cu",
    "first-iter-drf.cu",
    "first-iter-racy.cu",
    "headers/cooperative-groups-drf.cu",
    "headers/cooperative-groups-racy.cu",
    "headers/gpuverify-annotations-drf.cu",
    "headers/pragma-unroll-drf.cu",
    "headers/pragma-unroll-racy.cu",
    "histogram-grid-atomic-drf.cu",
    "histogram-privatized-drf.cu",
    "integers/loop-condition-narrowing-cast-drf.cu",
    "integers/loop-condition-narrowing-cast-racy.cu",
    "integers/loop-counter-reference-drf.cu",
    "integers/narrow-body-induction-wrap-racy.cu",
    "integers/narrow-counter-wrap-drf.cu",
    "integers/narrow-counter-wrap-racy.cu",
    "integers/requires-signed-equals-block-dim-drf.cu",
    "integers/signed-param-subtracted-drf.cu",
    "integers/signed-param-subtracted-racy.cu",
    "integers/unsigned-grid-stride-drf.cu",
    "integers/unsigned-loop-wrap-drf.cu",
    "integers/unsigned-loop-wrap-racy.cu",
    "integers/unsigned-unknowns-parity-drf.cu",
    "last-iter-drf.cu",
    "last-iter-first-iter-drf.cu",
    "last-iter-first-iter-racy.cu",
    "last-iter-racy.cu",
    "matmul-load-barrier-racy.cu",
    "matmul-tiled-drf.cu",
    "matmul-tiled-racy.cu",
    "nbody-tile-drf.cu",
    "nbody-tile-racy.cu",
    "pointer-to-rows-param-drf.cu",
    "pointer-to-rows-param-racy.cu",
    "precision/bank-permuted-counters-drf.cu",
    "precision/bank-permuted-counters-racy.cu",
    "precision/counter-stepped-in-body-drf.cu",
    "precision/counter-stepped-in-body-racy.cu",
    "precision/difference-loop-condition-drf.cu",
    "precision/difference-loop-condition-racy.cu",
    "precision/iteration-uniform-rounds-drf.cu",
    "precision/iteration-uniform-rounds-racy.cu",
    "precision/loop-exit-flag-drf.cu",
    "precision/loop-exit-flag-racy.cu",
    "precision/mask-power-loop-drf.cu",
    "precision/mask-power-loop-racy.cu",
    "precision/pointer-advanced-in-loop-drf.cu",
    "precision/pointer-advanced-in-loop-racy.cu",
    "precision/pointer-rows-forward-backward-drf.cu",
    "precision/pointer-rows-forward-backward-racy.cu",
    "precision/transpose-signed-height-drf.cu",
    "precision/transpose-signed-height-racy.cu",
    "precision/two-induction-variables-drf.cu",
    "precision/two-induction-variables-racy.cu",
    "precision/uniform-signed-division-drf.cu",
    "precision/uniform-signed-division-racy.cu",
    "precision/work-queue-tile-drf.cu",
    "precision/work-queue-tile-racy.cu",
    "programs/shared-reduction-drf.cu",
    "programs/shared-reduction-missing-barrier-racy.cu",
    "reduce-missing-barrier-racy.cu",
    "scan-blelloch-exclusive-drf.cu",
    "scan-hillis-steele-double-buffer-drf.cu",
    "soundness/body-induction-step-moves-racy.cu",
    "soundness/branch-changing-between-iterations-racy.cu",
    "soundness/break-barrier-divergence-racy.cu",
    "soundness/conditional-value-across-iterations-racy.cu",
    "soundness/continue-drf.cu",
    "soundness/continue-racy.cu",
    "soundness/iteration-value-read-before-barrier-racy.cu",
    "soundness/loop-exit-flag-not-synced-racy.cu",
    "soundness/loop-exit-then-after-loop-racy.cu",
    "soundness/loop-exit-thread-dependent-racy.cu",
    "soundness/loop-step-changes-drf.cu",
    "soundness/loop-step-changes-racy.cu",
    "soundness/loop-step-read-drf.cu",
    "soundness/loop-step-read-racy.cu",
    "soundness/ne-loop-drf.cu",
    "soundness/ne-loop-passes-bound-racy.cu",
    "soundness/ne-loop-skips-power-racy.cu",
    "soundness/ne-loop-wraps-around-racy.cu",
    "soundness/pointer-reassigned-in-loop-racy.cu",
    "soundness/pointer-swapped-in-loop-racy.cu",
    "soundness/power-loop-increment-moves-index-drf.cu",
    "soundness/power-loop-increment-moves-index-racy.cu",
    "soundness/reference-moved-in-loop-racy.cu",
    "soundness/secondary-step-changes-racy.cu",
    "soundness/struct-field-moved-in-loop-drf.cu",
    "soundness/struct-field-moved-in-loop-racy.cu",
    "soundness/uniform-value-across-iterations-racy.cu",
    "soundness/while-true-break-racy.cu",
    "soundness/zero-stride-only-drf.cu",
    "soundness/zero-stride-only-racy.cu",
    "stencil-halo-drf.cu",
    "stencil-missing-barrier-racy.cu",
    "stride/block-stride-across-blocks-racy.cu",
    "stride/grid-stride-drf.cu",
    "stride/grid-stride-racy.cu",
    "stride/grid-stride-rows-drf.cu",
    "stride/grid-stride-rows-racy.cu",
    "template-stride-racy.cu",
    "transpose-diagonal-drf.cu",
    "transpose-diagonal-racy.cu",
    "transpose-tiled-drf.cu",
    "transpose-tiled-racy.cu",
    "warp-sync/reduce-tail-drf.cu",
    "warp-sync/reduce-tail-no-warp-sync-racy.cu",
    "warp-sync/reduce-tail-two-warps-racy.cu",
    "warp-sync/shuffle-drf.cu",
];

/// Added with the mutation run of loop_shape.rs
/// (proofs-notes/mutation-testing.md).
const SHAPE_ADDED: &[&str] = &[
    "integers/loop-condition-cast-exact-count-drf.cu",
    "integers/loop-condition-narrowing-char-racy.cu",
    "integers/loop-condition-narrowing-int-racy.cu",
    "precision/difference-loop-condition-unsigned-drf.cu",
    "precision/loop-assigned-increment-drf.cu",
    "precision/loop-bound-on-the-left-drf.cu",
    "precision/ne-power-loop-drf.cu",
    "precision/power-loop-count-drf.cu",
    "soundness/countdown-by-four-racy.cu",
    "soundness/countdown-step-negative-bound-racy.cu",
    "soundness/loop-bound-moves-racy.cu",
    "soundness/loop-break-after-values-racy.cu",
    "soundness/loop-condition-comma-nested-racy.cu",
    "soundness/loop-increment-other-variable-racy.cu",
    "soundness/loop-step-side-effect-racy.cu",
    "soundness/ne-loop-skips-power-down-racy.cu",
    "soundness/ne-power-loop-racy.cu",
    "soundness/secondary-induction-moved-racy.cu",
    "soundness/secondary-induction-times-racy.cu",
];

/// Kernels with a loop that reached none of the probes: `loop_shape`
/// rejects their `for` loops (a counter the body assigns, a comma in the
/// condition, a wrapping count-down), or they hold `while` / `do` loops,
/// which reach `has_jump`, `increment` and `mentions_any` through
/// `uniform_counters.rs` and `inductions.rs`.
const REJECTED: &[&str] = &[
    "headers/host-program-drf.cu",
    "integers/loop-counter-reference-racy.cu",
    "integers/narrow-counter-while-wrap-racy.cu",
    "integers/narrow-secondary-wrap-racy.cu",
    "soundness/do-while-racy.cu",
    "soundness/loop-condition-comma-drf.cu",
    "soundness/loop-condition-comma-racy.cu",
    "soundness/loop-counter-assigned-in-body-drf.cu",
    "soundness/loop-counter-assigned-in-body-racy.cu",
    "soundness/unsigned-countdown-drf.cu",
    "soundness/unsigned-countdown-racy.cu",
    "while-loop-drf.cu",
    "while-loop-racy.cu",
];

/// Added with the mutation run of loops.rs: the other kernels with a
/// `while`, `do` or `for` loop (every one goes through `for_loop` /
/// `normal_loop` or `unknown_loop` in loops.rs).
const REJECTED_ADDED: &[&str] = &[
    "reduce-template-drf.cu",
    "soundness/do-while-barrier-divergence-racy.cu",
    "soundness/do-while-barrier-uniform-drf.cu",
    "soundness/loop-exit-after-last-barrier-racy.cu",
    "soundness/out-parameter-in-caller-loop-racy.cu",
    "soundness/out-parameter-written-in-loop-racy.cu",
];

/// Written for the survivors of the mutation run of loops.rs
/// (proofs-notes/mutation-testing.md).
const LOOPS_ADDED: &[&str] = &[
    "precision/counter-width-after-unknown-loop-drf.cu",
    "precision/float-accumulator-in-body-drf.cu",
    "precision/loop-assigns-other-copy-of-parameter-drf.cu",
    "precision/loop-bound-from-outer-counter-drf.cu",
    "precision/loop-step-thread-dependent-positive-drf.cu",
    "precision/narrow-loop-steps-edge-drf.cu",
    "precision/pointer-advanced-by-variable-drf.cu",
    "precision/pointer-secondary-after-break-drf.cu",
    "precision/secondary-induction-offsets-drf.cu",
    "precision/unknown-loop-counting-up-drf.cu",
    "precision/unrolled-loop-value-after-drf.cu",
    "soundness/doubling-from-non-power-racy.cu",
    "soundness/float-increment-thread-step-divergence-racy.cu",
    "soundness/loop-counter-is-reference-racy.cu",
    "soundness/loop-field-bumped-by-reference-racy.cu",
    "soundness/loop-increment-moves-reference-racy.cu",
    "soundness/loop-increment-reference-value-after-racy.cu",
    "soundness/loop-nested-struct-assigned-racy.cu",
    "soundness/loop-parameter-copy-reassigned-racy.cu",
    "soundness/loop-pointer-retargeted-by-call-racy.cu",
    "soundness/loop-pointer-retargeted-through-address-racy.cu",
    "soundness/loop-pointer-retargeted-through-reference-racy.cu",
    "soundness/loop-reference-declared-before-racy.cu",
    "soundness/loop-reference-to-field-in-body-racy.cu",
    "soundness/loop-reference-to-field-in-if-racy.cu",
    "soundness/loop-reference-to-field-in-nested-for-racy.cu",
    "soundness/loop-reference-to-field-in-while-racy.cu",
    "soundness/loop-step-may-be-negative-racy.cu",
    "soundness/loop-step-parameter-zero-racy.cu",
    "soundness/loop-step-thread-zero-racy.cu",
    "soundness/loop-step-zero-break-racy.cu",
    "soundness/narrow-countdown-inclusive-wraps-racy.cu",
    "soundness/narrow-times-inclusive-wraps-racy.cu",
    "soundness/narrow-times-loop-wraps-racy.cu",
    "soundness/narrow-up-inclusive-wraps-racy.cu",
    "soundness/secondary-after-break-racy.cu",
    "soundness/stride-four-from-zero-not-power-racy.cu",
    "soundness/times-three-loop-not-power-racy.cu",
    "soundness/unknown-loop-decrement-racy.cu",
    "soundness/unknown-loop-minus-assign-racy.cu",
    "soundness/unknown-loop-negative-start-racy.cu",
    "soundness/unrolled-loop-no-iteration-value-after-racy.cu",
    "soundness/up-loop-first-iteration-only-racy.cu",
];

/// The kernels with a loop added to `kernels/cuda/` after the lists above
/// were made (found as `REJECTED_ADDED` was: a grep for `for (`, `while (`
/// and `do` outside comments, less the files listed), for the second
/// mutation session of loops.rs.
const LATER_ADDED: &[&str] = &[
    "divergence/do-while-counter-per-thread-divergent.cu",
    "divergence/float-bound-per-thread-divergent.cu",
    "divergence/float-bound-uniform-drf.cu",
    "divergence/two-loop-exits-second-divergent.cu",
    "precision/bitonic-build-then-merge-drf.cu",
    "precision/bitonic-build-then-merge-racy.cu",
    "precision/constant-scalar-loop-bound-drf.cu",
    "precision/ctor-complex-julia-drf.cu",
    "precision/do-while-counter-barrier-drf.cu",
    "precision/exit-at-chosen-iteration-drf.cu",
    "precision/exit-at-chosen-iteration-racy.cu",
    "precision/exit-at-last-iteration-drf.cu",
    "precision/exit-at-last-iteration-racy.cu",
    "precision/goto-out-of-nested-loops-drf.cu",
    "precision/host-swap-through-temporary-drf.cu",
    "precision/host-wrapper-instantiation-drf.cu",
    "precision/host-wrapper-instantiation-racy.cu",
    "precision/host-wrapper-ping-pong-drf.cu",
    "precision/linearized-3d-signed-extents-drf.cu",
    "precision/linearized-3d-signed-extents-racy.cu",
    "precision/loop-bound-max-racy.cu",
    "precision/loop-bound-min-drf.cu",
    "precision/loop-condition-conjunction-drf.cu",
    "precision/loop-condition-conjunction-racy.cu",
    "precision/many-instances-host-wrapper-drf.cu",
    "precision/many-instances-host-wrapper-racy.cu",
    "precision/pyramid-exit-and-flag-drf.cu",
    "precision/pyramid-flag-after-loop-drf.cu",
    "precision/scan-bank-padding-drf.cu",
    "precision/two-loop-exits-drf.cu",
    "precision/unsigned-induction-step-drf.cu",
    "precision/while-halving-reduction-drf.cu",
    "precision/while-halving-reduction-racy.cu",
    "precision/while-stride-loop-drf.cu",
    "soundness/body-induction-address-taken-racy.cu",
    "soundness/body-induction-conditional-lvalue-racy.cu",
    "soundness/body-induction-step-reference-racy.cu",
    "soundness/do-while-counter-first-round-racy.cu",
    "soundness/do-while-runs-once-racy.cu",
    "soundness/goto-out-of-nested-loops-racy.cu",
    "soundness/halving-ne-negative-start-racy.cu",
    "soundness/host-half-swap-in-place-racy.cu",
    "soundness/loop-bound-field-changed-racy.cu",
    "soundness/loop-bound-param-field-changed-racy.cu",
    "soundness/loop-bound-reference-racy.cu",
    "soundness/loop-bound-reference-to-field-racy.cu",
    "soundness/loop-counter-comma-lvalue-racy.cu",
    "soundness/loop-counter-conditional-lvalue-racy.cu",
    "soundness/loop-counter-conditional-reference-racy.cu",
    "soundness/loop-counter-reference-argument-racy.cu",
    "soundness/loop-counter-reference-before-loop-racy.cu",
    "soundness/loop-counter-reference-chain-racy.cu",
    "soundness/loop-entry-decided-before-previous-loop-racy.cu",
    "soundness/loop-step-field-changed-racy.cu",
    "soundness/loop-step-reference-racy.cu",
    "soundness/method-changes-loop-bound-racy.cu",
    "soundness/pointer-retargeted-conditional-lvalue-racy.cu",
    "soundness/pointer-retargeted-conditional-reference-argument-racy.cu",
    "soundness/pyramid-exit-and-flag-racy.cu",
    "soundness/pyramid-flag-after-loop-racy.cu",
    "soundness/scan-bank-padding-racy.cu",
    "soundness/struct-field-conditional-lvalue-in-loop-racy.cu",
    "soundness/struct-field-conditional-reference-argument-in-loop-racy.cu",
    "soundness/two-loop-exits-racy.cu",
    "soundness/unsigned-char-induction-wraps-racy.cu",
    "soundness/while-stride-too-small-racy.cu",
];

/// Each kernel against its expectation header as `mapcheck suite` reads
/// it: racy is met by a race or a barrier divergence (the worst verdict),
/// DRF by every array DRF.  Stops at the first kernel that misses it (a
/// mutant is caught sooner).
fn check(names: &[&str]) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../kernels/cuda");
    for name in names {
        let (expect, verdicts) = common::expectation_and_verdicts(&dir.join(name));
        let worst = verdicts.iter().map(|v| v.severity()).max();
        let ok = match expect {
            Expect::Racy => matches!(worst, Some(Severity::Racy | Severity::Divergence)),
            Expect::Drf => verdicts.iter().all(|v| v.is_drf()),
        };
        let got: Vec<_> = verdicts.iter().map(|v| v.keyword()).collect();
        assert!(ok, "{name}: expected {expect:?}, got {got:?}");
    }
}

#[test]
fn loop_order_kernels_meet_their_expectations_in_the_front_end() {
    check(ORDER);
    check(ORDER_ADDED);
}

#[test]
fn loop_shape_kernels_meet_their_expectations_in_the_front_end() {
    check(SHAPE);
    check(SHAPE_ADDED);
}

#[test]
fn rejected_loop_kernels_meet_their_expectations_in_the_front_end() {
    check(REJECTED);
}

#[test]
fn loops_rs_kernels_meet_their_expectations_in_the_front_end() {
    check(REJECTED_ADDED);
    check(LOOPS_ADDED);
    check(LATER_ADDED);
}

/// The reasons of the unknown verdicts of a kernel given as source.
fn unknown_reasons(source: &str) -> Vec<String> {
    let loaded = load_source(Path::new("loop.cu"), source, &Flags::default()).expect("loads");
    loaded
        .kernels
        .iter()
        .flat_map(|k| check_kernel(k, &loaded.options).arrays)
        .filter_map(|a| match a.verdict {
            Verdict::Unknown { reason, .. } => Some(reason),
            _ => None,
        })
        .collect()
}

/// A loop over powers that is not unrolled runs, in the protocol, over
/// every number up to its bound: the front end refuses (an unknown
/// verdict, never a silent DRF) the shapes where the added iterations or
/// the unknown last one could move a barrier between real code.
/// `barrier_at_end` looks into an inner loop only when it is all the
/// body: here code precedes it, and an added round whose inner loop runs
/// would put barriers where the real rounds have none.
#[test]
fn a_power_loop_with_code_beside_its_inner_synchronized_loop_is_unsupported() {
    let reasons = unknown_reasons(
        "__global__ void k(int *out, unsigned n)
{
  __shared__ int sh[64];
  for (unsigned size = 1; size < n; size *= 2) {
    if (threadIdx.x == 0) sh[0] = size;
    for (unsigned j = 0; j < 2; j++) {
      sh[threadIdx.x] = j;
      __syncthreads();
    }
  }
  __syncthreads();
  out[threadIdx.x] = sh[threadIdx.x];
}
",
    );
    let both_sides = "loop over powers with code on both sides of its barrier";
    assert!(
        reasons.iter().any(|r| r.contains(both_sides)),
        "{reasons:?}"
    );
}

/// The code a loop over powers' unknown last iteration runs after its
/// last top-level barrier must hold no barrier (here one under a uniform
/// `if`): it is repeated after the loop as an unsynchronized loop.
#[test]
fn a_power_loop_tail_holding_a_barrier_is_unsupported() {
    let reasons = unknown_reasons(
        "__global__ void k(int *out, unsigned n)
{
  __shared__ int sh[128];
  __requires(n <= 64);
  for (unsigned size = 1; size < n; size *= 2) {
    __syncthreads();
    if (threadIdx.x == 0)
      sh[size] = 1;
    if (n > 4)
      __syncthreads();
  }
  out[threadIdx.x] = sh[2 * threadIdx.x];
}
",
    );
    let tail = "loop over powers with a barrier, not followed by a barrier, whose last iteration is not known";
    assert!(reasons.iter().any(|r| r.contains(tail)), "{reasons:?}");
}

/// A barrier in a loop whose counter some threads move differently (through
/// a conditional lvalue, a reference bound to one, a reference declared
/// before the loop or a chain of references) is barrier divergence: thread
/// 0 runs 2 iterations, the others 4.  The front end must not take the
/// counter as alike in all threads (it did: DRF); the loop's condition may
/// differ, so the barrier in it makes the verdict unknown.
#[test]
fn a_barrier_loop_whose_counter_moves_through_an_alias_is_unsupported() {
    let changes = [
        "(threadIdx.x == 0 ? i : dummy) += 1;",
        "int &r2 = (threadIdx.x == 0) ? i : dummy; r2++;",
        "(dummy, i) += threadIdx.x == 0;",
        "r += threadIdx.x == 0;",
        "q += threadIdx.x == 0;",
    ];
    for change in changes {
        let source = format!(
            "__global__ void k(int *out)
{{
  __shared__ int s[64];
  int dummy = 100;
  int i = 0;
  int &r = i;
  int &q = r;
  for (; i < 4; i++) {{
    s[threadIdx.x] = i;
    __syncthreads();
    out[threadIdx.x] = s[(threadIdx.x + 1) % 64];
    __syncthreads();
    {change}
  }}
}}
"
        );
        let reasons = unknown_reasons(&source);
        let differ = "barrier in a loop whose condition may differ between threads";
        assert!(
            reasons.iter().any(|r| r.contains(differ)),
            "{change}: {reasons:?}"
        );
    }
}
