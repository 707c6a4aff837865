//! Cells of memory the kernel never writes hold one value for the whole
//! run: two reads of such a cell by one thread give the same value
//! (`docs/fail-closed.md`, "Specifications": the data facts `__requires` states about arrays, e.g.
//! `__requires(__implies(tid < n, perm[tid] == tid))` before
//! `out[perm[i]] = …` with `i == tid`).
//!
//! A read gives a fresh unknown of the element's type ([`Infer::read_place`]).  When
//! the kernel is done, the reads of one array at one index are grouped; if
//! no thread writes the array anywhere (plain write or atomic, including
//! the accesses of unlocated places, which reach every array), each later
//! read of a group is stated equal to the first by an assumption of the
//! kernel about each thread's own unknowns (`rd_2 = rd_1`; the checker
//! asserts it for each thread of a query).
//!
//! Only reads of whole elements (not of a field: the protocol makes all
//! fields of an element one cell) at indices over whole-run constants take
//! part: thread and block
//! identifiers, dimensions, parameters and values made from them alone
//! (no loop variable, no other unknown), so that the index names one cell
//! in every iteration.  Reads through reinterpreted views or byte-modelled
//! memory do not take part.
//!
//! In a specification, `__other_int(e)` is `e` with every variable `x`
//! renamed `x@other` (the other thread's, `Kernel::relational`), and a
//! read at such an index is the other thread's read of the cell its own
//! index names: `a[__other_int(tid)]` is `rd@other` where `rd` is a read
//! of `a[tid]`, tied to the thread's other reads of that cell as above.  So GPUVerify's two-thread requirements
//! (`__requires(__implies(tid < __other_int(tid), scan[tid] <
//! scan[__other_int(tid)]))`) reach the values the kernel reads.
//!
//! Soundness: a cell no thread writes holds its initial value throughout
//! (parameters are distinct arrays, as everywhere in mapcheck), so a thread
//! reads the same value every time it reads it.

use super::passes::CellRead;
use super::*;

impl Infer<'_> {
    /// Remembers a read of `arr[index]` whose value is `value`, when the
    /// index names one cell for the whole run; `field`: the read is of a
    /// field of the element.
    pub(super) fn record_cell_read(&mut self, arr: &Arr, index: &[Lin], value: &Lin, field: bool) {
        // A field is not the whole cell (`p[i].lo`, `p[i].hi` are one
        // cell of the protocol but two values).
        if !arr.tracked || arr.view.is_some() || arr.bytes.is_some() || field {
            return;
        }
        let constant = index
            .iter()
            .flat_map(lin_vars)
            .all(|x| self.whole_run_constant(&x));
        if !constant {
            return;
        }
        let index: Vec<String> = index.iter().map(|l| l.to_nexp().to_string()).collect();
        self.follow.cell_reads.push(CellRead {
            array: arr.name.clone(),
            index: index.join(", "),
            value: value.clone(),
        });
    }

    /// Is `x` the same for a thread throughout the run (an identifier, or
    /// a value invariant for all threads)?
    fn whole_run_constant(&self, x: &str) -> bool {
        x.starts_with("threadIdx.") || x.starts_with("blockIdx.") || self.invariant_var(x)
    }

    /// `__other_int(e)` in a specification: `e` with every variable the
    /// other thread's.
    pub(super) fn other_thread_value(&mut self, e: &E, span: Span) -> Val {
        match self.eval(e) {
            Val::Int(l) => Val::Int(rename(&l, other)),
            _ => self.other("`__other_int` of a value that is not an integer", span),
        }
    }

    /// A read at an index naming the other thread's values, in a
    /// specification: the other thread's copy of a read of the cell the
    /// same index names for this thread.  `None` when the index names no
    /// other thread's value, or mixes in values of this thread's own.
    /// `field`: the read is of a field of the element.
    pub(super) fn other_thread_read(
        &mut self,
        arr: &Arr,
        index: &[Lin],
        field: bool,
        span: Span,
    ) -> Option<Val> {
        let vars: BTreeSet<String> = index.iter().flat_map(lin_vars).collect();
        if !self.eval.spec || !vars.iter().any(|x| x.ends_with(OTHER_SUFFIX)) {
            return None;
        }
        // Every other variable must be the same in both threads.
        if !vars
            .iter()
            .all(|x| x.ends_with(OTHER_SUFFIX) || self.invariant_var(x))
        {
            return None;
        }
        let own: Vec<Lin> = index
            .iter()
            .map(|l| rename(l, |x| x.strip_suffix(OTHER_SUFFIX).unwrap_or(x).to_string()))
            .collect();
        let cause = UnknownCause::ArrayRead {
            array: arr.name.clone(),
        };
        let ty = self.current_type();
        let Val::Int(value) = self.typed_unknown(&format!("rd_{}", arr.name), cause, span, ty)
        else {
            return None;
        };
        self.record_cell_read(arr, &own, &value, field);
        Some(Val::Int(rename(&value, other)))
    }
}

/// `l` with each variable `x` renamed `f(x)`.
pub(super) fn rename(l: &Lin, f: impl Fn(&str) -> String) -> Lin {
    let mut out = l.clone();
    for x in lin_vars(l) {
        let to = NExp::var(&f(&x));
        out = Lin {
            pos: out.pos.subst(&x, &to),
            neg: out.neg.subst(&x, &to),
        };
    }
    out
}
