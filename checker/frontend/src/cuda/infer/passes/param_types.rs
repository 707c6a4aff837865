//! The range of its C type of each integer parameter the protocol uses
//! is stated, and a signed one's two parts are stated not both non-zero
//! (`Kernel::signed`): facts, without which a witness could give an `int`
//! the value 2^32.
//!
//! Needs: the final protocol (only the parameters it uses) and the
//! assumptions of `signed_indices.rs` (which state some of these bounds
//! already; they are not repeated).

use super::super::*;

impl Infer<'_> {
    /// States the range of its C type of each integer parameter the
    /// protocol uses (`n <= 2^31 - 1` and `n_neg <= 2^31` for an `int`):
    /// a fact, not an assumption, without which a witness could give an
    /// `int` the value 2^32.  Those of [`Infer::bound_param`] are stated by
    /// [`Infer::assume_small_params`].
    pub(super) fn assume_param_types(&mut self) {
        let free = semantics::surface::Program {
            body: self.out.body.clone(),
            ..Default::default()
        }
        .free_vars();
        // A parameter the host's facts name (`host_facts.rs`) is used too;
        // one that `assume_small_params` bounds only if the body uses it.
        let host: BTreeSet<String> = self
            .out
            .host
            .iter()
            .flat_map(|(a, _)| a.cond.fv())
            .collect();
        let small: BTreeSet<&String> = self.params.small.iter().flat_map(|(_, p)| p).collect();
        // (A parameter's value may be made more than once.)
        let typed: BTreeSet<&String> = self.params.typed.iter().collect();
        for x in typed {
            let max = self.values.bounds.get(x).and_then(|b| b.1);
            let used = free.contains(x) || host.contains(x);
            let bounded_small = small.contains(x) && free.contains(x);
            if let (Some(max), true, false) = (max, used, bounded_small) {
                let cond = BExp::rel(ROp::Le, NExp::var(x), NExp::Num((max as u128).into()));
                // (Signed indices state their parts' bounds already.)
                if !self.out.assumptions.iter().any(|a| a.cond == cond) {
                    let span = Span::default();
                    self.out.assumptions.push(Assumption { cond, span });
                }
            }
        }
        // A signed value `n - n_neg` has one part 0 (the other is its
        // magnitude): every protocol expression depends on the difference
        // alone, so this loses no value, and the checker may split on the
        // sign (`Kernel::signed`, `core::domains::sign_pairs`).
        let signed: BTreeSet<&(String, String)> = self.params.signed.iter().collect();
        for (x, neg) in signed {
            let used = |v: &String| free.contains(v) || host.contains(v);
            if used(x) && used(neg) {
                let zero = |v: &str| BExp::rel(ROp::Eq, NExp::var(v), NExp::num(0));
                self.out.assumptions.push(Assumption {
                    cond: BExp::or(zero(x), zero(neg)),
                    span: Span::default(),
                });
                self.out.signed.push(SignedParam {
                    pos: x.clone(),
                    neg: neg.clone(),
                });
            }
        }
    }
}
