//! `memcpy`, `memmove` and `memset` with a length the front end knows
//! (`docs/c-model.md`): the elements of each array the bytes cover, as
//! accesses, instead of a call that may touch the whole array.

use super::calls::PRIVATE_POINTER;
use super::*;

/// Where a memory function's bytes go, for one pointer argument.
enum Reach {
    /// Elements `off .. off + count` of a one-dimensional array.
    Elements { arr: Arr, off: Lin, count: u64 },
    /// A thread's own memory, which the protocol does not track.
    Private,
}

impl Infer<'_> {
    /// `memcpy(d, s, n)` and `memmove(d, s, n)` write the elements of `d`
    /// and read those of `s` that the `n` bytes cover (a partly covered
    /// element counts whole); `memset(d, v, n)` writes those of `d`.
    /// Anything else — a length that is not a constant, a pointer into a
    /// multi-dimensional array or of unknown element size — is the call
    /// without a body it was (`opaque_effects`).
    pub(super) fn memory_function(&mut self, callee: &Callee, args: &[E], span: Span) -> Val {
        let values: Vec<Val> = args.iter().map(|a| self.eval(a)).collect();
        let set = callee.name.ends_with("memset");
        let len = match values.get(2) {
            Some(Val::Int(l)) => l.constant().and_then(|c| u64::try_from(c).ok()),
            _ => None,
        };
        let modes: &[Mode] = if set {
            &[Mode::Wr]
        } else {
            &[Mode::Wr, Mode::Rd]
        };
        let reaches: Option<Vec<Reach>> = modes
            .iter()
            .enumerate()
            .map(|(i, _)| {
                let bytes = callee.pointee_bytes.get(i).copied().flatten();
                self.reach(values.get(i)?, bytes, len?)
            })
            .collect();
        let Some(reaches) = reaches else {
            return self.opaque_effects(callee, &values, span);
        };
        for (mode, reach) in modes.iter().zip(reaches) {
            if let Reach::Elements { arr, off, count } = reach {
                self.elements(*mode, &arr, &off, count, span);
            }
        }
        values.into_iter().next().unwrap_or(Val::Int(Lin::int(0)))
    }

    /// What `len` bytes from pointer `v` (to elements of `bytes` bytes)
    /// cover; `None` when it is not known.
    fn reach(&self, v: &Val, bytes: Option<u64>, len: u64) -> Option<Reach> {
        match v {
            Val::Ptr { arr, .. } if !arr.tracked => Some(Reach::Private),
            Val::Bad(why) if why == PRIVATE_POINTER => Some(Reach::Private),
            Val::LocalPtr(_) => Some(Reach::Private),
            Val::Ptr { arr, fixed, off } => {
                let size = bytes.filter(|&s| s > 0)?;
                let element_units = match arr.view {
                    Some((v, _)) => v == size,
                    None => true,
                };
                let one_dimension = fixed.is_empty() && arr.rank == 1 && arr.bytes.is_none();
                (element_units && one_dimension).then(|| Reach::Elements {
                    arr: arr.clone(),
                    off: off.clone(),
                    count: len.div_ceil(size),
                })
            }
            _ => None,
        }
    }

    /// `mode` accesses of elements `off .. off + count` of `arr`: a loop
    /// over a fresh variable when there are several.
    fn elements(&mut self, mode: Mode, arr: &Arr, off: &Lin, count: u64, span: Span) {
        match count {
            0 => {}
            1 => self.access(mode, arr, std::slice::from_ref(off), span),
            _ => {
                let j = self.fresh_name("byte_element");
                self.record_part_loop(&j);
                let index = [off.add(&Lin::var(&j))];
                let access = self.access_with_choices(mode, arr, &index, span);
                self.emit(
                    StmtKind::For {
                        tag: None,
                        var: j,
                        lo: Lin::int(0).to_nexp(),
                        hi: Lin::int(count as i128).to_nexp(),
                        body: vec![Stmt::new(access, span)],
                    },
                    span,
                );
            }
        }
    }
}
