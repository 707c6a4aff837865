//! Kernels launched in device code (dynamic parallelism), as the parse
//! rewrote them (`clang/device_launch.rs`): `$dl(grid, block)(args)`
//! becomes one call whose [`Callee::launch`] names the launched kernel.

use super::*;
use crate::cuda::clang::device_launch::{LAUNCHER_TYPE, LAUNCH_FUNCTION};

/// How deep the configuration's call may sit under the launcher object
/// (a temporary, its conversion).
const MAX_WRAPPERS: usize = 8;

impl Converter<'_> {
    /// The launch `c` is, if its callee is the prelude launcher's
    /// `operator()` applied to a `$dl(…)` the parse put in place of a
    /// `<<<…>>>` configuration: its arguments are the configuration's,
    /// then the kernel's (`DeviceLaunch::config` tells them apart).
    pub(super) fn device_launch(&self, c: Cursor, callee: Option<Cursor>) -> Option<EK> {
        let op = callee?;
        if op.semantic_parent().spelling() != LAUNCHER_TYPE || c.num_args() < 1 {
            return None;
        }
        let config_call = configuration_call(c.arg(0), MAX_WRAPPERS)?;
        let at = config_call.span();
        let site = self
            .tu
            .device_launches
            .iter()
            .find(|s| (s.line, s.col) == (at.line, at.col))?;
        let mut args: Vec<E> = (0..config_call.num_args().max(0) as u32)
            .flat_map(|i| self.configuration_values(config_call.arg(i), MAX_WRAPPERS))
            .collect();
        let config = args.len();
        args.extend((1..c.num_args() as u32).map(|i| self.expr(c.arg(i))));
        let struct_pointers =
            (1..c.num_args() as u32).any(|i| c.arg(i).ty().record_holds_pointer(0));
        let callee = Callee {
            struct_pointers,
            launch: Some(Box::new(DeviceLaunch {
                written: site.kernel.clone(),
                kernel: site.base_name().to_string(),
                config,
            })),
            ..Callee::named(&site.kernel, None, false, false)
        };
        Some(EK::Call(callee, args))
    }
}

impl Converter<'_> {
    /// What computing a value of the configuration evaluates: a `dim3`
    /// the launch makes from numbers (`<<<n / 32, 32>>>`) is its
    /// arguments (the construction itself runs no user code, and the
    /// child's dimensions are not taken from the parent); anything else
    /// is itself.
    fn configuration_values(&self, c: Cursor, depth: usize) -> Vec<E> {
        let ch = c.children();
        if c.kind() == CXCursor_CallExpr && c.spelling() == "dim3" && c.num_args() >= 0 {
            return (0..c.num_args() as u32)
                .map(|i| c.arg(i))
                .filter(|a| a.kind() != CXCursor_UnexposedExpr || !a.children().is_empty())
                .map(|a| self.expr(a))
                .collect();
        }
        match ch.as_slice() {
            [only] if depth > 0 && c.kind() == CXCursor_UnexposedExpr => {
                self.configuration_values(*only, depth - 1)
            }
            _ => vec![self.expr(c)],
        }
    }
}

/// The call of `$dl` under `c` (through at most `depth` wrappers: a
/// temporary, a conversion).
fn configuration_call(c: Cursor, depth: usize) -> Option<Cursor> {
    if c.kind() == CXCursor_CallExpr && c.spelling() == LAUNCH_FUNCTION {
        return Some(c);
    }
    if depth == 0 {
        return None;
    }
    match c.children().as_slice() {
        [only] => configuration_call(*only, depth - 1),
        _ => None,
    }
}
