//! The values of BabyCUDA (Fig. 5 of `seeds/004_*`): `lastwrite` and rule
//! PAR, checked against independent formulations.
//!
//! - `lastwrite_reads_the_latest_write`: `lastwrite(j, {i: A} :: H)` over
//!   random histories with several earlier phases against a forward fold
//!   (the thread's own write of the current phase, else the write of the
//!   most recent earlier phase that wrote `j`, else ⊥).
//! - `interpreter_agrees_with_an_independent_one`: `eval::run` against an
//!   interpreter that runs each thread alone, start to end, against the
//!   memory of the previous round, and repeats until the history is stable
//!   (a fixpoint: after `k` rounds the first `k` phases are exact).  Threads
//!   never see each other's writes of the current phase (PAR: `Q = ⋃ {i : B |
//!   b[tid ≔ i] ↓_{H,i} B}`), only earlier phases (LASTWRITE-PREV).

use differential_tests::babycuda_gen::{Case, IllTypedCase, TypableCase};
use differential_tests::{check, Counter};
use quickcheck::{Arbitrary, Gen, TestResult};
use semantics::babycuda::eval::{self, lastwrite, ArrayRw, Config, DHistory, DPhase, Rw};
use semantics::babycuda::syntax::{Stmt, StmtKind};
use semantics::{Nat, Var};
use std::collections::BTreeMap;

/// A random history of 1–5 earlier phases of up to 3 threads on arrays `A`,
/// `B` (indices and values small, so that phases often write the same
/// index), the reading thread's own current accesses, and an index.
#[derive(Clone, Debug)]
struct LastwriteCase {
    own: Rw,
    history: Vec<DPhase>,
    array: String,
    index: Nat,
}

fn rw(g: &mut Gen) -> Rw {
    let mut out = Rw::new();
    for array in ["A", "B"] {
        let mut a = ArrayRw::default();
        for _ in 0..u8::arbitrary(g) % 3 {
            a.writes.insert(
                Nat::from(u8::arbitrary(g) % 4),
                Nat::from(u8::arbitrary(g) % 10),
            );
        }
        for _ in 0..u8::arbitrary(g) % 2 {
            a.reads.insert(Nat::from(u8::arbitrary(g) % 4));
        }
        out.insert(array.to_string(), a);
    }
    out
}

impl Arbitrary for LastwriteCase {
    fn arbitrary(g: &mut Gen) -> LastwriteCase {
        let phases = 1 + usize::arbitrary(g) % 5;
        let history = (0..phases)
            .map(|_| {
                let mut p = DPhase::new();
                // Mostly one writer per phase (DRF earlier phases, the case
                // that matters); sometimes several.
                let threads = 1 + u64::arbitrary(g) % 3;
                for i in 0..threads {
                    if i == 0 || u8::arbitrary(g) % 3 == 0 {
                        p.insert(i, rw(g));
                    }
                }
                p
            })
            .collect();
        let own = if bool::arbitrary(g) { rw(g) } else { Rw::new() };
        LastwriteCase {
            own,
            history,
            array: g.choose(&["A", "B"]).unwrap().to_string(),
            index: Nat::from(u8::arbitrary(g) % 4),
        }
    }
}

/// The specification: a fold from the oldest phase to the newest, each
/// phase overriding the older ones (LASTWRITE-PREV looks at the head of the
/// history first); within a phase, the smallest thread identifier
/// (our deterministic choice for racy phases); the own write wins over all.
fn lastwrite_spec(c: &LastwriteCase) -> Option<Nat> {
    let mut value = None;
    for phase in &c.history {
        let writer = phase
            .iter()
            .find_map(|(_, rw)| rw.get(&c.array).and_then(|a| a.writes.get(&c.index)));
        if let Some(v) = writer {
            value = Some(v.clone());
        }
    }
    if let Some(v) = c.own.get(&c.array).and_then(|a| a.writes.get(&c.index)) {
        value = Some(v.clone());
    }
    value
}

static LASTWRITE_DEEP: Counter = Counter::new();
static LASTWRITE_ALL: Counter = Counter::new();

#[test]
fn lastwrite_reads_the_latest_write() {
    check(|c: LastwriteCase| {
        LASTWRITE_ALL.add();
        // Cases where two earlier phases wrote the index: the order matters.
        let writers = c
            .history
            .iter()
            .filter(|p| {
                p.values().any(|rw| {
                    rw.get(&c.array)
                        .is_some_and(|a| a.writes.contains_key(&c.index))
                })
            })
            .count();
        if writers >= 2 {
            LASTWRITE_DEEP.add();
        }
        let got = lastwrite(&c.array, &c.index, &c.own, &c.history);
        let want = lastwrite_spec(&c);
        if got == want {
            TestResult::passed()
        } else {
            TestResult::error(format!("lastwrite = {got:?}, expected {want:?}"))
        }
    });
    differential_tests::assert_floor(
        "lastwrite cases with several earlier phases writing the index",
        LASTWRITE_DEEP.get(),
        LASTWRITE_ALL.get(),
        15.0,
    );
}

// ---------------------------------------------------------------------------
// An independent interpreter
// ---------------------------------------------------------------------------

/// One round: every thread runs alone, reading earlier phases from `prev`.
struct Round<'a> {
    cfg: &'a Config,
    prev: &'a DHistory,
    /// The history this round builds.
    out: DHistory,
}

impl Round<'_> {
    fn cell(&mut self, phase: usize, i: u64, array: &str) -> &mut ArrayRw {
        while self.out.len() <= phase {
            self.out.push(DPhase::new());
        }
        self.out[phase]
            .entry(i)
            .or_default()
            .entry(array.to_string())
            .or_default()
    }

    /// The value thread `i` reads at `array[j]` in `phase`.
    fn read(&mut self, phase: usize, i: u64, array: &str, j: &Nat) -> Nat {
        if let Some(v) = self.cell(phase, i, array).writes.get(j) {
            return v.clone();
        }
        for k in (0..phase.min(self.prev.len())).rev() {
            // The smallest writer of a racy phase (the reference's choice).
            for rw in self.prev[k].values() {
                if let Some(v) = rw.get(array).and_then(|a| a.writes.get(j)) {
                    return v.clone();
                }
            }
        }
        self.cfg.init.get(array, j)
    }

    fn block(&mut self, b: &[Stmt], env: &BTreeMap<Var, Nat>, i: u64, phase: &mut usize) {
        for s in b {
            self.stmt(s, env, i, phase);
        }
    }

    fn stmt(&mut self, s: &Stmt, env: &BTreeMap<Var, Nat>, i: u64, phase: &mut usize) {
        let n = |e: &semantics::NExp| eval::eval_n(e, env, s.span).expect("closed");
        match &s.kind {
            StmtKind::Skip => {}
            StmtKind::Sync => *phase += 1,
            StmtKind::Write {
                array,
                index,
                value,
            } => {
                let (j, v) = (n(index), n(value));
                self.cell(*phase, i, array).writes.insert(j, v);
            }
            StmtKind::Let {
                var,
                array,
                index,
                body,
            } => {
                let j = n(index);
                let v = self.read(*phase, i, array, &j);
                self.cell(*phase, i, array).reads.insert(j);
                let mut env = env.clone();
                env.insert(var.clone(), v);
                self.block(body, &env, i, phase);
            }
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                let d = eval::eval_b(cond, env, s.span).expect("closed");
                self.block(if d { then_branch } else { else_branch }, env, i, phase);
            }
            StmtKind::For {
                var, lo, hi, body, ..
            } => {
                let (mut k, hi) = (n(lo), n(hi));
                while k < hi {
                    let mut env = env.clone();
                    env.insert(var.clone(), k.clone());
                    self.block(body, &env, i, phase);
                    k += 1u32;
                }
            }
        }
    }
}

/// Drops empty entries so that histories compare by their accesses.
fn normalize(h: &DHistory) -> DHistory {
    let mut out: DHistory = h
        .iter()
        .map(|p| {
            p.iter()
                .map(|(i, rw)| {
                    let rw: Rw = rw
                        .iter()
                        .filter(|(_, a)| !a.is_empty())
                        .map(|(x, a)| (x.clone(), a.clone()))
                        .collect();
                    (*i, rw)
                })
                .filter(|(_, rw)| !rw.is_empty())
                .collect()
        })
        .collect();
    while out.last().is_some_and(|p: &DPhase| p.is_empty()) {
        out.pop();
    }
    out
}

/// The fixpoint of rounds (at most one per phase, plus one to confirm).
fn independent_run(c: &Case) -> DHistory {
    let mut cfg = Config::new(c.threads);
    cfg.params = c.params.clone();
    cfg.init = c.init.clone();
    let mut prev = DHistory::new();
    for _ in 0..64 {
        let mut round = Round {
            cfg: &cfg,
            prev: &prev,
            out: vec![DPhase::new()],
        };
        for i in 0..c.threads {
            let env = cfg.thread_env(i);
            let mut phase = 0;
            round.block(&c.program.body, &env, i, &mut phase);
        }
        let next = normalize(&round.out);
        if next == prev {
            return next;
        }
        prev = next;
    }
    panic!("no fixpoint in 64 rounds");
}

static COMPARED: Counter = Counter::new();
static NO_DERIVATION: Counter = Counter::new();
static VALUE_FLOW: Counter = Counter::new();

fn agrees(c: &Case) -> TestResult {
    let mut cfg = Config::new(c.threads);
    cfg.params = c.params.clone();
    cfg.init = c.init.clone();
    let reference = match eval::run(&c.program, &cfg) {
        Ok(h) => normalize(&h),
        // Barrier divergence, empty synchronized loop: no derivation, and the
        // independent interpreter has no notion of either.
        Err(_) => {
            NO_DERIVATION.add();
            return TestResult::discard();
        }
    };
    COMPARED.add();
    if reference.len() > 1 {
        VALUE_FLOW.add();
    }
    let independent = independent_run(c);
    if reference == independent {
        TestResult::passed()
    } else {
        TestResult::error(format!(
            "eval::run:\n{}\nindependent:\n{}\n{c:?}",
            eval::format_history(&reference),
            eval::format_history(&independent)
        ))
    }
}

#[test]
fn interpreter_agrees_with_an_independent_one() {
    check(|c: IllTypedCase| agrees(&c.0));
    check(|c: TypableCase| agrees(&c.0));
    let (n, none, phased) = (COMPARED.get(), NO_DERIVATION.get(), VALUE_FLOW.get());
    differential_tests::assert_ceiling(
        "runs without a derivation (discarded)",
        none,
        n + none,
        25.0,
    );
    differential_tests::assert_floor("compared runs with several phases", phased, n, 20.0);
}
