//! Kernels launched in device code (`device_launches.rs`): the child runs
//! concurrently with everything its parent does after the launch, in
//! every thread and past every barrier (a barrier, and a device-side
//! `cudaDeviceSynchronize`, which CUDA 12 removed, are not taken to wait
//! for it).  Two threads of the protocol cannot show that, so an access
//! that may come after a launch — later in the protocol, or anywhere in a
//! loop around it — to an array the child can reach makes the kernel
//! unsupported (never DRF).  Establishes: no launch mark is left.
//!
//! Needs: `unlocated` (the arrays accesses name are real ones).

use super::super::device_launches::LAUNCH_MARK;
use super::super::*;
use crate::cuda::scope::belongs_to;

/// An access of the protocol in its order, with the loops around it.
struct Event {
    array: String,
    span: Span,
    loops: Vec<usize>,
}

impl Infer<'_> {
    /// Makes the kernel unsupported at each launch an access may follow,
    /// and removes the launch marks.
    pub(super) fn settle_device_launches(&mut self) {
        if self.memory.device_launches.is_empty() {
            return;
        }
        let body = std::mem::take(&mut self.out.body);
        let mut events = Vec::new();
        flatten(&body, &mut Vec::new(), &mut 0, &mut events);
        self.out.body = without_marks(body);
        for (i, e) in events.iter().enumerate() {
            let Some(n) = mark_number(&e.array) else {
                continue;
            };
            let Some(launch) = self.memory.device_launches.get(n) else {
                continue;
            };
            let reaches = |a: &str| {
                launch.every_array
                    || launch
                        .arrays
                        .iter()
                        .any(|r| a == r || belongs_to(a, r) || belongs_to(r, a))
            };
            let after = |(j, o): &(usize, &Event)| {
                mark_number(&o.array).is_none()
                    && reaches(&o.array)
                    && (*j > i || o.loops.iter().any(|l| e.loops.contains(l)))
            };
            if let Some((_, o)) = events.iter().enumerate().find(after) {
                let what = format!(
                    "the kernel `{}` launched here runs concurrently with the rest of its parent: the access of `{}` at {}:{} may come while it runs (no barrier waits for a child kernel)",
                    launch.kernel, o.array, o.span.line, o.span.col
                );
                let span = launch.span;
                self.unsupported(span, what);
            }
        }
    }
}

/// The launch a mark's array name stands for.
fn mark_number(array: &str) -> Option<usize> {
    array
        .strip_prefix(LAUNCH_MARK)?
        .strip_suffix('*')?
        .parse()
        .ok()
}

/// The accesses of `block` in order, each loop numbered (`next`).
fn flatten(block: &[Stmt], loops: &mut Vec<usize>, next: &mut usize, out: &mut Vec<Event>) {
    for s in block {
        match &s.kind {
            StmtKind::Access { array: Some(a), .. } => out.push(Event {
                array: a.clone(),
                span: s.span,
                loops: loops.clone(),
            }),
            StmtKind::If {
                then_branch,
                else_branch,
                ..
            } => {
                flatten(then_branch, loops, next, out);
                flatten(else_branch, loops, next, out);
            }
            StmtKind::For { body, .. } => {
                *next += 1;
                loops.push(*next);
                flatten(body, loops, next, out);
                loops.pop();
            }
            _ => {}
        }
    }
}

/// `block` without the launch marks.
fn without_marks(block: Vec<Stmt>) -> Vec<Stmt> {
    crate::cuda::rewrite::rewrite_leaves(block, &mut |s| match &s.kind {
        StmtKind::Access { array: Some(a), .. } if mark_number(a).is_some() => vec![],
        _ => vec![s],
    })
}
