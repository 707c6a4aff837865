//! Benign same-value writes through the real front end, in the default
//! (non-strict) mode: random kernels whose threads run two writes
//! `A[a * threadIdx.x + b] = VALUE;` with values that are constants, a
//! parameter, `blockIdx.x`, a read of a never-written cell, `threadIdx.x`
//! or a read at the thread's own index.  The oracle runs every pair of
//! threads: two writes by different threads to one element race unless
//! they write the same thread-independent value (`docs/benign-writes.md`:
//! one expression, the same in every thread of the block).  A race the
//! oracle finds must be reported; where all collisions are excused the
//! checker may still answer racy (counted, not required).
//!
//! Cases: `MAPCHECK_CASES / 20` kernels (all with `MAPCHECK_FULL`).

use differential_tests::cuda_batch::{self, Property};
use differential_tests::cuda_print::Printed;
use differential_tests::{assert_floor, Counter};
use mapcheck_core::check::check_kernel;
use mapcheck_core::kernel::Kernel;
use mapcheck_core::verdict::{CheckOptions, Verdict};
use quickcheck::{Arbitrary, Gen};

const PER_UNIT: usize = 100;

/// The values a write may store, and whether each is the same in every
/// thread of a block (`B` is never written, `n` is a parameter).
const VALUES: [(&str, bool); 7] = [
    ("7", true),
    ("8", true),
    ("n", true),
    ("blockIdx.x", true),
    ("B[0]", true),
    ("threadIdx.x", false),
    ("B[threadIdx.x]", false),
];

/// Two writes `A[a·t + b] = VALUES[v]`.
#[derive(Clone, Debug)]
struct Writes {
    threads: u64,
    writes: [(u64, u64, usize); 2],
}

impl Writes {
    /// Two writes by different threads to one element that are not excused.
    fn races(&self) -> bool {
        let ts = 0..self.threads;
        let pairs = self
            .writes
            .iter()
            .flat_map(|w| self.writes.iter().map(move |x| (w, x)));
        pairs.clone().any(|((a, b, v), (c, d, u))| {
            let excused = v == u && VALUES[*v].1;
            !excused
                && ts
                    .clone()
                    .any(|t| ts.clone().any(|s| s != t && a * t + b == c * s + d))
        })
    }

    /// Two threads write one element with an excused pair of values.
    fn excused_collision(&self) -> bool {
        let ts = 0..self.threads;
        let pairs = self
            .writes
            .iter()
            .flat_map(|w| self.writes.iter().map(move |x| (w, x)));
        pairs.clone().any(|((a, b, v), (c, d, u))| {
            v == u
                && VALUES[*v].1
                && ts
                    .clone()
                    .any(|t| ts.clone().any(|s| s != t && a * t + b == c * s + d))
        })
    }
}

impl Arbitrary for Writes {
    fn arbitrary(g: &mut Gen) -> Writes {
        let mut write = || {
            (
                u64::arbitrary(g) % 3,
                u64::arbitrary(g) % 4,
                usize::arbitrary(g) % VALUES.len(),
            )
        };
        let writes = [write(), write()];
        Writes {
            threads: 2 + u64::arbitrary(g) % 4,
            writes,
        }
    }
}

fn print(w: &Writes, name: &str) -> Printed {
    let body: String = w
        .writes
        .iter()
        .map(|(a, b, v)| format!("  A[{a} * threadIdx.x + {b}] = {};\n", VALUES[*v].0))
        .collect();
    let source = format!("__global__ void {name}(int *A, const int *B, int n)\n{{\n{body}}}\n");
    let launch = format!(
        "void launch_{name}(int *A, const int *B, int n) {{ {name}<<<1, {}>>>(A, B, n); }}\n",
        w.threads
    );
    Printed::plain(source, name, launch, [w.threads, 1, 1])
}

static ALL: Counter = Counter::new();
static RACY: Counter = Counter::new();
static EXCUSED: Counter = Counter::new();
static EXCUSED_ONLY: Counter = Counter::new();
static EXCUSED_ONLY_DRF: Counter = Counter::new();
static THREAD_LOCAL_PAIR: Counter = Counter::new();

fn judge(w: &Writes, _: &Printed, k: &Kernel) -> Result<(), String> {
    ALL.add();
    let racy = w.races();
    let excused = w.excused_collision();
    let local = w.writes.iter().all(|x| x.2 == 6);
    let report = check_kernel(k, &CheckOptions::default());
    let verdict = report
        .arrays
        .iter()
        .find(|a| a.array == "A")
        .map(|a| &a.verdict);
    for (counter, seen) in [
        (&RACY, racy),
        (&EXCUSED, excused),
        (&EXCUSED_ONLY, excused && !racy),
        (
            &EXCUSED_ONLY_DRF,
            excused && !racy && matches!(verdict, Some(Verdict::Drf { .. })),
        ),
        (&THREAD_LOCAL_PAIR, local && racy),
    ] {
        if seen {
            counter.add();
        }
    }
    match (verdict, racy) {
        (Some(Verdict::Racy(_)), true) | (_, false) => Ok(()),
        (v, true) => Err(format!("checker {v:?}, oracle racy")),
    }
}

/// Only equal, thread-independent values are excused.
#[test]
fn benign_writes_are_excused_only_for_equal_thread_independent_values() {
    let property = Property { print, judge };
    cuda_batch::run(differential_tests::scaled_cases(20), PER_UNIT, &property);
    let n = ALL.get();
    eprintln!("benign values: {n} kernels");
    assert_floor("racy", RACY.get(), n, 30.0);
    assert_floor("an excused collision", EXCUSED.get(), n, 10.0);
    assert_floor("only excused collisions", EXCUSED_ONLY.get(), n, 15.0);
    let only = EXCUSED_ONLY.get();
    assert_floor(
        "  of those, answered DRF",
        EXCUSED_ONLY_DRF.get(),
        only,
        50.0,
    );
    assert_floor(
        "racy, both values read at the thread's index",
        THREAD_LOCAL_PAIR.get(),
        n,
        1.0,
    );
}
