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
//!   identifier or a thread-local goes to [`crate::divergence`], which asks
//!   Z3 whether two threads of a block can disagree on it: if not, it is
//!   replaced by its value for thread 0 (a term over parameters) and
//!   treated as above; if so, it is *barrier divergence*, reported with the
//!   two threads; if Z3 cannot tell, it is reported as possible divergence.
//!   A synchronized conditional on an enclosing synchronized loop variable
//!   is not supported (as in Faial) and gives `unknown`.
//!
//! Finally [`semantics::surface::lower()`] tags, regroups and closes the
//! protocol, and every access of the protocol is numbered with its source
//! access ([`crate::numbered`]), so later stages can name the source access
//! of a phase.

use crate::divergence::{Divergence, Uniform};
use crate::kernel::Kernel;
use crate::numbered::{self, AccessId};
use crate::params::thread_locals;
use crate::smt::Session;
use crate::verdict::{Assumption, CheckOptions};
use semantics::expr::{BExp, NExp, Nat, ROp, Var};
use semantics::surface::{lower, Block, LoopTag, LowerOptions, Program, Span, Stmt, StmtKind};
use semantics::Mode;
use std::collections::{BTreeMap, BTreeSet};

/// At most this many case-split conditions (2^k copies).
pub const MAX_SPLIT_CONDITIONS: usize = 12;

/// At most this many cases per array (each is checked on its own): beyond
/// it the answer is `unknown`, so that many independent conditions cannot
/// make the check take hours.
pub const MAX_CASES: usize = 64;

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
    /// The well-formed protocol, each access numbered with its source access.
    pub protocol: numbered::W,
    /// The source accesses of the checked array in this case, in program
    /// order: [`AccessId`] `k` is `accesses[k]`.
    pub accesses: Vec<AccessInfo>,
}

impl Case {
    /// The source access of an access of [`Case::protocol`].
    pub fn access(&self, id: AccessId) -> Option<&AccessInfo> {
        self.accesses.get(id.0)
    }
}

/// An enclosing synchronized loop: variable and range.
pub use crate::divergence::Enclosing;

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
}

/// Why no well-formed protocol was produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WfError {
    Divergence { span: Span, message: String },
    Unknown { reason: String, span: Span },
    Invalid { span: Span, message: String },
}

/// The well-formed protocols of `array` in every case, under the fixed
/// parameter values of `opts` (`--param`, `--threads`); `session` decides
/// whether thread-dependent synchronized conditions are uniform
/// ([`crate::divergence`]).
pub fn wellformed(
    kernel: &Kernel,
    array: &str,
    opts: &CheckOptions,
    session: &Session,
) -> Result<Wellformed, WfError> {
    lower_cases(kernel, array, &resolve(kernel, opts, session))
}

/// The synchronized conditions and loops of a kernel decided, case by
/// case: the part of well-formedness that does not depend on the array
/// (and asks Z3 about divergence), done once per kernel and lowered per
/// array by [`lower_cases`].
#[derive(Clone, Debug)]
pub struct Resolution {
    cases: Vec<ResolvedCase>,
    /// Why no more cases were made (too many, divergence, …): reported
    /// after the errors that lowering the cases before it gives, as one
    /// array's well-formedness always did.
    stopped: Option<WfError>,
}

#[derive(Clone, Debug)]
struct ResolvedCase {
    decisions: BTreeMap<BExp, bool>,
    body: Block,
    assumed: Vec<(Assumption, Obligation)>,
}

/// Resolves the kernel's synchronized conditions under the fixed parameter
/// values of `opts` (see [`wellformed`]).
pub fn resolve(kernel: &Kernel, opts: &CheckOptions, session: &Session) -> Resolution {
    let program = &kernel.program;
    let env = crate::params::fixed_env(kernel, opts);
    let resolver = Resolver {
        env: &env,
        locals: thread_locals(kernel),
        divergence: Divergence::new(kernel, session, opts),
        loop_exits: &kernel.loop_exits,
        within_iteration: within_an_iteration(&program.body, &kernel.loop_exits),
    };
    let mut cases = Vec::new();
    // Worklist of decision sets; `true` first so the first racy case found
    // is the one where every loop runs (replayable in the reference).
    let mut work: Vec<BTreeMap<BExp, bool>> = vec![BTreeMap::new()];
    while let Some(decisions) = work.pop() {
        let resolved = match resolver.resolve(&program.body, &decisions, &mut Vec::new()) {
            Ok(r) => r,
            Err(e) => return Resolution::stopped(cases, e),
        };
        match resolved {
            Resolved::Split(cond) => {
                if decisions.len() >= MAX_SPLIT_CONDITIONS {
                    let reason = format!(
                        "more than {MAX_SPLIT_CONDITIONS} distinct synchronized conditions"
                    );
                    return Resolution::overflowing(cases, reason);
                }
                for d in [false, true] {
                    let mut next = decisions.clone();
                    next.insert(cond.clone(), d);
                    work.push(next);
                }
            }
            Resolved::Done(body, assumed) => {
                if cases.len() >= MAX_CASES {
                    let reason = format!("more than {MAX_CASES} cases of synchronized conditions");
                    return Resolution::overflowing(cases, reason);
                }
                cases.push(ResolvedCase {
                    decisions,
                    body,
                    assumed,
                });
            }
        }
    }
    Resolution {
        cases,
        stopped: None,
    }
}

impl Resolution {
    fn overflowing(cases: Vec<ResolvedCase>, reason: String) -> Resolution {
        let span = Span::default();
        Resolution::stopped(cases, WfError::Unknown { reason, span })
    }

    fn stopped(cases: Vec<ResolvedCase>, e: WfError) -> Resolution {
        Resolution {
            cases,
            stopped: Some(e),
        }
    }
}

/// The well-formed protocols of `array` in the cases of `resolution`.
pub fn lower_cases(
    kernel: &Kernel,
    array: &str,
    resolution: &Resolution,
) -> Result<Wellformed, WfError> {
    let mut cases = Vec::new();
    for case in &resolution.cases {
        let program = &kernel.program;
        // Not `..program.clone()`: that copies the whole body too.
        let copy = Program {
            header: program.header.clone(),
            params: program.params.clone(),
            locals: program.locals.clone(),
            assumptions: program.assumptions.clone(),
            body: case.body.clone(),
        };
        if resolution.stopped.is_some() {
            // Only the errors matter: the cases are not checked.
            lower_case(&copy, array)?;
            continue;
        }
        let (assumed, obligations) = case.assumed.iter().cloned().unzip();
        let accesses = source_accesses(&copy.body, array);
        cases.push(Case {
            facts: facts_of(&case.decisions),
            assumed,
            obligations,
            protocol: number(&lower_case(&copy, array)?, &accesses)?,
            accesses,
        });
    }
    match &resolution.stopped {
        Some(e) => Err(e.clone()),
        None => Ok(Wellformed { cases }),
    }
}

fn facts_of(decisions: &BTreeMap<BExp, bool>) -> Vec<BExp> {
    decisions
        .iter()
        .map(|(c, d)| if *d { c.clone() } else { BExp::not(c.clone()) })
        .collect()
}

fn lower_case(program: &Program, array: &str) -> Result<semantics::W, WfError> {
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
// Access numbers
// ---------------------------------------------------------------------------

/// The accesses of `array` in `block`, in program order (the order in
/// which [`lower`] keeps them).
fn source_accesses(block: &Block, array: &str) -> Vec<AccessInfo> {
    let mut out = Vec::new();
    collect_accesses(block, array, &mut out);
    out
}

fn collect_accesses(block: &Block, array: &str, out: &mut Vec<AccessInfo>) {
    for s in block {
        match &s.kind {
            StmtKind::Access {
                mode,
                array: a,
                index,
            } => {
                if a.as_deref().unwrap_or("") == array {
                    out.push(AccessInfo {
                        mode: *mode,
                        array: array.to_string(),
                        index: index.iter().map(|n| n.to_string()).collect(),
                        span: s.span,
                    });
                }
            }
            StmtKind::If {
                then_branch,
                else_branch,
                ..
            } => {
                collect_accesses(then_branch, array, out);
                collect_accesses(else_branch, array, out);
            }
            StmtKind::For { body, .. } => collect_accesses(body, array, out),
            StmtKind::Skip | StmtKind::Sync | StmtKind::ScopedSync { .. } => {}
        }
    }
}

/// Numbers the accesses of a lowered protocol with their source accesses
/// (`accesses`, in the same order); an error, never a skipped access, if
/// the two do not correspond one to one.
fn number(w: &semantics::W, accesses: &[AccessInfo]) -> Result<numbered::W, WfError> {
    let protocol = numbered::W::number(w, &mut (0..accesses.len()).map(AccessId));
    let corresponds = |p: &numbered::W| {
        let sites = p.sites();
        sites.len() == accesses.len()
            && sites.iter().zip(accesses).all(|(site, info)| {
                site.access.mode == info.mode
                    && site
                        .access
                        .index
                        .iter()
                        .map(|n| n.to_string())
                        .eq(info.index.iter().cloned())
            })
    };
    match protocol {
        Some(p) if corresponds(&p) => Ok(p),
        _ => Err(WfError::Unknown {
            reason: "internal error: the accesses of the lowered protocol do not match the source accesses".into(),
            span: Span::default(),
        }),
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
    divergence: Divergence<'a>,
    /// [`Kernel::loop_exits`].
    loop_exits: &'a [Span],
    /// Synchronized conditionals between two barriers of one iteration
    /// ([`within_an_iteration`]).
    within_iteration: Vec<Span>,
}

/// What a condition of a synchronized construct depends on.
enum Dependence {
    Closed(bool),
    Thread(Var),
    SyncLoopVar,
    Params(BExp),
}

impl Resolver<'_> {
    /// `b` with the fixed parameter values.
    fn fixed(&self, b: &BExp) -> BExp {
        self.env
            .iter()
            .fold(b.clone(), |c, (x, v)| c.subst(x, &NExp::Num(v.clone())))
    }

    /// `n` with the fixed parameter values.
    fn fixed_n(&self, n: &NExp) -> NExp {
        self.env
            .iter()
            .fold(n.clone(), |m, (x, v)| m.subst(x, &NExp::Num(v.clone())))
    }

    /// The first thread-local variable of `fv`.
    fn thread_var(&self, fv: &BTreeSet<Var>) -> Option<Var> {
        fv.iter().find(|x| self.locals.contains(*x)).cloned()
    }

    fn classify(&self, cond: &BExp, sync_vars: &[Enclosing]) -> Dependence {
        let c = self.fixed(cond);
        if let Ok(d) = c.eval() {
            return Dependence::Closed(d);
        }
        let fv = c.fv();
        if let Some(x) = self.thread_var(&fv) {
            return Dependence::Thread(x);
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
            // A loop exit decides which threads reach the next iteration's
            // barriers, even with no barrier in its own branches (the last
            // statement of the body, or a second exit in the first's rest).
            if !s.has_sync() && !self.loop_exits.contains(&s.span) {
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
        let what = format!("synchronized loop `{var} in {lo}..{hi}`");
        let (lo, hi) = &self.uniform_bounds(lo, hi, s.span, decisions, sync_vars, &what)?;
        let nonempty = BExp::rel(ROp::Lt, lo.clone(), hi.clone());
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
        if let Some(peeled) = self.peeled(s, var, (lo, hi), body, decisions, sync_vars)? {
            let block = match peeled {
                Ok(block) => block,
                Err(split) => return Ok(Resolved::Split(split)),
            };
            return Ok(match self.resolve(&block, decisions, sync_vars)? {
                Resolved::Done(b, more) => {
                    assumed.extend(more);
                    Resolved::Done(b, assumed)
                }
                split => split,
            });
        }
        sync_vars.push((var.clone(), lo.clone(), hi.clone()));
        let exit = self.leaving_iteration(body, var, decisions, sync_vars);
        let inner = match exit {
            Ok(Some(prefix)) => {
                sync_vars.pop();
                // Only the iteration that leaves the loop, once.
                return Ok(match self.resolve(&prefix, decisions, sync_vars)? {
                    Resolved::Done(b, more) => {
                        assumed.extend(more);
                        Resolved::Done(b, assumed)
                    }
                    split => split,
                });
            }
            Ok(None) => self.resolve(body, decisions, sync_vars),
            Err(e) => Err(e),
        };
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

    /// The loop without its exit when the exit's condition names the loop
    /// variable and can be solved for it ([`peel`]): `Ok` of the program
    /// in this case, `Err` of the condition (whether the exit is reached)
    /// to split on first; `None` when it does not apply.
    fn peeled(
        &self,
        s: &Stmt,
        var: &Var,
        (lo, hi): (&NExp, &NExp),
        body: &Block,
        decisions: &BTreeMap<BExp, bool>,
        sync_vars: &mut Vec<Enclosing>,
    ) -> Result<Option<Result<Block, BExp>>, WfError> {
        let Some(i) = body.iter().position(|s| self.loop_exits.contains(&s.span)) else {
            return Ok(None);
        };
        let StmtKind::If { cond, .. } = &body[i].kind else {
            return Ok(None);
        };
        sync_vars.push((var.clone(), lo.clone(), hi.clone()));
        let on_this_loop = matches!(self.classify(cond, sync_vars), Dependence::SyncLoopVar);
        sync_vars.pop();
        let fixed_body;
        let body = match on_this_loop {
            true => {
                // The exit with the fixed parameter values, so that the
                // condition is solved for the loop variable alone.
                let mut b = body.to_vec();
                if let StmtKind::If { cond, .. } = &mut b[i].kind {
                    *cond = self.fixed(cond);
                }
                fixed_body = b;
                &fixed_body
            }
            false => return Ok(None),
        };
        let Some(peeled) = peel::peel_exit(s, var, lo, hi, body, i) else {
            return Ok(None);
        };
        if !matches!(
            self.classify(&peeled.reached, sync_vars),
            Dependence::Params(_) | Dependence::Closed(_)
        ) {
            return Ok(None);
        }
        let what = format!("the exit `{cond}` of the synchronized loop `{var}`");
        Ok(Some(
            match self.decide(&peeled.reached, s.span, decisions, sync_vars, &what)? {
                Decision::Take(true) => Ok(peeled.leaving),
                Decision::Take(false) => Ok(peeled.staying),
                Decision::Split(c) => Err(c),
                Decision::Assume => return Ok(None),
            },
        ))
    }

    /// A synchronized loop whose body has a loop exit (`if (c) break;`,
    /// [`Kernel::loop_exits`]) decided to be taken in this case: every
    /// thread leaves the loop in the same iteration, so the case is the
    /// iteration that leaves, `Some` of the statements before the exit,
    /// run once (the iterations before it do not take the exit: the other
    /// case).  `None` when there is no such exit, it is not taken, or the
    /// statements before it mention the loop variable (the loop stays, its
    /// exit taken in every iteration: more executions, so still sound).
    /// A split on the exit's condition is returned as an error-free
    /// `Resolved::Split` by the caller's resolve of the body.
    fn leaving_iteration(
        &self,
        body: &Block,
        var: &Var,
        decisions: &BTreeMap<BExp, bool>,
        sync_vars: &[Enclosing],
    ) -> Result<Option<Block>, WfError> {
        // An exit after the body's last barrier (`…; __syncthreads(); c--;
        // if (c <= 0) break;`) has no `sync` in its branches, but it still
        // decides which threads go on to the next iteration's barriers: its
        // condition is decided (divergence) like any other exit's.
        let Some(i) = body.iter().position(|s| self.loop_exits.contains(&s.span)) else {
            return Ok(None);
        };
        let StmtKind::If { cond, .. } = &body[i].kind else {
            return Ok(None);
        };
        let prefix = &body[..i];
        if prefix.iter().any(|s| s.free_vars().contains(var)) {
            return Ok(None);
        }
        let what = format!("synchronized conditional `{cond}`");
        match self.decide(cond, body[i].span, decisions, sync_vars, &what)? {
            Decision::Take(true) => Ok(Some(prefix.to_vec())),
            _ => Ok(None),
        }
    }

    /// The bounds of a synchronized loop, replaced by their thread-free
    /// representatives when they mention thread-locals and every thread
    /// agrees on them ([`crate::divergence`]); divergence otherwise.
    fn uniform_bounds(
        &self,
        lo: &NExp,
        hi: &NExp,
        span: Span,
        decisions: &BTreeMap<BExp, bool>,
        sync_vars: &[Enclosing],
        what: &str,
    ) -> Result<(NExp, NExp), WfError> {
        let (flo, fhi) = (self.fixed_n(lo), self.fixed_n(hi));
        let mut fv = flo.fv();
        fv.extend(fhi.fv());
        let Some(x) = self.thread_var(&fv) else {
            return Ok((lo.clone(), hi.clone()));
        };
        let facts = facts_of(decisions);
        match self.divergence.bounds(&flo, &fhi, &facts, sync_vars) {
            Uniform::Same((lo, hi)) => {
                let mut fv = lo.fv();
                fv.extend(hi.fv());
                match self.thread_var(&fv) {
                    Some(_) if self.within_iteration.contains(&span) => Ok((lo, hi)),
                    Some(y) => Err(self.per_iteration(span, what, &y)),
                    None => Ok((lo, hi)),
                }
            }
            Uniform::Differ(witness) => {
                let (what, x) = self.divergence.user_terms(what, &x, span);
                Err(divergent(span, &what, &x, &witness))
            }
            Uniform::Undecided(why) => {
                let (what, x) = self.divergence.user_terms(what, &x, span);
                Err(undecided(span, &what, &x, &why))
            }
            Uniform::WithinTile => {
                let (what, _) = self.divergence.user_terms(what, &x, span);
                Err(WfError::Unknown {
                    reason: format!(
                        "{what} has the same bounds in the threads of each tile, not of the block (not supported)"
                    ),
                    span,
                })
            }
        }
    }

    /// A uniform construct whose representative keeps `y`, a value all
    /// threads share within an iteration of an enclosing synchronized loop
    /// ([`Kernel::iteration_uniform`]): not supported, like a condition on
    /// a synchronized loop variable.
    fn per_iteration(&self, span: Span, what: &str, y: &str) -> WfError {
        WfError::Unknown {
            reason: format!(
                "{what} is the same in every thread of a block, but depends on `{y}`, read in an enclosing synchronized loop, which may change between iterations (not supported, as a condition on a synchronized loop variable)"
            ),
            span,
        }
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
            Dependence::Thread(x) => {
                let facts = facts_of(decisions);
                match self
                    .divergence
                    .condition(&self.fixed(cond), &facts, sync_vars)
                {
                    Uniform::Same(r) => match self.classify(&r, sync_vars) {
                        // Uniform within an iteration, and its `then` branch
                        // leaves the loop: split on it (ARCHITECTURE.md,
                        // "Barrier divergence", loop exits).
                        Dependence::Thread(_)
                            if self.loop_exits.contains(&span)
                                || self.within_iteration.contains(&span) =>
                        {
                            Ok(match decisions.get(&r) {
                                Some(d) => Decision::Take(*d),
                                None => Decision::Split(r),
                            })
                        }
                        Dependence::Thread(y) => Err(self.per_iteration(span, what, &y)),
                        _ => self.decide(&r, span, decisions, sync_vars, what),
                    },
                    Uniform::Differ(witness) => {
                        let (what, x) = self.divergence.user_terms(what, &x, span);
                        Err(divergent(span, &what, &x, &witness))
                    }
                    Uniform::Undecided(why) => {
                        let (what, x) = self.divergence.user_terms(what, &x, span);
                        Err(undecided(span, &what, &x, &why))
                    }
                    // The two threads of each query agree on it: split on
                    // the condition itself, which each case asserts for
                    // both threads ([`crate::scoped`]).
                    Uniform::WithinTile => {
                        let c = self.fixed(cond);
                        Ok(match decisions.get(&c) {
                            Some(d) => Decision::Take(*d),
                            None => Decision::Split(c),
                        })
                    }
                }
            }
            Dependence::SyncLoopVar => Ok(Decision::Assume),
            Dependence::Params(c) => Ok(match decisions.get(&c) {
                Some(d) => Decision::Take(*d),
                None => Decision::Split(c),
            }),
        }
    }
}

/// The synchronized conditionals and loops (by location) that lie between
/// two barriers of one iteration of their innermost synchronized loop: a
/// statement of the loop's body with a `sync` statement of that body
/// before and after it, and the conditionals and loops inside such a
/// statement (but not inside a loop within it, which has iterations of its
/// own).  Every access there is in a barrier interval within one
/// iteration, so it can race only with accesses of the same iteration,
/// where a value uniform within an iteration has one value: splitting on a
/// condition, or fixing a loop's bounds, that is uniform only within an
/// iteration loses no race.
///
/// The `else` branch of a loop exit ([`Kernel::loop_exits`]) is the rest of
/// the loop's body, run by every thread in the iterations that go on.
fn within_an_iteration(block: &Block, exits: &[Span]) -> Vec<Span> {
    let mut out = Vec::new();
    collect_within(block, Place::Outside, exits, &mut out);
    out
}

/// Where a block is, for [`within_an_iteration`].
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    /// Not in a synchronized loop's body, or in a branch not bracketed.
    Outside,
    /// The body of a loop (or the rest of it after a loop exit).
    LoopBody,
    /// Inside a statement bracketed by two barriers of the iteration.
    Bracketed,
}

fn collect_within(block: &Block, place: Place, exits: &[Span], out: &mut Vec<Span>) {
    let syncs: Vec<usize> = (0..block.len())
        .filter(|&i| matches!(block[i].kind, StmtKind::Sync))
        .collect();
    for (i, s) in block.iter().enumerate() {
        let bracketed = place == Place::Bracketed
            || (place == Place::LoopBody
                && syncs.first().is_some_and(|&a| a < i)
                && syncs.last().is_some_and(|&b| b > i));
        if bracketed && s.has_sync() {
            out.push(s.span);
        }
        match &s.kind {
            StmtKind::If {
                then_branch,
                else_branch,
                ..
            } => {
                let inner = if bracketed {
                    Place::Bracketed
                } else {
                    Place::Outside
                };
                let rest = match (place, exits.contains(&s.span)) {
                    (Place::LoopBody, true) => Place::LoopBody,
                    _ => inner,
                };
                collect_within(then_branch, inner, exits, out);
                collect_within(else_branch, rest, exits, out);
            }
            StmtKind::For { body, .. } => collect_within(body, Place::LoopBody, exits, out),
            _ => {}
        }
    }
}

/// Two threads of a block disagree on a synchronized construct.
fn divergent(span: Span, what: &str, x: &str, witness: &str) -> WfError {
    WfError::Divergence {
        span,
        message: format!(
            "barrier divergence: {what} depends on the thread-local {x}, and threads disagree on reaching the barrier: {witness}"
        ),
    }
}

/// Z3 could not tell whether the threads agree: a possible divergence.
fn undecided(span: Span, what: &str, x: &str, why: &str) -> WfError {
    WfError::Divergence {
        span,
        message: format!(
            "barrier divergence: {what} depends on the thread-local {x}, so threads may disagree on reaching the barrier (whether they all agree was not decided: {why})"
        ),
    }
}

enum Decision {
    Take(bool),
    Split(BExp),
    Assume,
}

mod peel;

#[cfg(test)]
pub(crate) mod tests;
