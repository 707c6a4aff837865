//! Well-formedness (Sec. 6 of `seeds/000_*`, "Well-formedness"): from the
//! surface program of a kernel to well-formed protocols `p ∈ W`, one per
//! *case*.
//!
//! * A synchronized conditional whose condition mentions only parameters is
//!   inlined: the program is copied, each copy taking one branch under the
//!   condition (or its negation) as a global fact.
//! * A synchronized loop `forS x in n..m` must run at least once (Example 2).
//!   When `n < m` mentions only parameters, it is treated like a synchronized
//!   conditional (the empty case drops the loop, which then does nothing).
//!   Cases are split over *distinct* conditions only, so 50 nested
//!   `forS i in 0..N` give 2 cases.  When the bounds mention an enclosing
//!   synchronized loop variable, non-emptiness is assumed and reported.
//! * A synchronized conditional or loop bound that mentions a thread
//!   identifier or a thread-local is *barrier divergence*; a synchronized
//!   conditional on an enclosing synchronized loop variable is not supported
//!   (as in Faial) and gives `unknown`.
//!
//! Finally [`semantics::surface::lower`] tags, regroups and closes the
//! protocol.  Every access is *tagged* with its number as an extra, last
//! index dimension, so later stages can name the source access of a phase;
//! [`strip_tags`] removes the tags.

use crate::kernel::Kernel;
use crate::verdict::Assumption;
use semantics::expr::{BExp, NExp, Nat, ROp, Var};
use semantics::surface::{lower, Block, LoopTag, LowerOptions, Program, Span, Stmt, StmtKind};
use semantics::{Mode, U, W};
use std::collections::{BTreeMap, BTreeSet};

/// At most this many case-split conditions (2^k copies).
pub const MAX_SPLIT_CONDITIONS: usize = 12;

/// A source access, as the witness reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccessInfo {
    pub mode: Mode,
    pub array: String,
    /// The index expressions as written.
    pub index: Vec<String>,
    pub span: Span,
}

/// One copy of the program after inlining synchronized conditionals.
#[derive(Clone, Debug)]
pub struct Case {
    /// The decisions taken (the global facts of this copy).
    pub facts: Vec<BExp>,
    /// Non-emptiness assumptions that could not be case-split.
    pub assumed: Vec<Assumption>,
    /// For each assumption, what it claims: `goal` for all values of the
    /// enclosing synchronized loop variables in their ranges.  The checker
    /// drops the assumptions it can prove.
    pub obligations: Vec<Obligation>,
    /// The well-formed protocol (accesses tagged unless requested otherwise).
    pub protocol: W,
}

/// An enclosing synchronized loop: variable and range.
pub type Enclosing = (Var, NExp, NExp);

/// A non-emptiness condition under its enclosing loops.
#[derive(Clone, Debug)]
pub struct Obligation {
    pub ranges: Vec<Enclosing>,
    pub goal: BExp,
}

/// The well-formed protocols of one array.
#[derive(Clone, Debug)]
pub struct Wellformed {
    pub cases: Vec<Case>,
    /// Access number → source access (the tag of the access).
    pub accesses: Vec<AccessInfo>,
}

/// Why no well-formed protocol was produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WfError {
    Divergence { span: Span, message: String },
    Unknown { reason: String, span: Span },
    Invalid { span: Span, message: String },
}

/// The variables that identify or belong to one thread.
pub fn thread_locals(kernel: &Kernel) -> BTreeSet<Var> {
    let mut out: BTreeSet<Var> = kernel.threads.ids.iter().map(|(x, _)| x.clone()).collect();
    out.extend(kernel.program.locals.iter().cloned());
    out
}

/// The well-formed protocols of `array` in every case, with tagged accesses
/// when `tag` holds.  `env` holds fixed parameter values (`--param`, `--threads`).
pub fn wellformed(
    kernel: &Kernel,
    array: &str,
    env: &BTreeMap<Var, Nat>,
    tag: bool,
) -> Result<Wellformed, WfError> {
    let mut accesses = Vec::new();
    let mut program = kernel.program.clone();
    if tag {
        program.body = tag_block(&program.body, &mut accesses);
    }
    let resolver = Resolver {
        env,
        locals: thread_locals(kernel),
    };
    let mut cases = Vec::new();
    // Worklist of decision sets; `true` first so the first racy case found
    // is the one where every loop runs (replayable in the reference).
    let mut work: Vec<BTreeMap<BExp, bool>> = vec![BTreeMap::new()];
    while let Some(decisions) = work.pop() {
        match resolver.resolve(&program.body, &decisions, &mut Vec::new())? {
            Resolved::Split(cond) => {
                if decisions.len() >= MAX_SPLIT_CONDITIONS {
                    return Err(WfError::Unknown {
                        reason: format!(
                            "more than {MAX_SPLIT_CONDITIONS} distinct synchronized conditions"
                        ),
                        span: Span::default(),
                    });
                }
                for d in [false, true] {
                    let mut next = decisions.clone();
                    next.insert(cond.clone(), d);
                    work.push(next);
                }
            }
            Resolved::Done(body, assumed) => {
                let (assumed, obligations) = assumed.into_iter().unzip();
                let copy = Program {
                    body,
                    ..program.clone()
                };
                cases.push(Case {
                    facts: facts_of(&decisions),
                    assumed,
                    obligations,
                    protocol: lower_case(&copy, array)?,
                });
            }
        }
    }
    Ok(Wellformed { cases, accesses })
}

fn facts_of(decisions: &BTreeMap<BExp, bool>) -> Vec<BExp> {
    decisions
        .iter()
        .map(|(c, d)| if *d { c.clone() } else { BExp::not(c.clone()) })
        .collect()
}

fn lower_case(program: &Program, array: &str) -> Result<W, WfError> {
    let opts = LowerOptions {
        array: array.to_string(),
        env: BTreeMap::new(),
    };
    lower(program, &opts).map_err(|e| {
        let message = e.to_string();
        match e.kind {
            semantics::surface::lower::LowerErrorKind::BarrierDivergence => WfError::Divergence {
                span: e.span,
                message,
            },
            _ => WfError::Invalid {
                span: e.span,
                message,
            },
        }
    })
}

// ---------------------------------------------------------------------------
// Access tags
// ---------------------------------------------------------------------------

fn tag_block(block: &Block, infos: &mut Vec<AccessInfo>) -> Block {
    block.iter().map(|s| tag_stmt(s, infos)).collect()
}

fn tag_stmt(s: &Stmt, infos: &mut Vec<AccessInfo>) -> Stmt {
    let kind = match &s.kind {
        StmtKind::Access { mode, array, index } => {
            let mut tagged = index.clone();
            tagged.push(NExp::num(infos.len() as u64));
            infos.push(AccessInfo {
                mode: *mode,
                array: array.clone().unwrap_or_default(),
                index: index.iter().map(|n| n.to_string()).collect(),
                span: s.span,
            });
            StmtKind::Access {
                mode: *mode,
                array: array.clone(),
                index: tagged,
            }
        }
        StmtKind::If {
            cond,
            then_branch,
            else_branch,
        } => StmtKind::If {
            cond: cond.clone(),
            then_branch: tag_block(then_branch, infos),
            else_branch: tag_block(else_branch, infos),
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
            lo: lo.clone(),
            hi: hi.clone(),
            body: tag_block(body, infos),
        },
        other => other.clone(),
    };
    Stmt::new(kind, s.span)
}

/// Splits a tagged index into the access number and the real index.
pub fn untag(index: &[NExp]) -> Option<(usize, &[NExp])> {
    let (last, rest) = index.split_last()?;
    match last {
        NExp::Num(k) => usize::try_from(k).ok().map(|k| (k, rest)),
        _ => None,
    }
}

/// Removes the access tags of a protocol (for printing).
pub fn strip_tags(p: &W) -> W {
    match p {
        W::Sync(u) => W::Sync(strip_u(u)),
        W::Seq(a, b) => W::seq(strip_tags(a), strip_tags(b)),
        W::For(u1, x, n, m, body, u2) => W::For(
            strip_u(u1),
            x.clone(),
            n.clone(),
            m.clone(),
            Box::new(strip_tags(body)),
            strip_u(u2),
        ),
    }
}

/// Removes the access tags of an unsynchronized protocol.
pub fn strip_u(u: &U) -> U {
    match u {
        U::Skip => U::Skip,
        U::Acc(a) => {
            let index = untag(&a.index)
                .map(|(_, r)| r.to_vec())
                .unwrap_or_else(|| a.index.clone());
            U::Acc(semantics::Access::new(a.mode, index))
        }
        U::Seq(a, b) => U::seq(strip_u(a), strip_u(b)),
        U::If(b, t, e) => U::if_(b.clone(), strip_u(t), strip_u(e)),
        U::For(x, n, m, body) => U::for_(x, n.clone(), m.clone(), strip_u(body)),
    }
}

// ---------------------------------------------------------------------------
// Resolving synchronized conditionals and loop ranges
// ---------------------------------------------------------------------------

enum Resolved {
    /// The body needs a decision on this condition.
    Split(BExp),
    /// The resolved body and the non-emptiness assumptions made.
    Done(Block, Vec<(Assumption, Obligation)>),
}

struct Resolver<'a> {
    env: &'a BTreeMap<Var, Nat>,
    locals: BTreeSet<Var>,
}

/// What a condition of a synchronized construct depends on.
enum Dependence {
    Closed(bool),
    Thread(Var),
    SyncLoopVar,
    Params(BExp),
}

impl Resolver<'_> {
    fn classify(&self, cond: &BExp, sync_vars: &[Enclosing]) -> Dependence {
        let mut c = cond.clone();
        for (x, v) in self.env {
            c = c.subst(x, &NExp::Num(v.clone()));
        }
        if let Ok(d) = c.eval() {
            return Dependence::Closed(d);
        }
        let fv = c.fv();
        if let Some(x) = fv.iter().find(|x| self.locals.contains(*x)) {
            return Dependence::Thread(x.clone());
        }
        if fv.iter().any(|x| sync_vars.iter().any(|(v, _, _)| v == x)) {
            return Dependence::SyncLoopVar;
        }
        Dependence::Params(c)
    }

    /// Resolves a block under `decisions`; `sync_vars` are the enclosing
    /// synchronized loop variables.
    fn resolve(
        &self,
        block: &Block,
        decisions: &BTreeMap<BExp, bool>,
        sync_vars: &mut Vec<Enclosing>,
    ) -> Result<Resolved, WfError> {
        let mut out = Vec::new();
        let mut assumed = Vec::new();
        for s in block {
            if !s.has_sync() {
                out.push(s.clone());
                continue;
            }
            match self.resolve_stmt(s, decisions, sync_vars)? {
                Resolved::Split(c) => return Ok(Resolved::Split(c)),
                Resolved::Done(stmts, more) => {
                    out.extend(stmts);
                    assumed.extend(more);
                }
            }
        }
        Ok(Resolved::Done(out, assumed))
    }

    fn resolve_stmt(
        &self,
        s: &Stmt,
        decisions: &BTreeMap<BExp, bool>,
        sync_vars: &mut Vec<Enclosing>,
    ) -> Result<Resolved, WfError> {
        match &s.kind {
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                let what = format!("synchronized conditional `{cond}`");
                let branch = match self.decide(cond, s.span, decisions, sync_vars, &what)? {
                    Decision::Split(c) => return Ok(Resolved::Split(c)),
                    Decision::Take(d) => d,
                    Decision::Assume => {
                        return Err(WfError::Unknown {
                            reason: format!(
                                "synchronized conditional `{cond}` depends on an enclosing synchronized loop variable (not supported, as in Faial)"
                            ),
                            span: s.span,
                        })
                    }
                };
                let chosen = if branch { then_branch } else { else_branch };
                self.resolve(chosen, decisions, sync_vars)
            }
            StmtKind::For {
                tag,
                var,
                lo,
                hi,
                body,
            } => self.resolve_loop(s, *tag, var, lo, hi, body, decisions, sync_vars),
            _ => Ok(Resolved::Done(vec![s.clone()], Vec::new())),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn resolve_loop(
        &self,
        s: &Stmt,
        tag: Option<LoopTag>,
        var: &Var,
        lo: &NExp,
        hi: &NExp,
        body: &Block,
        decisions: &BTreeMap<BExp, bool>,
        sync_vars: &mut Vec<Enclosing>,
    ) -> Result<Resolved, WfError> {
        if tag == Some(LoopTag::Unsync) {
            // `sync` inside `forU`: let `lower` report it with its rule.
            return Ok(Resolved::Done(vec![s.clone()], Vec::new()));
        }
        let nonempty = BExp::rel(ROp::Lt, lo.clone(), hi.clone());
        let what = format!("synchronized loop `{var} in {lo}..{hi}`");
        let mut assumed = Vec::new();
        match self.decide(&nonempty, s.span, decisions, sync_vars, &what)? {
            Decision::Split(c) => return Ok(Resolved::Split(c)),
            Decision::Take(false) => return Ok(Resolved::Done(Vec::new(), Vec::new())),
            Decision::Take(true) => {}
            Decision::Assume => assumed.push((
                Assumption {
                    condition: nonempty.to_string(),
                    reason: format!("synchronized loop `{var}` runs at least once"),
                    span: s.span,
                },
                Obligation {
                    ranges: sync_vars.clone(),
                    goal: nonempty.clone(),
                },
            )),
        }
        sync_vars.push((var.clone(), lo.clone(), hi.clone()));
        let inner = self.resolve(body, decisions, sync_vars);
        sync_vars.pop();
        let (body, more) = match inner? {
            Resolved::Split(c) => return Ok(Resolved::Split(c)),
            Resolved::Done(b, more) => (b, more),
        };
        assumed.extend(more);
        // A branch without `sync` may have been chosen: the loop is then unsynchronized.
        let tag = if semantics::surface::block_has_sync(&body) {
            tag
        } else {
            None
        };
        let kind = StmtKind::For {
            tag,
            var: var.clone(),
            lo: lo.clone(),
            hi: hi.clone(),
            body,
        };
        Ok(Resolved::Done(vec![Stmt::new(kind, s.span)], assumed))
    }

    fn decide(
        &self,
        cond: &BExp,
        span: Span,
        decisions: &BTreeMap<BExp, bool>,
        sync_vars: &[Enclosing],
        what: &str,
    ) -> Result<Decision, WfError> {
        match self.classify(cond, sync_vars) {
            Dependence::Closed(d) => Ok(Decision::Take(d)),
            Dependence::Thread(x) => Err(WfError::Divergence {
                span,
                message: format!(
                    "barrier divergence: {what} depends on the thread-local `{x}`, so threads may disagree on reaching the barrier"
                ),
            }),
            Dependence::SyncLoopVar => Ok(Decision::Assume),
            Dependence::Params(c) => Ok(match decisions.get(&c) {
                Some(d) => Decision::Take(*d),
                None => Decision::Split(c),
            }),
        }
    }
}

enum Decision {
    Take(bool),
    Split(BExp),
    Assume,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::{Provenance, ThreadModel};

    pub(crate) fn kernel_of(src: &str) -> Kernel {
        let program = semantics::surface::parse(src).expect("parses");
        Kernel {
            name: "test".into(),
            file: "test.proto".into(),
            source: src.into(),
            program,
            threads: ThreadModel::single_tid(),
            unknowns: Vec::new(),
            unsupported: Vec::new(),
            provenance: Provenance::Protocol,
            launch: Vec::new(),
        }
    }

    fn wf(src: &str) -> Result<Wellformed, WfError> {
        wellformed(&kernel_of(src), "", &BTreeMap::new(), true)
    }

    #[test]
    fn nested_loops_over_the_same_range_give_two_cases() {
        let mut src = String::new();
        for k in 0..50 {
            src.push_str(&format!("forS i{k} in 0..N {{ wr[tid]; sync; "));
        }
        src.push_str(&"}".repeat(50));
        let w = wf(&src).unwrap();
        assert_eq!(w.cases.len(), 2);
        assert_eq!(w.accesses.len(), 50);
    }

    #[test]
    fn sync_under_tid_condition_is_divergence_with_location() {
        let e = wf("wr[tid];\nif tid < 16 { sync }").unwrap_err();
        match e {
            WfError::Divergence { span, message } => {
                assert_eq!(span.line, 2);
                assert!(message.contains("tid"), "{message}");
            }
            other => panic!("unexpected {other:?}"),
        }
        assert!(matches!(
            wf("forS i in 0..tid { sync }"),
            Err(WfError::Divergence { .. })
        ));
    }

    #[test]
    fn inner_loop_bound_on_outer_variable_is_assumed() {
        let w = wf("forS x in 0..4 { forS y in 0..x { sync } }").unwrap();
        assert_eq!(w.cases.len(), 1);
        assert_eq!(w.cases[0].assumed.len(), 1);
        assert_eq!(w.cases[0].assumed[0].condition, "0 < x");
    }

    #[test]
    fn parameter_conditional_is_inlined_into_two_copies() {
        let w = wf("if N > 2 { wr[tid]; sync } else { rd[0]; sync }").unwrap();
        assert_eq!(w.cases.len(), 2);
        let facts: Vec<String> = w.cases.iter().map(|c| c.facts[0].to_string()).collect();
        assert!(facts.contains(&"N > 2".to_string()) && facts.contains(&"!(N > 2)".to_string()));
    }

    #[test]
    fn tags_are_removed_for_printing() {
        let w = wf("wr[tid]; sync").unwrap();
        assert_eq!(
            strip_tags(&w.cases[0].protocol).to_string(),
            "wr[tid];\nsync"
        );
    }
}
