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
//! A tile size whose tiles the block may cut (the block's thread count not
//! known to be a multiple of it) is not a level: its barriers are erased
//! everywhere — they order nothing, which only adds races (Lemma S2) — and
//! a note says so.  So does every tile barrier when the linear index of a
//! thread is not a linear term (block dimensions not fixed).

use crate::kernel::{Kernel, Scope, ThreadModel};
use crate::smt::{QueryContext, Session};
use crate::verdict::{worst, ArrayReport, CheckOptions, KernelReport, Verdict};
use mapcheck_ir::kernel::TilePair;
use mapcheck_ir::threads::{Axis, Builtin};
use semantics::expr::{BExp, NExp, NOp, ROp};
use semantics::scoped::Scope as BarrierScope;
use semantics::surface::{Block, LoopTag, Stmt, StmtKind};
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
    if !has_scoped_barrier(&kernel.program.body) {
        return None;
    }
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
    let levels: Vec<u32> = match &linear {
        Some(_) => sizes
            .iter()
            .copied()
            .filter(|&n| match tiles_fit(kernel, opts, session, n) {
                Fit::Yes => true,
                Fit::No(count) => {
                    notes.push(format!(
                        "the barriers of tiles of {n} threads order nothing here: the block has \
                         {count} threads, so its last tile lacks threads and never synchronizes"
                    ));
                    false
                }
                Fit::Unknown => {
                    notes.push(format!(
                        "the barriers of tiles of {n} threads order nothing here: the block's \
                         thread count is not known to be a multiple of {n} (fix the block dimensions)"
                    ));
                    false
                }
            })
            .collect(),
        None => Vec::new(),
    };
    let Some(linear) = linear.filter(|_| !levels.is_empty()) else {
        let mut k = kernel.clone();
        k.program.body = barriers_from(&k.program.body, &[]);
        return Some(Plan {
            kernels: vec![k],
            notes,
        });
    };
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
    Some(Plan { kernels, notes })
}

/// Does `block` hold a barrier of another scope than the block's
/// (`StmtKind::ScopedSync`)?
fn has_scoped_barrier(block: &Block) -> bool {
    let mut found = false;
    visit(block, &mut |s| {
        found |= matches!(s.kind, StmtKind::ScopedSync { .. })
    });
    found
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
    if kernel.threads == ThreadModel::Theory {
        let count = opts.threads.map(NExp::num);
        let count = count.unwrap_or_else(|| NExp::var(semantics::trace::THREAD_COUNT));
        return multiple_of(kernel, opts, session, count, n);
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
    let count = [Axis::Y, Axis::Z]
        .into_iter()
        .fold(dim(Axis::X), |c, a| NExp::mul(c, dim(a)));
    multiple_of(kernel, opts, session, count, n)
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
    let ctx = QueryContext {
        logic: opts.logic,
        thread_ids: kernel.threads.ids(),
        locals: kernel.program.locals.clone(),
        params: crate::params::parameters(kernel),
        fixed: crate::params::fixed_env(kernel, opts),
        globals: kernel
            .program
            .assumptions
            .iter()
            .map(|a| a.cond.clone())
            .collect(),
        pairs: Default::default(),
        chains: Default::default(),
    };
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
