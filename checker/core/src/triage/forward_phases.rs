//! (b) Store-to-load forwarding across barriers: a read of an index the
//! thread wrote in the latest earlier phase writing the array (see
//! [`crate::triage`]).

use super::forward::substitute_read;
use semantics::babycuda::syntax::{Block, Stmt, StmtKind};
use semantics::babycuda::Program;
use semantics::expr::NExp;
use std::collections::{BTreeMap, BTreeSet};

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
    /// Nothing known about the arrays `seen` (top).
    fn top(seen: &BTreeSet<String>) -> PhaseState {
        let top = ArrayState {
            cur: CurWrites::Many,
            last: LastPhase::Unknown,
        };
        PhaseState(seen.iter().map(|a| (a.clone(), top.clone())).collect())
    }
    /// Least upper bound: the state after one of two paths.
    fn join(&self, other: &PhaseState) -> PhaseState {
        let mut out = PhaseState::default();
        let keys: BTreeSet<&String> = self.0.keys().chain(other.0.keys()).collect();
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
fn forward_phases(b: &[Stmt], st: &mut PhaseState, sources: &mut BTreeSet<String>) -> Block {
    b.iter()
        .map(|s| Stmt::new(forward_phases_stmt(s, st, sources), s.span))
        .collect()
}

fn forward_phases_stmt(s: &Stmt, st: &mut PhaseState, sources: &mut BTreeSet<String>) -> StmtKind {
    match &s.kind {
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
        } => StmtKind::Let {
            var: var.clone(),
            array: array.clone(),
            index: index.clone(),
            body: forward_read(var, array, index, body, st, sources),
        },
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
        } => StmtKind::For {
            tag: *tag,
            var: var.clone(),
            lo: lo.clone(),
            hi: hi.clone(),
            body: forward_loop(var, body, st, sources),
        },
    }
}

/// The body of `let var = array[index] in body`, with `var` replaced by the
/// payload of the thread's write of the latest earlier phase when that
/// write is known and has the same index expression.
fn forward_read(
    var: &str,
    array: &str,
    index: &NExp,
    body: &[Stmt],
    st: &mut PhaseState,
    sources: &mut BTreeSet<String>,
) -> Block {
    let a = st.get(array);
    let forwarded = match (&a.cur, &a.last) {
        (CurWrites::Zero, LastPhase::Known(e, m)) if e == index => substitute_read(body, var, m),
        _ => None,
    };
    if forwarded.is_some() {
        sources.insert(array.to_string());
    }
    let body = forwarded.unwrap_or_else(|| body.to_vec());
    st.bind(var);
    let body = forward_phases(&body, st, sources);
    st.bind(var);
    body
}

/// The body of `for var in … { body }`, forwarded from the state at the
/// head of any iteration (unchanged if that state is not found); `st`
/// becomes the state after the loop.
fn forward_loop(
    var: &str,
    body: &[Stmt],
    st: &mut PhaseState,
    sources: &mut BTreeSet<String>,
) -> Block {
    st.bind(var);
    let (head, body) = match loop_head(var, body, st) {
        Ok(head) => {
            let mut s_in = head.clone();
            let body = forward_phases(body, &mut s_in, sources);
            (head, body)
        }
        Err(top) => (top, body.to_vec()),
    };
    *st = head;
    st.bind(var);
    body
}

/// The state at the head of any iteration of a loop over `body` entered in
/// state `st`: a fixpoint above `st` (FOR-1/W-FOR-*: zero or more
/// iterations).  Heights are tiny; after a few rounds, give up: `Err` with
/// nothing known about any array seen.
fn loop_head(var: &str, body: &[Stmt], st: &PhaseState) -> Result<PhaseState, PhaseState> {
    let mut head = st.clone();
    let mut seen: BTreeSet<String> = st.0.keys().cloned().collect();
    for _ in 0..8 {
        let mut s_out = head.clone();
        forward_phases(body, &mut s_out, &mut Default::default());
        s_out.bind(var);
        seen.extend(s_out.0.keys().cloned());
        let next = st.join(&s_out);
        if next == head {
            return Ok(head);
        }
        head = next;
    }
    Err(PhaseState::top(&seen))
}

/// A program with reads of earlier phases forwarded.
#[derive(Clone, Debug)]
pub struct Forwarded {
    pub program: Program,
    /// The arrays read across barriers: the forwarding is exact only while
    /// their earlier phases are DRF.
    pub sources: BTreeSet<String>,
}

/// The program with reads of earlier phases forwarded, if anything changed,
/// and the arrays whose DRF-ness this relies on.
pub fn forwarded_across_barriers(program: &Program) -> Option<Forwarded> {
    let mut sources = Default::default();
    let body = forward_phases(&program.body, &mut PhaseState::default(), &mut sources);
    (body != program.body).then(|| Forwarded {
        program: Program {
            body,
            ..program.clone()
        },
        sources,
    })
}

#[cfg(test)]
mod tests {
    use super::super::test_support::bcu;
    use super::*;

    #[test]
    fn forwarding_across_barriers_needs_a_determined_write() {
        let fwd = |src: &str| forwarded_across_barriers(&bcu(src).program);
        let Forwarded {
            program: p,
            sources,
        } = fwd("A[tid] := tid; sync; let x = A[tid] in A[x] := 0").unwrap();
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
}
