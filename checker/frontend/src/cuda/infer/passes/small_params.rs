//! The bound of [`Infer::bound_param`] (integer parameters smaller than
//! 2^31 in magnitude, unless `--large-params`) is stated on the
//! parameters the protocol uses, with a note printed with the verdict.
//!
//! Needs: the final protocol (only the parameters it uses).

use super::super::*;

impl Infer<'_> {
    /// States the bound of [`Infer::bound_param`] on the parameters the
    /// protocol uses.
    pub(super) fn assume_small_params(&mut self) {
        let free = semantics::surface::Program {
            body: self.out.body.clone(),
            ..Default::default()
        }
        .free_vars();
        let mut named = Vec::new();
        for (name, parts) in std::mem::take(&mut self.params.small) {
            if !parts.iter().any(|x| free.contains(x)) {
                continue;
            }
            named.push(format!("`{name}`"));
            for x in parts {
                let max = self
                    .values
                    .bounds
                    .get(&x)
                    .and_then(|b| b.1)
                    .unwrap_or(i128::MAX);
                self.out.assumptions.push(Assumption {
                    cond: BExp::rel(ROp::Le, NExp::var(&x), NExp::Num((max as u128).into())),
                    span: Span::default(),
                });
            }
        }
        if !named.is_empty() {
            self.out.notes.push(format!(
                "the integer parameter(s) {} are smaller than 2^31 in magnitude (--large-params to drop)",
                named.join(", ")
            ));
        }
    }
}
