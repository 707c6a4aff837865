//! Scoped barriers: the protocols of `seeds/000_*` with a hierarchy of
//! barrier kinds instead of one (`proofs-notes/scoped-barriers.md`).
//!
//! CUDA orders threads at several scopes: `__syncwarp(mask)` and
//! `tile.sync()` the threads of a warp or tile, `__syncthreads()` a block,
//! `grid.sync()` the grid.  A barrier of a scope orders two threads only
//! when both belong to one instance of that scope (one tile, one block),
//! both are named by its mask and every thread its mask names reaches it.
//! The paper's `sync` is the block barrier of a launch of one block.
//!
//! | note (`scoped-barriers.md`)        | code                      |
//! |------------------------------------|---------------------------|
//! | Def. S1 scopes, instances, layout  | [`Scope`], [`Layout`]     |
//! | Def. S2 syntax `SW`                | [`SW`], [`Barrier`]       |
//! | Fig. S1 big-step semantics         | [`eval`]                  |
//! | Def. S3 synchronized groups, divergence | [`race::groups`]     |
//! | Def. S4 scoped data-race freedom   | [`race`]                  |
//! | Def. S5 erasure below a scope      | [`erase`]                 |
//! | `.proto` lowering                  | [`lower`]                 |

pub mod erase;
pub mod eval;
pub mod lower;
pub mod race;

use crate::expr::{BExp, NExp, Var};
use crate::protocol::{Threads, U, W};
use std::fmt;

/// The number of threads of a warp: `sync(warp)` is `sync(tile 32)`.
pub const WARP: u32 = 32;

/// The scope of a barrier (Def. S1), ordered by inclusion of instances:
/// a tile of `n` threads lies in one tile of `2n`, a tile in one block, a
/// block in the grid.  The derived order is that order because `Tile` comes
/// first and tile sizes compare as numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scope {
    /// A tile of `n` consecutive threads of a block (`n` a power of two,
    /// 1 ≤ n ≤ 32); `Tile(32)` is the warp.
    Tile(u32),
    Block,
    Grid,
}

impl Scope {
    /// Is `n` a tile size CUDA allows (`thread_block_tile<n>`)?
    pub fn valid_tile(n: u32) -> bool {
        n.is_power_of_two() && n <= WARP
    }
}

impl fmt::Display for Scope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Scope::Tile(WARP) => f.write_str("warp"),
            Scope::Tile(n) => write!(f, "tile {n}"),
            Scope::Block => f.write_str("block"),
            Scope::Grid => f.write_str("grid"),
        }
    }
}

/// A scoped barrier `sync(s, m) when b` (Def. S2): the scope, the lane mask
/// `m` (bit `j` names lane `j` of the caller's tile; `None` names the whole
/// instance, as `tile.sync()` and `__syncwarp()` do) and the arrival
/// condition `b`, the threads that reach the barrier (`true` unless the
/// barrier sits under a conditional on the thread, [`lower`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Barrier {
    pub scope: Scope,
    pub mask: Option<NExp>,
    pub arrive: BExp,
}

impl Barrier {
    /// A barrier of `scope` that names and is reached by every thread.
    pub fn full(scope: Scope) -> Barrier {
        Barrier {
            scope,
            mask: None,
            arrive: BExp::Bool(true),
        }
    }

    /// The paper's `sync`.
    pub fn block() -> Barrier {
        Barrier::full(Scope::Block)
    }

    /// No mask and reached by every thread: what the per-scope erasure of
    /// Theorem S1 keeps as the paper's `sync`.
    pub fn is_full(&self) -> bool {
        self.mask.is_none() && self.arrive == BExp::Bool(true)
    }

    fn subst(&self, x: &str, m: &NExp) -> Barrier {
        Barrier {
            scope: self.scope,
            mask: self.mask.as_ref().map(|k| k.subst(x, m)),
            arrive: self.arrive.subst(x, m),
        }
    }
}

impl fmt::Display for Barrier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "sync({}", self.scope)?;
        if let Some(m) = &self.mask {
            write!(f, ", {m}")?;
        }
        f.write_str(")")?;
        if self.arrive != BExp::Bool(true) {
            write!(f, " when {}", self.arrive)?;
        }
        Ok(())
    }
}

/// Synchronized protocols with scoped barriers (Def. S2):
/// `p ::= u; sync(β) | p; p | u; forS x ∈ n..m {p; u}` — Fig. 2's `W` with
/// each barrier carrying its [`Barrier`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SW {
    /// `u; sync(β)`
    Sync(U, Barrier),
    /// `p; q`
    Seq(Box<SW>, Box<SW>),
    /// `u1; forS x ∈ n..m {p; u2}`
    For(U, Var, NExp, NExp, Box<SW>, U),
}

impl SW {
    pub fn seq(p: SW, q: SW) -> SW {
        SW::Seq(Box::new(p), Box::new(q))
    }

    /// `p[x := m]`.  Loop binders are renamed as in `W::subst`; the
    /// barrier's mask and condition are in the scope of the loops around it.
    pub fn subst(&self, x: &str, m: &NExp) -> SW {
        match self {
            SW::Sync(u, b) => SW::Sync(u.subst(x, m), b.subst(x, m)),
            SW::Seq(p, q) => SW::seq(p.subst(x, m), q.subst(x, m)),
            SW::For(u1, y, n, k, p, u2) => {
                let (u1, n, k) = (u1.subst(x, m), n.subst(x, m), k.subst(x, m));
                if y == x {
                    return SW::For(u1, y.clone(), n, k, p.clone(), u2.clone());
                }
                let mut avoid = p.fv();
                u2.collect_fv(&mut avoid);
                avoid.extend(m.fv());
                avoid.insert(x.to_string());
                let z = if m.fv().contains(y) {
                    crate::protocol::fresh_name(y, &avoid)
                } else {
                    y.clone()
                };
                let zv = NExp::Var(z.clone());
                let (p, u2) = (p.subst(y, &zv), u2.subst(y, &zv));
                SW::For(u1, z, n, k, Box::new(p.subst(x, m)), u2.subst(x, m))
            }
        }
    }

    /// `fv(p)`, the barriers' masks and conditions included.
    pub fn fv(&self) -> std::collections::BTreeSet<Var> {
        let mut out = std::collections::BTreeSet::new();
        match self {
            SW::Sync(u, b) => {
                u.collect_fv(&mut out);
                out.extend(b.arrive.fv());
                if let Some(m) = &b.mask {
                    out.extend(m.fv());
                }
            }
            SW::Seq(p, q) => {
                out.extend(p.fv());
                out.extend(q.fv());
            }
            SW::For(u1, x, n, m, p, u2) => {
                u1.collect_fv(&mut out);
                out.extend(n.fv());
                out.extend(m.fv());
                let mut inner = p.fv();
                u2.collect_fv(&mut inner);
                inner.remove(x);
                out.extend(inner);
            }
        }
        out
    }

    /// The barriers of the protocol, in textual order.
    pub fn barriers(&self) -> Vec<&Barrier> {
        let mut out = Vec::new();
        self.collect_barriers(&mut out);
        out
    }

    fn collect_barriers<'a>(&'a self, out: &mut Vec<&'a Barrier>) {
        match self {
            SW::Sync(_, b) => out.push(b),
            SW::Seq(p, q) => {
                p.collect_barriers(out);
                q.collect_barriers(out);
            }
            SW::For(_, _, _, _, p, _) => p.collect_barriers(out),
        }
    }
}

/// Fig. 2's `W` is `SW` with every barrier the block barrier: `sync` means
/// `sync(block)`, so every protocol of the paper keeps its meaning.
impl From<&W> for SW {
    fn from(p: &W) -> SW {
        match p {
            W::Sync(u) => SW::Sync(u.clone(), Barrier::block()),
            W::Seq(p, q) => SW::seq(SW::from(&**p), SW::from(&**q)),
            W::For(u1, x, n, m, p, u2) => SW::For(
                u1.clone(),
                x.clone(),
                n.clone(),
                m.clone(),
                Box::new(SW::from(&**p)),
                u2.clone(),
            ),
        }
    }
}

impl fmt::Display for SW {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SW::Sync(u, b) if *u == U::Skip => write!(f, "{b}"),
            SW::Sync(u, b) => write!(f, "{u}; {b}"),
            SW::Seq(p, q) => write!(f, "{p}; {q}"),
            SW::For(u1, x, n, m, p, u2) => {
                if *u1 != U::Skip {
                    write!(f, "{u1}; ")?;
                }
                write!(f, "forS {x} in {n}..{m} {{ {p}")?;
                if *u2 != U::Skip {
                    write!(f, "; {u2}")?;
                }
                f.write_str(" }")
            }
        }
    }
}

/// How the threads `T = {0, …, count-1}` of [`Threads`] form the instances
/// of each scope (Def. S1): blocks of `block` consecutive threads (the last
/// one complete: `count` is a multiple of `block`, as in a CUDA grid), tiles
/// of `n` consecutive threads of a block, the grid all of them.  The paper's
/// launch is one block: [`Layout::one_block`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub threads: Threads,
    pub block: u64,
}

/// A layout whose blocks do not tile the threads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadLayout {
    pub count: u64,
    pub block: u64,
}

impl fmt::Display for BadLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} threads do not form blocks of {} threads",
            self.count, self.block
        )
    }
}

impl Layout {
    /// Blocks of `block` threads; `count` must be a positive multiple of it.
    pub fn new(threads: Threads, block: u64) -> Result<Layout, BadLayout> {
        if block == 0 || !threads.count.is_multiple_of(block) {
            return Err(BadLayout {
                count: threads.count,
                block,
            });
        }
        Ok(Layout { threads, block })
    }

    /// One block of every thread: the paper's launch.
    pub fn one_block(threads: Threads) -> Layout {
        let block = threads.count.max(1);
        Layout { threads, block }
    }

    pub fn count(&self) -> u64 {
        self.threads.count
    }

    /// The first thread of `t`'s instance of `scope` and the number of
    /// threads that instance nominally has (a tile may have more lanes than
    /// its block has threads left: those lanes are missing, Def. S3).
    pub fn instance(&self, scope: Scope, t: u64) -> (u64, u64) {
        let block_start = t - t % self.block;
        match scope {
            Scope::Tile(n) => {
                let n = u64::from(n);
                (block_start + (t - block_start) / n * n, n)
            }
            Scope::Block => (block_start, self.block),
            Scope::Grid => (0, self.count()),
        }
    }

    /// Does the thread `t` exist and share `u`'s block?  (A lane of a tile
    /// exists when its thread is in the tile's block.)
    pub fn same_block(&self, t: u64, u: u64) -> bool {
        t < self.count() && u < self.count() && t / self.block == u / self.block
    }

    /// Do `t` and `u` lie in one instance of `scope`?
    pub fn same_instance(&self, scope: Scope, t: u64, u: u64) -> bool {
        self.instance(scope, t).0 == self.instance(scope, u).0
            && (scope == Scope::Grid || self.same_block(t, u))
    }
}

#[cfg(test)]
mod tests;
