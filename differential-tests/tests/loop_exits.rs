//! Synchronized loops left by `if (i == E) break;` through the real front
//! end, against a reference that runs the threads: random kernels
//!
//! ```text
//! for (int i = 0; i < H; i++) { P; if (i == E) break; Q }  R
//! ```
//!
//! where `P`, `Q` and `R` are short lists of barriers and writes or reads
//! of `s[a * threadIdx.x + b * i + c]`.  The exit is alike in every thread,
//! so all threads run the same statements; the reference numbers the
//! barrier intervals as it runs them and reports a race when two threads
//! access one element in one interval, one of them writing.  Checked with
//! `--strict`, within the block: a race of the reference must not be
//! answered DRF (the others are counted: a loop without barriers keeps its
//! exit only approximately).  The iteration that leaves runs `P` before it
//! exits: its accesses share an interval with `R`.
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

/// A statement: a barrier, or an access of `s[a·t + b·i + c]`.
#[derive(Clone, Copy, Debug)]
enum St {
    Sync,
    Access { write: bool, a: u64, b: u64, c: u64 },
}

#[derive(Clone, Debug)]
struct Exit {
    threads: u64,
    hi: u64,
    exit: u64,
    p: Vec<St>,
    q: Vec<St>,
    r: Vec<St>,
}

/// One access as the reference records it: thread, interval, element, write.
type Event = (u64, usize, u64, bool);

impl Exit {
    /// Runs `stmts` for every thread at loop value `i`, from interval `at`.
    fn run(&self, stmts: &[St], i: u64, at: &mut usize, out: &mut Vec<Event>) {
        for s in stmts {
            match *s {
                St::Sync => *at += 1,
                St::Access { write, a, b, c } => {
                    out.extend((0..self.threads).map(|t| (t, *at, a * t + b * i + c, write)))
                }
            }
        }
    }

    fn races(&self) -> bool {
        let (mut at, mut events) = (0, Vec::new());
        for i in 0..self.hi {
            self.run(&self.p, i, &mut at, &mut events);
            if i == self.exit {
                break;
            }
            self.run(&self.q, i, &mut at, &mut events);
        }
        self.run(&self.r, 0, &mut at, &mut events);
        events.iter().any(|&(t, k, x, w)| {
            events
                .iter()
                .any(|&(u, l, y, v)| t != u && k == l && x == y && (w || v))
        })
    }

    /// Is the exit taken (`E < H`)?
    fn leaves(&self) -> bool {
        self.exit < self.hi
    }
}

fn statements(g: &mut Gen, most: usize) -> Vec<St> {
    let n = usize::arbitrary(g) % (most + 1);
    (0..n)
        .map(|_| match u8::arbitrary(g) % 3 {
            0 => St::Sync,
            _ => St::Access {
                write: bool::arbitrary(g),
                a: u64::arbitrary(g) % 2,
                b: u64::arbitrary(g) % 2,
                c: u64::arbitrary(g) % 3,
            },
        })
        .collect()
}

impl Arbitrary for Exit {
    fn arbitrary(g: &mut Gen) -> Exit {
        Exit {
            threads: 1 + u64::arbitrary(g) % 3,
            hi: 1 + u64::arbitrary(g) % 3,
            exit: u64::arbitrary(g) % 4,
            p: statements(g, 3),
            q: statements(g, 3),
            r: statements(g, 2),
        }
    }
}

fn print_block(stmts: &[St], i: &str) -> String {
    stmts
        .iter()
        .map(|s| match *s {
            St::Sync => "__syncthreads(); ".to_string(),
            St::Access { write, a, b, c } => {
                let index = format!("{a} * threadIdx.x + {b} * {i} + {c}");
                match write {
                    true => format!("s[{index}] = threadIdx.x; "),
                    false => format!("x += s[{index}]; "),
                }
            }
        })
        .collect()
}

fn print(e: &Exit, name: &str) -> Printed {
    let source = format!(
        "__global__ void {name}(int *out)\n{{\n  __shared__ int s[16];\n  int x = 0;\n  \
         for (int i = 0; i < {hi}; i++) {{ {p}if (i == {exit}) break; {q}}}\n  {r}\n  \
         out[threadIdx.x] = x;\n}}\n",
        hi = e.hi,
        exit = e.exit,
        p = print_block(&e.p, "i"),
        q = print_block(&e.q, "i"),
        r = print_block(&e.r, "0"),
    );
    let launch = format!(
        "void launch_{name}(int *out) {{ {name}<<<1, {}>>>(out); }}\n",
        e.threads
    );
    Printed::plain(source, name, launch, [e.threads, 1, 1])
}

static ALL: Counter = Counter::new();
static RACY: Counter = Counter::new();
static LEAVES: Counter = Counter::new();
static LEAVES_RACY: Counter = Counter::new();
static SYNC_LEAVES_RACY: Counter = Counter::new();
static AGREED: Counter = Counter::new();

/// The checker's verdict on `s`, with `--strict`.
fn verdict_of(k: &Kernel) -> Option<Verdict> {
    let strict = CheckOptions {
        strict: true,
        ..CheckOptions::default()
    };
    let report = check_kernel(k, &strict);
    report
        .arrays
        .into_iter()
        .find(|a| a.array == "s")
        .map(|a| a.verdict)
}

/// A race of the reference is never answered DRF (a loop without
/// barriers keeps its exit only approximately: false alarms are
/// counted, not failed).
fn judge(e: &Exit, _: &Printed, k: &Kernel) -> Result<(), String> {
    ALL.add();
    let racy = e.races();
    let verdict = verdict_of(k);
    let answered = matches!(verdict, Some(Verdict::Racy(_))) == racy;
    let synchronized = e.p.iter().chain(&e.q).any(|s| matches!(s, St::Sync));
    for (counter, seen) in [
        (&AGREED, answered),
        (&SYNC_LEAVES_RACY, synchronized && e.leaves() && racy),
        (&RACY, racy),
        (&LEAVES, e.leaves()),
        (&LEAVES_RACY, e.leaves() && racy),
    ] {
        if seen {
            counter.add();
        }
    }
    match (verdict, racy) {
        (Some(Verdict::Drf { .. }) | None, true) => Err("DRF, but the reference races".into()),
        _ => Ok(()),
    }
}

/// Loops left at `i == E`: the verdict is the one running the threads gives.
#[test]
fn loop_exits_agree_with_running_the_threads() {
    let property = Property {
        print,
        judge,
        flags: cuda_batch::one_block,
    };
    cuda_batch::run(differential_tests::scaled_cases(40), PER_UNIT, &property);
    let n = ALL.get();
    eprintln!("loop exits: {n} kernels");
    assert_floor("racy", RACY.get(), n, 20.0);
    assert_floor("the exit is taken", LEAVES.get(), n, 35.0);
    assert_floor("the exit is taken, racy", LEAVES_RACY.get(), n, 8.0);
    let what = "a barrier in the loop, the exit taken, racy";
    assert_floor(what, SYNC_LEAVES_RACY.get(), n, 4.0);
    assert_floor(
        "answered as the threads run (precision)",
        AGREED.get(),
        n,
        90.0,
    );
}
