//! Def. S3 and S4 of `proofs-notes/scoped-barriers.md`: which threads a
//! barrier value synchronizes, barrier divergence, and data-race freedom of
//! a scoped history (Definition 2 of `seeds/000_*` with a hierarchy of
//! barriers).

use super::eval::{BarrierValue, ScopedHistory};
use crate::expr::Nat;
use crate::history::{AccessValue, Race};
use std::collections::BTreeMap;
use std::fmt;

/// A barrier that some thread reached without it synchronizing that thread
/// (Def. S3): a thread its mask names did not arrive or arrived naming
/// others, its mask names a missing lane, or it does not name itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    /// The barrier's position in the history (0-based).
    pub barrier: usize,
    /// The thread that reached it and was not synchronized.
    pub thread: u64,
}

impl fmt::Display for Divergence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "barrier divergence: thread {} reaches barrier {} but not every thread its mask names does, with the same mask",
            self.thread, self.barrier
        )
    }
}

/// Def. S3: the synchronized group of each thread.  Thread `t` is
/// synchronized by the barrier when it arrived naming a set `G` of existing
/// threads that contains `t` and every thread of `G` arrived naming `G`
/// too; its group is then `G` (given as the smallest thread of `G`).  The
/// groups of synchronized threads are disjoint: each is the named set of
/// all its members.
pub fn groups(b: &BarrierValue) -> BTreeMap<u64, u64> {
    let mut out = BTreeMap::new();
    for (&t, arrival) in &b.arrivals {
        let named = &arrival.named;
        let whole = !arrival.missing_lane
            && named.contains(&t)
            && named
                .iter()
                .all(|u| b.arrivals.get(u).is_some_and(|a| a == arrival));
        if whole {
            let first = *named.iter().next().expect("contains t");
            out.insert(t, first);
        }
    }
    out
}

/// Def. S3: `β orders (t, u)` — both threads are synchronized by the barrier,
/// in one group.
pub fn orders(groups: &BTreeMap<u64, u64>, t: u64, u: u64) -> bool {
    match (groups.get(&t), groups.get(&u)) {
        (Some(g), Some(h)) => g == h,
        _ => false,
    }
}

/// The barriers of `h` that some thread reached without being synchronized.
pub fn divergences(h: &ScopedHistory) -> Vec<Divergence> {
    let mut out = Vec::new();
    for (k, b) in h.barriers.iter().enumerate() {
        let g = groups(b);
        for &t in b.arrivals.keys() {
            if !g.contains_key(&t) {
                out.push(Divergence {
                    barrier: k,
                    thread: t,
                });
            }
        }
    }
    out
}

/// A race of a scoped history: the pair and the phases its accesses are in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScopedRace {
    pub phases: (usize, usize),
    pub race: Race,
}

impl fmt::Display for ScopedRace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (phases {} and {})",
            self.race, self.phases.0, self.phases.1
        )
    }
}

fn owner(a: &AccessValue) -> u64 {
    u64::try_from(&a.owner).unwrap_or(u64::MAX)
}

/// Def. S4: `α` in phase `i` and `β` in phase `k ≥ i` race when they are
/// racy (Definition 2: different owners, same index, conflicting modes) and
/// no barrier between them — `barriers[i..k]` — orders their owners.  In one
/// phase nothing is between them, as in Definition 2.  Returns the first race.
pub fn scoped_race(h: &ScopedHistory) -> Option<ScopedRace> {
    let groups: Vec<BTreeMap<u64, u64>> = h.barriers.iter().map(groups).collect();
    let mut by_index: BTreeMap<&[Nat], Vec<(usize, &AccessValue)>> = BTreeMap::new();
    for (i, p) in h.phases.iter().enumerate() {
        for a in p {
            by_index.entry(&a.index).or_default().push((i, a));
        }
    }
    for accesses in by_index.values() {
        for (n, &(i, a)) in accesses.iter().enumerate() {
            for &(k, b) in &accesses[n + 1..] {
                let (i, k) = (i.min(k), i.max(k));
                if !crate::history::racy(a, b) {
                    continue;
                }
                let (t, u) = (owner(a), owner(b));
                if !groups[i..k].iter().any(|g| orders(g, t, u)) {
                    return Some(ScopedRace {
                        phases: (i, k),
                        race: Race {
                            first: a.clone(),
                            second: b.clone(),
                        },
                    });
                }
            }
        }
    }
    None
}

/// `safe(H)` of Def. S4: no two accesses race.
pub fn scoped_safe(h: &ScopedHistory) -> bool {
    scoped_race(h).is_none()
}

/// The verdict of a run: DRF when no two accesses race and no barrier
/// diverges (a divergent barrier is a defect of its own, as barrier
/// divergence is for the paper's `sync`, Sec. 6 of `seeds/000_*`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Drf,
    Racy(ScopedRace),
    Divergent(Divergence),
}

/// Races first (a divergent barrier orders nothing for the threads it fails,
/// so races are defined with or without divergence), then divergence.
pub fn verdict(h: &ScopedHistory) -> Verdict {
    if let Some(r) = scoped_race(h) {
        return Verdict::Racy(r);
    }
    match divergences(h).into_iter().next() {
        Some(d) => Verdict::Divergent(d),
        None => Verdict::Drf,
    }
}
