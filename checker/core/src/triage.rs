//! Alarm triage (DESIGN.md "Verdicts and reports"; issue 5): each race is
//!
//! * `provable` — the protocol is the BabyCUDA type of the program (Fig. 6 of
//!   `seeds/004_*`), so by Theorem 1 of 004 the race is real.  The witness is
//!   replayed in the reference semantics with concrete values; a replay that
//!   does not reproduce it is a bug ([`TriageBug`]).
//! * `data-dependent` / `control-dependent` — a value read from an array
//!   reaches an index / a condition or loop bound; the alarm may be spurious.
//!   We then try to settle it (beyond the paper):
//!   (a) **confirm**: bounded search of concrete executions (thread counts,
//!   parameters, initial contents) of the reference semantics;
//!   (b) **refute**: store-to-load forwarding — a read of an index the thread
//!   itself wrote earlier in the same phase returns that write's payload
//!   (`lastwrite`, rule LASTWRITE-CURR: a thread sees its own writes of the
//!   current phase first).  Forwarding preserves the histories exactly; if
//!   the forwarded program is typable, its type is an exact MAP (Theorem 1)
//!   and the SMT checker decides it: DRF refutes the alarm, a race is real.

use crate::babycuda::Inferred;
use crate::check::check_kernel;
use crate::kernel::{Kernel, Provenance};
use crate::verdict::{CheckOptions, KernelReport, Verdict, Witness};
use semantics::babycuda::eval::{self, Config, Contents, DataRace};
use semantics::babycuda::syntax::{Block, Stmt, StmtKind};
use semantics::babycuda::{type_program, Program, TypeError};
use semantics::expr::{BExp, NExp};
use semantics::{Nat, Var, TID};
use std::collections::BTreeMap;
use std::fmt;

/// The class of an alarm.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Class {
    Provable,
    DataDependent,
    ControlDependent,
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Class::Provable => "provable",
            Class::DataDependent => "data-dependent",
            Class::ControlDependent => "control-dependent",
        })
    }
}

/// A race reproduced by the reference semantics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConcreteRace {
    pub threads: u64,
    pub params: BTreeMap<Var, Nat>,
    pub init: Contents,
    pub race: DataRace,
}

impl fmt::Display for ConcreteRace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "with T = {}", self.threads)?;
        for (x, v) in &self.params {
            write!(f, ", {x} = {v}")?;
        }
        for (a, vals) in &self.init.arrays {
            if vals.iter().any(|v| *v != Nat::from(0u32)) {
                let v: Vec<String> = vals.iter().map(|v| v.to_string()).collect();
                write!(f, ", init {a} = [{}]", v.join(", "))?;
            }
        }
        write!(f, ": {}", self.race)
    }
}

/// How an alarm was settled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Resolution {
    /// Provable race, replayed concretely.
    Replayed(ConcreteRace),
    /// Data/control-dependent alarm confirmed by a concrete execution.
    Confirmed(ConcreteRace),
    /// The alarm is spurious: the array is DRF (`how` explains why).
    Refuted {
        how: String,
    },
    Unresolved(String),
}

/// The triage of one racy array.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Triage {
    pub array: String,
    pub class: Class,
    /// Variables and lines that make the alarm data/control-dependent.
    pub causes: Vec<String>,
    pub resolution: Resolution,
}

impl Triage {
    /// Is the array DRF after all (alarm refuted)?
    pub fn refuted(&self) -> bool {
        matches!(self.resolution, Resolution::Refuted { .. })
    }
}

impl fmt::Display for Triage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "array `{}`: {}", self.array, self.class)?;
        for c in &self.causes {
            writeln!(f, "  because {c}")?;
        }
        match &self.resolution {
            Resolution::Replayed(r) => writeln!(f, "  replayed {r}"),
            Resolution::Confirmed(r) => writeln!(f, "  confirmed {r}"),
            Resolution::Refuted { how } => {
                writeln!(f, "  refuted (spurious): {how}; the array is DRF")
            }
            Resolution::Unresolved(why) => writeln!(f, "  unresolved: {why}"),
        }
    }
}

/// A provable race whose replay failed: a bug in the checker or the reference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TriageBug(pub String);

impl fmt::Display for TriageBug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BUG: {}", self.0)
    }
}

impl std::error::Error for TriageBug {}

fn thread_id(w: &Witness, k: usize) -> Option<u64> {
    u64::try_from(w.threads[k].ids.get(TID)?).ok()
}

/// Does `h` contain a race on `array[index]` between threads `t1` and `t2`?
fn race_between(
    h: &eval::DHistory,
    array: &str,
    index: &Nat,
    t1: u64,
    t2: u64,
) -> Option<DataRace> {
    h.iter().enumerate().find_map(|(k, p)| {
        let mut only = eval::DPhase::new();
        for t in [t1, t2] {
            if let Some(a) = p.get(&t).and_then(|rw| rw.get(array)) {
                let mut a = a.clone();
                a.reads.retain(|j| j == index);
                a.writes.retain(|j, _| j == index);
                only.insert(t, [(array.to_string(), a)].into_iter().collect());
            }
        }
        eval::phase_race(k, &only)
    })
}

/// Replays the witness of a provable race in the reference semantics.
pub fn replay(program: &Program, array: &str, w: &Witness) -> Result<ConcreteRace, TriageBug> {
    let bug = |m: String| TriageBug(format!("replay of the race on `{array}` failed: {m}"));
    let threads = w
        .params
        .get(semantics::trace::THREAD_COUNT)
        .and_then(|t| u64::try_from(t).ok())
        .ok_or_else(|| bug("the witness has no thread count".into()))?;
    let (t1, t2) = match (thread_id(w, 0), thread_id(w, 1)) {
        (Some(a), Some(b)) => (a, b),
        _ => return Err(bug("the witness has no thread ids".into())),
    };
    let mut cfg = Config::new(threads);
    for x in program.parameters() {
        let v = w.params.get(&x).cloned().unwrap_or_default();
        cfg.params.insert(x, v);
    }
    cfg.init = Contents::from_program(program);
    let h = eval::run(program, &cfg).map_err(|e| bug(format!("no derivation: {e}")))?;
    let index = w.index.first().cloned().unwrap_or_default();
    let race = race_between(&h, array, &index, t1, t2).ok_or_else(|| {
        bug(format!(
            "threads {t1} and {t2} do not race on {array}[{index}] with T = {threads}, params {:?}",
            cfg.params
        ))
    })?;
    Ok(ConcreteRace {
        threads,
        params: cfg.params,
        init: cfg.init,
        race,
    })
}

/// A tiny deterministic generator for the bounded search.
fn lcg(state: &mut u64) -> u64 {
    *state = state
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *state >> 33
}

/// (a) Bounded search for a concrete race on `array`: thread counts
/// (the witness's, then 2..=4), parameters (the witness's, then 0..=3 each),
/// initial contents (zeros, identity, then pseudo-random values in 0..=4 on
/// indices 0..8), at most `budget` runs.
pub fn confirm(
    program: &Program,
    array: &str,
    w: Option<&Witness>,
    budget: usize,
) -> Option<ConcreteRace> {
    let params = program.parameters();
    let mut thread_counts: Vec<u64> = w
        .and_then(|w| w.params.get(semantics::trace::THREAD_COUNT))
        .and_then(|t| u64::try_from(t).ok())
        .filter(|t| (2..=64).contains(t))
        .into_iter()
        .collect();
    thread_counts.extend([2, 3, 4]);
    let mut param_sets: Vec<BTreeMap<Var, Nat>> = Vec::new();
    if let Some(w) = w {
        param_sets.push(
            params
                .iter()
                .map(|x| (x.clone(), w.params.get(x).cloned().unwrap_or_default()))
                .collect(),
        );
    }
    let combos = 4u64.pow(params.len().min(4) as u32);
    for code in 0..combos {
        let mut k = code;
        param_sets.push(
            params
                .iter()
                .map(|x| {
                    let v = k % 4;
                    k /= 4;
                    (x.clone(), Nat::from(v))
                })
                .collect(),
        );
    }
    let arrays = program.arrays();
    let mut inits = vec![Contents::from_program(program)];
    inits.push(Contents {
        arrays: arrays
            .iter()
            .map(|a| (a.clone(), (0..8u32).map(Nat::from).collect()))
            .collect(),
    });
    let mut seed = 0x5eed_u64;
    for _ in 0..16 {
        inits.push(Contents {
            arrays: arrays
                .iter()
                .map(|a| {
                    (
                        a.clone(),
                        (0..8).map(|_| Nat::from(lcg(&mut seed) % 5)).collect(),
                    )
                })
                .collect(),
        });
    }
    let mut runs = 0;
    for init in &inits {
        for &threads in &thread_counts {
            for ps in &param_sets {
                if runs >= budget {
                    return None;
                }
                runs += 1;
                let mut cfg = Config::new(threads);
                cfg.params = ps.clone();
                cfg.init = init.clone();
                cfg.fuel = 200_000;
                let Ok(h) = eval::run(program, &cfg) else {
                    continue;
                };
                let race = h.iter().enumerate().find_map(|(k, p)| {
                    let mut p = p.clone();
                    for rw in p.values_mut() {
                        rw.retain(|a, _| a == array);
                    }
                    eval::phase_race(k, &p)
                });
                if let Some(race) = race {
                    return Some(ConcreteRace {
                        threads,
                        params: cfg.params,
                        init: cfg.init,
                        race,
                    });
                }
            }
        }
    }
    None
}

// ---------------------------------------------------------------------------
// (b) store-to-load forwarding
// ---------------------------------------------------------------------------

fn subst_block(b: &[Stmt], x: &str, m: &NExp) -> Block {
    let mut out = Vec::new();
    for s in b {
        let kind = match &s.kind {
            StmtKind::Skip | StmtKind::Sync => s.kind.clone(),
            StmtKind::Write {
                array,
                index,
                value,
            } => StmtKind::Write {
                array: array.clone(),
                index: index.subst(x, m),
                value: value.subst(x, m),
            },
            StmtKind::Let {
                var,
                array,
                index,
                body,
            } => StmtKind::Let {
                var: var.clone(),
                array: array.clone(),
                index: index.subst(x, m),
                body: if var == x {
                    body.clone()
                } else {
                    subst_block(body, x, m)
                },
            },
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => StmtKind::If {
                cond: BExp::subst(cond, x, m),
                then_branch: subst_block(then_branch, x, m),
                else_branch: subst_block(else_branch, x, m),
            },
            StmtKind::For {
                tag,
                var,
                lo,
                hi,
                body,
            } => StmtKind::For {
                tag: *tag,
                var: var.clone(),
                lo: lo.subst(x, m),
                hi: hi.subst(x, m),
                body: if var == x {
                    body.clone()
                } else {
                    subst_block(body, x, m)
                },
            },
        };
        out.push(Stmt::new(kind, s.span));
    }
    out
}

/// Names bound anywhere in a block.
fn binders(b: &[Stmt], out: &mut Vec<Var>) {
    for s in b {
        match &s.kind {
            StmtKind::Let { var, body, .. } | StmtKind::For { var, body, .. } => {
                out.push(var.clone());
                binders(body, out);
            }
            StmtKind::If {
                then_branch,
                else_branch,
                ..
            } => {
                binders(then_branch, out);
                binders(else_branch, out);
            }
            _ => {}
        }
    }
}

/// The thread's own writes of the current phase, by (array, index expression):
/// their payloads.  Variables are immutable, so a payload means the same
/// value wherever both it and the read are in scope.
type StoreBuffer = Vec<(String, NExp, NExp)>;

/// Rewrites `let x = A[n] in b` into `let x = A[n] in b[x ≔ m]` when the last
/// write of this thread to `A` in the current phase, on every path, is
/// `A[n] := m` with the same index expression.  Conservative: any other
/// write to `A` (any index) forgets `A`; `sync` and loops forget everything.
fn forward(b: &[Stmt], buf: &mut StoreBuffer, changed: &mut bool) -> Block {
    let mut out = Vec::new();
    for s in b {
        let kind = match &s.kind {
            StmtKind::Skip => s.kind.clone(),
            StmtKind::Sync => {
                buf.clear();
                s.kind.clone()
            }
            StmtKind::Write {
                array,
                index,
                value,
            } => {
                buf.retain(|(a, _, _)| a != array);
                buf.push((array.clone(), index.clone(), value.clone()));
                s.kind.clone()
            }
            StmtKind::Let {
                var,
                array,
                index,
                body,
            } => {
                let hit = buf
                    .iter()
                    .find(|(a, n, _)| a == array && n == index)
                    .map(|(_, _, m)| m.clone());
                let mut body = body.clone();
                if let Some(m) = hit {
                    let mut bound = Vec::new();
                    binders(&body, &mut bound);
                    let capture = m.fv().iter().any(|y| bound.contains(y) || y == var);
                    if !capture {
                        body = subst_block(&body, var, &m);
                        *changed = true;
                    }
                }
                StmtKind::Let {
                    var: var.clone(),
                    array: array.clone(),
                    index: index.clone(),
                    body: forward(&body, buf, changed),
                }
            }
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                let t = forward(then_branch, &mut buf.clone(), changed);
                let e = forward(else_branch, &mut buf.clone(), changed);
                buf.clear();
                StmtKind::If {
                    cond: cond.clone(),
                    then_branch: t,
                    else_branch: e,
                }
            }
            StmtKind::For {
                tag,
                var,
                lo,
                hi,
                body,
            } => {
                buf.clear();
                let body = forward(body, &mut Vec::new(), changed);
                StmtKind::For {
                    tag: *tag,
                    var: var.clone(),
                    lo: lo.clone(),
                    hi: hi.clone(),
                    body,
                }
            }
        };
        out.push(Stmt::new(kind, s.span));
    }
    out
}

/// The program with own-write reads forwarded, if anything changed.
pub fn forwarded(program: &Program) -> Option<Program> {
    let mut changed = false;
    let body = forward(&program.body, &mut Vec::new(), &mut changed);
    changed.then(|| Program {
        body,
        ..program.clone()
    })
}

// ---------------------------------------------------------------------------
// (b) forwarding across barriers (reads of earlier phases)
// ---------------------------------------------------------------------------

/// This thread's own writes to one array in the current phase, on every path
/// reaching the program point.
#[derive(Clone, Debug, PartialEq, Eq)]
enum CurWrites {
    /// Certainly none.
    Zero,
    /// Exactly one, `A[e] := m`, on every path.
    One(NExp, NExp),
    /// Anything else (top).
    Many,
}

/// The latest *earlier* phase that writes the array.
#[derive(Clone, Debug, PartialEq, Eq)]
enum LastPhase {
    /// In the latest completed phase with writes to the array, this thread
    /// wrote exactly once, `A[e] := m`; no completed phase after it writes
    /// the array.
    Known(NExp, NExp),
    /// Anything else (top).
    Unknown,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct ArrayState {
    cur: CurWrites,
    last: LastPhase,
}

impl Default for ArrayState {
    fn default() -> Self {
        ArrayState {
            cur: CurWrites::Zero,
            last: LastPhase::Unknown,
        }
    }
}

/// Abstract state of one thread at a program point, per array (absent:
/// [`ArrayState::default`]).  Variables named in it are the ones in scope
/// there, bound as at the write (see [`PhaseState::bind`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct PhaseState(BTreeMap<String, ArrayState>);

impl PhaseState {
    fn get(&self, a: &str) -> ArrayState {
        self.0.get(a).cloned().unwrap_or_default()
    }
    fn write(&mut self, a: &str, e: &NExp, m: &NExp) {
        let st = self.0.entry(a.to_string()).or_default();
        st.cur = match st.cur {
            CurWrites::Zero => CurWrites::One(e.clone(), m.clone()),
            _ => CurWrites::Many,
        };
    }
    /// `sync` (S-SYNC): the current phase becomes an earlier phase.
    fn sync(&mut self) {
        for st in self.0.values_mut() {
            match std::mem::replace(&mut st.cur, CurWrites::Zero) {
                CurWrites::Zero => {}
                CurWrites::One(e, m) => st.last = LastPhase::Known(e, m),
                CurWrites::Many => st.last = LastPhase::Unknown,
            }
        }
    }
    /// Entering or leaving the scope of a binder `y`: facts naming `y`
    /// would name another variable, so they are forgotten.
    fn bind(&mut self, y: &str) {
        let names = |e: &NExp, m: &NExp| e.fv().contains(y) || m.fv().contains(y);
        for st in self.0.values_mut() {
            if matches!(&st.cur, CurWrites::One(e, m) if names(e, m)) {
                st.cur = CurWrites::Many;
            }
            if matches!(&st.last, LastPhase::Known(e, m) if names(e, m)) {
                st.last = LastPhase::Unknown;
            }
        }
    }
    /// Least upper bound: the state after one of two paths.
    fn join(&self, other: &PhaseState) -> PhaseState {
        let mut out = PhaseState::default();
        let keys: std::collections::BTreeSet<&String> =
            self.0.keys().chain(other.0.keys()).collect();
        for a in keys {
            let (x, y) = (self.get(a), other.get(a));
            out.0.insert(
                a.clone(),
                ArrayState {
                    cur: if x.cur == y.cur {
                        x.cur
                    } else {
                        CurWrites::Many
                    },
                    last: if x.last == y.last {
                        x.last
                    } else {
                        LastPhase::Unknown
                    },
                },
            );
        }
        out
    }
}

/// Rewrites `let x = A[n] in b` into `let x = A[n] in b[x ≔ m]` when the
/// thread has not written `A` in the current phase and, in the latest
/// earlier phase writing `A`, it wrote `A[n] := m` exactly once (same index
/// expression, same bindings).  By `lastwrite` (004, Fig. 5: LASTWRITE-CURR
/// finds no own write of the current phase, LASTWRITE-PREV takes the latest
/// earlier phase with a write to the index) the read returns `m` — provided
/// that phase is DRF on `A`, so that this thread is its only writer of the
/// index.  The arrays so read are collected in `sources`: the caller must
/// prove them DRF in the rewritten program (whose history equals the
/// original's as long as they are; induction on phases).
fn forward_phases(
    b: &[Stmt],
    st: &mut PhaseState,
    sources: &mut std::collections::BTreeSet<String>,
) -> Block {
    let mut out = Vec::new();
    for s in b {
        let kind = match &s.kind {
            StmtKind::Skip => s.kind.clone(),
            StmtKind::Sync => {
                st.sync();
                s.kind.clone()
            }
            StmtKind::Write {
                array,
                index,
                value,
            } => {
                st.write(array, index, value);
                s.kind.clone()
            }
            StmtKind::Let {
                var,
                array,
                index,
                body,
            } => {
                let a = st.get(array);
                let mut body = body.clone();
                if let (CurWrites::Zero, LastPhase::Known(e, m)) = (&a.cur, &a.last) {
                    let mut bound = Vec::new();
                    binders(&body, &mut bound);
                    let capture = m.fv().iter().any(|y| bound.contains(y) || y == var);
                    if e == index && !capture {
                        body = subst_block(&body, var, m);
                        sources.insert(array.clone());
                    }
                }
                st.bind(var);
                let body = forward_phases(&body, st, sources);
                st.bind(var);
                StmtKind::Let {
                    var: var.clone(),
                    array: array.clone(),
                    index: index.clone(),
                    body,
                }
            }
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                let mut st_t = st.clone();
                let t = forward_phases(then_branch, &mut st_t, sources);
                let mut st_e = st.clone();
                let e = forward_phases(else_branch, &mut st_e, sources);
                *st = st_t.join(&st_e);
                StmtKind::If {
                    cond: cond.clone(),
                    then_branch: t,
                    else_branch: e,
                }
            }
            StmtKind::For {
                tag,
                var,
                lo,
                hi,
                body,
            } => {
                // The state at the head of any iteration: a fixpoint above
                // the state before the loop (FOR-1/W-FOR-*: zero or more
                // iterations).  Heights are tiny; after a few rounds, give up.
                st.bind(var);
                let mut head = st.clone();
                let mut stable = false;
                let mut seen: std::collections::BTreeSet<String> = st.0.keys().cloned().collect();
                for _ in 0..8 {
                    let mut s_out = head.clone();
                    forward_phases(body, &mut s_out, &mut Default::default());
                    s_out.bind(var);
                    seen.extend(s_out.0.keys().cloned());
                    let next = st.join(&s_out);
                    if next == head {
                        stable = true;
                        break;
                    }
                    head = next;
                }
                let body = if stable {
                    let mut s_in = head.clone();
                    forward_phases(body, &mut s_in, sources)
                } else {
                    head = PhaseState(
                        seen.iter()
                            .map(|a| {
                                let top = ArrayState {
                                    cur: CurWrites::Many,
                                    last: LastPhase::Unknown,
                                };
                                (a.clone(), top)
                            })
                            .collect(),
                    );
                    body.clone()
                };
                *st = head;
                st.bind(var);
                StmtKind::For {
                    tag: *tag,
                    var: var.clone(),
                    lo: lo.clone(),
                    hi: hi.clone(),
                    body,
                }
            }
        };
        out.push(Stmt::new(kind, s.span));
    }
    out
}

/// The program with reads of earlier phases forwarded, if anything changed,
/// and the arrays whose DRF-ness this relies on.
pub fn forwarded_across_barriers(
    program: &Program,
) -> Option<(Program, std::collections::BTreeSet<String>)> {
    let mut sources = Default::default();
    let body = forward_phases(&program.body, &mut PhaseState::default(), &mut sources);
    (body != program.body).then(|| {
        (
            Program {
                body,
                ..program.clone()
            },
            sources,
        )
    })
}

/// (b) Refutes (or confirms) an alarm: forwards own writes of the current
/// phase, then reads of earlier phases; if the result is typable, its type
/// is an exact MAP (Theorem 1 of 004) and the SMT checker decides it for
/// every thread count and parameter (and, the program being typable, every
/// initial contents).
fn refute(inferred: &Inferred, array: &str, opts: &CheckOptions) -> Resolution {
    let p1 = forwarded(&inferred.program);
    let base = p1.as_ref().unwrap_or(&inferred.program);
    let (p2, sources) = match forwarded_across_barriers(base) {
        Some((p, s)) => (p, s),
        None if p1.is_some() => (base.clone(), Default::default()),
        None => {
            return Resolution::Unresolved(
                "no read is resolved by the thread's own earlier write, in this phase or an earlier one".into(),
            )
        }
    };
    let typed = match type_program(&p2) {
        Ok(t) => t,
        Err(errs) => {
            return Resolution::Unresolved(format!(
                "after forwarding own writes, still not typable: {}",
                errs[0]
            ))
        }
    };
    let kernel = Kernel {
        program: typed.protocol,
        unknowns: Vec::new(),
        provenance: Provenance::BabyCudaTyped,
        ..inferred.kernel.clone()
    };
    let mut o = opts.clone();
    let mut needed = sources.clone();
    needed.insert(array.to_string());
    o.array = (needed.len() == 1).then(|| array.to_string());
    let report = check_kernel(&kernel, &o);
    let verdict = |a: &str| {
        report
            .arrays
            .iter()
            .find(|r| r.array == a)
            .map(|r| &r.verdict)
    };
    // Forwarding across barriers is exact only while the source arrays'
    // earlier phases are DRF (then `lastwrite` has one candidate).
    for s in sources.iter().filter(|s| *s != array) {
        match verdict(s) {
            Some(Verdict::Drf { assumptions }) if assumptions.is_empty() => {}
            v => {
                return Resolution::Unresolved(format!(
                    "reads of `{s}` were forwarded across barriers, which assumes `{s}` is DRF, but its forwarded MAP is {}",
                    v.map_or("unchecked", Verdict::keyword)
                ))
            }
        }
    }
    let across = if sources.is_empty() {
        String::new()
    } else {
        let names: Vec<String> = sources.iter().map(|s| format!("`{s}`")).collect();
        format!(
            ", or its own write of the latest earlier phase writing {} (LASTWRITE-PREV; unique as those phases are DRF)",
            names.join(", ")
        )
    };
    match verdict(array) {
        Some(Verdict::Drf { assumptions }) if assumptions.is_empty() => Resolution::Refuted {
            how: format!("each forwarded read returns the thread's own earlier write of the current phase (LASTWRITE-CURR){across}; the forwarded program is typable and its exact MAP (Theorem 1 of 004) is DRF for every thread count, parameter and initial contents")
        },
        Some(Verdict::Drf { .. }) => Resolution::Refuted {
            how: format!("forwarded program (own writes{across}) typable and its MAP DRF under the checker's well-formedness assumptions"),
        },
        // The race is in the forwarded program; confirm it on the original.
        Some(Verdict::Racy(w)) => match replay(&inferred.program, array, w) {
            Ok(r) => Resolution::Confirmed(r),
            Err(e) => Resolution::Unresolved(format!(
                "the forwarded program races, but the original does not replay it: {e}"
            )),
        },
        Some(v) => Resolution::Unresolved(format!("forwarded program: {}", v.keyword())),
        None => Resolution::Unresolved("no verdict".into()),
    }
}

fn causes(errors: &[TypeError]) -> (Class, Vec<String>) {
    let class = if errors.iter().any(TypeError::is_data_dependent) {
        Class::DataDependent
    } else {
        Class::ControlDependent
    };
    (class, errors.iter().map(|e| e.to_string()).collect())
}

/// Triage of every racy array of a `.bcu` kernel's report.
pub fn triage_bcu(
    inferred: &Inferred,
    report: &KernelReport,
    opts: &CheckOptions,
) -> Result<Vec<Triage>, TriageBug> {
    let mut out = Vec::new();
    for a in &report.arrays {
        let Verdict::Racy(w) = &a.verdict else {
            continue;
        };
        let t = if inferred.kernel.provenance == Provenance::BabyCudaTyped {
            Triage {
                array: a.array.clone(),
                class: Class::Provable,
                causes: Vec::new(),
                resolution: Resolution::Replayed(replay(&inferred.program, &a.array, w)?),
            }
        } else {
            let (class, causes) = causes(&inferred.type_errors);
            let resolution = match confirm(&inferred.program, &a.array, Some(w), 4000) {
                Some(r) => Resolution::Confirmed(r),
                None => refute(inferred, &a.array, opts),
            };
            Triage {
                array: a.array.clone(),
                class,
                causes,
                resolution,
            }
        };
        out.push(t);
    }
    Ok(out)
}

/// `check_kernel` followed by triage, for the `check` and `suite` commands:
/// for a `.bcu` kernel, every racy array is triaged and an alarm that is
/// refuted becomes DRF (the forwarded program's exact MAP is DRF).  Other
/// kernels are returned unchanged with no triage.
pub fn check_with_triage(
    kernel: &Kernel,
    opts: &CheckOptions,
) -> Result<(KernelReport, Vec<Triage>), TriageBug> {
    let mut report = check_kernel(kernel, opts);
    let is_bcu = kernel.file.extension().and_then(|e| e.to_str()) == Some("bcu");
    if !is_bcu {
        return Ok((report, Vec::new()));
    }
    let Some(inferred) = crate::babycuda::infer_source(&kernel.file, kernel.source.clone()) else {
        return Ok((report, Vec::new()));
    };
    let triage = triage_bcu(&inferred, &report, opts)?;
    for t in &triage {
        if t.refuted() {
            if let Some(a) = report.arrays.iter_mut().find(|a| a.array == t.array) {
                a.verdict = Verdict::Drf {
                    assumptions: Vec::new(),
                };
            }
        }
    }
    Ok((report, triage))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn kernel(name: &str) -> Inferred {
        let path = PathBuf::from(format!(
            "{}/../../kernels/babycuda/{name}",
            env!("CARGO_MANIFEST_DIR")
        ));
        let src = std::fs::read_to_string(&path).unwrap();
        crate::babycuda::infer_source(&path, src).unwrap()
    }

    fn triage(name: &str, opts: &CheckOptions) -> (KernelReport, Vec<Triage>) {
        let inf = kernel(name);
        let report = check_kernel(&inf.kernel, opts);
        let t = triage_bcu(&inf, &report, opts).unwrap();
        (report, t)
    }

    #[test]
    fn fig16_racy_is_confirmed_and_drf_is_refuted() {
        let opts = CheckOptions::default();
        let (r, t) = triage("fig16_read_index_racy.bcu", &opts);
        assert!(r.arrays[0].verdict.is_racy());
        assert_eq!(t[0].class, Class::DataDependent);
        assert!(
            matches!(t[0].resolution, Resolution::Confirmed(_)),
            "{}",
            t[0]
        );
        assert!(t[0].causes[0].contains("`x`"), "{:?}", t[0].causes);
        let (r, t) = triage("fig16_read_index_drf.bcu", &opts);
        assert!(r.arrays[0].verdict.is_racy(), "Faial's alarm");
        assert!(t[0].refuted(), "{}", t[0]);
        let (_, t) = triage("eq2_data_dependent.bcu", &opts);
        assert!(t[0].refuted(), "{}", t[0]);
        assert!(t[0].causes[0].contains("9:1"), "{:?}", t[0].causes);
        let inf = kernel("fig16_read_index_drf.bcu");
        let (r, _) = check_with_triage(&inf.kernel, &opts).unwrap();
        assert!(r.arrays[0].verdict.is_drf());
    }

    #[test]
    fn typed_races_are_provable_and_replayed() {
        let opts = CheckOptions::default();
        for name in ["fig3_racy.bcu", "sync_missing_barrier_racy.bcu"] {
            let (r, t) = triage(name, &opts);
            assert!(r.arrays.iter().any(|a| a.verdict.is_racy()), "{name}");
            assert!(!t.is_empty());
            for x in &t {
                assert_eq!(x.class, Class::Provable);
                assert!(matches!(x.resolution, Resolution::Replayed(_)), "{x}");
            }
        }
    }

    #[test]
    fn a_witness_that_does_not_replay_is_reported_as_a_bug() {
        let inf = kernel("fig3_racy.bcu");
        let report = check_kernel(&inf.kernel, &CheckOptions::default());
        let Verdict::Racy(w) = &report.arrays[0].verdict else {
            panic!("racy")
        };
        let mut w = (**w).clone();
        w.params.insert("M".into(), Nat::from(0u32));
        assert!(replay(&inf.program, "A", &w).is_err());
    }

    fn bcu(src: &str) -> Inferred {
        crate::babycuda::infer_source(&PathBuf::from("t.bcu"), src.to_string()).unwrap()
    }

    #[test]
    fn earlier_phase_reads_refuted_and_racy_counterpart_confirmed() {
        let opts = CheckOptions::default();
        let (r, t) = triage("xphase_read_index_drf.bcu", &opts);
        assert!(
            r.arrays[0].verdict.is_racy(),
            "the over-approximation alarms"
        );
        assert_eq!(t[0].class, Class::DataDependent);
        assert!(t[0].refuted(), "{}", t[0]);
        assert!(t[0].to_string().contains("LASTWRITE-PREV"), "{}", t[0]);
        let inf = kernel("xphase_read_index_drf.bcu");
        let (r, _) = check_with_triage(&inf.kernel, &opts).unwrap();
        assert!(r.arrays[0].verdict.is_drf());
        // The racy counterpart: confirmed by the search, and the refutation
        // alone finds the race too (replayed on the original program).
        let (_, t) = triage("xphase_read_index_racy.bcu", &opts);
        assert!(
            matches!(t[0].resolution, Resolution::Confirmed(_)),
            "{}",
            t[0]
        );
        let inf = kernel("xphase_read_index_racy.bcu");
        let res = refute(&inf, "A", &opts);
        assert!(matches!(res, Resolution::Confirmed(_)), "{res:?}");
    }

    #[test]
    fn forwarding_across_barriers_needs_a_determined_write() {
        let fwd = |src: &str| forwarded_across_barriers(&bcu(src).program);
        let (p, sources) = fwd("A[tid] := tid; sync; let x = A[tid] in A[x] := 0").unwrap();
        assert!(p.to_string().contains("A[tid] := 0"), "{p}");
        assert_eq!(
            sources.into_iter().collect::<Vec<_>>(),
            vec!["A".to_string()]
        );
        // Through a later phase that does not write A, and into a loop.
        assert!(fwd(
            "A[tid] := tid; sync; B[tid] := 1; sync; for i in 0..2 { let x = A[tid] in B[x] := i }"
        )
        .is_some());
        for src in [
            // other index
            "A[tid] := tid; sync; let x = A[tid + 1] in A[x] := 0",
            // no barrier in between: same phase is the other pass
            "A[tid] := tid; let x = A[tid] in A[x] := 0",
            // conditional write: some threads do not write
            "if tid < 1 { A[tid] := tid }; sync; let x = A[tid] in A[x] := 0",
            // two writes in the phase
            "A[tid] := tid; A[tid + 1] := 0; sync; let x = A[tid] in A[x] := 0",
            // a later phase writes A (another thread's write may be the last)
            "A[tid] := tid; sync; if tid == 0 { A[1] := 5 }; sync; let x = A[tid] in A[x] := 0",
            // write in a loop
            "for i in 0..2 { A[tid] := i }; sync; let x = A[tid] in A[x] := 0",
            // own write to A in the current phase (to another index)
            "A[tid] := tid; sync; A[tid + 1] := 3; let x = A[tid] in A[x] := 0",
            // the payload's variable is rebound before the read
            "let y = B[tid] in { A[tid] := y; sync }; let y = B[0] in let x = A[tid] in A[x] := y",
        ] {
            assert!(fwd(src).is_none(), "{src}");
        }
    }

    #[test]
    fn forwarding_from_a_racy_array_is_not_a_refutation() {
        // Every thread writes A[0]; the phase is racy, so `lastwrite` does not
        // return the reader's own write (the reference picks thread 0's).
        let inf = bcu("A[0] := tid; sync; let x = A[0] in B[x] := 0");
        assert!(forwarded_across_barriers(&inf.program).is_some());
        let res = refute(&inf, "B", &CheckOptions::default());
        assert!(matches!(res, Resolution::Unresolved(_)), "{res:?}");
        assert!(confirm(&inf.program, "B", None, 100).is_some());
    }
}
