//! Barriers below the block — `__syncwarp()`, a tile's `sync()` — in the
//! checker: Theorem S1 of `proofs-notes/scoped-barriers.md`.
//!
//! For two threads `t ≠ u` of one block let `meet(t, u)` be the narrowest
//! scope of the kernel's barriers with one instance holding both.  A pair
//! with `meet = ℓ` is ordered exactly by the barriers of scope `≥ ℓ`
//! (laminar barriers: full masks, whole tiles).  So a kernel with tile
//! barriers of sizes `n1 < … < nk` is checked as `k + 1` kernels
//! ([`plan`]), each the block's kernel with
//!
//! * level `nj`: the tile barriers of size `≥ nj` as barriers (`sync`),
//!   the narrower ones erased, and its pairs in one tile of `nj` but not
//!   in one of `n(j−1)` ([`mapcheck_ir::kernel::TilePair`]);
//! * the block level: every tile barrier erased, its pairs not in one
//!   tile of `nk`;
//!
//! and the kernel is DRF when each is ([`merge`]).  Every pair of threads
//! of the block is in exactly one of them.  A synchronized conditional of
//! a level that is uniform in its tiles but not in the block is lowered
//! there (`wellformed::tiles`); one that two threads of a tile disagree on
//! is barrier divergence.
//!
//! A tile size whose tiles the block cuts (its thread count not a multiple
//! of it) is not a level: its barriers are erased everywhere — they order
//! nothing, which only adds races (Lemma S2) — and a note says so.  When
//! that is not known, the block's thread count is split into cases
//! ([`divisibility_cases`]: a multiple of the size, or not), each checked
//! under its fact, so that a witness is one of the case where the barrier
//! fails.  Every tile barrier is erased when the linear index of a thread
//! is not a linear term (block dimensions not fixed).

use crate::kernel::{Kernel, Origin, Scope, ThreadModel};
use crate::smt::Session;
use crate::verdict::{worst, ArrayReport, CheckOptions, KernelReport, Verdict};
use mapcheck_ir::kernel::TilePair;
use mapcheck_ir::threads::{Axis, Builtin};
use semantics::expr::{BExp, NExp, NOp, ROp};
use semantics::scoped::Scope as BarrierScope;
use semantics::surface::{Assumption, Block, LoopTag, Span, Stmt, StmtKind};
use std::collections::BTreeSet;

/// The kernels that check a kernel with tile barriers, and what the
/// report should say about how its tile barriers were read.
pub struct Plan {
    pub kernels: Vec<Kernel>,
    pub notes: Vec<String>,
}

/// The plan of `kernel`, `None` when it has no barrier below the block
/// (it is checked as it is).
pub fn plan(kernel: &Kernel, opts: &CheckOptions, session: &Session) -> Option<Plan> {
    semantics::surface::first_scoped_sync(&kernel.program.body)?;
    let sizes = tile_sizes(&kernel.program.body);
    let mut notes = Vec::new();
    let linear = match kernel.threads {
        // The theory's threads are one block (`.proto`, `sync(warp)`).
        ThreadModel::Theory => Some(NExp::var(semantics::TID)),
        ThreadModel::Cuda(Scope::Block) => match crate::warp::linear_thread(kernel, opts) {
            Ok(l) => Some(l),
            Err(why) => {
                notes.push(format!(
                    "the barriers of warps and tiles order nothing here: {why}"
                ));
                None
            }
        },
        ThreadModel::Cuda(Scope::AcrossBlocks) => None,
    };
    let Some(linear) = linear else {
        return Some(erased_plan(kernel, notes));
    };
    let (mut sure, mut maybe) = (Vec::new(), Vec::new());
    for &n in &sizes {
        match tiles_fit(kernel, opts, session, n) {
            Fit::Yes => sure.push(n),
            Fit::Unknown => maybe.push(n),
            Fit::No(count) => notes.push(format!(
                "the barriers of tiles of {n} threads order nothing here: the block has \
                 {count} threads, so its last tile lacks threads and never synchronizes"
            )),
        }
    }
    let mut kernels = Vec::new();
    for case in divisibility_cases(kernel, opts, &maybe) {
        if impossible(kernel, opts, session, &case.facts) {
            continue;
        }
        if let Some(n) = case.cut {
            notes.push(format!(
                "the barriers of tiles of {n} threads order nothing when the block's thread \
                 count is not a multiple of {n} (its last tile lacks threads)"
            ));
        }
        let mut levels: Vec<u32> = sure.iter().chain(&case.fit).copied().collect();
        levels.sort_unstable();
        let mut base = kernel.clone();
        for cond in case.facts {
            let a = Assumption {
                cond,
                span: Span::default(),
            };
            base.assume(a, Origin::Default("a case of the block's size".into()));
        }
        kernels.extend(level_kernels(&base, &linear, &levels));
    }
    Some(Plan { kernels, notes })
}

/// The kernel with every barrier below the block erased: they order
/// nothing (the linear thread index is not a linear term).
fn erased_plan(kernel: &Kernel, notes: Vec<String>) -> Plan {
    let mut k = kernel.clone();
    k.program.body = barriers_from(&k.program.body, &[]);
    Plan {
        kernels: vec![k],
        notes,
    }
}

/// The kernels of Theorem S1's levels `levels` (sorted): the block level
/// and one per tile size.
fn level_kernels(kernel: &Kernel, linear: &NExp, levels: &[u32]) -> Vec<Kernel> {
    let variant = |kept: &[u32], within: Option<u32>, apart: Option<u32>| {
        let mut k = kernel.clone();
        k.program.body = barriers_from(&k.program.body, kept);
        k.tile = Some(TilePair {
            linear: linear.clone(),
            within,
            apart,
        });
        k
    };
    let mut kernels = vec![variant(&[], None, levels.last().copied())];
    for (j, &n) in levels.iter().enumerate() {
        let narrower = j.checked_sub(1).map(|i| levels[i]);
        // The levels' barriers of this tile size or wider: a cut size
        // (not a level) stays erased.
        kernels.push(variant(&levels[j..], Some(n), narrower));
    }
    kernels
}

/// One case of the block's thread count for the tile sizes `maybe` whose
/// divisibility is not known: the sizes that fit in it, the narrowest one
/// that is cut (if any), and the facts that make the case.
struct Divisibility {
    fit: Vec<u32>,
    cut: Option<u32>,
    facts: Vec<BExp>,
}

/// The cases of the block's thread count `c` for the sizes `maybe`
/// (powers of two, so a multiple of one is a multiple of every smaller
/// one): `c` a multiple of the first `j` sizes and not of the next, for
/// each `j`.  Every execution is in exactly one case.
fn divisibility_cases(kernel: &Kernel, opts: &CheckOptions, maybe: &[u32]) -> Vec<Divisibility> {
    let count = thread_count(kernel, opts);
    let multiple = |n: u32| {
        BExp::rel(
            ROp::Eq,
            NExp::bin(NOp::Mod, count.clone(), NExp::num(u64::from(n))),
            NExp::num(0),
        )
    };
    let mut sizes = maybe.to_vec();
    sizes.sort_unstable();
    (0..=sizes.len())
        .map(|j| {
            let mut facts = Vec::new();
            if let Some(&n) = j.checked_sub(1).and_then(|i| sizes.get(i)) {
                facts.push(multiple(n));
            }
            if let Some(&n) = sizes.get(j) {
                facts.push(BExp::not(multiple(n)));
            }
            Divisibility {
                fit: sizes[..j].to_vec(),
                cut: sizes.get(j).copied(),
                facts,
            }
        })
        .collect()
}

/// Do the kernel's assumptions rule out the case `facts`?
fn impossible(kernel: &Kernel, opts: &CheckOptions, session: &Session, facts: &[BExp]) -> bool {
    let Some(all) = facts.iter().cloned().reduce(BExp::and) else {
        return false;
    };
    session.valid(
        &[],
        &BExp::not(all),
        &crate::check::parameter_context(kernel, opts),
        opts.timeout_ms,
    )
}

/// The sizes of the tiles of the kernel's full-mask tile barriers.
fn tile_sizes(block: &Block) -> BTreeSet<u32> {
    let mut out = BTreeSet::new();
    visit(block, &mut |s| {
        if let StmtKind::ScopedSync {
            scope: BarrierScope::Tile(n),
            mask: None,
        } = &s.kind
        {
            out.insert(*n);
        }
    });
    out
}

fn visit(block: &Block, f: &mut impl FnMut(&Stmt)) {
    for s in block {
        f(s);
        match &s.kind {
            StmtKind::If {
                then_branch,
                else_branch,
                ..
            } => {
                visit(then_branch, f);
                visit(else_branch, f);
            }
            StmtKind::For { body, .. } => visit(body, f),
            _ => {}
        }
    }
}

/// `block` with the full-mask tile barriers of the sizes `kept` as
/// barriers (`sync`) and every other barrier below the block erased.  A full barrier of the block or the
/// grid orders every pair of threads of a block: a `sync`.  A loop left
/// without a barrier is no longer synchronized.
fn barriers_from(block: &Block, kept: &[u32]) -> Block {
    let mut out = Vec::with_capacity(block.len());
    for s in block {
        let kind = match &s.kind {
            StmtKind::ScopedSync {
                scope: BarrierScope::Tile(n),
                mask: None,
            } if kept.contains(n) => StmtKind::Sync,
            StmtKind::ScopedSync {
                scope: BarrierScope::Block | BarrierScope::Grid,
                mask: None,
            } => StmtKind::Sync,
            StmtKind::ScopedSync { .. } => continue,
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => StmtKind::If {
                cond: cond.clone(),
                then_branch: barriers_from(then_branch, kept),
                else_branch: barriers_from(else_branch, kept),
            },
            StmtKind::For {
                tag,
                var,
                lo,
                hi,
                body,
            } => {
                let body = barriers_from(body, kept);
                let synced = semantics::surface::block_has_sync(&body);
                StmtKind::For {
                    tag: tag.filter(|t| synced || *t != LoopTag::Sync),
                    var: var.clone(),
                    lo: lo.clone(),
                    hi: hi.clone(),
                    body,
                }
            }
            other => other.clone(),
        };
        out.push(Stmt::new(kind, s.span));
    }
    out
}

/// Whether the block's thread count is a multiple of a tile size.
enum Fit {
    Yes,
    /// No: the block has this many threads.
    No(u64),
    /// Not in every execution the kernel's assumptions allow, or not known.
    Unknown,
}

/// Is the block's thread count a multiple of `n` in every execution the
/// kernel's assumptions allow?  (A cut tile never synchronizes: CUDA
/// documents no behaviour for the lanes a block lacks.)
fn tiles_fit(kernel: &Kernel, opts: &CheckOptions, session: &Session, n: u32) -> Fit {
    multiple_of(kernel, opts, session, thread_count(kernel, opts), n)
}

/// The number of threads of a block: `T` for the theory's threads (or
/// `--threads`), the product of the block dimensions (the known ones as
/// numbers) for CUDA's.
fn thread_count(kernel: &Kernel, opts: &CheckOptions) -> NExp {
    if kernel.threads == ThreadModel::Theory {
        let count = opts.threads.map(NExp::num);
        return count.unwrap_or_else(|| NExp::var(semantics::trace::THREAD_COUNT));
    }
    let fixed = crate::params::fixed_values(kernel, opts);
    let dim = |a: Axis| {
        let x = Builtin::BlockDim.var(a);
        let known = fixed
            .get(&x)
            .copied()
            .or_else(|| kernel.launch.as_ref()?.dim(Builtin::BlockDim, a).known());
        known.map(NExp::num).unwrap_or_else(|| NExp::var(&x))
    };
    [Axis::Y, Axis::Z]
        .into_iter()
        .fold(dim(Axis::X), |c, a| NExp::mul(c, dim(a)))
}

/// Is `count` a multiple of `n` under the kernel's assumptions?
fn multiple_of(
    kernel: &Kernel,
    opts: &CheckOptions,
    session: &Session,
    count: NExp,
    n: u32,
) -> Fit {
    if let Ok(c) = count.simplify().eval() {
        let c = u64::try_from(c).unwrap_or(u64::MAX);
        return match c % u64::from(n) {
            0 => Fit::Yes,
            _ => Fit::No(c),
        };
    }
    let multiple = BExp::rel(
        ROp::Eq,
        NExp::bin(NOp::Mod, count, NExp::num(u64::from(n))),
        NExp::num(0),
    );
    let ctx = crate::check::parameter_context(kernel, opts);
    match session.valid(&[], &multiple, &ctx, opts.timeout_ms) {
        true => Fit::Yes,
        false => Fit::Unknown,
    }
}

/// The report of a kernel from the reports of its plan's kernels: per
/// array the worst verdict (a race of any level is a race; DRF needs every
/// level DRF), with the work of all levels.
pub fn merge(mut reports: Vec<KernelReport>) -> KernelReport {
    let mut first = reports.remove(0);
    for r in reports {
        for a in r.arrays {
            match first.arrays.iter_mut().find(|b| b.array == a.array) {
                Some(b) => *b = merged(std::mem::replace(b, ArrayReport::drf("")), a),
                None => first.arrays.push(a),
            }
        }
    }
    first
}

fn merged(a: ArrayReport, b: ArrayReport) -> ArrayReport {
    let (closures, queries, seconds) = (
        a.closures + b.closures,
        a.queries + b.queries,
        a.seconds + b.seconds,
    );
    let mut benign = a.benign.clone();
    benign.extend(b.benign.iter().cloned());
    benign.truncate(crate::verdict::MAX_BENIGN);
    let verdict = match (&a.verdict, &b.verdict) {
        (Verdict::Drf { assumptions: x }, Verdict::Drf { assumptions: y }) => {
            let mut assumptions = x.clone();
            assumptions.extend(y.iter().filter(|z| !x.contains(z)).cloned());
            Verdict::Drf { assumptions }
        }
        _ => worst([&a.verdict, &b.verdict], |v| v.severity())
            .cloned()
            .unwrap_or(Verdict::Drf {
                assumptions: Vec::new(),
            }),
    };
    ArrayReport {
        array: a.array,
        verdict,
        closures,
        queries,
        seconds,
        benign,
    }
}
