//! Who the two threads of a race are: the thread model of a kernel, the
//! scope of a CUDA check, and CUDA's built-in variables.
//!
//! The IR names a built-in component as the user writes it (`threadIdx.x`,
//! `blockDim.y`): these are the variables of the protocol.  This module is
//! the one place that spells those names; the checker asks it which
//! variables are thread identifiers and which are block dimensions instead
//! of matching names itself.

use semantics::{NExp, Var};
use std::fmt;

/// An axis of a CUDA dimension.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Axis {
    X,
    Y,
    Z,
}

impl Axis {
    /// The three axes, in CUDA's order.
    pub const ALL: [Axis; 3] = [Axis::X, Axis::Y, Axis::Z];

    /// `x`, `y` or `z`.
    pub fn letter(self) -> &'static str {
        match self {
            Axis::X => "x",
            Axis::Y => "y",
            Axis::Z => "z",
        }
    }
}

/// CUDA's built-in variables of thread identity and launch shape.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Builtin {
    /// `threadIdx`: the thread's index within its block.
    ThreadIdx,
    /// `blockIdx`: the block's index within the grid.
    BlockIdx,
    /// `blockDim`: the block's extent.
    BlockDim,
    /// `gridDim`: the grid's extent.
    GridDim,
}

impl Builtin {
    /// The four built-ins.
    pub const ALL: [Builtin; 4] = [
        Builtin::ThreadIdx,
        Builtin::BlockIdx,
        Builtin::BlockDim,
        Builtin::GridDim,
    ];

    /// The name CUDA gives it.
    pub fn c_name(self) -> &'static str {
        match self {
            Builtin::ThreadIdx => "threadIdx",
            Builtin::BlockIdx => "blockIdx",
            Builtin::BlockDim => "blockDim",
            Builtin::GridDim => "gridDim",
        }
    }

    /// The protocol variable of one component (`threadIdx.x`).
    pub fn var(self, axis: Axis) -> Var {
        format!("{}.{}", self.c_name(), axis.letter())
    }

    /// The three components' variables, in axis order.
    pub fn vars(self) -> [Var; 3] {
        Axis::ALL.map(|a| self.var(a))
    }

    /// The built-in that bounds an index (`blockDim` for `threadIdx`,
    /// `gridDim` for `blockIdx`); an extent bounds itself.
    pub fn extent(self) -> Builtin {
        match self {
            Builtin::ThreadIdx | Builtin::BlockDim => Builtin::BlockDim,
            Builtin::BlockIdx | Builtin::GridDim => Builtin::GridDim,
        }
    }

    /// Which built-in component a protocol variable is, if any.
    pub fn of_var(var: &str) -> Option<(Builtin, Axis)> {
        let (b, a) = var.split_once('.')?;
        let builtin = Builtin::ALL.into_iter().find(|x| x.c_name() == b)?;
        let axis = Axis::ALL.into_iter().find(|x| x.letter() == a)?;
        Some((builtin, axis))
    }
}

impl fmt::Display for Builtin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.c_name())
    }
}

/// Which two threads of a CUDA launch a kernel's race queries compare
/// (`docs/cuda-model.md`): `__syncthreads()` orders the threads of one
/// block only, so each `__global__` function is checked at both scopes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Scope {
    /// Two threads of one block, told apart by `threadIdx`; block barriers
    /// order them; shared and global memory.
    Block,
    /// Two threads of different blocks, told apart by `blockIdx` (their
    /// `threadIdx` are thread-local values); no block barrier orders them;
    /// global memory only.
    AcrossBlocks,
}

impl Scope {
    /// The words appended to a kernel's name in reports (` (across
    /// blocks)`), empty within a block.
    pub fn suffix(self) -> &'static str {
        match self {
            Scope::Block => "",
            Scope::AcrossBlocks => " (across blocks)",
        }
    }
}

/// How the two threads of a race query are identified: a tuple of
/// thread-local variables, each below its bound; two threads are distinct
/// when the tuples differ.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ThreadModel {
    /// The model of the theory (`.proto`, `.bcu`): `tid ∈ 0..T`.
    Theory,
    /// CUDA threads at a scope.
    Cuda(Scope),
}

impl ThreadModel {
    /// The model of the theory: `tid ∈ 0..T`.
    pub fn single_tid() -> ThreadModel {
        ThreadModel::Theory
    }

    /// The identifying variables with their bounds: `[(tid, T)]`,
    /// `threadIdx.{x,y,z}` below `blockDim` within a block, `blockIdx`
    /// below `gridDim` across blocks.
    pub fn ids(&self) -> Vec<(Var, NExp)> {
        let cuda = |b: Builtin| -> Vec<(Var, NExp)> {
            Axis::ALL
                .iter()
                .map(|&a| (b.var(a), NExp::var(&b.extent().var(a))))
                .collect()
        };
        match self {
            ThreadModel::Theory => vec![(
                semantics::TID.to_string(),
                NExp::var(semantics::trace::THREAD_COUNT),
            )],
            ThreadModel::Cuda(Scope::Block) => cuda(Builtin::ThreadIdx),
            ThreadModel::Cuda(Scope::AcrossBlocks) => cuda(Builtin::BlockIdx),
        }
    }

    /// The CUDA scope, if the threads are CUDA's.
    pub fn scope(&self) -> Option<Scope> {
        match self {
            ThreadModel::Theory => None,
            ThreadModel::Cuda(s) => Some(*s),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_names_round_trip() {
        for b in Builtin::ALL {
            for a in Axis::ALL {
                assert_eq!(Builtin::of_var(&b.var(a)), Some((b, a)));
            }
        }
        assert_eq!(Builtin::of_var("threadIdx.w"), None);
        assert_eq!(Builtin::of_var("threadIdx"), None);
        assert_eq!(Builtin::of_var("thread.x"), None);
    }

    #[test]
    fn scopes_identify_threads_by_their_builtins() {
        let names = |m: ThreadModel| -> Vec<String> {
            m.ids()
                .into_iter()
                .map(|(x, b)| format!("{x}<{b}"))
                .collect()
        };
        assert_eq!(
            names(ThreadModel::Cuda(Scope::Block)),
            [
                "threadIdx.x<blockDim.x",
                "threadIdx.y<blockDim.y",
                "threadIdx.z<blockDim.z"
            ]
        );
        assert_eq!(
            names(ThreadModel::Cuda(Scope::AcrossBlocks)),
            [
                "blockIdx.x<gridDim.x",
                "blockIdx.y<gridDim.y",
                "blockIdx.z<gridDim.z"
            ]
        );
        assert_eq!(names(ThreadModel::Theory), ["tid<T"]);
    }
}
