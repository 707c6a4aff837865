//! The C range of each unknown an assumption about threads mentions is
//! stated (`rd ≤ 4294967295` for an `unsigned` read): the protocol's
//! naturals are unbounded, and a specification means C's values.
//!
//! Needs: every assumption made (those of `cell_reads.rs` and
//! `tickets.rs` included) and the final locals (after `uniform_reads.rs`
//! drops the unknowns every thread reads alike).

use super::super::*;

impl Infer<'_> {
    /// States the C range of each unknown an assumption about threads
    /// mentions (`rd ≤ 4294967295` for an `unsigned` read): the protocol's
    /// naturals are unbounded, and a specification such as `scan[tid] +
    /// flag[tid] <= scan[__other_int(tid)]` means C's values.
    pub(super) fn bound_specified_unknowns(&mut self) {
        let locals: BTreeSet<&String> = self.out.locals.iter().collect();
        let mut named = BTreeSet::new();
        for a in self.out.assumptions.iter().chain(&self.out.relational) {
            for x in a.cond.fv() {
                let x = x.strip_suffix(OTHER_SUFFIX).unwrap_or(&x).to_string();
                if locals.contains(&x) {
                    named.insert(x);
                }
            }
        }
        for x in named {
            if let Some((_, Some(hi))) = self.values.bounds.get(&x) {
                let cond = BExp::rel(ROp::Le, NExp::var(&x), NExp::num(*hi as u64));
                self.out.assumptions.push(Assumption {
                    cond,
                    span: Default::default(),
                });
            }
        }
    }
}
