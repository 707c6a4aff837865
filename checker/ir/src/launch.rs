//! The launch configuration of a CUDA kernel: its block and grid
//! dimensions, each known or bounded, with where that came from — the
//! one source of truth for the shape of the launch (ARCHITECTURE.md, "The
//! launch configuration"; `docs/launch-configuration.md`).
//!
//! The CUDA front end fills it in one place (`frontend::cuda`): the
//! header's and the command line's `--blockDim`/`--gridDim`, the launches
//! in the host code, mapcheck's defaults (1 for a dimension the kernel
//! never reads, a grid small enough for `int` indices), CUDA's limits,
//! then the kernel's own `__requires` on a dimension.  The same
//! [`Origin`]s say where each assumption of a kernel comes from
//! (`Kernel::facts`).  The front end's
//! bounds, the protocol's assumptions on the dimensions, the values the
//! SMT encoding writes as numbers and the block size of the warp
//! (`core::warp`) are read from it.

use crate::threads::{Axis, Builtin};
use semantics::surface::Span;
use semantics::Var;
use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;

/// What is known of one dimension (`blockDim.x`, …).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Extent {
    /// Exactly this many threads or blocks.
    Known(u64),
    /// At most this many (a limit of CUDA's or a default of mapcheck's);
    /// the dimension is a symbol of the protocol.
    AtMost(u64),
}

/// Where what is known of a dimension, or an assumption of a kernel
/// ([`crate::kernel::Kernel::facts`]), comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// `--blockDim`/`--gridDim` in the file's header.
    Header,
    /// `--block-dim`/`--grid-dim` on the command line.
    CommandLine,
    /// `--param blockDim.x=…` (header or command line): an ordinary fixed
    /// parameter that happens to name a dimension.
    Param,
    /// Every launch of the kernel in the host code gives this value.
    Launches(Vec<Site>),
    /// The kernel's code at this span: a `__requires(…)` or `__assume(…)`
    /// (a dimension equated to a number comes from one), or what the
    /// inference states about a value computed there (the values a
    /// power-of-two test leaves, a loop entered only with a positive step).
    Code(Span),
    /// The CUDA front end's model of C values, true of every execution or
    /// printed with the verdict (`Kernel::notes`): type ranges, parameters
    /// below 2^31 (unless `--large-params`), reads of one never-written
    /// cell alike.
    Model,
    /// An `assume` of a `.proto` program (or of a BabyCUDA program's
    /// protocol), at this span.
    Protocol(Span),
    /// A default of mapcheck's, and why (printed with the verdict).
    Default(String),
    /// CUDA's guarantees and limits on every device (compute capability ≥
    /// 3.0): at least one thread and block per dimension, indices below
    /// their dimension, `blockDim.x ≤ 1024`, ….
    Cuda,
}

/// Where a launch is in the host code (a `kernel<<<grid, block>>>(…)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Site {
    /// The file, when not the kernel's own.
    pub file: Option<PathBuf>,
    pub span: Span,
}

/// One dimension: what is known of it and where that came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dim {
    pub extent: Extent,
    pub origin: Origin,
}

impl Dim {
    /// A dimension of which only CUDA's limit is known.
    pub fn cuda_limit(limit: u64) -> Dim {
        Dim {
            extent: Extent::AtMost(limit),
            origin: Origin::Cuda,
        }
    }

    /// Its value, when known.
    pub fn known(&self) -> Option<u64> {
        match self.extent {
            Extent::Known(v) => Some(v),
            Extent::AtMost(_) => None,
        }
    }

    /// The largest value it may have.
    pub fn at_most(&self) -> u64 {
        match self.extent {
            Extent::Known(v) | Extent::AtMost(v) => v,
        }
    }
}

/// CUDA's limits on block dimensions (compute capability ≥ 3.0).
pub const BLOCK_LIMITS: [u64; 3] = [1024, 1024, 64];
/// CUDA's limits on grid dimensions (compute capability ≥ 3.0).
pub const GRID_LIMITS: [u64; 3] = [(1 << 31) - 1, 65535, 65535];

/// The block and grid dimensions of a CUDA kernel's launch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Launch {
    /// `blockDim.x`, `.y`, `.z`.
    pub block: [Dim; 3],
    /// `gridDim.x`, `.y`, `.z`.
    pub grid: [Dim; 3],
    /// What the host code gave and how it was read, printed with the
    /// verdict after the defaults: the launches (`the launch at k.cu:9:3:
    /// gridDim = [4, 1, 1], …`), the template instance checked, pointer
    /// parameters that overlap or are assumed distinct.
    pub notes: Vec<String>,
}

impl Default for Launch {
    /// Nothing known but CUDA's limits.
    fn default() -> Launch {
        Launch {
            block: BLOCK_LIMITS.map(Dim::cuda_limit),
            grid: GRID_LIMITS.map(Dim::cuda_limit),
            notes: Vec::new(),
        }
    }
}

impl Launch {
    /// The two extents (`blockDim`, `gridDim`).
    pub const FAMILIES: [Builtin; 2] = [Builtin::BlockDim, Builtin::GridDim];

    /// The dimensions of `family` (`blockDim` or `gridDim`; an index
    /// stands for its extent).
    pub fn family(&self, family: Builtin) -> &[Dim; 3] {
        match family.extent() {
            Builtin::BlockDim => &self.block,
            _ => &self.grid,
        }
    }

    pub fn family_mut(&mut self, family: Builtin) -> &mut [Dim; 3] {
        match family.extent() {
            Builtin::BlockDim => &mut self.block,
            _ => &mut self.grid,
        }
    }

    /// One dimension.
    pub fn dim(&self, family: Builtin, axis: Axis) -> &Dim {
        &self.family(family)[axis as usize]
    }

    pub fn dim_mut(&mut self, family: Builtin, axis: Axis) -> &mut Dim {
        &mut self.family_mut(family)[axis as usize]
    }

    /// Every dimension with its variable, `blockDim.x` to `gridDim.z`.
    pub fn dims(&self) -> impl Iterator<Item = (Var, &Dim)> {
        Self::FAMILIES.into_iter().flat_map(move |f| {
            Axis::ALL
                .into_iter()
                .map(move |a| (f.var(a), self.dim(f, a)))
        })
    }

    /// The dimensions the user fixes with `--blockDim`/`--gridDim` (header
    /// or command line): parameters of fixed value, which the SMT encoding
    /// writes as their values (`docs/launch-configuration.md`).  The other
    /// known dimensions are assumptions of the protocol.
    pub fn fixed_by_flags(&self) -> BTreeMap<Var, u64> {
        self.dims()
            .filter(|(_, d)| matches!(d.origin, Origin::Header | Origin::CommandLine))
            .filter_map(|(x, d)| Some((x, d.known()?)))
            .collect()
    }

    /// The assumptions about the launch the user did not state, printed
    /// with the verdict (the text report prefixes each with "assuming"):
    /// the default dimensions, then the default bounds.
    pub fn defaults(&self) -> Vec<String> {
        let mut out = Vec::new();
        let defaults = || {
            self.dims().filter_map(|(x, d)| match &d.origin {
                Origin::Default(why) => Some((x, &d.extent, why)),
                _ => None,
            })
        };
        for (x, e, why) in defaults() {
            if let Extent::Known(v) = e {
                out.push(format!("{x} = {v} ({why})"));
            }
        }
        for (x, e, why) in defaults() {
            if let Extent::AtMost(n) = e {
                out.push(format!("{x} ≤ {n} ({why})"));
            }
        }
        out
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Header => f.write_str("the file's header"),
            Origin::CommandLine => f.write_str("the command line"),
            Origin::Param => f.write_str("--param"),
            Origin::Launches(sites) => {
                let at: Vec<String> = sites
                    .iter()
                    .map(|s| match &s.file {
                        Some(p) => format!("{}:{}:{}", p.display(), s.span.line, s.span.col),
                        None => format!("{}:{}", s.span.line, s.span.col),
                    })
                    .collect();
                write!(f, "the launches at {}", at.join(", "))
            }
            Origin::Code(s) => write!(f, "the kernel's code at {}:{}", s.line, s.col),
            Origin::Model => f.write_str("the front end's model of C values"),
            Origin::Protocol(s) => write!(f, "the protocol's assume at {}:{}", s.line, s.col),
            Origin::Default(why) => write!(f, "a default ({why})"),
            Origin::Cuda => f.write_str("CUDA's guarantees"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_print_equalities_before_bounds() {
        let mut l = Launch::default();
        *l.dim_mut(Builtin::GridDim, Axis::X) = Dim {
            extent: Extent::AtMost(8),
            origin: Origin::Default("small".into()),
        };
        *l.dim_mut(Builtin::GridDim, Axis::Z) = Dim {
            extent: Extent::Known(1),
            origin: Origin::Default("unused".into()),
        };
        *l.dim_mut(Builtin::BlockDim, Axis::X) = Dim {
            extent: Extent::Known(32),
            origin: Origin::Header,
        };
        assert_eq!(
            l.defaults(),
            vec!["gridDim.z = 1 (unused)", "gridDim.x ≤ 8 (small)"]
        );
        let fixed: Vec<_> = l.fixed_by_flags().into_iter().collect();
        assert_eq!(fixed, vec![("blockDim.x".to_string(), 32)]);
        assert_eq!(l.dim(Builtin::ThreadIdx, Axis::Y).at_most(), 1024);
    }
}
