//! The data-carrying semantics of BabyCUDA — Fig. 5 of `seeds/004_*`
//! (`lastwrite`, the single-thread judgment `A, b ↓_{H,i} B`, rule PAR) and
//! Definition 1 (DRF program), extended to several arrays, explicit initial
//! contents, and the synchronized fragment (`proofs-notes/babycuda-sync.md`).
//!
//! Representation choices, each equivalent to the paper's:
//!
//! * A history `H ::= [] | P :: H` is a `Vec` with the **most recent phase
//!   last** (`P :: H` is `[.., H, P]`).
//! * The paper substitutes values for variables (`b[x ≔ k]` in READ and
//!   FOR-2, `b[tid ≔ i]` in PAR).  Values are numerals, so substitution never
//!   captures, and evaluating `b[x ≔ k]` is evaluating `b` in an environment
//!   that maps `x` to `k`: we keep an [`Env`] and substitute it into each
//!   expression just before evaluating it (`n[σ] ↓ j`, Fig. 4 of 000).
//! * `lastwrite(j, H) = ⊥` (LASTWRITE-UNDEF) becomes the array's initial
//!   contents at `j` ([`Contents`], an input), so programs are total.
//! * A read-write pair `A = (R, W)` exists per array: [`Rw`].

use super::syntax::*;
use crate::expr::{BExp, NExp, Nat, Var, TID};
use crate::history::{AccessValue, History, Mode, Phase};
use num_traits::{ToPrimitive, Zero};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// The reads `R ⊆ ℕ` and writes `W : ℕ ⇀ ℕ` of one thread on one array
/// (Fig. 5 of 004).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArrayRw {
    pub reads: BTreeSet<Nat>,
    pub writes: BTreeMap<Nat, Nat>,
}

impl ArrayRw {
    pub fn is_empty(&self) -> bool {
        self.reads.is_empty() && self.writes.is_empty()
    }
}

/// `A = (R, W)` of one thread, for every array (by name).
pub type Rw = BTreeMap<String, ArrayRw>;

/// A phase `P : T → (R × W)` (missing threads have done nothing).
pub type DPhase = BTreeMap<u64, Rw>;

/// A history, oldest phase first (the head `P` of `P :: H` is the last element).
pub type DHistory = Vec<DPhase>;

/// A thread's variables: `tid`, `T`, parameters, loop and `let` variables.
pub type Env = BTreeMap<Var, Nat>;

/// The initial contents of the arrays: `lastwrite(j, H) = ⊥` reads these.
/// Indices beyond the given vector, and arrays not listed, hold 0.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Contents {
    pub arrays: BTreeMap<String, Vec<Nat>>,
}

impl Contents {
    /// The `init` declarations of a program.
    pub fn from_program(p: &Program) -> Contents {
        Contents {
            arrays: p
                .inits
                .iter()
                .map(|i| (i.array.clone(), i.values.clone()))
                .collect(),
        }
    }

    /// The initial value of `array[j]`.
    pub fn get(&self, array: &str, j: &Nat) -> Nat {
        j.to_usize()
            .and_then(|j| self.arrays.get(array).and_then(|v| v.get(j)).cloned())
            .unwrap_or_else(Nat::zero)
    }
}

/// What a run needs besides the program: `T = {0..threads-1}`, the values of
/// the thread-global parameters and the initial array contents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub threads: u64,
    pub params: BTreeMap<Var, Nat>,
    pub init: Contents,
    /// Evaluation steps allowed before giving up (loops with huge bounds).
    pub fuel: u64,
}

impl Config {
    pub fn new(threads: u64) -> Config {
        Config {
            threads,
            params: BTreeMap::new(),
            init: Contents::default(),
            fuel: crate::limits::MAX_BCU_STEPS,
        }
    }

    /// The environment of thread `i` before it starts: `b[tid ≔ i]` (PAR),
    /// `T` and the parameters.
    pub fn thread_env(&self, i: u64) -> Env {
        let mut env = self.params.clone();
        env.insert(TID.to_string(), Nat::from(i));
        env.insert(
            crate::trace::THREAD_COUNT.to_string(),
            Nat::from(self.threads),
        );
        env
    }
}

/// Why a program has no derivation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvalErrorKind {
    /// A variable without a value (a parameter not given): Lemma 1 of 000.
    Unbound(Var),
    /// A synchronized loop with an empty range (Example 2 of 000).
    EmptySyncLoop { var: Var, lo: Nat, hi: Nat },
    /// Threads disagree on a condition or loop bound around a `sync`.
    BarrierDivergence(String),
    /// Fewer than two threads (000, Sec. 3.2: `|T| ≥ 2`).
    TooFewThreads(u64),
    /// The step budget ([`Config::fuel`]) ran out.
    OutOfFuel,
    /// More threads than the interpreter simulates
    /// ([`crate::limits::MAX_THREADS`]).
    TooManyThreads(u64),
}

impl EvalErrorKind {
    /// A resource limit of the interpreter, not a property of the program.
    pub fn is_limit(&self) -> bool {
        matches!(
            self,
            EvalErrorKind::OutOfFuel | EvalErrorKind::TooManyThreads(_)
        )
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalError {
    pub kind: EvalErrorKind,
    pub span: Span,
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            EvalErrorKind::Unbound(x) => write!(f, "{}: variable `{x}` has no value (give it with --param {x}=N)", self.span),
            EvalErrorKind::EmptySyncLoop { var, lo, hi } => write!(
                f,
                "{}: synchronized loop `for {var} in {lo}..{hi}` has an empty range: no derivation (Example 2 of 000)",
                self.span
            ),
            EvalErrorKind::BarrierDivergence(d) => write!(f, "{}: barrier divergence: {d}", self.span),
            EvalErrorKind::TooFewThreads(n) => write!(f, "at least two threads are needed, got {n}"),
            EvalErrorKind::OutOfFuel => write!(f, "{}: evaluation step limit reached: use smaller loop bounds, parameters or fewer threads", self.span),
            EvalErrorKind::TooManyThreads(n) => write!(
                f,
                "{n} threads: the reference interpreter simulates at most {} threads",
                crate::limits::MAX_THREADS
            ),
        }
    }
}

impl std::error::Error for EvalError {}

/// `n[σ] ↓ j`: substitutes the environment, then evaluates (Fig. 4 of 000).
pub fn eval_n(n: &NExp, env: &Env, span: Span) -> Result<Nat, EvalError> {
    close_n(n, env).eval().map_err(|s| EvalError {
        kind: EvalErrorKind::Unbound(s.free_var),
        span,
    })
}

/// `c[σ] ↓ d`.
pub fn eval_b(c: &BExp, env: &Env, span: Span) -> Result<bool, EvalError> {
    close_b(c, env).eval().map_err(|s| EvalError {
        kind: EvalErrorKind::Unbound(s.free_var),
        span,
    })
}

/// `n[σ]`: simultaneous substitution of numerals.
pub fn close_n(n: &NExp, env: &Env) -> NExp {
    match n {
        NExp::Var(x) => env
            .get(x)
            .map(|v| NExp::Num(v.clone()))
            .unwrap_or_else(|| n.clone()),
        NExp::Num(_) => n.clone(),
        NExp::Bin(op, a, b) => NExp::bin(*op, close_n(a, env), close_n(b, env)),
    }
}

/// `c[σ]`.
pub fn close_b(c: &BExp, env: &Env) -> BExp {
    match c {
        BExp::Bool(_) => c.clone(),
        BExp::Rel(op, a, b) => BExp::Rel(*op, close_n(a, env), close_n(b, env)),
        BExp::Bin(op, a, b) => BExp::Bin(*op, Box::new(close_b(a, env)), Box::new(close_b(b, env))),
        BExp::Not(a) => BExp::not(close_b(a, env)),
    }
}

/// `lastwrite(j, {i: A} :: H)` (rules LASTWRITE-CURR, LASTWRITE-PREV,
/// LASTWRITE-UNDEF): the value of `array[j]` last written, looking first at
/// the reading thread's own writes of the current phase (`own`), then at the
/// phases of `h` from the most recent.  `None` is ⊥.  When several threads
/// wrote `j` in one phase (a racy phase; LASTWRITE-CURR picks any), the
/// smallest thread identifier wins, so the function is deterministic.
pub fn lastwrite(array: &str, j: &Nat, own: &Rw, h: &[DPhase]) -> Option<Nat> {
    if let Some(k) = own.get(array).and_then(|a| a.writes.get(j)) {
        return Some(k.clone());
    }
    h.iter().rev().find_map(|p| {
        p.values()
            .find_map(|rw| rw.get(array).and_then(|a| a.writes.get(j)).cloned())
    })
}

struct Eval<'a> {
    cfg: &'a Config,
    fuel: u64,
}

impl Eval<'_> {
    fn tick(&mut self, span: Span) -> Result<(), EvalError> {
        if self.fuel == 0 {
            return Err(EvalError {
                kind: EvalErrorKind::OutOfFuel,
                span,
            });
        }
        self.fuel -= 1;
        Ok(())
    }

    /// The value read by READ: `lastwrite`, or the initial contents for ⊥.
    fn read_value(&self, array: &str, j: &Nat, own: &Rw, h: &[DPhase]) -> Nat {
        lastwrite(array, j, own, h).unwrap_or_else(|| self.cfg.init.get(array, j))
    }

    /// `A, b ↓_{H,i} B` for a sequence (rule SEQ threads `A` through).
    fn thread_block(
        &mut self,
        a: &mut Rw,
        b: &[Stmt],
        env: &Env,
        h: &[DPhase],
        i: u64,
    ) -> Result<(), EvalError> {
        for s in b {
            self.thread_stmt(a, s, env, h, i)?;
        }
        Ok(())
    }

    /// `A, b ↓_{H,i} B` (Fig. 5 of 004, unsynchronized fragment).
    fn thread_stmt(
        &mut self,
        a: &mut Rw,
        s: &Stmt,
        env: &Env,
        h: &[DPhase],
        i: u64,
    ) -> Result<(), EvalError> {
        self.tick(s.span)?;
        match &s.kind {
            // SKIP
            StmtKind::Skip => Ok(()),
            StmtKind::Sync => {
                unreachable!("thread_stmt is only called on the unsynchronized fragment")
            }
            // WRITE: n ↓ j, m ↓ k ⟹ (R, W), A[n] := m ↓ (R, W[j ↦ k])
            StmtKind::Write {
                array,
                index,
                value,
            } => {
                let j = eval_n(index, env, s.span)?;
                let k = eval_n(value, env, s.span)?;
                a.entry(array.clone()).or_default().writes.insert(j, k);
                Ok(())
            }
            // READ: n ↓ j, (R ∪ {j}, W), b[x ≔ lastwrite(j, {i:(R,W)} :: H)] ↓ B
            StmtKind::Let {
                var,
                array,
                index,
                body,
            } => {
                let j = eval_n(index, env, s.span)?;
                let k = self.read_value(array, &j, a, h);
                a.entry(array.clone()).or_default().reads.insert(j);
                let mut env2 = env.clone();
                env2.insert(var.clone(), k);
                self.thread_block(a, body, &env2, h, i)
            }
            // IF-T / IF-F
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                if eval_b(cond, env, s.span)? {
                    self.thread_block(a, then_branch, env, h, i)
                } else {
                    self.thread_block(a, else_branch, env, h, i)
                }
            }
            // FOR-1 (n ≥ m) / FOR-2 (body at x ≔ n, then n+1..m)
            StmtKind::For {
                var, lo, hi, body, ..
            } => {
                let (mut k, hi) = (eval_n(lo, env, s.span)?, eval_n(hi, env, s.span)?);
                while k < hi {
                    self.tick(s.span)?;
                    let mut env2 = env.clone();
                    env2.insert(var.clone(), k.clone());
                    self.thread_block(a, body, &env2, h, i)?;
                    k += 1u32;
                }
                Ok(())
            }
        }
    }

    /// The synchronized judgment `H, Σ, b ⇓ H'` on a sequence: the head of
    /// `h` is the current phase, `envs[i]` is thread `i`'s environment.
    fn sync_block(&mut self, h: &mut DHistory, envs: &[Env], b: &[Stmt]) -> Result<(), EvalError> {
        for s in b {
            self.sync_stmt(h, envs, s)?;
        }
        Ok(())
    }

    fn sync_stmt(&mut self, h: &mut DHistory, envs: &[Env], s: &Stmt) -> Result<(), EvalError> {
        self.tick(s.span)?;
        if !s.has_sync() {
            // PAR: P :: H, b ↓ Q :: H with Q = ⋃ {i : B | P(i), b[tid ≔ i] ↓_{H,i} B}
            let (cur, prev) = h
                .split_last_mut()
                .expect("a history under evaluation is never empty");
            for (i, env) in envs.iter().enumerate() {
                let i = i as u64;
                let a = cur.entry(i).or_default();
                self.thread_stmt(a, s, env, prev, i)?;
            }
            return Ok(());
        }
        match &s.kind {
            // S-SYNC (W-SYNC of 000): P :: H, sync ⇓ ∅ :: P :: H
            StmtKind::Sync => {
                h.push(DPhase::new());
                Ok(())
            }
            // S-LET: every thread reads (READ, in the current phase), then
            // the body runs with each thread's value.
            StmtKind::Let {
                var,
                array,
                index,
                body,
            } => {
                let mut envs2 = Vec::with_capacity(envs.len());
                let (cur, prev) = h.split_last_mut().expect("non-empty");
                for (i, env) in envs.iter().enumerate() {
                    let j = eval_n(index, env, s.span)?;
                    let a = cur.entry(i as u64).or_default();
                    let k = self.read_value(array, &j, a, prev);
                    a.entry(array.clone()).or_default().reads.insert(j);
                    let mut env2 = env.clone();
                    env2.insert(var.clone(), k);
                    envs2.push(env2);
                }
                self.sync_block(h, &envs2, body)
            }
            // S-IF: every thread takes the same branch (else: divergence).
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                let d = self.uniform(
                    envs,
                    s.span,
                    |env| eval_b(cond, env, s.span),
                    "the condition of a conditional containing `sync`",
                )?;
                self.sync_block(h, envs, if d { then_branch } else { else_branch })
            }
            // S-FOR (W-FOR-1 / W-FOR-2 of 000): non-empty uniform range.
            StmtKind::For {
                var, lo, hi, body, ..
            } => {
                let lo_v = self.uniform(
                    envs,
                    s.span,
                    |env| eval_n(lo, env, s.span),
                    "the lower bound of a loop containing `sync`",
                )?;
                let hi_v = self.uniform(
                    envs,
                    s.span,
                    |env| eval_n(hi, env, s.span),
                    "the upper bound of a loop containing `sync`",
                )?;
                if lo_v >= hi_v {
                    return Err(EvalError {
                        kind: EvalErrorKind::EmptySyncLoop {
                            var: var.clone(),
                            lo: lo_v,
                            hi: hi_v,
                        },
                        span: s.span,
                    });
                }
                let mut k = lo_v;
                while k < hi_v {
                    let envs2: Vec<Env> = envs
                        .iter()
                        .map(|env| {
                            let mut e = env.clone();
                            e.insert(var.clone(), k.clone());
                            e
                        })
                        .collect();
                    self.sync_block(h, &envs2, body)?;
                    k += 1u32;
                }
                Ok(())
            }
            StmtKind::Skip | StmtKind::Write { .. } => unreachable!("no sync"),
        }
    }

    /// Evaluates `f` in every thread and requires one answer.
    fn uniform<T: PartialEq + fmt::Display>(
        &self,
        envs: &[Env],
        span: Span,
        f: impl Fn(&Env) -> Result<T, EvalError>,
        what: &str,
    ) -> Result<T, EvalError> {
        let first = f(&envs[0])?;
        for (i, env) in envs.iter().enumerate().skip(1) {
            let v = f(env)?;
            if v != first {
                return Err(EvalError {
                    kind: EvalErrorKind::BarrierDivergence(format!(
                        "threads 0 and {i} disagree on {what} ({first} vs {v})"
                    )),
                    span,
                });
            }
        }
        Ok(first)
    }
}

/// `[∅], b ↓ H` (Definition 1): runs the whole program from one empty phase.
pub fn run(prog: &Program, cfg: &Config) -> Result<DHistory, EvalError> {
    if cfg.threads < 2 {
        return Err(EvalError {
            kind: EvalErrorKind::TooFewThreads(cfg.threads),
            span: Span::default(),
        });
    }
    if cfg.threads > crate::limits::MAX_THREADS {
        return Err(EvalError {
            kind: EvalErrorKind::TooManyThreads(cfg.threads),
            span: Span::default(),
        });
    }
    let envs: Vec<Env> = (0..cfg.threads).map(|i| cfg.thread_env(i)).collect();
    let mut h: DHistory = vec![DPhase::new()];
    let mut ev = Eval {
        cfg,
        fuel: cfg.fuel,
    };
    ev.sync_block(&mut h, &envs, &prog.body)?;
    Ok(h)
}

/// A witness that a phase is racy (Definition 1 of 004): thread `writer`
/// wrote `index` (value `value`) and thread `other ≠ writer` read or wrote it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataRace {
    pub phase: usize,
    pub array: String,
    pub index: Nat,
    pub writer: u64,
    pub value: Nat,
    pub other: u64,
    pub other_mode: Mode,
    /// The value the other thread wrote, when it wrote.
    pub other_value: Option<Nat>,
}

impl fmt::Display for DataRace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "phase {}: thread {} writes {}[{}] := {} and thread {} ",
            self.phase, self.writer, self.array, self.index, self.value, self.other
        )?;
        match &self.other_value {
            Some(v) => write!(f, "writes {}[{}] := {v}", self.array, self.index),
            None => write!(f, "reads {}[{}]", self.array, self.index),
        }
    }
}

/// `P` is racy (Definition 1 of 004, per array): `i1 ≠ i2`, `j ∈ dom(W1)`,
/// `j ∈ R2 ∪ dom(W2)`.  Returns the first witness (write–write preferred).
pub fn phase_race(phase_no: usize, p: &DPhase) -> Option<DataRace> {
    let mut best: Option<DataRace> = None;
    for (&i1, rw1) in p {
        for (array, a1) in rw1 {
            for (j, k) in &a1.writes {
                for (&i2, rw2) in p {
                    if i1 == i2 {
                        continue;
                    }
                    let Some(a2) = rw2.get(array) else { continue };
                    let other_value = a2.writes.get(j).cloned();
                    if other_value.is_none() && !a2.reads.contains(j) {
                        continue;
                    }
                    let r = DataRace {
                        phase: phase_no,
                        array: array.clone(),
                        index: j.clone(),
                        writer: i1,
                        value: k.clone(),
                        other: i2,
                        other_mode: if other_value.is_some() {
                            Mode::Wr
                        } else {
                            Mode::Rd
                        },
                        other_value,
                    };
                    if r.other_value.is_some() {
                        return Some(r);
                    }
                    best.get_or_insert(r);
                }
            }
        }
    }
    best
}

/// The first racy phase of `H` (Definition 1: `H` is DRF iff every phase is).
pub fn history_race(h: &DHistory) -> Option<DataRace> {
    h.iter().enumerate().find_map(|(k, p)| phase_race(k, p))
}

/// `H` is DRF (Definition 1 of 004).
pub fn drf(h: &DHistory) -> bool {
    history_race(h).is_none()
}

/// The access values of a phase for one array: `α ∈̂ P` (Sec. 4 of 004):
/// `i:rd[j]` for `j ∈ R`, `i:wr[j]` for `j ∈ dom(W)`.
pub fn phase_accesses(p: &DPhase, array: &str) -> Phase {
    let mut out = Phase::new();
    for (&i, rw) in p {
        if let Some(a) = rw.get(array) {
            for j in &a.reads {
                out.insert(AccessValue::new(i, Mode::Rd, vec![j.clone()]));
            }
            for j in a.writes.keys() {
                out.insert(AccessValue::new(i, Mode::Wr, vec![j.clone()]));
            }
        }
    }
    out
}

/// The MAP history (000's `History`) of one array: `∈̂` phase by phase.
pub fn access_history(h: &DHistory, array: &str) -> History {
    h.iter().map(|p| phase_accesses(p, array)).collect()
}

/// Prints a history, oldest phase first, one line per thread and array.
pub fn format_history(h: &DHistory) -> String {
    let mut out = String::new();
    for (k, p) in h.iter().enumerate() {
        out.push_str(&format!("phase {k}:\n"));
        let mut any = false;
        for (i, rw) in p {
            for (array, a) in rw {
                if a.is_empty() {
                    continue;
                }
                any = true;
                let reads: Vec<String> = a.reads.iter().map(|j| j.to_string()).collect();
                let writes: Vec<String> =
                    a.writes.iter().map(|(j, v)| format!("{j}↦{v}")).collect();
                out.push_str(&format!(
                    "  thread {i}: {array} reads {{{}}} writes {{{}}}\n",
                    reads.join(", "),
                    writes.join(", ")
                ));
            }
        }
        if !any {
            out.push_str("  (no accesses)\n");
        }
    }
    out
}
