//! Random protocols printed as CUDA kernels (issue 15, item 5), for the
//! round trip through the checker's libclang front end.
//!
//! `p ∈ W` becomes one `__global__` kernel over an array `A` (a parameter
//! `int *A`, or `__shared__`, of one or two dimensions, possibly accessed
//! through `__device__` functions or an alias `int *B = A + 3`, with `int`,
//! `unsigned int` or `long` counters: [`Style`]) launched as one block of
//! `T` threads (`//--blockDim=T --gridDim=1`):
//! `tid` is `threadIdx.x`, `rd[e]` is `sink = A[e];`, `wr[e]` is
//! `A[e] = 1;`, `atomic[e]` is `atomicAdd(&A[e], 1);`, a synchronized
//! protocol `u; sync` ends with `__syncthreads();`, loops are
//! `for (int x = n; x < m; x++)`, conditionals `if (b) {…} else {…}`.
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

use semantics::expr::{BExp, BOp, NExp, NOp, ROp};
use semantics::{Mode, U, W};

/// A kernel's source and whether it uses only exactly modelled constructs.
pub struct Printed {
    pub source: String,
    pub exact: bool,
    /// How the witness's index of `A` maps back to the protocol's index:
    /// the protocol index is `witness[0] - offset` (the other dimensions
    /// are constant).
    pub offset: u64,
}

/// How the kernel is written (all exactly modelled by the front end,
/// README "CUDA kernels").
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
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum IntType {
    #[default]
    Int,
    Unsigned,
    Long,
}

impl IntType {
    fn name(self) -> &'static str {
        match self {
            IntType::Int => "int",
            IntType::Unsigned => "unsigned int",
            IntType::Long => "long",
        }
    }
}

const ALIAS_OFFSET: u64 = 3;

struct Printer {
    out: String,
    indent: usize,
    exact: bool,
    style: Style,
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
            NExp::Var(x) if x == "T" => "((int)blockDim.x)".to_string(),
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
                let idx = self.n(&a.index[0]);
                let st = self.style;
                let arr = if st.alias { "B" } else { "A" };
                let cell = if st.two_dims {
                    format!("{arr}[{idx}][1]")
                } else {
                    format!("{arr}[{idx}]")
                };
                // Atomics stay in the kernel: through a `__device__`
                // function's pointer parameter the front end loses their
                // index (`atomic_at(A, 5)` becomes `atomic A[0]`; see
                // `cuda_round_trip::atomic_through_a_device_function_keeps_its_index`).
                if st.device_functions && a.mode != Mode::Atomic {
                    match a.mode {
                        Mode::Rd => self.line(&format!("sink = read_at({arr}, {idx});")),
                        _ => self.line(&format!("write_at({arr}, {idx});")),
                    }
                } else {
                    match a.mode {
                        Mode::Rd => self.line(&format!("sink = {cell};")),
                        Mode::Wr => self.line(&format!("{cell} = 1;")),
                        Mode::Atomic => self.line(&format!("atomicAdd(&{cell}, 1);")),
                    }
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

    fn for_(&mut self, x: &str, n: &NExp, m: &NExp, body: impl FnOnce(&mut Printer)) {
        let (n, m) = (self.n(n), self.n(m));
        let ty = self.style.int_type.name();
        self.line(&format!("for ({ty} {x} = {n}; {x} < {m}; {x}++) {{"));
        self.indent += 1;
        body(self);
        self.indent -= 1;
        self.line("}");
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

/// The kernel of a closed protocol (free variables: `tid`, `T`) for `T`
/// threads, written in `style` (`two_dims` needs `shared`; `device_functions`
/// excludes `two_dims`).
pub fn kernel(p: &W, threads: u64, style: Style) -> Printed {
    let mut style = style;
    style.two_dims &= style.shared && !style.device_functions;
    let mut pr = Printer {
        out: String::new(),
        indent: 0,
        exact: true,
        style,
    };
    pr.line(&format!("//--blockDim={threads} --gridDim=1"));
    if style.device_functions {
        pr.line("__device__ int read_at(int *a, int i) { return a[i]; }");
        pr.line("__device__ void write_at(int *a, int i) { a[i] = 1; }");
    }
    if style.shared {
        pr.line("__global__ void random_kernel()");
    } else {
        pr.line("__global__ void random_kernel(int *A)");
    }
    pr.line("{");
    pr.indent += 1;
    if style.shared {
        let dims = if style.two_dims {
            "[4096][2]"
        } else {
            "[4096]"
        };
        pr.line(&format!("__shared__ int A{dims};"));
    }
    if style.alias {
        if style.two_dims {
            pr.line(&format!("int (*B)[2] = A + {ALIAS_OFFSET};"));
        } else {
            pr.line(&format!("int *B = A + {ALIAS_OFFSET};"));
        }
    }
    let ty = style.int_type.name();
    pr.line(&format!("{ty} tid = threadIdx.x;"));
    pr.line("int sink = 0;");
    pr.w(p);
    pr.line("(void)sink;");
    pr.indent -= 1;
    pr.line("}");
    Printed {
        source: pr.out,
        exact: pr.exact,
        offset: if style.alias { ALIAS_OFFSET } else { 0 },
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
    fn block(&mut self, b: &[semantics::surface::Stmt]) {
        use semantics::surface::StmtKind;
        for s in b {
            match &s.kind {
                StmtKind::Skip => {}
                StmtKind::Sync => self.line("__syncthreads();"),
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
/// parameters, `T` is `blockDim.x`, each array a `__shared__` array of its
/// dimensions (the unnamed one `U`), a thread-local `v` a value read from
/// an input array (`int v = LOCALS[tid];`, which the front end makes a
/// thread-local unknown), `assume b;` is `__requires(b);`.  A kernel with a
/// thread-local is not exact (the protocol quantifies over its values).
pub fn kernel_of_program(p: &semantics::surface::Program, threads: u64) -> Printed {
    let mut pr = Printer {
        out: String::new(),
        indent: 0,
        exact: true,
        style: Style::default(),
    };
    pr.line(&format!("//--blockDim={threads} --gridDim=1"));
    let mut params: Vec<String> = p.params.iter().map(|x| format!("int {x}")).collect();
    if !p.locals.is_empty() {
        params.push("const int *LOCALS".to_string());
        pr.exact = false;
    }
    pr.line(&format!(
        "__global__ void random_kernel({})",
        params.join(", ")
    ));
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
        offset: 0,
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
