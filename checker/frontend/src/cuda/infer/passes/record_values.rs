//! The values of reads of arrays whose cells hold several C values are
//! forgotten from `Kernel::written`: an element named through a field
//! (`p->x`) is one cell of the protocol for all its fields, so two reads of
//! one cell may see different values ([`Written::Read`]).
//!
//! Needs: the whole execution (every array named through a field).

use super::super::*;

impl Infer<'_> {
    pub(super) fn forget_record_reads(&mut self) {
        self.out.written.forget_reads(&self.memory.record_arrays);
    }
}
