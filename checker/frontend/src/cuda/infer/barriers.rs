//! Calls of barriers, fences and annotations: the block's barrier
//! (`__syncthreads()` and friends), the grid's, the barriers of warps and
//! tiles (`__syncwarp()`, a cooperative tile's `sync()`), barriers mapcheck
//! does not model, and the specification functions.

use super::*;
use crate::cuda::convert::GROUP_SYNC;

impl Infer<'_> {
    /// A call of a barrier, a fence or an annotation: `None` for any
    /// other call.  They are known by name only as the CUDA API and
    /// mapcheck's headers declare them: a function of the user's named
    /// `__syncthreads` (in a namespace, a method) is just a function.
    pub(super) fn barrier_or_annotation(
        &mut self,
        callee: &Callee,
        args: &[E],
        span: Span,
    ) -> Option<Val> {
        let (name, api) = (callee.name.as_str(), callee.library);
        if api && (IGNORED_ANNOTATIONS.contains(&name) || name.starts_with("__assert")) {
            return Some(Val::Bool(BExp::Bool(true)));
        }
        if let Some(v) = self.unmodelled_barrier(callee, args, span) {
            return Some(v);
        }
        if api && name == "__mapcheck_barrier_init" {
            return Some(self.block_barrier_init(args, span));
        }
        if api && name == "__mapcheck_barrier_wait" {
            return Some(self.block_barrier_wait(args, span));
        }
        if api && name == "__mapcheck_split_barrier" {
            // `arrive`, `wait`, `arrive_and_drop`: the phases are not
            // followed, so no `arrive_and_wait` of the kernel stands.
            self.block_barriers_invalid("the kernel also arrives or waits apart");
        }
        if api && name == "__mapcheck_order_ignored" {
            // A load or store of `cuda/std/atomic` with an ordering memory
            // order: an alarm may rest on the order left out.
            self.note_once(
                "the memory order of an atomic load or store (a release store read by an acquire load) orders nothing here",
            );
            self.out.approximate = true;
            return Some(Val::Int(Lin::int(0)));
        }
        if api && name == "__mapcheck_async_copy" {
            // `cuda::memcpy_async` and the like (`cuda/pipeline`).
            self.unsupported(
                span,
                "asynchronous copy (`memcpy_async`): when its reads and writes happen between its issue and its wait is not modelled",
            );
            return Some(Val::Int(Lin::int(0)));
        }
        if api && TILE_BARRIERS.contains(&name) {
            return Some(self.tile_barrier(name, args, span));
        }
        let grid_barrier = api && GRID_BARRIERS.contains(&name);
        if is_barrier(callee) || grid_barrier {
            return Some(self.barrier(name, args, grid_barrier, span));
        }
        if !api {
            return None;
        }
        if self.eval.spec && matches!(name, "__other_int" | "__other_bool") && args.len() == 1 {
            return Some(self.other_thread_value(&args[0], span));
        }
        if POINTER_QUERIES.contains(&name) {
            let why = UnknownCause::Call {
                function: name.into(),
            };
            return Some(self.unknown("spec", why, span));
        }
        if NOT_BARRIERS.contains(&name) {
            return Some(Val::Int(Lin::int(0)));
        }
        if name == "__requires" || name == "__assume" {
            return Some(self.requires(args, name == "__assume", span));
        }
        None
    }

    /// A barrier mapcheck does not model, unsupported once its arguments
    /// are evaluated: `None` for any other call.
    fn unmodelled_barrier(&mut self, callee: &Callee, args: &[E], span: Span) -> Option<Val> {
        let (name, api) = (callee.name.as_str(), callee.library);
        // `__barrier_sync(0)` is barrier 0, `__syncthreads()`; a named
        // barrier of another id does not meet it (nor is it modelled).
        let zero = |a: &E| matches!(super::helpers::strip_casts(a).kind, EK::Int(0));
        if api && name == "__barrier_sync" && !matches!(args, [a] if zero(a)) {
            self.eval_all(args);
            self.unsupported(span, "named barrier `__barrier_sync` of an id other than 0");
            return Some(Val::Int(Lin::int(0)));
        }
        // Clang's NVVM barrier builtins (`__nvvm_bar_sync(0)`,
        // `__nvvm_barrier_sync_cnt`, `__nvvm_bar0_or`, …) are barriers, not
        // functions defined elsewhere without one: not modelled.
        if name.starts_with("__nvvm_bar") && callee.key.is_none() {
            self.eval_all(args);
            self.unsupported(span, format!("barrier builtin `{name}`"));
            return Some(self.sync_result(name, span));
        }
        // A barrier of a `cooperative_groups::thread_group` of unknown
        // kind: of the block (divergence, if the threads disagree on it),
        // of a warp (no order between warps) or of the grid.
        if api && name == GROUP_SYNC {
            self.eval_all(args);
            self.unsupported(
                span,
                "`sync` of a cooperative `thread_group` of unknown kind (a block, a tile or the grid)",
            );
            return Some(Val::Int(Lin::int(0)));
        }
        None
    }

    /// The barrier `name` of the block (of the grid: `grid_barrier`),
    /// called with `args`; its value is what `__syncthreads_or` and
    /// friends return.
    fn barrier(&mut self, name: &str, args: &[E], grid_barrier: bool, span: Span) -> Val {
        self.eval_all(args);
        // Across blocks only a grid barrier orders the two threads.
        if grid_barrier || !self.params.grid_level {
            self.emit(StmtKind::Sync, span);
        }
        let v = self.sync_result(name, span);
        // `__syncthreads_or(p)` and friends return one value to all the
        // threads of a block that meet at the barrier: alike within an
        // iteration of the enclosing loops (the loop exit of `do { … }
        // while (__syncthreads_or(changed))`).  Across blocks the
        // barrier is not one.
        if let (Val::Int(l), false) = (&v, self.params.grid_level || grid_barrier) {
            self.out.iteration_uniform.extend(lin_vars(l));
        }
        v
    }

    /// A barrier below the block (`TILE_BARRIERS`): the barrier of the
    /// tiles of `n` threads when `n` is known — `__syncwarp()` with the full
    /// mask is the warp's, a cooperative tile's is its size's — and nothing
    /// otherwise: a partial or unknown mask, or a group of unknown
    /// membership, orders nothing (`proofs-notes/scoped-barriers.md`,
    /// Limits), which the verdict's notes say.  Across blocks it orders
    /// nothing either.
    fn tile_barrier(&mut self, name: &str, args: &[E], span: Span) -> Val {
        let values: Vec<Option<i128>> = args
            .iter()
            .map(|a| match self.eval(a) {
                Val::Int(l) => l.constant(),
                _ => None,
            })
            .collect();
        let size = match (name, values.as_slice()) {
            ("__syncwarp", []) | ("__syncwarp", [Some(0xffff_ffff)]) => Some(32),
            ("__mapcheck_tile_sync", [Some(n)]) => u32::try_from(*n)
                .ok()
                .filter(|&n| semantics::scoped::Scope::valid_tile(n)),
            _ => None,
        };
        match size {
            Some(_) if self.params.grid_level => {}
            Some(n) => {
                let scope = semantics::scoped::Scope::Tile(n);
                self.emit(StmtKind::ScopedSync { scope, mask: None }, span);
            }
            None => {
                let what = match name {
                    "__syncwarp" => {
                        "`__syncwarp` with a mask that is not the full warp's (0xffffffff)"
                    }
                    "__mapcheck_tile_sync" => "the `sync()` of a tile whose size is not known",
                    "__mapcheck_split_barrier" => {
                        "a `cuda::barrier`'s arrive and wait (the count it waits for is not followed)"
                    }
                    _ => "the `sync()` of a coalesced group or a partition (members not known)",
                };
                self.note_once(&format!("{what} orders nothing here"));
                // An alarm may rest on the order it leaves out: not `exact`.
                self.out.approximate = true;
            }
        }
        Val::Int(Lin::int(0))
    }

    /// The unknown value a barrier `name` returns.
    fn sync_result(&mut self, name: &str, span: Span) -> Val {
        let why = UnknownCause::Call {
            function: name.into(),
        };
        self.unknown("sync_result", why, span)
    }
}
