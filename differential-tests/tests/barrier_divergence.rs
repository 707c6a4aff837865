//! Barrier divergence through the real front end, judged by running the
//! threads: random kernels with a `__syncthreads()` under 1–3 nested
//! conditions on `threadIdx.x`, a parameter `n`, `blockIdx.x` and
//! `blockDim.x`.  The oracle evaluates the conditions of every thread of
//! every block for every `n` that can make a difference (the constants
//! are below 4, so `n` in `-1..=5` meets every case): the barrier diverges
//! when two threads of one block disagree on reaching it.  A divergent
//! kernel must not be answered DRF; the others are counted (precision).
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

/// A condition: its kind and constant.
#[derive(Clone, Copy, Debug)]
enum Cond {
    TidBelow(i64),
    TidEven,
    NAbove(i64),
    BlockBelow(i64),
    BlockDimAbove(i64),
}

impl Cond {
    fn text(self) -> String {
        match self {
            Cond::TidBelow(c) => format!("threadIdx.x < {c}"),
            Cond::TidEven => "threadIdx.x % 2 == 0".to_string(),
            Cond::NAbove(c) => format!("n > {c}"),
            Cond::BlockBelow(c) => format!("blockIdx.x < {c}"),
            Cond::BlockDimAbove(c) => format!("blockDim.x > {c}"),
        }
    }

    /// The condition in thread `t` of block `b` of `d` threads.
    fn holds(self, t: i64, b: i64, d: i64, n: i64) -> bool {
        match self {
            Cond::TidBelow(c) => t < c,
            Cond::TidEven => t % 2 == 0,
            Cond::NAbove(c) => n > c,
            Cond::BlockBelow(c) => b < c,
            Cond::BlockDimAbove(c) => d > c,
        }
    }

    fn on_the_thread(self) -> bool {
        matches!(self, Cond::TidBelow(_) | Cond::TidEven)
    }
}

#[derive(Clone, Debug)]
struct Nested {
    blocks: i64,
    threads: i64,
    conds: Vec<Cond>,
}

impl Nested {
    /// Two threads of one block disagree on reaching the barrier, for
    /// some `n`.
    fn diverges(&self) -> bool {
        let reach = |t, b, n| self.conds.iter().all(|c| c.holds(t, b, self.threads, n));
        (-1..=5).any(|n| {
            (0..self.blocks).any(|b| {
                let first = reach(0, b, n);
                (1..self.threads).any(|t| reach(t, b, n) != first)
            })
        })
    }
}

impl Arbitrary for Nested {
    fn arbitrary(g: &mut Gen) -> Nested {
        let mut cond = || {
            let c = i64::from(u8::arbitrary(g) % 4);
            match u8::arbitrary(g) % 5 {
                0 => Cond::TidBelow(c),
                1 => Cond::TidEven,
                2 => Cond::NAbove(c),
                3 => Cond::BlockBelow(c),
                _ => Cond::BlockDimAbove(c),
            }
        };
        let conds = vec![cond(), cond(), cond()];
        let depth = 1 + usize::arbitrary(g) % 3;
        Nested {
            blocks: 1 + i64::from(u8::arbitrary(g) % 3),
            threads: 1 + i64::from(u8::arbitrary(g) % 4),
            conds: conds[..depth].to_vec(),
        }
    }
}

fn print(k: &Nested, name: &str) -> Printed {
    let mut inner = "__syncthreads();".to_string();
    for c in k.conds.iter().rev() {
        inner = format!("if ({}) {{ {inner} }}", c.text());
    }
    let source = format!(
        "__global__ void {name}(int *A, int n)\n{{\n  A[threadIdx.x] = 1;\n  {inner}\n  \
         A[threadIdx.x] = 2;\n}}\n"
    );
    let (g, t) = (k.blocks, k.threads);
    let launch = format!("void launch_{name}(int *A, int n) {{ {name}<<<{g}, {t}>>>(A, n); }}\n");
    Printed::plain(source, name, launch, [t as u64, 1, 1])
}

static ALL: Counter = Counter::new();
static DIVERGENT: Counter = Counter::new();
static MIXED: Counter = Counter::new();
static AGREED: Counter = Counter::new();

fn judge(k: &Nested, _: &Printed, kernel: &Kernel) -> Result<(), String> {
    ALL.add();
    let divergent = k.diverges();
    let mixed =
        k.conds.iter().any(|c| c.on_the_thread()) && k.conds.iter().any(|c| !c.on_the_thread());
    if divergent {
        DIVERGENT.add();
    }
    if divergent && mixed {
        MIXED.add();
    }
    let report = check_kernel(kernel, &CheckOptions::default());
    let verdict = report
        .arrays
        .iter()
        .find(|a| a.array == "A")
        .map(|a| &a.verdict);
    let answered_divergent = matches!(verdict, Some(Verdict::Divergence { .. } | Verdict::Racy(_)));
    if answered_divergent == divergent {
        AGREED.add();
    }
    match (verdict, divergent) {
        (Some(Verdict::Drf { .. }) | None, true) => {
            Err(format!("checker {verdict:?}, but the threads diverge"))
        }
        _ => Ok(()),
    }
}

/// A barrier the threads may disagree on is never answered DRF.
#[test]
fn barrier_divergence_agrees_with_running_the_threads() {
    let property = Property {
        print,
        judge,
        flags: cuda_batch::one_block,
    };
    cuda_batch::run(differential_tests::scaled_cases(20), PER_UNIT, &property);
    let n = ALL.get();
    eprintln!("barrier divergence: {n} kernels");
    assert_floor("divergent", DIVERGENT.get(), n, 25.0);
    assert_floor(
        "divergent under a thread and a uniform condition",
        MIXED.get(),
        n,
        10.0,
    );
    assert_floor(
        "answered as the threads run (precision)",
        AGREED.get(),
        n,
        90.0,
    );
}
