//! Warp-synchronous execution (`--warp-sync[=N]`,
//! `docs/warp-sync.md`): GPUVerify's lock-step semantics of a warp (seed `001`).
//!
//! The threads of one warp — same block, same linear thread id
//! `x + y·bdx + z·bdx·bdy` divided by the warp size `N` — execute each
//! statement together, all reads of the statement before all its writes.
//! So two accesses by two threads of one warp are ordered, except two
//! writes by the same statement, which still conflict (the memory keeps
//! one of them).  The race query ([`crate::smt::encode`]) asks, besides
//! the usual conditions, for
//!
//! `warp(t1) ≠ warp(t2) ∨ (both writes ∧ same source statement)`.
//!
//! "Same source statement" is decided on source locations: two accesses
//! with the same span may be the same statement (the accesses of one
//! inlined call share the span of the call, a statement the front end
//! splits keeps its span), so equal spans count as the same statement —
//! the conservative side.  Loop iterations are not told apart either: a
//! statement in a loop is one site whatever the iteration of each thread.
//!
//! The warp of a thread must be a linear term for the query to stay
//! decidable: it is when the block dimensions it needs are known (fixed by
//! `--blockDim`, a header, a launch, or a default of 1).  Otherwise the mode
//! changes nothing and the note says so: never a DRF claim that lock-step
//! execution does not justify.

use crate::kernel::{Kernel, Scope, ThreadModel};
use crate::verdict::CheckOptions;
use mapcheck_ir::threads::{Axis, Builtin};
use semantics::expr::NExp;

/// The warp of a thread in a query: `linear / size`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warp {
    /// The linear thread id within the block, over the thread's identifier
    /// variables (linear: the dimensions it needs are numbers).
    pub linear: NExp,
    /// The warp size (at least 1).
    pub size: u64,
}

/// What `--warp-sync` means for one kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WarpMode {
    /// Not asked for.
    Off,
    /// Two threads of the kernel are never in one warp (they differ by
    /// their block): nothing to assume.
    Vacuous,
    /// Applied with this warp term.
    On(Warp),
    /// Asked for but not applied (why).
    NotApplied(String),
}

/// How `opts.warp_sync` applies to `kernel`.
pub fn mode(kernel: &Kernel, opts: &CheckOptions) -> WarpMode {
    let Some(size) = opts.warp_sync else {
        return WarpMode::Off;
    };
    if size == 0 {
        return WarpMode::NotApplied("a warp size of 0 is meaningless".into());
    }
    match kernel.threads {
        ThreadModel::Theory => WarpMode::On(Warp {
            linear: NExp::var(semantics::TID),
            size,
        }),
        ThreadModel::Cuda(Scope::AcrossBlocks) => WarpMode::Vacuous,
        ThreadModel::Cuda(Scope::Block) => block_warp(kernel, opts, size),
    }
}

/// The warp of a thread of a block: its linear index divided by `size`
/// ([`linear_thread`]).
fn block_warp(kernel: &Kernel, opts: &CheckOptions, size: u64) -> WarpMode {
    match linear_thread(kernel, opts) {
        Ok(linear) => WarpMode::On(Warp { linear, size }),
        Err(why) => WarpMode::NotApplied(format!(
            "{why}; fix the block dimensions (--blockDim) to use the mode"
        )),
    }
}

/// The linear index of a thread in its block, `x + y·bx + z·bx·by`,
/// leaving out the axes of size 1 (their index is 0), so that only the
/// sizes that matter must be known: `Err` (why) when one is not, and the
/// index is then not a linear term.
pub fn linear_thread(kernel: &Kernel, opts: &CheckOptions) -> Result<NExp, String> {
    let dim = |a: Axis| known(kernel, opts, a);
    let (bx, by, bz) = (dim(Axis::X), dim(Axis::Y), dim(Axis::Z));
    let var = |a: Axis| NExp::var(&Builtin::ThreadIdx.var(a));
    let times = |e: NExp, k: u64| NExp::mul(e, NExp::num(k));
    let mut linear = var(Axis::X);
    if by != Some(1) {
        let Some(bx) = bx else {
            return Err(not_linear(Axis::X));
        };
        linear = NExp::add(linear, times(var(Axis::Y), bx));
    }
    if bz != Some(1) {
        let (Some(bx), Some(by)) = (bx, by) else {
            let missing = if bx.is_none() { Axis::X } else { Axis::Y };
            return Err(not_linear(missing));
        };
        linear = NExp::add(linear, times(var(Axis::Z), bx * by));
    }
    Ok(linear)
}

fn not_linear(axis: Axis) -> String {
    format!(
        "{} is not fixed, so the warp of a thread is not a linear term",
        Builtin::BlockDim.var(axis)
    )
}

/// The size of the block along `axis` when known: fixed for this check
/// ([`crate::params::fixed_values`]: `--blockDim`, `--param`, a split on
/// its values) or known to the launch (`Kernel::launch`: a host launch,
/// `__requires`, a default dimension).
fn known(kernel: &Kernel, opts: &CheckOptions, axis: Axis) -> Option<u64> {
    let x = Builtin::BlockDim.var(axis);
    crate::params::fixed_values(kernel, opts)
        .get(&x)
        .copied()
        .or_else(|| kernel.launch.as_ref()?.dim(Builtin::BlockDim, axis).known())
}

/// The note printed with the verdicts of `kernel`, among the launch
/// assumptions (the text report prefixes each with "assuming";
/// `docs/warp-sync.md`); `None` when the mode is off or vacuous.
pub fn note(kernel: &Kernel, opts: &CheckOptions) -> Option<String> {
    let size = opts.warp_sync?;
    match mode(kernel, opts) {
        WarpMode::Off | WarpMode::Vacuous => None,
        WarpMode::On(w) => Some(format!(
            "warp-synchronous execution, warp size {size} (--warp-sync): the threads \
             of a warp (same block, same ({}) / {size}) run in lock-step, each statement's reads \
             before its writes; only two writes by the same statement race within a warp",
            w.linear
        )),
        WarpMode::NotApplied(why) => Some(format!(
            "independent thread scheduling: --warp-sync={size} not applied, {why}"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use mapcheck_ir::launch::{Dim, Extent, Launch, Origin};

    /// A CUDA kernel whose launch knows the block dimensions `known` by
    /// default.
    fn cuda(known: &[(Axis, u64)]) -> Kernel {
        let mut k = Kernel::from_protocol_text("k", "wr[0]").expect("parses");
        k.threads = ThreadModel::Cuda(Scope::Block);
        let mut launch = Launch::default();
        for (a, v) in known {
            *launch.dim_mut(Builtin::BlockDim, *a) = Dim {
                extent: Extent::Known(*v),
                origin: Origin::Default("unused".into()),
            };
        }
        k.launch = Some(launch);
        k
    }

    fn opts(params: &[(&str, u64)]) -> CheckOptions {
        CheckOptions {
            warp_sync: Some(32),
            params: params.iter().map(|(x, v)| (x.to_string(), *v)).collect(),
            ..CheckOptions::default()
        }
    }

    fn linear(m: WarpMode) -> String {
        match m {
            WarpMode::On(w) => w.linear.to_string(),
            other => format!("{other:?}"),
        }
    }

    #[test]
    fn the_linear_id_needs_only_the_sizes_of_the_axes_in_use() {
        let one_d = cuda(&[(Axis::Y, 1), (Axis::Z, 1)]);
        assert_eq!(linear(mode(&one_d, &opts(&[]))), "threadIdx.x");
        let two_d = cuda(&[(Axis::Z, 1)]);
        let fixed = opts(&[("blockDim.x", 8), ("blockDim.y", 4)]);
        assert_eq!(
            linear(mode(&two_d, &fixed)),
            "threadIdx.x + threadIdx.y * 8"
        );
        let three_d = opts(&[("blockDim.x", 8), ("blockDim.y", 4), ("blockDim.z", 2)]);
        assert_eq!(
            linear(mode(&cuda(&[]), &three_d)),
            "threadIdx.x + threadIdx.y * 8 + threadIdx.z * 32"
        );
    }

    #[test]
    fn the_block_size_is_the_launch_s() {
        let mut k = cuda(&[(Axis::Z, 1)]);
        let launch = k.launch.as_mut().expect("a launch");
        for (a, v) in [(Axis::X, 16), (Axis::Y, 2)] {
            *launch.dim_mut(Builtin::BlockDim, a) = Dim {
                extent: Extent::Known(v),
                origin: Origin::Header,
            };
        }
        assert_eq!(
            linear(mode(&k, &opts(&[]))),
            "threadIdx.x + threadIdx.y * 16"
        );
    }

    #[test]
    fn a_symbolic_block_leaves_the_mode_off_and_says_so() {
        let two_d = cuda(&[(Axis::Z, 1)]);
        let m = mode(&two_d, &opts(&[]));
        assert!(
            matches!(&m, WarpMode::NotApplied(why) if why.contains("blockDim.x")),
            "{m:?}"
        );
        let n = note(&two_d, &opts(&[])).expect("a note");
        assert!(n.contains("not applied"), "{n}");
    }

    #[test]
    fn across_blocks_the_mode_is_vacuous_and_off_without_the_flag() {
        let mut k = cuda(&[]);
        k.threads = ThreadModel::Cuda(Scope::AcrossBlocks);
        assert_eq!(mode(&k, &opts(&[])), WarpMode::Vacuous);
        assert_eq!(note(&k, &opts(&[])), None);
        assert_eq!(mode(&k, &CheckOptions::default()), WarpMode::Off);
    }
}
