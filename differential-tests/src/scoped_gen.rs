//! Random scoped protocols (`semantics::scoped::SW`,
//! `proofs-notes/scoped-barriers.md`): a random protocol of
//! [`crate::protocols`] whose every barrier is given a scope, and sometimes
//! a lane mask or an arrival condition on `tid`, over a layout of one or
//! several blocks.  Coverage floors: `tests/generator_statistics.rs`.

use crate::protocols::protocol;
use quickcheck::{Arbitrary, Gen};
use semantics::expr::{BExp, NExp, NOp, ROp};
use semantics::scoped::{Barrier, Layout, Scope, SW, WARP};
use semantics::{Threads, W};

/// A scoped protocol and its layout: `count` threads in blocks of `block`.
#[derive(Clone, Debug)]
pub struct ScopedCase {
    pub protocol: SW,
    pub count: u64,
    pub block: u64,
}

/// The layouts drawn: one block (the paper's launch) and several, with
/// blocks that tiles of 2 and 4 divide and blocks they cut.
const LAYOUTS: [(u64, u64); 7] = [(2, 2), (4, 4), (4, 2), (6, 6), (6, 3), (8, 8), (8, 4)];

impl ScopedCase {
    pub fn layout(&self) -> Layout {
        Layout::new(Threads::new(self.count), self.block).expect("LAYOUTS tile their threads")
    }

    /// Every barrier full and every tile inside its block: the groups of all
    /// barriers are the instances of their scopes, which nest (Lemma S2).
    pub fn laminar(&self) -> bool {
        self.protocol.barriers().iter().all(|b| {
            b.is_full()
                && match b.scope {
                    Scope::Tile(n) => self.block.is_multiple_of(u64::from(n)),
                    Scope::Block | Scope::Grid => true,
                }
        })
    }
}

fn pick<T: Clone>(g: &mut Gen, xs: &[T]) -> T {
    g.choose(xs).expect("non-empty").clone()
}

fn scope(g: &mut Gen) -> Scope {
    pick(
        g,
        &[
            Scope::Tile(1),
            Scope::Tile(2),
            Scope::Tile(2),
            Scope::Tile(4),
            Scope::Tile(4),
            Scope::Tile(WARP),
            Scope::Block,
            Scope::Block,
            Scope::Grid,
        ],
    )
}

/// A lane mask: a constant, or one that differs between threads.
fn mask(g: &mut Gen) -> NExp {
    let tid_mod = NExp::bin(NOp::Mod, NExp::tid(), NExp::num(2));
    pick(
        g,
        &[
            NExp::num(1),
            NExp::num(3),
            NExp::num(5),
            NExp::num(15),
            NExp::add(tid_mod, NExp::num(1)),
        ],
    )
}

/// Which threads reach the barrier: all but some tiles, part of a tile.
fn arrive(g: &mut Gen) -> BExp {
    let t = NExp::tid;
    pick(
        g,
        &[
            BExp::rel(ROp::Lt, t(), NExp::num(2)),
            BExp::rel(ROp::Lt, t(), NExp::num(4)),
            BExp::rel(
                ROp::Lt,
                NExp::bin(NOp::Mod, t(), NExp::num(4)),
                NExp::num(2),
            ),
            BExp::rel(ROp::Ne, t(), NExp::num(1)),
        ],
    )
}

fn barrier(g: &mut Gen) -> Barrier {
    let mut b = Barrier::full(scope(g));
    if matches!(b.scope, Scope::Tile(_)) && u8::arbitrary(g) % 5 == 0 {
        b.mask = Some(mask(g));
    }
    if u8::arbitrary(g) % 6 == 0 {
        b.arrive = arrive(g);
    }
    b
}

/// `p` with a random barrier for each of its `sync`s.
pub fn decorate(g: &mut Gen, p: &W) -> SW {
    match p {
        W::Sync(u) => SW::Sync(u.clone(), barrier(g)),
        W::Seq(p, q) => SW::seq(decorate(g, p), decorate(g, q)),
        W::For(u1, x, n, m, p, u2) => SW::For(
            u1.clone(),
            x.clone(),
            n.clone(),
            m.clone(),
            Box::new(decorate(g, p)),
            u2.clone(),
        ),
    }
}

impl Arbitrary for ScopedCase {
    fn arbitrary(g: &mut Gen) -> ScopedCase {
        let (count, block) = pick(g, &LAYOUTS);
        let w = protocol(g);
        ScopedCase {
            protocol: decorate(g, &w),
            count,
            block,
        }
    }

    /// One barrier made the block barrier, or a smaller one-block layout.
    fn shrink(&self) -> Box<dyn Iterator<Item = ScopedCase>> {
        let n = self.protocol.barriers().len();
        let mut out: Vec<ScopedCase> = (0..n)
            .filter_map(|k| {
                let mut seen = 0;
                let p = simplify_barrier(&self.protocol, k, &mut seen);
                (p != self.protocol).then(|| ScopedCase {
                    protocol: p,
                    ..self.clone()
                })
            })
            .collect();
        if self.block < self.count {
            out.push(ScopedCase {
                count: self.block,
                ..self.clone()
            });
        }
        Box::new(out.into_iter())
    }
}

/// `p` with its `k`-th barrier (in textual order) the full block barrier.
fn simplify_barrier(p: &SW, k: usize, seen: &mut usize) -> SW {
    match p {
        SW::Sync(u, b) => {
            *seen += 1;
            let b = if *seen == k + 1 {
                Barrier::block()
            } else {
                b.clone()
            };
            SW::Sync(u.clone(), b)
        }
        SW::Seq(p, q) => {
            let p = simplify_barrier(p, k, seen);
            SW::seq(p, simplify_barrier(q, k, seen))
        }
        SW::For(u1, x, n, m, p, u2) => SW::For(
            u1.clone(),
            x.clone(),
            n.clone(),
            m.clone(),
            Box::new(simplify_barrier(p, k, seen)),
            u2.clone(),
        ),
    }
}
