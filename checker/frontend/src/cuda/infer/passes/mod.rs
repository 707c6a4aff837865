//! The follow-up passes: analyses and rewrites of the finished protocol,
//! run in order by [`Infer::kernel`] once the kernel's body has run (its
//! protocol in `out.body`).  Each is a file of its own whose documentation
//! says what it establishes and what it needs from the passes before it.
//!
//! Not here, because they are part of the execution itself: the loop
//! rewrites that decide what is emitted (`loop_order.rs`,
//! `last_iteration.rs`) and the loop variables alike in every thread
//! (`uniform_counters.rs`), which unknowns made inside the loop depend on.

use super::*;

mod cell_reads;
mod device_launches;
mod extern_calls;
mod host_pointers;
mod param_types;
mod record_values;
mod signed_indices;
mod small_params;
mod specified_unknowns;
mod tickets;
mod uniform_reads;
mod unlocated;

pub(super) use cell_reads::CellRead;

/// What the follow-up passes, run on the finished protocol, need to know
/// of the accesses the execution emitted: recorded as they are emitted,
/// read only by the passes.
#[derive(Default)]
pub(super) struct FollowUps {
    /// Reads whose value may be the same in every thread of a block
    /// (`uniform_reads`).
    pub(super) uniform_reads: Vec<uniform_reads::UniformRead>,
    /// The thread-local unknowns [`Infer::computed_unknown`] made, each
    /// with the variables it is computed from: alike in all threads of a
    /// block when those are (`uniform_reads`).
    pub(super) derived: BTreeMap<String, BTreeSet<String>>,
    /// Reads at indices that name one cell for the whole run (`cells.rs`).
    pub(super) cell_reads: Vec<CellRead>,
    /// Every `atomic…` on a tracked array (`tickets`).
    pub(super) atomic_uses: Vec<tickets::AtomicUse>,
}

/// A follow-up pass: it reads and changes the output of the execution
/// (`Infer::out`), given the kernel.
type Pass = fn(&mut Infer<'_>, &Func);

/// The passes, in the order they run.
const PASSES: &[(&str, Pass)] = &[
    ("extern calls", |me, _| me.settle_extern_calls()),
    ("unlocated accesses", |me, _| {
        let body = std::mem::take(&mut me.out.body);
        me.out.body = me.expand_unlocated(body);
    }),
    ("device launches", |me, _| me.settle_device_launches()),
    ("signed indices", |me, _| {
        let body = std::mem::take(&mut me.out.body);
        me.out.body = me.shift_signed_indices(body);
    }),
    ("uniform reads", |me, _| me.settle_uniform_reads()),
    ("cell reads", |me, _| me.settle_cell_reads()),
    ("tickets", |me, _| me.assume_distinct_tickets()),
    ("record values", |me, _| me.forget_record_reads()),
    ("specified unknowns", |me, _| me.bound_specified_unknowns()),
    ("parameter types", |me, _| me.assume_param_types()),
    ("small parameters", |me, _| me.assume_small_params()),
    ("host pointers", |me, f| {
        let pointer_params = f
            .params
            .iter()
            .filter(|p| p.shape == Shape::Pointer)
            .count();
        me.assume_distinct_host_pointers(pointer_params);
    }),
];

impl Infer<'_> {
    /// Runs [`PASSES`] in order on the finished protocol of kernel `f`.
    pub(super) fn run_passes(&mut self, f: &Func) {
        for (_, pass) in PASSES {
            pass(self, f);
        }
    }
}
