//! Calls of functions without a body, once a pointer escaped: every such
//! call may reach any array (`escapes.rs`), so it is unsupported and the
//! verdict cannot be DRF.
//!
//! Needs: the whole execution (where a pointer first escaped is known only
//! at its end).

use super::super::*;

impl Infer<'_> {
    /// Once the kernel is inferred: if a pointer escaped, every call of a
    /// function without a body may reach any array ([`ANY_EXTERN`] is
    /// expanded to all of them) and is unsupported.
    pub(super) fn settle_extern_calls(&mut self) {
        let Some(escape) = self.memory.pointer_escape else {
            return;
        };
        let at = escape;
        for (name, span) in std::mem::take(&mut self.memory.extern_calls) {
            self.unsupported(
                span,
                format!(
                    "call to `{name}`, whose body is not available, in a kernel where a pointer to an array escapes (at {}:{}): it may reach any array",
                    at.line, at.col
                ),
            );
        }
    }
}
