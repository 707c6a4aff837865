//! Loop variables every thread of a block holds alike at each iteration
//! (`docs/c-model.md`, "Loops"): the counter of a loop whose shape the front
//! end does not model (`for (k = c - 1; k >= e;) { …; k--; …; k--; }`) is
//! havocked to an unknown, which would make the loop's condition
//! thread-dependent and a barrier inside it unsupported.
//!
//! A variable the loop changes is *iteration-uniform* when its value before
//! the loop is uniform and every change is a top-level statement of the
//! body (or the loop's step) computing it from constants, uniform values
//! the loop does not change and iteration-uniform variables, without memory
//! reads or calls; the body has no `break`, `continue` or `return`, and the
//! variable's address is not taken.  By induction on the iterations, every
//! thread that starts an iteration holds the same value: all threads run
//! the same statements on the same inputs.  So the loop's condition, read
//! from such variables and uniform ones, has one value in all threads at
//! each iteration: they run the same number of iterations.
//!
//! The havocked unknowns stay thread-local for races (a phase may span two
//! iterations, where the values differ) and are listed in
//! `Kernel::iteration_uniform`, which the divergence check shares between
//! its two threads.  Where no phase spans two iterations in which they are
//! used, a race query shares them too (`Kernel::phase_uniform`; see
//! [`Infer::share_in_phases`]).

use super::*;

impl Infer<'_> {
    /// The iteration-uniform variables among `modified` (see the module
    /// documentation), before the loop is havocked.
    pub(super) fn iteration_uniform_vars(
        &self,
        modified: &BTreeSet<String>,
        body: &S,
        post: Option<&E>,
    ) -> BTreeSet<String> {
        if loop_shape::has_jump(body) {
            return BTreeSet::new();
        }
        let mut top = Vec::new();
        top_level_expressions(body, &mut top);
        top.extend(post);
        let indirect = self.indirectly_modified_by(body);
        let mut uniform: BTreeSet<String> = modified
            .iter()
            .filter(|k| !indirect.contains(*k))
            .filter(|k| matches!(self.values.env.get(*k), Some(Val::Int(l)) if self.alike_in_iteration(&lin_vars(l))))
            .cloned()
            .collect();
        loop {
            let before = uniform.len();
            let mut drop = BTreeSet::new();
            let mut check = |e: &E| {
                for (key, ok) in self.change(e, &top, &uniform, modified) {
                    if !ok {
                        drop.insert(key);
                    }
                }
            };
            visit_stmt(body, &mut check);
            if let Some(p) = post {
                visit_expr(p, &mut check);
            }
            uniform.retain(|k| !drop.contains(k));
            if uniform.len() == before {
                return uniform;
            }
        }
    }

    /// The variables `e` changes (assignment, `++`/`--`, address taken),
    /// each with whether the change keeps it iteration-uniform: only a
    /// change of a variable named as the target itself can (`(c ? i : j) =
    /// e` changes `i` in some threads only).
    fn change(
        &self,
        e: &E,
        top: &[&E],
        uniform: &BTreeSet<String>,
        modified: &BTreeSet<String>,
    ) -> Vec<(String, bool)> {
        let (target, value) = match &e.kind {
            EK::IncDec { e: x, .. } => (x, None),
            EK::Assign(_, x, v) => (x, Some(v)),
            EK::Un(UnOp::AddrOf, x) => (x, None),
            _ => return Vec::new(),
        };
        let EK::Var(_, key, _) = &target.kind else {
            let mut keys = BTreeSet::new();
            lvalue_vars(target, &mut keys);
            return keys.into_iter().map(|k| (k, false)).collect();
        };
        let at_top = top.iter().any(|t| std::ptr::eq(*t, e));
        let taken = matches!(e.kind, EK::Un(UnOp::AddrOf, _));
        let ok = !taken && at_top && value.is_none_or(|v| self.uniform_step(v, uniform, modified));
        vec![(key.clone(), ok)]
    }

    /// `v` computes the same value in every thread at one iteration: pure,
    /// from iteration-uniform variables and uniform ones the loop keeps.
    fn uniform_step(&self, v: &E, uniform: &BTreeSet<String>, modified: &BTreeSet<String>) -> bool {
        if !pure(v) {
            return false;
        }
        let mut ok = true;
        visit_expr(v, &mut |x| match &x.kind {
            EK::Var(_, key, _) if uniform.contains(key) => {}
            EK::Var(_, key, _) => {
                ok &= !modified.contains(key)
                    && matches!(self.values.env.get(key), Some(Val::Int(l)) if self.alike_in_iteration(&lin_vars(l)));
            }
            EK::Builtin(name) => ok &= self.alike_in_iteration(&[name.clone()].into()),
            _ => {}
        });
        ok
    }

    /// Do the variables `fv` hold one value in all threads of the block at
    /// each iteration of the enclosing loops?
    pub(super) fn alike_in_iteration(&self, fv: &BTreeSet<String>) -> bool {
        fv.iter()
            .all(|x| self.uniform(&[x.clone()].into()) || self.out.iteration_uniform.contains(x))
    }

    /// Shares between the two threads of a race query
    /// (`Kernel::phase_uniform`) those of the unknowns `alike` — what a
    /// loop's iteration-uniform variables hold on entry to an iteration —
    /// that no phase uses in two iterations.  `body` is the emitted body of
    /// the loop.  Within the block (barriers order nothing across blocks),
    /// with a block barrier at the body's top level, a phase holds code of
    /// one iteration, except the one that runs from the body's last
    /// top-level barrier in iteration k to its first in iteration k + 1.
    /// An unknown that only one of those two stretches mentions is used in
    /// one iteration in every phase, where all threads hold it alike; an
    /// unknown both mention stays per-thread.  What the iteration computes
    /// from them alone (and from invariant values) by operations not
    /// modelled exactly is judged the same way: all threads compute it
    /// alike from the same inputs.
    pub(super) fn share_in_phases(&mut self, body: &[Stmt], alike: &BTreeSet<String>) {
        if self.params.grid_level || alike.is_empty() {
            return;
        }
        let mut alike = alike.clone();
        self.promote_derived(&mut alike);
        let is_barrier = |s: &Stmt| s.kind == StmtKind::Sync;
        let (Some(first), Some(last)) = (
            body.iter().position(is_barrier),
            body.iter().rposition(is_barrier),
        ) else {
            return;
        };
        let mentioned = |stmts: &[Stmt]| -> BTreeSet<String> {
            stmts.iter().flat_map(|s| s.free_vars()).collect()
        };
        let (head, tail) = (mentioned(&body[..first]), mentioned(&body[last + 1..]));
        let shared = alike
            .iter()
            .filter(|x| !(head.contains(*x) && tail.contains(*x)));
        self.out.phase_uniform.extend(shared.cloned());
    }

    /// The unknowns the havocked `vars` now hold.
    pub(super) fn unknowns_of(&self, vars: &BTreeSet<String>) -> BTreeSet<String> {
        vars.iter()
            .filter_map(|k| match self.values.env.get(k) {
                Some(Val::Int(l)) => Some(lin_vars(l)),
                _ => None,
            })
            .flatten()
            .collect()
    }
}

/// The expression statements `s` runs unconditionally once per run:
/// itself, or those of a block, and of the plain blocks in it.
fn top_level_expressions<'s>(s: &'s S, out: &mut Vec<&'s E>) {
    match &s.kind {
        SK::Expr(e) => out.push(e),
        SK::Block(b) => b.iter().for_each(|s| top_level_expressions(s, out)),
        _ => {}
    }
}
