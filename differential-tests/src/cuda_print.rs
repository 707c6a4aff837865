//! Random protocols printed as CUDA kernels (`proofs-notes/cuda-round-trip.md`), for the
//! round trip through the checker's libclang front end.
//!
//! `p ∈ W` becomes one `__global__` kernel over an array `A` (a parameter
//! `int *A`, or `__shared__`, of one or two dimensions, possibly accessed
//! through `__device__` functions or an alias `int *B = A + 3`, with `int`,
//! `unsigned int`, `long`, `short` or `unsigned char` counters, a block of
//! one, two or three dimensions, indices possibly narrowed to `unsigned
//! char` or `unsigned short` first: [`Style`]) launched as one block of `T`
//! threads (`//--blockDim=[x,y,z] --gridDim=1`, or a launch
//! `k<<<1, dim3(x, y, z)>>>` in a [`unit`] of many kernels):
//! `tid` is the linear thread index (`threadIdx.x + threadIdx.y * x + …`),
//! `rd[e]` is `sink = A[e];`, `wr[e]` is `A[e] = 1;`, `atomic[e]` is
//! `atomicAdd(&A[e], 1);`, a synchronized protocol `u; sync` ends with
//! `__syncthreads();`, loops are `for (int x = n; x < m; x++)`, conditionals
//! `if (b) {…} else {…}`.
//!
//! The protocol's ℕ operators are total (`a - b` is 0 when `b > a`,
//! `a / 0 = 0`, `a % 0 = a`); C's are not.  [`Printed::exact`] holds when
//! every `-` is closed with a non-negative result (or subtracts 0) and every
//! `/`, `%` has a closed, non-zero divisor — then the C kernel
//! has the protocol's semantics with constructs the front end models
//! exactly.  Otherwise the operators are printed with guards
//! (`(a >= b ? a - b : 0)`, `(b == 0 ? 0 : a / b)`, `(b == 0 ? a : a % b)`),
//! which keep the semantics but use `?:`, which the front end may
//! over-approximate.
//!
//! A narrowed index (`unsigned char i = e * 128; A[i]`) is not the
//! protocol's index but C's wrap-around of it: [`Printed::c_index`] maps a
//! protocol index to the cell the kernel touches, and the round trip
//! compares the kernel with the reference history mapped through it.

use semantics::expr::{BExp, BOp, NExp, NOp, ROp};
use semantics::{Mode, U, W};

/// A kernel's source and whether it uses only exactly modelled constructs.
pub struct Printed {
    /// The kernel function (and, for [`kernel`], its header and the device
    /// functions it calls).
    pub source: String,
    pub exact: bool,
    /// The kernel's name.
    pub name: String,
    /// A host function launching the kernel with one block of the
    /// kernel's shape (for a [`unit`] of many kernels, whose launch
    /// configurations differ).
    pub launch: String,
    /// The shape of the block (`blockDim.x`, `.y`, `.z`).
    pub block: [u64; 3],
    /// The alias offset (`B = A + 3`) and the narrowing of indices.
    alias_offset: u64,
    wrap: Option<Wrap>,
}

impl Printed {
    /// A kernel printed by a property of its own (`source` defines the
    /// kernel `name`, `launch` launches it as one block of `block`): exact,
    /// with no alias offset and no narrowing.
    pub fn plain(source: String, name: &str, launch: String, block: [u64; 3]) -> Printed {
        Printed {
            source,
            exact: true,
            name: name.to_string(),
            launch,
            block,
            alias_offset: 0,
            wrap: None,
        }
    }

    /// Whether indices are narrowed (and wrap around) before the accesses.
    pub fn narrowed(&self) -> bool {
        self.wrap.is_some()
    }

    /// The first index of `A` a protocol index `e` becomes in the kernel:
    /// C's wrap-around of a narrowed index, then the alias offset.
    pub fn c_index(&self, e: &semantics::Nat) -> semantics::Nat {
        let wrapped = match self.wrap {
            None => e.clone(),
            Some(w) => (e * w.factor() + w.offset()) % w.modulus(),
        };
        wrapped + self.alias_offset
    }

    /// The protocol's `tid` of a thread of the kernel's block, from the
    /// witness's `threadIdx.x`, `.y`, `.z` (absent: 0).
    pub fn linear_tid(
        &self,
        ids: &std::collections::BTreeMap<String, semantics::Nat>,
    ) -> semantics::Nat {
        let id = |d: &str| {
            ids.get(&format!("threadIdx.{d}"))
                .cloned()
                .unwrap_or_default()
        };
        let [x, y, _] = self.block;
        id("x") + id("y") * x + id("z") * (x * y)
    }
}

/// How the kernel is written (all exactly modelled by the front end,
/// `docs/c-model.md`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Style {
    /// `__shared__ int A[…]` instead of the parameter `int *A`.
    pub shared: bool,
    /// `A` has a second dimension, accessed at `[e][1]` (shared arrays only).
    pub two_dims: bool,
    /// Accesses go through `__device__` functions taking the array.
    pub device_functions: bool,
    /// Accesses go through `int *B = A + 3` (`B[e]` is `A[e + 3]`).
    pub alias: bool,
    /// The C type of `tid` and loop counters.
    pub int_type: IntType,
    /// The block's shape, whose product is the thread count (`None`: one
    /// dimension, `[T, 1, 1]`).
    pub block: Option<[u64; 3]>,
    /// Every index is first stored in a narrow unsigned variable.
    pub wrap: Option<Wrap>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum IntType {
    #[default]
    Int,
    Unsigned,
    Long,
    Short,
    UnsignedChar,
}

impl IntType {
    fn name(self) -> &'static str {
        match self {
            IntType::Int => "int",
            IntType::Unsigned => "unsigned int",
            IntType::Long => "long",
            IntType::Short => "short",
            IntType::UnsignedChar => "unsigned char",
        }
    }
}

/// A narrowing of every index to an unsigned type, which wraps around as
/// C converts (modulo 2^bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wrap {
    /// `unsigned char i = e * 128;`: the cell is `128e mod 256`, so indices
    /// of the same parity meet (races the protocol lacks).
    UnsignedChar,
    /// `unsigned short i = e + 65534;`: the cell is `(e + 65534) mod 65536`,
    /// so indices from 2 up wrap to 0, 1, … (near the type's maximum).
    UnsignedShort,
}

impl Wrap {
    fn type_name(self) -> &'static str {
        match self {
            Wrap::UnsignedChar => "unsigned char",
            Wrap::UnsignedShort => "unsigned short",
        }
    }
    fn factor(self) -> u32 {
        match self {
            Wrap::UnsignedChar => 128,
            Wrap::UnsignedShort => 1,
        }
    }
    fn offset(self) -> u32 {
        match self {
            Wrap::UnsignedChar => 0,
            Wrap::UnsignedShort => 65534,
        }
    }
    fn modulus(self) -> u32 {
        match self {
            Wrap::UnsignedChar => 256,
            Wrap::UnsignedShort => 65536,
        }
    }
    /// The C initialiser of the narrow variable for the index `e`.
    fn initialiser(self, e: &str) -> String {
        match self {
            Wrap::UnsignedChar => format!("{e} * 128"),
            Wrap::UnsignedShort => format!("{e} + 65534"),
        }
    }
}

const ALIAS_OFFSET: u64 = 3;

struct Printer {
    out: String,
    indent: usize,
    exact: bool,
    style: Style,
    /// Narrowed index variables printed so far (for fresh names).
    narrowed: usize,
}

impl Printer {
    fn line(&mut self, s: &str) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    fn n(&mut self, e: &NExp) -> String {
        match e {
            NExp::Num(k) => k.to_string(),
            NExp::Var(x) if x == semantics::TID => "tid".to_string(),
            NExp::Var(x) if x == "T" => "((int)(blockDim.x * blockDim.y * blockDim.z))".to_string(),
            NExp::Var(x) => x.clone(),
            NExp::Bin(op, a, b) => {
                let (sa, sb) = (self.n(a), self.n(b));
                match op {
                    NOp::Add => format!("({sa} + {sb})"),
                    NOp::Mul => format!("({sa} * {sb})"),
                    NOp::Sub => {
                        // Exact when it cannot go below 0: a closed `a ≥ b`.
                        let fits = matches!((a.eval(), b.eval()), (Ok(x), Ok(y)) if x >= y);
                        if fits || matches!(&**b, NExp::Num(k) if *k == semantics::Nat::from(0u32))
                        {
                            format!("({sa} - {sb})")
                        } else {
                            self.exact = false;
                            format!("({sa} >= {sb} ? {sa} - {sb} : 0)")
                        }
                    }
                    NOp::Div | NOp::Mod => {
                        // Exact when the divisor is closed and not 0.
                        let literal = matches!(b.eval(), Ok(k) if k > semantics::Nat::from(0u32));
                        let c = if *op == NOp::Div { "/" } else { "%" };
                        if literal {
                            format!("({sa} {c} {sb})")
                        } else {
                            self.exact = false;
                            let zero = if *op == NOp::Div {
                                "0".to_string()
                            } else {
                                sa.clone()
                            };
                            format!("({sb} == 0 ? {zero} : {sa} {c} {sb})")
                        }
                    }
                }
            }
        }
    }

    fn b(&mut self, e: &BExp) -> String {
        match e {
            BExp::Bool(true) => "true".into(),
            BExp::Bool(false) => "false".into(),
            BExp::Rel(op, a, b) => {
                let o = match op {
                    ROp::Eq => "==",
                    ROp::Ne => "!=",
                    ROp::Lt => "<",
                    ROp::Le => "<=",
                    ROp::Gt => ">",
                    ROp::Ge => ">=",
                };
                format!("({} {o} {})", self.n(a), self.n(b))
            }
            BExp::Bin(op, a, b) => {
                let o = match op {
                    BOp::And => "&&",
                    BOp::Or => "||",
                };
                format!("({} {o} {})", self.b(a), self.b(b))
            }
            BExp::Not(a) => format!("(!{})", self.b(a)),
        }
    }

    fn u(&mut self, u: &U) {
        match u {
            U::Skip => {}
            U::Acc(a) => {
                let e = self.n(&a.index[0]);
                let st = self.style;
                if let Some(w) = st.wrap {
                    // The index narrowed first: its own block and variable.
                    self.narrowed += 1;
                    let i = format!("narrow{}", self.narrowed);
                    self.line("{");
                    self.indent += 1;
                    self.line(&format!("{} {i} = {};", w.type_name(), w.initialiser(&e)));
                    self.access(a.mode, &i);
                    self.indent -= 1;
                    self.line("}");
                } else {
                    self.access(a.mode, &e);
                }
            }
            U::Seq(a, b) => {
                self.u(a);
                self.u(b);
            }
            U::If(c, t, e) => {
                let c = self.b(c);
                self.line(&format!("if ({c}) {{"));
                self.indent += 1;
                self.u(t);
                self.indent -= 1;
                self.line("} else {");
                self.indent += 1;
                self.u(e);
                self.indent -= 1;
                self.line("}");
            }
            U::For(x, n, m, body) => self.for_(x, n, m, |p| p.u(body)),
        }
    }

    /// The statement of an access of mode `mode` to `A` at `idx` (a C
    /// expression), in the kernel's style.
    fn access(&mut self, mode: Mode, idx: &str) {
        let st = self.style;
        let arr = if st.alias { "B" } else { "A" };
        if st.device_functions {
            match mode {
                Mode::Rd => self.line(&format!("sink = read_at({arr}, {idx});")),
                Mode::Wr => self.line(&format!("write_at({arr}, {idx});")),
                Mode::Atomic => self.line(&format!("atomic_at({arr}, {idx});")),
            }
            return;
        }
        let cell = if st.two_dims {
            format!("{arr}[{idx}][1]")
        } else {
            format!("{arr}[{idx}]")
        };
        match mode {
            Mode::Rd => self.line(&format!("sink = {cell};")),
            Mode::Wr => self.line(&format!("{cell} = 1;")),
            Mode::Atomic => self.line(&format!("atomicAdd(&{cell}, 1);")),
        }
    }

    /// `for x in n..m`.  The bounds are the enclosing scope's: when they
    /// mention a variable `x` that the loop shadows, they are computed
    /// before the loop (in C, `int x = x + 1` reads the new `x`, and
    /// `x < m` is evaluated at every iteration).
    fn for_(&mut self, x: &str, n: &NExp, m: &NExp, body: impl FnOnce(&mut Printer)) {
        let shadows = n.fv().contains(x) || m.fv().contains(x);
        let (n, m) = (self.n(n), self.n(m));
        let ty = self.style.int_type.name();
        let (n, m) = if shadows {
            self.line("{");
            self.indent += 1;
            self.line(&format!("{ty} {x}_lo = {n};"));
            self.line(&format!("{ty} {x}_hi = {m};"));
            (format!("{x}_lo"), format!("{x}_hi"))
        } else {
            (n, m)
        };
        self.line(&format!("for ({ty} {x} = {n}; {x} < {m}; {x}++) {{"));
        self.indent += 1;
        body(self);
        self.indent -= 1;
        self.line("}");
        if shadows {
            self.indent -= 1;
            self.line("}");
        }
    }

    fn w(&mut self, w: &W) {
        match w {
            W::Sync(u) => {
                self.u(u);
                self.line("__syncthreads();");
            }
            W::Seq(p, q) => {
                self.w(p);
                self.w(q);
            }
            W::For(u1, x, n, m, p, u2) => {
                self.u(u1);
                self.for_(x, n, m, |pr| {
                    pr.w(p);
                    pr.u(u2);
                });
            }
        }
    }
}

/// The `__device__` accessors of [`Style::device_functions`].
const DEVICE_FUNCTIONS: &str = "\
__device__ int read_at(int *a, int i) { return a[i]; }
__device__ void write_at(int *a, int i) { a[i] = 1; }
__device__ void atomic_at(int *a, int i) { atomicAdd(&a[i], 1); }
";

/// Kernels (of [`kernel`] or [`kernel_of_program`], with distinct names),
/// their launches and the device functions they call as one translation
/// unit: one parse for all of them.
pub fn unit(kernels: &[Printed]) -> String {
    let mut out = String::from(DEVICE_FUNCTIONS);
    for k in kernels {
        out.push_str(&k.source);
        out.push_str(&k.launch);
    }
    out
}

/// The kernel function `name` of a closed protocol for `threads` threads
/// in `style` (`two_dims` needs `shared` and no `device_functions`; a
/// `block` whose product is not `threads` is replaced by `[threads, 1,
/// 1]`; indices are narrowed only in exact kernels, whose indices are
/// linear or products: the wrap-around of guarded, non-linear indices makes
/// SMT queries that time out), and a host function launching it as one
/// block of that shape.
pub fn kernel(p: &W, threads: u64, style: Style, name: &str) -> Printed {
    let printed = kernel_as_styled(p, threads, style, name);
    if printed.exact || style.wrap.is_none() {
        return printed;
    }
    let unnarrowed = Style {
        wrap: None,
        ..style
    };
    kernel_as_styled(p, threads, unnarrowed, name)
}

fn kernel_as_styled(p: &W, threads: u64, style: Style, name: &str) -> Printed {
    let mut style = style;
    style.two_dims &= style.shared && !style.device_functions;
    let block = match style.block {
        Some(b) if b.iter().product::<u64>() == threads => b,
        _ => [threads, 1, 1],
    };
    let mut pr = Printer {
        out: String::new(),
        indent: 0,
        exact: true,
        style,
        narrowed: 0,
    };
    let params = if style.shared { "" } else { "int *A" };
    pr.line(&format!("__global__ void {name}({params})"));
    pr.line("{");
    pr.indent += 1;
    if style.shared {
        // Room for every index, narrowed ones (below 2^16) included.
        let size = if style.wrap.is_some() { 65600 } else { 4096 };
        let dims = if style.two_dims { "[2]" } else { "" };
        pr.line(&format!("__shared__ int A[{size}]{dims};"));
    }
    if style.alias {
        if style.two_dims {
            pr.line(&format!("int (*B)[2] = A + {ALIAS_OFFSET};"));
        } else {
            pr.line(&format!("int *B = A + {ALIAS_OFFSET};"));
        }
    }
    let ty = style.int_type.name();
    let [x, y, _] = block;
    let mut tid = "threadIdx.x".to_string();
    if block[1] > 1 {
        tid.push_str(&format!(" + threadIdx.y * {x}"));
    }
    if block[2] > 1 {
        tid.push_str(&format!(" + threadIdx.z * {}", x * y));
    }
    pr.line(&format!("{ty} tid = {tid};"));
    pr.line("int sink = 0;");
    pr.w(p);
    pr.line("(void)sink;");
    pr.indent -= 1;
    pr.line("}");
    let [bx, by, bz] = block;
    let (formal, actual) = if style.shared {
        ("", "")
    } else {
        ("int *A", "A")
    };
    let launch = format!(
        "void launch_{name}({formal}) {{ {name}<<<1, dim3({bx}, {by}, {bz})>>>({actual}); }}\n"
    );
    Printed {
        source: pr.out,
        exact: pr.exact,
        name: name.to_string(),
        launch,
        block,
        alias_offset: if style.alias { ALIAS_OFFSET } else { 0 },
        wrap: style.wrap,
    }
}

/// The C name of a `.proto` array (`""`, the unnamed one, is `U`).
pub fn c_array(name: &str) -> String {
    if name.is_empty() {
        "U".to_string()
    } else {
        name.to_string()
    }
}

impl Printer {
    /// The CUDA call of a scoped barrier (`proofs-notes/scoped-barriers.md`).
    /// The round trip's generator does not produce them yet (the front end
    /// does not read them), so nothing prints them so far.
    fn scoped_sync(&mut self, scope: semantics::scoped::Scope, mask: Option<&NExp>) {
        use semantics::scoped::{Scope, WARP};
        let call = match (scope, mask) {
            (Scope::Tile(WARP), None) => "__syncwarp();".to_string(),
            (Scope::Tile(WARP), Some(m)) => format!("__syncwarp({});", self.n(m)),
            // Lane j of a tile of n is lane (threadIdx.x % 32) / n * n + j of its warp.
            (Scope::Tile(n), Some(m)) => format!(
                "__syncwarp(({}) << (threadIdx.x % 32 / {n} * {n}));",
                self.n(m)
            ),
            (Scope::Tile(n), None) => {
                format!("cooperative_groups::tiled_partition<{n}>(cooperative_groups::this_thread_block()).sync();")
            }
            (Scope::Block, _) => "__syncthreads();".to_string(),
            (Scope::Grid, _) => "cooperative_groups::this_grid().sync();".to_string(),
        };
        self.line(&call);
    }

    fn block(&mut self, b: &[semantics::surface::Stmt]) {
        use semantics::surface::StmtKind;
        for s in b {
            match &s.kind {
                StmtKind::Skip => {}
                StmtKind::Sync => self.line("__syncthreads();"),
                StmtKind::ScopedSync { scope, mask } => self.scoped_sync(*scope, mask.as_ref()),
                StmtKind::Access { mode, array, index } => {
                    let arr = c_array(array.as_deref().unwrap_or(""));
                    let idx: Vec<String> =
                        index.iter().map(|e| format!("[{}]", self.n(e))).collect();
                    let cell = format!("{arr}{}", idx.join(""));
                    match mode {
                        Mode::Rd => self.line(&format!("sink = {cell};")),
                        Mode::Wr => self.line(&format!("{cell} = 1;")),
                        Mode::Atomic => self.line(&format!("atomicAdd(&{cell}, 1);")),
                    }
                }
                StmtKind::If {
                    cond,
                    then_branch,
                    else_branch,
                } => {
                    let c = self.b(cond);
                    self.line(&format!("if ({c}) {{"));
                    self.indent += 1;
                    self.block(then_branch);
                    self.indent -= 1;
                    self.line("} else {");
                    self.indent += 1;
                    self.block(else_branch);
                    self.indent -= 1;
                    self.line("}");
                }
                StmtKind::For {
                    var, lo, hi, body, ..
                } => self.for_(var, lo, hi, |p| p.block(body)),
            }
        }
    }
}

/// A `.proto` program as a CUDA kernel: parameters become `int` kernel
/// parameters, `T` is the block's size, each array a `__shared__` array of
/// its dimensions (the unnamed one `U`), a thread-local `v` a value read
/// from an input array (`int v = LOCALS[tid];`, which the front end makes a
/// thread-local unknown), `assume b;` is `__requires(b);`.  A kernel with a
/// thread-local is not exact (the protocol quantifies over its values).
/// The kernel function is `name`, with a host function launching it as one
/// block of `threads` threads.
pub fn kernel_of_program(p: &semantics::surface::Program, threads: u64, name: &str) -> Printed {
    let mut pr = Printer {
        out: String::new(),
        indent: 0,
        exact: true,
        style: Style::default(),
        narrowed: 0,
    };
    let mut params: Vec<(String, String)> = p
        .params
        .iter()
        .map(|x| (format!("int {x}"), x.clone()))
        .collect();
    if !p.locals.is_empty() {
        params.push(("const int *LOCALS".to_string(), "LOCALS".to_string()));
        pr.exact = false;
    }
    let formal: Vec<&str> = params.iter().map(|(f, _)| f.as_str()).collect();
    let actual: Vec<&str> = params.iter().map(|(_, a)| a.as_str()).collect();
    let (formal, actual) = (formal.join(", "), actual.join(", "));
    pr.line(&format!("__global__ void {name}({formal})"));
    pr.line("{");
    pr.indent += 1;
    // Protocol parameters are naturals; a C `int` may be negative unless
    // an assumption says otherwise.
    for x in &p.params {
        pr.line(&format!("__requires({x} >= 0);"));
    }
    for a in &p.assumptions {
        let c = pr.b(&a.cond);
        pr.line(&format!("__requires({c});"));
    }
    let mut dims: std::collections::BTreeMap<String, usize> = Default::default();
    collect_dims(&p.body, &mut dims);
    for (a, d) in &dims {
        let size: String = (0..*d).map(|_| "[64]").collect();
        pr.line(&format!("__shared__ int {}{size};", c_array(a)));
    }
    pr.line("int tid = threadIdx.x;");
    for x in &p.locals {
        pr.line(&format!("int {x} = LOCALS[tid];"));
    }
    pr.line("int sink = 0;");
    pr.block(&p.body);
    pr.line("(void)sink;");
    pr.indent -= 1;
    pr.line("}");
    Printed {
        source: pr.out,
        exact: pr.exact,
        name: name.to_string(),
        launch: format!("void launch_{name}({formal}) {{ {name}<<<1, {threads}>>>({actual}); }}\n"),
        block: [threads, 1, 1],
        alias_offset: 0,
        wrap: None,
    }
}

fn collect_dims(
    b: &[semantics::surface::Stmt],
    out: &mut std::collections::BTreeMap<String, usize>,
) {
    use semantics::surface::StmtKind;
    for s in b {
        match &s.kind {
            StmtKind::Access { array, index, .. } => {
                out.insert(array.clone().unwrap_or_default(), index.len());
            }
            StmtKind::If {
                then_branch,
                else_branch,
                ..
            } => {
                collect_dims(then_branch, out);
                collect_dims(else_branch, out);
            }
            StmtKind::For { body, .. } => collect_dims(body, out),
            _ => {}
        }
    }
}
