//! The CUDA front end against the reference (issue 15, item 5): random
//! protocols printed as CUDA kernels (`differential_tests::cuda_print`),
//! loaded with the checker's libclang front end (`mapcheck_frontend::load`
//! on a temporary `.cu` file) and checked; the verdict is compared with the
//! reference's verdict for the protocol (`p ↓`, Fig. 5 of `seeds/000_*`).
//!
//! Kernels are written in random styles (`cuda_print::Style`): global or
//! `__shared__` arrays, one or two dimensions, `__device__` accessors, a
//! pointer-offset alias, `int` / `unsigned int` / `long` counters.
//!
//! - Kernels that use only exactly modelled constructs: same verdict, and a
//!   racy witness (threads `threadIdx.x`, index, modes) is a racy pair of one
//!   phase of the reference history.
//! - Kernels that print the total ℕ operators with `?:` guards: never DRF
//!   when the reference races.
//!
//! Cases: a fiftieth of `MAPCHECK_CASES` (libclang parses each kernel).

use differential_tests::cuda_print::{c_array, kernel, kernel_of_program, IntType, Style};
use differential_tests::protocols::Case;
use differential_tests::surface_gen::{
    assumptions_hold, env_of, local_assignments, reference, SurfaceCase,
};
use differential_tests::Counter;
use differential_tests::{assert_ceiling, assert_floor, check_with, reference_history};
use mapcheck_core::check::check_kernel;
use mapcheck_core::verdict::{CheckOptions, Verdict, Witness};
use mapcheck_frontend::load;
use mapcheck_frontend::options::Flags;
use quickcheck::{Arbitrary, Gen, TestResult};
use semantics::history::{racy, safe, History};
use semantics::AccessValue;
use std::sync::atomic::{AtomicU64, Ordering};

fn cuda_cases() -> u64 {
    differential_tests::scaled_cases(50)
}

static EXACT_AGREED: Counter = Counter::new();
static EXACT_RACY: Counter = Counter::new();
static GUARDED: Counter = Counter::new();
static GUARDED_RACY: Counter = Counter::new();
static GUARDED_PRECISE: Counter = Counter::new();
static UNKNOWN: Counter = Counter::new();
static ALL: Counter = Counter::new();
static FILE_NO: AtomicU64 = AtomicU64::new(0);

fn witness_in_history(w: &Witness, h: &History, offset: u64) -> bool {
    let Some(first) = w.index.first() else {
        return false;
    };
    if *first < offset.into() {
        return false;
    }
    let index = vec![first - offset];
    let access = |k: usize| {
        let owner = w.threads[k]
            .ids
            .get("threadIdx.x")
            .cloned()
            .unwrap_or_default();
        AccessValue::new(owner, w.accesses[k].mode, index.clone())
    };
    let same_block = w.threads.iter().all(|t| {
        ["threadIdx.y", "threadIdx.z"]
            .iter()
            .all(|d| t.ids.get(*d).is_none_or(|v| *v == 0u32.into()))
    });
    let (a, b) = (access(0), access(1));
    same_block && racy(&a, &b) && h.iter().any(|p| p.contains(&a) && p.contains(&b))
}

/// A protocol and how to write it in CUDA.
#[derive(Clone, Debug)]
struct CudaCase {
    case: Case,
    style: Style,
}

impl Arbitrary for CudaCase {
    fn arbitrary(g: &mut Gen) -> CudaCase {
        let style = Style {
            shared: bool::arbitrary(g),
            two_dims: bool::arbitrary(g),
            device_functions: u8::arbitrary(g) % 3 == 0,
            alias: u8::arbitrary(g) % 3 == 0,
            int_type: *g
                .choose(&[IntType::Int, IntType::Unsigned, IntType::Long])
                .unwrap(),
        };
        CudaCase {
            case: Case::arbitrary(g),
            style,
        }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = CudaCase>> {
        let style = self.style;
        Box::new(self.case.shrink().map(move |case| CudaCase { case, style }))
    }
}

fn round_trip(cc: CudaCase) -> TestResult {
    ALL.add();
    let case = cc.case;
    let printed = kernel(&case.protocol, case.threads, cc.style);
    let path = std::env::temp_dir().join(format!(
        "mapcheck-difftests-{}-{}.cu",
        std::process::id(),
        FILE_NO.fetch_add(1, Ordering::Relaxed)
    ));
    if let Err(e) = std::fs::write(&path, &printed.source) {
        return TestResult::error(format!("cannot write {}: {e}", path.display()));
    }
    let loaded = load(&path, &one_block());
    let _ = std::fs::remove_file(&path);
    let kernels = match loaded {
        Ok(l) => l.kernels,
        Err(e) => return TestResult::error(format!("{e}\n{}", printed.source)),
    };
    let [k] = kernels.as_slice() else {
        return TestResult::error(format!("{} kernels", kernels.len()));
    };
    let report = check_kernel(k, &access_level());
    let verdict = match report.arrays.iter().find(|a| a.array == "A") {
        Some(a) => a.verdict.clone(),
        None => Verdict::Drf {
            assumptions: Vec::new(),
        },
    };
    let history = reference_history(&case.protocol, case.threads);
    let reference_drf = safe(&history);
    if matches!(verdict, Verdict::Unknown { .. }) {
        UNKNOWN.add();
        return TestResult::passed();
    }
    let fail = |what: &str| {
        TestResult::error(format!(
            "{what}: checker {verdict:?}, reference DRF = {reference_drf}\n{}\nprotocol:\n{}",
            printed.source, case.protocol
        ))
    };
    if printed.exact {
        match &verdict {
            Verdict::Drf { .. } if reference_drf => EXACT_AGREED.add(),
            Verdict::Racy(w) if !reference_drf => {
                if !witness_in_history(w, &history, printed.offset) {
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
            _ => GUARDED_PRECISE.add(),
        }
    }
    TestResult::passed()
}

#[test]
fn cuda_round_trip_agrees_with_the_reference() {
    check_with(cuda_cases(), 20, round_trip);
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
    assert_ceiling("unknown verdicts", UNKNOWN.get(), n, 5.0);
}

/// The reference's races are pairs of accesses, whatever they store; the
/// printed kernels store the constant 1 (`A[e] = 1;`), so two of their
/// writes are a benign pair unless `--strict` counts it (README, "Benign
/// writes").
fn access_level() -> CheckOptions {
    CheckOptions {
        strict: true,
        ..CheckOptions::default()
    }
}

/// The theory's threads are the threads of one block: the printed kernel is
/// compared within a block (`--block-level`), not across blocks.
fn one_block() -> Flags {
    Flags {
        block_level: true,
        ..Flags::default()
    }
}

/// Loads a kernel from source text through a temporary `.cu` file.
fn load_source(source: &str) -> Vec<mapcheck_core::kernel::Kernel> {
    let path = std::env::temp_dir().join(format!(
        "mapcheck-difftests-{}-{}.cu",
        std::process::id(),
        FILE_NO.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::write(&path, source).expect("temporary file");
    let loaded = load(&path, &one_block());
    let _ = std::fs::remove_file(&path);
    loaded.expect("the kernel compiles").kernels
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
    let kernels = load_source(source);
    let report = check_kernel(&kernels[0], &CheckOptions::default());
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
fn program_round_trip(case: SurfaceCase) -> TestResult {
    let p = &case.program;
    S_ALL.add();
    let printed = kernel_of_program(p, case.threads);
    let kernels = load_source(&printed.source);
    let [k] = kernels.as_slice() else {
        return TestResult::error(format!("{} kernels", kernels.len()));
    };
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
            None => TestResult::passed(),
            Some(a) => TestResult::error(format!(
                "the assumptions contradict the fixed values, but `{}` is {:?}\n{}",
                a.array, a.verdict, printed.source
            )),
        };
    }
    if !p.locals.is_empty() {
        // Approximated (values read from an array): never DRF when the
        // reference races for some values of the thread-local.
        S_LOCALS.add();
        for locals in local_assignments(p, case.threads, 64) {
            let hs = match reference(p, case.threads, &case.params, &locals) {
                Ok(h) => h,
                Err(e) => return TestResult::error(format!("{e}\n{case:?}")),
            };
            for (array, h) in &hs {
                let drf = report
                    .arrays
                    .iter()
                    .find(|a| a.array == c_array(array))
                    .is_none_or(|a| a.verdict.is_drf());
                if drf && !safe(h) {
                    return TestResult::error(format!(
                        "`{array}` DRF, but the reference races with locals {locals:?}\n{}\n{case:?}",
                        printed.source
                    ));
                }
            }
        }
        return TestResult::passed();
    }
    let histories = match reference(p, case.threads, &case.params, &Default::default()) {
        Ok(h) => h,
        Err(e) => return TestResult::error(format!("{e}\n{case:?}")),
    };
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
            TestResult::error(format!(
                "`{c}`: {what}: checker {verdict:?}, reference DRF = {reference_drf}\n{}\n{case:?}",
                printed.source
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
    TestResult::passed()
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
    check_with(cuda_cases(), 20, program_round_trip);
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
