//! The CUDA front end against the reference (`proofs-notes/cuda-round-trip.md`): random
//! protocols printed as CUDA kernels (`differential_tests::cuda_print`),
//! loaded with the checker's libclang front end and checked; the verdict is
//! compared with the reference's verdict for the protocol (`p ↓`, Fig. 5 of
//! `seeds/000_*`).  Kernels are checked in batches, `PER_UNIT` to a
//! translation unit held in memory (`differential_tests::cuda_batch`): one
//! libclang parse per batch.
//!
//! Kernels are written in random styles (`cuda_print::Style`): global or
//! `__shared__` arrays, one or two dimensions, `__device__` accessors, a
//! pointer-offset alias, `int` / `unsigned int` / `long` / `short` /
//! `unsigned char` counters, blocks of one, two or three dimensions
//! (`tid` the linear thread index), indices narrowed to `unsigned char` or
//! `unsigned short` (C's wrap-around applied to the reference history too).
//!
//! - Kernels that use only exactly modelled constructs: same verdict, and a
//!   racy witness (the threads' linear index, the index, the modes) is a
//!   racy pair of one phase of the reference history.
//! - Kernels that print the total ℕ operators with `?:` guards: never DRF
//!   when the reference races; where both race, the share of witnesses that
//!   replay in the reference has a floor.
//!
//! Cases: `MAPCHECK_CASES` protocols, a tenth of it whole-language programs.

use differential_tests::cuda_batch::{self, load_unit, Property};
use differential_tests::cuda_print::{
    self, c_array, kernel, kernel_of_program, IntType, Printed, Style, Wrap,
};
use differential_tests::protocols::Case;
use differential_tests::surface_gen::{
    assumptions_hold, env_of, local_assignments, reference, SurfaceCase,
};
use differential_tests::Counter;
use differential_tests::{assert_ceiling, assert_floor, reference_history};
use mapcheck_core::check::check_kernel;
use mapcheck_core::kernel::Kernel;
use mapcheck_core::verdict::{CheckOptions, Verdict, Witness};
use quickcheck::{Arbitrary, Gen};
use semantics::history::{racy, safe, History, Phase};
use semantics::AccessValue;

/// Whole-language programs per run: a tenth of `MAPCHECK_CASES` (they cost
/// about four times a protocol's kernel: several arrays, and 64 values of
/// each thread-local).
fn program_cases() -> u64 {
    differential_tests::scaled_cases(10)
}

/// Kernels per translation unit of the batched round trip.
const PER_UNIT: usize = 200;

static EXACT_AGREED: Counter = Counter::new();
static EXACT_RACY: Counter = Counter::new();
static GUARDED: Counter = Counter::new();
static GUARDED_RACY: Counter = Counter::new();
static GUARDED_PRECISE: Counter = Counter::new();
static UNKNOWN: Counter = Counter::new();
static ALL: Counter = Counter::new();
static MULTI_DIM_BLOCKS: Counter = Counter::new();
static NARROWED: Counter = Counter::new();
static NARROW_COUNTERS: Counter = Counter::new();
static RACES_BY_WRAP: Counter = Counter::new();
static GUARDED_RACY_WITNESSES: Counter = Counter::new();
static GUARDED_REPLAYED: Counter = Counter::new();

/// The reference history with every index mapped to the cell the kernel
/// touches ([`Printed::c_index`]: C's wrap-around of narrowed indices, the
/// alias offset): the history of the C kernel.
fn c_history(h: &History, printed: &Printed) -> History {
    h.iter()
        .map(|phase| {
            phase
                .iter()
                .map(|a| {
                    let index = vec![printed.c_index(&a.index[0])];
                    AccessValue::new(a.owner.clone(), a.mode, index)
                })
                .collect::<Phase>()
        })
        .collect()
}

/// The witness is a race of `h` (a history of the C kernel): its threads'
/// linear `tid`s, modes and first index make two racing accesses of one
/// phase.
fn witness_in_history(w: &Witness, h: &History, printed: &Printed) -> bool {
    let Some(first) = w.index.first() else {
        return false;
    };
    let access = |k: usize| {
        let owner = printed.linear_tid(&w.threads[k].ids);
        AccessValue::new(owner, w.accesses[k].mode, vec![first.clone()])
    };
    let (a, b) = (access(0), access(1));
    racy(&a, &b) && h.iter().any(|p| p.contains(&a) && p.contains(&b))
}

/// A protocol and how to write it in CUDA.
#[derive(Clone, Debug)]
struct CudaCase {
    case: Case,
    style: Style,
}

/// A random shape of `threads` threads: one dimension, or spread over two
/// or three (`[1, 2, 2]`, `[3, 1, 1]`, `[1, 1, 4]`, …).
fn block_shape(g: &mut Gen, threads: u64) -> Option<[u64; 3]> {
    let shapes: Vec<[u64; 3]> = (1..=threads)
        .flat_map(|x| (1..=threads).map(move |y| (x, y)))
        .filter(|(x, y)| threads.is_multiple_of(x * y))
        .map(|(x, y)| [x, y, threads / (x * y)])
        .collect();
    if bool::arbitrary(g) {
        None
    } else {
        g.choose(&shapes).copied()
    }
}

impl Arbitrary for CudaCase {
    fn arbitrary(g: &mut Gen) -> CudaCase {
        let case = Case::arbitrary(g);
        let style = Style {
            shared: bool::arbitrary(g),
            two_dims: bool::arbitrary(g),
            device_functions: u8::arbitrary(g) % 3 == 0,
            alias: u8::arbitrary(g) % 3 == 0,
            int_type: *g
                .choose(&[
                    IntType::Int,
                    IntType::Unsigned,
                    IntType::Long,
                    IntType::Short,
                    IntType::UnsignedChar,
                ])
                .unwrap(),
            block: block_shape(g, case.threads),
            wrap: *g
                .choose(&[None, Some(Wrap::UnsignedChar), Some(Wrap::UnsignedShort)])
                .unwrap(),
        };
        CudaCase { case, style }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = CudaCase>> {
        let style = self.style;
        Box::new(self.case.shrink().map(move |case| CudaCase { case, style }))
    }
}

fn print_case(cc: &CudaCase, name: &str) -> Printed {
    kernel(&cc.case.protocol, cc.case.threads, cc.style, name)
}

/// The checker's verdict for the kernel of `cc` against the reference's.
fn judge(cc: &CudaCase, printed: &Printed, k: &Kernel) -> Result<(), String> {
    ALL.add();
    let case = &cc.case;
    if printed.block[1] * printed.block[2] > 1 {
        MULTI_DIM_BLOCKS.add();
    }
    if printed.narrowed() {
        NARROWED.add();
    }
    if matches!(cc.style.int_type, IntType::Short | IntType::UnsignedChar) {
        NARROW_COUNTERS.add();
    }
    let report = check_kernel(k, &access_level());
    let verdict = match report.arrays.iter().find(|a| a.array == "A") {
        Some(a) => a.verdict.clone(),
        None => Verdict::Drf {
            assumptions: Vec::new(),
        },
    };
    let protocol_history = reference_history(&case.protocol, case.threads);
    let history = c_history(&protocol_history, printed);
    let reference_drf = safe(&history);
    if !reference_drf && safe(&protocol_history) {
        // Two indices wrapped around to one cell: a race of C, not of `p`.
        RACES_BY_WRAP.add();
    }
    if matches!(verdict, Verdict::Unknown { .. }) {
        UNKNOWN.add();
        return Ok(());
    }
    let fail = |what: &str| {
        Err(format!(
            "{what}: checker {verdict:?}, reference DRF = {reference_drf}\nprotocol:\n{}",
            case.protocol
        ))
    };
    if printed.exact {
        match &verdict {
            Verdict::Drf { .. } if reference_drf => EXACT_AGREED.add(),
            Verdict::Racy(w) if !reference_drf => {
                if !witness_in_history(w, &history, printed) {
                    return fail("the witness is not a race of the reference");
                }
                EXACT_AGREED.add();
                EXACT_RACY.add();
            }
            _ => return fail("exactly modelled kernel, different verdict"),
        }
    } else {
        GUARDED.add();
        if !reference_drf {
            GUARDED_RACY.add();
        }
        match &verdict {
            Verdict::Drf { .. } if !reference_drf => return fail("DRF, but the reference races"),
            Verdict::Racy(_) if reference_drf => {}
            Verdict::Racy(w) => {
                // Both race: does the witness replay in the reference too?
                GUARDED_PRECISE.add();
                GUARDED_RACY_WITNESSES.add();
                if witness_in_history(w, &history, printed) {
                    GUARDED_REPLAYED.add();
                }
            }
            _ => GUARDED_PRECISE.add(),
        }
    }
    Ok(())
}

/// Random protocols as kernels in random styles, `PER_UNIT` to a
/// translation unit, against the reference.
#[test]
fn cuda_round_trip_agrees_with_the_reference() {
    let property = Property {
        print: print_case,
        judge,
        flags: cuda_batch::one_block,
    };
    cuda_batch::run(differential_tests::scaled_cases(1), PER_UNIT, &property);
    let n = ALL.get();
    eprintln!(
        "cuda round trip: {n} kernels; exact: {} agreed ({} racy); guarded: {} ({} racy in \
         the reference, {} with the reference's verdict); {} unknown",
        EXACT_AGREED.get(),
        EXACT_RACY.get(),
        GUARDED.get(),
        GUARDED_RACY.get(),
        GUARDED_PRECISE.get(),
        UNKNOWN.get()
    );
    assert_floor("exactly modelled kernels", EXACT_AGREED.get(), n, 15.0);
    assert_floor(
        "blocks of two or three dimensions",
        MULTI_DIM_BLOCKS.get(),
        n,
        20.0,
    );
    assert_floor(
        "narrowed indices (exact kernels only)",
        NARROWED.get(),
        n,
        8.0,
    );
    assert_floor(
        "short and unsigned char counters",
        NARROW_COUNTERS.get(),
        n,
        20.0,
    );
    assert_floor(
        "races only through wrap-around",
        RACES_BY_WRAP.get(),
        n,
        0.5,
    );
    assert_ceiling("unknown verdicts", UNKNOWN.get(), n, 5.0);
    // Where the printer over-approximates, a witness need not be a race of
    // the reference: the front end reads a `?:` on a thread-dependent
    // value, or `%` by one, as an unknown, and the witness may put it at
    // any index (2^31, 2^64 + 3, …).  About a quarter replay; a coarser
    // reading would show here.
    assert_floor(
        "witnesses of guarded racy kernels that replay in the reference",
        GUARDED_REPLAYED.get(),
        GUARDED_RACY_WITNESSES.get(),
        15.0,
    );
}

/// The reference's races are pairs of accesses, whatever they store; the
/// printed kernels store the constant 1 (`A[e] = 1;`), so two of their
/// writes are a benign pair unless `--strict` counts it
/// (`docs/benign-writes.md`).
fn access_level() -> CheckOptions {
    CheckOptions {
        strict: true,
        ..CheckOptions::default()
    }
}

/// Found by the round trip (printing atomics through a `__device__`
/// function): the front end gives `atomicAdd(&a[i], 1)` on a pointer
/// parameter `a` of a device function the index 0 instead of `i`, so this
/// racy kernel (thread 0's atomic and thread 1's read of `A[5]`) is
/// reported DRF.  The cause: the user's function is named `atomic_at`, and
/// every call whose name starts with `atomic` was taken for an atomic on
/// its first argument.  Fixed: only the CUDA API's atomics are atomics.
#[test]
fn atomic_through_a_device_function_keeps_its_index() {
    let source = "//--blockDim=2 --gridDim=1
__device__ void atomic_at(int *a, int i) { atomicAdd(&a[i], 1); }
__global__ void k(int *A)
{
  atomic_at(A, 5);
  int sink = A[5];
  (void)sink;
}
";
    let kernels = load_unit(source).expect("the kernel compiles");
    let report = check_kernel(&kernels["k"], &CheckOptions::default());
    assert!(
        report.arrays[0].verdict.is_racy(),
        "{:?}",
        report.arrays[0].verdict
    );
}

static S_ALL: Counter = Counter::new();
static S_EXACT: Counter = Counter::new();
static S_EXACT_RACY: Counter = Counter::new();
static S_GUARDED: Counter = Counter::new();
static S_CONTRADICTIONS: Counter = Counter::new();
static S_LOCALS: Counter = Counter::new();

/// Whole-language programs (`surface_gen`: several arrays of 1–3
/// dimensions, parameters, `T`, synchronized conditionals and possibly
/// empty synchronized loops, shadowing) as CUDA kernels with `__shared__`
/// arrays, parameters fixed: the verdict of every array is the reference's
/// (exact kernels) or never DRF when the reference races (guarded ones).
/// A thread-local is a value read from an input array (approximated: never
/// DRF when the reference races for some of its values); `assume` is
/// `__requires` (false at the fixed values: every array `invalid`).
fn judge_program(case: &SurfaceCase, printed: &Printed, k: &Kernel) -> Result<(), String> {
    let p = &case.program;
    S_ALL.add();
    let opts = CheckOptions {
        params: case
            .params
            .iter()
            .map(|(x, v)| (x.clone(), v.to_string().parse().expect("small")))
            .collect(),
        ..access_level()
    };
    let report = check_kernel(k, &opts);
    if !assumptions_hold(p, &env_of(case.threads, &case.params)) {
        // No execution satisfies `__requires`: bad input, never a verdict.
        S_CONTRADICTIONS.add();
        let wrong = report
            .arrays
            .iter()
            .find(|a| !matches!(a.verdict, Verdict::Invalid { .. }));
        return match wrong {
            None => Ok(()),
            Some(a) => Err(format!(
                "the assumptions contradict the fixed values, but `{}` is {:?}",
                a.array, a.verdict
            )),
        };
    }
    if !p.locals.is_empty() {
        // Approximated (values read from an array): never DRF when the
        // reference races for some values of the thread-local.
        S_LOCALS.add();
        for locals in local_assignments(p, case.threads, 64) {
            let hs = reference(p, case.threads, &case.params, &locals)?;
            for (array, h) in &hs {
                let drf = report
                    .arrays
                    .iter()
                    .find(|a| a.array == c_array(array))
                    .is_none_or(|a| a.verdict.is_drf());
                if drf && !safe(h) {
                    return Err(format!(
                        "`{array}` DRF, but the reference races with locals {locals:?}"
                    ));
                }
            }
        }
        return Ok(());
    }
    let histories = reference(p, case.threads, &case.params, &Default::default())?;
    if printed.exact {
        S_EXACT.add();
    } else {
        S_GUARDED.add();
    }
    for (array, h) in &histories {
        let reference_drf = safe(h);
        let c = c_array(array);
        let verdict = match report.arrays.iter().find(|a| a.array == c) {
            Some(a) => a.verdict.clone(),
            None => Verdict::Drf {
                assumptions: Vec::new(),
            },
        };
        let fail = |what: &str| {
            Err(format!(
                "`{c}`: {what}: checker {verdict:?}, reference DRF = {reference_drf}"
            ))
        };
        match (&verdict, reference_drf, printed.exact) {
            (Verdict::Unknown { .. }, _, _) => UNKNOWN.add(),
            (Verdict::Drf { .. }, false, _) => return fail("DRF, but the reference races"),
            (Verdict::Drf { .. }, true, _) => {}
            (Verdict::Racy(_), true, true) => return fail("exact kernel, spurious race"),
            (Verdict::Racy(w), false, true) => {
                S_EXACT_RACY.add();
                let same_dims = w.index.len()
                    == h.iter()
                        .flatten()
                        .next()
                        .map_or(w.index.len(), |a| a.index.len());
                if !same_dims || !witness_in_history_nd(w, h) {
                    return fail("the witness is not a race of the reference");
                }
            }
            (Verdict::Racy(_), _, false) => {}
            (other, _, _) => return fail(&format!("checker answered {other:?}")),
        }
    }
    Ok(())
}

fn witness_in_history_nd(w: &Witness, h: &History) -> bool {
    let access = |k: usize| {
        let owner = w.threads[k]
            .ids
            .get("threadIdx.x")
            .cloned()
            .unwrap_or_default();
        AccessValue::new(owner, w.accesses[k].mode, w.index.clone())
    };
    let (a, b) = (access(0), access(1));
    racy(&a, &b) && h.iter().any(|p| p.contains(&a) && p.contains(&b))
}

#[test]
fn cuda_round_trip_of_whole_language_programs() {
    let property = Property {
        print: |case: &SurfaceCase, name| kernel_of_program(&case.program, case.threads, name),
        judge: judge_program,
        flags: cuda_batch::one_block,
    };
    cuda_batch::run(program_cases(), PER_UNIT, &property);
    eprintln!(
        "cuda round trip of .proto programs: {} kernels ({} exact, {} of their arrays racy; \
         {} guarded; {} with a thread-local; {} with contradictory assumptions)",
        S_ALL.get(),
        S_EXACT.get(),
        S_EXACT_RACY.get(),
        S_GUARDED.get(),
        S_LOCALS.get(),
        S_CONTRADICTIONS.get()
    );
    assert_floor(
        "exactly modelled kernels (without thread-locals)",
        S_EXACT.get(),
        S_EXACT.get() + S_GUARDED.get(),
        8.0,
    );
}

/// Found by the batched round trip: a loop shadowing a variable its own
/// bounds mention (the empty `for i in i + 1..i + 1` inside `for i in
/// 0..2`) was printed `for (int i = (i + 1); i < (i + 1); i++)`, where C's
/// `i` in the bounds is the new one (uninitialised in its initialiser, and
/// `i < i + 1` holds at every iteration): a kernel whose loop never ends,
/// racy where the protocol is DRF.  The printer now computes such bounds
/// before the loop; the kernel is DRF and exact, as is `p`.
#[test]
fn shadowed_loop_bounds_read_the_enclosing_variable() {
    let program =
        semantics::surface::parse("for i in 0..2 {\n  for i in i + 1..i + 1 {\n    wr[0]\n  }\n}")
            .expect("the program parses");
    let case = SurfaceCase {
        program,
        threads: 4,
        params: Default::default(),
    };
    let printed = kernel_of_program(&case.program, case.threads, "k");
    assert!(printed.source.contains("i_lo"), "{}", printed.source);
    let kernels =
        load_unit(&cuda_print::unit(std::slice::from_ref(&printed))).expect("the kernel compiles");
    let verdict = &check_kernel(&kernels["k"], &access_level()).arrays[0].verdict;
    assert!(verdict.is_drf(), "{verdict:?}\n{}", printed.source);
    judge_program(&case, &printed, &kernels["k"]).expect("agrees with the reference");
}
