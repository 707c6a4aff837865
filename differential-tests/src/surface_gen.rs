//! Random `.proto` programs (`semantics::surface::Program`) that cover the
//! language the checker reads, not only `W` (`proofs-notes/generators.md`):
//!
//! - `T` in expressions, thread-locals (`local v;`), `assume` on parameters
//!   and `T`, the unnamed array and named arrays of 1–3 dimensions;
//! - synchronized loops whose bounds are parameters (possibly empty: the
//!   checker splits cases, the reference drops the loop), or constants, or
//!   an enclosing synchronized variable plus a positive constant;
//! - synchronized conditionals on parameters and `T`;
//! - unsynchronized loops that reuse (shadow) the name of an enclosing loop;
//! - constants up to 9, unsynchronized loops of up to 5 iterations;
//! - two templates: Listing 2.3's race across iterations of a synchronized
//!   loop only (`wr[tid]; sync; rd[tid + 1]` in the body), and races that
//!   need more threads (`wr[tid % k]`, `rd[k]` against `wr[tid]`).
//!
//! [`reference`] evaluates a program with the semantics of the paper (Fig. 5
//! of `seeds/000_*`) for fixed `T`, parameters and thread-local values.

use crate::witness_check::resolve;
use quickcheck::{Arbitrary, Gen};
use semantics::expr::{BExp, NExp, NOp, Nat, ROp, Var};
use semantics::history::{safe, History};
use semantics::surface::{Assumption, Block, LowerOptions, Program, Span, Stmt, StmtKind};
use semantics::{Mode, Threads};
use std::collections::BTreeMap;

/// The parameters a program may declare.
pub const SURFACE_PARAMS: [&str; 2] = ["N", "M"];
/// The thread-local a program may declare.
pub const LOCAL: &str = "v";
/// Largest value given to a thread-local by the properties.
pub const MAX_LOCAL: u64 = 2;

/// A random program with values for a closed instantiation.
#[derive(Clone)]
pub struct SurfaceCase {
    pub program: Program,
    /// `T` for the closed instantiation (2..=6).
    pub threads: u64,
    /// Values of the declared parameters (0..=3).
    pub params: BTreeMap<Var, Nat>,
}

impl std::fmt::Debug for SurfaceCase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "threads = {}, params = {:?}", self.threads, self.params)?;
        write!(f, "{}", self.program)
    }
}

fn below(g: &mut Gen, n: u64) -> u64 {
    u64::arbitrary(g) % n.max(1)
}

fn num(k: u64) -> NExp {
    NExp::num(k)
}

fn s(kind: StmtKind) -> Stmt {
    Stmt::new(kind, Span::default())
}

/// An array of the program: name (`None`: unnamed) and dimensions.
#[derive(Clone, Debug)]
struct ArrayDecl {
    name: Option<String>,
    dims: usize,
}

struct Gen2<'a> {
    g: &'a mut Gen,
    arrays: Vec<ArrayDecl>,
    /// Thread-uniform variables: parameters, `T`, synchronized loop variables.
    uniform: Vec<Var>,
    /// Parameters and `T` only (for synchronized conditions and bounds).
    globals: Vec<Var>,
    /// Per-thread variables: `tid`, the local, unsynchronized loop variables.
    thread: Vec<Var>,
    next: usize,
}

impl Gen2<'_> {
    fn fresh(&mut self, prefix: &str) -> Var {
        self.next += 1;
        format!("{prefix}{}", self.next)
    }

    fn constant(&mut self) -> u64 {
        if below(self.g, 4) == 0 {
            4 + below(self.g, 6)
        } else {
            below(self.g, 4)
        }
    }

    fn pick(&mut self, vars: &[Var]) -> Option<Var> {
        if vars.is_empty() {
            None
        } else {
            Some(vars[below(self.g, vars.len() as u64) as usize].clone())
        }
    }

    fn all_vars(&self) -> Vec<Var> {
        let mut v = self.uniform.clone();
        v.extend(self.thread.iter().cloned());
        v
    }

    /// A random expression over `vars`.
    fn nexp(&mut self, vars: &[Var], depth: usize) -> NExp {
        if depth == 0 || below(self.g, 3) == 0 {
            return match self.pick(vars) {
                Some(x) if below(self.g, 2) == 0 => NExp::Var(x),
                _ => num(self.constant()),
            };
        }
        let ops = [NOp::Add, NOp::Add, NOp::Sub, NOp::Mul, NOp::Div, NOp::Mod];
        let op = ops[below(self.g, ops.len() as u64) as usize];
        NExp::bin(op, self.nexp(vars, depth - 1), self.nexp(vars, depth - 1))
    }

    /// One index dimension: mostly shapes that make races likely.
    fn index_dim(&mut self) -> NExp {
        let vars = self.all_vars();
        let x = self.pick(&vars).map(NExp::Var).unwrap_or_else(NExp::tid);
        match below(self.g, 10) {
            0 | 1 => NExp::tid(),
            2 => NExp::add(NExp::tid(), num(1 + below(self.g, 2))),
            3 => num(self.constant()),
            4 => x,
            5 => NExp::add(NExp::tid(), x),
            6 => NExp::sub(NExp::sub(NExp::var("T"), num(1)), NExp::tid()),
            7 => NExp::bin(NOp::Mod, NExp::tid(), num(2 + below(self.g, 3))),
            _ => self.nexp(&vars, 2),
        }
    }

    fn access(&mut self) -> Stmt {
        let k = below(self.g, self.arrays.len() as u64) as usize;
        let a = self.arrays[k].clone();
        let mode = match below(self.g, 6) {
            0 | 1 => Mode::Wr,
            5 => Mode::Atomic,
            _ => Mode::Rd,
        };
        let index = (0..a.dims).map(|_| self.index_dim()).collect();
        s(StmtKind::Access {
            mode,
            array: a.name,
            index,
        })
    }

    fn cond(&mut self, vars: &[Var]) -> BExp {
        let ops = [ROp::Eq, ROp::Ne, ROp::Lt, ROp::Le, ROp::Gt, ROp::Ge];
        let op = ops[below(self.g, ops.len() as u64) as usize];
        let b = BExp::rel(op, self.nexp(vars, 1), self.nexp(vars, 1));
        match below(self.g, 6) {
            0 => BExp::not(b),
            1 => BExp::and(b, self.cond(vars)),
            _ => b,
        }
    }

    /// Unsynchronized code.
    fn unsync(&mut self, depth: usize) -> Block {
        let len = 1 + below(self.g, 3);
        let mut out = Vec::new();
        for _ in 0..len {
            let choice = if depth == 0 { 0 } else { below(self.g, 7) };
            match choice {
                4 => {
                    let vars = self.all_vars();
                    let cond = self.cond(&vars);
                    let t = self.unsync(depth - 1);
                    let e = if below(self.g, 2) == 0 {
                        Vec::new()
                    } else {
                        self.unsync(depth - 1)
                    };
                    out.push(s(StmtKind::If {
                        cond,
                        then_branch: t,
                        else_branch: e,
                    }));
                }
                5 | 6 => {
                    // Shadowing: sometimes reuse the name of an enclosing
                    // unsynchronized loop (or the most recent loop name).
                    let var = match self.thread.iter().rev().find(|x| x.starts_with('i')) {
                        Some(x) if below(self.g, 3) == 0 => x.clone(),
                        _ => self.fresh("i"),
                    };
                    let vars = self.all_vars();
                    let lo = if below(self.g, 2) == 0 {
                        num(below(self.g, 3))
                    } else {
                        self.nexp(&vars, 1)
                    };
                    let trips = below(self.g, 6);
                    let hi = NExp::add(lo.clone(), num(trips));
                    self.thread.push(var.clone());
                    let body = self.unsync(depth - 1);
                    self.thread.pop();
                    out.push(s(StmtKind::For {
                        tag: None,
                        var,
                        lo,
                        hi,
                        body,
                    }));
                }
                _ => out.push(self.access()),
            }
        }
        out
    }

    /// Synchronized code: a sequence of phases ending with a barrier-free tail.
    fn sync(&mut self, depth: usize) -> Block {
        let items = 1 + below(self.g, 3);
        let mut out = Vec::new();
        for _ in 0..items {
            if below(self.g, 2) == 0 {
                out.extend(self.unsync(2));
            }
            let choice = if depth == 0 { 0 } else { below(self.g, 8) };
            match choice {
                1 | 2 => out.push(self.sync_loop(depth)),
                3 => {
                    // A synchronized conditional on parameters and `T`.
                    let globals = self.globals.clone();
                    let cond = match self.pick(&globals) {
                        Some(x) => BExp::rel(ROp::Gt, NExp::Var(x), num(below(self.g, 4))),
                        None => BExp::rel(ROp::Gt, NExp::var("T"), num(2 + below(self.g, 3))),
                    };
                    let t = self.sync(depth - 1);
                    let e = if below(self.g, 2) == 0 {
                        self.unsync(1)
                    } else {
                        self.sync(depth - 1)
                    };
                    out.push(s(StmtKind::If {
                        cond,
                        then_branch: t,
                        else_branch: e,
                    }));
                }
                4 => out.extend(self.cross_iteration()),
                5 => out.extend(self.thread_count_race()),
                _ => out.push(s(StmtKind::Sync)),
            }
        }
        if below(self.g, 2) == 0 {
            out.extend(self.unsync(2));
        }
        out
    }

    fn sync_loop(&mut self, depth: usize) -> Stmt {
        let var = self.fresh("x");
        let enclosing: Vec<Var> = self
            .uniform
            .iter()
            .filter(|x| x.starts_with('x'))
            .cloned()
            .collect();
        let globals = self.globals.clone();
        let (lo, hi) = match below(self.g, 4) {
            // Possibly empty: bounds on parameters / `T`.
            0 if !globals.is_empty() => {
                let p = self.pick(&globals).unwrap();
                let lo = num(below(self.g, 2));
                (lo, NExp::Var(p))
            }
            1 if !enclosing.is_empty() => {
                let x = NExp::Var(self.pick(&enclosing).unwrap());
                (x.clone(), NExp::add(x, num(1 + below(self.g, 2))))
            }
            _ => {
                let lo = below(self.g, 3);
                (num(lo), num(lo + 1 + below(self.g, 3)))
            }
        };
        self.uniform.push(var.clone());
        let mut body = self.sync(depth - 1);
        if !body.iter().any(|st| st.has_sync()) {
            let at = below(self.g, body.len() as u64 + 1) as usize;
            body.insert(at, s(StmtKind::Sync));
        }
        self.uniform.pop();
        s(StmtKind::For {
            tag: None,
            var,
            lo,
            hi,
            body,
        })
    }

    /// Listing 2.3's shape: each thread writes its cell, synchronizes, and
    /// reads its neighbour's; only the next iteration's write races.
    fn cross_iteration(&mut self) -> Vec<Stmt> {
        let var = self.fresh("x");
        let a = self.arrays[0].clone();
        let at = |n: NExp| {
            let mut idx = vec![n];
            idx.extend((1..a.dims).map(|_| num(0)));
            idx
        };
        let globals = self.globals.clone();
        let hi = match self.pick(&globals) {
            Some(p) if below(self.g, 2) == 0 => NExp::Var(p),
            _ => num(1 + below(self.g, 3)),
        };
        let body = vec![
            s(StmtKind::Access {
                mode: Mode::Wr,
                array: a.name.clone(),
                index: at(NExp::tid()),
            }),
            s(StmtKind::Sync),
            s(StmtKind::Access {
                mode: Mode::Rd,
                array: a.name.clone(),
                index: at(NExp::add(NExp::tid(), num(1))),
            }),
        ];
        vec![
            s(StmtKind::For {
                tag: None,
                var,
                lo: num(0),
                hi,
                body,
            }),
            s(StmtKind::Sync),
        ]
    }

    /// A race that needs more than `k` threads.
    fn thread_count_race(&mut self) -> Vec<Stmt> {
        let a = self.arrays[below(self.g, self.arrays.len() as u64) as usize].clone();
        let k = 2 + below(self.g, 4);
        let pad = |n: NExp| {
            let mut idx = vec![n];
            idx.extend((1..a.dims).map(|_| num(0)));
            idx
        };
        let body = if below(self.g, 2) == 0 {
            vec![s(StmtKind::Access {
                mode: Mode::Wr,
                array: a.name.clone(),
                index: pad(NExp::bin(NOp::Mod, NExp::tid(), num(k))),
            })]
        } else {
            vec![
                s(StmtKind::Access {
                    mode: Mode::Rd,
                    array: a.name.clone(),
                    index: pad(num(k)),
                }),
                s(StmtKind::Access {
                    mode: Mode::Wr,
                    array: a.name.clone(),
                    index: pad(NExp::tid()),
                }),
            ]
        };
        let mut out = body;
        out.push(s(StmtKind::Sync));
        out
    }
}

/// A random program.
pub fn program(g: &mut Gen) -> Program {
    let n_params = below(g, 3) as usize;
    let params: Vec<Var> = SURFACE_PARAMS[..n_params]
        .iter()
        .map(|x| x.to_string())
        .collect();
    let locals: Vec<Var> = if below(g, 4) == 0 {
        vec![LOCAL.to_string()]
    } else {
        Vec::new()
    };
    let mut arrays = Vec::new();
    match below(g, 3) {
        0 => arrays.push(ArrayDecl {
            name: None,
            dims: 1,
        }),
        1 => arrays.push(ArrayDecl {
            name: Some("A".into()),
            dims: 1 + below(g, 3) as usize,
        }),
        _ => {
            arrays.push(ArrayDecl {
                name: Some("A".into()),
                dims: 1 + below(g, 3) as usize,
            });
            arrays.push(ArrayDecl {
                name: Some("B".into()),
                dims: 1 + below(g, 2) as usize,
            });
        }
    }
    let mut globals = params.clone();
    globals.push("T".to_string());
    let mut thread = vec![semantics::TID.to_string()];
    thread.extend(locals.iter().cloned());
    let mut st = Gen2 {
        g,
        arrays,
        uniform: globals.clone(),
        globals,
        thread,
        next: 0,
    };
    let body = st.sync(2);
    let mut assumptions = Vec::new();
    if !params.is_empty() && below(st.g, 3) == 0 {
        let p = params[below(st.g, params.len() as u64) as usize].clone();
        let (op, k) = match below(st.g, 3) {
            0 => (ROp::Gt, 0),
            1 => (ROp::Le, 2),
            _ => (ROp::Ne, 1),
        };
        assumptions.push(Assumption {
            cond: BExp::rel(op, NExp::var(&p), num(k)),
            span: Span::default(),
        });
    }
    if below(st.g, 8) == 0 {
        assumptions.push(Assumption {
            cond: BExp::rel(ROp::Le, NExp::var("T"), num(5)),
            span: Span::default(),
        });
    }
    Program {
        params,
        locals,
        assumptions,
        body,
        ..Program::default()
    }
}

impl Arbitrary for SurfaceCase {
    fn arbitrary(g: &mut Gen) -> SurfaceCase {
        let program = program(g);
        let params = program
            .params
            .iter()
            .map(|x| (x.clone(), Nat::from(below(g, 4))))
            .collect();
        SurfaceCase {
            program,
            threads: 2 + below(g, 5),
            params,
        }
    }
}

/// The environment of an instantiation: parameters and `T`.
pub fn env_of(threads: u64, params: &BTreeMap<Var, Nat>) -> BTreeMap<Var, Nat> {
    let mut env = params.clone();
    env.insert("T".to_string(), Nat::from(threads));
    env
}

/// Do the program's assumptions hold for these values?
pub fn assumptions_hold(p: &Program, env: &BTreeMap<Var, Nat>) -> bool {
    p.assumptions.iter().all(|a| {
        crate::witness_check::close_b(&a.cond, env)
            .eval()
            .unwrap_or(false)
    })
}

/// `p ↓` for each array (Fig. 5 of 000) at `T = threads`, the parameters and
/// the thread-locals' values (`locals[x][i]`): synchronized conditionals
/// decided and empty synchronized loops dropped first (what the checker's
/// case split means), then lowered per array and evaluated.
pub fn reference(
    p: &Program,
    threads: u64,
    params: &BTreeMap<Var, Nat>,
    locals: &BTreeMap<Var, Vec<Nat>>,
) -> Result<BTreeMap<String, History>, String> {
    let env = env_of(threads, params);
    let resolved = Program {
        body: resolve(&p.body, &env),
        ..p.clone()
    };
    let th = Threads {
        count: threads,
        locals: locals.clone(),
    };
    let mut out = BTreeMap::new();
    for array in p.arrays() {
        let opts = LowerOptions {
            array: array.clone(),
            env: env.clone(),
        };
        let mut w = semantics::surface::lower(&resolved, &opts).map_err(|e| e.to_string())?;
        for (x, v) in &env {
            w = w.subst(x, &NExp::Num(v.clone()));
        }
        out.insert(array, w.eval(&th).map_err(|e| e.to_string())?);
    }
    Ok(out)
}

/// Is the reference history of `array` safe?
pub fn reference_safe(
    p: &Program,
    threads: u64,
    params: &BTreeMap<Var, Nat>,
    locals: &BTreeMap<Var, Vec<Nat>>,
    array: &str,
) -> Result<bool, String> {
    Ok(reference(p, threads, params, locals)?
        .get(array)
        .is_none_or(safe))
}

/// Assignments of thread-local values to try for a DRF answer: all of them
/// in `0..=MAX_LOCAL` when there are at most `limit`, else `limit` of them
/// spread over the space.
pub fn local_assignments(p: &Program, threads: u64, limit: u64) -> Vec<BTreeMap<Var, Vec<Nat>>> {
    if p.locals.is_empty() {
        return vec![BTreeMap::new()];
    }
    let base = MAX_LOCAL + 1;
    let all = base.pow(threads as u32);
    let codes: Vec<u64> = if all <= limit {
        (0..all).collect()
    } else {
        (0..limit).map(|k| k * 7919 % all).collect()
    };
    codes
        .into_iter()
        .map(|mut code| {
            let vals: Vec<Nat> = (0..threads)
                .map(|_| {
                    let v = code % base;
                    code /= base;
                    Nat::from(v)
                })
                .collect();
            p.locals.iter().map(|x| (x.clone(), vals.clone())).collect()
        })
        .collect()
}
