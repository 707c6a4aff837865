//! The facts the host code states at the kernel's launches
//! (`cuda::host_facts`) as one assumption on the parameters and the
//! dimensions: each launch's facts together, and, with several launches,
//! one of the launches' (`docs/launch-configuration.md`, "Relations from
//! the host code").  Each host value of a launch is a fresh parameter of
//! the protocol of its C type, recorded in `Encoding::host` with its
//! launch and the host variable's name, so that a report names the
//! launch of a witness and its host values in C terms.  The facts are evaluated by the
//! kernel's own C semantics before the body runs, when each parameter
//! still holds the value the launch passed.

use super::*;
use crate::cuda::host_facts::{eq, LaunchFacts, Subject, HOST_PREFIX};
use mapcheck_ir::encoding::{HostValue, HostValues};

/// How many launches give one assumption; with more, the facts are
/// left out (the parameters stay free).
pub const MAX_LAUNCHES: usize = 8;

impl Infer<'_> {
    /// The facts of `launches` (of kernel `f`) as assumptions of the
    /// protocol, each with the sites it comes from (`Output::host`).
    pub(super) fn assume_host_facts(&mut self, f: &Func, launches: &[LaunchFacts]) {
        if launches.is_empty() || launches.len() > MAX_LAUNCHES {
            return;
        }
        let mut cases = Vec::new();
        let mut values = Vec::new();
        for (i, l) in launches.iter().enumerate() {
            let conds = self.launch_conditions(f, l, i, &mut values);
            if conds.is_empty() {
                // This launch says nothing: neither does their union.
                return;
            }
            cases.push(conds);
        }
        let single = cases.len() == 1;
        // With several launches, `selector = i` in a witness names the
        // launch whose facts it meets (`Encoding::host`).
        let selector = (!single).then(|| self.fresh_internal_name("host_launch"));
        self.out.encoding.host = Some(HostValues {
            launches: launches.iter().map(|l| l.site.clone()).collect(),
            selector: selector.clone(),
            values,
        });
        let mut disjuncts = Vec::new();
        for (i, conds) in cases.into_iter().enumerate() {
            if single {
                conds.iter().for_each(|c| self.learn_bounds(c));
            }
            let which = selector
                .as_ref()
                .map(|x| BExp::rel(ROp::Eq, NExp::var(x), NExp::num(i as u64)));
            let all = which.into_iter().chain(conds).reduce(BExp::and);
            disjuncts.extend(all);
        }
        let Some(cond) = disjuncts.into_iter().reduce(BExp::or) else {
            return;
        };
        let sites = launches.iter().map(|l| l.site.clone()).collect();
        let a = Assumption {
            cond,
            span: Span::default(),
        };
        self.out.host.push((a, sites));
    }

    /// The facts of launch `l` (the `launch`-th) as conditions, its host
    /// values bound to fresh parameters (added to `values`); a fact that
    /// the inference cannot state without a thread's own unknowns is left
    /// out.
    fn launch_conditions(
        &mut self,
        f: &Func,
        l: &LaunchFacts,
        launch: usize,
        values: &mut Vec<HostValue>,
    ) -> Vec<BExp> {
        let mut out = Vec::new();
        for fact in &l.facts {
            let cond = match fact.subject {
                Subject::Arg(i) => match f.params.get(i) {
                    Some(p) if p.shape == Shape::Scalar && p.ty == fact.cond.ty => {
                        let kind = EK::Var(p.name.clone(), p.key.clone(), RefKind::Local);
                        let param = E {
                            kind,
                            span: fact.cond.span,
                            ty: p.ty,
                        };
                        eq(param, fact.cond.clone())
                    }
                    _ => continue,
                },
                _ => fact.cond.clone(),
            };
            values.extend(self.bind_host_values(&cond, launch));
            let spec = std::mem::replace(&mut self.eval.spec, true);
            let host = std::mem::replace(&mut self.eval.host, true);
            let locals_before = self.out.locals.len();
            let c = self.cond(&cond);
            (self.eval.spec, self.eval.host) = (spec, host);
            let thread_free = c.fv().iter().all(|x| {
                !self.out.locals.contains(x)
                    && !x.starts_with("threadIdx.")
                    && !x.starts_with("blockIdx.")
            });
            if thread_free && self.out.locals.len() == locals_before {
                out.push(c);
            }
        }
        // The next launch's host values are its own.
        self.values.env.retain(|k, _| !k.starts_with(HOST_PREFIX));
        out
    }

    /// Binds each host value `cond` reads and no earlier fact of the
    /// launch bound to a fresh parameter of its C type; returns them, of
    /// launch number `launch`.
    fn bind_host_values(&mut self, cond: &E, launch: usize) -> Vec<HostValue> {
        let mut found: Vec<(String, String, Option<IntTy>)> = Vec::new();
        visit_expr(cond, &mut |e: &E| {
            if let EK::Var(name, key, _) = &e.kind {
                if key.starts_with(HOST_PREFIX) {
                    found.push((name.clone(), key.clone(), e.ty));
                }
            }
        });
        let mut bound = Vec::new();
        for (name, key, ty) in found {
            if self.values.env.contains_key(&key) {
                continue;
            }
            let x = self.fresh_internal_name(&format!("host_{name}"));
            self.values.var_types.insert(key.clone(), ty);
            let v = self.uniform_value(&x, ty);
            self.values.invariant_unknowns.extend(lin_vars(&v));
            self.values.env.insert(key, Val::Int(v));
            bound.push(HostValue {
                var: x,
                launch,
                name,
            });
        }
        bound
    }
}
