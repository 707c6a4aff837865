//! The assumption that the host's other pointers (pointer fields of struct
//! parameters, file-scope pointers it sets) point to distinct arrays is
//! printed when the kernel accesses such an array and another pointer.
//!
//! Needs: the final protocol, with the accesses of unlocated places
//! (`unlocated.rs`).

use super::super::*;

impl Infer<'_> {
    /// States that the arrays of `host_pointers` the kernel accesses are
    /// distinct from each other and from the `pointer_params` pointer
    /// parameters (the pointer parameters' own assumption is printed by
    /// `launches`).
    pub(super) fn assume_distinct_host_pointers(&mut self, pointer_params: usize) {
        let used: Vec<String> = self
            .memory
            .host_pointers
            .iter()
            .filter(|a| super::uniform_reads::accesses_in(&self.out.body, a, &[Mode::Rd, Mode::Wr]))
            .map(|a| format!("`{a}`"))
            .collect();
        if !used.is_empty() && used.len() + pointer_params >= 2 {
            self.out.notes.push(format!(
                "the pointers the host passes in struct parameters or sets in file-scope pointer variables ({}) point to distinct arrays that do not overlap each other or the pointer parameters",
                used.join(", ")
            ));
        }
    }
}
