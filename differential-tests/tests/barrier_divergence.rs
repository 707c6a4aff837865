//! Barrier divergence through the real front end, judged by running the
//! threads: random kernels with a `__syncthreads()` under 1–3 nested
//! conditions on `threadIdx.x`, a parameter `n`, `blockIdx.x` and
//! `blockDim.x`, in half of them also in a loop `for (i = LO; i < HI;
//! i++)` whose bounds are constants, `n` or `threadIdx.x`.  The oracle
//! counts the barriers each thread of each block passes for every `n`
//! that can make a difference (the constants are below 4, so `n` in
//! `-1..=5` meets every case): the barrier diverges when two threads of
//! one block pass it a different number of times.  A divergent
//! kernel must not be answered DRF; the others are counted (precision).
//!
//! Cases: `MAPCHECK_CASES / 40` kernels (all with `MAPCHECK_FULL`).

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

/// A loop bound: a constant, `n` or `threadIdx.x`.
#[derive(Clone, Copy, Debug)]
enum Bound {
    Const(i64),
    N,
    Tid,
}

impl Bound {
    fn text(self) -> String {
        match self {
            Bound::Const(c) => c.to_string(),
            Bound::N => "n".to_string(),
            Bound::Tid => "(int)threadIdx.x".to_string(),
        }
    }

    fn value(self, t: i64, n: i64) -> i64 {
        match self {
            Bound::Const(c) => c,
            Bound::N => n,
            Bound::Tid => t,
        }
    }
}

#[derive(Clone, Debug)]
struct Nested {
    blocks: i64,
    threads: i64,
    conds: Vec<Cond>,
    /// The loop around the barrier (inside the conditions), if any.
    bounds: Option<(Bound, Bound)>,
}

impl Nested {
    /// Two threads of one block disagree on reaching the barrier, for
    /// some `n`.
    fn diverges(&self) -> bool {
        let passes = |t, b, n| {
            let trips = self
                .bounds
                .map_or(1, |(lo, hi)| (hi.value(t, n) - lo.value(t, n)).max(0));
            match self.conds.iter().all(|c| c.holds(t, b, self.threads, n)) {
                true => trips,
                false => 0,
            }
        };
        (-1..=5).any(|n| {
            (0..self.blocks).any(|b| {
                let first = passes(0, b, n);
                (1..self.threads).any(|t| passes(t, b, n) != first)
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
        let conds = [cond(), cond(), cond()];
        let mut bound = || match u8::arbitrary(g) % 3 {
            0 => Bound::Const(i64::from(u8::arbitrary(g) % 4)),
            1 => Bound::N,
            _ => Bound::Tid,
        };
        let (lo, hi) = (bound(), bound());
        let bounds = bool::arbitrary(g).then_some((lo, hi));
        let depth = 1 + usize::arbitrary(g) % 3;
        Nested {
            blocks: 1 + i64::from(u8::arbitrary(g) % 3),
            threads: 1 + i64::from(u8::arbitrary(g) % 4),
            conds: conds[..depth].to_vec(),
            bounds,
        }
    }
}

fn print(k: &Nested, name: &str) -> Printed {
    let mut inner = match k.bounds {
        None => "__syncthreads();".to_string(),
        Some((lo, hi)) => format!(
            "for (int i = {}; i < {}; i++) {{ __syncthreads(); }}",
            lo.text(),
            hi.text()
        ),
    };
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
static LOOPS: Counter = Counter::new();

fn judge(k: &Nested, _: &Printed, kernel: &Kernel) -> Result<(), String> {
    ALL.add();
    let divergent = k.diverges();
    // Terms on the thread and terms alike in every thread (conditions and
    // loop bounds) around one barrier.
    let bounds = k.bounds.iter().flat_map(|(lo, hi)| [*lo, *hi]);
    let on_thread: Vec<bool> = (k.conds.iter().map(|c| c.on_the_thread()))
        .chain(bounds.map(|b| matches!(b, Bound::Tid)))
        .collect();
    let mixed = on_thread.contains(&true) && on_thread.contains(&false);
    if k.bounds.is_some() {
        LOOPS.add();
    }
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
    cuda_batch::run(differential_tests::scaled_cases(40), PER_UNIT, &property);
    let n = ALL.get();
    eprintln!("barrier divergence: {n} kernels");
    assert_floor("divergent", DIVERGENT.get(), n, 20.0);
    assert_floor(
        "divergent under a thread-dependent and a uniform term",
        MIXED.get(),
        n,
        10.0,
    );
    assert_floor("a loop around the barrier", LOOPS.get(), n, 40.0);
    assert_floor(
        "answered as the threads run (precision)",
        AGREED.get(),
        n,
        80.0,
    );
}
