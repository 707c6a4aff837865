//! Row-major layout through the real front end: random kernels that write
//! a `__shared__` array of 2 or 3 dimensions through `float *p =
//! &A[0]…[0]` at `p[a * threadIdx.x + b]` and read it as
//! `A[i]…[(threadIdx.x + c) % C]`, checked within one block against an oracle that computes
//! each access's address the way C lays the array out (row by row) and
//! compares the addresses of every pair of threads.  The flat index often
//! ends exactly at a row's extent (`p[C]` is `A[1][0]`), where a carry
//! that the front end leaves out hides a race between rows.
//!
//! Cases: `MAPCHECK_CASES / 40` kernels (all with `MAPCHECK_FULL`).

use differential_tests::cuda_batch::{self, Property};
use differential_tests::cuda_print::Printed;
use differential_tests::{assert_floor, Counter};
use mapcheck_core::kernel::Kernel;
use mapcheck_core::verdict::CheckOptions;
use quickcheck::{Arbitrary, Gen};

const PER_UNIT: usize = 100;

/// One kernel: the array's extents, the block, the write's `a`, `b` and
/// the read's constant leading indices and `c`.
#[derive(Clone, Debug)]
struct Layout {
    extents: Vec<u64>,
    threads: u64,
    a: u64,
    b: u64,
    lead: Vec<u64>,
    c: u64,
}

impl Layout {
    fn cols(&self) -> u64 {
        *self.extents.last().expect("at least two extents")
    }

    /// The element `p[a·t + b]` writes: its offset from `&A[0]…[0]`.
    fn write_at(&self, t: u64) -> u64 {
        self.a * t + self.b
    }

    /// The element `A[lead…][(t + c) % C]` reads, as C lays it out.
    fn read_at(&self, t: u64) -> u64 {
        let index: Vec<u64> = self
            .lead
            .iter()
            .copied()
            .chain([(t + self.c) % self.cols()])
            .collect();
        index
            .iter()
            .zip(&self.extents)
            .fold(0, |at, (i, n)| at * n + i)
    }

    /// Two threads write one element (each its own `threadIdx.x`: not the
    /// same value) or one writes what the other reads, with no barrier.
    fn races(&self) -> bool {
        let ts = 0..self.threads;
        ts.clone().any(|t| {
            ts.clone().filter(|&u| u != t).any(|u| {
                self.write_at(t) == self.write_at(u) || self.write_at(t) == self.read_at(u)
            })
        })
    }

    /// Does some write land past the end of the first row, in a later one?
    fn carries(&self) -> bool {
        (0..self.threads).any(|t| self.write_at(t) >= self.cols())
    }

    /// Does some write land exactly at a row's extent (`p[k·C]`, `k ≥ 1`)?
    fn at_an_extent(&self) -> bool {
        (0..self.threads).any(|t| {
            let w = self.write_at(t);
            w > 0 && w.is_multiple_of(self.cols())
        })
    }
}

impl Arbitrary for Layout {
    fn arbitrary(g: &mut Gen) -> Layout {
        let dims = if bool::arbitrary(g) { 2 } else { 3 };
        let extents: Vec<u64> = (0..dims).map(|_| 1 + u64::arbitrary(g) % 4).collect();
        let size: u64 = extents.iter().product();
        let threads = 1 + u64::arbitrary(g) % size.min(8);
        // In bounds: a·(threads − 1) + b < size.
        let mut a = u64::arbitrary(g) % 3;
        if a * (threads - 1) >= size {
            a = 0;
        }
        let b = u64::arbitrary(g) % (size - a * (threads - 1));
        let lead = extents[..dims - 1]
            .iter()
            .map(|n| u64::arbitrary(g) % n)
            .collect();
        let c = u64::arbitrary(g) % extents[dims - 1];
        Layout {
            extents,
            threads,
            a,
            b,
            lead,
            c,
        }
    }
}

fn print(l: &Layout, name: &str) -> Printed {
    let dims: String = l.extents.iter().map(|n| format!("[{n}]")).collect();
    let zeros = "[0]".repeat(l.extents.len());
    let lead: String = l.lead.iter().map(|i| format!("[{i}]")).collect();
    let source = format!(
        "__global__ void {name}(float *out)\n{{\n  __shared__ float A{dims};\n  \
         float *p = &A{zeros};\n  p[{a} * threadIdx.x + {b}] = threadIdx.x;\n  \
         out[threadIdx.x] = A{lead}[(threadIdx.x + {c}) % {cols}];\n}}\n",
        a = l.a,
        b = l.b,
        c = l.c,
        cols = l.cols()
    );
    let launch = format!(
        "void launch_{name}(float *out) {{ {name}<<<1, {}>>>(out); }}\n",
        l.threads
    );
    Printed::plain(source, name, launch, [l.threads, 1, 1])
}

static ALL: Counter = Counter::new();
static RACY: Counter = Counter::new();
static CARRIES: Counter = Counter::new();
static AT_EXTENT: Counter = Counter::new();
static RACY_AT_EXTENT: Counter = Counter::new();
static THREE_DIMS: Counter = Counter::new();

/// The checker's verdict on `A` must be the oracle's (the kernels use only
/// exactly modelled constructs: constant extents, linear indices, `%` by a
/// constant).
fn judge(l: &Layout, _: &Printed, k: &Kernel) -> Result<(), String> {
    ALL.add();
    let racy = l.races();
    for (counter, seen) in [
        (&RACY, racy),
        (&CARRIES, l.carries()),
        (&AT_EXTENT, l.at_an_extent()),
        (&RACY_AT_EXTENT, racy && l.at_an_extent()),
        (&THREE_DIMS, l.extents.len() == 3),
    ] {
        if seen {
            counter.add();
        }
    }
    cuda_batch::agrees(k, &CheckOptions::default(), "A", racy, "oracle")
}

/// Row-major carries: the checker's verdict is the one the addresses give.
#[test]
fn row_major_carries_agree_with_computed_addresses() {
    let property = Property {
        print,
        judge,
        flags: cuda_batch::one_block,
    };
    cuda_batch::run(differential_tests::scaled_cases(40), PER_UNIT, &property);
    let n = ALL.get();
    eprintln!("row-major layout: {n} kernels");
    assert_floor("racy", RACY.get(), n, 30.0);
    assert_floor("a write carried into a later row", CARRIES.get(), n, 30.0);
    assert_floor(
        "a write exactly at a row's extent",
        AT_EXTENT.get(),
        n,
        20.0,
    );
    assert_floor(
        "racy, with a write at an extent",
        RACY_AT_EXTENT.get(),
        n,
        10.0,
    );
    assert_floor("three dimensions", THREE_DIMS.get(), n, 30.0);
}
