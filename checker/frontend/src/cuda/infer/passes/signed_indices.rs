//! Indices that may be negative: each array dimension where some access
//! subtracts is offset, all its accesses alike, so that two different
//! negative C indices stay distinct ([`Infer::shift_signed_indices`];
//! `proofs-notes/c-integers.md`).  Establishes: every index of the
//! protocol is its C index plus a constant of its dimension.
//!
//! Needs: every access emitted, those of unlocated places included
//! (`unlocated.rs`), so that all the accesses of a dimension are offset.

use super::super::*;
use mapcheck_ir::encoding::IndexShift;

impl Infer<'_> {
    /// Protocol indices are natural numbers and `a - b` stops at 0, but a C
    /// index may be negative (`p[n + i]` with a negative `int n`, `p` into
    /// the middle of a buffer, or a wrapped signed value): two different
    /// negative indices would both become 0 and seem to meet.  So each
    /// array dimension where some access subtracts is offset, all its
    /// accesses alike (which keeps which of them meet), by the largest
    /// constant subtracted there, plus [`INDEX_BASE`] = 2^64 when a
    /// variable is subtracted: `pos - (c + vars)` becomes
    /// `(pos + (C - c) + index_base) - vars`, exact for every index above
    /// −2^64 (each subtracted variable is bounded by its type).
    pub(super) fn shift_signed_indices(&mut self, block: Vec<Stmt>) -> Vec<Stmt> {
        // For each (array, dimension): the largest constant subtracted and
        // whether a variable is.
        let mut shifts: BTreeMap<(String, usize), (Nat, bool)> = BTreeMap::new();
        crate::cuda::rewrite::rewrite_leaves(block.clone(), &mut |s| {
            if let StmtKind::Access {
                array: Some(a),
                index,
                ..
            } = &s.kind
            {
                for (d, e) in index.iter().enumerate() {
                    if let NExp::Bin(NOp::Sub, _, n) = e {
                        let (c, vars) = split_constant(n);
                        let entry = shifts.entry((a.clone(), d)).or_default();
                        entry.0 = entry.0.clone().max(c);
                        entry.1 |= vars.is_some();
                    }
                }
            }
            vec![]
        });
        if shifts.is_empty() {
            return block;
        }
        // Named like no variable of the kernel: a parameter may well be
        // called `index_base`, and it must stay the user's value.
        let base = shifts
            .values()
            .any(|(_, var)| *var)
            .then(|| self.fresh_internal_name(INDEX_BASE));
        if let Some(base) = &base {
            self.assume_index_base(&block, base);
            self.out.encoding.index_base = Some(base.clone());
        }
        // The offsets are the encoding's, not the user's: a report
        // subtracts them (`Encoding::shifts`), and says nothing of them.
        for ((array, dim), (max, var)) in &shifts {
            let base = if *var {
                index_base_value()
            } else {
                Nat::from(0u8)
            };
            self.out.encoding.shifts.push(IndexShift {
                array: array.clone(),
                dim: *dim,
                offset: max.clone() + base,
            });
        }
        crate::cuda::rewrite::rewrite_leaves(block, &mut |mut s| {
            if let StmtKind::Access {
                array: Some(a),
                index,
                ..
            } = &mut s.kind
            {
                for (d, e) in index.iter_mut().enumerate() {
                    if let Some((max, var)) = shifts.get(&(a.clone(), d)) {
                        let base = base.as_deref().filter(|_| *var);
                        *e = offset_index(std::mem::replace(e, NExp::num(0)), max, base);
                    }
                }
            }
            vec![s]
        })
    }

    /// `base == 2^64`, and each part of a signed value of `block` at most
    /// the magnitude its type allows.
    fn assume_index_base(&mut self, block: &[Stmt], base: &str) {
        let free = semantics::surface::Program {
            body: block.to_vec(),
            ..Default::default()
        }
        .free_vars();
        for (neg, max) in &self.values.signed_parts {
            if free.contains(neg) {
                self.out.assumptions.push(Assumption {
                    cond: BExp::rel(ROp::Le, NExp::var(neg), NExp::Num((*max as u128).into())),
                    span: Span::default(),
                });
            }
        }
        self.out.assumptions.push(Assumption {
            cond: BExp::rel(ROp::Eq, NExp::var(base), NExp::Num(index_base_value())),
            span: Span::default(),
        });
    }
}

/// The name of the parameter that offsets the indices of an array
/// dimension that may be negative (see [`Infer::shift_signed_indices`]),
/// or the base of a fresh one when a variable of the kernel has it.
pub const INDEX_BASE: &str = "index_base";

/// Its value, 2^64: no C index is below −2^63.
fn index_base_value() -> Nat {
    Nat::from(1u8) << 64usize
}

/// A subtrahend as its constant part and the sum of its other terms.
fn split_constant(e: &NExp) -> (Nat, Option<NExp>) {
    match e {
        NExp::Num(c) => (c.clone(), None),
        NExp::Bin(NOp::Add, a, b) => {
            let (ca, va) = split_constant(a);
            let (cb, vb) = split_constant(b);
            let vars = match (va, vb) {
                (Some(x), Some(y)) => Some(crate::cuda::lin::add(x, y)),
                (x, y) => x.or(y),
            };
            (ca + cb, vars)
        }
        other => (Nat::from(0u8), Some(other.clone())),
    }
}

/// An index of a dimension offset by `max` (plus the variable `base`, the
/// 2^64 of [`INDEX_BASE`], when a variable is subtracted there): see
/// [`Infer::shift_signed_indices`].
fn offset_index(e: NExp, max: &Nat, base: Option<&str>) -> NExp {
    let add = crate::cuda::lin::add;
    let (pos, c, vars) = match e {
        NExp::Bin(NOp::Sub, p, n) => {
            let (c, vars) = split_constant(&n);
            (*p, c, vars)
        }
        other => (other, Nat::from(0u8), None),
    };
    let mut shifted = add(pos, NExp::Num(max.clone() - c));
    if let Some(base) = base {
        shifted = add(shifted, NExp::var(base));
    }
    match vars {
        Some(v) => NExp::sub(shifted, v),
        None => shifted,
    }
}
