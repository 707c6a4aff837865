//! Conversions to narrow integer types through the real front end: random
//! kernels whose threads write `A[(T)(a * threadIdx.x + b) + OFF]` (or
//! through a local `T v = a * threadIdx.x + b;`) for `T` one of `signed
//! char`, `short`, `unsigned char`, `unsigned short`, checked within one
//! block against an oracle that converts by C's rules (C++20 [conv.integral]:
//! the value congruent modulo 2^N in `T`'s range; `OFF` = 2^(N−1) for a
//! signed `T` keeps the index non-negative).  Two threads that write one
//! element race (each writes its own `threadIdx.x`).
//!
//! Cases: `MAPCHECK_CASES / 40` kernels (all with `MAPCHECK_FULL`).

use differential_tests::cuda_batch::{self, Property};
use differential_tests::cuda_print::Printed;
use differential_tests::{assert_floor, Counter};
use mapcheck_core::kernel::Kernel;
use mapcheck_core::verdict::CheckOptions;
use quickcheck::{Arbitrary, Gen};

const PER_UNIT: usize = 100;

/// A narrow C type: its name, width and signedness.
const TYPES: [(&str, u32, bool); 4] = [
    ("signed char", 8, true),
    ("short", 16, true),
    ("unsigned char", 8, false),
    ("unsigned short", 16, false),
];

#[derive(Clone, Debug)]
struct Narrowing {
    ty: usize,
    threads: u64,
    a: u64,
    b: u64,
    through_local: bool,
}

impl Narrowing {
    fn bits(&self) -> u32 {
        TYPES[self.ty].1
    }

    fn signed(&self) -> bool {
        TYPES[self.ty].2
    }

    fn offset(&self) -> i64 {
        if self.signed() {
            1 << (self.bits() - 1)
        } else {
            0
        }
    }

    /// `(T) x` by C's rules, then `+ OFF`.
    fn index(&self, t: u64) -> i64 {
        let x = i64::try_from(self.a * t + self.b).expect("small");
        let m = 1i64 << self.bits();
        let mut v = x.rem_euclid(m);
        if self.signed() && v >= m / 2 {
            v -= m;
        }
        v + self.offset()
    }

    /// The index without the conversion (what a front end that does not
    /// wrap would compute).
    fn unwrapped(&self, t: u64) -> i64 {
        i64::try_from(self.a * t + self.b).expect("small") + self.offset()
    }

    fn collide(&self, at: impl Fn(u64) -> i64) -> bool {
        (0..self.threads).any(|t| (0..t).any(|u| at(t) == at(u)))
    }
}

impl Arbitrary for Narrowing {
    fn arbitrary(g: &mut Gen) -> Narrowing {
        let ty = usize::arbitrary(g) % TYPES.len();
        let bits = TYPES[ty].1;
        // Multipliers that make some thread pairs meet modulo 2^bits.
        let half = 1u64 << (bits - 1);
        let a = *g
            .choose(&[
                1,
                2,
                3,
                half / 2,
                half,
                half + 1,
                2 * half - 1,
                half / 2 * 3,
            ])
            .unwrap();
        Narrowing {
            ty,
            threads: 1 + u64::arbitrary(g) % 8,
            a,
            b: u64::arbitrary(g) % (4 * half),
            through_local: bool::arbitrary(g),
        }
    }
}

fn print(n: &Narrowing, name: &str) -> Printed {
    let (ty, _, _) = TYPES[n.ty];
    let (a, b, off) = (n.a, n.b, n.offset());
    let body = if n.through_local {
        format!("  {ty} v = {a} * threadIdx.x + {b};\n  A[v + {off}] = threadIdx.x;\n")
    } else {
        format!("  A[({ty})({a} * threadIdx.x + {b}) + {off}] = threadIdx.x;\n")
    };
    let source = format!("__global__ void {name}(float *A)\n{{\n{body}}}\n");
    let launch = format!(
        "void launch_{name}(float *A) {{ {name}<<<1, {}>>>(A); }}\n",
        n.threads
    );
    Printed::plain(source, name, launch, [n.threads, 1, 1])
}

static ALL: Counter = Counter::new();
static RACY: Counter = Counter::new();
static WRAPS: Counter = Counter::new();
static RACY_BY_WRAP: Counter = Counter::new();
static SIGNED_NEGATIVE: Counter = Counter::new();

fn judge(n: &Narrowing, _: &Printed, k: &Kernel) -> Result<(), String> {
    ALL.add();
    let racy = n.collide(|t| n.index(t));
    let wraps = (0..n.threads).any(|t| n.index(t) != n.unwrapped(t));
    for (counter, seen) in [
        (&RACY, racy),
        (&WRAPS, wraps),
        (&RACY_BY_WRAP, racy && !n.collide(|t| n.unwrapped(t))),
        (
            &SIGNED_NEGATIVE,
            (0..n.threads).any(|t| n.index(t) < n.offset()),
        ),
    ] {
        if seen {
            counter.add();
        }
    }
    cuda_batch::agrees(k, &CheckOptions::default(), "A", racy, "oracle")
}

/// Narrow conversions: the checker's verdict is the one C's conversions give.
#[test]
fn narrow_conversions_agree_with_c() {
    let property = Property {
        print,
        judge,
        flags: cuda_batch::one_block,
    };
    cuda_batch::run(differential_tests::scaled_cases(40), PER_UNIT, &property);
    let n = ALL.get();
    eprintln!("narrow conversions: {n} kernels");
    assert_floor("racy", RACY.get(), n, 12.0);
    assert_floor("an index that wraps", WRAPS.get(), n, 40.0);
    assert_floor("racy only through the wrap", RACY_BY_WRAP.get(), n, 10.0);
    assert_floor("a negative signed value", SIGNED_NEGATIVE.get(), n, 15.0);
}
