//! Protocol inference: a symbolic execution of one kernel over the syntax
//! tree that emits, in program order, every access to a tracked array
//! (shared memory, pointer parameters, `__device__` globals) and every
//! barrier.  Local variables are substituted by their symbolic values (the
//! SSA-like step of Sec. 6 of `seeds/000`); whatever is not modelled becomes
//! a fresh thread-local unknown (recorded for triage) or, when it could hide
//! an access or a barrier, an `Unsupported` entry (never DRF).

mod calls;
mod expressions;
mod helpers;
mod loops;
mod memory;
mod statements;

use super::ast::*;
use super::lin::{low_mask, pow2, Lin};
use mapcheck_core::kernel::{Unknown, UnknownCause, Unsupported};
use semantics::expr::{BExp, NExp, NOp, ROp};
use semantics::history::Mode;
use semantics::surface::{block_has_sync, Assumption, Span, Stmt, StmtKind};
use std::collections::{BTreeMap, BTreeSet};

use super::scope::belongs_to;
use helpers::*;
pub use helpers::{modified_in, visit_expr, visit_stmt};
pub use loops::{Dir, LoopShape};

/// An array the protocol talks about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arr {
    pub name: String,
    pub rank: usize,
    /// Shared or global memory (thread-private arrays are not tracked).
    pub tracked: bool,
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
    /// An over-approximation was made (power-stride loops, unknown bounds).
    pub approximate: bool,
    /// The `__shared__` variables (one copy per block); their fields are
    /// named `s.field`.
    pub shared: BTreeSet<String>,
    /// Assumptions the inference made that the user should see.
    pub notes: Vec<String>,
}

pub struct Infer<'a> {
    unit: &'a Unit,
    out: Output,
    blocks: Vec<Vec<Stmt>>,
    env: BTreeMap<String, Val>,
    /// Locals whose address was taken: their value is never known.
    escaped: BTreeSet<String>,
    used: BTreeSet<String>,
    calls: Vec<String>,
    /// Values of `return` in the function being inlined.
    returns: Vec<Vec<Val>>,
    /// Nesting of loops inside the current function (for jumps).
    loops: Vec<bool>,
    /// A `return` was passed over inside a loop: a later barrier is not modelled.
    jumped: bool,
    /// Spans of an inlined function from another file point at the call.
    call_span: Option<Span>,
    /// `blockIdx` differs between the two threads (`--grid-level`).
    grid_level: bool,
    /// Names of the `__shared__` arrays and scalars: one copy per block, so
    /// with `--grid-level` their accesses are indexed by `blockIdx` too.
    shared: BTreeSet<String>,
    /// Names of the record (struct) kernel parameters: their fields are
    /// thread-global.  Fields of other records are thread-local unknowns.
    param_records: BTreeSet<String>,
    /// The array name given to each `__shared__`/`__device__` declaration
    /// in a body: such a variable is allocated once per block, so every
    /// execution of the declaration (loop iterations, calls) is the same
    /// array.
    static_names: BTreeMap<String, String>,
    /// Every tracked array (name and rank) the kernel can reach: an access
    /// the front end cannot locate touches each of them.
    arrays: BTreeMap<String, usize>,
    /// The file-scope ones among them (`__device__`, file-scope `__shared__`).
    global_arrays: BTreeSet<String>,
    /// File-scope structs in shared or global memory (their fields are arrays `s.f`).
    global_records: BTreeSet<String>,
    /// Scalar kernel parameters (protocol variables, so non-negative).
    scalar_params: Vec<String>,
}

/// The array name of an access that may touch any tracked array (replaced
/// before the protocol leaves the inference).
pub(super) const ANY_ARRAY: &str = "*any array*";
/// The array name of an access that may touch any file-scope array.
pub(super) const ANY_GLOBAL: &str = "*any global array*";

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
    "printf",
    "assert",
];
const NOT_BARRIERS: &[&str] = &[
    "__syncwarp",
    "__threadfence",
    "__threadfence_block",
    "__threadfence_system",
];
const BARRIERS: &[&str] = &[
    "__syncthreads",
    "__syncthreads_count",
    "__syncthreads_and",
    "__syncthreads_or",
];

impl<'a> Infer<'a> {
    pub fn new(unit: &'a Unit, reserved: impl IntoIterator<Item = String>) -> Infer<'a> {
        Infer {
            unit,
            out: Output::default(),
            blocks: vec![Vec::new()],
            env: BTreeMap::new(),
            escaped: BTreeSet::new(),
            used: reserved.into_iter().collect(),
            calls: Vec::new(),
            returns: Vec::new(),
            loops: Vec::new(),
            jumped: false,
            call_span: None,
            grid_level: false,
            shared: BTreeSet::new(),
            param_records: BTreeSet::new(),
            static_names: BTreeMap::new(),
            arrays: BTreeMap::new(),
            global_arrays: BTreeSet::new(),
            global_records: BTreeSet::new(),
            scalar_params: Vec::new(),
        }
    }

    pub fn grid_level(mut self, on: bool) -> Self {
        self.grid_level = on;
        self
    }

    /// Is the value the same for both threads (no thread identifier, no
    /// thread-local unknown)?
    fn uniform(&self, fv: &BTreeSet<String>) -> bool {
        fv.iter().all(|x| {
            !(x.starts_with("threadIdx.")
                || (self.grid_level && x.starts_with("blockIdx."))
                || self.out.locals.contains(x))
        })
    }

    /// A fresh thread-global unknown (a value computed from uniform values).
    fn uniform_unknown(&mut self) -> Val {
        self.out.approximate = true;
        let x = self.fresh_name("g");
        Val::Int(Lin::var(&x))
    }

    /// Runs the kernel `f` and returns its protocol.
    pub fn kernel(mut self, f: &Func) -> Output {
        self.bind_globals();
        for p in &f.params {
            let v = self.param_value(p);
            self.note_array(&v);
            self.used.insert(p.name.clone());
            self.env.insert(p.key.clone(), v);
        }
        self.calls.push(f.key.clone());
        self.returns.push(Vec::new());
        self.stmt(&f.body);
        let body = self.blocks.pop().unwrap_or_default();
        self.out.body = self.expand_unlocated(body);
        self.out.shared = std::mem::take(&mut self.shared);
        let body_fv = semantics::surface::Program {
            body: self.out.body.clone(),
            ..Default::default()
        }
        .free_vars();
        let used: Vec<String> = self
            .scalar_params
            .iter()
            .filter(|p| body_fv.contains(*p))
            .map(|p| format!("`{p}`"))
            .collect();
        if !used.is_empty() {
            self.out.notes.push(format!(
                "the integer parameter(s) {} are not negative (protocol variables range over ℕ)",
                used.join(", ")
            ));
        }
        self.out
    }

    /// Is `array` file-scope memory (reachable from any function)?
    pub(super) fn is_global_array(&self, array: &str) -> bool {
        self.global_arrays.contains(array)
            || array.starts_with(super::convert::DYNAMIC_SHARED)
            || self.global_records.iter().any(|r| belongs_to(array, r))
    }

    /// Records a tracked array the kernel can reach.
    pub(super) fn note_array(&mut self, v: &Val) {
        match v {
            Val::Ptr { arr, .. } | Val::Cell(arr) if arr.tracked => {
                self.arrays.entry(arr.name.clone()).or_insert(arr.rank);
            }
            _ => {}
        }
    }

    // ----- bookkeeping -------------------------------------------------

    fn span(&self, s: Span) -> Span {
        self.call_span.unwrap_or(s)
    }

    fn emit(&mut self, kind: StmtKind, span: Span) {
        let span = self.span(span);
        if let StmtKind::Sync = kind {
            if self.jumped {
                self.unsupported(span, "barrier after a `return` inside a loop");
            }
        }
        if let Some(b) = self.blocks.last_mut() {
            b.push(Stmt::new(kind, span));
        }
    }

    /// Runs `f` collecting what it emits.
    fn nested(&mut self, f: impl FnOnce(&mut Self)) -> Vec<Stmt> {
        self.blocks.push(Vec::new());
        f(self);
        self.blocks.pop().unwrap_or_default()
    }

    fn emit_all(&mut self, stmts: Vec<Stmt>) {
        if let Some(b) = self.blocks.last_mut() {
            b.extend(stmts);
        }
    }

    pub fn fresh_name(&mut self, base: &str) -> String {
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
        let mut i = 1;
        while self.used.contains(&name) || semantics::surface::parse::is_keyword(&name) {
            name = format!("{base}_{i}");
            i += 1;
        }
        self.used.insert(name.clone());
        name
    }

    /// A fresh thread-local unknown integer.
    fn unknown(&mut self, base: &str, cause: UnknownCause, span: Span) -> Val {
        let x = self.fresh_name(base);
        self.out.locals.push(x.clone());
        let span = self.span(span);
        self.out.unknowns.push(Unknown {
            var: x.clone(),
            cause,
            span,
        });
        Val::Int(Lin::var(&x))
    }

    fn other(&mut self, why: &str, span: Span) -> Val {
        self.unknown("u", UnknownCause::Other(why.to_string()), span)
    }

    fn unsupported(&mut self, span: Span, what: impl Into<String>) {
        let span = self.span(span);
        self.out.unsupported.push(Unsupported {
            span,
            what: what.into(),
        });
    }

    // ----- initial environment -----------------------------------------

    fn bind_globals(&mut self) {
        for g in &self.unit.globals {
            self.used.insert(g.name.clone());
        }
        for g in self.unit.globals.clone() {
            let v = self.declared_value(&g);
            self.note_array(&v);
            if let Val::Ptr { arr, .. } | Val::Cell(arr) = &v {
                self.global_arrays.insert(arr.name.clone());
            }
            if let Val::Rec { prefix, .. } = &v {
                self.global_records.insert(prefix.clone());
            }
            self.env.insert(g.key.clone(), v);
        }
    }

    fn param_value(&mut self, p: &VarDecl) -> Val {
        match &p.shape {
            Shape::Pointer => ptr(&p.name, 1, true),
            Shape::Array(r) => ptr(&p.name, *r, true),
            Shape::Scalar => {
                self.scalar_params.push(p.name.clone());
                Val::Int(Lin::var(&p.name))
            }
            Shape::Record => {
                self.param_records.insert(p.name.clone());
                Val::Rec {
                    prefix: p.name.clone(),
                    memory: Memory::Local,
                }
            }
            Shape::Reference => Val::Bad(format!("reference parameter `{}` of a kernel", p.name)),
            Shape::Unsupported(why) => Val::Bad(why.clone()),
        }
    }

    /// The value of a declared variable (file scope or `__shared__` in a body).
    fn declared_value(&mut self, d: &VarDecl) -> Val {
        if d.memory == Memory::Shared {
            self.shared.insert(d.name.clone());
        }
        let tracked = matches!(d.memory, Memory::Shared | Memory::Device);
        match (&d.shape, d.memory) {
            (Shape::Array(r), _) => ptr(&d.name, *r, tracked && d.memory != Memory::Constant),
            (Shape::Scalar, Memory::Shared | Memory::Device) => Val::Cell(Arr {
                name: d.name.clone(),
                rank: 1,
                tracked: true,
            }),
            (Shape::Record, m) => Val::Rec {
                prefix: d.name.clone(),
                memory: if m == Memory::Local {
                    Memory::Constant
                } else {
                    m
                },
            },
            (Shape::Scalar, _) => match &d.init {
                Some(e) => self.eval(e),
                None => self.other(&format!("value of `{}`", d.name), d.span),
            },
            (Shape::Pointer, _) => Val::Bad(format!("global pointer `{}`", d.name)),
            (Shape::Reference, _) | (Shape::Unsupported(_), _) => {
                Val::Bad(format!("declaration of `{}`", d.name))
            }
        }
    }
}

#[cfg(test)]
mod tests;
