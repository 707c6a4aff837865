//! Accesses the front end cannot locate (`docs/fail-closed.md`): each
//! access to a placeholder array (`ANY_ARRAY`, `ANY_GLOBAL`, `ANY_EXTERN`)
//! becomes accesses at unknown indices of every tracked array the kernel
//! can reach (every file-scope one, for the latter two unless a pointer
//! escaped).  Establishes: the protocol names only real arrays.
//!
//! Needs: the whole execution (the arrays the kernel reaches, where a
//! pointer escaped).

use super::super::*;

impl Infer<'_> {
    /// Replaces every [`ANY_ARRAY`] ([`ANY_GLOBAL`]) access by accesses at
    /// unknown indices of every tracked (file-scope) array of the kernel.
    pub(super) fn expand_unlocated(&mut self, block: Vec<Stmt>) -> Vec<Stmt> {
        crate::cuda::rewrite::rewrite_leaves(block, &mut |s| match &s.kind {
            StmtKind::Access {
                mode,
                array: Some(a),
                ..
            } if a == ANY_ARRAY || a == ANY_GLOBAL || a == ANY_EXTERN => {
                let only_global =
                    a == ANY_GLOBAL || (a == ANY_EXTERN && self.memory.pointer_escape.is_none());
                let (mode, span) = (*mode, s.span);
                let arrays: Vec<(String, usize)> = self
                    .memory
                    .arrays
                    .iter()
                    .filter(|(n, _)| !only_global || self.is_global_array(n))
                    .map(|(n, r)| (n.clone(), *r))
                    .collect();
                arrays
                    .into_iter()
                    .map(|(name, rank)| {
                        let index: Vec<Lin> = (0..rank)
                            .map(|_| self.int_unknown("index of an unlocated access", span))
                            .collect();
                        let arr = Arr {
                            name,
                            rank,
                            tracked: true,
                            bytes: None,
                            view: None,
                        };
                        Stmt::new(self.access_kind(mode, &arr, &index, span), span)
                    })
                    .collect()
            }
            _ => vec![s],
        })
    }
}
