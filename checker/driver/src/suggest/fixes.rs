//! A barrier that removes a race (`docs/reports.md`, "Suggestions"): for
//! two threads of one block whose accesses no barrier separates,
//! `__syncthreads();` on a line of its own between them — before the later
//! access's line, or after it (the race of one loop iteration with the
//! next), or after the earlier one's.  Each place is checked by checking
//! the edited kernel: the array must be race-free there and no barrier of
//! the kernel may diverge (a barrier only some threads reach is itself an
//! error).  A race between threads of different blocks has no such fix.

use super::edit::{before_line, body_lines};
use super::{open_races, witness, Recheck, Rechecked};
use mapcheck_core::kernel::{Kernel, Scope};
use mapcheck_core::results::{CheckedKernel, Fix};
use std::collections::BTreeMap;

/// How many places one kernel may check (each is a load and a check).
const TRIES_PER_KERNEL: usize = 3;

/// The statement a fix inserts.
const BARRIER: &str = "__syncthreads();";

/// Sets the fix of each race of `checked` between threads of one block
/// that a barrier removes.
pub fn search(checked: &mut CheckedKernel, k: &Kernel, recheck: &Recheck) {
    if k.threads.scope() != Some(Scope::Block) {
        return;
    }
    // Only inside the kernel's own body: a line of a function it calls
    // may be reached by other kernels too, which this check does not see.
    let Some((first, last)) = body_lines(recheck.text(), k.body) else {
        return;
    };
    let open = open_races(checked, |a| a.fix.is_none());
    // The edits already checked, by line: one check serves every array.
    let mut tried: BTreeMap<u32, Option<Rechecked>> = BTreeMap::new();
    for i in open {
        let Some(w) = witness(&checked.arrays[i]) else {
            continue;
        };
        let lines = places(w.accesses[0].span.line, w.accesses[1].span.line);
        for line in lines.into_iter().filter(|l| *l > first && *l <= last) {
            if !tried.contains_key(&line) {
                if tried.len() == TRIES_PER_KERNEL || !recheck.can() {
                    break;
                }
                let result = before_line(recheck.text(), line, BARRIER)
                    .and_then(|edited| recheck.check(&edited, k));
                tried.insert(line, result);
            }
            let a = &mut checked.arrays[i];
            if let Some(Some(r)) = tried.get(&line) {
                if r.drf(&a.check.array) && !r.diverges() {
                    a.fix = Some(Fix {
                        line,
                        insert: BARRIER.to_string(),
                        replace: false,
                    });
                    break;
                }
            }
        }
    }
}

/// The lines before which a barrier is tried, in order, for accesses on
/// lines `a` and `b`: before the later one (between the two), after it
/// (between an iteration and the next), after the earlier one.
fn places(a: u32, b: u32) -> Vec<u32> {
    if a == 0 || b == 0 {
        return Vec::new();
    }
    let (lo, hi) = (a.min(b), a.max(b));
    let mut out = Vec::new();
    for line in [hi, hi + 1, lo + 1] {
        if (lo < hi || line != hi) && !out.contains(&line) {
            out.push(line);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::places;

    #[test]
    fn places_lie_between_the_accesses_or_after_the_later() {
        assert_eq!(places(10, 14), vec![14, 15, 11]);
        assert_eq!(places(14, 10), vec![14, 15, 11]);
        // One line: a barrier before it cannot separate its two accesses.
        assert_eq!(places(7, 7), vec![8]);
        assert_eq!(places(0, 7), Vec::<u32>::new());
    }
}
