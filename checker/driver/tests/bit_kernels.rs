//! The kernels whose verdict goes through the bit operations with powers
//! of two (`infer/bits.rs`: `x & (p - 1)`, `x ^ p`, `x & p`, `x | p`,
//! high masks, disjoint `|`, loops over powers, `__requires((v & (v - 1))
//! == 0)`), through the front end and the checker, in this crate so that
//! a mutation run of `bits.rs` sees them (see
//! proofs-notes/mutation-testing.md).  `mapcheck suite kernels/` runs the
//! same files; the list is the kernels that reached `bits.rs`'s rules
//! when the run was set up (the integer kernels are in
//! `integer_kernels.rs`), less one that takes
//! 10 s of the 14 the list took.

mod common;

use std::path::{Path, PathBuf};

const KERNELS: &[&str] = &[
    "bitonic-sort-drf.cu",
    "bitonic-sort-racy.cu",
    "headers/intrinsics-drf.cu",
    "headers/intrinsics-racy.cu",
    // precision/bank-permuted-counters-drf.cu takes 10 s: left to the suite.
    "precision/bank-permuted-counters-racy.cu",
    "precision/ffs-divmod-drf.cu",
    "precision/ffs-divmod-racy.cu",
    "precision/function-pointer-param-drf.cu",
    "precision/function-pointer-param-racy.cu",
    "precision/mask-power-loop-drf.cu",
    "precision/mask-power-loop-racy.cu",
    "precision/power-of-two-parameter-drf.cu",
    "precision/power-of-two-parameter-racy.cu",
    "precision/rotated-bits-drf.cu",
    "precision/rotated-bits-racy.cu",
    "precision/xor-partner-drf.cu",
    "precision/xor-partner-racy.cu",
    "reduce-divergent-index-drf.cu",
    "reduce-strided-drf.cu",
    "scan-blelloch-drf.cu",
    "scan-blelloch-racy.cu",
    "scan-hillis-steele-drf.cu",
    "scan-hillis-steele-racy.cu",
    "soundness/conditional-lvalue-drf.cu",
    "soundness/conditional-lvalue-racy.cu",
    "soundness/conditional-value-across-iterations-racy.cu",
    "soundness/loop-step-read-drf.cu",
    "soundness/loop-step-read-racy.cu",
    "soundness/switch-fallthrough-racy.cu",
    "soundness/syncthreads-or-predicate-drf.cu",
    "soundness/syncthreads-or-predicate-racy.cu",
    "soundness/volatile-shared-drf.cu",
    "soundness/volatile-shared-racy.cu",
    "stride/compare-exchange-pairs-drf.cu",
    "stride/compare-exchange-pairs-racy.cu",
    // Added with the mutation run of bits.rs (proofs-notes/mutation-testing.md).
    "precision/and-power-loop-pairs-drf.cu",
    "precision/mask-power-product-drf.cu",
    "precision/requires-power-conjunction-drf.cu",
    "precision/requires-power-excludes-three-drf.cu",
    "precision/requires-power-signed-drf.cu",
    "soundness/mask-narrow-cast-racy.cu",
    "soundness/mask-narrow-zero-racy.cu",
    "soundness/mask-not-power-racy.cu",
    "soundness/mask-operand-evaluated-once-racy.cu",
    "soundness/mask-power-minus-two-racy.cu",
    "soundness/mask-power-times-non-power-racy.cu",
    "soundness/or-not-power-racy.cu",
    "soundness/or-not-power-swapped-racy.cu",
    "soundness/requires-bits-nonzero-racy.cu",
    "soundness/requires-bits-other-variable-racy.cu",
    "soundness/requires-even-not-power-racy.cu",
    "soundness/requires-narrowed-power-alone-racy.cu",
    "soundness/requires-narrowed-power-racy.cu",
    "soundness/requires-power-large-racy.cu",
    // Added with run 5 (high masks, disjoint `|`).
    "precision/high-mask-signed-drf.cu",
    "precision/or-rounded-down-drf.cu",
    "precision/or-sum-of-multiples-drf.cu",
    "soundness/high-mask-above-racy.cu",
    "soundness/high-mask-boundary-racy.cu",
    "soundness/high-mask-negative-racy.cu",
    "soundness/high-mask-negative-run-racy.cu",
    "soundness/high-mask-not-a-run-racy.cu",
    "soundness/or-boundary-racy.cu",
    "soundness/or-negative-racy.cu",
    "soundness/or-odd-racy.cu",
];

#[test]
fn bit_kernels_meet_their_expectations_in_the_front_end() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../kernels/cuda");
    let files: Vec<PathBuf> = KERNELS.iter().map(|name| dir.join(name)).collect();
    let wrong = common::unmet_expectations(files.iter().map(PathBuf::as_path));
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
