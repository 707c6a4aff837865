//! Access values, phases and histories (Fig. 2), history concatenation and
//! merging `·`, `⊙` (Fig. 5), the product `⊗` (Fig. 7), and data-race freedom
//! (Definition 2) of `seeds/000_*`.
//!
//! The paper indexes an array with one natural; "accesses (and their
//! dimensions) are a parameter of the theory" (Sec. 2.2), so an index here is a
//! tuple of naturals, one per array dimension.  One-dimensional protocols, the
//! paper's case, use tuples of length one.

use crate::expr::Nat;
use std::fmt;

/// Access mode `o ::= wr | rd` (Fig. 2), extended with atomic
/// read-modify-writes (`atomic`), which CUDA kernels use: two atomics never
/// race with each other, but an atomic races with a plain read or write
/// (Sec. 6, "Forms of synchronization", notes this extension).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mode {
    Rd,
    Wr,
    Atomic,
}

impl Mode {
    pub fn keyword(self) -> &'static str {
        match self {
            Mode::Rd => "rd",
            Mode::Wr => "wr",
            Mode::Atomic => "atomic",
        }
    }

    /// The modes of a racy pair (Definition 2: at least one is a write;
    /// extended: or exactly one is atomic).
    pub fn conflicts(self, other: Mode) -> bool {
        match (self, other) {
            (Mode::Wr, _) | (_, Mode::Wr) => true,
            (Mode::Atomic, Mode::Rd) | (Mode::Rd, Mode::Atomic) => true,
            (Mode::Rd, Mode::Rd) | (Mode::Atomic, Mode::Atomic) => false,
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.keyword())
    }
}

/// Access value `α ::= i:o[j]` (Fig. 2): thread `owner` accesses `index` in `mode`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AccessValue {
    pub owner: Nat,
    pub mode: Mode,
    pub index: Vec<Nat>,
}

impl AccessValue {
    pub fn new(owner: impl Into<Nat>, mode: Mode, index: Vec<Nat>) -> AccessValue {
        AccessValue {
            owner: owner.into(),
            mode,
            index,
        }
    }
}

/// Prints an index tuple as `[j]` or `[j1][j2]…`.
pub fn fmt_index<T: fmt::Display>(f: &mut fmt::Formatter<'_>, index: &[T]) -> fmt::Result {
    for j in index {
        write!(f, "[{j}]")?;
    }
    Ok(())
}

impl fmt::Display for AccessValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.owner, self.mode)?;
        fmt_index(f, &self.index)
    }
}

/// A phase `P ::= {α1, …, αn}` (Fig. 2): the accesses between two barriers.
pub type Phase = im::OrdSet<AccessValue>;

/// A history `H ::= [] | P :: H` (Fig. 2): one phase per barrier interval.
pub type History = im::Vector<Phase>;

/// `H · H'`: list concatenation (Fig. 5).
pub fn concat(h1: &History, h2: &History) -> History {
    let mut out = h1.clone();
    out.append(h2.clone());
    out
}

/// `(H · [P]) ⊙ ([P'] · H') = H · [P ∪ P'] · H'` (Fig. 5): merges the last
/// phase of the left history with the first phase of the right one, as the two
/// run concurrently.  Both histories produced by the semantics are non-empty;
/// the operator is undefined on empty histories, and we then return the other
/// operand unchanged so the function stays total.
pub fn merge(h1: &History, h2: &History) -> History {
    if h1.is_empty() {
        return h2.clone();
    }
    if h2.is_empty() {
        return h1.clone();
    }
    let mut left = h1.clone();
    let mut right = h2.clone();
    let last = left.pop_back().expect("non-empty");
    let first = right.pop_front().expect("non-empty");
    left.push_back(last.union(first));
    left.append(right);
    left
}

/// `H1 ⊗ H2 = [P1 ∪ P2 | P1 ∈ H1, P2 ∈ H2]` (Fig. 7): distributes each phase
/// of `H1` over every phase of `H2` (Example 3).
pub fn product(h1: &History, h2: &History) -> History {
    let mut out = History::new();
    for p1 in h1 {
        for p2 in h2 {
            out.push_back(p1.clone().union(p2.clone()));
        }
    }
    out
}

/// `α racy β` (Definition 2): different owners, same index, at least one
/// write (or, for the atomic extension, conflicting modes: [`Mode::conflicts`]).
pub fn racy(a: &AccessValue, b: &AccessValue) -> bool {
    a.owner != b.owner && a.index == b.index && a.mode.conflicts(b.mode)
}

/// A racy pair found in a phase: the witness that `safe(P)` does not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Race {
    pub first: AccessValue,
    pub second: AccessValue,
}

impl fmt::Display for Race {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} races with {}", self.first, self.second)
    }
}

/// `safe(P)` (Definition 2): no two accesses of `P` are racy.  Returns the
/// first racy pair (in the phase's order) when the phase is unsafe.
///
/// Accesses are grouped by index so the check is linear in |P| for the
/// typical case, but the answer is exactly the quantified definition.
pub fn phase_race(p: &Phase) -> Option<Race> {
    let mut by_index: std::collections::BTreeMap<&[Nat], Vec<&AccessValue>> = Default::default();
    for a in p {
        by_index.entry(&a.index).or_default().push(a);
    }
    for group in by_index.values() {
        for (k, a) in group.iter().enumerate() {
            for b in &group[k + 1..] {
                if racy(a, b) {
                    let (first, second) = ordered_pair(a, b);
                    return Some(Race { first, second });
                }
            }
        }
    }
    None
}

/// Orders a racy pair so that the write comes first when only one is a write,
/// and the smaller owner first otherwise: reports read naturally.
fn ordered_pair(a: &AccessValue, b: &AccessValue) -> (AccessValue, AccessValue) {
    let a_first = match (a.mode, b.mode) {
        (Mode::Wr, Mode::Rd | Mode::Atomic) | (Mode::Atomic, Mode::Rd) => true,
        (Mode::Rd | Mode::Atomic, Mode::Wr) | (Mode::Rd, Mode::Atomic) => false,
        _ => a.owner <= b.owner,
    };
    if a_first {
        (a.clone(), b.clone())
    } else {
        (b.clone(), a.clone())
    }
}

/// `safe(P)` (Definition 2).
pub fn safe_phase(p: &Phase) -> bool {
    phase_race(p).is_none()
}

/// A race in a history: which phase (0-based) and which pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryRace {
    pub phase: usize,
    pub race: Race,
}

/// `safe(H)` (Definition 2): every phase is safe.  Returns the first racy
/// phase and pair when the history is unsafe.
pub fn history_race(h: &History) -> Option<HistoryRace> {
    h.iter()
        .enumerate()
        .find_map(|(phase, p)| phase_race(p).map(|race| HistoryRace { phase, race }))
}

/// `safe(H)` (Definition 2).
pub fn safe(h: &History) -> bool {
    history_race(h).is_none()
}

/// Builds a phase from access values (tests and examples).
pub fn phase<I: IntoIterator<Item = AccessValue>>(accesses: I) -> Phase {
    accesses.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn acc(owner: u64, mode: Mode, j: u64) -> AccessValue {
        AccessValue::new(owner, mode, vec![Nat::from(j)])
    }

    fn p(k: u64) -> Phase {
        phase([acc(0, Mode::Rd, k)])
    }

    #[test]
    fn example1_merge_joins_last_and_first_phase() {
        // [P1, P2, P3] ⊙ [P3', P4, P5] = [P1, P2, P3 ∪ P3', P4, P5]
        let h1: History = [p(1), p(2), p(3)].into_iter().collect();
        let h2: History = [phase([acc(1, Mode::Wr, 33)]), p(4), p(5)]
            .into_iter()
            .collect();
        let merged = merge(&h1, &h2);
        let expected: History = [
            p(1),
            p(2),
            p(3).union(phase([acc(1, Mode::Wr, 33)])),
            p(4),
            p(5),
        ]
        .into_iter()
        .collect();
        assert_eq!(merged, expected);
    }

    #[test]
    fn example3_product_of_two_and_three_phases_has_six() {
        let h1: History = [p(1), p(2)].into_iter().collect();
        let h2: History = [p(3), p(4), p(5)].into_iter().collect();
        let prod = product(&h1, &h2);
        let u = |a: u64, b: u64| p(a).union(p(b));
        let expected: History = [u(1, 3), u(1, 4), u(1, 5), u(2, 3), u(2, 4), u(2, 5)]
            .into_iter()
            .collect();
        assert_eq!(prod, expected);
    }

    #[test]
    fn definition2_racy_needs_distinct_owners_same_index_and_a_write() {
        assert!(racy(&acc(0, Mode::Wr, 1), &acc(1, Mode::Rd, 1)));
        assert!(!racy(&acc(0, Mode::Rd, 1), &acc(1, Mode::Rd, 1)));
        assert!(!racy(&acc(0, Mode::Wr, 1), &acc(0, Mode::Wr, 1)));
        assert!(!racy(&acc(0, Mode::Wr, 1), &acc(1, Mode::Wr, 2)));
        assert!(!racy(&acc(0, Mode::Atomic, 1), &acc(1, Mode::Atomic, 1)));
        assert!(racy(&acc(0, Mode::Atomic, 1), &acc(1, Mode::Rd, 1)));
        let h: History = [
            phase([acc(0, Mode::Wr, 0), acc(1, Mode::Wr, 1)]),
            phase([acc(0, Mode::Rd, 1), acc(1, Mode::Wr, 1)]),
        ]
        .into_iter()
        .collect();
        let r = history_race(&h).expect("racy");
        assert_eq!(r.phase, 1);
        assert_eq!(r.race.first, acc(1, Mode::Wr, 1));
        assert_eq!(r.race.second, acc(0, Mode::Rd, 1));
    }
}
