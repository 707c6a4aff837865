//! Protocols whose accesses say which source access they are: the
//! unsynchronized, synchronized and closure protocols of the reference
//! (`semantics::{U, W, C}`, Fig. 2 and Sec. 6 of `seeds/000_*`) with an
//! [`AccessId`] on every access.
//!
//! Well-formedness ([`crate::wellformed`]) numbers the accesses of each
//! case's protocol, phases ([`crate::phases`]) copy them into closures with
//! their ids, and the SMT encoding ([`crate::smt`]) reports the id of each
//! access of a model, from which the witness names the source access.  An
//! access cannot be built without its id.  Free variables and substitution
//! are the reference's ([`semantics::U::fv`], [`semantics::U::subst`]): they
//! keep every access in place, so the ids are put back by position.

use semantics::expr::{BExp, NExp, Var};
use semantics::Access;
use std::collections::BTreeSet;

/// The number of a source access of one well-formedness case: its position,
/// in program order, among the case's accesses of the checked array (an
/// index into [`crate::wellformed::Case::accesses`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct AccessId(pub usize);

/// An access of a protocol and the source access it comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Site {
    pub id: AccessId,
    pub access: Access,
}

/// `semantics::U` with numbered accesses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum U {
    Skip,
    Acc(Site),
    Seq(Box<U>, Box<U>),
    If(BExp, Box<U>, Box<U>),
    For(Var, NExp, NExp, Box<U>),
}

/// `semantics::W` with numbered accesses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum W {
    Sync(U),
    Seq(Box<W>, Box<W>),
    For(U, Var, NExp, NExp, Box<W>, U),
}

/// `semantics::C` with numbered accesses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum C {
    U(U),
    Var(Var, NExp, NExp, Box<C>),
}

impl U {
    pub fn seq(a: U, b: U) -> U {
        U::Seq(Box::new(a), Box::new(b))
    }

    /// Numbers the accesses of `u` in program order with `ids`; `None` if
    /// there are fewer ids than accesses.
    pub fn number(u: &semantics::U, ids: &mut impl Iterator<Item = AccessId>) -> Option<U> {
        Some(match u {
            semantics::U::Skip => U::Skip,
            semantics::U::Acc(access) => U::Acc(Site {
                id: ids.next()?,
                access: access.clone(),
            }),
            semantics::U::Seq(a, b) => U::seq(U::number(a, ids)?, U::number(b, ids)?),
            semantics::U::If(c, t, e) => U::If(
                c.clone(),
                Box::new(U::number(t, ids)?),
                Box::new(U::number(e, ids)?),
            ),
            semantics::U::For(x, n, m, body) => U::For(
                x.clone(),
                n.clone(),
                m.clone(),
                Box::new(U::number(body, ids)?),
            ),
        })
    }

    /// The protocol without ids.
    pub fn erase(&self) -> semantics::U {
        match self {
            U::Skip => semantics::U::Skip,
            U::Acc(site) => semantics::U::Acc(site.access.clone()),
            U::Seq(a, b) => semantics::U::seq(a.erase(), b.erase()),
            U::If(c, t, e) => semantics::U::if_(c.clone(), t.erase(), e.erase()),
            U::For(x, n, m, body) => semantics::U::for_(x, n.clone(), m.clone(), body.erase()),
        }
    }

    /// The accesses in program order.
    pub fn sites(&self) -> Vec<&Site> {
        let mut out = Vec::new();
        self.collect_sites(&mut out);
        out
    }

    fn collect_sites<'a>(&'a self, out: &mut Vec<&'a Site>) {
        match self {
            U::Skip => {}
            U::Acc(site) => out.push(site),
            U::Seq(a, b) | U::If(_, a, b) => {
                a.collect_sites(out);
                b.collect_sites(out);
            }
            U::For(_, _, _, body) => body.collect_sites(out),
        }
    }

    /// `fv(u)` (Fig. 3).
    pub fn fv(&self) -> BTreeSet<Var> {
        self.erase().fv()
    }

    /// `x ∈ fv(u)`, without erasing the ids or building the set.
    pub fn mentions(&self, x: &str) -> bool {
        match self {
            U::Skip => false,
            U::Acc(site) => site.access.index.iter().any(|e| e.mentions(x)),
            U::Seq(a, b) => a.mentions(x) || b.mentions(x),
            U::If(c, a, b) => c.mentions(x) || a.mentions(x) || b.mentions(x),
            U::For(y, n, m, body) => n.mentions(x) || m.mentions(x) || (y != x && body.mentions(x)),
        }
    }

    /// `u[x := m]`, renaming loop binders that would capture a variable of
    /// `m`; every access keeps its id.
    pub fn subst(&self, x: &str, m: &NExp) -> U {
        let mut ids = self.sites().into_iter().map(|s| s.id);
        let out = U::number(&self.erase().subst(x, m), &mut ids);
        match out {
            Some(u) if ids.next().is_none() => u,
            _ => unreachable!("substitution keeps every access in place"),
        }
    }
}

impl W {
    /// Numbers the accesses of `w` in program order with `ids`; `None` if
    /// there are fewer ids than accesses.
    pub fn number(w: &semantics::W, ids: &mut impl Iterator<Item = AccessId>) -> Option<W> {
        Some(match w {
            semantics::W::Sync(u) => W::Sync(U::number(u, ids)?),
            semantics::W::Seq(p, q) => {
                W::Seq(Box::new(W::number(p, ids)?), Box::new(W::number(q, ids)?))
            }
            semantics::W::For(u1, x, n, m, p, u2) => W::For(
                U::number(u1, ids)?,
                x.clone(),
                n.clone(),
                m.clone(),
                Box::new(W::number(p, ids)?),
                U::number(u2, ids)?,
            ),
        })
    }

    /// The protocol without ids.
    pub fn erase(&self) -> semantics::W {
        match self {
            W::Sync(u) => semantics::W::Sync(u.erase()),
            W::Seq(p, q) => semantics::W::seq(p.erase(), q.erase()),
            W::For(u1, x, n, m, p, u2) => {
                semantics::W::for_(u1.erase(), x, n.clone(), m.clone(), p.erase(), u2.erase())
            }
        }
    }

    /// The accesses in program order.
    pub fn sites(&self) -> Vec<&Site> {
        match self {
            W::Sync(u) => u.sites(),
            W::Seq(p, q) => [p.sites(), q.sites()].concat(),
            W::For(u1, _, _, _, p, u2) => [u1.sites(), p.sites(), u2.sites()].concat(),
        }
    }
}

impl C {
    /// The closure without ids.
    pub fn erase(&self) -> semantics::C {
        match self {
            C::U(u) => semantics::C::U(u.erase()),
            C::Var(x, n, m, c) => {
                semantics::C::Var(x.clone(), n.clone(), m.clone(), Box::new(c.erase()))
            }
        }
    }

    /// `x ∈ fv(c)` (`var` binds its variable in the rest).
    pub fn mentions(&self, x: &str) -> bool {
        match self {
            C::U(u) => u.mentions(x),
            C::Var(y, n, m, rest) => n.mentions(x) || m.mentions(x) || (y != x && rest.mentions(x)),
        }
    }

    /// The unsynchronized protocol under the closure's `var` binders.
    pub fn innermost(&self) -> &U {
        match self {
            C::U(u) => u,
            C::Var(_, _, _, c) => c.innermost(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use semantics::surface::{lower, parse, LowerOptions};

    fn numbered(src: &str) -> W {
        let w = lower(&parse(src).unwrap(), &LowerOptions::default()).unwrap();
        W::number(&w, &mut (0..).map(AccessId)).unwrap()
    }

    #[test]
    fn accesses_are_numbered_in_program_order_and_erased_back() {
        let src = "rd[0]; forS x in 0..N { wr[tid + x]; sync; if tid > 0 { rd[x] } }; wr[1]";
        let w = numbered(src);
        let ids: Vec<usize> = w.sites().iter().map(|s| s.id.0).collect();
        assert_eq!(ids, [0, 1, 2, 3]);
        let modes: Vec<String> = w.sites().iter().map(|s| s.access.to_string()).collect();
        assert_eq!(modes, ["rd[0]", "wr[tid + x]", "rd[x]", "wr[1]"]);
        let reference = lower(&parse(src).unwrap(), &LowerOptions::default()).unwrap();
        assert_eq!(w.erase(), reference);
    }

    #[test]
    fn too_few_ids_is_an_error_not_a_skip() {
        let w = lower(&parse("wr[tid]; rd[0]").unwrap(), &LowerOptions::default()).unwrap();
        assert!(W::number(&w, &mut [AccessId(7)].into_iter()).is_none());
    }

    #[test]
    fn substitution_keeps_ids_and_renames_like_the_reference() {
        let W::Sync(u) = numbered("rd[y]; for x in 0..2 { wr[x + y] }; sync") else {
            panic!("one phase")
        };
        let m = NExp::var("x");
        let ours = u.subst("y", &m);
        assert_eq!(ours.erase(), u.erase().subst("y", &m));
        let ids: Vec<usize> = ours.sites().iter().map(|s| s.id.0).collect();
        assert_eq!(ids, [0, 1]);
    }
}
