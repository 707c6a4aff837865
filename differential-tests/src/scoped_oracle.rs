//! A brute-force oracle for scoped barriers, independent of
//! `semantics::scoped`'s phases: each thread runs the protocol alone, as
//! the sequence of its accesses and of the barriers it reaches; barriers
//! release groups of threads by CUDA's rule (`__syncwarp(mask)`: every
//! thread the mask names arrives, naming the same threads); and two accesses
//! race when neither *happens before* the other, happens-before being the
//! transitive order that program order and the released groups make,
//! computed with vector clocks.  Definition S4 orders a pair only through
//! one barrier; Lemma S1 of `proofs-notes/scoped-barriers.md` says its
//! races include these, and are the same when the groups nest.

use semantics::expr::{NExp, Nat, TID};
use semantics::history::{AccessValue, Mode};
use semantics::scoped::{Layout, Scope, SW};
use semantics::{NoDerivation, U};
use std::collections::BTreeMap;

/// What one thread does, in its order: an access, or passing the `k`-th
/// barrier slot of the run — reaching the barrier with the lanes its mask
/// names, or not reaching it (`None`: its arrival condition is false).
#[derive(Clone, Debug)]
enum Event {
    Access(AccessValue),
    Barrier(usize, Option<Named>),
}

/// The threads a barrier names, `None` when it names a lane that no thread
/// fills.
type Named = Option<Vec<u64>>;

/// What the oracle finds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub racy: bool,
    pub divergent: bool,
}

/// Runs `p` thread by thread over `layout` and decides races by
/// happens-before.
pub fn outcome(p: &SW, layout: &Layout) -> Result<Outcome, NoDerivation> {
    let mut runs = Vec::new();
    let mut barriers = 0;
    for t in 0..layout.count() {
        let mut events = Vec::new();
        let mut k = 0;
        run(&instantiate(p, t), t, layout, &mut k, &mut events)?;
        barriers = k;
        runs.push(events);
    }
    let (released, divergent) = release(&runs, barriers);
    Ok(Outcome {
        racy: happens_before_race(&runs, &released, layout.count()),
        divergent,
    })
}

fn instantiate(p: &SW, t: u64) -> SW {
    p.subst(TID, &NExp::Num(Nat::from(t)))
}

/// One thread's run: accesses (Fig. 5's U rules for one thread) and the
/// barriers it reaches, numbered in the order every thread meets them.
fn run(
    p: &SW,
    t: u64,
    layout: &Layout,
    k: &mut usize,
    out: &mut Vec<Event>,
) -> Result<(), NoDerivation> {
    match p {
        SW::Sync(u, b) => {
            accesses(u, t, out)?;
            let reached = if b.arrive.eval()? {
                let mask = match &b.mask {
                    Some(m) => Some(m.eval()?),
                    None => None,
                };
                Some(lanes(layout, b.scope, t, mask))
            } else {
                None
            };
            out.push(Event::Barrier(*k, reached));
            *k += 1;
            Ok(())
        }
        SW::Seq(p, q) => {
            run(p, t, layout, k, out)?;
            run(q, t, layout, k, out)
        }
        SW::For(u1, x, n, m, body, u2) => {
            accesses(u1, t, out)?;
            let (lo, hi) = (n.eval()?, m.eval()?);
            if lo >= hi {
                return Err(NoDerivation::EmptySyncLoop {
                    var: x.clone(),
                    lo,
                    hi,
                });
            }
            let mut i = lo;
            while i < hi {
                let xi = NExp::Num(i.clone());
                run(&body.subst(x, &xi), t, layout, k, out)?;
                accesses(&u2.subst(x, &xi), t, out)?;
                i += 1u32;
            }
            Ok(())
        }
    }
}

fn accesses(u: &U, t: u64, out: &mut Vec<Event>) -> Result<(), NoDerivation> {
    let mut acc: Vec<AccessValue> = Vec::new();
    collect(u, t, &mut acc)?;
    out.extend(acc.into_iter().map(Event::Access));
    Ok(())
}

/// The accesses of a closed `u` by thread `t` in program order.
fn collect(u: &U, t: u64, out: &mut Vec<AccessValue>) -> Result<(), NoDerivation> {
    match u {
        U::Skip => {}
        U::Acc(a) => {
            let index = a.index.iter().map(NExp::eval).collect::<Result<_, _>>()?;
            out.push(AccessValue::new(t, a.mode, index));
        }
        U::Seq(a, b) => {
            collect(a, t, out)?;
            collect(b, t, out)?;
        }
        U::If(c, a, b) => collect(if c.eval()? { a } else { b }, t, out)?,
        U::For(x, n, m, body) => {
            let (mut i, hi) = (n.eval()?, m.eval()?);
            while i < hi {
                collect(&body.subst(x, &NExp::Num(i.clone())), t, out)?;
                i += 1u32;
            }
        }
    }
    Ok(())
}

/// The threads thread `t`'s barrier names: bit `j` of the mask is the
/// `j`-th thread of `t`'s tile, block or grid, counted from the instance's
/// first thread, `t` rounded down to the instance size within its block.
fn lanes(layout: &Layout, scope: Scope, t: u64, mask: Option<Nat>) -> Named {
    let block_first = t / layout.block * layout.block;
    let (first, size, last) = match scope {
        Scope::Tile(n) => {
            let n = u64::from(n);
            let first = block_first + (t - block_first) / n * n;
            (first, n, block_first + layout.block)
        }
        Scope::Block => (block_first, layout.block, block_first + layout.block),
        Scope::Grid => (0, layout.count(), layout.count()),
    };
    let named: Vec<u64> = (0..size)
        .filter(|&j| names_lane(mask.as_ref(), j))
        .map(|j| first + j)
        .collect();
    let beyond = mask.as_ref().is_some_and(|m| m >> size != Nat::from(0u32));
    (!beyond && named.iter().all(|&u| u < last)).then_some(named)
}

/// Does the mask name lane `j`?  No mask names every lane.
fn names_lane(mask: Option<&Nat>, j: u64) -> bool {
    match mask {
        None => true,
        Some(m) => (m >> j) % 2u32 == Nat::from(1u32),
    }
}

/// For each barrier, the group each released thread is released with, and
/// whether some thread reached a barrier that did not release it.
fn release(runs: &[Vec<Event>], barriers: usize) -> (Vec<BTreeMap<u64, Vec<u64>>>, bool) {
    let mut arrived: Vec<BTreeMap<u64, Named>> = vec![BTreeMap::new(); barriers];
    for (t, events) in runs.iter().enumerate() {
        for e in events {
            if let Event::Barrier(k, Some(named)) = e {
                arrived[*k].insert(t as u64, named.clone());
            }
        }
    }
    let mut divergent = false;
    let released = arrived
        .iter()
        .map(|at| {
            let mut groups = BTreeMap::new();
            for (&t, named) in at {
                let ok = named
                    .as_ref()
                    .is_some_and(|g| g.contains(&t) && g.iter().all(|u| at.get(u) == Some(named)));
                if ok {
                    groups.insert(t, named.clone().expect("checked"));
                } else {
                    divergent = true;
                }
            }
            groups
        })
        .collect();
    (released, divergent)
}

/// Vector clocks: `clock[u][t]` is the last segment of thread `t` (the
/// accesses between two of its barrier slots) known to happen before
/// thread `u`'s current point.  At barrier `k`, the threads of one released
/// group join their clocks.  `(t, i)` happens before `(u, j)` iff
/// `seen[u][j][t] ≥ i`.
fn happens_before_race(
    runs: &[Vec<Event>],
    released: &[BTreeMap<u64, Vec<u64>>],
    count: u64,
) -> bool {
    let n = count as usize;
    let mut clock: Vec<Vec<i64>> = (0..n)
        .map(|t| (0..n).map(|u| if u == t { 0 } else { -1 }).collect())
        .collect();
    let mut seen: Vec<Vec<Vec<i64>>> = clock.iter().map(|c| vec![c.clone()]).collect();
    for (k, groups) in released.iter().enumerate() {
        let mut joined = clock.clone();
        for (&t, group) in groups {
            for &u in group {
                for v in 0..n {
                    joined[t as usize][v] = joined[t as usize][v].max(clock[u as usize][v]);
                }
            }
        }
        clock = joined;
        for (t, c) in clock.iter_mut().enumerate() {
            c[t] = k as i64 + 1;
            seen[t].push(c.clone());
        }
    }
    let mut accesses: BTreeMap<Vec<Nat>, Vec<(u64, usize, Mode)>> = BTreeMap::new();
    for (t, events) in runs.iter().enumerate() {
        let mut segment = 0;
        for e in events {
            match e {
                Event::Barrier(k, _) => segment = k + 1,
                Event::Access(a) => accesses
                    .entry(a.index.clone())
                    .or_default()
                    .push((t as u64, segment, a.mode)),
            }
        }
    }
    let before =
        |(t, i): (u64, usize), (u, j): (u64, usize)| seen[u as usize][j][t as usize] >= i as i64;
    accesses.values().any(|xs| {
        xs.iter().enumerate().any(|(a, &(t, i, o))| {
            xs[a + 1..].iter().any(|&(u, j, p)| {
                t != u && o.conflicts(p) && !before((t, i), (u, j)) && !before((u, j), (t, i))
            })
        })
    })
}
