//! The order of a synchronized loop's iterations (`docs/c-model.md`, "Loops").
//!
//! With a barrier in its body, a loop's iterations are not interchangeable:
//! the code after the barrier of one iteration shares a phase with the
//! code before the barrier of the next, and the last iteration's with the
//! code after the loop.  So a loop that counts down is emitted counting
//! down ([`Infer::counting_down`]), and a loop over powers whose emitted
//! range ends past its real last value (`size < n` doubling) gets the code
//! of its possible last iterations again after it
//! ([`Infer::last_iteration_tail`]).

use super::loop_shape::{Dir, LoopShape};
use super::*;

impl Infer<'_> {
    /// The loop `for k in lo..hi { body }` with its iterations in the
    /// opposite order, `k = hi - 1` first: `for k' in 0..hi - lo { body[k :=
    /// hi - 1 - k'] }`.  With a barrier in the body the order matters: the
    /// code of one iteration shares a phase with that of the *next* one,
    /// and the last iteration's with the code after the loop.
    pub(super) fn counting_down(
        &mut self,
        name: &str,
        k: &str,
        (lo, hi): (&Lin, &Lin),
        body: &[Stmt],
    ) -> StmtKind {
        let down = self.fresh_name(name);
        let top = NExp::sub(hi.to_nexp(), NExp::num(1));
        let value = NExp::sub(top, NExp::var(&down));
        self.rename_counter(k, &down, &value);
        StmtKind::For {
            tag: None,
            var: down,
            lo: NExp::num(0),
            hi: NExp::sub(hi.to_nexp(), lo.to_nexp()),
            body: body.iter().map(|s| s.subst(k, &value)).collect(),
        }
    }

    /// A loop over powers whose last value is not known exactly (`size <
    /// n` doubling stops at the largest power below `n`, but the emitted
    /// loop runs over every number up to `n - 1`): the code after the last
    /// barrier of that last iteration shares a phase with the code after
    /// the loop, unless a barrier follows the loop.  Returns that code for
    /// every value the last one may have (an unsynchronized loop, emitted
    /// after the loop: an over-approximation), `None` when not needed; the
    /// loop is unsupported when that code cannot be isolated.
    pub(super) fn last_iteration_tail(
        &mut self,
        shape: &LoopShape,
        body: &[Stmt],
        k: &str,
        (lo, hi): (&Lin, &Lin),
        step: &Lin,
        span: Span,
    ) -> Option<StmtKind> {
        let c = step.constant().filter(|&c| c >= 2);
        let range = match (shape.dir, c) {
            // The last power p below `hi` has p·c ≥ hi.
            (Dir::Times, Some(c)) => (
                NExp::bin(NOp::Div, hi.to_nexp(), Lin::int(c).to_nexp()),
                hi.to_nexp(),
            ),
            // Down to `lo`: the last p has p / c < lo, so lo ≤ p < lo·c.
            // Only halving down to 1 (`s > 0`, `s >>= 1`) ends on `lo`
            // itself, the emitted loop's last value; `s /= 4` down to 1
            // may end on 1, 2 or 3.
            (Dir::Divide, Some(c)) if !(lo.constant() == Some(1) && c == 2) => {
                (lo.to_nexp(), lo.mul(&Lin::int(c)).to_nexp())
            }
            _ => return None,
        };
        let ends_with_barrier = body.last().is_some_and(|s| s.kind == StmtKind::Sync);
        let last_barrier = body.iter().rposition(|s| s.kind == StmtKind::Sync);
        let tail = match last_barrier {
            _ if ends_with_barrier => return None,
            Some(at) if !body[at + 1..].iter().any(Stmt::has_sync) => &body[at + 1..],
            _ => {
                self.unsupported(
                    span,
                    "loop over powers with a barrier, not followed by a barrier, whose last iteration is not known",
                );
                return None;
            }
        };
        let v = self.fresh_name(&format!("{}_last", shape.var_name));
        self.rename_counter(k, &v, &NExp::var(&v));
        Some(StmtKind::For {
            tag: None,
            var: v.clone(),
            lo: range.0,
            hi: range.1,
            body: tail.iter().map(|s| s.subst(k, &NExp::var(&v))).collect(),
        })
    }
}

/// Does `block` begin (`end` = `first`) or finish (`last`) with a barrier,
/// perhaps the first (last) one of the loop that is all its code?  An
/// over-approximated power loop (every value, not only the powers) adds
/// iterations; with a barrier at the start of each, the code of one real
/// iteration still ends its phase at the next barrier, whichever
/// iteration that belongs to.  (An added iteration whose inner loop is
/// empty has no code at all.)  The phase of the last iteration and the
/// code after the loop is `last_iteration_tail`'s concern.
pub(super) fn barrier_at_end(block: &[Stmt], end: fn(&[Stmt]) -> Option<&Stmt>) -> bool {
    let code: Vec<Stmt> = block
        .iter()
        .filter(|s| s.kind != StmtKind::Skip)
        .cloned()
        .collect();
    match end(&code).map(|s| &s.kind) {
        Some(StmtKind::Sync) => true,
        // Only a loop that is all the code: were there code beside it, an
        // added iteration whose inner loop runs would put a barrier
        // between that code in two real iterations whose inner loops do
        // not run.
        Some(StmtKind::For { body, .. }) if code.len() == 1 => barrier_at_end(body, end),
        _ => false,
    }
}
