//! Peeling the iteration that leaves a synchronized loop when its exit
//! names the loop variable: `for i in lo..hi { P; if (i == e) break; Q }`
//! (Rodinia's `if (i == iteration - 1) break;` between two barriers).
//!
//! Every thread evaluates `i == e` alike (it mentions only the loop
//! variable and parameters), so all of them leave in the iteration `i = e`
//! when `lo ≤ e < hi`, and never otherwise.  The loop is then
//!
//! * when the exit is reached: `for i in lo..e { P; Q }` followed by the
//!   leaving iteration `P[i := e]`;
//! * when it is not: `for i in lo..hi { P; Q }`.
//!
//! Both are programs without the exit, with exactly the executions of the
//! original, so the case split on "reached" loses and adds nothing.  A
//! condition on a synchronized loop variable is otherwise not supported
//! ([`super`], as in Faial).

use semantics::expr::{BExp, NExp, NOp, ROp, Var};
use semantics::surface::{Block, Stmt, StmtKind};

/// The two programs of a loop whose exit names its variable.
pub(super) struct Peeled {
    /// Whether the exit is reached (`lo ≤ e < hi`, with `e` defined).
    pub reached: BExp,
    /// The loop when the exit is reached: the iterations before it, then
    /// the iteration that leaves.
    pub leaving: Block,
    /// The loop when it is not: every iteration goes on.
    pub staying: Block,
}

/// The loop `loop_stmt` (`for var in lo..hi { body }`) peeled at its exit
/// `body[exit]` (an `if cond {} else { rest }` whose `then` branch leaves
/// the loop), when `cond` is `var + r == b` (either side) with `var` in
/// neither `r` nor `b`; `None` otherwise.
pub(super) fn peel_exit(
    loop_stmt: &Stmt,
    var: &Var,
    lo: &NExp,
    hi: &NExp,
    body: &Block,
    exit: usize,
) -> Option<Peeled> {
    let StmtKind::If {
        cond,
        then_branch,
        else_branch,
    } = &body[exit].kind
    else {
        return None;
    };
    if !then_branch.is_empty() {
        return None;
    }
    let (at, defined) = solve_equal(cond, var)?;
    let prefix = &body[..exit];
    let mut going_on = prefix.to_vec();
    going_on.extend(else_branch.iter().cloned());
    let with_range = |lo: &NExp, hi: &NExp| -> Stmt {
        let StmtKind::For { tag, .. } = &loop_stmt.kind else {
            unreachable!("peel_exit is called on loops")
        };
        let kind = StmtKind::For {
            tag: *tag,
            var: var.clone(),
            lo: lo.clone(),
            hi: hi.clone(),
            body: going_on.clone(),
        };
        Stmt::new(kind, loop_stmt.span)
    };
    let mut leaving = vec![with_range(lo, &at)];
    leaving.extend(prefix.iter().map(|s| s.subst(var, &at)));
    let reached = BExp::and(
        defined,
        BExp::and(
            BExp::rel(ROp::Le, lo.clone(), at.clone()),
            BExp::rel(ROp::Lt, at.clone(), hi.clone()),
        ),
    );
    Some(Peeled {
        reached,
        leaving,
        staying: vec![with_range(lo, hi)],
    })
}

/// `cond` as `var == e`: `e` and the condition under which that is
/// exact (`var + r == b` holds iff `r ≤ b ∧ var == b ∸ r`).
fn solve_equal(cond: &BExp, var: &Var) -> Option<(NExp, BExp)> {
    let BExp::Rel(ROp::Eq, a, b) = cond else {
        return None;
    };
    let (with_var, other) = match (a.mentions(var), b.mentions(var)) {
        (true, false) => (a, b),
        (false, true) => (b, a),
        _ => return None,
    };
    let rest = without_summand(with_var, var)?;
    let at = match &rest {
        NExp::Num(n) if n == &0u32.into() => other.clone(),
        _ => NExp::sub(other.clone(), rest.clone()),
    };
    let defined = BExp::rel(ROp::Le, rest, other.clone());
    Some((at, defined))
}

/// `n` as `var + r`: `r` (0 when `n` is `var`), if `var` is one summand of
/// `n` and no other summand mentions it.
fn without_summand(n: &NExp, var: &Var) -> Option<NExp> {
    match n {
        NExp::Var(x) if x == var => Some(NExp::num(0)),
        NExp::Bin(NOp::Add, a, b) => match (a.mentions(var), b.mentions(var)) {
            (true, false) => Some(plus(without_summand(a, var)?, (**b).clone())),
            (false, true) => Some(plus((**a).clone(), without_summand(b, var)?)),
            _ => None,
        },
        _ => None,
    }
}

fn plus(a: NExp, b: NExp) -> NExp {
    match (&a, &b) {
        (NExp::Num(n), _) if n == &0u32.into() => b,
        (_, NExp::Num(n)) if n == &0u32.into() => a,
        _ => NExp::add(a, b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_cond(src: &str) -> BExp {
        // A conditional's condition, through the `.proto` parser.
        let p = semantics::surface::parse(&format!("if {src} {{ sync }}")).expect("parses");
        match &p.body[0].kind {
            StmtKind::If { cond, .. } => cond.clone(),
            _ => unreachable!(),
        }
    }

    #[test]
    fn solves_the_loop_variable_out_of_an_equality() {
        let (at, defined) = solve_equal(&parse_cond("i + (k + 1) == n"), &"i".into()).unwrap();
        assert_eq!(at.to_string(), "n - (k + 1)");
        assert_eq!(defined.to_string(), "k + 1 <= n");
        let (at, _) = solve_equal(&parse_cond("n == i"), &"i".into()).unwrap();
        assert_eq!(at.to_string(), "n");
    }

    #[test]
    fn other_conditions_are_not_solved() {
        for c in [
            "2 * i == n",
            "i < n",
            "i + i == n",
            "i == i + n",
            "!(i == n)",
        ] {
            assert!(solve_equal(&parse_cond(c), &"i".into()).is_none(), "{c}");
        }
    }
}
