//! Warp-synchronous mode (`--warp-sync=4`, `docs/warp-sync.md`) through
//! the real front end, against a lock-step reference: random kernels on
//! 1-D and 2-D blocks (`dim3 block(x, y)`) with three statements that
//! write or read `A[a * threadIdx.x + b * threadIdx.y + c]`.  The
//! reference takes each thread's warp from its linear id `threadIdx.x +
//! threadIdx.y · blockDim.x` divided by 4 and judges every pair of
//! threads: two accesses of one element, one a write, race unless the
//! threads share a warp (lock-step orders their statements) — except two
//! writes by one statement, which race within a warp too.  Checked with
//! `--strict`, within the block.
//!
//! Cases: `MAPCHECK_CASES / 40` kernels (all with `MAPCHECK_FULL`).

use differential_tests::cuda_batch::{self, Property};
use differential_tests::cuda_print::Printed;
use differential_tests::{assert_floor, Counter};
use mapcheck_core::kernel::Kernel;
use mapcheck_core::verdict::CheckOptions;
use quickcheck::{Arbitrary, Gen};

const PER_UNIT: usize = 100;
const WARP: u64 = 4;

/// `A[a·x + b·y + c]`, written (`true`) or read.
#[derive(Clone, Copy, Debug)]
struct Access {
    write: bool,
    a: u64,
    b: u64,
    c: u64,
}

impl Access {
    fn at(&self, (x, y): (u64, u64)) -> u64 {
        self.a * x + self.b * y + self.c
    }
}

#[derive(Clone, Debug)]
struct Lockstep {
    block: [u64; 2],
    stmts: [Access; 3],
}

impl Lockstep {
    fn warp(&self, (x, y): (u64, u64)) -> u64 {
        (x + y * self.block[0]) / WARP
    }

    fn threads(&self) -> Vec<(u64, u64)> {
        let [bx, by] = self.block;
        (0..by).flat_map(|y| (0..bx).map(move |x| (x, y))).collect()
    }

    /// Every race of the reference: (same warp?, for each pair).
    fn races(&self) -> Vec<bool> {
        let ts = self.threads();
        let mut out = Vec::new();
        for &t in &ts {
            for &u in ts.iter().filter(|&&u| u != t) {
                for (i, p) in self.stmts.iter().enumerate() {
                    for (j, q) in self.stmts.iter().enumerate() {
                        let same_warp = self.warp(t) == self.warp(u);
                        let conflict = (p.write || q.write) && p.at(t) == q.at(u);
                        let ordered = same_warp && !(i == j && p.write && q.write);
                        if conflict && !ordered {
                            out.push(same_warp);
                        }
                    }
                }
            }
        }
        out
    }
}

impl Arbitrary for Lockstep {
    fn arbitrary(g: &mut Gen) -> Lockstep {
        let mut access = || Access {
            write: bool::arbitrary(g),
            a: u64::arbitrary(g) % 3,
            b: u64::arbitrary(g) % 5,
            c: u64::arbitrary(g) % 3,
        };
        let stmts = [access(), access(), access()];
        let block = [1 + u64::arbitrary(g) % 4, 1 + u64::arbitrary(g) % 3];
        Lockstep { block, stmts }
    }
}

fn print(k: &Lockstep, name: &str) -> Printed {
    let body: String = k
        .stmts
        .iter()
        .map(|s| {
            let index = format!("{} * threadIdx.x + {} * threadIdx.y + {}", s.a, s.b, s.c);
            match s.write {
                true => format!("  A[{index}] = threadIdx.x;\n"),
                false => format!("  out[threadIdx.x] += A[{index}];\n"),
            }
        })
        .collect();
    let source = format!("__global__ void {name}(int *A, int *out)\n{{\n{body}}}\n");
    let [x, y] = k.block;
    let launch = format!(
        "void launch_{name}(int *A, int *out) {{ dim3 block({x}, {y}); {name}<<<1, block>>>(A, out); }}\n"
    );
    Printed::plain(source, name, launch, [x, y, 1])
}

static ALL: Counter = Counter::new();
static RACY: Counter = Counter::new();
static SPARED_BY_LOCKSTEP: Counter = Counter::new();
static TWO_DIMS_ACROSS_ROWS: Counter = Counter::new();

fn judge(k: &Lockstep, _: &Printed, kernel: &Kernel) -> Result<(), String> {
    ALL.add();
    let races = k.races();
    let racy = !races.is_empty();
    // Races lock-step removes: conflicts of threads of one warp.
    let ts = k.threads();
    let spared = ts.iter().any(|&t| {
        ts.iter().any(|&u| {
            u != t
                && k.warp(t) == k.warp(u)
                && k.stmts.iter().any(|p| {
                    k.stmts
                        .iter()
                        .any(|q| (p.write || q.write) && p.at(t) == q.at(u))
                })
        })
    });
    for (counter, seen) in [
        (&RACY, racy),
        (&SPARED_BY_LOCKSTEP, spared && !racy),
        (&TWO_DIMS_ACROSS_ROWS, k.block[1] > 1 && k.block[0] < WARP),
    ] {
        if seen {
            counter.add();
        }
    }
    let opts = CheckOptions {
        strict: true,
        warp_sync: Some(WARP),
        ..CheckOptions::default()
    };
    cuda_batch::agrees(kernel, &opts, "A", racy, "lock-step reference")
}

/// Under `--warp-sync=4`, the verdict is the lock-step reference's.
#[test]
fn warp_sync_agrees_with_a_lock_step_reference() {
    let property = Property {
        print,
        judge,
        flags: cuda_batch::one_block,
    };
    cuda_batch::run(differential_tests::scaled_cases(40), PER_UNIT, &property);
    let n = ALL.get();
    eprintln!("warp lock-step: {n} kernels");
    assert_floor("racy", RACY.get(), n, 30.0);
    assert_floor(
        "race-free only by lock-step",
        SPARED_BY_LOCKSTEP.get(),
        n,
        5.0,
    );
    assert_floor(
        "2-D blocks whose warps span rows",
        TWO_DIMS_ACROSS_ROWS.get(),
        n,
        30.0,
    );
}
