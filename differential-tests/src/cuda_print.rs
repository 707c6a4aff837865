//! Random protocols printed as CUDA kernels (issue 15, item 5), for the
//! round trip through the checker's libclang front end.
//!
//! `p ∈ W` becomes one `__global__` kernel over a global array `int *A`
//! launched as one block of `T` threads (`//--blockDim=T --gridDim=1`):
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
}

struct Printer {
    out: String,
    indent: usize,
    exact: bool,
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
                match a.mode {
                    Mode::Rd => self.line(&format!("sink = A[{idx}];")),
                    Mode::Wr => self.line(&format!("A[{idx}] = 1;")),
                    Mode::Atomic => self.line(&format!("atomicAdd(&A[{idx}], 1);")),
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
        self.line(&format!("for (int {x} = {n}; {x} < {m}; {x}++) {{"));
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

/// The kernel of a closed protocol (free variables: `tid`, `T`) for `T` threads.
pub fn kernel(p: &W, threads: u64) -> Printed {
    let mut pr = Printer {
        out: String::new(),
        indent: 0,
        exact: true,
    };
    pr.line(&format!("//--blockDim={threads} --gridDim=1"));
    pr.line("__global__ void random_kernel(int *A)");
    pr.line("{");
    pr.indent += 1;
    pr.line("int tid = threadIdx.x;");
    pr.line("int sink = 0;");
    pr.w(p);
    pr.line("(void)sink;");
    pr.indent -= 1;
    pr.line("}");
    Printed {
        source: pr.out,
        exact: pr.exact,
    }
}
