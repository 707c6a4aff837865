//! Loops of unknown shape (`docs/c-model.md`, "Loops"): `while`, `do`
//! and `for` loops the front end does not count run an unknown number of
//! times, with every variable they change unknown (`Infer::havoc`), kept
//! non-negative where the loop only counts it up, or alike in all threads
//! within an iteration (`uniform_counters.rs`).

use super::loops::is_pointer;
use super::*;

impl Infer<'_> {
    /// `while`, `do`, and `for` loops of unknown shape: a protocol loop over
    /// an unknown number of iterations, with every variable the body
    /// modifies unknown.  A loop with a barrier must be uniform in CUDA, so
    /// its bound is thread-global; otherwise it is thread-local.  `post` is
    /// the condition of a `do … while (post)`, tested after the body: with
    /// a barrier in the body it is a loop exit, which must be alike in all
    /// threads too.
    pub(super) fn unknown_loop(
        &mut self,
        cond: Option<&E>,
        body: &S,
        post: Option<&E>,
        span: Span,
    ) {
        self.out.approximate = true;
        let (changes, alike) = self.unknown_loop_changes(cond, body, post);
        self.forget_changes(&changes, span);
        let alike = self.unknowns_of(&alike);
        // Before the body: its own loops and conditions may use them.
        self.out.iteration_uniform.extend(alike.iter().cloned());
        let stmts = self.nested(|me| me.unknown_loop_iteration(cond, body, post, &alike, span));
        self.share_in_phases(&stmts, &alike);
        self.emit_unknown_iterations(stmts, span);
        self.forget_changes(&changes, span);
    }

    /// What a loop of unknown shape (with condition `cond` or `post`)
    /// changes, and the variables among them alike in all threads within
    /// an iteration (see `iteration_uniform_vars`).
    fn unknown_loop_changes(
        &mut self,
        cond: Option<&E>,
        body: &S,
        post: Option<&E>,
    ) -> (LoopChanges, BTreeSet<String>) {
        let mut modified = self.modified_by(body);
        for e in cond.iter().chain(post.iter()) {
            modified_expr(e, self.unit, &mut modified);
        }
        let counters = self.counting_up(&modified, cond, body, post);
        let alike = self.iteration_uniform_vars(&modified, body, post);
        let extra: Vec<&E> = cond.iter().chain(post.iter()).copied().collect();
        let mut retargeted = self.retargeted_pointers(body, &extra);
        let fields = self.modified_fields(body, &extra, &modified);
        retargeted.extend(
            fields
                .iter()
                .filter(|k| is_pointer(self.values.env.get(*k)))
                .cloned(),
        );
        modified.extend(fields);
        let changes = LoopChanges {
            modified,
            counters,
            retargeted,
        };
        (changes, alike)
    }

    /// Forgets what a loop of unknown shape changes, on entry and on exit.
    fn forget_changes(&mut self, changes: &LoopChanges, span: Span) {
        self.havoc_counting(&changes.modified, &changes.counters, span);
        self.lose_pointers(&changes.retargeted);
    }

    /// An iteration of a loop of unknown shape: the reads of the
    /// condition `cond`, then the body (with the test `post` of a `do …
    /// while`), under the condition unless the body has a barrier (then
    /// the condition must be alike in all threads, as the variables of
    /// `alike` are).
    fn unknown_loop_iteration(
        &mut self,
        cond: Option<&E>,
        body: &S,
        post: Option<&E>,
        alike: &BTreeSet<String>,
        span: Span,
    ) {
        let mut guard = BExp::Bool(true);
        let synced_body = has_barrier(body, self.unit);
        self.control.loops.push(synced_body);
        let reads = self.nested(|m| {
            if let Some(c) = cond {
                guard = m.cond(c);
            }
        });
        let inner = self.nested(|m| {
            m.control.loop_bodies.push(m.control.blocks.len());
            m.stmt(body);
            m.control.loop_bodies.pop();
            if let Some(p) = post {
                m.do_while_test(p, synced_body);
            }
        });
        self.control.loops.pop();
        let synced = block_has_sync(&inner);
        self.emit_all(reads);
        let thread_dependent = guard
            .fv()
            .into_iter()
            .any(|x| !alike.contains(&x) && !self.alike_in_iteration(&[x].into()));
        if synced && thread_dependent {
            // The threads of a block may leave the loop at different
            // iterations, so they may not reach the same barriers.
            self.unsupported(
                span,
                "barrier in a loop whose condition may differ between threads",
            );
        }
        if synced || guard == BExp::Bool(true) {
            self.emit_all(inner);
        } else {
            self.emit(
                StmtKind::If {
                    cond: guard.clone(),
                    then_branch: inner,
                    else_branch: vec![],
                },
                span,
            );
        }
    }

    /// The test of a `do … while (p)`: with a barrier in the body
    /// (`synced_body`), a loop exit `if !p {}` (`Kernel::loop_exits`) at
    /// the end of the body, which the checker requires alike in all
    /// threads (else barrier divergence).
    fn do_while_test(&mut self, p: &E, synced_body: bool) {
        let stays = self.cond(p);
        if synced_body {
            self.emit(
                StmtKind::If {
                    cond: BExp::not(stays),
                    then_branch: vec![],
                    else_branch: vec![],
                },
                p.span,
            );
            if let Some(s) = self.control.blocks.last().and_then(|b| b.last()) {
                let span = s.span;
                self.out.loop_exits.push(span);
            }
        }
    }

    /// Emits the loop of unknown shape over its iteration `stmts`: a
    /// protocol loop over an unknown number of iterations, that number a
    /// local unknown of each thread unless the loop has a barrier.
    fn emit_unknown_iterations(&mut self, stmts: Vec<Stmt>, span: Span) {
        // Only a barrier of the block makes all its threads run the same
        // iterations: a warp's aligns the threads of a warp only.
        let synced = has_block_barrier(&stmts);
        let n = self.fresh_internal_name("iterations");
        let record = Unknown {
            var: n.clone(),
            cause: UnknownCause::Other("iteration count of a loop".into()),
            span: self.span(span),
        };
        if synced {
            // A parameter of the protocol, but not the user's.
            self.out.encoding.uniform_unknowns.push(record);
        } else {
            self.out.locals.push(n.clone());
            self.out.unknowns.push(record);
        }
        let k = self.fresh_name("k");
        let at = self.span(span);
        self.out.encoding.iteration_loops.insert(k.clone(), at);
        self.emit(
            StmtKind::For {
                tag: None,
                var: k,
                lo: NExp::num(0),
                hi: NExp::var(&n),
                body: stmts,
            },
            span,
        );
    }

    /// The variables among `modified` that are not negative before the
    /// loop and that the loop only counts up or sets to non-negative
    /// constants (`i++`, `i += 2`, `i = 0`): not negative after any
    /// number of iterations (signed overflow being undefined; a narrower
    /// signed type wraps around instead, so it is left out).
    fn counting_up(
        &self,
        modified: &BTreeSet<String>,
        cond: Option<&E>,
        body: &S,
        post: Option<&E>,
    ) -> BTreeSet<String> {
        let mut bad = BTreeSet::new();
        let mut check = |e: &E| {
            let target = match &e.kind {
                EK::IncDec {
                    inc: true, e: x, ..
                } => return keep(x, &mut bad, true),
                EK::IncDec { e: x, .. } => return keep(x, &mut bad, false),
                EK::Assign(Some(BinOp::Add), x, v) | EK::Assign(None, x, v) => (x, v),
                EK::Assign(_, x, _) | EK::Un(UnOp::AddrOf, x) => return keep(x, &mut bad, false),
                _ => return,
            };
            let (x, v) = target;
            let ok = matches!(integers::constant_of(v), Some(c) if c >= 0);
            keep(x, &mut bad, ok);
        };
        visit_stmt(body, &mut check);
        for e in cond.iter().chain(post.iter()) {
            visit_expr(e, &mut check);
        }
        // References and calls may change a variable in other ways.
        bad.extend(self.indirectly_modified_by(body));
        modified
            .iter()
            .filter(|k| !bad.contains(*k))
            // `signed char c` counting up wraps to negative values.
            .filter(|k| self.var_type(k).is_none_or(|t| !t.signed || t.bits >= 32))
            .filter(|k| match self.values.env.get(*k) {
                Some(Val::Int(l)) => self.range(l).lo.is_some_and(|lo| lo >= 0),
                _ => false,
            })
            .cloned()
            .collect()
    }

    /// [`Infer::havoc`], keeping the variables of `counters` non-negative.
    fn havoc_counting(&mut self, keys: &BTreeSet<String>, counters: &BTreeSet<String>, span: Span) {
        let (up, rest): (BTreeSet<String>, BTreeSet<String>) =
            keys.iter().cloned().partition(|k| counters.contains(k));
        self.havoc(&rest, span);
        for k in up {
            let ty = self.var_type(&k).map(|t| IntTy {
                bits: t.bits - u32::from(t.signed),
                signed: false,
            });
            let v = self.other_typed("counter changed by a loop", span, ty.or(Some(IntTy::INT)));
            self.values.env.insert(k, v);
        }
    }

    pub(super) fn havoc(&mut self, keys: &BTreeSet<String>, span: Span) {
        for k in keys {
            let v = match self.values.env.get(k).cloned() {
                Some(Val::Ptr { arr, fixed, .. }) => {
                    let off = self.int_unknown("pointer moved in a loop", span);
                    let fixed = fixed
                        .iter()
                        .map(|_| self.int_unknown("pointer moved in a loop", span))
                        .collect();
                    Val::Ptr { arr, fixed, off }
                }
                Some(Val::Ref(_)) | Some(Val::Cell(_)) | Some(Val::Rec { .. }) => continue,
                _ => {
                    let ty = self.var_type(k);
                    self.other_typed("modified in a loop", span, ty)
                }
            };
            self.values.env.insert(k.clone(), v);
        }
    }
}

/// What a loop of unknown shape changes (see `Infer::unknown_loop`).
struct LoopChanges {
    /// Every variable it may change, fields through references included.
    modified: BTreeSet<String>,
    /// Those of `modified` that it only counts up (`Infer::counting_up`).
    counters: BTreeSet<String>,
    /// The pointers it may make point into another array.
    retargeted: BTreeSet<String>,
}

/// Marks the variable assigned by `x` as not counting up unless `ok`.
fn keep(x: &E, bad: &mut BTreeSet<String>, ok: bool) {
    match &x.kind {
        EK::Var(_, key, _) => {
            if !ok {
                bad.insert(key.clone());
            }
        }
        // `(c ? i : j) = e`, `(e, i)++`, …: changed in a way not followed.
        _ => lvalue_vars(x, bad),
    }
}

/// Does `block` hold a barrier of the whole block (`sync`), not only
/// barriers of warps or tiles?
fn has_block_barrier(block: &[Stmt]) -> bool {
    block.iter().any(|s| match &s.kind {
        StmtKind::Sync => true,
        StmtKind::If {
            then_branch,
            else_branch,
            ..
        } => has_block_barrier(then_branch) || has_block_barrier(else_branch),
        StmtKind::For { body, .. } => has_block_barrier(body),
        _ => false,
    })
}
