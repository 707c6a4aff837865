//! Races between blocks through the real front end, in the command line's
//! default (grid) mode: random kernels launched on grids of one, two or
//! three dimensions (`dim3 grid(x, y, z)`, up to 4 blocks) whose threads
//! write `A[a * threadIdx.x + ex * blockIdx.x + ey * blockIdx.y + ez *
//! blockIdx.z + c]` in two statements.  The oracle lists every pair of
//! threads of different blocks (blocks differ when any `blockIdx`
//! component does) and their elements; the across-blocks kernel is
//! checked with `--strict` (every collision of two writes is a race, so
//! no benign rule enters) and must answer exactly as the oracle.
//!
//! Cases: `MAPCHECK_CASES / 40` kernels (all with `MAPCHECK_FULL`).

use differential_tests::cuda_batch::{self, Property};
use differential_tests::cuda_print::Printed;
use differential_tests::{assert_floor, Counter};
use mapcheck_core::kernel::Kernel;
use mapcheck_core::verdict::CheckOptions;
use mapcheck_frontend::options::Flags;
use quickcheck::{Arbitrary, Gen};

const PER_UNIT: usize = 100;

/// The grids: every shape of 1 to 4 blocks.
const GRIDS: [[u64; 3]; 11] = [
    [2, 1, 1],
    [3, 1, 1],
    [4, 1, 1],
    [1, 2, 1],
    [1, 3, 1],
    [1, 1, 2],
    [1, 1, 3],
    [2, 2, 1],
    [2, 1, 2],
    [1, 2, 2],
    [1, 4, 1],
];

/// `a · threadIdx.x + e · blockIdx + c`.
#[derive(Clone, Copy, Debug)]
struct Write {
    a: u64,
    e: [u64; 3],
    c: u64,
}

#[derive(Clone, Debug)]
struct GridCase {
    grid: [u64; 3],
    threads: u64,
    writes: [Write; 2],
}

impl GridCase {
    fn blocks(&self) -> Vec<[u64; 3]> {
        let [x, y, z] = self.grid;
        (0..z)
            .flat_map(|k| (0..y).flat_map(move |j| (0..x).map(move |i| [i, j, k])))
            .collect()
    }

    fn at(w: &Write, b: [u64; 3], t: u64) -> u64 {
        w.a * t + w.e.iter().zip(b).map(|(e, b)| e * b).sum::<u64>() + w.c
    }

    /// Two threads of different blocks write one element.
    fn races(&self) -> bool {
        let bs = self.blocks();
        let ts = 0..self.threads;
        bs.iter().any(|&b| {
            bs.iter().filter(|&&d| d != b).any(|&d| {
                ts.clone().any(|t| {
                    ts.clone().any(|s| {
                        self.writes.iter().any(|w| {
                            self.writes
                                .iter()
                                .any(|x| Self::at(w, b, t) == Self::at(x, d, s))
                        })
                    })
                })
            })
        })
    }

    /// Would the oracle answer otherwise if blocks differed only by
    /// `blockIdx.x` (the pairs with equal `x` taken as one block)?
    fn races_only_by_y_or_z(&self) -> bool {
        let bs = self.blocks();
        let ts = 0..self.threads;
        let collide = |b: [u64; 3], d: [u64; 3]| {
            ts.clone().any(|t| {
                ts.clone().any(|s| {
                    self.writes.iter().any(|w| {
                        self.writes
                            .iter()
                            .any(|x| Self::at(w, b, t) == Self::at(x, d, s))
                    })
                })
            })
        };
        let by_x = bs
            .iter()
            .any(|&b| bs.iter().filter(|d| d[0] != b[0]).any(|&d| collide(b, d)));
        self.races() && !by_x
    }
}

impl Arbitrary for GridCase {
    fn arbitrary(g: &mut Gen) -> GridCase {
        let mut write = || Write {
            a: u64::arbitrary(g) % 3,
            e: [0; 3].map(|_| u64::arbitrary(g) % 4),
            c: u64::arbitrary(g) % 4,
        };
        let writes = [write(), write()];
        GridCase {
            grid: *g.choose(&GRIDS).unwrap(),
            threads: 1 + u64::arbitrary(g) % 3,
            writes,
        }
    }
}

fn print(c: &GridCase, name: &str) -> Printed {
    let body: String = c
        .writes
        .iter()
        .map(|w| {
            let [ex, ey, ez] = w.e;
            format!(
                "  A[{} * threadIdx.x + {ex} * blockIdx.x + {ey} * blockIdx.y + {ez} * \
                 blockIdx.z + {}] = threadIdx.x;\n",
                w.a, w.c
            )
        })
        .collect();
    let source = format!("__global__ void {name}(int *A)\n{{\n{body}}}\n");
    let [x, y, z] = c.grid;
    let launch = format!(
        "void launch_{name}(int *A) {{ dim3 grid({x}, {y}, {z}); {name}<<<grid, {}>>>(A); }}\n",
        c.threads
    );
    Printed::plain(
        source,
        &format!("{name} (across blocks)"),
        launch,
        [c.threads, 1, 1],
    )
}

static ALL: Counter = Counter::new();
static RACY: Counter = Counter::new();
static ONLY_Y_OR_Z: Counter = Counter::new();
static MULTI_DIM: Counter = Counter::new();

fn judge(c: &GridCase, _: &Printed, k: &Kernel) -> Result<(), String> {
    ALL.add();
    let racy = c.races();
    for (counter, seen) in [
        (&RACY, racy),
        (&ONLY_Y_OR_Z, c.races_only_by_y_or_z()),
        (&MULTI_DIM, c.grid[1] * c.grid[2] > 1),
    ] {
        if seen {
            counter.add();
        }
    }
    let strict = CheckOptions {
        strict: true,
        ..CheckOptions::default()
    };
    cuda_batch::agrees(k, &strict, "A", racy, "oracle")
}

/// Across blocks, the checker's verdict is the one the pairs of blocks give.
#[test]
fn races_across_blocks_agree_with_every_pair_of_blocks() {
    let property = Property {
        print,
        judge,
        flags: Flags::default,
    };
    cuda_batch::run(differential_tests::scaled_cases(40), PER_UNIT, &property);
    let n = ALL.get();
    eprintln!("grid blocks: {n} kernels");
    assert_floor("racy across blocks", RACY.get(), n, 30.0);
    assert_floor("grids of 2 or 3 dimensions", MULTI_DIM.get(), n, 50.0);
    assert_floor(
        "racy only between blocks of equal blockIdx.x",
        ONLY_Y_OR_Z.get(),
        n,
        5.0,
    );
}
