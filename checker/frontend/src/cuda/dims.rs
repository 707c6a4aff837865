//! The launch of a kernel ([`Launch`], ARCHITECTURE.md "The launch
//! configuration"), built in one place: the header's and the command
//! line's dimensions (`options::merge`) and the host code's launches
//! (`launches::configure`) come in as a [`Launch`]; [`configure`] adds
//! mapcheck's defaults (`docs/launch-configuration.md`); the inference's
//! bounds ([`LaunchLimits`]) and the protocol's assumptions on the
//! dimensions ([`assume`]) are derived from it; after the inference,
//! [`complete`] adds what the kernel's own `__requires` and `--param`
//! say of a dimension.

use super::launches;
use crate::LoadOptions;
use mapcheck_ir::kernel::Kernel;
use mapcheck_ir::launch::{Dim, Extent, Launch, Origin, BLOCK_LIMITS, GRID_LIMITS};
use mapcheck_ir::threads::{Axis, Builtin};
use semantics::expr::{BExp, NExp, ROp};
use semantics::surface::{Assumption, Span};
use std::collections::{BTreeMap, BTreeSet};

/// Is `family` (`blockDim`, `gridDim`) fixed whole by the header, the
/// command line or the host code's launches (which agree on all three
/// components)?
pub fn fixes(launch: &Launch, family: Builtin) -> bool {
    launch.family(family).iter().all(|d| {
        d.known().is_some()
            && matches!(
                d.origin,
                Origin::Header | Origin::CommandLine | Origin::Launches(_)
            )
    })
}

/// The launch of a kernel before its inference: `opts.launch` (flags and
/// launches) with mapcheck's defaults — 1 for the dimensions of a family
/// neither fixes nor leaves `unsettled` when the kernel never mentions
/// them (`mentioned`: built-ins it and its callees read), and fewer than
/// 2^31 threads along x, so that global indices such as `blockIdx.x *
/// blockDim.x + threadIdx.x` fit in an `int` (beyond it, such indices
/// overflow in the user's code) — both unless `--all-dims`.
pub fn configure(
    opts: &LoadOptions,
    mentioned: &BTreeSet<String>,
    unsettled: &[Builtin],
) -> Launch {
    let mut launch = opts.launch.clone();
    if opts.all_dims {
        return launch;
    }
    for (family, id) in [
        (Builtin::BlockDim, Builtin::ThreadIdx),
        (Builtin::GridDim, Builtin::BlockIdx),
    ] {
        if fixes(&launch, family) || unsettled.contains(&family) {
            continue;
        }
        for a in Axis::ALL {
            let (dv, iv) = (family.var(a), id.var(a));
            if mentioned.contains(&dv) || mentioned.contains(&iv) {
                continue;
            }
            *launch.dim_mut(family, a) = Dim {
                extent: Extent::Known(1),
                origin: Origin::Default(format!(
                    "the kernel never uses {iv} or {dv}; --all-dims to check every shape"
                )),
            };
        }
    }
    let grid_x = launch.dim(Builtin::GridDim, Axis::X);
    if grid_x.origin == Origin::Cuda {
        // At most 1024 threads per block (CUDA's limit on the product).
        let block: u64 = launch
            .block
            .iter()
            .map(Dim::at_most)
            .product::<u64>()
            .min(1024);
        let n = (((1u64 << 31) - 1) / block).min(GRID_LIMITS[0]);
        *launch.dim_mut(Builtin::GridDim, Axis::X) = Dim {
            extent: Extent::AtMost(n),
            origin: Origin::Default(
                "fewer than 2^31 threads along x, so that `blockIdx.x * blockDim.x + threadIdx.x` fits in an int; --all-dims or --grid-dim to drop".into(),
            ),
        };
    }
    launch
}

/// The largest value of each launch dimension, used by the inference to
/// tell when integer arithmetic cannot wrap (derived from the
/// [`Launch`]), and what else the inference takes from the options and
/// the host code.
pub struct LaunchLimits {
    pub dims: BTreeMap<String, i128>,
    /// The parameters `--param` fixes, and the dimensions the header or
    /// the command line fixes.
    pub params: BTreeMap<String, u64>,
    /// Template and scalar parameters (by key) the launches fix.
    pub constants: BTreeMap<String, i128>,
    /// Pointer parameters the launches pass overlapping pointers.
    pub aliases: BTreeMap<String, launches::Alias>,
    /// Pointer parameters every launch passes null (`true`) or not null.
    pub nullness: BTreeMap<String, (bool, String)>,
    pub large_params: bool,
    /// What the host code states at the launches, as the check may use
    /// it (`host_facts::usable`).
    pub host: Vec<super::host_facts::LaunchFacts>,
}

impl LaunchLimits {
    pub fn new(
        opts: &LoadOptions,
        launch: &Launch,
        launched: &launches::Configured,
    ) -> LaunchLimits {
        let mut params = opts.params.clone();
        params.extend(launch.fixed_by_flags());
        LaunchLimits {
            dims: launch
                .dims()
                .map(|(x, d)| (x, i128::from(d.at_most())))
                .collect(),
            params,
            constants: launched.constants.clone(),
            aliases: launched.aliases.clone(),
            nullness: launched.nullness.clone(),
            large_params: opts.large_params,
            host: Vec::new(),
        }
    }
}

fn fact(cond: BExp) -> Assumption {
    Assumption {
        cond,
        span: Span::default(),
    }
}

fn is_dim_equality(a: &Assumption, var: &str) -> bool {
    matches!(&a.cond, BExp::Rel(ROp::Eq, NExp::Var(x), NExp::Num(_)) if x == var)
}

/// States the launch of kernel `k` as assumptions: the default
/// dimensions, the dimensions of the families the header, the command
/// line or the launches fix (replacing the kernel's `__requires`
/// equalities on them), the default grid size, CUDA's limits on the
/// dimensions that stay symbolic, then the components the launches of an
/// `unsettled` family agree on.  `k.launch` is the launch, [`complete`]d
/// with the kernel's assumptions as they were and the `--param`s.
pub fn assume(
    k: &mut Kernel,
    launch: &Launch,
    unsettled: &[Builtin],
    params: &BTreeMap<String, u64>,
) {
    let mut completed = launch.clone();
    complete(&mut completed, &k.program.assumptions, params);
    let eq = |x: &str, v: u64| fact(BExp::rel(ROp::Eq, NExp::var(x), NExp::num(v)));
    let le = |x: &str, v: u64| fact(BExp::rel(ROp::Le, NExp::var(x), NExp::num(v)));
    for (x, d) in launch.dims() {
        if let (Origin::Default(_), Extent::Known(v)) = (&d.origin, &d.extent) {
            k.assume(eq(&x, *v), d.origin.clone());
        }
    }
    for family in Launch::FAMILIES {
        if !fixes(launch, family) {
            continue;
        }
        for (a, d) in Axis::ALL.into_iter().zip(launch.family(family)) {
            let x = family.var(a);
            k.retract(|a| is_dim_equality(a, &x));
            k.assume(eq(&x, d.known().unwrap_or_default()), d.origin.clone());
        }
    }
    for (x, d) in launch.dims() {
        if let (Origin::Default(_), Extent::AtMost(n)) = (&d.origin, &d.extent) {
            k.assume(le(&x, *n), d.origin.clone());
        }
    }
    // CUDA's own limits on the dimensions (`blockDim.x ≤ 1024`, …), so
    // that the solver knows what the front end used to rule out
    // wrap-around: facts of every CUDA device, not assumptions about the
    // launch (`docs/launch-configuration.md` lists them, the verdict does
    // not repeat them).
    let limits = BLOCK_LIMITS.iter().chain(&GRID_LIMITS);
    for ((x, d), limit) in launch.dims().zip(limits) {
        if d.at_most() == *limit {
            k.assume(le(&x, *limit), Origin::Cuda);
        }
    }
    for family in unsettled {
        for (a, d) in Axis::ALL.into_iter().zip(launch.family(*family)) {
            if let (Origin::Launches(_), Some(v)) = (&d.origin, d.known()) {
                k.assume(eq(&family.var(a), v), d.origin.clone());
            }
        }
    }
    k.launch = Some(completed);
}

/// Adds to `launch` what the inference found and the options fix besides
/// the dimensions: a dimension `--param` fixes, else one the kernel's
/// assumptions (its `__requires`, `inferred`) equal to a number, unless
/// the header, the command line or the launches fix its family (their
/// assumption replaces the kernel's).  Not before the inference's bounds
/// are derived ([`LaunchLimits`]): the inference reads the `__requires`.
fn complete(launch: &mut Launch, inferred: &[Assumption], params: &BTreeMap<String, u64>) {
    for family in Launch::FAMILIES {
        let fixed = fixes(launch, family);
        for a in Axis::ALL {
            let x = family.var(a);
            let given = params.get(&x).map(|v| (*v, Origin::Param));
            let required = || {
                inferred.iter().find_map(|r| match &r.cond {
                    BExp::Rel(ROp::Eq, NExp::Var(y), NExp::Num(n))
                    | BExp::Rel(ROp::Eq, NExp::Num(n), NExp::Var(y))
                        if *y == x =>
                    {
                        Some((u64::try_from(n).ok()?, Origin::Code(r.span)))
                    }
                    _ => None,
                })
            };
            let d = launch.dim_mut(family, a);
            if matches!(d.origin, Origin::Header | Origin::CommandLine) {
                continue;
            }
            let found = given.or_else(|| if fixed { None } else { required() });
            if let Some((v, origin)) = found {
                *d = Dim {
                    extent: Extent::Known(v),
                    origin,
                };
            }
        }
    }
}
