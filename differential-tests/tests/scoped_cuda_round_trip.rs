//! Barriers below the block through the real CUDA front end: random scoped
//! protocols printed as CUDA kernels of one block (`__syncwarp()`,
//! `__syncwarp(mask)`, `cooperative_groups::tiled_partition<n>(…).sync()`,
//! `__syncthreads()`, barriers under `if`; `cuda_print::kernel_of_program`),
//! loaded by libclang, checked, and judged against Def. S4 of
//! `proofs-notes/scoped-barriers.md` as `tests/scoped_checker.rs` judges
//! the `.proto` kernels (`scoped_check::judge`): never DRF where the
//! reference races, and in the exact fragment racy exactly where it does.

use differential_tests::cuda_batch::{self, Property};
use differential_tests::cuda_print::{kernel_of_program, Printed};
use differential_tests::scoped_check::{judge, report_and_floor, source, Tally, TileCase};
use differential_tests::scoped_gen::ScopedCase;
use mapcheck_core::check::check_kernel;
use mapcheck_core::kernel::Kernel;
use mapcheck_core::verdict::{worst, CheckOptions};

/// Kernels per translation unit (one libclang parse each).
const PER_UNIT: usize = 100;

static ANY: Tally = Tally::new();
static TILED: Tally = Tally::new();

/// The case over one block, as a CUDA kernel `name` with its launch.
fn print(case: &ScopedCase, name: &str) -> Printed {
    let case = one_block(case);
    let program =
        semantics::surface::parse(&source(&case.protocol)).expect("printed protocols parse");
    let mut printed = kernel_of_program(&program, case.count, name);
    printed.source = format!("#include <cooperative_groups.h>\n{}", printed.source);
    printed
}

fn one_block(case: &ScopedCase) -> ScopedCase {
    ScopedCase {
        block: case.count,
        ..case.clone()
    }
}

/// The front end's kernel checked (every pair of accesses, `--strict`, as
/// the other round trips), judged against the reference.
fn judged(case: &ScopedCase, printed: &Printed, k: &Kernel, tally: &Tally) -> Result<(), String> {
    let opts = CheckOptions {
        strict: true,
        ..CheckOptions::default()
    };
    let report = check_kernel(k, &opts);
    let verdict = worst(report.arrays.iter().map(|a| &a.verdict), |v| v.severity());
    judge(&one_block(case), verdict, printed.exact, tally).map(|_| ())
}

#[test]
fn cuda_kernels_with_scoped_barriers_agree_with_definition_s4() {
    let property = Property {
        print,
        judge: |case: &ScopedCase, printed: &Printed, k: &Kernel| judged(case, printed, k, &ANY),
        flags: cuda_batch::one_block,
    };
    cuda_batch::run(differential_tests::scaled_cases(20), PER_UNIT, &property);
    // Most random protocols print guarded operators (`?:` for ℕ's monus,
    // division by a variable): fewer kernels are in the exact fragment.
    report_and_floor(&ANY, 10.0, 0.0);
}

#[test]
fn cuda_kernels_with_tile_local_accesses_agree_with_definition_s4() {
    let property = Property {
        print: |case: &TileCase, name: &str| print(&case.0, name),
        judge: |case: &TileCase, printed: &Printed, k: &Kernel| judged(&case.0, printed, k, &TILED),
        flags: cuda_batch::one_block,
    };
    cuda_batch::run(differential_tests::scaled_cases(20), PER_UNIT, &property);
    report_and_floor(&TILED, 15.0, 4.0);
}
