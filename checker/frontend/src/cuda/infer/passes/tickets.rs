//! Tickets: the values `atomicAdd` returns from one counter are distinct.
//!
//! `int j = atomicAdd(&count, 1); out[j] = x;` — stream compaction, work
//! queues — is race-free because no two threads ever get the same `j`:
//! each `atomicAdd(p, c)` with `c ≥ 1` moves the counter up, so the old
//! values it returns, over every thread and every call, are distinct.
//! That holds when every change of the counter is such an add:
//!
//! * the counter is one cell, the same for every thread (a constant index
//!   of a global array — a `__shared__` counter is one per block, and two
//!   blocks get the same tickets);
//! * every atomic on its array is an `atomicAdd` of a constant from 1 to
//!   2^16 (after its conversion to the counter's type: `(unsigned)-1`
//!   takes 1 away) at that index, and no plain write of the array exists
//!   (nor an access at an unknown index, which is a write);
//! * the counter's element is not a struct named by a field (`&q->head`
//!   and `&q->tail` are one cell of the protocol but two counters);
//! * the counter grows by less than 2^32 in one launch (else it wraps
//!   around and repeats a value): it is incremented fewer than 2^32 / S
//!   times, S the largest step — an assumption, printed with the verdict.
//!
//! Each result is then a thread-local unknown of the protocol, and for
//! every two of them `a`, `b` (`a` = `b` included) the kernel gets the
//! relational assumption `a != b@other` (`Kernel::relational`), which the
//! checker asserts for both orders of the two threads of a race query.

use super::*;

/// An `atomic…` call on a tracked array, as the ticket rule sees it.
pub(in crate::cuda::infer) struct AtomicUse {
    array: String,
    index: Vec<Lin>,
    /// The result (a typed unknown: one variable, or a signed value's two
    /// parts), when the call is a ticket: `atomicAdd` of a constant `≥ 1`
    /// at a constant index.
    ticket: Option<Lin>,
    /// The constant added, when the call is a ticket.
    step: i128,
}

/// The largest step of a ticket: a counter that `atomicAdd`s of at most
/// this much move grows by less than 2^32 when it is incremented fewer
/// than 2^32 / `MAX_STEP` = 65,536 times (the assumption printed).
const MAX_STEP: i128 = 1 << 16;

impl Infer<'_> {
    /// Records an atomic `name(args…)` on `array[index]` whose result is
    /// `old` and whose value operands evaluated to `values`.
    pub(in crate::cuda::infer) fn note_atomic(
        &mut self,
        name: &str,
        (array, index): (&str, &[Lin]),
        values: &[Val],
        old: &Val,
    ) {
        let step = match values.first() {
            Some(Val::Int(l)) => l.constant(),
            _ => None,
        };
        let constant_cell = index.iter().all(|l| l.constant().is_some());
        // A step is the value after its conversion to the counter's type:
        // `atomicAdd(c, (unsigned)-1)` adds 2^32 - 1, which takes 1 away,
        // and a large step wraps around after a few adds
        // (`0x80000000u` twice is 0 again).  Only small steps keep the
        // values apart, under the assumption printed with the verdict.
        let small = step.filter(|s| (1..=MAX_STEP).contains(s));
        let ticket = match old {
            Val::Int(l) if name == "atomicAdd" && small.is_some() && constant_cell => {
                Some(l.clone())
            }
            _ => None,
        };
        self.follow.atomic_uses.push(AtomicUse {
            array: array.to_string(),
            index: index.to_vec(),
            ticket,
            step: small.unwrap_or(0),
        });
    }

    /// States `a != b@other` for every two tickets of every counter that
    /// qualifies (see the module comment).
    pub(super) fn assume_distinct_tickets(&mut self) {
        let arrays: BTreeSet<String> = self
            .follow
            .atomic_uses
            .iter()
            .map(|u| u.array.clone())
            .collect();
        for array in arrays {
            let uses: Vec<&AtomicUse> = self
                .follow
                .atomic_uses
                .iter()
                .filter(|u| u.array == array)
                .collect();
            let index = &uses[0].index;
            let all_tickets = uses.iter().all(|u| u.ticket.is_some() && u.index == *index);
            // A plain write of the counter, or of a record holding it.
            let written = super::uniform_reads::accesses_in(&self.out.body, &array, &[Mode::Wr]);
            // Two fields of one element are one cell of the protocol but
            // two counters (`&q->head`, `&q->tail`): their tickets repeat.
            let fields = self.memory.record_arrays.contains(&array);
            if !all_tickets || self.memory.shared.contains(&array) || written || fields {
                continue;
            }
            let values: Vec<Lin> = uses.iter().filter_map(|u| u.ticket.clone()).collect();
            for a in &values {
                for b in &values {
                    let cond =
                        BExp::not(a.compare(ROp::Eq, &super::super::cells::rename(b, other)));
                    self.out.relational.push(Assumption {
                        cond,
                        span: Span::default(),
                    });
                }
            }
            // The values are distinct while the counter grows by less than
            // 2^32 in total (the smallest counters are 32-bit).
            let largest = uses.iter().map(|u| u.step).max().unwrap_or(1);
            let times = if largest == 1 {
                "2^32".to_string()
            } else {
                format!("2^32 / {largest} = {}", (1i128 << 32) / largest)
            };
            self.out.notes.push(format!(
                "the counter `{array}` is incremented fewer than {times} times, so the values \
                 `atomicAdd` returns from it are distinct"
            ));
        }
    }
}
