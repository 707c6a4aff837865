//! Calls of free functions without a body, and the pointers they could
//! reach.
//!
//! A function declared here and defined in another translation unit sees
//! file-scope memory and what its arguments point to.  It also sees an
//! array whose address the kernel stored where the function can read it:
//! in a global variable, in memory, in a struct passed by value, behind
//! `&p`, or converted to an integer.  Rather than follow such pointers,
//! the first place one leaves the thread's own variables is remembered;
//! if any happened, every such call may reach every array and is
//! unsupported (`settle_extern_calls`), so the verdict cannot be DRF.

use super::*;

impl Infer<'_> {
    /// A free function declared without a body: it reads and writes
    /// file-scope memory anywhere ([`ANY_EXTERN`]); what `opaque_call`
    /// located through its arguments is accessed there.  Its model is an
    /// assumption stated with the verdict.  A barrier in its body is not
    /// seen: that only merges phases (more races, never fewer) but would
    /// hide barrier divergence, which the note says.
    pub(super) fn extern_function_access(&mut self, name: &str, span: Span) {
        self.note_once(&format!(
            "`{name}` (no body here) reads and writes only file-scope memory, anywhere, and what its arguments point to, and has no barrier"
        ));
        self.memory
            .extern_calls
            .push((name.to_string(), self.span(span)));
        self.emit_unlocated(ANY_EXTERN, &[Mode::Rd, Mode::Wr], &Written::Unknown, span);
    }

    /// Remembers the first place a pointer value `v` is stored outside the
    /// thread's own variables (or converted to an integer).
    pub(super) fn note_pointer_escape(&mut self, v: &Val, span: Span) {
        if self.memory.pointer_escape.is_none() && holds_pointer(v) {
            self.memory.pointer_escape = Some(self.span(span));
        }
    }

    /// Would a store to the variable `key` put a value where a function
    /// without a body can read it: a global, a field of a struct (which
    /// may be passed by value), or a local whose address was taken?
    pub(super) fn stores_outside_the_thread(&self, key: &str) -> bool {
        key.starts_with("field:")
            || self.values.escaped.contains(key)
            || self.unit.globals.iter().any(|g| g.key == key)
    }

    /// Is the struct `prefix` a kernel parameter or a copy of one (whose
    /// pointer fields are arrays the host passed)?
    pub(super) fn carries_parameter_pointers(&self, prefix: &str) -> bool {
        let origin = self
            .params
            .copies
            .get(prefix)
            .map_or(prefix, |o| o.as_str());
        self.in_param_record(origin)
    }

    /// `&k` of a local holding a pointer hands that pointer out.
    pub(super) fn note_address_taken(&mut self, key: &str, span: Span) {
        if let Some(v) = self.values.env.get(key).cloned() {
            self.note_pointer_escape(&v, span);
        }
    }
}

/// Is `v` (or may it be) a pointer into memory?
fn holds_pointer(v: &Val) -> bool {
    matches!(
        v,
        Val::Ptr { .. } | Val::Cell(_) | Val::LocalPtr(_) | Val::Ref(_) | Val::Bad(_)
    )
}
