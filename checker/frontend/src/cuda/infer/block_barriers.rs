//! `cuda::barrier` as a barrier of the block (`cuda/barrier`).
//!
//! A `cuda::barrier` completes a phase when as many threads have arrived
//! as its `init` said.  `arrive_and_wait()` is then `__syncthreads()` when
//! (a) the barrier lives in `__shared__` memory (one per block), (b) the
//! count is the block's thread count, and (c) every thread arrives once per
//! phase and in no other way.  mapcheck emits `if (count == bx·by·bz)
//! { sync }` at each `arrive_and_wait` (the checker splits on the
//! condition: (b)), after an atomic access of the barrier's state, which
//! `init` writes plainly (an `init` not ordered before the arrivals is a
//! race); the barrier's divergence check gives (c) for the threads that
//! reach it.  If any other operation (`arrive`, `wait`, `arrive_and_drop`)
//! or a second count is seen, or the barrier is not shared, every such
//! barrier is erased again after the inference ([`Infer::settle_block_barriers`]),
//! with a note: it orders nothing.

use super::*;
use crate::cuda::scope::belongs_to;

/// What the inference saw of `cuda::barrier`s (`Output`, `Infer::kernel`).
#[derive(Clone, Debug, Default)]
pub struct BlockBarriers {
    /// The count of the `init` calls (all alike), when known.
    pub count: Option<NExp>,
    /// The barriers emitted for `arrive_and_wait`, by location.
    pub waits: Vec<Span>,
    /// Why they cannot stand (a split arrive or wait, two counts, …).
    pub invalid: Option<String>,
}

impl Infer<'_> {
    /// `init(&bar, count)`: a plain write of the barrier's state, and its count.
    pub(super) fn block_barrier_init(&mut self, args: &[E], span: Span) -> Val {
        let [state, count] = args else {
            self.eval_all(args);
            self.block_barriers_invalid("an `init` not understood");
            return Val::Int(Lin::int(0));
        };
        self.state_access(state, Mode::Wr, span);
        let count = match self.eval(count) {
            Val::Int(l) if self.thread_free(&l) => Some(l.to_nexp()),
            _ => None,
        };
        let b = &mut self.out.block_barriers;
        match (count, &b.count) {
            (Some(c), None) => b.count = Some(c),
            (Some(c), Some(d)) if c == *d => {}
            _ => self.block_barriers_invalid("its count is not one value alike in every thread"),
        }
        Val::Int(Lin::int(0))
    }

    /// `bar.arrive_and_wait()`: an atomic access of the state, then the
    /// block's barrier when the count is the block's thread count.
    pub(super) fn block_barrier_wait(&mut self, args: &[E], span: Span) -> Val {
        let [state] = args else {
            self.eval_all(args);
            self.block_barriers_invalid("an `arrive_and_wait` not understood");
            return Val::Int(Lin::int(0));
        };
        self.state_access(state, Mode::Atomic, span);
        let Some(count) = self.out.block_barriers.count.clone() else {
            self.block_barriers_invalid("no `init` precedes its `arrive_and_wait`");
            return Val::Int(Lin::int(0));
        };
        if !self.params.grid_level {
            let threads = ["blockDim.x", "blockDim.y", "blockDim.z"]
                .map(NExp::var)
                .into_iter()
                .reduce(NExp::mul)
                .expect("three dimensions");
            let span = self.span(span);
            let kind = StmtKind::If {
                cond: BExp::rel(ROp::Eq, count, threads),
                then_branch: vec![Stmt::new(StmtKind::Sync, span)],
                else_branch: Vec::new(),
            };
            self.emit(kind, span);
            self.out.block_barriers.waits.push(span);
        }
        Val::Int(Lin::int(0))
    }

    /// The access of a barrier's state (`&bar.arrivals`), which
    /// must be shared memory.
    fn state_access(&mut self, state: &E, mode: Mode, span: Span) {
        let target = self.eval(state);
        match self.index_place(target, Lin::int(0), span) {
            Place::Elem { arr, index } if arr.tracked && self.is_shared_array(&arr.name) => {
                self.access(mode, &arr, &index, span)
            }
            _ => self.block_barriers_invalid("it is not in `__shared__` memory"),
        }
    }

    fn is_shared_array(&self, name: &str) -> bool {
        self.memory.shared.iter().any(|s| belongs_to(name, s))
    }

    /// `l` mentions no thread's own value (its identifiers, its unknowns).
    fn thread_free(&self, l: &Lin) -> bool {
        lin_vars(l)
            .iter()
            .all(|x| !x.starts_with("threadIdx.") && !self.out.locals.contains(x))
    }

    pub(super) fn block_barriers_invalid(&mut self, why: &str) {
        let b = &mut self.out.block_barriers;
        if b.invalid.is_none() {
            b.invalid = Some(why.to_string());
        }
    }

    /// After the inference: the barriers emitted for `arrive_and_wait`
    /// are erased when something made them invalid, with a note.
    pub(super) fn settle_block_barriers(&mut self) {
        let b = &self.out.block_barriers;
        let Some(why) = b.invalid.clone() else {
            return;
        };
        if !b.waits.is_empty() {
            let waits = b.waits.clone();
            let body = std::mem::take(&mut self.out.body);
            self.out.body = crate::cuda::rewrite::rewrite_leaves(body, &mut |s| match s.kind {
                StmtKind::Sync if waits.contains(&s.span) => Vec::new(),
                _ => vec![s],
            });
        }
        self.note_once(&format!(
            "a `cuda::barrier` orders nothing here: {why} (the count it waits for is not followed)"
        ));
        self.out.approximate = true;
    }
}
