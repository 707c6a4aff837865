//! Protocol inference: a symbolic execution of one kernel over the syntax
//! tree that emits, in program order, every access to a tracked array
//! (shared memory, pointer parameters, `__device__` globals) and every
//! barrier.  Local variables are substituted by their symbolic values (the
//! SSA-like step of Sec. 6 of `seeds/000`); whatever is not modelled becomes
//! a fresh thread-local unknown (recorded for triage) or, when it could hide
//! an access or a barrier, an `Unsupported` entry (never DRF).

mod barriers;
mod bits;
mod block_barriers;
mod calls;
mod cells;
mod choices;
mod device_launches;
mod escapes;
mod expressions;
mod helpers;
pub mod host_facts;
mod inductions;
mod integers;
mod intrinsics;
mod last_iteration;
mod loop_changes;
mod loop_order;
mod loop_shape;
mod loops;
mod memory;
mod memory_functions;
mod nullness;
mod params;
mod passes;
mod statements;
mod uniform_counters;
mod unknown_loops;
mod values;
mod views;

use super::ast::*;
use super::lin::{low_mask, pow2, Lin};
use mapcheck_ir::kernel::{
    other, SignedParam, Unknown, UnknownCause, Unsupported, UnsupportedKind, Written,
    WrittenValues, OTHER_SUFFIX,
};
use semantics::expr::{BExp, NExp, NOp, Nat, ROp};
use semantics::history::Mode;
use semantics::surface::{block_has_sync, Assumption, Span, Stmt, StmtKind};
use std::collections::{BTreeMap, BTreeSet};

use super::convert::DYNAMIC_SHARED;
use super::scope::belongs_to;
use helpers::*;
pub use helpers::{modified_in, visit_expr, visit_stmt};
pub use loop_shape::{Dir, LoopShape};

/// An array the protocol talks about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arr {
    pub name: String,
    pub rank: usize,
    /// Shared or global memory (thread-private arrays are not tracked).
    pub tracked: bool,
    /// `Some(s)`: a view with elements of `s` bytes of an array modelled
    /// in bytes (dynamic shared memory declared with elements of several
    /// sizes): element `i` is the bytes `i*s .. i*s+s`.
    pub bytes: Option<u64>,
    /// `Some((v, e))`: a pointer reinterpreted with elements of `v` bytes
    /// into an array of elements of `e` bytes (`views.rs`); offsets and
    /// indices count elements of `v` bytes.
    pub view: Option<(u64, u64)>,
}

/// The symbolic value of a C expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Val {
    Int(Lin),
    Bool(BExp),
    /// A pointer into `arr`: the indices fixed so far and the offset in
    /// the next dimension.
    Ptr {
        arr: Arr,
        fixed: Vec<Lin>,
        off: Lin,
    },
    /// A scalar in shared/global memory (an array of length 1).
    Cell(Arr),
    /// A struct: kernel parameter (`param`), shared/global, or local.
    Rec {
        prefix: String,
        memory: Memory,
    },
    /// A reference parameter of an inlined function.
    Ref(Box<Place>),
    /// `&x` for a thread's own variable `x` (key): the variable escapes (its
    /// value is unknown from then on); stores through it stay private.
    LocalPtr(String),
    /// A pointer to one of these functions (keys of definitions in the
    /// unit): see `calls.rs`, calls through a pointer.
    Funcs(BTreeSet<String>),
    /// A value that cannot be used (reason).
    Bad(String),
}

/// Where an assignment goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    Local(String),
    Elem {
        arr: Arr,
        index: Vec<Lin>,
    },
    /// A row of a multi-dimensional array (`tile[i]`): a pointer, not an element.
    Row(Val),
    /// `c ? x : y` as an lvalue.
    Choice(BExp, Box<Place>, Box<Place>),
    /// Thread-private storage the protocol does not track: reading it gives
    /// an unknown value, writing it changes nothing the protocol sees.
    Private,
    /// Memory the front end cannot locate (why): it may be any tracked
    /// array, so an access to it is an access at an unknown index of every
    /// array (fail closed, never dropped).
    Unknown(String),
}

/// What the inference produces for one kernel.
#[derive(Default)]
pub struct Output {
    pub body: Vec<Stmt>,
    pub locals: Vec<String>,
    pub unknowns: Vec<Unknown>,
    pub unsupported: Vec<Unsupported>,
    pub assumptions: Vec<Assumption>,
    /// What the host code states at the kernel's launches
    /// (`host_facts.rs`), with the launches it comes from.
    pub host: Vec<(Assumption, Vec<mapcheck_ir::launch::Site>)>,
    /// Assumptions about two threads (`Kernel::relational`).
    pub relational: Vec<Assumption>,
    /// `if (c) break;` leaving a synchronized loop (`Kernel::loop_exits`).
    pub loop_exits: Vec<Span>,
    /// `cuda::barrier`s seen (`block_barriers.rs`).
    pub block_barriers: block_barriers::BlockBarriers,
    /// An over-approximation was made (power-stride loops, unknown bounds).
    pub approximate: bool,
    /// The `__shared__` variables (one copy per block); their fields are
    /// named `s.field`.
    pub shared: BTreeSet<String>,
    /// Locals every thread of a block has alike within an iteration of the
    /// enclosing synchronized loops (`uniform_reads`).
    pub iteration_uniform: Vec<String>,
    /// Of those, the ones read after a barrier of the iteration
    /// (`Kernel::phase_uniform`).
    pub phase_uniform: Vec<String>,
    /// Assumptions the inference made that the user should see.
    pub notes: Vec<String>,
    /// What each write stores, when it is the same for every thread
    /// (`values.rs`).
    pub written: WrittenValues,
    /// The signed parameters split in two parts (`Kernel::signed`).
    pub signed: Vec<SignedParam>,
    /// How the protocol carries the C values (`Kernel::encoding`).
    pub encoding: mapcheck_ir::encoding::Encoding,
}

/// The symbolic executor of one kernel.  Its state is split by concern;
/// each part is a type of its own, in the file of that concern.
pub struct Infer<'a> {
    unit: &'a Unit,
    /// Every identifier of the kernel's source file: a name of the
    /// encoding's own ([`Infer::fresh_internal_name`]) avoids them, so
    /// that no word of a source expression quoted in a report is also an
    /// internal variable (`Kernel::internal_vars`).
    source_names: &'a BTreeSet<String>,
    /// The protocol and what goes with it, filled as the kernel runs.
    out: Output,
    /// What the thread's variables hold and what is known of the protocol
    /// variables (this file).
    values: ValueState,
    /// The tracked arrays and how they were declared and reached
    /// (`memory.rs`).
    memory: memory::MemoryState,
    /// The kernel's parameters and what launches and options say of them
    /// (`params.rs`).
    params: params::ParamState,
    /// Which pointers the host may give null (`nullness.rs`).
    nulls: nullness::NullState,
    /// Where the execution is: the blocks being emitted, the enclosing
    /// loops, branches and inlined calls (`statements.rs`).
    control: statements::ControlState,
    /// What the expression being evaluated is part of (`expressions.rs`).
    eval: expressions::EvalContext,
    /// What the follow-up passes run on the finished protocol need from
    /// the execution (`uniform_reads`, `cells`, `tickets`).
    follow: passes::FollowUps,
}

/// What the thread's variables hold and what is known of the protocol
/// variables that stand for values: read and written by every part of the
/// executor, since every C value becomes one of these.
#[derive(Default)]
struct ValueState {
    env: BTreeMap<String, Val>,
    /// Locals whose address was taken: their value is never known.
    escaped: BTreeSet<String>,
    /// Protocol variables that hold only powers of two or 0 (`bits.rs`).
    powers: BTreeSet<String>,
    /// Unknowns that stand for conditional values (`choices.rs`).
    choices: BTreeMap<String, choices::Choice>,
    /// Bounds of protocol variables (`integers`): least and, if known,
    /// largest value.
    bounds: BTreeMap<String, (i128, Option<i128>)>,
    /// The C type of each integer variable (declaration key).
    var_types: BTreeMap<String, Option<IntTy>>,
    /// The two parts `x` and `x_neg` of signed values `x − x_neg`, each
    /// with the largest value its type allows (for
    /// [`Infer::shift_signed_indices`]: either part may be subtracted in an
    /// index, `h - r` subtracts `r`).
    signed_parts: BTreeMap<String, i128>,
    /// The thread-global unknowns: one value for the whole execution.
    invariant_unknowns: BTreeSet<String>,
    /// Every name given so far (reserved ones included), so that
    /// [`Infer::fresh_name`] gives new ones.
    used: BTreeSet<String>,
    /// The next suffix to try for each base of [`Infer::fresh_name`].
    suffixes: BTreeMap<String, usize>,
}

/// No identifiers (the default of [`Infer::source_names`]).
static NO_NAMES: BTreeSet<String> = BTreeSet::new();

/// The array name of an access that may touch any tracked array (replaced
/// before the protocol leaves the inference).
pub(super) const ANY_ARRAY: &str = "*any array*";
/// The array name of an access that may touch any file-scope array.
pub(super) const ANY_GLOBAL: &str = "*any global array*";
/// The array name of an access by a free function without a body: any
/// file-scope array, or any array once a pointer escaped (`escapes.rs`).
pub(super) const ANY_EXTERN: &str = "*any array an extern function reaches*";

const IGNORED_ANNOTATIONS: &[&str] = &[
    "__invariant",
    "__global_invariant",
    "__ensures",
    "__assert",
    "__global_assert",
    "__function_wide_invariant",
    "__read",
    "__write",
    "__no_read",
    "__no_write",
    "__read_offset_bytes",
    "__write_offset_bytes",
    // States that the array aliases no other: mapcheck assumes that of
    // every pointer parameter already (`docs/fail-closed.md`).
    "__requires_fresh_array",
];
/// GPUVerify's questions about pointers and accesses
/// (`mapcheck_gpuverify.h`): specification functions that touch no memory
/// (their pointer argument is not dereferenced); their value is unknown.
const POINTER_QUERIES: &[&str] = &[
    "__ptr_offset_bytes",
    "__ptr_base",
    "__uniform_ptr",
    "__other_ptr",
    "__read_implies",
    "__write_implies",
    "__atomic",
    "__atomic_implies",
    "__atomic_offset_bytes",
];
const NOT_BARRIERS: &[&str] = &[
    "__threadfence",
    "__threadfence_block",
    "__threadfence_system",
];
const BARRIERS: &[&str] = &[
    "__syncthreads",
    "__syncthreads_count",
    "__syncthreads_and",
    "__syncthreads_or",
    "thread_block::sync",
    // `__barrier_sync(0)`; another barrier id is unsupported (`calls.rs`).
    "__barrier_sync",
];

/// Barriers below the block (`calls.rs`, `tile_barrier`): `__syncwarp`,
/// a cooperative tile's `sync()` (the prelude's `__mapcheck_tile_sync(n)`),
/// a coalesced group's (`__mapcheck_group_sync()`) and a `cuda::barrier`'s
/// arrive and wait (`__mapcheck_split_barrier()`), which order nothing.
const TILE_BARRIERS: &[&str] = &[
    "__syncwarp",
    "__mapcheck_tile_sync",
    "__mapcheck_group_sync",
    "__mapcheck_split_barrier",
];

/// Barriers of the whole grid (cooperative groups): they order the threads
/// of different blocks too, so the kernel checked across blocks keeps them
/// (`scope::across_blocks` keeps every barrier the inference emits there).
const GRID_BARRIERS: &[&str] = &[
    "__mapcheck_grid_sync",
    "grid_group::sync",
    "multi_grid_group::sync",
];

impl<'a> Infer<'a> {
    pub fn new(unit: &'a Unit, reserved: impl IntoIterator<Item = String>) -> Infer<'a> {
        Infer {
            unit,
            source_names: &NO_NAMES,
            out: Output::default(),
            values: ValueState {
                used: reserved.into_iter().collect(),
                ..ValueState::default()
            },
            memory: memory::MemoryState::default(),
            params: params::ParamState::default(),
            nulls: nullness::NullState::default(),
            control: statements::ControlState {
                blocks: vec![Vec::new()],
                ..statements::ControlState::default()
            },
            eval: expressions::EvalContext::default(),
            follow: passes::FollowUps::default(),
        }
    }

    /// The identifiers of the kernel's source ([`Infer::source_names`]).
    pub fn source_names(mut self, names: &'a BTreeSet<String>) -> Self {
        self.source_names = names;
        self
    }

    pub fn grid_level(mut self, on: bool) -> Self {
        self.params.grid_level = on;
        self
    }

    /// Is the value the same for both threads (no thread identifier, no
    /// thread-local unknown)?
    pub(super) fn uniform(&self, fv: &BTreeSet<String>) -> bool {
        fv.iter().all(|x| {
            !(x.starts_with("threadIdx.")
                || (self.params.grid_level && x.starts_with("blockIdx."))
                || self.out.locals.contains(x))
        })
    }

    /// A fresh thread-global unknown of C type `ty`: one value in every
    /// thread for the whole execution, so only for a value computed from
    /// invariant ones ([`Infer::computed_unknown`]) or a constant of an
    /// instance; see [`Infer::typed_unknown`] for its sign.
    /// `cause` and `span` say what it stands for (`Encoding::uniform_unknowns`).
    pub(super) fn uniform_unknown(
        &mut self,
        ty: Option<IntTy>,
        cause: UnknownCause,
        span: Span,
    ) -> Val {
        self.out.approximate = true;
        let x = self.fresh_internal_name("g");
        let span = self.span(span);
        let var = x.clone();
        let record = Unknown { var, cause, span };
        self.out.encoding.uniform_unknowns.push(record);
        let v = self.uniform_value(&x, ty);
        self.values.invariant_unknowns.extend(lin_vars(&v));
        Val::Int(v)
    }

    /// Is `x` one value in all threads of the block for the whole
    /// execution: a parameter, a dimension, the block's index (within one
    /// block) or an unknown computed from such values?
    pub(super) fn invariant_var(&self, x: &str) -> bool {
        self.params.vars.contains(x)
            || self.values.invariant_unknowns.contains(x)
            || x.starts_with("blockDim.")
            || x.starts_with("gridDim.")
            || (x.starts_with("blockIdx.") && !self.params.grid_level)
    }

    /// An unknown for a value an operation not modelled exactly computes
    /// from the variables `fv` (C's integer operations are deterministic):
    /// thread-global when they are invariant; when they are only uniform
    /// (a loop variable: another value at each iteration, and a phase may
    /// span two iterations) thread-local, but alike in all threads at one
    /// iteration (`Kernel::iteration_uniform`, for barrier divergence);
    /// else thread-local.
    pub(super) fn computed_unknown(
        &mut self,
        fv: &BTreeSet<String>,
        ty: Option<IntTy>,
        why: &str,
        span: Span,
    ) -> Val {
        if fv.iter().all(|x| self.invariant_var(x)) {
            return self.uniform_unknown(ty, UnknownCause::Other(why.to_string()), span);
        }
        let v = self.other_typed(why, span, ty);
        if let Val::Int(l) = &v {
            for x in lin_vars(l) {
                self.follow.derived.insert(x, fv.clone());
            }
        }
        if self.alike_in_iteration(fv) {
            if let Val::Int(l) = &v {
                self.out.iteration_uniform.extend(lin_vars(l));
            }
        }
        v
    }

    /// Records that protocol loop variable `k` counts the iterations of
    /// the C loop over `name`, which holds `value` in iteration `k`
    /// (`Encoding::loops`: a report gives `name`'s C value).
    pub(super) fn record_counter(&mut self, k: &str, name: &str, value: &Lin) {
        let counter = mapcheck_ir::encoding::LoopCounter {
            name: name.to_string(),
            pos: value.pos.clone(),
            neg: value.neg.clone(),
        };
        self.out.encoding.loops.insert(k.to_string(), counter);
    }

    /// Records that protocol loop variable `to` counts the iterations of
    /// the C loop `from` counts, `from` being `value` in terms of `to` (a
    /// loop emitted counting down, the repeated last iterations of a loop
    /// over powers): the report gives the C counter's value for both.
    pub(super) fn rename_counter(&mut self, from: &str, to: &str, value: &NExp) {
        let Some(c) = self.out.encoding.loops.get(from).cloned() else {
            return;
        };
        let counter = mapcheck_ir::encoding::LoopCounter {
            name: c.name,
            pos: c.pos.subst(from, value),
            neg: c.neg.subst(from, value),
        };
        self.out.encoding.loops.insert(to.to_string(), counter);
    }

    /// Records that protocol loop variable `k` runs over the parts of one
    /// access (`Encoding::part_loops`): no C loop.
    pub(super) fn record_part_loop(&mut self, k: &str) {
        self.out.encoding.part_loops.insert(k.to_string());
    }

    /// The value of a thread-global integer named `x` of C type `ty`: the
    /// variable itself when unsigned (bounded by the type), else `x − x_neg`.
    fn uniform_value(&mut self, x: &str, ty: Option<IntTy>) -> Lin {
        if self.params.fixed.contains_key(x) {
            return Lin::var(x);
        }
        let range = ty.map(IntTy::range);
        if let Some((_, max)) = range {
            self.bound_var(x, 0, Some(max));
            self.params.typed.push(x.to_string());
        }
        self.record_type(x, ty);
        if ty.is_some_and(|t| !t.signed) {
            return Lin::var(x);
        }
        let neg = self.fresh_internal_name(&format!("{x}_neg"));
        self.record_pair(x, &neg);
        if let Some((min, max)) = range {
            self.bound_var(&neg, 0, Some(-min));
            self.params.typed.push(neg.clone());
            self.params.signed.push((x.to_string(), neg.clone()));
            self.values.signed_parts.insert(x.to_string(), max);
            self.values.signed_parts.insert(neg.clone(), -min);
        }
        Lin::var(x).sub(&Lin::var(&neg))
    }

    /// Records the C type of the value `x` stands for (`Encoding::types`).
    pub(super) fn record_type(&mut self, x: &str, ty: Option<IntTy>) {
        if let Some(t) = ty {
            let t = mapcheck_ir::kernel::IntType {
                bits: t.bits,
                signed: t.signed,
            };
            self.out.encoding.types.insert(x.to_string(), t);
        }
    }

    /// Records that `pos − neg` is one C value (`Encoding::pairs`).
    pub(super) fn record_pair(&mut self, pos: &str, neg: &str) {
        let pair = SignedParam {
            pos: pos.to_string(),
            neg: neg.to_string(),
        };
        self.out.encoding.pairs.push(pair);
    }

    /// Runs the kernel `f` and returns its protocol.
    pub fn kernel(mut self, f: &Func) -> Output {
        self.bind_globals();
        // What a requirement says of a parameter is its value at the
        // requirement: only of parameters the kernel never assigns.
        let assigned = modified_in(&f.body, self.unit);
        self.params.nonnegative = integers::nonnegative_params(f);
        self.params.nonnegative.retain(|k| !assigned.contains(k));
        let mut constants = integers::constant_params(f);
        constants.retain(|k, _| !assigned.contains(k));
        constants.extend(self.params.constants.clone());
        for p in &f.params {
            let v = match (
                constants.get(&p.key),
                self.params.aliases.get(&p.key).cloned(),
            ) {
                (Some(c), _) if p.shape == Shape::Scalar => Val::Int(Lin::int(*c)),
                (_, Some(alias)) if p.shape == Shape::Pointer => {
                    let earlier = f.params.iter().find(|q| q.key == alias.of);
                    self.aliased_param(p, earlier, &alias)
                }
                _ => self.param_value(p),
            };
            self.note_array(&v);
            self.note_param_pointer(p, &v);
            self.values.used.insert(p.name.clone());
            if let (Shape::Scalar, Some(_), Val::Int(lin)) = (&p.shape, p.ty, &v) {
                self.params.vars.extend(lin.pos.fv());
                self.params.vars.extend(lin.neg.fv());
                self.params.initial.insert(p.key.clone(), v.clone());
            }
            self.values.env.insert(p.key.clone(), v);
        }
        let launches = std::mem::take(&mut self.params.host);
        self.assume_host_facts(f, &launches);
        self.control.calls.push(f.key.clone());
        self.control.returns.push(Vec::new());
        self.control.return_paths.push(Vec::new());
        self.stmt(&f.body);
        self.out.body = self.control.blocks.pop().unwrap_or_default();
        self.settle_block_barriers();
        self.run_passes(f);
        self.out.shared = std::mem::take(&mut self.memory.shared);
        self.out
    }

    /// Parameters (template or scalar, by key) known to be constants.
    pub fn constants(mut self, values: &BTreeMap<String, i128>) -> Self {
        self.params.constants = values.clone();
        self
    }

    /// The facts the host code states at the kernel's launches
    /// (`host_facts.rs`).
    pub fn host_facts(mut self, launches: &[crate::cuda::host_facts::LaunchFacts]) -> Self {
        self.params.host = launches.to_vec();
        self
    }

    /// Pointer parameters (by key) launched pointing into an earlier
    /// parameter's array (`launches::aliases`).
    pub fn aliases(mut self, aliases: &BTreeMap<String, crate::cuda::launches::Alias>) -> Self {
        self.params.aliases = aliases.clone();
        self
    }

    /// Pointer parameters (by key) every launch passes null (`true`) or
    /// not null, with the note to print when a test uses it (`nullness.rs`).
    pub fn null_pointers(mut self, known: &BTreeMap<String, (bool, String)>) -> Self {
        self.params.nullness = known.clone();
        self
    }

    pub fn large_params(mut self, on: bool) -> Self {
        self.params.large_params = on;
        self
    }

    /// The parameters `--param` fixes: each is the variable of its name
    /// (never negative), bounded by its value.
    pub fn fixed_params(mut self, params: &BTreeMap<String, u64>) -> Self {
        for (x, v) in params {
            self.bound_var(x, *v as i128, Some(*v as i128));
        }
        self.params.fixed = params.clone();
        self
    }

    /// The launch limits: each built-in of `dims` (`blockDim.x` …) is at
    /// most its given value, and each thread and block index below its
    /// dimension (used to decide when arithmetic cannot wrap).
    pub fn launch_limits(mut self, dims: &BTreeMap<String, i128>) -> Self {
        for (dim, max) in dims {
            self.bound_var(dim, 1, Some(*max));
            let index = dim
                .replace("blockDim", "threadIdx")
                .replace("gridDim", "blockIdx");
            self.bound_var(&index, 0, Some(max - 1));
        }
        self
    }

    /// Is `array` file-scope memory (reachable from any function)?
    pub(super) fn is_global_array(&self, array: &str) -> bool {
        self.memory.global_arrays.contains(array)
            || array == DYNAMIC_SHARED
            || self
                .memory
                .global_records
                .iter()
                .any(|r| belongs_to(array, r))
    }

    /// Does any function of the unit assign `key`, move it or take its
    /// address (or bind a non-const reference to it)?
    fn changed_anywhere(&self, key: &str) -> bool {
        self.unit
            .funcs
            .iter()
            .any(|f| helpers::modified_in(&f.body, self.unit).contains(key))
    }

    /// Records a tracked array the kernel can reach.
    pub(super) fn note_array(&mut self, v: &Val) {
        match v {
            Val::Ptr { arr, .. } | Val::Cell(arr) if arr.tracked => {
                self.memory
                    .arrays
                    .entry(arr.name.clone())
                    .or_insert(arr.rank);
            }
            _ => {}
        }
    }

    // ----- bookkeeping -------------------------------------------------

    fn span(&self, s: Span) -> Span {
        self.control.call_span.unwrap_or(s)
    }

    fn emit(&mut self, kind: StmtKind, span: Span) {
        self.emit_storing(kind, &Written::Unknown, span)
    }

    /// Emits `kind`; `stored`: what it stores when it is a write
    /// (`values.rs`; unknown unless an assignment says otherwise).
    fn emit_storing(&mut self, kind: StmtKind, stored: &Written, span: Span) {
        let span = self.span(span);
        if let StmtKind::Sync = kind {
            if self.control.jumped {
                self.unsupported(span, "barrier after a `return` inside a loop");
            }
        }
        if let StmtKind::Access {
            mode: Mode::Wr,
            array,
            ..
        } = &kind
        {
            // Every write records what it stores, so that a location
            // shared by several writes of an array is known only if they
            // all agree.
            let array = array.clone().unwrap_or_default();
            self.out.written.record(&array, span, stored.clone());
        }
        if let Some(b) = self.control.blocks.last_mut() {
            b.push(Stmt::new(kind, span));
        }
    }

    /// Runs `f` collecting what it emits.
    fn nested(&mut self, f: impl FnOnce(&mut Self)) -> Vec<Stmt> {
        self.control.blocks.push(Vec::new());
        self.control.block_serial += 1;
        self.control.block_path.push(self.control.block_serial);
        f(self);
        self.control.block_path.pop();
        self.control.blocks.pop().unwrap_or_default()
    }

    fn emit_all(&mut self, stmts: Vec<Stmt>) {
        if let Some(b) = self.control.blocks.last_mut() {
            b.extend(stmts);
        }
    }

    /// A new name for a variable of the user's (a local, a copy of one),
    /// its C name where it is free.
    pub fn fresh_name(&mut self, base: &str) -> String {
        self.fresh_name_avoiding(base, false)
    }

    /// A new name for a variable of the encoding's own (the `neg` part of
    /// a signed value, an unknown, a host value): never an identifier of
    /// the source.
    pub(super) fn fresh_internal_name(&mut self, base: &str) -> String {
        self.fresh_name_avoiding(base, true)
    }

    fn fresh_name_avoiding(&mut self, base: &str, source: bool) -> String {
        let base: String = base
            .chars()
            .map(|c| {
                if c.is_alphanumeric() || c == '_' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        let base = if base.is_empty() || base.starts_with(|c: char| c.is_ascii_digit()) {
            format!("v{base}")
        } else {
            base
        };
        let mut name = base.clone();
        // Suffixes continue from the last one given to this base, so that
        // many names of one base cost linear time, not quadratic.
        let mut i = self.values.suffixes.get(&base).copied().unwrap_or(1);
        while self.values.used.contains(&name)
            || (source && self.source_names.contains(&name))
            || semantics::surface::parse::is_keyword(&name)
        {
            name = format!("{base}_{i}");
            i += 1;
        }
        self.values.suffixes.insert(base, i);
        self.values.used.insert(name.clone());
        name
    }

    /// A fresh thread-local unknown natural number.
    fn unknown(&mut self, base: &str, cause: UnknownCause, span: Span) -> Val {
        Val::Int(Lin::var(&self.unknown_var(base, cause, span)))
    }

    /// A fresh thread-local variable, recorded with why it is unknown.
    fn unknown_var(&mut self, base: &str, cause: UnknownCause, span: Span) -> String {
        let x = self.fresh_name(base);
        self.out.locals.push(x.clone());
        let span = self.span(span);
        self.out.unknowns.push(Unknown {
            var: x.clone(),
            cause,
            span,
        });
        x
    }

    /// An unknown value of the expression being evaluated (of its C type).
    fn other(&mut self, why: &str, span: Span) -> Val {
        let ty = self.current_type();
        self.other_typed(why, span, ty)
    }

    pub(super) fn other_typed(&mut self, why: &str, span: Span, ty: Option<IntTy>) -> Val {
        self.typed_unknown("u", UnknownCause::Other(why.to_string()), span, ty)
    }

    /// States an assumption with the verdict, once per kernel.
    pub(super) fn note_once(&mut self, note: &str) {
        if !self.out.notes.iter().any(|n| n == note) {
            self.out.notes.push(note.to_string());
        }
    }

    fn unsupported(&mut self, span: Span, what: impl Into<String>) {
        let span = self.span(span);
        self.out.unsupported.push(Unsupported {
            span,
            what: what.into(),
            kind: UnsupportedKind::Unmodelled,
        });
    }

    // ----- initial environment -----------------------------------------

    fn bind_globals(&mut self) {
        for g in &self.unit.globals {
            self.values.used.insert(g.name.clone());
        }
        for g in self.unit.globals.clone() {
            let v = self.declared_value(&g);
            self.note_array(&v);
            if let Val::Ptr { arr, .. } | Val::Cell(arr) = &v {
                self.memory.global_arrays.insert(arr.name.clone());
            }
            if let Val::Rec { prefix, .. } = &v {
                self.memory.global_records.insert(prefix.clone());
            }
            self.values.env.insert(g.key.clone(), v);
        }
    }

    /// The value of the `extern __shared__` array when the unit declares it
    /// with several element sizes or shapes (`None`: an ordinary
    /// declaration, [`Self::declared_value`]).
    fn dynamic_shared_view(d: &VarDecl, unit: &Unit) -> Option<Val> {
        if d.name != DYNAMIC_SHARED {
            return None;
        }
        let sizes = unit.dynamic_shared_sizes.len();
        let shapes = unit.dynamic_shared_shapes.len();
        match &d.shape {
            // Views of several element sizes: bytes (see `Arr::bytes`).
            Shape::Array(1) if sizes > 1 => Some(match d.elem_bytes {
                Some(s) if s > 0 => Val::Ptr {
                    arr: Arr {
                        name: d.name.clone(),
                        rank: 1,
                        tracked: true,
                        bytes: Some(s),
                        view: None,
                    },
                    fixed: vec![],
                    off: Lin::int(0),
                },
                _ => Val::Bad(format!(
                    "`extern __shared__` array `{}` of unknown element size",
                    d.name
                )),
            }),
            // Declarations of dynamic shared memory with several shapes
            // (`a[]` and `b[][32]`): `b[1][0]` is `a[32]`, which the
            // indices of a multi-dimensional view do not show.
            Shape::Array(r) if *r > 1 && (shapes > 1 || sizes > 1) => Some(Val::Bad(format!(
                "multi-dimensional `extern __shared__` array `{}` over the same memory as one of another shape or element size",
                d.name
            ))),
            _ => None,
        }
    }

    /// The value of a declared variable (file scope or `__shared__` in a body).
    fn declared_value(&mut self, d: &VarDecl) -> Val {
        if d.memory == Memory::Shared {
            self.memory.shared.insert(d.name.clone());
        }
        if let Some(user) = self.unit.dynamic_shared_names.get(&d.key) {
            let names = self.out.encoding.array_names.entry(d.name.clone());
            let names = names.or_default();
            if !names.contains(user) {
                names.push(user.clone());
            }
        }
        if let Some(v) = Self::dynamic_shared_view(d, self.unit) {
            return v;
        }
        let tracked = matches!(d.memory, Memory::Shared | Memory::Device);
        match (&d.shape, d.memory) {
            (Shape::Array(r), _) => {
                self.memory.sizes.insert(d.name.clone(), d.sizes.clone());
                ptr(&d.name, *r, tracked && d.memory != Memory::Constant)
            }
            (Shape::Scalar, Memory::Shared | Memory::Device) => Val::Cell(Arr {
                name: d.name.clone(),
                rank: 1,
                tracked: true,
                bytes: None,
                view: None,
            }),
            (Shape::Record, m) => Val::Rec {
                prefix: d.name.clone(),
                memory: if m == Memory::Local {
                    Memory::Constant
                } else {
                    m
                },
            },
            // The host sets a `__constant__` scalar (`cudaMemcpyToSymbol`
            // replaces its initialiser) and kernels only read it: one
            // value, the same in every thread, like a parameter.  (Device
            // code that writes it is not CUDA: then it is any value.)
            (Shape::Scalar, Memory::Constant) => match self.changed_anywhere(&d.key) {
                false => {
                    let x = self.fresh_name(&d.name);
                    let v = self.uniform_value(&x, d.ty);
                    self.values.invariant_unknowns.extend(lin_vars(&v));
                    Val::Int(v)
                }
                true => self.other(&format!("value of `{}`", d.name), d.span),
            },
            (Shape::Scalar, _) => match &d.init {
                Some(e) => self.eval(e),
                None => self.other(&format!("value of `{}`", d.name), d.span),
            },
            // A file-scope pointer the host sets and no function changes
            // is an array of its own, like a pointer parameter (distinct
            // pointers do not alias).
            (Shape::Pointer, Memory::Device | Memory::Constant)
                if d.init.is_none() && !self.changed_anywhere(&d.key) =>
            {
                self.memory.host_pointers.insert(d.name.clone());
                let v = ptr(&d.name, 1, true);
                self.host_given_pointer(&v);
                v
            }
            (Shape::Pointer, _) => Val::Bad(format!("global pointer `{}`", d.name)),
            (Shape::Reference, _) | (Shape::Unsupported(_), _) => {
                Val::Bad(format!("declaration of `{}`", d.name))
            }
        }
    }
}

#[cfg(test)]
mod tests;
