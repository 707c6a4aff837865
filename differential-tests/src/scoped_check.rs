//! The checker's barriers below the block held to Def. S4 of
//! `proofs-notes/scoped-barriers.md`: scoped protocols as `.proto` text
//! ([`source`]), a generator of protocols whose accesses stay in tiles
//! ([`TileCase`]), and the judgement of a checker verdict against the
//! reference ([`judge`]), shared by the properties on `.proto` kernels
//! (`tests/scoped_checker.rs`) and on CUDA kernels through the front end
//! (`tests/scoped_cuda_round_trip.rs`).

use crate::assert_floor;
use crate::scoped_gen::ScopedCase;
use mapcheck_core::verdict::Verdict;
use quickcheck::{Arbitrary, Gen};
use semantics::expr::{BExp, NExp, NOp, ROp};
use semantics::history::safe;
use semantics::protocol::{Access, U};
use semantics::scoped::erase::erase_unless;
use semantics::scoped::race::{divergences, scoped_safe};
use semantics::scoped::{Barrier, Scope, SW};
use semantics::{Mode, Threads};
use std::sync::atomic::{AtomicU64, Ordering};

/// What one property's cases reached.
pub struct Tally {
    all: AtomicU64,
    exact: AtomicU64,
    racy: AtomicU64,
    /// DRF answers on protocols racy without their barriers below the block.
    drf_below_block: AtomicU64,
    unknown: AtomicU64,
}

impl Default for Tally {
    fn default() -> Tally {
        Tally::new()
    }
}

impl Tally {
    pub const fn new() -> Tally {
        Tally {
            all: AtomicU64::new(0),
            exact: AtomicU64::new(0),
            racy: AtomicU64::new(0),
            drf_below_block: AtomicU64::new(0),
            unknown: AtomicU64::new(0),
        }
    }
}

fn count(c: &AtomicU64) {
    c.fetch_add(1, Ordering::Relaxed);
}

/// The protocol as `.proto` text: each barrier by its scope and mask, a
/// barrier with an arrival condition under `if`.
pub fn source(p: &SW) -> String {
    match p {
        SW::Sync(u, b) => format!("{}{}", unsync(u), barrier(b)),
        SW::Seq(p, q) => format!("{}; {}", source(p), source(q)),
        SW::For(u1, x, n, m, p, u2) => {
            let tail = match u2 {
                U::Skip => String::new(),
                u => format!("; {u}"),
            };
            format!(
                "{}forS {x} in {n}..{m} {{ {}{tail} }}",
                unsync(u1),
                source(p)
            )
        }
    }
}

fn unsync(u: &U) -> String {
    match u {
        U::Skip => String::new(),
        u => format!("{u}; "),
    }
}

fn barrier(b: &Barrier) -> String {
    let scope = match b.scope {
        Scope::Block => "sync".to_string(),
        s => match &b.mask {
            Some(m) => format!("sync({s}, {m})"),
            None => format!("sync({s})"),
        },
    };
    match &b.arrive {
        BExp::Bool(true) => scope,
        c => format!("if ({c}) {{ {scope} }}"),
    }
}

/// Every barrier full, reached by every thread, its tiles inside the block.
pub fn exact_fragment(case: &ScopedCase) -> bool {
    case.laminar()
        && case
            .protocol
            .barriers()
            .iter()
            .all(|b| b.arrive == BExp::Bool(true))
}

/// Is the protocol racy (Definition 2) without its barriers below the
/// block?  Then a DRF answer on it rests on them.
pub fn needs_tile_barriers(case: &ScopedCase) -> bool {
    let erased = erase_unless(&case.protocol, &|b| !matches!(b.scope, Scope::Tile(_)));
    erased
        .eval(&Threads::new(case.count))
        .is_ok_and(|h| !safe(&h))
}

/// The judgement of the checker's worst `verdict` on `case` (one block):
/// `Err` when it contradicts the reference (see the top of
/// `tests/scoped_checker.rs`); `Ok(false)` for an `unknown` (no claim).
/// `modelled_exactly`: the kernel uses only constructs the front end
/// models exactly (a CUDA kernel with guarded operators does not), so
/// the exact fragment's precision is asked of it.
pub fn judge(
    case: &ScopedCase,
    verdict: Option<&Verdict>,
    modelled_exactly: bool,
    tally: &Tally,
) -> Result<bool, String> {
    let Ok(h) = case.protocol.eval(&case.layout()) else {
        return Ok(false);
    };
    let (racy, divergent) = (!scoped_safe(&h), !divergences(&h).is_empty());
    let exact = modelled_exactly && exact_fragment(case);
    count(&tally.all);
    if exact {
        count(&tally.exact);
    }
    let ok = match verdict {
        None | Some(Verdict::Drf { .. }) => {
            if !racy && needs_tile_barriers(case) {
                count(&tally.drf_below_block);
            }
            !racy && (!exact || !divergent)
        }
        Some(Verdict::Racy(_)) => {
            count(&tally.racy);
            !exact || racy
        }
        Some(Verdict::Divergence { .. }) => divergent,
        Some(Verdict::Unknown { .. }) => {
            count(&tally.unknown);
            return Ok(false);
        }
        Some(other) => return Err(format!("checker answered {other:?}")),
    };
    match ok {
        true => Ok(true),
        false => Err(format!(
            "checker {:?} but the reference says racy={racy} divergent={divergent}",
            verdict.map(Verdict::keyword)
        )),
    }
}

/// The figures of the cases run so far, with floors on how many reached
/// the parts of the checker under test.
pub fn report_and_floor(tally: &Tally, exact_floor: f64, dependent_floor: f64) {
    let get = |c: &AtomicU64| c.load(Ordering::Relaxed);
    eprintln!(
        "scoped protocols through the checker: {} cases, {} in the exact fragment, {} racy answers, \
         {} DRF resting on a barrier below the block, {} unknown",
        get(&tally.all),
        get(&tally.exact),
        get(&tally.racy),
        get(&tally.drf_below_block),
        get(&tally.unknown)
    );
    let (exact, all) = (get(&tally.exact), get(&tally.all));
    assert_floor("cases in the exact fragment", exact, all, exact_floor);
    assert_floor(
        "DRF answers that rest on a barrier below the block (racy without them)",
        get(&tally.drf_below_block),
        get(&tally.all),
        dependent_floor,
    );
}

/// A protocol over one block of 4, 6 or 8 threads (6: tiles of 4 cut) whose accesses stay in
/// tiles of 1, 2 or 4 threads (`tid / n * n + (tid + k) % n`), with
/// barriers of tiles and of the block, some reached only by whole tiles
/// (`tid < 4`) or by part of one (`tid % 4 < 2`), some in loops.
#[derive(Clone, Debug)]
pub struct TileCase(pub ScopedCase);

/// An index in the tile of `n` threads of `tid`: its `k`-th neighbour.
fn in_tile(n: u64, k: u64) -> NExp {
    // `tid / n * n`, not `tid - tid % n`: C prints it exactly (no guard
    // for ℕ's monus), so the CUDA round trip asks for precision on it.
    let tid = NExp::tid;
    let base = NExp::mul(NExp::bin(NOp::Div, tid(), NExp::num(n)), NExp::num(n));
    let lane = NExp::bin(NOp::Mod, NExp::add(tid(), NExp::num(k)), NExp::num(n));
    NExp::add(base, lane)
}

fn pick<T: Clone>(g: &mut Gen, xs: &[T]) -> T {
    g.choose(xs).expect("non-empty").clone()
}

fn tile_access(g: &mut Gen) -> U {
    let n = pick(g, &[1, 2, 4]);
    let k = pick(g, &[0, 1, 3]);
    let mode = pick(g, &[Mode::Rd, Mode::Wr, Mode::Wr]);
    U::Acc(Access::new(mode, vec![in_tile(n, k)]))
}

fn tile_barrier(g: &mut Gen, guard: &BExp) -> Barrier {
    Barrier {
        arrive: guard.clone(),
        ..Barrier::full(pick(
            g,
            &[Scope::Tile(1), Scope::Tile(2), Scope::Tile(4), Scope::Block],
        ))
    }
}

/// One phase: an access (under the guard) and a barrier.
fn phase(g: &mut Gen, guard: &BExp) -> SW {
    let u = match guard {
        BExp::Bool(true) => tile_access(g),
        c => U::If(c.clone(), Box::new(tile_access(g)), Box::new(U::Skip)),
    };
    SW::Sync(u, tile_barrier(g, guard))
}

impl Arbitrary for TileCase {
    fn arbitrary(g: &mut Gen) -> TileCase {
        let count = pick(g, &[4, 6, 8]);
        let guards = [
            BExp::Bool(true),
            BExp::Bool(true),
            BExp::Bool(true),
            BExp::rel(ROp::Lt, NExp::tid(), NExp::num(4)),
            BExp::rel(
                ROp::Lt,
                NExp::bin(NOp::Mod, NExp::tid(), NExp::num(4)),
                NExp::num(2),
            ),
        ];
        let phases = 2 + usize::from(u8::arbitrary(g) % 3);
        let first = pick(g, &guards);
        let mut p = phase(g, &first);
        for _ in 1..phases {
            let guard = pick(g, &guards);
            let next = match u8::arbitrary(g) % 4 {
                0 => SW::For(
                    U::Skip,
                    "i".into(),
                    NExp::num(0),
                    NExp::num(2),
                    Box::new(phase(g, &guard)),
                    tile_access(g),
                ),
                _ => phase(g, &guard),
            };
            p = SW::seq(p, next);
        }
        TileCase(ScopedCase {
            protocol: p,
            count,
            block: count,
        })
    }
}
