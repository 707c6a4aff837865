//! Reads of one never-written cell tied together (`cells.rs`, where the
//! reads are recorded): each later read of a cell no thread writes is
//! stated equal to the first (`Kernel::relational` for reads of the other
//! thread's cell, else an assumption of the kernel).
//!
//! Needs: the finished protocol with the accesses of unlocated places
//! (`unlocated.rs`: they write every array).

use super::super::*;

impl Infer<'_> {
    /// States the reads of one never-written cell equal (see the module
    /// documentation).
    pub(super) fn settle_cell_reads(&mut self) {
        let reads = std::mem::take(&mut self.follow.cell_reads);
        let mut first: BTreeMap<(String, String), CellRead> = BTreeMap::new();
        let mut never_written: BTreeMap<String, bool> = BTreeMap::new();
        for r in reads {
            // A cell of a record array holds several values (a pointer to
            // one field, `&p->lo`, reads as a whole cell).
            if self.memory.record_arrays.contains(&r.array) {
                continue;
            }
            let unwritten = *never_written
                .entry(r.array.clone())
                .or_insert_with(|| !super::uniform_reads::writes(&self.out.body, &r.array));
            if !unwritten {
                continue;
            }
            match first.get(&(r.array.clone(), r.index.clone())) {
                Some(f) => self.out.assumptions.push(Assumption {
                    cond: r.value.compare(ROp::Eq, &f.value),
                    span: Default::default(),
                }),
                None => {
                    first.insert((r.array.clone(), r.index.clone()), r);
                }
            }
        }
    }
}

/// A read of `array` at `index` and its value.
#[derive(Clone, Debug)]
pub(in crate::cuda::infer) struct CellRead {
    pub(in crate::cuda::infer) array: String,
    pub(in crate::cuda::infer) index: String,
    pub(in crate::cuda::infer) value: Lin,
}
