//! Benign same-value writes through the real front end, in the default
//! (non-strict) mode: random kernels whose threads run two writes
//! `A[a * threadIdx.x + e * blockIdx.x + b] = VALUE;` with values that
//! are constants, a parameter, `blockIdx.x`, a read of a never-written
//! cell, `threadIdx.x` or a read at the thread's own index (some of them
//! plus 1: a value computed from a read, not the read itself).  The oracle
//! runs every pair of threads: two writes by different threads to one
//! element race unless they write the same value, one expression that is
//! the same in both threads (`docs/benign-writes.md`; `blockIdx.x` is the
//! same within a block, not across blocks).  A race the oracle finds must
//! be reported; where all collisions are excused the checker may still
//! answer racy (counted, not required).
//!
//! Two properties: one block, checked within the block; and grids of 2–3
//! blocks in the command line's default mode, whose across-blocks kernel
//! is judged against the pairs of threads of different blocks.
//!
//! Cases: `MAPCHECK_CASES / 40` kernels each (all with `MAPCHECK_FULL`).

use differential_tests::cuda_batch::{self, Property};
use differential_tests::cuda_print::Printed;
use differential_tests::{assert_floor, Counter};
use mapcheck_core::check::check_kernel;
use mapcheck_core::kernel::Kernel;
use mapcheck_core::verdict::{CheckOptions, Verdict};
use mapcheck_frontend::options::Flags;
use quickcheck::{Arbitrary, Gen};

const PER_UNIT: usize = 100;

/// How far a value is the same for two threads.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Same {
    /// In every thread of the grid (`B` is never written, `n` is a parameter).
    Grid,
    /// In the threads of one block.
    Block,
    /// Each thread its own.
    Thread,
}

const VALUES: [(&str, Same); 9] = [
    ("7", Same::Grid),
    ("8", Same::Grid),
    ("n", Same::Grid),
    ("B[0]", Same::Grid),
    ("B[0] + 1", Same::Grid),
    ("blockIdx.x", Same::Block),
    ("threadIdx.x", Same::Thread),
    ("B[threadIdx.x]", Same::Thread),
    ("B[threadIdx.x] + 1", Same::Thread),
];

/// A write `A[a·t + e·b + c] = VALUES[v]`.
#[derive(Clone, Copy, Debug)]
struct Write {
    a: u64,
    e: u64,
    c: u64,
    v: usize,
}

impl Write {
    fn at(&self, (block, t): (u64, u64)) -> u64 {
        self.a * t + self.e * block + self.c
    }
}

/// Two writes by every thread of `blocks` blocks of `threads`.
#[derive(Clone, Debug)]
struct Writes {
    blocks: u64,
    threads: u64,
    writes: [Write; 2],
}

impl Writes {
    /// The pairs of distinct threads `(block, threadIdx.x)` the property
    /// judges: of one block, or (`across`) of different blocks.
    fn pairs(&self, across: bool) -> Vec<((u64, u64), (u64, u64))> {
        let all: Vec<(u64, u64)> = (0..self.blocks)
            .flat_map(|b| (0..self.threads).map(move |t| (b, t)))
            .collect();
        let mut out = Vec::new();
        for &x in &all {
            for &y in &all {
                if x != y && (x.0 != y.0) == across {
                    out.push((x, y));
                }
            }
        }
        out
    }

    /// Two writes by the threads of a pair to one element, both writing
    /// the same value (`excused`) or not.
    fn collides(&self, across: bool, excused: bool) -> bool {
        let same = |w: &Write, x: &Write| {
            w.v == x.v
                && match VALUES[w.v].1 {
                    Same::Grid => true,
                    Same::Block => !across,
                    Same::Thread => false,
                }
        };
        self.pairs(across).iter().any(|&(p, q)| {
            self.writes.iter().any(|w| {
                self.writes
                    .iter()
                    .any(|x| w.at(p) == x.at(q) && same(w, x) == excused)
            })
        })
    }
}

fn arbitrary_writes(g: &mut Gen, blocks: u64) -> Writes {
    let mut write = || Write {
        a: u64::arbitrary(g) % 3,
        e: if blocks > 1 { u64::arbitrary(g) % 3 } else { 0 },
        c: u64::arbitrary(g) % 4,
        v: usize::arbitrary(g) % VALUES.len(),
    };
    let writes = [write(), write()];
    Writes {
        blocks,
        threads: 2 + u64::arbitrary(g) % 3,
        writes,
    }
}

/// Cases of one block.
#[derive(Clone, Debug)]
struct OneBlock(Writes);

impl Arbitrary for OneBlock {
    fn arbitrary(g: &mut Gen) -> OneBlock {
        OneBlock(arbitrary_writes(g, 1))
    }
}

/// Cases of a grid of 2 or 3 blocks.
#[derive(Clone, Debug)]
struct Grid(Writes);

impl Arbitrary for Grid {
    fn arbitrary(g: &mut Gen) -> Grid {
        let blocks = 2 + u64::arbitrary(g) % 2;
        Grid(arbitrary_writes(g, blocks))
    }
}

/// The kernel `name` and its launch; the judged kernel is `judged`.
fn print(w: &Writes, name: &str, judged: &str) -> Printed {
    let body: String = w
        .writes
        .iter()
        .map(|x| {
            let (a, e, c) = (x.a, x.e, x.c);
            let value = VALUES[x.v].0;
            format!("  A[{a} * threadIdx.x + {e} * blockIdx.x + {c}] = {value};\n")
        })
        .collect();
    let source = format!("__global__ void {name}(int *A, const int *B, int n)\n{{\n{body}}}\n");
    let (g, t) = (w.blocks, w.threads);
    let launch = format!(
        "void launch_{name}(int *A, const int *B, int n) {{ {name}<<<{g}, {t}>>>(A, B, n); }}\n"
    );
    Printed::plain(source, judged, launch, [t, 1, 1])
}

/// Counts of one property: kernels, racy ones, ones whose only
/// collisions are excused and, of those, the ones answered DRF, and
/// racy ones whose values both read at the thread's own index.
struct Counts([Counter; 5]);

static ONE_BLOCK: Counts = Counts([const { Counter::new() }; 5]);
static GRID: Counts = Counts([const { Counter::new() }; 5]);

/// The checker's verdict on `A` for the pairs of one block or of two.
fn judge(w: &Writes, k: &Kernel, across: bool, counts: &Counts) -> Result<(), String> {
    let racy = w.collides(across, false);
    let excused_only = !racy && w.collides(across, true);
    let read_values = w.writes.iter().all(|x| VALUES[x.v].0.starts_with("B[t"));
    let report = check_kernel(k, &CheckOptions::default());
    let verdict = report
        .arrays
        .iter()
        .find(|a| a.array == "A")
        .map(|a| &a.verdict);
    let drf = matches!(verdict, Some(Verdict::Drf { .. }));
    let seen = [
        true,
        racy,
        excused_only,
        excused_only && drf,
        racy && read_values,
    ];
    for (counter, seen) in counts.0.iter().zip(seen) {
        if seen {
            counter.add();
        }
    }
    match (verdict, racy) {
        (Some(Verdict::Racy(_)), true) | (_, false) => Ok(()),
        (v, true) => Err(format!("checker {v:?}, oracle racy")),
    }
}

fn print_counts(what: &str, counts: &Counts) {
    let [all, racy, excused, excused_drf, read] = &counts.0;
    let n = all.get();
    eprintln!("benign values, {what}: {n} kernels");
    assert_floor("racy", racy.get(), n, 30.0);
    assert_floor("only excused collisions", excused.get(), n, 10.0);
    assert_floor(
        "  of those, answered DRF",
        excused_drf.get(),
        excused.get(),
        50.0,
    );
    assert_floor(
        "racy, both values read at the thread's index",
        read.get(),
        n,
        1.0,
    );
}

/// Within a block, only equal values the same in both threads are excused.
#[test]
fn benign_writes_within_a_block_are_excused_only_for_equal_uniform_values() {
    let property = Property {
        print: |c: &OneBlock, name| print(&c.0, name, name),
        judge: |c: &OneBlock, _, k| judge(&c.0, k, false, &ONE_BLOCK),
        flags: cuda_batch::one_block,
    };
    cuda_batch::run(differential_tests::scaled_cases(40), PER_UNIT, &property);
    print_counts("one block", &ONE_BLOCK);
}

/// Across blocks (the default grid mode), `blockIdx.x` is not excused.
#[test]
fn benign_writes_across_blocks_are_excused_only_for_values_of_the_grid() {
    let property = Property {
        print: |c: &Grid, name| print(&c.0, name, &format!("{name} (across blocks)")),
        judge: |c: &Grid, _, k| judge(&c.0, k, true, &GRID),
        flags: Flags::default,
    };
    cuda_batch::run(differential_tests::scaled_cases(40), PER_UNIT, &property);
    print_counts("across blocks", &GRID);
}
