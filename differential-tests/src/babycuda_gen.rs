//! Random BabyCUDA programs for the differential tests of Theorem 1 of
//! `seeds/004_*` (`tests/babycuda_theorem1.rs`).
//!
//! Programs use two arrays `A`, `B`, one parameter `M ∈ 1..=3`, 2–4 threads
//! and random initial contents.  Every value a program can compute lies in
//! `0..=MAX_VALUE` (payloads are constants, `tid`, loop variables or copies of
//! read values; initial contents are small), so a thread-local unknown that
//! stands for a read value can be enumerated over `0..=MAX_VALUE`.
//!
//! Both fragments: `sync` appears at the top level, in `let` bodies, in
//! loops (which then are synchronized, with non-empty ranges) and under
//! conditionals on the parameter `M` (uniform, so typable).  About half the programs have a barrier.  With data flow
//! enabled ([`IllTypedCase`]), read values also reach loop bounds, and some
//! barriers sit under conditions or in loops whose bounds mention `tid`
//! (barrier divergence, which the type system must reject).

use quickcheck::{Arbitrary, Gen};
use semantics::babycuda::eval::Contents;
use semantics::babycuda::syntax::{Block, Init, Program, Span, Stmt, StmtKind};
use semantics::expr::{BExp, NExp, NOp, ROp};
use semantics::{Nat, Var};
use std::collections::BTreeMap;
use std::fmt;

/// Every value a generated program reads or writes is at most this.
pub const MAX_VALUE: u64 = 3;

/// A program with everything needed to run it.
#[derive(Clone)]
pub struct Case {
    pub program: Program,
    pub threads: u64,
    pub params: BTreeMap<Var, Nat>,
    pub init: Contents,
}

impl fmt::Debug for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "threads = {}, params = {:?}, init = {:?}",
            self.threads, self.params, self.init.arrays
        )?;
        write!(f, "{}", self.program)
    }
}

/// A program that the type system of Fig. 6 accepts (by construction).
#[derive(Clone, Debug)]
pub struct TypableCase(pub Case);

/// A program where read values may reach indices and conditions (usually
/// ill-typed; the properties discard the typable ones).
#[derive(Clone, Debug)]
pub struct IllTypedCase(pub Case);

impl Arbitrary for TypableCase {
    fn arbitrary(g: &mut Gen) -> Self {
        TypableCase(gen_case(g, false))
    }
}

impl Arbitrary for IllTypedCase {
    fn arbitrary(g: &mut Gen) -> Self {
        IllTypedCase(gen_case(g, true))
    }
}

/// A uniform number in `0..n`.
pub fn below(g: &mut Gen, n: u64) -> u64 {
    u64::arbitrary(g) % n.max(1)
}

const ARRAYS: [&str; 2] = ["A", "B"];

struct Ctx {
    data_flow: bool,
    loop_vars: Vec<Var>,
    data_vars: Vec<Var>,
    next_loop: usize,
    next_data: usize,
    /// At most this many `let`s (bounds the unknowns to enumerate).
    max_lets: usize,
}

fn num(k: u64) -> NExp {
    NExp::num(k)
}

fn pick<'a>(g: &mut Gen, v: &'a [Var]) -> Option<&'a Var> {
    if v.is_empty() {
        None
    } else {
        Some(&v[below(g, v.len() as u64) as usize])
    }
}

impl Ctx {
    /// An index: mostly over `tid`, loop variables, `M` and constants; with
    /// data flow enabled, sometimes over a read value.
    fn index(&self, g: &mut Gen) -> NExp {
        if self.data_flow && !self.data_vars.is_empty() && below(g, 3) == 0 {
            let d = NExp::Var(pick(g, &self.data_vars).unwrap().clone());
            return match below(g, 3) {
                0 => d,
                1 => NExp::add(d, num(1)),
                _ => NExp::add(d, NExp::tid()),
            };
        }
        let x = pick(g, &self.loop_vars).map(|x| NExp::Var(x.clone()));
        match (below(g, 9), x) {
            (0, _) => NExp::tid(),
            (1, _) => NExp::add(NExp::tid(), num(1 + below(g, 2))),
            (2, _) => num(below(g, 3)),
            (3, _) => NExp::bin(NOp::Mod, NExp::tid(), num(2)),
            (4, _) => NExp::sub(NExp::var("M"), num(1)),
            (5, Some(x)) => x,
            (6, Some(x)) => NExp::add(x, NExp::tid()),
            (7, Some(x)) => NExp::bin(NOp::Mod, NExp::add(NExp::tid(), x), NExp::var("T")),
            (_, _) => NExp::tid(),
        }
    }

    /// A payload: always within `0..=MAX_VALUE`.
    fn payload(&self, g: &mut Gen) -> NExp {
        match below(g, 4) {
            0 => NExp::tid(),
            1 if !self.data_vars.is_empty() => NExp::Var(pick(g, &self.data_vars).unwrap().clone()),
            2 if !self.loop_vars.is_empty() => NExp::Var(pick(g, &self.loop_vars).unwrap().clone()),
            _ => num(below(g, MAX_VALUE + 1)),
        }
    }

    /// A condition every thread evaluates alike (for a conditional with a
    /// barrier): over `M`; with data flow enabled,
    /// sometimes over `tid` or a read value (divergence, ill-typed).
    fn sync_cond(&self, g: &mut Gen) -> BExp {
        if self.data_flow && below(g, 3) == 0 {
            return BExp::rel(ROp::Lt, NExp::tid(), num(1 + below(g, 2)));
        }
        if self.data_flow && !self.data_vars.is_empty() && below(g, 4) == 0 {
            let d = NExp::Var(pick(g, &self.data_vars).unwrap().clone());
            return BExp::rel(ROp::Lt, d, num(2));
        }
        // Not on loop variables: a synchronized conditional on a loop
        // variable is outside what the MAP side decides (`unknown`, as in Faial).
        BExp::rel(ROp::Gt, NExp::var("M"), num(below(g, 3)))
    }

    fn cond(&self, g: &mut Gen) -> BExp {
        if self.data_flow && !self.data_vars.is_empty() && below(g, 2) == 0 {
            let d = NExp::Var(pick(g, &self.data_vars).unwrap().clone());
            return match below(g, 2) {
                0 => BExp::rel(ROp::Lt, d, num(2)),
                _ => BExp::rel(ROp::Eq, d, NExp::tid()),
            };
        }
        let x = pick(g, &self.loop_vars).map(|x| NExp::Var(x.clone()));
        match (below(g, 5), x) {
            (0, _) => BExp::rel(ROp::Lt, NExp::tid(), num(1 + below(g, 2))),
            (1, _) => BExp::rel(ROp::Eq, NExp::tid(), num(below(g, 2))),
            (2, _) => BExp::rel(ROp::Eq, NExp::bin(NOp::Mod, NExp::tid(), num(2)), num(0)),
            (3, Some(x)) => BExp::rel(ROp::Eq, x, num(below(g, 2))),
            (_, _) => BExp::rel(ROp::Gt, NExp::var("M"), num(1 + below(g, 2))),
        }
    }

    /// A block of 1–3 statements.  `sync_ok`: a `sync` may appear here.
    fn block(&mut self, g: &mut Gen, depth: u32, sync_ok: bool) -> Block {
        let len = 1 + below(g, 3);
        let mut out = Vec::new();
        for _ in 0..len {
            let sp = Span::default();
            let choice = below(g, 12);
            let kind = match choice {
                0..=3 => StmtKind::Write {
                    array: ARRAYS[below(g, 2) as usize].to_string(),
                    index: self.index(g),
                    value: self.payload(g),
                },
                4..=6 if self.next_data < self.max_lets => {
                    // `let` takes the rest of the block as its body.
                    let var = format!("d{}", self.next_data);
                    self.next_data += 1;
                    let array = ARRAYS[below(g, 2) as usize].to_string();
                    let index = self.index(g);
                    self.data_vars.push(var.clone());
                    let body = self.block(g, depth, sync_ok);
                    self.data_vars.pop();
                    out.push(Stmt::new(
                        StmtKind::Let {
                            var,
                            array,
                            index,
                            body,
                        },
                        sp,
                    ));
                    return out;
                }
                7 if depth > 0 => {
                    // Under a condition every thread agrees on, a barrier is fine.
                    let with_sync = sync_ok && below(g, 3) != 0;
                    let cond = if with_sync {
                        self.sync_cond(g)
                    } else {
                        self.cond(g)
                    };
                    let mut then_branch = self.block(g, depth - 1, with_sync);
                    if with_sync && !then_branch.iter().any(|s| s.has_sync()) {
                        then_branch.push(Stmt::new(StmtKind::Sync, Span::default()));
                    }
                    let else_branch = if below(g, 2) == 0 {
                        Vec::new()
                    } else {
                        self.block(g, depth - 1, with_sync)
                    };
                    StmtKind::If {
                        cond,
                        then_branch,
                        else_branch,
                    }
                }
                8 | 9 if depth > 0 => {
                    let var = format!("x{}", self.next_loop);
                    self.next_loop += 1;
                    let (lo, hi) = match below(g, 8) {
                        0 | 1 => (num(0), NExp::var("M")),
                        2 | 3 => (num(0), num(1 + below(g, 2))),
                        // Bounds on `tid` (divergent if the body synchronizes).
                        4 if self.data_flow => (num(0), NExp::add(NExp::tid(), num(1))),
                        // Bounds on a read value (control dependence, ill-typed).
                        5 if self.data_flow && !self.data_vars.is_empty() => {
                            let d = NExp::Var(pick(g, &self.data_vars).unwrap().clone());
                            (num(0), NExp::add(d, num(1)))
                        }
                        _ => (num(1), num(2 + below(g, 2))),
                    };
                    self.loop_vars.push(var.clone());
                    let body = self.block(g, depth - 1, sync_ok);
                    self.loop_vars.pop();
                    StmtKind::For {
                        tag: None,
                        var,
                        lo,
                        hi,
                        body,
                    }
                }
                10 | 11 if sync_ok => StmtKind::Sync,
                _ => StmtKind::Write {
                    array: ARRAYS[below(g, 2) as usize].to_string(),
                    index: self.index(g),
                    value: self.payload(g),
                },
            };
            out.push(Stmt::new(kind, sp));
        }
        out
    }
}

/// A random case; `data_flow` lets read values reach indices and conditions.
pub fn gen_case(g: &mut Gen, data_flow: bool) -> Case {
    let threads = 2 + below(g, 3);
    let sync_fragment = below(g, 2) == 0;
    let mut ctx = Ctx {
        data_flow,
        loop_vars: Vec::new(),
        data_vars: Vec::new(),
        next_loop: 0,
        next_data: 0,
        max_lets: if data_flow { 2 } else { 4 },
    };
    let mut body = ctx.block(g, 2, sync_fragment);
    if sync_fragment && !body.iter().any(|s| s.has_sync()) {
        // Half the programs synchronize: put a barrier between top-level
        // statements (a `let` scopes over the rest of its block, so any
        // position keeps the program closed).
        let at = below(g, body.len() as u64 + 1) as usize;
        body.insert(at, Stmt::new(StmtKind::Sync, Span::default()));
    }
    let mut params = BTreeMap::new();
    params.insert("M".to_string(), Nat::from(1 + below(g, 3)));
    let inits = ARRAYS
        .iter()
        .map(|a| Init {
            array: a.to_string(),
            values: (0..below(g, 6))
                .map(|_| Nat::from(below(g, MAX_VALUE + 1)))
                .collect(),
            span: Span::default(),
        })
        .collect();
    let program = Program {
        params: vec!["M".to_string()],
        inits,
        body,
        ..Program::default()
    };
    let init = Contents::from_program(&program);
    Case {
        program,
        threads,
        params,
        init,
    }
}

/// A program whose data-dependent alarm triage can often refute: a thread
/// writes its own cell, maybe synchronizes, reads the cell back and uses the
/// value as an index (`A[tid] := tid; sync; let d = A[tid] in B[d] := 0`),
/// between random typable code.  The payload decides: `tid` or `tid + 1`
/// make the later index injective (DRF, refutable), a constant or `tid % 2`
/// make it racy (confirmed).
#[derive(Clone, Debug)]
pub struct RefutableCase(pub Case);

impl Arbitrary for RefutableCase {
    fn arbitrary(g: &mut Gen) -> Self {
        let mut c = gen_case(g, false);
        let x = ARRAYS[below(g, 2) as usize].to_string();
        let y = ARRAYS[below(g, 2) as usize].to_string();
        let payload = match below(g, 5) {
            0 | 1 => NExp::tid(),
            2 => NExp::add(NExp::tid(), num(1)),
            3 => num(below(g, MAX_VALUE + 1)),
            _ => NExp::bin(NOp::Mod, NExp::tid(), num(2)),
        };
        let d = "r0".to_string();
        let dv = NExp::Var(d.clone());
        let use_it = match below(g, 3) {
            0 => StmtKind::Write {
                array: y.clone(),
                index: dv.clone(),
                value: num(below(g, MAX_VALUE + 1)),
            },
            1 => StmtKind::Write {
                array: y.clone(),
                index: NExp::add(dv.clone(), num(1)),
                value: NExp::tid(),
            },
            _ => StmtKind::Let {
                var: "r1".into(),
                array: y.clone(),
                index: dv.clone(),
                body: vec![Stmt::new(
                    StmtKind::Write {
                        array: y.clone(),
                        index: NExp::add(NExp::tid(), num(4)),
                        value: NExp::var("r1"),
                    },
                    Span::default(),
                )],
            },
        };
        let mut body = vec![Stmt::new(
            StmtKind::Write {
                array: x.clone(),
                index: NExp::tid(),
                value: payload,
            },
            Span::default(),
        )];
        if below(g, 2) == 0 {
            body.push(Stmt::new(StmtKind::Sync, Span::default()));
        }
        body.push(Stmt::new(
            StmtKind::Let {
                var: d,
                array: x,
                index: NExp::tid(),
                body: vec![Stmt::new(use_it, Span::default())],
            },
            Span::default(),
        ));
        // Random typable code before, with a barrier in between so that it
        // does not meet the template's phase (it may still race by itself).
        if below(g, 2) == 0 {
            c.program
                .body
                .push(Stmt::new(StmtKind::Sync, Span::default()));
            c.program.body.extend(body);
        } else {
            c.program.body = body;
        }
        RefutableCase(c)
    }
}
